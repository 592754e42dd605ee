package integration

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/idkeys/id"
	"github.com/idkeys/id/adapters/idotel"
	"github.com/idkeys/id/compact"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"
	"go.opentelemetry.io/otel/trace"
)

// TestWalk follows one error log line to its trace and its row, as
// docs/tracing.md ("From one log line to everything") shows: the real
// `id` tool greps a slog JSON log, the spans of the otel SDK's in-memory
// exporter written as JSON (the form stdouttrace prints) and a pg_dump of
// a throwaway PostgreSQL database, whose orders table keys a compact.ID
// in a uuid column; `idkeys inspect` gives the hex for a trace backend's
// search box; WHERE id = $1 with a compact.ID finds the row.
func TestWalk(t *testing.T) {
	dsn := server(t, "ID_TEST_POSTGRES_DSN", "PostgreSQL")
	pgDump, err := exec.LookPath("pg_dump")
	if err != nil {
		noServer(t, "no pg_dump: "+err.Error(), "PostgreSQL")
	}
	dir := t.TempDir()
	tool := filepath.Join(dir, "id")
	run(t, exec.Command("go", "build", "-o", tool, "github.com/idkeys/id/cmd/idkeys"))
	ctx := context.Background()

	// A throwaway database of its own, for pg_dump to dump whole.
	admin, err := sql.Open("pgx", dsn)
	must(t, err)
	t.Cleanup(func() { admin.Close() })
	ping(t, "PostgreSQL", admin.PingContext)
	dbName := fmt.Sprintf("idwalk_%d", os.Getpid())
	_, err = admin.ExecContext(ctx, "CREATE DATABASE "+dbName)
	must(t, err)
	t.Cleanup(func() {
		if _, err := admin.ExecContext(context.Background(), "DROP DATABASE "+dbName+" WITH (FORCE)"); err != nil {
			t.Errorf("dropping %s: %v", dbName, err)
		}
	})
	walkDSN := dsn + " dbname=" + dbName
	db, err := sql.Open("pgx", walkDSN)
	must(t, err)
	t.Cleanup(func() { db.Close() })
	_, err = db.ExecContext(ctx, `CREATE TABLE orders (
		id uuid NOT NULL PRIMARY KEY CHECK (id <> '00000000-0000-0000-0000-000000000000'),
		total bigint NOT NULL)`)
	must(t, err)

	// The service: one traced request that writes an order and logs an
	// error with the order's id and the trace's.
	exp := tracetest.NewInMemoryExporter()
	tp := sdktrace.NewTracerProvider(sdktrace.WithIDGenerator(idotel.IDGenerator{}), sdktrace.WithSyncer(exp))
	t.Cleanup(func() { tp.Shutdown(context.Background()) })
	logFile := filepath.Join(dir, "app.log")
	lf, err := os.Create(logFile)
	must(t, err)
	log := slog.New(slog.NewJSONHandler(lf, nil))
	order := compact.New()
	reqCtx, span := tp.Tracer("shop").Start(ctx, "POST /orders")
	traceID, err := idotel.FromSpanContext(trace.SpanContextFromContext(reqCtx))
	must(t, err)
	log.InfoContext(reqCtx, "request started", "trace", traceID)
	_, err = db.ExecContext(reqCtx, "INSERT INTO orders (id, total) VALUES ($1, $2)", order, 4200)
	must(t, err)
	log.ErrorContext(reqCtx, "payment failed", "order", order, "trace", traceID)
	log.InfoContext(ctx, "unrelated", "order", compact.New(), "trace", id.New())
	span.End()
	must(t, lf.Close())

	spansFile := filepath.Join(dir, "spans.json")
	var spans strings.Builder
	for _, s := range exp.GetSpans() {
		b, err := json.Marshal(s)
		must(t, err)
		spans.Write(append(b, '\n'))
	}
	must(t, os.WriteFile(spansFile, []byte(spans.String()), 0o600))
	dumpFile := filepath.Join(dir, "dump.sql")
	run(t, exec.Command(pgDump, "--dbname="+walkDSN, "--no-owner", "--file="+dumpFile))

	logText, err := os.ReadFile(logFile)
	must(t, err)
	logLines := strings.SplitAfter(string(logText), "\n")
	hex := idotel.TraceID(traceID).String()
	orderUUID := spellUUID(order.ID)

	// 1. One grep of the two ids from the error line finds them in every
	// spelling: the log's 26 characters, the span's hex, the dump's UUID.
	got := run(t, exec.Command(tool, "grep", "-e", order.String(), "-e", traceID.String(), logFile, spansFile, dumpFile))
	want := logFile + ":" + logLines[0] + logFile + ":" + logLines[1] +
		spansFile + ":" + spans.String() +
		dumpFile + ":" + orderUUID + "\t4200\n"
	if got != want {
		t.Fatalf("idkeys grep printed:\n%s\nwant:\n%s", got, want)
	}
	if !strings.Contains(spans.String(), `"TraceID":"`+hex+`"`) {
		t.Fatalf("the exported span has no \"TraceID\":%q: %s", hex, spans.String())
	}
	if got := run(t, exec.Command(tool, "grep", "-c", orderUUID, dumpFile)); got != "1\n" {
		t.Errorf("idkeys grep -c of the UUID spelling in the dump printed %q, want 1", got)
	}

	// 2. idkeys inspect: the 32 hex digits for the trace backend's search box.
	fields := strings.Split(strings.TrimSuffix(run(t, exec.Command(tool, "inspect", traceID.String())), "\n"), "\t")
	if len(fields) != 5 || fields[3] != hex {
		t.Fatalf("idkeys inspect %s printed %q, want the hex %s fourth", traceID, fields, hex)
	}

	// 3. The row: the id from the log line, parsed into a compact.ID.
	fromLog, err := id.ParseAs[compact.ID](order.String())
	must(t, err)
	var total int64
	must(t, db.QueryRowContext(ctx, "SELECT total FROM orders WHERE id = $1", fromLog).Scan(&total))
	if total != 4200 {
		t.Fatalf("the order's total is %d, want 4200", total)
	}
}

// spellUUID is v's 16 bytes as UUID text, as psql and pg_dump print them.
func spellUUID(v id.ID) string {
	b := v.As16()
	h := fmt.Sprintf("%x", b[:])
	return h[:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:]
}

package integration

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
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
	"go.opentelemetry.io/otel/attribute"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"
	"go.opentelemetry.io/otel/trace"
)

// TestWalk follows one error log line to its trace and its row, as
// docs/tracing.md ("From one log line to everything") shows: the real
// idkeys tool greps a slog JSON log, the spans of the otel SDK's in-memory
// exporter written as JSON (the form stdouttrace prints) and a pg_dump of
// a throwaway PostgreSQL database, whose orders table keys a compact.ID
// in a uuid column and whose customers table keys text ids; the span
// carries the order's id as the attribute shop.order.id ("Ids on spans"),
// so a grep of the order id alone finds it; `idkeys inspect` gives the
// hex for a trace backend's search box; WHERE id = $1 with a compact.ID
// finds the row. Then idkeys check, as docs/idkeys.md shows: the whole
// dump is refused at line 1 with exit status 2, and each key column
// alone, from psql or cut out of the dump's COPY block, checks.
func TestWalk(t *testing.T) {
	dsn := server(t, "ID_TEST_POSTGRES_DSN", "PostgreSQL")
	pgDump, err := exec.LookPath("pg_dump")
	if err != nil {
		noServer(t, "no pg_dump: "+err.Error(), "PostgreSQL")
	}
	dir := t.TempDir()
	tool := filepath.Join(dir, "idkeys")
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
	// Text keys, one of them uppercase: written by raw SQL around
	// package id, which Scan and idkeys check -stored refuse (KEYS-4).
	customer := id.New()
	_, err = db.ExecContext(ctx, `CREATE TABLE customers (id text COLLATE "C" NOT NULL PRIMARY KEY, name text NOT NULL)`)
	must(t, err)
	_, err = db.ExecContext(ctx, `INSERT INTO customers (id, name) VALUES ($1, 'Ada'), (upper($2), 'Grace')`, customer, id.New())
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
	span.SetAttributes(attribute.Stringer("shop.order.id", order))
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

	// The span alone, by the order's id: its attribute.
	if got := run(t, exec.Command(tool, "grep", order.String(), spansFile)); got != spans.String() {
		t.Errorf("idkeys grep of the order id in the spans printed %q, want the span %q", got, spans.String())
	}
	if !strings.Contains(spans.String(), `{"Key":"shop.order.id","Value":{"Type":"STRING","Value":"`+order.String()+`"}}`) {
		t.Errorf("the exported span has no shop.order.id attribute of %s: %s", order, spans.String())
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

	// 4. idkeys check on the dump: text, not one id per line, so it stops
	// at line 1 with exit status 2 and says what to run instead.
	stdout, stderr, code := runStatus(t, exec.Command(tool, "check", "-stored"), dumpFile)
	wantErr := "idkeys check: line 1 is text, not one id (it begins with \"--\"): \"--\"\n" +
		"idkeys check reads one id per line, such as one column of a table:\n" +
		"  psql -XAt -c 'SELECT id FROM users' | idkeys check -stored\n" +
		"A uuid column of compact.ID keys: idkeys check -compact\n" +
		"To find ids in any text (a pg_dump, a CSV, a log): idkeys grep ID FILE...\n"
	if stdout != "" || stderr != wantErr || code != 2 {
		t.Errorf("idkeys check -stored < dump.sql: exit status %d, stdout %q, stderr:\n%s\nwant 2 and:\n%s", code, stdout, stderr, wantErr)
	}
	// Each key column alone, cut out of the dump's COPY block with awk
	// (docs/idkeys.md), and from psql, as the message says.
	column := func(table string) string {
		path := filepath.Join(dir, table+".ids")
		out := run(t, exec.Command("awk", "-F", "\t", `$0 == "\\." { c = 0 } c { print $1 } /^COPY public\.`+table+` / { c = 1 }`, dumpFile))
		must(t, os.WriteFile(path, []byte(out), 0o600))
		return path
	}
	if _, stderr, code := runStatus(t, exec.Command(tool, "check", "-compact"), column("orders")); code != 0 {
		t.Errorf("idkeys check -compact of the orders column cut out of the dump: exit status %d, stderr:\n%s", code, stderr)
	}
	_, stderr, code = runStatus(t, exec.Command(tool, "check", "-stored"), column("customers"))
	if code != 1 || !strings.HasPrefix(stderr, "line 2: ") || !strings.HasSuffix(stderr, "\nidkeys check: 1 of 2 lines invalid\n") {
		t.Errorf("idkeys check -stored of the customers column (line 2 uppercase): exit status %d, stderr:\n%s\nwant 1, line 2 reported", code, stderr)
	}
	if psql, err := exec.LookPath("psql"); err == nil {
		ids := filepath.Join(dir, "customers-psql.ids")
		out := run(t, exec.Command(psql, "-XAt", "-d", walkDSN, "-c", "SELECT id FROM customers WHERE name = 'Ada'"))
		must(t, os.WriteFile(ids, []byte(out), 0o600))
		if out != customer.String()+"\n" {
			t.Errorf("psql -XAt printed %q, want %q", out, customer.String()+"\n")
		}
		if _, stderr, code := runStatus(t, exec.Command(tool, "check", "-stored"), ids); code != 0 {
			t.Errorf("psql -XAt ... | idkeys check -stored: exit status %d, stderr:\n%s", code, stderr)
		}
	}
}

// runStatus runs c with the file stdin as its standard input and returns
// its standard output, standard error and exit status, failing t if it
// could not run.
func runStatus(t *testing.T, c *exec.Cmd, stdin string) (stdout, stderr string, code int) {
	t.Helper()
	f, err := os.Open(stdin)
	must(t, err)
	defer f.Close()
	var out, errb strings.Builder
	c.Stdin, c.Stdout, c.Stderr = f, &out, &errb
	if err := c.Run(); err != nil {
		var exit *exec.ExitError
		if !errors.As(err, &exit) {
			t.Fatalf("%s: %v", strings.Join(c.Args, " "), err)
		}
		code = exit.ExitCode()
	}
	return out.String(), errb.String(), code
}

// spellUUID is v's 16 bytes as UUID text, as psql and pg_dump print them.
func spellUUID(v id.ID) string {
	b := v.As16()
	h := fmt.Sprintf("%x", b[:])
	return h[:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:]
}

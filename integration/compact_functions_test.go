package integration

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-sql-driver/mysql"
	"github.com/idkeys/id"
	"github.com/idkeys/id/compact"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// The ULID spec's example, as text and as the hex of its 16 bytes.
const (
	exampleID  = "01arz3ndektsv4rrffq69g5fav"
	exampleHex = "01563e3ab5d3d6764c61efb99302bd5b"
)

// functionInputs returns texts for the SQL functions' agreement with
// id.Parse: valid ids (in lowercase, uppercase and mixed case) and every
// kind of text Parse refuses, among them each valid id with one
// character replaced by each printable ASCII character.
func functionInputs(ids []id.ID) []string {
	in := []string{
		"", "0", exampleID[:25], exampleID + "0", " " + exampleID[1:], exampleID[:25] + "\n",
		"00000000000000000000000000", "80000000000000000000000000", "80000000000000000000000001", "8" + exampleID[1:], "zzzzzzzzzzzzzzzzzzzzzzzzzz",
		"01arz3ndektsv4rrffq69g5fai", "01arz3ndektsv4rrffq69g5fal", "01arz3ndektsv4rrffq69g5fao", "01arz3ndektsv4rrffq69g5fau",
		"01arz3ndektsv4rrffq69g5fa-", "01arz3ndektsv4rrffq69g5f\u00e9", "0bcdefghjkmnpqrstvwxyz0\u212a", // é; the Kelvin sign lowers to k
		"01563e3a-b5d3-d676-4c61-efb99302bd5b",
	}
	for _, v := range ids {
		s := v.String()
		//idvet:allow TRUNC the test mixes the case of the two halves of an id
		in = append(in, s, strings.ToUpper(s), strings.ToUpper(s[:13])+s[13:])
	}
	s := []byte(ids[len(ids)-1].String())
	for c := byte(' '); c <= '~'; c++ {
		m := bytes.Clone(s)
		m[int(c)%26] = c
		in = append(in, string(m))
	}
	return in
}

// functionIDs are the ids the SQL functions are checked on.
func functionIDs() []id.ID { return compactIDs(400) }

// TestPostgresCompactFunctions: C10 on PostgreSQL. sql/postgres.sql,
// loaded with psql, gives id_to_uuid and uuid_to_id, which agree with Go
// on every id both ways and refuse what id.Parse refuses; psql finds a row
// by an id's text.
func TestPostgresCompactFunctions(t *testing.T) {
	dsn := server(t, "ID_TEST_POSTGRES_DSN", "PostgreSQL")
	conn, err := sql.Open("pgx", dsn)
	must(t, err)
	t.Cleanup(func() { conn.Close() })
	ping(t, "PostgreSQL", conn.PingContext)
	d := sqlDB{conn}
	ctx := context.Background()

	file := filepath.Join("..", "sql", "postgres.sql")
	psql, err := exec.LookPath("psql")
	if err != nil {
		t.Logf("no psql (%v): loading %s through the driver", err, file)
		src, err := os.ReadFile(file)
		must(t, err)
		// The simple protocol runs a file of several statements.
		must(t, d.Exec(ctx, string(src), pgx.QueryExecModeSimpleProtocol))
	} else {
		run(t, exec.Command(psql, dsn, "-X", "-q", "-v", "ON_ERROR_STOP=1", "-f", file))
	}

	tb := newTable(t, d, "cf", "CREATE TABLE %s (k uuid NOT NULL PRIMARY KEY, t TEXT NOT NULL)")
	ids := functionIDs()
	insertCompact(t, d, postgresCompact, tb, ids)
	// Go's bytes and text, converted by SQL both ways, on every row.
	q := "SELECT count(*) FROM " + tb + " WHERE id_to_uuid(t) = k AND uuid_to_id(k) = t AND id_to_uuid(upper(t)) = k"
	if n := count(t, d, q); n != len(ids) {
		t.Fatalf("%d of %d rows agree with id_to_uuid and uuid_to_id", n, len(ids))
	}

	for _, s := range functionInputs(ids[:100]) {
		want, perr := id.Parse(s)
		var k compact.ID
		err := d.QueryRow(ctx, "SELECT id_to_uuid($1)", s).Scan(&k)
		checkFunction(t, "id_to_uuid", s, want, perr, k.ID, err, func(err error) bool {
			var pe *pgconn.PgError
			return errors.As(err, &pe) && pe.Code == "22P02" && strings.HasPrefix(pe.Message, "id: invalid id")
		})
		if perr == nil {
			var back id.ID
			must(t, d.QueryRow(ctx, "SELECT uuid_to_id($1)", compact.ID{ID: want}).Scan(&back))
			if back != want {
				t.Fatalf("uuid_to_id(%v) = %v", want, back)
			}
		}
	}
	var s string
	err = d.QueryRow(ctx, "SELECT uuid_to_id('00000000-0000-0000-0000-000000000000')").Scan(&s)
	var pe *pgconn.PgError
	const nilMsg = "id: invalid id '00000000-0000-0000-0000-000000000000' (the nil UUID): 16 zero bytes are the zero id, which names nothing"
	const nilHint = "find the row with WHERE k = '00000000-0000-0000-0000-000000000000'; keep it out with CHECK (k <> '00000000-0000-0000-0000-000000000000') (docs/compact.md)"
	if !errors.As(err, &pe) || pe.Code != "22P02" || pe.Message != nilMsg || pe.Hint != nilHint {
		t.Fatalf("uuid_to_id of the nil UUID: %v, want 22P02 %q", err, nilMsg)
	}
	// One nil UUID in a column without the CHECK fails a query over the
	// whole table, and the error names the value.
	noCheck := newTable(t, d, "nc", "CREATE TABLE %s (k uuid NOT NULL PRIMARY KEY)")
	must(t, d.Exec(ctx, "INSERT INTO "+noCheck+" VALUES ($1), ('00000000-0000-0000-0000-000000000000')", compact.ID{ID: ids[0]}))
	err = d.QueryRow(ctx, "SELECT string_agg(uuid_to_id(k), ',') FROM "+noCheck).Scan(&s)
	if !errors.As(err, &pe) || pe.Message != nilMsg {
		t.Fatalf("uuid_to_id over a table holding the nil UUID: %v, want %q", err, nilMsg)
	}
	// docs/compact.md's CHECK keeps the nil UUID out of a uuid column.
	checked := newTable(t, d, "ck", "CREATE TABLE %s (k uuid NOT NULL PRIMARY KEY CHECK (k <> '00000000-0000-0000-0000-000000000000'))")
	must(t, d.Exec(ctx, "INSERT INTO "+checked+" VALUES ($1)", compact.ID{ID: ids[0]}))
	err = d.Exec(ctx, "INSERT INTO "+checked+" VALUES ('00000000-0000-0000-0000-000000000000')")
	if !errors.As(err, &pe) || pe.Code != "23514" {
		t.Fatalf("inserting the nil UUID under the CHECK: %v, want 23514 (check_violation)", err)
	}
	var n1, n2 sql.NullString
	must(t, d.QueryRow(ctx, "SELECT id_to_uuid(NULL)::text, uuid_to_id(NULL)").Scan(&n1, &n2))
	if n1.Valid || n2.Valid {
		t.Fatalf("NULL gives %v, %v; want NULL, NULL", n1, n2)
	}

	// The lookup of an id copied from a log, through the driver and psql.
	find := "SELECT t FROM " + tb + " WHERE k = id_to_uuid('" + exampleID + "')"
	must(t, d.QueryRow(ctx, find).Scan(&s))
	if s != exampleID {
		t.Fatalf("%s = %q", find, s)
	}
	if psql != "" {
		out := run(t, exec.Command(psql, dsn, "-X", "-At", "-v", "ON_ERROR_STOP=1", "-c", find))
		if out != exampleID+"\n" {
			t.Fatalf("psql %q printed %q, want %q", find, out, exampleID+"\n")
		}
		out = run(t, exec.Command(psql, dsn, "-X", "-At", "-v", "ON_ERROR_STOP=1", "-c", "SELECT uuid_to_id(k) FROM "+tb+" WHERE t = '"+exampleID+"'"))
		if out != exampleID+"\n" {
			t.Fatalf("psql uuid_to_id printed %q, want %q", out, exampleID+"\n")
		}
	}
}

// TestMariaDBCompactFunctions: C10 on MariaDB. sql/mariadb.sql, loaded
// with the mariadb client, gives id_to_bin and bin_to_id, which agree with
// Go on every id both ways and refuse what id.Parse refuses; the mariadb
// client finds a row by an id's text.
func TestMariaDBCompactFunctions(t *testing.T) {
	dsn := server(t, "ID_TEST_MARIADB_DSN", "MariaDB")
	conn := mariadbConn(t, dsn, false)
	d := sqlDB{conn}
	ctx := context.Background()
	cfg, err := mysql.ParseDSN(dsn)
	must(t, err)

	file := filepath.Join("..", "sql", "mariadb.sql")
	client, err := exec.LookPath("mariadb")
	if err == nil && cfg.Net != "unix" {
		err = errors.New("the server is not on a Unix socket")
	}
	cli := func(args ...string) *exec.Cmd {
		c := exec.Command(client, append([]string{"--socket=" + cfg.Addr, "--user=" + cfg.User, cfg.DBName}, args...)...)
		c.Env = append(os.Environ(), "MYSQL_PWD="+cfg.Passwd)
		return c
	}
	if err != nil {
		client = ""
		t.Logf("no mariadb client (%v): loading %s through the driver", err, file)
		src, err := os.ReadFile(file)
		must(t, err)
		for _, stmt := range mariadbStatements(string(src)) {
			must(t, d.Exec(ctx, stmt))
		}
	} else {
		c := cli()
		f, err := os.Open(file)
		must(t, err)
		defer f.Close()
		c.Stdin = f
		run(t, c)
	}

	tb := newTable(t, d, "cf", "CREATE TABLE %s (k BINARY(16) NOT NULL PRIMARY KEY, t VARCHAR(26) CHARACTER SET ascii COLLATE ascii_bin NOT NULL)")
	ids := functionIDs()
	insertCompact(t, d, mariadbCompact, tb, ids)
	q := "SELECT count(*) FROM " + tb + " WHERE id_to_bin(t) = k AND bin_to_id(k) = t AND id_to_bin(UPPER(t)) = k"
	if n := count(t, d, q); n != len(ids) {
		t.Fatalf("%d of %d rows agree with id_to_bin and bin_to_id", n, len(ids))
	}

	for _, s := range functionInputs(ids[:100]) {
		want, perr := id.Parse(s)
		var k compact.ID
		err := d.QueryRow(ctx, "SELECT id_to_bin(?)", s).Scan(&k)
		checkFunction(t, "id_to_bin", s, want, perr, k.ID, err, func(err error) bool {
			var me *mysql.MySQLError
			return errors.As(err, &me) && me.Number == 1644 && me.SQLState == [5]byte{'2', '2', '0', '2', '3'} && strings.HasPrefix(me.Message, "id: invalid id")
		})
		if perr == nil {
			var back id.ID
			must(t, d.QueryRow(ctx, "SELECT bin_to_id(?)", compact.ID{ID: want}).Scan(&back))
			if back != want {
				t.Fatalf("bin_to_id(%v) = %v", want, back)
			}
		}
	}
	for _, bad := range []struct{ expr, msg string }{
		{"X'00000000000000000000000000000000'", "id: invalid id: 16 zero bytes are the zero id, which names nothing"},
		{"X'0102'", "id: invalid id: 2 bytes, want 16"},
		{"X'" + exampleHex + "00'", "id: invalid id: 17 bytes, want 16"},
	} {
		var s string
		err := d.QueryRow(ctx, "SELECT bin_to_id("+bad.expr+")").Scan(&s)
		var me *mysql.MySQLError
		if !errors.As(err, &me) || me.Number != 1644 || me.Message != bad.msg {
			t.Fatalf("bin_to_id(%s): %v, want error 1644 %q", bad.expr, err, bad.msg)
		}
	}
	// docs/compact.md's CHECK keeps 16 zero bytes out of a BINARY(16).
	checked := newTable(t, d, "ck", "CREATE TABLE %s (k BINARY(16) NOT NULL PRIMARY KEY CHECK (k <> X'00000000000000000000000000000000'))")
	must(t, d.Exec(ctx, "INSERT INTO "+checked+" VALUES (?)", compact.ID{ID: ids[0]}))
	for _, zero := range []string{"X'00000000000000000000000000000000'", "X'00'", "''"} {
		err := d.Exec(ctx, "INSERT INTO "+checked+" VALUES ("+zero+")")
		var me *mysql.MySQLError
		if !errors.As(err, &me) || me.Number != 4025 {
			t.Fatalf("inserting %s under the CHECK: %v, want error 4025 (ER_CONSTRAINT_FAILED)", zero, err)
		}
	}
	var n1, n2 sql.NullString
	must(t, d.QueryRow(ctx, "SELECT id_to_bin(NULL), bin_to_id(NULL)").Scan(&n1, &n2))
	if n1.Valid || n2.Valid {
		t.Fatalf("NULL gives %v, %v; want NULL, NULL", n1, n2)
	}

	find := "SELECT t FROM " + tb + " WHERE k = id_to_bin('" + exampleID + "')"
	var s string
	must(t, d.QueryRow(ctx, find).Scan(&s))
	if s != exampleID {
		t.Fatalf("%s = %q", find, s)
	}
	if client != "" {
		if out := run(t, cli("-N", "-e", find)); out != exampleID+"\n" {
			t.Fatalf("mariadb -e %q printed %q, want %q", find, out, exampleID+"\n")
		}
		if out := run(t, cli("-N", "-e", "SELECT bin_to_id(k) FROM "+tb+" WHERE t = '"+exampleID+"'")); out != exampleID+"\n" {
			t.Fatalf("mariadb bin_to_id printed %q, want %q", out, exampleID+"\n")
		}
	}
}

// checkFunction fails t unless an SQL function's answer for text s (got,
// err) agrees with id.Parse's (want, perr): the same id, or an error
// that isSQLError accepts.
func checkFunction(t *testing.T, fn, s string, want id.ID, perr error, got id.ID, err error, isSQLError func(error) bool) {
	t.Helper()
	if perr != nil {
		if err == nil || !isSQLError(err) {
			t.Fatalf("%s(%q): %v, %v; id.Parse refuses it (%v), want the function's error", fn, s, got, err, perr)
		}
		return
	}
	if err != nil || got != want {
		t.Fatalf("%s(%q) = %v, %v; want %v", fn, s, got, err, want)
	}
}

// mariadbStatements splits sql/mariadb.sql into its statements as the
// mariadb client does, for loading it through the driver: DELIMITER lines
// set the terminator.
func mariadbStatements(src string) []string {
	var out []string
	delim := ";"
	var cur strings.Builder
	for line := range strings.Lines(src) {
		trimmed := strings.TrimSpace(line)
		if d, ok := strings.CutPrefix(trimmed, "DELIMITER "); ok {
			delim = strings.TrimSpace(d)
			continue
		}
		if strings.HasPrefix(trimmed, "--") && cur.Len() == 0 {
			continue
		}
		if strings.HasSuffix(trimmed, delim) {
			cur.WriteString(strings.TrimSuffix(strings.TrimRight(line, " \t\r\n"), delim))
			if s := strings.TrimSpace(cur.String()); s != "" {
				out = append(out, s)
			}
			cur.Reset()
			continue
		}
		cur.WriteString(line)
	}
	return out
}

// run runs c and returns its standard output, failing t with its standard
// error if it fails.
func run(t *testing.T, c *exec.Cmd) string {
	t.Helper()
	var stdout, stderr bytes.Buffer
	c.Stdout, c.Stderr = &stdout, &stderr
	if err := c.Run(); err != nil {
		t.Fatalf("%s: %v\n%s", strings.Join(c.Args, " "), err, stderr.String())
	}
	return stdout.String()
}

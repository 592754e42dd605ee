// Command indb measures what primary keys cost inside the database: it
// starts throwaway PostgreSQL and MariaDB servers (and SQLite files) in a
// temporary folder, loads each key scheme (id text, id-compact: the same
// ids in 16 bytes through compact.ID, UUIDv4, UUIDv7, bigint) in creation
// order from 1 and from 4 writers, and reports insert
// rates over the run, table and index sizes, WAL bytes, point lookups and
// a time-window query, as Markdown on standard output and a PNG chart.
//
// Run it through bench/dbcost, which installs the servers when they are
// missing; bench/dbcost -help explains the flags.
package main

import (
	"context"
	"database/sql"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"time"

	_ "github.com/go-sql-driver/mysql"
	_ "github.com/jackc/pgx/v5/stdlib"
	_ "modernc.org/sqlite"
)

type config struct {
	rows     int
	batch    int
	writers  []int
	engines  []engine
	keys     []string // substrings of the scheme names to run; nil runs every scheme
	lookups  int
	reps     int
	out      string
	tmp      string
	progress io.Writer
}

func main() {
	cfg, err := parseFlags(os.Args[1:])
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			os.Exit(0)
		}
		fmt.Fprintln(os.Stderr, "dbcost:", err)
		os.Exit(2)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := mainErr(ctx, cfg, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "dbcost: error:", err)
		stop()
		os.Exit(1)
	}
}

// flagOutput receives the usage text and flag errors.
var flagOutput io.Writer = os.Stderr

func parseFlags(args []string) (*config, error) {
	fs := flag.NewFlagSet("dbcost", flag.ContinueOnError)
	fs.SetOutput(flagOutput)
	cfg := &config{progress: os.Stderr}
	fs.IntVar(&cfg.rows, "n", 1_000_000, "rows per load")
	fs.IntVar(&cfg.batch, "batch", 1000, "rows per INSERT statement (one transaction)")
	writers := fs.String("writers", "1,4", "comma-separated numbers of concurrent writers")
	dbs := fs.String("db", "postgres,mariadb,sqlite", "comma-separated databases: postgres, mariadb, sqlite")
	keys := fs.String("keys", "", "comma-separated parts of key scheme names (as the report names them) to run, in this order, e.g. UUIDv7,compact; empty runs every scheme")
	fs.IntVar(&cfg.lookups, "lookups", 100_000, "point lookups of random existing keys (at most a quarter of -n)")
	fs.IntVar(&cfg.reps, "reps", 5, "repetitions of each window query (the median is reported)")
	fs.StringVar(&cfg.out, "out", "", "folder for dbcost.md and dbcost.png (required)")
	fs.StringVar(&cfg.tmp, "tmp", os.TempDir(), "parent of the temporary folder for the servers' data")
	if err := fs.Parse(args); err != nil {
		return nil, err
	}
	if fs.NArg() > 0 {
		return nil, fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	if cfg.out == "" {
		return nil, errors.New("-out DIR is required")
	}
	if cfg.rows < 100 || cfg.batch < 1 || cfg.lookups < 1 || cfg.reps < 1 {
		return nil, errors.New("-n must be at least 100, -batch, -lookups and -reps at least 1")
	}
	cfg.lookups = min(cfg.lookups, cfg.rows/4)
	for _, w := range strings.Split(*writers, ",") {
		var n int
		if _, err := fmt.Sscan(w, &n); err != nil || n < 1 {
			return nil, fmt.Errorf("-writers: bad number %q", w)
		}
		cfg.writers = append(cfg.writers, n)
	}
	for _, d := range strings.Split(*dbs, ",") {
		found := false
		for _, e := range []engine{pg, maria, lite} {
			if d == e.flag() {
				cfg.engines = append(cfg.engines, e)
				found = true
			}
		}
		if !found {
			return nil, fmt.Errorf("-db: unknown database %q", d)
		}
	}
	if *keys != "" {
		for _, k := range strings.Split(*keys, ",") {
			if k == "" {
				return nil, fmt.Errorf("-keys: empty name in %q", *keys)
			}
			cfg.keys = append(cfg.keys, k)
		}
	}
	for _, e := range cfg.engines {
		if len(cfg.schemes(e)) == 0 {
			return nil, fmt.Errorf("-keys %s: no key scheme of %s matches", *keys, e)
		}
	}
	return cfg, nil
}

// schemes returns the key schemes of e that -keys selects, in the order
// of -keys (each part's matches in the order of [schemes]), so that a
// second run can load two schemes the other way round.
func (cfg *config) schemes(e engine) []scheme {
	if cfg.keys == nil {
		return schemes(e)
	}
	var out []scheme
	taken := map[string]bool{}
	for _, k := range cfg.keys {
		for _, s := range schemes(e) {
			if strings.Contains(s.name, k) && !taken[s.table] {
				out = append(out, s)
				taken[s.table] = true
			}
		}
	}
	return out
}

// report is everything one run measured.
type report struct {
	cfg      *config
	started  time.Time
	duration time.Duration
	machine  [][2]string
	engines  []engineReport
}

type engineReport struct {
	engine   engine
	version  string
	settings [][2]string
	duration time.Duration
	results  []*result
	duel     *duelResult // UUIDv7 and id-compact loaded alternately; nil when not run
}

func mainErr(ctx context.Context, cfg *config, stdout io.Writer) (err error) {
	if err := os.MkdirAll(cfg.out, 0o755); err != nil {
		return err
	}
	root, err := os.MkdirTemp(cfg.tmp, "idkeys-dbcost.")
	if err != nil {
		return err
	}
	defer os.RemoveAll(root)
	// The postgres and mysql users must reach their folders.
	if err := os.Chmod(root, 0o755); err != nil {
		return err
	}
	rep := &report{cfg: cfg, started: time.Now(), machine: machine()}
	rep.machine = append(rep.machine, [2]string{"load average at start", loadavg()})
	for _, e := range cfg.engines {
		er, err := runEngine(ctx, cfg, e, root)
		if err != nil {
			return err
		}
		rep.engines = append(rep.engines, *er)
	}
	rep.machine = append(rep.machine, [2]string{"load average at end", loadavg()})
	rep.duration = time.Since(rep.started)
	md := rep.markdown()
	if _, err := io.WriteString(stdout, md); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(cfg.out, "dbcost.md"), []byte(md), 0o644); err != nil {
		return err
	}
	return chart(rep, filepath.Join(cfg.out, "dbcost.png"))
}

func (cfg *config) logf(format string, args ...any) {
	fmt.Fprintf(cfg.progress, "dbcost: "+format+"\n", args...)
}

// runEngine starts one database, runs every scheme with every number of
// writers, and stops it.
func runEngine(ctx context.Context, cfg *config, e engine, root string) (_ *engineReport, err error) {
	er := &engineReport{engine: e}
	start := time.Now()
	var open func(s scheme, writers int) (*sql.DB, error)
	var cleanup func(s scheme, writers int) error
	switch e {
	case pg:
		cfg.logf("starting PostgreSQL")
		p, err := startPostgres(ctx, root)
		if err != nil {
			return nil, fmt.Errorf("PostgreSQL: %w", err)
		}
		defer p.stop()
		open = func(scheme, int) (*sql.DB, error) { return sql.Open("pgx", p.dsn) }
	case maria:
		cfg.logf("starting MariaDB")
		m, err := startMariaDB(ctx, root)
		if err != nil {
			return nil, fmt.Errorf("MariaDB: %w", err)
		}
		defer m.stop()
		open = func(scheme, int) (*sql.DB, error) { return sql.Open("mysql", m.dsn) }
	default:
		dir := filepath.Join(root, "sqlite")
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return nil, err
		}
		path := func(s scheme, w int) string { return filepath.Join(dir, fmt.Sprintf("%s-%d.db", s.table, w)) }
		open = func(s scheme, w int) (*sql.DB, error) {
			return sql.Open("sqlite", "file:"+path(s, w)+"?_pragma=busy_timeout(60000)&_pragma=journal_mode(WAL)&_pragma=synchronous(OFF)")
		}
		cleanup = func(s scheme, w int) error {
			for _, suffix := range []string{"", "-wal", "-shm"} {
				if err := os.Remove(path(s, w) + suffix); err != nil && !errors.Is(err, os.ErrNotExist) {
					return err
				}
			}
			return nil
		}
	}
	ctl, err := open(scheme{table: "settings"}, 0)
	if err != nil {
		return nil, err
	}
	er.version, er.settings, err = settings(ctx, ctl, e)
	ctl.Close()
	if cleanup != nil {
		cleanup(scheme{table: "settings"}, 0)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: reading settings: %w", e, err)
	}
	cfg.logf("%s %s", e, er.version)
	for _, s := range cfg.schemes(e) {
		for _, w := range cfg.writers {
			r, err := measure(ctx, cfg, e, s, w, open)
			if cleanup != nil {
				if err := cleanup(s, w); err != nil {
					return nil, err
				}
			}
			if err != nil {
				return nil, err
			}
			er.results = append(er.results, r)
		}
	}
	if a, b, ok := duelPair(cfg.schemes(e)); ok {
		cfg.logf("%s: %s and %s alternately, batch by batch: %d rows each, 1 writer", e, a.name, b.name, cfg.rows)
		dbA, err := open(a, 0)
		if err != nil {
			return nil, err
		}
		defer dbA.Close()
		dbB, err := open(b, 0)
		if err != nil {
			return nil, err
		}
		defer dbB.Close()
		dbA.SetMaxOpenConns(1)
		dbB.SetMaxOpenConns(1)
		er.duel, err = duel(ctx, dbA, dbB, e, a, b, cfg.rows, cfg.batch)
		dbA.Close()
		dbB.Close()
		if cleanup != nil {
			for _, s := range []scheme{a, b} {
				if err := cleanup(s, 0); err != nil {
					return nil, err
				}
			}
		}
		if err != nil {
			return nil, err
		}
		cfg.logf("%s: %s at %.2f× the rate of %s", e, b.name, er.duel.ratio(), a.name)
	}
	er.duration = time.Since(start)
	return er, nil
}

// measure loads one scheme from w writers and measures it.
func measure(ctx context.Context, cfg *config, e engine, s scheme, w int, open func(scheme, int) (*sql.DB, error)) (*result, error) {
	db, err := open(s, w)
	if err != nil {
		return nil, err
	}
	defer db.Close()
	db.SetMaxOpenConns(1)
	if _, err := db.ExecContext(ctx, "DROP TABLE IF EXISTS "+s.table); err != nil {
		return nil, err
	}
	if _, err := db.ExecContext(ctx, s.ddl); err != nil {
		return nil, fmt.Errorf("%s: %s: %w", e, s.ddl, err)
	}
	before, err := counters(ctx, db, e)
	if err != nil {
		return nil, err
	}
	// The writers get their own connections, closed after the load, so
	// that PostgreSQL's backends flush their WAL statistics on exit.
	ldb, err := open(s, w)
	if err != nil {
		return nil, err
	}
	ldb.SetMaxOpenConns(w)
	ldb.SetMaxIdleConns(w)
	cfg.logf("%s %s: loading %d rows from %d writer(s)", e, s.name, cfg.rows, w)
	r, ks, err := load(ctx, ldb, e, s, cfg.rows, cfg.batch, w)
	ldb.Close()
	if err != nil {
		return nil, err
	}
	if e == pg {
		time.Sleep(300 * time.Millisecond)
	}
	after, err := counters(ctx, db, e)
	if err != nil {
		return nil, err
	}
	if e != lite {
		r.walBytes = after[0] - before[0]
		r.fpi = after[1] - before[1]
		if e == pg {
			r.checkpoints = after[2] - before[2]
		}
	}
	var n int
	if err := db.QueryRowContext(ctx, "SELECT count(*) FROM "+s.table).Scan(&n); err != nil {
		return nil, err
	}
	if n != cfg.rows {
		return nil, fmt.Errorf("%s %s: %d rows in the table after the load, want %d", e, s.name, n, cfg.rows)
	}
	if r.tableBytes, r.pkBytes, _, err = sizes(ctx, db, e, s); err != nil {
		return nil, fmt.Errorf("%s %s: sizes: %w", e, s.name, err)
	}
	if _, err := db.ExecContext(ctx, "CREATE INDEX "+s.table+"_created ON "+s.table+" (created_at)"); err != nil {
		return nil, err
	}
	if _, _, r.createdBytes, err = sizes(ctx, db, e, s); err != nil {
		return nil, fmt.Errorf("%s %s: sizes: %w", e, s.name, err)
	}
	cfg.logf("%s %s: %.0f rows/s, %d writer(s), %.1fs", e, s.name, r.rate(), w, r.elapsed.Seconds())
	if w == 1 {
		r.lookups = cfg.lookups
		if r.lookupRate, err = lookups(ctx, db, e, s, ks, cfg.rows, cfg.lookups); err != nil {
			return nil, err
		}
		if err := window(ctx, db, e, s, ks, r, cfg.reps); err != nil {
			return nil, err
		}
		if _, err := order(ctx, db, e, s, ks); err != nil {
			return nil, err
		}
	}
	if e != lite {
		if _, err := db.ExecContext(ctx, "DROP TABLE "+s.table); err != nil {
			return nil, err
		}
	}
	return r, nil
}

// counters returns the engine's cumulative write counters: PostgreSQL's
// WAL position in bytes, full-page images and checkpoints (after a
// CHECKPOINT, so that every load starts right after one); InnoDB's redo
// bytes and doublewrite pages.
func counters(ctx context.Context, db *sql.DB, e engine) ([3]int64, error) {
	var c [3]int64
	switch e {
	case pg:
		if _, err := db.ExecContext(ctx, "CHECKPOINT"); err != nil {
			return c, err
		}
		err := db.QueryRowContext(ctx, `SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')::bigint,
			(SELECT wal_fpi FROM pg_stat_wal),
			(SELECT checkpoints_timed + checkpoints_req FROM pg_stat_bgwriter)`).Scan(&c[0], &c[1], &c[2])
		return c, err
	case maria:
		for i, name := range []string{"Innodb_os_log_written", "Innodb_dblwr_pages_written"} {
			var k string
			if err := db.QueryRowContext(ctx, "SHOW GLOBAL STATUS LIKE '"+name+"'").Scan(&k, &c[i]); err != nil {
				return c, fmt.Errorf("%s: %w", name, err)
			}
		}
	}
	return c, nil
}

// sizes returns the bytes of the table (the heap, or the clustered index
// when the table is its primary key), of the primary-key index (0 when the
// table is that index) and of the created_at index (0 before it exists).
// PostgreSQL and SQLite count every page of the relation; InnoDB counts the
// leaf pages of each index (mysql.innodb_index_stats after ANALYZE TABLE),
// because its allocated size grows in whole extents.
func sizes(ctx context.Context, db *sql.DB, e engine, s scheme) (table, pk, created int64, err error) {
	switch e {
	case pg:
		err = db.QueryRowContext(ctx, `SELECT pg_relation_size($1::regclass), pg_relation_size(($1 || '_pkey')::regclass),
			coalesce(pg_relation_size(to_regclass($1 || '_created')), 0)`, s.table).Scan(&table, &pk, &created)
		return
	case maria:
		if _, err = db.ExecContext(ctx, "ANALYZE TABLE "+s.table); err != nil {
			return
		}
		var pageSize int64
		if err = db.QueryRowContext(ctx, "SELECT @@innodb_page_size").Scan(&pageSize); err != nil {
			return
		}
		rows, err2 := db.QueryContext(ctx, `SELECT index_name, stat_value FROM mysql.innodb_index_stats
			WHERE database_name = 'dbcost' AND table_name = ? AND stat_name = 'n_leaf_pages'`, s.table)
		if err2 != nil {
			return 0, 0, 0, err2
		}
		defer rows.Close()
		for rows.Next() {
			var name string
			var pages int64
			if err = rows.Scan(&name, &pages); err != nil {
				return
			}
			switch name {
			case "PRIMARY":
				table = pages * pageSize
			case s.table + "_created":
				created = pages * pageSize
			}
		}
		err = rows.Err()
		if err == nil && table == 0 {
			err = errors.New("no size statistics for PRIMARY in mysql.innodb_index_stats")
		}
		return
	default:
		rows, err2 := db.QueryContext(ctx, "SELECT name, sum(pgsize) FROM dbstat GROUP BY name")
		if err2 != nil {
			return 0, 0, 0, err2
		}
		defer rows.Close()
		for rows.Next() {
			var name string
			var b int64
			if err = rows.Scan(&name, &b); err != nil {
				return
			}
			switch {
			case name == s.table:
				table = b
			case name == s.table+"_created":
				created = b
			case strings.HasPrefix(name, "sqlite_autoindex_"+s.table+"_"):
				pk = b
			}
		}
		err = rows.Err()
		return
	}
}

// settings returns the server version and the settings the report prints,
// as the server reports them.
func settings(ctx context.Context, db *sql.DB, e engine) (string, [][2]string, error) {
	var out [][2]string
	var version string
	switch e {
	case pg:
		for _, name := range pgShown {
			var v string
			if err := db.QueryRowContext(ctx, "SELECT current_setting($1)", name).Scan(&v); err != nil {
				return "", nil, err
			}
			if name == "server_version" {
				version = v
				continue
			}
			out = append(out, [2]string{name, v})
		}
	case maria:
		for _, name := range mariaShown {
			var k, v string
			if err := db.QueryRowContext(ctx, "SHOW GLOBAL VARIABLES LIKE '"+name+"'").Scan(&k, &v); err != nil {
				return "", nil, fmt.Errorf("%s: %w", name, err)
			}
			if name == "version" {
				version = v
				continue
			}
			out = append(out, [2]string{name, v})
		}
	default:
		if err := db.QueryRowContext(ctx, "SELECT sqlite_version()").Scan(&version); err != nil {
			return "", nil, err
		}
		for _, name := range []string{"journal_mode", "synchronous", "cache_size", "page_size", "busy_timeout"} {
			var v string
			if err := db.QueryRowContext(ctx, "PRAGMA "+name).Scan(&v); err != nil {
				return "", nil, err
			}
			out = append(out, [2]string{name, v})
		}
		out = append(out, [2]string{"driver", "modernc.org/sqlite (in process), one database file per load"})
	}
	return version, out, nil
}

// machine describes the computer the run is on.
func machine() [][2]string {
	cpu := "unknown"
	if b, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		for _, line := range strings.Split(string(b), "\n") {
			if k, v, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(k) == "model name" {
				cpu = strings.TrimSpace(v)
				break
			}
		}
	}
	return [][2]string{
		{"CPU", cpu},
		{"cores", fmt.Sprint(runtime.NumCPU())},
		{"Go", runtime.Version() + " " + runtime.GOOS + "/" + runtime.GOARCH},
	}
}

func loadavg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "unknown"
	}
	return strings.Join(f[:3], " ") + " (1, 5, 15 min)"
}

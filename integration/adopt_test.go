package integration

// The recipes of docs/adopting.md, run on real databases: a parent table
// with UUID keys and created_at, a child table with a required and a
// nullable reference, and a link table with a composite key move to ids
// made in creation order. The SQL is in testdata/adopt/, byte for byte
// what the page shows (TestAdoptDocsShowTheRecipes).

import (
	"bufio"
	"context"
	"crypto/rand"
	"database/sql"
	"fmt"
	mrand "math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/go-sql-driver/mysql"
	"github.com/idkeys/id"
	"github.com/idkeys/id/adopt"
)

// adoptN is the number of users (and of posts, and of follows) of the
// main test; -short makes it 10,000.
const adoptN = 100_000

// adoptDialect is what differs between the databases for the recipes.
type adoptDialect struct {
	name string
	// file is the name of the files in testdata/adopt: NAME-schema.sql,
	// NAME-map.sql, NAME.sql.
	file string
	// ph returns the n-th (1-based) placeholder.
	ph func(n int) string
	// text returns an SQL expression for column c as text (uuid columns).
	text func(c string) string
	// createdArg converts a time to its query argument.
	createdArg func(time.Time) any
	// createdDest returns a scan destination for created_at and a
	// function that reads the time from it.
	createdDest func() (any, func() time.Time)
	// export is the SQL expression that gives created_at as text for
	// idkeys backfill (RFC 3339, or Unix milliseconds).
	export string
	// failedCheck is a part of the error of the recipe's count check.
	failedCheck string
}

var adoptSQLite = adoptDialect{
	name: "SQLite", file: "sqlite",
	ph:         func(int) string { return "?" },
	text:       func(c string) string { return c },
	createdArg: func(t time.Time) any { return t.UTC().Format("2006-01-02T15:04:05.000Z") },
	createdDest: func() (any, func() time.Time) {
		var s string
		return &s, func() time.Time {
			t, err := time.Parse(time.RFC3339Nano, s)
			if err != nil {
				panic(err)
			}
			return t
		}
	},
	export:      "created_at",
	failedCheck: "CHECK constraint failed: counts_differ",
}

var adoptPostgres = adoptDialect{
	name: "PostgreSQL", file: "postgres",
	ph:         func(n int) string { return fmt.Sprintf("$%d", n) },
	text:       func(c string) string { return c + "::text" },
	createdArg: func(t time.Time) any { return t },
	createdDest: func() (any, func() time.Time) {
		var t time.Time
		return &t, func() time.Time { return t }
	},
	export:      `to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
	failedCheck: "id: 1 users have no new id",
}

var adoptMariaDB = adoptDialect{
	name: "MariaDB", file: "mariadb",
	ph:         func(int) string { return "?" },
	text:       func(c string) string { return c },
	createdArg: func(t time.Time) any { return t.UTC() },
	createdDest: func() (any, func() time.Time) {
		var t time.Time
		return &t, func() time.Time { return t }
	},
	export:      `DATE_FORMAT(created_at, '%Y-%m-%dT%H:%i:%s.%fZ')`,
	failedCheck: "id: users without a new id; roll back",
}

// TestAdoptSQLite runs the recipes on SQLite (modernc.org/sqlite).
func TestAdoptSQLite(t *testing.T) {
	open := func(t *testing.T) *sql.DB {
		path := filepath.Join(t.TempDir(), "app.db")
		db, err := sql.Open("sqlite", "file:"+path+"?_pragma=foreign_keys(1)&_pragma=journal_mode(WAL)&_pragma=synchronous(OFF)")
		must(t, err)
		t.Cleanup(func() { db.Close() })
		return db
	}
	runAdopt(t, adoptSQLite, open)
}

// TestAdoptPostgres runs the recipes on PostgreSQL (pgx, database/sql).
func TestAdoptPostgres(t *testing.T) {
	dsn := server(t, "ID_TEST_POSTGRES_DSN", "PostgreSQL")
	open := func(t *testing.T) *sql.DB {
		db, err := sql.Open("pgx", dsn)
		must(t, err)
		t.Cleanup(func() { db.Close() })
		ping(t, "PostgreSQL", db.PingContext)
		return db
	}
	runAdopt(t, adoptPostgres, open)
}

// TestAdoptMariaDB runs the recipes on MariaDB (go-sql-driver/mysql).
func TestAdoptMariaDB(t *testing.T) {
	dsn := server(t, "ID_TEST_MARIADB_DSN", "MariaDB")
	open := func(t *testing.T) *sql.DB {
		cfg, err := mysql.ParseDSN(dsn)
		must(t, err)
		cfg.ParseTime = true
		cfg.Loc = time.UTC
		connector, err := mysql.NewConnector(cfg)
		must(t, err)
		db := sql.OpenDB(connector)
		t.Cleanup(func() { db.Close() })
		ping(t, "MariaDB", db.PingContext)
		return db
	}
	runAdopt(t, adoptMariaDB, open)
}

// runAdopt runs each way of filling id_map, then the recipe, then the
// checks; and once with a row missing from id_map, where the recipe's
// count check must stop it with nothing changed.
func runAdopt(t *testing.T, dl adoptDialect, open func(*testing.T) *sql.DB) {
	tool := buildTool(t)
	n := adoptN
	if testing.Short() {
		n = 10_000
	}
	cases := []struct {
		name   string
		n      int
		uuidv7 bool
		fill   func(t *testing.T, c *sql.Conn, dl adoptDialect, tool string, uuidv7 bool)
	}{
		{"CreatedAt/Go", n, false, fillGo},
		{"CreatedAt/Tool", 10_000, false, fillTool},
		{"UUIDv7/Go", 10_000, true, fillGo},
		{"UUIDv7/Tool", 10_000, true, fillTool},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			start := time.Now()
			c, fx := setupAdopt(t, dl, open, tc.n, tc.uuidv7)
			loaded := time.Now()
			tc.fill(t, c, dl, tool, tc.uuidv7)
			filled := time.Now()
			if err := runScript(context.Background(), c, readAdopt(t, dl.file+".sql")); err != nil {
				t.Fatalf("recipe: %v", err)
			}
			migrated := time.Now()
			checkAdopted(t, c, dl, fx)
			logf(t, "%d users, %d posts, %d follows: load %v, id_map %v, recipe %v, checks %v",
				len(fx.users), len(fx.posts), len(fx.follows), loaded.Sub(start).Round(time.Millisecond),
				filled.Sub(loaded).Round(time.Millisecond), migrated.Sub(filled).Round(time.Millisecond),
				time.Since(migrated).Round(time.Millisecond))
		})
	}
	t.Run("CountCheckStopsTheRecipe", func(t *testing.T) {
		c, fx := setupAdopt(t, dl, open, 500, false)
		fillGo(t, c, dl, tool, false)
		ctx := context.Background()
		// A user that has posts loses its new id: the recipe must stop
		// before COMMIT and leave the tables as they were.
		lost := fx.posts[0].author
		must(t, execSQL(ctx, c, "DELETE FROM id_map WHERE old_key = "+dl.ph(1), fx.users[lost].key))
		err := runScript(ctx, c, readAdopt(t, dl.file+".sql"))
		if err == nil || !strings.Contains(err.Error(), dl.failedCheck) {
			t.Fatalf("recipe error %v, want one containing %q", err, dl.failedCheck)
		}
		must(t, execSQL(ctx, c, "ROLLBACK"))
		if dl.file == "sqlite" {
			must(t, execSQL(ctx, c, "PRAGMA foreign_keys = ON"))
		}
		checkCounts(t, c,
			rowCount{"SELECT count(*) FROM users", len(fx.users)},
			rowCount{"SELECT count(*) FROM posts", len(fx.posts)},
			rowCount{"SELECT count(*) FROM follows", len(fx.follows)},
			rowCount{"SELECT count(*) FROM id_map", len(fx.users) - 1},
			// The old keys are still the keys.
			rowCount{"SELECT count(*) FROM posts p JOIN users u ON u.id = p.author_id", len(fx.posts)},
		)
		switch dl.file {
		case "sqlite":
			if err := execSQL(ctx, c, "SELECT count(*) FROM users_new"); err == nil {
				t.Error("users_new survived the rollback")
			}
		case "postgres":
			if err := execSQL(ctx, c, "SELECT new_id FROM users"); err == nil {
				t.Error("users.new_id survived the rollback")
			}
		case "mariadb":
			// Step 1's columns committed by themselves, but stay empty.
			if got := countRows(t, c, "SELECT count(new_id) FROM users"); got != 0 {
				t.Errorf("%d new ids committed, want 0", got)
			}
		}
	})
}

// fixture is the data before the migration.
type fixture struct {
	users   []adoptUser
	posts   []adoptPost
	follows [][2]int // indexes into users
}

type adoptUser struct {
	key     string
	created time.Time // whole milliseconds
}

type adoptPost struct {
	key    string
	author int
	editor int // -1 for NULL
}

// newFixture makes n users, n posts and n follows. created_at falls on
// n/3 distinct milliseconds of the past three years, so most
// milliseconds hold several users and ties are broken by the old key.
// With uuidv7 the users' keys are UUIDv7s of their created_at.
func newFixture(n int, uuidv7 bool) fixture {
	r := mrand.New(mrand.NewPCG(uint64(n), 12))
	end := time.Now().Add(-time.Hour).Truncate(time.Millisecond)
	span := 3 * 365 * 24 * time.Hour
	slots := max(n/3, 1)
	var fx fixture
	for range n {
		created := end.Add(-span + time.Duration(r.IntN(slots))*(span/time.Duration(slots))).Truncate(time.Millisecond).UTC()
		key := uuidText(uuid4(r))
		if uuidv7 {
			key = uuidText(uuid7(r, created))
		}
		fx.users = append(fx.users, adoptUser{key, created})
	}
	for range n {
		p := adoptPost{key: uuidText(uuid4(r)), author: r.IntN(n), editor: -1}
		if r.IntN(3) > 0 {
			p.editor = r.IntN(n)
		}
		fx.posts = append(fx.posts, p)
	}
	seen := make(map[[2]int]bool)
	for len(fx.follows) < n {
		f := [2]int{r.IntN(n), r.IntN(n)}
		if !seen[f] {
			seen[f] = true
			fx.follows = append(fx.follows, f)
		}
	}
	return fx
}

func uuid4(r *mrand.Rand) (u [16]byte) {
	for i := range u {
		u[i] = byte(r.Uint32())
	}
	u[6] = 0x40 | u[6]&0x0f
	u[8] = 0x80 | u[8]&0x3f
	return u
}

func uuid7(r *mrand.Rand, t time.Time) [16]byte {
	u := uuid4(r)
	ms := t.UnixMilli()
	for i := range 6 {
		u[i] = byte(ms >> (40 - 8*i))
	}
	u[6] = 0x70 | u[6]&0x0f
	return u
}

func uuidText(u [16]byte) string {
	return fmt.Sprintf("%x-%x-%x-%x-%x", u[0:4], u[4:6], u[6:8], u[8:10], u[10:16])
}

// setupAdopt creates the example schema on a connection of its own,
// loads a fixture of n users and creates the empty id_map.
func setupAdopt(t *testing.T, dl adoptDialect, open func(*testing.T) *sql.DB, n int, uuidv7 bool) (*sql.Conn, fixture) {
	t.Helper()
	ctx := context.Background()
	db := open(t)
	c, err := db.Conn(ctx)
	must(t, err)
	t.Cleanup(func() { c.Close() })
	dropAdopt(t, c, dl)
	t.Cleanup(func() { dropAdopt(t, c, dl) })
	must(t, runScript(ctx, c, readAdopt(t, dl.file+"-schema.sql")))
	fx := newFixture(n, uuidv7)
	tx, err := c.BeginTx(ctx, nil)
	must(t, err)
	insertRows(t, tx, dl, "users (id, created_at, name)", len(fx.users), func(i int) []any {
		return []any{fx.users[i].key, dl.createdArg(fx.users[i].created), fmt.Sprintf("user %d", i)}
	})
	insertRows(t, tx, dl, "posts (id, author_id, editor_id, title)", len(fx.posts), func(i int) []any {
		p := fx.posts[i]
		var editor any
		if p.editor >= 0 {
			editor = fx.users[p.editor].key
		}
		return []any{p.key, fx.users[p.author].key, editor, fmt.Sprintf("post %d", i)}
	})
	insertRows(t, tx, dl, "follows (follower_id, followee_id)", len(fx.follows), func(i int) []any {
		return []any{fx.users[fx.follows[i][0]].key, fx.users[fx.follows[i][1]].key}
	})
	must(t, tx.Commit())
	must(t, runScript(ctx, c, readAdopt(t, dl.file+"-map.sql")))
	return c, fx
}

// dropAdopt drops the example tables, children first.
func dropAdopt(t *testing.T, c *sql.Conn, dl adoptDialect) {
	t.Helper()
	ctx := context.Background()
	if dl.file == "sqlite" {
		return // a new file for every test
	}
	for _, tb := range []string{"follows", "follows_new", "posts", "posts_new", "id_map", "users", "users_new"} {
		must(t, execSQL(ctx, c, "DROP TABLE IF EXISTS "+tb))
	}
}

// insertRows inserts n rows of table (with its column list) in
// multi-row INSERTs of 500 rows.
func insertRows(t *testing.T, tx *sql.Tx, dl adoptDialect, table string, n int, row func(i int) []any) {
	t.Helper()
	const batch = 500
	for i := 0; i < n; i += batch {
		var q strings.Builder
		var args []any
		q.WriteString("INSERT INTO " + table + " VALUES ")
		for j := i; j < min(i+batch, n); j++ {
			vals := row(j)
			if j > i {
				q.WriteString(", ")
			}
			q.WriteString("(")
			for k, v := range vals {
				if k > 0 {
					q.WriteString(", ")
				}
				args = append(args, v)
				q.WriteString(dl.ph(len(args)))
			}
			q.WriteString(")")
		}
		if _, err := tx.Exec(q.String(), args...); err != nil {
			t.Fatalf("inserting into %s: %v", table, err)
		}
	}
}

// fillGo is the Go step: walk the users in (created_at, old key) order and
// make each id with Backfill.At, or convert the UUIDv7 key; then load
// id_map.
func fillGo(t *testing.T, c *sql.Conn, dl adoptDialect, _ string, uuidv7 bool) {
	t.Helper()
	ctx := context.Background()
	var seed [32]byte
	rand.Read(seed[:]) // no need to reproduce this backfill
	b := adopt.NewBackfill(seed)
	rows, err := c.QueryContext(ctx, "SELECT "+dl.text("id")+", created_at FROM users ORDER BY created_at, id")
	must(t, err)
	var pairs [][2]string
	for rows.Next() {
		var key string
		dest, created := dl.createdDest()
		must(t, rows.Scan(&key, dest))
		var v id.ID
		if uuidv7 {
			v, err = adopt.ParseUUIDv7(key)
		} else {
			v, err = b.At(created())
		}
		must(t, err)
		pairs = append(pairs, [2]string{key, v.String()})
	}
	must(t, rows.Err())
	loadMap(t, c, dl, pairs)
}

// fillTool is the tool step: export OLD_KEY<TAB>CREATED_AT in no
// particular order, run idkeys backfill (-uuidv7), load its output.
func fillTool(t *testing.T, c *sql.Conn, dl adoptDialect, tool string, uuidv7 bool) {
	t.Helper()
	ctx := context.Background()
	rows, err := c.QueryContext(ctx, "SELECT "+dl.text("id")+", "+dl.export+" FROM users")
	must(t, err)
	var in strings.Builder
	for rows.Next() {
		var key, created string
		must(t, rows.Scan(&key, &created))
		in.WriteString(key + "\t" + created + "\n")
	}
	must(t, rows.Err())
	args := []string{"backfill"}
	if uuidv7 {
		args = append(args, "-uuidv7")
	}
	cmd := exec.Command(tool, args...)
	cmd.Stdin = strings.NewReader(in.String())
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("idkeys backfill: %v\n%s", err, stderr.String())
	}
	var pairs [][2]string
	sc := bufio.NewScanner(strings.NewReader(string(out)))
	for sc.Scan() {
		key, newID, ok := strings.Cut(sc.Text(), "\t")
		if !ok {
			t.Fatalf("idkeys backfill wrote %q", sc.Text())
		}
		pairs = append(pairs, [2]string{key, newID})
	}
	loadMap(t, c, dl, pairs)
}

// loadMap inserts (old_key, new_id) pairs into id_map.
func loadMap(t *testing.T, c *sql.Conn, dl adoptDialect, pairs [][2]string) {
	t.Helper()
	tx, err := c.BeginTx(context.Background(), nil)
	must(t, err)
	insertRows(t, tx, dl, "id_map (old_key, new_id)", len(pairs), func(i int) []any {
		return []any{pairs[i][0], pairs[i][1]}
	})
	must(t, tx.Commit())
}

// rowCount is a query that counts rows and the count it must give.
type rowCount struct {
	query string
	want  int
}

// checkCounts runs each count query and reports every one that differs.
func checkCounts(t *testing.T, c *sql.Conn, counts ...rowCount) {
	t.Helper()
	for _, q := range counts {
		if got := countRows(t, c, q.query); got != q.want {
			t.Errorf("%s = %d, want %d", q.query, got, q.want)
		}
	}
}

// checkAdopted checks the migrated tables against the fixture.
func checkAdopted(t *testing.T, c *sql.Conn, dl adoptDialect, fx fixture) {
	t.Helper()
	ctx := context.Background()

	// No row lost.
	checkCounts(t, c,
		rowCount{"SELECT count(*) FROM users", len(fx.users)},
		rowCount{"SELECT count(*) FROM posts", len(fx.posts)},
		rowCount{"SELECT count(*) FROM follows", len(fx.follows)},
	)

	// Every user: a valid id at its created_at, found by its old key.
	byKey := make(map[string]adoptUser)
	for _, u := range fx.users {
		byKey[u.key] = u
	}
	newID := make(map[string]id.ID)
	var byID []string
	rows, err := c.QueryContext(ctx, "SELECT id, "+dl.text("old_key")+" FROM users ORDER BY id")
	must(t, err)
	for rows.Next() {
		var v id.ID
		var key string
		must(t, rows.Scan(&v, &key))
		u, ok := byKey[key]
		if !ok {
			t.Fatalf("old key %s was not in the table", key)
		}
		if !v.Time().Equal(u.created) {
			t.Fatalf("user %s: id %s at %v, created_at %v", key, v, v.Time(), u.created)
		}
		newID[key] = v
		byID = append(byID, key)
	}
	must(t, rows.Err())

	// ORDER BY id is ORDER BY created_at, old_key.
	byCreated := selectStrings(t, c, "SELECT "+dl.text("old_key")+" FROM users ORDER BY created_at, old_key")
	if !slices.Equal(byID, byCreated) {
		i := 0
		for i < min(len(byID), len(byCreated)) && byID[i] == byCreated[i] {
			i++
		}
		t.Fatalf("ORDER BY id differs from ORDER BY created_at, old_key at row %d of %d/%d", i, len(byID), len(byCreated))
	}

	// Every reference joins, to the same user as before.
	rows, err = c.QueryContext(ctx, "SELECT "+dl.text("p.id")+", "+dl.text("a.old_key")+", "+dl.text("e.old_key")+
		" FROM posts p JOIN users a ON a.id = p.author_id LEFT JOIN users e ON e.id = p.editor_id")
	must(t, err)
	posts := make(map[string][2]string)
	for rows.Next() {
		var key, author string
		var editor sql.NullString
		must(t, rows.Scan(&key, &author, &editor))
		posts[key] = [2]string{author, editor.String}
	}
	must(t, rows.Err())
	if len(posts) != len(fx.posts) {
		t.Fatalf("%d posts join their author, want %d", len(posts), len(fx.posts))
	}
	for _, p := range fx.posts {
		want := [2]string{fx.users[p.author].key, ""}
		if p.editor >= 0 {
			want[1] = fx.users[p.editor].key
		}
		if got := posts[p.key]; got != want {
			t.Fatalf("post %s: author and editor %q, want %q", p.key, got, want)
		}
	}
	nullEditors := 0
	for _, p := range fx.posts {
		if p.editor < 0 {
			nullEditors++
		}
	}
	if got := countRows(t, c, "SELECT count(*) FROM posts WHERE editor_id IS NULL"); got != nullEditors {
		t.Errorf("%d posts without editor, want %d", got, nullEditors)
	}
	follows := make(map[[2]string]bool)
	rows, err = c.QueryContext(ctx, "SELECT "+dl.text("a.old_key")+", "+dl.text("b.old_key")+
		" FROM follows f JOIN users a ON a.id = f.follower_id JOIN users b ON b.id = f.followee_id")
	must(t, err)
	for rows.Next() {
		var a, b string
		must(t, rows.Scan(&a, &b))
		follows[[2]string{a, b}] = true
	}
	must(t, rows.Err())
	if len(follows) != len(fx.follows) {
		t.Fatalf("%d follows join both users, want %d", len(follows), len(fx.follows))
	}
	for _, f := range fx.follows {
		if k := [2]string{fx.users[f[0]].key, fx.users[f[1]].key}; !follows[k] {
			t.Fatalf("follow %v lost", k)
		}
	}

	// MinAt windows over the past select the rows of created_at windows.
	r := mrand.New(mrand.NewPCG(5, 6))
	for i := range 24 {
		a := fx.users[r.IntN(len(fx.users))].created
		var b time.Time
		switch i % 4 {
		case 0: // a millisecond: the rows of exactly that instant
			b = a.Add(time.Millisecond)
		case 1: // up to a minute
			b = a.Add(time.Duration(r.IntN(60_000)+1) * time.Millisecond)
		default: // up to 30 days, from a time between rows
			a = a.Add(-time.Duration(r.IntN(1000)) * time.Microsecond)
			b = a.Add(time.Duration(r.Int64N(int64(30 * 24 * time.Hour))))
		}
		lo, err := id.MinAt(a)
		must(t, err)
		hi, err := id.MinAt(b)
		must(t, err)
		byIDs := selectStrings(t, c, "SELECT "+dl.text("old_key")+" FROM users WHERE id >= "+dl.ph(1)+" AND id < "+dl.ph(2)+" ORDER BY old_key", lo, hi)
		byTime := selectStrings(t, c, "SELECT "+dl.text("old_key")+" FROM users WHERE created_at >= "+dl.ph(1)+" AND created_at < "+dl.ph(2)+" ORDER BY old_key",
			dl.createdArg(a.Truncate(time.Millisecond)), dl.createdArg(b.Truncate(time.Millisecond)))
		if !slices.Equal(byIDs, byTime) || len(byIDs) == 0 {
			t.Fatalf("window [%v, %v): %d rows by id, %d by created_at", a, b, len(byIDs), len(byTime))
		}
	}

	// The old key finds the row (ids that left the database).
	u := fx.users[len(fx.users)/2]
	var got id.ID
	must(t, c.QueryRowContext(ctx, "SELECT id FROM users WHERE old_key = "+dl.ph(1), u.key).Scan(&got))
	if got != newID[u.key] {
		t.Errorf("lookup by old key %s: %s, want %s", u.key, got, newID[u.key])
	}

	// The keys are keys: a new user's id from New sorts last, a dangling
	// reference and a duplicate old key are refused.
	fresh := id.New()
	must(t, execSQL(ctx, c, "INSERT INTO users (id, old_key, created_at, name) VALUES ("+dl.ph(1)+", "+dl.ph(2)+", "+dl.ph(3)+", 'new')",
		fresh, uuidText(uuid4(r)), dl.createdArg(time.Now())))
	if last := selectStrings(t, c, "SELECT name FROM users ORDER BY id DESC LIMIT 1"); !slices.Equal(last, []string{"new"}) {
		t.Errorf("last user by id: %q, want the new one", last)
	}
	if err := execSQL(ctx, c, "INSERT INTO posts (id, author_id, editor_id, title) VALUES ("+dl.ph(1)+", "+dl.ph(2)+", NULL, 'x')",
		uuidText(uuid4(r)), id.New()); err == nil {
		t.Error("a post whose author does not exist was inserted")
	}
	if err := execSQL(ctx, c, "INSERT INTO users (id, old_key, created_at, name) VALUES ("+dl.ph(1)+", "+dl.ph(2)+", "+dl.ph(3)+", 'dup')",
		id.New(), u.key, dl.createdArg(time.Now())); err == nil {
		t.Error("a second user with an existing old key was inserted")
	}
	if err := execSQL(ctx, c, "SELECT count(*) FROM id_map"); err == nil {
		t.Error("id_map is still there")
	}
}

func countRows(t *testing.T, c *sql.Conn, query string, args ...any) int {
	t.Helper()
	var n int
	if err := c.QueryRowContext(context.Background(), query, args...).Scan(&n); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	return n
}

func selectStrings(t *testing.T, c *sql.Conn, query string, args ...any) []string {
	t.Helper()
	rows, err := c.QueryContext(context.Background(), query, args...)
	if err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var s string
		must(t, rows.Scan(&s))
		out = append(out, s)
	}
	must(t, rows.Err())
	return out
}

func execSQL(ctx context.Context, c *sql.Conn, query string, args ...any) error {
	_, err := c.ExecContext(ctx, query, args...)
	return err
}

func readAdopt(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "adopt", name))
	must(t, err)
	return string(b)
}

// runScript runs an SQL file statement by statement, as the databases'
// command-line clients do: statements end with ";" at the end of a line,
// or with the delimiter a "DELIMITER x" line sets (MariaDB); a
// PostgreSQL $$ block ends only after its closing $$; lines that start
// with "--" are comments. It stops at the first error.
func runScript(ctx context.Context, c *sql.Conn, script string) error {
	stmts, err := splitScript(script)
	if err != nil {
		return err
	}
	for i, s := range stmts {
		if _, err := c.ExecContext(ctx, s); err != nil {
			first, _, _ := strings.Cut(s, "\n")
			return fmt.Errorf("statement %d (%s): %w", i+1, first, err)
		}
	}
	return nil
}

func splitScript(script string) ([]string, error) {
	var stmts []string
	var cur strings.Builder
	delim := ";"
	dollar := false
	for _, line := range strings.Split(script, "\n") {
		trimmed := strings.TrimSpace(line)
		if cur.Len() == 0 && (trimmed == "" || strings.HasPrefix(trimmed, "--")) {
			continue
		}
		if cur.Len() == 0 && strings.HasPrefix(trimmed, "DELIMITER ") {
			delim = strings.TrimSpace(strings.TrimPrefix(trimmed, "DELIMITER "))
			continue
		}
		if strings.Count(line, "$$")%2 == 1 {
			dollar = !dollar
		}
		cur.WriteString(line + "\n")
		if !dollar && strings.HasSuffix(trimmed, delim) {
			s := strings.TrimSpace(cur.String())
			stmts = append(stmts, strings.TrimSpace(strings.TrimSuffix(s, delim)))
			cur.Reset()
		}
	}
	if strings.TrimSpace(cur.String()) != "" {
		return nil, fmt.Errorf("script ends inside a statement: %q", cur.String())
	}
	return stmts, nil
}

// buildTool builds cmd/idkeys of the root module into a temporary folder.
func buildTool(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "id")
	cmd := exec.Command("go", "build", "-o", bin, "./cmd/idkeys")
	cmd.Dir = ".."
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build ./cmd/idkeys: %v\n%s", err, out)
	}
	return bin
}

// TestAdoptDocsShowTheRecipes: docs/adopting.md shows every file of
// testdata/adopt byte for byte, so the page's SQL is the tested SQL.
func TestAdoptDocsShowTheRecipes(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join("..", "docs", "adopting.md"))
	must(t, err)
	files, err := filepath.Glob(filepath.Join("testdata", "adopt", "*.sql"))
	must(t, err)
	if len(files) != 9 {
		t.Fatalf("%d files in testdata/adopt, want 9", len(files))
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		must(t, err)
		if !strings.Contains(string(doc), string(b)) {
			t.Errorf("docs/adopting.md does not show %s as it is", f)
		}
	}
}

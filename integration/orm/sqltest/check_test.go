package sqltest

import (
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/go-sql-driver/mysql"
	"github.com/idkeys/id"
	"github.com/idkeys/id/integration/orm/internal/testdb"
	"github.com/jackc/pgx/v5/pgconn"
	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// The CHECK constraints of the recipe: each refuses, in the database
// itself, any text that id.ID.Scan would refuse (uppercase included), so
// raw SQL cannot store an id this package cannot read.
var (
	// PostgreSQL: ~ is always case-sensitive, and $ matches only at the
	// end of the text.
	postgresCheck = "CHECK (id ~ '" + id.Pattern + "')"
	// MariaDB: REGEXP follows the column's collation, and the default
	// utf8mb4_general_ci folds case, so the constraint matches the bytes
	// (id REGEXP BINARY '…' works as well). PCRE's $ also matches before
	// a final newline: a VARCHAR(26) column drops that 27th character
	// (with a note), storing the valid id; on a TEXT column add
	// LENGTH(id) = 26.
	mariadbCheck = "CHECK (CAST(id AS BINARY) REGEXP '" + id.Pattern + "')"
	// SQLite has no REGEXP function by default: GLOB is case-sensitive,
	// and length counts characters.
	sqliteCheck = "CHECK (typeof(id) = 'text' AND length(id) = 26 AND id GLOB '[0-7]*' AND id NOT GLOB '*[^0-9a-hjkmnp-tv-z]*')"
)

// outcome is what the database does with a raw INSERT of one text.
type outcome int

const (
	stored  outcome = iota // the row is written as given
	check                  // refused by the CHECK constraint
	tooLong                // refused by the column's length (VARCHAR(26))
	trimmed                // written without its last character (MariaDB drops a trailing newline past VARCHAR(26) with a note)
)

func (o outcome) String() string {
	return [...]string{"stored", "CHECK violation", "too long for the column", "stored without its last character"}[o]
}

// badIDs are texts that id.ID.Scan refuses, made from a valid lowercase
// id whose last character is a letter.
func badIDs() []struct{ name, text string } {
	const good = "01arz3ndektsv4rrffq69g5fav"
	return []struct{ name, text string }{
		{"uppercase", strings.ToUpper(good)},
		{"one uppercase letter", good[:25] + strings.ToUpper(good[25:])},
		{"25 characters", good[:25]},
		{"27 characters", good + "0"},
		{"first character 8 (overflow)", "8" + good[1:]},
		{"letter u (not Crockford)", good[:25] + "u"},
		{"letter o (Crockford alias)", good[:25] + "o"},
		{"trailing newline", good + "\n"},
		{"trailing space", good[:25] + " "},
		{"empty", ""},
	}
}

type checkCase struct {
	name   string
	create string // CREATE TABLE with %s for the table name
	// differ lists the bad texts (by name) whose outcome is not check.
	differ map[string]outcome
}

// TestCheckConstraint: the recipe's constraint on each database refuses
// every bad text written by raw SQL, accepts every id written through
// id.ID.Value, and (MariaDB) the measured reasons for the CAST: a plain
// REGEXP under a _ci collation accepts uppercase ids, and on a TEXT column
// the pattern's $ lets a trailing newline through.
func TestCheckConstraint(t *testing.T) {
	t.Run("SQLite", func(t *testing.T) {
		db := testdb.SQLite(t, "sqlite")
		isCheck := func(err error) bool {
			var e *sqlite.Error
			return errors.As(err, &e) && e.Code() == sqlite3.SQLITE_CONSTRAINT_CHECK
		}
		runChecks(t, db, "?", isCheck, nil, []checkCase{
			{name: "TEXT", create: "CREATE TABLE %s (id TEXT NOT NULL " + sqliteCheck + ")"},
			{name: "VARCHAR(26)", create: "CREATE TABLE %s (id VARCHAR(26) NOT NULL " + sqliteCheck + ")"},
		})
	})
	t.Run("PostgreSQL", func(t *testing.T) {
		db := testdb.Postgres(t)
		pgCode := func(code string) func(error) bool {
			return func(err error) bool {
				var e *pgconn.PgError
				return errors.As(err, &e) && e.Code == code
			}
		}
		long := map[string]outcome{"27 characters": tooLong, "trailing newline": tooLong}
		runChecks(t, db, "$1", pgCode("23514"), pgCode("22001"), []checkCase{
			{name: "TEXT", create: "CREATE TABLE %s (id TEXT NOT NULL " + postgresCheck + ")"},
			{name: "TEXT/C", create: `CREATE TABLE %s (id TEXT COLLATE "C" NOT NULL ` + postgresCheck + ")"},
			{name: "TEXT/en-US-x-icu", create: `CREATE TABLE %s (id TEXT COLLATE "en-US-x-icu" NOT NULL ` + postgresCheck + ")"},
			{name: "VARCHAR(26)", create: "CREATE TABLE %s (id VARCHAR(26) NOT NULL " + postgresCheck + ")", differ: long},
		})
	})
	t.Run("MariaDB", func(t *testing.T) {
		db := testdb.MariaDB(t)
		myCode := func(n uint16) func(error) bool {
			return func(err error) bool {
				var e *mysql.MySQLError
				return errors.As(err, &e) && e.Number == n
			}
		}
		long := map[string]outcome{"27 characters": tooLong, "trailing newline": trimmed}
		plain := "CHECK (id REGEXP '" + id.Pattern + "')"
		runChecks(t, db, "?", myCode(4025), myCode(1406), []checkCase{ // ER_CONSTRAINT_FAILED, ER_DATA_TOO_LONG
			{name: "VARCHAR(26)/default", create: "CREATE TABLE %s (id VARCHAR(26) NOT NULL " + mariadbCheck + ")", differ: long},
			{name: "VARCHAR(26)/utf8mb4_unicode_ci", create: "CREATE TABLE %s (id VARCHAR(26) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci NOT NULL " + mariadbCheck + ")", differ: long},
			{name: "VARCHAR(26)/ascii_bin", create: "CREATE TABLE %s (id VARCHAR(26) CHARACTER SET ascii COLLATE ascii_bin NOT NULL " + mariadbCheck + ")", differ: long},
			// On a TEXT column PCRE's $ lets a final newline through.
			{name: "TEXT/default", create: "CREATE TABLE %s (id TEXT NOT NULL " + mariadbCheck + ")",
				differ: map[string]outcome{"trailing newline": stored}},
			{name: "TEXT/default/with LENGTH", create: "CREATE TABLE %s (id TEXT NOT NULL CHECK (CAST(id AS BINARY) REGEXP '" + id.Pattern + "' AND LENGTH(id) = 26))"},
			// The trap, measured: a plain REGEXP folds case under the
			// default _ci collation. REGEXP BINARY on the column works.
			{name: "trap/plain REGEXP under utf8mb4_general_ci", create: "CREATE TABLE %s (id VARCHAR(26) NOT NULL " + plain + ")",
				differ: map[string]outcome{"uppercase": stored, "one uppercase letter": stored, "27 characters": tooLong, "trailing newline": trimmed}},
			{name: "REGEXP BINARY under utf8mb4_general_ci", create: "CREATE TABLE %s (id VARCHAR(26) NOT NULL CHECK (id REGEXP BINARY '" + id.Pattern + "'))", differ: long},
			{name: "plain REGEXP under utf8mb4_bin", create: "CREATE TABLE %s (id VARCHAR(26) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL " + plain + ")", differ: long},
		})
	})
}

// runChecks creates each case's table, inserts a good id through Value and
// its lowercase text, then each bad text, and compares what the database
// did with the case's expected outcomes.
func runChecks(t *testing.T, db *sql.DB, ph string, isCheck, isTooLong func(error) bool, cases []checkCase) {
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tb := testdb.Name("chk")
			_, err := db.Exec(fmt.Sprintf(c.create, tb))
			testdb.Must(t, err)
			testdb.Drop(t, db, tb)
			ins := "INSERT INTO " + tb + " (id) VALUES (" + ph + ")"

			good := id.New()
			_, err = db.Exec(ins, good)
			testdb.Must(t, err)
			_, err = db.Exec(ins, id.New().String()) // raw lowercase text
			testdb.Must(t, err)

			for _, b := range badIDs() {
				want := check
				if o, ok := c.differ[b.name]; ok {
					want = o
				}
				_, err := db.Exec("DELETE FROM " + tb)
				testdb.Must(t, err)
				_, err = db.Exec(ins, b.text)
				var got outcome
				switch {
				case err == nil:
					var n int
					testdb.Must(t, db.QueryRow("SELECT length(id) FROM "+tb).Scan(&n))
					got = stored
					if n == len(b.text)-1 {
						got = trimmed
					}
				case isCheck(err):
					got = check
				case isTooLong != nil && isTooLong(err):
					got = tooLong
				default:
					t.Errorf("%s %q: unexpected error %v", b.name, b.text, err)
					continue
				}
				if got != want {
					t.Errorf("%s %q: %v (err %v), want %v", b.name, b.text, got, err, want)
				}
			}
		})
	}
}

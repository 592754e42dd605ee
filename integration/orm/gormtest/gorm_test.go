// Package gormtest is the GORM recipe of docs/works-with.md, run on
// SQLite (github.com/glebarez/sqlite, pure Go), PostgreSQL
// (gorm.io/driver/postgres, pgx) and MariaDB (gorm.io/driver/mysql).
package gormtest

import (
	"database/sql"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/glebarez/sqlite"
	gomysql "github.com/go-sql-driver/mysql"
	"github.com/idkeys/id"
	"github.com/idkeys/id/integration/orm/internal/testdb"
	"github.com/jackc/pgx/v5/pgconn"
	"gorm.io/driver/mysql"
	"gorm.io/driver/postgres"
	"gorm.io/gorm"
	"gorm.io/gorm/logger"
	"gorm.io/gorm/schema"
)

// Team and User are the recipe's models, untagged but for primaryKey:
// id.ID's GormDataType makes both keys and the foreign key varchar(26).
type Team struct {
	ID   id.ID `gorm:"primaryKey"`
	Name string
}

type User struct {
	ID     id.ID `gorm:"primaryKey"`
	Name   string
	TeamID *id.ID // belongs to Team; nil is NULL
	Team   *Team
}

// NullRef is GORM's trap: it does not look inside sql.Null[id.ID], so the
// column migrates as an integer.
type NullRef struct {
	ID  id.ID `gorm:"primaryKey"`
	Ref sql.Null[id.ID]
}

// TaggedNullRef is the fix for NullRef's trap.
type TaggedNullRef struct {
	ID  id.ID           `gorm:"primaryKey"`
	Ref sql.Null[id.ID] `gorm:"type:varchar(26)"`
}

// database is one database under test: how to open it with GORM and how to
// read a column's type back from its catalog.
type database struct {
	name string
	open func(t *testing.T) gorm.Dialector
	// column returns the column's type as the catalog spells it, and
	// whether the database fills it by itself (auto-increment, a sequence
	// default or any other default).
	column func(t *testing.T, db *gorm.DB, table, col string) (typ string, generated bool)
	// wantType is the catalog's spelling of varchar(26), and wantNullRef
	// that of the integer column the sql.Null[id.ID] trap makes.
	wantType, wantNullRef string
	// intRefused reports whether err is the database's refusal of an id
	// written into the integer column of the sql.Null trap; nil means the
	// database accepts it.
	intRefused func(error) bool
}

var databases = []database{
	{
		name: "SQLite",
		open: func(t *testing.T) gorm.Dialector {
			return sqlite.Dialector{Conn: testdb.SQLite(t, "sqlite")}
		},
		column: func(t *testing.T, db *gorm.DB, table, col string) (string, bool) {
			var typ, ddl string
			testdb.Must(t, db.Raw("SELECT type FROM pragma_table_info(?) WHERE name = ?", table, col).Row().Scan(&typ))
			testdb.Must(t, db.Raw("SELECT sql FROM sqlite_master WHERE name = ?", table).Row().Scan(&ddl))
			return typ, strings.Contains(strings.ToUpper(ddl), "AUTOINCREMENT")
		},
		wantType:    "varchar(26)",
		wantNullRef: "INTEGER",
	},
	{
		name: "PostgreSQL",
		open: func(t *testing.T) gorm.Dialector {
			return postgres.New(postgres.Config{Conn: testdb.Postgres(t)})
		},
		column: func(t *testing.T, db *gorm.DB, table, col string) (string, bool) {
			var typ string
			var def sql.NullString
			testdb.Must(t, db.Raw(`SELECT format_type(a.atttypid, a.atttypmod), pg_get_expr(d.adbin, d.adrelid)
				FROM pg_attribute a LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
				WHERE a.attrelid = ?::regclass AND a.attname = ?`, table, col).Row().Scan(&typ, &def))
			return typ, def.Valid
		},
		wantType:    "character varying(26)",
		wantNullRef: "bigint",
		intRefused: func(err error) bool {
			var e *pgconn.PgError
			return errors.As(err, &e) && e.Code == "22P02" // invalid_text_representation
		},
	},
	{
		name: "MariaDB",
		open: func(t *testing.T) gorm.Dialector {
			return mysql.New(mysql.Config{Conn: testdb.MariaDB(t)})
		},
		column: func(t *testing.T, db *gorm.DB, table, col string) (string, bool) {
			var typ, extra string
			var def sql.NullString
			testdb.Must(t, db.Raw(`SELECT column_type, extra, column_default FROM information_schema.columns
				WHERE table_schema = DATABASE() AND table_name = ? AND column_name = ?`, table, col).Row().Scan(&typ, &extra, &def))
			return typ, extra != "" || (def.Valid && def.String != "NULL") // MariaDB spells "no default" NULL
		},
		wantType:    "varchar(26)",
		wantNullRef: "bigint(20) unsigned",
		intRefused: func(err error) bool {
			var e *gomysql.MySQLError
			return errors.As(err, &e) && e.Number == 1265 // WARN_DATA_TRUNCATED, an error in strict mode
		},
	},
}

// open opens db with GORM, every table name prefixed so that concurrent
// runs never meet, and drops the recipe's tables when the test ends.
func open(t *testing.T, d database) (*gorm.DB, string) {
	t.Helper()
	prefix := testdb.Name("gorm") + "_"
	db, err := gorm.Open(d.open(t), &gorm.Config{
		NamingStrategy: schema.NamingStrategy{TablePrefix: prefix},
		Logger:         logger.Discard,
	})
	testdb.Must(t, err)
	t.Cleanup(func() {
		if err := db.Migrator().DropTable(&User{}, &Team{}, &NullRef{}, &TaggedNullRef{}); err != nil {
			t.Errorf("dropping the GORM tables: %v", err)
		}
	})
	return db, prefix
}

func TestGORM(t *testing.T) {
	for _, d := range databases {
		t.Run(d.name, func(t *testing.T) {
			t.Run("Recipe", func(t *testing.T) { testRecipe(t, d) })
			t.Run("FindWithIDSliceReturnsEveryRow", func(t *testing.T) { testFindSlice(t, d) })
			t.Run("ZeroInQueriesFails", func(t *testing.T) { testZeroInQueries(t, d) })
			t.Run("NullIDMigratesAsInteger", func(t *testing.T) { testNullRef(t, d) })
			t.Run("FirstIntoCreatedRecordAddsItsKey", func(t *testing.T) { testFirstReuse(t, d) })
		})
	}
}

// testFirstReuse measures a trap a new user hit with the recipe: First
// into a record that already holds a key (the one just created) adds
// that key to the query, so looking up any other id answers
// gorm.ErrRecordNotFound. Look up into a fresh variable.
func testFirstReuse(t *testing.T, d database) {
	db, _ := open(t, d)
	testdb.Must(t, db.AutoMigrate(&Team{}, &User{}))
	u := User{ID: id.New(), Name: "alice"}
	testdb.Must(t, db.Create(&u).Error)
	other := User{ID: id.New(), Name: "bob"}
	testdb.Must(t, db.Create(&other).Error)

	if err := db.First(&u, "id = ?", other.ID).Error; !errors.Is(err, gorm.ErrRecordNotFound) {
		t.Fatalf(`First(&created, "id = ?", other) = %v, want the measured gorm.ErrRecordNotFound`, err)
	}
	var found User
	testdb.Must(t, db.First(&found, "id = ?", other.ID).Error)
	if found.ID != other.ID || found.Name != "bob" {
		t.Fatalf(`First(&found, "id = ?", other) = %+v, want bob`, found)
	}
}

// testRecipe: AutoMigrate makes varchar(26) keys and foreign key with no
// auto-increment, and Create, First, Where, Preload, Save and Delete work
// with id.ID values; the zero ID is refused with ErrZero.
func testRecipe(t *testing.T, d database) {
	db, prefix := open(t, d)
	testdb.Must(t, db.AutoMigrate(&Team{}, &User{}))

	for _, c := range []struct{ table, col string }{{"teams", "id"}, {"users", "id"}, {"users", "team_id"}} {
		typ, generated := d.column(t, db, prefix+c.table, c.col)
		if typ != d.wantType || generated {
			t.Errorf("%s.%s: type %q, generated %v; want %q, not generated", c.table, c.col, typ, generated, d.wantType)
		}
	}

	team := Team{ID: id.New(), Name: "core"}
	testdb.Must(t, db.Create(&team).Error)
	alice := User{ID: id.New(), Name: "alice", TeamID: &team.ID}
	bob := User{ID: id.New(), Name: "bob"} // no team: team_id is NULL
	carol := User{ID: id.New(), Name: "carol", TeamID: &team.ID}
	testdb.Must(t, db.Create(&[]User{alice, bob, carol}).Error)

	// The stored key is the 26-character lowercase text.
	var raw string
	testdb.Must(t, db.Raw("SELECT id FROM "+prefix+"users WHERE name = ?", "alice").Row().Scan(&raw))
	if raw != alice.ID.String() {
		t.Fatalf("stored id %q, want %q", raw, alice.ID.String())
	}

	var u User
	testdb.Must(t, db.First(&u, "id = ?", bob.ID).Error)
	if u.ID != bob.ID || u.Name != "bob" || u.TeamID != nil {
		t.Fatalf(`First(&u, "id = ?", bob) = %+v, want bob with a nil TeamID`, u)
	}

	u = User{}
	testdb.Must(t, db.Where("id = ?", alice.ID).First(&u).Error)
	if u.ID != alice.ID || u.TeamID == nil || *u.TeamID != team.ID {
		t.Fatalf(`Where("id = ?", alice).First = %+v, want alice with TeamID %v`, u, team.ID)
	}

	// The inline primary-key form First(&u, uid) works too: GORM calls
	// Value and compares the key with the text.
	u = User{}
	testdb.Must(t, db.First(&u, carol.ID).Error)
	if u.ID != carol.ID {
		t.Fatalf("First(&u, carol.ID) = %+v, want carol", u)
	}

	var some []User
	testdb.Must(t, db.Where("id IN ?", []id.ID{alice.ID, carol.ID}).Order("id").Find(&some).Error)
	if got := userIDs(some); !slices.Equal(got, []id.ID{alice.ID, carol.ID}) {
		t.Fatalf(`Where("id IN ?", {alice, carol}) = %v, want [%v %v]`, got, alice.ID, carol.ID)
	}

	var withTeam []User
	testdb.Must(t, db.Preload("Team").Order("id").Find(&withTeam).Error)
	if len(withTeam) != 3 || withTeam[0].Team == nil || withTeam[0].Team.ID != team.ID || withTeam[0].Team.Name != "core" ||
		withTeam[1].Team != nil || withTeam[2].Team == nil || withTeam[2].Team.ID != team.ID {
		t.Fatalf("Preload(Team) = %+v, want alice and carol with team %v, bob with none", withTeam, team.ID)
	}

	// Save updates by primary key.
	alice.Name = "alice2"
	alice.TeamID = nil
	testdb.Must(t, db.Save(&alice).Error)
	u = User{}
	testdb.Must(t, db.First(&u, "id = ?", alice.ID).Error)
	if u.Name != "alice2" || u.TeamID != nil {
		t.Fatalf("after Save: %+v, want name alice2 and no team", u)
	}

	// Delete by primary key removes that row only.
	testdb.Must(t, db.Delete(&bob).Error)
	var n int64
	testdb.Must(t, db.Model(&User{}).Count(&n).Error)
	if n != 2 {
		t.Fatalf("%d users after deleting bob, want 2", n)
	}
	if err := db.First(&u, "id = ?", bob.ID).Error; !errors.Is(err, gorm.ErrRecordNotFound) {
		t.Fatalf("First(bob) after Delete: err = %v, want gorm.ErrRecordNotFound", err)
	}

	// A forgotten id.New(): the zero key is refused with ErrZero and no
	// row is written.
	err := db.Create(&User{Name: "nobody"}).Error
	if !errors.Is(err, id.ErrZero) {
		t.Fatalf("Create with the zero id: err = %v, want one wrapping id.ErrZero", err)
	}
	testdb.Must(t, db.Model(&User{}).Count(&n).Error)
	if n != 2 {
		t.Fatalf("%d users after the refused Create, want 2", n)
	}
}

func userIDs(us []User) []id.ID {
	out := make([]id.ID, len(us))
	for i, u := range us {
		out[i] = u.ID
	}
	return out
}

// testFindSlice measures GORM's trap: Find(&xs, []id.ID{…}) parses the
// slice as a slice of models with no readable fields, builds no WHERE and
// returns every row. Where("id IN ?", ids) is the form that works.
func testFindSlice(t *testing.T, d database) {
	db, _ := open(t, d)
	testdb.Must(t, db.AutoMigrate(&Team{}, &User{}))
	users := []User{{ID: id.New(), Name: "a"}, {ID: id.New(), Name: "b"}, {ID: id.New(), Name: "c"}}
	testdb.Must(t, db.Create(&users).Error)

	var got []User
	testdb.Must(t, db.Find(&got, []id.ID{users[0].ID}).Error)
	if len(got) != 3 {
		t.Fatalf("Find(&xs, []id.ID{one}) returned %d rows; the measured trap returns all 3", len(got))
	}
	got = nil
	testdb.Must(t, db.Where("id IN ?", []id.ID{users[0].ID}).Find(&got).Error)
	if len(got) != 1 || got[0].ID != users[0].ID {
		t.Fatalf(`Where("id IN ?", []id.ID{one}) = %v, want just %v`, userIDs(got), users[0].ID)
	}
}

// testNullRef measures GORM's other trap: a sql.Null[id.ID] field outside
// a relation migrates as an integer column, because GORM does not look
// inside sql.Null[T]. Use *id.ID, or tag the field type:varchar(26).
func testNullRef(t *testing.T, d database) {
	db, prefix := open(t, d)
	testdb.Must(t, db.AutoMigrate(&NullRef{}))
	typ, _ := d.column(t, db, prefix+"null_refs", "ref")
	if typ != d.wantNullRef {
		t.Fatalf("sql.Null[id.ID] column: type %q, want the measured %q", typ, d.wantNullRef)
	}
	// Writing an id into it: SQLite keeps the text (its INTEGER affinity
	// leaves non-numeric text alone), PostgreSQL and MariaDB (strict mode,
	// the default) refuse it.
	ref := id.New()
	row := NullRef{ID: id.New(), Ref: sql.Null[id.ID]{V: ref, Valid: true}}
	err := db.Create(&row).Error
	if d.intRefused == nil {
		testdb.Must(t, err)
		var back NullRef
		testdb.Must(t, db.First(&back, "id = ?", row.ID).Error)
		if back.Ref != row.Ref {
			t.Fatalf("read back %+v, want %+v", back.Ref, row.Ref)
		}
	} else if !d.intRefused(err) {
		t.Fatalf("inserting an id into the integer column: err = %v, want the measured refusal", err)
	}

	// The fix: tag the field (or use *id.ID, as User.TeamID does).
	testdb.Must(t, db.AutoMigrate(&TaggedNullRef{}))
	if typ, _ := d.column(t, db, prefix+"tagged_null_refs", "ref"); typ != d.wantType {
		t.Fatalf(`sql.Null[id.ID] tagged type:varchar(26): type %q, want %q`, typ, d.wantType)
	}
	tagged := TaggedNullRef{ID: id.New(), Ref: sql.Null[id.ID]{V: ref, Valid: true}}
	testdb.Must(t, db.Create(&tagged).Error)
	testdb.Must(t, db.Create(&TaggedNullRef{ID: id.New()}).Error) // NULL
	var back []TaggedNullRef
	testdb.Must(t, db.Order("id").Find(&back).Error)
	if len(back) != 2 || back[0] != tagged || back[1].Ref.Valid {
		t.Fatalf("read back %+v, want [%+v {… NULL}]", back, tagged)
	}
}

// testZeroInQueries: a zero ID in a query fails; it never matches or
// drops a condition. In a WHERE argument it is refused with ErrZero
// (through database/sql and through pgx alike); as the inline primary key
// of First GORM drops Value's error and answers gorm.ErrInvalidData; as
// the key of Delete, gorm.ErrMissingWhereClause.
func testZeroInQueries(t *testing.T, d database) {
	db, _ := open(t, d)
	testdb.Must(t, db.AutoMigrate(&Team{}, &User{}))
	users := []User{{ID: id.New(), Name: "a"}, {ID: id.New(), Name: "b"}}
	testdb.Must(t, db.Create(&users).Error)

	var u User
	if err := db.First(&u, id.ID{}).Error; !errors.Is(err, gorm.ErrInvalidData) || !u.ID.IsZero() {
		t.Errorf("First(&u, zero) = %+v, %v; want no row and gorm.ErrInvalidData", u, err)
	}
	if err := db.First(&u, "id = ?", id.ID{}).Error; !errors.Is(err, id.ErrZero) || !u.ID.IsZero() {
		t.Errorf(`First(&u, "id = ?", zero) = %+v, %v; want no row and id.ErrZero`, u, err)
	}
	var us []User
	if err := db.Where("id IN ?", []id.ID{users[0].ID, {}}).Find(&us).Error; !errors.Is(err, id.ErrZero) || len(us) != 0 {
		t.Errorf(`Where("id IN ?", {a, zero}) = %v, %v; want no rows and id.ErrZero`, userIDs(us), err)
	}
	if err := db.Delete(&User{}).Error; !errors.Is(err, gorm.ErrMissingWhereClause) {
		t.Errorf("Delete(&User{}) with the zero key: err = %v, want gorm.ErrMissingWhereClause", err)
	}
	var n int64
	testdb.Must(t, db.Model(&User{}).Count(&n).Error)
	if n != 2 {
		t.Fatalf("%d users, want 2", n)
	}
}

// BinTeam and BinUser are the recipe's models for MariaDB with the key
// columns in a binary collation: GORM's varchar(26) takes the table's
// default collation, utf8mb4_general_ci, which folds case. The key and
// the foreign key carry the same tag, as MariaDB wants for a foreign key.
type BinTeam struct {
	ID   id.ID `gorm:"primaryKey;type:varchar(26) CHARACTER SET ascii COLLATE ascii_bin"`
	Name string
}

type BinUser struct {
	ID     id.ID `gorm:"primaryKey;type:varchar(26) CHARACTER SET ascii COLLATE ascii_bin"`
	Name   string
	TeamID *id.ID `gorm:"type:varchar(26) CHARACTER SET ascii COLLATE ascii_bin"`
	Team   *BinTeam
}

// TestGORMMariaDBCollation measures what the untagged model's key
// collation is on MariaDB (a new user found it): utf8mb4_general_ci, so an
// uppercase copy of an id finds the row, unlike the binary collation the
// README recommends. The tagged models get ascii_bin and the uppercase
// copy misses, with the foreign key in place.
func TestGORMMariaDBCollation(t *testing.T) {
	d := databases[2]
	if d.name != "MariaDB" {
		t.Fatalf("databases[2] is %s, want MariaDB", d.name)
	}
	db, prefix := open(t, d)
	t.Cleanup(func() {
		if err := db.Migrator().DropTable(&BinUser{}, &BinTeam{}); err != nil {
			t.Errorf("dropping the tables: %v", err)
		}
	})
	testdb.Must(t, db.AutoMigrate(&Team{}, &User{}, &BinTeam{}, &BinUser{}))

	collation := func(table, col string) string {
		var c string
		testdb.Must(t, db.Raw(`SELECT collation_name FROM information_schema.columns
			WHERE table_schema = DATABASE() AND table_name = ? AND column_name = ?`, table, col).Row().Scan(&c))
		return c
	}
	for _, c := range []struct{ table, col, want string }{
		{"users", "id", "utf8mb4_general_ci"},
		{"users", "team_id", "utf8mb4_general_ci"},
		{"bin_users", "id", "ascii_bin"},
		{"bin_users", "team_id", "ascii_bin"},
		{"bin_teams", "id", "ascii_bin"},
	} {
		if got := collation(prefix+c.table, c.col); got != c.want {
			t.Errorf("%s.%s: collation %q, want the measured %q", c.table, c.col, got, c.want)
		}
	}

	team := Team{ID: id.New(), Name: "core"}
	testdb.Must(t, db.Create(&team).Error)
	binTeam := BinTeam{ID: id.New(), Name: "core"}
	testdb.Must(t, db.Create(&binTeam).Error)
	u := User{ID: id.New(), Name: "alice", TeamID: &team.ID}
	testdb.Must(t, db.Create(&u).Error)
	bu := BinUser{ID: id.New(), Name: "alice", TeamID: &binTeam.ID}
	testdb.Must(t, db.Create(&bu).Error)

	count := func(model any, upper string) int64 {
		var n int64
		//idvet:allow KEYS-5 the test looks up an uppercase id's text on purpose, to measure each column type's collation
		testdb.Must(t, db.Model(model).Where("id = ?", upper).Count(&n).Error)
		return n
	}
	if n := count(&User{}, strings.ToUpper(u.ID.String())); n != 1 {
		t.Errorf("untagged: an uppercase copy of the id found %d rows, want the measured 1 (the collation folds case)", n)
	}
	if n := count(&BinUser{}, strings.ToUpper(bu.ID.String())); n != 0 {
		t.Errorf("ascii_bin: an uppercase copy of the id found %d rows, want 0", n)
	}
	var back BinUser
	testdb.Must(t, db.Preload("Team").First(&back, "id = ?", bu.ID).Error)
	if back.Team == nil || back.Team.ID != binTeam.ID {
		t.Errorf("Preload through the ascii_bin foreign key: %+v, want team %v", back, binTeam.ID)
	}
	// The foreign key exists: a reference to no team is refused.
	missing := id.New()
	if err := db.Create(&BinUser{ID: id.New(), Name: "bob", TeamID: &missing}).Error; err == nil {
		t.Errorf("a reference to a missing team was accepted: no foreign key")
	}
}

// PGTeam and PGMember have the belongs-to relation of the recipe with a
// non-pointer foreign key, untagged.
type PGTeam struct {
	ID   id.ID `gorm:"primaryKey"`
	Name string
}

type PGMember struct {
	ID     id.ID `gorm:"primaryKey"`
	TeamID id.ID
	Team   PGTeam
}

// PGTaggedTeam and PGTaggedMember are the fix on PostgreSQL: the key and
// the foreign key in the "C" collation (byte order, as databases.md
// recommends), the foreign key NOT NULL.
type PGTaggedTeam struct {
	ID   id.ID `gorm:"primaryKey;type:varchar(26) COLLATE \"C\""`
	Name string
}

type PGTaggedMember struct {
	ID     id.ID `gorm:"primaryKey;type:varchar(26) COLLATE \"C\""`
	TeamID id.ID `gorm:"not null;type:varchar(26) COLLATE \"C\""`
	Team   PGTaggedTeam
}

// TestGORMPostgresForeignKey measures what AutoMigrate makes of a
// non-pointer id.ID foreign key on PostgreSQL (a new user found it): the
// column is nullable (GORM adds NOT NULL only when tagged), so another
// writer can store a NULL, which GORM then reads without an error,
// leaving the field as it was (the zero id in a fresh variable: it skips
// Scan for NULL, so id.ErrNull never fires); and it takes
// the database's default collation ("default"), as the keys do.
// The tags of PGTaggedMember give NOT NULL and the "C" collation, with
// the foreign key in place.
func TestGORMPostgresForeignKey(t *testing.T) {
	d := databases[1]
	if d.name != "PostgreSQL" {
		t.Fatalf("databases[1] is %s, want PostgreSQL", d.name)
	}
	db, prefix := open(t, d)
	t.Cleanup(func() {
		if err := db.Migrator().DropTable(&PGMember{}, &PGTeam{}, &PGTaggedMember{}, &PGTaggedTeam{}); err != nil {
			t.Errorf("dropping the tables: %v", err)
		}
	})
	testdb.Must(t, db.AutoMigrate(&PGTeam{}, &PGMember{}, &PGTaggedTeam{}, &PGTaggedMember{}))

	column := func(table, col string) (notNull bool, collation string) {
		testdb.Must(t, db.Raw(`SELECT a.attnotnull, coalesce(c.collname, '')
			FROM pg_attribute a LEFT JOIN pg_collation c ON c.oid = a.attcollation
			WHERE a.attrelid = ?::regclass AND a.attname = ?`, table, col).Row().Scan(&notNull, &collation))
		return notNull, collation
	}
	for _, c := range []struct {
		table, col string
		notNull    bool
		collation  string
	}{
		{"pg_members", "team_id", false, "default"},
		{"pg_members", "id", true, "default"},
		{"pg_teams", "id", true, "default"},
		{"pg_tagged_members", "team_id", true, "C"},
		{"pg_tagged_members", "id", true, "C"},
		{"pg_tagged_teams", "id", true, "C"},
	} {
		if notNull, collation := column(prefix+c.table, c.col); notNull != c.notNull || collation != c.collation {
			t.Errorf("%s.%s: NOT NULL %v, collation %q; want the measured %v, %q", c.table, c.col, notNull, collation, c.notNull, c.collation)
		}
	}

	// Untagged: a NULL written by another writer is accepted, and GORM
	// reads it without an error, leaving the id.ID field as it was (the
	// zero id in a fresh variable): it does not call Scan for a NULL, so
	// id.ErrNull never fires.
	team := PGTeam{ID: id.New(), Name: "core"}
	testdb.Must(t, db.Create(&team).Error)
	m := id.New()
	testdb.Must(t, db.Exec("INSERT INTO "+prefix+"pg_members (id, team_id) VALUES (?, NULL)", m).Error)
	var back PGMember
	if err := db.First(&back, "id = ?", m).Error; err != nil || back.ID != m || !back.TeamID.IsZero() {
		t.Errorf("reading a NULL team_id into id.ID: %+v, %v; want the measured zero id and no error", back, err)
	}
	back = PGMember{TeamID: team.ID}
	if err := db.First(&back, "id = ?", m).Error; err != nil || back.TeamID != team.ID {
		t.Errorf("reading a NULL team_id into a filled id.ID: %+v, %v; want the measured field left as it was", back, err)
	}

	// Tagged: NULL is refused (23502 not_null_violation), the foreign key
	// holds, and the relation works.
	tteam := PGTaggedTeam{ID: id.New(), Name: "core"}
	testdb.Must(t, db.Create(&tteam).Error)
	err := db.Exec("INSERT INTO "+prefix+"pg_tagged_members (id, team_id) VALUES (?, NULL)", id.New()).Error
	var pe *pgconn.PgError
	if !errors.As(err, &pe) || pe.Code != "23502" {
		t.Errorf("NULL into the tagged team_id: %v, want 23502 not_null_violation", err)
	}
	missing := id.New()
	err = db.Create(&PGTaggedMember{ID: id.New(), TeamID: missing}).Error
	if !errors.As(err, &pe) || pe.Code != "23503" {
		t.Errorf("a reference to a missing team: %v, want 23503 foreign_key_violation", err)
	}
	tm := PGTaggedMember{ID: id.New(), TeamID: tteam.ID}
	testdb.Must(t, db.Create(&tm).Error)
	var tback PGTaggedMember
	testdb.Must(t, db.Preload("Team").First(&tback, "id = ?", tm.ID).Error)
	if tback.TeamID != tteam.ID || tback.Team.ID != tteam.ID || tback.Team.Name != "core" {
		t.Errorf("Preload through the tagged foreign key: %+v, want team %v", tback, tteam.ID)
	}
}

package gormtest

import (
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"testing"
	"time"

	gomysql "github.com/go-sql-driver/mysql"
	"github.com/idkeys/id"
	"github.com/idkeys/id/compact"
	"github.com/idkeys/id/integration/orm/internal/testdb"
	"github.com/jackc/pgx/v5/pgconn"
	"gorm.io/gorm"
)

// CompactTeam and CompactUser are the compact recipe's models for SQLite
// and MariaDB, untagged but for primaryKey: compact.ID's GormDataType
// makes the keys, the foreign key and the *compact.ID reference
// binary(16). GORM does not look inside sql.Null[compact.ID], so Ref
// carries the type itself.
type CompactTeam struct {
	ID   compact.ID `gorm:"primaryKey"`
	Name string
}

type CompactUser struct {
	ID     compact.ID `gorm:"primaryKey"`
	Name   string
	TeamID *compact.ID // belongs to CompactTeam; nil is NULL
	Team   *CompactTeam
	Ref    sql.Null[compact.ID] `gorm:"type:binary(16)"`
}

// PGCompactTeam and PGCompactUser are the same models for PostgreSQL,
// which has no binary type: every compact.ID field is tagged type:uuid.
type PGCompactTeam struct {
	ID   compact.ID `gorm:"primaryKey;type:uuid"`
	Name string
}

type PGCompactUser struct {
	ID     compact.ID `gorm:"primaryKey;type:uuid"`
	Name   string
	TeamID *compact.ID `gorm:"type:uuid"`
	Team   *PGCompactTeam
	Ref    sql.Null[compact.ID] `gorm:"type:uuid"`
}

// CompactNullRef is GORM's sql.Null trap again: untagged, the column is
// an integer.
type CompactNullRef struct {
	ID  compact.ID `gorm:"primaryKey"`
	Ref sql.Null[compact.ID]
}

// MariaUUIDRow is the tag not to use on MariaDB: its own uuid type.
type MariaUUIDRow struct {
	ID   compact.ID `gorm:"primaryKey;type:uuid"`
	Name string
}

// compactView is what the recipe checks of a user row, whatever its model
// type.
type compactView struct {
	ID     compact.ID
	Name   string
	TeamID *compact.ID
	Team   *CompactTeam // nil when not preloaded or NULL
	Ref    sql.Null[compact.ID]
}

// compactModels is one database's pair of models, built and read through
// functions so that one recipe runs on both pairs.
type compactModels[T, U any] struct {
	team func(k compact.ID, name string) T
	user func(k compact.ID, name string, team *compact.ID, ref sql.Null[compact.ID]) U
	view func(U) compactView
	// colType is the catalog's spelling of the compact column type.
	colType string
	// stored returns the raw key of a row as the database's driver gives
	// it to database/sql, for comparison with the id's bytes.
	stored func(k compact.ID) string
}

var plainModels = compactModels[CompactTeam, CompactUser]{
	team: func(k compact.ID, name string) CompactTeam { return CompactTeam{ID: k, Name: name} },
	user: func(k compact.ID, name string, team *compact.ID, ref sql.Null[compact.ID]) CompactUser {
		return CompactUser{ID: k, Name: name, TeamID: team, Ref: ref}
	},
	view: func(u CompactUser) compactView {
		return compactView(u)
	},
	colType: "binary(16)",
	stored:  func(k compact.ID) string { b := k.As16(); return string(b[:]) },
}

var pgModels = compactModels[PGCompactTeam, PGCompactUser]{
	team: func(k compact.ID, name string) PGCompactTeam { return PGCompactTeam{ID: k, Name: name} },
	user: func(k compact.ID, name string, team *compact.ID, ref sql.Null[compact.ID]) PGCompactUser {
		return PGCompactUser{ID: k, Name: name, TeamID: team, Ref: ref}
	},
	view: func(u PGCompactUser) compactView {
		v := compactView{ID: u.ID, Name: u.Name, TeamID: u.TeamID, Ref: u.Ref}
		if u.Team != nil {
			v.Team = &CompactTeam{ID: u.Team.ID, Name: u.Team.Name}
		}
		return v
	},
	colType: "uuid",
	stored:  func(k compact.ID) string { return uuidText(k.As16()) },
}

// uuidText spells 16 bytes as PostgreSQL prints a uuid.
func uuidText(b [16]byte) string {
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:16])
}

// TestGORMCompact runs the compact recipe of docs/works-with.md on the
// three databases: AutoMigrate (twice, as a service does at every start)
// makes 16-byte keys, foreign key and nullable references with no
// auto-increment; Create, First by key (both call forms), Where IN, Order
// by key, an id.MinAt window and Preload through the foreign key work;
// the zero id is refused with id.ErrZero and a missing team by the
// foreign key. The measured traps: untagged models fail AutoMigrate on
// PostgreSQL (42704, type "binary" does not exist), an untagged
// sql.Null[compact.ID] is an integer column, and MariaDB's own uuid type
// does not keep id order.
func TestGORMCompact(t *testing.T) {
	for _, d := range databases {
		t.Run(d.name, func(t *testing.T) {
			switch d.name {
			case "PostgreSQL":
				t.Run("Recipe", func(t *testing.T) { testCompactRecipe(t, d, pgModels) })
				t.Run("InlineKeyIsASliceOfBytes", func(t *testing.T) { testCompactInlineKey(t, d, pgModels) })
				t.Run("UntaggedFailsAutoMigrate", func(t *testing.T) { testCompactUntaggedPostgres(t, d) })
			default:
				t.Run("Recipe", func(t *testing.T) { testCompactRecipe(t, d, plainModels) })
				t.Run("InlineKeyIsASliceOfBytes", func(t *testing.T) { testCompactInlineKey(t, d, plainModels) })
				t.Run("NullIDMigratesAsInteger", func(t *testing.T) { testCompactNullRef(t, d) })
			}
			if d.name == "MariaDB" {
				t.Run("UUIDTypeLosesIDs", func(t *testing.T) { testMariaDBUUIDOrder(t, d) })
			}
		})
	}
}

// orderProbe returns ids in id order whose bytes 6 and 8 cover the cases
// where MariaDB's uuid type swaps groups (byte 6 in 0x01–0x5f, byte 8 at
// least 0x80) and where it does not, in one millisecond, so a database
// that does not compare the 16 bytes as they are gets their order wrong.
func orderProbe(t *testing.T) []compact.ID {
	t.Helper()
	ms := uint64(time.Now().UnixMilli())
	var out []compact.ID
	for _, b6 := range []byte{0x00, 0x01, 0x5f, 0x60, 0xff} {
		for _, b8 := range []byte{0x00, 0x7f, 0x80, 0xff} {
			for last := byte(1); last <= 2; last++ {
				var b [16]byte
				for i := range 6 {
					b[i] = byte(ms >> (40 - 8*i))
				}
				b[6], b[8], b[9], b[15] = b6, b8, 3-last, last // byte 9 and byte 15 disagree
				v, err := id.From16(b)
				testdb.Must(t, err)
				out = append(out, compact.ID{ID: v})
			}
		}
	}
	slices.SortFunc(out, func(a, b compact.ID) int { return a.Compare(b.ID) })
	return out
}

func testCompactRecipe[T, U any](t *testing.T, d database, m compactModels[T, U]) {
	db, _ := open(t, d)
	var team0 T
	var user0 U
	t.Cleanup(func() {
		if err := db.Migrator().DropTable(&user0, &team0); err != nil {
			t.Errorf("dropping the tables: %v", err)
		}
	})
	testdb.Must(t, db.AutoMigrate(&team0, &user0))
	testdb.Must(t, db.AutoMigrate(&team0, &user0)) // again, as at the next start: nothing to change
	ut, tt := tableName(t, db, &user0), tableName(t, db, &team0)
	for _, c := range []struct{ table, col string }{{tt, "id"}, {ut, "id"}, {ut, "team_id"}, {ut, "ref"}} {
		typ, generated := d.column(t, db, c.table, c.col)
		if typ != m.colType || generated {
			t.Errorf("%s.%s: type %q, generated %v; want %q, not generated", c.table, c.col, typ, generated, m.colType)
		}
	}

	team := compact.New()
	testdb.Must(t, db.Create(ptr(m.team(team, "core"))).Error)

	// The users: the order probe and ten ids from compact.New(), inserted
	// in reverse id order; every third has the team, every other a Ref.
	want := append(orderProbe(t), make([]compact.ID, 10)...)
	for i := len(want) - 10; i < len(want); i++ {
		want[i] = compact.New()
	}
	slices.SortFunc(want, func(a, b compact.ID) int { return a.Compare(b.ID) })
	byID := map[compact.ID]compactView{}
	for i := len(want) - 1; i >= 0; i-- {
		var tm *compact.ID
		if i%3 == 0 {
			tm = &team
		}
		var ref sql.Null[compact.ID]
		if i%2 == 0 {
			ref = sql.Null[compact.ID]{V: want[(i+1)%len(want)], Valid: true}
		}
		u := m.user(want[i], fmt.Sprintf("u%d", i), tm, ref)
		testdb.Must(t, db.Create(&u).Error)
		byID[want[i]] = m.view(u)
	}

	// The stored key is the id's 16 bytes (PostgreSQL prints them as
	// UUID text).
	var raw []byte
	testdb.Must(t, db.Raw("SELECT id FROM "+ut+" WHERE name = ?", "u0").Row().Scan(&raw))
	if string(raw) != m.stored(want[0]) {
		t.Fatalf("stored key %x, want %x", raw, m.stored(want[0]))
	}

	// Find by key, in a fresh variable, with the "id = ?" form (the
	// inline First(&u, k) is a trap: testCompactInlineKey).
	for _, k := range []compact.ID{want[0], want[17], want[len(want)-1]} {
		var u U
		testdb.Must(t, db.First(&u, "id = ?", k).Error)
		if got := m.view(u); !sameUser(got, byID[k]) {
			t.Fatalf(`First(&u, "id = ?", %v) = %+v, want %+v`, k, got, byID[k])
		}
	}

	// Order by key is id order, the probe's swapped and unswapped ids
	// included.
	var all []U
	testdb.Must(t, db.Order("id").Find(&all).Error)
	if got := viewIDs(m, all); !slices.Equal(got, want) {
		t.Fatalf("Order(id).Find = %v,\nwant %v", got, want)
	}

	// Where IN and an id.MinAt window.
	var some []U
	testdb.Must(t, db.Where("id IN ?", []compact.ID{want[3], want[1]}).Order("id DESC").Find(&some).Error)
	if got := viewIDs(m, some); !slices.Equal(got, []compact.ID{want[3], want[1]}) {
		t.Fatalf(`Where("id IN ?") = %v, want [%v %v]`, got, want[3], want[1])
	}
	last := want[len(want)-1]
	from, err := id.MinAt(last.Time())
	testdb.Must(t, err)
	var window []U
	testdb.Must(t, db.Where("id >= ?", compact.ID{ID: from}).Order("id").Find(&window).Error)
	var inWindow []compact.ID
	for _, k := range want {
		if k.Compare(from) >= 0 {
			inWindow = append(inWindow, k)
		}
	}
	if got := viewIDs(m, window); len(inWindow) == 0 || !slices.Equal(got, inWindow) {
		t.Fatalf("id >= MinAt(%v) = %v, want %v", last.Time(), got, inWindow)
	}

	// Preload through the foreign key: every third user has the team.
	var withTeam []U
	testdb.Must(t, db.Preload("Team").Order("id").Find(&withTeam).Error)
	if len(withTeam) != len(want) {
		t.Fatalf("Preload(Team) returned %d users, want %d", len(withTeam), len(want))
	}
	for i, u := range withTeam {
		v := m.view(u)
		if !sameUser(v, byID[want[i]]) {
			t.Fatalf("Preload(Team)[%d] = %+v, want %+v", i, v, byID[want[i]])
		}
		if (i%3 == 0) != (v.Team != nil) || (v.Team != nil && (v.Team.ID != team || v.Team.Name != "core")) {
			t.Fatalf("Preload(Team)[%d].Team = %+v, want team %v for every third user only", i, v.Team, team)
		}
	}

	// A forgotten compact.New(): the zero key is refused with ErrZero and
	// nothing is written; a missing team is refused by the foreign key.
	if err := db.Create(ptr(m.user(compact.ID{}, "nobody", nil, sql.Null[compact.ID]{}))).Error; !errors.Is(err, id.ErrZero) {
		t.Fatalf("Create with the zero id: err = %v, want one wrapping id.ErrZero", err)
	}
	missing := compact.New()
	if err := db.Create(ptr(m.user(compact.New(), "orphan", &missing, sql.Null[compact.ID]{}))).Error; err == nil {
		t.Fatalf("a reference to a missing team was accepted: no foreign key")
	}
	var n int64
	testdb.Must(t, db.Model(&user0).Count(&n).Error)
	if n != int64(len(want)) {
		t.Fatalf("%d users after the refused creates, want %d", n, len(want))
	}
}

// tableName returns the table GORM uses for model.
func tableName(t *testing.T, db *gorm.DB, model any) string {
	t.Helper()
	stmt := &gorm.Statement{DB: db}
	testdb.Must(t, stmt.Parse(model))
	return stmt.Schema.Table
}

func ptr[T any](v T) *T { return &v }

func viewIDs[T, U any](m compactModels[T, U], us []U) []compact.ID {
	out := make([]compact.ID, len(us))
	for i, u := range us {
		out[i] = m.view(u).ID
	}
	return out
}

// sameUser compares the stored fields of two views (not Team).
func sameUser(a, b compactView) bool {
	return a.ID == b.ID && a.Name == b.Name && a.Ref == b.Ref &&
		(a.TeamID == nil) == (b.TeamID == nil) && (a.TeamID == nil || *a.TeamID == *b.TeamID)
}

// testCompactInlineKey measures GORM's trap for a compact key given
// inline, First(&u, k) or Delete(&User{}, k): GORM calls Value, gets the
// 16 bytes as a []byte, and takes the slice for a list of 16 primary
// keys, id IN (b0, b1, …, b15). SQLite finds nothing (and deletes
// nothing, without an error), PostgreSQL fails to encode a byte as a
// uuid, and MariaDB compares the binary key with the numbers as 0: for a
// key with a zero byte every row matches, so First returns the first row
// by key and Delete deletes every row. Write "id = ?", or delete the
// model value, whose key GORM reads from its field.
func testCompactInlineKey[T, U any](t *testing.T, d database, m compactModels[T, U]) {
	db, _ := open(t, d)
	var team0 T
	var user0 U
	t.Cleanup(func() {
		if err := db.Migrator().DropTable(&user0, &team0); err != nil {
			t.Errorf("dropping the tables: %v", err)
		}
	})
	testdb.Must(t, db.AutoMigrate(&team0, &user0))
	ks := orderProbe(t)[:3] // every probe id has zero bytes
	for i, k := range ks {
		testdb.Must(t, db.Create(ptr(m.user(k, fmt.Sprint(i), nil, sql.Null[compact.ID]{}))).Error)
	}
	var u U
	err := db.First(&u, ks[2]).Error
	var deleted int64
	del := db.Delete(&user0, ks[2])
	var pe *pgconn.PgError
	switch d.name {
	case "SQLite":
		if !errors.Is(err, gorm.ErrRecordNotFound) {
			t.Errorf("First(&u, k) = %v, want the measured gorm.ErrRecordNotFound", err)
		}
		if del.Error != nil || del.RowsAffected != 0 {
			t.Errorf("Delete(&User{}, k) = %v, %d rows; want the measured no error, 0 rows", del.Error, del.RowsAffected)
		}
		deleted = 0
	case "PostgreSQL":
		if err == nil || errors.As(err, &pe) {
			t.Errorf("First(&u, k) = %v, want the measured encode error (before the server)", err)
		}
		if del.Error == nil {
			t.Errorf("Delete(&User{}, k) = %d rows, want the measured encode error", del.RowsAffected)
		}
	case "MariaDB":
		if got := m.view(u); err != nil || got.ID != ks[0] {
			t.Errorf("First(&u, %v) = %v, %v; want the measured first row by key, %v", ks[2], got.ID, err, ks[0])
		}
		if del.Error != nil || del.RowsAffected != 3 {
			t.Errorf("Delete(&User{}, k) = %v, %d rows; want the measured no error, all 3 rows", del.Error, del.RowsAffected)
		}
		deleted = 3
	}
	var n int64
	testdb.Must(t, db.Model(&user0).Count(&n).Error)
	if n != int64(len(ks))-deleted {
		t.Fatalf("%d rows left, want %d", n, int64(len(ks))-deleted)
	}
	if deleted != 0 {
		for i, k := range ks {
			testdb.Must(t, db.Create(ptr(m.user(k, fmt.Sprint(i), nil, sql.Null[compact.ID]{}))).Error)
		}
	}
	// The forms that work: "id = ?", and Delete of the model value.
	var found U
	testdb.Must(t, db.First(&found, "id = ?", ks[2]).Error)
	if m.view(found).ID != ks[2] {
		t.Fatalf(`First(&u, "id = ?", k) = %v, want %v`, m.view(found).ID, ks[2])
	}
	del = db.Delete(&found)
	if del.Error != nil || del.RowsAffected != 1 {
		t.Fatalf("Delete(&found) = %v, %d rows; want 1 row", del.Error, del.RowsAffected)
	}
}

// testCompactUntaggedPostgres: PostgreSQL has no binary type, so the
// untagged models fail AutoMigrate loudly, with no table made.
func testCompactUntaggedPostgres(t *testing.T, d database) {
	db, _ := open(t, d)
	err := db.AutoMigrate(&CompactTeam{})
	var pe *pgconn.PgError
	if !errors.As(err, &pe) || pe.Code != "42704" {
		t.Fatalf("AutoMigrate of an untagged compact.ID on PostgreSQL: %v, want the measured 42704 (type \"binary\" does not exist)", err)
	}
	if db.Migrator().HasTable(&CompactTeam{}) {
		t.Fatalf("the table was made anyway")
	}
}

// testCompactNullRef: GORM does not look inside sql.Null[compact.ID]; the
// untagged column is an integer, as for sql.Null[id.ID].
func testCompactNullRef(t *testing.T, d database) {
	db, prefix := open(t, d)
	t.Cleanup(func() {
		if err := db.Migrator().DropTable(&CompactNullRef{}); err != nil {
			t.Errorf("dropping the table: %v", err)
		}
	})
	testdb.Must(t, db.AutoMigrate(&CompactNullRef{}))
	if typ, _ := d.column(t, db, prefix+"compact_null_refs", "ref"); typ != d.wantNullRef {
		t.Fatalf("sql.Null[compact.ID] column: type %q, want the measured %q", typ, d.wantNullRef)
	}
}

// testMariaDBUUIDOrder measures why the MariaDB recipe keeps binary(16)
// and never MariaDB's own uuid type (tagged type:uuid): go-sql-driver's
// 16 bytes are refused (1292); written with UNHEX, ids whose byte 6 is
// 0x01–0x5f and byte 8 at least 0x80 are stored with their groups
// swapped, so ORDER BY is not id order, and some ids are read back as
// other ids.
func testMariaDBUUIDOrder(t *testing.T, d database) {
	db, prefix := open(t, d)
	t.Cleanup(func() {
		if err := db.Migrator().DropTable(&MariaUUIDRow{}); err != nil {
			t.Errorf("dropping the table: %v", err)
		}
	})
	testdb.Must(t, db.AutoMigrate(&MariaUUIDRow{}))
	if typ, _ := d.column(t, db, prefix+"maria_uuid_rows", "id"); typ != "uuid" {
		t.Fatalf("type:uuid column: %q, want uuid", typ)
	}
	want := orderProbe(t)
	// go-sql-driver sends the 16 bytes of Value as a string parameter,
	// which the uuid type refuses: 1292 Incorrect uuid value.
	var me *gomysql.MySQLError
	if err := db.Create(&MariaUUIDRow{ID: want[0], Name: "x"}).Error; !errors.As(err, &me) || me.Number != 1292 {
		t.Fatalf("Create into a MariaDB uuid column: %v, want the measured 1292", err)
	}
	// Written as MariaDB's functions return them (UNHEX of the id's hex),
	// the ids are taken; ORDER BY is then not id order.
	for i, k := range want {
		b := k.As16()
		testdb.Must(t, db.Exec("INSERT INTO "+prefix+"maria_uuid_rows (id, name) VALUES (UNHEX(?), ?)", fmt.Sprintf("%x", b), fmt.Sprint(i)).Error)
	}
	var rows []MariaUUIDRow
	testdb.Must(t, db.Order("id").Find(&rows).Error)
	got := make([]compact.ID, len(rows))
	for i, r := range rows {
		got[i] = r.ID
	}
	if len(got) != len(want) || slices.Equal(got, want) {
		t.Fatalf("ORDER BY on MariaDB's uuid type = %v, want the measured trap: not id order", got)
	}
	// Worse, some ids come back as other ids: 4 of the probe's, all with
	// byte 6 0xff (measured on 10.11).
	var changed []compact.ID
	for _, k := range want {
		if !slices.Contains(got, k) {
			changed = append(changed, k)
		}
	}
	for _, k := range changed {
		if b := k.As16(); b[6] != 0xff {
			t.Errorf("%v (byte 6 %#x, byte 8 %#x) came back as another id", k, b[6], b[8])
		}
	}
	if len(changed) != 4 {
		t.Errorf("%d ids came back as others, want the measured 4: %v", len(changed), changed)
	}
	// A compact.ID argument finds nothing in it (the same string
	// parameter as the refused insert).
	var n int64
	testdb.Must(t, db.Model(&MariaUUIDRow{}).Where("id = ?", want[0]).Count(&n).Error)
	if n != 0 {
		t.Fatalf(`Where("id = ?", k) on a uuid column found %d rows, want the measured 0`, n)
	}
}

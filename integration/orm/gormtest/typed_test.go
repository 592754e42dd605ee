package gormtest

import (
	"errors"
	"slices"
	"testing"

	"github.com/idkeys/id"
	"github.com/idkeys/id/integration/orm/internal/testdb"
)

// TeamID and MemberID are typed ids as docs/typed-ids.md declares them.
type (
	TeamID   struct{ id.ID }
	MemberID struct{ id.ID }
)

// TypedTeam and TypedMember are the recipe's models (Team, User) with typed
// ids, untagged but for primaryKey: GORM sees a typed id as it sees id.ID
// (GormDataType, Value and Scan are promoted), so the keys and the foreign
// key are varchar(26), and the struct is not taken apart into its fields
// (GORM does that for anonymous struct fields that are not Valuers only).
type TypedTeam struct {
	ID   TeamID `gorm:"primaryKey"`
	Name string
}

type TypedMember struct {
	ID     MemberID `gorm:"primaryKey"`
	Name   string
	TeamID *TeamID // belongs to TypedTeam; nil is NULL
	Team   *TypedTeam
}

// EmbedsTypedID is the trap docs/typed-ids.md warns about: a typed id
// embedded without a field name. GORM keeps it one column (it is a
// Valuer), named after the type, member_id; but every method of the id is
// promoted to the model too, so the model itself is a Valuer, a
// json.Marshaler, a Stringer: give the field a name.
type EmbedsTypedID struct {
	MemberID `gorm:"primaryKey"`
	Name     string
}

// TestGORMTypedIDs runs the recipe of testRecipe with typed ids on the
// three databases: the column types, the foreign key, Create, First,
// Where IN, Preload, Save, Delete, and ErrZero for a forgotten NewAs.
func TestGORMTypedIDs(t *testing.T) {
	for _, d := range databases {
		t.Run(d.name, func(t *testing.T) {
			db, prefix := open(t, d)
			t.Cleanup(func() {
				if err := db.Migrator().DropTable(&TypedMember{}, &TypedTeam{}, &EmbedsTypedID{}); err != nil {
					t.Errorf("dropping the tables: %v", err)
				}
			})
			testdb.Must(t, db.AutoMigrate(&TypedTeam{}, &TypedMember{}, &EmbedsTypedID{}))
			for _, c := range []struct{ table, col string }{
				{"typed_teams", "id"}, {"typed_members", "id"}, {"typed_members", "team_id"}, {"embeds_typed_ids", "member_id"},
			} {
				typ, generated := d.column(t, db, prefix+c.table, c.col)
				if typ != d.wantType || generated {
					t.Errorf("%s.%s: type %q, generated %v; want %q, not generated", c.table, c.col, typ, generated, d.wantType)
				}
			}

			team := TypedTeam{ID: id.NewAs[TeamID](), Name: "core"}
			testdb.Must(t, db.Create(&team).Error)
			alice := TypedMember{ID: id.NewAs[MemberID](), Name: "alice", TeamID: &team.ID}
			bob := TypedMember{ID: id.NewAs[MemberID](), Name: "bob"}
			carol := TypedMember{ID: id.NewAs[MemberID](), Name: "carol", TeamID: &team.ID}
			testdb.Must(t, db.Create(&[]TypedMember{alice, bob, carol}).Error)

			var raw string
			testdb.Must(t, db.Raw("SELECT team_id FROM "+prefix+"typed_members WHERE name = ?", "alice").Row().Scan(&raw))
			if raw != team.ID.String() {
				t.Fatalf("stored team_id %q, want %q", raw, team.ID.String())
			}

			var m TypedMember
			testdb.Must(t, db.First(&m, "id = ?", bob.ID).Error)
			if m.ID != bob.ID || m.Name != "bob" || m.TeamID != nil {
				t.Fatalf(`First(&m, "id = ?", bob) = %+v, want bob with a nil TeamID`, m)
			}
			m = TypedMember{}
			testdb.Must(t, db.First(&m, carol.ID).Error)
			if m.ID != carol.ID || m.TeamID == nil || *m.TeamID != team.ID {
				t.Fatalf("First(&m, carol.ID) = %+v, want carol in team %v", m, team.ID)
			}

			var some []TypedMember
			testdb.Must(t, db.Where("id IN ?", []MemberID{alice.ID, carol.ID}).Order("id").Find(&some).Error)
			if len(some) != 2 || some[0].ID != alice.ID || some[1].ID != carol.ID {
				t.Fatalf(`Where("id IN ?", {alice, carol}) = %+v`, some)
			}

			var withTeam []TypedMember
			testdb.Must(t, db.Preload("Team").Order("id").Find(&withTeam).Error)
			if len(withTeam) != 3 || withTeam[0].Team == nil || withTeam[0].Team.ID != team.ID || withTeam[1].Team != nil || withTeam[2].Team == nil {
				t.Fatalf("Preload(Team) = %+v, want alice and carol with team %v, bob with none", withTeam, team.ID)
			}

			alice.Name, alice.TeamID = "alice2", nil
			testdb.Must(t, db.Save(&alice).Error)
			testdb.Must(t, db.Delete(&bob).Error)
			var left []TypedMember
			testdb.Must(t, db.Order("id").Find(&left).Error)
			if ids := []MemberID{left[0].ID, left[len(left)-1].ID}; len(left) != 2 || !slices.Equal(ids, []MemberID{alice.ID, carol.ID}) || left[0].Name != "alice2" || left[0].TeamID != nil {
				t.Fatalf("after Save and Delete: %+v, want alice2 without a team, and carol", left)
			}

			// The foreign key exists where the database enforces one.
			if d.name != "SQLite" {
				missing := id.NewAs[TeamID]()
				if err := db.Create(&TypedMember{ID: id.NewAs[MemberID](), Name: "dan", TeamID: &missing}).Error; err == nil {
					t.Errorf("a reference to a missing team was accepted: no foreign key")
				}
			}

			// A forgotten NewAs: the zero key is refused with ErrZero.
			if err := db.Create(&TypedMember{Name: "nobody"}).Error; !errors.Is(err, id.ErrZero) {
				t.Fatalf("Create with the zero typed id: err = %v, want one wrapping id.ErrZero", err)
			}
			if err := db.First(&m, "id = ?", MemberID{}).Error; !errors.Is(err, id.ErrZero) {
				t.Fatalf(`First(&m, "id = ?", zero) = %v, want id.ErrZero`, err)
			}

			// The embedded trap: one column, and the model is a Valuer.
			e := EmbedsTypedID{MemberID: id.NewAs[MemberID](), Name: "e"}
			testdb.Must(t, db.Create(&e).Error)
			var back EmbedsTypedID
			testdb.Must(t, db.First(&back, "member_id = ?", e.MemberID).Error)
			if back != e {
				t.Fatalf("EmbedsTypedID read back %+v, want %+v", back, e)
			}
			if v, err := back.Value(); v != e.MemberID.String() || err != nil {
				t.Fatalf("EmbedsTypedID.Value() = %v, %v: the promoted Value of the id", v, err)
			}
			var n int64
			if err := db.Model(&TypedMember{}).Count(&n).Error; err != nil || n != 2 {
				t.Fatalf("%d members, %v; want 2", n, err)
			}
		})
	}
}

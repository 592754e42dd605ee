package sqltest

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/idkeys/id"
	"github.com/idkeys/id/integration/orm/internal/testdb"
	"github.com/uptrace/bun"
	"github.com/uptrace/bun/dialect/mysqldialect"
	"github.com/uptrace/bun/dialect/pgdialect"
	"github.com/uptrace/bun/dialect/sqlitedialect"
	"github.com/uptrace/bun/schema"
)

// bunAccount is the recipe's bun model: the type:varchar(26) tag on every
// id column, which bun needs on PostgreSQL (it makes any struct JSONB).
type bunAccount struct {
	bun.BaseModel `bun:"alias:a"`

	ID     id.ID  `bun:"id,pk,type:varchar(26)"`
	TeamID *id.ID `bun:"team_id,type:varchar(26)"`
	Name   string `bun:"name,notnull"`
}

// bunUntagged is the same key without the tag, to measure what bun makes
// of it.
type bunUntagged struct {
	bun.BaseModel `bun:"alias:u"`

	ID id.ID `bun:"id,pk"`
}

type bunDatabase struct {
	database
	dialect func() schema.Dialect
	// untaggedType is the column type bun creates for an untagged id.ID,
	// as the catalog spells it, and untaggedInsert says whether inserting
	// an id into it then works.
	untaggedType   string
	untaggedInsert bool
	// columnType returns a column's type from the catalog.
	columnType func(t *testing.T, db *bun.DB, table, col string) string
}

var bunDatabases = []bunDatabase{
	{
		database: databases[0], dialect: func() schema.Dialect { return sqlitedialect.New() },
		untaggedType: "VARCHAR", untaggedInsert: true,
		columnType: func(t *testing.T, db *bun.DB, table, col string) string {
			var typ string
			testdb.Must(t, db.QueryRow("SELECT type FROM pragma_table_info(?) WHERE name = ?", table, col).Scan(&typ))
			return typ
		},
	},
	{
		database: databases[1], dialect: func() schema.Dialect { return pgdialect.New() },
		untaggedType: "jsonb", untaggedInsert: false,
		columnType: func(t *testing.T, db *bun.DB, table, col string) string {
			var typ string
			testdb.Must(t, db.QueryRow("SELECT format_type(atttypid, atttypmod) FROM pg_attribute WHERE attrelid = ?::regclass AND attname = ?", table, col).Scan(&typ))
			return typ
		},
	},
	{
		database: databases[2], dialect: func() schema.Dialect { return mysqldialect.New() },
		untaggedType: "varchar(255)", untaggedInsert: true,
		columnType: func(t *testing.T, db *bun.DB, table, col string) string {
			var typ string
			testdb.Must(t, db.QueryRow("SELECT column_type FROM information_schema.columns WHERE table_schema = DATABASE() AND table_name = ? AND column_name = ?", table, col).Scan(&typ))
			return typ
		},
	},
}

// TestBun: with the type:varchar(26) tag, bun creates text columns and
// inserts, selects (by key and with bun.List), updates and deletes by id.ID
// on the three databases. Measured: what an untagged id.ID becomes, and
// that bun writes a zero id's Value error into the SQL text, so the
// database's syntax error comes back instead of id.ErrZero.
func TestBun(t *testing.T) {
	for _, d := range bunDatabases {
		t.Run(d.name, func(t *testing.T) {
			ctx := context.Background()
			db := bun.NewDB(d.open(t), d.dialect())
			tb := testdb.Name("bun")
			_, err := db.NewCreateTable().Model((*bunAccount)(nil)).ModelTableExpr(tb).Exec(ctx)
			testdb.Must(t, err)
			testdb.Drop(t, db.DB, tb)
			for _, col := range []string{"id", "team_id"} {
				if got := d.columnType(t, db, tb, col); !strings.EqualFold(got, "varchar(26)") && got != "character varying(26)" {
					t.Fatalf("tagged %s column: type %q, want varchar(26)", col, got)
				}
			}

			team := id.New()
			accs := []bunAccount{{ID: id.New(), TeamID: &team, Name: "a"}, {ID: id.New(), Name: "b"}, {ID: id.New(), Name: "c"}}
			_, err = db.NewInsert().Model(&accs).ModelTableExpr(tb).Exec(ctx)
			testdb.Must(t, err)

			var raw string
			testdb.Must(t, db.QueryRow("SELECT id FROM "+tb+" WHERE name = 'a'").Scan(&raw))
			if raw != accs[0].ID.String() {
				t.Fatalf("stored id %q, want %q", raw, accs[0].ID.String())
			}

			var got bunAccount
			testdb.Must(t, db.NewSelect().Model(&got).ModelTableExpr(tb+" AS a").Where("a.id = ?", accs[0].ID).Scan(ctx))
			if got.ID != accs[0].ID || got.TeamID == nil || *got.TeamID != team {
				t.Fatalf("select by id = %+v, want %+v with team %v", got, accs[0], team)
			}
			var some []bunAccount
			testdb.Must(t, db.NewSelect().Model(&some).ModelTableExpr(tb+" AS a").Where("a.id IN (?)", bun.List([]id.ID{accs[1].ID, accs[2].ID})).Order("a.id").Scan(ctx))
			if len(some) != 2 || some[0].ID != accs[1].ID || some[0].TeamID != nil || some[1].ID != accs[2].ID {
				t.Fatalf("bun.List select = %+v, want b and c", some)
			}

			accs[1].Name, accs[1].TeamID = "b2", &team
			_, err = db.NewUpdate().Model(&accs[1]).ModelTableExpr(tb + " AS a").WherePK().Exec(ctx)
			testdb.Must(t, err)
			_, err = db.NewDelete().TableExpr(tb).Where("id = ?", accs[2].ID).Exec(ctx)
			testdb.Must(t, err)
			var left []bunAccount
			testdb.Must(t, db.NewSelect().Model(&left).ModelTableExpr(tb+" AS a").Order("a.id").Scan(ctx))
			if len(left) != 2 || left[1].Name != "b2" || left[1].TeamID == nil || *left[1].TeamID != team {
				t.Fatalf("after update and delete: %+v, want a and b2 with team %v", left, team)
			}

			// The zero id: bun writes Value's error into the query text
			// ("?!(<error>)"), and the database answers with a syntax
			// error; errors.Is(err, id.ErrZero) is false. Nothing is
			// written.
			hook := &lastQuery{}
			_, err = db.WithQueryHook(hook).NewInsert().Model(&bunAccount{Name: "nobody"}).ModelTableExpr(tb).Exec(ctx)
			if err == nil || errors.Is(err, id.ErrZero) || !strings.Contains(hook.query, "?!("+id.ErrZero.Error()+")") {
				t.Fatalf("zero-id insert: err = %v, query %q; want a database error, not id.ErrZero, for a query holding ?!(%v)", err, hook.query, id.ErrZero)
			}
			var n int
			testdb.Must(t, db.QueryRow("SELECT count(*) FROM "+tb).Scan(&n))
			if n != 2 {
				t.Fatalf("%d rows after the zero-id insert, want 2", n)
			}

			// Untagged: what bun makes of id.ID by itself.
			ut := testdb.Name("bunu")
			_, err = db.NewCreateTable().Model((*bunUntagged)(nil)).ModelTableExpr(ut).Exec(ctx)
			testdb.Must(t, err)
			testdb.Drop(t, db.DB, ut)
			if got := d.columnType(t, db, ut, "id"); got != d.untaggedType {
				t.Fatalf("untagged id.ID column: type %q, want the measured %q", got, d.untaggedType)
			}
			x := id.New()
			_, err = db.NewInsert().Model(&bunUntagged{ID: x}).ModelTableExpr(ut).Exec(ctx)
			if d.untaggedInsert {
				testdb.Must(t, err)
				var back bunUntagged
				testdb.Must(t, db.NewSelect().Model(&back).ModelTableExpr(ut+" AS u").Scan(ctx))
				if back.ID != x {
					t.Fatalf("untagged column read back %v, want %v", back.ID, x)
				}
			} else if err == nil {
				t.Fatalf("inserting an id into the untagged %s column succeeded; the measured insert fails", d.untaggedType)
			}
		})
	}
}

// lastQuery is a bun query hook that keeps the text of the last query.
type lastQuery struct{ query string }

func (h *lastQuery) BeforeQuery(ctx context.Context, _ *bun.QueryEvent) context.Context { return ctx }
func (h *lastQuery) AfterQuery(_ context.Context, e *bun.QueryEvent)                    { h.query = e.Query }

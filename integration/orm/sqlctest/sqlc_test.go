// Package sqlctest tests the sqlc recipe of docs/works-with.md: store/ is
// what sqlc v1.31.1 generated from schema.sql, query.sql and sqlc.yaml
// here (CI does not run sqlc: building it compiles the PostgreSQL parser
// in C, which took 28 minutes on this shared machine). The test runs the
// generated queries on PostgreSQL through native pgx in every exec mode.
package sqlctest

import (
	"context"
	"errors"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/idkeys/id"
	"github.com/idkeys/id/integration/orm/internal/testdb"
	"github.com/idkeys/id/integration/orm/sqlctest/testdata/store"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

// TestSqlc: the generated code takes and returns id.ID, *id.ID (NULL as
// nil) and []id.ID (a ulid[] parameter, with the registration line) in
// every pgx exec mode; the
// domain's CHECK refuses an uppercase id written by raw SQL; the zero ID
// is refused with ErrZero.
func TestSqlc(t *testing.T) {
	schema, err := os.ReadFile("schema.sql")
	testdb.Must(t, err)
	for _, mode := range []pgx.QueryExecMode{
		pgx.QueryExecModeCacheStatement, pgx.QueryExecModeCacheDescribe, pgx.QueryExecModeDescribeExec,
		pgx.QueryExecModeExec, pgx.QueryExecModeSimpleProtocol,
	} {
		t.Run(mode.String(), func(t *testing.T) {
			ctx := context.Background()
			cfg, err := pgxpool.ParseConfig(testdb.PostgresDSN(t))
			testdb.Must(t, err)
			// A schema of its own, first on the search path: the
			// generated queries name the tables unqualified.
			ns := testdb.Name("sqlc")
			cfg.ConnConfig.RuntimeParams["search_path"] = ns
			cfg.ConnConfig.DefaultQueryExecMode = mode
			plain, err := pgxpool.NewWithConfig(ctx, cfg)
			testdb.Must(t, err)
			t.Cleanup(plain.Close)
			if err := plain.Ping(ctx); err != nil {
				testdb.NoServer(t, err.Error(), "PostgreSQL")
			}
			// ulid[] is a type pgx does not know (its OID is made by
			// CREATE DOMAIN), in every mode: the registration line of
			// the pgx recipe tells pgx to send []id.ID as a text[].
			cfg.AfterConnect = func(_ context.Context, c *pgx.Conn) error {
				c.TypeMap().RegisterDefaultPgType([]id.ID{}, "_text")
				return nil
			}
			pool, err := pgxpool.NewWithConfig(ctx, cfg)
			testdb.Must(t, err)
			t.Cleanup(pool.Close)
			_, err = pool.Exec(ctx, "CREATE SCHEMA "+ns)
			testdb.Must(t, err)
			t.Cleanup(func() {
				if _, err := pool.Exec(context.Background(), "DROP SCHEMA "+ns+" CASCADE"); err != nil {
					t.Errorf("dropping schema %s: %v", ns, err)
				}
			})
			_, err = pool.Exec(ctx, string(schema), pgx.QueryExecModeSimpleProtocol) // several statements
			testdb.Must(t, err)

			q := store.New(pool)
			team := id.New()
			testdb.Must(t, q.CreateTeam(ctx, store.CreateTeamParams{ID: team, Name: "core"}))
			users := []store.User{{ID: id.New(), TeamID: &team, Name: "a"}, {ID: id.New(), Name: "b"}, {ID: id.New(), TeamID: &team, Name: "c"}}
			for _, u := range users {
				testdb.Must(t, q.CreateUser(ctx, store.CreateUserParams(u)))
			}

			got, err := q.GetUser(ctx, users[1].ID)
			testdb.Must(t, err)
			if got.ID != users[1].ID || got.TeamID != nil || got.Name != "b" {
				t.Fatalf("GetUser = %+v, want %+v", got, users[1])
			}
			list, err := q.ListUsers(ctx, []id.ID{users[0].ID, users[2].ID})
			testdb.Must(t, err)
			if len(list) != 2 || list[0].ID != users[0].ID || list[1].ID != users[2].ID || *list[1].TeamID != team {
				t.Fatalf("ListUsers = %+v, want a and c", list)
			}
			_, err = store.New(plain).ListUsers(ctx, []id.ID{users[0].ID})
			if err == nil || !strings.Contains(err.Error(), "cannot find encode plan") {
				t.Fatalf("ListUsers without the registration: err = %v, want pgx's \"cannot find encode plan\"", err)
			}
			ofTeam, err := q.UsersOfTeam(ctx, &team)
			testdb.Must(t, err)
			if ids := []id.ID{ofTeam[0].ID, ofTeam[len(ofTeam)-1].ID}; len(ofTeam) != 2 || !slices.Equal(ids, []id.ID{users[0].ID, users[2].ID}) {
				t.Fatalf("UsersOfTeam = %+v, want a and c", ofTeam)
			}

			err = q.CreateUser(ctx, store.CreateUserParams{Name: "nobody"})
			if !errors.Is(err, id.ErrZero) {
				t.Fatalf("CreateUser with the zero id: err = %v, want one wrapping id.ErrZero", err)
			}
			//idvet:allow KEYS-5 the test binds an uppercase id's text on purpose, to see the domain's CHECK refuse it
			_, err = pool.Exec(ctx, "INSERT INTO users (id, name) VALUES ($1, 'raw')", strings.ToUpper(id.New().String()))
			var pe *pgconn.PgError
			if !errors.As(err, &pe) || pe.Code != "23514" {
				t.Fatalf("raw uppercase insert: err = %v, want the domain's CHECK violation (23514)", err)
			}
		})
	}
}

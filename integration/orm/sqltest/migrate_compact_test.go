package sqltest

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/idkeys/id"
	"github.com/idkeys/id/compact"
	"github.com/idkeys/id/integration/orm/internal/testdb"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// migrationDoc is the page whose SQL the migration test runs.
const migrationDoc = "../../../docs/compact-migration.md"

// docSQL returns the ```sql block that follows the line
// "<!-- migration: name -->" in docs/compact-migration.md.
func docSQL(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(migrationDoc)
	testdb.Must(t, err)
	_, after, ok := strings.Cut(string(b), "<!-- migration: "+name+" -->\n```sql\n")
	if !ok {
		t.Fatalf("%s: no ```sql block after <!-- migration: %s -->", migrationDoc, name)
	}
	block, _, ok := strings.Cut(after, "\n```\n")
	if !ok {
		t.Fatalf("%s: the %s block is not closed", migrationDoc, name)
	}
	return block
}

// decoderSQL is the CREATE FUNCTION statement of the recipe block.
var decoderSQL = regexp.MustCompile(`(?s)CREATE FUNCTION pg_temp\.id_to_uuid.*?\n\$\$;`)

// migrationConn opens a native pgx connection whose search_path is a new
// schema of its own (dropped when the test ends), so the recipe's fixed
// table names never meet another run's.
func migrationConn(t *testing.T) *pgx.Conn {
	t.Helper()
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, testdb.PostgresDSN(t))
	if err != nil {
		testdb.NoServer(t, err.Error(), "PostgreSQL")
	}
	schema := testdb.Name("migrate")
	_, err = conn.Exec(ctx, "CREATE SCHEMA "+schema+"; SET search_path TO "+schema)
	testdb.Must(t, err)
	t.Cleanup(func() {
		if _, err := conn.Exec(context.Background(), "ROLLBACK; DROP SCHEMA "+schema+" CASCADE"); err != nil {
			t.Errorf("dropping schema %s: %v", schema, err)
		}
		conn.Close(context.Background())
	})
	return conn
}

// pgUUIDText spells 16 bytes as PostgreSQL prints a uuid.
func pgUUIDText(b [16]byte) string {
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:16])
}

type oldMember struct {
	id, team id.ID
	mentor   *id.ID
}

// TestCompactMigrationPostgres runs docs/compact-migration.md as written:
// its example tables, filled with 40 teams and 2,000 members from
// id.New(), its foreign-key listing, and its migration from text keys to
// uuid keys; then checks that nothing was lost or moved (see the doc's
// list). A stored value that is not a canonical id stops the migration
// and leaves the tables as they were.
func TestCompactMigrationPostgres(t *testing.T) {
	t.Run("Migrate", testMigrate)
	t.Run("Decoder", testMigrationDecoder)
	t.Run("BadIDRollsBack", testMigrationRollback)
}

func testMigrate(t *testing.T) {
	ctx := context.Background()
	conn := migrationConn(t)
	_, err := conn.Exec(ctx, docSQL(t, "before"))
	testdb.Must(t, err)

	// 40 teams, 2,000 members, inserted shuffled; a quarter have no mentor.
	teams := make([]id.ID, 40)
	for i := range teams {
		teams[i] = id.New()
	}
	members := make([]oldMember, 2000)
	for i := range members {
		members[i].id = id.New()
	}
	for i := range members {
		members[i].team = teams[(i*7)%len(teams)]
		if i%4 != 0 {
			members[i].mentor = &members[(i*13+5)%len(members)].id
		}
	}
	r := rand.New(rand.NewPCG(1, 2))
	var teamRows, memberRows [][]any
	for _, i := range r.Perm(len(teams)) {
		teamRows = append(teamRows, []any{teams[i], fmt.Sprint("team ", i)})
	}
	for _, i := range r.Perm(len(members)) {
		m := members[i]
		memberRows = append(memberRows, []any{m.id, m.team, m.mentor, fmt.Sprint("member ", i)})
	}
	_, err = conn.CopyFrom(ctx, pgx.Identifier{"teams"}, []string{"id", "name"}, pgx.CopyFromRows(teamRows))
	testdb.Must(t, err)
	_, err = conn.CopyFrom(ctx, pgx.Identifier{"members"}, []string{"id", "team_id", "mentor_id", "name"}, pgx.CopyFromRows(memberRows))
	testdb.Must(t, err)

	// The text order before, as the database gives it.
	textOrder := func(table string) []id.ID {
		rows, err := conn.Query(ctx, "SELECT id FROM "+table+" ORDER BY id")
		testdb.Must(t, err)
		ids, err := pgx.CollectRows(rows, pgx.RowTo[id.ID])
		testdb.Must(t, err)
		return ids
	}
	teamsBefore, membersBefore := textOrder("teams"), textOrder("members")
	if !slices.IsSortedFunc(membersBefore, id.ID.Compare) || len(teamsBefore) != 40 || len(membersBefore) != 2000 {
		t.Fatalf("before: %d teams, %d members, text order sorted %v", len(teamsBefore), len(membersBefore), slices.IsSortedFunc(membersBefore, id.ID.Compare))
	}

	// The doc's listing of the foreign keys.
	rows, err := conn.Query(ctx, docSQL(t, "fks"))
	testdb.Must(t, err)
	type fk struct{ table, name, def string }
	fks, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (fk, error) {
		var f fk
		err := row.Scan(&f.table, &f.name, &f.def)
		return f, err
	})
	testdb.Must(t, err)
	wantFKs := []fk{
		{"members", "members_mentor_id_fkey", "FOREIGN KEY (mentor_id) REFERENCES members(id)"},
		{"members", "members_team_id_fkey", "FOREIGN KEY (team_id) REFERENCES teams(id)"},
	}
	if !slices.Equal(fks, wantFKs) {
		t.Fatalf("the doc's foreign-key listing = %q, want %q", fks, wantFKs)
	}

	var pe *pgconn.PgError
	// The migration, as the doc has it, in one Exec (the simple protocol
	// runs the whole script, as psql -f does).
	_, err = conn.Exec(ctx, docSQL(t, "recipe"))
	testdb.Must(t, err)

	// The columns are uuid now, the keys and constraints back.
	for _, c := range []struct{ table, col string }{{"teams", "id"}, {"members", "id"}, {"members", "team_id"}, {"members", "mentor_id"}} {
		var typ string
		testdb.Must(t, conn.QueryRow(ctx, "SELECT format_type(atttypid, atttypmod) FROM pg_attribute WHERE attrelid = $1::regclass AND attname = $2 AND NOT attisdropped", c.table, c.col).Scan(&typ))
		if typ != "uuid" {
			t.Errorf("%s.%s: type %q, want uuid", c.table, c.col, typ)
		}
	}
	var cons []string
	rows, err = conn.Query(ctx, `SELECT conname || ' ' || pg_get_constraintdef(oid) FROM pg_constraint
		WHERE conrelid IN ('teams'::regclass, 'members'::regclass) ORDER BY conname`)
	testdb.Must(t, err)
	cons, err = pgx.CollectRows(rows, pgx.RowTo[string])
	testdb.Must(t, err)
	wantCons := []string{
		"members_mentor_id_fkey FOREIGN KEY (mentor_id) REFERENCES members(id)",
		"members_pkey PRIMARY KEY (id)",
		"members_team_id_fkey FOREIGN KEY (team_id) REFERENCES teams(id)",
		"teams_pkey PRIMARY KEY (id)",
	}
	if !slices.Equal(cons, wantCons) {
		t.Errorf("constraints after = %q,\nwant %q", cons, wantCons)
	}
	var idx string
	testdb.Must(t, conn.QueryRow(ctx, "SELECT indexdef FROM pg_indexes WHERE schemaname = current_schema() AND indexname = 'members_team_id_idx'").Scan(&idx))
	if !strings.HasSuffix(idx, "USING btree (team_id)") {
		t.Errorf("members_team_id_idx = %q, want an index on team_id", idx)
	}

	// A connection that prepared a statement before the migration (pgx
	// caches them) fails it once with 0A000 and prepares it anew on the
	// next call.
	rows, err = conn.Query(ctx, "SELECT id FROM teams ORDER BY id")
	testdb.Must(t, err)
	_, err = pgx.CollectRows(rows, pgx.RowTo[compact.ID])
	if !errors.As(err, &pe) || pe.Code != "0A000" {
		t.Fatalf("a statement prepared before the migration: %v, want the measured 0A000 (cached plan must not change result type)", err)
	}

	// Every row, read into compact.ID, is the id its text was (Go
	// decoding: compact.ID.Scan of the uuid), counts unchanged, and ORDER
	// BY id is the old text order.
	rows, err = conn.Query(ctx, "SELECT id FROM teams ORDER BY id")
	testdb.Must(t, err)
	teamsAfter, err := pgx.CollectRows(rows, pgx.RowTo[compact.ID])
	testdb.Must(t, err)
	if !slices.EqualFunc(teamsAfter, teamsBefore, func(a compact.ID, b id.ID) bool { return a.ID == b }) {
		t.Fatalf("teams after (%d) = %v,\nwant the text order before (%d) %v", len(teamsAfter), teamsAfter, len(teamsBefore), teamsBefore)
	}
	type newMember struct {
		ID       compact.ID  `db:"id"`
		TeamID   compact.ID  `db:"team_id"`
		MentorID *compact.ID `db:"mentor_id"`
	}
	rows, err = conn.Query(ctx, "SELECT id, team_id, mentor_id FROM members ORDER BY id")
	testdb.Must(t, err)
	after, err := pgx.CollectRows(rows, pgx.RowToStructByName[newMember])
	testdb.Must(t, err)
	if len(after) != len(membersBefore) {
		t.Fatalf("%d members after, want %d", len(after), len(membersBefore))
	}
	byID := map[id.ID]oldMember{}
	for _, m := range members {
		byID[m.id] = m
	}
	for i, m := range after {
		if m.ID.ID != membersBefore[i] {
			t.Fatalf("member %d in ORDER BY id: %v, want %v (the text order before)", i, m.ID, membersBefore[i])
		}
		old := byID[m.ID.ID]
		if m.TeamID.ID != old.team {
			t.Fatalf("member %v: team %v, want %v", m.ID, m.TeamID, old.team)
		}
		if (m.MentorID == nil) != (old.mentor == nil) || (m.MentorID != nil && m.MentorID.ID != *old.mentor) {
			t.Fatalf("member %v: mentor %v, want %v", m.ID, m.MentorID, old.mentor)
		}
	}

	// Every foreign key joins.
	var joined, withMentor, mentorsJoined int
	testdb.Must(t, conn.QueryRow(ctx, `SELECT
		(SELECT count(*) FROM members m JOIN teams t ON t.id = m.team_id),
		(SELECT count(*) FROM members WHERE mentor_id IS NOT NULL),
		(SELECT count(*) FROM members m JOIN members o ON o.id = m.mentor_id)`).Scan(&joined, &withMentor, &mentorsJoined))
	if joined != len(members) || withMentor != len(members)*3/4 || mentorsJoined != withMentor {
		t.Fatalf("joins: %d members with their team, %d with a mentor, %d mentors found; want %d, %d, %d",
			joined, withMentor, mentorsJoined, len(members), len(members)*3/4, len(members)*3/4)
	}

	// The constraints work: a missing team (23503), a NULL team (23502).
	_, err = conn.Exec(ctx, "INSERT INTO members (id, team_id, name) VALUES ($1, $2, 'x')", compact.New(), compact.New())
	if !errors.As(err, &pe) || pe.Code != "23503" {
		t.Errorf("a member of a missing team: %v, want 23503", err)
	}
	_, err = conn.Exec(ctx, "INSERT INTO members (id, team_id, name) VALUES ($1, NULL, 'x')", compact.New())
	if !errors.As(err, &pe) || pe.Code != "23502" {
		t.Errorf("a member with a NULL team: %v, want 23502", err)
	}
}

// testMigrationDecoder: the recipe's pg_temp.id_to_uuid gives the bytes
// of As16 (as uuid text) for 1,000 ids and the edges, and refuses every
// text that is not a canonical id with the recipe's message.
func testMigrationDecoder(t *testing.T) {
	ctx := context.Background()
	conn := migrationConn(t)
	fn := decoderSQL.FindString(docSQL(t, "recipe"))
	if fn == "" {
		t.Fatal("no CREATE FUNCTION pg_temp.id_to_uuid in the recipe")
	}
	_, err := conn.Exec(ctx, fn)
	testdb.Must(t, err)

	texts := []string{"00000000000000000000000001", "7zzzzzzzzzzzzzzzzzzzzzzzzz", "01arz3ndektsv4rrffq69g5fav", "0123456789abcdefghjkmnpqrs", "00000000000000000000000010"}
	for range 1000 {
		texts = append(texts, id.New().String())
	}
	rows, err := conn.Query(ctx, "SELECT pg_temp.id_to_uuid(t)::text FROM unnest($1::text[]) WITH ORDINALITY AS u(t, n) ORDER BY n", texts)
	testdb.Must(t, err)
	got, err := pgx.CollectRows(rows, pgx.RowTo[string])
	testdb.Must(t, err)
	if len(got) != len(texts) {
		t.Fatalf("%d results for %d texts", len(got), len(texts))
	}
	for i, s := range texts {
		if want := pgUUIDText(id.MustParse(s).As16()); got[i] != want {
			t.Fatalf("id_to_uuid(%q) = %s, want %s", s, got[i], want)
		}
	}
	if got[1] != "ffffffff-ffff-ffff-ffff-ffffffffffff" || got[0] != "00000000-0000-0000-0000-000000000001" {
		t.Fatalf("edges: %s, %s", got[0], got[1])
	}

	for _, bad := range []string{
		"01ARZ3NDEKTSV4RRFFQ69G5FAV", "01arz3ndektsv4rrffq69g5faV", "01arz3ndektsv4rrffq69g5fa", "01arz3ndektsv4rrffq69g5favv",
		"81arz3ndektsv4rrffq69g5fav", "01arz3ndektsv4rrffq69g5fau", "01arz3ndektsv4rrffq69g5fao", "01arz3ndektsv4rrffq69g5fa-",
		"00000000000000000000000000", "", "01arz3ndektsv4rrffq69g5fav\n",
	} {
		var u string
		err := conn.QueryRow(ctx, "SELECT pg_temp.id_to_uuid($1)::text", bad).Scan(&u)
		var pe *pgconn.PgError
		if !errors.As(err, &pe) || pe.Code != "P0001" || !strings.HasPrefix(pe.Message, "id: invalid id ") {
			t.Errorf("id_to_uuid(%q) = %q, %v; want the recipe's error (P0001)", bad, u, err)
		}
	}
	var null *string
	testdb.Must(t, conn.QueryRow(ctx, "SELECT pg_temp.id_to_uuid(NULL)::text").Scan(&null))
	if null != nil {
		t.Errorf("id_to_uuid(NULL) = %q, want NULL", *null)
	}
}

// testMigrationRollback: one uppercase id in teams (no CHECK stopped it)
// stops the recipe with an error naming it; after ROLLBACK the tables are
// as they were, text keys, rows and foreign keys.
func testMigrationRollback(t *testing.T) {
	ctx := context.Background()
	conn := migrationConn(t)
	_, err := conn.Exec(ctx, docSQL(t, "before"))
	testdb.Must(t, err)
	good, bad := id.New().String(), strings.ToUpper(id.New().String())
	m := id.New().String()
	//idvet:allow KEYS-5 the text keys before the migration, one uppercase on purpose
	_, err = conn.Exec(ctx, "INSERT INTO teams (id, name) VALUES ($1, 'good'), ($2, 'bad')", good, bad)
	testdb.Must(t, err)
	//idvet:allow KEYS-5 the text keys before the migration, one uppercase on purpose
	_, err = conn.Exec(ctx, "INSERT INTO members (id, team_id, name) VALUES ($1, $2, 'm')", m, bad)
	testdb.Must(t, err)

	_, err = conn.Exec(ctx, docSQL(t, "recipe"))
	var pe *pgconn.PgError
	if !errors.As(err, &pe) || pe.Code != "P0001" || !strings.Contains(pe.Message, "'"+bad+"'") {
		t.Fatalf("the recipe over an uppercase id: %v, want P0001 naming '%s'", err, bad)
	}
	_, err = conn.Exec(ctx, "ROLLBACK")
	testdb.Must(t, err)

	var typ string
	testdb.Must(t, conn.QueryRow(ctx, "SELECT format_type(atttypid, atttypmod) FROM pg_attribute WHERE attrelid = 'teams'::regclass AND attname = 'id'").Scan(&typ))
	var teams, members int
	var team string
	testdb.Must(t, conn.QueryRow(ctx, "SELECT (SELECT count(*) FROM teams), (SELECT count(*) FROM members), (SELECT team_id FROM members)").Scan(&teams, &members, &team))
	if typ != "character varying(26)" || teams != 2 || members != 1 || team != bad {
		t.Fatalf("after the rollback: teams.id %s, %d teams, %d members, team %q; want character varying(26), 2, 1, %q", typ, teams, members, team, bad)
	}
	var hasNew bool
	testdb.Must(t, conn.QueryRow(ctx, "SELECT EXISTS (SELECT FROM pg_attribute WHERE attrelid = 'members'::regclass AND attname = 'id_new' AND NOT attisdropped)").Scan(&hasNew))
	if hasNew {
		t.Fatalf("after the rollback members has id_new")
	}
}

package schema

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func parse(texts ...string) *Schema {
	s := newSchema()
	for _, t := range texts {
		s.addSQL(t)
	}
	s.finish()
	return s
}

func ids(s *Schema) string {
	out := s.IDColumns()
	slices.Sort(out)
	return strings.Join(out, " ")
}

// TestIDColumns: which columns each schema makes ids, as table.column in
// sorted order.
func TestIDColumns(t *testing.T) {
	for _, c := range []struct {
		name string
		sql  string
		want string
	}{
		{"types", `CREATE TABLE t (a uuid, b char(26), c CHARACTER(26), d BINARY(16), e varbinary(16), f char(27), g text, h bytea, i blob, j uuid[], k varchar(26))`,
			"t.a t.b t.c t.d t.e"},
		{"another id format's width: a key, or part of one, and what references it", `
			CREATE TABLE schemas (kind text, version CHAR(20) NOT NULL, CONSTRAINT pk PRIMARY KEY (kind, version));
			CREATE TABLE events (ksuid char(27) PRIMARY KEY, uuid_text character(36), hex char(32), country char(2));
			CREATE TABLE digests (md5 char(32), sha char(20), code char(36), at char(27));
			CREATE TABLE uses (v char(20) REFERENCES schemas(version), e char(27) REFERENCES events);`,
			"events.ksuid schemas.version uses.e uses.v"},
		{"inline reference to an id key of text", `
			CREATE TABLE users (id text PRIMARY KEY, email text UNIQUE);
			CREATE TABLE posts (id text PRIMARY KEY, owner text NOT NULL REFERENCES users(id), editor text REFERENCES users, mail text REFERENCES users(email));`,
			"posts.editor posts.owner"},
		{"a key's type, not its name, makes it an id", `CREATE TABLE servers (server_identifier uuid PRIMARY KEY, name text)`,
			"servers.server_identifier"},
		{"natural keys and their references are not ids", `
			CREATE TABLE tags (slug varchar(64) PRIMARY KEY);
			CREATE TABLE people (email varchar(255), PRIMARY KEY (email));
			CREATE TABLE tagged (tag varchar(64) REFERENCES tags, who varchar(255) REFERENCES people(email));`,
			""},
		{"integer keys and their references are not ids", `
			CREATE TABLE counters (id bigserial PRIMARY KEY);
			CREATE TABLE entries (counter bigint REFERENCES counters(id), other integer REFERENCES elsewhere(id), third text REFERENCES counters);`,
			""},
		{"table constraints", `
			CREATE TABLE IF NOT EXISTS public.accounts (account_id text, name text, CONSTRAINT accounts_pk PRIMARY KEY (account_id));
			CREATE TABLE invoices (
				payer text NOT NULL,
				approver varchar(40),
				ref text,
				CONSTRAINT fk_payer FOREIGN KEY (payer) REFERENCES public.accounts,
				FOREIGN KEY (approver) REFERENCES accounts (account_id) ON DELETE CASCADE,
				UNIQUE (ref),
				CHECK (length(ref) > 2)
			);`,
			"invoices.approver invoices.payer"},
		{"composite foreign key", `
			CREATE TABLE versions (doc char(26), version integer, PRIMARY KEY (doc, version));
			CREATE TABLE notes (d text, v integer, FOREIGN KEY (d, v) REFERENCES versions (doc, version));`,
			"notes.d versions.doc"},
		{"a chain of references", `
			CREATE TABLE a (id uuid PRIMARY KEY);
			CREATE TABLE b (a_ref uuid REFERENCES a, PRIMARY KEY (a_ref));
			CREATE TABLE c (b_ref REFERENCES b);`,
			"a.id b.a_ref c.b_ref"},
		{"pg_dump's ALTER TABLE ONLY … ADD CONSTRAINT", `
			CREATE TABLE public.users (id character varying(26) NOT NULL, name text);
			CREATE TABLE public.repos (owner character varying(26) NOT NULL, version text);
			ALTER TABLE ONLY public.users ADD CONSTRAINT users_pkey PRIMARY KEY (id);
			ALTER TABLE ONLY public.repos
			    ADD CONSTRAINT repos_owner_fkey FOREIGN KEY (owner) REFERENCES public.users(id);`,
			"repos.owner"},
		{"ALTER TABLE ADD COLUMN, ALTER COLUMN TYPE, RENAME", `
			CREATE TABLE users (id text PRIMARY KEY);
			CREATE TABLE posts (title text, version text);
			ALTER TABLE posts ADD COLUMN IF NOT EXISTS reviewer text REFERENCES users(id), ADD author text;
			ALTER TABLE posts ALTER COLUMN version TYPE uuid USING version::uuid;
			ALTER TABLE posts RENAME COLUMN reviewer TO checker;
			ALTER TABLE posts ADD PRIMARY KEY (title);`,
			"posts.checker posts.reviewer posts.version"},
		{"MySQL", "CREATE TABLE `orders` (\n`uid` BINARY(16) NOT NULL,\n`buyer` BINARY(16) NOT NULL,\n`key` varchar(20),\nKEY `idx_buyer` (`buyer`),\nPRIMARY KEY (`uid`),\nCONSTRAINT `fk` FOREIGN KEY `fk_b` (`buyer`) REFERENCES `users` (`id`)\n) ENGINE=InnoDB;\nALTER TABLE orders MODIFY COLUMN `key` char(26) NOT NULL, CHANGE buyer purchaser BINARY(16)",
			"orders.buyer orders.key orders.purchaser orders.uid"},
		{"SQLite", `CREATE TABLE IF NOT EXISTS "items" ("owner" TEXT NOT NULL REFERENCES "users"("id"), "n" INTEGER PRIMARY KEY AUTOINCREMENT, "u" TEXT REFERENCES users(username))`,
			"items.owner"},
		{"domains", `
			CREATE DOMAIN ulid AS text COLLATE "C" CHECK (VALUE ~ '^[0-7][0-9a-hjkmnp-tv-z]{25}$');
			CREATE DOMAIN ref AS uuid;
			CREATE DOMAIN code AS text;
			CREATE TABLE teams (id ulid PRIMARY KEY, lead ref, code code);`,
			"teams.id teams.lead"},
		{"goose down sections and functions' bodies are not read", `
			-- +goose Up
			CREATE TABLE a (x uuid);
			CREATE FUNCTION f() RETURNS void AS $body$ BEGIN CREATE TABLE inner_t (y uuid); END $body$ LANGUAGE plpgsql;
			-- +goose Down
			CREATE TABLE b (z uuid);
			-- +goose Up
			CREATE TABLE c (w uuid); /* CREATE TABLE d (v uuid); */ -- CREATE TABLE e (u uuid);
			INSERT INTO c VALUES ('CREATE TABLE f (t uuid)');`,
			"a.x c.w"},
		{"not SQL, or not complete", `CREATE TABLE; CREATE TABLE x; CREATE TABLE y (; ALTER TABLE; CREATE TABLE z AS SELECT * FROM a; CREATE TABLE "unterminated`,
			""},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := ids(parse(c.sql)); got != c.want {
				t.Errorf("id columns %q, want %q", got, c.want)
			}
		})
	}
}

// TestColumn: a column's judgement where a query names its tables.
func TestColumn(t *testing.T) {
	s := parse(`
		CREATE TABLE users (id uuid PRIMARY KEY, handle text);
		CREATE TABLE posts (id char(26) PRIMARY KEY, owner uuid REFERENCES users, slug text);
		CREATE TABLE repos (owner text, reviewer text REFERENCES users(handle));
		CREATE TABLE pages (reviewer char(26));`)
	for _, c := range []struct {
		query, col string
		id, uuid   bool
	}{
		{"SELECT * FROM posts WHERE owner = $1", "owner", true, true},
		{"SELECT * FROM repos WHERE owner = $1", "owner", false, false},
		{"SELECT * FROM posts p JOIN repos r ON r.owner = p.owner WHERE p.owner = $1", "owner", false, false},
		{"SELECT * FROM repos r, public.posts AS p WHERE p.owner = $1", "posts.owner", true, true},
		{"", "owner", false, false},         // text in posts, uuid in repos: not every table's id
		{"", "posts.owner", true, true},     // qualified by its table
		{"", `"posts"."owner"`, true, true}, // quoted
		{"", "public.posts.owner", true, true},
		{"", "p.owner", false, false}, // an alias, not a table
		{"UPDATE posts SET slug = $1 WHERE id = $2", "slug", false, false},
		{"UPDATE posts SET slug = $1 WHERE id = $2", "id", true, false},
		{"INSERT INTO pages (reviewer) VALUES (?)", "reviewer", true, false},
		{"INSERT INTO repos (reviewer) VALUES (?)", "reviewer", false, false},
		{"DELETE FROM %s WHERE reviewer = ?", "reviewer", false, false},
		{"SELECT * FROM unknown WHERE id = ?", "id", true, false}, // every declared id is one
		{"SELECT * FROM unknown WHERE nothing = ?", "nothing", false, false},
	} {
		id, uuid := s.Column(Tables(c.query), c.col)
		if id != c.id || uuid != c.uuid {
			t.Errorf("Column(Tables(%q), %q) = %v, %v; want %v, %v", c.query, c.col, id, uuid, c.id, c.uuid)
		}
	}
	var none *Schema
	if id, uuid := none.Column(nil, "owner"); id || uuid {
		t.Errorf("nil schema: Column = %v, %v; want false, false", id, uuid)
	}
}

// TestType: a column's declared type, its domains resolved, found in the
// tables a query names, or in every table when they agree.
func TestType(t *testing.T) {
	s := parse(`
		CREATE DOMAIN ident AS uuid;
		CREATE TABLE users (id uuid PRIMARY KEY, handle text);
		CREATE TABLE posts (id char(26) PRIMARY KEY, owner ident REFERENCES users, key char(36) PRIMARY KEY);
		CREATE TABLE repos (owner text);`)
	for _, c := range []struct{ query, col, want string }{
		{"SELECT * FROM users WHERE id = $1", "id", "uuid"},
		{"SELECT * FROM posts WHERE owner = $1", "owner", "uuid"}, // through the domain
		{"SELECT * FROM posts WHERE key = $1", "key", "char(36)"}, // UUID text: no uuid column
		{"SELECT * FROM repos WHERE owner = $1", "owner", "text"},
		{"", "owner", ""}, // uuid in posts, text in repos
		{"", "handle", "text"},
		{"", "nothing", ""},
	} {
		if got := s.Type(Tables(c.query), c.col); got != c.want {
			t.Errorf("Type(Tables(%q), %q) = %q; want %q", c.query, c.col, got, c.want)
		}
	}
	var none *Schema
	if got := none.Type(nil, "id"); got != "" {
		t.Errorf("nil schema: Type = %q; want \"\"", got)
	}
}

func TestTables(t *testing.T) {
	for _, c := range []struct {
		query string
		want  string
	}{
		{"SELECT * FROM posts WHERE id = $1", "posts"},
		{"SELECT * FROM public.posts p JOIN \"Users\" u ON u.id = p.owner LEFT JOIN tags AS t USING (x)", "posts users tags"},
		{"SELECT * FROM a, b AS bb, c cc WHERE x = 1", "a b c"},
		{"UPDATE posts SET x = 1", "posts"},
		{"INSERT INTO posts (a) VALUES (?)", "posts"},
		{"DELETE FROM posts WHERE id = ?", "posts"},
		{"SELECT * FROM (SELECT 1) sub", ""},
		{"SELECT * FROM %s WHERE id = ?", ""},
		{"SELECT 'FROM x' FROM y", "y"},
		{"", ""},
	} {
		if got := strings.Join(Tables(c.query), " "); got != c.want {
			t.Errorf("Tables(%q) = %q, want %q", c.query, got, c.want)
		}
	}
}

// TestLoad: the module's files that are read, and those that are not.
func TestLoad(t *testing.T) {
	root := t.TempDir()
	files := map[string]string{
		"go.mod":                        "module example.com/m\n",
		"db/schema.sql":                 "CREATE TABLE users (id text PRIMARY KEY);",
		"db/migrations/0001_a.up.sql":   "CREATE TABLE posts (owner text REFERENCES users(id));",
		"db/migrations/0001_a.down.sql": "CREATE TABLE down_only (a uuid);",
		"db/migrations/0002_b.go":       "package migrations\n\nconst up = \"ALTER TABLE posts \" +\n\t\"ADD COLUMN editor text REFERENCES users(id)\"\n\nvar other = `create table go_raw (v uuid)`\n\nconst notSQL = \"the table we create\"\n",
		"db/migrations/0003_c_test.go":  "package migrations\n\nconst t = \"CREATE TABLE in_test (a uuid)\"\n",
		"store/store.go":                "package store\n\nconst q = `SELECT * FROM posts WHERE owner = $1`\n",
		"vendor/x/x.sql":                "CREATE TABLE vendored (a uuid);",
		"node_modules/x/x.sql":          "CREATE TABLE npm (a uuid);",
		"testdata/x.sql":                "CREATE TABLE fixtures (a uuid);",
		".hidden/x.sql":                 "CREATE TABLE hidden (a uuid);",
		"_old/x.sql":                    "CREATE TABLE underscore (a uuid);",
		"nested/go.mod":                 "module example.com/m/nested\n",
		"nested/x.sql":                  "CREATE TABLE other_module (a uuid);",
		"big.sql":                       "CREATE TABLE big (a uuid);\n-- " + strings.Repeat("x", MaxFile),
		"UPPER.SQL":                     "CREATE TABLE upper_ext (a uuid);",
	}
	for name, text := range files {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(filepath.Join(root, "vendor/x/x.sql"), filepath.Join(root, "link.sql")); err != nil {
		t.Fatal(err)
	}
	const want = "go_raw.v posts.editor posts.owner upper_ext.a"
	if got := ids(Load(root)); got != want {
		t.Errorf("Load: id columns %q, want %q", got, want)
	}
	// ForDir finds the root from a package's directory, and reads once.
	s := ForDir(filepath.Join(root, "store"))
	if got := ids(s); got != want {
		t.Errorf("ForDir: id columns %q, want %q", got, want)
	}
	if again := ForDir(filepath.Join(root, "db", "migrations")); again != s {
		t.Error("ForDir read the module twice")
	}
	if got := Root(filepath.Join(root, "nested")); got != filepath.Join(root, "nested") {
		t.Errorf("Root(nested) = %q, want the nested module", got)
	}
	// The standard library's module is not walked.
	std := t.TempDir()
	for name, text := range map[string]string{"go.mod": "// std\nmodule std\n\ngo 1.26\n", "database/sql/x.sql": "CREATE TABLE s (a uuid);"} {
		p := filepath.Join(std, filepath.FromSlash(name))
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if got := ids(Load(std)); got != "" {
		t.Errorf("Load(std): id columns %q, want none", got)
	}
	if got := modulePath(filepath.Join(root, "go.mod")); got != "example.com/m" {
		t.Errorf("modulePath = %q, want example.com/m", got)
	}
	if got := ForDir(string(filepath.Separator)); got != nil && Root(string(filepath.Separator)) == "" {
		t.Errorf("ForDir(/) = %v, want nil", got)
	}
}

// BenchmarkLoad reads a module of 400 Go files (one a goose migration)
// and 40 .sql migrations: the cost a package with queries pays once per
// process (under go vet, once per package).
func BenchmarkLoad(b *testing.B) {
	root := b.TempDir()
	write := func(name, text string) {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			b.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	write("go.mod", "module example.com/m\n")
	body := strings.Repeat("func f() string { return `SELECT * FROM posts WHERE owner = $1` }\n", 40)
	for i := range 400 {
		write(fmt.Sprintf("pkg%02d/f%03d.go", i%20, i), "package p\n\n"+body)
	}
	write("migrations/00001_go.go", "package migrations\n\nconst up = `ALTER TABLE posts ADD COLUMN reviewer text REFERENCES users(id)`\n")
	for i := range 40 {
		write(fmt.Sprintf("migrations/%05d_t.sql", i+2), fmt.Sprintf("-- +goose Up\nCREATE TABLE t%d (id char(26) PRIMARY KEY, owner text REFERENCES users(id), n bigint, name text);\n-- +goose Down\nDROP TABLE t%d;\n", i, i))
	}
	var s *Schema
	for b.Loop() {
		s = Load(root)
	}
	if got := len(s.IDColumns()); got != 81 {
		b.Fatalf("%d id columns, want 81", got)
	}
}

package sqlcol

import (
	"strings"
	"testing"
)

func TestColumn(t *testing.T) {
	for _, c := range []struct {
		query string
		n     int
		want  string
	}{
		{"UPDATE icons SET external_id = $1 WHERE id = $2", 1, "external_id"},
		{"UPDATE icons SET external_id = $1 WHERE id = $2", 2, "id"},
		{"SELECT id FROM icons WHERE hash=$1", 1, "hash"},
		{"INSERT INTO icons\n (hash, mime_type, content, external_id)\n VALUES\n ($1, $2, $3, $4)\n RETURNING id", 4, "external_id"},
		{"INSERT INTO icons (hash, mime_type, content, external_id) VALUES ($1, $2, $3, $4)", 1, "hash"},
		{"INSERT INTO api_keys (user_id, token, description) VALUES ($1, $2, $3)", 2, "token"},
		{`INSERT INTO "users" ("id", "name") VALUES (?, ?)`, 1, "id"},
		{"INSERT INTO t (a, b) VALUES (?, ?), (?, ?)", 3, "a"},
		{"INSERT INTO t (a, b) VALUES (?, ?), (?, ?)", 4, "b"},
		{"DELETE FROM sessions WHERE s.user_id = ? AND token = ?", 1, "user_id"},
		{"?", 1, ""},
		{"$1", 1, ""},
		{"? = id", 1, ""},
		{"", 1, ""},
		{"(?", 1, ""},
		{"VALUES (?)", 1, ""},
		{"x = ?", 0, ""},
		{"x = ?", -1, ""},
		{"DELETE FROM sessions WHERE s.user_id = ? AND token = ?", 2, "token"},
		{"SELECT * FROM t WHERE a = 'x?' AND b = ?", 1, "b"},
		{"INSERT INTO t (a, b) VALUES (lower($1), $2)", 1, ""},
		{"INSERT INTO t (a, b) SELECT $1, $2", 1, ""},
		{"SELECT * FROM t WHERE a > $1", 1, "a"},
		{"SELECT * FROM t WHERE t.user_id >= ? AND t.user_id <= ? ORDER BY user_id", 2, "user_id"},
		{"SELECT * FROM t WHERE id < $1 AND n + 1 > $2", 2, ""},
		{"SELECT * FROM t WHERE id = $1", 2, ""},
		{"not sql at all? %s", 1, ""},
		{"SELECT * FROM t WHERE id = (?)", 1, "id"},
		{"SELECT * FROM t WHERE owner_id = ($1) AND x = $2", 1, "owner_id"},
		{"SELECT * FROM t WHERE (created_at, id) > (?, ?) ORDER BY id", 1, "created_at"},
		{"SELECT * FROM t WHERE (created_at, t.id) > ($1, $2)", 2, "id"},
		{"SELECT * FROM t WHERE (a, b) > (?, ?, ?)", 3, ""},
		{"SELECT * FROM t WHERE f(a, b) > (?, ?)", 1, ""},
		{"SELECT * FROM t WHERE \x00 AND id = ?", 1, ""},
		{"SELECT * FROM t WHERE id = ? AND \x00", 1, "id"},
		{"SELECT * FROM \x00 WHERE id = $1", 1, "id"},
		// A hole where a table's name goes holds no placeholder.
		{"DELETE FROM \x00 WHERE instance_id = ?", 1, "instance_id"},
		{"DELETE FROM \x00 WHERE instance_id = ? AND user_id = ?", 2, "user_id"},
		{"INSERT INTO \x00 (id, name) VALUES (?, ?)", 1, "id"},
		{"update \x00 set name = ? where id = ?", 2, "id"},
		{"SELECT * FROM app.\x00 WHERE id = ?", 1, "id"},
		{"SELECT * FROM a JOIN \x00 ON a.b_id = b.id WHERE a.id = ?", 1, "id"},
		// Anywhere else it may: the count is lost.
		{"SELECT * FROM \x00 u WHERE u.id = ?", 1, ""},
		{"SELECT * FROM t \x00 WHERE id = ?", 1, ""},
		{"SELECT * FROM t WHERE \x00 = ? AND id = ?", 2, ""},
		{"UPDATE t SET \x00 = ? WHERE id = ?", 1, ""},
		{"SELECT * FROM t WHERE id = ANY($1)", 1, "id"},
		{"SELECT * FROM t WHERE t.team_id <> ALL ($1)", 1, "team_id"},
		{"SELECT * FROM t WHERE id IN (?)", 1, "id"},
		{"SELECT * FROM t WHERE user_id NOT IN (?, ?, ?) AND x = ?", 3, "user_id"},
		{"SELECT * FROM t WHERE user_id IN (?, ?, ?) AND x = ?", 4, "x"},
		{"SELECT * FROM t WHERE id != $1", 1, "id"},
		{"SELECT * FROM t WHERE id IN (lower($1))", 1, ""},
		{"SELECT * FROM t WHERE id IN ($1, upper($2))", 1, ""},
		{"SELECT * FROM t WHERE count(id) IN ($1)", 1, ""},
		{"SELECT * FROM t WHERE id = ANY($1::uuid[])", 1, "id"},
	} {
		if got := Column(c.query, c.n); got != c.want {
			t.Errorf("Column(%q, %d) = %q, want %q", c.query, c.n, got, c.want)
		}
	}
}

func TestNamed(t *testing.T) {
	for _, c := range []struct {
		query string
		want  []Param
	}{
		{"SELECT * FROM users WHERE user_id = :user_id", []Param{{"user_id", "user_id"}}},
		{"UPDATE users SET name = :name, date_updated = :date_updated WHERE user_id = :user_id",
			[]Param{{"name", "name"}, {"date_updated", "date_updated"}, {"user_id", "user_id"}}},
		{"INSERT INTO products (product_id, user_id, name) VALUES (:product_id, :user_id, :name)",
			[]Param{{"product_id", "product_id"}, {"user_id", "user_id"}, {"name", "name"}}},
		{"INSERT INTO t (a, b) VALUES (:a, :b), (:a2, :b2)", []Param{{"a", "a"}, {"b", "b"}, {"a2", "a"}, {"b2", "b"}}},
		{"SELECT * FROM t WHERE id = :id::uuid AND x::text = 'a:b' AND y = :y", []Param{{"id", "id"}, {"y", "y"}}},
		{"SELECT * FROM t WHERE id IN (:ids)", []Param{{"ids", "id"}}},
		{"SELECT * FROM t WHERE lower(email) = lower(:email)", []Param{{"email", ""}}},
		{"SELECT '10:30', x FROM t WHERE a.id=:a.id", []Param{{"a.id", "id"}}},
		{"SELECT * FROM t WHERE id = ? AND at > '12:00'", nil},
		{"SELECT 1::int, a:b", nil},
		{":", nil},
		{"'", nil},
		{"", nil},
	} {
		got := Named(c.query)
		if len(got) != len(c.want) {
			t.Errorf("Named(%q) = %q, want %q", c.query, got, c.want)
			continue
		}
		for i := range got {
			if got[i] != c.want[i] {
				t.Errorf("Named(%q) = %q, want %q", c.query, got, c.want)
				break
			}
		}
	}
}

// FuzzNamed: Named never panics, and each name it returns is in the
// query after a colon.
func FuzzNamed(f *testing.F) {
	for _, s := range []string{":a", "x = :id", "::", "':a'", "VALUES (:a, :b)", ":a.b"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, query string) {
		for _, p := range Named(query) {
			if p.Name == "" || !strings.Contains(query, ":"+p.Name) {
				t.Errorf("Named(%q) returned %q", query, p.Name)
			}
		}
	})
}

// FuzzColumn: Column never panics, and names a column only when the
// query has text before the placeholder.
func FuzzColumn(f *testing.F) {
	for _, s := range []string{"?", "$1", "id = ?", "INSERT INTO t (a, b) VALUES (?, ?), (?, ?)", "VALUES (?)", "(", ")", "'"} {
		f.Add(s, 1)
	}
	f.Fuzz(func(t *testing.T, query string, n int) {
		if col := Column(query, n); col != "" && len(col) >= len(query) {
			t.Errorf("Column(%q, %d) = %q: longer than the query", query, n, col)
		}
	})
}

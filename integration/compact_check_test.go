package integration

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// testCompactIdkeysCheck runs the real idkeys check on a compact key
// column as docs/idkeys.md shows, the database printing the keys
// (SQLite's hex(), MariaDB's HEX(), PostgreSQL's uuid text): the keys
// New and compactIDs make pass; a row of 16 zero bytes, written by raw
// SQL, fails on its line; an empty table is "no lines read", not a pass.
func testCompactIdkeysCheck(t *testing.T, d db, cd compactDialect) {
	tool := filepath.Join(t.TempDir(), "idkeys")
	run(t, exec.Command("go", "build", "-o", tool, "github.com/idkeys/id/cmd/idkeys"))
	tb := compactTable(t, d, cd)
	check := func(want string, wantCode int) {
		t.Helper()
		rs, err := d.Query(context.Background(), "SELECT "+cd.checkExpr+" FROM "+tb+" ORDER BY k")
		must(t, err)
		var out strings.Builder
		for rs.Next() {
			var s string
			must(t, rs.Scan(&s))
			out.WriteString(s + "\n")
		}
		must(t, rs.Err())
		rs.Close()
		file := filepath.Join(t.TempDir(), "keys.txt")
		must(t, os.WriteFile(file, []byte(out.String()), 0o600))
		stdout, stderr, code := runStatus(t, exec.Command(tool, "check", cd.checkFlag), file)
		if code != wantCode || stdout != "" || stderr != want {
			t.Errorf("SELECT %s FROM %s | idkeys check %s: exit status %d, stdout %q, stderr:\n%s\nwant %d and:\n%s", cd.checkExpr, tb, cd.checkFlag, code, stdout, stderr, wantCode, want)
		}
	}
	check("idkeys check: no lines read\n"+
		"An empty input checks nothing: did the command that feeds it fail? (In a script, set -o pipefail.)\n", 1)
	ids := compactIDs(300)
	insertCompact(t, d, cd, tb, ids)
	check("", 0)
	must(t, d.Exec(context.Background(), "INSERT INTO "+tb+" (k, t) VALUES ("+cd.bad[0].store+", 'x')"))
	check("line 1: invalid id: 16 zero bytes are the zero id, which names nothing\n"+
		"idkeys check: 1 of 301 lines invalid\n", 1)
}

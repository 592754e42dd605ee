package schema

import (
	"bytes"
	"go/scanner"
	gotoken "go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
)

// MaxFile is the size in bytes of the largest file Load reads (4 MiB): a
// larger one (a data dump) is skipped.
const MaxFile = 4 << 20

var (
	roots   sync.Map // a package's directory → its module's root, "" for none
	modules sync.Map // a module's root → *loaded
)

type loaded struct {
	once sync.Once
	s    *Schema
}

// ForDir returns the schema of the module that holds the package
// directory dir (Root), read by Load once per module in a process
// however many packages ask; nil when dir is in no module.
func ForDir(dir string) *Schema {
	root, ok := roots.Load(dir)
	if !ok {
		root, _ = roots.LoadOrStore(dir, Root(dir))
	}
	if root == "" {
		return nil
	}
	l, _ := modules.LoadOrStore(root, new(loaded))
	m := l.(*loaded)
	m.once.Do(func() { m.s = Load(root.(string)) })
	return m.s
}

// Root returns the directory of the go.mod file in dir or the nearest
// directory above it, or "" when there is none.
func Root(dir string) string {
	dir = filepath.Clean(dir)
	for {
		if st, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil && st.Mode().IsRegular() {
			return dir
		}
		up := filepath.Dir(dir)
		if up == dir {
			return ""
		}
		dir = up
	}
}

// Load reads the schema of the module whose go.mod is in root: every
// *.sql file under root but down migrations (named *.down.sql or
// *_down.sql, or the down sections of a file: upOnly), and the string
// constants of its Go files (not _test.go) that hold CREATE TABLE or
// ALTER TABLE (a goose or golang-migrate migration written in Go, a
// store that creates its tables at start), a constant written as "…" +
// "…" included. It skips the directories that are not the module's
// code: vendor, node_modules, testdata, those whose names start with "."
// or "_" (as the go command does) and those holding another module's
// go.mod; symbolic links; and files over MaxFile bytes. Files are read
// in lexical order, a migration's ALTER TABLE after its CREATE TABLE.
// A file that cannot be read is skipped. The standard library's modules
// (std, cmd) declare no schema and are not walked.
func Load(root string) *Schema {
	s := newSchema()
	if p := modulePath(filepath.Join(root, "go.mod")); p == "std" || p == "cmd" {
		s.finish()
		return s
	}
	filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			if d != nil && d.IsDir() && path != root {
				return fs.SkipDir
			}
			return nil
		}
		name := d.Name()
		if d.IsDir() {
			if path == root {
				return nil
			}
			if name == "vendor" || name == "node_modules" || name == "testdata" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") {
				return fs.SkipDir
			}
			if _, err := os.Lstat(filepath.Join(path, "go.mod")); err == nil {
				return fs.SkipDir // another module
			}
			return nil
		}
		lower := strings.ToLower(name)
		sql := strings.HasSuffix(lower, ".sql") && !strings.HasSuffix(lower, ".down.sql") && !strings.HasSuffix(lower, "_down.sql")
		goFile := strings.HasSuffix(lower, ".go") && !strings.HasSuffix(lower, "_test.go")
		if !sql && !goFile || !d.Type().IsRegular() {
			return nil
		}
		if info, err := d.Info(); err != nil || info.Size() > MaxFile {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil || len(b) > MaxFile {
			return nil
		}
		if sql {
			s.addSQL(string(b))
			return nil
		}
		for _, text := range goSQL(b) {
			s.addSQL(text)
		}
		return nil
	})
	s.finish()
	return s
}

// modulePath returns the module path a go.mod file declares, or "".
func modulePath(gomod string) string {
	b, err := os.ReadFile(gomod)
	if err != nil || len(b) > MaxFile {
		return ""
	}
	for line := range strings.SplitSeq(string(b), "\n") {
		if rest, ok := strings.CutPrefix(strings.TrimSpace(line), "module"); ok && rest != "" && (rest[0] == ' ' || rest[0] == '\t') {
			return strings.Trim(strings.TrimSpace(rest), `"`)
		}
	}
	return ""
}

// goSQL returns the strings of a Go file's source, "a" + "b" joined,
// that may declare tables: those holding "table" and "create" or
// "alter", in any case.
func goSQL(src []byte) []string {
	if !bytes.Contains(src, []byte("TABLE")) && !bytes.Contains(src, []byte("table")) && !bytes.Contains(src, []byte("Table")) {
		return nil
	}
	var out []string
	var cur strings.Builder
	have, plus := false, false
	flush := func() {
		if have {
			t := strings.ToLower(cur.String())
			if strings.Contains(t, "table") && (strings.Contains(t, "create") || strings.Contains(t, "alter")) {
				out = append(out, cur.String())
			}
		}
		cur.Reset()
		have = false
	}
	var sc scanner.Scanner
	sc.Init(gotoken.NewFileSet().AddFile("", -1, len(src)), src, nil, 0)
	for {
		_, tok, lit := sc.Scan()
		if tok == gotoken.EOF {
			break
		}
		switch {
		case tok == gotoken.STRING:
			v, err := strconv.Unquote(lit)
			if err != nil {
				flush()
				continue
			}
			if !have || !plus {
				flush()
			}
			cur.WriteString(v)
			have, plus = true, false
		case tok == gotoken.ADD && have && !plus:
			plus = true
		default:
			flush()
			plus = false
		}
	}
	flush()
	return out
}

// Command genlarge writes a Go module of about 50,000 lines that uses
// package id the way a service does (handlers, queries, logging), for
// measuring what idvet adds to go vet (vet/scripts/cost). It has no
// "Code generated" header on purpose: idvet would skip such files.
//
// Usage: go run ./testdata/genlarge DIR   (from vet/; DIR must not exist)
package main

import (
	"fmt"
	"log"
	"os"
	"path/filepath"
	"strings"
)

const (
	packages = 50
	funcs    = 50 // of 20 lines each
)

func main() {
	if len(os.Args) != 2 {
		log.Fatal("usage: genlarge DIR")
	}
	dir := os.Args[1]
	idRoot, err := filepath.Abs("..")
	if err != nil {
		log.Fatal(err)
	}
	if err := os.Mkdir(dir, 0o755); err != nil {
		log.Fatal(err)
	}
	gomod := fmt.Sprintf("module example.com/large\n\ngo 1.24\n\nrequire github.com/idkeys/id v0.0.0-00010101000000-000000000000\n\nrequire github.com/oklog/ulid/v2 v2.1.2 // indirect\n\nreplace github.com/idkeys/id => %s\n", idRoot)
	write(filepath.Join(dir, "go.mod"), gomod)
	sum, err := os.ReadFile(filepath.Join(idRoot, "go.sum"))
	if err != nil {
		log.Fatal(err)
	}
	write(filepath.Join(dir, "go.sum"), string(sum))
	lines := 0
	for p := range packages {
		var b strings.Builder
		fmt.Fprintf(&b, "// Package p%d is part of a generated service for measuring idvet.\npackage p%d\n\n", p, p)
		b.WriteString("import (\n\t\"database/sql\"\n\t\"fmt\"\n\t\"log\"\n\t\"net/http\"\n\t\"strings\"\n\n\t\"github.com/idkeys/id\"\n)\n\n")
		b.WriteString("// Store holds the database.\ntype Store struct{ DB *sql.DB }\n\n")
		for f := range funcs {
			fmt.Fprintf(&b, `// Handle%[1]d serves one kind of row.
func (s *Store) Handle%[1]d(w http.ResponseWriter, r *http.Request) {
	rowID, err := id.Parse(r.PathValue("id"))
	if err != nil {
		http.NotFound(w, r)
		return
	}
	var name string
	q := "SELECT name FROM t%[1]d WHERE id = $1"
	if err := s.DB.QueryRowContext(r.Context(), q, rowID).Scan(&name); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	text := rowID.String()
	if strings.HasPrefix(name, "x") && len(text) > %[1]d%%7 {
		log.Printf("row %%s: %%s", text, strings.ToUpper(name))
	}
	fmt.Fprintf(w, "%%s %%s\n", text, name)
}

`, f)
		}
		src := b.String()
		lines += strings.Count(src, "\n")
		pdir := filepath.Join(dir, fmt.Sprintf("p%d", p))
		if err := os.Mkdir(pdir, 0o755); err != nil {
			log.Fatal(err)
		}
		write(filepath.Join(pdir, "p.go"), src)
	}
	fmt.Printf("%d packages, %d lines\n", packages, lines)
}

func write(path, s string) {
	if err := os.WriteFile(path, []byte(s), 0o644); err != nil {
		log.Fatal(err)
	}
}

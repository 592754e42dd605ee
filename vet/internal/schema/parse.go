package schema

import (
	"strings"
)

// addSQL adds what the statements of text declare: CREATE TABLE (its
// columns, their types, PRIMARY KEY and REFERENCES inline or as table
// constraints), CREATE DOMAIN, and ALTER TABLE's ADD COLUMN, ADD
// [CONSTRAINT …] PRIMARY KEY and FOREIGN KEY, ALTER COLUMN … TYPE,
// MODIFY, CHANGE and RENAME. A statement it does not know, or cannot
// read, is skipped; nothing is ever removed (DROP is not read), so the
// schema is the union of what the files ever declared.
func (s *Schema) addSQL(text string) {
	for _, st := range statements(lex(upOnly(text))) {
		switch {
		case len(st) > 2 && st[0].is("create"):
			s.create(st)
		case len(st) > 3 && st[0].is("alter") && st[1].is("table"):
			s.alter(st[2:])
		}
	}
}

// upOnly returns text without its down migrations: the sections after
// "-- +goose Down", "-- +migrate Down" (sql-migrate) or "-- migrate:down"
// (dbmate), up to the next up section.
func upOnly(text string) string {
	if !strings.Contains(text, "+goose") && !strings.Contains(text, "+migrate") && !strings.Contains(text, "migrate:") {
		return text
	}
	var b strings.Builder
	down := false
	for line := range strings.SplitAfterSeq(text, "\n") {
		l := strings.ToLower(strings.Join(strings.Fields(line), " "))
		switch l {
		case "-- +goose down", "-- +migrate down", "-- migrate:down":
			down = true
		case "-- +goose up", "-- +migrate up", "-- migrate:up":
			down = false
		}
		if !down {
			b.WriteString(line)
		}
	}
	return b.String()
}

// createPrefix are the words CREATE TABLE may have between its two.
var createPrefix = map[string]bool{"or": true, "replace": true, "temp": true, "temporary": true, "unlogged": true, "global": true, "local": true}

// create reads CREATE [OR REPLACE] [TEMPORARY …] TABLE [IF NOT EXISTS]
// name (elements) and CREATE DOMAIN name [AS] type.
func (s *Schema) create(st []token) {
	i := 1
	for i < len(st) && st[i].kind == word && createPrefix[strings.ToLower(st[i].text)] {
		i++
	}
	if i < len(st) && st[i].is("domain") {
		name, j, ok := qualified(st, i+1)
		if !ok {
			return
		}
		if j < len(st) && st[j].is("as") {
			j++
		}
		if t, _ := typeAt(st, j); t != "" {
			s.domains[name] = t
		}
		return
	}
	if i >= len(st) || !st[i].is("table") {
		return
	}
	i++
	if i+2 < len(st) && st[i].is("if") && st[i+1].is("not") && st[i+2].is("exists") {
		i += 3
	}
	name, i, ok := qualified(st, i)
	if !ok {
		return
	}
	elems, _, ok := group(st, i)
	if !ok {
		return // CREATE TABLE … AS SELECT
	}
	t := s.table(name)
	for _, e := range split(elems) {
		s.element(t, e)
	}
}

// element reads one element of CREATE TABLE's list: a table constraint
// or a column's definition.
func (s *Schema) element(t *Table, e []token) {
	if len(e) == 0 {
		return
	}
	if s.constraint(t, e) {
		return
	}
	switch {
	case e[0].is("unique") || e[0].is("check") || e[0].is("exclude") || e[0].is("like") || e[0].is("period") || e[0].is("fulltext") || e[0].is("spatial"):
		return
	case (e[0].is("key") || e[0].is("index")) && len(e) > 1 && (e[1].kind == punct || len(e) > 2 && e[2].text == "(" && !typeWords[strings.ToLower(e[1].text)]):
		return // MySQL's KEY name (cols), not a column named key
	}
	s.column(t, e)
}

// constraint reads a table constraint, with or without CONSTRAINT name:
// PRIMARY KEY (cols) or FOREIGN KEY [name] (cols) REFERENCES table
// [(cols)]. It reports whether e was one of those, or another named
// constraint (UNIQUE, CHECK), which declares no key.
func (s *Schema) constraint(t *Table, e []token) bool {
	named := false
	if len(e) > 1 && e[0].is("constraint") {
		e, named = e[2:], true
	}
	switch {
	case len(e) > 1 && e[0].is("primary") && e[1].is("key"):
		i := 2
		for i < len(e) && e[i].kind == word { // USING BTREE, CLUSTERED
			i++
		}
		if cols, _, ok := group(e, i); ok {
			t.pk = names(cols)
			for _, c := range t.pk {
				t.col(c).pk = true
			}
		}
		return true
	case len(e) > 1 && e[0].is("foreign") && e[1].is("key"):
		i := 2
		if i < len(e) && e[i].name() {
			i++ // MySQL's FOREIGN KEY name (cols)
		}
		cols, i, ok := group(e, i)
		if !ok || i >= len(e) || !e[i].is("references") {
			return true
		}
		ref, refCols, ok := references(e, i)
		if !ok {
			return true
		}
		for k, c := range names(cols) {
			r := &Ref{Table: ref}
			if k < len(refCols) {
				r.Column = refCols[k]
			} else if len(refCols) > 0 {
				continue // more columns than the key has: not read
			}
			t.col(c).ref = r
		}
		return true
	}
	return named
}

// references reads REFERENCES table [(cols)] at e[i].
func references(e []token, i int) (string, []string, bool) {
	table, j, ok := qualified(e, i+1)
	if !ok {
		return "", nil, false
	}
	cols, _, _ := group(e, j)
	return table, names(cols), true
}

// column reads a column's definition: name [type] [constraints], with
// PRIMARY KEY and REFERENCES table [(col)] among the constraints.
func (s *Schema) column(t *Table, e []token) *Column {
	if !e[0].name() {
		return nil
	}
	c := t.col(strings.ToLower(e[0].text))
	typ, i := typeAt(e, 1)
	if typ != "" {
		c.typ = typ
	}
	depth := 0
	for ; i < len(e); i++ {
		switch {
		case e[i].kind == punct && e[i].text == "(":
			depth++
		case e[i].kind == punct && e[i].text == ")":
			depth--
		case depth != 0:
		case e[i].is("primary") && i+1 < len(e) && e[i+1].is("key"):
			c.pk = true
			t.pk = []string{c.name}
		case e[i].is("references"):
			if ref, cols, ok := references(e, i); ok {
				c.ref = &Ref{Table: ref}
				if len(cols) > 0 {
					c.ref.Column = cols[0]
				}
			}
		}
	}
	return c
}

// constraintWords end a column's type: the first word of a column
// constraint or option.
var constraintWords = map[string]bool{
	"constraint": true, "primary": true, "references": true, "not": true, "null": true,
	"default": true, "unique": true, "check": true, "collate": true, "generated": true,
	"auto_increment": true, "autoincrement": true, "comment": true, "on": true, "as": true,
	"identity": true, "unsigned": true, "signed": true, "zerofill": true, "key": true,
	"charset": true, "first": true, "after": true, "storage": true, "compression": true,
}

// typeWords are the common types' names, which tell a column named key
// or index (key text) from MySQL's KEY name (cols).
var typeWords = map[string]bool{
	"int": true, "integer": true, "bigint": true, "smallint": true, "tinyint": true, "mediumint": true,
	"serial": true, "bigserial": true, "text": true, "varchar": true, "char": true, "character": true,
	"binary": true, "varbinary": true, "blob": true, "bytea": true, "uuid": true, "bool": true,
	"boolean": true, "json": true, "jsonb": true, "numeric": true, "decimal": true, "citext": true,
	"nvarchar": true, "nchar": true, "date": true, "timestamp": true, "datetime": true,
}

// typeAt reads a column's type at e[i]: its name, lowercased, with its
// arguments and its array brackets, without spaces (char(26), uuid,
// varchar(255), numeric(10,2), uuid[]); "character" is "char", and
// "character varying" "varchar". It returns "" when e[i] starts no type
// (a column without one, as SQLite allows).
func typeAt(e []token, i int) (string, int) {
	if i >= len(e) || e[i].kind != word && e[i].kind != quoted || e[i].kind == word && constraintWords[strings.ToLower(e[i].text)] {
		return "", i
	}
	name, i, _ := qualified(e, i)
	next := func(w string) bool {
		if i < len(e) && e[i].is(w) {
			i++
			return true
		}
		return false
	}
	switch name {
	case "character", "char", "national", "nchar":
		if name == "national" {
			next("character")
			name = "nchar"
		} else if name == "character" {
			name = "char"
		}
		if next("varying") {
			name = "var" + name
		}
	case "double":
		next("precision")
	case "bit":
		if next("varying") {
			name = "varbit"
		}
	case "timestamp", "time":
		if i+2 < len(e) && (e[i].is("with") || e[i].is("without")) && e[i+1].is("time") && e[i+2].is("zone") {
			i += 3
		}
	}
	var b strings.Builder
	b.WriteString(name)
	if args, j, ok := group(e, i); ok {
		b.WriteByte('(')
		for _, a := range args {
			b.WriteString(strings.ToLower(a.text))
		}
		b.WriteByte(')')
		i = j
	}
	for i < len(e) && e[i].kind == punct && e[i].text == "[" {
		for i < len(e) && !(e[i].kind == punct && e[i].text == "]") {
			i++
		}
		b.WriteString("[]")
		i++
	}
	if next("array") {
		b.WriteString("[]")
	}
	return b.String(), i
}

// alterPrefix are the words ALTER TABLE may have before its table.
var alterPrefix = map[string]bool{"if": true, "exists": true, "only": true}

// alter reads ALTER TABLE [IF EXISTS] [ONLY] name action, action…: ADD
// [COLUMN] [IF NOT EXISTS] definition, ADD [CONSTRAINT name] PRIMARY KEY
// or FOREIGN KEY, ALTER [COLUMN] c [SET DATA] TYPE t, MODIFY [COLUMN]
// definition, CHANGE [COLUMN] old definition, RENAME COLUMN a TO b, and
// RENAME [TO] name. RENAME copies: the old name keeps what it had, as a
// down migration's rename back would.
func (s *Schema) alter(st []token) {
	i := 0
	for i < len(st) && st[i].kind == word && alterPrefix[strings.ToLower(st[i].text)] {
		i++
	}
	name, i, ok := qualified(st, i)
	if !ok {
		return
	}
	if i < len(st) && st[i].kind == punct && st[i].text == "*" {
		i++
	}
	t := s.table(name)
	for _, a := range split(st[i:]) {
		if len(a) < 2 {
			continue
		}
		switch {
		case a[0].is("add"):
			a = a[1:]
			if s.constraint(t, a) {
				continue
			}
			if a[0].is("unique") || a[0].is("check") || a[0].is("index") || a[0].is("key") || a[0].is("fulltext") {
				continue
			}
			if a[0].is("column") {
				a = a[1:]
			}
			if len(a) > 3 && a[0].is("if") && a[1].is("not") && a[2].is("exists") {
				a = a[3:]
			}
			if len(a) > 0 {
				s.column(t, a)
			}
		case a[0].is("alter"):
			a = a[1:]
			if a[0].is("column") {
				a = a[1:]
			}
			if len(a) < 3 || !a[0].name() {
				continue
			}
			c := t.col(strings.ToLower(a[0].text))
			j := 1
			if a[j].is("set") && j+1 < len(a) && a[j+1].is("data") {
				j += 2
			}
			if j < len(a) && a[j].is("type") {
				if typ, _ := typeAt(a, j+1); typ != "" {
					c.typ = typ
				}
			}
		case a[0].is("modify"):
			a = a[1:]
			if len(a) > 0 && a[0].is("column") {
				a = a[1:]
			}
			if len(a) > 0 {
				s.column(t, a)
			}
		case a[0].is("change"):
			a = a[1:]
			if len(a) > 0 && a[0].is("column") {
				a = a[1:]
			}
			if len(a) > 1 && a[0].name() {
				old := t.col(strings.ToLower(a[0].text))
				if c := s.column(t, a[1:]); c != nil && c != old && c.ref == nil {
					c.ref = old.ref
				}
			}
		case a[0].is("rename"):
			a = a[1:]
			if len(a) > 0 && a[0].is("column") {
				a = a[1:]
			}
			switch {
			case len(a) == 3 && a[0].name() && a[1].is("to") && a[2].name():
				old := t.col(strings.ToLower(a[0].text))
				c := t.col(strings.ToLower(a[2].text))
				c.typ, c.pk, c.ref = old.typ, old.pk, old.ref
			case len(a) > 0 && (a[0].is("to") || a[0].is("as")) || len(a) == 1:
				j := 0
				if a[0].is("to") || a[0].is("as") {
					j++
				}
				if to, _, ok := qualified(a, j); ok && to != name {
					s.copyTable(name, to)
				}
			}
		}
	}
}

// copyTable makes table to a copy of from's columns (RENAME TO).
func (s *Schema) copyTable(from, to string) {
	f, t := s.table(from), s.table(to)
	for _, name := range f.order {
		c, d := f.cols[name], t.col(name)
		d.typ, d.pk, d.ref = c.typ, c.pk, c.ref
	}
	if len(t.pk) == 0 {
		t.pk = f.pk
	}
}

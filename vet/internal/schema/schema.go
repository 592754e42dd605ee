// Package schema reads the tables that a module's own SQL declares (its
// .sql files, its migrations, and the SQL text of its Go migrations) and
// says which of their columns hold the service's ids, whatever their
// names: owner, version, server_identifier (rule KEYS-5 by types).
//
// A column is an id column when
//
//   - its type is an id's: uuid, char(26) (or character(26)), binary(16)
//     or varbinary(16); or a domain or type declared over one of these
//     (CREATE DOMAIN), or one whose own name is an id's by the rule every
//     analyzer uses, rule.IDName (ulid, uuid); or
//   - it is (part of) its table's primary key and its type is another id
//     format's fixed-width text: char(20) (an xid), char(27) (a KSUID),
//     char(32) or char(36) (a UUID's hex digits or text); its values are
//     taken as UUIDs are, which id.Parse refuses; or
//   - it references a key (REFERENCES inline, FOREIGN KEY … REFERENCES, in
//     CREATE TABLE or ALTER TABLE … ADD) that is an id column itself, or
//     that is named as an id (rule.IDName: id, user_id) and is of no
//     number type (nor is the column that references it).
//
// A primary key counts by its type only: a text key (slug text PRIMARY
// KEY, email varchar(255) PRIMARY KEY) is a natural key, and a column
// that references it is not an id column; neither is an integer key
// (id bigserial) nor a reference to one. A key of an id's type is an id
// column by that type. A reference that names no column is to the
// referenced table's primary key (a single column).
//
// Nothing here makes a column not an id: the name rule stays for the
// columns the schema does not make ids, and for services without a
// schema in their module.
package schema

import (
	"strings"

	"github.com/idkeys/id/vet/internal/rule"
)

// Schema is what a module's SQL declares. The zero Schema, and a nil
// one, declare nothing.
type Schema struct {
	tables  map[string]*Table // by name, lowercased, unqualified
	domains map[string]string // CREATE DOMAIN name AS type
	// byName lists, for a column's name, its declarations in every
	// table (finish).
	byName map[string][]*Column
}

// Table is a table's columns and primary key.
type Table struct {
	name  string
	cols  map[string]*Column
	order []string // the columns in the order they were declared
	pk    []string
}

// Column is a column's declaration and the schema's judgement of it.
type Column struct {
	table, name string
	typ         string // typeAt's form: char(26), uuid, varchar(255), "" when not declared
	pk          bool
	ref         *Ref
	// id and uuid are the judgement (finish): an id column; its values
	// are UUIDs (its type, or its key's, is uuid).
	id, uuid bool
}

// Ref is the key a column references; Column is "" for the table's
// primary key.
type Ref struct {
	Table, Column string
}

func newSchema() *Schema {
	return &Schema{tables: make(map[string]*Table), domains: make(map[string]string)}
}

// table returns the table of that name, adding it when new.
func (s *Schema) table(name string) *Table {
	t := s.tables[name]
	if t == nil {
		t = &Table{name: name, cols: make(map[string]*Column)}
		s.tables[name] = t
	}
	return t
}

// col returns the column of that name, adding it when new.
func (t *Table) col(name string) *Column {
	c := t.cols[name]
	if c == nil {
		c = &Column{table: t.name, name: name}
		t.cols[name] = c
		t.order = append(t.order, name)
	}
	return c
}

// finish judges every column, once every file is read (a reference may
// come before the table it names), and indexes the columns by name.
func (s *Schema) finish() {
	s.byName = make(map[string][]*Column)
	for _, t := range s.tables {
		for _, name := range t.order {
			c := t.cols[name]
			c.id, c.uuid = s.judge(c, 0)
			s.byName[name] = append(s.byName[name], c)
		}
	}
}

// judge says whether c is an id column and whether its values are UUIDs,
// as the package's doc describes; depth bounds a chain of references.
func (s *Schema) judge(c *Column, depth int) (id, uuid bool) {
	if id, uuid := s.idType(c.typ); id {
		return true, uuid
	}
	if c.pk && otherIDWidth[s.base(c.typ)] {
		return true, true // another format's ids, which id.Parse refuses
	}
	if c.ref == nil || depth > 8 || numberType(s.base(c.typ)) {
		return false, false
	}
	key := s.key(c.ref)
	if key == nil {
		// A table that is not declared here: its key's name, and the
		// referencing column's type, tell.
		return c.ref.Column != "" && rule.IDName(c.ref.Column), false
	}
	if id, uuid := s.judge(key, depth+1); id {
		return true, uuid
	}
	return rule.IDName(key.name) && !numberType(s.base(key.typ)), false
}

// otherIDWidth are the fixed-width text types of other id formats' text:
// an xid (20 characters), a KSUID (27), a UUID's 32 hex digits and its
// 36 characters. A primary key of one of them is an id column; another
// column of that type is not, by its type alone (a country code, a
// digest).
var otherIDWidth = map[string]bool{"char(20)": true, "char(27)": true, "char(32)": true, "char(36)": true}

// key returns the column r references, or nil when its table is not
// declared, or names no column and has no single-column primary key.
func (s *Schema) key(r *Ref) *Column {
	t := s.tables[r.Table]
	if t == nil {
		return nil
	}
	name := r.Column
	if name == "" {
		if len(t.pk) != 1 {
			return nil
		}
		name = t.pk[0]
	}
	return t.cols[name]
}

// idType says whether typ is an id's type (see the package's doc), and
// whether it is uuid, through up to 8 domains.
func (s *Schema) idType(typ string) (id, uuid bool) {
	for range 8 {
		switch typ {
		case "":
			return false, false
		case "uuid":
			return true, true
		}
		if IDType(typ) {
			return true, false
		}
		if !strings.ContainsAny(typ, "([") && rule.IDName(typ) {
			w := rule.Words(typ)
			last := strings.ToLower(w[len(w)-1])
			return true, last == "uuid" || last == "guid"
		}
		d, ok := s.domains[typ]
		if !ok {
			return false, false
		}
		typ = d
	}
	return false, false
}

// IDType reports whether typ, a column's type as written lowercased, is
// an id's own type: uuid, char(26), binary(16) or varbinary(16) (see the
// package's doc; domains are not resolved here). An ORM's type tag
// (gorm:"type:uuid") is judged by it too.
func IDType(typ string) bool {
	switch typ {
	case "uuid", "char(26)", "binary(16)", "varbinary(16)":
		return true
	}
	return false
}

// base returns typ with its domains resolved.
func (s *Schema) base(typ string) string {
	for range 8 {
		d, ok := s.domains[typ]
		if !ok {
			break
		}
		typ = d
	}
	return typ
}

// numberType reports whether typ is a number's: an integer key's
// (int, bigint, serial, …) or numeric's.
func numberType(typ string) bool {
	name, _, _ := strings.Cut(typ, "(")
	switch name {
	case "int", "integer", "smallint", "bigint", "tinyint", "mediumint", "int2", "int4", "int8",
		"serial", "smallserial", "bigserial", "serial4", "serial8", "numeric", "decimal", "number":
		return true
	}
	return false
}

// Column says whether col, a column's name in a query that names the
// tables tables (Tables), is an id column by the schema, and whether its
// values are UUIDs. A qualified name (posts.owner) looks in its table
// when that is declared. Else the column is judged in the tables named
// that declare it, when any does; and otherwise in every table that
// declares it: it is an id column only when it is one in each of them,
// so a name that is a key in one table and text in another is an id
// column only where the query names the first.
func (s *Schema) Column(tables []string, col string) (id, uuid bool) {
	in := s.lookup(tables, col)
	if len(in) == 0 {
		return false, false
	}
	id, uuid = true, true
	for _, c := range in {
		id, uuid = id && c.id, uuid && c.uuid
	}
	return id, id && uuid
}

// Type returns col's declared type, its domains resolved, found as
// Column finds it: "" when it is not declared, or its declarations'
// types differ.
func (s *Schema) Type(tables []string, col string) string {
	typ := ""
	for i, c := range s.lookup(tables, col) {
		t := s.base(c.typ)
		if i > 0 && t != typ {
			return ""
		}
		typ = t
	}
	return typ
}

// lookup returns col's declarations that Column judges.
func (s *Schema) lookup(tables []string, col string) []*Column {
	if s == nil || len(s.byName) == 0 {
		return nil
	}
	col = strings.ToLower(unquote.Replace(col))
	if i := strings.LastIndex(col, "."); i >= 0 {
		q := col[:i]
		col, q = col[i+1:], q[strings.LastIndex(q, ".")+1:]
		if s.tables[q] != nil {
			tables = []string{q}
		}
	}
	var in []*Column
	for _, t := range tables {
		if tt := s.tables[t]; tt != nil && tt.cols[col] != nil {
			in = append(in, tt.cols[col])
		}
	}
	if len(in) == 0 {
		in = s.byName[col]
	}
	return in
}

// unquote drops the quotes of quoted names.
var unquote = strings.NewReplacer(`"`, "", "`", "")

// Len returns the number of columns the schema declares.
func (s *Schema) Len() int {
	if s == nil {
		return 0
	}
	n := 0
	for _, cs := range s.byName {
		n += len(cs)
	}
	return n
}

// IDColumns returns the id columns, as table.column, in no fixed order:
// for tests and for a summary.
func (s *Schema) IDColumns() []string {
	if s == nil {
		return nil
	}
	var out []string
	for _, cs := range s.byName {
		for _, c := range cs {
			if c.id {
				out = append(out, c.table+"."+c.name)
			}
		}
	}
	return out
}

// tableWords are the words after which a query names a table.
var tableWords = map[string]bool{"from": true, "join": true, "update": true, "into": true}

// Tables returns the tables a query's text names, lowercased and
// unqualified: after FROM (a list of them too), JOIN, UPDATE and INTO.
// Text that is not known where a table's name goes (%s) names none
// there.
func Tables(query string) []string {
	toks := lex(query)
	var out []string
	for i := 0; i < len(toks); i++ {
		if toks[i].kind != word || !tableWords[strings.ToLower(toks[i].text)] {
			continue
		}
		from := toks[i].is("from")
		j := i + 1
		for {
			name, k, ok := qualified(toks, j)
			if !ok || toks[j].kind == word && keywords[strings.ToLower(toks[j].text)] {
				break
			}
			out = append(out, name)
			if k < len(toks) && toks[k].is("as") {
				k++
			}
			if k < len(toks) && toks[k].name() && !(toks[k].kind == word && keywords[strings.ToLower(toks[k].text)]) {
				k++ // alias
			}
			if !from || k >= len(toks) || toks[k].kind != punct || toks[k].text != "," {
				break
			}
			j = k + 1
		}
	}
	return out
}

// keywords are words that follow a table's name, or stand where one
// could: not an alias, nor a table.
var keywords = map[string]bool{
	"where": true, "set": true, "values": true, "join": true, "inner": true, "left": true, "right": true,
	"full": true, "cross": true, "outer": true, "on": true, "using": true, "group": true, "order": true,
	"limit": true, "offset": true, "returning": true, "select": true, "lateral": true, "natural": true,
	"having": true, "union": true, "for": true, "default": true, "only": true, "window": true,
}

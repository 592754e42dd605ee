package idquery

import (
	"path/filepath"

	"github.com/idkeys/id/vet/internal/rule"
	"github.com/idkeys/id/vet/internal/schema"
	"golang.org/x/tools/go/analysis"
)

// Columns from the service's own schema: a column that the SQL of the
// module being checked (its .sql files and migrations, internal/schema)
// makes a key of an id's type, a reference to an id's key, or of an id's
// type (uuid, char(26), binary(16)), is an id column whatever its name:
// owner, version, server_identifier. The name rule (idColumn) stays; the
// schema only adds columns.

// colFacts judges col, a placeholder's column in the SQL text (or a
// key's, with text ""), looking it up in the module's schema once:
//   - id: it is an id column, by its name (idColumn), or by the schema
//     unless a word of its name says another system's (rule.Foreign);
//   - uuid: its values are UUIDs, by its name (uuidColumn) or by its
//     type, or its key's, in the schema: then no id.Parse advice;
//   - typ: its declared type in the schema (schema.Type), or "": a
//     16-byte type's Go type is compact.ID, a text type's id.ID.
func (c *pkg) colFacts(text, col string) (id, uuid bool, typ string) {
	sid, suuid := false, false
	if s := moduleSchema(c.pass); s != nil && col != "" {
		var tables []string
		if text != "" {
			tables = schema.Tables(text)
		}
		sid, suuid = s.Column(tables, col)
		typ = s.Type(tables, col)
	}
	id = idColumn(col) || sid && !rule.Foreign(col, &foreign)
	return id, uuidColumn(col) || suuid, typ
}

// moduleSchema returns the schema of the module that holds pass's
// package (schema.ForDir, read once per module), or nil.
// A dependency at a version (in the module cache, or vendored) is not
// the service: its schema is not read.
func moduleSchema(pass *analysis.Pass) *schema.Schema {
	if pass.Module != nil && pass.Module.Version != "" {
		return nil
	}
	tried := ""
	for _, f := range pass.Files {
		tf := pass.Fset.File(f.FileStart)
		if tf == nil {
			continue
		}
		dir := filepath.Dir(tf.Name())
		if dir == tried {
			continue
		}
		if s := schema.ForDir(dir); s != nil {
			return s
		}
		tried = dir
	}
	return nil
}

package idquery

import (
	"reflect"
	"testing"
)

// TestColumnTypes: which declared column types hold an id's 16 bytes
// (compact.ID's) and which its text (id.ID's), from the schema or an
// ORM's type tag.
func TestColumnTypes(t *testing.T) {
	for _, c := range []struct {
		typ     string
		bytes16 bool
		text    bool
	}{
		{"uuid", true, false},
		{"binary(16)", true, false},
		{"varbinary(16)", true, false},
		{"binary(26)", false, false},
		{"char(26)", false, true},
		{"character(26)", false, true},
		{"char(25)", false, false},
		{"char", false, false}, // char(1)
		{"varchar(255)", false, true},
		{"varchar", false, true},
		{"character varying", false, true},
		{"character varying(64)", false, true},
		{"varchar(16)", false, false},
		{"text", false, true},
		{"citext", false, true},
		{"bytea", false, false},
		{"bigint", false, false},
		{"", false, false},
	} {
		if got := bytes16(c.typ) != ""; got != c.bytes16 {
			t.Errorf("bytes16(%q) = %v; want %v", c.typ, got, c.bytes16)
		}
		if got := textStore(c.typ); got != c.text {
			t.Errorf("textStore(%q) = %v; want %v", c.typ, got, c.text)
		}
	}
	for _, c := range []struct{ tag, want string }{
		{`gorm:"type:uuid;primaryKey"`, "uuid"},
		{`gorm:"column:owner; TYPE: CHAR(26) "`, "char(26)"},
		{`bun:"id,pk,type:uuid"`, "uuid"},
		{`gorm:"size:255"`, ""},
		{`db:"type"`, ""},
	} {
		if got := ormType(reflect.StructTag(c.tag)); got != c.want {
			t.Errorf("ormType(%s) = %q; want %q", c.tag, got, c.want)
		}
	}
}

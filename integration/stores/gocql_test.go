package stores

import (
	"strings"
	"testing"

	"github.com/gocql/gocql"
	"github.com/idkeys/id"
	"github.com/idkeys/id/adapters/idgocql"
)

// cql returns the gocql type of a column of type typ, protocol version 4.
func cql(typ gocql.Type) gocql.TypeInfo {
	return gocql.NewNativeType(4, typ, "")
}

// cqlList is the type of a list<text> column.
var cqlList = gocql.CollectionType{NativeType: gocql.NewNativeType(4, gocql.TypeList, ""), Elem: cql(gocql.TypeText)}

// TestGocqlRefusesPlainID measures the default: gocql v1.7.0 refuses an
// id.ID loudly, both ways; nothing is lost, but nothing works either.
//
// gocql.Marshal and gocql.Unmarshal are what a Session runs on every
// bound value and every scanned column, so no server is needed.
func TestGocqlRefusesPlainID(t *testing.T) {
	//idvet:allow SILENT the test measures the error of the default
	_, err := gocql.Marshal(cql(gocql.TypeVarchar), a)
	if err == nil || err.Error() != "can not marshal id.ID into varchar" {
		t.Fatalf("Marshal(id.ID): %v", err)
	}
	var out id.ID
	//idvet:allow SILENT the test measures the error of the default
	err = gocql.Unmarshal(cql(gocql.TypeVarchar), []byte(aText), &out)
	if err == nil || err.Error() != "can not unmarshal varchar into *id.ID" {
		t.Fatalf("Unmarshal(*id.ID): %v", err)
	}
}

// TestGocqlWrapperRoundTrip: idgocql.ID writes the 26 lowercase characters
// into text, varchar and ascii columns, and in a list<text>; a nil
// *idgocql.ID is CQL null and reads back as nil.
func TestGocqlWrapperRoundTrip(t *testing.T) {
	for _, typ := range []gocql.Type{gocql.TypeText, gocql.TypeVarchar, gocql.TypeAscii} {
		p, err := gocql.Marshal(cql(typ), idgocql.ID{ID: a})
		if err != nil || string(p) != aText {
			t.Fatalf("Marshal into %v: %q, %v", typ, p, err)
		}
		var out idgocql.ID
		if err := gocql.Unmarshal(cql(typ), p, &out); err != nil || out.ID != a {
			t.Fatalf("Unmarshal from %v: %v, %v", typ, out, err)
		}
	}

	p, err := gocql.Marshal(cqlList, []idgocql.ID{{ID: a}, {ID: b}})
	if err != nil {
		t.Fatal(err)
	}
	var list []idgocql.ID
	if err := gocql.Unmarshal(cqlList, p, &list); err != nil || len(list) != 2 || list[0].ID != a || list[1].ID != b {
		t.Fatalf("list<text>: %v, %v", list, err)
	}

	var nilID *idgocql.ID
	p, err = gocql.Marshal(cql(gocql.TypeText), nilID)
	if err != nil || p != nil {
		t.Fatalf("nil *idgocql.ID: %q, %v; want CQL null (nil)", p, err)
	}
	ptr := &idgocql.ID{ID: a}
	if err := gocql.Unmarshal(cql(gocql.TypeText), nil, &ptr); err != nil || ptr != nil {
		t.Fatalf("null into *idgocql.ID: %v, %v; want nil", ptr, err)
	}
	if err := gocql.Unmarshal(cql(gocql.TypeText), []byte(bText), &ptr); err != nil || ptr == nil || ptr.ID != b {
		t.Fatalf("text into *idgocql.ID: %v, %v", ptr, err)
	}
}

// TestGocqlWrapperRefusesZero: writing the zero id fails with id.ErrZero,
// alone and in a list.
func TestGocqlWrapperRefusesZero(t *testing.T) {
	_, err := gocql.Marshal(cql(gocql.TypeText), idgocql.ID{})
	wantZero(t, err)
	_, err = gocql.Marshal(cqlList, []idgocql.ID{{ID: a}, {}})
	wantZero(t, err)
}

// TestGocqlWrapperReadIsStrict: reading is as strict as Scan: uppercase,
// empty, corrupt and zero ids are *id.ParseErrors; CQL null into
// idgocql.ID is id.ErrNull; a uuid column is refused both ways with an
// error that says to keep ids in a text column. Every error wraps
// id.ErrInvalid and leaves the id zero.
func TestGocqlWrapperReadIsStrict(t *testing.T) {
	for _, c := range badStored {
		t.Run(c.name, func(t *testing.T) {
			out := idgocql.ID{ID: b}
			wantReason(t, gocql.Unmarshal(cql(gocql.TypeText), []byte(c.v), &out), c.reason)
			if !out.IsZero() {
				t.Fatalf("after the error the id is %v", out)
			}
		})
	}
	t.Run("null", func(t *testing.T) {
		out := idgocql.ID{ID: b}
		err := gocql.Unmarshal(cql(gocql.TypeText), nil, &out)
		wantInvalid(t, err)
		if !strings.Contains(err.Error(), "scan a nullable column into *idgocql.ID") || !out.IsZero() {
			t.Fatalf("null: %v, %v", out, err)
		}
	})
	for _, typ := range []gocql.Type{gocql.TypeUUID, gocql.TypeTimeUUID} {
		t.Run(typ.String(), func(t *testing.T) {
			_, err := gocql.Marshal(cql(typ), idgocql.ID{ID: a})
			wantInvalid(t, err)
			if !strings.Contains(err.Error(), "cannot hold an id.ID (26 characters of text): use a text column") {
				t.Fatalf("Marshal into %v: %v", typ, err)
			}
			var out idgocql.ID
			u := gocql.TimeUUID()
			wantInvalid(t, gocql.Unmarshal(cql(typ), u[:], &out))
		})
	}
	var out idgocql.ID
	err := gocql.Unmarshal(cql(gocql.TypeInt), []byte{0, 0, 0, 7}, &out)
	wantInvalid(t, err)
	if !strings.Contains(err.Error(), "a CQL int column cannot hold an id.ID") {
		t.Fatalf("int: %v", err)
	}
}

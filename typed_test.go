package id_test

import (
	"database/sql"
	"database/sql/driver"
	"encoding"
	"encoding/json"
	"errors"
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/idkeys/id"
)

// The typed ids of docs/typed-ids.md, declared as a user declares them,
// outside package id: the constraint of NewAs and ParseAs must accept them.
type (
	userID  struct{ id.ID }
	orderID struct{ id.ID }
)

// TestNewAs: NewAs makes a non-zero, canonical id of the asked type, later
// than one made before it (the generator of New).
func TestNewAs(t *testing.T) {
	before := id.New()
	u := id.NewAs[userID]()
	o := id.NewAs[orderID]()
	if u.IsZero() || o.IsZero() {
		t.Fatalf("NewAs returned the zero id: %v %v", u, o)
	}
	if before.Compare(u.ID) >= 0 || u.Compare(o.ID) >= 0 {
		t.Fatalf("NewAs ids do not follow New's order: %s %s %s", before, u, o)
	}
	if back, err := id.Parse(u.String()); err != nil || back != u.ID {
		t.Fatalf("Parse(%q) = %v, %v; want %v", u.String(), back, err, u.ID)
	}
}

// TestParseAs: ParseAs is Parse with the result typed: the same id for
// every accepted input, the zero typed id and Parse's error for the rest.
func TestParseAs(t *testing.T) {
	want := id.MustParse("01arz3ndektsv4rrffq69g5fav")
	for _, tc := range []struct {
		name, in string
		want     id.ID
		reason   id.Reason // 0: accepted
	}{
		{"lowercase (P1)", "01arz3ndektsv4rrffq69g5fav", want, 0},
		{"uppercase (P2)", "01ARZ3NDEKTSV4RRFFQ69G5FAV", want, 0},
		{"empty (P3)", "", id.ID{}, id.ReasonMissing},
		{"25 characters (P3)", "01arz3ndektsv4rrffq69g5fa", id.ID{}, id.ReasonLength},
		{"letter i (P4)", "01arz3ndeitsv4rrffq69g5fav", id.ID{}, id.ReasonCharacter},
		{"out of range (P5)", "80000000000000000000000000", id.ID{}, id.ReasonRange},
		{"zero id (P6)", "00000000000000000000000000", id.ID{}, id.ReasonZero},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := id.ParseAs[userID](tc.in)
			if got != (userID{tc.want}) {
				t.Errorf("ParseAs[userID](%q) = %#v, want %#v", tc.in, got.ID, tc.want)
			}
			_, perr := id.Parse(tc.in)
			if tc.reason == 0 {
				if err != nil {
					t.Fatalf("ParseAs[userID](%q): %v", tc.in, err)
				}
				return
			}
			var pe *id.ParseError
			if !errors.As(err, &pe) || pe.Reason != tc.reason || !errors.Is(err, id.ErrInvalid) {
				t.Fatalf("ParseAs[userID](%q) error = %v, want a *ParseError with reason %v", tc.in, err, tc.reason)
			}
			if perr == nil || err.Error() != perr.Error() {
				t.Fatalf("ParseAs[userID](%q) error %q, Parse's %v", tc.in, err, perr)
			}
		})
	}
}

// TestTypedIDsAreDistinctTypes: a userID is not assignable to an orderID
// or an id.ID (the compiler refuses `var o orderID = u`), only explicitly
// convertible, and the conversion back is the field: u.ID. Conversions
// orderID(u) compile because the two structs have the same underlying
// type; idvet reports them.
func TestTypedIDsAreDistinctTypes(t *testing.T) {
	u, o, v := reflect.TypeFor[userID](), reflect.TypeFor[orderID](), reflect.TypeFor[id.ID]()
	if u.AssignableTo(o) || o.AssignableTo(u) || u.AssignableTo(v) || v.AssignableTo(u) {
		t.Fatal("typed ids are assignable to each other or to id.ID")
	}
	x := id.MustParse("01arz3ndektsv4rrffq69g5fav")
	if got := (userID{x}).ID; got != x {
		t.Fatalf("userID{x}.ID = %v, want %v", got, x)
	}
}

// TestTypedIDPromotesEveryMethod: a userID implements every interface an
// id.ID implements (value methods on userID, pointer methods on *userID),
// so every library that finds them on id.ID finds them on a userID.
func TestTypedIDPromotesEveryMethod(t *testing.T) {
	for _, iface := range []reflect.Type{
		reflect.TypeFor[fmt.Stringer](),
		reflect.TypeFor[fmt.GoStringer](),
		reflect.TypeFor[encoding.TextMarshaler](),
		reflect.TypeFor[encoding.TextAppender](),
		reflect.TypeFor[encoding.TextUnmarshaler](),
		reflect.TypeFor[encoding.BinaryMarshaler](),
		reflect.TypeFor[encoding.BinaryUnmarshaler](),
		reflect.TypeFor[json.Marshaler](),
		reflect.TypeFor[json.Unmarshaler](),
		reflect.TypeFor[driver.Valuer](),
		reflect.TypeFor[sql.Scanner](),
	} {
		for _, typ := range []reflect.Type{reflect.TypeFor[id.ID](), reflect.TypeFor[*id.ID]()} {
			if !typ.Implements(iface) {
				continue
			}
			typed := reflect.TypeFor[userID]()
			if typ.Kind() == reflect.Pointer {
				typed = reflect.PointerTo(typed)
			}
			if !typed.Implements(iface) {
				t.Errorf("%v implements %v, %v does not", typ, iface, typed)
			}
		}
	}
	// Every method of id.ID and *id.ID, by name, the ones other libraries
	// look for without an interface of the standard library included
	// (GormDataType, MarshalBSONValue, UnmarshalYAML, Equal, ...).
	for _, pair := range [][2]reflect.Type{
		{reflect.TypeFor[id.ID](), reflect.TypeFor[userID]()},
		{reflect.TypeFor[*id.ID](), reflect.TypeFor[*userID]()},
	} {
		for i := range pair[0].NumMethod() {
			m := pair[0].Method(i)
			if _, ok := pair[1].MethodByName(m.Name); !ok {
				t.Errorf("%v has method %s, %v does not", pair[0], m.Name, pair[1])
			}
		}
	}
}

// TestTypedIDBehavesAsID: for a valid id, the zero id and bad input, each
// encoder and decoder gives a userID exactly what it gives the id.ID inside
// it: the same bytes, the same error.
func TestTypedIDBehavesAsID(t *testing.T) {
	type pair struct {
		plain id.ID
		typed userID
	}
	x := id.MustParse("01arz3ndektsv4rrffq69g5fav")
	for _, v := range []id.ID{x, {}} {
		p := pair{v, userID{v}}
		same := func(what string, a, b any) {
			t.Helper()
			if !reflect.DeepEqual(a, b) {
				t.Errorf("%s of %v: id.ID gives %v, userID %v", what, v, a, b)
			}
		}
		same("String", p.plain.String(), p.typed.String())
		same("%v", fmt.Sprintf("%v", p.plain), fmt.Sprintf("%v", p.typed))
		// %#v shows id.ID's GoString, not the type name: see docs/typed-ids.md.
		same("%#v", fmt.Sprintf("%#v", p.plain), fmt.Sprintf("%#v", p.typed))
		tp, ep := p.plain.MarshalText()
		tt, et := p.typed.MarshalText()
		same("MarshalText", fmt.Sprint(string(tp), ep), fmt.Sprint(string(tt), et))
		jp, ep := json.Marshal(struct{ A id.ID }{p.plain})
		jt, et := json.Marshal(struct{ A userID }{p.typed})
		same("json.Marshal", fmt.Sprint(string(jp), ep), fmt.Sprint(string(jt), et))
		vp, ep := p.plain.Value()
		vt, et := p.typed.Value()
		same("Value", fmt.Sprint(vp, ep), fmt.Sprint(vt, et))
		if !v.IsZero() {
			mp, _ := json.Marshal(map[id.ID]int{p.plain: 1})
			mt, _ := json.Marshal(map[userID]int{p.typed: 1})
			same("json.Marshal map key", string(mp), string(mt))
		}
	}
	if got := fmt.Sprintf("%v %#v", userID{x}, userID{x}); got != `01arz3ndektsv4rrffq69g5fav id.MustParse("01arz3ndektsv4rrffq69g5fav")` {
		t.Errorf("%%v %%#v of a userID = %s", got)
	}

	// encoding/json names the Go type in its own errors.
	renamed := func(err error) string {
		return strings.ReplaceAll(fmt.Sprint(err), "id_test.userID", "id.ID")
	}
	for _, in := range []string{`"01ARZ3NDEKTSV4RRFFQ69G5FAV"`, `""`, `"01arz3ndeitsv4rrffq69g5fav"`, `7`, `null`} {
		var a struct{ A id.ID }
		var b struct{ A userID }
		ea := json.Unmarshal([]byte(`{"A":`+in+`}`), &a)
		eb := json.Unmarshal([]byte(`{"A":`+in+`}`), &b)
		if a.A != b.A.ID || fmt.Sprint(ea) != renamed(eb) {
			t.Errorf("json.Unmarshal %s: id.ID gives %v, %v; userID %v, %v", in, a.A, ea, b.A, eb)
		}
		var ma map[id.ID]int
		var mb map[userID]int
		ea = json.Unmarshal([]byte(`{`+in+`:1}`), &ma)
		eb = json.Unmarshal([]byte(`{`+in+`:1}`), &mb)
		if fmt.Sprint(ea) != renamed(eb) || len(ma) != len(mb) {
			t.Errorf("json.Unmarshal map key %s: id.ID gives %v, %v; userID %v, %v", in, ma, ea, mb, eb)
		}
		for k := range ma {
			if mb[userID{k}] != 1 {
				t.Errorf("json.Unmarshal map key %s: id.ID gives %v, userID %v", in, ma, mb)
			}
		}
	}
	for _, src := range []any{"01arz3ndektsv4rrffq69g5fav", []byte("01arz3ndektsv4rrffq69g5fav"), "01ARZ3NDEKTSV4RRFFQ69G5FAV", nil, int64(7)} {
		var a id.ID
		var b userID
		ea, eb := a.Scan(src), b.Scan(src)
		if a != b.ID || fmt.Sprint(ea) != fmt.Sprint(eb) {
			t.Errorf("Scan(%#v): id.ID gives %v, %v; userID %v, %v", src, a, ea, b, eb)
		}
	}
}

// TestTypedIDEmbeddedInAModel measures the trap of docs/typed-ids.md: a
// typed id embedded without a field name promotes its methods to the
// model, so encoding/json writes the model as the id's string alone and
// the model is a driver.Valuer.
func TestTypedIDEmbeddedInAModel(t *testing.T) {
	type user struct {
		userID
		Name string
	}
	u := user{userID{id.MustParse("01arz3ndektsv4rrffq69g5fav")}, "alice"}
	b, err := json.Marshal(u)
	if err != nil || string(b) != `"01arz3ndektsv4rrffq69g5fav"` {
		t.Fatalf("json.Marshal(model embedding a typed id) = %s, %v; the measured trap writes the id alone", b, err)
	}
	var _ driver.Valuer = u
	var _ fmt.Stringer = u
}

// TestTypedIDMisuseDoesNotCompile type-checks, with go/types and package
// id from source, a user's file that declares UserID and OrderID and
// misuses them: each misuse is a compile error with the message the
// compiler gives, and what docs/typed-ids.md says compiles does. About 6
// seconds (package id and its imports are type-checked from source), so
// it skips under -short.
func TestTypedIDMisuseDoesNotCompile(t *testing.T) {
	if testing.Short() {
		t.Skip("type-checks package id from source")
	}
	const src = `package shop

import (
	"database/sql"

	"github.com/idkeys/id"
)

type UserID struct{ id.ID }
type OrderID struct{ id.ID }
type Defined id.ID

func ship(o OrderID) {}

func use() {
	u := id.NewAs[UserID]()
	ship(u)
	var v id.ID = u
	var _ sql.Scanner = &Defined{}
	_ = id.NewAs[struct {
		id.ID
		n int
	}]()
	ship(OrderID(u))
	ship(OrderID{ID: u.ID})
	_, _, _ = v, UserID{ID: v}, UserID{v}
	var _ sql.Scanner = &u
}
`
	want := map[int]string{ // line: error
		17: "cannot use u (variable of struct type UserID) as OrderID value in argument to ship",
		18: "cannot use u (variable of struct type UserID) as id.ID value in variable declaration",
		19: "cannot use &Defined{} (value of type *Defined) as sql.Scanner value in variable declaration: *Defined does not implement sql.Scanner (missing method Scan)",
		20: "struct{id.ID; n int} does not satisfy ~struct{id.ID}",
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "shop.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	got := map[int]string{}
	conf := types.Config{
		Importer: importer.ForCompiler(fset, "source", nil),
		Error: func(err error) {
			te := err.(types.Error)
			got[fset.Position(te.Pos).Line] = te.Msg
		},
	}
	conf.Check("shop", fset, []*ast.File{f}, nil)
	for line, msg := range want {
		if !strings.Contains(got[line], msg) {
			t.Errorf("line %d: error %q, want one containing %q", line, got[line], msg)
		}
	}
	for line, msg := range got {
		if _, ok := want[line]; !ok {
			t.Errorf("line %d: unexpected error %q (lines 24 to 27 compile: a conversion, UserID{ID: v}, UserID{v}, u.ID, *UserID as sql.Scanner)", line, msg)
		}
	}
}

// TestTypedIDsSortByCompare: typed ids sort and are found with
// slices.SortFunc and slices.BinarySearchFunc and the one-line closure
// docs/typed-ids.md shows, in the order of id.ID.Compare (the zero id
// first); ties are 0.
func TestTypedIDsSortByCompare(t *testing.T) {
	a, b, c := id.MustParse("01arz3ndektsv4rrffq69g5fav"), id.MustParse("01bx5zzkbkactav9wevgemmvrz"), id.MustParse("7zzzzzzzzzzzzzzzzzzzzzzzzz")
	byID := func(x, y userID) int { return x.Compare(y.ID) }
	users := []userID{{c}, {a}, {}, {b}, {a}}
	slices.SortFunc(users, byID)
	if want := []userID{{}, {a}, {a}, {b}, {c}}; !slices.Equal(users, want) {
		t.Fatalf("sorted: %v, want %v", users, want)
	}
	for _, c := range []struct {
		target userID
		i      int
		found  bool
	}{
		{userID{b}, 3, true},
		{userID{a}, 1, true},
		{userID{}, 0, true},
		{userID{id.MustParse("01bx5zzkbkactav9wevgemmvs0")}, 4, false},
	} {
		if i, found := slices.BinarySearchFunc(users, c.target, byID); i != c.i || found != c.found {
			t.Errorf("BinarySearchFunc(%v) = %d, %v; want %d, %v", c.target, i, found, c.i, c.found)
		}
	}
	for _, c := range []struct {
		x, y userID
		want int
	}{
		{userID{a}, userID{b}, -1},
		{userID{b}, userID{a}, +1},
		{userID{a}, userID{a}, 0},
		{userID{}, userID{a}, -1},
	} {
		if got := byID(c.x, c.y); got != c.want {
			t.Errorf("Compare(%v, %v) = %d, want %d", c.x, c.y, got, c.want)
		}
	}
	// []id.ID needs no helper: the method expression has the signature.
	ids := []id.ID{c, a, b}
	slices.SortFunc(ids, id.ID.Compare)
	if !slices.Equal(ids, []id.ID{a, b, c}) {
		t.Fatalf("id.ID.Compare: %v", ids)
	}
}

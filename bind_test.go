package id_test

import (
	"bytes"
	"errors"
	"flag"
	"strings"
	"testing"

	"github.com/idkeys/id"
)

// The framework-convention methods of bind.go, each against the standard
// library only; integration/web tests them inside the real libraries.

const (
	bindLower = "01arz3ndektsv4rrffq69g5fav"
	bindUpper = "01ARZ3NDEKTSV4RRFFQ69G5FAV"
	bindBad   = "01arz3ndeitsv4rrffq69g5fav" // 'i' at index 9
)

// bindDecoders are the decoders of bind.go that take one string.
var bindDecoders = []struct {
	name   string
	decode func(*id.ID, string) error
}{
	{"UnmarshalParam", (*id.ID).UnmarshalParam},
	{"Bind", (*id.ID).Bind},
	{"UnmarshalGQL", func(v *id.ID, s string) error { return v.UnmarshalGQL(s) }},
}

// TestBindDecodersAgreeWithParse: every string decoder of bind.go returns
// what Parse returns, the empty text included (T7), and leaves the
// zero ID on error even when the receiver held an id before.
func TestBindDecodersAgreeWithParse(t *testing.T) {
	want := id.MustParse(bindLower)
	other := id.MustParse("01bx5zzkbkactav9wevgemmvrz")
	cases := []struct {
		name, in string
		want     id.ID
		err      string // exact message; "" for success
		reason   id.Reason
	}{
		{"lowercase", bindLower, want, "", 0},
		{"uppercase is normalised (P2)", bindUpper, want, "", 0},
		{"empty is invalid, not the zero id (T7)", "", id.ID{}, `id: invalid id "": length 0, want 26`, id.ReasonMissing},
		{"malformed (P4)", bindBad, id.ID{}, `id: invalid id "01arz3ndeitsv4rrffq69g5fav": invalid character 'i' at index 9`, id.ReasonCharacter},
		{"surrounding space (P3)", " " + bindLower, id.ID{}, `id: invalid id " 01arz3ndektsv4rrffq69g5fav": length 27, want 26`, id.ReasonLength},
		{"the zero id (P6)", "00000000000000000000000000", id.ID{}, `id: invalid id "00000000000000000000000000": the zero id names nothing`, id.ReasonZero},
	}
	for _, d := range bindDecoders {
		for _, c := range cases {
			t.Run(d.name+"/"+c.name, func(t *testing.T) {
				got := other
				err := d.decode(&got, c.in)
				if got != c.want {
					t.Errorf("got %q, want %q", got, c.want)
				}
				if c.err == "" {
					if err != nil {
						t.Fatalf("error %v", err)
					}
					return
				}
				if err == nil || err.Error() != c.err {
					t.Fatalf("error %v, want %s", err, c.err)
				}
				var pe *id.ParseError
				if !errors.Is(err, id.ErrInvalid) || !errors.As(err, &pe) || pe.Reason != c.reason {
					t.Errorf("error %#v: want a *ParseError with reason %v wrapping ErrInvalid", err, c.reason)
				}
				_, perr := id.Parse(c.in)
				if perr == nil || perr.Error() != err.Error() {
					t.Errorf("Parse error %v, %s error %v: they must agree", perr, d.name, err)
				}
			})
		}
	}
}

// TestFlagVar: the standard library's flag.TextVar takes an *ID (through
// UnmarshalText; ID has no Set of its own, docs/contract.md T7); a valid id
// binds, an uppercase one is normalised, and a malformed or empty one is
// flag's usage error carrying our message. A flag that is not given
// leaves the zero ID: "no id" is the absent flag.
func TestFlagVar(t *testing.T) {
	cases := []struct {
		name string
		args []string
		want id.ID
		err  string
	}{
		{"valid", []string{"-user", bindLower}, id.MustParse(bindLower), ""},
		{"uppercase", []string{"-user=" + bindUpper}, id.MustParse(bindLower), ""},
		{"malformed", []string{"-user", bindBad}, id.ID{}, `invalid value "01arz3ndeitsv4rrffq69g5fav" for flag -user: id: invalid id "01arz3ndeitsv4rrffq69g5fav": invalid character 'i' at index 9`},
		{"empty", []string{"-user="}, id.ID{}, `invalid value "" for flag -user: id: invalid id "": length 0, want 26`},
		{"absent is no id", nil, id.ID{}, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			fs := flag.NewFlagSet("t", flag.ContinueOnError)
			var out bytes.Buffer
			fs.SetOutput(&out)
			var user id.ID
			fs.TextVar(&user, "user", id.ID{}, "the `id` of the user")
			err := fs.Parse(c.args)
			if user != c.want {
				t.Errorf("user = %q, want %q", user, c.want)
			}
			if c.err == "" {
				if err != nil {
					t.Fatalf("error %v", err)
				}
				return
			}
			if err == nil || err.Error() != c.err {
				t.Fatalf("error %v, want %s", err, c.err)
			}
			if !strings.Contains(out.String(), "  -user id\n") {
				t.Errorf("usage does not name the value id:\n%s", out.String())
			}
		})
	}
}

// TestMarshalGQL: the quoted canonical form, and null for the zero ID
// (nothing that UnmarshalGQL refuses).
func TestMarshalGQL(t *testing.T) {
	for _, c := range []struct {
		in   id.ID
		want string
	}{
		{id.MustParse(bindUpper), `"01arz3ndektsv4rrffq69g5fav"`},
		{id.ID{}, `null`},
	} {
		var b bytes.Buffer
		c.in.MarshalGQL(&b)
		if b.String() != c.want {
			t.Errorf("%#v.MarshalGQL wrote %s, want %s", c.in, b.String(), c.want)
		}
	}
}

// TestUnmarshalGQLNonString: GraphQL null is "no id" (the receiver is
// left as it was); any other non-string value is an error wrapping
// ErrInvalid that names its type, and leaves the zero ID.
func TestUnmarshalGQLNonString(t *testing.T) {
	want := id.MustParse(bindLower)
	got := want
	if err := got.UnmarshalGQL(nil); err != nil || got != want {
		t.Errorf("UnmarshalGQL(nil): %q, %v; want %q unchanged and no error", got, err, want)
	}
	for _, c := range []struct {
		in  any
		err string
	}{
		{int64(1), "id: invalid id: want a GraphQL string, got int64"},
		{true, "id: invalid id: want a GraphQL string, got bool"},
		{[]any{bindLower}, "id: invalid id: want a GraphQL string, got []interface {}"},
		{map[string]any{"id": bindLower}, "id: invalid id: want a GraphQL string, got map[string]interface {}"},
	} {
		got := want
		err := got.UnmarshalGQL(c.in)
		if err == nil || err.Error() != c.err || !errors.Is(err, id.ErrInvalid) {
			t.Errorf("UnmarshalGQL(%#v) error %v, want %s wrapping ErrInvalid", c.in, err, c.err)
		}
		if !got.IsZero() {
			t.Errorf("UnmarshalGQL(%#v) left %q, want the zero ID", c.in, got)
		}
	}
}

// TestGQLRoundTrip: what MarshalGQL writes for a valid id, unquoted as
// gqlgen hands a string literal over, reads back as the same id.
func TestGQLRoundTrip(t *testing.T) {
	v := id.New()
	var b bytes.Buffer
	v.MarshalGQL(&b)
	var got id.ID
	if err := got.UnmarshalGQL(strings.Trim(b.String(), `"`)); err != nil || got != v {
		t.Errorf("round trip of %q: %q, %v", v, got, err)
	}
}

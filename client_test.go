package id_test

import (
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/idkeys/id"
	"github.com/idkeys/id/compact"
)

// TestClientAnswer: for every Reason, the client's answer (Code and
// Message) is exact and fixed, whatever the input, and holds no Go
// identifier, no command name and no quoted input; Error() stays the log
// message, naming the spelling it met (docs/contract.md E6).
func TestClientAnswer(t *testing.T) {
	tests := []struct {
		reason  id.Reason
		err     func() error // an error of this reason, from a real decoder
		code    string
		message string
	}{
		// Empty text is a missing id, from every decoder of text: a
		// query parameter, a JSON string, a stored value.
		{id.ReasonMissing, func() error { _, err := id.Parse(""); return err },
			"id_missing", "The id is missing."},
		{id.ReasonMissing, func() error { var v id.ID; return v.UnmarshalJSON([]byte(`""`)) },
			"id_missing", "The id is missing."},
		{id.ReasonMissing, func() error { var v id.ID; return v.Scan([]byte{}) },
			"id_missing", "The id is missing."},
		{id.ReasonLength, func() error { _, err := id.Parse("0190b2f1-7c3e-7a3b-8000-0123456789ab"); return err },
			"id_length", "The id must be 26 characters long."},
		{id.ReasonLength, func() error { _, err := id.Parse(" "); return err },
			"id_length", "The id must be 26 characters long."},
		{id.ReasonCharacter, func() error { _, err := id.Parse(`01arz3ndeitsv4rrffq69g5"'<`); return err },
			"id_character", "The id may contain only the digits 0 to 9 and the letters a to z except i, l, o and u."},
		{id.ReasonCase, func() error { var v id.ID; return v.Scan("01ARZ3NDEKTSV4RRFFQ69G5FAV") },
			"id_case", "The id is not in lowercase."},
		{id.ReasonRange, func() error { _, err := id.Parse("81arz3ndektsv4rrffq69g5fav"); return err },
			"id_range", "The id is out of range: its first character must be 0 to 7."},
		{id.ReasonZero, func() error { _, err := id.Parse("00000000000000000000000000"); return err },
			"id_zero", "The id is all zeros, which names nothing."},
		// 16 zero bytes are the zero id too.
		{id.ReasonZero, func() error { _, err := id.From16([16]byte{}); return err },
			"id_zero", "The id is all zeros, which names nothing."},
		// Errors of this package that are not about the spelling: JSON of
		// another type, SQL NULL.
		{0, func() error { var v id.ID; return v.UnmarshalJSON([]byte(`{"id":"x"}`)) },
			"id_invalid", "The id is not valid."},
		{0, func() error { var v id.ID; return v.Scan(nil) },
			"id_invalid", "The id is not valid."},
		{0, func() error { return nil }, "id_invalid", "The id is not valid."},
	}
	forbidden := goIdentifiers(t)
	seen := map[id.Reason]bool{}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%s/%s", tt.code, tt.reason), func(t *testing.T) {
			err := tt.err()
			// Wrapped twice, as a framework or json.Unmarshal would.
			r := id.ReasonOf(fmt.Errorf("binding body: %w", fmt.Errorf("field id: %w", err)))
			if r != tt.reason || r.Code() != tt.code || r.Message() != tt.message {
				t.Errorf("ReasonOf(%v) = %v, Code %q, Message %q; want %v, %q, %q", err, r, r.Code(), r.Message(), tt.reason, tt.code, tt.message)
			}
			seen[r] = true
			checkClientText(t, r.Code()+" "+r.Message(), err, forbidden)
		})
	}
	// Every Reason the package declares is covered, and an unknown one
	// answers as 0 does.
	for r := id.ReasonMissing; r <= id.ReasonZero; r++ {
		if !seen[r] {
			t.Errorf("Reason %v has no case", r)
		}
	}
	if r := id.Reason(200); r.Code() != "id_invalid" || r.Message() != "The id is not valid." {
		t.Errorf("Reason(200): %q, %q", r.Code(), r.Message())
	}
	// Error() stays the log message: it still names the UUID spelling.
	if _, err := id.Parse("0190b2f1-7c3e-7a3b-8000-0123456789ab"); !strings.Contains(err.Error(), "UUID text: compact.ID scans it; idkeys inspect") {
		t.Errorf("log message lost the spelling it met: %v", err)
	}
}

// TestReasonOfNilParseError: a nil *ParseError in an error value, bare
// or wrapped, is no reason (0), as nil is, and ReasonOf does not panic
// on it.
func TestReasonOfNilParseError(t *testing.T) {
	var pe *id.ParseError
	for _, err := range []error{pe, fmt.Errorf("field id: %w", pe), errors.Join(errors.New("x"), pe)} {
		if r := id.ReasonOf(err); r != 0 || r.Code() != "id_invalid" {
			t.Errorf("ReasonOf(%#v) = %v (%s), want 0 (id_invalid)", err, r, r.Code())
		}
	}
}

// clientWord is what a client's text may be made of: plain words,
// numbers and sentence punctuation.
var clientWord = regexp.MustCompile(`^[A-Za-z0-9,.:]+$`)

// checkClientText fails if text, a client answer, holds a Go identifier
// of the module's packages (exported names, qualified or not), a
// command name, quote marks, a word in camel or snake case, or any part
// of the input of err (the quoted prefix, the escaped or raw input).
func checkClientText(t *testing.T, text string, err error, forbidden map[string]bool) {
	t.Helper()
	for i, w := range strings.Fields(text) {
		if i == 0 { // the code: one lowercase snake_case word
			if !regexp.MustCompile(`^id_[a-z]+$`).MatchString(w) {
				t.Errorf("code %q is not id_ and lowercase letters", w)
			}
			continue
		}
		if !clientWord.MatchString(w) {
			t.Errorf("client text %q: word %q holds more than letters, digits and sentence punctuation", text, w)
		}
		bare := strings.TrimRight(w, ",.:")
		if strings.Contains(bare, ".") || forbidden[bare] {
			t.Errorf("client text %q: %q is a Go identifier or command name", text, bare)
		}
		if bare != strings.ToLower(bare) && bare[1:] != strings.ToLower(bare[1:]) {
			t.Errorf("client text %q: %q is in camel case", text, bare)
		}
	}
	if err == nil {
		return
	}
	var pe *id.ParseError
	if errors.As(err, &pe) && len(pe.Input()) >= 3 && strings.Contains(text, pe.Input()[:3]) {
		t.Errorf("client text %q quotes the input %q", text, pe.Input())
	}
	if msg := err.Error(); strings.Contains(text, msg) {
		t.Errorf("client text %q holds the log message", text)
	}
}

// goIdentifiers returns the exported names declared by package id and
// package compact (types, functions, methods, constants, variables,
// fields), plus the module's command names: none may reach a client.
func goIdentifiers(t *testing.T) map[string]bool {
	t.Helper()
	names := map[string]bool{"idkeys": true, "inspect": true, "check": true, "grep": true, "backfill": true, "idvet": true, "KEYS": true}
	fset := token.NewFileSet()
	for _, glob := range []string{"*.go", "compact/*.go"} {
		files, _ := filepath.Glob(glob)
		for _, f := range files {
			if strings.HasSuffix(f, "_test.go") {
				continue
			}
			file, err := parser.ParseFile(fset, f, nil, parser.SkipObjectResolution)
			if err != nil {
				t.Fatal(err)
			}
			ast.Inspect(file, func(n ast.Node) bool {
				if ident, ok := n.(*ast.Ident); ok && ident.IsExported() {
					names[ident.Name] = true
				}
				return true
			})
		}
	}
	if !names["ParseError"] || !names["ErrInvalid"] || !names["From16"] {
		t.Fatalf("found no package identifiers: %d names", len(names))
	}
	// The words of the package's name and compact's: "id" in a sentence is
	// English, "compact" and "id.ID" are not.
	names["compact"] = true
	_ = compact.ID{}
	return names
}

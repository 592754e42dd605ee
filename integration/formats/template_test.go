package formats

import (
	htmltemplate "html/template"
	"strings"
	"testing"
	texttemplate "text/template"

	"github.com/idkeys/id"
)

// page is what the template tests print.
type page struct {
	ID     id.ID
	Parent id.ID
	Ptr    *id.ID
}

// TestTemplatesPrintCanonical: text/template and html/template print an id
// through its String method, the canonical lowercase form, in text, in an
// attribute and in a URL; the zero id prints as the marker "<zero id>"
// and a nil *id.ID as "<nil>" (both escaped by html/template). Nothing is needed from us: both packages use fmt, and fmt
// uses String.
func TestTemplatesPrintCanonical(t *testing.T) {
	const src = `{{.ID}}|<a href="/u/{{.ID}}?p={{.ID}}" data-id="{{.ID}}">{{.ID}}</a>|[{{.Parent}}]|{{.Ptr}}|{{if .Parent.IsZero}}none{{end}}`
	want := aText + `|<a href="/u/` + aText + `?p=` + aText + `" data-id="` + aText + `">` + aText + `</a>|[<zero id>]|<nil>|none`
	p := page{ID: a}

	var sb strings.Builder
	tt := texttemplate.Must(texttemplate.New("t").Parse(src))
	if err := tt.Execute(&sb, p); err != nil {
		t.Fatal(err)
	}
	if sb.String() != want {
		t.Errorf("text/template:\n got %s\nwant %s", sb.String(), want)
	}

	sb.Reset()
	ht := htmltemplate.Must(htmltemplate.New("t").Parse(src))
	if err := ht.Execute(&sb, p); err != nil {
		t.Fatal(err)
	}
	// html/template escapes the marker and the "<nil>" of a nil pointer,
	// nothing else.
	if want := strings.NewReplacer("<zero id>", "&lt;zero id&gt;", "<nil>", "&lt;nil&gt;").Replace(want); sb.String() != want {
		t.Errorf("html/template:\n got %s\nwant %s", sb.String(), want)
	}

	sb.Reset()
	p.Ptr = &b
	if err := tt.Execute(&sb, p); err != nil {
		t.Fatal(err)
	}
	if got := strings.Split(sb.String(), "|")[3]; got != bText {
		t.Errorf("text/template with a set *id.ID printed %q, want %q", got, bText)
	}
}

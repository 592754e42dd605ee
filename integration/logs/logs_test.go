package logs

import (
	"bytes"
	"fmt"
	"net/netip"
	"strings"
	"testing"
	"time"

	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/idkeys/id"
	"github.com/rs/zerolog"
	"github.com/sirupsen/logrus"
	"go.opentelemetry.io/otel/attribute"
	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"
)

// UserID is a typed id, as docs/typed-ids.md declares them.
type UserID struct{ id.ID }

const (
	text   = "01arz3ndektsv4rrffq69g5fav"
	marker = "<zero id>"
)

var (
	v       = id.MustParse(text)
	zero    id.ID
	nilID   *id.ID
	nilUser *UserID
)

// row is a struct holding ids, logged whole.
type row struct {
	User   id.ID
	Parent *id.ID
	Team   UserID
	Owner  *UserID
}

// zapJSON logs one message with fields through zap's JSON encoder and
// returns the fields part of the line, without time, level and message.
func zapJSON(t *testing.T, fields ...zap.Field) string {
	t.Helper()
	var buf bytes.Buffer
	cfg := zapcore.EncoderConfig{MessageKey: "msg"}
	zap.New(zapcore.NewCore(zapcore.NewJSONEncoder(cfg), zapcore.AddSync(&buf), zap.DebugLevel)).Info("m", fields...)
	return strings.TrimPrefix(strings.TrimSuffix(buf.String(), "}\n"), `{"msg":"m",`)
}

// TestZap: zap v1.28.0. Any and Stringer write the text, and the zero id
// as the marker (both go through String); Reflect goes through
// encoding/json (null). A nil *id.ID or *UserID is "<nil>" through Any
// and Stringer (zap recovers the nil dereference of a value receiver) and
// null through Reflect. The console encoder writes what String returns.
func TestZap(t *testing.T) {
	for _, c := range []struct {
		name  string
		field zap.Field
		want  string
	}{
		{"Any id", zap.Any("k", v), `"k":"` + text + `"`},
		{"Any zero id", zap.Any("k", zero), `"k":"<zero id>"`},
		{"Any typed id", zap.Any("k", UserID{ID: v}), `"k":"` + text + `"`},
		{"Any zero typed id", zap.Any("k", UserID{}), `"k":"<zero id>"`},
		{"Any nil *id.ID", zap.Any("k", nilID), `"k":"<nil>"`},
		{"Any nil *UserID", zap.Any("k", nilUser), `"k":"<nil>"`},
		{"Any pointer to the zero id", zap.Any("k", &zero), `"k":"<zero id>"`},
		{"Stringer zero id", zap.Stringer("k", zero), `"k":"<zero id>"`},
		{"Stringer nil *id.ID", zap.Stringer("k", nilID), `"k":"<nil>"`},
		{"Stringer nil *UserID", zap.Stringer("k", nilUser), `"k":"<nil>"`},
		{"Reflect id", zap.Reflect("k", v), `"k":"` + text + `"`},
		{"Reflect zero id", zap.Reflect("k", zero), `"k":null`},
		{"Reflect nil *id.ID", zap.Reflect("k", nilID), `"k":null`},
		{"Reflect nil *UserID", zap.Reflect("k", nilUser), `"k":null`},
		{"Reflect struct", zap.Reflect("k", row{User: v}), `"k":{"User":"` + text + `","Parent":null,"Team":null,"Owner":null}`},
		{"Any struct", zap.Any("k", row{Parent: &v}), `"k":{"User":null,"Parent":"` + text + `","Team":null,"Owner":null}`},
		{"Stringers", zap.Stringers("k", []id.ID{v, zero}), `"k":["` + text + `","<zero id>"]`},
	} {
		if got := zapJSON(t, c.field); got != c.want {
			t.Errorf("%s: got %s, want %s", c.name, got, c.want)
		}
	}

	var buf bytes.Buffer
	cfg := zapcore.EncoderConfig{MessageKey: "msg"}
	zap.New(zapcore.NewCore(zapcore.NewConsoleEncoder(cfg), zapcore.AddSync(&buf), zap.DebugLevel)).
		Info("m", zap.Stringer("user", v), zap.Any("parent", zero), zap.Any("team", nilUser))
	if want := `m	{"user": "` + text + `", "parent": "<zero id>", "team": "<nil>"}` + "\n"; buf.String() != want {
		t.Errorf("console encoder: got %q, want %q", buf.String(), want)
	}
}

// TestZerolog: zerolog v1.35.1. Stringer writes the text and the zero id
// as the marker; Interface and Any go through encoding/json (null for the
// zero id and for nil pointers); a struct too. Stringer with a nil
// pointer panics: zerolog checks only for a nil interface and calls
// String, which has a value receiver, through the pointer; it does the
// same with a nil *time.Time and a nil *netip.Addr. Log an optional id
// with Interface (or Any), which writes null.
func TestZerolog(t *testing.T) {
	log := func(f func(e *zerolog.Event) *zerolog.Event) string {
		var buf bytes.Buffer
		l := zerolog.New(&buf)
		f(l.Info()).Send()
		return strings.TrimSuffix(strings.TrimPrefix(buf.String(), `{"level":"info",`), "}\n")
	}
	for _, c := range []struct {
		name string
		f    func(e *zerolog.Event) *zerolog.Event
		want string
	}{
		{"Stringer id", func(e *zerolog.Event) *zerolog.Event { return e.Stringer("k", v) }, `"k":"` + text + `"`},
		{"Stringer zero id", func(e *zerolog.Event) *zerolog.Event { return e.Stringer("k", zero) }, `"k":"<zero id>"`},
		{"Stringer zero typed id", func(e *zerolog.Event) *zerolog.Event { return e.Stringer("k", UserID{}) }, `"k":"<zero id>"`},
		{"Str of String", func(e *zerolog.Event) *zerolog.Event { return e.Str("k", zero.String()) }, `"k":"<zero id>"`},
		{"Interface id", func(e *zerolog.Event) *zerolog.Event { return e.Interface("k", v) }, `"k":"` + text + `"`},
		{"Interface zero id", func(e *zerolog.Event) *zerolog.Event { return e.Interface("k", zero) }, `"k":null`},
		{"Interface nil *id.ID", func(e *zerolog.Event) *zerolog.Event { return e.Interface("k", nilID) }, `"k":null`},
		{"Any nil *UserID", func(e *zerolog.Event) *zerolog.Event { return e.Any("k", nilUser) }, `"k":null`},
		{"Interface struct", func(e *zerolog.Event) *zerolog.Event { return e.Interface("k", row{User: v}) },
			`"k":{"User":"` + text + `","Parent":null,"Team":null,"Owner":null}`},
	} {
		if got := log(c.f); got != c.want {
			t.Errorf("%s: got %s, want %s", c.name, got, c.want)
		}
	}

	// The trap, measured alike for the standard library's types.
	for _, c := range []struct {
		name string
		s    fmt.Stringer
	}{
		{"nil *id.ID", nilID},
		{"nil *UserID", nilUser},
		{"nil *time.Time", (*time.Time)(nil)},
		{"nil *netip.Addr", (*netip.Addr)(nil)},
	} {
		if !panics(func() { log(func(e *zerolog.Event) *zerolog.Event { return e.Stringer("k", c.s) }) }) {
			t.Errorf("zerolog Stringer(%s) did not panic; measured: it does", c.name)
		}
	}
}

// panics reports whether f panics.
func panics(f func()) (panicked bool) {
	defer func() { panicked = recover() != nil }()
	f()
	return false
}

// TestLogrus: logrus v1.10.2. The text formatter prints a field with fmt:
// the text, the marker for the zero id (quoted, for its space), <nil> for
// nil pointers, the marker inside a struct (%v). The JSON formatter goes
// through encoding/json: null for the zero id and nil pointers.
func TestLogrus(t *testing.T) {
	fields := logrus.Fields{"a": v, "b": zero, "c": UserID{}, "d": nilID, "e": nilUser, "f": row{User: v}}
	for _, c := range []struct {
		name string
		f    logrus.Formatter
		want string
	}{
		{"text", &logrus.TextFormatter{DisableTimestamp: true, DisableColors: true},
			`level=info msg=m a=` + text + ` b="<zero id>" c="<zero id>" d="<nil>" e="<nil>" f="{` + text + ` <nil> <zero id> <nil>}"` + "\n"},
		{"JSON", &logrus.JSONFormatter{DisableTimestamp: true},
			`{"a":"` + text + `","b":null,"c":null,"d":null,"e":null,"f":{"User":"` + text + `","Parent":null,"Team":null,"Owner":null},"level":"info","msg":"m"}` + "\n"},
	} {
		var buf bytes.Buffer
		l := logrus.New()
		l.Out, l.Formatter = &buf, c.f
		l.WithFields(fields).Info("m")
		if buf.String() != c.want {
			t.Errorf("%s formatter:\n got %s\nwant %s", c.name, buf.String(), c.want)
		}
	}
}

// TestOtelAttribute: go.opentelemetry.io/otel v1.47.0's attribute
// package. attribute.Stringer writes the text, and the zero id as the
// marker: a present attribute with a visible value, not "". Like zerolog,
// it calls String through a nil pointer (a panic, for *time.Time too):
// for an optional id, add the attribute only when the pointer is not nil.
func TestOtelAttribute(t *testing.T) {
	for _, c := range []struct {
		kv   attribute.KeyValue
		want string
	}{
		{attribute.Stringer("user", v), text},
		{attribute.Stringer("user", zero), marker},
		{attribute.Stringer("user", UserID{}), marker},
		{attribute.String("user", zero.String()), marker},
	} {
		if c.kv.Value.Type() != attribute.STRING || c.kv.Value.AsString() != c.want || c.kv.Value.String() != c.want {
			t.Errorf("%s: %v %q, want STRING %q", c.kv.Key, c.kv.Value.Type(), c.kv.Value.AsString(), c.want)
		}
	}
	for _, s := range []fmt.Stringer{nilID, nilUser, (*time.Time)(nil)} {
		if !panics(func() { attribute.Stringer("k", s) }) {
			t.Errorf("attribute.Stringer(%T(nil)) did not panic; measured: it does", s)
		}
	}
	// The guard for an optional id.
	var attrs []attribute.KeyValue
	for _, p := range []*id.ID{&v, nilID} {
		if p != nil {
			attrs = append(attrs, attribute.Stringer("parent", p))
		}
	}
	if len(attrs) != 1 || attrs[0].Value.AsString() != text {
		t.Errorf("guarded attributes: %v", attrs)
	}
}

// TestWatermillMessageUUID: watermill v1.5.1's message.NewMessage takes
// any string as the message's UUID (its doc: "UUID can be empty").
// Before, NewMessage(uid.String(), …) with a zero uid sent a message with
// an empty UUID; now the UUID is the marker, which a consumer's Parse
// refuses instead of taking it for "no uuid". A set id goes through as
// its text and parses back.
func TestWatermillMessageUUID(t *testing.T) {
	var uid id.ID
	msg := message.NewMessage(uid.String(), message.Payload("{}"))
	if msg.UUID != marker {
		t.Fatalf("UUID = %q, want %q", msg.UUID, marker)
	}
	if _, err := id.Parse(msg.UUID); err == nil || err.Error() != `id: invalid id "<zero id>": length 9, want 26` {
		t.Fatalf("a consumer's Parse(msg.UUID) = %v", err)
	}

	uid = id.New()
	msg = message.NewMessage(uid.String(), message.Payload("{}"))
	if got, err := id.Parse(msg.UUID); err != nil || got != uid {
		t.Fatalf("Parse(msg.UUID) = %v, %v; want %v", got, err, uid)
	}
	// A typed id: its String is promoted.
	order := UserID{ID: id.New()}
	if msg := message.NewMessage(order.String(), nil); msg.UUID != order.String() || len(msg.UUID) != 26 {
		t.Fatalf("typed id UUID = %q", msg.UUID)
	}
}

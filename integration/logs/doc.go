// Package logs tests package id against the real logging, tracing and
// messaging libraries that carry ids as text: zap, zerolog, logrus,
// OpenTelemetry attributes and watermill messages (log/slog and fmt are
// tested in the root module, TestSlog and TestFmtVerbs).
//
// What it checks: the zero id is never written as an empty value (its
// String is the marker "<zero id>", which no ULID decoder accepts, and
// JSON encoders write null), and a nil *id.ID or nil pointer to a typed
// id never panics in the calls that guard against nil pointers. Where a
// library calls String through a nil pointer itself (zerolog's Stringer,
// OpenTelemetry's attribute.Stringer), the test measures that it does so
// for *time.Time and *netip.Addr alike and shows the call that works.
//
// It is a module of its own so that none of these libraries reaches the
// go.mod of package id or the test binaries of the other integration
// modules. Its tests are the evidence behind the logging rows of
// docs/works-with-formats.md. Run them with
//
//	cd integration/logs && go test -count=1 ./...
package logs

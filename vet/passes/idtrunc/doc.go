// Package idtrunc defines an Analyzer that reports shortened ids (rule
// TRUNC).
//
// # Analyzer idtrunc
//
// idtrunc: report an id's text sliced or printed with a precision
//
// Never shorten an id: its first 10 characters are its time to the
// millisecond, so short ids made in the same millisecond collide exactly
// when there are many of them. This analyzer reports
//
//   - a slice expression (s[:8], s[i:j], b[10:]) of an id's text: a string
//     or []byte from ID.String, ID.MarshalText, ID.AppendText(nil),
//     fmt.Sprint(x) or fmt.Sprintf("%s" or "%v", x) of an id.ID or a typed
//     id x (type OrderID struct{ id.ID }), directly or through local
//     variables every assignment of which is such a value;
//   - a precision on a formatting verb whose argument is an id.ID, a typed
//     id or an id's text, in fmt's and log's printf functions and testing's Logf,
//     Errorf, Fatalf and Skipf (%.8s, %.10v).
//
// For example:
//
//	log.Printf("job %s", j.ID.String()[:8]) // slicing an id's text shortens it (TRUNC): use the whole id
//	log.Printf("job %.8s", j.ID)            // %.8s shortens an id (TRUNC): use %s
//
// The suggested fix for a precision removes it (%.8s becomes %s) when the
// format is one string literal without escapes. A slice gets no fix.
//
// Flags: -idtrunc.allow lists packages not to report.
package idtrunc

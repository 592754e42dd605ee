// Package idcase defines an Analyzer that reports an id's text changed to
// upper case or compared ignoring case (rule KEYS-4).
//
// # Analyzer idcase
//
// idcase: report case changes and case-folding comparisons of an id's text
//
// Ids are lowercase, always: databases compare strings bytewise, so an
// uppercase copy of an id misses WHERE id = ?, and ID.Scan refuses stored
// uppercase ids. This analyzer reports strings.ToUpper, strings.ToTitle,
// strings.EqualFold, bytes.ToUpper, bytes.ToTitle and bytes.EqualFold
// applied to an id's text: a string or []byte from ID.String,
// ID.MarshalText, ID.AppendText(nil), fmt.Sprint or fmt.Sprintf("%s" or
// "%v") of an id.ID or a typed id, directly or through local variables every assignment
// of which is such a value. For example:
//
//	key := strings.ToUpper(u.ID.String())       // strings.ToUpper changes an id's case (KEYS-4): ...
//	if strings.EqualFold(u.ID.String(), s) {}   // strings.EqualFold compares an id ignoring case (KEYS-4): ...
//
// No fix is suggested: whether the other side should be parsed with
// id.Parse, or the uppercase copy dropped, depends on the code.
//
// Flags: -idcase.allow lists packages not to report.
package idcase

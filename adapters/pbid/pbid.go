// Package pbid makes PocketBase record ids with [id.New]: 26 lowercase
// Crockford base32 characters that sort by creation time, instead of
// PocketBase's 15 random characters (KEYS-2, KEYS-3).
//
// Two calls set it up: [Use] in a migration step configures a
// collection's id field, and [Bind] at start-up registers the hook that
// gives every new record of those collections an id from [id.New], through
// the Go API and through the REST API alike. [ID] reads a record's id back
// as an [id.ID].
//
// The recipe, what changes for REST clients and the measured costs are in
// docs/pocketbase.md.
package pbid

import (
	"errors"
	"fmt"
	"strings"

	"github.com/idkeys/id"
	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
)

// canonicalPattern is the id field's Pattern after [Use]: the canonical
// text form of an [id.ID], lowercase.
const canonicalPattern = id.Pattern

// keepOldPattern is the id field's Pattern after [UseKeepOldIDs]: the
// canonical form, or PocketBase's default ids (15 characters of a-z0-9).
const keepOldPattern = "^([a-z0-9]{15}|[0-7][0-9a-hjkmnp-tv-z]{25})$"

const (
	oldLen       = 15 // PocketBase's default id length
	canonicalLen = 26 // len(id.New().String())
)

// Use sets up col's id field for ids from [id.New]: Min = Max = 26,
// Pattern = [id.Pattern] (the canonical lowercase form) and no
// AutogeneratePattern, so that PocketBase itself makes no id and checks
// every id a new record arrives with; and it adds the index
// [NoCaseIndexName] names, which keeps PocketBase's duplicate check before
// each create from reading the whole table. Call it in a migration step,
// or before the collection's first save, then save the collection; and
// call [Bind] at start-up, which fills in the ids.
//
// A collection that already holds records keeps them: PocketBase checks
// the id field's settings only when a record is created, so records saved
// with 15-character ids are still found, updated, deleted and related to.
// New records can then only be created with canonical ids; for a
// collection that must still accept creates with its old form of id, see
// [UseKeepOldIDs].
//
// Use returns an error, and changes nothing, for a nil or view collection
// or one whose id field is not a text field.
func Use(col *core.Collection) error {
	return use(col, canonicalPattern, canonicalLen)
}

// UseKeepOldIDs is [Use] for a collection that already holds records with
// PocketBase's default ids (15 characters of a-z0-9) and must go on
// accepting that form on create, for example when records are copied or
// restored from an app still on the old ids: the id field takes both forms
// (Min 15, Max 26, Pattern ^([a-z0-9]{15}|<id.Pattern>)$), and [Bind]
// keeps an arriving id of either form. A record that arrives without an
// id still gets one from [id.New].
//
// The old ids do not sort by time: they are random, so sort=id puts them
// among the new ones in no useful order, and [ID] reports them as errors,
// as [id.ID.Scan] does for any id not in the canonical form.
func UseKeepOldIDs(col *core.Collection) error {
	return use(col, keepOldPattern, oldLen)
}

func use(col *core.Collection, pattern string, minLen int) error {
	f, err := idField(col)
	if err != nil {
		return err
	}
	f.Min = minLen
	f.Max = canonicalLen
	f.Pattern = pattern
	f.AutogeneratePattern = ""
	col.AddIndex(NoCaseIndexName(col), false, "`id` COLLATE NOCASE", "")
	return nil
}

// NoCaseIndexName returns the name of the index that [Use] and
// [UseKeepOldIDs] add to col: idx_id_nocase_ followed by the collection's
// id, an index on (id COLLATE NOCASE).
//
// The index serves PocketBase's own duplicate check. For an id field whose
// Pattern is not PocketBase's default, PocketBase looks for an existing
// record with `id = {:id} COLLATE NOCASE` before every create
// (core.TextField.ValidateValue). The primary key's index compares bytes,
// so without this index SQLite reads the whole table for that query: a
// create into 100,000 records then took about 100 times as long
// (BenchmarkCreate; docs/pocketbase.md).
func NoCaseIndexName(col *core.Collection) string {
	return "idx_id_nocase_" + col.Id
}

func idField(col *core.Collection) (*core.TextField, error) {
	if col == nil {
		return nil, errors.New("id: pbid: nil collection")
	}
	if col.IsView() {
		return nil, fmt.Errorf("id: pbid: collection %q is a view: its ids come from its query", col.Name)
	}
	f, ok := col.Fields.GetByName(core.FieldNameId).(*core.TextField)
	if !ok || !f.PrimaryKey {
		return nil, fmt.Errorf("id: pbid: collection %q has no text primary key field %q", col.Name, core.FieldNameId)
	}
	return f, nil
}

// mode reports how col's id field is set up: by [Use], by
// [UseKeepOldIDs], or not by this package (notSetUp).
type mode uint8

const (
	notSetUp mode = iota
	canonical
	keepOld
)

func modeOf(col *core.Collection) mode {
	f, err := idField(col)
	if err != nil {
		return notSetUp
	}
	switch f.Pattern {
	case canonicalPattern:
		return canonical
	case keepOldPattern:
		return keepOld
	}
	return notSetUp
}

// hookPriority runs the hook before PocketBase's own record-create handler
// (priority -99, which runs the fields' interceptors) and before handlers
// bound with the default priority 0, so that they all see the new id.
const hookPriority = -100

// Bind registers, on app's record-create hook, the handler that gives new
// records their ids. It fires for every create, through the Go API
// (app.Save, also app.SaveNoValidate) and through the REST API, sign-up of
// auth collections included:
//
//   - a record without an id gets [id.New];
//   - a record that arrives with an id keeps it only if it is in the
//     canonical lowercase form, the one [id.ID.Scan] accepts (or, in a
//     collection set up by [UseKeepOldIDs], also in PocketBase's 15-character
//     form); otherwise the create fails with a validation error on the
//     field "id" (400 Bad Request over REST) and nothing is written.
//
// With collections named (by name or id), Bind acts on those only, and a
// create in one whose id field [Use] has not set up fails with an error
// that says so. With none named, it acts on every collection that [Use] or
// [UseKeepOldIDs] set up, auth collections such as users included, and
// leaves the others (PocketBase's system collections among them) to
// PocketBase.
//
// Call Bind once at start-up, before the app serves: with the same
// collections twice it registers the handler twice, which is harmless but
// useless.
func Bind(app core.App, collections ...string) {
	named := len(collections) > 0
	app.OnRecordCreate(collections...).Bind(&hook.Handler[*core.RecordEvent]{
		Func: func(e *core.RecordEvent) error {
			if err := assign(e.Record, named); err != nil {
				return err
			}
			return e.Next()
		},
		Priority: hookPriority,
	})
}

// assign gives r an id from id.New when it has none, and checks the one it
// has otherwise. named says whether the collection was named to Bind.
func assign(r *core.Record, named bool) error {
	col := r.Collection()
	m := modeOf(col)
	if m == notSetUp {
		if named {
			return fmt.Errorf("id: pbid: collection %q: the id field is not set up for ids (call pbid.Use in a migration)", col.Name)
		}
		return nil
	}
	if r.Id == "" {
		r.Id = id.New().String()
		return nil
	}
	if m == keepOld && isOldID(r.Id) {
		return nil
	}
	if msg := refusal(r.Id); msg != "" {
		return validation.Errors{core.FieldNameId: validation.NewError("validation_invalid_id", msg)}
	}
	return nil
}

// refusal returns why s is not an id in the canonical lowercase form, for
// the validation error on the field "id", or "" when it is one. The message
// is [id.Parse]'s without its "id: " prefix: the field's name stands
// before it (`id: invalid id "…": length 25, want 26` from Go; PocketBase
// capitalizes it over REST).
func refusal(s string) string {
	v, err := id.Parse(s)
	if err != nil {
		return strings.TrimPrefix(err.Error(), "id: ")
	}
	if c := v.String(); c != s {
		return fmt.Sprintf("invalid id %q: ids must be lowercase (KEYS-4), as %q", s, c)
	}
	return ""
}

// isOldID reports whether s is a PocketBase default id: 15 characters of
// a-z and 0-9.
func isOldID(s string) bool {
	if len(s) != oldLen {
		return false
	}
	for i := range len(s) {
		c := s[i]
		if (c < 'a' || c > 'z') && (c < '0' || c > '9') {
			return false
		}
	}
	return true
}

// ID returns r's id as an [id.ID], read through [id.ID.Scan]'s rules: an
// id not in the canonical lowercase form (PocketBase's 15-character ids,
// uppercase, empty) is an error wrapping [id.ErrInvalid], never a silent
// zero ID. A nil record is an error too.
func ID(r *core.Record) (id.ID, error) {
	if r == nil {
		return id.ID{}, errors.New("id: pbid: nil record")
	}
	var v id.ID
	if err := v.Scan(r.Id); err != nil {
		return id.ID{}, fmt.Errorf("id: pbid: record of collection %q: %w", r.Collection().Name, err)
	}
	return v, nil
}

// Package pbid makes PocketBase record ids with [id.New] (KEYS-2,
// KEYS-3): [Use] in a migration sets up a collection's id field, [Bind]
// at start-up gives every new record an id, through the Go and REST APIs
// alike, and [ID] reads one back (docs/pocketbase.md).
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

const canonicalPattern = id.Pattern

// keepOldPattern also takes PocketBase's 15-character ids.
const keepOldPattern = "^([a-z0-9]{15}|[0-7][0-9a-hjkmnp-tv-z]{25})$"

const (
	oldLen       = 15 // PocketBase's default id length
	canonicalLen = 26 // len(id.New().String())
)

// Use sets up col's id field for ids from [id.New]: Min = Max = 26,
// Pattern = [id.Pattern], no AutogeneratePattern, and the index
// [NoCaseIndexName] names. Existing records keep their ids; new ones must
// be canonical (for the old form too, see [UseKeepOldIDs]). Call it in a
// migration, then save col, and call [Bind]. It returns an error and
// changes nothing for a nil or view collection or one without a text id
// field.
func Use(col *core.Collection) error {
	return use(col, canonicalPattern, canonicalLen)
}

// UseKeepOldIDs is [Use] for a collection that must still accept creates
// with PocketBase's default ids (15 characters of a-z0-9): the field takes
// both forms, and [Bind] keeps an arriving id of either. Old ids do not
// sort by time, and [ID] reports them as errors.
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

// NoCaseIndexName returns the name of the index on (id COLLATE NOCASE)
// that [Use] adds to col, idx_id_nocase_ and col's id: it serves
// PocketBase's duplicate check before each create, which otherwise reads
// the whole table (docs/pocketbase.md).
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

// hookPriority runs before PocketBase's record-create handler (-99) and
// hooks of the default priority 0, so they all see the new id.
const hookPriority = -100

// Bind registers, on app's record-create hook (Go API and REST, auth
// sign-up included), the handler that gives a record without an id one
// from [id.New] and refuses an arriving id that is not canonical (or, after
// [UseKeepOldIDs], of the old form) with a validation error on "id" (400
// over REST). With collections named, it acts on those only and fails a
// create in one [Use] has not set up; with none, on every collection Use
// or UseKeepOldIDs set up. Call it once at start-up.
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

// refusal is why s is not a canonical id, [id.Parse]'s message without
// "id: ", or "".
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

// ID returns r's id as an [id.ID], by [id.ID.Scan]'s rules: an id not in
// the canonical form (an old 15-character id, uppercase, empty) is an
// error wrapping [id.ErrInvalid]; a nil record is an error too.
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

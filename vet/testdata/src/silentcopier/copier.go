// want package:"registers a copier for id.ID"

// Package silentcopier registers koanf's copier for id.ID, for the
// packages that import it.
package silentcopier

import (
	"reflect"

	"github.com/idkeys/id"
	"github.com/mitchellh/copystructure"
)

func init() {
	copystructure.Copiers[reflect.TypeOf(id.ID{})] = func(v any) (any, error) { return v, nil }
}

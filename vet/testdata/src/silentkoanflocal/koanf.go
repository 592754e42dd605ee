// want package:"registers a copier for id.ID"

// Package silentkoanflocal registers the copier itself, with
// reflect.TypeFor.
package silentkoanflocal

import (
	"reflect"

	"github.com/idkeys/id"
	"github.com/knadh/koanf/providers/structs"
	"github.com/mitchellh/copystructure"
)

func init() {
	copystructure.Copiers[reflect.TypeFor[id.ID]()] = func(v any) (any, error) { return v, nil }
}

type Config struct {
	Owner id.ID
}

func load(cfg Config) { _ = structs.Provider(&cfg, "koanf") }

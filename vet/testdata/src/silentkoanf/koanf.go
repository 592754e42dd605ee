// want package:"registers a copier for id.ID"

// Package silentkoanf is the clean twin of the koanf cases: it imports a
// package that registers the copier.
package silentkoanf

import (
	"github.com/idkeys/id"
	"github.com/knadh/koanf/providers/confmap"
	"github.com/knadh/koanf/providers/structs"

	_ "silentcopier"
)

type Config struct {
	Owner id.ID
}

func load(cfg Config, owner id.ID) {
	_ = structs.Provider(cfg, "koanf")
	_ = confmap.Provider(map[string]any{"owner": owner}, ".")
}

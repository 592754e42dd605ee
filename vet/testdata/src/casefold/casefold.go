// Package casefold seeds KEYS-4 violations and their negatives.
package casefold

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/idkeys/id"
)

type User struct {
	ID   id.ID
	Name string
}

func seeded(u User, in string) bool {
	_ = strings.ToUpper(u.ID.String())    // want `^strings\.ToUpper changes an id's case \(KEYS-4\): ids are lowercase, use the id's text as it is$`
	_ = strings.ToTitle(fmt.Sprint(u.ID)) // want `strings\.ToTitle changes an id's case`
	b, _ := u.ID.MarshalText()
	_ = bytes.ToUpper(b) // want `bytes\.ToUpper changes an id's case`
	s := u.ID.String()
	key := s
	_ = strings.ToUpper(key)                     // want `strings\.ToUpper changes an id's case`
	_ = bytes.EqualFold([]byte(key), []byte(in)) // want `bytes\.EqualFold compares an id ignoring case`
	upper := strings.ToUpper
	_ = upper(s)                                // want `strings\.ToUpper changes an id's case`
	return strings.EqualFold(in, u.ID.String()) // want `^strings\.EqualFold compares an id ignoring case \(KEYS-4\): parse the other side with id\.Parse and compare ids with ==$`
}

func negatives(u User, in string) bool {
	_ = strings.ToUpper(u.Name)
	_ = strings.ToLower(u.ID.String())
	name := u.Name
	_ = strings.ToUpper(name)
	s := u.ID.String()
	{
		s := u.Name
		_ = strings.ToUpper(s)
	}
	_ = s
	parsed, err := id.Parse(in)
	return err == nil && parsed == u.ID && strings.EqualFold(u.Name, in)
}

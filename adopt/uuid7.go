package adopt

import (
	"strconv"

	"github.com/idkeys/id"
	"github.com/idkeys/id/internal/spell"
)

// FromUUIDv7 returns the ID with the same 16 bytes as the UUIDv7 u (RFC
// 9562, section 5.7): its [id.ID.Time] is the UUID's, and IDs converted
// from UUIDv7s sort as the UUIDs did (docs/adopting.md, "Tables keyed by
// UUIDv7"). Another version, or a variant other than RFC 9562's (the nil
// and max UUIDs too), is an error wrapping [id.ErrInvalid]. There is no
// conversion back.
func FromUUIDv7(u [16]byte) (id.ID, error) {
	if v := u[6] >> 4; v != 7 {
		return id.ID{}, invalid("id: not a UUIDv7: version " + strconv.Itoa(int(v)) + ", want 7 (only a version 7 UUID starts with its Unix time in milliseconds)")
	}
	if u[8]>>6 != 0b10 {
		return id.ID{}, invalid("id: not a UUIDv7: variant bits " + strconv.FormatUint(uint64(u[8]>>6), 2) + "x, want 10x (RFC 9562)")
	}
	return id.From16(u) // never the zero id: its version bits are 7
}

// ParseUUIDv7 returns the ID of the UUIDv7 written as s, as [FromUUIDv7]
// converts it: 36 characters of UUID text (8-4-4-4-12) or the same 32 hex
// digits, in any letter case, nothing around them. Errors wrap
// [id.ErrInvalid] and quote a short prefix of s.
func ParseUUIDv7(s string) (id.ID, error) {
	var u [16]byte
	bad := -1
	switch len(s) {
	case 36:
		u, bad = spell.UUID(s, false)
		if bad == 8 || bad == 13 || bad == 18 || bad == 23 {
			return id.ID{}, uuidError(s, "want '-' at index "+strconv.Itoa(bad))
		}
	case 32:
		u, bad = spell.Hex(s, false)
	default:
		return id.ID{}, uuidError(s, "length "+strconv.Itoa(len(s))+", want 36 or 32 hex digits")
	}
	if bad >= 0 {
		return id.ID{}, uuidError(s, "invalid character "+spell.Char(s, bad)+" at index "+strconv.Itoa(bad))
	}
	return FromUUIDv7(u)
}

// uuidError returns an error wrapping ErrInvalid that quotes at most 50
// bytes of s, escapes included, so every message fits in 120 bytes.
func uuidError(s, reason string) error {
	q := spell.QuotePrefix(s[:min(len(s), 48)], 50, len(s))
	return invalid("id: invalid UUID " + q + ": " + reason)
}

// invalid returns an error with the message msg that wraps [id.ErrInvalid].
func invalid(msg string) error { return &spell.Error{Msg: msg, Err: id.ErrInvalid} }

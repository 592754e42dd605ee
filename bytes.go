package id

import "encoding/binary"

// As16 returns the 16 bytes of id in the ULID binary layout, big-endian:
// the 48-bit Unix time in milliseconds in bytes 0 to 5, then the 80 bits
// after it. They are oklog's ulid.ULID, an OpenTelemetry trace id and a
// compact column's bytes for the same id, and sort as [ID.Compare] does
// (docs/contract.md B1). For the zero ID it returns 16 zero bytes.
func (id ID) As16() [16]byte {
	var b [16]byte
	binary.BigEndian.PutUint64(b[:8], id.hi)
	binary.BigEndian.PutUint64(b[8:], id.lo)
	return b
}

// From16 returns the ID whose 16 bytes, in the layout of [ID.As16], are b.
// Any 16 bytes but zeros are an ID (B2); for 16 zero bytes it returns the
// zero ID and [ErrZeroBytes] (B3).
func From16(b [16]byte) (ID, error) {
	v := ID{binary.BigEndian.Uint64(b[:8]), binary.BigEndian.Uint64(b[8:])}
	if v.IsZero() {
		return ID{}, ErrZeroBytes
	}
	return v, nil
}

// ErrZeroBytes is returned by [From16] for 16 zero bytes, the zero ID,
// which names nothing (docs/contract.md B3). It wraps [ErrInvalid].
var ErrZeroBytes = errZeroBytes{}

type errZeroBytes struct{}

func (errZeroBytes) Error() string {
	return "id: invalid id: 16 zero bytes are the zero id, which names nothing"
}

func (errZeroBytes) Unwrap() error { return ErrInvalid }

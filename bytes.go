package id

import (
	"encoding/binary"
	"strconv"
)

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

// AsSlice returns the 16 bytes of [ID.As16] as a new slice, for a protobuf
// bytes field or a driver that takes []byte (netip's Addr.AsSlice). For
// the zero ID it returns 16 zero bytes (B5).
func (id ID) AsSlice() []byte {
	b := id.As16()
	return b[:]
}

// FromSlice returns the ID whose 16 bytes, in the layout of [ID.As16],
// are b: [From16] for a []byte (netip's AddrFromSlice). A length other
// than 16 is an error wrapping [ErrInvalid] that gives the length; 16
// zero bytes are [ErrZeroBytes]. On error it returns the zero ID. b is
// not kept (B5).
func FromSlice(b []byte) (ID, error) {
	if len(b) != 16 {
		return ID{}, invalid("id: invalid id: " + strconv.Itoa(len(b)) + " bytes, want 16")
	}
	return From16([16]byte(b))
}

// ErrZeroBytes is returned by [From16] for 16 zero bytes, the zero ID,
// which names nothing (docs/contract.md B3). It wraps [ErrInvalid].
var ErrZeroBytes = errZeroBytes{}

type errZeroBytes struct{}

func (errZeroBytes) Error() string {
	return "id: invalid id: 16 zero bytes are the zero id, which names nothing"
}

func (errZeroBytes) Unwrap() error { return ErrInvalid }

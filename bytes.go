package id

import "encoding/binary"

// As16 returns the 16 bytes of id in the ULID binary layout (ULID spec,
// "Binary Layout and Byte Order"): big-endian, the 48-bit Unix time in
// milliseconds in bytes 0 to 5, then the 80 bits after it in bytes 6 to
// 15. They are the bytes of oklog's ulid.ULID for the same id, of a W3C
// trace id or an OpenTelemetry trace.TraceID made from it, and of a
// PostgreSQL uuid, MariaDB BINARY(16) or SQLite BLOB column in compact
// storage (docs/contract.md, B1). The array is returned by value, so
// nothing is allocated. For the zero ID it returns 16 zero bytes, which
// [From16] refuses.
//
// The bytes sort as the ids do: comparing two arrays bytewise gives
// [ID.Compare]'s order.
func (id ID) As16() [16]byte {
	var b [16]byte
	binary.BigEndian.PutUint64(b[:8], id.hi)
	binary.BigEndian.PutUint64(b[8:], id.lo)
	return b
}

// From16 returns the ID whose 16 bytes in the ULID binary layout are b,
// the inverse of [ID.As16] (docs/contract.md, B2). Every 16 bytes but
// zeros are an ID: 128 bits have no invalid values, and the largest, 16
// 0xff bytes, is the ID 7zzzzzzzzzzzzzzzzzzzzzzzzz.
//
// 16 zero bytes are the zero ID, which names nothing: From16 refuses them
// with [ErrZeroBytes], which wraps [ErrInvalid], as [Parse] refuses 26
// zeros (B3). "No id" is spelled by absence, never by zero bytes: an
// all-zero W3C trace id is invalid too.
//
// Bytes from outside are not checked for anything else: any 16 bytes
// name an ID, and whether one was made by [New] cannot be told from its
// bytes.
func From16(b [16]byte) (ID, error) {
	v := ID{binary.BigEndian.Uint64(b[:8]), binary.BigEndian.Uint64(b[8:])}
	if v.IsZero() {
		return ID{}, ErrZeroBytes
	}
	return v, nil
}

// ErrZeroBytes is returned by [From16] for 16 zero bytes, the zero ID,
// which names nothing (docs/contract.md, B3). It wraps [ErrInvalid].
var ErrZeroBytes = invalid("id: invalid id: 16 zero bytes are the zero id, which names nothing")

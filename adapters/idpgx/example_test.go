package idpgx_test

import (
	"context"
	"errors"
	"fmt"

	"github.com/idkeys/id"
	"github.com/idkeys/id/adapters/idpgx"
	"github.com/idkeys/id/compact"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"
)

// Register on every connection of a pool, in its AfterConnect
// (pgxpool.Config.AfterConnect has this signature; so does the function
// that stdlib.OptionAfterConnect takes).
func ExampleRegister() {
	afterConnect := func(ctx context.Context, c *pgx.Conn) error {
		idpgx.Register(c.TypeMap())
		return nil
	}
	_ = afterConnect

	m := pgtype.NewMap()
	idpgx.Register(m)
	v := id.MustParse("01arz3ndektsv4rrffq69g5fav")

	// A compact.ID is the uuid of its 16 bytes.
	text, err := m.Encode(pgtype.UUIDOID, pgtype.TextFormatCode, compact.ID{ID: v}, nil)
	fmt.Println(string(text), err)

	// What a write of a plain id to a uuid column fails with.
	_, err = m.Encode(pgtype.UUIDOID, pgtype.BinaryFormatCode, v, nil)
	fmt.Println(errors.Is(err, idpgx.ErrUUIDColumn))
	fmt.Println(idpgx.ErrUUIDColumn)
	// Output:
	// 01563e3a-b5d3-d676-4c61-efb99302bd5b <nil>
	// true
	// id: invalid id: an id.ID in a uuid column: use compact.ID there, or a text column; old UUIDv7 keys: adopt.FromUUIDv7
}

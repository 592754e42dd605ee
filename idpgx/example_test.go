package idpgx_test

import (
	"context"
	"errors"
	"fmt"

	"github.com/idkeys/id"
	"github.com/idkeys/id/idpgx"
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

	// What a write of an id to a uuid column then fails with.
	m := pgtype.NewMap()
	idpgx.Register(m)
	_, err := m.Encode(pgtype.UUIDOID, pgtype.BinaryFormatCode, id.MustParse("01arz3ndektsv4rrffq69g5fav"), nil)
	fmt.Println(errors.Is(err, idpgx.ErrUUIDColumn))
	fmt.Println(idpgx.ErrUUIDColumn)
	// Output:
	// true
	// id: invalid id: a PostgreSQL uuid column cannot hold an id.ID (26 characters of text): make the column text; convert old UUIDv7 keys with id.FromUUIDv7
}

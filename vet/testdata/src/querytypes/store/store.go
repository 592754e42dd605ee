// Package store implements api.Users: its queries are judged by the
// types they bind, whoever calls them, through whatever interface.
package store

import (
	"context"
	"database/sql"

	"github.com/google/uuid"
	"github.com/idkeys/id"
	"github.com/idkeys/id/compact"
	"github.com/jmoiron/sqlx"
)

type SQL struct {
	db *sql.DB
	x  *sqlx.DB
}

type OrderID struct{ id.ID }

func (s *SQL) User(ctx context.Context, userID string) (string, error) { // want User:`^sink\(1 id → sql\.DB\.QueryRowContext\)$`
	var name string
	err := s.db.QueryRowContext(ctx, `SELECT name FROM users WHERE id = $1`, userID).Scan(&name) // want `^sql\.DB\.QueryRowContext binds column id as string \(KEYS-5\): make parameter userID an id\.ID; its callers then parse at their boundary$`
	return name, err
}

// The twins: typed, integer, natural-key and canonical-text values.
func (s *SQL) UserTyped(ctx context.Context, userID id.ID) (string, error) {
	var name string
	err := s.db.QueryRowContext(ctx, `SELECT name FROM users WHERE id = $1`, userID).Scan(&name)
	s.db.ExecContext(ctx, `DELETE FROM sessions WHERE user_id = $1`, userID.String())
	s.db.ExecContext(ctx, `DELETE FROM orders WHERE id = $1`, OrderID{userID})
	s.db.ExecContext(ctx, `DELETE FROM orders WHERE id = $1`, &userID)
	s.db.ExecContext(ctx, `DELETE FROM orders WHERE id = $1`, sql.Null[id.ID]{V: userID})
	s.db.ExecContext(ctx, `DELETE FROM orders WHERE id = $1`, compact.ID{})
	s.db.ExecContext(ctx, `DELETE FROM legacy WHERE id = $1`, int64(7))
	s.db.ExecContext(ctx, `DELETE FROM users WHERE email = $1`, name)
	return name, err
}

// Other text types: a UUID, bytes, a nullable string.
func (s *SQL) Others(ctx context.Context, u uuid.UUID, b []byte, n sql.NullString) { // want Others:`^sink\(2 id → sql\.DB\.ExecContext; 3\.String → sql\.DB\.ExecContext\)$`
	s.db.ExecContext(ctx, `DELETE FROM t WHERE owner_uuid = $1`, u) // want `^sql\.DB\.ExecContext binds column owner_uuid as uuid\.UUID \(KEYS-5\): make parameter u an id\.ID`
	s.db.ExecContext(ctx, `DELETE FROM t WHERE id = $1`, b)         // want `binds column id as \[\]byte`
	s.db.ExecContext(ctx, `DELETE FROM t WHERE team_id = $1`, n)    // want `binds column team_id as sql\.NullString`
	s.db.ExecContext(ctx, `DELETE FROM t WHERE stripe_customer_id = $1`, n.String)
	s.db.ExecContext(ctx, `DELETE FROM t WHERE facebook_id = $1 OR extern_uid = $2 OR atlassian_id = $3`, n.String, n.String, n.String)
}

// Lists: = ANY($1), IN (?), sqlx.In.
func (s *SQL) Many(ctx context.Context, ids []string, typed []id.ID, nums []int64) {
	s.db.QueryContext(ctx, `SELECT * FROM users WHERE id = ANY($1)`, ids) // want `binds column id as \[\]string`
	s.db.QueryContext(ctx, `SELECT * FROM users WHERE id = ANY($1)`, typed)
	s.db.QueryContext(ctx, `SELECT * FROM users WHERE id = ANY($1)`, nums)
	q, args, _ := sqlx.In(`SELECT * FROM users WHERE id IN (?)`, ids) // want `^sqlx\.In binds column id as \[\]string`
	s.x.Select(nil, s.x.Rebind(q), args...)
	sqlx.In(`SELECT * FROM users WHERE id IN (?)`, typed)
}

// A cursor: a range compare binds an id as surely as = does.
func (s *SQL) After(ctx context.Context, cursor string, n int64) { // want After:`^sink\(1 id → sql\.DB\.QueryContext\)$`
	s.db.QueryContext(ctx, `SELECT * FROM users WHERE id > $1 ORDER BY id LIMIT 10`, cursor) // want `^sql\.DB\.QueryContext binds column id as string \(KEYS-5\): make parameter cursor an id\.ID; its callers then parse at their boundary$`
	s.db.QueryContext(ctx, `SELECT * FROM users WHERE id > $1 ORDER BY id LIMIT 10`, n)
}

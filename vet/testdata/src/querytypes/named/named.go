// Package named binds ids through sqlx's named queries: by a struct's db
// tags, a map literal's keys, a statement prepared from named text, and
// a service's own wrapper in another package.
package named

import (
	"context"

	"github.com/google/uuid"
	"github.com/idkeys/id"
	"github.com/jmoiron/sqlx"

	"querytypes/named/sqldb"
)

type dbUser struct {
	ID     uuid.UUID `db:"user_id"`
	TeamID string    `db:"team_id"`
	Name   string    `db:"name"`
	Rank   int64     `db:"rank"`
}

type dbProduct struct {
	ID     id.ID  `db:"product_id"`
	UserID id.ID  `db:"user_id"`
	Name   string `db:"name"`
}

// Audit is embedded: sqlx binds its fields as the struct's own.
type Audit struct {
	OrderID string // untagged: sqlx's name for it is "orderid"
}

type dbOrder struct {
	Audit
	Total int64
}

type Store struct {
	db *sqlx.DB
}

const updateUser = `UPDATE users SET name = :name, rank = :rank WHERE user_id = :user_id AND team_id = :team_id`

func (s *Store) Update(ctx context.Context, u dbUser) error { // want Update:`^sink\(1\.ID id → sqlx\.DB\.NamedExecContext; 1\.Name → sqlx\.DB\.NamedExecContext; 1\.Rank → sqlx\.DB\.NamedExecContext; 1\.TeamID id → sqlx\.DB\.NamedExecContext\)$`
	_, err := s.db.NamedExecContext(ctx, updateUser, u) // want `^sqlx\.DB\.NamedExecContext binds column user_id as uuid\.UUID \(KEYS-5\): make field ID of named\.dbUser an id\.ID; its callers then parse at their boundary$` `^sqlx\.DB\.NamedExecContext binds column team_id as string \(KEYS-5\): make field TeamID of named\.dbUser an id\.ID; its callers then parse at their boundary$`
	return err
}

func (s *Store) Create(ctx context.Context, us []dbUser) error { // want Create:`^sink\(1\.ID id → sqlx\.DB\.NamedExec; 1\.Name → sqlx\.DB\.NamedExec; 1\.TeamID id → sqlx\.DB\.NamedExec\)$`
	_, err := s.db.NamedExec(`INSERT INTO users (user_id, team_id, name) VALUES (:user_id, :team_id, :name)`, us) // want `binds column user_id as uuid\.UUID` `binds column team_id as string`
	return err
}

func (s *Store) Delete(ctx context.Context, userID string) error { // want Delete:`^sink\(1 id → sqlx\.DB\.NamedExecContext\)$`
	_, err := s.db.NamedExecContext(ctx, `DELETE FROM users WHERE user_id = :user_id`, map[string]any{"user_id": userID}) // want `^sqlx\.DB\.NamedExecContext binds column user_id as string \(KEYS-5\): make parameter userID an id\.ID; its callers then parse at their boundary$`
	return err
}

func (s *Store) Order(ctx context.Context, o *dbOrder) error { // want Order:`^sink\(1\.OrderID id → sqlx\.DB\.NamedExecContext; 1\.Total → sqlx\.DB\.NamedExecContext\)$`
	_, err := s.db.NamedExecContext(ctx, `UPDATE orders SET total = :total WHERE order_id = :orderid`, o) // want `^sqlx\.DB\.NamedExecContext binds column order_id as string \(KEYS-5\): make field OrderID of named\.dbOrder an id\.ID; its callers then parse at their boundary$`
	return err
}

func (s *Store) Prepared(u dbUser) error { // want Prepared:`^sink\(0\.ID id → sqlx\.NamedStmt\.Get\)$`
	stmt, err := s.db.PrepareNamed(`SELECT name FROM users WHERE user_id = :user_id`)
	if err != nil {
		return err
	}
	var name string
	return stmt.Get(&name, u) // want `^sqlx\.NamedStmt\.Get binds column user_id as uuid\.UUID`
}

// Through the service's own wrapper, in another package: the text here
// names the columns, the data's fields are judged here.
func (s *Store) Wrapped(ctx context.Context, u dbUser) error { // want Wrapped:`^sink\(1\.ID id → sqldb\.NamedExecContext → sqlx\.NamedExecContext\)$`
	return sqldb.NamedExecContext(ctx, s.db, `DELETE FROM users WHERE user_id = :user_id`, u) // want `^sqldb\.NamedExecContext → sqlx\.NamedExecContext binds column user_id as uuid\.UUID \(KEYS-5\): make field ID of named\.dbUser an id\.ID; its callers then parse at their boundary$`
}

func (s *Store) WrappedStruct(ctx context.Context, userID uuid.UUID) error {
	data := struct {
		ID string `db:"user_id"`
	}{ID: userID.String()}
	var dest []dbUser
	return sqldb.NamedQueryStruct(ctx, s.db, `SELECT * FROM users WHERE user_id = :user_id`, data, &dest) // want `^sqldb\.NamedQueryStruct → sqldb\.namedQueryStruct → sqlx\.NamedQueryContext binds column user_id as string \(KEYS-5\): make field ID of struct\{ID string "db:\\"user_id\\""\} an id\.ID$`
}

// The twins: id.ID fields, integers, natural keys, an id's canonical text,
// and a map built elsewhere (its values' types are not known).
func (s *Store) Twins(ctx context.Context, p dbProduct, pid id.ID, m map[string]any) error { // want Twins:`^sink\(1\.ID id → sqlx\.DB\.NamedExecContext; 1\.Name → sqlx\.DB\.NamedExecContext; 1\.UserID id → sqlx\.DB\.NamedExecContext\)$`
	s.db.NamedExecContext(ctx, `UPDATE products SET name = :name WHERE product_id = :product_id AND user_id = :user_id`, p)
	s.db.NamedExecContext(ctx, `UPDATE products SET name = :name WHERE product_id = :product_id`, map[string]any{"product_id": pid, "name": "x"})
	s.db.NamedExecContext(ctx, `UPDATE products SET name = :name WHERE product_id = :product_id`, map[string]any{"product_id": pid.String()})
	s.db.NamedExecContext(ctx, `UPDATE users SET name = :name WHERE rank = :rank`, dbUser{})
	s.db.NamedExecContext(ctx, `DELETE FROM users WHERE user_id = :user_id`, m)
	sqldb.NamedExecContext(ctx, s.db, `UPDATE products SET name = :name WHERE product_id = :product_id`, p)
	return nil
}

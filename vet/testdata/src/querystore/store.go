// Package querystore is a service's store: its functions pass their
// parameters to queries, so they are query sinks for idquery's callers in
// package query (facts).
package querystore

import (
	"context"
	"database/sql"

	sq "github.com/Masterminds/squirrel"
	"github.com/doug-martin/goqu/v9"
	"github.com/jmoiron/sqlx"
	"github.com/leporo/sqlf"
	"github.com/uptrace/bun"
	"gorm.io/gorm"
)

const q = `SELECT name FROM subscribers WHERE uuid = $1`

type Store struct {
	db   *sql.DB
	stmt *sqlx.Stmt
	g    *gorm.DB
	b    *bun.DB
}

func (s *Store) Subscriber(ctx context.Context, subUUID string) error { // want Subscriber:`^sink\(1 → sqlx\.Stmt\.Get\)$`
	var name string
	return s.stmt.Get(&name, subUUID)
}

// Post reaches the query through an unexported helper, and no name on the
// way is an id's.
func (s *Store) Post(ctx context.Context, post string) error { // want Post:`^sink\(1 → querystore\.Store\.byKey → sql\.DB\.QueryRowContext\)$`
	return s.byKey(ctx, post)
}

func (s *Store) byKey(ctx context.Context, key string) error { // want byKey:`^sink\(1 → sql\.DB\.QueryRowContext\)$`
	return s.db.QueryRowContext(ctx, `SELECT body FROM posts WHERE key = $1`, key).Err()
}

// exec forwards its variadic arguments.
func (s *Store) exec(query string, args ...any) error { // want exec:`^sink\(0 text → sql\.DB\.Exec; 1\.\.\. bind → sql\.DB\.Exec\)$`
	_, err := s.db.Exec(query, args...)
	return err
}

func (s *Store) Delete(id string) error { // want Delete:`^sink\(0 id → querystore\.Store\.exec → sql\.DB\.Exec\)$`
	return s.exec(`DELETE FROM t WHERE id = $1`, id) // want `^querystore\.Store\.exec → sql\.DB\.Exec binds column id as string \(KEYS-5\): make parameter id an id\.ID; its callers then parse at their boundary$`
}

func GetUser(db *sql.DB, userID string) *sql.Row { // want GetUser:`^sink\(1 id → sql\.DB\.QueryRow\)$`
	return db.QueryRow(q, userID) // want `^sql\.DB\.QueryRow binds column uuid as string \(KEYS-5\): make parameter userID an id\.ID; its callers then parse at their boundary$`
}

// The query builders.

func Squirrel(uid string) (string, []any, error) { // want Squirrel:`^sink\(0 id → squirrel\.Eq\)$`
	return sq.Select("*").From("t").Where(sq.Eq{"id": uid}).ToSql() // want `^squirrel\.Eq binds column id as string \(KEYS-5\): make parameter uid an id\.ID; its callers then parse at their boundary$`
}

func SquirrelWhere(v string) sq.SelectBuilder { // want SquirrelWhere:`^sink\(0 id → squirrel\.SelectBuilder\.Where\)$`
	return sq.Select("*").From("t").Where("id = ?", v) // want `^squirrel\.SelectBuilder\.Where binds column id as string \(KEYS-5\): make parameter v an id\.ID; its callers then parse at their boundary$`
}

func Sqlf(v string) *sqlf.Stmt { // want Sqlf:`^sink\(0 id → sqlf\.Stmt\.Where\)$`
	return sqlf.From("t").Where("id = ?", v) // want `^sqlf\.Stmt\.Where binds column id as string \(KEYS-5\): make parameter v an id\.ID; its callers then parse at their boundary$`
}

func Goqu(a, b string) *goqu.SelectDataset { // want Goqu:`^sink\(0 id → exp\.Ex; 1 id → exp\.IdentifierExpression\.Eq\)$`
	return goqu.From("t").Where(goqu.Ex{"post_id": a}, goqu.C("id").Eq(b)) // want `^exp\.Ex binds column post_id as string \(KEYS-5\): make parameter a an id\.ID; its callers then parse at their boundary$` `^exp\.IdentifierExpression\.Eq binds column id as string \(KEYS-5\): make parameter b an id\.ID; its callers then parse at their boundary$`
}

func (s *Store) Bun(v string) *bun.SelectQuery { // want Bun:`^sink\(0 id → bun\.SelectQuery\.Where\)$`
	return s.b.NewSelect().Where("id = ?", v) // want `^bun\.SelectQuery\.Where binds column id as string \(KEYS-5\): make parameter v an id\.ID; its callers then parse at their boundary$`
}

func (s *Store) Gorm(a, b string) { // want Gorm:`^sink\(0 id → gorm\.DB\.First; 1 id → gorm\.DB\.Where\)$`
	var row struct{}
	s.g.First(&row, a)                // want `^gorm\.DB\.First binds column id as string \(KEYS-5\): make parameter a an id\.ID; its callers then parse at their boundary$`
	s.g.Where("id = ?", b).Find(&row) // want `^gorm\.DB\.Where binds column id as string \(KEYS-5\): make parameter b an id\.ID; its callers then parse at their boundary$`
}

// Repo is called through an interface: the callee is not known
// statically, so its implementations' facts do not reach the caller.
type Repo interface {
	Get(id string) error
}

// Neither a context nor a non-text parameter is a sink.
func (s *Store) Count(ctx context.Context, n int) error {
	return s.db.QueryRowContext(ctx, `SELECT count(*) FROM t LIMIT $1`, n).Err()
}

// Users is implemented in this package: a call through it reaches what
// its implementations reach.
type Users interface {
	ByID(userID string) error // want ByID:`^sink\(0 id → querystore\.users\.ByID → gorm\.DB\.Where\)$`
}

type users struct{ g *gorm.DB }

type User struct{ ID, Name string }

func (u *users) ByID(userID string) error { // want ByID:`^sink\(0 id → gorm\.DB\.Where\)$`
	var row User
	u.g.Where(&User{ID: userID}).First(&row) // want `^gorm\.DB\.Where binds ID \(column id\) as string of querystore\.User \(KEYS-5\): make the field an id\.ID$`
	return nil
}

// A model's embedded struct's fields are its columns (GORM's): set in
// the embedded struct's literal, they are conditions too.
type Base struct{ ID string }

type Task struct {
	Base
	Name string
}

func (u *users) TaskByID(taskID, name string) { // want TaskByID:`^sink\(0 id → gorm\.DB\.Where; 1 → gorm\.DB\.Where\)$`
	var row Task
	u.g.Where(&Task{Base: Base{ID: taskID}}).First(&row) // want `^gorm\.DB\.Where binds ID \(column id\) as string of querystore\.Task \(KEYS-5\): make the field an id\.ID$`
	u.g.Where(&Task{Name: name}).First(&row)
	u.g.Where(Task{Base: Base{}, Name: name}).First(&row)
}

// FindOne passes its struct parameter whole to GORM as a condition: the
// fields set are not known here, so the query is quiet; a caller's
// literal's keyed fields are judged at the caller (ByKey).
func (u *users) FindOne(attrs User) error { // want FindOne:`^sink\(0\{\} → gorm\.DB\.Where\)$`
	var row User
	u.g.Where(&attrs).First(&row)
	return nil
}

func (u *users) ByName(name string) error { // want ByName:`^sink\(0 → querystore\.users\.FindOne → gorm\.DB\.Where\)$`
	return u.FindOne(User{Name: name})
}

func (u *users) ByKey(key string) error { // want ByKey:`^sink\(0 id → querystore\.users\.FindOne → gorm\.DB\.Where\)$`
	return u.FindOne(User{ID: key}) // want `^querystore\.users\.FindOne → gorm\.DB\.Where binds column id as string \(KEYS-5\): make parameter key an id\.ID; its callers then parse at their boundary$`
}

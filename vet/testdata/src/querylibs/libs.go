// Package querylibs: the rows of idquery's library table, each with the
// value it binds reported as text and its twins quiet (a typed id, an
// integer, a natural key).
package querylibs

import (
	"context"

	sq "github.com/Masterminds/squirrel"
	"github.com/beego/beego/v2/client/orm"
	"github.com/go-pg/pg/v10"
	"github.com/gobuffalo/pop/v6"
	"github.com/idkeys/id"
	"github.com/jackc/pgx/v5"
	"github.com/leporo/sqlf"
	"xorm.io/xorm"
)

type User struct {
	ID   string
	Name string
}

type Typed struct {
	ID   id.ID
	Name string
}

type Counter struct {
	ID   int64
	Hits int
}

// pgx: a batch's queued query, CopyFrom's rows by their column names.
func pgxRows(ctx context.Context, conn *pgx.Conn, userID, name string, uid id.ID, n int) { // want pgxRows:`^sink\(2 id → pgx\.Batch\.Queue; 3 → pgx\.Batch\.Queue\)$`
	b := &pgx.Batch{}
	b.Queue(`UPDATE users SET name = $1 WHERE id = $2`, name, userID) // want `^pgx\.Batch\.Queue binds column id as string \(KEYS-5\): make parameter userID an id\.ID`
	b.Queue(`UPDATE users SET name = $1 WHERE id = $2`, name, uid)
	b.Queue(`UPDATE counters SET hits = hits + 1 WHERE id = $1`, n)
	conn.CopyFrom(ctx, pgx.Identifier{"users"}, []string{"id", "name"}, pgx.CopyFromRows([][]any{{userID, name}})) // want `^pgx\.Conn\.CopyFrom binds column id as string`
	conn.CopyFrom(ctx, pgx.Identifier{"users"}, []string{"id", "name"}, pgx.CopyFromRows([][]any{{uid, name}}))
	rows := [][]any{}
	rows = append(rows, []any{n, name})
	conn.CopyFrom(ctx, pgx.Identifier{"counters"}, []string{"id", "name"}, pgx.CopyFromRows(rows))
}

// squirrel's Update and Insert builders.
func squirrelBuilders(ownerID, name string, uid id.ID, n int) { // want squirrelBuilders:`^sink\(0 id → squirrel\.UpdateBuilder\.Set; 1 → squirrel\.UpdateBuilder\.Set\)$`
	sq.Update("docs").Set("owner_id", ownerID) // want `^squirrel\.UpdateBuilder\.Set binds column owner_id as string`
	sq.Update("docs").Set("owner_id", uid).Set("name", name)
	sq.Update("docs").SetMap(map[string]any{"owner_id": ownerID}) // want `^squirrel\.UpdateBuilder\.SetMap binds column owner_id as string`
	sq.Update("docs").SetMap(map[string]any{"owner_id": uid, "hits": n})
	sq.Update("docs").Set("name", name).Where("owner_id = ?", ownerID) // want `^squirrel\.UpdateBuilder\.Where binds column owner_id as string`
	sq.Update("docs").Set("name", name).Where("owner_id = ?", uid)
	sq.Insert("docs").Columns("owner_id", "name").Values(ownerID, name) // want `^squirrel\.InsertBuilder\.Values binds column owner_id as string`
	sq.Insert("docs").Columns("owner_id", "name").Values(uid, name)
	sq.Insert("counters").Columns("id", "hits").Values(n, n)
}

// One argument of Columns may list several names (squirrel joins them
// into the text with ", "), and rows may be added in a loop.
func squirrelRows(ownerID string, uid id.ID, n int) { // want squirrelRows:`^sink\(0 id → squirrel\.InsertBuilder\.Values\)$`
	b := sq.Insert("docs").Columns("name, owner_id")
	for range n {
		b = b.Values("x", ownerID) // want `^squirrel\.InsertBuilder\.Values binds column owner_id as string`
	}
	c := sq.Insert("docs").Columns("name, owner_id")
	for range n {
		c = c.Values("x", uid)
	}
	d := sq.Insert("counters").Columns("id,hits")
	for range n {
		d = d.Values(n, n)
	}
}

// sqlf's Set.
func sqlfSet(ownerID, name string, uid id.ID) { // want sqlfSet:`^sink\(0 id → sqlf\.Stmt\.Set; 1 → sqlf\.Stmt\.Set\)$`
	sqlf.From("docs").Set("owner_id", ownerID) // want `^sqlf\.Stmt\.Set binds column owner_id as string`
	sqlf.From("docs").Set("owner_id", uid)
	sqlf.From("docs").Set("name", name)
}

// pop: the calls that bind a model, a primary key or a condition.
func popCalls(tx *pop.Connection, userID, name string, uid id.ID, n int) { // want popCalls:`^sink\(1 id → pop\.Connection\.Load; 2 → pop\.Query\.Where\)$`
	u := &User{ID: userID, Name: name}
	tx.UpdateColumns(u, "name")             // want `^pop\.Connection\.UpdateColumns binds ID \(column id\) as string of querylibs\.User`
	tx.Load(&User{ID: userID})              // want `^pop\.Connection\.Load binds ID \(column id\) as string of querylibs\.User`
	tx.Reload(&User{ID: userID})            // want `^pop\.Connection\.Reload binds ID \(column id\) as string of querylibs\.User`
	tx.Q().Delete(&User{ID: userID})        // want `^pop\.Query\.Delete binds ID \(column id\) as string of querylibs\.User`
	tx.Q().Where("id = ?", userID).First(u) // want `^pop\.Query\.Where binds column id as string`
	tx.Find(u, userID)                      // want `^pop\.Connection\.Find binds column id as string`
	tx.UpdateColumns(&Typed{ID: uid}, "name")
	tx.Reload(&Typed{ID: uid})
	tx.Q().Delete(&Counter{ID: int64(n)})
	tx.Q().Where("id = ?", uid).First(u)
	tx.Find(&Counter{}, n)
	tx.Q().Where("name = ?", name).First(u)
}

// xorm: ID's primary key, a condition's text, In's column, a model.
func xormCalls(e *xorm.Engine, userID, name string, uid id.ID, n int) { // want xormCalls:`^sink\(1 id → xorm\.Engine\.ID; 2 → xorm\.Engine\.Where\)$`
	var u User
	e.ID(userID).Get(&u)                             // want `^xorm\.Engine\.ID binds column id as string`
	e.Where("owner_id = ?", userID).Get(&u)          // want `^xorm\.Engine\.Where binds column owner_id as string`
	e.In("owner_id", userID)                         // want `^xorm\.Engine\.In binds column owner_id as string`
	e.Exec("DELETE FROM users WHERE id = ?", userID) // want `^xorm\.Engine\.Exec binds column id as string`
	e.Insert(&User{ID: userID})                      // want `^xorm\.Engine\.Insert binds ID \(column id\) as string of querylibs\.User`
	e.ID(uid).Get(&u)
	e.ID(n).Get(&u)
	e.Where("owner_id = ?", uid).Get(&u)
	e.Where("name = ?", name).Get(&u)
	e.Exec("DELETE FROM users WHERE id = ?", uid)
	e.Insert(&Typed{ID: uid})
}

// go-pg: a query's text, a condition.
func gopgCalls(db *pg.DB, userID, name string, uid id.ID) { // want gopgCalls:`^sink\(1 id → pg\.DB\.Query; 2 → orm\.Query\.Where\)$`
	var u User
	db.Query(&u, `SELECT * FROM users WHERE id = ?`, userID) // want `^pg\.DB\.Query binds column id as string`
	db.Model(&u).Where("id = ?", userID).Select()            // want `^orm\.Query\.Where binds column id as string`
	db.Exec(`DELETE FROM users WHERE id = ?`, userID)        // want `^pg\.DB\.Exec binds column id as string`
	db.Query(&u, `SELECT * FROM users WHERE id = ?`, uid)
	db.Model(&u).Where("id = ?", uid).Select()
	db.Model(&u).Where("name = ?", name).Select()
}

// beego's orm: Raw's text, Filter's column, Read's model.
func beegoCalls(userID, name string, uid id.ID) { // want beegoCalls:`^sink\(0 id → orm\.Ormer\.Raw; 1 → orm\.QuerySeter\.Filter\)$`
	o := orm.NewOrm()
	var u User
	o.Raw(`SELECT * FROM users WHERE id = ?`, userID).QueryRow(&u) // want `^orm\.Ormer\.Raw binds column id as string`
	o.QueryTable("doc").Filter("owner__id", userID).One(&u)        // want `^orm\.QuerySeter\.Filter binds column owner_id as string`
	o.Read(&User{ID: userID})                                      // want `^orm\.Ormer\.Read binds ID \(column id\) as string of querylibs\.User`
	o.Raw(`SELECT * FROM users WHERE id = ?`, uid).QueryRow(&u)
	o.QueryTable("doc").Filter("owner__id", uid).One(&u)
	o.QueryTable("doc").Filter("name__icontains", name).One(&u)
	o.Read(&Typed{ID: uid})
}

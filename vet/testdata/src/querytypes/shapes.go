package querytypes

import (
	"context"
	"database/sql"
	"encoding/json"
	"net/http"

	"connectrpc.com/connect"
	"github.com/gin-gonic/gin"
	"github.com/idkeys/id"
	"github.com/idkeys/id/compact"
	"gorm.io/gorm"
)

type Shapes struct {
	db *sql.DB
	g  *gorm.DB
}

const q = `SELECT name FROM users WHERE id = $1`

// A header.
func (h *Shapes) header(w http.ResponseWriter, r *http.Request) {
	h.db.Exec(q, r.Header.Get("X-User-ID")) // want `^Header\.Get\("X-User-ID"\) reaches sql\.DB\.Exec unparsed \(KEYS-5\): parse it with id\.Parse and pass the id \[column id, bound as string\]$`
	uid, err := id.Parse(r.Header.Get("X-User-ID"))
	if err != nil {
		return
	}
	h.db.Exec(q, uid)
}

// GORM: a condition struct in a local variable, one with pointer fields,
// Create, a primary key.
type User struct {
	ID     string
	TeamID *string
	Name   string
}

type Filter struct {
	TeamID *string
	Email  *string
}

type Typed struct {
	ID     id.ID
	TeamID *id.ID
	Name   string
}

// A primary key that is a natural key: a setting's name; and one that is
// an id by its tag whatever its name.
type Server struct {
	Identifier string `gorm:"column:identifier;primaryKey"`
}
type Setting struct {
	Key   string `gorm:"primaryKey"`
	Value string
}

// A foreign key to Server's primary key, named by the relation's tag.
type Perm struct {
	UserID           *uint
	ServerIdentifier *string
	Server           Server `gorm:"foreignKey:ServerIdentifier"`
}

type Legacy struct {
	gorm.Model
	Name string
}

// Columns a type tag declares uuid: ids whatever their names, whose Go
// type is compact.ID (id.ID's text does not fit a uuid column); a
// varchar column with no id's name is not an id.
type Doc struct {
	ID    string `gorm:"type:uuid;primaryKey"`
	Owner string `gorm:"column:owner;type:uuid"`
	Slug  string `gorm:"type:varchar(64)"`
}

// id.ID's value is its text, which a uuid column refuses; compact.ID
// holds the 16 bytes.
type TypedDoc struct {
	ID   id.ID      `gorm:"type:uuid;primaryKey"`
	Team compact.ID `gorm:"type:uuid"`
}

type CompactDoc struct {
	ID compact.ID `gorm:"type:uuid;primaryKey"`
}

type TextDoc struct {
	ID compact.ID `gorm:"type:char(26);primaryKey"`
}

func (h *Shapes) typedDocs(w http.ResponseWriter, r *http.Request) {
	var c compact.ID
	h.g.Create(&TypedDoc{ID: id.New(), Team: c}) // want `^gorm\.DB\.Create binds ID \(uuid column id\) as id\.ID of querytypes\.TypedDoc \(KEYS-5\): make the field a compact\.ID`
	h.g.Create(&CompactDoc{ID: c})
	h.g.Create(&TextDoc{ID: c})              // want `^gorm\.DB\.Create binds ID \(char\(26\) column id\) as compact\.ID of querytypes\.TextDoc \(KEYS-5\): make the field an id\.ID \(a char\(26\) column holds an id's text, not compact\.ID's 16 bytes\)$`
	h.g.Create(&Doc{ID: r.PathValue("doc")}) // want `^PathValue\("doc"\) reaches gorm\.DB\.Create unparsed \(KEYS-5\): parse it with id\.ParseAs\[compact\.ID\]` `^gorm\.DB\.Create binds ID \(uuid column id\) as string of querytypes\.Doc`
}

type Note struct {
	ID     string `bun:",pk,type:uuid"`
	TeamID string
}

func (h *Shapes) uuidColumns(name string) { // want uuidColumns:`^sink\(0 id → gorm\.DB\.Create\)$`
	var d Doc
	h.g.Create(&Doc{ID: name, Owner: name, Slug: name}) // want `^gorm\.DB\.Create binds ID \(uuid column id\) as string, Owner \(uuid column owner\) as string of querytypes\.Doc \(KEYS-5\): make each field a compact\.ID \(a uuid column holds an id's 16 bytes, not id\.ID's text\)$`
	h.g.Where(&Doc{Slug: name}).First(&d)
	h.g.First(&d, name)                       // want `^gorm\.DB\.First binds uuid column id as string \(KEYS-5\): make parameter name a compact\.ID \(a uuid column holds an id's 16 bytes, not id\.ID's text\); its callers then parse with id\.ParseAs\[compact\.ID\]$`
	h.g.Create(&Note{ID: name, TeamID: name}) // want `^gorm\.DB\.Create binds ID \(uuid column id\) as string, TeamID \(column team_id\) as string of querytypes\.Note \(KEYS-5\): make each field an id\.ID, or, in a uuid column, a compact\.ID \(a uuid column holds an id's 16 bytes, not id\.ID's text\)$`
}

func (h *Shapes) gormShapes(userID, teamID, name string) { // want gormShapes:`^sink\(0 id → gorm\.DB\.Create; 1 id → gorm\.DB\.Where; 2 id → gorm\.DB\.First\)$`
	var u User
	// A condition held in a variable: the fields its literal sets.
	cond := User{ID: userID}
	h.g.Where(&cond).First(&u) // want `^gorm\.DB\.Where binds ID \(column id\) as string of querytypes\.User \(KEYS-5\): make the field an id\.ID$`
	// A condition whose fields are not known (a call's result): quiet.
	h.g.Where(byName(name)).First(&u)
	h.g.Where(&Filter{TeamID: &teamID}).Find(&u) // want `^gorm\.DB\.Where binds TeamID \(column team_id\) as \*string of querytypes\.Filter`
	h.g.Where(&Filter{Email: &name}).Find(&u)
	h.g.Create(&User{ID: userID, Name: name}) // want `^gorm\.DB\.Create binds ID \(column id\) as string of querytypes\.User`
	// Created without its key, a hook or the library fills in: bound all
	// the same. As a condition, a field not set is no condition.
	h.g.Create(&User{Name: name}) // want `^gorm\.DB\.Create binds ID \(column id\) as string of querytypes\.User`
	h.g.Where(&User{Name: name}).First(&u)
	h.g.First(&u, userID)                                 // want `^gorm\.DB\.First binds column id as string`
	h.g.Where(map[string]any{"team_id": teamID}).Find(&u) // want `^gorm\.DB\.Where binds column team_id as string`
	// The twins: typed ids, an integer primary key, a natural key.
	var t Typed
	h.g.Create(&Typed{ID: id.New(), Name: name})
	h.g.Where(&Typed{Name: name}).First(&t)
	h.g.Create(&Legacy{Name: name})
	h.g.First(&Legacy{}, 7)
	h.g.Where("name = ?", name).First(&u)
	var st Setting
	h.g.Create(&Setting{Key: name, Value: name})
	h.g.First(&st, name)
	var sv Server
	h.g.First(&sv, name) // want `^gorm\.DB\.First binds column identifier as string`
	p := &Perm{ServerIdentifier: &name}
	h.g.Where(p).First(p) // want `^gorm\.DB\.Where binds ServerIdentifier \(column server_identifier\) as \*string of querytypes\.Perm`
	// The destination's primary key, set, is First's condition.
	byKey := &Server{Identifier: name}
	h.g.First(byKey) // want `^gorm\.DB\.First binds column identifier as string`
	// A slice as the model of a count binds no key.
	var servers []Server
	var total int64
	h.g.Model(&servers).Count(&total)
	h.g.First(&u)
	h.g.Create(&Server{Identifier: name}) // want `^gorm\.DB\.Create binds Identifier \(column identifier\) as string of querytypes\.Server`
}

// gin's MustBindWith: the body's field.
func (h *Shapes) ginBind(c *gin.Context) {
	var req struct {
		UserID string `json:"user_id"`
	}
	if err := c.MustBindWith(&req, nil); err != nil {
		return
	}
	h.db.Exec(q, req.UserID) // want `^MustBindWith\(…\) "user_id" reaches sql\.DB\.Exec unparsed`
}

// RPC request fields: connect's and gRPC's.
type GetUserRequest struct{ UserId string }

func (*GetUserRequest) ProtoReflect() any { return nil }

func (m *GetUserRequest) GetUserId() string { return m.UserId }

func (h *Shapes) ConnectGet(ctx context.Context, req *connect.Request[GetUserRequest]) error {
	return h.db.QueryRowContext(ctx, q, req.Msg.UserId).Err() // want `^RPC field "UserId" reaches sql\.DB\.QueryRowContext unparsed`
}

func (h *Shapes) GRPCGet(ctx context.Context, req *GetUserRequest) error {
	return h.db.QueryRowContext(ctx, q, req.GetUserId()).Err() // want `^RPC field "UserId" reaches sql\.DB\.QueryRowContext unparsed`
}

// A body field copied through several structs.
type createReq struct {
	OwnerID string `json:"owner_id"`
}

type command struct{ OwnerID string }

type row struct{ Owner string }

func (h *Shapes) copied(w http.ResponseWriter, r *http.Request) {
	var in createReq
	if err := json.NewDecoder(r.Body).Decode(&in); err != nil {
		return
	}
	cmd := command{OwnerID: in.OwnerID}
	rw := row{Owner: cmd.OwnerID}
	h.db.Exec(`INSERT INTO docs (owner_id) VALUES ($1)`, rw.Owner) // want `^JSON body "owner_id" reaches sql\.DB\.Exec unparsed`
}

func byName(name string) *User { return &User{Name: name} }

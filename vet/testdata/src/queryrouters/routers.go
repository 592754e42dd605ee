// Package queryrouters seeds request values read through fasthttp and
// ozzo-routing reaching a query, database/sql's or ozzo-dbx's, unparsed
// (KEYS-5), each with its parsed twin.
package queryrouters

import (
	"database/sql"
	"encoding/json"
	"strings"

	dbx "github.com/go-ozzo/ozzo-dbx"
	routing "github.com/go-ozzo/ozzo-routing/v2"
	"github.com/idkeys/id"
	"github.com/valyala/fasthttp"
)

const q = `SELECT name FROM t WHERE id = $1`

type Handler struct {
	db *sql.DB
	x  *dbx.DB
}

type album struct{ ID, Name string }

// fasthttp's accessors.
func (h *Handler) fast(ctx *fasthttp.RequestCtx) {
	pasteID := ctx.UserValue("id").(string)
	h.db.Exec(q, pasteID)                                 // want `^UserValue\("id"\) reaches sql\.DB\.Exec unparsed \(KEYS-5\): parse it with id\.Parse and pass the id \[column id, bound as string\]$`
	h.db.Exec(q, string(ctx.QueryArgs().Peek("user_id"))) // want `^QueryArgs\(\)\.Peek\("user_id"\) reaches sql\.DB\.Exec unparsed`
	args := ctx.PostArgs()
	h.db.Exec(q, string(args.Peek("team_id")))        // want `^PostArgs\(\)\.Peek\("team_id"\) reaches sql\.DB\.Exec unparsed`
	h.db.Exec(q, string(ctx.FormValue("comment_id"))) // want `^FormValue\("comment_id"\) reaches sql\.DB\.Exec unparsed`

	// The twins: parsed, and natural keys.
	x, err := id.Parse(ctx.UserValue("id").(string))
	if err != nil {
		ctx.SetStatusCode(400)
		return
	}
	h.db.Exec(q, x)
	h.db.Exec(q, string(ctx.QueryArgs().Peek("slug"))) // want `^QueryArgs\(\)\.Peek\("slug"\) reaches sql\.DB\.Exec unparsed \(KEYS-5\): parse it with id\.Parse and pass the id \[column id, bound as string\]$`
	h.db.Exec(q, ctx.UserValue("name").(string))       // want `^UserValue\("name"\) reaches sql\.DB\.Exec unparsed \(KEYS-5\): parse it with id\.Parse and pass the id \[column id, bound as string\]$`
}

// fasthttp's raw path, trimmed, and its JSON body.
func (h *Handler) fastPath(ctx *fasthttp.RequestCtx) {
	pasteID := strings.TrimPrefix(string(ctx.Path()), "/pastes/")
	h.db.Exec(q, pasteID) // want `^Path\(\) reaches sql\.DB\.Exec unparsed`
	var body struct {
		OwnerID string `json:"owner_id"`
	}
	json.Unmarshal(ctx.PostBody(), &body)
	h.db.Exec(q, body.OwnerID) // want `^JSON body "owner_id" reaches sql\.DB\.Exec unparsed`

	// The twins: parsed, and a name that is no id's.
	x, err := id.Parse(strings.TrimPrefix(string(ctx.Path()), "/pastes/"))
	if err != nil {
		return
	}
	h.db.Exec(q, x)
	slug := strings.TrimPrefix(string(ctx.Path()), "/posts/")
	h.db.Exec(`SELECT id FROM posts WHERE slug = $1`, slug)
}

// ozzo-routing's accessors, into ozzo-dbx.
func (h *Handler) ozzo(c *routing.Context) error {
	var a album
	h.x.Select().Model(c.Param("id"), &a)                                                              // want `^Param\("id"\) reaches dbx\.SelectQuery\.Model unparsed`
	h.x.Select().From("album").Where(dbx.HashExp{"id": c.Query("album_id")}).One(&a)                   // want `^Query\("album_id"\) reaches dbx\.HashExp unparsed`
	h.x.NewQuery("SELECT * FROM album WHERE id = {:id}").Bind(dbx.Params{"id": c.Param("id")}).One(&a) // want `^Param\("id"\) reaches dbx\.Params unparsed`
	h.x.Select().Where(dbx.NewExp("id = {:id}", dbx.Params{"id": c.Param("id")})).One(&a)              // want `^Param\("id"\) reaches dbx\.Params unparsed`

	// The twins: parsed, and a natural key.
	aid, err := id.Parse(c.Param("id"))
	if err != nil {
		return err
	}
	h.x.Select().Model(aid, &a)
	h.x.Select().Where(dbx.HashExp{"name": c.Query("name")}).One(&a)
	return nil
}

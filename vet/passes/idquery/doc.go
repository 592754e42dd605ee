// Package idquery defines an Analyzer that reports an id from outside
// reaching a database query without being parsed (rule KEYS-5).
//
// # Analyzer idquery
//
// idquery: report request ids passed to a query unparsed, through calls too
//
// Parse outside values before any query: a bad id in a URL is "not found"
// without touching the store, and an uppercase copy of an id, which
// id.Parse accepts, would miss WHERE id = ? (KEYS-4). This analyzer
// reports, where it enters, a string read from a request that reaches a
// query as it is, in the same function or through the functions it is
// passed to, in this package or another of the program:
//
//   - sources: (*http.Request).PathValue, FormValue and PostFormValue;
//     url.Values.Get on r.URL.Query(), r.Form or r.PostForm; chi.URLParam
//     and chi.URLParamFromCtx; gorilla's mux.Vars(r)[key]; gin's
//     Context.Param, Query, PostForm, DefaultQuery and Params.ByName;
//     httprouter's Params.ByName; echo's Context.Param, QueryParam and
//     FormValue; fiber v2's Ctx.Params, Query and FormValue; fasthttp's
//     RequestCtx.UserValue (and its .(string)), FormValue and
//     QueryArgs().Peek, PostArgs().Peek (its Path() and RequestURI() as
//     the raw path, its PostBody() as the body); ozzo-routing's
//     Context.Param and Query; each with a constant key; and a
//     service's own accessor whose key is a parameter
//     and which returns the value as it is (a Source fact), called with a
//     constant key; a JSON body decoded into a local variable
//     (json.NewDecoder(r.Body).Decode, json.Unmarshal, gin's and echo's
//     Bind, fiber's BodyParser, or the service's own helper that decodes
//     an *http.Request's body, or a reader of it, into a pointer
//     parameter with encoding/json, bodyUnmarshal(r, &x): a Decoder fact,
//     in other packages too): its fields, pointer fields dereferenced
//     (*x.CommentID), list elements (range loops included) and map
//     values, under their JSON keys; the elements of
//     r.Form["k"], r.PostForm, r.URL.Query() and r.MultipartForm.Value;
//     r.URL.Path, RawPath and r.RequestURI trimmed, split, cut or sliced
//     (s[i:]), also through []rune or []byte; the values of
//     url.ParseQuery over request data; and a
//     base64 or base32 DecodeString, url.QueryUnescape or PathUnescape of
//     any of these;
//   - sinks: Exec, Query and QueryRow (and their Context forms) of
//     database/sql's DB, Tx, Conn and Stmt; sqlx's Get, Select, Queryx,
//     QueryRowx, MustExec, NamedExec, NamedQuery (and Context forms) on any
//     of its types and as package functions; pgx's (v4, v5, pgxpool) Exec,
//     Query and QueryRow; the query builders squirrel (Where, Having, Set,
//     Values, Expr, … and the values of sq.Eq{…} and its kin), leporo/sqlf
//     (Where, Set, In, Expr, Clause, …), goqu v9 (goqu.L, Where, the
//     values of goqu.Ex{…}, and C(…).Eq, In, Like, …), bun (Where, Set,
//     Value, NewRaw, Exec, Query, …) and GORM (Where, Or, Not, First,
//     Last, Take, Find, Delete, Raw, Exec, Joins, Update, UpdateColumn, and
//     the keyed fields of a struct literal passed to them, db.Where(&User{ID:
//     v}); GORM v1, github.com/jinzhu/gorm, alike), ozzo-dbx (Model,
//     Where, AndWhere, NewExp, …, and the values of dbx.HashExp{…} and
//     dbx.Params{…}, NewQuery(…).Bind's); the column of a
//     placeholder in constant SQL text, or in the SQL a prepared statement
//     was made from (Prepare, PrepareContext, Preparex), names the value
//     bound to it, as a parameter's name does, and a column named as an
//     entity's hex key (WHERE commentHex = $1; not colorHex, tokenHex)
//     is an id's; SQL text in a local variable set more than once to
//     constants is the text set last before the query, when that setting
//     is in a block around it and no loop sets it again;
//   - flow: through local variables (any assignment), conversions, string
//     concatenation, fmt.Sprint, Sprintf and Sprintln, and functions of
//     package strings that return a string; and through calls: a function
//     or method whose parameter reaches a sink (or another such function),
//     including through a final ...any parameter passed on with args..., is
//     itself a sink for that parameter (a Sink fact, exported to the
//     packages that import it), and so is an interface's method when a type
//     of the interface's own package implements it with one; through a
//     field of a local struct (assigned, or in its literal) and through a
//     function literal held in a local variable; through a struct passed to
//     a function whose query reads its field (a Sink fact "1.ID"); through
//     values appended to a slice passed with .... A call through an
//     interface implemented only in another package, or another function
//     value, is not followed.
//
// The key test is one rule, rule.IDName, applied to every name on the way:
// a value is reported when its key ("id", "user_id", "postID", "subUUID",
// "uid", "guid", "ulid", any case: the last word of the name is id, uuid,
// uid, guid or ulid), or a variable it is stored in (postID :=
// mux.Vars(r)["post"]), or a parameter it is passed to (GetPost(ctx,
// postID string)), or a struct field or builder map key it is stored
// under, is named as an id; unless the key names something else: its last
// word is a natural key's, a secret's or an option's (slug, page, name,
// email, code, token, state, cursor, q, sort, …), or it is an id's name
// after a word that makes it another system's (client_id, remote_user_id,
// oauth_id, provider_id, …), and then no name on the way makes it an id.
// id.Parse returns an id.ID, not a string, so its result is never
// reported; nor is a value whose names are all something else ("post"
// passed to post string), a value converted to a number, or a variable
// parsed or validated before the query (passed to id.Parse, strconv's
// parsers, uuid.Parse or Validate, netip.ParseAddr, any function named
// Parse*, MustParse*, Valid*, IsValid*, FromString*, Decode* or
// Unmarshal*) or replaced by a parsed value's text (s = u.String()), or
// checked in an if whose failure returns by a function (one bool or error
// result, or named as a validator) or an anchored regexp, or by a
// middleware of the package, or by a gorilla/mux or chi route pattern,
// or a struct's field validated (by a validator's name or a method of a
// validator's type) in the function it is passed to, whose failure
// returns before that function's query; nor
// a value passed to a parameter or column named as a natural key (alias,
// slug, name, …), nor a read after hmac.Equal or a check of the request's
// values as a whole (another system's signed values). A key or column
// whose last word is uuid or guid, a value matched against a UUID
// pattern, or a field tagged validate:"uuid", is reported without advising id.Parse, which refuses UUIDs.
//
// For example:
//
//	row := db.QueryRowContext(ctx, q, r.PathValue("id")) // PathValue("id") reaches sql.DB.QueryRowContext unparsed (KEYS-5): ...
//	err := h.core.GetSubscriber(c.Param("subUUID"))       // Param("subUUID") reaches core.Core.GetSubscriber → sqlx.Stmt.Get unparsed (KEYS-5): ...
//
// No fix is suggested: the handler has to decide what a bad id means
// (404 for a path, 400 for a form).
//
// Flags: -idquery.allow lists packages not to report (their facts are
// still computed). -idquery.sinks declares the service's own query
// functions, methods, types or packages (path.Func, path.Type.Method,
// path.Type, path) for the calls that cannot be followed, such as a store
// interface implemented in a package its callers do not import: every
// argument of a declared sink reaches a query, and is reported when a
// name on its way, the declared parameter's included, is an id's.
package idquery

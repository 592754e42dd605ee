// Package idquery defines an Analyzer that reports an id bound to a
// database query as something else than an id.ID (rule KEYS-5).
//
// # Analyzer idquery
//
// idquery: report ids bound to a query as text, where the query binds them
//
// Parse outside values before any query (KEYS-5): a bad id in a URL is
// "not found" without touching the store, and an uppercase copy of an
// id, which id.Parse accepts, would miss WHERE id = ? (KEYS-4). In a
// service that adopted package id, an id that reached a query without
// id.Parse is not an id.ID where the query binds it. So this analyzer
// checks the type at the query: every value bound to an id column must be
// an id.ID, a compact.ID, a typed id (struct{ id.ID }), a pointer to one,
// sql.Null of one, or a slice of them (a 16-byte column's: a compact.ID,
// see below). A string, []byte, []string, a
// UUID's bytes (uuid.UUID), sql.NullString, or a model whose id field has
// one of those types, is reported at the call, with the column and the
// type, and the fix: make the parameter that carries it an id.ID (the
// compiler then shows every caller that passes text, which parses at its
// boundary, KEYS-5, or scans into an id.ID, KEYS-3); with no parameter,
// bind an id.ID made, parsed or scanned where the value comes from. An id's own text
// (x.String(), MarshalText, fmt.Sprint of an id) and integers are never
// reported; nor is a value checked before the query in the same function
// (passed to a parser such as strconv.Atoi or uuid.Parse, or to a
// validator, or matched by an anchored regexp that admits only an id's
// form or digits, whose failure returns). Text id.Parse accepted is still
// the client's, in any case: bound after the check, it is reported
// (KEYS-4), with the id Parse returns as the fix. A value a call writes
// into (rows.Scan(&v)) is that call's output, not what it checks. A
// column of another id format (uuid, a key of an xid's width) is
// reported without the id.Parse advice, which refuses its values.
//
//   - id columns: a placeholder's column in constant SQL text (col = $1,
//     col <> ?, col > $1, col IN (?, ?), col = ANY($1), INSERT's column list; SQL
//     written with + or fmt.Sprintf around a value too), a builder map's
//     key (sq.Eq{"id": v}, goqu.Ex, dbx.HashExp), a struct literal's field
//     (gorm, bun or db tag, else the field's name in snake case), a
//     model's primary key (ID, gorm:"primaryKey", bun:",pk"; not one that
//     names a natural key: key, name, token, slug, …), and a value
//     appended to the arguments beside the fragment of SQL text that
//     binds it (where, args = append(where, "uid = ?"), append(args, v)),
//     and a named parameter of sqlx's named queries (:user_id), which
//     binds the field of the struct (or a slice of them) whose db tag, or
//     lowercased name, is the parameter's, or a map literal's entry.
//     A column is an id's when it is named as one by the rule every
//     analyzer uses, rule.IDName (its last word is id, uuid, uid, guid or
//     ulid: id, user_id, userId, postID, uuid, owner_uuid), it is an
//     entity's hex key (commentHex), or -idquery.columns names it; unless
//     a word of it says another system's (stripe_customer_id,
//     external_id: the words of -idmakers.foreign, and -idquery.foreign).
//     The module's own SQL adds columns (schema.go, internal/schema): one
//     of an id's type (uuid, char(26), binary(16)), or a reference to a
//     key that is an id column, or that is named as one and is no number,
//     is an id column whatever its name (owner, version); a text key
//     (slug, email) is a natural key, and stays one. So is a model's
//     field whose GORM or bun tag declares an id's type (type:uuid). A
//     column of a 16-byte type (uuid, binary(16), varbinary(16): its
//     schema, its tag) takes a compact.ID: an id.ID (or a typed id over
//     one) bound there is reported too, as its value is its text, which
//     such a column refuses or never matches; request text is parsed
//     with id.ParseAs[compact.ID]. A compact.ID, whose value is 16
//     bytes, bound to a column declared of a text type (char(26),
//     varchar(255), text) is reported with id.ID as the fix.
//   - queries: the calls of the library table (libraries.go: one row
//     per group of calls, which argument is SQL text, which are bound,
//     and what they bind): database/sql, sqlx (its named queries
//     included), pgx v4 and v5 (Batch.Queue, CopyFrom), squirrel (its
//     Select, Insert, Update and Delete builders), leporo/sqlf, goqu,
//     bun, ozzo-dbx, GORM v1 and v2 (Delete(&m) binds m's primary key),
//     pop (its conditions, Find's primary key, and every call that
//     writes, deletes or reloads a model), xorm, go-pg, beego's orm, ent's generated predicates
//     (user.IDEQ(v)) and builders' setters (SetOwnerID(v),
//     AddLabelIDs(ids...)), a method of any interface shaped as database/sql's
//     (sqlc's DBTX); and any function of the program that passes its
//     parameter to one of these (a Sink fact, exported to the packages
//     that import it, its interface's methods in its own package
//     included). A function that is generated (sqlc's output, ent's
//     client) or takes the value as any is judged at its callers; so is
//     a model taken as any or a type parameter (func Create(data any)),
//     and a value whose column is a string parameter written into the
//     text (func Equal(field string, value T) querying
//     fmt.Sprintf("%s = ?", field)): a caller's constant names it; and
//     a value passed after a parameter's SQL text (func exec(q, v string)
//     calling db.Exec(q, v)): its placeholder's column in the caller's
//     constant text.
//   - SQL text: the texts the program can pass at the query, from the
//     function's SSA form (text.go): constants, + and += across
//     branches, fmt.Sprintf (a %s of text not known is a hole; a hole
//     where a table's name goes holds no placeholder, sqlcol.Column),
//     strings.Join, strings.Replace and ReplaceAll of a constant marker,
//     strings.Builder and bytes.Buffer writes, a function
//     whose result is constant text, and a function of the module from
//     string to string (a placeholder translator), which keeps its
//     argument's placeholders; col = (?) and row-value cursors
//     ((created_at, id) > (?, ?)) name their columns.
//   - sources, for the message only: where the value came from a request
//     in the function or through the functions it was passed to (the path
//     value, query, form, header, JSON body, RPC request field read by
//     net/http, chi, gorilla/mux, gin, echo, fiber, httprouter, fasthttp,
//     ozzo-routing, connect or gRPC, or a service's own accessor or body
//     decoder), the finding names it, and is reported where the value is
//     read when the query is in a function it was passed to. A route
//     pattern ({id:[0-9]+}) checks its variable in the handler its route
//     registers when it admits only an id's form (one length of at least
//     16 letters, digits or -) or only digits (route.go, internal/idform);
//     {post:[a-zA-Z0-9]+} only limits the characters, and checks nothing.
//     A middleware (a function that takes a handler and
//     returns one) checks the keys it checks in the handlers it wraps.
//
// What it cannot see: SQL text no function of the package builds where
// it can be read (a parameter's, one a loop grows, a builder passed
// elsewhere): its columns are not known and nothing is said of them
// (a value written into such text is reported only when it is a
// request value); -idquery.v counts these queries. Nor stores that are
// not SQL; a statement prepared elsewhere (SQL kept in .sql files and
// prepared at startup, as goyesql does); a map built elsewhere and
// passed to a named query (its values' types); a call through a
// function value or through an interface whose implementation is in a
// package the caller does not import (the query itself is still judged
// where it is).
//
// For example:
//
//	db.QueryRowContext(ctx, `… WHERE id = $1`, r.PathValue("id")) // PathValue("id") reaches sql.DB.QueryRowContext unparsed (KEYS-5): parse it with id.Parse and pass the id [column id, bound as string]
//	db.QueryRowContext(ctx, `… WHERE id = $1`, userID)            // sql.DB.QueryRowContext binds column id as string (KEYS-5): make parameter userID an id.ID; its callers then parse at their boundary
//	db.NamedExecContext(ctx, `… WHERE user_id = :user_id`, u)     // sqlx.DB.NamedExecContext binds column user_id as uuid.UUID (KEYS-5): make field ID of store.userDB an id.ID
//	db.Create(&User{ID: s})                                       // gorm.DB.Create binds ID (column id) as string of store.User (KEYS-5): make the field an id.ID
//
// Flags: -idquery.allow lists packages not to report (their facts are
// still computed). -idquery.tests=true reports findings in _test.go
// files too (off by default: a test is no request path). -idquery.v
// prints, for each package with queries, "N query calls checked, M whose
// SQL text cannot be known": every library call it judges, with SQL text
// or a model (GORM's Delete(&m)), then the position of each of the M. -idquery.columns adds id columns; -idquery.foreign
// adds words that make a column another system's. -idquery.sinks declares
// the service's own query functions, methods, types or packages
// (path.Func, path.Type.Method, path.Type, path) for the calls that
// cannot be followed, such as a store interface implemented in a package
// its callers do not import: every argument of a declared sink is bound,
// to the column its parameter names.
package idquery

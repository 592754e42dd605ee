// Package idquery defines an Analyzer that reports an id from outside
// reaching a database query without being parsed (rule KEYS-5).
//
// # Analyzer idquery
//
// idquery: report request values named like ids passed to a query unparsed
//
// Parse outside values before any query: a bad id in a URL is "not found"
// without touching the store, and an uppercase copy of an id, which
// id.Parse accepts, would miss WHERE id = ? (KEYS-4). This analyzer
// reports an argument of a query method that is, within the function, a
// string read from a request under a key that looks like an id ("id", or
// ending in "_id", "-id", "Id" or "ID"):
//
//   - sources: (*http.Request).PathValue, FormValue and PostFormValue;
//     url.Values.Get on r.URL.Query(), r.Form or r.PostForm; chi.URLParam
//     and chi.URLParamFromCtx; gorilla's mux.Vars(r)[key]; gin's
//     Context.Param, Query, PostForm and DefaultQuery; echo's
//     Context.Param, QueryParam and FormValue;
//   - sinks: Exec, Query and QueryRow (and their Context forms) of
//     database/sql's DB, Tx, Conn and Stmt; sqlx's Get, Select, Queryx,
//     QueryRowx, MustExec, NamedExec, NamedQuery (and Context forms) and
//     its package functions Get and Select; pgx's (v4, v5, pgxpool) Exec,
//     Query and QueryRow;
//   - flow: through local variables (any assignment), conversions, string
//     concatenation, fmt.Sprint, Sprintf and Sprintln, and functions of
//     package strings that return a string. id.Parse returns an id.ID, not
//     a string, so its result is never reported, nor is anything whose key
//     does not look like an id (a "slug").
//
// For example:
//
//	row := db.QueryRowContext(ctx, q, r.PathValue("id")) // PathValue("id") reaches sql.DB.QueryRowContext unparsed (KEYS-5): ...
//
// No fix is suggested: the handler has to decide what a bad id means
// (404 for a path, 400 for a form).
//
// Flags: -idquery.allow lists packages not to report.
package idquery

package id_test

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"strings"
	"time"

	"github.com/idkeys/id"
)

// Make the key in the application, before the insert (KEYS-1, KEYS-2): the
// id is known to the log line, to related rows of the same transaction and
// to the reply before the database answers. Store it as TEXT, VARCHAR(26)
// or CHAR(26); Value writes the 26 lowercase characters.
func Example_insert() {
	createUser := func(ctx context.Context, db *sql.DB, name string) (id.ID, error) {
		uid := id.New()
		slog.InfoContext(ctx, "creating user", "user_id", uid)
		tx, err := db.BeginTx(ctx, nil)
		if err != nil {
			return id.ID{}, err
		}
		defer tx.Rollback()
		if _, err := tx.ExecContext(ctx, `INSERT INTO users (id, name) VALUES ($1, $2)`, uid, name); err != nil {
			return id.ID{}, err
		}
		// A related row in the same transaction uses the id at once.
		if _, err := tx.ExecContext(ctx, `INSERT INTO audit (id, user_id, what) VALUES ($1, $2, 'created')`, id.New(), uid); err != nil {
			return id.ID{}, err
		}
		return uid, tx.Commit()
	}
	_ = createUser
}

// An id in a URL path is parsed before any query (KEYS-5). A value that
// fails to parse names no row: answer 404 Not Found without touching the
// store. Any letter case is accepted and looked up in its canonical form.
func Example_httpPathNotFound() {
	store := map[id.ID]string{id.MustParse("01arz3ndektsv4rrffq69g5fav"): "ada"}
	lookups := 0

	mux := http.NewServeMux()
	mux.HandleFunc("GET /users/{id}", func(w http.ResponseWriter, r *http.Request) {
		uid, err := id.Parse(r.PathValue("id"))
		if err != nil {
			http.NotFound(w, r) // a dead or foreign link: the store is not asked
			return
		}
		lookups++
		name, ok := store[uid]
		if !ok {
			http.NotFound(w, r)
			return
		}
		fmt.Fprintf(w, "%s is %s", uid, name)
	})

	for _, path := range []string{
		"/users/01arz3ndektsv4rrffq69g5fav",
		"/users/01ARZ3NDEKTSV4RRFFQ69G5FAV", // uppercase: the same user
		"/users/01arz3ndektsv4rrffq69g5fa",  // truncated
		"/users/robert');DROP TABLE users;--",
		"/users/7zzzzzzzzzzzzzzzzzzzzzzzzz", // valid, but no such user
	} {
		rec := httptest.NewRecorder()
		mux.ServeHTTP(rec, httptest.NewRequest("GET", "/users/"+url.PathEscape(strings.TrimPrefix(path, "/users/")), nil))
		fmt.Println(rec.Code, strings.TrimSpace(rec.Body.String()))
	}
	fmt.Println("store lookups:", lookups)
	// Output:
	// 200 01arz3ndektsv4rrffq69g5fav is ada
	// 200 01arz3ndektsv4rrffq69g5fav is ada
	// 404 404 page not found
	// 404 404 page not found
	// 404 404 page not found
	// store lookups: 3
}

// An id from our own form or button data that fails to parse is a bug that
// must stay visible: answer 400 "invalid input", never "not found" (KEYS-5).
func Example_formInvalidInput() {
	handler := func(w http.ResponseWriter, r *http.Request) {
		uid, err := id.Parse(r.PostFormValue("user_id"))
		if err != nil {
			slog.Warn("invalid id in form", "err", err) // keep it visible
			http.Error(w, "invalid input", http.StatusBadRequest)
			return
		}
		fmt.Fprintf(w, "archived %s", uid)
	}
	slog.SetDefault(slog.New(slog.NewTextHandler(os.Stdout, &slog.HandlerOptions{
		ReplaceAttr: func(_ []string, a slog.Attr) slog.Attr {
			if a.Key == slog.TimeKey {
				return slog.Attr{} // stable output for this example
			}
			return a
		},
	})))
	defer slog.SetDefault(slog.New(slog.NewTextHandler(os.Stderr, nil)))

	for _, v := range []string{"01ARZ3NDEKTSV4RRFFQ69G5FAV", "01arz3ndektsv4rrffq69g5fa"} {
		req := httptest.NewRequest("POST", "/archive", strings.NewReader(url.Values{"user_id": {v}}.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		rec := httptest.NewRecorder()
		handler(rec, req)
		fmt.Println(rec.Code, strings.TrimSpace(rec.Body.String()))
	}
	// Output:
	// 200 archived 01arz3ndektsv4rrffq69g5fav
	// level=WARN msg="invalid id in form" err="id: invalid id \"01arz3ndektsv4rrffq69g5fa\": length 25, want 26"
	// 400 invalid input
}

// A nullable foreign key is a sql.Null[id.ID]: NULL scans as Valid=false,
// and Valid=false writes NULL. Scanning NULL into a plain id.ID is an
// error (row D4 of docs/contract.md), so a NOT NULL key that turns out NULL fails loudly.
func Example_nullableForeignKey() {
	var manager sql.Null[id.ID] // e.g. SELECT manager_id FROM users WHERE id = $1
	fmt.Println(manager.Scan(nil), manager.Valid)
	fmt.Println(manager.Scan("01arz3ndektsv4rrffq69g5fav"), manager.Valid, manager.V)

	v, _ := sql.Null[id.ID]{}.Value() // INSERT ... VALUES ($1): writes NULL
	fmt.Println(v)

	var key id.ID
	fmt.Println(key.Scan(nil))
	// Output:
	// <nil> false
	// <nil> true 01arz3ndektsv4rrffq69g5fav
	// <nil>
	// id: invalid id: cannot scan NULL into id.ID (use sql.Null[id.ID] for a nullable column)
}

// IDs are JSON strings in canonical form. An optional id is left out with
// omitzero, and reads back as the zero id; map[id.ID]T is a JSON object.
func Example_json() {
	type Order struct {
		ID       id.ID         `json:"id"`
		Referrer id.ID         `json:"referrer,omitzero"`
		Lines    map[id.ID]int `json:"lines,omitempty"`
	}
	o := Order{
		ID:    id.MustParse("01ARZ3NDEKTSV4RRFFQ69G5FAV"),
		Lines: map[id.ID]int{id.MustParse("01BX5ZZKBKACTAV9WEVGEMMVRZ"): 2},
	}
	b, _ := json.Marshal(o)
	fmt.Println(string(b))

	var back Order
	err := json.Unmarshal([]byte(`{"id":"01ARZ3NDEKTSV4RRFFQ69G5FAV"}`), &back)
	fmt.Println(back.ID, back.Referrer.IsZero(), err)

	err = json.Unmarshal([]byte(`{"id":"01ARZ3NDEKTSV4RRFFQ69G5FA"}`), &back)
	fmt.Println(errors.Is(err, id.ErrInvalid))
	// Output:
	// {"id":"01arz3ndektsv4rrffq69g5fav","lines":{"01bx5zzkbkactav9wevgemmvrz":2}}
	// 01arz3ndektsv4rrffq69g5fav true <nil>
	// true
}

// Trace, correlation, job and batch ids come from the same New, in the same
// format (KEYS-7), so grepping one value finds it in every log line. Never
// shorten one (TRUNC): its first 10 characters are the clock, so prefixes
// of ids made in the same millisecond are equal.
func Example_traceID() {
	trace := id.New()
	logger := slog.New(slog.NewJSONHandler(os.Stderr, nil)).With("trace_id", trace)
	logger.Info("job started", "job_id", id.New())

	s := trace.String()
	fmt.Println(len(s), s == strings.ToLower(s))
	// Output:
	// 26 true
}

func ExampleNew() {
	a, b := id.New(), id.New()
	fmt.Println(len(a.String()), a.Compare(b), time.Since(a.Time()) < time.Minute)
	// Output:
	// 26 -1 true
}

func ExampleParse() {
	for _, s := range []string{
		"01ARZ3NDEKTSV4RRFFQ69G5FAV",  // uppercase, as most libraries print
		"01arz3ndektsv4rrffq69g5fav",  // canonical
		"01arz3ndektsv4rrffq69g5fav ", // trailing space
		"01arz3ndeltsv4rrffq69g5fav",  // l is no alias for 1
		"80000000000000000000000000",  // more than 128 bits
	} {
		v, err := id.Parse(s)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println(v)
	}
	// Output:
	// 01arz3ndektsv4rrffq69g5fav
	// 01arz3ndektsv4rrffq69g5fav
	// id: invalid id "01arz3ndektsv4rrffq69g5fav ": length 27, want 26
	// id: invalid id "01arz3ndeltsv4rrffq69g5fav": invalid character 'l' at index 9
	// id: invalid id "80000000000000000000000000": out of range: first character '8' is above '7'
}

func ExampleMustParse() {
	// For constants and tests.
	root := id.MustParse("01ARZ3NDEKTSV4RRFFQ69G5FAV")
	fmt.Println(root)
	// Output:
	// 01arz3ndektsv4rrffq69g5fav
}

func ExampleID_Time() {
	v := id.MustParse("01arz3ndektsv4rrffq69g5fav")
	fmt.Println(v.Time().Format(time.RFC3339Nano), v.Time().UnixMilli())
	// Output:
	// 2016-07-30T23:54:10.259Z 1469922850259
}

func ExampleID_AppendText() {
	v := id.MustParse("01ARZ3NDEKTSV4RRFFQ69G5FAV")
	buf := make([]byte, 0, 64)
	buf = append(buf, "cache:user:"...)
	buf, _ = v.AppendText(buf)
	fmt.Println(string(buf))
	// Output:
	// cache:user:01arz3ndektsv4rrffq69g5fav
}

func ExampleID_Compare() {
	a := id.MustParse("01bx5zzkbkactav9wevgemmvrz")
	b := id.MustParse("01bx5zzkbkactav9wevgemmvs0")
	fmt.Println(a.Compare(b), b.Compare(a), a.Compare(a))
	// Output:
	// -1 1 0
}

// An id stored in uppercase by some other writer misses `WHERE id = ?`; Scan
// refuses it so the broken invariant is found (KEYS-4, row D5).
func ExampleID_Scan() {
	var v id.ID
	fmt.Println(v.Scan("01arz3ndektsv4rrffq69g5fav"), v)
	fmt.Println(v.Scan("01ARZ3NDEKTSV4RRFFQ69G5FAV"), v.IsZero())
	// Output:
	// <nil> 01arz3ndektsv4rrffq69g5fav
	// id: invalid stored id "01ARZ3NDEKTSV4RRFFQ69G5FAV": stored ids must be lowercase (KEYS-4): 'A' at index 2 true
}

// MinAt turns a time window into a range of the primary key: the rows
// created in [from, to), to the millisecond, with no created_at column.
// Keyset pagination walks the same index: WHERE id > $last ORDER BY id.
func ExampleMinAt() {
	from := time.Date(2016, 7, 30, 0, 0, 0, 0, time.UTC)
	to := from.Add(24 * time.Hour)
	lo, _ := id.MinAt(from)
	hi, _ := id.MinAt(to)
	fmt.Println(lo, hi)
	fmt.Println(id.MustParse("01ARZ3NDEKTSV4RRFFQ69G5FAV").Compare(lo) >= 0 &&
		id.MustParse("01ARZ3NDEKTSV4RRFFQ69G5FAV").Compare(hi) < 0)

	_, err := id.MinAt(time.Date(1969, 12, 31, 0, 0, 0, 0, time.UTC))
	fmt.Println(err)

	// With a database:
	const window = `SELECT id, name FROM users WHERE id >= $1 AND id < $2 ORDER BY id`
	const page = `SELECT id, name FROM users WHERE id > $1 ORDER BY id LIMIT 100`
	listDay := func(ctx context.Context, db *sql.DB) error {
		rows, err := db.QueryContext(ctx, window, lo, hi)
		if err != nil {
			return err
		}
		return rows.Close()
	}
	nextPage := func(ctx context.Context, db *sql.DB, last id.ID) ([]id.ID, error) {
		rows, err := db.QueryContext(ctx, page, last.String()) // "" before the first page
		if err != nil {
			return nil, err
		}
		defer rows.Close()
		var ids []id.ID
		for rows.Next() {
			var v id.ID
			var name string
			if err := rows.Scan(&v, &name); err != nil {
				return nil, err
			}
			ids = append(ids, v)
		}
		return ids, rows.Err()
	}
	_, _ = listDay, nextPage
	// Output:
	// 01arwhkc000000000000000000 01arz403000000000000000000
	// true
	// id: time outside the ULID range 1970-01-01T00:00:00.000Z to 10889-08-02T05:31:50.655Z: 1969-12-31T00:00:00.000Z
}

// Newest first, keyset pagination walks the primary key downwards: the
// first page has no cursor, each next page asks for the ids before the
// last one shown (?before=…), WHERE id < $1 ORDER BY id DESC. A cursor is
// the caller's input, so a malformed or empty one is 400, not 404; an
// absent one is the first page.
func Example_keysetNewestFirst() {
	const first = `SELECT id, name FROM posts ORDER BY id DESC LIMIT 20`
	const next = `SELECT id, name FROM posts WHERE id < $1 ORDER BY id DESC LIMIT 20`
	page := func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		if !q.Has("before") {
			fmt.Fprintln(w, first) // db.QueryContext(ctx, first)
			return
		}
		before, err := id.Parse(q.Get("before"))
		if err != nil { // the client gets a code and a fixed message, never err.Error()
			reason := id.ReasonOf(err)
			http.Error(w, reason.Code()+": "+reason.Message()+" Request "+r.Header.Get("X-Request-Id")+".", http.StatusBadRequest)
			return
		}
		fmt.Fprintln(w, next, before) // db.QueryContext(ctx, next, before)
	}
	for _, target := range []string{"/posts", "/posts?before=01ARZ3NDEKTSV4RRFFQ69G5FAV", "/posts?before=", "/posts?before=01arz3"} {
		rec := httptest.NewRecorder()
		req := httptest.NewRequest("GET", target, nil)
		req.Header.Set("X-Request-Id", "01m8ypfyd24w8j45g5qh86tjz9")
		page(rec, req)
		fmt.Print(rec.Code, " ", rec.Body.String())
	}
	// Output:
	// 200 SELECT id, name FROM posts ORDER BY id DESC LIMIT 20
	// 200 SELECT id, name FROM posts WHERE id < $1 ORDER BY id DESC LIMIT 20 01arz3ndektsv4rrffq69g5fav
	// 400 id_missing: The id is missing. Request 01m8ypfyd24w8j45g5qh86tjz9.
	// 400 id_length: The id must be 26 characters long. Request 01m8ypfyd24w8j45g5qh86tjz9.
}

// A bad id in a JSON body is 400 Bad Request (KEYS-5). The client gets a
// stable code, a fixed message and the request id, from id.ReasonOf; the
// error's own message, which quotes the input and names Go types and
// tools, goes to the log only (docs/contract.md E6).
func Example_clientErrorBody() {
	type apiError struct {
		Code      string `json:"code"`
		Message   string `json:"message"`
		RequestID string `json:"request_id"`
	}
	handler := func(w http.ResponseWriter, r *http.Request) {
		// The request's own id: made by id.New() in a middleware (KEYS-7),
		// or the trace id with idotel (docs/tracing.md); fixed here for the
		// output below. Never a client's X-Request-Id.
		reqID := "01m8ypfyd24w8j45g5qh86tjz9"
		var order struct {
			Customer id.ID `json:"customer_id"`
		}
		if err := json.NewDecoder(r.Body).Decode(&order); err != nil {
			// slog.Warn("bad order", "err", err, "request_id", reqID): the whole message, for logs
			if errors.Is(err, id.ErrInvalid) {
				reason := id.ReasonOf(err)
				w.Header().Set("Content-Type", "application/json")
				w.WriteHeader(http.StatusBadRequest)
				json.NewEncoder(w).Encode(apiError{reason.Code(), reason.Message(), reqID})
				return
			}
			http.Error(w, "malformed JSON", http.StatusBadRequest)
			return
		}
		if order.Customer.IsZero() { // absent or null: JSON decodes no id without an error
			reason := id.ReasonMissing // the answer of "customer_id":"", from ReasonOf
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusBadRequest)
			json.NewEncoder(w).Encode(apiError{reason.Code(), reason.Message(), reqID})
			return
		}
		fmt.Fprintf(w, "order for %s\n", order.Customer)
	}
	for _, body := range []string{
		`{"customer_id":"01ARZ3NDEKTSV4RRFFQ69G5FAV"}`,
		`{"customer_id":"0190b2f1-7c3e-7a3b-8000-0123456789ab"}`, // UUID text
		`{"customer_id":"é"}`,
		`{"customer_id":"01arz3ndeitsv4rrffq69g5fav"}`, // an i
		`{"customer_id":"81arz3ndektsv4rrffq69g5fav"}`,
		`{"customer_id":"00000000000000000000000000"}`,
		`{"customer_id":42}`,
		`{"customer_id":""}`,
		`{}`,
		`{"customer_id":null}`,
	} {
		req := httptest.NewRequest("POST", "/orders", strings.NewReader(body))
		rec := httptest.NewRecorder()
		handler(rec, req)
		fmt.Print(rec.Code, " ", rec.Body.String())
	}
	// Output:
	// 200 order for 01arz3ndektsv4rrffq69g5fav
	// 400 {"code":"id_length","message":"The id must be 26 characters long.","request_id":"01m8ypfyd24w8j45g5qh86tjz9"}
	// 400 {"code":"id_length","message":"The id must be 26 characters long.","request_id":"01m8ypfyd24w8j45g5qh86tjz9"}
	// 400 {"code":"id_character","message":"The id may contain only the digits 0 to 9 and the letters a to z except i, l, o and u.","request_id":"01m8ypfyd24w8j45g5qh86tjz9"}
	// 400 {"code":"id_range","message":"The id is out of range: its first character must be 0 to 7.","request_id":"01m8ypfyd24w8j45g5qh86tjz9"}
	// 400 {"code":"id_zero","message":"The id is all zeros, which names nothing.","request_id":"01m8ypfyd24w8j45g5qh86tjz9"}
	// 400 {"code":"id_invalid","message":"The id is not valid.","request_id":"01m8ypfyd24w8j45g5qh86tjz9"}
	// 400 {"code":"id_missing","message":"The id is missing.","request_id":"01m8ypfyd24w8j45g5qh86tjz9"}
	// 400 {"code":"id_missing","message":"The id is missing.","request_id":"01m8ypfyd24w8j45g5qh86tjz9"}
	// 400 {"code":"id_missing","message":"The id is missing.","request_id":"01m8ypfyd24w8j45g5qh86tjz9"}
}

// ReasonOf finds the reason of a rejection through any wrapping; Code
// and Message are what a client may see, Error what a log keeps.
func ExampleReasonOf() {
	_, err := id.Parse("0190b2f1-7c3e-7a3b-8000-0123456789ab")
	err = fmt.Errorf("customer: %w", err)
	reason := id.ReasonOf(err)
	fmt.Println(reason.Code())
	fmt.Println(reason.Message())
	fmt.Println(err)
	// Output:
	// id_length
	// The id must be 26 characters long.
	// customer: id: invalid id "0190b2f1-7c3e-7a3b"...: length 36, want 26: UUID text: compact.ID scans it; idkeys inspect
}

// An optional id has three spellings, each with the same meaning for "no
// id": a *id.ID (nil is JSON null and SQL NULL: database/sql writes a nil
// *id.ID as NULL and scans NULL into it as nil), a plain id.ID with
// omitzero (the zero ID is left out, or written as null without it), and
// sql.Null[id.ID] for a nullable column. Empty text is never "no id": it
// is refused like any malformed id.
func Example_optional() {
	type Post struct {
		ID       id.ID  `json:"id"`
		ParentID *id.ID `json:"parent_id"`         // null when nil
		ReplyTo  id.ID  `json:"reply_to,omitzero"` // left out when zero
		EditOf   id.ID  `json:"edit_of"`           // null when zero
	}
	p := Post{ID: id.MustParse("01arz3ndektsv4rrffq69g5fav")}
	b, _ := json.Marshal(p)
	fmt.Println(string(b))

	var back Post
	err := json.Unmarshal([]byte(`{"id":"01ARZ3NDEKTSV4RRFFQ69G5FAV","parent_id":null}`), &back)
	fmt.Println(back.ID, back.ParentID == nil, back.ReplyTo.IsZero(), err)
	err = json.Unmarshal([]byte(`{"id":"01arz3ndektsv4rrffq69g5fav","parent_id":""}`), &back)
	fmt.Println(err)

	// Between the spellings: a *id.ID or a zero-means-none id.ID to the
	// column's sql.Null[id.ID], and back.
	toNull := func(p *id.ID) sql.Null[id.ID] {
		if p == nil {
			return sql.Null[id.ID]{}
		}
		return sql.Null[id.ID]{V: *p, Valid: true}
	}
	fromNull := func(n sql.Null[id.ID]) *id.ID {
		if !n.Valid {
			return nil
		}
		return &n.V
	}
	zeroToNull := func(v id.ID) sql.Null[id.ID] { return sql.Null[id.ID]{V: v, Valid: !v.IsZero()} }
	fmt.Println(toNull(nil).Valid, toNull(&p.ID).V, *fromNull(toNull(&p.ID)), fromNull(sql.Null[id.ID]{}) == nil)
	fmt.Println(zeroToNull(p.ReplyTo).Valid, zeroToNull(p.ID).Valid)
	// Output:
	// {"id":"01arz3ndektsv4rrffq69g5fav","parent_id":null,"edit_of":null}
	// 01arz3ndektsv4rrffq69g5fav true true <nil>
	// id: invalid id "": length 0, want 26
	// false 01arz3ndektsv4rrffq69g5fav 01arz3ndektsv4rrffq69g5fav true
	// false true
}

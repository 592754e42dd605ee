// Package idmakers defines an Analyzer that reports ids made or parsed
// outside package id (rules KEYS-3 and KEYS-7).
//
// # Analyzer idmakers
//
// idmakers: report ids made or parsed by another id package
//
// One package makes and parses ids (KEYS-3), trace, job and batch ids
// included (KEYS-7). This analyzer reports every call of, or reference
// to, a function or method that makes or parses an id in another id
// package: github.com/oklog/ulid (v1 and v2), github.com/google/uuid,
// github.com/gofrs/uuid/v5, the standard library's uuid (Go 1.27),
// github.com/segmentio/ksuid, github.com/rs/xid, go.jetify.com/typeid,
// github.com/lithammer/shortuuid/v4, github.com/matoous/go-nanoid/v2,
// github.com/teris-io/shortid, github.com/sony/sonyflake (and v2) and
// github.com/bwmarrin/snowflake; and chi's middleware.RequestID, which
// mints request ids (KEYS-7), named as a value. For example:
//
//	jobID := uuid.NewString() // uuid.NewString makes an id outside package id (KEYS-3): use id.New()
//
// Name-based UUIDs (uuid.NewSHA1, uuid.NewMD5, uuid.NewHash, gofrs'
// NewV3 and NewV5) are not reported: the same name gives the same UUID,
// so they make no new id, and id.New() is no replacement (an ETag, a key
// derived from a URL).
//
// A service's own makers and parsers are declared with -idmakers.makers
// (golangci-lint: the "makers" setting): a comma-separated list of
// functions (example.com/util.RandomString), methods
// (example.com/gen.Gen.Next) or whole packages
// (github.com/writeas/web-core/id: every package-level function of it
// that returns something). A declared function is a parser when its name
// starts with Parse, MustParse, From, Validate or Decode, a maker otherwise. A
// malformed entry is an error, as is a malformed -idmakers.allow pattern.
// A declared maker's result is reported only where it is used as an id:
// assigned to, stored in a field or map key of, returned from a function
// named, or passed to a parameter named as an id (rule.IDName), passed
// after a constant naming one, compared to a value so named, or kept in a
// local variable so named or one of whose uses does one of these, or
// bound to a query placeholder whose column is named as an entity's hex
// key (INSERT INTO comments (commentHex, …), rule.HexKeyName: a helper
// returning such a variable is reported inside); never in the declared
// function's own package. The same helper's values used
// as file, topic or form-field names, slugs or test payloads are not ids.
//
// A service's own helpers are also inferred, without -idmakers.makers: a
// function or method whose first result is a string, a []byte or a named
// string type built from random bits (a draw of crypto/rand, math/rand
// or math/rand/v2, crypto/rand.Reader read with io.ReadFull, a listed or
// declared maker, or another such helper, in its package or, through a
// Random fact, in another), through local variables, indexing, copy, a
// strings.Builder's methods and the expressions around them
// (hex.EncodeToString(b), prefix + string(b)). crypto/rand.Text is one.
// Its calls are reported as a declared maker's are, where the value is
// used as an id, its own package included, and without a suggested fix.
// Calls inside such a helper's body are not reported, since its callers
// are; but a helper that keeps the value in a local variable named as an
// id and returns it (subscriptionID := util.RandomString(10)) is
// reported there, inside, and not at its callers:
//
//	m := &Message{ID: util.RandomString(12)} // util.RandomString makes an id from random bits outside package id (KEYS-3): use id.New()
//
// A helper named as a secret (newSessionToken) is not inferred, but
// where its value is stored in a field named as an id that the function
// binds to a column or parameter named as an id and never uses as a
// credential (p.ID, err = genToken(8); db.Exec("INSERT … (id) …", p.ID));
// nor are package id's functions; a helper whose bits come only from a
// listed maker (return uuid.NewString()) is not reported at its calls,
// since that maker is reported in it. -idmakers.infer=false turns
// inference off.
//
// A value passed to a query after constant SQL text, or bound by a
// prepared statement made from it, is named by the column of its
// placeholder: the column before "= $1", or the one in its place in an
// INSERT's list (VALUES ($1, $2)).
//
// A random value that flows only into a secret is not reported: a maker's
// result assigned to, stored in a field or map key of, returned from a
// function named, or passed to a parameter named as a secret (a word
// secret, token, password, passwd, nonce, salt, csrf, xsrf, otp or code,
// or key after api, secret, private, signing, access, encryption, hmac,
// auth or session, or state as the last word, OAuth's one-time value:
// SessionSecret, csrfToken, APIKey, inviteCode, oauthState), or
// passed just after a constant that names one (Update("reset_token",
// v)), through .String(), Must, conversions, slicing, strings and fmt
// functions. An id is not a secret: its first 10 characters tell when it
// was made and it has 80 random bits, so "use id.New()" would be wrong
// advice there; keep crypto/rand (rand.Text()) or the UUID for secrets.
// A maker that takes a time is never taken for a secret.
//
// Import aliases, method values (f := uuid.New), generic instantiations
// and calls through a function value are all reported where the function
// is named, once. Imports and uses of the other packages' types (a
// ulid.ULID field read from a legacy table) are not reported.
//
// A suggested fix rewrites a maker without parameters where the code
// keeps compiling: M() or uuid.Must(M()) of type string, or
// M().String(), becomes id.New().String() (uuid.NewString(),
// uuid.New().String(), uuid.Must(uuid.NewV7()).String()); M() printed by
// fmt or log, or assigned with := to a variable that is only printed or
// used as v.String(), becomes id.New() (ulid.Make()); v, err := M() (gofrs'
// NewV4) becomes v, err := id.New(), error(nil) when v is such a
// variable (id.New cannot fail: the error check can go). The import of
// package id is added when missing (as idkeys when the name id is taken
// there), and -fix removes the import it leaves unused. A value that
// keeps its UUID type (returned, stored in a uuid.UUID field) is not
// rewritten.
//
// //idvet:allow KEYS-3 reason, at the end of the line or on the line
// above, suppresses the finding there; the reason is required.
//
// Flags: -idmakers.allow lists the packages that may still use these
// functions, for example a migration that reads legacy UUIDs; a finding
// is also skipped when the package of the function called is on it
// (-idmakers.allow=github.com/gofrs/uuid/v5 allows every call of it).
// -idmakers.makers declares the service's own makers and parsers.
// -idmakers.infer=false stops inferring the service's random helpers.
// -idmakers.foreign adds words that, in a name on a parser's way, make
// the id another system's (beside external, provider, catalog, mbz, …):
// such a parse is not reported, nor is a maker's value used as a bearer
// credential (a cookie's Value, "Bearer " + v) or only as a name (a
// file's, a path), nor an inferred helper's fragment of a natural key or
// call in a test helper (a function taking a testing.TB).
// -idmakers.tests=true checks _test.go files too (false by default: a
// fixture's uuid.New() is not an id a team would change).
package idmakers

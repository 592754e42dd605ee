// Package makers seeds KEYS-3/KEYS-7 violations: every id made or parsed
// by another id package, through every way of naming the function.
package makers

import (
	"fmt"

	"github.com/bwmarrin/snowflake"
	gofrs "github.com/gofrs/uuid/v5"
	guuid "github.com/google/uuid"
	"github.com/idkeys/id"
	"github.com/lithammer/shortuuid/v4"
	gonanoid "github.com/matoous/go-nanoid/v2"
	ulidv1 "github.com/oklog/ulid"
	"github.com/oklog/ulid/v2"
	"github.com/rs/xid"
	"github.com/segmentio/ksuid"
	"github.com/sony/sonyflake"
	"github.com/teris-io/shortid"
	"go.jetify.com/typeid"
	stduuid "uuid"
)

type userPrefix struct{}

func (userPrefix) Prefix() string { return "user" }

// A legacy type in a signature is not a finding; only making or parsing is.
func legacy(u ulid.ULID, g guuid.UUID) (ulid.ULID, string) {
	return u, g.String()
}

func calls() {
	_ = guuid.NewString()                  // want `^uuid\.NewString makes an id outside package id \(KEYS-3\): use id\.New\(\)$`
	_ = guuid.Must(guuid.NewRandom())      // want `uuid\.NewRandom makes an id`
	_, _ = guuid.Parse("x")                // want `^uuid\.Parse parses an id outside package id \(KEYS-3\): use id\.Parse\(\)$`
	_ = guuid.Validate("x")                // want `uuid\.Validate parses an id`
	_ = ulid.Make().String()               // want `ulid\.Make makes an id`
	_, _ = ulid.ParseStrict("x")           // want `ulid\.ParseStrict parses an id`
	_, _ = ulidv1.New(ulidv1.Now(), nil)   // want `^ulid\.New makes an id outside package id \(KEYS-3\): use id\.New\(\), or id\.MinAt\(t\) for a time bound$`
	_ = gofrs.Must(gofrs.NewV7())          // want `uuid\.NewV7 makes an id`
	_ = gofrs.Must(gofrs.NewGen().NewV7()) // want `uuid\.Gen\.NewV7 makes an id`
	_, _ = gofrs.FromString("x")           // want `uuid\.FromString parses an id`
	_ = stduuid.NewV7()                    // want `uuid\.NewV7 makes an id`
	_ = stduuid.Nil()
	_ = ksuid.New()                        // want `ksuid\.New makes an id`
	_, _ = xid.FromString("x")             // want `xid\.FromString parses an id`
	_ = shortuuid.New()                    // want `shortuuid\.New makes an id`
	_ = gonanoid.Must()                    // want `gonanoid\.Must makes an id`
	_ = shortid.MustGenerate()             // want `shortid\.MustGenerate makes an id`
	_, _ = new(shortid.Shortid).Generate() // want `shortid\.Shortid\.Generate makes an id`
	sf := sonyflake.NewSonyflake(sonyflake.Settings{})
	_, _ = sf.NextID() // want `sonyflake\.Sonyflake\.NextID makes an id`
	node, _ := snowflake.NewNode(1)
	_ = node.Generate()                       // want `snowflake\.Node\.Generate makes an id`
	_, _ = snowflake.ParseString("x")         // want `snowflake\.ParseString parses an id`
	_ = typeid.Must(typeid.New[userPrefix]()) // want `typeid\.New makes an id`
	_, _ = typeid.WithPrefix("job")           // want `typeid\.WithPrefix makes an id`
	_ = id.New()
	_, _ = id.Parse("x")
}

// Method values, function values, closures and generic code are reported
// where the function is named, once.
func values() {
	f := guuid.New // want `uuid\.New makes an id`
	_ = f()
	g := node().Generate // want `snowflake\.Node\.Generate makes an id`
	_ = g()
	trace := func() string {
		return guuid.NewString() // want `uuid\.NewString makes an id`
	}
	_ = trace()
	_ = gen(ulid.Make)           // want `ulid\.Make makes an id`
	_ = gen(stduuid.New)         // want `uuid\.New makes an id`
	fmt.Println(guuid.NewString) // want `uuid\.NewString makes an id`
}

func node() *snowflake.Node { return nil }

func gen[T any](f func() T) T { return f() }

// Shadowing: a local named like a package is not that package.
func shadow() {
	uuid := struct{ New func() string }{New: func() string { return "" }}
	_ = uuid.New()
	ulid := id.New
	_ = ulid()
}

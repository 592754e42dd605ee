package formats

import (
	"context"
	"errors"
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/idkeys/id"
	"github.com/redis/go-redis/v9"
)

// redisClient connects to the redis-server named by ID_TEST_REDIS_URL
// (for example unix:///tmp/x/redis.sock, as scripts/databases exports
// it). Without it the test skips, or fails under CI=true. It returns the
// client and a key prefix unique to this test, whose keys are deleted at
// cleanup.
func redisClient(t *testing.T) (*redis.Client, string) {
	t.Helper()
	url := os.Getenv("ID_TEST_REDIS_URL")
	if url == "" {
		msg := "no redis server: ID_TEST_REDIS_URL is not set; start one with: exports=$(scripts/databases up) && eval \"$exports\""
		if os.Getenv("CI") == "true" {
			t.Fatal(msg + " [CI=true: a missing server fails]")
		}
		t.Skip(msg)
	}
	opt, err := redis.ParseURL(url)
	if err != nil {
		t.Fatalf("ID_TEST_REDIS_URL=%q: %v", url, err)
	}
	c := redis.NewClient(opt)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := c.Ping(ctx).Err(); err != nil {
		c.Close()
		t.Fatalf("redis at %s: %v", url, err)
	}
	prefix := "idkeys-formats-test:" + id.New().String() + ":"
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		keys, err := c.Keys(ctx, prefix+"*").Result()
		if err == nil && len(keys) > 0 {
			err = c.Del(ctx, keys...).Err()
		}
		if err != nil {
			t.Errorf("cleaning up %s*: %v", prefix, err)
		}
		c.Close()
	})
	return c, prefix
}

// TestRedisSetGetScan: go-redis writes an id through MarshalBinary (the
// 26 canonical characters, as redis-cli shows them) and Get().Scan reads
// it through UnmarshalBinary. Before MarshalBinary existed both failed:
// "redis: can't marshal id.ID (implement encoding.BinaryMarshaler)".
func TestRedisSetGetScan(t *testing.T) {
	c, p := redisClient(t)
	ctx := context.Background()
	if err := c.Set(ctx, p+"user", a, time.Minute).Err(); err != nil {
		t.Fatal(err)
	}
	if s, err := c.Get(ctx, p+"user").Result(); err != nil || s != aText {
		t.Fatalf("stored %q, %v; want %q", s, err, aText)
	}
	got := b
	if err := c.Get(ctx, p+"user").Scan(&got); err != nil || got != a {
		t.Fatalf("Get().Scan: %v, %v; want %v", got, err, a)
	}
	// The id as a key suffix and as a set member, through String.
	if err := c.SAdd(ctx, p+"set:"+a.String(), a, b).Err(); err != nil {
		t.Fatal(err)
	}
	if m, err := c.SMembers(ctx, p+"set:"+aText).Result(); err != nil || len(m) != 2 {
		t.Fatalf("SMembers: %v, %v", m, err)
	}
}

// TestRedisGetScanRefusesNonCanonical: a stored value that is not a
// canonical id fails Get().Scan with an error wrapping id.ErrInvalid
// (uppercase included: UnmarshalBinary reads stored data, as Scan does);
// a missing key is redis.Nil.
func TestRedisGetScanRefusesNonCanonical(t *testing.T) {
	c, p := redisClient(t)
	ctx := context.Background()
	for _, cs := range []struct {
		v      string
		reason id.Reason
	}{
		{aUpper, id.ReasonCase},
		{badText, id.ReasonCharacter},
		{"42", id.ReasonLength},
	} {
		if err := c.Set(ctx, p+"bad", cs.v, time.Minute).Err(); err != nil {
			t.Fatal(err)
		}
		var got id.ID
		wantReason(t, c.Get(ctx, p+"bad").Scan(&got), cs.reason)
	}
	var got id.ID
	if err := c.Get(ctx, p+"missing").Scan(&got); !errors.Is(err, redis.Nil) {
		t.Fatalf("missing key: %v, want redis.Nil", err)
	}
}

// TestRedisZeroIDIsRefused: writing the zero id fails with id.ErrZero
// before anything reaches the server (go-redis returns MarshalBinary's
// error as it is), and an empty value, written by another program or
// before empty text was refused (when the zero id was stored as ""), is
// refused on reading with ReasonMissing, by Get().Scan and HGetAll().Scan alike. "No
// id" in Redis is a missing key (redis.Nil) or a missing hash field.
func TestRedisZeroIDIsRefused(t *testing.T) {
	c, p := redisClient(t)
	ctx := context.Background()
	if err := c.Set(ctx, p+"zero", id.ID{}, time.Minute).Err(); !errors.Is(err, id.ErrZero) {
		t.Fatalf("Set(zero id) = %v, want id.ErrZero", err)
	}
	if n, err := c.Exists(ctx, p+"zero").Result(); err != nil || n != 0 {
		t.Fatalf("after the refused Set: Exists = %d, %v; want 0", n, err)
	}
	if err := c.Set(ctx, p+"empty", "", time.Minute).Err(); err != nil {
		t.Fatal(err)
	}
	got := a
	err := c.Get(ctx, p+"empty").Scan(&got)
	wantReason(t, err, id.ReasonMissing)
	if want := `id: invalid stored id "": length 0, want 26`; err.Error() != want || !got.IsZero() {
		t.Fatalf("Get().Scan of \"\": %v, %q; want the zero id and %q", got, err, want)
	}
	if err := c.HSet(ctx, p+"h", "id", "").Err(); err != nil {
		t.Fatal(err)
	}
	var h struct {
		ID id.ID `redis:"id"`
	}
	wantReason(t, c.HGetAll(ctx, p+"h").Scan(&h), id.ReasonMissing)
}

// redisUser is a hash written with HSet and read with HGetAll().Scan.
type redisUser struct {
	ID     id.ID  `redis:"id"`
	Parent id.ID  `redis:"parent,omitempty"`
	Owner  *id.ID `redis:"owner"`
	Name   string `redis:"name"`
}

// TestRedisHashStruct: HSet of a struct writes each id field through
// MarshalBinary; HGetAll().Scan reads it back. go-redis's struct scanner
// prefers UnmarshalText (any case) to UnmarshalBinary, so a hash field
// holding an uppercase id is accepted there, unlike Get().Scan. omitempty
// does not leave out a zero id (go-redis treats only time.Time among
// structs as empty): HSet fails with id.ErrZero and writes nothing (before
// empty text was refused it wrote "" and read back the zero id). Spell "no id" in a hash
// as a nil *id.ID tagged omitempty (TestRedisNilPointerFieldPanics).
func TestRedisHashStruct(t *testing.T) {
	c, p := redisClient(t)
	ctx := context.Background()
	in := redisUser{ID: a, Owner: &b, Name: "ann"}
	if err := c.HSet(ctx, p+"u", in).Err(); !errors.Is(err, id.ErrZero) {
		t.Fatalf("HSet with a zero parent under omitempty: %v, want id.ErrZero", err)
	}
	if n, err := c.Exists(ctx, p+"u").Result(); err != nil || n != 0 {
		t.Fatalf("after the refused HSet: Exists = %d, %v; want 0", n, err)
	}
	in.Parent = a
	if err := c.HSet(ctx, p+"u", in).Err(); err != nil {
		t.Fatal(err)
	}
	raw, err := c.HGetAll(ctx, p+"u").Result()
	if err != nil {
		t.Fatal(err)
	}
	if len(raw) != 4 || raw["id"] != aText || raw["parent"] != aText || raw["owner"] != bText || raw["name"] != "ann" {
		t.Fatalf("hash holds %q", raw)
	}
	out := redisUser{Parent: b}
	if err := c.HGetAll(ctx, p+"u").Scan(&out); err != nil {
		t.Fatal(err)
	}
	if out.ID != a || out.Parent != a || out.Owner == nil || *out.Owner != b || out.Name != "ann" {
		t.Fatalf("HGetAll().Scan gave %#v", out)
	}

	if err := c.HSet(ctx, p+"u", "id", aUpper).Err(); err != nil {
		t.Fatal(err)
	}
	out = redisUser{}
	if err := c.HGetAll(ctx, p+"u").Scan(&out); err != nil || out.ID != a {
		t.Fatalf("uppercase hash field: %v, %v; want %v (UnmarshalText)", out.ID, err, a)
	}
	if err := c.HSet(ctx, p+"u", "id", badText).Err(); err != nil {
		t.Fatal(err)
	}
	wantReason(t, c.HGetAll(ctx, p+"u").Scan(&out), id.ReasonCharacter)
}

// TestRedisNilPointerFieldPanics measures a trap of go-redis: HSet of a
// struct whose *id.ID field is nil panics inside go-redis, which calls
// MarshalBinary through the nil pointer (it checks only untyped nil and a
// few of its own types). The same holds for any type with value-receiver
// methods. Tag pointer fields omitempty: go-redis then leaves nil
// pointers out.
func TestRedisNilPointerFieldPanics(t *testing.T) {
	c, p := redisClient(t)
	ctx := context.Background()
	func() {
		defer func() {
			r := recover()
			if fmt.Sprint(r) != "value method github.com/idkeys/id.ID.MarshalBinary called using nil *ID pointer" {
				t.Fatalf("HSet with a nil *id.ID field: recovered %v, want go-redis's nil-pointer panic", r)
			}
		}()
		_ = c.HSet(ctx, p+"nil", redisUser{ID: a, Parent: b}).Err()
	}()

	// The workaround.
	type user struct {
		ID    id.ID  `redis:"id"`
		Owner *id.ID `redis:"owner,omitempty"`
	}
	if err := c.HSet(ctx, p+"nil", user{ID: a}).Err(); err != nil {
		t.Fatal(err)
	}
	out := user{Owner: &b}
	if err := c.HGetAll(ctx, p+"nil").Scan(&out); err != nil || out.ID != a || out.Owner == nil || *out.Owner != b {
		t.Fatalf("omitempty: %#v, %v; want owner left as it was", out, err)
	}
}

// Package bench measures package id side by side with the id libraries it
// is compared with, in one process, so that every ratio in README.md
// ("Performance") comes from the same run on the same machine. Run it with
// bench/compare, which repeats the run, summarises it with benchstat and
// checks the performance targets.
//
// Names are BenchmarkOp/variant=.../lib=NAME so that
// `benchstat -col /lib` puts the libraries side by side. Every result goes
// to a typed package-level sink (no interface boxing in the loop) and every
// benchmark reports allocations.
package bench

import (
	crand "crypto/rand"
	"database/sql"
	"database/sql/driver"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/idkeys/id"
	"github.com/oklog/ulid/v2"
	"github.com/rs/xid"
	"github.com/segmentio/ksuid"
	"go.jetify.com/typeid"
)

// Typed sinks: the compiler cannot drop a call whose result is stored in a
// package-level variable, and storing a concrete type costs no allocation.
var (
	sinkID     id.ID
	sinkULID   ulid.ULID
	sinkUUID   uuid.UUID
	sinkXID    xid.ID
	sinkKSUID  ksuid.KSUID
	sinkTypeID typeid.AnyID
	sinkTime   time.Time
	sinkString string
	sinkBytes  []byte
	sinkValue  driver.Value
	sinkErr    error
	sinkInt    int

	sinkMu sync.Mutex // guards the sinks written at the end of RunParallel
)

// One fixed id in every library's text form, lowercase where the library
// allows a choice (the same 128 bits for id, ulid, uuid and typeid).
const (
	idText     = "01arz3ndektsv4rrffq69g5fav"
	idUpper    = "01ARZ3NDEKTSV4RRFFQ69G5FAV"
	uuidText   = "01563e3a-b5d3-d676-4c61-efb99302bd5b" // the same 128 bits as idText
	uuidUpper  = "01563E3A-B5D3-D676-4C61-EFB99302BD5B"
	xidText    = "9m4e2mr0ui3e8a215n4g"
	ksuidText  = "0ujtsYcgvSTl8PAuAdqWYSMnLOv"
	typeidText = "01arz3ndektsv4rrffq69g5fav" // no prefix: the bare 26-character suffix
)

// Rejected inputs, one per reason: 25 characters; a letter outside
// Crockford base32 ('i' at index 9); a first character above 7 (more than
// 128 bits).
const (
	badLength    = "01arz3ndektsv4rrffq69g5fa"
	badCharacter = "01arz3ndeitsv4rrffq69g5fav"
	badOverflow  = "81arz3ndektsv4rrffq69g5fav"
)

// must returns v, and panics at set-up when err is not nil.
func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// newStdUUID is the standard library's uuid.NewV7, set by stduuid_test.go
// when the benchmarks are built with Go 1.27 or later (the package is new
// in Go 1.27; bench/compare builds with it); nil before, and its
// benchmarks are then left out. It is called through this function value,
// which costs it one indirect call (about 1 ns) that the others do not
// pay in BenchmarkNew.
var newStdUUID func() [16]byte

// sinkStdUUID is newStdUUID's sink.
var sinkStdUUID [16]byte

// BenchmarkNew measures making one id on one goroutine. After the
// libraries run the candidate sources of New's random bits
// (candidates_test.go, lib=cand.*), then the floors that New cannot beat, interleaved with them so
// that noise hits all alike: reading the wall clock (lib=floor.timeNow,
// time.Now alone, a vDSO call); the clock and the one compare-and-swap
// that orders ids across a process, with no random bits at all
// (lib=floor.timeNowCAS); the parts of New's cost with its one
// monotonic reading (floors, candidates_test.go); and reading 10 bytes
// from crypto/rand (lib=floor.cryptoRand10).
func BenchmarkNew(b *testing.B) {
	b.Run("lib=id", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkID = id.New()
		}
	})
	b.Run("lib=ulid", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkULID = ulid.Make()
		}
	})
	b.Run("lib=uuid", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkUUID, sinkErr = uuid.NewV7()
			if sinkErr != nil {
				b.Fatal(sinkErr)
			}
		}
	})
	if newStdUUID != nil {
		b.Run("lib=stduuid", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				sinkStdUUID = newStdUUID()
			}
		})
	}
	b.Run("lib=xid", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkXID = xid.New()
		}
	})
	b.Run("lib=ksuid", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkKSUID = ksuid.New()
		}
	})
	b.Run("lib=typeid", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkTypeID, sinkErr = typeid.WithPrefix("")
			if sinkErr != nil {
				b.Fatal(sinkErr)
			}
		}
	})
	for _, c := range candidates {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				sinkCand = c.mk()
			}
		})
	}
	b.Run("lib=floor.timeNow", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkTime = time.Now()
		}
	})
	b.Run("lib=floor.timeNowCAS", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkU64 = floorTimeNowCAS()
		}
	})
	for _, f := range floors {
		b.Run(f.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				sinkCand = f.mk()
			}
		})
	}
	b.Run("lib=floor.cryptoRand10", func(b *testing.B) {
		b.ReportAllocs()
		var buf [10]byte
		for b.Loop() {
			sinkInt, sinkErr = crand.Read(buf[:])
			if sinkErr != nil {
				b.Fatal(sinkErr)
			}
		}
	})
}

// BenchmarkNewParallel measures making ids from several goroutines at
// once, the cost of each generator's lock (or, for id, its
// compare-and-swap) under contention: goroutines=1 and goroutines=2 start
// exactly that many goroutines, which share b.N calls between them;
// goroutines=GOMAXPROCS runs b.RunParallel, the standard way. ns/op is
// wall time over all calls, so a generator that scales halves it from 1
// goroutine to 2 on 2 cores. time.Now (lib=floor.timeNow) runs with them:
// it takes no lock, so it is the floor at every count. The candidate
// sources of New's random bits (lib=cand.*) run last.
func BenchmarkNewParallel(b *testing.B) {
	libs := []struct {
		name string
		run  func(b *testing.B, goroutines int)
	}{
		{"lib=id", func(b *testing.B, n int) { parallel(b, n, id.New, &sinkID) }},
		{"lib=ulid", func(b *testing.B, n int) { parallel(b, n, ulid.Make, &sinkULID) }},
		{"lib=uuid", func(b *testing.B, n int) { parallel(b, n, mustUUIDv7, &sinkUUID) }},
		{"lib=stduuid", func(b *testing.B, n int) { parallel(b, n, newStdUUID, &sinkStdUUID) }},
		{"lib=xid", func(b *testing.B, n int) { parallel(b, n, xid.New, &sinkXID) }},
		{"lib=floor.timeNow", func(b *testing.B, n int) { parallel(b, n, time.Now, &sinkTime) }},
		{"lib=floor.timeNowCAS", func(b *testing.B, n int) { parallel(b, n, floorTimeNowCAS, &sinkU64) }},
	}
	for _, c := range candidates {
		libs = append(libs, struct {
			name string
			run  func(b *testing.B, goroutines int)
		}{c.name, func(b *testing.B, n int) { parallel(b, n, c.mk, &sinkCand) }})
	}
	for _, f := range floors {
		if f.parallel {
			libs = append(libs, struct {
				name string
				run  func(b *testing.B, goroutines int)
			}{f.name, func(b *testing.B, n int) { parallel(b, n, f.mk, &sinkCand) }})
		}
	}
	for _, g := range []struct {
		name string
		n    int // 0: b.RunParallel
	}{{"goroutines=1", 1}, {"goroutines=2", 2}, {"goroutines=GOMAXPROCS", 0}} {
		b.Run(g.name, func(b *testing.B) {
			for _, l := range libs {
				if l.name == "lib=stduuid" && newStdUUID == nil {
					continue
				}
				b.Run(l.name, func(b *testing.B) { l.run(b, g.n) })
			}
		})
	}
}

// mustUUIDv7 is google/uuid's NewV7, which fails only when crypto/rand
// does (it never does since Go 1.24).
func mustUUIDv7() uuid.UUID { return uuid.Must(uuid.NewV7()) }

// parallel runs b.N calls of mk shared between goroutines goroutines
// started at once (or through b.RunParallel when goroutines is 0), and
// keeps one result of each goroutine in sink.
func parallel[T any](b *testing.B, goroutines int, mk func() T, sink *T) {
	b.ReportAllocs()
	if goroutines == 0 {
		b.RunParallel(func(pb *testing.PB) {
			var v T
			for pb.Next() {
				v = mk()
			}
			sinkMu.Lock()
			*sink = v
			sinkMu.Unlock()
		})
		return
	}
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i := range goroutines {
		n := b.N / goroutines
		if i < b.N%goroutines {
			n++
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			var v T
			for range n {
				v = mk()
			}
			sinkMu.Lock()
			*sink = v
			sinkMu.Unlock()
		}()
	}
	b.ResetTimer()
	close(start)
	wg.Wait()
}

// BenchmarkParse measures parsing a valid id, in lowercase and in
// uppercase. Libraries whose text form has one case only (xid, ksuid,
// typeid) run in the lowercase group alone. ulid runs ParseStrict, the
// parser that rejects what id rejects.
func BenchmarkParse(b *testing.B) {
	for _, c := range []struct {
		name, id, uuid string
	}{
		{"case=lower", idText, uuidText},
		{"case=upper", idUpper, uuidUpper},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.Run("lib=id", func(b *testing.B) {
				b.ReportAllocs()
				s := c.id
				must(id.Parse(s))
				for b.Loop() {
					sinkID, sinkErr = id.Parse(s)
					if sinkErr != nil {
						b.Fatal(sinkErr)
					}
				}
			})
			b.Run("lib=ulid", func(b *testing.B) {
				b.ReportAllocs()
				s := c.id
				must(ulid.ParseStrict(s))
				for b.Loop() {
					sinkULID, sinkErr = ulid.ParseStrict(s)
					if sinkErr != nil {
						b.Fatal(sinkErr)
					}
				}
			})
			b.Run("lib=uuid", func(b *testing.B) {
				b.ReportAllocs()
				s := c.uuid
				must(uuid.Parse(s))
				for b.Loop() {
					sinkUUID, sinkErr = uuid.Parse(s)
					if sinkErr != nil {
						b.Fatal(sinkErr)
					}
				}
			})
			if c.name != "case=lower" {
				return
			}
			b.Run("lib=xid", func(b *testing.B) {
				b.ReportAllocs()
				must(xid.FromString(xidText))
				for b.Loop() {
					sinkXID, sinkErr = xid.FromString(xidText)
					if sinkErr != nil {
						b.Fatal(sinkErr)
					}
				}
			})
			b.Run("lib=ksuid", func(b *testing.B) {
				b.ReportAllocs()
				must(ksuid.Parse(ksuidText))
				for b.Loop() {
					sinkKSUID, sinkErr = ksuid.Parse(ksuidText)
					if sinkErr != nil {
						b.Fatal(sinkErr)
					}
				}
			})
			b.Run("lib=typeid", func(b *testing.B) {
				b.ReportAllocs()
				must(typeid.FromString(typeidText))
				for b.Loop() {
					sinkTypeID, sinkErr = typeid.FromString(typeidText)
					if sinkErr != nil {
						b.Fatal(sinkErr)
					}
				}
			})
		})
	}
}

// BenchmarkParseReject measures rejecting bad input, one reason at a time:
// the cost of the error. id allocates one *ParseError; the others return
// sentinels or format a message.
func BenchmarkParseReject(b *testing.B) {
	for _, c := range []struct {
		name, id, uuid string
	}{
		{"reason=length", badLength, uuidText[:35]},
		{"reason=character", badCharacter, strings.Replace(uuidText, "e", "g", 1)},
		{"reason=overflow", badOverflow, ""},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.Run("lib=id", func(b *testing.B) {
				b.ReportAllocs()
				s := c.id
				if _, err := id.Parse(s); err == nil {
					b.Fatalf("id.Parse(%q) accepted it", s)
				}
				for b.Loop() {
					sinkID, sinkErr = id.Parse(s)
					if sinkErr == nil {
						b.Fatal("accepted")
					}
				}
			})
			b.Run("lib=ulid", func(b *testing.B) {
				b.ReportAllocs()
				s := c.id
				if _, err := ulid.ParseStrict(s); err == nil {
					b.Fatalf("ulid.ParseStrict(%q) accepted it", s)
				}
				for b.Loop() {
					sinkULID, sinkErr = ulid.ParseStrict(s)
					if sinkErr == nil {
						b.Fatal("accepted")
					}
				}
			})
			if c.uuid == "" {
				return // a UUID has no range to overflow
			}
			b.Run("lib=uuid", func(b *testing.B) {
				b.ReportAllocs()
				s := c.uuid
				if _, err := uuid.Parse(s); err == nil {
					b.Fatalf("uuid.Parse(%q) accepted it", s)
				}
				for b.Loop() {
					sinkUUID, sinkErr = uuid.Parse(s)
					if sinkErr == nil {
						b.Fatal("accepted")
					}
				}
			})
		})
	}
}

// BenchmarkString measures the text form as a new string.
func BenchmarkString(b *testing.B) {
	b.Run("lib=id", func(b *testing.B) {
		b.ReportAllocs()
		v := id.MustParse(idText)
		for b.Loop() {
			sinkString = v.String()
		}
	})
	b.Run("lib=ulid", func(b *testing.B) {
		b.ReportAllocs()
		v := ulid.MustParseStrict(idText)
		for b.Loop() {
			sinkString = v.String()
		}
	})
	b.Run("lib=uuid", func(b *testing.B) {
		b.ReportAllocs()
		v := uuid.MustParse(uuidText)
		for b.Loop() {
			sinkString = v.String()
		}
	})
	b.Run("lib=xid", func(b *testing.B) {
		b.ReportAllocs()
		v := must(xid.FromString(xidText))
		for b.Loop() {
			sinkString = v.String()
		}
	})
	b.Run("lib=ksuid", func(b *testing.B) {
		b.ReportAllocs()
		v := must(ksuid.Parse(ksuidText))
		for b.Loop() {
			sinkString = v.String()
		}
	})
	b.Run("lib=typeid", func(b *testing.B) {
		b.ReportAllocs()
		v := must(typeid.FromString(typeidText))
		for b.Loop() {
			sinkString = v.String()
		}
	})
}

// BenchmarkAppendText measures writing the text form into a reused buffer:
// id's AppendText, ulid's MarshalTextTo, xid's Encode and ksuid's Append.
// uuid and typeid have no such method.
func BenchmarkAppendText(b *testing.B) {
	b.Run("lib=id", func(b *testing.B) {
		b.ReportAllocs()
		v := id.MustParse(idText)
		buf := make([]byte, 0, 64)
		for b.Loop() {
			sinkBytes, sinkErr = v.AppendText(buf[:0])
			if sinkErr != nil {
				b.Fatal(sinkErr)
			}
		}
	})
	b.Run("lib=ulid", func(b *testing.B) {
		b.ReportAllocs()
		v := ulid.MustParseStrict(idText)
		buf := make([]byte, ulid.EncodedSize)
		for b.Loop() {
			sinkErr = v.MarshalTextTo(buf)
			if sinkErr != nil {
				b.Fatal(sinkErr)
			}
		}
		sinkBytes = buf
	})
	b.Run("lib=xid", func(b *testing.B) {
		b.ReportAllocs()
		v := must(xid.FromString(xidText))
		buf := make([]byte, 20)
		for b.Loop() {
			sinkBytes = v.Encode(buf)
		}
	})
	b.Run("lib=ksuid", func(b *testing.B) {
		b.ReportAllocs()
		v := must(ksuid.Parse(ksuidText))
		buf := make([]byte, 0, 64)
		for b.Loop() {
			sinkBytes = v.Append(buf[:0])
		}
	})
}

// asScanner hides the concrete type of v from the compiler, so that every
// library's Scan is called as database/sql calls it: through the
// sql.Scanner interface, never inlined.
//
//go:noinline
func asScanner(v sql.Scanner) sql.Scanner { return v }

// BenchmarkScan measures sql.Scanner with the stored text as a string and
// as a []byte, as drivers hand them over: boxed once, before the loop, and
// passed to Scan through the sql.Scanner interface. ulid's Scan is lenient
// (its UnmarshalText checks no characters); id's rejects what Parse
// rejects, and uppercase. typeid scans strings only.
func BenchmarkScan(b *testing.B) {
	for _, c := range []struct {
		name                      string
		id, uuid, xid, ksuid, tid any
	}{
		{"src=string", idText, uuidText, xidText, ksuidText, typeidText},
		{"src=bytes", []byte(idText), []byte(uuidText), []byte(xidText), []byte(ksuidText), nil},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.Run("lib=id", func(b *testing.B) { benchScan(b, c.id, &sinkID) })
			b.Run("lib=ulid", func(b *testing.B) { benchScan(b, c.id, &sinkULID) })
			b.Run("lib=uuid", func(b *testing.B) { benchScan(b, c.uuid, &sinkUUID) })
			b.Run("lib=xid", func(b *testing.B) { benchScan(b, c.xid, &sinkXID) })
			b.Run("lib=ksuid", func(b *testing.B) { benchScan(b, c.ksuid, &sinkKSUID) })
			if c.tid == nil {
				return
			}
			b.Run("lib=typeid", func(b *testing.B) { benchScan(b, c.tid, &sinkTypeID) })
		})
	}
}

// benchScan measures Scan of src into a T through sql.Scanner, as
// database/sql calls it, and keeps the last value in sink.
func benchScan[T any, P interface {
	*T
	sql.Scanner
}](b *testing.B, src any, sink *T) {
	b.ReportAllocs()
	var v T
	sc := asScanner(P(&v))
	must(0, sc.Scan(src))
	for b.Loop() {
		sinkErr = sc.Scan(src)
		if sinkErr != nil {
			b.Fatal(sinkErr)
		}
	}
	*sink = v
}

// BenchmarkValue measures driver.Valuer: what each library writes to the
// database (id, uuid, xid, ksuid and typeid a string, ulid 16 bytes).
func BenchmarkValue(b *testing.B) {
	b.Run("lib=id", func(b *testing.B) {
		b.ReportAllocs()
		v := id.MustParse(idText)
		for b.Loop() {
			sinkValue, sinkErr = v.Value()
			if sinkErr != nil {
				b.Fatal(sinkErr)
			}
		}
	})
	b.Run("lib=ulid", func(b *testing.B) {
		b.ReportAllocs()
		v := ulid.MustParseStrict(idText)
		for b.Loop() {
			sinkValue, sinkErr = v.Value()
			if sinkErr != nil {
				b.Fatal(sinkErr)
			}
		}
	})
	b.Run("lib=uuid", func(b *testing.B) {
		b.ReportAllocs()
		v := uuid.MustParse(uuidText)
		for b.Loop() {
			sinkValue, sinkErr = v.Value()
			if sinkErr != nil {
				b.Fatal(sinkErr)
			}
		}
	})
	b.Run("lib=xid", func(b *testing.B) {
		b.ReportAllocs()
		v := must(xid.FromString(xidText))
		for b.Loop() {
			sinkValue, sinkErr = v.Value()
			if sinkErr != nil {
				b.Fatal(sinkErr)
			}
		}
	})
	b.Run("lib=ksuid", func(b *testing.B) {
		b.ReportAllocs()
		v := must(ksuid.Parse(ksuidText))
		for b.Loop() {
			sinkValue, sinkErr = v.Value()
			if sinkErr != nil {
				b.Fatal(sinkErr)
			}
		}
	})
	b.Run("lib=typeid", func(b *testing.B) {
		b.ReportAllocs()
		v := must(typeid.FromString(typeidText))
		for b.Loop() {
			sinkValue, sinkErr = v.Value()
			if sinkErr != nil {
				b.Fatal(sinkErr)
			}
		}
	})
}

// TestSameID checks that the fixed texts above name what the comments say:
// idText, uuidText and typeidText hold the same 128 bits.
func TestSameID(t *testing.T) {
	u := ulid.MustParseStrict(idText)
	if got := uuid.UUID(u).String(); got != uuidText {
		t.Errorf("uuid of %s = %s, want %s", idText, got, uuidText)
	}
	tid, err := typeid.FromString(typeidText)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := tid.UUID(), uuidText; got != want {
		t.Errorf("typeid %s as UUID = %s, want %s", typeidText, got, want)
	}
	if got := id.MustParse(idUpper).String(); got != idText {
		t.Errorf("id.MustParse(%q).String() = %q, want %q", idUpper, got, idText)
	}
}

// floorState is floorTimeNowCAS's state.
var floorState candState

// floorTimeNowCAS is what any generator that orders its ids across a
// process must do at least: read the clock, then move a shared state
// forward with one compare-and-swap (the candidates' copy of New's loop,
// candidates_test.go, with a millisecond's start 0 and no low bits).
func floorTimeNowCAS() uint64 {
	return floorState.next(time.Now().UnixMilli(), func(uint64) uint64 { return 0 })
}

// sinkU64 is floorTimeNowCAS's sink.
var sinkU64 uint64

package bench

import (
	"crypto/aes"
	"crypto/cipher"
	crand "crypto/rand"
	"encoding/binary"
	mrand "math/rand/v2"
	"sync"
	"sync/atomic"
	"time"
)

// The candidate sources of New's random bits, measured in the same run as
// id.New, time.Now and ulid.Make (BenchmarkNew and BenchmarkNewParallel,
// lib=cand.*). Each is a copy of generator.go's lock-free generator (one
// compare-and-swap on the first 64 bits; a random 16-bit start for each
// new millisecond, 64 fresh low bits for each id) that differs only in
// where the random bits come from:
//
//   - cand.runtime: math/rand/v2's top-level rand.Uint64, the runtime's
//     per-thread ChaCha8 (the source New had before; no API promise of
//     unpredictability);
//   - cand.cryptorand: crypto/rand.Read of 8 bytes for every draw;
//   - cand.chacha8pool: a math/rand/v2 ChaCha8 seeded with 32 bytes of
//     crypto/rand, one per P through a sync.Pool (the one New uses);
//   - cand.chacha8padded: the same, each generator padded by 64 bytes;
//   - cand.aesctr: AES-128 keyed once from crypto/rand, in counter mode:
//     the low 64 bits are the encryption of the id's first 64 bits, the
//     start of a millisecond that of the millisecond with another domain
//     word, so there is no mutable state besides the compare-and-swap.
//     Its block buffer escapes through the cipher.Block interface: one
//     16-byte allocation a draw.
//
// docs/performance.md shows the run and docs/security.md weighs the
// candidates.

// candState is the compare-and-swap state of a candidate, alone on its
// cache line as in generator.go.
type candState struct {
	_     [64]byte
	state atomic.Uint64
	_     [56]byte
}

const candMaxMillis = 1<<48 - 1

// candStart and candStartMs are the candidates' clock: like New's, the
// wall clock's millisecond from one monotonic reading (time.Since) plus
// the offset at candStart, but never re-read (a floor for New's).
var (
	candStart   = time.Now()
	candStartNs = candStart.UnixNano()
)

// candMillis is the wall clock in Unix milliseconds from one monotonic
// reading.
func candMillis() int64 { return (candStartNs + int64(time.Since(candStart))) / 1e6 }

// next moves s forward for a clock reading now, with start returning a
// new millisecond's 16-bit random start, and returns the first 64 bits of
// the id (generator.go's loop, without its panic at the end of time).
func (s *candState) next(now int64, start func(ms uint64) uint64) uint64 {
	ms := uint64(min(max(now, 0), candMaxMillis))
	for {
		old := s.state.Load()
		var hi uint64
		switch last := old >> 16; {
		case ms > last || old == 0:
			hi = ms<<16 | start(ms)
		case old&0xffff != 0xffff:
			hi = old + 1
		default:
			hi = (last+1)<<16 | start(last+1)
		}
		if hi == 0 {
			hi = 1
		}
		if s.state.CompareAndSwap(old, hi) {
			return hi
		}
	}
}

var candRuntimeState candState

// candRuntime draws from math/rand/v2's top-level generator.
func candRuntime() candID {
	hi := candRuntimeState.next(candMillis(), func(uint64) uint64 { return mrand.Uint64() >> 48 })
	return candID{hi, mrand.Uint64()}
}

var candCryptoState candState

// cryptoUint64 is 8 bytes of crypto/rand.Read.
func cryptoUint64() uint64 {
	var b [8]byte
	crand.Read(b[:])
	return binary.LittleEndian.Uint64(b[:])
}

// candCrypto draws every bit from crypto/rand.Read.
func candCrypto() candID {
	hi := candCryptoState.next(candMillis(), func(uint64) uint64 { return cryptoUint64() >> 48 })
	return candID{hi, cryptoUint64()}
}

var (
	candPoolState candState
	candPool      sync.Pool
	candPadState  candState
	candPadPool   sync.Pool
	candBareState candState
	candBarePool  sync.Pool
)

// candPadded is a ChaCha8 alone on its cache lines (64 bytes more than
// its size class's 320), against false sharing between pooled generators.
type candPadded struct {
	mrand.ChaCha8
	_ [64]byte
}

// candChaCha8Padded is candChaCha8Pool with padded generators.
func candChaCha8Padded() candID {
	c, _ := candPadPool.Get().(*candPadded)
	if c == nil {
		c = &candPadded{ChaCha8: *candSeeded()}
	}
	hi := candPadState.next(candMillis(), func(uint64) uint64 { return c.Uint64() >> 48 })
	lo := c.Uint64()
	candPadPool.Put(c)
	return candID{hi, lo}
}

// floorPoolCAS is candChaCha8Pool without the low bits' draw: the clock,
// the compare-and-swap and the pool's Get and Put.
func floorPoolCAS() candID {
	c, _ := candBarePool.Get().(*mrand.ChaCha8)
	if c == nil {
		c = candSeeded()
	}
	hi := candBareState.next(candMillis(), func(uint64) uint64 { return c.Uint64() >> 48 })
	candBarePool.Put(c)
	return candID{hi, 0}
}

var (
	floorMonoState candState
	floorDrawState candState
	floorDrawGen   = mrand.NewChaCha8([32]byte{})
)

// floorMonoCAS is the clock and the compare-and-swap alone.
func floorMonoCAS() candID {
	return candID{floorMonoState.next(candMillis(), func(uint64) uint64 { return 0 }), 0}
}

// floorDrawCAS is the clock, the compare-and-swap and the draws from one
// ChaCha8 without a pool (one goroutine only: not in the parallel runs).
func floorDrawCAS() candID {
	hi := floorDrawState.next(candMillis(), func(uint64) uint64 { return floorDrawGen.Uint64() >> 48 })
	return candID{hi, floorDrawGen.Uint64()}
}

// floorSince is the monotonic reading alone.
func floorSince() candID { return candID{uint64(time.Since(candStart)), 0} }

// candSeeded returns a ChaCha8 seeded with 32 bytes of crypto/rand.
func candSeeded() *mrand.ChaCha8 {
	var seed [32]byte
	crand.Read(seed[:])
	return mrand.NewChaCha8(seed)
}

// candChaCha8Pool draws from a ChaCha8 of its P, seeded from crypto/rand.
func candChaCha8Pool() candID {
	c, _ := candPool.Get().(*mrand.ChaCha8)
	if c == nil {
		c = candSeeded()
	}
	hi := candPoolState.next(candMillis(), func(uint64) uint64 { return c.Uint64() >> 48 })
	lo := c.Uint64()
	candPool.Put(c)
	return candID{hi, lo}
}

var candSlotState candState

// candSlot holds one ChaCha8 generator, or nil while a call uses it, alone
// on its cache line.
type candSlot struct {
	c atomic.Pointer[mrand.ChaCha8]
	_ [56]byte
}

var candSlots [16]candSlot

// candChaCha8Slots draws from a ChaCha8 seeded from crypto/rand, taken
// with an atomic swap from the first of 16 slots that holds one, and put
// back in the first empty slot from its own after the call (a new one
// when every slot is in use, dropped when every slot is full).
func candChaCha8Slots() candID {
	var c *mrand.ChaCha8
	i := 0
	for ; i < len(candSlots); i++ {
		if c = candSlots[i].c.Swap(nil); c != nil {
			break
		}
	}
	if c == nil {
		c = candSeeded()
		i = 0
	}
	hi := candSlotState.next(candMillis(), func(uint64) uint64 { return c.Uint64() >> 48 })
	lo := c.Uint64()
	for ; i < len(candSlots) && !candSlots[i].c.CompareAndSwap(nil, c); i++ {
	}
	return candID{hi, lo}
}

var (
	candAESState candState
	candAES      = func() cipher.Block {
		var key [16]byte
		crand.Read(key[:])
		return must(aes.NewCipher(key[:]))
	}()
)

// aesCTR is the first 8 bytes of AES(key, x || domain).
func aesCTR(x, domain uint64) uint64 {
	var b [16]byte
	binary.BigEndian.PutUint64(b[:8], x)
	binary.BigEndian.PutUint64(b[8:], domain)
	candAES.Encrypt(b[:], b[:])
	return binary.BigEndian.Uint64(b[:8])
}

// candAESCTR computes the random bits from the id's own counter.
func candAESCTR() candID {
	hi := candAESState.next(candMillis(), func(ms uint64) uint64 { return aesCTR(ms, 1) >> 48 })
	return candID{hi, aesCTR(hi, 0)}
}

// candID is an id as a candidate returns it: its first 64 bits and its
// last 64 bits (id.ID's own layout, two words passed in registers).
type candID [2]uint64

// sinkCand is the candidates' sink.
var sinkCand candID

// candidates are the candidates' benchmark names and functions.
var candidates = []struct {
	name string
	mk   func() candID
}{
	{"lib=cand.runtime", candRuntime},
	{"lib=cand.cryptorand", candCrypto},
	{"lib=cand.chacha8pool", candChaCha8Pool},
	{"lib=cand.chacha8padded", candChaCha8Padded},
	{"lib=cand.chacha8slots", candChaCha8Slots},
	{"lib=cand.aesctr", candAESCTR},
}

// floors are what New's cost is made of, measured like the candidates:
// the monotonic reading; with the compare-and-swap; with the pool's Get
// and Put (no low draw); serial only, with a ChaCha8 draw but no pool.
var floors = []struct {
	name     string
	mk       func() candID
	parallel bool
}{
	{"lib=floor.timeSince", floorSince, true},
	{"lib=floor.monoCAS", floorMonoCAS, true},
	{"lib=floor.monoCASPool", floorPoolCAS, true},
	{"lib=floor.monoCASDraw", floorDrawCAS, false},
}

// Package rng holds the random source of package id and its adapters:
// math/rand/v2's ChaCha8 generators, each seeded with 32 bytes of
// crypto/rand.Read, one for each P (the runtime's processors) through one
// sync.Pool (docs/contract.md G10; docs/security.md).
package rng

import (
	crand "crypto/rand"
	"math/rand/v2"
	"sync"
)

// pool holds the seeded generators between calls.
var pool sync.Pool

// Get returns a seeded ChaCha8 for the caller alone until it passes it to
// [Put]: one from the pool, or a new one from [New] when the pool has none.
func Get() *rand.ChaCha8 {
	if c, ok := pool.Get().(*rand.ChaCha8); ok {
		return c
	}
	return New()
}

// Put gives c, from [Get], back to the pool; the caller must not use it
// after.
func Put(c *rand.ChaCha8) { pool.Put(c) }

// New returns a ChaCha8 seeded with 32 bytes of crypto/rand.Read, which
// never returns an error: it stops the process rather than return fewer
// random bytes. The seed is cleared once the generator holds it.
func New() *rand.ChaCha8 {
	var seed [32]byte
	crand.Read(seed[:])
	c := rand.NewChaCha8(seed)
	clear(seed[:])
	return c
}

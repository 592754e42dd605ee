// Package randhex makes random strings, as a service's util package does:
// its helpers are inferred in another package (makersinfer) through
// their Random facts.
package randhex

import (
	"crypto/rand"
	"encoding/hex"
	mrand "math/rand"
)

// Bytes returns n random bytes.
func Bytes(n int) []byte { // want Bytes:`^random$`
	b := make([]byte, n)
	rand.Read(b)
	return b
}

// Hex returns 2n random hexadecimal digits: through Bytes.
func Hex(n int) string { // want Hex:`^random$`
	return hex.EncodeToString(Bytes(n))
}

const letters = "abcdefghijklmnopqrstuvwxyz"

var rnd = mrand.New(mrand.NewSource(1))

// Letters returns n random letters, drawn by a *rand.Rand.
func Letters(n int) string { // want Letters:`^random$`
	b := make([]byte, n)
	for i := range b {
		b[i] = letters[rnd.Intn(len(letters))]
	}
	return string(b)
}

// Upper returns s in upper case: no random bits.
func Upper(s string) string {
	b := []byte(s)
	for i := range b {
		if 'a' <= b[i] && b[i] <= 'z' {
			b[i] -= 'a' - 'A'
		}
	}
	return string(b)
}

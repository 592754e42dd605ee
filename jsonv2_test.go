//go:build goexperiment.jsonv2

package id_test

// jsonGoesOn is whether encoding/json goes on decoding after a field's
// error. Built on encoding/json/v2 (Go 1.27's default, or
// GOEXPERIMENT=jsonv2 since Go 1.25), it decodes the rest of the input
// and returns the first error.
const jsonGoesOn = true

//go:build !goexperiment.jsonv2

package id_test

// jsonGoesOn is whether encoding/json goes on decoding after a field's
// error. Its classic implementation stops there (every Go before 1.27,
// and 1.27 with GOEXPERIMENT=nojsonv2).
const jsonGoesOn = false

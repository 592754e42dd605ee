//go:build !goexperiment.jsonv2

package formats

// jsonV2 is whether encoding/json is built on encoding/json/v2: Go 1.27's
// default, GOEXPERIMENT=jsonv2 on Go 1.25 and 1.26. Here it is not.
const jsonV2 = false

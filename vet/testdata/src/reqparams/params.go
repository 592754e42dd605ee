// Package reqparams is a service's own request accessors, whose key is a
// parameter: each that returns the request value as it is has a Source
// fact, so that its callers' reads with a constant key are request reads.
package reqparams

import (
	"net/http"
	"strconv"

	"github.com/gorilla/mux"
)

func routeParam(r *http.Request, param string) string { // want routeParam:`^source\(key 1\)$`
	return mux.Vars(r)[param]
}

// RouteStringParam returns the named route parameter.
func RouteStringParam(r *http.Request, param string) string { // want RouteStringParam:`^source\(key 1\)$`
	return routeParam(r, param)
}

// QueryStringParam returns the named query parameter, or def.
func QueryStringParam(r *http.Request, param, def string) string { // want QueryStringParam:`^source\(key 1\)$`
	value := r.URL.Query().Get(param)
	if value == "" {
		value = def
	}
	return value
}

// RouteInt64Param parses the value: no fact.
func RouteInt64Param(r *http.Request, param string) int64 {
	v, _ := strconv.ParseInt(routeParam(r, param), 10, 64)
	return v
}

// Fixed reads under a constant key: no fact.
func Fixed(r *http.Request) string {
	return r.PathValue("id")
}

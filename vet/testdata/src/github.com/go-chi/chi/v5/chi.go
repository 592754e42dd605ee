package chi

import "net/http"

func URLParam(r *http.Request, key string) string { return "" }

type Router interface {
	With(middlewares ...func(http.Handler) http.Handler) Router
	Get(pattern string, h http.HandlerFunc)
}

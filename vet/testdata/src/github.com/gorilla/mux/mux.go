package mux

import "net/http"

func Vars(r *http.Request) map[string]string { return nil }

type Router struct{}

func NewRouter() *Router { return &Router{} }

func (r *Router) HandleFunc(path string, f func(http.ResponseWriter, *http.Request)) *Router {
	return r
}

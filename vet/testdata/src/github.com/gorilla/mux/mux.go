package mux

import "net/http"

func Vars(r *http.Request) map[string]string { return nil }

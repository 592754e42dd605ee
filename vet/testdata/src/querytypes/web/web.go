// Package web calls the store through api.Users, whose implementation it
// does not import: nothing is reported here, the query is (package store).
package web

import (
	"net/http"

	"querytypes/api"
)

func User(users api.Users) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		users.User(r.Context(), r.PathValue("id"))
	}
}

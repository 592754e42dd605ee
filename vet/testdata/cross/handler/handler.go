// Package handler serves users; the query is one, two and three packages
// away, each reached through unexported values only.
package handler

import (
	"fmt"
	"log"
	"net/http"
	"strings"

	"example.com/cross/dbx"
	"example.com/cross/gen"
	"example.com/cross/model"
	"example.com/cross/service"
	"example.com/cross/store"
)

func Direct(w http.ResponseWriter, r *http.Request) {
	var name string
	_ = dbx.One(r.Context(), "SELECT name FROM users WHERE id = $1", &name, r.PathValue("id"))
}

func ViaStore(w http.ResponseWriter, r *http.Request) {
	name, _ := store.Name(r.Context(), r.PathValue("id"))
	fmt.Fprintln(w, name)
}

func ViaService(w http.ResponseWriter, r *http.Request) {
	name, _ := service.UserName(r.Context(), r.FormValue("user_id"))
	fmt.Fprintln(w, name)
}

func Audit(u model.User) {
	log.Println(u.ID.String()[:10])
	log.Printf("user %.8s", u.ID)
	log.Println(strings.ToUpper(u.ID.String()))
}

// Order converts one typed id into another; this package imports model,
// not package id.
func Order(u model.UserID) model.OrderID {
	return model.OrderID(u)
}

// Job's name is gen's business: nothing here is reported.
func Job() string { return gen.Job() }

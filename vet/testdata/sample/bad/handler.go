package bad

import (
	"log"

	"example.com/sample/model"
)

// Audit logs a short id; this file does not import package id, only model.
func Audit(u model.User) {
	log.Println(u.ID.String()[:10])
}

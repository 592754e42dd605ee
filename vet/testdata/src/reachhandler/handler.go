// want package:`reaches\(database/sql net/http\)}$`

// Package reachhandler reaches database/sql through reachstore only.
package reachhandler

import (
	"net/http"

	"reachstore"
)

func handle(w http.ResponseWriter, r *http.Request) { _ = reachstore.Count() }

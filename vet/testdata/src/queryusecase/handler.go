// Package queryusecase seeds request values stored in a struct and passed
// to a use case that validates the struct, or not, before its query
// (KEYS-5).
package queryusecase

import (
	"net/http"

	"queryusecase/uc"
)

type Handler struct{ uc *uc.UseCase }

func (h *Handler) address(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	req := &uc.GetAddress{ID: r.PathValue("id")}
	h.uc.Get(ctx, req)    // validated before the query: quiet
	h.uc.List(ctx, req)   // a validator by its name: quiet
	h.uc.Update(ctx, req) // want `^PathValue\("id"\) reaches uc\.UseCase\.Update → sql\.DB\.ExecContext unparsed \(KEYS-5\): parse it with id\.Parse`
	h.uc.Delete(ctx, req) // want `^PathValue\("id"\) reaches uc\.UseCase\.Delete → sql\.DB\.ExecContext unparsed`
	h.uc.Create(ctx, req) // want `^PathValue\("id"\) reaches uc\.UseCase\.Create → sql\.DB\.ExecContext unparsed`
}

func (h *Handler) contact(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	req := new(uc.GetContact)
	req.ID = r.PathValue("contactId")
	h.uc.FindChecked(ctx, req) // validated as a UUID before the query: quiet
	h.uc.Find(ctx, req)        // want `^PathValue\("contactId"\) reaches uc\.UseCase\.Find → sql\.DB\.ExecContext unparsed \(KEYS-5\): parse it in its own format \(id\.Parse refuses it\) and pass the parsed value \[column id\]$`
}

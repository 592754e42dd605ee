// Package queryent: ent's generated predicates bind the column their
// name says; the generated client is judged at its callers.
package queryent

import (
	"context"

	"github.com/idkeys/id"
	"queryent/ent"
	"queryent/ent/post"
	"queryent/ent/user"
)

func byID(ctx context.Context, c *ent.UserClient, q *ent.UserQuery, userID, ownerID, login string, uid id.ID) { // want byID:`^sink\(3 id → user\.IDEQ; 4 id → user\.IDIn; 5 → user\.Login\)$`
	q.Where(user.IDEQ(userID))          // want `^user\.IDEQ binds column id as string \(KEYS-5\): make parameter userID an id\.ID`
	q.Where(user.ID(userID))            // want `^user\.ID binds column id as string`
	q.Where(user.IDIn(userID, ownerID)) // want `^user\.IDIn binds column id as string` `^user\.IDIn binds column id as string`
	q.Where(user.OwnerID(ownerID))      // want `^user\.OwnerID binds column owner_id as string`
	c.Get(ctx, userID)                  // want `^ent\.UserClient\.Get → user\.ID binds column id as string`
	// The twins: an id's text, an integer, a natural key, a typed id.
	q.Where(user.IDEQ(uid.String()))
	q.Where(user.Age(7))
	q.Where(user.Login(login), user.LoginIn(login))
	post.ID(uid)
	c.Get(ctx, uid.String())
}

// ent's builders' setters bind the column their name says: an edge's
// ids (AddLabelIDs) bind label_id; a title, a count and a setter of a
// type that is no builder are quiet.
func setters(ctx context.Context, pc *ent.PostCreate, pu *ent.PostUpdateOne, o *ent.Options, ownerID, title string, labels []string, n int) { // want setters:`^sink\(4 id → ent\.PostCreate\.SetOwnerID; 5 → ent\.PostCreate\.SetTitle\)$`
	pc.SetOwnerID(ownerID)                         // want `^ent\.PostCreate\.SetOwnerID binds column owner_id as string \(KEYS-5\): make parameter ownerID an id\.ID`
	pc.SetNillableParentID(&ownerID)               // want `^ent\.PostCreate\.SetNillableParentID binds column parent_id as \*string`
	pc.AddLabelIDs(labels...)                      // want `^ent\.PostCreate\.AddLabelIDs binds column label_id as \[\]string`
	pu.SetOwnerID(ownerID).RemoveLabelIDs(ownerID) // want `^ent\.PostUpdateOne\.SetOwnerID binds column owner_id as string` `^ent\.PostUpdateOne\.RemoveLabelIDs binds column label_id as string`
	pc.SetTitle(title).SetViews(n)
	o.SetOwnerID(ownerID)
}

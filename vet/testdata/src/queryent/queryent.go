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

// Package querywrap calls a service's own generic wrapper over GORM
// (querywrap/db): a model taken as any, a condition as a type
// parameter, and a condition whose column is a constant of the caller.
// Each text id is reported; its twins (a typed id, an integer, a natural
// key, a column not known) are quiet.
package querywrap

import (
	"github.com/idkeys/id"
	"querywrap/db"
)

type Plugin struct {
	ID   string
	Name string
}

type Typed struct {
	ID   id.ID
	Name string
}

type Counter struct{ ID int64 }

// Owned's primary key is an integer: deleting it binds no text id,
// whatever its other fields.
type Owned struct {
	ID      int64
	OwnerID string
}

func wrapped(userID, name, col string, uid id.ID, n int64) { // want wrapped:`^sink\(0 id → db\.Equal → gorm\.DB\.Where; 1 → db\.Equal → gorm\.DB\.Where; 2 → db\.Equal → gorm\.DB\.Where\)$`
	db.Equal("user_id", userID) // want `^db\.Equal → gorm\.DB\.Where binds column user_id as string`
	db.Equal("user_id", uid)
	db.Equal("user_id", n)
	db.Equal("slug", name)
	db.Equal(col, userID)
	db.EqualOr("owner_id", userID)             // want `^db\.EqualOr → gorm\.DB\.Or binds column owner_id as string`
	db.Create(&Plugin{ID: userID, Name: name}) // want `^db\.Create → gorm\.DB\.Create binds ID`
	db.Create(&Typed{ID: uid})
	db.Create(&Counter{ID: n})
	db.DeleteByCondition(Plugin{ID: userID}) // want `^db\.DeleteByCondition → gorm\.DB\.Where binds ID`
	db.DeleteByCondition(Plugin{Name: name})
	db.Raw("SELECT * FROM t WHERE user_id = ?", userID) // want `binds column user_id as string`
	db.Raw("SELECT * FROM t WHERE user_id = ?", uid)
}

// Deleting a model binds its primary key alone, through the wrapper as
// through GORM itself.
func deleted(p Plugin, t Typed, o Owned) { // want deleted:`^sink\(0{} → db\.Delete → gorm\.DB\.Delete; 1{} → db\.Delete → gorm\.DB\.Delete; 2{} → db\.Delete → gorm\.DB\.Delete\)$`
	db.Delete(&p)    // want `^db\.Delete → gorm\.DB\.Delete binds ID \(column id\) as string of querywrap\.Plugin`
	db.DB.Delete(&p) // want `^gorm\.DB\.Delete binds ID \(column id\) as string of querywrap\.Plugin`
	db.Delete(&t)
	db.Delete(&o)
	db.DB.Delete(&o)
}

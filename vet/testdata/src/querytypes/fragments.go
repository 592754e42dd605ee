package querytypes

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"strings"
)

type Find struct {
	ID     *int32
	UID    *string
	IDList []string
	Name   *string
}

// SQL text built from fragments at run time: each value appended beside
// the fragment that binds it is judged by that fragment's column.
func list(ctx context.Context, db *sql.DB, find *Find) {
	where, args := []string{"1 = 1"}, []any{}
	if v := find.ID; v != nil {
		where, args = append(where, "`memo`.`id` = ?"), append(args, *v)
	}
	if v := find.UID; v != nil {
		where, args = append(where, "`memo`.`uid` = ?"), append(args, *v) // want `^sql\.DB\.QueryContext binds column uid as string`
	}
	if v := find.Name; v != nil {
		where, args = append(where, fmt.Sprintf("name = $%d", len(args)+1)), append(args, *v)
	}
	if len(find.IDList) > 0 {
		where = append(where, "`memo`.`creator_id` IN ("+strings.Repeat("?,", len(find.IDList)-1)+"?)")
		for _, id := range find.IDList {
			args = append(args, id) // want `^sql\.DB\.QueryContext binds column creator_id as string`
		}
	}
	db.QueryContext(ctx, "SELECT * FROM memo WHERE "+strings.Join(where, " AND "), args...)
}

// A value appended after another value, with no fragment of its own, is
// bound to no fragment's column: quiet, though the statement before binds
// owner_id.
func page(ctx context.Context, db *sql.DB, owner int64) {
	cursor := os.Getenv("CURSOR")
	where, args := []string{}, []any{}
	where, args = append(where, "owner_id = ?"), append(args, owner)
	args = append(args, cursor)
	db.QueryContext(ctx, "SELECT * FROM memo WHERE "+strings.Join(where, " AND "), args...)
}

// Package sqlcuse calls sqlc's output: the arguments bound to id columns
// are judged here.
package sqlcuse

import (
	"context"

	"github.com/google/uuid"
	"github.com/idkeys/id"
	"querytypes/sqlcdb"
)

func use(ctx context.Context, q *sqlcdb.Queries, u uuid.UUID, s string, i id.ID) { // want use:`^sink\(3 id → sqlcdb\.Queries\.UpdateTask → sqlcdb\.DBTX\.ExecContext\)$`
	q.GetTask(ctx, u)                                          // want `^sqlcdb\.Queries\.GetTask → sqlcdb\.DBTX\.QueryRowContext binds column id as uuid\.UUID \(KEYS-5\)`
	q.UpdateTask(ctx, sqlcdb.UpdateTaskParams{ID: s, Name: s}) // want `^sqlcdb\.Queries\.UpdateTask → sqlcdb\.DBTX\.ExecContext binds column id as string`
	q.GetTyped(ctx, i)
}

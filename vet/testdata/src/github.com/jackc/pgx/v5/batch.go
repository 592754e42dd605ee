package pgx

import "context"

type Batch struct{}

func (b *Batch) Queue(query string, arguments ...any) {}

type Identifier []string

type CopyFromSource interface{ Next() bool }

func CopyFromRows(rows [][]any) CopyFromSource { return nil }

func (c *Conn) CopyFrom(ctx context.Context, tableName Identifier, columnNames []string, rowSrc CopyFromSource) (int64, error) {
	return 0, nil
}

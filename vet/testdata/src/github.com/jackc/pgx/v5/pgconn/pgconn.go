package pgconn

type CommandTag struct{}

package exp

type Ex map[string]any

type IdentifierExpression interface {
	Eq(v any) any
}

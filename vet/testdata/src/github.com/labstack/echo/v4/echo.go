package echo

type Context interface {
	Param(name string) string
	QueryParam(name string) string
	FormValue(name string) string
}

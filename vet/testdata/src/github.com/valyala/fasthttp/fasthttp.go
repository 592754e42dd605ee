// Package fasthttp is a stub of github.com/valyala/fasthttp's request
// accessors, for idquery's tests.
package fasthttp

type RequestCtx struct{}

func (ctx *RequestCtx) UserValue(key any) any        { return nil }
func (ctx *RequestCtx) FormValue(key string) []byte  { return nil }
func (ctx *RequestCtx) QueryArgs() *Args             { return nil }
func (ctx *RequestCtx) PostArgs() *Args              { return nil }
func (ctx *RequestCtx) Path() []byte                 { return nil }
func (ctx *RequestCtx) SetStatusCode(statusCode int) {}

type Args struct{}

func (a *Args) Peek(key string) []byte { return nil }
func (a *Args) Len() int               { return 0 }

type RequestHandler func(ctx *RequestCtx)

func (ctx *RequestCtx) PostBody() []byte   { return nil }
func (ctx *RequestCtx) RequestURI() []byte { return nil }

package idquery

import (
	"fmt"
	"go/ast"
	"go/types"
	"reflect"
	"strconv"
	"strings"

	"github.com/idkeys/id/vet/internal/rule"
	"golang.org/x/tools/go/types/typeutil"
)

// The request values that are not read under a key by an accessor: a
// JSON body decoded into a local variable (its fields, elements and map
// values), the elements of r.Form["k"] and its kin, the raw path
// (r.URL.Path, RawPath, r.RequestURI) once sliced, trimmed or split, the
// values of url.ParseQuery over request data, and a base64 decode of any
// of these.

// decoders are the calls that decode a request body into the variable
// their argument Arg points to; Body is the index of the data or reader
// argument, or -1 when the body is the receiver's request (gin, echo).
var decoders = map[string]struct{ body, arg int }{
	"encoding/json.Unmarshal":                          {0, 1},
	"encoding/json/v2.Unmarshal":                       {0, 1},
	"encoding/json/v2.UnmarshalRead":                   {0, 1},
	"encoding/json.Decoder.Decode":                     {-2, 0}, // the decoder's reader
	"github.com/gin-gonic/gin.Context.BindJSON":        {-1, 0},
	"github.com/gin-gonic/gin.Context.ShouldBindJSON":  {-1, 0},
	"github.com/gin-gonic/gin.Context.Bind":            {-1, 0},
	"github.com/gin-gonic/gin.Context.ShouldBind":      {-1, 0},
	"github.com/gin-gonic/gin.Context.ShouldBindQuery": {-1, 0},
	"github.com/gin-gonic/gin.Context.MustBindWith":    {-1, 0},
	"github.com/gin-gonic/gin.Context.ShouldBindWith":  {-1, 0},
	"github.com/gin-gonic/gin.Context.BindWith":        {-1, 0},
	"github.com/gin-gonic/gin.Context.ShouldBindUri":   {-1, 0},
	"github.com/labstack/echo/v4.Context.Bind":         {-1, 0},
	"github.com/gofiber/fiber/v2.Ctx.BodyParser":       {-1, 0},
}

// decoderKey names f as decoders does.
func decoderKey(f *types.Func) string {
	if f.Pkg() == nil {
		return ""
	}
	if f.Signature().Recv() != nil {
		return f.Pkg().Path() + "." + recvName(f) + "." + f.Name()
	}
	return f.Pkg().Path() + "." + f.Name()
}

// findDecoded records the local variables a request body is decoded into.
func (c *tracer) findDecoded() {
	c.decoded = make(map[*types.Var]string)
	c.ranges = make(map[*types.Var]ast.Expr)
	for _, f := range c.pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.RangeStmt:
				if v := c.defs.Var(n.Value); v != nil {
					c.ranges[v] = n.X
				}
			case *ast.CallExpr:
				callee := c.defs.Callee(n)
				if callee == nil {
					return true
				}
				if v := c.helperDecoded(callee, n); v != nil {
					c.decoded[v] = "JSON body" // the service's own helper's
					return true
				}
				d, ok := decoders[decoderKey(callee)]
				if !ok || d.arg >= len(n.Args) {
					return true
				}
				switch {
				case d.body >= 0:
					if d.body >= len(n.Args) || !c.requestData(n.Args[d.body], 0) {
						return true
					}
				case d.body == -2:
					sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr)
					if !ok || !c.requestDecoder(sel.X, 0) {
						return true
					}
				}
				a := pointee(n.Args[d.arg])
				if v := c.defs.Var(a); v != nil {
					c.decoded[v] = "JSON body" // encoding/json's
					if d.body == -1 {
						c.decoded[v] = callee.Name() + "(…)" // a framework's binding
					}
				}
			}
			return true
		})
	}
}

// requestDecoder reports whether e is json.NewDecoder over request data.
func (c *tracer) requestDecoder(e ast.Expr, depth int) bool {
	if depth > 8 {
		return false
	}
	switch e := ast.Unparen(e).(type) {
	case *ast.CallExpr:
		f, _ := typeutil.Callee(c.pass.TypesInfo, e).(*types.Func)
		return rule.PkgFunc(f, "encoding/json", "NewDecoder") && len(e.Args) == 1 && c.requestData(e.Args[0], depth+1)
	case *ast.Ident:
		defs, _ := c.defs.Of(e)
		for _, d := range defs {
			if d.Expr != nil && d.Index == 0 && c.requestDecoder(d.Expr, depth+1) {
				return true
			}
		}
	}
	return false
}

// requestData reports whether e is data of the request as a whole: a
// field of an *http.Request (r.Body, r.URL.RawQuery), read, limited,
// wrapped or converted, directly or through local variables.
func (c *tracer) requestData(e ast.Expr, depth int) bool {
	if depth > 8 {
		return false
	}
	info := c.pass.TypesInfo
	switch e := ast.Unparen(e).(type) {
	case *ast.SelectorExpr:
		for x := ast.Expr(e); ; {
			s, ok := ast.Unparen(x).(*ast.SelectorExpr)
			if !ok {
				return false
			}
			if isRequest(info.TypeOf(s.X)) {
				return true
			}
			x = s.X
		}
	case *ast.CallExpr:
		if tv, ok := info.Types[e.Fun]; ok && tv.IsType() {
			return len(e.Args) == 1 && c.requestData(e.Args[0], depth+1)
		}
		f, _ := typeutil.Callee(info, e).(*types.Func)
		if f == nil || f.Pkg() == nil {
			return false
		}
		switch decoderKey(f) {
		case "io.ReadAll", "io/ioutil.ReadAll", "io.LimitReader", "bytes.NewReader", "bytes.NewBuffer", "strings.NewReader", "bufio.NewReader":
			return len(e.Args) > 0 && c.requestData(e.Args[0], depth+1)
		case "net/http.MaxBytesReader":
			return len(e.Args) == 3 && c.requestData(e.Args[1], depth+1)
		case "github.com/gin-gonic/gin.Context.GetRawData", "github.com/gofiber/fiber/v2.Ctx.Body", "github.com/valyala/fasthttp.RequestCtx.PostBody":
			return true
		}
		if v, ok := c.taint(e, 0, make(map[*types.Var]bool)); ok && v.src != "" {
			return true
		}
	case *ast.Ident:
		defs, _ := c.defs.Of(e)
		for _, d := range defs {
			if d.Expr != nil && d.Index == 0 && c.requestData(d.Expr, depth+1) {
				return true
			}
		}
		if v, ok := c.taint(e, 0, make(map[*types.Var]bool)); ok && v.src != "" {
			return true
		}
	}
	return false
}

// isRequest reports whether t is *http.Request or http.Request.
func isRequest(t types.Type) bool { return rule.Named(t, "net/http", "Request") }

// bodyPath returns the JSON key of e when e is a field, element or map
// value of a variable a request body is decoded into (req.UserID,
// req.Items[0].ID, m["id"]; with elem, e is a list or map whose elements
// are looked at), and the variable and field path that parsedBefore
// looks up. An element's key is its list's, singular ("ids" → "id").
func (c *tracer) bodyPath(e ast.Expr, elem bool) (string, parsedKey, bool) {
	k, pk, ok := c.bodyKey(e, elem)
	if !ok {
		return "", pk, false
	}
	return c.decoded[pk.v] + " " + strconv.Quote(k), pk, true
}

// bodyKey returns the key bodyPath describes.
func (c *tracer) bodyKey(e ast.Expr, elem bool) (string, parsedKey, bool) {
	key := ""
	var fields []string
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.Ident:
			v := c.defs.Var(x)
			if v == nil || c.decoded[v] == "" || key == "" && !elem {
				return "", parsedKey{}, false
			}
			if key == "" {
				key = singular(v.Name())
			}
			return key, parsedKey{v, strings.Join(fields, ".")}, true
		case *ast.SelectorExpr:
			sel, ok := c.pass.TypesInfo.Selections[x]
			if !ok || sel.Kind() != types.FieldVal {
				return "", parsedKey{}, false
			}
			if key == "" {
				if key = jsonName(sel.Obj().(*types.Var), sel.Recv()); elem {
					key = singular(key)
				}
			}
			fields = append([]string{x.Sel.Name}, fields...)
			e = x.X
		case *ast.IndexExpr:
			if key == "" {
				var isMap bool
				if t := c.pass.TypesInfo.TypeOf(x.X); t != nil {
					_, isMap = t.Underlying().(*types.Map)
				}
				if k, ok := c.key(x.Index); ok && isMap {
					key = k
				} else {
					elem = true
				}
			}
			e = x.X
		case *ast.StarExpr:
			e = x.X
		default:
			return "", parsedKey{}, false
		}
	}
}

// jsonName returns the JSON key of field f of a struct of type recv: the
// name in its json tag, or its own.
func jsonName(f *types.Var, recv types.Type) string {
	if p, ok := recv.Underlying().(*types.Pointer); ok {
		recv = p.Elem()
	}
	if st, ok := recv.Underlying().(*types.Struct); ok {
		for i := range st.NumFields() {
			if st.Field(i) == f {
				tag := reflect.StructTag(st.Tag(i)).Get("json")
				if name, _, _ := strings.Cut(tag, ","); name != "" && name != "-" {
					return name
				}
			}
		}
	}
	return f.Name()
}

// singular turns an id list's key into its element's: "ids" → "id",
// "user_ids" → "user_id", "UserIDs" → "UserID".
func singular(k string) string {
	words := rule.Words(k)
	if len(words) == 0 {
		return k
	}
	last := strings.ToLower(words[len(words)-1])
	if strings.HasSuffix(last, "s") && idWord(strings.TrimSuffix(last, "s")) {
		return k[:len(k)-1]
	}
	return k
}

func idWord(w string) bool { return rule.IDName(w) && !strings.ContainsAny(w, "_-") }

// element returns where the elements of e came from, e being a list or
// a map of request values: r.Form["k"], r.PostForm["k"],
// r.URL.Query()["k"], r.MultipartForm.Value["k"], a list or map in a
// decoded JSON body, strings.Split (SplitN, Fields, …) of a request
// value, or a local variable set to one.
func (c *tracer) element(e ast.Expr, seen map[*types.Var]bool) (value, bool) {
	e = ast.Unparen(e)
	if k, pk, ok := c.bodyKey(e, true); ok {
		if c.parsedKeyBefore(pk) {
			return value{}, false
		}
		return keyed(c.decoded[pk.v]+" "+strconv.Quote(k), singular(k)), true
	}
	switch e := e.(type) {
	case *ast.IndexExpr:
		k, ok := c.key(e.Index)
		if !ok {
			return value{}, false
		}
		if c.requestValues(e.X, make(map[*types.Var]bool)) || c.multipartValues(e.X) {
			return keyed(fmt.Sprintf("Form[%s]", strconv.Quote(k)), k), true
		}
	case *ast.CallExpr:
		f := c.defs.Callee(e)
		if f != nil && f.Pkg() != nil && f.Pkg().Path() == "strings" && f.Signature().Recv() == nil && len(e.Args) > 0 {
			return c.taint(e.Args[0], 0, seen)
		}
	case *ast.Ident:
		v := c.defs.Var(e)
		if v == nil || seen[v] {
			return value{}, false
		}
		seen[v] = true
		defer delete(seen, v)
		defs, _ := c.defs.Of(e)
		for _, d := range defs {
			if d.Expr != nil && d.Index == 0 {
				if r, ok := c.element(d.Expr, seen); ok {
					return r, true
				}
			}
		}
	}
	return value{}, false
}

// multipartValues reports whether e is r.MultipartForm.Value.
func (c *tracer) multipartValues(e ast.Expr) bool {
	s, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok || s.Sel.Name != "Value" {
		return false
	}
	m, ok := ast.Unparen(s.X).(*ast.SelectorExpr)
	return ok && m.Sel.Name == "MultipartForm" && isRequest(c.pass.TypesInfo.TypeOf(m.X))
}

// rawPath returns the request's raw path when e is r.URL.Path,
// r.URL.RawPath or r.RequestURI.
func (c *tracer) rawPath(e *ast.SelectorExpr) (value, bool) {
	info := c.pass.TypesInfo
	switch e.Sel.Name {
	case "RequestURI":
		if isRequest(info.TypeOf(e.X)) {
			return value{src: "RequestURI", param: -1}, true
		}
	case "Path", "RawPath":
		u, ok := ast.Unparen(e.X).(*ast.SelectorExpr)
		if ok && u.Sel.Name == "URL" && isRequest(info.TypeOf(u.X)) {
			return value{src: "URL." + e.Sel.Name, param: -1}, true
		}
	}
	return value{}, false
}

// decodes reports whether f decodes its first argument's text as it is:
// a base64 or hex decode, url.QueryUnescape, url.PathUnescape.
func decodes(f *types.Func) bool {
	if f.Pkg() == nil {
		return false
	}
	switch f.Pkg().Path() {
	case "encoding/base64", "encoding/base32":
		return f.Signature().Recv() != nil && f.Name() == "DecodeString"
	case "net/url":
		return f.Name() == "QueryUnescape" || f.Name() == "PathUnescape"
	}
	return false
}

package web

import (
	"errors"
	"net/http"
	"reflect"
	"slices"
	"testing"

	"github.com/go-playground/validator/v10"
	"github.com/idkeys/id"
	"github.com/labstack/echo/v4"
)

// echoRequest is bound by echo's Bind with plain tags: the path id, an
// optional query id and, for POST, a JSON body with a required owner
// (validate:"ulid": echo has no required marker of its own, and the
// validator's `required` does not look inside a struct) and an optional
// ref.
type echoRequest[T anyID] struct {
	User  T  `param:"user"`
	After T  `query:"after"`
	Owner T  `json:"owner"`
	Ref   *T `json:"ref"`
}

// echoBody is the POST body alone, validated.
type echoBody[T anyID] struct {
	Owner T  `json:"owner" validate:"ulid"`
	Ref   *T `json:"ref"`
}

// echoValidator is the usual go-playground/validator adapter for echo.
type echoValidator struct{ v *validator.Validate }

func (ev echoValidator) Validate(i any) error {
	if err := ev.v.Struct(i); err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, err.Error()).SetInternal(err)
	}
	return nil
}

// bindingErrorHandler is the error handler that echo's generic
// PathParam[T] and QueryParam[T] need: they return *echo.BindingError,
// which embeds an *echo.HTTPError with code 400, but echo's default
// handler looks for *echo.HTTPError with a type assertion and answers 500
// for anything else, for every T. This one answers 404 for a path
// parameter (KEYS-5) and 400 for a query one, with the reason's code and
// fixed message, the field and the request id (docs/contract.md E6), and
// leaves every other error to the default.
func bindingErrorHandler(e *echo.Echo) echo.HTTPErrorHandler {
	return func(err error, c echo.Context) {
		var be *echo.BindingError
		if errors.As(err, &be) {
			code := http.StatusBadRequest // a query id: bad input
			if slices.Contains(c.ParamNames(), be.Field) {
				code = http.StatusNotFound // a path id names nothing (KEYS-5)
			}
			reason := id.ReasonOf(err) // the client's answer, never be.Internal.Error()
			err = echo.NewHTTPError(code, map[string]string{"code": reason.Code(), "message": reason.Message(),
				"field": be.Field, "request_id": c.Response().Header().Get(echo.HeaderXRequestID)}).SetInternal(be)
		}
		e.DefaultHTTPErrorHandler(err, c)
	}
}

// echoServer answers through Bind on /users/:user and /items, and through
// the generic PathParam[id.ID] on /generic/:user.
func echoServer[T anyID](fixErrors bool) *echo.Echo {
	e := echo.New()
	e.Validator = echoValidator{validator.New()}
	if fixErrors {
		e.HTTPErrorHandler = bindingErrorHandler(e)
	}
	e.GET("/users/:user", func(c echo.Context) error {
		var r echoRequest[T]
		if err := c.Bind(&r); err != nil {
			return err
		}
		return c.String(http.StatusOK, "user="+show(r.User)+" after="+show(r.After))
	})
	e.POST("/items", func(c echo.Context) error {
		var b echoBody[T]
		if err := c.Bind(&b); err != nil {
			return err
		}
		if err := c.Validate(&b); err != nil {
			return err
		}
		return c.String(http.StatusOK, "owner="+show(b.Owner)+" ref="+showPtr(b.Ref))
	})
	e.GET("/generic/:user", func(c echo.Context) error {
		u, err := echo.PathParam[T](c, "user")
		if err != nil {
			return err
		}
		var none T
		after, err := echo.QueryParamOr(c, "after", none)
		if err != nil {
			return err
		}
		return c.String(http.StatusOK, "user="+show(u)+" after="+show(after))
	})
	return e
}

// TestEcho: echo v4.16.0's Bind for path, query and JSON body with plain
// tags (ID's UnmarshalParam is echo's BindUnmarshaler), under echo's
// default error handler: a bad id is 400 {"message": our message}.
func TestEcho(t *testing.T) {
	t.Run("id.ID", testEcho[id.ID])
	t.Run("UserID", testEcho[UserID])
}

func testEcho[T anyID](t *testing.T) {
	body := reflect.TypeFor[echoBody[T]]().Name()
	const badJSON = `{"message":"` + `id: invalid id \"01arz3ndeitsv4rrffq69g5fav\": invalid character 'i' at index 9"}`
	serve(t, echoServer[T](false), []httpCase{
		{name: "path valid", path: "/users/" + lower, status: 200, want: "user=" + lower + " after=none"},
		{name: "path uppercase", path: "/users/" + upper, status: 200, want: "user=" + lower + " after=none"},
		{name: "path malformed", path: "/users/" + bad, status: 400, want: badJSON},
		{name: "path empty is the router's 404", path: "/users/", status: 404, want: `{"message":"Not Found"}`},

		{name: "query valid", path: "/users/" + lower + "?after=" + upper, status: 200, want: "user=" + lower + " after=" + lower},
		{name: "query malformed", path: "/users/" + lower + "?after=" + bad, status: 400, want: badJSON},
		{name: "query empty", path: "/users/" + lower + "?after=", status: 400, want: `{"message":"id: invalid id \"\": length 0, want 26"}`},

		{name: "body valid", method: "POST", path: "/items", body: `{"owner":"` + upper + `","ref":"` + lower + `"}`, status: 200, want: "owner=" + lower + " ref=" + lower},
		{name: "body malformed", method: "POST", path: "/items", body: `{"owner":"` + bad + `"}`, status: 400, want: badJSON},
		{name: "body empty", method: "POST", path: "/items", body: `{"owner":"` + lower + `","ref":""}`, status: 400, want: `{"message":"id: invalid id \"\": length 0, want 26"}`},
		{name: "body null is no id", method: "POST", path: "/items", body: `{"owner":"` + lower + `","ref":null}`, status: 200, want: "owner=" + lower + " ref=nil"},
		{name: "body required absent", method: "POST", path: "/items", body: `{}`, status: 400, want: `{"message":"Key: '` + body + `.Owner' Error:Field validation for 'Owner' failed on the 'ulid' tag"}`},
	})
}

// TestEchoGenericParams: echo's generic PathParam[id.ID] and QueryParamOr
// decode through UnmarshalParam, but a failure is an *echo.BindingError,
// which the default error handler answers with 500 for every type;
// bindingErrorHandler answers 400 with our message. An empty query value
// never reaches our decoder there (echo's ParseValueOr returns the default for
// empty text): the handler must check IsZero itself, or use Bind.
func TestEchoGenericParams(t *testing.T) {
	t.Run("id.ID", testEchoGenericParams[id.ID])
	t.Run("UserID", testEchoGenericParams[UserID])
}

func testEchoGenericParams[T anyID](t *testing.T) {
	t.Run("default handler", func(t *testing.T) {
		serve(t, echoServer[T](false), []httpCase{
			{name: "valid", path: "/generic/" + upper, status: 200, want: "user=" + lower + " after=none"},
			{name: "malformed is 500", path: "/generic/" + bad, status: 500, want: `{"message":"Internal Server Error"}`},
		})
	})
	t.Run("bindingErrorHandler", func(t *testing.T) {
		serve(t, echoServer[T](true), []httpCase{
			{name: "valid", path: "/generic/" + lower + "?after=" + upper, status: 200, want: "user=" + lower + " after=" + lower},
			{name: "malformed path", path: "/generic/" + bad, status: 404, want: `{"code":"id_character","field":"user","message":"The id may contain only the digits 0 to 9 and the letters a to z except i, l, o and u.","request_id":""}`},
			{name: "malformed query", path: "/generic/" + lower + "?after=" + bad, status: 400, want: `{"code":"id_character","field":"after","message":"The id may contain only the digits 0 to 9 and the letters a to z except i, l, o and u.","request_id":""}`},
			{name: "empty query is echo's default", path: "/generic/" + lower + "?after=", status: 200, want: "user=" + lower + " after=none"},
		})
	})
}

package web

import (
	"net/http"
	"reflect"
	"testing"

	"github.com/gin-gonic/gin"
	"github.com/idkeys/id"
)

// ginUser is a gin URI binding with a plain tag.
type ginUser[T anyID] struct {
	User T `uri:"user"`
}

// ginList is a gin query binding with plain tags: After is optional; Org
// is required, and binding:"ulid" is the tag that says so (gin's
// binding:"required" does not look inside a struct: gin's validator is
// not built WithRequiredStructEnabled).
type ginList[T anyID] struct {
	After T `form:"after"`
	Org   T `form:"org" binding:"ulid"`
	Team  T `form:"team" binding:"required"` // passes the zero id
}

// ginBody is a gin JSON body: Owner required through binding:"ulid", Ref
// optional as a pointer.
type ginBody[T anyID] struct {
	Owner T  `json:"owner" binding:"ulid"`
	Ref   *T `json:"ref"`
}

// ginRouter binds each kind of request value; a path id that fails is
// 404 and a query or body id that fails is 400 (KEYS-5), each with the
// error's message.
func ginRouter[T anyID]() http.Handler {
	gin.SetMode(gin.TestMode)
	r := gin.New()
	r.GET("/users/:user", func(c *gin.Context) {
		var u ginUser[T]
		if err := c.ShouldBindUri(&u); err != nil {
			c.String(http.StatusNotFound, err.Error())
			return
		}
		c.String(http.StatusOK, "user="+show(u.User))
	})
	r.GET("/items", func(c *gin.Context) {
		var q ginList[T]
		if err := c.ShouldBindQuery(&q); err != nil {
			c.String(http.StatusBadRequest, err.Error())
			return
		}
		c.String(http.StatusOK, "after="+show(q.After)+" org="+show(q.Org)+" team="+show(q.Team))
	})
	r.POST("/items", func(c *gin.Context) {
		var b ginBody[T]
		if err := c.ShouldBindJSON(&b); err != nil {
			c.String(http.StatusBadRequest, err.Error())
			return
		}
		c.String(http.StatusOK, "owner="+show(b.Owner)+" ref="+showPtr(b.Ref))
	})
	return r
}

// TestGin: gin v1.12.0 through ShouldBindUri, ShouldBindQuery and
// ShouldBindJSON with plain tags, for id.ID and a typed id. ID's
// UnmarshalParam (gin's BindUnmarshaler) is what makes the URI and query
// bindings work without parser=encoding.TextUnmarshaler on every field.
func TestGin(t *testing.T) {
	t.Run("id.ID", testGin[id.ID])
	t.Run("UserID", testGin[UserID])
}

func testGin[T anyID](t *testing.T) {
	// The validator names the struct type, type arguments included.
	list, body := reflect.TypeFor[ginList[T]]().Name(), reflect.TypeFor[ginBody[T]]().Name()
	serve(t, ginRouter[T](), []httpCase{
		{name: "path valid", path: "/users/" + lower, status: 200, want: "user=" + lower},
		{name: "path uppercase", path: "/users/" + upper, status: 200, want: "user=" + lower},
		{name: "path malformed", path: "/users/" + bad, status: 404, want: badMsg},
		{name: "path empty is the router's 404", path: "/users/", status: 404, want: "404 page not found"},

		{name: "query valid", path: "/items?org=" + lower + "&after=" + lower, status: 200, want: "after=" + lower + " org=" + lower + " team=none"},
		{name: "query uppercase", path: "/items?org=" + upper, status: 200, want: "after=none org=" + lower + " team=none"},
		{name: "query malformed", path: "/items?org=" + lower + "&after=" + bad, status: 400, want: badMsg},
		{name: "query empty", path: "/items?org=" + lower + "&after=", status: 400, want: emptyMsg},
		{name: "query absent is no id", path: "/items?org=" + lower, status: 200, want: "after=none org=" + lower + " team=none"},
		{name: "team present", path: "/items?org=" + lower + "&team=" + upper, status: 200, want: "after=none org=" + lower + " team=" + lower},
		{name: "binding:\"required\" passes an absent id (gin does not look inside a struct)", path: "/items?org=" + lower, status: 200, want: "after=none org=" + lower + " team=none"},
		{name: "query required absent", path: "/items", status: 400, want: "Key: '" + list + ".Org' Error:Field validation for 'Org' failed on the 'ulid' tag"},
		{name: "query required empty", path: "/items?org=", status: 400, want: emptyMsg},

		{name: "body valid", method: "POST", path: "/items", body: `{"owner":"` + lower + `","ref":"` + upper + `"}`, status: 200, want: "owner=" + lower + " ref=" + lower},
		{name: "body malformed", method: "POST", path: "/items", body: `{"owner":"` + bad + `"}`, status: 400, want: badMsg},
		{name: "body empty", method: "POST", path: "/items", body: `{"owner":"` + lower + `","ref":""}`, status: 400, want: emptyMsg},
		{name: "body null is no id", method: "POST", path: "/items", body: `{"owner":"` + lower + `","ref":null}`, status: 200, want: "owner=" + lower + " ref=nil"},
		{name: "body required absent", method: "POST", path: "/items", body: `{}`, status: 400, want: "Key: '" + body + ".Owner' Error:Field validation for 'Owner' failed on the 'ulid' tag"},
		{name: "body required null", method: "POST", path: "/items", body: `{"owner":null}`, status: 400, want: "Key: '" + body + ".Owner' Error:Field validation for 'Owner' failed on the 'ulid' tag"},
	})
}

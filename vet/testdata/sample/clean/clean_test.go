package clean

import (
	"testing"

	"example.com/sample/model"
	"github.com/idkeys/id"
)

func TestSame(t *testing.T) {
	u := model.User{ID: id.New()}
	if !Same(u, u.ID.String()) {
		t.Fatal("not same")
	}
}

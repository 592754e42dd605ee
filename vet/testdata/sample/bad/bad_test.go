package bad

import (
	"testing"

	"github.com/google/uuid"
)

func TestEnqueue(t *testing.T) {
	if uuid.New().String() == "" {
		t.Fatal("empty")
	}
}

package a_test

import (
	"testing"

	"example.com/units/a"
)

func TestX(t *testing.T) {
	a.MarkedInTest()
	a.MarkedF()
}

// Package a declares functions that the test's analyzer marks.
package a

func MarkedF() {}

func Plain() {}

func markedLocal() {}

func init() { markedLocal() }

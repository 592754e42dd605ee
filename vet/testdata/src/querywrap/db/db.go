// Package db is a service's own generic wrapper over GORM: models taken
// as any, a condition struct as a type parameter, and conditions built
// by closures whose column is the caller's text.
package db

import (
	"fmt"

	"gorm.io/gorm"
)

var DB *gorm.DB

func Create(data any, ctx ...*gorm.DB) { // want Create:`^sink\(0 model bind → gorm\.DB\.Create\)$`
	if len(ctx) > 0 {
		ctx[0].Create(data)
		return
	}
	DB.Create(data)
}

func Delete(data any) { // want Delete:`^sink\(0 model pk bind → gorm\.DB\.Delete\)$`
	DB.Delete(data)
}

func DeleteByCondition[T any](condition T) { // want DeleteByCondition:`^sink\(0 model cond bind → gorm\.DB\.Where\)$`
	var model T
	DB.Where(condition).Delete(&model)
}

type Query func(tx *gorm.DB) *gorm.DB

func Equal[T comparable](field string, value T) Query { // want Equal:`^sink\(0 → gorm\.DB\.Where; 1 bind column 0 → gorm\.DB\.Where\)$`
	return func(tx *gorm.DB) *gorm.DB {
		return tx.Where(fmt.Sprintf("%s = ?", field), value)
	}
}

func EqualOr(field string, value string) Query { // want EqualOr:`^sink\(0 → gorm\.DB\.Or; 1 bind column 0 → gorm\.DB\.Or\)$`
	return func(tx *gorm.DB) *gorm.DB {
		return tx.Or(fmt.Sprintf("%s = ?", field), value)
	}
}

// Equal and EqualOr also pass field on, as text written into the query
// (a request value there would reach it unparsed).

// Raw's text is its caller's, whole: a text parameter, not a column.
func Raw(sql string, args ...any) { // want Raw:`^sink\(0 text → gorm\.DB\.Where; 1\.\.\. bind → gorm\.DB\.Where\)$`
	DB.Where(sql, args...)
}

// Quoted writes its parameter into the text as a value: not a column.
func Quoted(name string) { // want Quoted:`.*`
	DB.Where(fmt.Sprintf("name = '%s'", name))
}

// Package idtyped defines an Analyzer that reports typed ids declared in
// the form that drops id.ID's methods, and conversions between distinct
// typed ids.
//
// # Analyzer idtyped
//
// idtyped: report type X id.ID and conversions between distinct typed ids
//
// A typed id is declared type UserID struct{ id.ID }: embedding keeps every
// method of id.ID (text, JSON, Scan and Value, BSON, YAML, gob, fmt), and
// id.NewAs[UserID]() and id.ParseAs[UserID](s) make and parse one. This
// analyzer reports
//
//   - a defined type over id.ID (type X id.ID, or over such a type): it has
//     id.ID's fields but none of its methods, so encoding/json writes {}
//     and it is no longer a sql.Scanner or driver.Valuer. The suggested fix
//     rewrites it as type X struct{ id.ID } when the package converts
//     nothing to X (a conversion X(v) would no longer compile: write X{v});
//   - a conversion X(v) between two distinct typed ids (type UserID
//     struct{ id.ID }, type OrderID struct{ id.ID }): it compiles because
//     their underlying types are identical, and defeats the point of
//     declaring them. When the conversion is meant, write OrderID{ID: u.ID},
//     a composite literal, which is not reported (the suggested fix, when
//     both embed the id under one name). Pointer conversions
//     ((*OrderID)(&u)) are reported too;
//   - a struct type that embeds id.ID or a typed id beside other fields
//     (type User struct{ id.ID; Name string }): it takes on every method
//     of id.ID, so JSON, database/sql and fmt treat a User as its id. The
//     suggested fix names the field after its type (ID id.ID); a struct of
//     the embedded id alone is a typed id, and is not reported.
//
// For example:
//
//	type ProviderID id.ID // type ProviderID id.ID drops every method of id.ID, JSON writes {} and there is no Scan or Value (TYPED): declare type ProviderID struct{ id.ID }
//	o := OrderID(u)       // OrderID(u) converts a UserID into an OrderID, a distinct typed id (TYPED): if it is meant, write OrderID{ID: u.ID}
//
// Not reported: aliases (type X = id.ID), id.ID(x) and X(v) with v an
// id.ID, conversions between a typed id and a struct that is not one
// (struct{ ID id.ID }{v}), type parameters.
//
// Findings name the rule TYPED: //idvet:allow TYPED reason, on the line
// or the line above, suppresses one.
//
// Flags: -idtyped.allow lists packages not to report.
package idtyped

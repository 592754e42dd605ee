package web

import "github.com/idkeys/id"

// inputPattern is id.InputPattern, what Parse accepts (any letter case).
const inputPattern = id.InputPattern

// idSchemaJSON is the JSON Schema (OpenAPI 3.1) of an id at a boundary,
// as docs/works-with-web.md gives it: a string of 26 characters matching
// InputPattern (any letter case, as Parse accepts), with an example.
// OpenAPI 3.0 writes the example as "example": "…".
const idSchemaJSON = `{"type":"string","minLength":26,"maxLength":26,"pattern":"` + inputPattern + `","examples":["` + lower + `"]}`

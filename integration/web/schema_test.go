package web

// inputPattern is id.InputPattern, what Parse accepts: until that
// constant lands on main, its value as the lead's decision gives it.
const inputPattern = `^[0-7][0-9a-hjkmnp-tv-zA-HJKMNP-TV-Z]{25}$`

// idSchemaJSON is the JSON Schema (OpenAPI 3.1) of an id at a boundary,
// as docs/works-with-web.md gives it: a string of 26 characters matching
// InputPattern (any letter case, as Parse accepts), with an example.
// OpenAPI 3.0 writes the example as "example": "…".
const idSchemaJSON = `{"type":"string","minLength":26,"maxLength":26,"pattern":"` + inputPattern + `","examples":["` + lower + `"]}`

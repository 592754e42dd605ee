// Package web tests package id against the HTTP frameworks, API
// generators, RPC gateways and command-line flag libraries that bind
// request values into id.ID fields themselves, each through its
// own binding path with plain tags and the library's defaults, at the
// versions pinned in go.mod. docs/works-with-web.md lists the verdicts.
package web

package main

import (
	"strings"
	"testing"
)

// TestCheckHex: -hex reads 32 hex digits in either case, as SQLite's hex()
// and MariaDB's HEX() print a BLOB or BINARY(16) column and a dump writes
// inside X'…', and checks their 16 bytes as compact.ID's Scan does: any
// but 16 zero bytes. Each other spelling of an id is named, with the
// flag or the digits to check instead.
func TestCheckHex(t *testing.T) {
	const upper = "01563E3AB5D3D6764C61EFB99302BD5B" // SQLite's hex(), MariaDB's HEX()
	const lower = "01563e3ab5d3d6764c61efb99302bd5b" // sqlite3 .dump's X'…'
	tests := []struct {
		name, line, report string // report "" for a valid line
	}{
		{"uppercase", upper, ""},
		{"lowercase", lower, ""},
		{"mixed case", "01563e3aB5D3D6764C61EFB99302BD5B", ""},
		{"the largest", strings.Repeat("F", 32), ""},
		{"16 zero bytes", strings.Repeat("0", 32), "id: invalid id: 16 zero bytes are the zero id, which names nothing"},
		{"a non-hex digit", "01563E3AB5D3D6764C61EFB99302BD5G", `id: invalid hex id "01563E3AB5D3D6764C61EFB99302BD5G": invalid character 'G' at index 31, want a hex digit`},
		{"a space inside", "01563E3AB5D3D676 C61EFB99302BD5B", `id: invalid hex id "01563E3AB5D3D676 C61EFB99302BD5B": invalid character ' ' at index 16, want a hex digit`},
		{"32 characters, one not ASCII", "01563E3AB5D3D6764C61EFB99302BD5é", `id: invalid hex id "01563E3AB5D3D6764C61EFB99302BD5é": invalid character 'é' at index 31, want a hex digit`},
		{"31 digits", upper[:31], `id: invalid hex id "01563E3AB5D3D6764C61EFB99302BD5": length 31, want 32 hex digits`},
		{"blank", "", `id: invalid hex id "": length 0, want 32 hex digits`},
		{"an id's text", "01arz3ndektsv4rrffq69g5fav", `id: invalid hex id "01arz3ndektsv4rrffq69g5fav": length 26, want 32 hex digits (an id's text: idkeys check -stored)`},
		{"UUID text", "01563e3a-b5d3-d676-4c61-efb99302bd5b", `id: invalid hex id "01563e3a-b5d3-d676-4c61-efb99302bd5b": length 36, want 32 hex digits (UUID text: idkeys check -compact)`},
		{"a dump's X'…'", "X'" + lower + "'", `id: invalid hex id "X'01563e3ab5d3d6764c61efb99302bd5b'": length 35, want 32 hex digits (check the digits inside X'...')`},
		{"x'…'", "x'" + lower + "'", `id: invalid hex id "x'01563e3ab5d3d6764c61efb99302bd5b'": length 35, want 32 hex digits (check the digits inside X'...')`},
		{"mysqldump --hex-blob's 0x", "0x" + upper, `id: invalid hex id "0x01563E3AB5D3D6764C61EFB99302BD5B": length 34, want 32 hex digits (check the digits after 0x)`},
		{"raw bytes", "\x01V>:\xb5\xd3\xd6vLa\xef\xb9\x93\x02\xbd[", `id: invalid hex id "\x01V>:\xb5\xd3\xd6vLa\ufe53\x02\xbd[": length 16, want 32 hex digits (raw bytes: SELECT hex(id))`},
		{"a hex length of one character", "é", `id: invalid hex id "é": length 1 character ('é' at index 0), want 32 hex digits`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			stdin := upper + "\n" + tt.line + "\r\n"
			want := result{}
			if tt.report != "" {
				want = result{stderr: "line 2: " + strings.TrimPrefix(tt.report, "id: ") + "\nidkeys check: 1 of 2 lines invalid\n", code: 1}
			}
			runCmd(stdin, "check", "-hex").check(t, want)
			if r := reference(stdin, maxLine, checkHex); r != want.stderr {
				t.Errorf("the reference says:\n%q", r)
			}
		})
	}
	// An over-long line, and a byte order mark before the first line.
	runCmd(strings.Repeat("A", 5000)+"\n"+upper+"\n", "check", "-hex").check(t, result{
		stderr: "line 1: invalid id: length 5000, want 32 (hex digits) (line too long to quote)\nidkeys check: 1 of 2 lines invalid\n",
		code:   1,
	})
	runCmd("\ufeff"+upper+"\r\n", "check", "-hex").check(t, result{})
	runCmd("", "check", "-hex").check(t, result{stderr: noLines, code: 1})
}

// TestCheckFlags: -stored, -compact and -hex each name one reading, so
// no two go together.
func TestCheckFlags(t *testing.T) {
	for _, tt := range []struct {
		args []string
		msg  string
	}{
		{[]string{"-compact", "-stored"}, "-stored and -compact"},
		{[]string{"-hex", "-stored"}, "-stored and -hex"},
		{[]string{"-hex", "-compact"}, "-compact and -hex"},
		{[]string{"-hex", "-compact", "-stored"}, "-stored and -compact"},
	} {
		runCmd("", append([]string{"check"}, tt.args...)...).check(t, result{stderr: "idkeys: check: " + tt.msg + " do not go together\n" + usageText, code: 2})
	}
}

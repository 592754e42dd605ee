package main

import (
	"bytes"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/idkeys/id"
	"github.com/idkeys/id/adopt"
	"github.com/idkeys/id/compact"
	"github.com/idkeys/id/internal/spell"
)

// result is what one run of the command produced.
type result struct {
	stdout, stderr string
	code           int
}

func runCmd(stdin string, args ...string) result {
	var stdout, stderr bytes.Buffer
	code := run(args, strings.NewReader(stdin), &stdout, &stderr)
	return result{stdout.String(), stderr.String(), code}
}

func (r result) check(t *testing.T, want result) {
	t.Helper()
	if r.code != want.code {
		t.Errorf("exit status %d, want %d", r.code, want.code)
	}
	if r.stdout != want.stdout {
		t.Errorf("stdout:\n%q\nwant:\n%q", r.stdout, want.stdout)
	}
	if r.stderr != want.stderr {
		t.Errorf("stderr:\n%q\nwant:\n%q", r.stderr, want.stderr)
	}
}

func TestInspect(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want result
	}{
		{
			// A random (version 4) UUID, a version 7 one and a version 1
			// one: the first and the last are noted, as no time is there.
			name: "UUID versions",
			args: []string{"inspect", "f47ac10b-58cc-4372-a567-0e02b2c3d479", "0190b2f1-7c3e-7a3b-8000-00000000000a", "c232ab00-9414-11ec-b3c8-9f6bdeced846"},
			want: result{
				stdout: "7mfb0gpp6c8dsaasre0asc7n3s\t10488-03-09T10:05:33.772Z\t268808061933772\tf47ac10b58cc4372a5670e02b2c3d479\tf47ac10b-58cc-4372-a567-0e02b2c3d479\n" +
					"01j2sf2z1yf8xr00000000000a\t2024-07-14T20:31:28.830Z\t1720989088830\t0190b2f17c3e7a3b800000000000000a\t0190b2f1-7c3e-7a3b-8000-00000000000a\n" +
					"626ang150m27pb7j4zdffcxp26\t8736-04-09T13:11:35.188Z\t213522873095188\tc232ab00941411ecb3c89f6bdeced846\tc232ab00-9414-11ec-b3c8-9f6bdeced846\n",
				stderr: "idkeys inspect: note: f47ac10b-58cc-4372-a567-0e02b2c3d479 has a version 4 UUID's layout: unless it holds an id's 16 bytes (a compact key, a trace id made from an id), the time above is no time\n" +
					"idkeys inspect: note: c232ab00-9414-11ec-b3c8-9f6bdeced846 has a version 1 UUID's layout: unless it holds an id's 16 bytes (a compact key, a trace id made from an id), the time above is no time\n",
			},
		},
		{
			// The ULID spec's example, in its published uppercase.
			name: "spec example",
			args: []string{"inspect", "01ARZ3NDEKTSV4RRFFQ69G5FAV"},
			want: result{stdout: "01arz3ndektsv4rrffq69g5fav\t2016-07-30T23:54:10.259Z\t1469922850259\t01563e3ab5d3d6764c61efb99302bd5b\t01563e3a-b5d3-d676-4c61-efb99302bd5b\n"},
		},
		{
			// Vectors from testdata/ulid.json: the largest id
			// (a five-digit year), whole seconds (three zero fraction
			// digits), an early time, and lower and mixed case input.
			name: "vectors",
			args: []string{"inspect",
				"7ZZZZZZZZZZZZZZZZZZZZZZZZZ",
				"00000031N00000000000000000",
				"0000xsnjg0mqjhbf4qx1efd6y3",
				"01Jq4t8X6cA54vsh0aann0swcx",
				"0001C7STHC0G2081040G208104",
			},
			want: result{stdout: "" +
				"7zzzzzzzzzzzzzzzzzzzzzzzzz\t10889-08-02T05:31:50.655Z\t281474976710655\tffffffffffffffffffffffffffffffff\tffffffff-ffff-ffff-ffff-ffffffffffff\n" +
				"00000031n00000000000000000\t1970-01-01T00:01:40.000Z\t100000\t0000000186a000000000000000000000\t00000001-86a0-0000-0000-000000000000\n" +
				"0000xsnjg0mqjhbf4qx1efd6y3\t1970-01-12T13:46:40.000Z\t1000000000\t00003b9aca00a5e515bc97e85cf69bc3\t00003b9a-ca00-a5e5-15bc-97e85cf69bc3\n" +
				"01jq4t8x6ca54vsh0aann0swcx\t2025-03-24T19:32:33.100Z\t1742844753100\t0195c9a474cc5149bcc40a556a0cf19d\t0195c9a4-74cc-5149-bcc4-0a556a0cf19d\n" +
				"0001c7sthc0g2081040g208104\t1970-01-18T04:23:01.420Z\t1484581420\t0000587cea2c04040404040404040404\t0000587c-ea2c-0404-0404-040404040404\n"},
		},
		{
			// The smallest id: one past the zero id, at the epoch.
			name: "smallest",
			args: []string{"inspect", "00000000000000000000000001"},
			want: result{stdout: "00000000000000000000000001\t1970-01-01T00:00:00.000Z\t0\t00000000000000000000000000000001\t00000000-0000-0000-0000-000000000001\n"},
		},
		{
			// One bad argument among good ones: the good ones are still
			// printed, the reason goes to stderr, the status is 1.
			name: "one invalid",
			args: []string{"inspect", "01ARYZ6S41TSV4RRFFQ69G5FAV", "01ARZ3NDEITSV4RRFFQ69G5FAV", "01c8gr9wf10000000000000000"},
			want: result{
				stdout: "01aryz6s41tsv4rrffq69g5fav\t2016-07-30T22:36:16.385Z\t1469918176385\t01563df36481d6764c61efb99302bd5b\t01563df3-6481-d676-4c61-efb99302bd5b\n" +
					"01c8gr9wf10000000000000000\t2018-03-13T22:39:43.585Z\t1520980783585\t01622184f1e100000000000000000000\t01622184-f1e1-0000-0000-000000000000\n",
				stderr: `idkeys inspect: invalid id "01ARZ3NDEITSV4RRFFQ69G5FAV": invalid character 'I' at index 9` + "\n",
				code:   1,
			},
		},
		{
			// Every invalid vector gives its reason, one line each.
			name: "all invalid",
			args: []string{"inspect", "--",
				"00000000000000000000000000",
				"80000000000000000000000000",
				"0LLLLLLLLLLLLLLLLLLLLLLLLL",
				" 01ARZ3NDEKTSV4RRFFQ69G5FAV",
				"01ARZ3NDEKTSV4RRFFQ69G5FAV\n",
				"",
				"-1arz3ndektsv4rrffq69g5fav",
			},
			want: result{
				stderr: `idkeys inspect: invalid id "00000000000000000000000000": the zero id names nothing` + "\n" +
					`idkeys inspect: invalid id "80000000000000000000000000": out of range: first character '8' is above '7'` + "\n" +
					`idkeys inspect: invalid id "0LLLLLLLLLLLLLLLLLLLLLLLLL": invalid character 'L' at index 1` + "\n" +
					`idkeys inspect: invalid id " 01ARZ3NDEKTSV4RRFFQ69G5FAV": length 27, want 26, 32 hex digits or a 36-character UUID` + "\n" +
					`idkeys inspect: invalid id "01ARZ3NDEKTSV4RRFFQ69G5FAV\n": length 27, want 26, 32 hex digits or a 36-character UUID` + "\n" +
					`idkeys inspect: invalid id "": length 0, want 26, 32 hex digits or a 36-character UUID` + "\n" +
					`idkeys inspect: invalid id "-1arz3ndektsv4rrffq69g5fav": invalid character '-' at index 0` + "\n",
				code: 1,
			},
		},
		{
			// The hex and UUID spellings, in both letter cases, turn back
			// into the id: the ULID spec's example, W3C Trace Context's
			// example trace id, and RFC 9562's UUIDv7 example, which is
			// adopt.FromUUIDv7's id of that UUID too.
			name: "hex and UUID",
			args: []string{"inspect",
				"01563e3ab5d3d6764c61efb99302bd5b",
				"01563E3A-B5D3-D676-4C61-EFB99302BD5B",
				"4BF92F3577B34DA6A3CE929D0E0E4736",
				"017f22e2-79b0-7cc3-98c4-dc0c0c07398f",
				"ffffffffffffffffffffffffffffffff",
				"00000000-0000-0000-0000-000000000001",
			},
			want: result{stdout: "" +
				"01arz3ndektsv4rrffq69g5fav\t2016-07-30T23:54:10.259Z\t1469922850259\t01563e3ab5d3d6764c61efb99302bd5b\t01563e3a-b5d3-d676-4c61-efb99302bd5b\n" +
				"01arz3ndektsv4rrffq69g5fav\t2016-07-30T23:54:10.259Z\t1469922850259\t01563e3ab5d3d6764c61efb99302bd5b\t01563e3a-b5d3-d676-4c61-efb99302bd5b\n" +
				"2bz4qkaxxk9pka7kmjkm70whsp\t4617-01-28T04:49:33.107Z\t83533610973107\t4bf92f3577b34da6a3ce929d0e0e4736\t4bf92f35-77b3-4da6-a3ce-929d0e0e4736\n" +
				"01fwhe4ydgfk1shh6w1g60eecf\t2022-02-22T19:22:22.000Z\t1645557742000\t017f22e279b07cc398c4dc0c0c07398f\t017f22e2-79b0-7cc3-98c4-dc0c0c07398f\n" +
				"7zzzzzzzzzzzzzzzzzzzzzzzzz\t10889-08-02T05:31:50.655Z\t281474976710655\tffffffffffffffffffffffffffffffff\tffffffff-ffff-ffff-ffff-ffffffffffff\n" +
				"00000000000000000000000001\t1970-01-01T00:00:00.000Z\t0\t00000000000000000000000000000001\t00000000-0000-0000-0000-000000000001\n",
				// The W3C example trace id is random, and has a version 4
				// UUID's layout by chance (0x4d, 0xa3): noted.
				stderr: "idkeys inspect: note: 4BF92F3577B34DA6A3CE929D0E0E4736 has a version 4 UUID's layout: unless it holds an id's 16 bytes (a compact key, a trace id made from an id), the time above is no time\n"},
		},
		{
			// Every way a hex id or a UUID is refused: 16 zero bytes
			// (the zero id, as a W3C all-zero trace id is invalid), a
			// non-hex character (ASCII quoted, other bytes in hex, the
			// index in the argument as given), a missing hyphen, and
			// lengths that are none of 26, 32 and 36.
			name: "invalid hex and UUID",
			args: []string{"inspect", "--",
				"00000000000000000000000000000000",
				"00000000-0000-0000-0000-000000000000",
				"4bf92f3577b34da6a3ce929d0e0e473g",
				"g4bf92f3577b34da6a3ce929d0e0e473",
				"4bf92f3577b34da6a3ce929d0e0e47\xc3\xa9",
				"017f22e2-79g0-7cc3-98c4-dc0c0c07398f",
				"017f22e2-79b0-7xc3-98c4-dc0c0c07398f",
				"017f22e2-79b0-7cc3-9_c4-dc0c0c07398f",
				"017f22e2-79b0-7cc3-98c4-dc0c0c07398G",
				"017f22e2-79b0-7cc3-98c4-dcz00c07398f",
				"017f22e2-79b0-7cc3-98c4-dc0c0c073\x008f",
				"017f22e2x79b0-7cc3-98c4-dc0c0c07398f",
				"017f22e2-79b0-7cc3-98c4+dc0c0c07398f",
				"017f22e279b07cc398c4dc0c0c07398f----",
				"{017f22e2-79b0-7cc3-98c4-dc0c0c07398f}",
				"017f22e2-79b0-7cc3-98c4-dc0c0c07398",
				"4bf92f3577b34da6a3ce929d0e0e47361",
			},
			want: result{
				stderr: "" +
					`idkeys inspect: invalid hex id "00000000000000000000000000000000": 16 zero bytes are the zero id, which names nothing` + "\n" +
					`idkeys inspect: invalid UUID "00000000-0000-0000-0000-000000000000": 16 zero bytes are the zero id, which names nothing` + "\n" +
					`idkeys inspect: invalid hex id "4bf92f3577b34da6a3ce929d0e0e473g": invalid character 'g' at index 31` + "\n" +
					`idkeys inspect: invalid hex id "g4bf92f3577b34da6a3ce929d0e0e473": invalid character 'g' at index 0` + "\n" +
					`idkeys inspect: invalid hex id "4bf92f3577b34da6a3ce929d0e0e47é": invalid character 'é' at index 30` + "\n" +
					`idkeys inspect: invalid UUID "017f22e2-79g0-7cc3-98c4-dc0c0c07398f": invalid character 'g' at index 11` + "\n" +
					`idkeys inspect: invalid UUID "017f22e2-79b0-7xc3-98c4-dc0c0c07398f": invalid character 'x' at index 15` + "\n" +
					`idkeys inspect: invalid UUID "017f22e2-79b0-7cc3-9_c4-dc0c0c07398f": invalid character '_' at index 20` + "\n" +
					`idkeys inspect: invalid UUID "017f22e2-79b0-7cc3-98c4-dc0c0c07398G": invalid character 'G' at index 35` + "\n" +
					`idkeys inspect: invalid UUID "017f22e2-79b0-7cc3-98c4-dcz00c07398f": invalid character 'z' at index 26` + "\n" +
					`idkeys inspect: invalid UUID "017f22e2-79b0-7cc3-98c4-dc0c0c073\x008f": invalid character '\x00' at index 33` + "\n" +
					`idkeys inspect: invalid UUID "017f22e2x79b0-7cc3-98c4-dc0c0c07398f": want '-' at index 8` + "\n" +
					`idkeys inspect: invalid UUID "017f22e2-79b0-7cc3-98c4+dc0c0c07398f": want '-' at index 23` + "\n" +
					`idkeys inspect: invalid UUID "017f22e279b07cc398c4dc0c0c07398f----": want '-' at index 8` + "\n" +
					`idkeys inspect: invalid id "{017f22e2-79b0-7cc3-98c4-dc0c0c0"...: length 38, want 26, 32 hex digits or a 36-character UUID` + "\n" +
					`idkeys inspect: invalid id "017f22e2-79b0-7cc3-98c4-dc0c0c07"...: length 35, want 26, 32 hex digits or a 36-character UUID` + "\n" +
					`idkeys inspect: invalid id "4bf92f3577b34da6a3ce929d0e0e4736"...: length 33, want 26, 32 hex digits or a 36-character UUID` + "\n",
				code: 1,
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			runCmd("", tt.args...).check(t, tt.want)
		})
	}
}

// TestInspectOrder checks that stdout and stderr lines come in argument
// order when both go to one writer, as on a terminal.
func TestInspectOrder(t *testing.T) {
	var out bytes.Buffer
	code := run([]string{"inspect", "01arz3ndektsv4rrffq69g5fav", "x", "7zzzzzzzzzzzzzzzzzzzzzzzzz"}, strings.NewReader(""), &out, &out)
	want := "01arz3ndektsv4rrffq69g5fav\t2016-07-30T23:54:10.259Z\t1469922850259\t01563e3ab5d3d6764c61efb99302bd5b\t01563e3a-b5d3-d676-4c61-efb99302bd5b\n" +
		`idkeys inspect: invalid id "x": length 1, want 26, 32 hex digits or a 36-character UUID` + "\n" +
		"7zzzzzzzzzzzzzzzzzzzzzzzzz\t10889-08-02T05:31:50.655Z\t281474976710655\tffffffffffffffffffffffffffffffff\tffffffff-ffff-ffff-ffff-ffffffffffff\n"
	if code != 1 || out.String() != want {
		t.Errorf("exit status %d, output:\n%s\nwant 1, output:\n%s", code, out.String(), want)
	}
}

// checkIDs parses the output of idkeys -n: n lines, each a canonical id, each
// greater than the one before.
func checkIDs(t *testing.T, r result, n int) {
	t.Helper()
	if r.code != 0 || r.stderr != "" {
		t.Fatalf("exit status %d, stderr %q; want 0 and nothing", r.code, r.stderr)
	}
	if len(r.stdout) != n*27 {
		t.Fatalf("stdout is %d bytes, want %d: %d lines of 26 characters and a newline", len(r.stdout), n*27, n)
	}
	lines := strings.SplitAfter(r.stdout, "\n")
	if len(lines) != n+1 || lines[n] != "" {
		t.Fatalf("stdout has %d lines, want %d", len(lines)-1, n)
	}
	var prev id.ID
	seen := make(map[id.ID]bool, n)
	for i, line := range lines[:n] {
		text := strings.TrimSuffix(line, "\n")
		v, err := id.Parse(text)
		if err != nil {
			t.Fatalf("line %d: %v", i+1, err)
		}
		if v.String() != text {
			t.Fatalf("line %d: %q is not canonical (%q)", i+1, text, v.String())
		}
		if i > 0 && (v.Compare(prev) <= 0 || text <= prev.String()) {
			t.Fatalf("line %d: %s is not greater than line %d: %s", i+1, v, i, prev)
		}
		if seen[v] {
			t.Fatalf("line %d: %s repeated", i+1, v)
		}
		seen[v] = true
		prev = v
	}
}

func TestGenerate(t *testing.T) {
	tests := []struct {
		args []string
		n    int
	}{
		{nil, 1},
		{[]string{"--"}, 1},
		{[]string{"-n", "1"}, 1},
		{[]string{"-n=2"}, 2},
		{[]string{"--n", "07"}, 7},
		{[]string{"-n", "+3"}, 3},
		{[]string{"-n", "1000"}, 1000},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			checkIDs(t, runCmd("", tt.args...), tt.n)
		})
	}
}

// TestCountLimits checks the bounds of -n without printing 10 million ids.
func TestCountLimits(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want int
		ok   bool
	}{
		{"1", 1, true},
		{"10000000", 10000000, true},
		{"10000001", 0, false},
		{"0", 0, false},
		{"-1", 0, false},
		{"9223372036854775808", 0, false},
		{"0x10", 0, false},
		{"1e3", 0, false},
		{" 1", 0, false},
	} {
		var c count
		err := c.Set(tt.in)
		if (err == nil) != tt.ok || int(c) != tt.want {
			t.Errorf("Set(%q): %d, %v; want %d, ok %v", tt.in, c, err, tt.want, tt.ok)
		}
	}
}

func TestUsageErrors(t *testing.T) {
	badN := func(v string) string {
		return fmt.Sprintf("invalid value %q for flag -n: want an integer from 1 to 10000000\n", v) + usageText
	}
	tests := []struct {
		args   []string
		stderr string
	}{
		{[]string{"-n", "0"}, badN("0")},
		{[]string{"-n", "-1"}, badN("-1")},
		{[]string{"-n", "abc"}, badN("abc")},
		{[]string{"-n", "1.5"}, badN("1.5")},
		{[]string{"-n", ""}, badN("")},
		{[]string{"-n", "10000001"}, badN("10000001")},
		{[]string{"-n"}, "flag needs an argument: -n\n" + usageText},
		{[]string{"-x"}, "flag provided but not defined: -x\n" + usageText},
		{[]string{"--version"}, "flag provided but not defined: -version\n" + usageText},
		{[]string{"generate"}, "idkeys: unknown command \"generate\"\n" + usageText},
		{[]string{"INSPECT", "01arz3ndektsv4rrffq69g5fav"}, "idkeys: unknown command \"INSPECT\"\n" + usageText},
		{[]string{"01arz3ndektsv4rrffq69g5fav"}, "idkeys: unknown command \"01arz3ndektsv4rrffq69g5fav\"\n" + usageText},
		{[]string{"-n", "3", "extra"}, "idkeys: unknown command \"extra\"\n" + usageText},
		{[]string{"-n", "2", "inspect", "01arz3ndektsv4rrffq69g5fav"}, "idkeys: -n applies only to making ids, not to inspect\n" + usageText},
		{[]string{"-n", "2", "check"}, "idkeys: -n applies only to making ids, not to check\n" + usageText},
		{[]string{"inspect"}, "idkeys: inspect: no ids given\n" + usageText},
		{[]string{"inspect", "--"}, "idkeys: inspect: no ids given\n" + usageText},
		{[]string{"inspect", "-n", "1"}, "flag provided but not defined: -n\n" + usageText},
		{[]string{"check", "ids.txt"}, "idkeys: check takes no arguments; it reads stdin\n" + usageText},
		{[]string{"check", "-v"}, "flag provided but not defined: -v\n" + usageText},
		{[]string{"help", "inspect"}, "idkeys: help takes no arguments\n" + usageText},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			runCmd("01arz3ndektsv4rrffq69g5fav\n", tt.args...).check(t, result{stderr: tt.stderr, code: 2})
		})
	}
}

func TestHelp(t *testing.T) {
	for _, args := range [][]string{
		{"-h"}, {"-help"}, {"--help"}, {"help"}, {"-n", "5", "-h"},
		{"inspect", "-h"}, {"check", "--help"}, {"help", "-h"},
	} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			runCmd("", args...).check(t, result{stdout: helpText})
		})
	}
	// The help explains every subcommand, flag, the output format and
	// every exit status.
	for _, s := range []string{
		"idkeys [-n N]", "idkeys inspect ID...", "idkeys check", "idkeys help", "-h",
		"1 to 10000000", "tab-separated", "RFC 3339", "Unix milliseconds",
		"01arz3ndektsv4rrffq69g5fav\t2016-07-30T23:54:10.259Z\t1469922850259\t01563e3ab5d3d6764c61efb99302bd5b\t01563e3a-b5d3-d676-4c61-efb99302bd5b",
		"32 hex digits", "UUID", "16 zero bytes",
		`"line N: reason"`, `"\r"`, "blank line is invalid", "4096 bytes",
		"-hex", "SELECT hex(id)", "no lines", "set -o pipefail", "byte order mark", "(3 rows)",
		"  0  success", "  1  an invalid id", "  2  usage error",
	} {
		if !strings.Contains(helpText, s) {
			t.Errorf("help does not mention %q", s)
		}
	}
}

func TestCheck(t *testing.T) {
	const valid = "01arz3ndektsv4rrffq69g5fav"
	long := strings.Repeat("a", 1<<20) // 1 MiB
	tests := []struct {
		name   string
		stdin  string
		stderr string
		code   int
	}{
		{name: "empty input", stdin: "", stderr: noLines, code: 1},
		{name: "a byte order mark alone", stdin: "\ufeff", stderr: noLines, code: 1},
		{name: "a byte order mark before an id", stdin: "\ufeff" + valid + "\r\n" + valid + "\r\n"},
		{
			name:   "a byte order mark after line 1 is a character",
			stdin:  valid + "\n\ufeff" + valid + "\n",
			stderr: `line 2: invalid id "\ufeff01arz3ndek"...: length 27 characters ('\ufeff' at index 0), want 26` + "\nidkeys check: 1 of 2 lines invalid\n",
			code:   1,
		},
		{name: "one valid", stdin: valid + "\n"},
		{name: "no final newline", stdin: valid},
		{name: "uppercase and mixed case", stdin: "01ARZ3NDEKTSV4RRFFQ69G5FAV\n01aRz3NdEkTsV4rRfFq69G5fAv\n"},
		{name: "CRLF", stdin: valid + "\r\n" + valid + "\r\n"},
		{name: "CR at EOF", stdin: valid + "\r"},
		{
			name:   "two CRs: only one is removed",
			stdin:  valid + "\r\r\n",
			stderr: "line 1: invalid id \"01arz3ndektsv4rrffq69g5fav\\r\": length 27, want 26\nidkeys check: 1 of 1 line invalid\n",
			code:   1,
		},
		{
			name:   "blank line",
			stdin:  valid + "\n\n" + valid + "\n",
			stderr: "line 2: invalid id \"\": length 0, want 26\nidkeys check: 1 of 3 lines invalid\n",
			code:   1,
		},
		{
			name:  "an id's other spellings name the flag that reads them",
			stdin: "01563e3a-b5d3-d676-4c61-efb99302bd5b\n01563E3AB5D3D6764C61EFB99302BD5B\n",
			stderr: "line 1: invalid id \"01563e3a-b5d3-d676\"...: length 36, want 26: UUID text: compact.ID scans it; idkeys inspect, or idkeys check -compact for a column of them\n" +
				"line 2: invalid id \"01563E3AB5D3D6764C\"...: length 32, want 26: hex, a trace id: decode for id.From16; idkeys inspect, or idkeys check -hex for a column of them\n" +
				"idkeys check: 2 of 2 lines invalid\n",
			code: 1,
		},
		{
			name:   "blank CRLF line",
			stdin:  "\r\n",
			stderr: "line 1: invalid id \"\": length 0, want 26\nidkeys check: 1 of 1 line invalid\n",
			code:   1,
		},
		{
			name: "mix",
			stdin: valid + "\r\n" + // 1: valid, CRLF
				"01ARZ3NDEITSV4RRFFQ69G5FAV\n" + // 2
				"01arz3ndeitsv4rrffq69g5fav\n" + // 3
				" " + valid + "\n" + // 4
				"00000000000000000000000000\n" + // 5
				"80000000000000000000000000\n" + // 6
				"01arz3ndektsv4rrffq69g5fa\x00\n" + // 7
				"01arz3ndektsv4rrffq69g5fаv\n" + // 8: Cyrillic а
				long + "\n" + // 9: 1 MiB
				"7zzzzzzzzzzzzzzzzzzzzzzzzz\n" + // 10: valid
				"01arz3ndektsv4rrffq69g5fa", // 11: no final newline
			stderr: "" +
				"line 2: invalid id \"01ARZ3NDEITSV4RRFFQ69G5FAV\": invalid character 'I' at index 9\n" +
				"line 3: invalid id \"01arz3ndeitsv4rrffq69g5fav\": invalid character 'i' at index 9\n" +
				"line 4: invalid id \" 01arz3ndektsv4rrffq69g5fav\": length 27, want 26\n" +
				"line 5: invalid id \"00000000000000000000000000\": the zero id names nothing\n" +
				"line 6: invalid id \"80000000000000000000000000\": out of range: first character '8' is above '7'\n" +
				"line 7: invalid id \"01arz3ndektsv4rrffq69g5fa\\x00\": invalid character '\\x00' at index 25\n" +
				"line 8: invalid id \"01arz3ndektsv4rrffq69g5fаv\": invalid character 'а' at index 24\n" +
				"line 9: invalid id: length 1048576, want 26 (line too long to quote)\n" +
				"line 11: invalid id \"01arz3ndektsv4rrffq69g5fa\": length 25, want 26\n" +
				"idkeys check: 9 of 11 lines invalid\n",
			code: 1,
		},
		{
			name:   "long CRLF line",
			stdin:  long + "\r\n" + valid + "\r\n",
			stderr: "line 1: invalid id: length 1048576, want 26 (line too long to quote)\nidkeys check: 1 of 2 lines invalid\n",
			code:   1,
		},
		{
			name:   "long line at EOF",
			stdin:  valid + "\n" + long,
			stderr: "line 2: invalid id: length 1048576, want 26 (line too long to quote)\nidkeys check: 1 of 2 lines invalid\n",
			code:   1,
		},
		{
			name:   "long line with CR at EOF",
			stdin:  long + "\r",
			stderr: "line 1: invalid id: length 1048576, want 26 (line too long to quote)\nidkeys check: 1 of 1 line invalid\n",
			code:   1,
		},
		{
			// The CR of "\r\n" is the last byte of the buffer and the
			// "\n" comes in the next piece.
			name:   "CR at the buffer edge",
			stdin:  strings.Repeat("b", maxLine-1) + "\r\n",
			stderr: "line 1: invalid id: length 4095, want 26 (line too long to quote)\nidkeys check: 1 of 1 line invalid\n",
			code:   1,
		},
		{
			// The longest line that is quoted, and the shortest that is not.
			name:  "quoting limit",
			stdin: strings.Repeat("c", maxLine-1) + "\n" + strings.Repeat("c", maxLine) + "\n",
			stderr: "line 1: invalid id \"cccccccccccccccccccccccccccccccc\"...: length 4095, want 26\n" +
				"line 2: invalid id: length 4096, want 26 (line too long to quote)\n" +
				"idkeys check: 2 of 2 lines invalid\n",
			code: 1,
		},
		{
			name:   "only newlines",
			stdin:  "\n\n",
			stderr: "line 1: invalid id \"\": length 0, want 26\nline 2: invalid id \"\": length 0, want 26\nidkeys check: 2 of 2 lines invalid\n",
			code:   1,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := runCmd(tt.stdin, "check")
			r.check(t, result{stderr: tt.stderr, code: tt.code})
			if want := reference(tt.stdin, maxLine, checkParse); r.stderr != want {
				t.Errorf("the reference says:\n%q", want)
			}
		})
	}
}

// noLines is check's stderr for an empty input.
const noLines = "idkeys check: no lines read\n" +
	"An empty input checks nothing: did the command that feeds it fail? (In a script, set -o pipefail.)\n"

// reference is a slow model of check's stderr for a read buffer of size
// bytes, from the rules of the package comment: the input split into
// lines in memory, a byte order mark at its start dropped, line 1 looked
// at whole for text, line 2 for a header's rule, every later line for
// psql's footer, and each line's reason taken from mode's reader
// (refLine).
func reference(stdin string, size int, mode checkMode) string {
	stdin = strings.TrimPrefix(stdin, "\ufeff")
	if stdin == "" {
		return noLines
	}
	lines := strings.Split(strings.TrimSuffix(stdin, "\n"), "\n")
	var out strings.Builder
	invalid := 0
	for i, line := range lines {
		tooLong := len(line) >= size
		line = strings.TrimSuffix(line, "\r")
		switch {
		case i == 0 && refText(line) != "":
			return textMessage("line 1 is text, not one id ("+refText(line)+")", line, mode)
		case i == 1 && !tooLong && len(lines[0]) < size && refRule(line, strings.TrimSuffix(lines[0], "\r")):
			return textMessage("lines 1 and 2 are a table's header, not ids", strings.TrimSuffix(lines[0], "\r"), mode)
		case i >= 1 && !tooLong && regexp.MustCompile(`^\(\d+ [^()]*\)$`).MatchString(line):
			return out.String() + textMessage(fmt.Sprintf("line %d is psql's footer, not an id", i+1), line, mode)
		}
		want := map[checkMode]string{checkCompact: "36 (UUID text)", checkHex: "32 (hex digits)"}[mode]
		if want == "" {
			want = "26"
		}
		if tooLong {
			invalid++
			fmt.Fprintf(&out, "line %d: invalid id: length %d, want %s (line too long to quote)\n", i+1, len(line), want)
		} else if err := refLine(line, mode); err != nil {
			invalid++
			fmt.Fprintf(&out, "line %d: %s\n", i+1, strings.TrimPrefix(err.Error(), "id: "))
		}
	}
	if invalid > 0 {
		noun := "lines"
		if len(lines) == 1 {
			noun = "line"
		}
		fmt.Fprintf(&out, "idkeys check: %d of %d %s invalid\n", invalid, len(lines), noun)
	}
	return out.String()
}

// refText is the model's rule for a first line of text: what makes it
// text, or "". How it begins, after spaces and tabs, comes first; else
// whichever decides first, reading on: a separator, or the first byte of
// a second word (then the gap before it is named).
func refText(line string) string {
	t := strings.TrimLeft(line, " \t")
	if r, _ := utf8.DecodeRuneInString(t); 0x2500 <= r && r <= 0x257f {
		return "it begins with a box drawing character"
	}
	for _, p := range []string{"--", "+-"} {
		if strings.HasPrefix(t, p) {
			return "it begins with " + strconv.Quote(p)
		}
	}
	sep := strings.IndexAny(line, ",;|()")
	gap := regexp.MustCompile(`[^ \t]([ \t]+)[^ \t]`).FindStringSubmatchIndex(line)
	switch {
	case sep >= 0 && (gap == nil || sep <= gap[3]):
		return fmt.Sprintf("'%c' at index %d", line[sep], sep)
	case gap != nil:
		what := map[byte]string{' ': "space", '\t': "tab"}[line[gap[2]]]
		return fmt.Sprintf("a %s between words at index %d", what, gap[2])
	}
	return ""
}

// refRule is the model's rule for line 2 under a header, line 1: only
// '-', '+' and box drawing characters, at least as many as the header's
// characters without its trailing spaces and tabs, which are not all
// there is.
func refRule(line, header string) bool {
	header = strings.TrimRight(header, " \t")
	if header == "" || line == "" {
		return false
	}
	for _, r := range line {
		if r != '-' && r != '+' && (r < 0x2500 || r > 0x257f) {
			return false
		}
	}
	return utf8.RuneCountInString(line) >= utf8.RuneCountInString(header)
}

// refLine is the rule of check for one line in mode: id.Parse, ID.Scan,
// compact.ID.Scan of the text; for -hex, 32 hex digits (encoding/hex)
// that are not all zeros, whose error, when not, is hexKey's.
func refLine(line string, mode checkMode) error {
	switch mode {
	case checkHex:
		b, err := hex.DecodeString(line)
		if err == nil && len(b) == 16 && !bytes.Equal(b, make([]byte, 16)) {
			return nil
		}
		if err := hexKey([]byte(line)); err != nil {
			return err
		}
		return errors.New("hexKey accepts it")
	case checkCompact:
		var v compact.ID
		err := v.Scan(line)
		if err != nil && len(line) == 26 {
			err = fmt.Errorf("%w (a text column's dump: idkeys check -stored)", err)
		}
		return err
	}
	err := parseLine(line, mode == checkStored)
	// An id's other spellings (not its 16 zero bytes): the flag that
	// reads them.
	digits := strings.ReplaceAll(line, "-", "")
	if _, herr := hex.DecodeString(digits); err != nil && herr == nil && strings.Trim(digits, "0") != "" {
		switch {
		case len(line) == 32 && len(digits) == 32:
			err = fmt.Errorf("%w, or idkeys check -hex for a column of them", err)
		case len(line) == 36 && len(digits) == 32 && line[8] == '-' && line[13] == '-' && line[18] == '-' && line[23] == '-':
			err = fmt.Errorf("%w, or idkeys check -compact for a column of them", err)
		}
	}
	return err
}

// flagOf is check's flag for mode.
func flagOf(mode checkMode) string {
	return map[checkMode]string{checkStored: " -stored", checkCompact: " -compact", checkHex: " -hex"}[mode]
}

// textMessage is check's stderr for text, what, with the line quoted (its
// first 40 bytes, cut back to a character's start, when longer), then what
// to run instead for mode.
func textMessage(what, line string, mode checkMode) string {
	run, other := "  psql -XAt -c 'SELECT id FROM users' | idkeys check"+flagOf(mode)+"\n", "A uuid column of compact.ID keys: idkeys check -compact\n"
	switch mode {
	case checkCompact:
		run, other = "  psql -XAt -c 'SELECT id FROM orders' | idkeys check -compact\n", "A text column of ids: idkeys check -stored\n"
	case checkHex:
		run = "  sqlite3 app.db 'SELECT hex(id) FROM orders' | idkeys check -hex\n" +
			"  mariadb -N -B -e 'SELECT HEX(id) FROM orders' shop | idkeys check -hex\n"
		other = "A text column of ids: idkeys check -stored\n"
	}
	q := strconv.Quote(line)
	if len(line) > 40 {
		q = strconv.Quote(line[:refCut(line, 40)]) + "..."
	}
	return "idkeys check: " + what + ": " + q + "\n" +
		"idkeys check reads one id per line, such as one column of a table:\n" +
		run + other +
		"To find ids in any text (a pg_dump, a CSV, a log): idkeys grep ID FILE...\n"
}

// refCut is the largest n <= limit at which no valid UTF-8 character of
// line starts before n and ends after it.
func refCut(line string, limit int) int {
	for n := limit; ; n-- {
		inside := false
		for s := max(0, n-utf8.UTFMax+1); s < n; s++ {
			r, size := utf8.DecodeRuneInString(line[s:])
			if (r != utf8.RuneError || size > 1) && s+size > n {
				inside = true
			}
		}
		if !inside {
			return n
		}
	}
}

// TestCheckText: text rather than one id per line (a pg_dump, a CSV, a
// log, the tables of psql, mariadb and sqlite3) stops check with exit
// status 2 and what to run instead: a first line of text of any length,
// after a byte order mark too; a header over a rule on line 2; psql's
// footer on any line, after the reports of the lines before it. Text on
// a later line, or an id with spaces around it, is one invalid line
// among others.
func TestCheckText(t *testing.T) {
	const valid = "01arz3ndektsv4rrffq69g5fav"
	const uuid = "01563e3a-b5d3-d676-4c61-efb99302bd5b"
	const line1 = "line 1 is text, not one id"
	const header = "lines 1 and 2 are a table's header, not ids"
	// psql's aligned output of a text column, as psql -c 'SELECT id FROM
	// users' prints it: a centred header, a rule, one space before each
	// value, a footer and a blank line.
	psqlAligned := "             id             \n" + strings.Repeat("-", 28) + "\n " + valid + "\n " + valid + "\n " + valid + "\n(3 rows)\n\n"
	tests := []struct {
		name   string
		stdin  string
		mode   checkMode
		what   string // "" when check reads on
		quoted string // the line the message quotes
		before string // the reports before the message
	}{
		{name: "pg_dump", stdin: "--\n-- PostgreSQL database dump\n--\n", mode: checkStored, what: line1 + " (it begins with \"--\")", quoted: "--"},
		{name: "pg_dump, compact", stdin: "--\n", mode: checkCompact, what: line1 + " (it begins with \"--\")", quoted: "--"},
		{name: "an SQL comment with no space", stdin: "--dump\n" + valid + "\n", what: line1 + " (it begins with \"--\")", quoted: "--dump"},
		{name: "CSV header", stdin: "id,name\n" + valid + ",alice\n", what: line1 + " (',' at index 2)", quoted: "id,name"},
		{name: "CSV row", stdin: valid + ",alice\n", what: line1 + " (',' at index 26)", quoted: valid + ",alice"},
		{name: "COPY data, tab-separated", stdin: valid + "\t4200\r\n", mode: checkStored, what: line1 + " (a tab between words at index 26)", quoted: valid + "\t4200"},
		{name: "psql table of two columns", stdin: "             id             | total\n", what: line1 + " ('|' at index 28)", quoted: "             id             | total"},
		{name: "psql -At, two columns", stdin: valid + "|4200\n" + valid + "|17\n", mode: checkStored, what: line1 + " ('|' at index 26)", quoted: valid + "|4200"},
		{name: "psql -At, two uuid columns", stdin: uuid + "|" + uuid + "\n", mode: checkCompact, what: line1 + " ('|' at index 36)", quoted: uuid + "|" + uuid},
		{name: "psql -A, a header of two columns", stdin: "id|total\n", what: line1 + " ('|' at index 2)", quoted: "id|total"},
		{name: "semicolon", stdin: "a;b\n", what: line1 + " (';' at index 1)", quoted: "a;b"},
		{name: "a rule's characters apart", stdin: "+ -\n", what: line1 + " (a space between words at index 1)", quoted: "+ -"},
		{name: "mariadb's header without -N", stdin: "HEX(id)\n01563E3AB5D3D6764C61EFB99302BD5B\n", mode: checkHex, what: line1 + " ('(' at index 3)", quoted: "HEX(id)"},
		{name: "mariadb's table", stdin: "+----------------------------------+\n| HEX(id) |\n", mode: checkHex, what: line1 + " (it begins with \"+-\")", quoted: "+----------------------------------+"},
		{name: "sqlite3 -box", stdin: "┌──────┐\n│  id  │\n", mode: checkHex, what: line1 + " (it begins with a box drawing character)", quoted: "┌──────┐"},
		{
			name:  "log line, cut at 40 bytes",
			stdin: `time=2026-12-03T19:00:00.000Z level=ERROR msg="payment failed"` + "\n",
			what:  line1 + " (a space between words at index 29)", quoted: `time=2026-12-03T19:00:00.000Z level=ERROR msg="payment failed"`,
		},
		{
			name:  "cut back to a character's start",
			stdin: strings.Repeat("é", 19) + " abc\n", // 38 bytes, then the 2-byte é straddles byte 40
			what:  line1 + " (a space between words at index 38)", quoted: strings.Repeat("é", 19) + " abc",
		},
		{
			name:  "bytes that are not UTF-8 are cut at 40",
			stdin: strings.Repeat("\x80", 41) + " x\n", // no character starts in the first 41 bytes
			what:  line1 + " (a space between words at index 41)", quoted: strings.Repeat("\x80", 41) + " x",
		},
		{
			name:  "a start byte whose sequence is not UTF-8 is one byte",
			stdin: strings.Repeat("a", 38) + "\xf0\x80\x80\x80 x\n", // 0xf0 0x80 is not a sequence's start
			what:  line1 + " (a space between words at index 42)", quoted: strings.Repeat("a", 38) + "\xf0\x80\x80\x80 x",
		},
		// A first line of any length, and after a byte order mark.
		{name: "a CSV line of 5000 bytes", stdin: strings.Repeat("a", 4998) + ",b\n", what: line1 + " (',' at index 4998)", quoted: strings.Repeat("a", 4998) + ",b"},
		{name: "words far apart", stdin: "a" + strings.Repeat(" ", 9000) + "b\r\n", what: line1 + " (a space between words at index 1)", quoted: "a" + strings.Repeat(" ", 9000) + "b"},
		{name: "a long line of spaces after one word", stdin: "--" + strings.Repeat("x", 5000) + "\n", what: line1 + " (it begins with \"--\")", quoted: "--" + strings.Repeat("x", 5000)},
		{name: "a byte order mark before a pg_dump", stdin: "\ufeff--\n-- PostgreSQL database dump\n", mode: checkStored, what: line1 + " (it begins with \"--\")", quoted: "--"},
		{name: "a byte order mark before a CSV", stdin: "\ufeffid,name\r\n", what: line1 + " (',' at index 2)", quoted: "id,name"},
		// psql's aligned output, its default: header, rule, rows, footer.
		{name: "psql's aligned output", stdin: psqlAligned, mode: checkStored, what: header, quoted: "             id             "},
		{name: "psql's aligned output, no rows", stdin: " id \n----\n(0 rows)\n\n", what: header, quoted: " id "},
		{
			name:  "psql's aligned output of a uuid column",
			stdin: "                  id                  \n" + strings.Repeat("-", 38) + "\n " + uuid + "\n(1 row)\n\n",
			mode:  checkCompact, what: header, quoted: "                  id                  ",
		},
		{name: "psql \\pset linestyle unicode", stdin: " id \n────\n 1\n", what: header, quoted: " id "},
		{name: "psql \\pset border 0, no rows: the rule as wide as the header", stdin: "order_id\n--------\n(0 rows)\n", mode: checkStored, what: header, quoted: "order_id"},
		{name: "psql \\pset border 0", stdin: "            id            \n" + strings.Repeat("-", 26) + "\n" + valid + "\n", what: header, quoted: "            id            "},
		{name: "sqlite3 -header -column", stdin: "id" + strings.Repeat(" ", 30) + "\n" + strings.Repeat("-", 32) + "\n01563E3AB5D3D6764C61EFB99302BD5B\n", mode: checkHex, what: header, quoted: "id" + strings.Repeat(" ", 30)},
		// psql -A: no rule, a header of one word, a footer.
		{
			name:  "psql -A, one column",
			stdin: "id\n" + valid + "\n" + valid + "\n(2 rows)\n",
			what:  "line 4 is psql's footer, not an id", quoted: "(2 rows)",
			before: `line 1: invalid id "id": length 2, want 26` + "\n",
		},
		{
			name:  "psql -A, no rows",
			stdin: "id\n(0 rows)\n", mode: checkStored,
			what: "line 2 is psql's footer, not an id", quoted: "(0 rows)",
			before: `line 1: invalid stored id "id": length 2, want 26` + "\n",
		},
		{name: "psql's footer in German", stdin: valid + "\n(1 Zeile)\n", what: "line 2 is psql's footer, not an id", quoted: "(1 Zeile)"},
		// Not text: check reads on.
		{name: "spaces around one id", stdin: " " + valid + "\t\n"},
		{name: "blank first line", stdin: "\n" + valid + "\n"},
		{name: "one hyphen", stdin: "-\n"},
		{name: "text on line 2", stdin: valid + "\n--\n"},
		{name: "a rule shorter than line 1", stdin: "  id\n---\n"},
		{name: "a blank line over a rule", stdin: "  \n---\n"},
		{name: "a rule on line 3", stdin: " id \n" + valid + "\n----\n"},
		{name: "not a footer", stdin: valid + "\n(rows)\n(3)\n(3 (rows))\n"},
		{name: "UUID text", stdin: uuid + "\n", mode: checkCompact},
		{name: "psql -XAt, one column", stdin: valid + "\n" + valid + "\n", mode: checkStored},
		{name: "a long line without text", stdin: strings.Repeat("a", 5000) + "\n" + valid + "\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := []string{"check"}
			if f := flagOf(tt.mode); f != "" {
				args = append(args, f[1:])
			}
			r := runCmd(tt.stdin, args...)
			if want := reference(tt.stdin, maxLine, tt.mode); r.stderr != want {
				t.Errorf("the reference says:\n%q", want)
			}
			if tt.what == "" {
				if strings.Contains(r.stderr, "idkeys check reads one id per line") || r.code == 2 {
					t.Fatalf("check took the input for text: exit status %d, stderr:\n%s", r.code, r.stderr)
				}
				return
			}
			r.check(t, result{stderr: tt.before + textMessage(tt.what, tt.quoted, tt.mode), code: 2})
		})
	}
	// The messages as a user sees them, once each in full.
	runCmd("--\n-- PostgreSQL database dump\n", "check", "-stored").check(t, result{
		stderr: "idkeys check: line 1 is text, not one id (it begins with \"--\"): \"--\"\n" +
			"idkeys check reads one id per line, such as one column of a table:\n" +
			"  psql -XAt -c 'SELECT id FROM users' | idkeys check -stored\n" +
			"A uuid column of compact.ID keys: idkeys check -compact\n" +
			"To find ids in any text (a pg_dump, a CSV, a log): idkeys grep ID FILE...\n",
		code: 2,
	})
	runCmd(`time=2026-12-03T19:00:00.000Z level=ERROR msg="payment failed"`+"\n", "check").check(t, result{
		stderr: "idkeys check: line 1 is text, not one id (a space between words at index 29): \"time=2026-12-03T19:00:00.000Z level=ERRO\"...\n" +
			"idkeys check reads one id per line, such as one column of a table:\n" +
			"  psql -XAt -c 'SELECT id FROM users' | idkeys check\n" +
			"A uuid column of compact.ID keys: idkeys check -compact\n" +
			"To find ids in any text (a pg_dump, a CSV, a log): idkeys grep ID FILE...\n",
		code: 2,
	})
	runCmd(psqlAligned, "check", "-stored").check(t, result{
		stderr: "idkeys check: lines 1 and 2 are a table's header, not ids: \"             id             \"\n" +
			"idkeys check reads one id per line, such as one column of a table:\n" +
			"  psql -XAt -c 'SELECT id FROM users' | idkeys check -stored\n" +
			"A uuid column of compact.ID keys: idkeys check -compact\n" +
			"To find ids in any text (a pg_dump, a CSV, a log): idkeys grep ID FILE...\n",
		code: 2,
	})
	runCmd("PRAGMA foreign_keys=OFF;\n", "check", "-hex").check(t, result{
		stderr: "idkeys check: line 1 is text, not one id (a space between words at index 6): \"PRAGMA foreign_keys=OFF;\"\n" +
			"idkeys check reads one id per line, such as one column of a table:\n" +
			"  sqlite3 app.db 'SELECT hex(id) FROM orders' | idkeys check -hex\n" +
			"  mariadb -N -B -e 'SELECT HEX(id) FROM orders' shop | idkeys check -hex\n" +
			"A text column of ids: idkeys check -stored\n" +
			"To find ids in any text (a pg_dump, a CSV, a log): idkeys grep ID FILE...\n",
		code: 2,
	})
}

// parseLine is the rule of check for one line: id.Parse, or with stored
// the canonical lowercase form only.
func parseLine(line string, stored bool) error {
	if stored {
		var v id.ID
		return v.Scan(line)
	}
	_, err := id.Parse(line)
	return err
}

// TestCheckStored: with -stored, check accepts only what ID.Scan accepts,
// the canonical lowercase form (KEYS-4).
func TestCheckStored(t *testing.T) {
	stdin := "01arz3ndektsv4rrffq69g5fav\n01ARZ3NDEKTSV4RRFFQ69G5FAV\r\n01arz3ndektsv4rrffq69g5faV\n\n"
	runCmd(stdin, "check", "-stored").check(t, result{
		stderr: `line 2: invalid stored id "01ARZ3NDEKTSV4RRFFQ69G5FAV": stored ids must be lowercase (KEYS-4): 'A' at index 2` + "\n" +
			`line 3: invalid stored id "01arz3ndektsv4rrffq69g5faV": stored ids must be lowercase (KEYS-4): 'V' at index 25` + "\n" +
			`line 4: invalid stored id "": length 0, want 26` + "\n" +
			"idkeys check: 3 of 4 lines invalid\n",
		code: 1,
	})
	// Without -stored the same uppercase lines are valid outside input.
	runCmd(stdin, "check").check(t, result{
		stderr: `line 4: invalid id "": length 0, want 26` + "\nidkeys check: 1 of 4 lines invalid\n",
		code:   1,
	})
	runCmd("01arz3ndektsv4rrffq69g5fav\n", "check", "-stored").check(t, result{})
}

// TestCheckCompact: -compact reads a uuid column's dump as compact.ID's
// Scan reads the column (C4, C6, C7).
func TestCheckCompact(t *testing.T) {
	stdin := "" +
		"01563e3a-b5d3-d676-4c61-efb99302bd5b\n" +
		"01563E3A-B5D3-D676-4C61-EFB99302BD5B\n" +
		"00000000-0000-0000-0000-000000000000\r\n" +
		"01arz3ndektsv4rrffq69g5fav\n" +
		"01563e3ab5d3d6764c61efb99302bd5b\n" +
		"01563e3a-b5d3-d676-4c61+efb99302bd5b\n" +
		strings.Repeat("0", 5000) + "\n"
	runCmd(stdin, "check", "-compact").check(t, result{
		stderr: "line 2: invalid stored compact id \"01563E3A-B5D3-D676\"...: UUID text has 'E' at index 5, want a lowercase hex digit\n" +
			"line 3: invalid id: 16 zero bytes are the zero id, which names nothing\n" +
			"line 4: invalid stored compact id: length 26 is an id's text, not its 16 bytes: scan a text column into id.ID (a text column's dump: idkeys check -stored)\n" +
			"line 5: invalid stored compact id \"01563e3ab5d3d6764c\"...: text of length 32, want 36 characters of UUID text\n" +
			"line 6: invalid stored compact id \"01563e3a-b5d3-d676\"...: UUID text has '+' at index 23, want '-'\n" +
			"line 7: invalid id: length 5000, want 36 (UUID text) (line too long to quote)\n" +
			"idkeys check: 6 of 7 lines invalid\n",
		code: 1,
	})
	runCmd("01563e3a-b5d3-d676-4c61-efb99302bd5b\n", "check", "-compact").check(t, result{})
}

// repeatReader yields n bytes of c, then the bytes of tail, without
// holding them in memory.
type repeatReader struct {
	c    byte
	n    int
	tail string
}

func (r *repeatReader) Read(p []byte) (int, error) {
	if r.n == 0 {
		if r.tail == "" {
			return 0, io.EOF
		}
		n := copy(p, r.tail)
		r.tail = r.tail[n:]
		return n, nil
	}
	n := min(len(p), r.n)
	for i := range p[:n] {
		p[i] = r.c
	}
	r.n -= n
	return n, nil
}

// TestCheckBoundedMemory: check reads an over-long line in pieces through
// its one maxLine-byte buffer, so what it allocates does not grow with the
// line. The bound: less than 4*maxLine bytes (16 KiB) in all, for a line
// of 64 KiB (16 buffers) and one of 1 MiB (256 buffers); an implementation
// that held the line would allocate at least the line's length.
func TestCheckBoundedMemory(t *testing.T) {
	const bound = 4 * maxLine
	for _, n := range []int{64 << 10, 1 << 20} {
		in := &repeatReader{c: 'z', n: n, tail: "\r\n01arz3ndektsv4rrffq69g5fav\n"}
		var stdout, stderr bytes.Buffer
		stderr.Grow(1024) // the messages, allocated before measuring
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		code := run([]string{"check"}, in, &stdout, &stderr)
		runtime.ReadMemStats(&after)
		want := fmt.Sprintf("line 1: invalid id: length %d, want 26 (line too long to quote)\nidkeys check: 1 of 2 lines invalid\n", n)
		if code != 1 || stderr.String() != want {
			t.Errorf("%d-byte line: exit status %d, stderr %q; want 1, %q", n, code, stderr.String(), want)
		}
		if got := after.TotalAlloc - before.TotalAlloc; got >= bound {
			t.Errorf("check allocated %d bytes for a %d-byte line, want less than %d", got, n, bound)
		} else {
			t.Logf("%d-byte line: %d bytes allocated (bound %d)", n, got, bound)
		}
	}
}

var errDisk = errors.New("disk on fire")

// errReader yields data, then fails with errDisk.
type errReader struct{ data string }

func (r *errReader) Read(p []byte) (int, error) {
	if r.data == "" {
		return 0, errDisk
	}
	n := copy(p, r.data)
	r.data = r.data[n:]
	return n, nil
}

func TestCheckReadError(t *testing.T) {
	for _, data := range []string{
		"",
		"01arz3ndektsv4rrffq69g5fav\n",
		"01arz3ndektsv4rrffq69g5fav\nbad\n" + strings.Repeat("x", 10000),
	} {
		var stdout, stderr bytes.Buffer
		code := run([]string{"check"}, &errReader{data}, &stdout, &stderr)
		want := "idkeys: reading stdin: disk on fire\n"
		if strings.Contains(data, "bad") {
			want = "line 2: invalid id \"bad\": length 3, want 26\n" + want
		}
		if code != 1 || stdout.Len() != 0 || stderr.String() != want {
			t.Errorf("input %.30q: exit status %d, stdout %q, stderr %q; want 1, nothing, %q", data, code, stdout.String(), stderr.String(), want)
		}
	}
}

// failWriter accepts n bytes, then fails with errDisk.
type failWriter struct{ n int }

func (w *failWriter) Write(p []byte) (int, error) {
	if len(p) > w.n {
		n := w.n
		w.n = 0
		return n, errDisk
	}
	w.n -= len(p)
	return len(p), nil
}

func TestWriteError(t *testing.T) {
	for _, tt := range []struct {
		args []string
		n    int // bytes the writer accepts
	}{
		{nil, 0},
		{[]string{"-n", "100000"}, 0},
		{[]string{"-n", "100000"}, 1_000_000}, // fails in the middle
		{[]string{"inspect", "01arz3ndektsv4rrffq69g5fav"}, 0},
		{[]string{"inspect", "01arz3ndektsv4rrffq69g5fav", "x"}, 0}, // fails at the flush before the error
		{[]string{"-h"}, 0},
		{[]string{"help"}, 100},
	} {
		var stderr bytes.Buffer
		code := run(tt.args, strings.NewReader(""), &failWriter{tt.n}, &stderr)
		if got := stderr.String(); code != 1 || got != "idkeys: writing output: disk on fire\n" {
			t.Errorf("%q, writer failing after %d bytes: exit status %d, stderr %q; want 1 and the write error", tt.args, tt.n, code, got)
		}
	}
}

// FuzzCheck checks that check never panics and reports exactly what the
// slow reference does, in each mode. Besides the real 4096-byte buffer it
// uses the smallest one, 16 bytes, so that inputs of at most 256 bytes
// reach the reading of over-long lines in pieces.
func FuzzCheck(f *testing.F) {
	f.Add("01arz3ndektsv4rrffq69g5fav\r\n\n01ARZ3NDEITSV4RRFFQ69G5FAV\n")
	f.Add("\r\r\n\x00\xff\n7zzzzzzzzzzzzzzzzzzzzzzzzz")
	f.Add("aaaaaaaaaaaaaaa\r\naaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\r")
	f.Add("--\n-- PostgreSQL database dump\n")
	f.Add(" 01arz3ndektsv4rrffq69g5fav,x\r\n")
	f.Add("\ufeff01arz3ndektsv4rrffq69g5fav\n")
	f.Add(" id \n----\n 01arz3ndektsv4rrffq69g5fav\n(1 row)\n\n")
	f.Add("id\n01563E3AB5D3D6764C61EFB99302BD5B\n00000000000000000000000000000000\n(2 rows)")
	f.Add("x'01563e3ab5d3d6764c61efb99302bd5b'\n01563e3a-b5d3-d676-4c61-efb99302bd5b\n┌─\n")
	f.Add("0123456789abcdef \r      x\n")
	f.Add(strings.Repeat("\x80", 41) + ";\n") // no character starts in the first 41 bytes
	f.Fuzz(func(t *testing.T, stdin string) {
		if len(stdin) > 256 {
			// Long inputs add nothing the 16-byte buffer does not reach,
			// and the fuzzer spends its time minimizing them.
			return
		}
		for _, size := range []int{16, maxLine} {
			for _, mode := range []checkMode{checkParse, checkStored, checkCompact, checkHex} {
				var stderr bytes.Buffer
				code := check(strings.NewReader(stdin), &stderr, size, mode)
				want, wantCode := reference(stdin, size, mode), 0
				if strings.Contains(want, "idkeys check reads one id per line") {
					wantCode = 2
				} else if want != "" {
					wantCode = 1
				}
				if code != wantCode || stderr.String() != want {
					t.Fatalf("check%s, buffer of %d bytes: exit status %d, stderr:\n%q\nwant %d, stderr:\n%q", flagOf(mode), size, code, stderr.String(), wantCode, want)
				}
			}
		}
	})
}

// FuzzInspect checks that inspect never panics and prints every argument
// either as a line on stdout (exit 0) or as an error (exit 1), as the
// slow model spelling says: an argument of 32 hex digits or a hyphenated
// UUID is the id of those bytes unless they are zero, anything else is
// what id.Parse says. An accepted UUIDv7 is adopt.ParseUUIDv7's id, a
// decoder the tool does not use.
func FuzzInspect(f *testing.F) {
	f.Add("01ARZ3NDEKTSV4RRFFQ69G5FAV")
	f.Add("7zzzzzzzzzzzzzzzzzzzzzzzzz")
	f.Add("-h")
	f.Add("\xff")
	f.Add("4bf92f3577b34da6a3ce929d0e0e4736")
	f.Add("017F22E2-79B0-7CC3-98C4-DC0C0C07398F")
	f.Add("00000000-0000-0000-0000-000000000000")
	f.Add("0000000000000000000000000000000g")
	f.Fuzz(func(t *testing.T, arg string) {
		r := runCmd("", "inspect", "--", arg)
		v, ok := spelling(arg)
		if !ok {
			if r.code != 1 || r.stdout != "" || !strings.HasPrefix(r.stderr, "idkeys inspect: invalid ") ||
				strings.Count(r.stderr, "\n") != 1 || !strings.HasSuffix(r.stderr, "\n") {
				t.Errorf("inspect %q: exit status %d, stdout %q, stderr %q; want an error", arg, r.code, r.stdout, r.stderr)
			}
			// 32 or 36 bytes, or characters, is a hex id's or a UUID's
			// length: inspect's own error (parseAny).
			chars, _, _ := spell.Runes(arg)
			if _, err := id.Parse(arg); len(arg) != 32 && len(arg) != 36 && chars != 32 && chars != 36 && err != nil &&
				r.stderr != "idkeys inspect: "+strings.TrimPrefix(err.Error(), "id: ")+"\n" && !strings.HasPrefix(r.stderr, "idkeys inspect: "+strings.TrimSuffix(strings.TrimPrefix(err.Error(), "id: "), ", want 26")+", want 26, 32 hex") {
				t.Errorf("inspect %q: stderr %q, id.Parse says %q", arg, r.stderr, err)
			}
			return
		}
		b := v.As16()
		hexs := hex.EncodeToString(b[:])
		uuid := hexs[:8] + "-" + hexs[8:12] + "-" + hexs[12:16] + "-" + hexs[16:20] + "-" + hexs[20:]
		fields := strings.Split(strings.TrimSuffix(r.stdout, "\n"), "\t")
		// A UUID, as text or 32 hex digits, of RFC 9562's variant and a
		// version other than 7 holds no time where an id does: a note
		// says so.
		wantErr := ""
		if (len(arg) == 36 || len(arg) == 32) && b[8]&0xc0 == 0x80 && b[6]&0xf0 != 0x70 {
			wantErr = fmt.Sprintf("idkeys inspect: note: %s has a version %d UUID's layout: unless it holds an id's 16 bytes (a compact key, a trace id made from an id), the time above is no time\n", arg, b[6]>>4)
		}
		if r.code != 0 || r.stderr != wantErr || len(fields) != 5 || fields[0] != v.String() ||
			fields[1] != v.Time().Format(timeLayout) || fields[2] != fmt.Sprint(v.Time().UnixMilli()) ||
			len(fields[1]) < len("2006-01-02T15:04:05.000Z") || fields[3] != hexs || fields[4] != uuid {
			t.Errorf("inspect %q: exit status %d, stdout %q, stderr %q", arg, r.code, r.stdout, r.stderr)
		}
		if u, err := adopt.ParseUUIDv7(arg); err == nil && u != v {
			t.Errorf("inspect %q: %s, but adopt.ParseUUIDv7 says %s", arg, v, u)
		}
		// Each spelling the line shows reads back as the same id.
		for _, s := range fields[3:] {
			if back, ok := spelling(s); !ok || back != v {
				t.Errorf("inspect %q: %q reads back as %s (%v), want %s", arg, s, back, ok, v)
			}
		}
	})
}

// spelling is the slow model of what inspect accepts: a 36-byte argument
// with hyphens at 8, 13, 18 and 23 loses them; 32 bytes that
// hex.DecodeString takes are those bytes, unless all zero; any other
// argument is id.Parse's.
func spelling(s string) (id.ID, bool) {
	if len(s) == 36 {
		if s[8] != '-' || s[13] != '-' || s[18] != '-' || s[23] != '-' {
			return id.ID{}, false
		}
		s = strings.ReplaceAll(s, "-", "")
		if len(s) != 32 {
			return id.ID{}, false
		}
	}
	if len(s) == 32 {
		b, err := hex.DecodeString(s)
		if err != nil {
			return id.ID{}, false
		}
		v, err := id.From16([16]byte(b))
		return v, err == nil
	}
	v, err := id.Parse(s)
	return v, err == nil
}

// writeCounter counts the Write calls made to it.
type writeCounter struct {
	bytes.Buffer
	writes int
}

func (w *writeCounter) Write(p []byte) (int, error) {
	w.writes++
	return w.Buffer.Write(p)
}

// TestCheckFlood: past maxReports invalid lines, check counts the rest
// instead of reporting them, and writes stderr through a buffer: 2,500
// bad lines are the first 1,000 reports, a line for the 1,500 others and
// the count, written in 4 KiB pieces, not one write a line.
func TestCheckFlood(t *testing.T) {
	const bad, shown = 2500, 1000 // 1000: the number the help promises
	in := strings.Repeat("x\n", bad) + "01arz3ndektsv4rrffq69g5fav\n"
	var want strings.Builder
	for i := range shown {
		fmt.Fprintf(&want, "line %d: invalid id \"x\": length 1, want 26\n", i+1)
	}
	fmt.Fprintf(&want, "idkeys check: %d more bad lines not shown (the first %d are above)\n", bad-shown, shown)
	fmt.Fprintf(&want, "idkeys check: %d of %d lines invalid\n", bad, bad+1)
	var stdout bytes.Buffer
	var stderr writeCounter
	code := run([]string{"check"}, strings.NewReader(in), &stdout, &stderr)
	if code != 1 || stdout.Len() != 0 || stderr.String() != want.String() {
		t.Fatalf("exit %d, stdout %q, stderr of %d bytes:\n%.300s...\nwant exit 1, no stdout, stderr of %d bytes:\n%.300s...",
			code, stdout.String(), stderr.Len(), stderr.String(), want.Len(), want.String())
	}
	if most := stderr.Len()/4096 + 1; stderr.writes > most {
		t.Errorf("%d writes to stderr for %d bytes, want at most %d (a 4 KiB buffer)", stderr.writes, stderr.Len(), most)
	}
}

// BenchmarkCheckFlood: check on 100,000 invalid lines (about 10^7 bad
// lines in seconds: see docs/testing.md).
func BenchmarkCheckFlood(b *testing.B) {
	in := strings.Repeat("not-an-id\n", 100_000) // no space: not text
	b.ReportAllocs()
	for b.Loop() {
		if code := run([]string{"check"}, strings.NewReader(in), io.Discard, io.Discard); code != 1 {
			b.Fatalf("exit %d", code)
		}
	}
}

// BenchmarkCheck: check -stored on 100,000 valid ids, a text column's
// dump, the common case.
func BenchmarkCheck(b *testing.B) {
	var in strings.Builder
	for range 100_000 {
		in.WriteString(id.New().String() + "\n")
	}
	b.SetBytes(int64(in.Len()))
	b.ReportAllocs()
	for b.Loop() {
		if code := run([]string{"check", "-stored"}, strings.NewReader(in.String()), io.Discard, io.Discard); code != 0 {
			b.Fatalf("exit %d", code)
		}
	}
}

// TestBadCharacterIndexOneRule: the tool, Parse, id.ID's Scan and
// compact.ID's Scan name the same character at the same index: the first
// character not allowed where it stands, every byte before it ASCII, a
// non-ASCII one quoted as itself (docs/contract.md P4).
func TestBadCharacterIndexOneRule(t *testing.T) {
	const (
		text = "0-arz3ndektsv4rrffq69g5faé"           // 26 characters, 27 bytes
		uuid = "0190b2f1-7c3e-7a3b-8000-00000000000é" // 36 characters, 37 bytes
	)
	runCmd("", "inspect", text, uuid).check(t, result{
		stderr: `idkeys inspect: invalid id "0-arz3ndektsv4rrffq69g5faé": invalid character '-' at index 1` + "\n" +
			`idkeys inspect: invalid UUID "0190b2f1-7c3e-7a3b-8000-00000000000é": invalid character 'é' at index 35` + "\n",
		code: 1,
	})
	runCmd(text+"\n", "check").check(t, result{
		stderr: `line 1: invalid id "0-arz3ndektsv4rrffq69g5faé": invalid character '-' at index 1` + "\n" +
			"idkeys check: 1 of 1 line invalid\n",
		code: 1,
	})
	runCmd(uuid+"\n", "check", "-compact").check(t, result{
		stderr: `line 1: invalid stored compact id "0190b2f1-7c3e-7a3b"...: UUID text has 'é' at index 35, want a lowercase hex digit` + "\n" +
			"idkeys check: 1 of 1 line invalid\n",
		code: 1,
	})
	var v id.ID
	for _, err := range []error{v.Scan(text), v.UnmarshalText([]byte(text))} {
		var pe *id.ParseError
		if !errors.As(err, &pe) || pe.Reason != id.ReasonCharacter || pe.Index != 1 {
			t.Errorf("%v: want ReasonCharacter at index 1", err)
		}
	}
}

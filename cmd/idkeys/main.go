// Command idkeys makes and reads ids: ULIDs written as 26 lowercase Crockford
// base32 characters, such as 01arz3ndektsv4rrffq69g5fav, made and parsed
// by package github.com/idkeys/id.
//
// Usage:
//
//	idkeys [-n N]                         print N new ids (default 1), one per line
//	idkeys inspect ID...                  print each id's canonical form, UTC time, Unix ms, hex and UUID
//	idkeys check [-stored|-compact|-hex]  report the invalid lines of stdin, one id per line
//	idkeys grep ID [FILE...]              print the lines mentioning ID in any spelling
//	idkeys backfill                       make ids for existing rows (see idkeys -h)
//	idkeys help                           print the help (also idkeys -h)
//
// The name is not id: coreutils' id(1), a POSIX command, is on every
// machine, and comes first in most PATHs.
//
// idkeys prints new ids from id.New, one per line, strictly increasing; N is
// from 1 to 10000000.
//
// idkeys inspect prints, for each ID, one line of five tab-separated fields:
// the canonical id, its time in UTC as RFC 3339 with exactly three
// fraction digits, its time in Unix milliseconds, its 16 bytes (the ULID
// binary layout, id.ID.As16) as 32 lowercase hex digits, which is how
// OpenTelemetry and W3C traceparent headers spell a trace id made from it
// (package idotel), and the same bytes in the 8-4-4-4-12 spelling of a
// UUID, as a PostgreSQL uuid column shows them:
//
//	01arz3ndektsv4rrffq69g5fav	2016-07-30T23:54:10.259Z	1469922850259	01563e3ab5d3d6764c61efb99302bd5b	01563e3a-b5d3-d676-4c61-efb99302bd5b
//
// An ID is written in any of those spellings, in any letter case: 26
// characters (id.Parse), 32 hex digits, or 36 characters with hyphens at
// indexes 8, 13, 18 and 23 (the hex read by encoding/hex, the bytes by
// id.From16), so a trace id copied from a trace backend, or a uuid column's
// value, prints its id. 16 zero bytes are the zero id, which names
// nothing, and are refused like 26 zeros. An invalid ID is reported on
// stderr with its reason; the valid ones are still printed.
//
// idkeys check reads stdin, one id per line, prints nothing on stdout, and
// reports each invalid line on stderr as "line N: reason" (the first 1000;
// past that, how many more), then a count. An empty input is an error
// ("no lines read", exit status 1): a query that failed in a pipeline
// prints nothing. Text rather than one id per line stops it with exit
// status 2 and a message saying what to run instead: check the column
// alone (psql -XAt -c 'SELECT id FROM users' | idkeys check -stored;
// -compact for a uuid column, -hex for a BLOB or BINARY(16) one), or find
// ids in any text with idkeys grep. Text is a first line, of any length,
// that holds ',', ';', '|', '(' or ')', or a space or tab between other
// characters, or begins (after spaces and tabs) with "--", "+-" or a box
// drawing character, as a pg_dump, a CSV, a log and the tables of psql,
// mariadb and sqlite3 do; or psql's aligned output, a header over a rule
// of '-' and '+' on line 2; or psql's footer, such as "(3 rows)", on any
// line. A UTF-8 byte order mark at the start of the input is skipped.
// One trailing carriage return is removed from each line, so CRLF files
// check as their LF twins; nothing else is trimmed, so a blank line is
// invalid (length 0), and so is a line with spaces. A line of 4096 bytes
// or more is reported by its length, without quoting it; it is read in
// bounded pieces, so no line length exhausts memory. With -stored, a line
// must be exactly what package id stores, the canonical lowercase form
// (KEYS-4), as ID.Scan requires: use it on a text key column's values;
// without it, any letter case is accepted, as id.Parse does for outside
// input. With -compact, a line must be what compact.ID's Scan reads from
// a PostgreSQL uuid column: 36 characters of lowercase UUID text, not the
// nil UUID. With -hex, a line must be 32 hex digits in either case, as
// SQLite's hex() and MariaDB's HEX() print a BLOB or BINARY(16) column,
// whose 16 bytes compact.ID's Scan reads: any but 16 zero bytes.
//
// Exit status: 0 on success; 1 if an id was invalid, the input empty, or
// reading or writing failed; 2 on a usage error (unknown subcommand or
// flag, a bad -n, no ids for inspect, arguments where none are expected,
// text given to check).
package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/idkeys/id"
	"github.com/idkeys/id/internal/spell"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// Exit statuses.
const (
	exitOK    = 0 // success
	exitFail  = 1 // an invalid id, or an I/O error
	exitUsage = 2 // bad command line
)

// maxCount is the largest N that idkeys -n accepts: 10 million ids are 270 MB
// of output.
const maxCount = 10_000_000

// maxLine is the size of check's read buffer: lines of this many bytes or
// more are reported by length only, and read in pieces of this size.
const maxLine = 4096

// timeLayout is RFC 3339 in UTC with exactly three fraction digits, such as
// 2016-07-30T23:54:10.259Z.
const timeLayout = "2006-01-02T15:04:05.000Z07:00"

const usageText = `usage:
  idkeys [-n N]                         print N new ids (default 1), one per line
  idkeys inspect ID...                  print each id's canonical form, UTC time, Unix ms, hex and UUID
  idkeys check [-stored|-compact|-hex]  report the invalid lines of stdin, one id per line
  idkeys grep ID [FILE...]              print the lines mentioning ID in any spelling (see idkeys -h)
  idkeys backfill                       make ids for existing rows: OLD_KEY<TAB>CREATED_AT lines
  idkeys help                           print the help (also idkeys -h)
`

const helpText = `idkeys makes and reads ids: ULIDs written as 26 lowercase Crockford base32
characters, such as 01arz3ndektsv4rrffq69g5fav (package github.com/idkeys/id).

` + usageText + `
idkeys [-n N]
  Prints N new ids from id.New(), one per line, strictly increasing.
  N is an integer from 1 to 10000000; the default is 1.

idkeys inspect ID...
  For each ID prints one line of five tab-separated fields: the canonical
  (lowercase) id, its time in UTC as RFC 3339 with exactly three fraction
  digits, its time in Unix milliseconds, its 16 bytes as 32 lowercase hex
  digits (the trace id of OpenTelemetry and W3C traceparent headers), and
  the same bytes spelled as a UUID (8-4-4-4-12, as a uuid column shows):
    01arz3ndektsv4rrffq69g5fav	2016-07-30T23:54:10.259Z	1469922850259	01563e3ab5d3d6764c61efb99302bd5b	01563e3a-b5d3-d676-4c61-efb99302bd5b
  ID is any of the three spellings, in any letter case: 26 characters,
  32 hex digits (a trace id) or a 36-character UUID; 16 zero bytes are the
  zero id and are refused. An invalid ID is reported on stderr with its
  reason, and the valid ones are still printed.

idkeys check [-stored|-compact|-hex]
  Reads ids from stdin, one per line, prints nothing on stdout, and reports
  each invalid line on stderr as "line N: reason" (the first 1000, then how
  many more), then a count of them. An empty input is an error, "no lines
  read" (exit status 1): in a pipeline, a failed query prints nothing, so
  run it with set -o pipefail.
  One trailing "\r" is removed from each line (CRLF files), and a UTF-8
  byte order mark at the start of the input; nothing else is trimmed, so a
  blank line is invalid (length 0), and so is a line with spaces. Lines of
  4096 bytes or more are reported by length, unquoted.
  Lines are read as id.Parse reads outside input, in any letter case.
  -stored: accept only the canonical lowercase form, as ID.Scan reads
  stored ids (KEYS-4: an uppercase id in a table misses WHERE id = ?);
  use it on a text key column's values.
  -compact: read UUID text (36 lowercase characters, not the nil UUID),
  as compact.ID reads a PostgreSQL uuid column; use it on a dump of a
  compact column, e.g. psql -XAt -c 'SELECT id FROM orders'.
  -hex: read 32 hex digits in either case, the 16 bytes of a BLOB
  (SQLite) or BINARY(16) (MariaDB) column of compact.ID keys, not 16 zero
  bytes: sqlite3 app.db 'SELECT hex(id) FROM orders' | idkeys check -hex,
  or mariadb -N -B -e 'SELECT HEX(id) FROM orders' shop.
  A whole pg_dump, a CSV, a log or a table as psql, mariadb or sqlite3
  draw it is not one id per line: when the first line is text (it holds
  ',', ';', '|', '(', ')', or a space or tab between other characters, or
  begins with "--", "+-" or a box drawing character), when line 2 is the
  rule under a header (only '-' and '+'), or at a footer such as
  "(3 rows)", check stops with exit status 2 and says what to run instead:
  the column alone,
    psql -XAt -c 'SELECT id FROM users' | idkeys check -stored
  (-compact for a uuid column), or idkeys grep to find ids in any text.

` + grepHelp + `
` + backfillHelp + `
Exit status:
  0  success: every id valid
  1  an invalid id or backfill line, no lines for check, or a read or
     write error
  2  usage error: unknown subcommand or flag, bad -n, no ids for inspect,
     arguments where none are expected, or text given to check
`

// run is the whole command: it parses args (without the program name),
// reads stdin, writes stdout and stderr, and returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("idkeys", stderr)
	n := count(1)
	fs.Var(&n, "n", "print `N` ids")
	if code, ok := parseFlags(fs, args, stdout, stderr); !ok {
		return code
	}
	nSet := false
	fs.Visit(func(f *flag.Flag) { nSet = nSet || f.Name == "n" })

	if fs.NArg() == 0 {
		return generate(int(n), stdout, stderr)
	}
	cmd, rest := fs.Arg(0), fs.Args()[1:]
	switch cmd {
	case "inspect", "check", "help", "backfill", "grep":
	default:
		return usageError(stderr, fmt.Sprintf("unknown command %q", cmd))
	}
	if nSet {
		return usageError(stderr, "-n applies only to making ids, not to "+cmd)
	}
	if cmd == "backfill" {
		return backfillCmd(rest, stdin, stdout, stderr)
	}
	if cmd == "grep" {
		return grepCmd(rest, stdin, stdout, stderr)
	}
	sub := newFlagSet("idkeys "+cmd, stderr)
	stored, compactDump, hexDump := false, false, false
	if cmd == "check" {
		sub.BoolVar(&stored, "stored", false, "accept only the canonical lowercase form")
		sub.BoolVar(&compactDump, "compact", false, "read UUID text, as compact.ID reads a uuid column")
		sub.BoolVar(&hexDump, "hex", false, "read 32 hex digits, the 16 bytes of a BLOB or BINARY(16) column")
	}
	if code, ok := parseFlags(sub, rest, stdout, stderr); !ok {
		return code
	}
	switch cmd {
	case "inspect":
		if sub.NArg() == 0 {
			return usageError(stderr, "inspect: no ids given")
		}
		return inspect(sub.Args(), stdout, stderr)
	case "check":
		if sub.NArg() != 0 {
			return usageError(stderr, "check takes no arguments; it reads stdin")
		}
		var set []string
		mode := checkParse
		for _, f := range []struct {
			on   bool
			name string
			mode checkMode
		}{{stored, "-stored", checkStored}, {compactDump, "-compact", checkCompact}, {hexDump, "-hex", checkHex}} {
			if f.on {
				set, mode = append(set, f.name), f.mode
			}
		}
		if len(set) > 1 {
			return usageError(stderr, "check: "+set[0]+" and "+set[1]+" do not go together")
		}
		return check(stdin, stderr, maxLine, mode)
	default: // help
		if sub.NArg() != 0 {
			return usageError(stderr, "help takes no arguments")
		}
		return printHelp(stdout, stderr)
	}
}

// idError is err's message without package id's "id: " prefix: the
// command names itself instead.
func idError(err error) string { return strings.TrimPrefix(err.Error(), "id: ") }

// newFlagSet returns a flag set that reports errors to stderr and leaves
// the usage message to parseFlags.
func newFlagSet(name string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {}
	return fs
}

// parseFlags parses args into fs. It reports ok, or the exit status to
// return: 0 after printing the help for -h, 2 after a bad flag (whose error
// the flag package has already written to stderr).
func parseFlags(fs *flag.FlagSet, args []string, stdout, stderr io.Writer) (code int, ok bool) {
	err := fs.Parse(args)
	if err == nil {
		return 0, true
	}
	if errors.Is(err, flag.ErrHelp) {
		return printHelp(stdout, stderr), false
	}
	io.WriteString(stderr, usageText)
	return exitUsage, false
}

// usageError writes msg and the usage message to stderr and returns 2.
func usageError(stderr io.Writer, msg string) int {
	fmt.Fprintf(stderr, "idkeys: %s\n%s", msg, usageText)
	return exitUsage
}

func printHelp(stdout, stderr io.Writer) int {
	if _, err := io.WriteString(stdout, helpText); err != nil {
		return writeError(stderr, err)
	}
	return exitOK
}

func writeError(stderr io.Writer, err error) int {
	fmt.Fprintf(stderr, "idkeys: writing output: %v\n", err)
	return exitFail
}

// count is the value of -n: an integer from 1 to maxCount.
type count int

func (c *count) String() string { return strconv.Itoa(int(*c)) }

func (c *count) Set(s string) error {
	v, err := strconv.ParseInt(s, 10, 64)
	if err != nil || v < 1 || v > maxCount {
		return fmt.Errorf("want an integer from 1 to %d", maxCount)
	}
	*c = count(v)
	return nil
}

// generate writes n new ids to stdout, one per line.
func generate(n int, stdout, stderr io.Writer) int {
	w := bufio.NewWriterSize(stdout, 64<<10)
	var line []byte
	for range n {
		line, _ = id.New().AppendText(line[:0])
		line = append(line, '\n')
		if _, err := w.Write(line); err != nil {
			return writeError(stderr, err)
		}
	}
	if err := w.Flush(); err != nil {
		return writeError(stderr, err)
	}
	return exitOK
}

// inspect writes a line for each valid id in args to stdout and the reason
// for each invalid one to stderr.
func inspect(args []string, stdout, stderr io.Writer) int {
	w := bufio.NewWriter(stdout)
	code := exitOK
	var line []byte
	for _, arg := range args {
		v, err := parseAny(arg)
		if err != nil {
			// Keep stdout and stderr in argument order on a terminal.
			if err := w.Flush(); err != nil {
				return writeError(stderr, err)
			}
			fmt.Fprintf(stderr, "idkeys inspect: %s\n", idError(err))
			code = exitFail
			continue
		}
		t := v.Time()
		line, _ = v.AppendText(line[:0])
		line = append(line, '\t')
		line = t.AppendFormat(line, timeLayout)
		line = append(line, '\t')
		line = strconv.AppendInt(line, t.UnixMilli(), 10)
		line = append(line, '\t')
		line = appendHex(line, v)
		line = append(line, '\t')
		line = appendUUID(line, v)
		line = append(line, '\n')
		if _, err := w.Write(line); err != nil {
			return writeError(stderr, err)
		}
		if version, ok := uuidVersion(arg, v); ok && version != 7 {
			// Keep stdout and stderr in argument order on a terminal.
			if err := w.Flush(); err != nil {
				return writeError(stderr, err)
			}
			fmt.Fprintf(stderr, "idkeys inspect: note: %s has a version %d UUID's layout: unless it holds an id's 16 bytes (a compact key, a trace id made from an id), the time above is no time\n", arg, version)
		}
	}
	if err := w.Flush(); err != nil {
		return writeError(stderr, err)
	}
	return code
}

// uuidVersion returns the version of arg when it is UUID text or 32 hex
// digits whose bytes, v's, have RFC 9562's variant (10 in the top bits
// of byte 8).
func uuidVersion(arg string, v id.ID) (int, bool) {
	if len(arg) != 36 && len(arg) != 32 {
		return 0, false
	}
	b := v.As16()
	return int(b[6] >> 4), b[8]>>6 == 2
}

// parseAny reads an id in any of the spellings inspect prints: 32 hex
// digits (a trace id), 36 characters of UUID text, each in any letter
// case (id.From16 of the bytes); or else the 26 characters of id.Parse,
// whose error is the one for every other length, with the two other
// lengths named.
func parseAny(s string) (id.ID, error) {
	var b [16]byte
	bad, kind := -1, "hex id"
	// By bytes, else by characters: 36 of them with an é is UUID text
	// with a bad character in its first 36 bytes (all before it ASCII).
	n := len(s)
	if n != 32 && n != 36 {
		n, _, _ = spell.Runes(s)
	}
	switch n {
	case 32:
		b, bad = spell.Hex(s[:32], false)
	case 36:
		b, bad = spell.UUID(s[:36], false)
		kind = "UUID"
		if bad == 8 || bad == 13 || bad == 18 || bad == 23 {
			return id.ID{}, badSpelling(s, kind, "want '-' at index "+strconv.Itoa(bad))
		}
	default:
		v, err := id.Parse(s)
		if pe := (*id.ParseError)(nil); errors.As(err, &pe) && (pe.Reason == id.ReasonLength || pe.Reason == id.ReasonMissing) {
			return v, fmt.Errorf("%w, 32 hex digits or a 36-character UUID", err)
		}
		return v, err
	}
	if bad >= 0 {
		return id.ID{}, badSpelling(s, kind, "invalid character "+spell.Char(s, bad)+" at index "+strconv.Itoa(bad))
	}
	v, err := id.From16(b)
	if err != nil {
		return id.ID{}, badSpelling(s, kind, "16 zero bytes are the zero id, which names nothing")
	}
	return v, nil
}

// badSpelling is the error for s, a hex id or a UUID (kind), refused for
// reason. s is at most 36 bytes, so it is quoted whole.
func badSpelling(s, kind, reason string) error {
	return fmt.Errorf("id: invalid %s %s: %s", kind, strconv.Quote(s), reason)
}

// appendHex appends the 16 bytes of v as 32 lowercase hex digits.
func appendHex(b []byte, v id.ID) []byte { return spell.AppendHex(b, v.As16()) }

// appendUUID appends the 16 bytes of v as 8-4-4-4-12 lowercase hex digits.
func appendUUID(b []byte, v id.ID) []byte { return spell.AppendUUID(b, v.As16()) }

// skipLine reads the rest of an over-long line whose first piece, without
// its end, was first, and hands each later piece, without the "\n", to
// piece unless it is nil. It returns the line's length without its "\n"
// and without one "\r" before it, as trimEOL would leave it.
func skipLine(r *bufio.Reader, first []byte, piece func([]byte)) (int, error) {
	n, last := len(first), first[len(first)-1]
	for {
		chunk, err := r.ReadSlice('\n')
		body := chunk
		if len(body) > 0 && body[len(body)-1] == '\n' {
			body = body[:len(body)-1]
		}
		if piece != nil {
			piece(body)
		}
		n += len(body)
		if len(body) > 0 {
			last = body[len(body)-1]
		}
		switch {
		case err == nil || err == io.EOF: // the end of the line
			if last == '\r' {
				n--
			}
			return n, nil
		case !errors.Is(err, bufio.ErrBufferFull):
			return n, err
		}
	}
}

// trimEOL removes a trailing "\n", then one trailing "\r".
func trimEOL(b []byte) []byte {
	if len(b) > 0 && b[len(b)-1] == '\n' {
		b = b[:len(b)-1]
	}
	if len(b) > 0 && b[len(b)-1] == '\r' {
		b = b[:len(b)-1]
	}
	return b
}

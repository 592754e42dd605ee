package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
	"unicode/utf8"

	"github.com/idkeys/id"
	"github.com/idkeys/id/compact"
	"github.com/idkeys/id/internal/spell"
)

// checkMode is how idkeys check reads a line: as id.Parse, as id.ID's Scan
// (-stored), as compact.ID's Scan of a uuid column's text (-compact), or
// as compact.ID's Scan of the 16 bytes that 32 hex digits spell (-hex).
type checkMode int

const (
	checkParse checkMode = iota
	checkStored
	checkCompact
	checkHex
)

// bom is the UTF-8 byte order mark, which Windows tools and some editors
// write at the start of a text file.
const bom = "\xef\xbb\xbf"

// check reads ids from stdin, one per line, and reports each invalid line
// on stderr, the first maxReports of them (then how many more). It reads
// with a buffer of size bytes (maxLine; at least 16), and lines of size
// bytes or more are reported by length only. A line is valid if id.Parse
// accepts it, or as mode says. A byte order mark at the start is skipped.
// It returns exitUsage, having said what to run instead, for text rather
// than one id per line (textShape, psqlRule, psqlFooter), and exitFail
// for no line at all: an empty input checks nothing.
func check(stdin io.Reader, stderr io.Writer, size int, mode checkMode) int {
	rep := newReporter(stderr, maxReports)
	defer rep.flush()
	r := bufio.NewReaderSize(stdin, size)
	if b, _ := r.Peek(len(bom)); string(b) == bom {
		r.Discard(len(bom))
	}
	var lines int64
	// Line 1 and its report, held until line 2 shows whether it was a
	// table's header.
	var first []byte
	var firstErr error
	release := func() {
		if firstErr != nil {
			rep.lineErr(1, firstErr)
		}
		first, firstErr = nil, nil
	}
	for {
		chunk, err := r.ReadSlice('\n')
		if len(chunk) == 0 && err == io.EOF {
			break
		}
		if err != nil && err != io.EOF && !errors.Is(err, bufio.ErrBufferFull) {
			release()
			rep.printf("idkeys: reading stdin: %v\n", err)
			return exitFail
		}
		lines++
		if errors.Is(err, bufio.ErrBufferFull) {
			// An over-long line: count its bytes, piece by piece, and
			// for line 1 see whether it is text.
			var shape textShape
			var head []byte // the line's first headLen bytes, or all of it
			piece := func(p []byte) {
				if lines == 1 {
					shape.feed(p)
					head = append(head, p[:min(len(p), headLen-len(head))]...)
				}
			}
			piece(chunk)
			n, err := skipLine(r, chunk, piece)
			if err != nil {
				release()
				rep.printf("idkeys: reading stdin: %v\n", err)
				return exitFail
			}
			if lines == 1 && shape.text() {
				if len(head) < headLen {
					head = trimEOL(head) // all of it
				}
				notOneID(rep, "line 1 is text, not one id ("+shape.reason()+")", head, mode)
				return exitUsage
			}
			release()
			want := "26"
			switch mode {
			case checkCompact:
				want = "36 (UUID text)"
			case checkHex:
				want = "32 (hex digits)"
			}
			rep.line(lines, "id: invalid id: length "+strconv.Itoa(n)+", want "+want+" (line too long to quote)")
			continue
		}
		line := trimEOL(chunk)
		if lines == 1 {
			var shape textShape
			shape.feed(bytes.TrimSuffix(chunk, []byte("\n"))) // its "\r" is shape's to drop
			if shape.text() {
				notOneID(rep, "line 1 is text, not one id ("+shape.reason()+")", line, mode)
				return exitUsage
			}
		}
		if lines == 2 {
			if psqlRule(line, first) {
				notOneID(rep, "lines 1 and 2 are a table's header, not ids", first, mode)
				return exitUsage
			}
			release()
		}
		if lines >= 2 && psqlFooter(line) {
			notOneID(rep, "line "+strconv.FormatInt(lines, 10)+" is psql's footer, not an id", line, mode)
			return exitUsage
		}
		if perr := checkLine(line, mode); lines == 1 {
			first, firstErr = bytes.Clone(line), perr
		} else if perr != nil {
			rep.lineErr(lines, perr)
		}
		if err == io.EOF {
			break
		}
	}
	release()
	if lines == 0 {
		rep.printf("idkeys check: no lines read\n" +
			"An empty input checks nothing: did the command that feeds it fail? (In a script, set -o pipefail.)\n")
		return exitFail
	}
	if rep.n > 0 {
		rep.summary("idkeys check")
		rep.invalidOf("idkeys check", lines, "")
		return exitFail
	}
	return exitOK
}

// checkLine returns why line is not one id as mode reads it, or nil.
func checkLine(line []byte, mode checkMode) error {
	switch mode {
	case checkStored:
		var v id.ID
		return spellingHint(v.Scan(line), line)
	case checkCompact:
		var v compact.ID
		err := v.Scan(string(line))
		if err != nil && len(line) == 26 {
			err = fmt.Errorf("%w (a text column's dump: idkeys check -stored)", err)
		}
		return err
	case checkHex:
		return hexKey(line)
	}
	_, err := id.Parse(string(line))
	return spellingHint(err, line)
}

// spellingHint adds to err, when line is an id in another spelling, the
// check that reads that spelling: id.ID's errors name the package's
// readers (compact.ID), not this command's flags.
func spellingHint(err error, line []byte) error {
	if err == nil || len(line) != 32 && len(line) != 36 {
		return err
	}
	if _, bad := parseAny(string(line)); bad != nil {
		return err
	}
	if len(line) == 32 {
		return fmt.Errorf("%w, or idkeys check -hex for a column of them", err)
	}
	return fmt.Errorf("%w, or idkeys check -compact for a column of them", err)
}

// hexKey returns why line is not 32 hex digits in either case (SQLite's
// hex(), MariaDB's HEX(), the digits of a dump's X'…') that spell the 16
// bytes of a compact key, as compact.ID's Scan reads them from a BLOB or
// BINARY(16) column (any 16 bytes but 16 zero bytes), or nil.
func hexKey(line []byte) error {
	if len(line) == 32 {
		b, bad := spell.Hex(line, false)
		if bad < 0 {
			var v compact.ID
			return v.Scan(b[:])
		}
		return hexError(line, "invalid character "+spell.Char(line, bad)+" at index "+strconv.Itoa(bad)+", want a hex digit")
	}
	n, r, at := spell.Runes(line)
	if n == 32 { // 32 characters in more bytes
		bad := bytes.IndexFunc(line, func(c rune) bool { return !isHexDigit(c) })
		return hexError(line, "invalid character "+spell.Char(line, bad)+" at index "+strconv.Itoa(bad)+", want a hex digit")
	}
	msg := "length " + spell.Length(n, r, at) + ", want 32 hex digits"
	inner := func(from, to int) bool {
		_, bad := spell.Hex(line[from:len(line)-to], false)
		return bad < 0
	}
	switch {
	case !utf8.Valid(line):
		msg += " (raw bytes: SELECT hex(id))"
	case n == 26:
		msg += " (an id's text: idkeys check -stored)"
	case n == 36 && func() bool { _, bad := spell.UUID(line, false); return bad < 0 }():
		msg += " (UUID text: idkeys check -compact)"
	case n == 35 && (line[0] == 'X' || line[0] == 'x') && line[1] == '\'' && line[34] == '\'' && inner(2, 1):
		msg += " (check the digits inside X'...')"
	case n == 34 && line[0] == '0' && (line[1] == 'x' || line[1] == 'X') && inner(2, 0):
		msg += " (check the digits after 0x)"
	}
	return hexError(line, msg)
}

// hexError is hexKey's error for line, quoted short, refused for reason.
func hexError(line []byte, reason string) error {
	return &spell.Error{Msg: "id: invalid hex id " + spell.QuotePrefix(line, maxQuote, len(line)) + ": " + reason, Err: id.ErrInvalid}
}

func isHexDigit(c rune) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// maxQuote is how many bytes of a line hexKey quotes: 32 hex digits and
// their quotes, and a few more.
const maxQuote = 40

// headLen is how many bytes of an over-long first line check keeps, to
// quote the 40 that notOneID quotes and see that more follow.
const headLen = 64

// textShape tells text from one id, however malformed, for check's first
// line, read whole or in pieces: the line is text when it holds ',', ';',
// '|', '(' or ')' (fields, psql's columns, a column header such as
// HEX(id)), or a space or tab between other bytes (words: a log, a
// pg_dump's data, a padded table), or begins, after spaces and tabs, with
// "--" (an SQL comment, as the first line of a pg_dump), "+-" (the top
// rule of a mariadb, sqlite3 -table or psql border 2 table) or a box
// drawing character (sqlite3 -box). One trailing '\r' is not part of the
// line.
type textShape struct {
	words  bool    // a byte other than a space or tab seen
	gap    bool    // a space or tab after one
	isText bool    // decided: text
	lead   [3]byte // the first bytes of the first word, after leading spaces and tabs
	nlead  int
	cr     bool   // a '\r' not yet fed: dropped if it ends the line
	n      int    // the bytes added
	gapAt  int    // the index of the gap's first space or tab
	gapTab bool   // that byte is a tab
	why    string // what decided isText
}

// feed reads the next bytes of the line, without its "\n".
func (s *textShape) feed(p []byte) {
	for _, c := range p {
		if s.cr {
			s.cr = false
			s.add('\r')
		}
		if c == '\r' {
			s.cr = true
			continue
		}
		s.add(c)
	}
}

// add reads one byte of the line.
func (s *textShape) add(c byte) {
	i := s.n
	s.n++
	switch c {
	case ' ', '\t':
		if s.words && !s.gap {
			s.gapAt, s.gapTab = i, c == '\t'
		}
		s.gap = s.words
		return
	case ',', ';', '|', '(', ')':
		if !s.isText {
			s.why = strconv.QuoteRune(rune(c)) + " at index " + strconv.Itoa(i)
		}
		s.isText = true
	}
	if s.gap && !s.isText {
		gap := "a space"
		if s.gapTab {
			gap = "a tab"
		}
		s.why = gap + " between words at index " + strconv.Itoa(s.gapAt)
		s.isText = true
	}
	s.words = true
	if s.nlead < len(s.lead) && !s.gap { // the first word's bytes only
		s.lead[s.nlead] = c
		s.nlead++
	}
}

// text reports whether the bytes fed make the line text.
func (s *textShape) text() bool { return s.reason() != "" }

// reason says what makes the line text, for check's message: how it
// begins, else the first byte that decided it and its index in the line
// ("';' at index 52"); "" when it is not text.
func (s *textShape) reason() string {
	lead := s.lead[:s.nlead]
	switch {
	case bytes.HasPrefix(lead, []byte("--")):
		return `it begins with "--"`
	case bytes.HasPrefix(lead, []byte("+-")):
		return `it begins with "+-"`
	case isBoxDrawing(lead):
		return "it begins with a box drawing character"
	}
	return s.why
}

// isBoxDrawing reports whether b starts with a character of the Unicode
// block Box Drawing, U+2500 to U+257F, 3 bytes of UTF-8.
func isBoxDrawing(b []byte) bool {
	r, _ := utf8.DecodeRune(b)
	return 0x2500 <= r && r <= 0x257f
}

// psqlRule reports whether line 2, line, is the rule under a table's
// header, line 1 (first): only '-', '+' and box drawing characters, as
// psql draws it (aligned output, its default, and \pset linestyle
// unicode) and sqlite3 -header -column does, at least as many
// characters as the header has without its trailing spaces, and the
// header not blank.
func psqlRule(line, first []byte) bool {
	header := bytes.TrimRight(first, " \t")
	if len(bytes.Trim(header, " \t")) == 0 || len(line) == 0 {
		return false
	}
	n := 0
	for i := 0; i < len(line); n++ {
		switch {
		case line[i] == '-' || line[i] == '+':
			i++
		case isBoxDrawing(line[i:]):
			i += 3
		default:
			return false
		}
	}
	return n >= utf8.RuneCount(header)
}

// psqlFooter reports whether line is psql's footer under a table, "(3
// rows)" or "(1 row)", in any language: '(', digits, a space, then text
// without parentheses up to the closing ')'.
func psqlFooter(line []byte) bool {
	if len(line) < 4 || line[0] != '(' || line[len(line)-1] != ')' {
		return false
	}
	inner := line[1 : len(line)-1]
	digits := 0
	for digits < len(inner) && '0' <= inner[digits] && inner[digits] <= '9' {
		digits++
	}
	return digits > 0 && digits < len(inner) && inner[digits] == ' ' && !bytes.ContainsAny(inner, "()")
}

// notOneID reports that check's input is text rather than one id per
// line, as what says, quoting line, and what to run instead.
func notOneID(rep *reporter, what string, line []byte, mode checkMode) {
	run := "  psql -XAt -c 'SELECT id FROM users' | idkeys check"
	other := "A uuid column of compact.ID keys: idkeys check -compact\n"
	switch mode {
	case checkStored:
		run += " -stored"
	case checkCompact:
		run = "  psql -XAt -c 'SELECT id FROM orders' | idkeys check -compact"
		other = "A text column of ids: idkeys check -stored\n"
	case checkHex:
		run = "  sqlite3 app.db 'SELECT hex(id) FROM orders' | idkeys check -hex\n" +
			"  mariadb -N -B -e 'SELECT HEX(id) FROM orders' shop | idkeys check -hex"
		other = "A text column of ids: idkeys check -stored\n"
	}
	const max = 40 // bytes of the line quoted
	quoted := strconv.Quote(string(line))
	if len(line) > max {
		// The longest prefix of at most max bytes that ends between
		// characters; a byte that is not valid UTF-8 counts as one.
		n := 0
		for {
			_, size := utf8.DecodeRune(line[n:])
			if n+size > max {
				break
			}
			n += size
		}
		quoted = strconv.Quote(string(line[:n])) + "..."
	}
	rep.printf("idkeys check: %s: %s\n"+
		"idkeys check reads one id per line, such as one column of a table:\n"+
		"%s\n"+
		"%s"+
		"To find ids in any text (a pg_dump, a CSV, a log): idkeys grep ID FILE...\n", what, quoted, run, other)
}

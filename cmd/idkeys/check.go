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
)

// checkMode is how idkeys check reads a line: as id.Parse, as id.ID's Scan
// (-stored), or as compact.ID's Scan of a uuid column's text (-compact).
type checkMode int

const (
	checkParse checkMode = iota
	checkStored
	checkCompact
)

// check reads ids from stdin, one per line, and reports each invalid line
// on stderr, the first maxReports of them (then how many more). It reads
// with a buffer of size bytes (maxLine; at least 16), and lines of size
// bytes or more are reported by length only. A line is valid if id.Parse
// accepts it, or as mode says.
func check(stdin io.Reader, stderr io.Writer, size int, mode checkMode) int {
	rep := newReporter(stderr, maxReports)
	defer rep.flush()
	r := bufio.NewReaderSize(stdin, size)
	var lines int64
	for {
		chunk, err := r.ReadSlice('\n')
		if len(chunk) == 0 && err == io.EOF {
			break
		}
		if err != nil && err != io.EOF && !errors.Is(err, bufio.ErrBufferFull) {
			rep.printf("idkeys: reading stdin: %v\n", err)
			return exitFail
		}
		lines++
		if errors.Is(err, bufio.ErrBufferFull) {
			// An over-long line: count its bytes, piece by piece.
			n, err := skipLine(r, chunk)
			if err != nil {
				rep.printf("idkeys: reading stdin: %v\n", err)
				return exitFail
			}
			want := "26"
			if mode == checkCompact {
				want = "36 (UUID text)"
			}
			rep.line(lines, "id: invalid id: length "+strconv.Itoa(n)+", want "+want+" (line too long to quote)")
			continue
		}
		line := trimEOL(chunk)
		if lines == 1 && isText(line) {
			notOneID(rep, line, mode)
			return exitUsage
		}
		var perr error
		switch mode {
		case checkStored:
			var v id.ID
			perr = v.Scan(line)
		case checkCompact:
			var v compact.ID
			if perr = v.Scan(string(line)); perr != nil && len(line) == 26 {
				perr = fmt.Errorf("%w (a text column's dump: idkeys check -stored)", perr)
			}
		default:
			_, perr = id.Parse(string(line))
		}
		if perr != nil {
			rep.lineErr(lines, perr)
		}
		if err == io.EOF {
			break
		}
	}
	if rep.n > 0 {
		rep.summary("idkeys check")
		rep.printf("idkeys check: %d of %d lines invalid\n", rep.n, lines)
		return exitFail
	}
	return exitOK
}

// isText reports whether line is text rather than one id, however
// malformed: without its leading and trailing spaces and tabs, it holds a
// space, a tab, ',', ';' or '|' (words or fields: a log, a CSV, a pg_dump's
// data, psql's table output), or it begins with "--" (an SQL comment, as
// the first line of a pg_dump).
func isText(line []byte) bool {
	line = bytes.Trim(line, " \t")
	return bytes.HasPrefix(line, []byte("--")) || bytes.ContainsAny(line, " \t,;|")
}

// notOneID reports that check's first line, line, is text rather than one
// id, and what to run instead.
func notOneID(rep *reporter, line []byte, mode checkMode) {
	flag, column, other := "", "users", "A uuid column of compact.ID keys: idkeys check -compact\n"
	switch mode {
	case checkStored:
		flag = " -stored"
	case checkCompact:
		flag, column, other = " -compact", "orders", "A text column of ids: idkeys check -stored\n"
	}
	const max = 40 // bytes of the line quoted
	quoted := strconv.Quote(string(line))
	if len(line) > max {
		n := max
		for n > 0 && !utf8.RuneStart(line[n]) {
			n--
		}
		quoted = strconv.Quote(string(line[:n])) + "..."
	}
	rep.printf("idkeys check: line 1 is text, not one id: %s\n"+
		"idkeys check reads one id per line, such as one column of a table:\n"+
		"  psql -XAt -c 'SELECT id FROM %s' | idkeys check%s\n"+
		"%s"+
		"To find ids in any text (a pg_dump, a CSV, a log): idkeys grep ID FILE...\n", quoted, column, flag, other)
}

package main

import (
	"bufio"
	"fmt"
	"io"
	"strings"
)

// maxReports is how many bad lines idkeys check and idkeys backfill report one by
// one; the rest are counted. 10 million bad lines would otherwise be half
// a gigabyte of messages.
const maxReports = 1000

// reporter writes the reports of bad lines, "line N: reason", to stderr
// through a buffer, the first max of them, and counts them all. The
// reason is the error's message without package id's "id: " prefix:
// "line 3: invalid id "x": length 1, want 26".
type reporter struct {
	w   *bufio.Writer
	max int
	n   int // bad lines reported so far, written or not
}

func newReporter(stderr io.Writer, max int) *reporter {
	return &reporter{w: bufio.NewWriterSize(stderr, 4<<10), max: max}
}

// line reports bad line n with the reason msg.
func (r *reporter) line(n int64, msg string) {
	r.n++
	if r.n <= r.max {
		fmt.Fprintf(r.w, "line %d: %s\n", n, strings.TrimPrefix(msg, "id: "))
	}
}

// lineErr reports bad line n with err's message, which it makes only if
// it is written: counting a flood of bad lines stays cheap.
func (r *reporter) lineErr(n int64, err error) {
	r.n++
	if r.n <= r.max {
		fmt.Fprintf(r.w, "line %d: %s\n", n, strings.TrimPrefix(err.Error(), "id: "))
	}
}

// printf writes a message that is not a line report, such as a summary.
func (r *reporter) printf(format string, args ...any) {
	fmt.Fprintf(r.w, format, args...)
}

// invalidOf writes the closing count of a run that found bad lines:
// "<prog>: 2 of 5 lines invalid", "<prog>: 1 of 1 line invalid".
func (r *reporter) invalidOf(prog string, lines int64, tail string) {
	noun := "lines"
	if lines == 1 {
		noun = "line"
	}
	r.printf("%s: %d of %d %s invalid%s\n", prog, r.n, lines, noun, tail)
}

// summary writes, after the last report, how many were not written, if
// any: "<prog>: 5 more bad lines not shown (the first 1000 are above)".
func (r *reporter) summary(prog string) {
	if r.n > r.max {
		fmt.Fprintf(r.w, "%s: %d more bad lines not shown (the first %d are above)\n", prog, r.n-r.max, r.max)
	}
}

// flush writes what is buffered.
func (r *reporter) flush() { r.w.Flush() }

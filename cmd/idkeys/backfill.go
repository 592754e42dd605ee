package main

import (
	"bufio"
	"bytes"
	crand "crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime/debug"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/idkeys/id"
	"github.com/idkeys/id/adopt"
)

const backfillHelp = `idkeys backfill [-seed HEX] [-tmpdir DIR]
idkeys backfill -uuidv7 [-tmpdir DIR]
  Makes ids for existing rows (docs/adopting.md). Reads lines
  OLD_KEY<TAB>CREATED_AT from stdin, in any order, and writes lines
  OLD_KEY<TAB>NEW_ID sorted by CREATED_AT, to the nanosecond it is given
  in, then by OLD_KEY (bytewise). NEW_ID carries its row's CREATED_AT
  truncated to the millisecond, and increases from each line to the next,
  so sorting by NEW_ID is sorting by (CREATED_AT, OLD_KEY). Within one
  millisecond, then, a row at 12:00:00.1231 comes before one at
  12:00:00.1239 whatever their keys; only rows of the same instant follow
  OLD_KEY.
  CREATED_AT is RFC 3339 (2024-05-01T12:00:00.123Z: any offset; no
  fraction, or a point and digits, read to the nanosecond; years 1970 to
  9999) or Unix milliseconds (1714564800123, optionally signed, at most
  281474976710655, in the year 10889). OLD_KEY is any text without a tab. Lines are shorter
  than 4096 bytes; one trailing "\r" is removed from each.
  Each OLD_KEY appears once: a repeated one is an error that names its
  line and the line it first appeared on.
  Memory stays under about 100 MB whatever the input and the key length:
  past 64 MB of rows (40 bytes a row plus its key) they are sorted in runs
  in a new temporary folder (under -tmpdir, or $TMPDIR, or /tmp) that is
  removed at the end; it needs about twice the input's size of disk.
  -seed HEX: 64 hexadecimal digits. The same seed and the same set of
  lines give the same output, in any input order; whoever knows the seed
  can compute the ids, so keep it private and destroy it after the
  migration. Without -seed, the seed comes from crypto/rand.
  -uuidv7: OLD_KEY is a UUIDv7; NEW_ID is adopt.FromUUIDv7 of it, the same
  16 bytes, so NEW_ID sorts as the UUID does. A tab and anything after it
  on a line is ignored. Lines are written in input order. Two lines with
  the same UUID, in any letter case or form, are an error.
  Bad lines are reported on stderr as "line N: reason" (the first 1000,
  then how many more), then a count, and nothing is written on stdout.
  Repeated keys are looked for only once every line is well-formed, and
  are reported in the order of the keys.
`

// backfillBudget is how many bytes of rows backfill keeps in memory
// before it sorts them and writes them to a run file: 40 bytes a row
// plus its key.
const backfillBudget = 64 << 20

// backfillOptions are the command line of idkeys backfill.
type backfillOptions struct {
	uuidv7 bool
	seed   [32]byte
	tmpdir string
	budget int // bytes of rows held in memory (backfillBudget)
}

// backfillCmd parses the flags of idkeys backfill and runs it.
func backfillCmd(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("idkeys backfill", stderr)
	var o backfillOptions
	var seedHex string
	fs.BoolVar(&o.uuidv7, "uuidv7", false, "OLD_KEY is a UUIDv7: convert it")
	fs.StringVar(&seedHex, "seed", "", "64 hexadecimal digits: reproducible ids")
	fs.StringVar(&o.tmpdir, "tmpdir", "", "where to make the temporary folder")
	if code, ok := parseFlags(fs, args, stdout, stderr); !ok {
		return code
	}
	if fs.NArg() != 0 {
		return usageError(stderr, "backfill takes no arguments; it reads stdin")
	}
	switch {
	case seedHex != "" && o.uuidv7:
		return usageError(stderr, "backfill: -seed does not apply to -uuidv7, which draws no random bits")
	case seedHex != "":
		b, err := hex.DecodeString(seedHex)
		if err != nil || len(b) != 32 {
			return usageError(stderr, "backfill: -seed wants 64 hexadecimal digits (32 bytes)")
		}
		o.seed = [32]byte(b)
	default:
		crand.Read(o.seed[:])
	}
	o.budget = backfillBudget
	// The rows held in memory are one pointer-free allocation that the
	// garbage collector need not scan, so collecting often is cheap; with
	// the default GOGC of 100 the heap would grow to twice their size
	// before a collection.
	debug.SetGCPercent(25)
	return backfill(o, stdin, stdout, stderr)
}

// backfiller holds the state of one run of idkeys backfill.
type backfiller struct {
	o     backfillOptions
	rep   *reporter // bad lines and other messages, to stderr
	dir   string    // the temporary folder, once made
	lines int64     // lines read so far

	runs int // run files made, for tests
}

// backfill runs idkeys backfill with the parsed options.
func backfill(o backfillOptions, stdin io.Reader, stdout, stderr io.Writer) int {
	b := &backfiller{o: o, rep: newReporter(stderr, maxReports)}
	defer b.rep.flush()
	defer b.cleanup()
	// A temporary folder must not outlive an interrupted run.
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, os.Interrupt, syscall.SIGTERM)
	defer signal.Stop(sig)
	done := make(chan struct{})
	defer close(done)
	go func() {
		select {
		case <-sig:
			b.cleanup()
			fmt.Fprintln(stderr, "idkeys backfill: interrupted; temporary files removed")
			os.Exit(exitFail)
		case <-done:
		}
	}()
	if o.uuidv7 {
		return b.convert(stdin, stdout)
	}
	return b.sortAndMake(stdin, stdout)
}

// cleanup removes the temporary folder, if one was made.
func (b *backfiller) cleanup() {
	if b.dir != "" {
		os.RemoveAll(b.dir)
	}
}

// tempFile creates a file in the temporary folder, making the folder first.
func (b *backfiller) tempFile(pattern string) (*os.File, error) {
	if b.dir == "" {
		d, err := os.MkdirTemp(b.o.tmpdir, "idkeys-backfill-")
		if err != nil {
			return nil, err
		}
		b.dir = d
	}
	return os.CreateTemp(b.dir, pattern)
}

// newSorter returns an external sorter whose run files are in the
// temporary folder.
func (b *backfiller) newSorter(o sortOrder) *extSorter {
	return newExtSorter(o, b.o.budget, func() (*os.File, error) {
		b.runs++
		return b.tempFile("run-*")
	})
}

func (b *backfiller) fail(format string, args ...any) int {
	b.rep.printf("idkeys backfill: "+format+"\n", args...)
	return exitFail
}

// invalid ends a run that found bad lines.
func (b *backfiller) invalid() int {
	b.rep.summary("idkeys backfill")
	b.rep.invalidOf("idkeys backfill", b.lines, "; nothing written")
	return exitFail
}

// readLines calls fn with each line of r, with its number, without its
// end of line, and reports over-long lines itself. It returns a read
// error.
func (b *backfiller) readLines(r io.Reader, fn func(n int64, line []byte)) error {
	br := bufio.NewReaderSize(r, maxLine)
	for {
		chunk, err := br.ReadSlice('\n')
		if len(chunk) == 0 && err == io.EOF {
			return nil
		}
		if err != nil && err != io.EOF && !errors.Is(err, bufio.ErrBufferFull) {
			return err
		}
		b.lines++
		if errors.Is(err, bufio.ErrBufferFull) {
			n, err := skipLine(br, chunk, nil)
			if err != nil {
				return err
			}
			b.rep.line(b.lines, fmt.Sprintf("line of %d bytes, want less than %d", n, maxLine))
			continue
		}
		fn(b.lines, trimEOL(chunk))
		if err == io.EOF {
			return nil
		}
	}
}

// splitLine returns the two fields of OLD_KEY<TAB>CREATED_AT.
func splitLine(line []byte) (key, created []byte, msg string) {
	i := bytes.IndexByte(line, '\t')
	switch {
	case len(line) == 0:
		return nil, nil, "empty line, want OLD_KEY<TAB>CREATED_AT"
	case i < 0:
		return nil, nil, "no tab, want OLD_KEY<TAB>CREATED_AT"
	case i == 0:
		return nil, nil, "empty OLD_KEY"
	case bytes.IndexByte(line[i+1:], '\t') >= 0:
		return nil, nil, "more than two fields, want OLD_KEY<TAB>CREATED_AT"
	}
	return line[:i], line[i+1:], ""
}

// parseCreated reads CREATED_AT: Unix milliseconds (digits, maybe a sign)
// or RFC 3339. The time must be one a ULID can carry. Two things that
// time.Parse would take or refuse without a word get their own message: a
// comma before the fraction (ISO 8601 allows it, RFC 3339 does not; Go
// accepts it), and a year of five digits (in the ULID range up to 10889,
// but not in RFC 3339, whose years have four).
func parseCreated(b []byte) (time.Time, string) {
	s := string(b)
	var t time.Time
	if digits(s) {
		ms, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			return t, fmt.Sprintf("CREATED_AT %q: Unix milliseconds out of range", s)
		}
		t = time.UnixMilli(ms)
	} else {
		var err error
		t, err = time.Parse(time.RFC3339Nano, s)
		switch {
		case err == nil && strings.IndexByte(s, ',') >= 0:
			return time.Time{}, fmt.Sprintf("CREATED_AT %s: a comma before the fraction of a second, want a point (RFC 3339: 12:00:00.123)", quoteShort(s))
		case err != nil && longYear(s):
			return t, fmt.Sprintf("CREATED_AT %s: a year of more than four digits; RFC 3339 has none, give such times as Unix milliseconds", quoteShort(s))
		case err != nil:
			return t, fmt.Sprintf("CREATED_AT %s: want RFC 3339 (2024-05-01T12:00:00.123Z) or Unix milliseconds", quoteShort(s))
		}
	}
	if _, err := id.MinAt(t); err != nil {
		return t, err.Error()
	}
	return t, ""
}

// digits reports whether s is an optional sign and one or more ASCII
// digits.
func digits(s string) bool {
	if len(s) > 0 && (s[0] == '-' || s[0] == '+') {
		s = s[1:]
	}
	if s == "" {
		return false
	}
	for i := range len(s) {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// longYear reports whether s starts with five or more ASCII digits and a
// '-', like the date of a year after 9999.
func longYear(s string) bool {
	i := 0
	for i < len(s) && '0' <= s[i] && s[i] <= '9' {
		i++
	}
	return i >= 5 && i < len(s) && s[i] == '-'
}

// quoteShort quotes at most 40 bytes of s.
func quoteShort(s string) string {
	if len(s) > 40 {
		return strconv.Quote(s[:40]) + "..."
	}
	return strconv.Quote(s)
}

// sortAndMake reads every row and sorts them by key, in bounded memory, to
// refuse repeated keys; then sorts them by (time, key) and makes the ids
// in that order and writes them. Rows that fit in memory are sorted there,
// twice; else the first sort's merged runs feed the second sort.
func (b *backfiller) sortAndMake(stdin io.Reader, stdout io.Writer) int {
	keys := b.newSorter(byKey)
	var addErr error
	err := b.readLines(stdin, func(n int64, line []byte) {
		key, created, msg := splitLine(line)
		var t time.Time
		if msg == "" {
			t, msg = parseCreated(created)
		}
		if msg != "" {
			b.rep.line(n, msg)
			return
		}
		if b.rep.n > 0 || addErr != nil {
			return // only checking the rest now: nothing will be written
		}
		addErr = keys.add(row{sec: t.Unix(), nsec: int32(t.Nanosecond()), line: n, key: key})
	})
	if err != nil {
		return b.fail("reading stdin: %v", err)
	}
	if addErr != nil {
		return b.fail("writing a temporary file: %v", addErr)
	}
	if b.rep.n > 0 {
		return b.invalid()
	}
	src, err := keys.finish()
	if err != nil {
		return b.fail("sorting in temporary files: %v", err)
	}
	var times *extSorter
	if len(keys.runs) > 0 {
		times = keys.reuse(byTime)
	}
	code := b.refuseRepeats(src, times, func(key []byte, first int64) string {
		return fmt.Sprintf("OLD_KEY %s repeated, first on line %d", quoteShort(string(key)), first)
	})
	if code != exitOK {
		return code
	}
	if times == nil {
		keys.order, times = byTime, keys // sorted again in memory by finish
	} else {
		keys.removeRuns()
	}
	src, err = times.finish()
	if err != nil {
		return b.fail("sorting in temporary files: %v", err)
	}
	defer src.close()
	return b.write(src, stdout)
}

// refuseRepeats reads rows sorted by key from src, and reports each row
// whose key an earlier one had, with msg. It passes the other rows on to
// next, if not nil, while none was repeated. It closes src.
func (b *backfiller) refuseRepeats(src rowSource, next *extSorter, msg func(key []byte, first int64) string) int {
	defer src.close()
	var prev []byte
	first := int64(0) // the line of prev's first row; 0 before the first
	for {
		r, err := src.next()
		if err != nil {
			return b.fail("reading temporary files: %v", err)
		}
		if r == nil {
			break
		}
		if first != 0 && bytes.Equal(r.key, prev) {
			b.rep.line(r.line, msg(prev, first))
			continue
		}
		prev, first = append(prev[:0], r.key...), r.line
		if next != nil && b.rep.n == 0 {
			if err := next.add(*r); err != nil {
				return b.fail("writing a temporary file: %v", err)
			}
		}
	}
	if b.rep.n > 0 {
		return b.invalid()
	}
	return exitOK
}

// write makes an id for each row in order and writes OLD_KEY<TAB>NEW_ID.
func (b *backfiller) write(src rowSource, stdout io.Writer) int {
	bf := adopt.NewBackfill(b.o.seed)
	w := bufio.NewWriterSize(stdout, 64<<10)
	var line []byte
	for {
		r, err := src.next()
		if err != nil {
			return b.fail("reading temporary files: %v", err)
		}
		if r == nil {
			break
		}
		v, err := bf.At(time.Unix(r.sec, int64(r.nsec)))
		if err != nil {
			return b.fail("%v", err)
		}
		line = append(append(line[:0], r.key...), '\t')
		line, _ = v.AppendText(line)
		line = append(line, '\n')
		if _, err := w.Write(line); err != nil {
			return writeError(b.rep.w, err)
		}
	}
	if err := w.Flush(); err != nil {
		return writeError(b.rep.w, err)
	}
	return exitOK
}

// convert is idkeys backfill -uuidv7: each OLD_KEY becomes adopt.FromUUIDv7 of
// it, in input order. The output goes to a temporary file first, so that
// nothing reaches stdout when a line is bad or a UUID repeated; the UUIDs
// are sorted, in bounded memory, to find repeated ones.
func (b *backfiller) convert(stdin io.Reader, stdout io.Writer) int {
	f, err := b.tempFile("out-*")
	if err != nil {
		return b.fail("creating a temporary file: %v", err)
	}
	defer f.Close()
	w := bufio.NewWriterSize(f, 256<<10)
	uuids := b.newSorter(byKey)
	var out, raw []byte
	var addErr error
	err = b.readLines(stdin, func(n int64, line []byte) {
		key := line
		if i := bytes.IndexByte(line, '\t'); i >= 0 {
			key = line[:i]
		}
		v, err := adopt.ParseUUIDv7(string(key))
		if err != nil {
			b.rep.lineErr(n, err)
			return
		}
		if b.rep.n > 0 || addErr != nil {
			return
		}
		// The id's text stands for the UUID's 16 bytes.
		raw, _ = v.AppendText(raw[:0])
		addErr = uuids.add(row{line: n, key: raw})
		out = append(append(out[:0], key...), '\t')
		out, _ = v.AppendText(out)
		out = append(out, '\n')
		w.Write(out) // a write error stays in w and comes back from Flush
	})
	if err != nil {
		return b.fail("reading stdin: %v", err)
	}
	if addErr != nil {
		return b.fail("writing a temporary file: %v", addErr)
	}
	if b.rep.n > 0 {
		return b.invalid()
	}
	src, err := uuids.finish()
	if err != nil {
		return b.fail("sorting in temporary files: %v", err)
	}
	code := b.refuseRepeats(src, nil, func(key []byte, first int64) string {
		return fmt.Sprintf("UUID repeated, first on line %d (both give id %s)", first, key)
	})
	if code != exitOK {
		return code
	}
	if err := w.Flush(); err != nil {
		return b.fail("writing a temporary file: %v", err)
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return b.fail("reading a temporary file: %v", err)
	}
	if _, err := io.Copy(stdout, f); err != nil {
		return writeError(b.rep.w, err)
	}
	return exitOK
}

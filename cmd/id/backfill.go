package main

import (
	"bufio"
	"bytes"
	"cmp"
	"container/heap"
	crand "crypto/rand"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"slices"
	"strconv"
	"syscall"
	"time"

	"github.com/idkeys/id"
)

const backfillHelp = `id backfill [-seed HEX] [-tmpdir DIR]
id backfill -uuidv7 [-tmpdir DIR]
  Makes ids for existing rows (docs/adopting.md). Reads lines
  OLD_KEY<TAB>CREATED_AT from stdin, in any order, and writes lines
  OLD_KEY<TAB>NEW_ID, sorted by NEW_ID, so that sorting by NEW_ID is sorting
  by (CREATED_AT, OLD_KEY): each NEW_ID carries its row's CREATED_AT, to
  the millisecond, and ids of one millisecond follow OLD_KEY (bytewise).
  CREATED_AT is RFC 3339 (2024-05-01T12:00:00.123Z, any offset, any
  fraction) or Unix milliseconds (1714564800123). OLD_KEY is any text
  without a tab. One trailing "\r" is removed from each line.
  Memory stays under about 200 MB whatever the input: above 64 MB of rows
  they are sorted in runs in a new temporary folder (under -tmpdir, or
  $TMPDIR, or /tmp) that is removed at the end; it needs about as much
  disk as the input.
  -seed HEX: 64 hexadecimal digits. The same seed and the same set of
  lines give the same output, in any input order; whoever knows the seed
  can compute the ids, so keep it private and destroy it after the
  migration. Without -seed, the seed comes from crypto/rand.
  -uuidv7: OLD_KEY is a UUIDv7; NEW_ID is id.FromUUIDv7 of it, the same
  16 bytes, so NEW_ID sorts as the UUID does. A tab and anything after it
  on a line is ignored. Lines are written in input order.
  Bad lines are reported on stderr as "line N: reason", then a count, and
  nothing is written on stdout.
`

// backfillBudget is how many bytes of rows backfill keeps in memory
// before it sorts them and writes them to a run file: 24 bytes a row
// plus its key.
const backfillBudget = 64 << 20

// mergeFanIn is how many run files one merge reads at once; more runs are
// merged in passes.
const mergeFanIn = 64

// backfillOptions are the command line of id backfill.
type backfillOptions struct {
	uuidv7 bool
	seed   [32]byte
	tmpdir string
	budget int // bytes of rows held in memory (backfillBudget)
}

// backfillCmd parses the flags of id backfill and runs it.
func backfillCmd(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("id backfill", stderr)
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
	return backfill(o, stdin, stdout, stderr)
}

// backfill runs id backfill with the parsed options.
func backfill(o backfillOptions, stdin io.Reader, stdout, stderr io.Writer) int {
	s := &sorter{o: o, stderr: stderr}
	defer s.cleanup()
	// A temporary folder must not outlive an interrupted run.
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, os.Interrupt, syscall.SIGTERM)
	defer signal.Stop(sig)
	done := make(chan struct{})
	defer close(done)
	go func() {
		select {
		case <-sig:
			s.cleanup()
			fmt.Fprintln(stderr, "id backfill: interrupted; temporary files removed")
			os.Exit(exitFail)
		case <-done:
		}
	}()
	if o.uuidv7 {
		return s.convert(stdin, stdout)
	}
	return s.sortAndMake(stdin, stdout)
}

// record is one input row: its time, and where its key is in the arena.
type record struct {
	sec        int64
	nsec       int32
	koff, klen uint32
}

// sorter holds the state of one run of id backfill.
type sorter struct {
	o      backfillOptions
	stderr io.Writer

	dir  string   // the temporary folder, once made
	runs []string // run files written so far, each sorted
	recs []record
	keys []byte // the arena of keys of recs

	lines, bad int
}

// cleanup removes the temporary folder, if one was made.
func (s *sorter) cleanup() {
	if s.dir != "" {
		os.RemoveAll(s.dir)
	}
}

// tempFile creates a file in the temporary folder, making the folder first.
func (s *sorter) tempFile(pattern string) (*os.File, error) {
	if s.dir == "" {
		d, err := os.MkdirTemp(s.o.tmpdir, "id-backfill-")
		if err != nil {
			return nil, err
		}
		s.dir = d
	}
	return os.CreateTemp(s.dir, pattern)
}

func (s *sorter) fail(format string, args ...any) int {
	fmt.Fprintf(s.stderr, "id backfill: "+format+"\n", args...)
	return exitFail
}

// lineError reports a bad input line.
func (s *sorter) lineError(msg string) {
	s.bad++
	fmt.Fprintf(s.stderr, "line %d: %s\n", s.lines, msg)
}

// readLines calls fn with each line of r, without its end of line, and
// reports over-long lines itself. It returns a read error.
func (s *sorter) readLines(r io.Reader, fn func(line []byte)) error {
	br := bufio.NewReaderSize(r, maxLine)
	for {
		chunk, err := br.ReadSlice('\n')
		if len(chunk) == 0 && err == io.EOF {
			return nil
		}
		if err != nil && err != io.EOF && !errors.Is(err, bufio.ErrBufferFull) {
			return err
		}
		s.lines++
		if errors.Is(err, bufio.ErrBufferFull) {
			n, err := skipLine(br, chunk)
			if err != nil {
				return err
			}
			s.lineError(fmt.Sprintf("line of %d bytes, want less than %d", n, maxLine))
			continue
		}
		fn(trimEOL(chunk))
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
// or RFC 3339. The time must be one a ULID can carry.
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
		if err != nil {
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

// quoteShort quotes at most 40 bytes of s.
func quoteShort(s string) string {
	if len(s) > 40 {
		return strconv.Quote(s[:40]) + "..."
	}
	return strconv.Quote(s)
}

// sortAndMake reads every row, sorts them by (time, key) in bounded
// memory, then makes the ids in that order and writes them.
func (s *sorter) sortAndMake(stdin io.Reader, stdout io.Writer) int {
	var spillErr error
	err := s.readLines(stdin, func(line []byte) {
		key, created, msg := splitLine(line)
		if msg != "" {
			s.lineError(msg)
			return
		}
		t, msg := parseCreated(created)
		if msg != "" {
			s.lineError(msg)
			return
		}
		if s.bad > 0 || spillErr != nil {
			return // only checking the rest now: nothing will be written
		}
		if len(s.keys)+len(key)+24*(len(s.recs)+1) > s.o.budget && len(s.recs) > 0 {
			spillErr = s.spill()
		}
		s.recs = append(s.recs, record{sec: t.Unix(), nsec: int32(t.Nanosecond()), koff: uint32(len(s.keys)), klen: uint32(len(key))})
		s.keys = append(s.keys, key...)
	})
	if err != nil {
		return s.fail("reading stdin: %v", err)
	}
	if spillErr != nil {
		return s.fail("writing a temporary file: %v", spillErr)
	}
	if s.bad > 0 {
		fmt.Fprintf(s.stderr, "id backfill: %d of %d lines invalid; nothing written\n", s.bad, s.lines)
		return exitFail
	}
	s.sortRecs()
	var src recordSource
	if len(s.runs) == 0 {
		src = &memSource{s: s}
	} else {
		if len(s.recs) > 0 {
			if err := s.spill(); err != nil {
				return s.fail("writing a temporary file: %v", err)
			}
		}
		for len(s.runs) > mergeFanIn {
			if err := s.mergePass(); err != nil {
				return s.fail("merging temporary files: %v", err)
			}
		}
		m, err := s.openMerge(s.runs)
		if err != nil {
			return s.fail("reading temporary files: %v", err)
		}
		defer m.close()
		src = m
	}
	return s.write(src, stdout)
}

func (s *sorter) key(r record) []byte { return s.keys[r.koff : r.koff+r.klen] }

func compareRecords(a, b record, ka, kb []byte) int {
	if c := cmp.Compare(a.sec, b.sec); c != 0 {
		return c
	}
	if c := cmp.Compare(a.nsec, b.nsec); c != 0 {
		return c
	}
	return bytes.Compare(ka, kb)
}

func (s *sorter) sortRecs() {
	slices.SortFunc(s.recs, func(a, b record) int { return compareRecords(a, b, s.key(a), s.key(b)) })
}

// spill sorts the rows in memory and writes them to a new run file.
func (s *sorter) spill() error {
	s.sortRecs()
	f, err := s.tempFile("run-*")
	if err != nil {
		return err
	}
	w := bufio.NewWriterSize(f, 256<<10)
	var buf []byte
	for _, r := range s.recs {
		buf = appendRecord(buf[:0], r.sec, r.nsec, s.key(r))
		w.Write(buf)
	}
	err = w.Flush()
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	s.runs = append(s.runs, f.Name())
	s.recs, s.keys = s.recs[:0], s.keys[:0]
	return err
}

// appendRecord encodes a row for a run file: seconds, nanoseconds and key
// length as unsigned varints (the time is at or after 1970), then the key.
func appendRecord(b []byte, sec int64, nsec int32, key []byte) []byte {
	b = binary.AppendUvarint(b, uint64(sec))
	b = binary.AppendUvarint(b, uint64(nsec))
	b = binary.AppendUvarint(b, uint64(len(key)))
	return append(b, key...)
}

// recordSource yields rows in sorted order.
type recordSource interface {
	// next returns the next row, or ok false at the end.
	next() (sec int64, nsec int32, key []byte, ok bool, err error)
}

// memSource yields the sorted rows held in memory.
type memSource struct {
	s *sorter
	i int
}

func (m *memSource) next() (int64, int32, []byte, bool, error) {
	if m.i == len(m.s.recs) {
		return 0, 0, nil, false, nil
	}
	r := m.s.recs[m.i]
	m.i++
	return r.sec, r.nsec, m.s.key(r), true, nil
}

// runReader reads one run file.
type runReader struct {
	f    *os.File
	r    *bufio.Reader
	sec  int64
	nsec int32
	key  []byte
}

// advance reads the next row into rr; ok is false at the end of the file.
func (rr *runReader) advance() (ok bool, err error) {
	sec, err := binary.ReadUvarint(rr.r)
	if err == io.EOF {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	nsec, err := binary.ReadUvarint(rr.r)
	if err != nil {
		return false, err
	}
	n, err := binary.ReadUvarint(rr.r)
	if err != nil {
		return false, err
	}
	rr.key = slices.Grow(rr.key[:0], int(n))[:n]
	if _, err := io.ReadFull(rr.r, rr.key); err != nil {
		return false, err
	}
	rr.sec, rr.nsec = int64(sec), int32(nsec)
	return true, nil
}

// merger merges run files: a heap of their readers, smallest row first.
type merger struct {
	h       runHeap
	last    *runReader // the reader whose row next returned last
	readers []*runReader
}

type runHeap []*runReader

func (h runHeap) Len() int { return len(h) }
func (h runHeap) Less(i, j int) bool {
	a, b := h[i], h[j]
	return compareRecords(record{sec: a.sec, nsec: a.nsec}, record{sec: b.sec, nsec: b.nsec}, a.key, b.key) < 0
}
func (h runHeap) Swap(i, j int) { h[i], h[j] = h[j], h[i] }
func (h *runHeap) Push(x any)   { *h = append(*h, x.(*runReader)) }
func (h *runHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}

func (s *sorter) openMerge(paths []string) (*merger, error) {
	m := &merger{}
	for _, p := range paths {
		f, err := os.Open(p)
		if err != nil {
			m.close()
			return nil, err
		}
		rr := &runReader{f: f, r: bufio.NewReaderSize(f, 64<<10)}
		m.readers = append(m.readers, rr)
		ok, err := rr.advance()
		if err != nil {
			m.close()
			return nil, err
		}
		if ok {
			m.h = append(m.h, rr)
		}
	}
	heap.Init(&m.h)
	return m, nil
}

func (m *merger) next() (int64, int32, []byte, bool, error) {
	if m.last != nil {
		// Move the reader of the row returned last on to its next row
		// only now: that row's key, which the caller has used, lives in
		// the reader's buffer.
		ok, err := m.last.advance()
		if err != nil {
			return 0, 0, nil, false, err
		}
		if ok {
			heap.Fix(&m.h, 0)
		} else {
			heap.Pop(&m.h)
		}
		m.last = nil
	}
	if len(m.h) == 0 {
		return 0, 0, nil, false, nil
	}
	m.last = m.h[0]
	return m.last.sec, m.last.nsec, m.last.key, true, nil
}

func (m *merger) close() {
	for _, rr := range m.readers {
		rr.f.Close()
	}
}

// mergePass merges the run files in groups of mergeFanIn into fewer,
// larger ones, and removes the merged ones.
func (s *sorter) mergePass() error {
	var next []string
	for i := 0; i < len(s.runs); i += mergeFanIn {
		group := s.runs[i:min(i+mergeFanIn, len(s.runs))]
		m, err := s.openMerge(group)
		if err != nil {
			return err
		}
		f, err := s.tempFile("run-*")
		if err != nil {
			m.close()
			return err
		}
		w := bufio.NewWriterSize(f, 256<<10)
		var buf []byte
		for {
			sec, nsec, key, ok, err := m.next()
			if err != nil {
				m.close()
				f.Close()
				return err
			}
			if !ok {
				break
			}
			buf = appendRecord(buf[:0], sec, nsec, key)
			w.Write(buf)
		}
		m.close()
		err = w.Flush()
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return err
		}
		for _, p := range group {
			os.Remove(p)
		}
		next = append(next, f.Name())
	}
	s.runs = next
	return nil
}

// write makes an id for each row in order and writes OLD_KEY<TAB>NEW_ID.
func (s *sorter) write(src recordSource, stdout io.Writer) int {
	b := id.NewBackfill(s.o.seed)
	w := bufio.NewWriterSize(stdout, 64<<10)
	var line []byte
	for {
		sec, nsec, key, ok, err := src.next()
		if err != nil {
			return s.fail("reading temporary files: %v", err)
		}
		if !ok {
			break
		}
		v, err := b.At(time.Unix(sec, int64(nsec)))
		if err != nil {
			return s.fail("%v", err)
		}
		line = append(append(line[:0], key...), '\t')
		line, _ = v.AppendText(line)
		line = append(line, '\n')
		if _, err := w.Write(line); err != nil {
			return writeError(s.stderr, err)
		}
	}
	if err := w.Flush(); err != nil {
		return writeError(s.stderr, err)
	}
	return exitOK
}

// convert is id backfill -uuidv7: each OLD_KEY becomes id.FromUUIDv7 of
// it, in input order. The output goes to a temporary file first, so that
// nothing reaches stdout when a line is bad.
func (s *sorter) convert(stdin io.Reader, stdout io.Writer) int {
	f, err := s.tempFile("out-*")
	if err != nil {
		return s.fail("creating a temporary file: %v", err)
	}
	defer f.Close()
	w := bufio.NewWriterSize(f, 256<<10)
	var out []byte
	err = s.readLines(stdin, func(line []byte) {
		key := line
		if i := bytes.IndexByte(line, '\t'); i >= 0 {
			key = line[:i]
		}
		v, err := id.ParseUUIDv7(string(key))
		if err != nil {
			s.lineError(err.Error())
			return
		}
		if s.bad > 0 {
			return
		}
		out = append(append(out[:0], key...), '\t')
		out, _ = v.AppendText(out)
		out = append(out, '\n')
		w.Write(out)
	})
	if err != nil {
		return s.fail("reading stdin: %v", err)
	}
	if s.bad > 0 {
		fmt.Fprintf(s.stderr, "id backfill: %d of %d lines invalid; nothing written\n", s.bad, s.lines)
		return exitFail
	}
	if err := w.Flush(); err != nil {
		return s.fail("writing a temporary file: %v", err)
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return s.fail("reading a temporary file: %v", err)
	}
	if _, err := io.Copy(stdout, f); err != nil {
		return writeError(s.stderr, err)
	}
	return exitOK
}

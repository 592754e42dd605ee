package main

import (
	"bufio"
	"bytes"
	"cmp"
	"container/heap"
	"encoding/binary"
	"io"
	"os"
	"slices"
)

// sortOrder is the order an extSorter sorts rows in.
type sortOrder int

const (
	// byKey sorts by key (bytewise), then by line number: the rows of one
	// key are adjacent, its first line first.
	byKey sortOrder = iota
	// byTime sorts by time (seconds, then nanoseconds), then by key, then
	// by line number.
	byTime
)

// row is one input row of idkeys backfill: its CREATED_AT as seconds and
// nanoseconds since 1970 (zero in -uuidv7 mode), its line number from 1,
// and its key (OLD_KEY, or the 16 bytes of a UUID).
type row struct {
	sec  int64
	nsec int32
	line int64
	key  []byte
}

func compareRows(o sortOrder, a, b *row) int {
	if o == byTime {
		if c := cmp.Compare(a.sec, b.sec); c != 0 {
			return c
		}
		if c := cmp.Compare(a.nsec, b.nsec); c != 0 {
			return c
		}
	}
	if c := bytes.Compare(a.key, b.key); c != 0 {
		return c
	}
	return cmp.Compare(a.line, b.line)
}

// record is a row held in memory: its key is keys[koff:koff+klen] of the
// extSorter's arena, and prefix is the key's first 8 bytes (big-endian,
// zero-padded), which decide most comparisons without reading the arena.
type record struct {
	sec        int64
	line       int64
	prefix     uint64
	nsec       int32
	koff, klen uint32
}

// recordSize is the size of a record in memory, in bytes.
const recordSize = 40

// keyPrefix returns the first 8 bytes of key as a big-endian number,
// padded with zeros: a smaller prefix means a smaller key (bytewise), and
// equal prefixes say nothing.
func keyPrefix(key []byte) uint64 {
	var b [8]byte
	copy(b[:], key)
	return binary.BigEndian.Uint64(b[:])
}

// mergeFanIn is how many run files one merge reads at once; more runs are
// merged in passes.
const mergeFanIn = 64

// extSorter sorts rows in bounded memory: it holds at most budget bytes
// of them (half for records, half for keys; both allocated once, never
// grown), and past that sorts what it holds and writes it to a run file,
// to merge the run files at the end.
type extSorter struct {
	order    sortOrder
	tempFile func() (*os.File, error) // makes a new run file
	recs     []record
	keys     []byte   // the arena of the keys of recs
	runs     []string // run files written so far, each sorted
	spills   int      // run files written from memory, for tests
}

// newExtSorter returns a sorter for rows whose keys are shorter than
// maxLine bytes, holding at most about budget bytes of them in memory.
func newExtSorter(order sortOrder, budget int, tempFile func() (*os.File, error)) *extSorter {
	return &extSorter{
		order:    order,
		tempFile: tempFile,
		recs:     make([]record, 0, max(1, budget/2/recordSize)),
		keys:     make([]byte, 0, max(maxLine, budget/2)),
	}
}

// reuse returns a new, empty sorter for order that takes over e's memory.
// e must have written all its rows to run files (see finish).
func (e *extSorter) reuse(order sortOrder) *extSorter {
	return &extSorter{order: order, tempFile: e.tempFile, recs: e.recs[:0], keys: e.keys[:0]}
}

func (e *extSorter) key(r *record) []byte { return e.keys[r.koff : r.koff+r.klen] }

// add adds a row; its key is copied. It fails if a run file cannot be
// written.
func (e *extSorter) add(r row) error {
	if len(e.recs) == cap(e.recs) || len(e.keys)+len(r.key) > cap(e.keys) {
		if err := e.spill(); err != nil {
			return err
		}
	}
	e.recs = append(e.recs, record{sec: r.sec, nsec: r.nsec, line: r.line, prefix: keyPrefix(r.key), koff: uint32(len(e.keys)), klen: uint32(len(r.key))})
	e.keys = append(e.keys, r.key...)
	return nil
}

// sortRecs sorts the records in memory, in the order compareRows gives.
func (e *extSorter) sortRecs() {
	slices.SortFunc(e.recs, func(x, y record) int {
		if e.order == byTime {
			if c := cmp.Compare(x.sec, y.sec); c != 0 {
				return c
			}
			if c := cmp.Compare(x.nsec, y.nsec); c != 0 {
				return c
			}
		}
		if c := cmp.Compare(x.prefix, y.prefix); c != 0 {
			return c
		}
		if c := bytes.Compare(e.keys[x.koff:x.koff+x.klen], e.keys[y.koff:y.koff+y.klen]); c != 0 {
			return c
		}
		return cmp.Compare(x.line, y.line)
	})
}

// spill sorts the rows in memory and writes them to a new run file.
func (e *extSorter) spill() error {
	e.sortRecs()
	f, err := e.tempFile()
	if err != nil {
		return err
	}
	w := bufio.NewWriterSize(f, 256<<10)
	var buf []byte
	for i := range e.recs {
		r := &e.recs[i]
		buf = appendRow(buf[:0], &row{sec: r.sec, nsec: r.nsec, line: r.line, key: e.key(r)})
		w.Write(buf) // a write error stays in w and comes back from Flush
	}
	err = w.Flush()
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	e.runs = append(e.runs, f.Name())
	e.spills++
	e.recs, e.keys = e.recs[:0], e.keys[:0]
	return err
}

// finish returns the rows in order. If they all fit in memory, they are
// sorted there and nothing is written; else the rest is written to a run
// file too, and the runs are merged (in passes of mergeFanIn). The caller
// closes the source.
func (e *extSorter) finish() (rowSource, error) {
	if len(e.runs) == 0 {
		e.sortRecs()
		return &memSource{e: e}, nil
	}
	if len(e.recs) > 0 {
		if err := e.spill(); err != nil {
			return nil, err
		}
	}
	for len(e.runs) > mergeFanIn {
		if err := e.mergePass(); err != nil {
			return nil, err
		}
	}
	return e.openMerge(e.runs)
}

// removeRuns removes the run files.
func (e *extSorter) removeRuns() {
	for _, p := range e.runs {
		os.Remove(p)
	}
	e.runs = nil
}

// appendRow encodes a row for a run file: seconds, nanoseconds, line
// number and key length as unsigned varints (times are at or after 1970),
// then the key.
func appendRow(b []byte, r *row) []byte {
	b = binary.AppendUvarint(b, uint64(r.sec))
	b = binary.AppendUvarint(b, uint64(r.nsec))
	b = binary.AppendUvarint(b, uint64(r.line))
	b = binary.AppendUvarint(b, uint64(len(r.key)))
	return append(b, r.key...)
}

// rowSource yields rows in sorted order.
type rowSource interface {
	// next returns the next row, or nil at the end. The row and its key
	// are valid until the next call.
	next() (*row, error)
	close()
}

// memSource yields the sorted rows held in memory.
type memSource struct {
	e   *extSorter
	i   int
	cur row
}

func (m *memSource) next() (*row, error) {
	if m.i == len(m.e.recs) {
		return nil, nil
	}
	r := &m.e.recs[m.i]
	m.i++
	m.cur = row{sec: r.sec, nsec: r.nsec, line: r.line, key: m.e.key(r)}
	return &m.cur, nil
}

func (m *memSource) close() {}

// runReader reads one run file.
type runReader struct {
	f   *os.File
	r   *bufio.Reader
	cur row
}

// advance reads the next row into rr.cur; ok is false at the end of the
// file.
func (rr *runReader) advance() (ok bool, err error) {
	var v [4]uint64
	for i := range v {
		v[i], err = binary.ReadUvarint(rr.r)
		if err == io.EOF && i == 0 {
			return false, nil
		}
		if err == io.EOF {
			return false, io.ErrUnexpectedEOF
		}
		if err != nil {
			return false, err
		}
	}
	n := int(v[3])
	rr.cur.key = slices.Grow(rr.cur.key[:0], n)[:n]
	if _, err := io.ReadFull(rr.r, rr.cur.key); err != nil {
		return false, err
	}
	rr.cur.sec, rr.cur.nsec, rr.cur.line = int64(v[0]), int32(v[1]), int64(v[2])
	return true, nil
}

// merger merges run files: a heap of their readers, smallest row first.
type merger struct {
	h       runHeap
	last    *runReader // the reader whose row next returned last
	readers []*runReader
}

type runHeap struct {
	order sortOrder
	rs    []*runReader
}

func (h *runHeap) Len() int           { return len(h.rs) }
func (h *runHeap) Less(i, j int) bool { return compareRows(h.order, &h.rs[i].cur, &h.rs[j].cur) < 0 }
func (h *runHeap) Swap(i, j int)      { h.rs[i], h.rs[j] = h.rs[j], h.rs[i] }
func (h *runHeap) Push(x any)         { h.rs = append(h.rs, x.(*runReader)) }
func (h *runHeap) Pop() any {
	x := h.rs[len(h.rs)-1]
	h.rs = h.rs[:len(h.rs)-1]
	return x
}

func (e *extSorter) openMerge(paths []string) (*merger, error) {
	m := &merger{h: runHeap{order: e.order}}
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
			m.h.rs = append(m.h.rs, rr)
		}
	}
	heap.Init(&m.h)
	return m, nil
}

func (m *merger) next() (*row, error) {
	if m.last != nil {
		// Move the reader of the row returned last on to its next row
		// only now: that row's key, which the caller has used, lives in
		// the reader.
		ok, err := m.last.advance()
		if err != nil {
			return nil, err
		}
		if ok {
			heap.Fix(&m.h, 0)
		} else {
			heap.Pop(&m.h)
		}
		m.last = nil
	}
	if len(m.h.rs) == 0 {
		return nil, nil
	}
	m.last = m.h.rs[0]
	return &m.last.cur, nil
}

func (m *merger) close() {
	for _, rr := range m.readers {
		rr.f.Close()
	}
}

// mergePass merges the run files in groups of mergeFanIn into fewer,
// larger ones, and removes the merged ones.
func (e *extSorter) mergePass() error {
	var next []string
	for i := 0; i < len(e.runs); i += mergeFanIn {
		group := e.runs[i:min(i+mergeFanIn, len(e.runs))]
		name, err := e.mergeGroup(group)
		if err != nil {
			return err
		}
		for _, p := range group {
			os.Remove(p)
		}
		next = append(next, name)
	}
	e.runs = next
	return nil
}

// mergeGroup merges the run files paths into a new one and returns its
// name.
func (e *extSorter) mergeGroup(paths []string) (string, error) {
	m, err := e.openMerge(paths)
	if err != nil {
		return "", err
	}
	defer m.close()
	f, err := e.tempFile()
	if err != nil {
		return "", err
	}
	w := bufio.NewWriterSize(f, 256<<10)
	var buf []byte
	for {
		r, err := m.next()
		if err != nil {
			f.Close()
			return "", err
		}
		if r == nil {
			break
		}
		buf = appendRow(buf[:0], r)
		w.Write(buf)
	}
	err = w.Flush()
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return f.Name(), err
}

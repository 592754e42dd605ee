package main

import (
	"bytes"
	"encoding/base64"
	"slices"

	"github.com/idkeys/id"
)

// form is one spelling of an id that idkeys grep looks for.
type form struct {
	text []byte     // lowercase when fold
	fold bool       // ASCII letters match in either case
	word *[256]bool // the bytes that may not touch a mention
}

// alnum holds the ASCII letters and digits: a mention of a folded form
// is not inside a longer run of them. b64Std and b64URL add the other
// characters of each base64 alphabet.
var alnum, b64Std, b64URL = func() (a, s, u [256]bool) {
	for c := range 256 {
		a[c] = '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
	}
	s, u = a, a
	s['+'], s['/'] = true, true
	u['-'], u['_'] = true, true
	return a, s, u
}()

// lowerASCII maps A-Z to a-z and every other byte to itself.
var lowerASCII = func() (t [256]byte) {
	for c := range 256 {
		t[c] = byte(c)
		if 'A' <= c && c <= 'Z' {
			t[c] = byte(c + 'a' - 'A')
		}
	}
	return t
}()

// formsOf returns the spellings of v: its 26 characters, its 32 hex
// digits and its 36-character UUID in any letter case, and its 16 bytes in
// unpadded base64 (22 characters, either alphabet; "==" may follow), in
// the case base64 wrote.
func formsOf(v id.ID) []form {
	s, _ := v.AppendText(nil)
	raw := v.As16()
	std := base64.RawStdEncoding.EncodeToString(raw[:])
	url := base64.RawURLEncoding.EncodeToString(raw[:])
	fs := []form{
		{text: s, fold: true, word: &alnum},
		{text: appendHex(nil, v), fold: true, word: &alnum},
		{text: appendUUID(nil, v), fold: true, word: &alnum},
		{text: []byte(std), word: &b64Std},
	}
	if url != std {
		fs = append(fs, form{text: []byte(url), word: &b64URL})
	}
	return fs
}

// at reports whether b holds f at s, as a whole word.
func (f *form) at(b []byte, s int) bool {
	e := s + len(f.text)
	if s > 0 && f.word[b[s-1]] || e < len(b) && f.word[b[e]] {
		return false
	}
	t := b[s:e]
	if f.fold {
		for k, c := range f.text {
			if lowerASCII[t[k]] != c {
				return false
			}
		}
		return true
	}
	return bytes.Equal(t, f.text)
}

// anchor says that form forms[form] has the anchor byte at offset off.
type anchor struct{ form, off int }

// stream is one anchor byte and the forms it finds.
type stream struct {
	b       byte
	anchors []anchor
}

// matcher finds the lines holding any of its forms. Every mention of a
// form has that form's anchor character at a known offset, so a search
// is a bytes.IndexByte pass per anchor byte (two for a letter of a
// folded form: its two cases), verifying each hit. plan picks the anchor
// characters that are rarest in a sample of the input.
type matcher struct {
	forms   []form
	streams []stream
	maxLen  int
	spans   [][2]int // scratch for matchLines
}

func newMatcher(ids []id.ID) *matcher {
	m := &matcher{}
	for _, v := range ids {
		for _, f := range formsOf(v) {
			if !slices.ContainsFunc(m.forms, func(g form) bool { return bytes.Equal(g.text, f.text) && g.fold == f.fold }) {
				m.forms = append(m.forms, f)
				m.maxLen = max(m.maxLen, len(f.text))
			}
		}
	}
	m.plan(nil)
	return m
}

// plan chooses, for each form, the character whose bytes are the least
// frequent in sample, preferring bytes already chosen for another form.
func (m *matcher) plan(sample []byte) {
	var freq [256]int
	for _, c := range sample {
		freq[c]++
	}
	m.streams = m.streams[:0]
	chosen := map[byte]int{} // anchor byte -> index in m.streams
	for fi := range m.forms {
		f := &m.forms[fi]
		best, bestCost := 0, -1
		for k, c := range f.text {
			cost := 0
			for _, b := range caseBytes(c, f.fold) {
				if _, ok := chosen[b]; !ok {
					cost += freq[b] + 1
				}
			}
			if bestCost < 0 || cost < bestCost {
				best, bestCost = k, cost
			}
		}
		for _, b := range caseBytes(f.text[best], f.fold) {
			i, ok := chosen[b]
			if !ok {
				i = len(m.streams)
				chosen[b] = i
				m.streams = append(m.streams, stream{b: b})
			}
			m.streams[i].anchors = append(m.streams[i].anchors, anchor{fi, best})
		}
	}
}

// caseBytes returns the bytes that match c: both cases of a letter in a
// folded form, else c.
func caseBytes(c byte, fold bool) []byte {
	if fold && 'a' <= c && c <= 'z' {
		return []byte{c, c - 'a' + 'A'}
	}
	return []byte{c}
}

// matchLines returns the lines of b[from:] that hold a mention, in order,
// as [start, end) offsets, end after the line's '\n' (or len(b)). from
// is the start of a line, or of the bytes to search when b[from-1] is
// context from the same line. With open, b's last line goes on past
// len(b): a mention is reported only if the byte after it is in b.
// The result is valid until the next call.
func (m *matcher) matchLines(b []byte, from int, open bool) [][2]int {
	m.spans = m.spans[:0]
	for _, st := range m.streams {
		m.spans = m.scan(b, from, open, st, m.spans)
	}
	if len(m.streams) > 1 {
		slices.SortFunc(m.spans, func(x, y [2]int) int { return x[0] - y[0] })
		m.spans = slices.Compact(m.spans)
	}
	return m.spans
}

// scan appends the lines found by one anchor stream.
func (m *matcher) scan(b []byte, from int, open bool, st stream, spans [][2]int) [][2]int {
	i := from
	for i < len(b) {
		j := bytes.IndexByte(b[i:], st.b)
		if j < 0 {
			break
		}
		i += j
		found := false
		for _, a := range st.anchors {
			f := &m.forms[a.form]
			s := i - a.off
			e := s + len(f.text)
			if s < from || e > len(b) || open && e == len(b) || !f.at(b, s) {
				continue
			}
			ls := bytes.LastIndexByte(b[from:s], '\n') + 1 + from
			le := len(b)
			if k := bytes.IndexByte(b[e:], '\n'); k >= 0 {
				le = e + k + 1
			}
			spans = append(spans, [2]int{ls, le})
			i, found = le, true
			break
		}
		if !found {
			i++
		}
	}
	return spans
}

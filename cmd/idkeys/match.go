package main

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"slices"

	"github.com/idkeys/id"
)

// form is one spelling of an id that idkeys grep looks for.
type form struct {
	text []byte     // lowercase when fold
	fold bool       // ASCII letters match in either case
	word *[256]bool // the bytes that may not touch a mention
	tail int        // where bytes 6 to 15 start, the sequence and the random bits
}

// alnum holds the ASCII letters and digits: a mention of a folded form
// is not inside a longer run of them. b64Std and b64URL add the other
// characters of each base64 alphabet, b64Both those of both (for an id
// whose two base64 forms are the same text).
var alnum, b64Std, b64URL, b64Both = func() (a, s, u, both [256]bool) {
	for c := range 256 {
		a[c] = '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
	}
	s, u = a, a
	s['+'], s['/'] = true, true
	u['-'], u['_'] = true, true
	for c := range 256 {
		both[c] = s[c] || u[c]
	}
	return a, s, u, both
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
// the case base64 wrote. Each form's tail leaves out the characters that
// spell only the timestamp, which the ids of the same hour share.
func formsOf(v id.ID) []form {
	s, _ := v.AppendText(nil)
	raw := v.As16()
	std := base64.RawStdEncoding.EncodeToString(raw[:])
	url := base64.RawURLEncoding.EncodeToString(raw[:])
	fs := []form{
		{text: s, fold: true, word: &alnum, tail: 10},
		{text: appendHex(nil, v), fold: true, word: &alnum, tail: 12},
		{text: appendUUID(nil, v), fold: true, word: &alnum, tail: 14},
		{text: []byte(std), word: &b64Std, tail: 8},
	}
	if url != std {
		fs = append(fs, form{text: []byte(url), word: &b64URL, tail: 8})
	} else {
		fs[3].word = &b64Both // a whole word in each alphabet
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

// gramLen is the length of the pieces of text the matcher samples: four
// bytes, one load.
const gramLen = 4

// gram is gramLen bytes of a form, its ASCII letters lowercased by
// foldGram, and where they are in it.
type gram struct {
	v         uint32
	form, off int
}

// foldGram reads gramLen bytes of b at p, little-endian, with bit 5 of each
// set: A-Z become a-z, digits and '-', '+', '/' stay, some other bytes
// collide with others (the filter only narrows; every candidate is checked).
func foldGram(b []byte, p int) uint32 {
	return binary.LittleEndian.Uint32(b[p:]) | 0x20202020
}

// gramHash maps a folded gram to a bit of matcher.filter.
func gramHash(v uint32) uint32 { return v * 0x9e3779b1 >> 16 }

// matcher finds the lines holding any of its forms. Every form's tail is
// at least stride+gramLen-1 bytes long (stride is 11: the 14 base64
// characters of bytes 6 to 15 are the shortest tail), so of the grams of
// the text that start at every stride-th position, one lies inside the
// tail of each mention. A search reads those grams only, looks each up in
// a bit set of the hashes of the tails' grams (a miss for all but about 1
// in 1,000 grams of other text), and checks the forms around each hit:
// one load and a lookup per stride bytes, whatever the text holds.
type matcher struct {
	forms  []form
	grams  []gram
	filter [1 << 10]uint64 // 1<<16 bits, one per gramHash value
	stride int
	maxLen int
	spans  [][2]int // scratch for matchLines
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
	m.stride = m.maxLen
	for fi, f := range m.forms {
		m.stride = min(m.stride, len(f.text)-f.tail-gramLen+1)
		for off := f.tail; off+gramLen <= len(f.text); off++ {
			v := foldGram(f.text, off)
			m.grams = append(m.grams, gram{v, fi, off})
			h := gramHash(v)
			m.filter[h>>6] |= 1 << (h & 63)
		}
	}
	return m
}

// matchLines returns the lines of b[from:] that hold a mention, in order,
// as [start, end) offsets, end after the line's '\n' (or len(b)). from
// is the start of a line, or of the bytes to search when b[from-1] is
// context from the same line. With open, b's last line goes on past
// len(b): a mention is reported only if the byte after it is in b.
// The result is valid until the next call.
func (m *matcher) matchLines(b []byte, from int, open bool) [][2]int {
	spans := m.spans[:0]
	stride, last := m.stride, len(b)-gramLen
	p := from
	for p <= last {
		v := foldGram(b, p)
		h := gramHash(v)
		if m.filter[h>>6]&(1<<(h&63)) == 0 {
			p += stride
			continue
		}
		le := -1
		for _, g := range m.grams {
			if g.v != v {
				continue
			}
			f := &m.forms[g.form]
			s := p - g.off
			e := s + len(f.text)
			if s < from || e > len(b) || open && e == len(b) || !f.at(b, s) {
				continue
			}
			ls := bytes.LastIndexByte(b[from:s], '\n') + 1 + from
			le = len(b)
			if k := bytes.IndexByte(b[e:], '\n'); k >= 0 {
				le = e + k + 1
			}
			spans = append(spans, [2]int{ls, le})
			break
		}
		if le < 0 {
			p += stride
		} else {
			p = le
		}
	}
	m.spans = spans
	return spans
}

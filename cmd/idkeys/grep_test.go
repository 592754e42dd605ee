package main

import (
	"bytes"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"io"
	"math/big"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/idkeys/id"
)

// The spellings of the ULID spec's example id.
const (
	gID   = "01arz3ndektsv4rrffq69g5fav"
	gHex  = "01563e3ab5d3d6764c61efb99302bd5b"
	gUUID = "01563e3a-b5d3-d676-4c61-efb99302bd5b"
	gStd  = "AVY+OrXT1nZMYe+5kwK9Ww"
	gURL  = "AVY-OrXT1nZMYe-5kwK9Ww"
	other = "01kbm0b9zq8r0x3m5g3qv7w9yd"
)

func TestGrepStdin(t *testing.T) {
	lines := []struct {
		text  string
		match bool
	}{
		{"msg=start", false},
		{"order=" + gID + " ok", true},
		{"ORDER=" + strings.ToUpper(gID), true},
		{`{"TraceID":"` + gHex + `"}`, true},
		{"trace " + strings.ToUpper(gHex), true},
		{"row\t" + gUUID + "\t42", true},
		{"mixed 01ARz3ndektsv4rrffq69g5fav,", true},
		{`{"id":"` + gStd + `=="}`, true},
		{"url " + gURL, true},
		{"x" + gID, false},                        // inside a longer word
		{gID + "z", false},                        // followed by a letter
		{"ff" + gHex, false},                      // inside a longer hex run
		{gHex[:31], false},                        // too short
		{"9" + gUUID, false},                      // after a digit
		{"lower " + strings.ToLower(gStd), false}, // base64 keeps its case
		{"other " + other, false},
		{"last " + gUUID, true}, // no newline at the end of the input
	}
	var in, want string
	for _, l := range lines {
		in += l.text + "\n"
		if l.match {
			want += l.text + "\n"
		}
	}
	in = strings.TrimSuffix(in, "\n")
	for _, arg := range []string{gID, strings.ToUpper(gID), gHex, strings.ToUpper(gUUID)} {
		runCmd(in, "grep", arg).check(t, result{stdout: want})
	}
	runCmd(in, "grep", "-c", gID).check(t, result{stdout: "9\n"})
	runCmd(in, "grep", "-l", gID).check(t, result{stdout: "(standard input)\n"})
	runCmd(in, "grep", other).check(t, result{stdout: "other " + other + "\n"})
	runCmd(in, "grep", "-e", other, "-e", gHex).check(t, result{stdout: want[:strings.Index(want, "last")] + "other " + other + "\n" + "last " + gUUID + "\n"})
	runCmd("nothing here\n", "grep", gID).check(t, result{code: 1})
	runCmd("nothing here\n", "grep", "-c", gID).check(t, result{stdout: "0\n", code: 1})
	runCmd("", "grep", gID).check(t, result{code: 1})
}

// grepUsage ends the report of a bad flag.
const grepUsage = "usage: idkeys grep [-l] [-c] [-r|-R] [--line-buffered] [-e ID]... ID [FILE...]\n"

func TestGrepErrors(t *testing.T) {
	runCmd("", "grep").check(t, result{stderr: "idkeys grep: no id given\n" + grepHelp, code: 2})
	runCmd("", "grep", "01arz3ndektsv4rrffq69g5faI").check(t, result{
		stderr: `idkeys grep: invalid id "01arz3ndektsv4rrffq69g5faI": invalid character 'I' at index 25` + "\n", code: 2})
	runCmd("", "grep", "-e", "nope").check(t, result{
		stderr: `idkeys grep: invalid value "nope" for flag -e: invalid id "nope": length 4, want 26, 32 hex digits or a 36-character UUID` + "\n" + grepUsage, code: 2})
	// Part of an id: idkeys grep looks for whole ids, and says what finds a part.
	runCmd("", "grep", "01arz3nd").check(t, result{
		stderr: `idkeys grep: invalid id "01arz3nd": length 8, want 26, 32 hex digits or a 36-character UUID; idkeys grep looks for whole ids: for a part of one, use grep -i` + "\n", code: 2})
	runCmd("", "grep", "01arz-nd").check(t, result{
		stderr: `idkeys grep: invalid id "01arz-nd": length 8, want 26, 32 hex digits or a 36-character UUID` + "\n", code: 2})
	// GNU grep's -i: ids match in any case already.
	runCmd("", "grep", "-i", gID).check(t, result{
		stderr: "idkeys grep: flag provided but not defined: -i (ids match in any case already)\n" + grepUsage, code: 2})
	runCmd("", "grep", "-l", "-c", gID).check(t, result{stderr: "idkeys grep: -l and -c do not go together\n", code: 2})
	dir := t.TempDir()
	missing := filepath.Join(dir, "missing.log")
	good := filepath.Join(dir, "good.log")
	os.WriteFile(good, []byte("a "+gID+"\n"), 0o600)
	r := runCmd("", "grep", gID, missing, good)
	r.check(t, result{stdout: good + ":a " + gID + "\n", stderr: "idkeys grep: open " + missing + ": no such file or directory\n", code: 2})
	runCmd("", "grep", gID, dir).check(t, result{stderr: "idkeys grep: " + dir + ": is a folder (use -r)\n", code: 2})
}

func TestGrepFiles(t *testing.T) {
	dir := t.TempDir()
	write := func(name, s string) string {
		p := filepath.Join(dir, name)
		os.MkdirAll(filepath.Dir(p), 0o700)
		if err := os.WriteFile(p, []byte(s), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	a := write("app.log", "1 "+gID+"\n2 nothing\n3 "+gHex+"\n")
	b := write("sub/spans.json", `{"TraceID":"`+strings.ToUpper(gHex)+`"}`+"\n")
	c := write("sub/deep/dump.sql", "COPY orders (id) FROM stdin;\n"+gUUID+"\n\\.\n")
	d := write("none.txt", "nothing\n")
	runCmd("", "grep", gID, a).check(t, result{stdout: "1 " + gID + "\n3 " + gHex + "\n"})
	runCmd("", "grep", gID, a, b, d).check(t, result{stdout: a + ":1 " + gID + "\n" + a + ":3 " + gHex + "\n" + b + `:{"TraceID":"` + strings.ToUpper(gHex) + `"}` + "\n"})
	runCmd("", "grep", "-c", gID, a, b, d).check(t, result{stdout: a + ":2\n" + b + ":1\n" + d + ":0\n"})
	runCmd("", "grep", "-l", gID, a, b, d).check(t, result{stdout: a + "\n" + b + "\n"})
	runCmd("", "grep", "-r", "-l", gUUID, dir).check(t, result{stdout: a + "\n" + c + "\n" + b + "\n"})
	runCmd("", "grep", "-r", "-c", gUUID, dir).check(t, result{stdout: a + ":2\n" + d + ":0\n" + c + ":1\n" + b + ":1\n"})
	runCmd("", "grep", "-r", gID, filepath.Join(dir, "sub")).check(t, result{stdout: c + ":" + gUUID + "\n" + b + `:{"TraceID":"` + strings.ToUpper(gHex) + `"}` + "\n"})
	runCmd("x "+gID+"\n", "grep", gID, "-", d).check(t, result{stdout: "(standard input):x " + gID + "\n"})
	runCmd("", "grep", gID, a, "-c", d).check(t, result{stdout: a + ":2\n" + d + ":0\n"})
	runCmd("", "grep", "-c", "--", gID, a).check(t, result{stdout: "2\n"})
}

// TestGrepLongLines checks lines far longer than the buffer, with the
// mention at the start, in the middle, across a piece boundary and at the
// end, and none; the printed lines must be whole.
func TestGrepLongLines(t *testing.T) {
	long := func(n int, at int, mention string) string {
		b := bytes.Repeat([]byte{'.'}, n)
		if at >= 0 {
			copy(b[at:], mention)
		}
		return string(b)
	}
	const size = 4 << 20
	var in strings.Builder
	var want strings.Builder
	lines := []string{
		long(size, 0, gID),
		long(size, size/2, gUUID),
		long(size, size-len(gHex), gHex),
		long(size, -1, ""),
		"short " + gID,
		long(size, size-len(gHex)-1, "x"+gHex), // not a whole word
	}
	for i := range 200 {
		lines = append(lines, long(3000+i, 1000+i, gUUID)) // across many piece boundaries
	}
	for _, l := range lines {
		in.WriteString(l + "\n")
		if strings.Contains(l, gID) || strings.Contains(l, gUUID) || strings.Contains(l, "."+gHex) {
			want.WriteString(l + "\n")
		}
	}
	file := filepath.Join(t.TempDir(), "long.log")
	if err := os.WriteFile(file, []byte(in.String()), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, bufSize := range []int{100, 4096, 256 << 10} {
		old := grepBuf
		grepBuf = bufSize
		r := runCmd(in.String(), "grep", gID)
		rf := runCmd("", "grep", gID, file) // a long line is read again from the file
		grepBuf = old
		if r.code != 0 || r.stderr != "" || r.stdout != want.String() {
			t.Errorf("buffer %d: status %d, stderr %q, %d bytes out, want %d", bufSize, r.code, r.stderr, len(r.stdout), want.Len())
		}
		if rf.code != 0 || rf.stderr != "" || rf.stdout != want.String() {
			t.Errorf("buffer %d, from a file: status %d, stderr %q, %d bytes out, want %d", bufSize, rf.code, rf.stderr, len(rf.stdout), want.Len())
		}
		grepBuf = bufSize
		r = runCmd(in.String()+long(size, size-36, gUUID), "grep", "-c", gID)
		grepBuf = old
		if want := "205\n"; r.stdout != want {
			t.Errorf("buffer %d: -c printed %q, want %q", bufSize, r.stdout, want)
		}
	}
}

// refGrep is the slow reference of idkeys grep for the id whose 16 bytes
// are want, written from grepHelp's rules alone: each line, each window
// of 22, 26, 32 and 36 bytes, decoded here with alphabets of its own, and
// the bytes around it checked against the word rule of what it decoded
// as. It shares no code with the matcher (formsOf, form.at, the grams):
// a bug in the spellings the matcher looks for is a difference here.
func refGrep(in []byte, want [16]byte) []byte {
	var out []byte
	for len(in) > 0 {
		line := in
		if i := bytes.IndexByte(in, '\n'); i >= 0 {
			line = in[:i]
		}
		in = in[min(len(in), len(line)+1):]
		if refMentions(line, want) {
			out = append(append(out, line...), '\n')
		}
	}
	return out
}

// The alphabets of refGrep.
const (
	refAlnum     = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
	refCrockford = "0123456789abcdefghjkmnpqrstvwxyz"
	refHex       = "0123456789abcdef"
	refStd       = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
	refURL       = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
)

// refMentions reports whether line holds a mention of want as a whole word.
func refMentions(line []byte, want [16]byte) bool {
	word := func(s, n int, word string) bool { // nothing of word around line[s:s+n]
		return (s == 0 || strings.IndexByte(word, line[s-1]) < 0) && (s+n == len(line) || strings.IndexByte(word, line[s+n]) < 0)
	}
	is := func(b [16]byte, ok bool) bool { return ok && b == want }
	for s := range line {
		for _, n := range []int{22, 26, 32, 36} {
			if s+n > len(line) {
				continue
			}
			w := line[s : s+n]
			switch {
			case n == 26 && word(s, n, refAlnum) && is(refDigits(w, refCrockford, 5, true, 0)):
				return true
			case n == 32 && word(s, n, refAlnum) && is(refDigits(w, refHex, 4, true, 0)):
				return true
			case n == 36 && word(s, n, refAlnum) && w[8] == '-' && w[13] == '-' && w[18] == '-' && w[23] == '-' &&
				is(refDigits(slices.Concat(w[:8], w[9:13], w[14:18], w[19:23], w[24:]), refHex, 4, true, 0)):
				return true
			case n == 22:
				// Either alphabet, in its case; the word is that
				// alphabet's, or both when the text is in both.
				alphabet := refStd + "-_"
				if bytes.ContainsAny(w, "+/") {
					alphabet = refStd
				} else if bytes.ContainsAny(w, "-_") {
					alphabet = refURL
				}
				if word(s, n, alphabet) && (is(refDigits(w, refStd, 6, false, 4)) || is(refDigits(w, refURL, 6, false, 4))) {
					return true
				}
			}
		}
	}
	return false
}

// refDigits decodes w, digits of bits bits each in alphabet (letters in
// either case if fold), as a big number whose last pad bits must be zero,
// into 16 bytes; ok is false for a byte outside the alphabet or a value
// of more than 128 bits.
func refDigits(w []byte, alphabet string, bits uint, fold bool, pad uint) (b [16]byte, ok bool) {
	n := new(big.Int)
	for _, c := range w {
		if fold && 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		v := strings.IndexByte(alphabet, c)
		if v < 0 {
			return b, false
		}
		n.Lsh(n, bits).Or(n, big.NewInt(int64(v)))
	}
	if new(big.Int).And(n, big.NewInt(1<<pad-1)).Sign() != 0 {
		return b, false
	}
	n.Rsh(n, pad)
	if n.BitLen() > 128 {
		return b, false
	}
	n.FillBytes(b[:])
	return b, true
}

// FuzzGrep compares idkeys grep's line reading and matcher, with read
// buffers from 65 bytes up and long lines read again from the input as
// from a regular file, with refGrep, for the id of the 16 bytes raw (the
// ULID spec's example when raw is not 16 bytes or is zero); each input
// gets a spelling of the id spliced in, so that matches happen.
func FuzzGrep(f *testing.F) {
	f.Add([]byte("a "+gID+" b\nx"+gHex+"\n"+gUUID), uint16(70), uint8(0), []byte{})
	f.Add([]byte(strings.Repeat("0", 200)+gStd+"==\n"+gURL), uint16(65), uint8(3), []byte{})
	f.Add([]byte(strings.ToUpper(gUUID)+"\n\n"), uint16(1000), uint8(9), []byte{})
	f.Add([]byte("last "+gID+" status=failed"), uint16(4000), uint8(7), []byte{}) // the text after the mention
	f.Add([]byte("-"+gURL+"- /"+gStd+"/ +x"), uint16(100), uint8(4), []byte{})
	f.Add([]byte("ab\ncd "), uint16(80), uint8(2), bytes.Repeat([]byte{0x5a}, 16)) // base64 in both alphabets
	f.Fuzz(func(t *testing.T, in []byte, size uint16, seed uint8, raw []byte) {
		v := id.MustParse(gID)
		if len(raw) == 16 {
			if w, err := id.From16([16]byte(raw)); err == nil {
				v = w
			}
		}
		b := v.As16()
		// Splice a spelling into the input, made here with encoding/hex
		// and encoding/base64 (the 26 characters are ID.String's).
		hx := hex.EncodeToString(b[:])
		uuid := hx[:8] + "-" + hx[8:12] + "-" + hx[12:16] + "-" + hx[16:20] + "-" + hx[20:]
		std, url := base64.RawStdEncoding.EncodeToString(b[:]), base64.RawURLEncoding.EncodeToString(b[:])
		text := v.String()
		mixed := []byte(text) // its first three characters in uppercase
		for i := 0; i < 3; i++ {
			if 'a' <= mixed[i] && mixed[i] <= 'z' {
				mixed[i] -= 'a' - 'A'
			}
		}
		spells := []string{text, hx, uuid, std, url, strings.ToUpper(hx), string(mixed), strings.ToUpper(uuid)}
		if len(in) > 0 {
			at := int(seed) * 7 % len(in)
			in = append(in[:at:at], append([]byte(spells[int(seed)%len(spells)]), in[at:]...)...)
		}
		want := refGrep(in, b)
		g := &grepper{m: newMatcher([]id.ID{v}), buf: make([]byte, grepKeep+1+int(size)%4000)}
		r := bytes.NewReader(in)
		if seed%2 == 0 {
			g.src = r // as for a regular file: long lines are read again
		}
		var got bytes.Buffer
		err := g.lines(r, func(line []byte, first bool) error {
			got.Write(line)
			return nil
		})
		g.close()
		if err != nil || !bytes.Equal(got.Bytes(), want) {
			t.Fatalf("id %s, buffer %d: got %q, %v; want %q", v, len(g.buf), got.Bytes(), err, want)
		}
	})
}

// TestGrepBoundedMemory: a 64 MB line with a mention at its end is
// printed whole (from the temporary file), and a 64 MB line counted with
// -c, and neither takes memory in proportion to the line.
func TestGrepBoundedMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("reads 128 MB")
	}
	const n, bound = 64 << 20, 4 << 20
	for _, args := range [][]string{{"grep", gID}, {"grep", "-c", gID}} {
		in := &repeatReader{c: '.', n: n, tail: " " + gUUID + "\nnext\n"}
		var out lenWriter
		var stderr bytes.Buffer
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		code := run(args, in, &out, &stderr)
		runtime.ReadMemStats(&after)
		want := int64(n + 1 + len(gUUID) + 1)
		if args[1] == "-c" {
			want = 2
		}
		if code != 0 || stderr.Len() != 0 || out.n != want || out.last != '\n' {
			t.Errorf("%v: exit status %d, stderr %q, %d bytes out ending %q; want 0, %d bytes", args, code, stderr.String(), out.n, out.last, want)
		}
		if got := after.TotalAlloc - before.TotalAlloc; got >= bound {
			t.Errorf("%v allocated %d bytes for a %d-byte line, want less than %d", args, got, n, bound)
		} else {
			t.Logf("%v: %d bytes allocated for a %d-byte line", args, got, n)
		}
	}
}

// lenWriter counts what is written and keeps the last byte.
type lenWriter struct {
	n    int64
	last byte
}

func (w *lenWriter) Write(p []byte) (int, error) {
	w.n += int64(len(p))
	if len(p) > 0 {
		w.last = p[len(p)-1]
	}
	return len(p), nil
}

// benchLog is 16 MB of log lines like cmd/idkeys/testdata/genlog's, with
// gID on one line in 10,000.
func benchLog() []byte {
	var b bytes.Buffer
	for i := 0; b.Len() < 16<<20; i++ {
		v, tr := id.New(), id.New()
		if i%10_000 == 777 {
			v = id.MustParse(gID)
		}
		fmt.Fprintf(&b, `{"time":"2026-12-03T11:00:00.%06dZ","level":"INFO","msg":"order created","order":"%s","trace_id":"%s","uuid":"%s"}`+"\n",
			i%1_000_000, v, appendHex(nil, tr), appendUUID(nil, v))
	}
	return b.Bytes()
}

// BenchmarkGrep: idkeys grep's search against Go's regexp given the same
// three spellings, case-insensitive, on the same 16 MB (MB/s in the
// output; the ratio against GNU grep is in docs/performance.md).
func BenchmarkGrep(b *testing.B) {
	in := benchLog()
	v := id.MustParse(gID)
	b.Run("id-grep", func(b *testing.B) {
		b.SetBytes(int64(len(in)))
		g := &grepper{m: newMatcher([]id.ID{v}), buf: make([]byte, grepBuf)}
		n := 0
		for b.Loop() {
			n = 0
			g.lines(bytes.NewReader(in), func(line []byte, first bool) error {
				if first {
					n++
				}
				return nil
			})
		}
		if n == 0 {
			b.Fatal("no match")
		}
	})
	b.Run("regexp", func(b *testing.B) {
		b.SetBytes(int64(len(in)))
		re := regexp.MustCompile(`(?i)\b(` + gID + `|` + gHex + `|` + gUUID + `)\b`)
		n := 0
		for b.Loop() {
			n = len(re.FindAllIndex(in, -1))
		}
		if n == 0 {
			b.Fatal("no match")
		}
	})
}

// TestGrepBase64Words: a base64 mention is a whole word of its alphabet,
// and of both when the two forms of the id are the same text.
func TestGrepBase64Words(t *testing.T) {
	raw, err := base64.RawStdEncoding.DecodeString("AaI9GhXRW49A4Plhzkdl9g")
	if err != nil {
		t.Fatal(err)
	}
	same, err := id.From16([16]byte(raw))
	if err != nil {
		t.Fatal(err)
	}
	const b64 = "AaI9GhXRW49A4Plhzkdl9g" // no '+', '/', '-' or '_' in it
	for _, c := range []struct {
		v    string
		line string
		want bool
	}{
		{gID, "x " + gStd + " y", true},
		{gID, "x " + gStd + "/y", false},
		{gID, "x+" + gStd, false},
		{gID, "x " + gStd + "_y", true}, // '_' is not in the standard alphabet
		{gID, "x " + gURL + "_y", false},
		{gID, "x-" + gURL, false},
		{gID, "x " + gURL + "+y", true}, // '+' is not in the URL alphabet
		{gID, "_" + gURL, false},
		{same.String(), "x " + b64 + "==", true},
		{same.String(), `"` + b64 + `".`, true},
		{same.String(), "x " + b64 + "_more", false},
		{same.String(), "x " + b64 + "-more", false},
		{same.String(), "x " + b64 + "+more", false},
		{same.String(), "x/" + b64, false},
	} {
		want := result{code: 1}
		if c.want {
			want = result{stdout: c.line + "\n"}
		}
		t.Run(c.line, func(t *testing.T) {
			runCmd(c.line+"\n", "grep", c.v).check(t, want)
		})
	}
}

// TestGrepLongLineEdges: a long line's pieces overlap by grepKeep bytes,
// and the first of them is the byte before the search starts; a long last
// line without a '\n' is printed with one.
func TestGrepLongLineEdges(t *testing.T) {
	if grepBuf != 256<<10 {
		t.Fatalf("grepBuf is %d", grepBuf)
	}
	line := func(n, at int, s string) string {
		b := bytes.Repeat([]byte{'.'}, n)
		copy(b[at:], s)
		return string(b)
	}
	// The id starts exactly where the second piece of the line starts,
	// after an 'x': not a mention.
	glued := line(768<<10, 256<<10-grepKeep-1, "x"+gID)
	runCmd(glued+"\n", "grep", "-c", gID).check(t, result{stdout: "0\n", code: 1})
	spaced := line(768<<10, 256<<10-grepKeep-1, " "+gID)
	runCmd(spaced+"\n", "grep", "-c", gID).check(t, result{stdout: "1\n"})
	runCmd(glued+"\n"+spaced+"\n", "grep", gID).check(t, result{stdout: spaced + "\n"})
	// A long last line without a '\n', the mention at its end, then at its
	// start.
	end := line(300<<10, 300<<10-len(gUUID), gUUID)
	runCmd("a\n"+end, "grep", gID).check(t, result{stdout: end + "\n"})
	start := line(600<<10, 0, gUUID)
	runCmd("a\n"+start, "grep", gID).check(t, result{stdout: start + "\n"})
	file := filepath.Join(t.TempDir(), "end.log")
	if err := os.WriteFile(file, []byte("a\n"+end), 0o600); err != nil {
		t.Fatal(err)
	}
	runCmd("", "grep", gID, file).check(t, result{stdout: end + "\n"})
}

// TestGrepDashDash: after "--", every argument is a FILE, even one that
// starts with '-'.
func TestGrepDashDash(t *testing.T) {
	t.Chdir(t.TempDir())
	for name, s := range map[string]string{"x.log": "a " + gID + "\n", "-weird.log": "b " + gHex + "\n"} {
		if err := os.WriteFile(name, []byte(s), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	runCmd("", "grep", gID, "--", "x.log", "-weird.log").check(t, result{stdout: "x.log:a " + gID + "\n-weird.log:b " + gHex + "\n"})
	runCmd("", "grep", "-c", "--", gID, "-weird.log").check(t, result{stdout: "1\n"})
	runCmd("", "grep", gID, "x.log", "-weird.log").check(t, result{stderr: "idkeys grep: flag provided but not defined: -weird.log\n" + grepUsage, code: 2})
}

// TestGrepSymlinks: -r follows a symbolic link given as FILE, as GNU grep
// does, and no link found inside; -R follows every link and stops at a
// loop with a warning.
func TestGrepSymlinks(t *testing.T) {
	t.Chdir(t.TempDir())
	for _, d := range []string{"real/sub", "other"} {
		if err := os.MkdirAll(d, 0o700); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range []string{"real/a.log", "real/sub/b.log", "other/c.log"} {
		if err := os.WriteFile(f, []byte(gID+"\n"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	for link, to := range map[string]string{"dlink": "real", "real/dlink": "../other", "real/flink": "../other/c.log", "real/sub/up": ".."} {
		if err := os.Symlink(to, link); err != nil {
			t.Skip("no symbolic links here:", err)
		}
	}
	runCmd("", "grep", "-r", gID, "dlink").check(t, result{stdout: "dlink/a.log:" + gID + "\ndlink/sub/b.log:" + gID + "\n"})
	runCmd("", "grep", "-r", "-l", gID, "dlink/").check(t, result{stdout: "dlink/a.log\ndlink/sub/b.log\n"})
	runCmd("", "grep", "-r", "-c", gID, "real/flink").check(t, result{stdout: "1\n"})
	runCmd("", "grep", "-R", "-l", gID, "dlink").check(t, result{
		stdout: "dlink/a.log\ndlink/dlink/c.log\ndlink/flink\ndlink/sub/b.log\n",
		stderr: "idkeys grep: dlink/sub/up: warning: recursive directory loop\n"})
	t.Chdir("real")
	runCmd("", "grep", "-r", "-l", gID).check(t, result{stdout: "a.log\nsub/b.log\n"})
	runCmd("", "grep", "-r", "-l", gID, ".").check(t, result{stdout: "./a.log\n./sub/b.log\n"})
	if err := os.Symlink("nowhere", "dangling"); err != nil {
		t.Fatal(err)
	}
	runCmd("", "grep", "-r", "-l", gID).check(t, result{stdout: "a.log\nsub/b.log\n"})
	runCmd("", "grep", "-R", "-l", gID).check(t, result{
		stdout: "a.log\ndlink/c.log\nflink\nsub/b.log\n",
		stderr: "idkeys grep: stat dangling: no such file or directory\nidkeys grep: sub/up: warning: recursive directory loop\n", code: 2})
}

// TestGrepSpillUnlinked: the temporary file that holds a long line read
// from a pipe has no name in its folder while idkeys grep runs.
func TestGrepSpillUnlinked(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	old := grepBuf
	grepBuf = 4096
	defer func() { grepBuf = old }()
	r, w := io.Pipe()
	var stdout, stderr bytes.Buffer
	done := make(chan int)
	go func() {
		code := run([]string{"grep", gID}, r, &stdout, &stderr)
		r.Close() // so that a write fails rather than waits
		done <- code
	}()
	dots := bytes.Repeat([]byte{'.'}, 4096)
	for range 3 {
		w.Write(dots) // returns once idkeys grep has read it all
	}
	if entries, err := os.ReadDir(tmp); err != nil || len(entries) != 0 {
		t.Errorf("while searching, %s holds %v (%v), want nothing", tmp, entries, err)
	}
	w.Write([]byte(" " + gID + "\nnext\n"))
	w.Close()
	if code := <-done; code != 0 || stderr.Len() != 0 || stdout.String() != strings.Repeat(".", 3*4096)+" "+gID+"\n" {
		t.Errorf("exit status %d, stderr %q, %d bytes out", code, stderr.String(), stdout.Len())
	}
}

// chanWriter sends what is written to it on c.
type chanWriter chan string

func (c chanWriter) Write(p []byte) (int, error) {
	c <- string(p)
	return len(p), nil
}

// TestGrepLineBuffered: with --line-buffered, or when the output is a
// terminal, a line is written out before the input ends; otherwise it is
// kept until 64 KB of output or the end of the input.
func TestGrepLineBuffered(t *testing.T) {
	for _, c := range []struct {
		name     string
		terminal bool
		args     []string
		want     bool // the line comes out before the input ends
	}{
		{"pipe", false, []string{"grep", gID}, false},
		{"terminal", true, []string{"grep", gID}, true},
		{"--line-buffered", false, []string{"grep", "--line-buffered", gID}, true},
		{"-c to a terminal", true, []string{"grep", "-c", gID}, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			old := isTerminal
			isTerminal = func(io.Writer) bool { return c.terminal }
			defer func() { isTerminal = old }()
			r, w := io.Pipe()
			out := make(chanWriter, 10)
			var stderr bytes.Buffer
			done := make(chan int)
			go func() {
				code := run(c.args, r, out, &stderr)
				r.Close() // so that a write fails rather than waits
				done <- code
			}()
			line := "a " + gID + "\n"
			w.Write([]byte(line))
			w.Write([]byte("b\n")) // returns once the line before is searched
			var got string
			if c.want {
				select {
				case got = <-out:
				case <-time.After(10 * time.Second):
				}
			} else {
				select {
				case got = <-out:
				default:
				}
			}
			w.Close()
			<-done
			if want := map[bool]string{true: line}[c.want]; got != want {
				t.Errorf("before the end of the input, %q came out, want %q", got, want)
			}
		})
	}
}

// TestGrepEveryOffset: a mention is found wherever it starts, whatever the
// stride of the matcher's samples.
func TestGrepEveryOffset(t *testing.T) {
	for _, form := range []string{gID, strings.ToUpper(gHex), gUUID, gStd, gURL} {
		var in strings.Builder
		for k := range 48 {
			in.WriteString(strings.Repeat(".", k) + form + "." + strings.Repeat(".", k%5) + "\n")
		}
		runCmd(in.String(), "grep", "-c", gID).check(t, result{stdout: "48\n"})
	}
}

// TestGrepLongLastLineEnds: a long matching last line without a '\n'
// whose end falls anywhere in a piece, the end of a piece included.
func TestGrepLongLastLineEnds(t *testing.T) {
	old := grepBuf
	grepBuf = 128
	defer func() { grepBuf = old }()
	for n := 200; n < 600; n++ {
		in := gID + strings.Repeat(".", n)
		runCmd(in, "grep", gID).check(t, result{stdout: in + "\n"})
	}
}

// TestGrepUnterminatedLastLine: a last line without a '\n' is printed
// whole, the text after the mention included, with a '\n' added, from
// stdin and from a file, for each spelling and with several lines before
// it.
func TestGrepUnterminatedLastLine(t *testing.T) {
	for _, mention := range []string{gID, strings.ToUpper(gHex), gUUID, gStd, gURL} {
		for _, last := range []string{
			"order=" + mention + " status=failed",
			mention + " at the start",
			mention + ".",
		} {
			for _, before := range []string{"", "first line\n", "x " + gID + " y\nnothing\n"} {
				in := before + last
				want := last + "\n"
				if strings.HasPrefix(before, "x ") {
					want = "x " + gID + " y\n" + want
				}
				runCmd(in, "grep", gID).check(t, result{stdout: want})
				file := filepath.Join(t.TempDir(), "app.log")
				if err := os.WriteFile(file, []byte(in), 0o600); err != nil {
					t.Fatal(err)
				}
				runCmd("", "grep", gID, file).check(t, result{stdout: want})
			}
		}
	}
}

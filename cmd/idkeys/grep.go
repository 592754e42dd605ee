package main

import (
	"bufio"
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strconv"
	"strings"

	"github.com/idkeys/id"
)

// grepBuf is the size (a variable for the tests) of idkeys grep's read buffer; a line longer than it is
// searched in pieces, never held whole.
var grepBuf = 256 << 10

// grepKeep is how many bytes of a long line's piece idkeys grep keeps for the
// next piece: more than the longest spelling and the byte before it, so
// that a mention across two pieces is found.
const grepKeep = 64

const grepHelp = `idkeys grep [-l] [-c] [-r|-R] [--line-buffered] [-e ID]... ID [FILE...]
  Prints every line of the FILEs (stdin when none is given; "-" is stdin)
  that mentions the id in any of its spellings: its 26 characters, its 32
  hex digits (a trace id) and its 36-character UUID (a uuid column, a
  pg_dump), in any letter case, and its 16 bytes in base64 (22 characters,
  as protobuf's JSON writes a bytes field), in its case. ID is any of the
  first three spellings; -e ID adds another id to look for, and the first
  argument is then a FILE. A mention is a whole word: not inside a longer
  run of ASCII letters and digits (nor, for base64, of the characters of
  its alphabet, or of either alphabet when the two forms are the same).
  Lines are prefixed by their file name when there is more than one FILE
  or the FILE is a folder. Memory stays bounded: a line of any length is
  read in pieces (a matching one longer than 256 KB read from a pipe is
  kept in a temporary file, removed from its folder as soon as it is made,
  until it is printed).
  -l  print only the names of the files with a mention
  -c  print the number of lines with a mention, for each file
  -r  search the files under each FILE that is a folder (default "."),
      following a FILE that is a symbolic link but no link found inside
  -R  as -r, following every symbolic link (a link back to a folder being
      searched is reported and skipped)
  --line-buffered  write out each line as soon as it is found, as is done
      when the output is a terminal; to a file or a pipe, lines are
      written 64 KB at a time unless this is given (so that
      tail -f app.log | idkeys grep --line-buffered ID | ... shows lines as
      they come)
  Exit status: 0 if a line matched, 1 if none did, 2 on an error (a bad
  ID, an unreadable file), with the reason on stderr.
`

// isTerminal reports whether w is a terminal (a character device, as
// /dev/tty and /dev/null are); a variable, for the tests.
var isTerminal = func(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// idList is the value of -e, repeatable.
type idList []id.ID

func (l *idList) String() string { return "" }

func (l *idList) Set(s string) error {
	v, err := parseAny(s)
	if err != nil {
		return errors.New(idError(err))
	}
	*l = append(*l, v)
	return nil
}

// grepOpts are the flags of idkeys grep.
type grepOpts struct {
	list, count, names bool
	follow             bool // -R: follow the symbolic links found in folders
	lineBuffered       bool // flush the output after each line
}

// grepCmd runs idkeys grep with args (after "grep").
func grepCmd(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	flags := newFlagSet("idkeys grep", io.Discard) // its errors are written below, named
	var ids idList
	var o grepOpts
	recursive, follow := false, false
	flags.Var(&ids, "e", "also look for `ID`")
	flags.BoolVar(&o.list, "l", false, "print only the names of files with a mention")
	flags.BoolVar(&o.count, "c", false, "print the number of matching lines")
	flags.BoolVar(&recursive, "r", false, "walk folders")
	flags.BoolVar(&follow, "R", false, "walk folders, following symbolic links")
	flags.BoolVar(&o.lineBuffered, "line-buffered", false, "write each line as it is found")
	// Flags may come after ID and FILEs too, as GNU grep allows.
	var files []string
	for rest := args; ; {
		if err := flags.Parse(rest); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				if _, err := io.WriteString(stdout, grepHelp); err != nil {
					return writeError(stderr, err)
				}
				return exitOK
			}
			hint := ""
			if strings.HasSuffix(err.Error(), "defined: -i") {
				hint = " (ids match in any case already)"
			}
			synopsis, _, _ := strings.Cut(grepHelp, "\n")
			fmt.Fprintf(stderr, "idkeys grep: %v%s\nusage: %s\n", err, hint, synopsis)
			return exitUsage
		}
		rest = flags.Args()
		if len(rest) == 0 {
			break
		}
		if len(rest) < len(args) && args[len(args)-len(rest)-1] == "--" {
			files = append(files, rest...) // after "--", all are operands
			break
		}
		files, rest = append(files, rest[0]), rest[1:]
	}
	if len(ids) == 0 {
		if len(files) == 0 {
			fmt.Fprintf(stderr, "idkeys grep: no id given\n%s", grepHelp)
			return exitUsage
		}
		v, err := parseAny(files[0])
		if err != nil {
			hint := ""
			if n := len(files[0]); n > 0 && n < 26 && strings.Trim(strings.ToLower(files[0]), "0123456789abcdefghjkmnpqrstvwxyz") == "" {
				hint = "; idkeys grep looks for whole ids: for a part of one, use grep -i"
			}
			fmt.Fprintf(stderr, "idkeys grep: %s%s\n", idError(err), hint)
			return exitUsage
		}
		ids, files = idList{v}, files[1:]
	}
	if o.list && o.count {
		fmt.Fprintf(stderr, "idkeys grep: -l and -c do not go together\n")
		return exitUsage
	}
	o.follow = follow
	recursive = recursive || follow
	implicit := recursive && len(files) == 0
	if implicit {
		files = []string{"."}
	}
	o.names = len(files) > 1 // and for the files in a folder, with -r
	o.lineBuffered = o.lineBuffered || isTerminal(stdout)
	g := &grepper{m: newMatcher(ids), buf: make([]byte, grepBuf), out: bufio.NewWriterSize(stdout, 64<<10), stderr: stderr, opts: o}
	defer g.close()
	failed := false
	fail := func(err error) {
		g.out.Flush()
		fmt.Fprintf(stderr, "idkeys grep: %v\n", err)
		failed = true
	}
	if len(files) == 0 {
		if err := g.search("(standard input)", stdin); err != nil {
			fail(err)
		}
	}
	for _, name := range files {
		if name == "-" {
			if err := g.search("(standard input)", stdin); err != nil {
				fail(err)
			}
			continue
		}
		if !recursive {
			if err := g.searchFile(name); err != nil {
				fail(err)
			}
			continue
		}
		prefix := strings.TrimRight(name, "/") + "/"
		if implicit {
			prefix = "" // GNU grep -r names ./a.log a.log
		}
		g.walk(name, prefix, nil, true, fail)
	}
	if err := g.out.Flush(); err != nil {
		return writeError(stderr, err) + 1
	}
	switch {
	case failed:
		return exitUsage
	case g.matched:
		return exitOK
	}
	return exitFail
}

// grepper searches inputs one after the other with one buffer.
type grepper struct {
	m         *matcher
	buf       []byte
	out       *bufio.Writer
	stderr    io.Writer // for warnings
	opts      grepOpts
	matched   bool
	spill     *os.File    // the part of a long line already read, to print it
	spillN    int64       // its length
	spillName string      // the name of spill, if it could not be removed at once
	src       io.ReaderAt // a regular file being read, or nil
	base      int64       // the file offset of buf[0]
	kept      int64       // the file offset of the long line's start
}

func (g *grepper) close() {
	if g.spill != nil {
		g.spill.Close()
		if g.spillName != "" {
			os.Remove(g.spillName)
		}
	}
}

// walk searches the regular files under dir, in the order of their names,
// each named prefix and its path under dir. dir is followed when it is a
// symbolic link, as GNU grep follows a FILE of the command line (top is
// set for one, which may also be a file); a symbolic link found inside is
// followed with -R (opts.follow) and skipped otherwise, as are devices,
// pipes and sockets. seen holds the folders being walked, to stop at a
// link back to one of them.
func (g *grepper) walk(dir, prefix string, seen []os.FileInfo, top bool, fail func(error)) {
	st, err := os.Stat(dir)
	switch {
	case err != nil:
		fail(err)
		return
	case !st.IsDir() && top:
		if err := g.searchFile(dir); err != nil {
			fail(err)
		}
		return
	case !st.IsDir() && st.Mode().IsRegular():
		if err := g.searchFile(strings.TrimSuffix(prefix, "/")); err != nil {
			fail(err)
		}
		return
	case !st.IsDir():
		return
	}
	for _, s := range seen {
		if os.SameFile(s, st) {
			g.out.Flush()
			fmt.Fprintf(g.stderr, "idkeys grep: %s: warning: recursive directory loop\n", strings.TrimSuffix(prefix, "/"))
			return
		}
	}
	seen = append(seen, st)
	names := g.opts.names
	g.opts.names = true
	defer func() { g.opts.names = names }()
	entries, err := os.ReadDir(dir)
	if err != nil {
		fail(err)
	}
	for _, e := range entries {
		path := prefix + e.Name()
		switch t := e.Type(); {
		case t.IsDir() || t&fs.ModeSymlink != 0 && g.opts.follow:
			g.walk(path, path+"/", seen, false, fail)
		case t.IsRegular():
			if err := g.searchFile(path); err != nil {
				fail(err)
			}
		}
	}
}

func (g *grepper) searchFile(name string) error {
	f, err := os.Open(name)
	if err != nil {
		return err
	}
	defer f.Close()
	st, err := f.Stat()
	if err == nil && st.IsDir() {
		return fmt.Errorf("%s: is a folder (use -r)", name)
	}
	if err == nil && st.Mode().IsRegular() {
		g.src = f // a long line is read again from the file, not kept
		defer func() { g.src = nil }()
	}
	if err := g.search(name, f); err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	return nil
}

// errListed stops the search of a file once -l has named it.
var errListed = errors.New("listed")

// search reads r to its end (for -l, to its first mention) and writes
// what the options ask for.
func (g *grepper) search(name string, r io.Reader) error {
	var lines int64
	emit := func(line []byte, first bool) error {
		if first {
			lines++
			g.matched = true
			if g.opts.list {
				g.out.WriteString(name)
				g.out.WriteByte('\n')
				if err := g.lineDone(); err != nil {
					return err
				}
				return errListed
			}
		}
		if g.opts.count {
			return nil
		}
		if first && g.opts.names {
			g.out.WriteString(name)
			g.out.WriteByte(':')
		}
		if _, err := g.out.Write(line); err != nil || len(line) == 0 || line[len(line)-1] != '\n' {
			return err
		}
		return g.lineDone()
	}
	err := g.lines(r, emit)
	if err == errListed {
		return nil
	}
	if err == nil && g.opts.count {
		if g.opts.names {
			g.out.WriteString(name)
			g.out.WriteByte(':')
		}
		g.out.WriteString(strconv.FormatInt(lines, 10))
		if _, err = g.out.Write([]byte{'\n'}); err == nil {
			err = g.lineDone()
		}
	}
	return err
}

// lineDone is called at the end of each line of output: with
// --line-buffered, or when the output is a terminal, it writes it out.
func (g *grepper) lineDone() error {
	if !g.opts.lineBuffered {
		return nil
	}
	return g.out.Flush()
}

// lines reads r and calls emit for each line with a mention: once with
// first set, then, for a line longer than the buffer, again for each
// further piece of it. The line handed over ends with '\n', which is
// added to a last line without one.
func (g *grepper) lines(r io.Reader, emit func(line []byte, first bool) error) error {
	buf := g.buf
	n, pos := 0, 0     // buf[pos:n] is unsearched input, pos at a line start
	long := false      // buf[:n] goes on with a line begun before it
	finishing := false // buf[:n] goes on with a long line being printed
	from := 0          // where a long line's search starts in buf
	eof := false
	g.spillN, g.base = 0, 0
	for {
		if !eof && n < len(buf) {
			k, err := r.Read(buf[n:])
			n += k
			if err == io.EOF {
				eof = true
			} else if err != nil {
				return err
			}
		}
		if finishing {
			end := bytes.IndexByte(buf[:n], '\n') + 1
			if end == 0 {
				if !eof && n < len(buf) {
					continue
				}
				if err := emit(buf[:n], false); err != nil {
					return err
				}
				g.base += int64(n)
				n = 0
				if eof {
					return emit([]byte{'\n'}, false)
				}
				continue
			}
			if err := emit(buf[:end], false); err != nil {
				return err
			}
			finishing, pos = false, end
		} else if long {
			end := bytes.IndexByte(buf[:n], '\n') + 1
			if end == 0 && !eof {
				if n < len(buf) {
					continue
				}
				if len(g.m.matchLines(buf[:n], from, true)) > 0 {
					if err := g.printKept(buf[:n], emit); err != nil {
						return err
					}
					g.base += int64(n)
					long, finishing, n = false, true, 0
					continue
				}
				if err := g.keep(buf[:n-grepKeep]); err != nil {
					return err
				}
				g.base += int64(n - grepKeep)
				n = copy(buf, buf[n-grepKeep:n])
				from = 1
				continue
			}
			if end == 0 {
				end = n
			}
			if len(g.m.matchLines(buf[:end], from, false)) > 0 {
				if err := g.printKept(buf[:end], emit); err != nil {
					return err
				}
				if buf[end-1] != '\n' {
					if err := emit([]byte{'\n'}, false); err != nil {
						return err
					}
				}
			}
			long, pos, g.spillN = false, end, 0
		}
		re := pos + bytes.LastIndexByte(buf[pos:n], '\n') + 1
		if eof {
			re = n
		}
		if re > pos {
			for _, sp := range g.m.matchLines(buf[:re], pos, false) {
				if err := emit(buf[sp[0]:sp[1]], true); err != nil {
					return err
				}
				if buf[sp[1]-1] != '\n' {
					if err := emit([]byte{'\n'}, false); err != nil {
						return err
					}
				}
			}
			pos = re
		}
		if eof {
			return nil
		}
		g.base += int64(pos)
		n = copy(buf, buf[pos:n])
		pos = 0
		if n == len(buf) {
			long, from = true, 0
		}
	}
}

// keep saves the piece b of a long line, which is about to leave the
// buffer from its start, for printing the line if a mention turns up later
// in it: in a temporary file, or, for a regular file, as its offset.
func (g *grepper) keep(b []byte) error {
	if g.opts.count || g.opts.list {
		return nil
	}
	if g.src != nil {
		if g.spillN == 0 {
			g.kept = g.base
		}
		g.spillN += int64(len(b))
		return nil
	}
	if g.spill == nil {
		f, err := os.CreateTemp("", "idkeys-grep-*")
		if err != nil {
			return err
		}
		// Unlinked at once, so that nothing stays behind when the process
		// is killed; where an open file cannot be removed (Windows), close
		// removes it.
		if os.Remove(f.Name()) != nil {
			g.spillName = f.Name()
		}
		g.spill = f
	}
	if _, err := g.spill.WriteAt(b, g.spillN); err != nil {
		return err
	}
	g.spillN += int64(len(b))
	return nil
}

// printKept emits the start of a long line with a mention: the pieces
// kept, then last, the part in the buffer.
func (g *grepper) printKept(last []byte, emit func([]byte, bool) error) error {
	first := true
	if g.spillN > 0 {
		sr := io.NewSectionReader(g.spill, 0, g.spillN)
		if g.src != nil {
			sr = io.NewSectionReader(g.src, g.kept, g.spillN)
		}
		piece := make([]byte, 32<<10)
		for {
			k, err := sr.Read(piece)
			if k > 0 {
				if err := emit(piece[:k], first); err != nil {
					return err
				}
				first = false
			}
			if err == io.EOF {
				break
			}
			if err != nil {
				return err
			}
		}
		g.spillN = 0
	}
	return emit(last, first)
}

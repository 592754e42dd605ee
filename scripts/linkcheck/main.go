// Command linkcheck fails when a relative link in a Markdown file names a
// file or folder that does not exist, or a #fragment that no heading of
// the target .md file (or of the same file) gives. Links with a scheme
// (https:, mailto:) are not followed. Fenced code blocks and code spans
// are skipped. Anchors are GitHub's: the heading in lowercase, without
// punctuation but - and _, spaces as hyphens, -1, -2 … for repeats.
//
// usage: go run ./scripts/linkcheck FILE.md...
package main

import (
	"bufio"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"unicode"
)

var (
	inlineLink = regexp.MustCompile(`\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)`)
	refLink    = regexp.MustCompile(`^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+.*)?$`)
	codeSpan   = regexp.MustCompile("``[^`]+``|`[^`]+`")
	heading    = regexp.MustCompile(`^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$`)
	htmlAnchor = regexp.MustCompile(`<a\s+(?:name|id)="([^"]+)"`)
	scheme     = regexp.MustCompile(`^[a-zA-Z][a-zA-Z0-9+.-]*:`)
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: linkcheck FILE.md...")
		os.Exit(2)
	}
	anchors := map[string]map[string]bool{}
	bad := 0
	for _, file := range os.Args[1:] {
		links, err := readLinks(file)
		if err != nil {
			fmt.Fprintln(os.Stderr, "linkcheck:", err)
			os.Exit(2)
		}
		for _, l := range links {
			if msg := check(file, l.target, anchors); msg != "" {
				fmt.Printf("%s:%d: %s: %s\n", file, l.line, l.target, msg)
				bad++
			}
		}
	}
	if bad > 0 {
		fmt.Printf("linkcheck: %d broken relative link(s)\n", bad)
		os.Exit(1)
	}
	fmt.Printf("ok  linkcheck: %d file(s), every relative link resolves\n", len(os.Args)-1)
}

type link struct {
	line   int
	target string
}

// lines calls f with each line of file outside fenced code blocks.
func lines(file string, f func(n int, line string)) error {
	fh, err := os.Open(file)
	if err != nil {
		return err
	}
	defer fh.Close()
	sc := bufio.NewScanner(fh)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	fence := ""
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		t := strings.TrimLeft(line, " ")
		if fence != "" {
			if strings.HasPrefix(t, fence) {
				fence = ""
			}
			continue
		}
		if strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~") {
			fence = t[:3]
			continue
		}
		f(n, line)
	}
	return sc.Err()
}

func readLinks(file string) ([]link, error) {
	var text strings.Builder
	err := lines(file, func(n int, line string) {
		for c := strings.Count(text.String(), "\n"); c < n-1; c++ {
			text.WriteByte('\n') // keep line numbers across skipped fences
		}
		text.WriteString(line)
	})
	if err != nil {
		return nil, err
	}
	// Code spans may run over a line break, not over a blank line; each
	// becomes the line breaks it held.
	paras := strings.Split(text.String(), "\n\n")
	for i, p := range paras {
		paras[i] = codeSpan.ReplaceAllStringFunc(p, func(span string) string {
			return strings.Repeat("\n", strings.Count(span, "\n"))
		})
	}
	t := strings.Join(paras, "\n\n")
	var out []link
	for _, m := range inlineLink.FindAllStringSubmatchIndex(t, -1) {
		out = append(out, link{1 + strings.Count(t[:m[0]], "\n"), t[m[2]:m[3]]})
	}
	for i, line := range strings.Split(t, "\n") {
		if m := refLink.FindStringSubmatch(line); m != nil {
			out = append(out, link{i + 1, m[1]})
		}
	}
	return out, nil
}

// check returns why target, a link in file, is broken, or "".
func check(file, target string, anchors map[string]map[string]bool) string {
	if scheme.MatchString(target) || strings.HasPrefix(target, "//") {
		return ""
	}
	path, frag, _ := strings.Cut(target, "#")
	path, err := url.PathUnescape(path)
	if err != nil {
		return "malformed path"
	}
	dest := file
	if path != "" {
		dest = filepath.Join(filepath.Dir(file), filepath.FromSlash(path))
		if _, err := os.Stat(dest); err != nil {
			return "no such file or folder"
		}
	}
	if frag == "" || !strings.HasSuffix(dest, ".md") {
		return ""
	}
	if anchors[dest] == nil {
		a, err := headingAnchors(dest)
		if err != nil {
			return err.Error()
		}
		anchors[dest] = a
	}
	if frag, err = url.PathUnescape(frag); err != nil || !anchors[dest][frag] {
		return "no heading gives the anchor #" + frag
	}
	return ""
}

// headingAnchors returns the anchors of the headings of a Markdown file.
func headingAnchors(file string) (map[string]bool, error) {
	seen := map[string]int{}
	out := map[string]bool{}
	err := lines(file, func(_ int, line string) {
		for _, m := range htmlAnchor.FindAllStringSubmatch(line, -1) {
			out[m[1]] = true
		}
		m := heading.FindStringSubmatch(line)
		if m == nil {
			return
		}
		a := slug(m[1])
		if n := seen[a]; n > 0 {
			out[fmt.Sprintf("%s-%d", a, n)] = true
		} else {
			out[a] = true
		}
		seen[a]++
	})
	return out, err
}

// slug is GitHub's anchor for a heading's text.
func slug(h string) string {
	h = regexp.MustCompile(`\[([^\]]*)\]\([^)]*\)`).ReplaceAllString(h, "$1") // links: their text
	var b strings.Builder
	for _, r := range strings.ToLower(h) {
		switch {
		case r == ' ':
			b.WriteByte('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

// Command docsize fails when a documentation folder has grown past what a
// person reads in an evening: when its files, every regular file under it
// (images included), total more than 250 KB (250*1024 bytes), or when one
// Markdown page (*.md) is larger than 40 KB (40*1024 bytes). It names each
// file over a limit with its size, and with the folder's total the five
// largest files, and exits with status 1; otherwise it prints one line,
// starting "ok  docsize:". Symbolic links are not followed and not counted.
//
// usage: go run ./scripts/docsize DIR
//
// Exit status: 0 within the limits, 1 over one, 2 on a usage or read error.
package main

import (
	"cmp"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// The limits, in bytes.
const (
	maxTotal = 250 * 1024
	maxPage  = 40 * 1024
)

// file is one regular file under the folder, with its size in bytes.
type file struct {
	path string
	size int64
}

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: docsize DIR")
		os.Exit(2)
	}
	dir := os.Args[1]
	files, err := walk(dir)
	if err != nil {
		fmt.Fprintln(os.Stderr, "docsize:", err)
		os.Exit(2)
	}
	problems, summary := check(dir, files)
	if len(problems) > 0 {
		for _, p := range problems {
			fmt.Println("docsize:", p)
		}
		os.Exit(1)
	}
	fmt.Println("ok  docsize:", summary)
}

// walk returns every regular file under dir, sorted by path.
func walk(dir string) ([]file, error) {
	info, err := os.Stat(dir)
	if err != nil {
		return nil, err
	}
	if !info.IsDir() {
		return nil, fmt.Errorf("%s is not a folder", dir)
	}
	var files []file
	err = filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.Type().IsRegular() {
			return nil // folders, symbolic links, devices
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		files = append(files, file{path, info.Size()})
		return nil
	})
	return files, err
}

// isPage reports whether path is a Markdown page.
func isPage(path string) bool {
	return strings.EqualFold(filepath.Ext(path), ".md")
}

// check returns one line for each limit that files, the files under dir,
// pass, and the summary line for when there is none.
func check(dir string, files []file) (problems []string, summary string) {
	var total int64
	var pages int
	largestPage := file{}
	for _, f := range files {
		total += f.size
		if !isPage(f.path) {
			continue
		}
		pages++
		if f.size > largestPage.size {
			largestPage = f
		}
		if f.size > maxPage {
			problems = append(problems, fmt.Sprintf("%s: %d bytes (%s), over the %s limit for one page by %d bytes",
				f.path, f.size, kb(f.size), kb(maxPage), f.size-maxPage))
		}
	}
	if total > maxTotal {
		bySize := slices.Clone(files)
		slices.SortStableFunc(bySize, func(a, b file) int { return cmp.Compare(b.size, a.size) })
		var top []string
		for _, f := range bySize[:min(5, len(bySize))] {
			top = append(top, fmt.Sprintf("%s %s", f.path, kb(f.size)))
		}
		problems = append(problems, fmt.Sprintf("%s: %d file(s), %d bytes (%s), over the %s limit for the folder by %d bytes; the largest: %s",
			dir, len(files), total, kb(total), kb(maxTotal), total-maxTotal, strings.Join(top, ", ")))
	}
	summary = fmt.Sprintf("%s: %d file(s), %s of %s; %d page(s)", dir, len(files), kb(total), kb(maxTotal), pages)
	if largestPage.path != "" {
		summary += fmt.Sprintf(", the largest %s, %s of %s", largestPage.path, kb(largestPage.size), kb(maxPage))
	}
	return problems, summary
}

// kb spells n bytes in KB (1024 bytes) with one decimal.
func kb(n int64) string {
	return fmt.Sprintf("%.1f KB", float64(n)/1024)
}

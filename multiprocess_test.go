package id_test

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"

	"github.com/idkeys/id"
)

// multiprocessChild names the environment variable that turns
// TestUniqueAcrossProcesses into a child: it then waits for the start
// signal and prints that many ids made with New.
const multiprocessChild = "ID_TEST_MULTIPROCESS_CHILD"

// TestUniqueAcrossProcesses: ids are unique beyond one process (SPEC §6:
// across processes by their 80 random bits). The test re-executes its own
// binary as 4 children started together, each making 50,000 ids with New;
// all 200,000 must be distinct and each child's list strictly increasing.
// The children block on one shared pipe until every one of them has
// started, so they make their ids at the same time, in the same
// milliseconds.
func TestUniqueAcrossProcesses(t *testing.T) {
	if v := os.Getenv(multiprocessChild); v != "" {
		multiprocessMakeIDs(v)
		return
	}
	if testing.Short() {
		t.Skip("starts 4 processes: skipped under -short")
	}
	const children, each = 4, 50_000

	// The start barrier: every child's stdin is the read end of one pipe;
	// closing the write end after the last start gives them all EOF.
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	cmds := make([]*exec.Cmd, children)
	outs := make([]*bytes.Buffer, children)
	for i := range cmds {
		cmd := exec.Command(os.Args[0], "-test.run=^TestUniqueAcrossProcesses$", "-test.count=1")
		cmd.Env = append(os.Environ(), multiprocessChild+"="+strconv.Itoa(each))
		cmd.Stdin = r
		outs[i] = new(bytes.Buffer)
		cmd.Stdout, cmd.Stderr = outs[i], outs[i]
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		cmds[i] = cmd
	}
	r.Close()
	w.Close() // all started: go
	for i, cmd := range cmds {
		if err := cmd.Wait(); err != nil {
			t.Fatalf("child %d: %v\n%s", i, err, outs[i])
		}
	}

	seen := make(map[id.ID]int, children*each)
	millis := make(map[int64]map[int]bool) // which children made ids in each millisecond
	for c, out := range outs {
		ids := multiprocessParse(t, c, out.String())
		if len(ids) != each {
			t.Fatalf("child %d printed %d ids, want %d", c, len(ids), each)
		}
		for i, v := range ids {
			if i > 0 && ids[i-1].Compare(v) >= 0 {
				t.Fatalf("child %d: id %d %s is not greater than id %d %s", c, i, v, i-1, ids[i-1])
			}
			if other, dup := seen[v]; dup {
				t.Fatalf("id %s made by child %d and child %d", v, other, c)
			}
			seen[v] = c
			ms := v.Time().UnixMilli()
			if millis[ms] == nil {
				millis[ms] = make(map[int]bool)
			}
			millis[ms][c] = true
		}
	}
	if len(seen) != children*each {
		t.Fatalf("%d distinct ids, want %d", len(seen), children*each)
	}
	shared := 0
	for _, cs := range millis {
		if len(cs) > 1 {
			shared++
		}
	}
	t.Logf("%d distinct ids from %d processes over %d milliseconds, %d of them shared by two or more processes",
		len(seen), children, len(millis), shared)
}

// multiprocessMakeIDs is the child's side: wait for EOF on stdin, make the
// ids, then print them between markers (the test framework prints its own
// lines around them).
func multiprocessMakeIDs(count string) {
	n, err := strconv.Atoi(count)
	if err != nil {
		panic(err)
	}
	if _, err := io.Copy(io.Discard, os.Stdin); err != nil {
		panic(err)
	}
	ids := make([]id.ID, n)
	for i := range ids {
		ids[i] = id.New()
	}
	out := bufio.NewWriter(os.Stdout)
	fmt.Fprintln(out, "BEGIN IDS")
	for _, v := range ids {
		fmt.Fprintln(out, v)
	}
	fmt.Fprintln(out, "END IDS")
	if err := out.Flush(); err != nil {
		panic(err)
	}
}

// multiprocessParse returns the ids child c printed between its markers,
// each parsed and checked to be in canonical form.
func multiprocessParse(t *testing.T, c int, out string) []id.ID {
	t.Helper()
	_, rest, ok := strings.Cut(out, "BEGIN IDS\n")
	body, _, ok2 := strings.Cut(rest, "END IDS\n")
	if !ok || !ok2 {
		t.Fatalf("child %d printed no id list:\n%.2000s", c, out)
	}
	lines := strings.Split(strings.TrimSuffix(body, "\n"), "\n")
	ids := make([]id.ID, len(lines))
	for i, s := range lines {
		v, err := id.Parse(s)
		if err != nil || v.String() != s {
			t.Fatalf("child %d line %d: %q is not a canonical id (%v)", c, i, s, err)
		}
		ids[i] = v
	}
	return ids
}

package id_test

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/idkeys/id"
)

// multiprocessChild names the environment variable that turns
// TestUniqueAcrossProcesses into a child.
const multiprocessChild = "ID_TEST_MULTIPROCESS_CHILD"

// TestUniqueAcrossProcesses: ids are unique beyond one process by their
// 80 random bits (docs/contract.md, G9). The test re-executes its own
// binary as 4 children that make ids with New at the same time, and fails
//
//   - when two ids anywhere share their 80 random bits, whatever their
//     milliseconds: children whose generators were seeded alike (a constant
//     seed, a copied memory snapshot) make the same random parts from their
//     first id on, so this catches broken seeding on every run;
//   - when the children shared no millisecond, since then the run proved
//     nothing about ids made at the same time;
//   - when an id is not canonical or a child's ids do not strictly increase.
//
// To overlap for sure, even on a loaded machine: all children wait on one
// start pipe; each reports on stderr once it has made its first id, then
// keeps making ids (bursts of 256, a millisecond's pause between bursts)
// until the parent closes a second pipe, which it does only 100 ms after
// the last child reported.
func TestUniqueAcrossProcesses(t *testing.T) {
	if os.Getenv(multiprocessChild) != "" {
		multiprocessMakeIDs()
		return
	}
	if testing.Short() {
		t.Skip("starts 4 processes: skipped under -short")
	}
	const children = 4
	const overlap = 100 * time.Millisecond

	startR, startW, err := os.Pipe() // EOF on the children's stdin: start
	if err != nil {
		t.Fatal(err)
	}
	defer startW.Close()
	stopR, stopW, err := os.Pipe() // EOF on the children's fd 3: stop
	if err != nil {
		t.Fatal(err)
	}
	defer stopW.Close()

	cmds := make([]*exec.Cmd, children)
	outs := make([]*bytes.Buffer, children)
	errs := make([]*bytes.Buffer, children) // a child's stderr after its first line
	read := make([]chan struct{}, children) // closed when a child's stderr is read to EOF
	running := make(chan int, children)
	for i := range cmds {
		cmd := exec.Command(os.Args[0], "-test.run=^TestUniqueAcrossProcesses$", "-test.count=1")
		cmd.Env = append(os.Environ(), multiprocessChild+"=1")
		cmd.Stdin = startR
		cmd.ExtraFiles = []*os.File{stopR}
		outs[i], errs[i], read[i] = new(bytes.Buffer), new(bytes.Buffer), make(chan struct{})
		cmd.Stdout = outs[i]
		er, ew, err := os.Pipe()
		if err != nil {
			t.Fatal(err)
		}
		cmd.Stderr = ew
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		ew.Close()
		cmds[i] = cmd
		go func() {
			// The first line says the child is making ids; the rest (a
			// panic, say) is kept for the failure message.
			defer close(read[i])
			defer er.Close()
			reported := false
			sc := bufio.NewScanner(er)
			for first := true; sc.Scan(); first = false {
				if first && sc.Text() == "running" {
					reported = true
					running <- i
					continue
				}
				fmt.Fprintln(errs[i], sc.Text())
			}
			if !reported {
				running <- -1 - i // died before making an id
			}
		}()
	}
	startR.Close()
	stopR.Close()
	startW.Close() // all started: go
	began := time.Now()
	deadline := time.After(2 * time.Minute)
	for range children {
		select {
		case i := <-running:
			if i < 0 {
				i = -1 - i
				err := cmds[i].Wait()
				<-read[i]
				t.Fatalf("child %d exited before making an id: %v\n%s", i, err, errs[i])
			}
		case <-deadline:
			t.Fatal("not every child reported making ids within 2 minutes")
		}
	}
	ready := time.Since(began)
	time.Sleep(overlap) // every child is making ids all this time
	stopW.Close()
	for i, cmd := range cmds {
		err := cmd.Wait()
		<-read[i]
		if err != nil || errs[i].Len() > 0 {
			t.Fatalf("child %d: %v\n%s", i, err, errs[i])
		}
	}

	// owner maps each id's 80 random bits (its last 10 bytes) to the child
	// that made it and the id.
	type made struct {
		child int
		v     id.ID
	}
	owner := make(map[[10]byte]made)
	millis := make(map[int64]uint8) // which children (a bit each) made ids in each millisecond
	total := 0
	for c, out := range outs {
		ids := multiprocessParse(t, c, out.String())
		for i, v := range ids {
			if i > 0 && ids[i-1].Compare(v) >= 0 {
				t.Fatalf("child %d: id %d %s is not greater than id %d %s", c, i, v, i-1, ids[i-1])
			}
			b := v.As16()
			r := [10]byte(b[6:])
			if o, dup := owner[r]; dup {
				t.Fatalf("child %d made %s and child %d made %s: the same 80 random bits %x (entropy seeded alike?)",
					o.child, o.v, c, v, r)
			}
			owner[r] = made{c, v}
			millis[v.Time().UnixMilli()] |= 1 << c
		}
		total += len(ids)
	}
	shared := 0
	for _, cs := range millis {
		if cs&(cs-1) != 0 { // two bits or more
			shared++
		}
	}
	t.Logf("%d children making ids %v after the start (the limit is 2 minutes); %d ids from them, all with distinct random parts, over %d milliseconds, %d of them shared by two or more processes",
		children, ready.Round(time.Millisecond), total, len(millis), shared)
	if shared == 0 {
		t.Fatalf("the %d children shared no millisecond: the run proved nothing about ids made at the same time", children)
	}
}

// multiprocessMakeIDs is the child's side: wait for EOF on stdin, make one
// id and say so on stderr, make ids until EOF on fd 3, then print them all
// between markers (the test framework prints its own lines around them).
func multiprocessMakeIDs() {
	if _, err := io.Copy(io.Discard, os.Stdin); err != nil {
		panic(err)
	}
	var stop atomic.Bool
	go func() {
		stopR := os.NewFile(3, "stop")
		_, _ = io.Copy(io.Discard, stopR)
		stop.Store(true)
	}()
	ids := []id.ID{id.New()}
	fmt.Fprintln(os.Stderr, "running")
	for !stop.Load() && len(ids) < 4_000_000 {
		for range 256 {
			ids = append(ids, id.New())
		}
		time.Sleep(time.Millisecond)
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

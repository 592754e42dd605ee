package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/idkeys/id"
	"github.com/idkeys/id/adopt"
)

const zeroSeed = "0000000000000000000000000000000000000000000000000000000000000000"

// TestBackfillExact: rows in any order, times in both formats, come out
// sorted by (CREATED_AT, OLD_KEY) with exact ids for the zero seed (the
// ids NewBackfill(zero seed) makes in that order, checked below too).
// Within one millisecond the full time comes first: "0" sorts before "a"
// but is written last, at .1239.
func TestBackfillExact(t *testing.T) {
	in := "b\t2024-05-01T12:00:00.123Z\n" +
		"a\t+1714564800123\r\n" + // the same millisecond, Unix ms with a sign, CRLF
		"c\t2024-05-01T14:00:00.1234+02:00\n" + // a later instant within it, another offset
		"0\t2024-05-01T12:00:00.1239Z\n" + // later still, with the smallest key
		"z\t2023-01-01T00:00:00Z" // earlier, no final newline
	want := "z\t01gnna1j00nj56qhs7rtf42vrt\n" +
		"a\t01hwt0d7kv3tgq956r91ndttn4\n" +
		"b\t01hwt0d7kv3tgq956r95f5cj1h\n" +
		"c\t01hwt0d7kv3tgq956r96xvk616\n" +
		"0\t01hwt0d7kv3tgq956r97z3y95k\n"
	runCmd(in, "backfill", "-seed", zeroSeed).check(t, result{stdout: want})
	checkLibrary(t, [32]byte{}, want, []int64{1672531200000, 1714564800123, 1714564800123, 1714564800123, 1714564800123})
}

// checkLibrary checks that want, lines KEY<TAB>ID, holds the ids that
// NewBackfill(seed) makes at the milliseconds ms, called in that order.
func checkLibrary(t *testing.T, seed [32]byte, want string, ms []int64) {
	t.Helper()
	b := adopt.NewBackfill(seed)
	var lib strings.Builder
	for i, l := range strings.Split(strings.TrimSuffix(want, "\n"), "\n") {
		key, _, _ := strings.Cut(l, "\t")
		v, err := b.At(time.UnixMilli(ms[i]))
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&lib, "%s\t%s\n", key, v)
	}
	if lib.String() != want {
		t.Errorf("library:\n%s\nwant:\n%s", lib.String(), want)
	}
}

// TestBackfillSeed: -seed is used. A seed other than the zero seed (the
// one every other test uses) gives its own exact ids, those of the
// library with that seed, and not the zero seed's: a command that dropped
// the seed would make ids anyone can compute from the rows' times.
func TestBackfillSeed(t *testing.T) {
	const hexSeed = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"
	in := "b\t2024-05-01T12:00:00.123Z\na\t1714564800123\nz\t2023-01-01T00:00:00Z\n"
	want := "z\t01gnna1j009dx82ar5pfkrkcdp\n" +
		"a\t01hwt0d7kvp0bfftjvhk2y006z\n" +
		"b\t01hwt0d7kvp0bfftjvhnhw115k\n"
	runCmd(in, "backfill", "-seed", hexSeed).check(t, result{stdout: want})
	runCmd(in, "backfill", "-seed", strings.ToUpper(hexSeed)).check(t, result{stdout: want})
	var seed [32]byte
	for i := range seed {
		seed[i] = []byte{0x01, 0x23, 0x45, 0x67, 0x89, 0xab, 0xcd, 0xef}[i%8]
	}
	checkLibrary(t, seed, want, []int64{1672531200000, 1714564800123, 1714564800123})

	// Without -seed, the seed is random: two runs differ.
	var outs [2]string
	for i := range outs {
		var stdout, stderr bytes.Buffer
		if code := run([]string{"backfill"}, strings.NewReader(in), &stdout, &stderr); code != 0 {
			t.Fatalf("exit %d: %s", code, stderr.String())
		}
		outs[i] = stdout.String()
	}
	if outs[0] == outs[1] || outs[0] == want {
		t.Errorf("two runs without -seed gave %q and %q, want different ids", outs[0], outs[1])
	}
}

// TestBackfillErrors: every bad line is reported with its number, then a
// count; nothing reaches stdout; exit status 1.
func TestBackfillErrors(t *testing.T) {
	long := strings.Repeat("k", 5000) + "\t1\n"
	in := "ok\t1\n" +
		"no tab\n" +
		"\n" +
		"\t1714564800123\n" +
		"a\tb\tc\n" +
		"before\t1969-12-31T23:59:59.999Z\n" +
		"negative\t-1\n" +
		"after\t281474976710656\n" + // 2^48 ms; RFC 3339 has no five-digit years

		"huge\t99999999999999999999\n" +
		"space\t 1714564800123\n" +
		"date only\t2024-05-01\n" +
		long +
		"ok2\t2\n" +
		"five-digit year\t10889-08-02T05:31:50.655Z\n" + // in the ULID range, not in RFC 3339
		"comma\t2024-05-01T12:00:00,123Z\n" + // time.Parse takes it
		"40 bytes\t" + strings.Repeat("x", 40) + "\n" + // quoted whole
		"41 bytes\t" + strings.Repeat("y", 41) + "\n" + // quoted to 40 bytes
		"plus and minus\t+-1\n" +
		"signs only\t+\n" +
		"tab tab\t\t1\n"
	want := result{code: 1, stderr: "line 2: no tab, want OLD_KEY<TAB>CREATED_AT\n" +
		"line 3: empty line, want OLD_KEY<TAB>CREATED_AT\n" +
		"line 4: empty OLD_KEY\n" +
		"line 5: more than two fields, want OLD_KEY<TAB>CREATED_AT\n" +
		"line 6: time outside the ULID range 1970-01-01T00:00:00.000Z to 10889-08-02T05:31:50.655Z: 1969-12-31T23:59:59.999Z\n" +
		"line 7: time outside the ULID range 1970-01-01T00:00:00.000Z to 10889-08-02T05:31:50.655Z: 1969-12-31T23:59:59.999Z\n" +
		"line 8: time outside the ULID range 1970-01-01T00:00:00.000Z to 10889-08-02T05:31:50.655Z: 10889-08-02T05:31:50.656Z\n" +
		"line 9: CREATED_AT \"99999999999999999999\": Unix milliseconds out of range\n" +
		"line 10: CREATED_AT \" 1714564800123\": want RFC 3339 (2024-05-01T12:00:00.123Z) or Unix milliseconds\n" +
		"line 11: CREATED_AT \"2024-05-01\": want RFC 3339 (2024-05-01T12:00:00.123Z) or Unix milliseconds\n" +
		"line 12: line of 5002 bytes, want less than 4096\n" +
		"line 14: CREATED_AT \"10889-08-02T05:31:50.655Z\": a year of more than four digits; RFC 3339 has none, give such times as Unix milliseconds\n" +
		"line 15: CREATED_AT \"2024-05-01T12:00:00,123Z\": a comma before the fraction of a second, want a point (RFC 3339: 12:00:00.123)\n" +
		"line 16: CREATED_AT \"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\": want RFC 3339 (2024-05-01T12:00:00.123Z) or Unix milliseconds\n" +
		"line 17: CREATED_AT \"yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy\"...: want RFC 3339 (2024-05-01T12:00:00.123Z) or Unix milliseconds\n" +
		"line 18: CREATED_AT \"+-1\": want RFC 3339 (2024-05-01T12:00:00.123Z) or Unix milliseconds\n" +
		"line 19: CREATED_AT \"+\": want RFC 3339 (2024-05-01T12:00:00.123Z) or Unix milliseconds\n" +
		"line 20: more than two fields, want OLD_KEY<TAB>CREATED_AT\n" +
		"idkeys backfill: 18 of 20 lines invalid; nothing written\n"}
	runCmd(in, "backfill").check(t, want)
}

// TestBackfillUsage: bad command lines exit 2 with the usage.
func TestBackfillUsage(t *testing.T) {
	for _, tt := range []struct {
		args []string
		msg  string
	}{
		{[]string{"backfill", "x"}, "idkeys: backfill takes no arguments; it reads stdin\n" + usageText},
		{[]string{"backfill", "-seed", "00"}, "idkeys: backfill: -seed wants 64 hexadecimal digits (32 bytes)\n" + usageText},
		{[]string{"backfill", "-seed", strings.Repeat("g", 64)}, "idkeys: backfill: -seed wants 64 hexadecimal digits (32 bytes)\n" + usageText},
		{[]string{"backfill", "-uuidv7", "-seed", zeroSeed}, "idkeys: backfill: -seed does not apply to -uuidv7, which draws no random bits\n" + usageText},
		{[]string{"-n", "2", "backfill"}, "idkeys: -n applies only to making ids, not to backfill\n" + usageText},
		{[]string{"backfill", "-x"}, "flag provided but not defined: -x\n" + usageText},
	} {
		runCmd("a\t1\n", tt.args...).check(t, result{code: 2, stderr: tt.msg})
	}
}

// TestBackfillUUIDv7: OLD_KEY converts to the id of the same bytes, in
// input order; a second field is ignored; a UUIDv4 is a bad line; a UUID
// given twice, in any form, is refused.
func TestBackfillUUIDv7(t *testing.T) {
	// RFC 9562 appendix A.6's UUIDv7, as printed, and one less in
	// lowercase without hyphens.
	in := "017F22E2-79B0-7CC3-98C4-DC0C0C07398F\t2022-02-22T19:22:22Z\n" +
		"00000000-0000-7000-8000-000000000000\n" +
		"017f22e279b07cc398c4dc0c0c07398e\r\n"
	want := "017F22E2-79B0-7CC3-98C4-DC0C0C07398F\t01fwhe4ydgfk1shh6w1g60eecf\n" +
		"00000000-0000-7000-8000-000000000000\t0000000000e008000000000000\n" +
		"017f22e279b07cc398c4dc0c0c07398e\t01fwhe4ydgfk1shh6w1g60eece\n"
	dir := t.TempDir()
	runCmd(in, "backfill", "-uuidv7", "-tmpdir", dir).check(t, result{stdout: want})
	checkEmpty(t, dir)
	bad := in + "919108f7-52d1-4320-9bac-f847db4148a8\n"
	runCmd(bad, "backfill", "-uuidv7", "-tmpdir", dir).check(t, result{code: 1, stderr: "line 4: not a UUIDv7: version 4, want 7 (only a version 7 UUID starts with its Unix time in milliseconds)\n" +
		"idkeys backfill: 1 of 4 lines invalid; nothing written\n"})
	checkEmpty(t, dir)
	again := in + "017f22e279b07cc398c4dc0c0c07398f\n" + "017f22e2-79b0-7cc3-98c4-dc0c0c07398e\n"
	runCmd(again, "backfill", "-uuidv7", "-tmpdir", dir).check(t, result{code: 1, stderr: "line 5: UUID repeated, first on line 3 (both give id 01fwhe4ydgfk1shh6w1g60eece)\n" +
		"line 4: UUID repeated, first on line 1 (both give id 01fwhe4ydgfk1shh6w1g60eecf)\n" +
		"idkeys backfill: 2 of 5 lines invalid; nothing written\n"})
	checkEmpty(t, dir)
}

// TestBackfillRepeatedKeys: an OLD_KEY given twice, at the same time or
// another, is refused in both modes, with both line numbers, exit status
// 1 and nothing on stdout; in memory and with the external sort (a
// budget of 8 rows a run), which must agree, and leave no files.
func TestBackfillRepeatedKeys(t *testing.T) {
	var in strings.Builder
	for i := range 100 {
		fmt.Fprintf(&in, "k%03d\t%d\n", i, 1000+i%7)
	}
	in.WriteString("k042\t5000\n" + // line 101: another time
		"k007\t1000\n" + // line 102: the same line as line 8
		"k042\t1\n") // line 103: a third time
	want := "line 102: OLD_KEY \"k007\" repeated, first on line 8\n" +
		"line 101: OLD_KEY \"k042\" repeated, first on line 43\n" +
		"line 103: OLD_KEY \"k042\" repeated, first on line 43\n" +
		"idkeys backfill: 3 of 103 lines invalid; nothing written\n"
	for _, budget := range []int{backfillBudget, 2 * 8 * recordSize} {
		dir := t.TempDir()
		var stdout, stderr bytes.Buffer
		code := backfill(backfillOptions{tmpdir: dir, budget: budget}, strings.NewReader(in.String()), &stdout, &stderr)
		if code != 1 || stdout.Len() != 0 || stderr.String() != want {
			t.Errorf("budget %d: exit %d, stdout %q, stderr:\n%s\nwant exit 1, no stdout, stderr:\n%s", budget, code, stdout.String(), stderr.String(), want)
		}
		checkEmpty(t, dir)
	}

	// -uuidv7 with the external sort: 100 UUIDs, the 10th again at the end.
	var uin strings.Builder
	for i := range 100 {
		fmt.Fprintf(&uin, "017f22e2-79b0-7cc3-98c4-dc0c0c07%04x\n", i)
	}
	uin.WriteString("017F22E2-79B0-7CC3-98C4-DC0C0C070009\n")
	dir := t.TempDir()
	var stdout, stderr bytes.Buffer
	code := backfill(backfillOptions{uuidv7: true, tmpdir: dir, budget: 2 * 8 * recordSize}, strings.NewReader(uin.String()), &stdout, &stderr)
	uwant := "line 101: UUID repeated, first on line 10 (both give id 01fwhe4ydgfk1shh6w1g60e009)\n" +
		"idkeys backfill: 1 of 101 lines invalid; nothing written\n"
	if code != 1 || stdout.Len() != 0 || stderr.String() != uwant {
		t.Errorf("-uuidv7: exit %d, stdout %q, stderr:\n%s\nwant exit 1, no stdout, stderr:\n%s", code, stdout.String(), stderr.String(), uwant)
	}
	checkEmpty(t, dir)
}

// TestBackfillReportCap: past maxReports bad lines, the rest are counted.
func TestBackfillReportCap(t *testing.T) {
	in := strings.Repeat("x\n", maxReports+2)
	var want strings.Builder
	for i := range maxReports {
		fmt.Fprintf(&want, "line %d: no tab, want OLD_KEY<TAB>CREATED_AT\n", i+1)
	}
	fmt.Fprintf(&want, "idkeys backfill: 2 more bad lines not shown (the first %d are above)\n", maxReports)
	fmt.Fprintf(&want, "idkeys backfill: %d of %d lines invalid; nothing written\n", maxReports+2, maxReports+2)
	runCmd(in, "backfill").check(t, result{code: 1, stderr: want.String()})
}

func checkEmpty(t *testing.T, dir string) {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(ents) != 0 {
		t.Errorf("%s still holds %d entries, e.g. %s", dir, len(ents), ents[0].Name())
	}
}

// TestBackfillExternalSort: 40,000 shuffled rows, many per millisecond,
// with a 20 kB budget (about 80 runs, so a merge pass of 64 first) give
// the same output as in memory, whatever the input order; the output is
// sorted by NEW_ID, that order is (CREATED_AT, OLD_KEY), each id carries
// its row's millisecond, and the temporary folder is gone afterwards.
func TestBackfillExternalSort(t *testing.T) {
	type row struct {
		key  string
		t    time.Time
		unix bool // written as Unix ms, so t is whole milliseconds
	}
	r := rand.New(rand.NewPCG(3, 4))
	base := time.Date(2021, 3, 4, 5, 6, 7, 0, time.UTC)
	var rows []row
	for i := range 40_000 {
		x := row{
			key:  fmt.Sprintf("%08x-%d", r.Uint32(), i),
			t:    base.Add(time.Duration(r.IntN(3000)) * time.Millisecond),
			unix: r.IntN(2) == 0,
		}
		if !x.unix {
			x.t = x.t.Add(time.Duration(r.IntN(3)) * time.Microsecond)
		}
		rows = append(rows, x)
	}
	input := func() string {
		var sb strings.Builder
		for _, x := range rows {
			if x.unix {
				fmt.Fprintf(&sb, "%s\t%d\n", x.key, x.t.UnixMilli())
				continue
			}
			fmt.Fprintf(&sb, "%s\t%s\n", x.key, x.t.Format(time.RFC3339Nano))
		}
		return sb.String()
	}
	var seed [32]byte
	seed[0] = 7
	runWith := func(in string, budget int) (string, string) {
		dir := t.TempDir()
		var stdout, stderr bytes.Buffer
		code := backfill(backfillOptions{seed: seed, tmpdir: dir, budget: budget}, strings.NewReader(in), &stdout, &stderr)
		if code != 0 {
			t.Fatalf("exit %d: %s", code, stderr.String())
		}
		checkEmpty(t, dir)
		return stdout.String(), stderr.String()
	}
	in1 := input()
	mem, _ := runWith(in1, backfillBudget)
	ext, _ := runWith(in1, 20_000)
	r.Shuffle(len(rows), func(i, j int) { rows[i], rows[j] = rows[j], rows[i] })
	ext2, _ := runWith(input(), 20_000)
	if ext != mem || ext2 != mem {
		t.Fatalf("external sort output differs from the in-memory one (or with the input shuffled)")
	}

	// Sorting by NEW_ID gives the (CREATED_AT, OLD_KEY) order.
	slices.SortFunc(rows, func(a, b row) int {
		if c := a.t.Compare(b.t); c != 0 {
			return c
		}
		return strings.Compare(a.key, b.key)
	})
	lines := strings.Split(strings.TrimSuffix(mem, "\n"), "\n")
	if len(lines) != len(rows) {
		t.Fatalf("%d lines, want %d", len(lines), len(rows))
	}
	if !slices.IsSorted(newIDs(lines)) {
		t.Fatal("output is not sorted by NEW_ID")
	}
	for i, l := range lines {
		key, newID, _ := strings.Cut(l, "\t")
		if key != rows[i].key {
			t.Fatalf("line %d: key %s, want %s", i+1, key, rows[i].key)
		}
		v, err := id.Parse(newID)
		if err != nil {
			t.Fatal(err)
		}
		if !v.Time().Equal(rows[i].t.Truncate(time.Millisecond)) {
			t.Fatalf("line %d: %s at %v, want %v", i+1, v, v.Time(), rows[i].t)
		}
	}
}

func newIDs(lines []string) []string {
	out := make([]string, len(lines))
	for i, l := range lines {
		_, out[i], _ = strings.Cut(l, "\t")
	}
	return out
}

// TestBackfillSpillsOnlyPastBudget: a budget that holds the input makes
// no temporary folder; a small one makes and removes it (checked by
// counting runs on a sorter directly).
func TestBackfillSpillsOnlyPastBudget(t *testing.T) {
	var in strings.Builder
	for i := range 1000 {
		in.WriteString("key" + strconv.Itoa(i) + "\t" + strconv.Itoa(1000+i%7) + "\n")
	}
	for _, tt := range []struct {
		budget, runs int
	}{
		{backfillBudget, 0},
		{2 * 50 * recordSize, 2 * 20}, // 50 records a run, 20 runs for each of the two sorts
		// 8 records a run: 125 runs for each sort, more than mergeFanIn,
		// so a merge pass first makes 2 more of each.
		{2 * 8 * recordSize, 2 * (125 + 2)},
	} {
		b := &backfiller{o: backfillOptions{tmpdir: t.TempDir(), budget: tt.budget}, rep: newReporter(os.Stderr, maxReports)}
		var out bytes.Buffer
		if code := b.sortAndMake(strings.NewReader(in.String()), &out); code != 0 {
			t.Fatalf("exit %d", code)
		}
		if b.runs != tt.runs {
			t.Errorf("budget %d: %d runs, want %d", tt.budget, b.runs, tt.runs)
		}
		b.cleanup()
		checkEmpty(t, b.o.tmpdir)
	}

	// 520 rows of 8 a run are 65 runs a sort, one more than mergeFanIn:
	// a merge pass makes 2 more of each.
	b := &backfiller{o: backfillOptions{tmpdir: t.TempDir(), budget: 2 * 8 * recordSize}, rep: newReporter(os.Stderr, maxReports)}
	short := strings.Join(strings.SplitAfter(in.String(), "\n")[:520], "")
	if code := b.sortAndMake(strings.NewReader(short), io.Discard); code != 0 {
		t.Fatalf("exit %d", code)
	}
	if want := 2 * (65 + 2); b.runs != want {
		t.Errorf("520 rows: %d runs, want %d", b.runs, want)
	}
	b.cleanup()
}

// TestBackfillRepeatedKeyOrder: a key given 100 times among 900 other
// keys in shuffled order is reported on each later line, in line order,
// each time with its first line, whatever the sort does with equal keys
// (pdqsort is not stable, a merge of runs takes equal keys in any order).
func TestBackfillRepeatedKeyOrder(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	others := r.Perm(900)
	var in, want strings.Builder
	for i := range 1000 {
		if i%10 == 0 {
			fmt.Fprintf(&in, "k0450x\t%d\n", 5000-i) // later lines, earlier times
			if i > 0 {
				fmt.Fprintf(&want, "line %d: OLD_KEY \"k0450x\" repeated, first on line 1\n", i+1)
			}
			continue
		}
		fmt.Fprintf(&in, "k%04d\t%d\n", others[i-i/10-1], 1000+i)
	}
	want.WriteString("idkeys backfill: 99 of 1000 lines invalid; nothing written\n")
	for _, budget := range []int{backfillBudget, 2 * 8 * recordSize} {
		var stdout, stderr bytes.Buffer
		code := backfill(backfillOptions{tmpdir: t.TempDir(), budget: budget}, strings.NewReader(in.String()), &stdout, &stderr)
		if code != 1 || stderr.String() != want.String() {
			t.Errorf("budget %d: exit %d, stderr:\n%.400s\nwant exit 1, stderr:\n%.400s", budget, code, stderr.String(), want.String())
		}
	}
}

// TestRunReaderTruncated: a run file cut inside a row is an error, not
// the end of the rows.
func TestRunReaderTruncated(t *testing.T) {
	full := appendRow(nil, &row{sec: 1714564800, nsec: 123, line: 7, key: []byte("key")})
	for n := 1; n < len(full); n++ {
		f, err := os.CreateTemp(t.TempDir(), "run-*")
		if err != nil {
			t.Fatal(err)
		}
		f.Write(full[:n])
		f.Seek(0, 0)
		rr := &runReader{f: f, r: bufio.NewReader(f)}
		ok, err := rr.advance()
		if ok || err == nil {
			t.Errorf("a row cut to %d of %d bytes: ok %v, error %v; want an error", n, len(full), ok, err)
		}
		f.Close()
	}
}

// BenchmarkBackfill: 100,000 rows with 36-byte keys in random order, in
// memory and through the external sort (a 1 MB budget, 64 runs a sort).
func BenchmarkBackfill(b *testing.B) {
	r := rand.New(rand.NewPCG(5, 6))
	var in strings.Builder
	for range 100_000 {
		fmt.Fprintf(&in, "%016x-%019d\t%d\n", r.Uint64(), r.Uint64()%1e19, 1577836800000+r.Int64N(1e11))
	}
	for _, budget := range []int{backfillBudget, 1 << 20} {
		b.Run(fmt.Sprintf("budget=%d", budget), func(b *testing.B) {
			dir := b.TempDir()
			for b.Loop() {
				if code := backfill(backfillOptions{tmpdir: dir, budget: budget}, strings.NewReader(in.String()), io.Discard, io.Discard); code != 0 {
					b.Fatalf("exit %d", code)
				}
			}
		})
	}
}

package main_test

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// The findings on the sample module (testdata/sample), relative to it, in
// the order of sorted lines. Package clean, its twin, has none.
var (
	makers = []string{
		"bad/bad.go:21:16: ulid.Make makes an id outside package id (KEYS-3): use id.New()",
		"bad/bad.go:23:14: uuid.NewString makes an id outside package id (KEYS-3): use id.New()",
	}
	testFile = []string{
		"bad/bad_test.go:10:10: uuid.New makes an id outside package id (KEYS-3): use id.New()",
	}
	keys4 = []string{
		"bad/bad.go:40:27: strings.EqualFold compares an id ignoring case (KEYS-4): parse the other side with id.Parse and compare ids with ==",
	}
	keys5 = []string{
		`bad/bad.go:28:82: PathValue("id") reaches sql.DB.QueryRowContext unparsed (KEYS-5): parse it with id.Parse and pass the id [column id, bound as string]`,
	}
	trunc = []string{
		"bad/bad.go:38:25: slicing an id's text shortens it (TRUNC): use the whole id, its first 10 characters are only its time",
		"bad/bad.go:39:26: %.8s shortens an id (TRUNC): use %s, the whole id",
		"bad/handler.go:11:27: slicing an id's text shortens it (TRUNC): use the whole id, its first 10 characters are only its time",
	}
	backfillBad = []string{
		"bad/backfill.go:12:15: adopt.NewBackfill is for ids of existing rows (BACKFILL): use id.New() for new rows (KEYS-2), or list this package in -idbackfill.allow",
		"bad/backfill.go:12:39: adopt.Backfill.At is for ids of existing rows (BACKFILL): use id.New() for new rows (KEYS-2), or list this package in -idbackfill.allow",
	}
	typed = []string{
		"bad/typed.go:6:6: type ProviderID id.ID drops every method of id.ID, JSON writes {} and there is no Scan or Value (TYPED): declare type ProviderID struct{ id.ID }",
		"bad/typed.go:15:41: OrderID(u) converts a UserID into an OrderID, a distinct typed id (TYPED): if it is meant, write OrderID{ID: u.ID}",
	}
	backfillMigrate = []string{
		"migrate/migrate.go:14:15: adopt.NewBackfill is for ids of existing rows (BACKFILL): use id.New() for new rows (KEYS-2), or list this package in -idbackfill.allow",
		"migrate/migrate.go:14:33: adopt.Backfill.At is for ids of existing rows (BACKFILL): use id.New() for new rows (KEYS-2), or list this package in -idbackfill.allow",
	}
)

func join(parts ...[]string) []string {
	out := slices.Concat(parts...)
	slices.Sort(out)
	return out
}

// build compiles idvet once for the test binary's run.
func build(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "idvet")
	if runtime.GOOS == "windows" {
		bin += ".exe"
	}
	cmd := exec.Command("go", "build", "-o", bin, ".")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	// Fetch the sample's dependencies first, so that the go command's
	// "go: downloading" lines on a fresh machine are not in the output
	// the test reads.
	for _, dir := range []string{"../../testdata/sample", "../../testdata/cross"} {
		cmd = exec.Command("go", "mod", "download")
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("go mod download in %s: %v\n%s", dir, err, out)
		}
	}
	return bin
}

var finding = regexp.MustCompile(`^(\S+\.go):\d+:\d+: `)

// run runs name with args in the sample module and returns its finding
// lines, relative to the module and sorted, its other output and its exit
// status.
func run(t *testing.T, name string, args ...string) (lines []string, other string, status int) {
	t.Helper()
	return runIn(t, "../../testdata/sample", nil, name, args...)
}

// runIn is run in the module dir, with env added to the environment.
func runIn(t *testing.T, dir string, env []string, name string, args ...string) (lines []string, other string, status int) {
	t.Helper()
	dir, err := filepath.Abs(dir)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err = cmd.Run()
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit):
		status = exit.ExitCode()
	case err != nil:
		t.Fatalf("%s %q: %v", name, args, err)
	}
	var rest []string
	for l := range strings.SplitSeq(strings.TrimRight(out.String(), "\n"), "\n") {
		if !finding.MatchString(l) {
			if l != "" && !strings.HasPrefix(l, "# ") {
				rest = append(rest, l)
			}
			continue
		}
		l = strings.TrimPrefix(l, dir+string(filepath.Separator))
		l = strings.TrimPrefix(l, "./")
		lines = append(lines, filepath.ToSlash(l))
	}
	slices.Sort(lines)
	return lines, strings.Join(rest, "\n"), status
}

func check(t *testing.T, what string, got []string, other string, status int, want []string, wantStatus int) {
	t.Helper()
	if !slices.Equal(got, want) {
		t.Errorf("%s: findings\n%s\nwant\n%s", what, strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if other != "" {
		t.Errorf("%s: unexpected output:\n%s", what, other)
	}
	if status != wantStatus {
		t.Errorf("%s: exit status %d, want %d", what, status, wantStatus)
	}
}

// TestEndToEnd builds idvet and runs it on the sample module under go vet
// and on its own: every seeded violation at its line, nothing on the clean
// twin, and the exit statuses of go vet (1) and of the standalone form
// (3, as x/tools' checkers exit with findings; 0 when clean).
func TestEndToEnd(t *testing.T) {
	if testing.Short() {
		t.Skip("builds idvet and runs go vet: not with -short")
	}
	bin := build(t)
	// idmakers does not look at test files by default (-idmakers.tests).
	all := join(makers, keys4, keys5, trunc, backfillBad, backfillMigrate, typed)

	got, other, status := run(t, "go", "vet", "-vettool="+bin, "./...")
	check(t, "go vet -vettool ./...", got, other, status, all, 1)

	got, other, status = run(t, bin, "./...")
	check(t, "idvet ./...", got, other, status, all, 3)

	got, other, status = run(t, "go", "vet", "-vettool="+bin, "./clean/...", "./model/...")
	check(t, "go vet -vettool on the clean twin", got, other, status, nil, 0)

	got, other, status = run(t, bin, "./clean/...", "./model/...")
	check(t, "idvet on the clean twin", got, other, status, nil, 0)

	// The flags: a rule off, a package allowed, test files skipped.
	flags := []string{"-idtrunc=false", "-idbackfill.allow=example.com/sample/migrate", "-tests=false"}
	want := join(makers, keys4, keys5, backfillBad, typed)
	got, other, status = run(t, "go", slices.Concat([]string{"vet", "-vettool=" + bin}, flags, []string{"./..."})...)
	check(t, "go vet -vettool with flags", got, other, status, want, 1)
	got, other, status = run(t, bin, append(flags, "./...")...)
	check(t, "idvet with flags", got, other, status, want, 3)

	withTests := join(makers, testFile, keys4, keys5, trunc, backfillBad, backfillMigrate, typed)
	for _, flag := range []string{"-tests", "-idmakers.tests"} {
		got, other, status = run(t, "go", "vet", "-vettool="+bin, flag, "./...")
		check(t, "go vet -vettool "+flag, got, other, status, withTests, 1)
		got, other, status = run(t, bin, flag, "./...")
		check(t, "idvet "+flag, got, other, status, withTests, 3)
	}

	got, other, status = run(t, bin, "-idmakers.allow=example.com/sample/...", "-idcase=false", "-idquery=false", "-idtrunc=false", "-idbackfill=false", "-idsilent=false", "-idtyped=false", "./...")
	check(t, "idvet with every rule off or allowed", got, other, status, nil, 0)
}

// The findings on the cross module (testdata/cross): a handler package
// whose queries are one, two and three packages away, each package
// reaching database/sql only through dbx's unexported variable, so that
// the export data of dbx, store and service does not name database/sql.
var (
	crossMakers = []string{
		"gen/gen.go:6:20: uuid.NewString makes an id outside package id (KEYS-3): use id.New()",
	}
	crossQuery = []string{
		`handler/handler.go:20:74: PathValue("id") reaches dbx.One → sql.DB.QueryRowContext unparsed (KEYS-5): parse it with id.Parse and pass the id [column id, bound as string]`,
		`handler/handler.go:24:37: PathValue("id") reaches store.Name → dbx.One → sql.DB.QueryRowContext unparsed (KEYS-5): parse it with id.Parse and pass the id [column id]`,
		`handler/handler.go:29:43: FormValue("user_id") reaches service.UserName → store.Name → dbx.One → sql.DB.QueryRowContext unparsed (KEYS-5): parse it with id.Parse and pass the id [column id]`,
	}
	// The store's own query binds its string parameter to the id column:
	// reported there whatever its callers pass.
	crossStore = []string{
		"store/store.go:14:69: dbx.One → sql.DB.QueryRowContext binds column id as string (KEYS-5): make parameter userID an id.ID; its callers then parse at their boundary",
	}
	crossTrunc = []string{
		"handler/handler.go:34:27: slicing an id's text shortens it (TRUNC): use the whole id, its first 10 characters are only its time",
		"handler/handler.go:35:26: %.8s shortens an id (TRUNC): use %s, the whole id",
	}
	crossRest = []string{
		"handler/handler.go:36:30: strings.ToUpper changes an id's case (KEYS-4): ids are lowercase, use the id's text as it is",
		"handler/handler.go:42:9: model.OrderID(u) converts a UserID into an OrderID, a distinct typed id (TYPED): if it is meant, write model.OrderID{ID: u.ID}",
	}
)

// TestModesAgree: idvet on its own (one package at a time from source,
// its imports from export data, facts kept in the process), idvet under
// go vet (the same, one process a package, facts in files)
// and the golangci-lint plugin's analyzers, built by the plugin from its
// settings and run under go vet's protocol as golangci-lint loads them
// (plugin/internal/plugvet), report the same findings on the cross
// module, with default settings and with a rule off and a package
// allowed.
func TestModesAgree(t *testing.T) {
	if testing.Short() {
		t.Skip("builds idvet and runs go vet: not with -short")
	}
	bin := build(t)
	// plugvet has the plugin's settings built in (go vet caches findings
	// by the tool's content and flags, not by its environment).
	plugvet := func(settings string) string {
		plug := filepath.Join(t.TempDir(), "plugvet")
		if runtime.GOOS == "windows" {
			plug += ".exe"
		}
		if out, err := exec.Command("go", "build", "-ldflags=-X 'main.settings="+settings+"'", "-o", plug, "../../plugin/internal/plugvet").CombinedOutput(); err != nil {
			t.Fatalf("go build plugvet: %v\n%s", err, out)
		}
		return plug
	}
	const dir = "../../testdata/cross"
	for _, c := range []struct {
		name     string
		flags    []string
		settings string
		want     []string
	}{
		{"defaults", nil, "", join(crossMakers, crossQuery, crossStore, crossTrunc, crossRest)},
		{"idtrunc off, handler allowed for idquery", []string{"-idtrunc=false", "-idquery.allow=example.com/cross/handler"},
			`{"disable":["idtrunc"],"allow":{"idquery":["example.com/cross/handler"]}}`, join(crossMakers, crossStore, crossRest)},
	} {
		got, other, status := runIn(t, dir, nil, bin, append(c.flags, "./...")...)
		check(t, c.name+": idvet ./...", got, other, status, c.want, 3)
		got, other, status = runIn(t, dir, nil, "go", slices.Concat([]string{"vet", "-vettool=" + bin}, c.flags, []string{"./..."})...)
		check(t, c.name+": go vet -vettool=idvet ./...", got, other, status, c.want, 1)
		got, other, status = runIn(t, dir, nil, "go", "vet", "-vettool="+plugvet(c.settings), "./...")
		check(t, c.name+": go vet -vettool=plugvet ./... (the plugin)", got, other, status, c.want, 1)
	}
	// A .go file named, which go list loads with no other package: the
	// facts of the packages it imports are still seen.
	var handler []string
	for _, l := range join(crossMakers, crossQuery, crossStore, crossTrunc, crossRest) {
		if strings.HasPrefix(l, "handler/") {
			handler = append(handler, l)
		}
	}
	got, other, status := runIn(t, dir, nil, bin, "handler/handler.go")
	check(t, "idvet handler/handler.go", got, other, status, handler, 3)
}

func TestMain(m *testing.M) {
	// The sample module names its dependencies; go vet must not edit it.
	os.Setenv("GOFLAGS", "-mod=readonly")
	os.Exit(m.Run())
}

// TestLoadFailures: packages that fail to load are named once each, with
// why, and idvet exits 1; no "analysis skipped" line per analyzer.
func TestLoadFailures(t *testing.T) {
	if testing.Short() {
		t.Skip("builds idvet: not with -short")
	}
	bin := build(t)
	dir := t.TempDir()
	files := map[string]string{
		"go.mod":        "module example.com/broken\n\ngo 1.26\n\nrequire example.invalid/nosuch v1.0.0\n",
		"a/a.go":        "package a\n\nimport \"example.invalid/nosuch\"\n\nvar X = nosuch.Y\n",
		"b/b.go":        "package b\n\nimport \"example.com/broken/a\"\n\nvar Z = a.X\n",
		"c/c.go":        "package c\n\nvar Q int = \"s\"\n",
		"ok/ok.go":      "package ok\n\nvar R = 1\n",
		"ok/ok_test.go": "package ok\n\nimport \"example.com/broken/c\"\n\nvar _ = c.Q\n",
	}
	for name, src := range files {
		if err := os.MkdirAll(filepath.Join(dir, filepath.Dir(name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command(bin, "./...")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOPROXY=off")
	out, err := cmd.CombinedOutput()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 1 {
		t.Errorf("exit: %v, want status 1", err)
	}
	got := strings.Split(strings.TrimSpace(strings.ReplaceAll(string(out), dir+string(filepath.Separator), "")), "\n")
	want := []string{
		"idvet: package example.com/broken/a not checked: it imports example.invalid/nosuch, which failed to load",
		"idvet: package example.com/broken/b not checked: it imports example.invalid/nosuch, which failed to load",
		`idvet: package example.com/broken/c not checked: c/c.go:3:13: cannot use "s" (untyped string constant) as int value in variable declaration`,
		"idvet: the tests of package example.com/broken/ok not checked: it imports example.com/broken/c, which failed to load",
	}
	if len(got) != 5 || !slices.Equal(got[:3], want[:3]) || got[4] != want[3] || !strings.HasPrefix(got[3], "idvet: package example.invalid/nosuch not checked: a/a.go:3:8: module lookup disabled by GOPROXY=off") {
		t.Errorf("output:\n%s\nwant\n%s\nand a line for example.invalid/nosuch", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// fixSource holds the common real forms of KEYS-3, in a file that does
// not import package id, and one form -fix leaves (x keeps its type).
const fixSource = `package fixme

import (
	"fmt"

	"github.com/google/uuid"
	"github.com/oklog/ulid/v2"
)

type Job struct{ ID string }

func Forms() (string, error) {
	a := uuid.NewString()
	b := uuid.New().String()
	c := uuid.Must(uuid.NewV7()).String()
	d := ulid.Make()
	u, err := uuid.NewV7()
	if err != nil {
		return "", err
	}
	j := Job{ID: uuid.Must(uuid.NewRandom()).String()}
	fmt.Println(uuid.New())
	return a + b + c + d.String() + u.String() + j.ID, nil
}

func Kept() uuid.UUID {
	x := uuid.New()
	return x
}
`

// TestFixBuilds: idvet -fix rewrites the common forms into code that
// builds, adding the import of package id, and only the kept form is
// reported afterwards.
func TestFixBuilds(t *testing.T) {
	if testing.Short() {
		t.Skip("builds idvet and the fixed module: not with -short")
	}
	bin := build(t)
	root, err := filepath.Abs("../../..")
	if err != nil {
		t.Fatal(err)
	}
	sum, err := os.ReadFile("../../testdata/sample/go.sum")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	files := map[string]string{
		"go.mod": "module example.com/fixme\n\ngo 1.24\n\nrequire (\n\tgithub.com/google/uuid v1.6.0\n" +
			"\tgithub.com/idkeys/id v0.0.0-00010101000000-000000000000\n\tgithub.com/oklog/ulid/v2 v2.1.2\n)\n\n" +
			"replace github.com/idkeys/id => " + filepath.ToSlash(root) + "\n",
		"go.sum": string(sum),
		"fix.go": fixSource,
	}
	for name, src := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	runIn := func(name string, args ...string) (string, int) {
		cmd := exec.Command(name, args...)
		cmd.Dir = dir
		out, err := cmd.CombinedOutput()
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			return string(out), exit.ExitCode()
		} else if err != nil {
			t.Fatalf("%s %q: %v", name, args, err)
		}
		return string(out), 0
	}
	if out, status := runIn(bin, "-fix", "./..."); status != 0 {
		t.Fatalf("idvet -fix: status %d\n%s", status, out)
	}
	fixed, err := os.ReadFile(filepath.Join(dir, "fix.go"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		`"github.com/idkeys/id"`, "a := id.New().String()", "b := id.New().String()", "c := id.New().String()",
		"d := id.New()\n", "u, err := id.New(), error(nil)", "Job{ID: id.New().String()}", "fmt.Println(id.New())",
		"x := uuid.New()",
	} {
		if !strings.Contains(string(fixed), want) {
			t.Errorf("fixed file lacks %q:\n%s", want, fixed)
		}
	}
	if strings.Contains(string(fixed), "oklog/ulid") {
		t.Errorf("fixed file still imports ulid:\n%s", fixed)
	}
	if out, status := runIn("go", "build", "./..."); status != 0 {
		t.Errorf("go build of the fixed code: status %d\n%s\n%s", status, out, fixed)
	}
	out, status := runIn(bin, "./...")
	out = strings.ReplaceAll(strings.TrimSpace(out), dir+string(filepath.Separator), "")
	if want := "fix.go:27:12: uuid.New makes an id outside package id (KEYS-3): use id.New()"; out != want || status != 3 {
		t.Errorf("idvet after -fix: status %d\n%s\nwant status 3\n%s", status, out, want)
	}
}

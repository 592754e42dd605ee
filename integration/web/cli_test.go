package web

import (
	"bytes"
	"context"
	"encoding"
	"io"
	"strings"
	"testing"

	"github.com/alecthomas/kong"
	"github.com/idkeys/id"
	"github.com/spf13/cobra"
	"github.com/urfave/cli/v3"
)

// cliCase is one command line and what the program was handed, or the
// exact error.
type cliCase struct {
	name string
	args []string
	want string // "user=… org=…" on success
	err  string // exact error message, "" on success
}

// cliCases are the same for every flag library: --org is required,
// --user optional; the flag libraries' own prefixes differ, so err holds
// a %s for the flag's name.
func cliCases(prefix func(flag, value string) string) []cliCase {
	return []cliCase{
		{"valid", []string{"--org", lower, "--user", lower}, "user=" + lower + " org=" + lower, ""},
		{"uppercase", []string{"--org=" + upper}, "user=none org=" + lower, ""},
		{"malformed", []string{"--org", lower, "--user", bad}, "", prefix("user", bad) + badMsg},
		{"empty", []string{"--org", lower, "--user="}, "", prefix("user", "") + emptyMsg},
		{"absent is no id", []string{"--org", lower}, "user=none org=" + lower, ""},
		{"required empty", []string{"--org="}, "", prefix("org", "") + emptyMsg},
	}
}

// checkCLI runs each case through run, which returns what the program
// was handed and the library's error.
func checkCLI(t *testing.T, cases []cliCase, run func(args []string) (string, error)) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := run(c.args)
			if c.err == "" {
				if err != nil || got != c.want {
					t.Fatalf("%q: got %q, %v; want %q", c.args, got, err, c.want)
				}
				return
			}
			if err == nil || err.Error() != c.err {
				t.Fatalf("%q: error %v\nwant %s", c.args, err, c.err)
			}
		})
	}
}

// cobraCommand has an optional --user and a required --org, both
// through pflag's TextVar(&uid, …): *id.ID is an
// encoding.TextUnmarshaler, and a back-quoted word in the usage names the
// value in help.
func cobraCommand[T anyID, PT interface {
	*T
	encoding.TextUnmarshaler
}](out *string) *cobra.Command {
	var user, org T
	cmd := &cobra.Command{
		Use:           "t",
		SilenceUsage:  true,
		SilenceErrors: true,
		RunE: func(*cobra.Command, []string) error {
			*out = "user=" + show(user) + " org=" + show(org)
			return nil
		},
	}
	zero := any(*new(T)).(encoding.TextMarshaler)
	cmd.Flags().TextVar(PT(&user), "user", zero, "the user `id`")
	cmd.Flags().TextVar(PT(&org), "org", zero, "the organisation `id`")
	if err := cmd.MarkFlagRequired("org"); err != nil {
		panic(err)
	}
	cmd.SetOut(io.Discard)
	cmd.SetErr(io.Discard)
	return cmd
}

// TestCobraPflag: cobra v1.10.2 and pflag v1.1.0. MarkFlagRequired
// refuses an absent flag; an empty one is refused by Set.
func TestCobraPflag(t *testing.T) {
	t.Run("id.ID", testCobraPflag[id.ID])
	t.Run("UserID", testCobraPflag[UserID])
}

func testCobraPflag[T anyID, PT interface {
	*T
	encoding.TextUnmarshaler
}](t *testing.T) {
	cases := append(cliCases(func(flag, value string) string {
		return `invalid argument "` + value + `" for "--` + flag + `" flag: `
	}), cliCase{"required absent", []string{"--user", lower}, "", `required flag(s) "org" not set`})
	checkCLI(t, cases, func(args []string) (string, error) {
		var got string
		cmd := cobraCommand[T, PT](&got)
		cmd.SetArgs(args)
		err := cmd.Execute()
		return got, err
	})
}

// TestCobraHelpNamesID: help shows "--org id" (the back-quoted word of
// the usage), not the Go type. A flag whose default is the zero id shows
// no default: pflag's TextVar prints the default's MarshalText, which
// refuses the zero id.
func TestCobraHelpNamesID(t *testing.T) {
	var got string
	cmd := cobraCommand[UserID](&got)
	usage := cmd.Flags().FlagUsages()
	for _, want := range []string{"      --org id    the organisation id\n", "      --user id   the user id\n"} {
		if !strings.Contains(usage, want) {
			t.Errorf("usage lacks %q:\n%s", want, usage)
		}
	}
}

// TestURFaveCLI: urfave/cli v3.14.0's TextFlag{Destination: &uid}
// decodes through UnmarshalText; Required refuses an absent flag, and an
// empty one is refused by the decoder.
func TestURFaveCLI(t *testing.T) {
	t.Run("id.ID", testURFaveCLI[id.ID])
	t.Run("UserID", testURFaveCLI[UserID])
}

func testURFaveCLI[T anyID, PT interface {
	*T
	cli.TextMarshalUnmarshaler
}](t *testing.T) {
	cases := append(cliCases(func(flag, value string) string {
		return `invalid value "` + value + `" for flag -` + flag + `: `
	}), cliCase{"required absent", []string{"--user", lower}, "", `Required flag "org" not set`})
	checkCLI(t, cases, func(args []string) (string, error) {
		var user, org T
		var got string
		cmd := &cli.Command{
			Name:      "t",
			Writer:    io.Discard,
			ErrWriter: io.Discard,
			Flags: []cli.Flag{
				&cli.TextFlag{Name: "user", Destination: ptr[cli.TextMarshalUnmarshaler](PT(&user))},
				&cli.TextFlag{Name: "org", Destination: ptr[cli.TextMarshalUnmarshaler](PT(&org)), Required: true},
			},
			OnUsageError: func(_ context.Context, _ *cli.Command, err error, _ bool) error { return err },
			Action: func(context.Context, *cli.Command) error {
				got = "user=" + show(user) + " org=" + show(org)
				return nil
			},
		}
		err := cmd.Run(context.Background(), append([]string{"t"}, args...))
		return got, err
	})
}

// ptr returns a pointer to v converted to T: urfave's TextFlag takes a
// *TextMarshalUnmarshaler as Destination.
func ptr[T any](v T) *T { return &v }

// kongCLI is a kong grammar with plain tags: an optional --user and a
// required --org (required:"").
type kongCLI[T anyID] struct {
	User T `help:"the user"`
	Org  T `help:"the organisation" required:""`
}

// TestKong: kong v1.17.0 decodes through UnmarshalText; required:""
// refuses an absent flag, and an empty one is refused by the decoder.
func TestKong(t *testing.T) {
	// kong's placeholder is the type's name in upper kebab case.
	t.Run("id.ID", func(t *testing.T) { testKong[id.ID](t, "ID") })
	t.Run("UserID", func(t *testing.T) { testKong[UserID](t, "USER-ID") })
}

func testKong[T anyID](t *testing.T, placeholder string) {
	cases := append(cliCases(func(flag, value string) string {
		return `--` + flag + `: `
	}), cliCase{"required absent", []string{"--user", lower}, "", "missing flags: --org=" + placeholder})
	checkCLI(t, cases, func(args []string) (string, error) {
		var c kongCLI[T]
		var out bytes.Buffer
		p, err := kong.New(&c, kong.Name("t"), kong.Writers(&out, &out), kong.Exit(func(int) {}))
		if err != nil {
			return "", err
		}
		if _, err := p.Parse(args); err != nil {
			return "", err
		}
		return "user=" + show(c.User) + " org=" + show(c.Org), nil
	})
}

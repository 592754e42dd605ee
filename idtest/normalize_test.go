package idtest_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/idkeys/id"
	"github.com/idkeys/id/idtest"
)

const (
	a      = "01arz3ndektsv4rrffq69g5fav"
	aUpper = "01ARZ3NDEKTSV4RRFFQ69G5FAV"
	b      = "01bx5zzkbkactav9wevgemmvrz"
)

var normalizeCases = []struct {
	name, in, want string
}{
	{"empty", "", ""},
	{"no ids", "hello, world\n", "hello, world\n"},
	{"one id", a, "<id-1>"},
	{"same id in any case is one number; the placeholder shows the case", a + " " + aUpper + " 01arZ3NDEKTSV4rrffq69g5fav", "<id-1> <ID-1> <Id-1>"},
	{"one uppercase letter is mixed case", "01arz3ndektsv4rrffq69g5faV", "<Id-1>"},
	{"numbered by first appearance", b + " " + a + " " + b, "<id-1> <id-2> <id-1>"},
	{"JSON", `{"order":"` + a + `","user":"` + b + `","items":["` + a + `"]}`, `{"order":"<id-1>","user":"<id-2>","items":["<id-1>"]}`},
	{"JSON \\u escape of the first character", `{"id":"\u0030` + a[1:] + `"}`, `{"id":"<id-1>"}`},
	{"JSON \\u escapes anywhere, either hex case", `"01arz3nd\u0065\u006Btsv4rrffq69g5fav"`, `"<id-1>"`},
	{"JSON \\n before an id", `"created\n` + a + `\tdone"`, `"created\n<id-1>\tdone"`},
	{"JSON \\\\ before an id", `"C:\\` + a + `"`, `"C:\\<id-1>"`},
	{"escaped non-word character ends a word", a + `\u002d` + b, `<id-1>\u002d<id-2>`},
	{"an escape above ASCII whose low byte is a letter ends a word", a[:24] + `\u0161` + a[25:], a[:24] + `\u0161` + a[25:]},
	{"an escape above ASCII whose low byte is a digit ends a word", `\u0130` + a[1:], `\u0130` + a[1:]},
	{"URL", "GET /users/" + aUpper + "/orders?after=" + b + "&limit=10", "GET /users/<ID-1>/orders?after=<id-2>&limit=10"},
	{"log line", `time=2026-01-01T00:00:00Z msg="order created" order_id=` + a + " user=" + b + "\n", `time=2026-01-01T00:00:00Z msg="order created" order_id=<id-1> user=<id-2>` + "\n"},
	{"underscore and hyphen end words", "user_" + a + "-" + b, "user_<id-1>-<id-2>"},
	{"non-ASCII letters end words", "é" + a + "ü", "é<id-1>ü"},
	{"26 letters that Parse refuses (i, l, o, u)", "abcdefghijklmnopqrstuvwxyz", "abcdefghijklmnopqrstuvwxyz"},
	{"26 characters out of range", "80000000000000000000000000", "80000000000000000000000000"},
	{"the zero id", "00000000000000000000000000", "00000000000000000000000000"},
	{"26 digits are a number, not an id", "12345678901234567890123456", "12345678901234567890123456"},
	{"26 hex digits are a digest, not an id", "0123456789abcdef0123456789 0123456789ABCDEF0123456789", "0123456789abcdef0123456789 0123456789ABCDEF0123456789"},
	{"one letter past f makes an id", "0123456789abcdef012345678g 0123456789ABCDEF012345678G", "<id-1> <ID-1>"},
	{"25 characters", a[:25], a[:25]},
	{"27 characters", a + "0", a + "0"},
	{"an id inside a longer word", "x" + a, "x" + a},
	{"an escape that makes the word 27 long", `\u0078` + a, `\u0078` + a},
	{"placeholders already in the text stay", "<id-1> " + b, "<id-1> <id-1>"},
	{"a lone backslash and a short \\u", `\` + a + ` \u00`, `\<id-1> \u00`},
}

// TestNormalize: the table of what is an id and what is not, with exact
// outputs.
func TestNormalize(t *testing.T) {
	for _, c := range normalizeCases {
		t.Run(c.name, func(t *testing.T) {
			if got := idtest.Normalize(c.in); got != c.want {
				t.Fatalf("Normalize(%q)\n = %q\nwant %q", c.in, got, c.want)
			}
		})
	}
}

// TestNormalizeNoAllocsWithoutIDs: text without ids is returned as it is,
// without a copy.
func TestNormalizeNoAllocsWithoutIDs(t *testing.T) {
	if testing.Short() {
		t.Skip("allocation test")
	}
	in := strings.Repeat("no ids here, 25 characters: "+a[:25]+"\n", 10)
	if n := testing.AllocsPerRun(100, func() { _ = idtest.Normalize(in) }); n != 0 {
		t.Fatalf("Normalize of text without ids: %v allocations, want 0", n)
	}
}

// refNormalize is a second, slower implementation of Normalize's rule, for
// the fuzz target: decode text into characters first (bytes and JSON
// escapes, each with its span), then look at every maximal word.
func refNormalize(text string) (string, []id.ID) {
	type char struct {
		c          byte // the ASCII letter or digit, or 0
		start, end int
	}
	var cs []char
	for i := 0; i < len(text); {
		c, n := text[i], 1
		if c == '\\' && i+1 < len(text) {
			switch {
			case text[i+1] == 'u' && i+6 <= len(text) && isHex(text[i+2:i+6]):
				r, _ := strconv.ParseUint(text[i+2:i+6], 16, 32)
				c, n = byte(r), 6
				if r >= 0x80 {
					c = 0
				}
			case strings.IndexByte(`"\/bfnrt`, text[i+1]) >= 0:
				c, n = 0, 2
			}
		}
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z') || (n == 1 && c == '\\') {
			c = 0
		}
		cs = append(cs, char{c, i, i + n})
		i += n
	}
	var out strings.Builder
	var order []id.ID
	num := map[id.ID]int{}
	last := 0
	for i := 0; i < len(cs); {
		if cs[i].c == 0 {
			i++
			continue
		}
		j := i
		for j < len(cs) && cs[j].c != 0 {
			j++
		}
		if j-i == 26 {
			var w []byte
			for _, ch := range cs[i:j] {
				w = append(w, ch.c)
			}
			word := string(w)
			hexOnly := strings.Trim(strings.ToLower(word), "0123456789abcdef") == ""
			if v, err := id.Parse(word); err == nil && !hexOnly {
				if num[v] == 0 {
					order = append(order, v)
					num[v] = len(order)
				}
				tag := "Id"
				switch word {
				case strings.ToLower(word):
					tag = "id"
				case strings.ToUpper(word):
					tag = "ID"
				}
				out.WriteString(text[last:cs[i].start])
				out.WriteString("<" + tag + "-" + strconv.Itoa(num[v]) + ">")
				last = cs[j-1].end
			}
		}
		i = j
	}
	out.WriteString(text[last:])
	return out.String(), order
}

func isHex(s string) bool {
	for i := range len(s) {
		if !strings.ContainsRune("0123456789abcdefABCDEF", rune(s[i])) {
			return false
		}
	}
	return true
}

// FuzzNormalize: Normalize agrees with refNormalize; its output holds no
// id (normalizing it again changes nothing); text without ids comes back
// unchanged; and ids appended to the text get consistent placeholders:
// the same id in two cases one number (<id-n>, <ID-n>), another id
// another one.
func FuzzNormalize(f *testing.F) {
	for _, c := range normalizeCases {
		f.Add(c.in)
	}
	f.Fuzz(func(t *testing.T, text string) {
		got := idtest.Normalize(text)
		want, ids := refNormalize(text)
		if got != want {
			t.Fatalf("Normalize(%q)\n = %q\nreference %q", text, got, want)
		}
		if again := idtest.Normalize(got); again != got {
			t.Fatalf("Normalize(%q) = %q still holds an id: normalized again %q", text, got, again)
		}
		if len(ids) == 0 && got != text {
			t.Fatalf("Normalize(%q) = %q: no id in it, want it unchanged", text, got)
		}
		// Two new ids (not in text) after a space: <id-n> <ID-n> <id-n+1>,
		// n = len(ids)+1.
		x, y := id.New(), id.New()
		got = idtest.Normalize(text + " " + x.String() + " " + strings.ToUpper(x.String()) + " " + y.String())
		n := len(ids) + 1
		if suffix := " <id-" + strconv.Itoa(n) + "> <ID-" + strconv.Itoa(n) + "> <id-" + strconv.Itoa(n+1) + ">"; !strings.HasSuffix(got, suffix) {
			t.Fatalf("Normalize(%q + three ids) = %q, want the suffix %q", text, got, suffix)
		}
	})
}

// Package trunc seeds TRUNC violations and their negatives.
package trunc

import (
	"fmt"
	"log"
	"strings"

	"github.com/idkeys/id"
)

type Job struct{ ID id.ID }

func direct(j Job) {
	_ = j.ID.String()[:8]  // want `^slicing an id's text shortens it \(TRUNC\): use the whole id, its first 10 characters are only its time$`
	_ = j.ID.String()[10:] // want `slicing an id's text`
	b, _ := j.ID.MarshalText()
	_ = b[:8] // want `slicing an id's text`
	a, _ := j.ID.AppendText(nil)
	_ = a[2:4]                      // want `slicing an id's text`
	_ = fmt.Sprint(j.ID)[:6]        // want `slicing an id's text`
	_ = fmt.Sprintf("%v", j.ID)[:6] // want `slicing an id's text`
	_ = string(b)[:6]               // want `slicing an id's text`
}

func throughLocals(j Job, i, k int) {
	s := j.ID.String()
	t := s
	short := t[i:k] // want `slicing an id's text`
	_ = short
	var u string
	u = t
	_ = u[:8]          // want `slicing an id's text`
	log.Println(s[:8]) // want `slicing an id's text`
}

func closure(j Job) func() string {
	s := j.ID.String()
	return func() string {
		return s[:8] // want `slicing an id's text`
	}
}

func generic[T fmt.Stringer](x T) string {
	return x.String()[:8] // a T's text is not known to be an id's
}

func precision(j Job, p *id.ID, t interface{ Logf(string, ...any) }) {
	log.Printf("job %.8s done", j.ID)                 // want `^%\.8s shortens an id \(TRUNC\): use %s, the whole id$`
	_ = fmt.Sprintf("%.10v", *p)                      // want `%\.10v shortens an id \(TRUNC\): use %v, the whole id`
	_ = fmt.Sprintf("%s %.*s", "x", 8, j.ID.String()) // want `%\.\*s shortens an id`
	_ = fmt.Sprintf("%[2]s %[1].8s", j.ID, "x")       // want `%\[1\]\.8s shortens an id`
	_ = fmt.Errorf("job %s: %.8s", "a", j.ID)         // want `%\.8s shortens an id`
	log.Printf("job %s (%d%%)", j.ID, 5)
	log.Printf("%.2f%% of %s", 0.5, j.ID)
}

// Negatives: text that is not an id's, or a whole id.
func negatives(j Job, name string, ss []string) {
	_ = name[:3]
	s := j.ID.String()
	_ = s[:]
	_ = s[0:len(s)]
	_ = strings.Repeat(s, 2)[:26]
	prefixed := fmt.Sprintf("job-%s", j.ID)
	_ = prefixed[:4]
	n := "other"
	_ = n[:2]
	mixed := j.ID.String()
	mixed = name
	_ = mixed[:3]
	{
		s := "shadowing"
		_ = s[:3]
	}
	appended, _ := j.ID.AppendText([]byte("job-"))
	_ = appended[:4]
	_ = ss[0][:2]
	_ = fmt.Sprintf("%.3s", name)
	_ = fmt.Sprintf("%8s", j.ID)
	// A buffer emptied for reuse (cmd/idkeys's backfill writer) keeps no id.
	var buf []byte
	buf, _ = j.ID.AppendText(buf[:0])
	buf, _ = j.ID.AppendText(buf[:0])
	_ = buf
}

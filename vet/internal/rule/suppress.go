package rule

import (
	"fmt"
	"go/ast"
	"go/token"
	"regexp"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// Directive starts the comment that suppresses findings of one rule on
// one line:
//
//	//idvet:allow RULE reason
//
// at the end of the line of the finding, or on the line above it. RULE is
// the rule the finding names in parentheses (KEYS-3, KEYS-4, KEYS-5,
// KEYS-7, TRUNC, BACKFILL, or any rule added later). The reason is
// required: a directive without one suppresses nothing, and the finding
// then says why. Text after a further "//" is not part of the reason.
const Directive = "//idvet:allow"

// suppression is one //idvet:allow comment.
type suppression struct {
	rule, reason string
}

// ruleOf finds the rule a message names: the first "(RULE)" in it.
var ruleOf = regexp.MustCompile(`\((KEYS-[0-9]+|[A-Z][A-Z0-9]*(?:-[0-9]+)?)\)`)

// RuleOf returns the rule a diagnostic's message names in parentheses
// ("KEYS-3" in "… outside package id (KEYS-3): …"), or "".
func RuleOf(msg string) string {
	m := ruleOf.FindStringSubmatch(msg)
	if m == nil {
		return ""
	}
	return m[1]
}

// parseDirective returns the suppression a comment's text holds, and
// false when it is no //idvet:allow comment.
func parseDirective(text string) (suppression, bool) {
	rest, ok := strings.CutPrefix(text, Directive)
	if !ok || (rest != "" && rest[0] != ' ' && rest[0] != '\t') {
		return suppression{}, false
	}
	rest, _, _ = strings.Cut(rest, "//") // a comment after the directive is no reason
	fields := strings.Fields(rest)
	var s suppression
	if len(fields) > 0 {
		s.rule = fields[0]
		s.reason = strings.Join(fields[1:], " ")
	}
	return s, true
}

// suppressions collects the //idvet:allow comments of files by file and
// by the lines they cover: their own and the next.
func suppressions(fset *token.FileSet, files []*ast.File) map[*token.File]map[int][]suppression {
	out := make(map[*token.File]map[int][]suppression)
	for _, f := range files {
		tf := fset.File(f.FileStart)
		if tf == nil {
			continue
		}
		for _, g := range f.Comments {
			for _, c := range g.List {
				s, ok := parseDirective(c.Text)
				if !ok {
					continue
				}
				if out[tf] == nil {
					out[tf] = make(map[int][]suppression)
				}
				line := tf.Line(c.Slash)
				out[tf][line] = append(out[tf][line], s)
				out[tf][line+1] = append(out[tf][line+1], s)
			}
		}
	}
	return out
}

// Report reports d unless an //idvet:allow comment with a reason covers
// its line and names the rule its message names. When such a comment has
// no reason, d is reported with a note that the comment needs one.
func (s *Scope) Report(pass *analysis.Pass, d analysis.Diagnostic) {
	if s.Skip(d.Pos) {
		return
	}
	if r := RuleOf(d.Message); r != "" {
		tf := s.fset.File(d.Pos)
		for _, sup := range s.sup[tf][tf.Line(d.Pos)] {
			if !strings.EqualFold(sup.rule, r) {
				continue
			}
			if sup.reason != "" {
				return
			}
			d.Message += fmt.Sprintf(" (the %s %s comment here suppresses nothing without a reason)", Directive, sup.rule)
		}
	}
	pass.Report(d)
}

// Reportf is Report of a diagnostic at pos with a formatted message.
func (s *Scope) Reportf(pass *analysis.Pass, pos token.Pos, format string, args ...any) {
	s.Report(pass, analysis.Diagnostic{Pos: pos, Message: fmt.Sprintf(format, args...)})
}

// Package idform says whether a regular expression admits only an id's
// form or only an integer key's, which makes a match a check of the
// value (rule KEYS-5), or whether it only limits the characters, which
// does not.
//
// It decides from the expression's syntax (regexp/syntax), over the set
// of strings it admits:
//
//   - Digits: only ASCII digits, at least one ([0-9]+, \d+, [1-9]\d*,
//     [0-9]{1,20}): an integer key, which strconv.Atoi then reads;
//   - ID: strings of one length of at least 16 characters, each an ASCII
//     letter, digit or "-": an id's text of a fixed length and alphabet
//     (26 characters of Crockford base32, [0-9a-hjkmnp-tv-z]{26}; a
//     UUID's 36 or 32 hex digits; a 24-character ObjectID);
//   - None: anything else. A pattern that only limits the characters
//     ([a-zA-Z0-9]+, [^/]+, \w+), that admits several lengths of letters
//     ([0-9a-z]{20,30}), a shorter code ([a-z]{3}), or other characters
//     ([^/]{26}), is no check of an id.
//
// (?i) is taken as ASCII's letters in either case (Unicode's folding
// also admits the Kelvin sign for k and the long s for s). Each
// alternative of a top-level alternation is judged alone:
// [0-9]+|[0-9a-z]{26} admits an integer key or an id, and is a check.
package idform

import (
	"regexp/syntax"
	"unicode"
)

// Form is what a pattern admits.
type Form uint8

const (
	None   Form = iota // anything that is not one of the below
	Digits             // an integer key: ASCII digits only
	ID                 // an id's text: one length ≥ 16, letters, digits and "-"
)

// MinIDLen is the shortest fixed length that is an id's form, in
// characters: a 64-bit id in hex.
const MinIDLen = 16

// Of returns the form of the strings pattern (Go's syntax) admits. When
// anchored is false the pattern is matched anywhere in the value (as
// regexp.MatchString does), so it checks the value only when it is
// anchored at both ends itself (^ or \A … $ or \z, outside (?m)); a
// router anchors a route variable's pattern to its segment (anchored
// true). A pattern that does not compile is None.
func Of(pattern string, anchored bool) Form {
	re, err := syntax.Parse(pattern, syntax.Perl)
	if err != nil {
		return None
	}
	re = re.Simplify()
	if !anchored && !(begins(re) && ends(re)) {
		return None
	}
	return classify(re)
}

// begins reports whether every match of re starts at the start of the
// text.
func begins(re *syntax.Regexp) bool {
	switch re.Op {
	case syntax.OpBeginText:
		return true
	case syntax.OpCapture:
		return begins(re.Sub[0])
	case syntax.OpConcat:
		return len(re.Sub) > 0 && begins(re.Sub[0])
	case syntax.OpAlternate:
		for _, s := range re.Sub {
			if !begins(s) {
				return false
			}
		}
		return len(re.Sub) > 0
	}
	return false
}

// ends reports whether every match of re ends at the end of the text.
func ends(re *syntax.Regexp) bool {
	switch re.Op {
	case syntax.OpEndText:
		return true
	case syntax.OpCapture:
		return ends(re.Sub[0])
	case syntax.OpConcat:
		return len(re.Sub) > 0 && ends(re.Sub[len(re.Sub)-1])
	case syntax.OpAlternate:
		for _, s := range re.Sub {
			if !ends(s) {
				return false
			}
		}
		return len(re.Sub) > 0
	}
	return false
}

// classify returns re's form, each alternative of an alternation (under
// captures and anchors) judged alone.
func classify(re *syntax.Regexp) Form {
	switch re.Op {
	case syntax.OpCapture:
		return classify(re.Sub[0])
	case syntax.OpAlternate:
		form := Digits
		for _, s := range re.Sub {
			switch classify(s) {
			case None:
				return None
			case ID:
				form = ID
			}
		}
		return form
	case syntax.OpConcat:
		var wide []*syntax.Regexp
		for _, s := range re.Sub {
			if !zeroWidth(s.Op) {
				wide = append(wide, s)
			}
		}
		if len(wide) == 1 {
			return classify(wide[0])
		}
	}
	sh := shapeOf(re)
	switch {
	case sh.never || sh.other:
		return None
	case sh.set.within(digits) && sh.min >= 1:
		return Digits
	case sh.set.within(idChars) && sh.min == sh.max && sh.min >= MinIDLen:
		return ID
	}
	return None
}

// ascii is a set of ASCII characters, bit c for character c.
type ascii [2]uint64

// within reports whether every character of a is in b.
func (a ascii) within(b ascii) bool { return a[0]&^b[0] == 0 && a[1]&^b[1] == 0 }

func (a *ascii) add(lo, hi rune) {
	for c := lo; c <= hi && c < 128; c++ {
		a[c>>6] |= 1 << (c & 63)
	}
}

func rangeSet(pairs ...rune) ascii {
	var a ascii
	for i := 0; i+1 < len(pairs); i += 2 {
		a.add(pairs[i], pairs[i+1])
	}
	return a
}

var (
	digits  = rangeSet('0', '9')
	idChars = rangeSet('0', '9', 'a', 'z', 'A', 'Z', '-', '-')
)

// shape is what the strings re admits have in common: their characters
// (set, and other for a character outside ASCII) and their lengths, from
// min to max (-1: no bound); never: re admits no string.
type shape struct {
	set      ascii
	other    bool
	min, max int
	never    bool
}

func zeroWidth(op syntax.Op) bool {
	switch op {
	case syntax.OpEmptyMatch, syntax.OpBeginLine, syntax.OpEndLine, syntax.OpBeginText, syntax.OpEndText, syntax.OpWordBoundary, syntax.OpNoWordBoundary:
		return true
	}
	return false
}

// shapeOf returns re's shape.
func shapeOf(re *syntax.Regexp) shape {
	var sh shape
	switch {
	case zeroWidth(re.Op):
	case re.Op == syntax.OpNoMatch:
		sh.never = true
	case re.Op == syntax.OpLiteral:
		sh.min, sh.max = len(re.Rune), len(re.Rune)
		for _, r := range re.Rune {
			sh.addRune(r)
			if re.Flags&syntax.FoldCase != 0 {
				for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
					if !asciiFold(f) {
						sh.addRune(f)
					}
				}
			}
		}
	case re.Op == syntax.OpCharClass:
		sh.min, sh.max = 1, 1
		for i := 0; i+1 < len(re.Rune); i += 2 {
			lo, hi := re.Rune[i], re.Rune[i+1]
			if re.Flags&syntax.FoldCase != 0 && lo == hi && asciiFold(lo) {
				continue
			}
			sh.set.add(lo, hi)
			if hi >= 128 {
				sh.other = true
			}
		}
		if len(re.Rune) == 0 {
			sh.never = true
		}
	case re.Op == syntax.OpAnyChar || re.Op == syntax.OpAnyCharNotNL:
		sh.min, sh.max, sh.other = 1, 1, true
		sh.set.add(0, 127)
	case re.Op == syntax.OpCapture:
		return shapeOf(re.Sub[0])
	case re.Op == syntax.OpStar || re.Op == syntax.OpPlus || re.Op == syntax.OpQuest || re.Op == syntax.OpRepeat:
		sub := shapeOf(re.Sub[0])
		lo, hi := 0, -1
		switch re.Op {
		case syntax.OpPlus:
			lo = 1
		case syntax.OpQuest:
			hi = 1
		case syntax.OpRepeat:
			lo, hi = re.Min, re.Max
		}
		sh = sub
		if sub.never {
			sh = shape{never: lo > 0}
			break
		}
		sh.min = sub.min * lo
		if hi < 0 || sub.max < 0 {
			sh.max = -1
			if sub.max == 0 {
				sh.max = 0
			}
		} else {
			sh.max = sub.max * hi
		}
	case re.Op == syntax.OpConcat:
		for _, s := range re.Sub {
			sub := shapeOf(s)
			sh.merge(sub)
			sh.min += sub.min
			if sh.max >= 0 && sub.max >= 0 {
				sh.max += sub.max
			} else {
				sh.max = -1
			}
			sh.never = sh.never || sub.never
		}
	case re.Op == syntax.OpAlternate:
		first := true
		for _, s := range re.Sub {
			sub := shapeOf(s)
			if sub.never {
				continue
			}
			sh.merge(sub)
			if first {
				sh.min, sh.max, first = sub.min, sub.max, false
				continue
			}
			sh.min = min(sh.min, sub.min)
			if sh.max >= 0 && sub.max >= 0 {
				sh.max = max(sh.max, sub.max)
			} else {
				sh.max = -1
			}
		}
		sh.never = first
	default:
		sh.other, sh.max = true, -1
	}
	return sh
}

// asciiFold reports whether r is one of the two characters outside ASCII
// that Unicode's simple case folding joins to an ASCII letter: the Kelvin
// sign (k) and the long s (s). (?i)[a-z] admits them; a pattern written
// with (?i) is taken to mean ASCII's letters in either case.
func asciiFold(r rune) bool { return r == '\u212A' || r == '\u017F' }

func (sh *shape) addRune(r rune) {
	if r >= 128 {
		sh.other = true
		return
	}
	sh.set.add(r, r)
}

func (sh *shape) merge(o shape) {
	sh.set[0] |= o.set[0]
	sh.set[1] |= o.set[1]
	sh.other = sh.other || o.other
}

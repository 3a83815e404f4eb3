package der

import (
	"bytes"
	"cmp"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"
)

// bound prints a constraint bound; MIN and MAX for the extremes.
func bound(v int64) string {
	switch v {
	case math.MinInt64:
		return "MIN"
	case math.MaxInt64:
		return "MAX"
	}
	return strconv.FormatInt(v, 10)
}

// constraintError reports a value outside its constraint (KindConstraint).
// Out of line: it runs on error paths only (see WithField).
//
//go:noinline
func constraintError(off int, typ, what string, v, lo, hi int64) error {
	return NewError(KindConstraint, off, typ, what+" "+strconv.FormatInt(v, 10)+" outside ("+bound(lo)+".."+bound(hi)+")", "X.680 51")
}

// CheckSize checks a SIZE constraint (lo..hi) on n, the number of
// characters, octets, bits or elements (X.680 51.5).
func CheckSize(off int, typ string, n int, lo, hi int64) error {
	if int64(n) < lo || int64(n) > hi {
		return constraintError(off, typ, "SIZE", int64(n), lo, hi)
	}
	return nil
}

// CheckRange checks a value range (lo..hi) on v (X.680 51.4).
func CheckRange(off int, typ string, v, lo, hi int64) error {
	if v < lo || v > hi {
		return constraintError(off, typ, "value", v, lo, hi)
	}
	return nil
}

// CheckIntegerRange checks a value range (lo..hi) on an INTEGER of any size;
// lo = math.MinInt64 stands for MIN and hi = math.MaxInt64 for MAX.
func CheckIntegerRange(off int, typ string, v Integer, lo, hi int64) error {
	if x, ok := v.Int64(); ok {
		if (lo != math.MinInt64 && x < lo) || (hi != math.MaxInt64 && x > hi) {
			return constraintError(off, typ, "value", x, lo, hi)
		}
		return nil
	}
	// Outside int64: only an unbounded side admits it.
	if (v.Sign() < 0 && lo != math.MinInt64) || (v.Sign() > 0 && hi != math.MaxInt64) {
		return NewError(KindConstraint, off, typ, "value "+v.String()+" outside ("+bound(lo)+".."+bound(hi)+")", "X.680 51")
	}
	return nil
}

// CheckIntegerBounds is CheckIntegerRange for a range with an endpoint
// outside int64 (INTEGER (0..18446744073709551615)): lo and hi are the
// contents octets of the endpoints (minimal two's complement, as
// AddInteger writes them), "" for MIN and MAX.
func CheckIntegerBounds(off int, typ string, v Integer, lo, hi string) error {
	if lo != "" && compareIntegers(v, Integer(lo)) < 0 || hi != "" && compareIntegers(v, Integer(hi)) > 0 {
		text := func(b, unbounded string) string {
			if b == "" {
				return unbounded
			}
			return Integer(b).String()
		}
		return NewError(KindConstraint, off, typ, "value "+v.String()+" outside ("+text(lo, "MIN")+".."+text(hi, "MAX")+")", "X.680 51")
	}
	return nil
}

// compareIntegers orders two INTEGER contents of any length.
func compareIntegers(a, b Integer) int {
	a, b = a.minimal(), b.minimal()
	sa, sb := a.Sign(), b.Sign()
	switch {
	case sa != sb:
		return cmp.Compare(sa, sb)
	case sa == 0:
		return 0
	case len(a) != len(b) && sa > 0:
		return cmp.Compare(len(a), len(b))
	case len(a) != len(b):
		return cmp.Compare(len(b), len(a)) // the longer negative is the smaller
	}
	// Same sign and length: two's complement orders as unsigned octets.
	return bytes.Compare(a, b)
}

// CheckAlphabet checks a permitted-alphabet constraint (FROM, X.680 51.7):
// every character of s must be one of alphabet's.
func CheckAlphabet(off int, typ, s, alphabet string) error {
	for i, c := range s {
		if !strings.ContainsRune(alphabet, c) {
			return NewError(KindConstraint, off, typ, "character "+strconv.QuoteRune(c)+" at index "+strconv.Itoa(i)+" not in the permitted alphabet", "X.680 51.7")
		}
	}
	return nil
}

// CharCount is the length of a character string as SIZE counts it: in
// characters, not octets (X.680 51.5.1).
func CharCount(s string) int { return utf8.RuneCountInString(s) }

// CheckEnumerated returns the error for an ENUMERATED value that is not
// one of the type's items (X.680 20), for types without an extension
// marker.
//
// Out of line: it runs on error paths only (see WithField).
//
//go:noinline
func CheckEnumerated(off int, typ string, v int64) error {
	return NewError(KindInvalidValue, off, typ, "value "+strconv.FormatInt(v, 10)+" is not an item of the enumeration", "X.680 20")
}

// CheckValues checks a value set with gaps (X.680 51: INTEGER (1 | 3 |
// 7..9)): v must lie in one of the ranges, given as lo, hi pairs.
func CheckValues(off int, typ string, v int64, ranges ...int64) error {
	for i := 0; i+1 < len(ranges); i += 2 {
		if v >= ranges[i] && v <= ranges[i+1] {
			return nil
		}
	}
	return NewError(KindConstraint, off, typ, "value "+strconv.FormatInt(v, 10)+" not in the permitted set", "X.680 51")
}

// Name returns the i-th (from 0) of the space-separated ASN.1 identifiers
// in names, the names of an enumeration's items or a CHOICE's
// alternatives; typ(i) when there is none, or just i when typ is ""
// (generated String methods).
func Name(names string, i int, typ string) string {
	rest, k := names, i
	for k >= 0 && rest != "" {
		word, more, _ := strings.Cut(rest, " ")
		if k == 0 {
			return word
		}
		rest, k = more, k-1
	}
	if typ == "" {
		return strconv.Itoa(i)
	}
	return typ + "(" + strconv.Itoa(i) + ")"
}

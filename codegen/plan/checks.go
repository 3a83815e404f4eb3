package plan

import (
	"cmp"
	"math"
	"slices"

	"github.com/asn1gen/asn1gen/codegen/model"
)

// StringChecks are the constraints of a character string type that every
// codec checks, whatever PER or OER sees of them (X.691 10.3, X.696 8.2):
// the effective permitted alphabet and SIZE, in characters, when no
// constraint is extensible (X.680 49.8: values outside an extensible root
// are valid), as DER's decoders check them (codegen/emit/derstmt).
type StringChecks struct {
	// Alphabet holds the characters of the permitted alphabet, "" when
	// there is none to check.
	Alphabet string
	// Sized says that Lb..Ub (Ub < 0 for MAX) bounds the number of
	// characters.
	Sized  bool
	Lb, Ub int
}

// CheckedString returns the StringChecks of the character string type t.
func CheckedString(t *model.Type) StringChecks {
	var sc StringChecks
	c := t.Constraints
	if c == nil || c.Extensible || t.Underlying().Kind != model.TypeCharacterString {
		return sc
	}
	sc.Alphabet = c.Alphabet
	if s := c.Size; s != nil && !s.Big() && !(s.Min <= 0 && s.Max == math.MaxInt64) && (s.Max == math.MaxInt64 || s.Max <= math.MaxInt32) {
		sc.Sized, sc.Lb, sc.Ub = true, int(max(s.Min, 0)), int(s.Max)
		if s.Max == math.MaxInt64 {
			sc.Ub = -1
		}
	}
	return sc
}

// OwnStringChecks reports whether component f refers to a named
// character string type and constrains it further (host Hostname (SIZE
// (1..64)), digits Text (FROM ("0".."9"))) so that what the codecs check
// differs from what the named type's codec checks: the OER and JER codecs
// then read and write it in place by its effective constraints (X.680
// 49.3), as OwnSize has them for what PER and OER see.
func OwnStringChecks(f *Field) bool {
	if !OwnConstraints(f) || f.Type.Underlying().Kind != model.TypeCharacterString {
		return false
	}
	if c := f.Type.Constraints; c.Containing != nil || c.EncodedBy != nil {
		return false
	}
	return CheckedString(f.Type) != CheckedString(f.Type.Ref.Type)
}

// ValueSet returns the value set with gaps of an INTEGER type held as an
// int64 (INTEGER (1 | 3 | 7..9), or the values two constraints have in
// common), which every codec checks as DER's decoders do although PER and
// OER see only its hull (X.691 10.5, X.696 8.2): its ranges as lo, hi
// pairs, ascending and merged, the hull set[0]..set[len(set)-1]; nil when
// the values are one range or a constraint is extensible.
func ValueSet(t *model.Type) []int64 {
	c := t.Constraints
	if c == nil || c.Extensible || len(c.Values) < 2 || c.Value == nil || IntegerGo(t) != "int64" {
		return nil
	}
	rs := slices.Clone(c.Values)
	slices.SortFunc(rs, func(a, b model.Range) int { return cmp.Compare(a.Min, b.Min) })
	var set []int64
	for _, r := range rs {
		if r.Big() {
			return nil
		}
		if n := len(set); n > 0 && (r.Min <= set[n-1] || set[n-1] != math.MaxInt64 && r.Min == set[n-1]+1) {
			set[n-1] = max(set[n-1], r.Max)
			continue
		}
		set = append(set, r.Min, r.Max)
	}
	if len(set) < 4 || set[0] != c.Value.Min || set[len(set)-1] != c.Value.Max {
		return nil // one range, or a hull other than the one PER and OER see
	}
	return set
}

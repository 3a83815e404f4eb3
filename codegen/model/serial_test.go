package model

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestSerialConstraints checks that constraints applied in turn all apply
// (X.680 49.3, 51): serial permitted alphabets, those of a named type and
// of a component that refers to it, and those of an intersection, keep
// the characters they have in common; serial SIZEs and value ranges their
// overlap, and value sets with gaps the values they have in common (the
// hull of which is what PER sees, X.691 10.5).
func TestSerialConstraints(t *testing.T) {
	s := checkSrc(`A DEFINITIONS AUTOMATIC TAGS ::= BEGIN
Narrow ::= IA5String (FROM ("a".."z")) (FROM ("a".."f"))
Wide ::= IA5String (FROM ("a".."f")) (FROM ("a".."z"))
Base ::= IA5String (FROM ("a".."z"))
Ref ::= Base (FROM ("d".."h" | "0"))
Inter ::= IA5String (FROM ("a".."z") ^ FROM ("x".."z" | "0".."9"))
Comp ::= SEQUENCE { s Base (FROM ("a".."f" | "0")) }
SizeSer ::= IA5String (SIZE (1..10)) (SIZE (2..4))
SizeRef ::= Base (SIZE (3..8))
Vals ::= INTEGER (1 | 3 | 5) (1..3)
Vals2 ::= INTEGER (0..10) (1 | 3 | 5)
Vals3 ::= INTEGER (1 | 3 | 5) (2..5)
Vals4 ::= INTEGER (1 | 3 | 5 | 7..9) (3 | 4 | 8..9)
Range ::= INTEGER (0..10) (5..MAX)
YesNo ::= IA5String ("yes" | "no")
FromValues ::= IA5String (FROM ("yes" | "no"))
Mixed ::= IA5String (FROM ("a".."z") ^ ("yes" | "no"))
END`)
	if d := diagLines(s); len(d) != 0 {
		t.Fatalf("diagnostics: %v", d)
	}
	type got struct {
		Alphabet string
		Value    *Range
		Values   []Range
		Size     *Range
	}
	m := s.Module("A")
	of := func(ty *Type) got {
		c := ty.Constraints
		return got{c.Alphabet, c.Value, c.Values, c.Size}
	}
	r := func(lo, hi int64) *Range { return &Range{Min: lo, Max: hi} }
	for _, tc := range []struct {
		name string
		want got
	}{
		{"Narrow", got{Alphabet: "abcdef"}},
		{"Wide", got{Alphabet: "abcdef"}},
		{"Ref", got{Alphabet: "defgh"}},
		{"Inter", got{Alphabet: "xyz"}},
		{"SizeSer", got{Size: r(2, 4)}},
		{"SizeRef", got{Alphabet: "abcdefghijklmnopqrstuvwxyz", Size: r(3, 8)}},
		{"Vals", got{Value: r(1, 3), Values: []Range{{Min: 1, Max: 1}, {Min: 3, Max: 3}}}},
		{"Vals2", got{Value: r(1, 5), Values: []Range{{Min: 1, Max: 1}, {Min: 3, Max: 3}, {Min: 5, Max: 5}}}},
		{"Vals3", got{Value: r(3, 5), Values: []Range{{Min: 3, Max: 3}, {Min: 5, Max: 5}}}},
		{"Vals4", got{Value: r(3, 9), Values: []Range{{Min: 3, Max: 3}, {Min: 8, Max: 9}}}},
		{"Range", got{Value: r(5, 10)}},
		// Single values are no permitted alphabet but inside FROM (X.691
		// 10.3: not PER-visible).
		{"YesNo", got{}},
		{"FromValues", got{Alphabet: "yesno"}},
		{"Mixed", got{Alphabet: "abcdefghijklmnopqrstuvwxyz"}},
	} {
		if diff := cmp.Diff(tc.want, of(m.Lookup(tc.name).Type)); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tc.name, diff)
		}
	}
	comp := m.Lookup("Comp").Type.Underlying().Components[0].Type
	if diff := cmp.Diff(got{Alphabet: "abcdef"}, of(comp)); diff != "" {
		t.Errorf("Comp.s (-want +got):\n%s", diff)
	}
}

package model

import (
	"cmp"
	"math"
	"math/big"
	"slices"
	"strconv"
	"strings"

	"github.com/asn1gen/asn1gen/parser"
)

// Constraints are the effective constraints of a type evaluated so far:
// the bounds of the extension root (X.680 49.8: PER-visible bounds are
// those of the root), plus what code generation needs to emit checks.
type Constraints struct {
	// Value bounds an INTEGER (the hull of the permitted values).
	Value *Range
	// Values are the permitted values exactly, when the constraint is a
	// union of values and ranges with gaps (INTEGER (1 | 3 | 5 | 7..9));
	// nil otherwise (Value says it all).
	Values []Range
	// Size bounds the length of strings and of SEQUENCE OF / SET OF.
	Size *Range
	// Alphabet is the permitted alphabet (FROM) when given by character
	// strings and ranges of single characters; "" when unconstrained.
	Alphabet string
	// Settings are the property settings (SETTINGS, X.680 51.10) that all
	// values of a subtype of TIME have, as written, those of later
	// constraints after a space; "" when there are none, or when a union
	// or an extension marker leaves values with other settings.
	Settings string
	// Containing is the type of a CONTAINING constraint (X.682 11).
	Containing *Type
	// EncodedBy is the OID of ENCODED BY, if any.
	EncodedBy OID
	// Extensible is set when a constraint has an extension marker.
	Extensible bool
	// Table holds the component relation constraint (X.682 10.7) or simple
	// table constraint, not yet resolved to objects.
	Table *TableConstraint
	// AST lists the constraints as written, outermost first.
	AST []*parser.Constraint

	// valueChars are the characters of the single string values that
	// constrain the type ("yes" | "no"): no permitted alphabet of its
	// own, but one where FROM includes the type (FROM (Extra)).
	valueChars string
}

// Range is a closed interval; Min and Max are math.MinInt64/MaxInt64 for
// MIN and MAX. An endpoint outside int64 (INTEGER (0..18446744073709551615)),
// or at its limit, is in BigMin or BigMax, and Min or Max then saturates.
type Range struct {
	Min, Max       int64
	BigMin, BigMax *big.Int
}

func exact(v int64, b *big.Int, unbounded int64) *big.Int {
	switch {
	case b != nil:
		return b
	case v == unbounded:
		return nil
	}
	return big.NewInt(v)
}

// rangeOf returns the range between the exact endpoints lo and hi (nil for
// MIN and MAX), with Min and Max saturated.
func rangeOf(lo, hi *big.Int) *Range {
	r := &Range{Min: math.MinInt64, Max: math.MaxInt64}
	// An endpoint that is MinInt64 or MaxInt64 itself is kept exactly too,
	// so that it does not read as MIN or MAX.
	// So is one beyond the other limit (a lower bound above MaxInt64),
	// which saturates to the limit of the other side.
	if lo != nil {
		if r.Min = saturate(lo); r.Min == math.MinInt64 || r.Min == math.MaxInt64 {
			r.BigMin = lo
		}
	}
	if hi != nil {
		if r.Max = saturate(hi); r.Max == math.MaxInt64 || r.Max == math.MinInt64 {
			r.BigMax = hi
		}
	}
	return r
}

func saturate(b *big.Int) int64 {
	switch {
	case b.IsInt64():
		return b.Int64()
	case b.Sign() < 0:
		return math.MinInt64
	}
	return math.MaxInt64
}

// Big reports whether an endpoint lies outside int64 or at its limit.
func (r *Range) Big() bool { return r.BigMin != nil || r.BigMax != nil }

// Exact returns the endpoints as exact integers, nil for MIN and MAX.
func (r *Range) Exact() (lo, hi *big.Int) {
	return exact(r.Min, r.BigMin, math.MinInt64), exact(r.Max, r.BigMax, math.MaxInt64)
}

// pick returns the endpoint of a and b that lies toward dir (-1: the lower,
// +1: the higher); nil is the unbounded side, and it wins if unboundedWins
// (the lower of two lower endpoints, one of them MIN, is MIN).
func pick(a, b *big.Int, dir int, unboundedWins bool) *big.Int {
	switch {
	case a == nil || b == nil:
		if unboundedWins {
			return nil
		}
		if a == nil {
			return b
		}
		return a
	case a.Cmp(b)*dir >= 0:
		return a
	}
	return b
}

// TableConstraint is a table constraint as written: the object set and,
// for a component relation constraint, the @-references.
type TableConstraint struct {
	ObjectSet   *parser.ElementSetSpecs
	AtNotations []*parser.AtNotation
	// Set is the object set evaluated (nil in templates).
	Set *ObjectSet
	// Values are, for a simple table constraint on a value field
	// (CLASS.&id({Set})), the permitted values: the field of each object.
	Values []*Value

	sc    *scope
	owner *Type // the type the constraint is written on
}

// bounds is the evaluation of an element set: a per-dimension hull, nil
// where the set does not constrain that dimension.
type bounds struct {
	value, size *Range
	// set is the exact value set when it is a union of single values and
	// ranges (1 | 3 | 5 | 7..9); nil when unknown or a single range.
	set   []Range
	alpha *string
	// ofValues says that alpha holds the characters of single string
	// values ("yes" | "no"), not a permitted alphabet: outside FROM they
	// are no alphabet of the type (X.691 10.3: a SingleValue constraint on
	// a string is not PER-visible, asn1ct writes IA5String ("yes" | "no")
	// in 8-bit characters).
	ofValues bool
	// settings are the property settings all values have, nil if none.
	settings *string
	// ext is set when an inner constraint (SIZE (1..2, ...)) has an
	// extension marker: the bounds are those of its root only.
	ext bool
}

// joinSettings returns the settings of values that have both a and b.
func joinSettings(a, b *string) *string {
	switch {
	case a == nil:
		return b
	case b == nil:
		return a
	}
	j := *a + " " + *b
	return &j
}

func unionRange(a, b *Range) *Range {
	if a == nil || b == nil {
		return nil
	}
	if a.Big() || b.Big() {
		alo, ahi := a.Exact()
		blo, bhi := b.Exact()
		return rangeOf(pick(alo, blo, -1, true), pick(ahi, bhi, +1, true))
	}
	return &Range{Min: min(a.Min, b.Min), Max: max(a.Max, b.Max)}
}

func intersectRange(a, b *Range) *Range {
	if a == nil {
		return b
	}
	if b == nil {
		return a
	}
	if a.Big() || b.Big() {
		alo, ahi := a.Exact()
		blo, bhi := b.Exact()
		return rangeOf(pick(alo, blo, +1, false), pick(ahi, bhi, -1, false))
	}
	return &Range{Min: max(a.Min, b.Min), Max: min(a.Max, b.Max)}
}

// intersectAlphabet returns the characters of the permitted alphabet a
// ("" for none) that b has too, in a's order: those that both permit.
func intersectAlphabet(a, b string) string {
	if a == "" {
		return b
	}
	var out []rune
	for _, c := range a {
		if strings.ContainsRune(b, c) && !slices.Contains(out, c) {
			out = append(out, c)
		}
	}
	return string(out)
}

// hull returns the smallest range that holds the ranges of set, nil for
// an empty set or one with an endpoint beyond int64.
func hull(set []Range) *Range {
	if len(set) == 0 {
		return nil
	}
	h := set[0]
	for _, r := range set {
		if r.Big() {
			return nil
		}
		h.Min, h.Max = min(h.Min, r.Min), max(h.Max, r.Max)
	}
	return &h
}

// intersectSets returns the values that two value constraints both
// permit, each the hull r and, for a union with gaps, the set of its
// ranges, when that is a set with gaps: its ranges ascending, merged;
// nil when the values in common are one range (the hull says them), when
// b constrains no values, or when an endpoint lies beyond int64 (the hull
// is checked). With no a, b's set is the values.
func intersectSets(ar *Range, aset []Range, br *Range, bset []Range) []Range {
	switch {
	case ar == nil && len(bset) > 1:
		return bset // the first constraint on values
	case ar == nil || br == nil || len(aset) < 2 && len(bset) < 2:
		return nil
	}
	if len(aset) < 2 {
		aset = []Range{*ar}
	}
	if len(bset) < 2 {
		bset = []Range{*br}
	}
	var out []Range
	for _, x := range aset {
		for _, y := range bset {
			if x.Big() || y.Big() {
				return nil
			}
			if lo, hi := max(x.Min, y.Min), min(x.Max, y.Max); lo <= hi {
				out = append(out, Range{Min: lo, Max: hi})
			}
		}
	}
	slices.SortFunc(out, func(x, y Range) int { return cmp.Compare(x.Min, y.Min) })
	var merged []Range
	for _, r := range out {
		if n := len(merged); n > 0 && (r.Min <= merged[n-1].Max || merged[n-1].Max != math.MaxInt64 && r.Min == merged[n-1].Max+1) {
			merged[n-1].Max = max(merged[n-1].Max, r.Max)
			continue
		}
		merged = append(merged, r)
	}
	if len(merged) < 2 {
		return nil
	}
	return merged
}

func (s *checker) evalConstraints(t *Type) {
	var c *Constraints
	if t.Ref != nil && t.Ref.Type != nil && t.Ref.Type != t {
		// Constraints of the referenced type apply too (X.680 49.3).
		s.finishType(t.Ref.Type)
		if rc := t.Ref.Type.Constraints; rc != nil {
			cp := *rc
			cp.AST = nil
			c = &cp
		}
	}
	for _, ca := range t.cons {
		if c == nil {
			c = &Constraints{}
		}
		c.AST = append(c.AST, ca.c)
		switch spec := ca.c.Spec.(type) {
		case *parser.ElementSetSpecs:
			if spec.Extensible {
				c.Extensible = true
			}
			if spec.Root == nil {
				continue
			}
			if tc := simpleTable(spec); tc != nil {
				tc.sc, tc.owner = ca.sc, t
				c.Table = tc
				continue
			}
			b := s.evalSet(ca.sc, spec.Root, t)
			if c.Value != nil && b.value != nil && !c.Extensible {
				// X.680 51.4: the endpoints of a value range are values
				// of the parent type; with the parent's bounds fixed (no
				// extension marker) a value beyond them is not one.
				for _, v := range []int64{b.value.Min, b.value.Max} {
					if v != math.MinInt64 && v != math.MaxInt64 && (v < c.Value.Min || v > c.Value.Max) {
						s.errorf(ca.c.Pos, "%d is not a value of the parent type, which is constrained to %s (X.680 51.4)", v, rangeString(c.Value))
						break
					}
				}
			}
			if (b.value != nil || b.size != nil) && !spec.Extensible && !b.ext {
				// X.680 49.8: a constraint without an extension marker
				// applied after an extensible one, as in T (0..5) for
				// T ::= INTEGER (-100..100, ...), makes the result not
				// extensible (asn1ct encodes it so, as X.691 10.3 says).
				c.Extensible = false
			}
			if b.value != nil {
				// Constraints applied in turn all apply (X.680 49.3): the
				// values that both permit, a set with gaps kept exactly.
				c.Values = intersectSets(c.Value, c.Values, b.value, b.set)
			}
			c.Value = intersectRange(c.Value, b.value)
			if h := hull(c.Values); h != nil {
				// The hull of the values in common, what PER sees of
				// them (X.691 10.5: lb and ub are values permitted).
				c.Value = intersectRange(c.Value, h)
			}
			c.Size = intersectRange(c.Size, b.size)
			if b.settings != nil && !spec.Extensible {
				// Constraints applied in turn intersect: the values have
				// the settings of each (X.680 51.10). An extensible one's
				// root says nothing of its extension's values.
				c.Settings = strings.TrimSpace(c.Settings + " " + *b.settings)
			}
			if b.ext {
				c.Extensible = true
			}
			if b.alpha != nil && b.ofValues {
				c.valueChars = *b.alpha
			}
			if b.alpha != nil && !b.ofValues {
				// Serial permitted alphabets all apply: the characters
				// they have in common (X.680 51.7).
				c.Alphabet = intersectAlphabet(c.Alphabet, *b.alpha)
			}
		case *parser.ContentsConstraint:
			if spec.Type != nil {
				c.Containing = s.conv(ca.sc, spec.Type)
				s.finishType(c.Containing)
			}
			if spec.EncodedBy != nil {
				if v := s.evalValue(ca.sc, spec.EncodedBy, &Type{Kind: TypeObjectIdentifier}); v != nil {
					c.EncodedBy = v.OID
				}
			}
		case *parser.TableConstraint:
			c.Table = &TableConstraint{ObjectSet: spec.ObjectSet, AtNotations: spec.AtNotations, sc: ca.sc, owner: t}
		}
	}
	t.Constraints = c
}

// simpleTable recognizes "({ObjectSet})", which parses as a single value
// whose value is a brace (X.682 10.3).
func simpleTable(spec *parser.ElementSetSpecs) *TableConstraint {
	if spec.Additional != nil || len(spec.Root.Unions) != 1 || len(spec.Root.Unions[0].Elements) != 1 {
		return nil
	}
	ie := spec.Root.Unions[0].Elements[0]
	sv, ok := ie.Elems.(*parser.SingleValue)
	if !ok || ie.Except != nil {
		return nil
	}
	bv, ok := sv.Value.(*parser.BraceValue)
	if !ok {
		return nil
	}
	set, err := bv.ElementSetSpecs()
	if err != nil {
		return nil
	}
	return &TableConstraint{ObjectSet: set}
}

// evalSet evaluates an ElementSetSpec to bounds (X.680 50): unions take
// the hull, intersections the overlap.
func (s *checker) evalSet(sc *scope, spec *parser.ElementSetSpec, t *Type) bounds {
	if spec.AllExcept != nil {
		return bounds{}
	}
	var out bounds
	for i, in := range spec.Unions {
		var ib bounds
		for j, ie := range in.Elements {
			eb := s.evalElement(sc, ie.Elems, t)
			if j == 0 {
				ib = eb
				if eb.value != nil && eb.set == nil {
					ib.set = []Range{*eb.value}
				}
				continue
			}
			ib.set = nil // an intersection: only its hull is kept
			ib.value = intersectRange(ib.value, eb.value)
			ib.size = intersectRange(ib.size, eb.size)
			ib.ext = ib.ext || eb.ext
			// A permitted alphabet intersected with values stays the
			// alphabet (X.691 10.3: the PER-visible part of an
			// intersection is PER-visible); two of a kind intersect.
			switch {
			case eb.alpha == nil:
			case ib.alpha == nil || ib.ofValues && !eb.ofValues:
				ib.alpha, ib.ofValues = eb.alpha, eb.ofValues
			case ib.ofValues == eb.ofValues:
				a := intersectAlphabet(*ib.alpha, *eb.alpha)
				ib.alpha = &a
			}
			ib.settings = joinSettings(ib.settings, eb.settings)
		}
		if i == 0 {
			out = ib
			continue
		}
		if out.set != nil && ib.set != nil {
			out.set = append(out.set, ib.set...)
		} else {
			out.set = nil
		}
		out.value = unionRange(out.value, ib.value)
		out.size = unionRange(out.size, ib.size)
		out.ext = out.ext || ib.ext
		if out.settings == nil || ib.settings == nil || *out.settings != *ib.settings {
			out.settings = nil
		}
		if out.alpha != nil && ib.alpha != nil {
			a := *out.alpha + *ib.alpha
			out.alpha, out.ofValues = &a, out.ofValues || ib.ofValues
		} else {
			out.alpha = nil
		}
	}
	return out
}

func (s *checker) evalElement(sc *scope, e parser.Element, t *Type) bounds {
	k := s.kind(t)
	if !s.applies(e, t, k) {
		return bounds{}
	}
	switch e := e.(type) {
	case *parser.ElementSetSpec:
		return s.evalSet(sc, e, t)
	case *parser.MultipleTypeConstraints:
		if s.isDuration(t, k) {
			s.checkDurationComponents(e)
		}
	case *parser.PropertySettings:
		if k == TypeTime {
			st := strings.Join(strings.Fields(e.Settings), " ")
			return bounds{settings: &st}
		}
	case *parser.SingleValue:
		if k == TypeInteger {
			if v := s.evalValue(sc, e.Value, t); v != nil && v.Kind == ValueInteger {
				if v.Big != nil {
					return bounds{value: rangeOf(v.Big, v.Big)}
				}
				return bounds{value: &Range{Min: v.Int, Max: v.Int}}
			}
			return bounds{}
		}
		if k == TypeCharacterString {
			if cs, ok := e.Value.(*parser.CStringValue); ok {
				// X.680 51.2.1: the value is one of the parent type.
				if !s.checkChars(e.Pos, t, cs.Value) {
					return bounds{}
				}
				a := cs.Value
				return bounds{alpha: &a, ofValues: true}
			}
		}
		if k != TypeOpen && k != TypeDummy && k != TypeInvalid {
			s.evalValue(sc, e.Value, t) // type-check it
		}
	case *parser.ValueRange:
		if k == TypeInteger {
			return bounds{value: s.evalRange(sc, e, t)}
		}
		if k == TypeCharacterString {
			lo, hi := endpointChar(e.Lower), endpointChar(e.Upper)
			if lo > 0 && !s.checkChars(e.Pos, t, string(lo)) || hi > 0 && !s.checkChars(e.Pos, t, string(hi)) {
				return bounds{}
			}
			if lo > 0 && hi >= lo && hi-lo < 1<<12 {
				// The range runs over the characters of the type only
				// (X.680 51.4.3): " ".."9" in a NumericString is the
				// space and the digits.
				cs, known := charSets[s.stringTypeName(t)]
				var a []rune
				for r := lo; r <= hi; r++ {
					if !known || cs.ok(r) {
						a = append(a, r)
					}
				}
				str := string(a)
				return bounds{alpha: &str}
			}
		}
	case *parser.SizeConstraint:
		if e.Constraint != nil {
			if spec, ok := e.Constraint.Spec.(*parser.ElementSetSpecs); ok && spec.Root != nil {
				b := s.evalSet(sc, spec.Root, &Type{Kind: TypeInteger})
				return bounds{size: b.value, ext: spec.Extensible || b.ext}
			}
		}
	case *parser.PermittedAlphabet:
		if e.Constraint != nil {
			if spec, ok := e.Constraint.Spec.(*parser.ElementSetSpecs); ok && spec.Root != nil {
				b := s.evalSet(sc, spec.Root, t)
				return bounds{alpha: b.alpha, ext: spec.Extensible || b.ext}
			}
		}
	case *parser.ContainedSubtype:
		if r, ok := e.Type.(*parser.TypeReference); ok && sc.dummy(r.Module, r.Name) == nil {
			if a := s.lookup(sc, r.Module, r.Name, r.Pos, false); a != nil && s.kindOf(a) == KindObjectSet {
				return bounds{} // an object set used as a table (X.682 10.3)
			}
		}
		st := s.conv(sc, e.Type)
		s.finishType(st)
		return containedBounds(st.Constraints)
	}
	return bounds{}
}

// containedBounds returns the bounds of a contained subtype whose
// constraints are c (nil for none).
func containedBounds(c *Constraints) bounds {
	var b bounds
	if c == nil {
		return b
	}
	b.value, b.size = c.Value, c.Size
	if c.Alphabet != "" {
		a := c.Alphabet
		b.alpha = &a
	} else if c.valueChars != "" {
		a := c.valueChars
		b.alpha, b.ofValues = &a, true
	}
	return b
}

func endpointChar(ep *parser.RangeEndpoint) rune {
	if ep == nil || ep.Value == nil {
		return 0
	}
	cs, ok := ep.Value.(*parser.CStringValue)
	if !ok {
		return 0
	}
	r := []rune(cs.Value)
	if len(r) != 1 {
		return 0
	}
	return r[0]
}

func (s *checker) evalRange(sc *scope, e *parser.ValueRange, t *Type) *Range {
	var lo, hi *big.Int // nil: MIN, MAX
	if e.Lower != nil && e.Lower.Value != nil {
		v := s.evalValue(sc, e.Lower.Value, t)
		if v == nil || v.Kind != ValueInteger {
			return nil
		}
		if lo = exactInt(v); e.Lower.Open {
			lo.Add(lo, big.NewInt(1))
		}
	}
	if e.Upper != nil && e.Upper.Value != nil {
		v := s.evalValue(sc, e.Upper.Value, t)
		if v == nil || v.Kind != ValueInteger {
			return nil
		}
		if hi = exactInt(v); e.Upper.Open {
			hi.Sub(hi, big.NewInt(1))
		}
	}
	if lo != nil && hi != nil && lo.Cmp(hi) > 0 {
		// X.680 51.4.4: the lower endpoint is not above the upper one.
		s.errorf(e.Pos, "empty range %v..%v", lo, hi)
	}
	return rangeOf(lo, hi)
}

// exactInt returns a new copy of the value of an INTEGER value.
func exactInt(v *Value) *big.Int {
	if v.Big != nil {
		return new(big.Int).Set(v.Big)
	}
	return big.NewInt(v.Int)
}

// applies reports, and returns false for, a subtype element that X.680 51
// does not allow on a type of kind k (Table 9 of X.680 51.1 lists which
// element applies to which type). Types whose kind is not known here
// (dummies, open types, unresolved references) are not judged.
func (s *checker) applies(e parser.Element, t *Type, k TypeKind) bool {
	if k == TypeInvalid || k == TypeOpen || k == TypeDummy {
		return true
	}
	var what, clause string
	var ok bool
	switch e.(type) {
	case *parser.SizeConstraint:
		// X.680 51.5.1: SIZE applies to bit, octet and character strings
		// and to SEQUENCE OF / SET OF.
		what, clause = "SIZE constraint", "X.680 51.5.1"
		ok = k == TypeBitString || k == TypeOctetString || k == TypeCharacterString ||
			k == TypeUnrestrictedCharacterString || k == TypeSequenceOf || k == TypeSetOf
	case *parser.PermittedAlphabet:
		// X.680 51.7.1: FROM applies to restricted character strings only.
		what, clause = "permitted alphabet (FROM)", "X.680 51.7.1"
		ok = k == TypeCharacterString
	case *parser.ValueRange:
		// X.680 51.4.1: value ranges apply to INTEGER, REAL and the time
		// types, and to single characters within a permitted alphabet.
		what, clause = "value range", "X.680 51.4.1"
		ok = k == TypeInteger || k == TypeReal || k == TypeTime || k == TypeCharacterString
	case *parser.SingleTypeConstraint:
		// X.680 51.8.2: WITH COMPONENT constrains the element of
		// SEQUENCE OF / SET OF.
		what, clause = "WITH COMPONENT constraint", "X.680 51.8.2"
		ok = k == TypeSequenceOf || k == TypeSetOf
	case *parser.MultipleTypeConstraints:
		// X.680 51.8.3: WITH COMPONENTS constrains the components of
		// SEQUENCE, SET, CHOICE and of the types defined by one (REAL,
		// EMBEDDED PDV, EXTERNAL, CHARACTER STRING, INSTANCE OF), and
		// DURATION's, those of its associated type DURATION-EQUIVALENT
		// (X.680 38.4.4; ITU-T's X.694 XSD module constrains them).
		what, clause = "WITH COMPONENTS constraint", "X.680 51.8.3"
		ok = k == TypeSequence || k == TypeSet || k == TypeChoice || k == TypeReal || k == TypeEmbeddedPDV ||
			k == TypeExternal || k == TypeUnrestrictedCharacterString || k == TypeInstanceOf || s.isDuration(t, k)
	case *parser.PatternConstraint:
		// X.680 51.9.1: PATTERN applies to restricted character strings.
		what, clause = "PATTERN constraint", "X.680 51.9.1"
		ok = k == TypeCharacterString
	default:
		return true
	}
	if !ok {
		if _, size := e.(*parser.SizeConstraint); size && k == TypeTime && (t.Name == "GeneralizedTime" || t.Name == "UTCTime") {
			// The useful time types are VisibleStrings (X.680 46, 47),
			// which older modules constrain.
			if s.opts.Lenient {
				s.warnf(elementPos(e), "a %s does not apply to %s (%s, relaxed by -lenient): it is ignored", what, kindName(t, k), clause).Accept = acceptKey("lenient", s.moduleAt(elementPos(e)))
				return false
			}
			s.errorf(elementPos(e), "a %s does not apply to %s (%s; -lenient ignores it)", what, kindName(t, k), clause)
			return false
		}
		s.errorf(elementPos(e), "a %s does not apply to %s (%s)", what, kindName(t, k), clause)
	}
	return ok
}

// durationComponents are the components of DURATION-EQUIVALENT, the
// SEQUENCE that DURATION stands for in inner subtyping (X.680 38.4.4):
//
//	DURATION-EQUIVALENT ::= SEQUENCE {
//	    years INTEGER (0..MAX) OPTIONAL, months ..., weeks ..., days ...,
//	    hours ..., minutes ..., seconds INTEGER (0..MAX) OPTIONAL,
//	    fractional-part SEQUENCE {
//	        number-of-digits INTEGER (1..MAX),
//	        fractional-value INTEGER (0..MAX) } OPTIONAL }
var durationComponents = map[string]bool{
	"years": true, "months": true, "weeks": true, "days": true, "hours": true,
	"minutes": true, "seconds": true, "fractional-part": true,
}

// isDuration reports whether t, of kind k, is DURATION or a type defined
// by it.
func (s *checker) isDuration(t *Type, k TypeKind) bool {
	if k != TypeTime {
		return false
	}
	if u := s.underlying(t); u != nil {
		t = u
	}
	return t.Name == "DURATION"
}

// checkDurationComponents reports the names of a WITH COMPONENTS on
// DURATION that DURATION-EQUIVALENT does not have.
func (s *checker) checkDurationComponents(e *parser.MultipleTypeConstraints) {
	for _, c := range e.Components {
		if !durationComponents[c.Name] {
			s.errorf(c.Pos, "DURATION has no component %s: WITH COMPONENTS names those of DURATION-EQUIVALENT (years, months, weeks, days, hours, minutes, seconds, fractional-part; X.680 38.4.4)", c.Name)
		}
	}
}

func elementPos(e parser.Element) parser.Pos {
	switch e := e.(type) {
	case *parser.SizeConstraint:
		return e.Pos
	case *parser.PermittedAlphabet:
		return e.Pos
	case *parser.ValueRange:
		return e.Pos
	case *parser.SingleTypeConstraint:
		return e.Pos
	case *parser.MultipleTypeConstraints:
		return e.Pos
	case *parser.PatternConstraint:
		return e.Pos
	}
	return parser.Pos{}
}

func rangeString(r *Range) string {
	lo, hi := "MIN", "MAX"
	if r.Min != math.MinInt64 {
		lo = strconv.FormatInt(r.Min, 10)
	}
	if r.Max != math.MaxInt64 {
		hi = strconv.FormatInt(r.Max, 10)
	}
	return lo + ".." + hi
}

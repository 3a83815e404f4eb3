package model

import (
	"fmt"

	"github.com/asn1gen/asn1gen/parser"
)

// kind returns the built-in kind t stands for, following references, and
// records it in t.Kind.
func (s *checker) kind(t *Type) TypeKind {
	if t == nil {
		return TypeInvalid
	}
	if t.Ref == nil || t.kindDone {
		return t.Kind
	}
	u := s.underlying(t)
	t.kindDone = true
	if u == nil {
		t.Kind = TypeInvalid
	} else {
		t.Kind = u.Kind
		if t.Name == "" {
			t.Name = u.Name
		}
	}
	return t.Kind
}

// underlying follows references to the built-in type, converting the
// assignments on the way; nil for a cycle of references (reported once, at
// the assignment).
//
// The result is memoized on every assignment of the chain, so that the
// types of a chain "T0 ::= T1, T1 ::= T2, ... Tn ::= INTEGER" are resolved
// in time linear in n (each link is followed once), not quadratic. A walk
// that meets an assignment being converted returns nil without memoizing:
// the conversion in progress decides later. mark tells this walk's
// assignments from those of a walk it interrupts (convert may call
// underlying), so that a cycle is one of this walk's.
func (s *checker) underlying(t *Type) *Type {
	if t == nil || t.Ref == nil {
		return t
	}
	s.walkMark++
	mark := s.walkMark
	var path []*Assignment
	for t != nil && t.Ref != nil {
		a := t.Ref
		if a.underDone {
			t = a.under
			break
		}
		if a.walkMark == mark {
			// X.680 16.1: a type is not defined as itself. Report each
			// cycle once.
			if !a.cycleReported {
				s.errorf(a.Pos, "%s is defined in terms of itself", a.Name)
				for _, b := range path {
					b.cycleReported = true
				}
			}
			t = nil
			break
		}
		a.walkMark = mark
		path = append(path, a)
		s.links++
		if a.state == 1 {
			return nil
		}
		s.convert(a)
		t = a.Type
	}
	for _, a := range path {
		a.under, a.underDone = t, true
	}
	return t
}

// universalTag is the tag of each built-in type (X.680 8.6 Table 1).
func universalTag(t *Type) (int64, bool) {
	switch t.Kind {
	case TypeBoolean:
		return 1, true
	case TypeInteger:
		return 2, true
	case TypeBitString:
		return 3, true
	case TypeOctetString:
		return 4, true
	case TypeNull:
		return 5, true
	case TypeObjectIdentifier:
		return 6, true
	case TypeObjectDescriptor:
		return 7, true
	case TypeExternal, TypeInstanceOf:
		return 8, true // X.681 C.7: INSTANCE OF has the tag of EXTERNAL
	case TypeReal:
		return 9, true
	case TypeEnumerated:
		return 10, true
	case TypeEmbeddedPDV:
		return 11, true
	case TypeRelativeOID:
		return 13, true
	case TypeSequence, TypeSequenceOf:
		return 16, true
	case TypeSet, TypeSetOf:
		return 17, true
	case TypeUnrestrictedCharacterString:
		return 29, true
	case TypeOIDIRI:
		return 35, true
	case TypeRelativeOIDIRI:
		return 36, true
	case TypeCharacterString, TypeTime:
		n, ok := stringTags[t.Name]
		return n, ok
	}
	return 0, false // CHOICE, open types, dummies: no tag of their own
}

var stringTags = map[string]int64{
	"UTF8String": 12, "NumericString": 18, "PrintableString": 19, "T61String": 20, "TeletexString": 20,
	"VideotexString": 21, "IA5String": 22, "UTCTime": 23, "GeneralizedTime": 24, "GraphicString": 25,
	"VisibleString": 26, "ISO646String": 26, "GeneralString": 27, "UniversalString": 28, "BMPString": 30,
	"TIME": 14, "DATE": 31, "TIME-OF-DAY": 32, "DATE-TIME": 33, "DURATION": 34,
}

// tags computes t.Tags (X.680 31.2): the referenced or built-in type's
// tags, then the written tags from the innermost out. An implicit tag
// replaces the outermost tag; on a type without one (an untagged CHOICE,
// open type or dummy) it is explicit (X.680 31.2.7 c).
func (s *checker) tags(t *Type) []Tag {
	if t == nil {
		return nil
	}
	switch t.tagsState {
	case 2:
		return t.Tags
	case 1:
		return nil // a cycle of references, reported by underlying
	}
	t.tagsState = 1
	var base []Tag
	if t.Ref != nil {
		if u := t.Ref.Type; u != nil && t.Ref.state != 1 {
			base = s.tags(u)
		} else if t.Ref.state == 0 {
			s.convert(t.Ref)
			base = s.tags(t.Ref.Type)
		}
	} else if n, ok := universalTag(t); ok {
		base = []Tag{{Class: ClassUniversal, Number: n}}
	}
	out := append([]Tag(nil), base...)
	for i := len(t.tagging) - 1; i >= 0; i-- {
		op := t.tagging[i]
		tag := Tag{Class: op.class, Number: op.number}
		if op.mode == parser.TagModeImplicit && len(out) > 0 {
			tag.Explicit = out[0].Explicit
			out[0] = tag
			continue
		}
		if k := s.kind(t); op.mode == parser.TagModeImplicit && op.keyword && k != TypeInvalid {
			// X.680 31.2.9: IMPLICIT is not allowed on an untagged CHOICE,
			// open type or dummy reference. A type that does not resolve
			// (TypeInvalid) has its error where it fails: an error here
			// would only follow from it, printed before it when the use
			// comes first ("IMPLICIT tag on an untagged invalid").
			s.errorf(op.pos, "IMPLICIT tag on an untagged %s (X.680 31.2.9)", k)
		}
		tag.Explicit = true
		out = append([]Tag{tag}, out...)
	}
	t.Tags, t.tagsState = out, 2
	return out
}

// outerTags returns the possible outermost tags of t: its first tag, or
// for an untagged CHOICE those of its alternatives. ok is false for an
// untagged open type, which may have any tag.
func (s *checker) outerTags(t *Type, depth int) (tags []Tag, ok bool) {
	tt := s.tags(t)
	if len(tt) > 0 {
		first := tt[0]
		first.Explicit = false
		return []Tag{first}, true
	}
	if depth > 50 {
		return nil, false
	}
	u := s.underlying(t)
	if u == nil || u.Kind != TypeChoice {
		return nil, false
	}
	for _, c := range u.Components {
		ct, ok := s.outerTags(c.Type, depth+1)
		if !ok {
			return nil, false
		}
		tags = append(tags, ct...)
	}
	return tags, true
}

// finishAssignment evaluates kinds, tags, constraints, DEFAULT values and
// the assignment's value, and runs the distinct-tag checks.
func (s *checker) finishAssignment(a *Assignment) {
	switch a.Kind {
	case KindType, KindValueSet:
		s.finishType(a.Type)
		s.resolveTables(a.Type, len(a.Params) == 0 && !a.abstract)
	case KindValue:
		s.finishType(a.Type)
		s.valueOf(a)
	case KindObject:
		if len(a.Params) == 0 && !a.abstract {
			s.fillObject(s.objectAssignment(a))
		}
	case KindObjectSet:
		if len(a.Params) == 0 && !a.abstract {
			s.objectSetAssignment(a, 0)
		}
	case KindClass:
		// Nothing to evaluate: the fields are read where objects use them.
	}
}

func (s *checker) finishType(t *Type) {
	if t == nil || t.finished {
		return
	}
	t.finished = true
	s.kind(t)
	s.tags(t)
	for _, c := range t.Components {
		s.finishType(c.Type)
	}
	s.finishType(t.Elem)
	s.evalConstraints(t)
	for _, c := range t.Components {
		if c.defaultAST != nil {
			c.Default = s.evalValue(c.defaultScope, c.defaultAST, c.Type)
		}
	}
	switch t.Kind {
	case TypeChoice:
		if t.Ref == nil {
			s.checkDistinct(t.Components, choiceAlternatives, "X.680 29.2")
		}
	case TypeSet:
		if t.Ref == nil {
			s.checkDistinct(t.Components, "components of the SET", "X.680 27.3")
		}
	case TypeSequence:
		if t.Ref == nil {
			s.checkSequenceTags(t.Components)
		}
	}
}

// choiceAlternatives is what checkDistinct calls the alternatives of a
// CHOICE, the only place where Options.Lenient accepts an untagged open
// type: a decoder of the CHOICE can try the other alternatives first, while
// in a SET or after optional SEQUENCE components the open type would take
// what a later component's tag selects.
const choiceAlternatives = "alternatives of the CHOICE"

// checkDistinct reports components whose outermost tags are equal.
func (s *checker) checkDistinct(comps []*Component, what, clause string) {
	seen := map[Tag]*Component{}
	for _, c := range comps {
		tags, ok := s.outerTags(c.Type, 0)
		if !ok {
			if len(comps) > 1 && len(s.tags(c.Type)) == 0 && s.kind(c.Type) == TypeOpen {
				// An untagged open type (ANY, CLASS.&Type) has no tag of its
				// own (X.680 31.2.7 c): its value may carry any tag, so the
				// rule of distinct tags cannot hold next to another component.
				if s.opts.Lenient && what == choiceAlternatives {
					// Decoders try the tagged alternatives first (gen).
					s.warnf(c.Pos, "%s: %s is an untagged open type, whose tag is indeterminate, so it cannot be told from the others (%s, relaxed by -lenient): an element that has none of the other alternatives' tags is decoded as %s", what, c.Name, clause, c.Name).Accept = acceptKey("lenient", s.moduleAt(c.Pos))
					continue
				}
				hint := ""
				if what == choiceAlternatives {
					hint = fmt.Sprintf(" (-lenient decodes as %s an element that no other alternative's tag selects)", c.Name)
				}
				s.errorf(c.Pos, "%s: %s is an untagged open type, whose tag is indeterminate, so it cannot be told from the others (%s); tag it%s", what, c.Name, clause, hint)
			}
			continue
		}
		for _, tg := range tags {
			if p := seen[tg]; p != nil && p != c {
				s.errorf(c.Pos, "%s: %s and %s have the same tag %s (%s)", what, p.Name, c.Name, tg, clause)
				continue
			}
			seen[tg] = c
		}
	}
}

// checkSequenceTags enforces X.680 25.6.1: in each run of OPTIONAL or
// DEFAULT components, the tags of the run and of the component that
// follows it are distinct. Extension additions count as optional: a
// decoder of an earlier version does not know them and a sender of an
// earlier version leaves them out, so an addition with the tag of a root
// component after the second "..." could not be told from it in BER.
func (s *checker) checkSequenceTags(comps []*Component) {
	var run []*Component
	for _, c := range comps {
		optional := c.Optional || c.defaultAST != nil || c.Extension
		run = append(run, c)
		if !optional {
			if len(run) > 1 {
				s.checkDistinct(run, "components of the SEQUENCE", "X.680 25.6.1")
			}
			run = nil
		}
	}
	if len(run) > 1 {
		s.checkDistinct(run, "components of the SEQUENCE", "X.680 25.6.1")
	}
}

package oerdump

import (
	"cmp"
	"errors"
	"math"
	"math/rand/v2"
	"slices"

	"github.com/asn1gen/asn1gen/codegen/model"
	"github.com/asn1gen/asn1gen/codegen/plan"
	"github.com/asn1gen/asn1gen/runtime/der"
)

// The DER of the value of a row of an open type CONTAINED ENCODED BY der
// (X.509 2016's Extension.extnValue), which the generated codecs read with
// the union's DER methods and write back: written with runtime/der's
// Builder from the plan alone, in the one form DER allows. A subset of
// what the OER drawer draws: values within the root of each constraint,
// no extension additions, no DEFAULT component (an absent one is the DER
// of its default value), no open type nor string containing a value;
// anything else fails with ErrNotDrawn, and the row is not picked
// (derDrawable).

// derRow returns the DER of a random value of the row field f.
func (d *drawer) derRow(f *plan.Field) ([]byte, error) {
	b := der.NewBuilder(nil)
	if err := d.derField(b, f); err != nil {
		return nil, err
	}
	return b.Bytes()
}

// derTrials is the number of trial draws of derDrawable.
const derTrials = 8

// derDrawable reports whether derRow draws values of f: derTrials of them
// with fixed seeds, not the draw's own, so that the choice of a row does
// not depend on the values drawn before. (derRow leaves out what it
// cannot draw where it may: an OPTIONAL component, the elements of a list
// that may be empty, an alternative of a CHOICE.)
func (d *drawer) derDrawable(f *plan.Field) bool {
	for i := range derTrials {
		trial := *d
		trial.rnd, trial.force = rand.New(rand.NewPCG(uint64(i), 2)), nil
		if _, err := trial.derRow(f); err != nil {
			return false
		}
	}
	return true
}

// derField writes the value of f with its tags (X.690 8.14): the
// explicit ones as constructed wrappers, the last implicit one as the
// value's own; an untagged CHOICE writes its alternative's.
func (d *drawer) derField(b *der.Builder, f *plan.Field) error {
	var marks []int
	var own *model.Tag
	for i, t := range f.Type.Tags {
		switch {
		case t.Explicit:
			marks = append(marks, b.Begin(wireTag(t), true))
		case i == len(f.Type.Tags)-1:
			own = &f.Type.Tags[i]
		}
	}
	if err := d.derValue(b, f, own); err != nil {
		return der.WithField(err, f.ASN1)
	}
	for i := len(marks) - 1; i >= 0; i-- {
		b.End(marks[i])
	}
	return nil
}

// derValue writes the value of f with the tag own (nil for an untagged
// CHOICE).
func (d *drawer) derValue(b *der.Builder, f *plan.Field, own *model.Tag) error {
	switch {
	case f.Union != nil, f.Octets, f.Type.Underlying().Kind == model.TypeOpen:
		return notDrawn("an open type or a string containing a value, in DER")
	case f.Named == nil || plan.ConstrainedInt(f) || plan.OwnSize(f):
		return d.derBuiltin(b, f.Type, own)
	}
	gt := plan.ResolveAlias(f.Named)
	for gt.Base != nil && structural(gt.Kind) {
		gt = plan.ResolveAlias(gt.Base)
	}
	if d.level++; d.level > maxDrawDepth {
		return notDrawn("nested beyond the depth")
	}
	defer func() { d.level-- }()
	switch gt.Kind {
	case model.TypeChoice:
		if own != nil {
			return notDrawn("a CHOICE with an implicit tag")
		}
		return d.derChoice(b, gt)
	case model.TypeSequence, model.TypeSet:
		return d.derSequence(b, gt, own)
	case model.TypeSequenceOf, model.TypeSetOf:
		elem := gt
		for elem.Elem == nil && elem.Base != nil {
			elem = plan.ResolveAlias(elem.Base)
		}
		if elem.Elem == nil || own == nil {
			return notDrawn(gt.ASN1 + ": a list without an element type")
		}
		return d.derList(b, f.Type, elem.Elem, own)
	case model.TypeEnumerated:
		root, _, _ := plan.EnumItems(gt)
		if len(root) == 0 || own == nil {
			return notDrawn(gt.ASN1 + ": an ENUMERATED without items")
		}
		b.AddInt64(wireTag(*own), root[d.rnd.IntN(len(root))].Value)
		return nil
	}
	return d.derBuiltin(b, f.Type, own)
}

// derSequence writes a SEQUENCE or SET: its root components, an OPTIONAL
// one by chance (left out when it cannot be drawn), a DEFAULT one never;
// a SET's in the order of their tags (X.690 10.3).
func (d *drawer) derSequence(b *der.Builder, gt *plan.Type, own *model.Tag) error {
	if own == nil {
		return notDrawn(gt.ASN1 + ": untagged")
	}
	type comp struct {
		tag der.Tag
		enc []byte
	}
	var comps []comp
	for _, f := range gt.Fields {
		switch {
		case f.Comp == nil || f.Comp.Extension || f.Comp.Default != nil:
			continue
		case f.Comp.Optional && (d.deep() || d.rnd.IntN(2) == 0):
			continue
		case gt.Kind == model.TypeSet && len(f.Type.Tags) == 0:
			return notDrawn(gt.ASN1 + ": a SET with an untagged component")
		}
		cb := der.NewBuilder(nil)
		err := d.derField(cb, f)
		if err != nil && f.Comp.Optional && errors.Is(err, ErrNotDrawn) {
			continue
		}
		if err != nil {
			return err
		}
		enc, err := cb.Bytes()
		if err != nil {
			return err
		}
		tag := der.Tag(0)
		if len(f.Type.Tags) > 0 {
			tag = wireTag(f.Type.Tags[0])
		}
		comps = append(comps, comp{tag, enc})
	}
	if gt.Kind == model.TypeSet {
		slices.SortStableFunc(comps, func(x, y comp) int {
			return cmp.Or(cmp.Compare(x.tag.Class(), y.tag.Class()), cmp.Compare(x.tag.Number(), y.tag.Number()))
		})
	}
	m := b.Begin(wireTag(*own), true)
	for _, c := range comps {
		b.AddRaw(c.enc)
	}
	b.End(m)
	return nil
}

// derChoice writes a root alternative of a CHOICE, tried in a random
// order until one can be drawn.
func (d *drawer) derChoice(b *der.Builder, gt *plan.Type) error {
	var alts []*plan.Field
	for _, f := range gt.Fields {
		if f.Comp == nil || !f.Comp.Extension {
			alts = append(alts, f)
		}
	}
	order := d.rnd.Perm(len(alts))
	if d.deep() {
		// Past the depth, the alternatives that end the recursion first.
		first := map[*plan.Field]bool{}
		for _, f := range shallow(alts) {
			first[f] = true
		}
		slices.SortStableFunc(order, func(i, j int) int {
			return cmp.Compare(b2i(!first[alts[i]]), b2i(!first[alts[j]]))
		})
	}
	err := notDrawn(gt.ASN1 + ": a CHOICE without alternatives")
	for _, i := range order {
		ab := der.NewBuilder(nil)
		if err = d.derField(ab, alts[i]); err != nil && errors.Is(err, ErrNotDrawn) {
			continue
		}
		var enc []byte
		if err == nil {
			enc, err = ab.Bytes()
		}
		b.AddRaw(enc)
		return err
	}
	return err
}

// derList writes a SEQUENCE OF or SET OF of the type body within the
// root of its SIZE; a SET OF's elements in the order of their encodings
// (X.690 11.6, der.Builder.EndSetOf).
func (d *drawer) derList(b *der.Builder, body *model.Type, elem *plan.Field, own *model.Tag) error {
	pc := plan.PERConstraints(body)
	pc.SizeExt = false
	lb, ub := d.size(body, pc)
	n := lb
	if !d.deep() {
		n = d.between(lb, ub)
	}
	var elems [][]byte
	for range n {
		eb := der.NewBuilder(nil)
		err := d.derField(eb, elem)
		if err != nil && lb == 0 && errors.Is(err, ErrNotDrawn) {
			elems = nil // an empty list
			break
		}
		if err != nil {
			return err
		}
		enc, err := eb.Bytes()
		if err != nil {
			return err
		}
		elems = append(elems, enc)
	}
	m := b.Begin(wireTag(*own), true)
	for _, e := range elems {
		b.AddRaw(e)
	}
	if body.Underlying().Kind == model.TypeSetOf {
		b.EndSetOf(m)
	} else {
		b.End(m)
	}
	return nil
}

// derStrings are the character string types derBuiltin draws, with
// their universal tags.
var derStrings = map[string]der.Tag{
	"IA5String": der.TagIA5String, "VisibleString": der.TagVisibleString, "NumericString": der.TagNumericString,
	"PrintableString": der.TagPrintableString, "UTF8String": der.TagUTF8String, "BMPString": der.TagBMPString,
	"UniversalString": der.TagUniversalString,
}

// derBuiltin writes a value of the built-in type t with the tag own.
func (d *drawer) derBuiltin(b *der.Builder, t *model.Type, own *model.Tag) error {
	if own == nil {
		return notDrawn("an untagged " + t.Underlying().Kind.String())
	}
	tag := wireTag(*own)
	u := t.Underlying()
	pc := plan.PERConstraints(t)
	pc.Ext, pc.SizeExt = false, false
	switch u.Kind {
	case model.TypeNull:
		b.AddNull(tag)
	case model.TypeBoolean:
		b.AddBoolean(tag, d.rnd.IntN(2) == 1)
	case model.TypeInteger:
		lb, ub := int64(math.MinInt64), int64(math.MaxInt64)
		if pc.HasLb {
			lb = pc.Lb
		}
		if pc.HasUb {
			ub = pc.Ub
		}
		b.AddInt64(tag, d.int64In(lb, ub))
	case model.TypeOctetString:
		lb, ub := d.size(t, pc)
		b.AddPrimitive(tag, d.octets(d.between(lb, ub)))
	case model.TypeBitString:
		lb, ub := d.size(t, pc)
		n := d.between(lb, ub)
		v := der.BitString{Bytes: d.octets((n + 7) / 8), BitLength: n}
		if n%8 != 0 {
			v.Bytes[n/8] &= 0xff << (8 - n%8)
		}
		if len(u.NamedNumbers) > 0 {
			v = trimNamedBits(v, lb) // X.690 11.2.2
		}
		b.AddBitString(tag, v)
	case model.TypeObjectIdentifier:
		arcs := append([]uint64{uint64(d.rnd.IntN(3)), uint64(d.rnd.IntN(40))}, d.arcs(d.rnd.IntN(5))...)
		o, err := der.OIDFromArcs(arcs...)
		if err != nil {
			return err
		}
		b.AddOID(tag, o)
	case model.TypeCharacterString:
		kind, ok := derStrings[u.Name]
		st := stringTypes[u.Name]
		if !ok || st == nil {
			return notDrawn(u.Name + " in DER")
		}
		alpha := stringAlphabets[st]
		if c := t.Constraints; c != nil && c.Alphabet != "" {
			alpha = []rune(c.Alphabet)
		}
		lb, ub := d.size(t, pc)
		b.AddText(tag, kind, d.text(alpha, d.between(lb, ub)))
	case model.TypeTime:
		switch u.Name {
		case "UTCTime":
			b.AddUTCTime(tag, d.time(1950, 2049, false))
		case "GeneralizedTime":
			b.AddGeneralizedTime(tag, d.time(1, 9999, true))
		default:
			return notDrawn(u.Name + " in DER")
		}
	default:
		return notDrawn(u.Kind.String() + " " + u.Name + " in DER")
	}
	return b.Err()
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// Package oervalue writes the CANONICAL-OER encoding (X.696) of a value
// of the model (codegen/model): the DEFAULT values that the OER codecs
// compare components with by their encodings (codegen/emit/oercodec),
// and the dump of OER input checks (internal/oerdump). It imports no
// generator: the dump runs in the browser's decoder.
package oervalue

import (
	"bytes"
	"fmt"
	"slices"

	"github.com/asn1gen/asn1gen/codegen/model"
	"github.com/asn1gen/asn1gen/codegen/plan"
	"github.com/asn1gen/asn1gen/runtime/der"
	"github.com/asn1gen/asn1gen/runtime/oer"
)

// valueFunc makes a function of the Writer an oer.Value, for oer.Marshal.
type valueFunc func(w *oer.Writer) error

func (valueFunc) DecodeOER(*oer.Reader) error     { return fmt.Errorf("not a decoder") }
func (f valueFunc) EncodeOER(w *oer.Writer) error { return f(w) }

// Encode returns the CANONICAL-OER encoding of the value v of type
// t, written with runtime/oer's Writer as the generated encoder writes
// it, or an error naming what it does not handle.
func Encode(t *model.Type, v *model.Value) ([]byte, error) {
	return oer.Marshal(valueFunc(func(w *oer.Writer) error {
		if err := writeValue(w, t, v, 0); err != nil {
			return err
		}
		return w.Err()
	}))
}

// writeValue writes the value v of type t to w (X.696 9 to 20).
func writeValue(w *oer.Writer, t *model.Type, v *model.Value, depth int) error {
	if depth > 32 {
		return fmt.Errorf("a value nested too deep")
	}
	u := t.Underlying()
	b := boundsOf(t)
	if b.unsupported != "" {
		return fmt.Errorf("%s", b.unsupported)
	}
	switch u.Kind {
	case model.TypeNull:
		return nil
	case model.TypeBoolean:
		w.WriteBool(v.Bool)
		return nil
	case model.TypeInteger:
		switch {
		case v.Big != nil || b.wide || plan.IntegerGo(t) != "int64" && b.hasUb:
			return fmt.Errorf("an INTEGER value beyond int64")
		case b.hasLb && b.hasUb:
			return w.WriteIntRange(v.Int, b.lb, b.ub)
		case b.hasLb:
			return w.WriteIntLb(v.Int, b.lb)
		}
		w.WriteInt(v.Int)
		return nil
	case model.TypeEnumerated:
		w.WriteEnumerated(v.Int)
		return nil
	case model.TypeObjectIdentifier:
		if len(v.OID) == 0 {
			return fmt.Errorf("an OBJECT IDENTIFIER value the model has no arcs of")
		}
		o, err := der.OIDFromArcs(v.OID...)
		if err != nil {
			return err
		}
		w.WriteOID(o)
		return nil
	case model.TypeBitString:
		if v.Kind != model.ValueBitString {
			return fmt.Errorf("a BIT STRING value of another form")
		}
		bs := der.BitString{Bytes: v.Bytes, BitLength: v.BitLen}
		if len(u.NamedNumbers) > 0 {
			// The one form of a value with named bits (X.680 22.7): without
			// its trailing 0 bits, of the SIZE's lower bound at least.
			bs = bs.TrimTrailingZeros()
			if lb := max(b.sizeLb, b.n); bs.BitLength < lb {
				padded := make([]byte, (lb+7)/8)
				copy(padded, bs.Bytes)
				bs = der.BitString{Bytes: padded, BitLength: lb}
			}
		}
		if b.fixed {
			return w.WriteFixedBitString(bs, b.n)
		}
		return w.WriteBitString(bs, sizeOf(b))
	case model.TypeOctetString:
		if b.fixed {
			return w.WriteFixedOctetString(v.Bytes, b.n)
		}
		return w.WriteOctetString(v.Bytes, sizeOf(b))
	case model.TypeCharacterString:
		st, ok := stringTypes[u.Name]
		switch {
		case !ok || v.Kind != model.ValueString:
			return fmt.Errorf("a %s value", u.Name)
		case unsizedString(st):
			return w.WriteString(st, v.String, oer.Unsized)
		case b.fixed:
			return w.WriteFixedString(st, v.String, b.n)
		}
		return w.WriteString(st, v.String, sizeOf(b))
	case model.TypeOpen:
		// An open type's value, Type : Value (X.681 14.6): the encoding
		// of the value of that type in an open type field (X.696 30).
		// RFC 5912's sha1Identifier has parameters NULL : NULL, an empty
		// field (a length of 0); mgf1SHA1 HashAlgorithm : sha1Identifier.
		if v.OpenType != nil && len(v.Elems) == 1 {
			m := w.BeginOpen()
			if err := writeValue(w, v.OpenType, v.Elems[0], depth+1); err != nil {
				return err
			}
			w.EndOpen(m)
			return nil
		}
	case model.TypeSequence, model.TypeSet:
		return writeSequenceValue(w, u, v, depth)
	case model.TypeSequenceOf, model.TypeSetOf:
		return writeListValue(w, u, v, depth)
	case model.TypeChoice:
		return writeChoiceValue(w, u, v, depth)
	}
	return fmt.Errorf("a value of the type %s", kindText(u))
}

// writeSequenceValue writes a SEQUENCE or SET value (X.696 16, 18): the
// preamble, then the root components present, a SET's in the canonical
// order of their tags; a component equal to its DEFAULT is left out. A
// value of an extension addition is refused.
func writeSequenceValue(w *oer.Writer, u *model.Type, v *model.Value, depth int) error {
	if v.Kind != model.ValueSequence {
		return fmt.Errorf("a SEQUENCE value of another form")
	}
	given := map[string]*model.Value{}
	for _, nv := range v.Fields {
		given[nv.Name] = nv.Value
	}
	var root []*model.Component
	for _, c := range u.Components {
		if c.Extension {
			if given[c.Name] != nil {
				return fmt.Errorf("a value of an extension addition")
			}
			continue
		}
		root = append(root, c)
	}
	if u.Kind == model.TypeSet {
		if slices.ContainsFunc(root, func(c *model.Component) bool { return len(c.Type.FirstTags()) == 0 }) {
			return fmt.Errorf("a SET value with an untagged open type")
		}
		root = slices.Clone(root)
		slices.SortStableFunc(root, func(a, b *model.Component) int {
			ta, tb := model.LeastTag(a.Type.FirstTags()), model.LeastTag(b.Type.FirstTags())
			switch {
			case ta.Less(tb):
				return -1
			case tb.Less(ta):
				return 1
			}
			return 0
		})
	}
	// A DEFAULT component equal to its default is absent (X.696 16.2).
	present := map[*model.Component]bool{}
	var bits []bool
	if u.Extensible {
		bits = append(bits, false)
	}
	for _, c := range root {
		cv := given[c.Name]
		present[c] = cv != nil
		if cv != nil && c.Default != nil {
			a, err := Encode(c.Type, cv)
			if err != nil {
				return err
			}
			d, err := Encode(c.Type, c.Default)
			if err != nil {
				return err
			}
			present[c] = !bytes.Equal(a, d)
		}
		if cv == nil && !c.Optional && c.Default == nil {
			return fmt.Errorf("a SEQUENCE value without its component %s", c.Name)
		}
		if c.Optional || c.Default != nil {
			bits = append(bits, present[c])
		}
	}
	if len(bits) > 0 {
		w.WritePreamble(bits...)
	}
	for _, c := range root {
		if present[c] {
			if err := writeValue(w, c.Type, given[c.Name], depth+1); err != nil {
				return err
			}
		}
	}
	return nil
}

// writeListValue writes a SEQUENCE OF or SET OF value (X.696 17, 19):
// the quantity, then the elements, a SET OF's in the ascending order of
// their encodings.
func writeListValue(w *oer.Writer, u *model.Type, v *model.Value, depth int) error {
	if v.Kind != model.ValueList && !(v.Kind == model.ValueSequence && len(v.Fields) == 0) {
		return fmt.Errorf("a list value of another form")
	}
	w.WriteQuantity(len(v.Elems))
	if u.Kind == model.TypeSetOf {
		m := w.BeginSetOf(len(v.Elems))
		for _, ev := range v.Elems {
			if err := writeValue(w, u.Elem, ev, depth+1); err != nil {
				return err
			}
			w.EndElement(&m)
		}
		w.EndSetOf(&m)
		return nil
	}
	for _, ev := range v.Elems {
		if err := writeValue(w, u.Elem, ev, depth+1); err != nil {
			return err
		}
	}
	return nil
}

// writeChoiceValue writes a CHOICE value (X.696 20): the tag of the
// alternative, none for an untagged CHOICE (whose own alternative's tag
// comes next), then its value. A root alternative only.
func writeChoiceValue(w *oer.Writer, u *model.Type, v *model.Value, depth int) error {
	if v.Kind != model.ValueChoice || len(v.Elems) != 1 {
		return fmt.Errorf("a CHOICE value of another form")
	}
	for _, c := range u.Components {
		if c.Name != v.Name {
			continue
		}
		if c.Extension {
			return fmt.Errorf("a value of an extension addition")
		}
		if len(c.Type.Tags) > 0 {
			t := c.Type.Tags[0]
			w.WriteTag(der.NewTag(wireClass(t.Class), uint32(t.Number)))
		} else if c.Type.FirstTags() == nil {
			return fmt.Errorf("an untagged open type as a CHOICE alternative")
		}
		return writeValue(w, c.Type, v.Elems[0], depth+1)
	}
	return fmt.Errorf("a CHOICE value of no alternative")
}

// bounds are the OER-visible constraints of a built-in type (X.696 8.2),
// as the OER emitter evaluates them: a value range or SIZE with an
// extension marker is not OER-visible.
type bounds struct {
	lb, ub       int64
	hasLb, hasUb bool
	wide         bool // lb >= 0 and an upper bound beyond int64
	fixed        bool // a SIZE of one value n
	n            int
	size         oer.Size // any other SIZE
	sizeLb       int
	unsupported  string
}

func boundsOf(t *model.Type) bounds {
	b := plan.PERConstraints(t)
	ob := bounds{size: oer.Unsized, unsupported: b.Unsupported}
	if !b.Ext {
		ob.lb, ob.ub, ob.hasLb, ob.hasUb = b.Lb, b.Ub, b.HasLb, b.HasUb
		switch {
		case b.Wide && b.Lb >= 0:
			ob.wide = true
		case b.Wide || b.Big:
			ob.unsupported = "an INTEGER constrained beyond int64"
		}
	}
	if b.Sized && !b.SizeExt {
		ob.sizeLb = b.SizeLb
		if b.SizeUb == b.SizeLb {
			ob.fixed, ob.n = true, b.SizeLb
		} else {
			ob.size = oer.Size{Lb: b.SizeLb, Ub: b.SizeUb}
		}
	}
	return ob
}

func sizeOf(b bounds) oer.Size { return b.size }

// stringTypes are runtime/oer's character string types (X.696 27).
var stringTypes = map[string]*oer.StringType{
	"IA5String": oer.IA5String, "VisibleString": oer.VisibleString, "ISO646String": oer.VisibleString,
	"NumericString": oer.NumericString, "PrintableString": oer.PrintableString,
	"BMPString": oer.BMPString, "UniversalString": oer.UniversalString, "UTF8String": oer.UTF8String,
	"GeneralString": oer.GeneralString, "GraphicString": oer.GraphicString, "TeletexString": oer.TeletexString,
	"T61String": oer.TeletexString, "VideotexString": oer.VideotexString,
}

// unsizedString reports the string types whose SIZE is not OER-visible
// (X.696 8.2, 27).
func unsizedString(st *oer.StringType) bool {
	switch st {
	case oer.UTF8String, oer.GeneralString, oer.GraphicString, oer.TeletexString, oer.VideotexString:
		return true
	}
	return false
}

// wireClass is the der.Class of a tag class of the model.
func wireClass(c model.TagClass) der.Class {
	switch c {
	case model.ClassUniversal:
		return der.ClassUniversal
	case model.ClassApplication:
		return der.ClassApplication
	case model.ClassPrivate:
		return der.ClassPrivate
	}
	return der.ClassContextSpecific
}

// kindText names the built-in type u in errors.
func kindText(u *model.Type) string {
	if u.Name != "" && u.Kind == model.TypeCharacterString {
		return u.Name
	}
	return u.Kind.String()
}

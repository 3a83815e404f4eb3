package oercodec

import (
	"bytes"
	"fmt"
	"slices"

	"github.com/asn1gen/asn1gen/codegen/emit"
	"github.com/asn1gen/asn1gen/codegen/model"
	"github.com/asn1gen/asn1gen/codegen/plan"
	"github.com/asn1gen/asn1gen/runtime/der"
	"github.com/asn1gen/asn1gen/runtime/oer"
	"github.com/dave/jennifer/jen"
)

// DEFAULT values that the Go types cannot compare with == (a SEQUENCE,
// SET, CHOICE or list value: ServiceControls DEFAULT {}, DayTime DEFAULT
// {hour 0}, Filter DEFAULT and:{}) are compared by their encodings:
// CANONICAL-OER has one encoding per value (X.696 8.1), so a component
// equals its default exactly when it encodes to the default's octets,
// which the generator works out from the model's value, with runtime/oer's
// Writer, and declares as a package variable (Tail):
//
//	var oerDefault1 = []byte{0x00, 0x00} // the DEFAULT of Band.start
//
// The encoder leaves out a component that encodes to them (X.696 16.2:
// CANONICAL-OER omits a DEFAULT component equal to its default; the
// Writer tries the encoding at the end of its buffer and takes it back),
// and a canonical decoder rejects one whose octets are them. An absent component
// is left at its zero value, HasX false, as the other codecs leave it.
// A type of a used package (-use) that carries OER is compared the same
// way: its own encoder writes the octets worked out from the model.

// encodedDefault returns the package variable of the CANONICAL-OER
// encoding of the DEFAULT value of f, declaring it on first use; "" (after
// fail) when the generator cannot compare f's values by their encodings.
func (e *Emitter) encodedDefault(f *plan.Field, where string) string {
	if f.Named == nil || f.Named.Pkg != "" && !e.usedOER(f.Named.Pkg) || f.Union != nil || f.Octets {
		e.fail(where, "a DEFAULT value the generated code cannot compare")
		return ""
	}
	b, err := encodeValue(f.Type, f.Comp.Default)
	if err != nil {
		e.fail(where, "a DEFAULT value the generated code cannot compare ("+err.Error()+")")
		return ""
	}
	for _, d := range e.defaults {
		if bytes.Equal(d.octets, b) {
			return d.name
		}
	}
	name := fmt.Sprintf("oerDefault%d", len(e.defaults)+1)
	e.defaults = append(e.defaults, encodedDef{name: name, octets: b, text: "the DEFAULT of " + where})
	return name
}

// encodedDef is the package variable of a DEFAULT value's encoding.
type encodedDef struct {
	name   string
	octets []byte
	text   string // the first component that has it
}

// encodesDefault is the encoder's condition that component f, whose
// default's encoding is the variable def, equals its default: it encodes
// to def, tried at the end of the Writer's buffer (oer.Writer.Encodes).
//
//	w.Encodes(&v.A, oerDefault1)
func encodesDefault(f *plan.Field, def string) *jen.Statement {
	if f.Ptr {
		return jen.Id("v").Dot(f.Name).Op("!=").Nil().Op("&&").Add(w()).Dot("Encodes").Call(jen.Id("v").Dot(f.Name), jen.Id(def))
	}
	return w().Dot("Encodes").Call(jen.Op("&").Id("v").Dot(f.Name), jen.Id(def))
}

// defaultsTail declares the encodings of the DEFAULT values, when some
// component uses them.
func (e *Emitter) defaultsTail(f *jen.File) {
	if len(e.defaults) == 0 {
		return
	}
	emit.Comment(f, "The CANONICAL-OER encodings of the DEFAULT values that the encoders and canonical decoders compare components with (X.696 16.2).")
	f.Var().DefsFunc(func(g *jen.Group) {
		for _, d := range e.defaults {
			var octets []jen.Code
			for _, c := range d.octets {
				octets = append(octets, jen.Id(fmt.Sprintf("0x%02x", c)))
			}
			g.Id(d.name).Op("=").Index().Byte().Values(octets...).Comment(d.text)
		}
	})
}

// valueFunc makes a function of the Writer an oer.Value, for oer.Marshal.
type valueFunc func(w *oer.Writer) error

func (valueFunc) DecodeOER(*oer.Reader) error     { return fmt.Errorf("not a decoder") }
func (f valueFunc) EncodeOER(w *oer.Writer) error { return f(w) }

// encodeValue returns the CANONICAL-OER encoding of the value v of type
// t, written with runtime/oer's Writer as the generated encoder writes
// it, or an error naming what it does not handle.
func encodeValue(t *model.Type, v *model.Value) ([]byte, error) {
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
	case model.TypeOctetString:
		if b.fixed {
			return w.WriteFixedOctetString(v.Bytes, b.n)
		}
		return w.WriteOctetString(v.Bytes, sizeOf(b))
	case model.TypeCharacterString:
		st, ok := stringVars[stringTypes[u.Name]]
		switch {
		case !ok || v.Kind != model.ValueString:
			return fmt.Errorf("a %s value", u.Name)
		case unsizedString(st.Name()):
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
	return fmt.Errorf("a value of the type %s", emit.KindText(u))
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
			a, err := encodeValue(c.Type, cv)
			if err != nil {
				return err
			}
			d, err := encodeValue(c.Type, c.Default)
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
			w.WriteTag(der.NewTag(emit.WireClass(t.Class), uint32(t.Number)))
		} else if c.Type.FirstTags() == nil {
			return fmt.Errorf("an untagged open type as a CHOICE alternative")
		}
		return writeValue(w, c.Type, v.Elems[0], depth+1)
	}
	return fmt.Errorf("a CHOICE value of no alternative")
}

// stringVars are runtime/oer's string types by their names in
// stringTypes.
var stringVars = map[string]*oer.StringType{
	"IA5String": oer.IA5String, "VisibleString": oer.VisibleString, "NumericString": oer.NumericString,
	"PrintableString": oer.PrintableString, "BMPString": oer.BMPString, "UniversalString": oer.UniversalString,
	"UTF8String": oer.UTF8String, "GeneralString": oer.GeneralString, "GraphicString": oer.GraphicString,
	"TeletexString": oer.TeletexString, "VideotexString": oer.VideotexString,
}

// sizeOf is the oer.Size of b's SIZE (boundsOf), Unsized without one.
func sizeOf(b bounds) oer.Size {
	if !b.sized {
		return oer.Unsized
	}
	return oer.Size{Lb: b.sizeLb, Ub: b.sizeUb}
}

package schemadump

import (
	"bytes"
	"errors"

	"github.com/asn1gen/asn1gen/codegen/model"
	"github.com/asn1gen/asn1gen/codegen/plan"
	"github.com/asn1gen/asn1gen/internal/jertext"
	"github.com/asn1gen/asn1gen/runtime/der"
	"github.com/asn1gen/asn1gen/runtime/float"
	"github.com/asn1gen/asn1gen/runtime/jer"
)

// jerNode is what the decode keeps of a node for its JER (Options.JER,
// Result.jer): the CHOICE
// alternatives it holds, outermost first, the JER shape of its value, the
// JER text of a primitive, and whether it is a DEFAULT component with its
// default value (which JER leaves out).
type jerNode struct {
	alts      []string
	form      jertext.Form
	leaf      []byte
	isDefault bool
}

// JER returns the value of res as JER (X.697), the JSON that a generated
// type's MarshalJSON writes for it, on one line: SEQUENCE and SET as
// objects of the components present (but a DEFAULT one with its default
// value), CHOICE as an object of the alternative, lists as arrays, open
// types as the value of their row, an OCTET or BIT STRING (CONTAINING T)
// as {"containing": value}, and the primitives as runtime/jer writes
// them. The result must come from a decode with Options.JER. A dump with
// errors, a value the schema did not read (a key outside its table, an
// alternative of a later version), a string CONTAINING a type ENCODED BY
// another encoding, a constructed (BER) string and the types that JER does
// not write have no JER: the error says where.
func JER(res *Result) ([]byte, error) {
	if len(res.Issues) > 0 {
		return nil, errors.New("the value did not decode: " + res.Issues[0].Message)
	}
	if len(res.Elements) == 0 {
		return nil, errors.New("no value")
	}
	if len(res.Elements) > 1 {
		return nil, errors.New("elements after the value")
	}
	if res.jer == nil {
		return nil, errors.New("the decode kept no JER (Options.JER)")
	}
	n := res.Elements[0]
	var b bytes.Buffer
	if err := jertext.Append(&b, n, n.Type, func(n *Node) jertext.Info[*Node] { return jerInfo(n, res.jer[n]) }); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// jerInfo is what jertext needs of n, whose JER record is x (nil for a
// node read raw).
func jerInfo(n *Node, x *jerNode) jertext.Info[*Node] {
	in := jertext.Info[*Node]{Form: jertext.None, Member: n.Field, Children: n.Children, Offset: n.Offset}
	if x != nil {
		in.Alts, in.Form, in.Leaf, in.Skip = x.alts, x.form, x.leaf, x.isDefault
		in.Member = jertext.Member(n.Field, x.alts)
	}
	if n.Raw && n.Field == "" {
		// an addition of a later version, which a decoder skips
		in.Skip = true
	}
	return in
}

// jerForm is the JER shape of a value of the built-in type u.
func jerForm(u *model.Type) jertext.Form {
	switch u.Kind {
	case model.TypeSequence, model.TypeSet:
		return jertext.Object
	case model.TypeSequenceOf, model.TypeSetOf:
		return jertext.Array
	case model.TypeChoice, model.TypeOpen, model.TypeExternal, model.TypeEmbeddedPDV,
		model.TypeUnrestrictedCharacterString, model.TypeInstanceOf:
		return jertext.None
	}
	return jertext.Leaf
}

// newJER gives n, a value of the built-in type u, its JER record when the
// decode keeps them.
func (d *decoder) newJER(n *Node, u *model.Type) {
	if d.jer != nil {
		d.jer[n] = &jerNode{form: jerForm(u)}
	}
}

// setForm sets the JER shape of n, when the decode keeps one.
func (d *decoder) setForm(n *Node, f jertext.Form) {
	if x := d.jer[n]; x != nil {
		x.form = f
	}
}

// containingForm is the JER shape of the string of type t that holds a
// value: {"containing": value} without ENCODED BY; with it, none the
// generated codecs write.
func containingForm(t *model.Type) jertext.Form {
	for i := 0; t != nil && i < 100; i++ {
		if c := t.Constraints; c != nil && c.Containing != nil {
			if len(c.EncodedBy) > 0 {
				return jertext.Contained
			}
			return jertext.Containing
		}
		if t.Ref == nil {
			break
		}
		t = t.Ref.Type
	}
	return jertext.Containing
}

// jerStrings are runtime/jer's string types, as the JER emitter maps the
// character string types.
var jerStrings = map[string]jer.StringType{
	"IA5String": jer.IA5String, "VisibleString": jer.VisibleString, "ISO646String": jer.VisibleString,
	"NumericString": jer.NumericString, "PrintableString": jer.PrintableString,
	"BMPString": jer.BMPString, "UniversalString": jer.UniversalString, "UTF8String": jer.UTF8String,
	"GeneralString": jer.UTF8String, "GraphicString": jer.UTF8String, "TeletexString": jer.UTF8String,
	"T61String": jer.UTF8String, "VideotexString": jer.UTF8String,
}

// effective returns the constraints that apply to a value of t: those of
// t or, when it has none, of the type it refers to (the model keeps a
// type's own constraints within its parent's).
func effective(t *model.Type) *model.Type {
	for i := 0; t != nil && i < 100; i++ {
		if t.Constraints != nil || t.Ref == nil || t.Ref.Type == nil {
			return t
		}
		t = t.Ref.Type
	}
	return t
}

// jerLeaf returns the JER text of the value of the built-in type u (the
// type t stands for) whose DER or BER contents are c, as the generated
// MarshalJSON writes it; nil when JER has no form for it here.
func jerLeaf(t, u *model.Type, c []byte, ber bool) []byte {
	var w jer.Writer
	switch u.Kind {
	case model.TypeNull:
		w.Null()
	case model.TypeBoolean:
		if len(c) != 1 {
			return nil
		}
		w.Bool(c[0] != 0)
	case model.TypeInteger:
		if v, ok := der.Integer(c).Int64(); ok {
			w.Int(v)
		} else {
			w.BigInt(der.Integer(c), "")
		}
	case model.TypeEnumerated:
		v, ok := der.Integer(c).Int64()
		id := ""
		for _, nn := range u.NamedNumbers {
			if ok && nn.Value == v {
				id = nn.Name
				break
			}
		}
		if id == "" {
			return nil // an item of a later version: the Go value cannot hold it
		}
		w.Name(id)
	case model.TypeReal:
		r := der.NewReader(append(der.AppendHeader(nil, der.TagReal, false, len(c)), c...), &der.Options{BER: ber})
		v, err := float.Read(&r, der.TagReal)
		if err != nil {
			return nil
		}
		w.Real(v)
	case model.TypeOctetString:
		w.Hex(c)
	case model.TypeBitString:
		if !jerBits(&w, t, u, c) {
			return nil
		}
	case model.TypeCharacterString:
		st, ok := jerStrings[u.Name]
		s, valid := text(u.Name, c)
		if !ok || !valid {
			return nil
		}
		w.StringOf(st, s, jer.Unsized, "")
	case model.TypeObjectDescriptor:
		w.String(string(c))
	case model.TypeTime:
		if u.Name != "UTCTime" && u.Name != "GeneralizedTime" {
			return nil
		}
		// read as generated code reads it, BER's forms too
		utc, tag := u.Name == "UTCTime", der.TagGeneralizedTime
		if utc {
			tag = der.TagUTCTime
		}
		r := der.NewReader(append(der.AppendHeader(nil, tag, false, len(c)), c...), &der.Options{BER: ber})
		var v der.Time
		var err error
		if utc {
			v, err = r.ReadUTCTime(tag)
		} else {
			v, err = r.ReadGeneralizedTime(tag)
		}
		if err != nil {
			return nil
		}
		w.Time(v, utc, "")
	case model.TypeObjectIdentifier:
		w.OID(der.OID(c))
	case model.TypeRelativeOID:
		w.RelativeOID(der.RelativeOID(c))
	default:
		return nil
	}
	if w.Err() != nil {
		return nil
	}
	return w.Bytes()
}

// jerBits writes the BIT STRING of contents c to w as the JER emitter
// does: with named bits, without its trailing 0 bits but of the SIZE's
// lower bound at least; a hex string when its SIZE is fixed, else
// {"value": hex, "length": bits} (X.697 24).
func jerBits(w *jer.Writer, t, u *model.Type, c []byte) bool {
	if len(c) == 0 || c[0] > 7 || len(c) == 1 && c[0] != 0 {
		return false
	}
	v := der.BitString{Bytes: c[1:], BitLength: 8*(len(c)-1) - int(c[0])}
	b := plan.PERConstraints(effective(t))
	sized := b.Sized && !b.SizeExt
	if len(u.NamedNumbers) > 0 {
		lb := 0
		if sized {
			lb = b.SizeLb
		}
		v = v.TrimTrailingZeros()
		if v.BitLength < lb {
			bytes := make([]byte, (lb+7)/8)
			copy(bytes, v.Bytes)
			v = der.BitString{Bytes: bytes, BitLength: lb}
		}
	}
	if sized && b.SizeLb == b.SizeUb {
		w.BitString(v, b.SizeLb, "")
	} else {
		w.BitString(v, -1, "")
	}
	return w.Err() == nil
}

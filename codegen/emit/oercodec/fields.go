package oercodec

import (
	"fmt"

	"github.com/asn1gen/asn1gen/codegen/emit"
	"github.com/asn1gen/asn1gen/codegen/model"
	"github.com/asn1gen/asn1gen/codegen/plan"
	"github.com/dave/jennifer/jen"
)

// supported reports whether the emitter handles f, after failing when it
// does not: open types without a table, strings containing a value, and
// the types of other generated packages whose manifest does not say they
// carry OER are refused, and some open types with one (unionField).
func (e *Emitter) supported(f *plan.Field, where string) bool {
	switch {
	case f.Union != nil:
		return e.unionField(e.cur, f, where)
	case f.Octets:
		return e.containing(f, where)
	case f.Named != nil && f.Named.Pkg != "" && !e.usedOER(f.Named.Pkg):
		e.failUsed(where, f.Named)
	case plan.OwnIntConstraint(f) && !plan.ConstrainedInt(f):
		e.fail(where, "a component constraining a named INTEGER held as der.Integer")
	default:
		return true
	}
	return false
}

// readField emits the decoding of f (a component, alternative or element)
// into p with the Reader rd; name names it in errors ("" for an element,
// whose index the loop adds). where names it in the generator's errors.
//
//	v.A = r.Bool("a")
//	r.Decode(&v.B, "b")
func (e *Emitter) readField(g *jen.Group, f *plan.Field, p emit.Place, rd string, name jen.Code, where string) {
	if !e.supported(f, where) {
		return
	}
	r := func() *jen.Statement { return jen.Id(rd) }
	switch {
	case f.Union != nil && f.List:
		e.readUnionList(g, f, p, rd, name, where)
	case f.Union != nil && e.isDeferred(f):
		// The key follows: the field's octets now, the value once the key
		// is read (resolveDeferred).
		g.Id(emit.DeferOff(f)).Op("=").Add(p.Val().Dot("readOER").Call(r(), name))
	case f.Union != nil:
		// v.Value.decodeOER(int64(v.ID), r, "value")
		g.Add(p.Val().Dot("decodeOER").Call(emit.UnionKeyArg(f), r(), name))
	case f.Named == nil && f.Type.Underlying().Kind == model.TypeOpen:
		// An open type without a table the key resolves (PrivateIE-Field's
		// value, keyed by a CHOICE): the octets of its field, the
		// complete encoding of a value (X.696 30), kept and written back.
		g.If(r().Dot("Err").Call().Op("==").Nil()).Block(
			jen.List(jen.Id("b"), jen.Id("_"), jen.Err()).Op(":=").Add(r().Dot("ReadOpen").Call()),
			r().Dot("Fail").Call(jen.Err(), name),
			p.Val().Op("=").Id("b"),
		)
	case f.Named == nil:
		if read, ok := e.readBuiltin(f.Type, rd, name, where); ok {
			g.Add(p.Val()).Op("=").Add(read)
		}
	case f.Octets:
		// OCTET STRING (CONTAINING T): a length and the OER encoding of
		// T, which must fill it, as an open type field is (X.696 14, 30);
		// ENCODED BY der (or BER): the DER (BER) of T, by T's DER codec.
		addr := p.Addr()
		if f.Ptr {
			g.Add(p.Val()).Op("=").New(emit.Ref(f.Named))
			addr = p.Val()
		}
		if by := encodedBy(f); by != "" {
			g.Add(r().Dot("DecodeDER").Call(addr, jen.Lit(by == "BER"), name))
		} else {
			g.Add(r().Dot("DecodeOpen").Call(addr, name))
		}
	case f.Ptr:
		// A pointer breaks a recursive cycle: one level deeper, counted
		// against the Reader's depth limit (hostile input nests).
		g.Add(p.Val()).Op("=").New(emit.Ref(f.Named))
		g.Add(r().Dot("Fail").Call(r().Dot("Enter").Call(jen.Lit(f.Named.ASN1)), name))
		g.Add(r().Dot("Decode").Call(p.Val(), name))
		g.Add(r().Dot("Leave").Call())
	case plan.ConstrainedInt(f):
		// v.A = T(r.IntRange(1, 1, "a")): by the component's constraints.
		if read, ok := e.readBuiltin(f.Type, rd, name, where); ok {
			g.Add(p.Val()).Op("=").Add(emit.Ref(f.Named).Call(read))
		}
	case ownSize(f):
		// v.A = Oct(r.FixedOctetString(2, "a")): by the component's
		// effective SIZE (X.696 13, 14, 27), not the named type's.
		if read, ok := e.readBuiltin(f.Type, rd, name, where); ok {
			g.Add(p.Val()).Op("=").Add(emit.Ref(f.Named).Call(read))
		}
	default:
		g.Add(r().Dot("Decode").Call(p.Addr(), name))
	}
	if len(e.deferred[f]) > 0 {
		e.resolveDeferred(g, f, rd) // f is the key of open types before it
	}
}

// writeField emits the encoding of f from p. A value held by pointer
// must not be nil.
func (e *Emitter) writeField(g *jen.Group, f *plan.Field, p emit.Place, name jen.Code, where string) {
	if !e.supported(f, where) {
		return
	}
	switch {
	case f.Union != nil && f.List:
		e.writeUnionList(g, f, p, name, where)
	case f.Union != nil:
		g.Add(p.Val().Dot("encodeOER").Call(w(), name))
	case f.Named == nil && f.Type.Underlying().Kind == model.TypeOpen:
		g.Add(w().Dot("WriteOpen").Call(p.Val()))
	case f.Named == nil:
		e.writeBuiltin(g, f.Type, p.Val, name, where)
	case f.Octets && f.Ptr:
		g.If(p.Val().Op("==").Nil()).Block(
			w().Dot("Fail").Call(emit.RT("NilValue").Call(jen.Lit(f.Named.ASN1)), name),
		).Else().Block(w().Dot(encodeContained(f)).Call(p.Val(), name))
	case f.Octets:
		g.Add(w().Dot(encodeContained(f)).Call(p.Addr(), name))
	case f.Ptr:
		g.If(p.Val().Op("==").Nil()).Block(
			w().Dot("Fail").Call(emit.RT("NilValue").Call(jen.Lit(f.Named.ASN1)), name),
		).Else().Block(w().Dot("Encode").Call(p.Val(), name))
	case plan.ConstrainedInt(f):
		e.writeBuiltin(g, f.Type, func() *jen.Statement { return jen.Int64().Call(p.Val()) }, name, where)
	case ownSize(f):
		e.writeBuiltin(g, f.Type, func() *jen.Statement { return emit.PrimitiveGo(f.Named).Call(p.Val()) }, name, where)
	default:
		g.Add(w().Dot("Encode").Call(p.Addr(), name))
	}
}

// ownSize reports whether f is a component of a named OCTET STRING, BIT
// STRING or character string type that constrains it further
// (plan.OwnSize, plan.OwnStringChecks), which the codecs read and write in
// place by its effective SIZE and permitted alphabet. A list's quantity field does not depend on its SIZE
// (X.696 17.1): its named type's codec writes it.
func ownSize(f *plan.Field) bool {
	if !plan.OwnSize(f) && !plan.OwnStringChecks(f) {
		return false
	}
	k := f.Type.Underlying().Kind
	return k != model.TypeSequenceOf && k != model.TypeSetOf
}

// readComponent emits the decoding of a component of a SEQUENCE or SET
// (a root component, or a member of an addition group) with the Reader
// rd, after its preamble bit has given its presence:
//
//	if v.HasA {
//		v.A = r.IntRange(0, 7, "a")
//	} else {
//		v.A = 3
//	}
func (e *Emitter) readComponent(g *jen.Group, gt *plan.Type, f *plan.Field, rd string) {
	where := gt.ASN1 + "." + f.ASN1
	p := emit.FieldPlace(f)
	if !plan.PEROptional(f) {
		e.readField(g, f, p, rd, jen.Lit(f.ASN1), where)
		return
	}
	def, hasDef := emit.DefaultValue(f)
	st := g.If(jen.Id("v").Dot(f.Has)).BlockFunc(func(g *jen.Group) {
		e.readPresent(g, gt, f, rd, jen.Lit(f.ASN1))
	})
	if hasDef {
		st.Else().Block(p.Val().Op("=").Add(def))
	}
}

// readPresent emits the decoding of a component present in the encoding,
// and for one with a DEFAULT the check of CANONICAL-OER, which leaves a
// component with its default value out (X.696 16):
//
//	at := r.Offset()
//	v.A = r.IntRange(0, 7, "a")
//	if r.Canonical() && v.A == 3 {
//		r.Fail(der.NewError(der.KindNonCanonical, at, "T", "a has its default value", "X.696 16"), "a")
//	}
func (e *Emitter) readPresent(g *jen.Group, gt *plan.Type, f *plan.Field, rd string, name jen.Code) {
	where := gt.ASN1 + "." + f.ASN1
	if f.Comp.Default == nil {
		e.readField(g, f, emit.FieldPlace(f), rd, name, where)
		return
	}
	is := emit.IsDefault(f, emit.FieldDst(f))
	if is == nil || emit.NotDefault(f, emit.FieldDst(f)) == nil {
		// Compared by its encoding (encodedDefault).
		def := e.encodedDefault(f, where)
		if def == "" {
			return
		}
		// A canonical decode has read the component's one encoding.
		is = jen.Qual("bytes", "Equal").Call(jen.Id(rd).Dot("Since").Call(jen.Id("at")), jen.Id(def))
	}
	r := func() *jen.Statement { return jen.Id(rd) }
	g.Id("at").Op(":=").Add(r().Dot("Offset").Call())
	e.readField(g, f, emit.FieldPlace(f), rd, name, where)
	g.If(r().Dot("Canonical").Call().Op("&&").Add(is)).Block(
		r().Dot("Fail").Call(emit.RT("NewError").Call(emit.RT("KindNonCanonical"), jen.Id("at"), jen.Lit(gt.ASN1),
			jen.Lit(f.ASN1+" present with its default value"), jen.Lit("X.696 16")), name))
}

// present is the encoder's condition that component f of gt is encoded:
// an OPTIONAL one when HasX says so, a DEFAULT one when its value is not
// the default (CANONICAL-OER leaves defaults out; one that the Go types
// cannot compare when HasX says so and it does not encode to the
// default's octets, encodedDefault), a mandatory addition when HasX says
// so.
func (e *Emitter) present(gt *plan.Type, f *plan.Field) jen.Code {
	if f.Comp.Default != nil {
		if ne := emit.NotDefault(f, emit.FieldDst(f)); ne != nil {
			return ne
		}
		if e.compared[f] {
			return jen.Id(comparedName(f)) // declared by sequenceEncode
		}
		if def := e.encoderDefault(f, gt.ASN1+"."+f.ASN1); def != "" && f.Has != "" {
			return jen.Id("v").Dot(f.Has).Op("&&").Op("!").Add(encodesDefault(f, def))
		}
	}
	if f.Has == "" {
		return jen.True()
	}
	return jen.Id("v").Dot(f.Has)
}

// writeComponent emits the encoding of a component of a SEQUENCE or SET:
// always when mandatory, when present when optional.
func (e *Emitter) writeComponent(g *jen.Group, gt *plan.Type, f *plan.Field) {
	where := gt.ASN1 + "." + f.ASN1
	p := emit.FieldPlace(f)
	if !plan.PEROptional(f) {
		e.writeField(g, f, p, jen.Lit(f.ASN1), where)
		return
	}
	g.If(e.present(gt, f)).BlockFunc(func(g *jen.Group) {
		e.writeField(g, f, p, jen.Lit(f.ASN1), where)
	})
}

// containing reports whether the emitter handles the string f that
// contains a value of a type, after failing when it does not: an OCTET
// STRING without a SIZE, whose length and contents are those of an open
// type field. A BIT STRING has its unused bits octet, a SIZE bounds the
// length: refused. ENCODED BY der or BER (the contents are the DER of
// the contained type, T) needs T's DER codec: in this package (which
// codegen/gen emits for such types, DERContained, when der is not among
// the package's codecs), or in the used package T is of, whose manifest
// must say it carries DER. An open type (a union) ENCODED BY der (or BER)
// is read and written the same way by the row its key selects, with the
// union's DER methods (derMethods); one whose table has no row of a type
// (X.509 2016's Extension over its empty ExtensionSet) keeps the contents
// in Raw, as received, and writes them back. Refused: ENCODED BY another
// encoding (the contents of a type, not an open type, then stay octets:
// plan.containedType), and an open type that strings of different
// encodings contain (its one union has one pair of OER methods).
func (e *Emitter) containing(f *plan.Field, where string) bool {
	switch c := f.Type.Constraints; {
	case c != nil && c.EncodedBy != nil && encodedBy(f) == "":
		e.fail(where, "CONTAINING ... ENCODED BY "+c.EncodedBy.String()+" (an encoding other than BER and DER)")
	case f.Union != nil && typedRows(f.Union) && len(e.unionBys(f.Union)) > 1:
		e.fail(where, "an open type with typed rows that strings of different encodings (ENCODED BY) contain")
	case plan.ContentsBySize(f):
		e.fail(where, "a BIT STRING (CONTAINING a type), or an OCTET STRING (CONTAINING a type) with a SIZE,")
	case f.Union != nil:
		// ENCODED BY der, and no row has a type: the contents stay in
		// Raw, the octets as received, whatever the encoding.
		return true
	case encodedBy(f) != "" && f.Named.Pkg != "" && !e.usedDER(f.Named.Pkg):
		if e.err == nil {
			e.err = fmt.Errorf("asn1gen: -codecs oer: %s: its contents are the %s encoding of %s, a type of %s (-use), which carries no DER codecs (its manifest's codecs line)", where, encodedBy(f), f.Named.ASN1, f.Named.Pkg)
		}
	default:
		return true
	}
	return false
}

// comparedName names the variable that holds whether the DEFAULT
// component f, compared by its encoding, is encoded.
func comparedName(f *plan.Field) string { return "enc" + f.Name }

// declareCompared declares, before a SEQUENCE's or SET's preamble, whether
// each DEFAULT component compared by its encoding is encoded, so that
// the comparison is made once:
//
//	encA := v.HasA && !w.Encodes(&v.A, oerDefault1)
func (e *Emitter) declareCompared(g *jen.Group, gt *plan.Type) {
	e.compared = map[*plan.Field]bool{}
	for _, f := range gt.Fields {
		if f.Comp.Default == nil || f.Has == "" || emit.NotDefault(f, emit.FieldDst(f)) != nil {
			continue
		}
		if def := e.encoderDefault(f, gt.ASN1+"."+f.ASN1); def != "" {
			g.Id(comparedName(f)).Op(":=").Id("v").Dot(f.Has).Op("&&").Op("!").Add(encodesDefault(f, def))
			e.compared[f] = true
		}
	}
}

// failUsed records that where holds the type t of a used package
// without OER codecs, which the generated code has no methods to call
// of; generating that package with -codecs oer is the remedy.
func (e *Emitter) failUsed(where string, t *plan.Type) {
	if e.err == nil {
		e.err = fmt.Errorf("asn1gen: -codecs oer: %s: %s is a type of %s (-use), which carries no OER codecs (its manifest's codecs line)", where, t.ASN1, t.Pkg)
	}
}

// usedDER reports whether the used package of import path pkg carries
// the DER codecs.
func (e *Emitter) usedDER(pkg string) bool {
	c, ok := e.p.UsedCodecs(pkg)
	return ok && c.DER
}

// typedRows reports whether a row of u has a type, whose value a decode
// would read from the contents.
func typedRows(u *plan.Union) bool {
	for _, ue := range u.Rows {
		if ue.Field != nil {
			return true
		}
	}
	return false
}

// EncodedBy returns "DER" or "BER" for a string f that contains a value
// of a type ENCODED BY der or by the basic encoding (see encodedBy): the
// OER codecs read and write its contents with the contained type's DER
// codecs.
func EncodedBy(f *plan.Field) string { return encodedBy(f) }

// encodedBy returns "DER" or "BER" for a string f that contains a value of
// a type (f.Octets) or of an open type (f.Containing) ENCODED BY der or
// by the basic encoding, "" for one whose contents are OER (no ENCODED
// BY) and for other fields.
func encodedBy(f *plan.Field) string {
	c := f.Type.Constraints
	if !f.Octets && !f.Containing || c == nil || c.EncodedBy == nil {
		return ""
	}
	switch c.EncodedBy.String() {
	case "2.1.1":
		return "BER"
	case "2.1.2.1":
		return "DER"
	}
	return ""
}

// encodeContained names the Writer method that encodes the value the
// string f contains: EncodeDER when the contents are DER (or BER),
// EncodeOpen when they are OER.
func encodeContained(f *plan.Field) string {
	if encodedBy(f) != "" {
		return "EncodeDER"
	}
	return "EncodeOpen"
}

// usedOER reports whether the used package of import path pkg carries
// the OER codecs, whose types then encode themselves.
func (e *Emitter) usedOER(pkg string) bool {
	c, ok := e.p.UsedCodecs(pkg)
	return ok && c.OER
}

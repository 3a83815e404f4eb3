package jercodec

import (
	"fmt"

	"github.com/asn1gen/asn1gen/codegen/emit"
	"github.com/asn1gen/asn1gen/codegen/emit/oercodec"
	"github.com/asn1gen/asn1gen/codegen/model"
	"github.com/asn1gen/asn1gen/codegen/plan"
	"github.com/dave/jennifer/jen"
)

// supported reports whether the emitter handles f, after failing when it
// does not: some open types with a table (unionField), strings
// containing a value ENCODED BY der or BER with a SIZE, or of a type of
// a used package without DER codecs (their JER is the octets of the
// DER encoding, which T's DER codec writes), and the types of other
// generated packages whose manifest does not say they carry JER.
func (e *Emitter) supported(f *plan.Field, where string) bool {
	switch {
	case f.Union != nil:
		return e.unionField(e.cur, f, where)
	case f.Octets && encodedBy(f) != "" && boundsSized(f.Type):
		e.fail(where, "an OCTET STRING or BIT STRING (CONTAINING a type ENCODED BY) with a SIZE")
	case f.Octets && encodedBy(f) != "" && f.Named.Pkg != "" && !e.usedDER(f.Named.Pkg):
		if e.err == nil {
			e.err = fmt.Errorf("asn1gen: -codecs jer: %s: its contents are the %s encoding of %s, a type of %s (-use), which carries no DER codecs (its manifest's codecs line)", where, encodedBy(f), f.Named.ASN1, f.Named.Pkg)
		}
	case f.Octets:
		return true
	case f.Named != nil && f.Named.Pkg != "" && !e.usedJER(f.Named.Pkg):
		e.fail(where, "a type of another generated package without JER")
	default:
		return true
	}
	return false
}

// readField emits the decoding of f (a component, alternative or element)
// into p; name names it in errors ("" for an element, whose index the
// loop adds).
//
//	v.A = r.Bool("a")
//	r.Decode(&v.B, "b")
func (e *Emitter) readField(g *jen.Group, f *plan.Field, p emit.Place, name jen.Code, where string) {
	if !e.supported(f, where) {
		return
	}
	switch {
	case f.Union != nil:
		// The JSON text now, the value once the object's members are all
		// read and the key is known (sequenceDecode): of a list, its
		// offset only, where jer.OpenList reads it again.
		raw := jen.Id(rawOf(f))
		if f.List {
			raw = jen.Id("_")
		}
		g.List(raw, jen.Id(emit.DeferOff(f))).Op("=").Add(r().Dot("RawAt").Call(name))
	case f.Named == nil && f.Type.Underlying().Kind == model.TypeOpen:
		// An open type without a table: its JSON text, kept and written
		// back (X.697 41).
		g.Add(p.Val()).Op("=").Add(r().Dot("Raw").Call(name))
	case f.Named == nil && f.Type.Underlying().Kind == model.TypeNull:
		g.Add(r().Dot("Null").Call(name))
	case f.Named == nil:
		if read, ok := e.readBuiltin(f.Type, name, where); ok {
			g.Add(p.Val()).Op("=").Add(read)
		}
	case f.Octets && encodedBy(f) != "":
		// An OCTET or BIT STRING (CONTAINING T ENCODED BY der): the
		// string of the octets, T's DER (X.697 24, 25).
		addr := p.Addr()
		if f.Ptr {
			g.Add(p.Val()).Op("=").New(emit.Ref(f.Named))
			addr = p.Val()
		}
		g.Add(r().Dot("DecodeDER").Call(addr, jen.Lit(bitsOf(f)), jen.Lit(encodedBy(f) == "BER"), name))
	case f.Octets:
		// An OCTET or BIT STRING (CONTAINING T): {"containing": value of
		// T} (X.697 24, 25).
		typ := jen.Lit(emit.KindText(f.Type.Underlying()))
		g.If(r().Dot("Containing").Call(typ, name)).BlockFunc(func(g *jen.Group) {
			addr := p.Addr()
			if f.Ptr {
				g.Add(p.Val()).Op("=").New(emit.Ref(f.Named))
				addr = p.Val()
			}
			g.Add(r().Dot("Decode").Call(addr, name))
			g.Add(r().Dot("EndContaining").Call(typ, name))
		})
	case f.Ptr:
		// A pointer breaks a recursive cycle: one level deeper, counted
		// against the Reader's depth limit (hostile input nests).
		g.Add(p.Val()).Op("=").New(emit.Ref(f.Named))
		g.Add(r().Dot("Fail").Call(r().Dot("Enter").Call(jen.Lit(f.Named.ASN1)), name))
		g.Add(r().Dot("Decode").Call(p.Val(), name))
		g.Add(r().Dot("Leave").Call())
	case ownChecks(f) != ownNone:
		e.readOwn(g, f, p, name, where)
	default:
		g.Add(r().Dot("Decode").Call(p.Addr(), name))
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
		e.writeList(g, f, p, name, where)
	case f.Union != nil:
		g.Add(p.Val().Dot("encodeJER").Call(w(), name))
	case f.Named == nil && f.Type.Underlying().Kind == model.TypeOpen:
		g.Add(w().Dot("Open").Call(p.Val(), name))
	case f.Named == nil:
		e.writeBuiltin(g, f.Type, p.Val, name, where)
	case f.Octets && encodedBy(f) != "" && f.Ptr:
		g.If(p.Val().Op("==").Nil()).Block(
			w().Dot("Fail").Call(emit.RT("NilValue").Call(jen.Lit(f.Named.ASN1)), name),
		).Else().Block(w().Dot("EncodeDER").Call(p.Val(), jen.Lit(bitsOf(f)), name))
	case f.Octets && encodedBy(f) != "":
		g.Add(w().Dot("EncodeDER").Call(p.Addr(), jen.Lit(bitsOf(f)), name))
	case f.Octets && f.Ptr:
		g.If(p.Val().Op("==").Nil()).Block(
			w().Dot("Fail").Call(emit.RT("NilValue").Call(jen.Lit(f.Named.ASN1)), name),
		).Else().Block(
			w().Dot("BeginContaining").Call(),
			w().Dot("Encode").Call(p.Val(), name),
			w().Dot("EndContaining").Call(),
		)
	case f.Octets:
		g.Add(w().Dot("BeginContaining").Call())
		g.Add(w().Dot("Encode").Call(p.Addr(), name))
		g.Add(w().Dot("EndContaining").Call())
	case f.Ptr:
		g.If(p.Val().Op("==").Nil()).Block(
			w().Dot("Fail").Call(emit.RT("NilValue").Call(jen.Lit(f.Named.ASN1)), name),
		).Else().Block(w().Dot("Encode").Call(p.Val(), name))
	case ownChecks(f) != ownNone:
		e.writeOwn(g, f, p, name, where)
	default:
		g.Add(w().Dot("Encode").Call(p.Addr(), name))
	}
}

// rawOf names the variable of a SEQUENCE's decoder that keeps the JSON
// text of the open type f until its key is known.
func rawOf(f *plan.Field) string { return "raw" + f.Name }

// encodedBy returns "DER" or "BER" for a string f that contains a value
// of a type or of an open type ENCODED BY der or by the basic encoding,
// whose JER is the string of its octets (see oercodec.EncodedBy).
func encodedBy(f *plan.Field) string { return oercodec.EncodedBy(f) }

// bitsOf reports whether the string f is a BIT STRING.
func bitsOf(f *plan.Field) bool { return f.Type.Underlying().Kind == model.TypeBitString }

// usedDER reports whether the used package of import path pkg carries
// the DER codecs.
func (e *Emitter) usedDER(pkg string) bool {
	c, ok := e.p.UsedCodecs(pkg)
	return ok && c.DER
}

// usedJER reports whether the used package of import path pkg carries
// the JER codecs, whose types then encode themselves.
func (e *Emitter) usedJER(pkg string) bool {
	c, ok := e.p.UsedCodecs(pkg)
	return ok && c.JER
}

package jercodec

import (
	"github.com/asn1gen/asn1gen/codegen/emit"
	"github.com/asn1gen/asn1gen/codegen/model"
	"github.com/asn1gen/asn1gen/codegen/plan"
	"github.com/dave/jennifer/jen"
)

// ownCheck is how the codecs check the constraints that a component adds
// to the named type it refers to (plan.OwnConstraints: version Version
// (v1), name Name (SIZE (1..4))), which the named type's own codec does
// not know.
type ownCheck int

const (
	// ownNone: the named type's codec alone (an extensible constraint,
	// which admits what the named type does).
	ownNone ownCheck = iota
	// ownInPlace: the value read and written in place by the component's
	// constraints, as a value of the built-in type converted to the named
	// type: an INTEGER range (which the model keeps within the named
	// type's), a BIT STRING of a fixed SIZE (a hex string in JER, X.697
	// 24, whatever the named type's form), a character string with a
	// SIZE or a FROM of its own (plan.OwnStringChecks).
	ownInPlace
	// ownBigRange: a named INTEGER held as der.Integer, the component's
	// range within int64.
	ownBigRange
	// ownSize: the named type's codec, then the component's SIZE (which
	// the model keeps within the named type's), as a list's elements
	// are read by the list's codec only.
	ownSize
)

// ownChecks classifies f's own constraints.
func ownChecks(f *plan.Field) ownCheck {
	if !plan.OwnConstraints(f) {
		return ownNone
	}
	b := boundsOf(f.Type)
	if b.unsupported != "" {
		return ownNone
	}
	switch f.Type.Underlying().Kind {
	case model.TypeInteger:
		named, own := plan.GoIntOf(f), plan.IntegerGo(f.Type)
		switch {
		case named == own && (b.ranged || b.wide || b.big):
			return ownInPlace
		case named == "Integer" && own == "int64" && b.ranged:
			return ownBigRange
		}
	case model.TypeBitString:
		if b.fixed {
			return ownInPlace
		}
		if boundsSized(f.Type) {
			return ownSize
		}
	case model.TypeCharacterString:
		if plan.OwnStringChecks(f) {
			return ownInPlace
		}
		if boundsSized(f.Type) {
			return ownSize
		}
	case model.TypeOctetString, model.TypeSequenceOf, model.TypeSetOf:
		if boundsSized(f.Type) {
			return ownSize
		}
	}
	return ownNone
}

// ownUnits returns the expression of the size of the value p of f's
// type, and what it counts, for its SIZE.
func ownUnits(f *plan.Field, p emit.Place) (jen.Code, string) {
	switch f.Type.Underlying().Kind {
	case model.TypeOctetString:
		return jen.Len(p.Val()), "octets"
	case model.TypeBitString:
		return p.Val().Dot("BitLength"), "bits"
	case model.TypeCharacterString:
		return jen.Qual("unicode/utf8", "RuneCountInString").Call(jen.String().Call(p.Val())), "characters"
	}
	return jen.Len(p.Val()), "elements"
}

// readOwn emits the decoding of f, a component with constraints of its
// own (ownChecks), into p:
//
//	v.Version = Version(r.IntRange(1, 1, "version"))
//
//	at := r.Offset()
//	r.Decode(&v.Name, "name")
//	jer.Size{Lb: 1, Ub: 4}.CheckIn(r, at, utf8.RuneCountInString(string(v.Name)), "IA5String", "characters", "name")
func (e *Emitter) readOwn(g *jen.Group, f *plan.Field, p emit.Place, name jen.Code, where string) {
	b := boundsOf(f.Type)
	switch ownChecks(f) {
	case ownInPlace:
		if read, ok := e.readBuiltin(f.Type, name, where); ok {
			g.Add(p.Val()).Op("=").Add(emit.Ref(f.Named).Call(read))
		}
	case ownBigRange:
		g.Add(p.Val()).Op("=").Add(emit.Ref(f.Named).Call(r().Dot("BigIntRange").Call(num(b.lb), num(b.ub), name)))
	case ownSize:
		g.Id("at").Op(":=").Add(r().Dot("Offset").Call())
		g.Add(r().Dot("Decode").Call(p.Addr(), name))
		n, what := ownUnits(f, p)
		g.Add(b.size).Dot("CheckIn").Call(r(), jen.Id("at"), n, jen.Lit(emit.KindText(f.Type.Underlying())), jen.Lit(what), name)
	default:
		g.Add(r().Dot("Decode").Call(p.Addr(), name))
	}
}

// writeOwn emits the encoding of f, a component with constraints of its
// own (ownChecks), from p:
//
//	w.IntRange(int64(v.Version), 1, 1, "version")
//
//	jer.Size{Lb: 1, Ub: 4}.CheckOut(w, utf8.RuneCountInString(string(v.Name)), "IA5String", "characters", "name")
//	w.Encode(&v.Name, "name")
func (e *Emitter) writeOwn(g *jen.Group, f *plan.Field, p emit.Place, name jen.Code, where string) {
	b := boundsOf(f.Type)
	switch ownChecks(f) {
	case ownInPlace:
		conv := emit.RT("BitString")
		switch f.Type.Underlying().Kind {
		case model.TypeInteger:
			conv = jen.Int64()
			if plan.IntegerGo(f.Type) != "int64" {
				conv = emit.RT("Integer")
			}
		case model.TypeCharacterString:
			conv = jen.String()
		}
		e.writeBuiltin(g, f.Type, func() *jen.Statement { return conv.Clone().Call(p.Val()) }, name, where)
	case ownBigRange:
		g.Add(w().Dot("BigIntRange").Call(emit.RT("Integer").Call(p.Val()), num(b.lb), num(b.ub), name))
	case ownSize:
		n, what := ownUnits(f, p)
		g.Add(b.size).Dot("CheckOut").Call(w(), n, jen.Lit(emit.KindText(f.Type.Underlying())), jen.Lit(what), name)
		g.Add(w().Dot("Encode").Call(p.Addr(), name))
	default:
		g.Add(w().Dot("Encode").Call(p.Addr(), name))
	}
}

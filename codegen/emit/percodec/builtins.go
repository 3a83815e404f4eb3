package percodec

import (
	"github.com/asn1gen/asn1gen/codegen/emit"
	"github.com/asn1gen/asn1gen/codegen/model"
	"github.com/asn1gen/asn1gen/codegen/plan"
	"github.com/dave/jennifer/jen"
)

// readBuiltin returns the expression that reads a value of the built-in
// type t with the Reader r, the component name in errors (X.691 12-32):
//
//	r.Int(0, 15, false, "n")
//
// It reports false (after perFail) for what it does not handle, and for
// NULL, which has no bits.
func (e *Emitter) readBuiltin(t *model.Type, name jen.Code, where string) (jen.Code, bool) {
	u := t.Underlying()
	pc := e.perConstraintsOf(t)
	if pc.unsupported != "" {
		e.perFail(where, pc.unsupported)
		return nil, false
	}
	field := name
	switch u.Kind {
	case model.TypeBoolean:
		return r().Dot("Bool").Call(field), true
	case model.TypeInteger:
		if plan.IntegerGo(t) != "int64" {
			switch {
			case pc.wide:
				return r().Dot("WideRange").Call(emit.Num(pc.lb), jen.Lit(pc.span), jen.Lit(pc.ext), field), true
			case pc.big:
				return r().Dot("BigRange").Call(jen.Lit(pc.bigLo), jen.Lit(pc.bigHi), jen.Lit(pc.ext), field), true
			case pc.hasLb && pc.hasUb:
				e.perFail(where, "an INTEGER constrained beyond int64")
				return nil, false
			}
			return r().Dot("BigInt").Call(emit.Num(pc.lb), jen.Lit(pc.hasLb), jen.Lit(pc.ext), field), true
		}
		switch {
		case pc.hasLb && pc.hasUb:
			return r().Dot("Int").Call(emit.Num(pc.lb), emit.Num(pc.ub), jen.Lit(pc.ext), field), true
		case pc.hasLb:
			return r().Dot("IntLb").Call(emit.Num(pc.lb), jen.Lit(pc.ext), field), true
		}
		return r().Dot("IntAny").Call(emit.Num(pc.ub), jen.Lit(pc.ext), field), true
	case model.TypeOctetString:
		// An OCTET STRING (CONTAINING T) held as octets (a referenced
		// type, a contained CHOICE or built-in) keeps the octets, the
		// encoding of T in the decode's variant.
		return r().Dot("OctetString").Call(pc.size, field), true
	case model.TypeBitString:
		if len(u.NamedNumbers) > 0 {
			return r().Dot("NamedBitString").Call(pc.size, field), true
		}
		return r().Dot("BitString").Call(pc.size, field), true
	case model.TypeCharacterString:
		switch {
		case pc.knownAlpha:
			return r().Dot("KnownString").Call(pc.alphabet, pc.size, jen.Lit(u.Name), field), true
		case u.Name == "UTF8String":
			return r().Dot("UTF8String").Call(field), true
		case octetText(u.Name):
			return r().Dot("OctetText").Call(field), true
		}
		e.perFail(where, u.Name)
		return nil, false
	case model.TypeObjectIdentifier:
		return r().Dot("OID").Call(field), true
	case model.TypeRelativeOID:
		return r().Dot("RelativeOID").Call(field), true
	case model.TypeReal:
		return r().Dot("Real").Call(field), true
	case model.TypeObjectDescriptor:
		// [UNIVERSAL 7] IMPLICIT GraphicString (X.680 48): octets.
		return r().Dot("OctetText").Call(field), true
	case model.TypeTime:
		m, settings, ok := e.perTime(t, where)
		if !ok {
			return nil, false
		}
		return r().Dot(m).Call(append(settings, field)...), true
	case model.TypeNull:
		return nil, false
	}
	e.perFail(where, "the type "+emit.KindText(u))
	return nil, false
}

var octetText = plan.OctetText

// writeBuiltin emits the writing of src, a value of the built-in type t:
//
//	w.Int(v.N, 0, 15, false, "n")
func (e *Emitter) writeBuiltin(g *jen.Group, t *model.Type, src func() *jen.Statement, name jen.Code, where string) {
	u := t.Underlying()
	pc := e.perConstraintsOf(t)
	if pc.unsupported != "" {
		e.perFail(where, pc.unsupported)
		return
	}
	field := name
	switch u.Kind {
	case model.TypeNull:
	case model.TypeBoolean:
		g.Add(w().Dot("WriteBool").Call(src()))
	case model.TypeInteger:
		switch {
		case plan.IntegerGo(t) != "int64" && pc.wide:
			g.Add(w().Dot("WideRange").Call(src(), emit.Num(pc.lb), jen.Lit(pc.span), jen.Lit(pc.ext), field))
		case plan.IntegerGo(t) != "int64" && pc.big:
			g.Add(w().Dot("BigRange").Call(src(), jen.Lit(pc.bigLo), jen.Lit(pc.bigHi), jen.Lit(pc.ext), field))
		case plan.IntegerGo(t) != "int64":
			g.Add(w().Dot("BigInt").Call(src(), emit.Num(pc.lb), jen.Lit(pc.hasLb), emit.Num(pc.ub), jen.Lit(pc.hasUb), jen.Lit(pc.ext), field))
		case pc.hasLb && pc.hasUb:
			g.Add(w().Dot("Int").Call(src(), emit.Num(pc.lb), emit.Num(pc.ub), jen.Lit(pc.ext), field))
		case pc.hasLb:
			g.Add(w().Dot("IntLb").Call(src(), emit.Num(pc.lb), jen.Lit(pc.ext), field))
		default:
			g.Add(w().Dot("WriteIntAny").Call(src(), emit.Num(pc.ub), jen.Lit(pc.ext)))
		}
	case model.TypeOctetString:
		g.Add(w().Dot("OctetString").Call(src(), pc.size, field))
	case model.TypeBitString:
		v := src()
		if len(u.NamedNumbers) > 0 {
			// X.691 16.2, 16.3: no trailing 0 bits, up to the lower bound.
			v = pr("NamedBits").Call(v, jen.Lit(int(pc.sizeLb)))
		}
		g.Add(w().Dot("BitString").Call(v, pc.size, field))
	case model.TypeCharacterString:
		if pc.knownAlpha {
			g.Add(w().Dot("KnownString").Call(pc.alphabet, src(), pc.size, jen.Lit(u.Name), field))
			return
		}
		g.Add(w().Dot("WriteOctetText").Call(src()))
	case model.TypeObjectIdentifier:
		g.Add(w().Dot("WriteOID").Call(src()))
	case model.TypeRelativeOID:
		g.Add(w().Dot("WriteRelativeOID").Call(src()))
	case model.TypeReal:
		g.Add(w().Dot("WriteReal").Call(src()))
	case model.TypeObjectDescriptor:
		g.Add(w().Dot("WriteOctetText").Call(src()))
	case model.TypeTime:
		if m, settings, ok := e.perTime(t, where); ok {
			g.Add(w().Dot(m).Call(append(append([]jen.Code{src()}, settings...), field)...))
		}
	default:
		e.perFail(where, "the type "+emit.KindText(u))
	}
}

package jercodec

import (
	"math"
	"strconv"

	"github.com/asn1gen/asn1gen/codegen/emit"
	"github.com/asn1gen/asn1gen/codegen/model"
	"github.com/asn1gen/asn1gen/codegen/plan"
	"github.com/asn1gen/asn1gen/runtime/der"
	"github.com/dave/jennifer/jen"
)

// bounds are the constraints of a built-in type that the codecs check:
// a value range or SIZE with an extension marker admits values of a later
// version and is not checked, as in the OER codecs.
type bounds struct {
	lb, ub int64
	ranged bool // a value range not extensible
	// wide: lb >= 0 and the upper bound wideUb beyond int64, held as a
	// der.Integer.
	wide   bool
	wideUb uint64
	// big: any other range with a bound beyond int64, its bounds as
	// INTEGER contents ("" for MIN and MAX), checked by
	// der.CheckIntegerBounds.
	big          bool
	bigLo, bigHi string
	// fixed: a SIZE of one value n (a BIT STRING of it is a hex string,
	// X.697 24); size is the jer.Size of any SIZE, sizeLb its lower bound.
	fixed  bool
	n      int
	size   jen.Code
	sizeLb int
	// unsupported says what the emitter does not handle, "" if all is well.
	unsupported string
}

// boundsOf evaluates the constraints of t, from the bounds the plan
// settles for PER.
func boundsOf(t *model.Type) bounds {
	b := plan.PERConstraints(t)
	jb := bounds{size: jr("Unsized"), unsupported: b.Unsupported}
	if !b.Ext {
		jb.lb, jb.ub, jb.ranged = b.Lb, b.Ub, b.HasLb || b.HasUb
		switch {
		case b.Wide && b.Lb >= 0:
			jb.wide, jb.wideUb = true, uint64(b.Lb)+b.Span
		case b.Wide || b.Big:
			jb.big, jb.ranged = true, false
			{
				lo, hi := t.Constraints.Value.Exact()
				if lo != nil {
					jb.bigLo = string(der.IntegerFromBig(lo))
				}
				if hi != nil {
					jb.bigHi = string(der.IntegerFromBig(hi))
				}
			}
		}
	}
	if b.Sized && !b.SizeExt {
		jb.sizeLb = b.SizeLb
		jb.size = jr("Size").Values(jen.Id("Lb").Op(":").Lit(b.SizeLb), jen.Id("Ub").Op(":").Lit(b.SizeUb))
		if b.SizeUb == b.SizeLb {
			jb.fixed, jb.n = true, b.SizeLb
		}
	}
	return jb
}

// stringTypes are runtime/jer's character string types, whose characters
// the codecs check (X.680 41).
var stringTypes = map[string]string{
	"IA5String": "IA5String", "VisibleString": "VisibleString", "ISO646String": "VisibleString",
	"NumericString": "NumericString", "PrintableString": "PrintableString",
	"BMPString": "BMPString", "UniversalString": "UniversalString", "UTF8String": "UTF8String",
	// The strings whose characters have no fixed number of octets: a
	// JSON string of the octets the Go string holds, which must be UTF-8,
	// as asn1ct, rasn, pycrate and asn1tools write them.
	"GeneralString": "UTF8String", "GraphicString": "UTF8String", "TeletexString": "UTF8String",
	"T61String": "UTF8String", "VideotexString": "UTF8String",
}

// timeMethods name the Reader and Writer methods of the time types of
// X.680 38: a JSON string of the value notation (X.697 40).
var timeMethods = map[string]string{
	"DATE": "Date", "TIME-OF-DAY": "TimeOfDay", "DATE-TIME": "DateTime", "DURATION": "Duration", "TIME": "ISOTime",
}

// num is the literal of an int64, math.MinInt64 included.
func num(v int64) jen.Code {
	if v == math.MinInt64 {
		return jen.Qual("math", "MinInt64")
	}
	if v == math.MaxInt64 {
		return jen.Qual("math", "MaxInt64")
	}
	return emit.Num(v)
}

// readBuiltin returns the expression that reads a value of the built-in
// type t, field the component's name in errors:
//
//	r.IntRange(0, 15, "n")
//
// It reports false (after fail) for what it does not handle, and for
// NULL, which has no value to assign.
func (e *Emitter) readBuiltin(t *model.Type, field jen.Code, where string) (jen.Code, bool) {
	u := t.Underlying()
	b := boundsOf(t)
	if b.unsupported != "" {
		e.fail(where, b.unsupported)
		return nil, false
	}
	switch u.Kind {
	case model.TypeBoolean:
		return r().Dot("Bool").Call(field), true
	case model.TypeInteger:
		if plan.IntegerGo(t) != "int64" {
			switch {
			case b.wide:
				// der.IntegerFromBig(new(big.Int).SetUint64(r.UintRange(0, 18446744073709551615, "n")))
				u := r().Dot("UintRange").Call(emit.Num(b.lb), jen.Id(strconv.FormatUint(b.wideUb, 10)), field)
				return emit.RT("IntegerFromBig").Call(jen.New(jen.Qual("math/big", "Int")).Dot("SetUint64").Call(u)), true
			case b.big:
				return r().Dot("BigIntBounds").Call(jen.Lit(b.bigLo), jen.Lit(b.bigHi), field), true
			case b.ranged:
				return r().Dot("BigIntRange").Call(num(b.lb), num(b.ub), field), true
			}
			return r().Dot("BigInt").Call(field), true
		}
		if set := valueSet(t, b); set != nil {
			// A value set with gaps: the value checked against it.
			return r().Dot("IntIn").Call(append([]jen.Code{field}, set...)...), true
		}
		if b.ranged {
			return r().Dot("IntRange").Call(num(b.lb), num(b.ub), field), true
		}
		return r().Dot("Int").Call(field), true
	case model.TypeReal:
		return r().Dot("Real").Call(field), true
	case model.TypeOctetString:
		return r().Dot("OctetString").Call(b.size, field), true
	case model.TypeBitString:
		if b.fixed {
			return r().Dot("FixedBitString").Call(jen.Lit(b.n), field), true
		}
		return r().Dot("BitString").Call(b.size, field), true
	case model.TypeCharacterString:
		st, ok := stringTypes[u.Name]
		if !ok {
			e.fail(where, u.Name)
			return nil, false
		}
		return r().Dot("String").Call(e.alphabets.Type(t, st), stringSize(t, b), field), true
	case model.TypeTime:
		switch u.Name {
		case "UTCTime", "GeneralizedTime":
			return r().Dot("Time").Call(jen.Lit(u.Name == "UTCTime"), field), true
		}
		if m, ok := timeMethods[u.Name]; ok {
			return r().Dot(m).Call(field), true
		}
	case model.TypeObjectDescriptor:
		return r().Dot("String").Call(jr("UTF8String"), jr("Unsized"), field), true
	case model.TypeObjectIdentifier:
		return r().Dot("OID").Call(field), true
	case model.TypeRelativeOID:
		return r().Dot("RelativeOID").Call(field), true
	case model.TypeExternal:
		// Held as its JSON text: X.680 37.5's associated type.
		return r().Dot("External").Call(field), true
	case model.TypeInstanceOf:
		// Held as its JSON text: the associated SEQUENCE of X.681 annex C.
		return r().Dot("InstanceOf").Call(field), true
	}
	e.fail(where, "the type "+emit.KindText(u))
	return nil, false
}

// writeBuiltin emits the writing of src, a value of the built-in type t:
//
//	w.IntRange(v.N, 0, 15, "n")
func (e *Emitter) writeBuiltin(g *jen.Group, t *model.Type, src func() *jen.Statement, field jen.Code, where string) {
	u := t.Underlying()
	b := boundsOf(t)
	if b.unsupported != "" {
		e.fail(where, b.unsupported)
		return
	}
	switch u.Kind {
	case model.TypeNull:
		g.Add(w().Dot("Null").Call())
	case model.TypeBoolean:
		g.Add(w().Dot("Bool").Call(src()))
	case model.TypeInteger:
		switch {
		case plan.IntegerGo(t) != "int64" && b.big:
			g.Add(w().Dot("BigIntBounds").Call(src(), jen.Lit(b.bigLo), jen.Lit(b.bigHi), field))
		case plan.IntegerGo(t) != "int64" && b.ranged && !b.wide:
			g.Add(w().Dot("BigIntRange").Call(src(), num(b.lb), num(b.ub), field))
		case plan.IntegerGo(t) != "int64":
			g.Add(w().Dot("BigInt").Call(src(), field))
		case valueSet(t, b) != nil:
			g.Add(w().Dot("IntIn").Call(append([]jen.Code{src(), field}, valueSet(t, b)...)...))
		case b.ranged:
			g.Add(w().Dot("IntRange").Call(src(), num(b.lb), num(b.ub), field))
		default:
			g.Add(w().Dot("Int").Call(src()))
		}
	case model.TypeReal:
		g.Add(w().Dot("Real").Call(src()))
	case model.TypeOctetString:
		g.Add(w().Dot("OctetString").Call(src(), b.size, field))
	case model.TypeBitString:
		v := src()
		if len(u.NamedNumbers) > 0 {
			// One form of a value with named bits: without its trailing
			// 0 bits, of the SIZE's lower bound at least, as asn1ct and
			// the other codecs write it.
			e.namedBits = true
			v = jen.Id("jerNamedBits").Call(v, jen.Lit(b.sizeLb))
		}
		if b.fixed {
			g.Add(w().Dot("BitString").Call(v, jen.Lit(b.n), field))
		} else {
			g.Add(w().Dot("SizedBitString").Call(v, b.size, field))
		}
	case model.TypeCharacterString:
		st := stringTypes[u.Name]
		if sc := plan.CheckedString(t); u.Name == "UTF8String" && !sc.Sized && sc.Alphabet == "" {
			g.Add(w().Dot("String").Call(src()))
			return
		}
		g.Add(w().Dot("StringOf").Call(e.alphabets.Type(t, st), src(), stringSize(t, b), field))
	case model.TypeTime:
		switch u.Name {
		case "UTCTime", "GeneralizedTime":
			g.Add(w().Dot("Time").Call(src(), jen.Lit(u.Name == "UTCTime"), field))
		default:
			if m, ok := timeMethods[u.Name]; ok {
				g.Add(w().Dot(m).Call(src(), field))
				return
			}
			e.fail(where, "the type "+u.Name)
		}
	case model.TypeObjectDescriptor:
		g.Add(w().Dot("String").Call(src()))
	case model.TypeObjectIdentifier:
		g.Add(w().Dot("OID").Call(src()))
	case model.TypeRelativeOID:
		g.Add(w().Dot("RelativeOID").Call(src()))
	case model.TypeExternal:
		g.Add(w().Dot("WriteExternal").Call(src(), field))
	case model.TypeInstanceOf:
		g.Add(w().Dot("WriteInstanceOf").Call(src(), field))
	default:
		e.fail(where, "the type "+emit.KindText(u))
	}
}

// valueSet returns the literals of the value set with gaps of the INTEGER
// type t held as an int64 (plan.ValueSet), whose hull is the range b;
// nil when there is none.
func valueSet(t *model.Type, b bounds) []jen.Code {
	set := plan.ValueSet(t)
	if set == nil || !b.ranged || set[0] != b.lb || set[len(set)-1] != b.ub {
		return nil
	}
	out := make([]jen.Code, len(set))
	for i, v := range set {
		out[i] = num(v)
	}
	return out
}

// stringSize returns the jer.Size of the character string type t: its
// SIZE in characters, PER-visible or not (plan.CheckedString), as DER's
// decoders check it; but that of GeneralString and GraphicString, which
// DER counts in octets of their Go strings, is not checked.
func stringSize(t *model.Type, b bounds) jen.Code {
	u := t.Underlying()
	if _, known := plan.KnownMultiplier[u.Name]; known {
		return b.size
	}
	sc := plan.CheckedString(t)
	if !sc.Sized || u.Name == "GeneralString" || u.Name == "GraphicString" {
		return jr("Unsized")
	}
	return jr("Size").Values(jen.Id("Lb").Op(":").Lit(sc.Lb), jen.Id("Ub").Op(":").Lit(sc.Ub))
}

// boundsSized reports whether t has a SIZE the codecs check.
func boundsSized(t *model.Type) bool {
	b := plan.PERConstraints(t)
	return b.Sized && !b.SizeExt
}

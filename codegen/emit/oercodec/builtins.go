package oercodec

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/asn1gen/asn1gen/codegen/emit"
	"github.com/asn1gen/asn1gen/codegen/model"
	"github.com/asn1gen/asn1gen/codegen/plan"
	"github.com/dave/jennifer/jen"
)

// bounds are the OER-visible constraints of a built-in type (X.696 8.2):
// a value range or SIZE with an extension marker is not OER-visible, and
// neither is a permitted alphabet.
type bounds struct {
	lb, ub       int64
	hasLb, hasUb bool
	// wide: lb >= 0 and the upper bound wideUb beyond int64, held as a
	// der.Integer.
	wide   bool
	wideUb uint64
	// fixed: a SIZE of one value n, which leaves out the length (X.696
	// 13.1, 14.1, 27.2); size is the oer.Size of any other.
	fixed  bool
	n      int
	size   jen.Code
	sizeLb int
	// sized: a variable SIZE sizeLb..sizeUb (sizeUb -1 for MAX), which
	// size writes.
	sized  bool
	sizeUb int
	// unsupported says what the emitter does not handle, "" if all is well.
	unsupported string
}

// boundsOf evaluates what X.696 sees of the constraints of t, from the
// bounds the plan settles for PER (X.691 and X.696 see the same value
// ranges and sizes, but OER drops the extensible ones).
func boundsOf(t *model.Type) bounds {
	b := plan.PERConstraints(t)
	ob := bounds{size: or("Unsized"), unsupported: b.Unsupported}
	if !b.Ext {
		ob.lb, ob.ub, ob.hasLb, ob.hasUb = b.Lb, b.Ub, b.HasLb, b.HasUb
		switch {
		case b.Wide && b.Lb >= 0:
			// Unsigned in up to 8 octets, beyond int64 (NGAP's usage
			// counts, 0..2^64-1): a fixed size by the upper bound.
			ob.wide, ob.wideUb = true, uint64(b.Lb)+b.Span
		case b.Wide || b.Big:
			ob.unsupported = "an INTEGER constrained beyond int64"
		}
	}
	if b.Sized && !b.SizeExt {
		ob.sizeLb = b.SizeLb
		if b.SizeUb == b.SizeLb {
			ob.fixed, ob.n = true, b.SizeLb
		} else {
			ob.sized, ob.sizeUb = true, b.SizeUb
			keys := []jen.Code{jen.Id("Lb").Op(":").Lit(b.SizeLb), jen.Id("Ub").Op(":").Lit(b.SizeUb)}
			ob.size = or("Size").Values(keys...)
		}
	}
	return ob
}

// stringTypes are runtime/oer's character string types (X.696 27): the
// known-multiplier ones, whose fixed SIZE leaves out the length,
// UTF8String, whose SIZE in characters is not one in octets, and the
// types that are not known-multiplier, a length and their octets.
var stringTypes = map[string]string{
	"IA5String": "IA5String", "VisibleString": "VisibleString", "ISO646String": "VisibleString",
	"NumericString": "NumericString", "PrintableString": "PrintableString",
	"BMPString": "BMPString", "UniversalString": "UniversalString", "UTF8String": "UTF8String",
	"GeneralString": "GeneralString", "GraphicString": "GraphicString", "TeletexString": "TeletexString",
	"T61String": "TeletexString", "VideotexString": "VideotexString",
}

// unsizedString reports the string types whose SIZE is not OER-visible
// (X.696 8.2): UTF8String, whose characters are not of one size, and
// the types that are not known-multiplier, always a length and octets
// (X.696 27).
func unsizedString(st string) bool {
	switch st {
	case "UTF8String", "GeneralString", "GraphicString", "TeletexString", "VideotexString":
		return true
	}
	return false
}

// checkedSize returns the oer.Size of a string whose SIZE is not
// OER-visible (unsizedString), which the codecs check all the same, in
// characters (octets for GeneralString and GraphicString), as DER's
// decoders do (plan.CheckedString):
//
//	oer.Size{Lb: 0, Ub: 255}
func checkedSize(t *model.Type) jen.Code {
	sc := plan.CheckedString(t)
	if !sc.Sized {
		return or("Unsized")
	}
	return or("Size").Values(jen.Id("Lb").Op(":").Lit(sc.Lb), jen.Id("Ub").Op(":").Lit(sc.Ub))
}

// timeMethods name the oer.Reader and oer.Writer methods (the field's,
// Write...) of the useful time types: VisibleStrings (X.680 46.3, 47.3)
// of their DER form. DATE, TIME-OF-DAY, DATE-TIME, DURATION and TIME are
// not among them.
var timeMethods = map[string]string{"UTCTime": "UTCTime", "GeneralizedTime": "GeneralizedTime"}

// readBuiltin returns the expression that reads a value of the built-in
// type t with the Reader rd, the component name in errors:
//
//	r.IntRange(0, 15, "n")
//
// It reports false (after fail) for what it does not handle, and for
// NULL, which has no octets.
func (e *Emitter) readBuiltin(t *model.Type, rd string, field jen.Code, where string) (jen.Code, bool) {
	u := t.Underlying()
	b := boundsOf(t)
	if b.unsupported != "" {
		e.fail(where, b.unsupported)
		return nil, false
	}
	r := func() *jen.Statement { return jen.Id(rd) }
	switch u.Kind {
	case model.TypeBoolean:
		return r().Dot("Bool").Call(field), true
	case model.TypeInteger:
		return e.readInteger(t, b, r, field, where)
	case model.TypeOctetString:
		if b.fixed {
			return r().Dot("FixedOctetString").Call(jen.Lit(b.n), field), true
		}
		return r().Dot("OctetString").Call(b.size, field), true
	case model.TypeBitString:
		read := r().Dot("BitString").Call(b.size, field)
		if b.fixed {
			read = r().Dot("FixedBitString").Call(jen.Lit(b.n), field)
		}
		// Named bits decode as received (a fixed SIZE's bits all there),
		// as PER's decoder has them: oerNamedBits makes one form of
		// both that and NewT's on the way out.
		return read, true
	case model.TypeCharacterString:
		st, ok := stringTypes[u.Name]
		switch {
		case !ok:
			e.fail(where, u.Name+" (not a known-multiplier character string)")
			return nil, false
		case unsizedString(st):
			return r().Dot("String").Call(e.alphabets.Type(t, st), checkedSize(t), field), true
		case b.fixed:
			return r().Dot("FixedString").Call(e.alphabets.Type(t, st), jen.Lit(b.n), field), true
		}
		return r().Dot("String").Call(e.alphabets.Type(t, st), b.size, field), true
	case model.TypeObjectIdentifier:
		return r().Dot("OID").Call(field), true
	case model.TypeRelativeOID:
		return r().Dot("RelativeOID").Call(field), true
	case model.TypeObjectDescriptor:
		// [UNIVERSAL 7] IMPLICIT GraphicString (X.680 48.3).
		return r().Dot("String").Call(or("ObjectDescriptor"), or("Unsized"), field), true
	case model.TypeTime:
		if m, ok := timeMethods[u.Name]; ok {
			return r().Dot(m).Call(field), true
		}
	case model.TypeExternal:
		// Held as its encoding, read field by field to find its end:
		// X.690 8.18.1's sequence type, as X.691 29 encodes it.
		return r().Dot("External").Call(field), true
	case model.TypeInstanceOf:
		// Held as the encoding of its associated SEQUENCE (X.681 C.8).
		return r().Dot("InstanceOf").Call(field), true
	case model.TypeNull:
		return nil, false
	}
	e.fail(where, "the type "+emit.KindText(u))
	return nil, false
}

// readInteger returns the reading of an INTEGER (X.696 10): both bounds
// make a fixed size (the runtime picks it from them), a lower bound alone
// a variable-size unsigned or signed number, none a signed one. An
// INTEGER held as der.Integer is read with math/big.
func (e *Emitter) readInteger(t *model.Type, b bounds, r func() *jen.Statement, field jen.Code, where string) (jen.Code, bool) {
	if plan.IntegerGo(t) != "int64" {
		switch {
		case b.wide:
			// der.IntegerFromBig(new(big.Int).SetUint64(r.UintRange(0, 18446744073709551615, "n")))
			u := r().Dot("UintRange").Call(emit.Num(b.lb), jen.Id(strconv.FormatUint(b.wideUb, 10)), field)
			return emit.RT("IntegerFromBig").Call(jen.New(jen.Qual("math/big", "Int")).Dot("SetUint64").Call(u)), true
		case b.hasUb:
			e.fail(where, "an INTEGER held as der.Integer with an upper bound")
			return nil, false
		case b.hasLb && b.lb != 0:
			// (1..MAX): a variable-size number, checked against lb.
			return emit.RT("IntegerFromBig").Call(r().Dot("BigIntLb").Call(emit.Num(b.lb), field)), true
		case b.hasLb:
			return emit.RT("IntegerFromBig").Call(r().Dot("BigInt").Call(jen.False(), field)), true
		}
		return emit.RT("IntegerFromBig").Call(r().Dot("BigInt").Call(jen.True(), field)), true
	}
	switch set := valueSet(t, b); {
	case set != nil:
		// A value set with gaps: its hull, and the value checked.
		return r().Dot("IntIn").Call(append([]jen.Code{field}, set...)...), true
	case b.hasLb && b.hasUb:
		return r().Dot("IntRange").Call(emit.Num(b.lb), emit.Num(b.ub), field), true
	case b.hasUb:
		// X.696 10.4 writes it as an unconstrained one, and the runtime
		// would not check the upper bound.
		e.fail(where, "an INTEGER with an upper bound and no lower bound")
		return nil, false
	case b.hasLb:
		return r().Dot("IntLb").Call(emit.Num(b.lb), field), true
	}
	return r().Dot("Int").Call(field), true
}

// valueSet returns the literals of the value set with gaps of the INTEGER
// type t held as an int64 (plan.ValueSet), whose hull is the range b that
// OER sees; nil when there is none.
func valueSet(t *model.Type, b bounds) []jen.Code {
	set := plan.ValueSet(t)
	if set == nil || !b.hasLb || !b.hasUb || set[0] != b.lb || set[len(set)-1] != b.ub {
		return nil
	}
	out := make([]jen.Code, len(set))
	for i, v := range set {
		out[i] = emit.Num(v)
	}
	return out
}

// writeBuiltin emits the writing of src, a value of the built-in type t,
// the errors of the Writer's methods kept with Fail:
//
//	w.Fail(w.WriteIntRange(v.N, 0, 15), "n")
func (e *Emitter) writeBuiltin(g *jen.Group, t *model.Type, src func() *jen.Statement, field jen.Code, where string) {
	u := t.Underlying()
	b := boundsOf(t)
	if b.unsupported != "" {
		e.fail(where, b.unsupported)
		return
	}
	fail := func(call jen.Code) { g.Add(w().Dot("Fail").Call(call, field)) }
	if u.Kind == model.TypeInteger && plan.IntegerGo(t) != "int64" {
		src = receiver(src) // its Big method is called
	}
	switch u.Kind {
	case model.TypeNull:
	case model.TypeBoolean:
		g.Add(w().Dot("WriteBool").Call(src()))
	case model.TypeInteger:
		switch {
		case plan.IntegerGo(t) != "int64" && b.wide:
			e.writeWide(g, b, src, field)
		case plan.IntegerGo(t) != "int64" && b.hasLb && b.lb != 0:
			fail(w().Dot("WriteBigIntLb").Call(src().Dot("Big").Call(), emit.Num(b.lb)))
		case plan.IntegerGo(t) != "int64":
			fail(w().Dot("WriteBigInt").Call(src().Dot("Big").Call(), jen.Lit(!b.hasLb)))
		case valueSet(t, b) != nil:
			fail(w().Dot("WriteIntIn").Call(append([]jen.Code{src()}, valueSet(t, b)...)...))
		case b.hasLb && b.hasUb:
			fail(w().Dot("WriteIntRange").Call(src(), emit.Num(b.lb), emit.Num(b.ub)))
		case b.hasLb:
			fail(w().Dot("WriteIntLb").Call(src(), emit.Num(b.lb)))
		default:
			g.Add(w().Dot("WriteInt").Call(src()))
		}
	case model.TypeOctetString:
		if b.fixed {
			fail(w().Dot("WriteFixedOctetString").Call(src(), jen.Lit(b.n)))
			return
		}
		fail(w().Dot("WriteOctetString").Call(src(), b.size))
	case model.TypeBitString:
		e.writeBitString(g, u, b, src, fail, where)
	case model.TypeCharacterString:
		st := stringTypes[u.Name]
		switch {
		case unsizedString(st):
			fail(w().Dot("WriteString").Call(e.alphabets.Type(t, st), src(), checkedSize(t)))
		case b.fixed:
			fail(w().Dot("WriteFixedString").Call(e.alphabets.Type(t, st), src(), jen.Lit(b.n)))
		default:
			fail(w().Dot("WriteString").Call(e.alphabets.Type(t, st), src(), b.size))
		}
	case model.TypeObjectIdentifier:
		g.Add(w().Dot("WriteOID").Call(src()))
	case model.TypeRelativeOID:
		g.Add(w().Dot("WriteRelativeOID").Call(src()))
	case model.TypeObjectDescriptor:
		fail(w().Dot("WriteString").Call(or("ObjectDescriptor"), src(), or("Unsized")))
	case model.TypeExternal:
		fail(w().Dot("WriteExternal").Call(src()))
	case model.TypeInstanceOf:
		fail(w().Dot("WriteInstanceOf").Call(src()))
	case model.TypeTime:
		if m, ok := timeMethods[u.Name]; ok {
			fail(w().Dot("Write" + m).Call(src()))
			return
		}
		e.fail(where, "the type "+emit.KindText(u))
	default:
		e.fail(where, "the type "+emit.KindText(u))
	}
}

// writeBitString emits the writing of a BIT STRING. One with named bits
// is written without its trailing 0 bits but of its SIZE's lower bound at
// least (X.680 22.7, as DER and canonical PER write it), which pads a
// value that NewT built to a fixed SIZE (ETSI ITS has many).
func (e *Emitter) writeBitString(g *jen.Group, u *model.Type, b bounds, src func() *jen.Statement, fail func(jen.Code), where string) {
	v := src()
	if len(u.NamedNumbers) > 0 {
		e.namedBits = true
		lb := b.sizeLb
		if b.fixed {
			lb = b.n
		}
		v = jen.Id("oerNamedBits").Call(v, jen.Lit(lb))
	}
	if b.fixed {
		fail(w().Dot("WriteFixedBitString").Call(v, jen.Lit(b.n)))
		return
	}
	fail(w().Dot("WriteBitString").Call(v, b.size))
}

// writeWide emits the writing of a der.Integer constrained to lb..ub, ub
// beyond int64 (boundsOf):
//
//	if z := v.N.Big(); z.IsUint64() {
//		w.Fail(w.WriteUintRange(z.Uint64(), 0, 18446744073709551615), "n")
//	} else {
//		w.Fail(der.NewError(der.KindConstraint, -1, "INTEGER", z.String()+" not in 0..18446744073709551615", "X.680 51.8"), "n")
//	}
func (e *Emitter) writeWide(g *jen.Group, b bounds, src func() *jen.Statement, field jen.Code) {
	ub := strconv.FormatUint(b.wideUb, 10)
	rng := " not in " + strconv.FormatInt(b.lb, 10) + ".." + ub
	g.If(jen.Id("z").Op(":=").Add(src()).Dot("Big").Call(), jen.Id("z").Dot("IsUint64").Call()).Block(
		w().Dot("Fail").Call(w().Dot("WriteUintRange").Call(jen.Id("z").Dot("Uint64").Call(), emit.Num(b.lb), jen.Id(ub)), field),
	).Else().Block(
		w().Dot("Fail").Call(emit.RT("NewError").Call(emit.RT("KindConstraint"), jen.Lit(-1), jen.Lit("INTEGER"),
			jen.Id("z").Dot("String").Call().Op("+").Lit(rng), jen.Lit("X.680 51.8")), field),
	)
}

// receiver returns src as the receiver of a method call: an element of a
// list, *e, in parentheses ((*e).Big(), not *e.Big()).
func receiver(src func() *jen.Statement) func() *jen.Statement {
	if strings.HasPrefix(fmt.Sprintf("%#v", src()), "*") {
		return func() *jen.Statement { return jen.Parens(src()) }
	}
	return src
}

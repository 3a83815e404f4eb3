package percodec

import (
	"github.com/asn1gen/asn1gen/codegen/emit"
	"github.com/asn1gen/asn1gen/codegen/model"
	"github.com/asn1gen/asn1gen/codegen/plan"
	"github.com/dave/jennifer/jen"
)

// single reports whether readField writes f as the one statement
// r.Decode(addr, name), which DecodeOptional makes conditional.
func single(f *plan.Field) bool {
	return f.Named != nil && !f.Ptr && !f.Octets && f.Union == nil && !f.List && !inPlaceEnum(f.Named) &&
		!plan.ConstrainedInt(f) && !plan.OwnSize(f)
}

// namedPrimitive reports whether gt is a type of this package defined as a
// built-in type other than an ENUMERATED or NULL, whose DecodePER is one
// read of that built-in type (primitiveCodec): readField reads a
// component of it with that read, in place, not by a call of Decode and
// of the type's method. Its errors are the same: the component's name
// first in their path.
func namedPrimitive(gt *plan.Type) bool {
	if gt == nil || gt.Pkg != "" || gt.Alias != nil || gt.Union != nil {
		return false
	}
	switch gt.Kind {
	case model.TypeBoolean, model.TypeInteger, model.TypeOctetString, model.TypeBitString, model.TypeCharacterString:
		return true
	}
	return false
}

// namedEnum reports whether gt is an ENUMERATED type of this package with
// methods whose items are their indexes (DecodeEnum): readField reads a
// component of it in place, as an enumeration written in place
// (inPlaceEnum).
func namedEnum(gt *plan.Type) bool {
	if gt == nil || gt.Kind != model.TypeEnumerated || gt.Alias != nil || gt.Base != nil || gt.Pkg != "" || inPlaceEnum(gt) {
		return false
	}
	root, adds, _ := enumItems(gt)
	return denseSorted(append(append([]*model.NamedNumber(nil), root...), adds...))
}

// readField emits the decoding of f (a component, alternative or element)
// into p; name names it in errors ("" for an element, whose index
// DecodeEach adds). where names it in the generator's errors.
func (e *Emitter) readField(g *jen.Group, f *plan.Field, p emit.Place, name jen.Code, where string) {
	field := name
	switch {
	case f.Union != nil:
		e.readUnionField(g, f, p, name, where)
	case f.Octets:
		e.readContained(g, f, p, name, where)
	case f.Named == nil && f.Type.Underlying().Kind == model.TypeOpen:
		// An open type without a table the key resolves (PrivateIE-Field's
		// value, keyed by a CHOICE): the octets of its field, the
		// complete encoding of a value (X.691 10.2), kept and written
		// back.
		g.Add(p.Val()).Op("=").Add(r().Dot("OpenBytes").Call(field))
	case f.Named == nil:
		if read, ok := e.readBuiltin(f.Type, name, where); ok {
			g.Add(p.Val()).Op("=").Add(read)
		}
	case inPlaceEnum(f.Named):
		// v.A = T_A(r.Enum(2, 0, false, "a"))
		g.Add(p.Val()).Op("=").Add(emit.Ref(f.Named)).Call(r().Dot("Enum").Call(append(enumArgs(f.Named), field)...))
	case f.Ptr:
		// A pointer breaks a recursive cycle: one level deeper.
		g.Add(p.Val()).Op("=").Add(pr("DecodeNested")).Types(emit.Ref(f.Named)).Call(r(), jen.Lit(f.Named.ASN1), field)
	case plan.OwnIntConstraint(f) && !plan.ConstrainedInt(f):
		e.perFail(where, "a component constraining a named INTEGER held as der.Integer")
	case plan.ConstrainedInt(f):
		// v.A = T(r.Int(1, 1, false, "a")): by the component's constraints.
		if read, ok := e.readBuiltin(f.Type, name, where); ok {
			g.Add(p.Val()).Op("=").Add(emit.Ref(f.Named).Call(read))
		}
	case plan.OwnSize(f):
		e.readOwnSize(g, f, p, name, where)
	case namedEnum(f.Named):
		// v.A = Criticality(r.Enum(3, 0, false, "a")): what the type's
		// DecodePER (per.DecodeEnum) reads, without its call
		g.Add(p.Val()).Op("=").Add(emit.Ref(f.Named)).Call(r().Dot("Enum").Call(append(enumArgs(f.Named), field)...))
	case namedPrimitive(f.Named):
		// v.A = ProtocolIEID(r.Int(0, 65535, false, "a")): what the
		// type's DecodePER reads (primitiveCodec), without its call
		if read, ok := e.readBuiltin(f.Named.Body, name, where); ok {
			g.Add(p.Val()).Op("=").Add(emit.Ref(f.Named).Call(read))
		}
	default:
		g.Add(r().Dot("Decode").Call(p.Addr(), field))
	}
	if ks := e.per.deferred[f]; len(ks) > 0 {
		e.resolveDeferred(g, f, ks) // f is the key of open types before it
	}
}

// readOwnSize emits the decoding of a component f of a named string or
// list type that constrains it further (plan.OwnSize): in place, by its
// effective constraints, not by the named type's codec.
//
//	v.A = Oct(r.OctetString(per.Size{Lb: 2, Ub: 2}, "a"))
//	per.DecodeEach(r, &v.L, per.Size{Lb: 2, Ub: 2}, "l", func(r *per.Reader, e *int64) {
//		*e = r.IntAny(9223372036854775807, false, "")
//	})
func (e *Emitter) readOwnSize(g *jen.Group, f *plan.Field, p emit.Place, name jen.Code, where string) {
	if k := f.Type.Underlying().Kind; k == model.TypeSequenceOf || k == model.TypeSetOf {
		if size, ok := e.ownListSize(f, where); ok {
			g.Add(e.eachCall(plan.ListElem(f.Named), p.Addr(), size, name, where+"[]", true))
		}
		return
	}
	if read, ok := e.readBuiltin(f.Type, name, where); ok {
		g.Add(p.Val()).Op("=").Add(emit.Ref(f.Named).Call(read))
	}
}

// writeOwnSize emits the encoding of a component f that readOwnSize
// decodes.
func (e *Emitter) writeOwnSize(g *jen.Group, f *plan.Field, p emit.Place, name jen.Code, where string) {
	if k := f.Type.Underlying().Kind; k == model.TypeSequenceOf || k == model.TypeSetOf {
		if size, ok := e.ownListSize(f, where); ok {
			g.Add(e.eachCall(plan.ListElem(f.Named), p.Val(), size, name, where+"[]", false))
		}
		return
	}
	e.writeBuiltin(g, f.Type, func() *jen.Statement { return emit.PrimitiveGo(f.Named).Call(p.Val()) }, name, where)
}

// ownListSize returns the per.Size of a list component f that constrains
// its named type further, false (after perFail) when there is none the
// emitter handles.
func (e *Emitter) ownListSize(f *plan.Field, where string) (jen.Code, bool) {
	pc := e.perConstraintsOf(f.Type)
	switch {
	case pc.unsupported != "":
		e.perFail(where, pc.unsupported)
	case plan.ListElem(f.Named) == nil:
		e.perFail(where, "a list without an element type")
	default:
		return pc.size, true
	}
	return nil, false
}

// readContained emits the decoding of an OCTET or BIT STRING (CONTAINING
// T) held as a value of T: the string's octets are the complete encoding
// of T in the same variant (X.691 11.1, X.682 11). With a SIZE, or as a
// BIT STRING, the string's length counts the octets of T's encoding and T
// is read from a Reader of its own (DecodeContained); an OCTET STRING
// without one is an open type field, read in place (DecodeOpen).
func (e *Emitter) readContained(g *jen.Group, f *plan.Field, p emit.Place, name jen.Code, where string) {
	if !e.perContaining(f, where) {
		return
	}
	addr := p.Addr()
	if f.Ptr {
		// v.A = per.New[T](r, "T", "a"): charged to the budget.
		g.Add(p.Val()).Op("=").Add(pr("New")).Types(emit.Ref(f.Named)).Call(r(), jen.Lit(f.Named.ASN1), name)
		addr = p.Val()
	}
	if c, ok := e.perContentsSize(f, where); ok {
		g.Add(r().Dot("DecodeContained").Call(addr, c, name))
		return
	}
	g.Add(r().Dot("DecodeOpen").Call(addr, name))
}

// writeField emits the encoding of f from p.
func (e *Emitter) writeField(g *jen.Group, f *plan.Field, p emit.Place, name jen.Code, where string) {
	field := name
	switch {
	case f.Union != nil:
		e.writeUnionField(g, f, p, name, where)
	case f.Octets:
		e.writeContained(g, f, p, name, where)
	case f.Named == nil && f.Type.Underlying().Kind == model.TypeOpen:
		g.Add(w().Dot("WriteOpenBytes").Call(p.Val()))
	case f.Named == nil:
		e.writeBuiltin(g, f.Type, p.Val, name, where)
	case inPlaceEnum(f.Named):
		g.Add(w().Dot("Enum").Call(append(append([]jen.Code{jen.Int64().Call(p.Val())}, enumArgs(f.Named)...), field)...))
	case f.Ptr:
		g.Add(pr("EncodeNested").Call(w(), p.Val(), jen.Lit(f.Named.ASN1), field))
	case plan.ConstrainedInt(f):
		e.writeBuiltin(g, f.Type, func() *jen.Statement { return jen.Int64().Call(p.Val()) }, name, where)
	case plan.OwnSize(f):
		e.writeOwnSize(g, f, p, name, where)
	default:
		g.Add(w().Dot("Encode").Call(p.Addr(), field))
	}
}

// writeContained emits the encoding of an OCTET or BIT STRING (CONTAINING
// T) from its value of T (see readContained). A value held by pointer
// must not be nil.
func (e *Emitter) writeContained(g *jen.Group, f *plan.Field, p emit.Place, name jen.Code, where string) {
	if !e.perContaining(f, where) {
		return
	}
	addr := p.Addr()
	call := func(addr jen.Code) jen.Code {
		if c, ok := e.perContentsSize(f, where); ok {
			return w().Dot("EncodeContained").Call(addr, c, name)
		}
		return w().Dot("EncodeOpen").Call(addr, name)
	}
	if !f.Ptr {
		g.Add(call(addr))
		return
	}
	g.If(p.Val().Op("==").Nil()).Block(
		w().Dot("Fail").Call(emit.RT("NilValue").Call(jen.Lit(f.Named.ASN1)), name),
	).Else().Block(call(p.Val()))
}

// readComponent emits the decoding of a component of a SEQUENCE or SET
// (a root component, or a member of an addition group) whose presence
// its preamble bit has given:
//
//	r.DecodeOptional(v.HasA, &v.A, "a")
//	if v.HasB {
//		v.B = r.Int(0, 7, false, "b")
//	} else {
//		v.B = 3
//	}
func (e *Emitter) readComponent(g *jen.Group, gt *plan.Type, f *plan.Field) {
	where := gt.ASN1 + "." + f.ASN1
	p := emit.FieldPlace(f)
	def, hasDef := emit.DefaultValue(f)
	switch {
	case !perOptional(f):
		e.readField(g, f, p, jen.Lit(f.ASN1), where)
	case single(f) && !namedEnum(f.Named) && !namedPrimitive(f.Named) && !hasDef && len(e.per.deferred[f]) == 0:
		g.Add(r().Dot("DecodeOptional").Call(jen.Id("v").Dot(f.Has), p.Addr(), jen.Lit(f.ASN1)))
	case !hasDef && (inPlaceEnum(f.Named) || namedEnum(f.Named)):
		// v.A = T_A(r.EnumIf(v.HasA, 2, 0, false, "a"))
		args := append([]jen.Code{jen.Id("v").Dot(f.Has)}, enumArgs(f.Named)...)
		g.Add(p.Val()).Op("=").Add(emit.Ref(f.Named)).Call(r().Dot("EnumIf").Call(append(args, jen.Lit(f.ASN1))...))
	case !hasDef && e.intRange(f) != nil:
		// v.A = r.IntIf(v.HasA, 0, 15, false, "a")
		args := append([]jen.Code{jen.Id("v").Dot(f.Has)}, e.intRange(f)...)
		g.Add(p.Val()).Op("=").Add(r().Dot("IntIf").Call(append(args, jen.Lit(f.ASN1))...))
	default:
		st := g.If(jen.Id("v").Dot(f.Has)).BlockFunc(func(g *jen.Group) {
			e.readField(g, f, p, jen.Lit(f.ASN1), where)
		})
		if hasDef {
			st.Else().Block(p.Val().Op("=").Add(def))
		}
	}
}

// intRange returns the arguments lb, ub and ext of per.Reader.Int for a
// component f of a built-in INTEGER type held as an int64 with both bounds,
// nil for any other.
func (e *Emitter) intRange(f *plan.Field) []jen.Code {
	if f.Named != nil || f.Octets || f.Union != nil || f.Type.Underlying().Kind != model.TypeInteger || plan.IntegerGo(f.Type) != "int64" {
		return nil
	}
	pc := e.perConstraintsOf(f.Type)
	if pc.unsupported != "" || !pc.hasLb || !pc.hasUb {
		return nil
	}
	return []jen.Code{emit.Num(pc.lb), emit.Num(pc.ub), jen.Lit(pc.ext)}
}

// writeComponent emits the encoding of a component of a SEQUENCE or SET:
// always when mandatory, when present when optional (perPresent).
func (e *Emitter) writeComponent(g *jen.Group, gt *plan.Type, f *plan.Field) {
	where := gt.ASN1 + "." + f.ASN1
	p := emit.FieldPlace(f)
	switch {
	case !perOptional(f):
		e.writeField(g, f, p, jen.Lit(f.ASN1), where)
	case single(f):
		g.Add(w().Dot("EncodeOptional").Call(perPresent(f), p.Addr(), jen.Lit(f.ASN1)))
	case inPlaceEnum(f.Named):
		// w.EnumIf(v.HasA, int64(v.A), 2, 0, false, "a")
		args := append([]jen.Code{perPresent(f), jen.Int64().Call(p.Val())}, enumArgs(f.Named)...)
		g.Add(w().Dot("EnumIf").Call(append(args, jen.Lit(f.ASN1))...))
	case e.intRange(f) != nil:
		// w.IntIf(v.HasA, v.A, 0, 15, false, "a")
		args := append([]jen.Code{perPresent(f), p.Val()}, e.intRange(f)...)
		g.Add(w().Dot("IntIf").Call(append(args, jen.Lit(f.ASN1))...))
	default:
		g.If(perPresent(f)).BlockFunc(func(g *jen.Group) {
			e.writeField(g, f, p, jen.Lit(f.ASN1), where)
		})
	}
}

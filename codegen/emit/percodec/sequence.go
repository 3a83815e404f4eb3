package percodec

import (
	"github.com/asn1gen/asn1gen/codegen/emit"
	"github.com/asn1gen/asn1gen/codegen/plan"
	"github.com/dave/jennifer/jen"
)

// The codec of a SEQUENCE or SET (X.691 19, 21): the extension bit, the
// preamble of the OPTIONAL and DEFAULT root components, the root
// components, then the bitmap and the open type fields of the extension
// additions, unknown ones kept in Unknown. PER writes the components of a
// SET in the canonical order of their tags, which perTagOrder has checked
// is the order of the fields.
//
//	func (v *T) DecodePER(r *per.Reader) error {
//		*v = T{}
//		ext := r.ExtendedPreamble(&v.HasA)
//		r.DecodeOptional(v.HasA, &v.A, "a")
//		x := r.Extensions(ext)
//		if x.Begin(0, "b") {
//			x.GroupPreamble(&v.HasB, &v.HasC)
//			...
//			x.End("b")
//		}
//		v.HasD = x.Value(1, &v.D, "d")
//		v.Unknown = x.Unknown(2)
//		return r.Err()
//	}
//
// An extensible type without additions ends with v.Unknown = r.Unknown(ext).

// sequenceDecode is the body of a SEQUENCE's or SET's DecodePER.
func (e *Emitter) sequenceDecode(gt *plan.Type) jen.Code {
	root, adds := additionsOf(gt)
	ext := gt.Body.Extensible
	if ext && len(adds) == 0 && gt.Unknown == "" {
		e.perFail(gt.ASN1, "an extensible SEQUENCE without a field for unknown additions")
		return nil
	}
	return jen.BlockFunc(func(g *jen.Group) {
		g.Op("*").Id("v").Op("=").Id(gt.Name).Values()
		saved := e.per.deferred
		e.per.deferred = e.declareDeferred(g, gt)
		defer func() { e.per.deferred = saved }()
		switch bits := presenceBits(root); {
		case ext && len(bits) > 0:
			g.Id("ext").Op(":=").Add(r().Dot("ExtendedPreamble").Call(bits...))
		case ext:
			g.Id("ext").Op(":=").Add(r().Dot("Extended").Call())
		default:
			preambleRead(g, root)
		}
		for _, f := range root {
			e.readComponent(g, gt, f)
		}
		if ext && len(adds) == 0 {
			// v.Unknown = r.Unknown(ext): no x, as no addition is known
			g.Id("v").Dot(gt.Unknown).Op("=").Add(r().Dot("Unknown").Call(jen.Id("ext")))
		} else if ext {
			g.Id("x").Op(":=").Add(r().Dot("Extensions").Call(jen.Id("ext")))
			for i, a := range adds {
				e.readAddition(g, gt, i, a)
			}
			g.Id("v").Dot(gt.Unknown).Op("=").Id("x").Dot("Unknown").Call(jen.Lit(len(adds)))
		}
		g.Return(r().Dot("Err").Call())
	})
}

// readAddition emits the decoding of addition i: a group in its open type
// field (its preamble, then its members, the mandatory ones present with
// the group), a value of a generated type (Value), or another value in its
// field; absent, a DEFAULT component takes its default.
func (e *Emitter) readAddition(g *jen.Group, gt *plan.Type, i int, a addition) {
	first := a.fields[0]
	name := jen.Lit(first.ASN1)
	var defs []jen.Code
	for _, f := range a.fields {
		if def, ok := emit.DefaultValue(f); ok {
			defs = append(defs, jen.Id("v").Dot(f.Name).Op("=").Add(def))
		}
	}
	has := func() *jen.Statement { return jen.Id("v").Dot(first.Has) }
	var st *jen.Statement
	switch {
	case a.group:
		st = g.If(jen.Id("x").Dot("Begin").Call(jen.Lit(i), name)).BlockFunc(func(g *jen.Group) {
			if bits := presenceBits(a.fields); len(bits) == len(a.fields) {
				// No member is mandatory: a group with none present is
				// encoded as absent (X.691 19.9), which GroupPreamble checks.
				g.Id("x").Dot("GroupPreamble").Call(bits...)
			} else {
				preambleRead(g, a.fields)
			}
			for _, f := range a.fields {
				if !perOptional(f) {
					g.Id("v").Dot(f.Has).Op("=").True()
				}
				e.readComponent(g, gt, f)
			}
			g.Id("x").Dot("End").Call(name)
		})
	case single(first) && len(e.per.deferred[first]) == 0:
		// v.HasD = x.Value(1, &v.D, "d"), or with a default:
		// if v.HasD = x.Value(1, &v.D, "d"); !v.HasD { v.D = 3 }
		value := jen.Id("x").Dot("Value").Call(jen.Lit(i), emit.FieldPlace(first).Addr(), name)
		if len(defs) == 0 {
			g.Add(has()).Op("=").Add(value)
		} else {
			g.If(has().Op("=").Add(value), jen.Op("!").Add(has())).Block(defs...)
		}
		return
	default:
		st = g.If(has().Op("=").Id("x").Dot("Begin").Call(jen.Lit(i), name), has()).BlockFunc(func(g *jen.Group) {
			e.readField(g, first, emit.FieldPlace(first), jen.Lit(first.ASN1), gt.ASN1+"."+first.ASN1)
			g.Id("x").Dot("End").Call(name)
		})
	}
	if len(defs) > 0 {
		st.Else().Block(defs...)
	}
}

// sequenceEncode is the body of a SEQUENCE's or SET's EncodePER. The
// additions present are worked out first, once (they also decide the
// extension bit):
//
//	x := per.Additions(v.Unknown, v.HasB || v.HasC, v.HasD)
//	w.Extended(x)
//	w.Preamble(v.HasA)
//	w.EncodeOptional(v.HasA, &v.A, "a")
//	w.Extensions(x, v.Unknown)
//	if o, ok := w.BeginAddition(x, 0); ok {
//		...
//		w.EndOpen(o)
//	}
//	w.EncodeAddition(x, 1, &v.D, "d")
//	w.EndExtensions(x, v.Unknown)
//	return w.Err()
func (e *Emitter) sequenceEncode(gt *plan.Type) jen.Code {
	root, adds := additionsOf(gt)
	ext := gt.Body.Extensible
	if ext && len(adds) > 64 {
		e.perFail(gt.ASN1, "more than 64 extension additions")
		return nil
	}
	return jen.BlockFunc(func(g *jen.Group) {
		unknown := jen.Id("v").Dot(gt.Unknown)
		if ext {
			args := []jen.Code{unknown.Clone()}
			for _, a := range adds {
				args = append(args, additionPresent(a))
			}
			g.Id("x").Op(":=").Add(pr("Additions")).Call(args...)
			g.Add(w().Dot("Extended").Call(jen.Id("x")))
		}
		preambleWrite(g, root)
		for _, f := range root {
			e.writeComponent(g, gt, f)
		}
		if ext {
			g.Add(w().Dot("Extensions").Call(jen.Id("x"), unknown.Clone()))
			for i, a := range adds {
				first := a.fields[0]
				if !a.group && single(first) {
					g.Add(w().Dot("EncodeAddition").Call(jen.Id("x"), jen.Lit(i), emit.FieldPlace(first).Addr(), jen.Lit(first.ASN1)))
					continue
				}
				g.If(jen.List(jen.Id("o"), jen.Id("ok")).Op(":=").Add(w().Dot("BeginAddition").Call(jen.Id("x"), jen.Lit(i))), jen.Id("ok")).BlockFunc(func(g *jen.Group) {
					if a.group {
						preambleWrite(g, a.fields)
						for _, f := range a.fields {
							e.writeComponent(g, gt, f)
						}
					} else {
						e.writeField(g, first, emit.FieldPlace(first), jen.Lit(first.ASN1), gt.ASN1+"."+first.ASN1)
					}
					g.Add(w().Dot("EndOpen").Call(jen.Id("o")))
				})
			}
			g.Add(w().Dot("EndExtensions").Call(jen.Id("x"), unknown.Clone()))
		}
		g.Return(w().Dot("Err").Call())
	})
}

// additionPresent is the condition that addition a is encoded: one of its
// components is.
func additionPresent(a addition) jen.Code {
	var cond *jen.Statement
	for _, f := range a.fields {
		c := perPresent(f)
		if len(a.fields) > 1 && f.Comp.Default != nil {
			c = jen.Parens(c) // a comparison with the default
		}
		if cond == nil {
			cond = jen.Add(c)
		} else {
			cond = cond.Op("||").Add(c)
		}
	}
	return cond
}

// preambleRead emits the reading of the preamble of fields, one bit per
// OPTIONAL or DEFAULT component, into its HasX:
//
//	r.Preamble(&v.HasA, &v.HasB)
func preambleRead(g *jen.Group, fields []*plan.Field) {
	if bits := presenceBits(fields); len(bits) > 0 {
		g.Add(r().Dot("Preamble").Call(bits...))
	}
}

// presenceBits are the addresses of the presence fields of the OPTIONAL
// and DEFAULT components of fields, in the order of their preamble bits.
func presenceBits(fields []*plan.Field) []jen.Code {
	var bits []jen.Code
	for _, f := range fields {
		if perOptional(f) {
			bits = append(bits, jen.Op("&").Id("v").Dot(f.Has))
		}
	}
	return bits
}

// preambleWrite emits the writing of the preamble of fields:
//
//	w.Preamble(v.HasA, v.HasB, v.C != 5)
func preambleWrite(g *jen.Group, fields []*plan.Field) {
	var bits []jen.Code
	for _, f := range fields {
		if perOptional(f) {
			bits = append(bits, perPresent(f))
		}
	}
	if len(bits) > 0 {
		g.Add(w().Dot("Preamble").Call(bits...))
	}
}

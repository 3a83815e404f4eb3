package oercodec

import (
	"slices"

	"github.com/asn1gen/asn1gen/codegen/emit"
	"github.com/asn1gen/asn1gen/codegen/model"
	"github.com/asn1gen/asn1gen/codegen/plan"
	"github.com/dave/jennifer/jen"
)

// The codec of a SEQUENCE or SET (X.696 16, 18): the preamble (the
// extension bit first if the type is extensible, then a bit per OPTIONAL
// or DEFAULT root component), the root components, then, with the
// extension bit set, the presence bitmap of the extension additions and
// an open type field for each addition present (a group's holding its own
// preamble and members). OER writes the root components of a SET, and
// their presence bits, in the canonical order of their tags, whatever
// the order of the fields (components).
//
//	func (v *T) DecodeOER(r *oer.Reader) error {
//		*v = T{}
//		var ext bool
//		r.Preamble(&ext, &v.HasA)
//		if v.HasA {
//			v.A = r.Bool("a")
//		}
//		x := r.Extensions(ext)
//		if x.At(0) == 1 {
//			if o, ok := r.Open("b"); ok {
//				v.HasB = true
//				v.B = o.IntRange(0, 7, "")
//				r.EndOpen(&o, "b")
//			}
//		}
//		for i := 1; i < x.BitLength; i++ {
//			...
//		}
//		return r.Err()
//	}
//
// Additions of a later version are skipped: X.696 lets a decoder ignore
// them, and Unknown's form is another codec's.

// sequenceDecode is the body of a SEQUENCE's or SET's DecodeOER.
func (e *Emitter) sequenceDecode(gt *plan.Type) jen.Code {
	root, adds := components(gt)
	ext := gt.Body.Extensible
	return jen.BlockFunc(func(g *jen.Group) {
		g.Op("*").Id("v").Op("=").Id(gt.Name).Values()
		saved := e.deferred
		e.deferred = deferredOf(g, gt)
		defer func() { e.deferred = saved }()
		var bits []jen.Code
		if ext {
			g.Var().Id("ext").Bool()
			bits = append(bits, jen.Op("&").Id("ext"))
		}
		bits = append(bits, presenceBits(root)...)
		if len(bits) > 0 {
			g.Id("r").Dot("Preamble").Call(bits...)
		}
		for _, f := range root {
			e.readComponent(g, gt, f, "r")
		}
		if ext {
			g.Id("x").Op(":=").Id("r").Dot("Extensions").Call(jen.Id("ext"))
			for i, a := range adds {
				e.readAddition(g, gt, i, a)
			}
			emit.Comment(g, "Additions of a later version: their fields are skipped (X.696 16.4).")
			g.For(jen.Id("i").Op(":=").Lit(len(adds)), jen.Id("i").Op("<").Id("x").Dot("BitLength"), jen.Id("i").Op("++")).Block(
				jen.If(jen.Id("x").Dot("At").Call(jen.Id("i")).Op("==").Lit(1)).Block(
					jen.Id("r").Dot("Open").Call(jen.Lit("")),
				),
			)
		}
		g.Return(jen.Id("r").Dot("Err").Call())
	})
}

// readAddition emits the decoding of addition i from its open type field,
// read with a Reader of its own, o: a group's preamble and members (the
// mandatory ones present with the group), or a component; absent, a
// DEFAULT component takes its default.
func (e *Emitter) readAddition(g *jen.Group, gt *plan.Type, i int, a plan.Addition) {
	first := a.Fields[0]
	var defs []jen.Code
	for _, f := range a.Fields {
		if def, ok := emit.DefaultValue(f); ok {
			defs = append(defs, jen.Id("v").Dot(f.Name).Op("=").Add(def))
		}
	}
	name := jen.Lit(first.ASN1)
	if a.Group {
		name = jen.Lit("") // the members name themselves
	}
	st := g.If(jen.Id("x").Dot("At").Call(jen.Lit(i)).Op("==").Lit(1)).Block(
		jen.If(jen.List(jen.Id("o"), jen.Id("ok")).Op(":=").Id("r").Dot("Open").Call(name), jen.Id("ok")).BlockFunc(func(g *jen.Group) {
			if !a.Group {
				if first.Has != "" {
					g.Id("v").Dot(first.Has).Op("=").True()
				}
				e.readPresent(g, gt, first, "o", jen.Lit(""))
			} else {
				if bits := presenceBits(a.Fields); len(bits) > 0 {
					g.Id("o").Dot("Preamble").Call(bits...)
				}
				for _, f := range a.Fields {
					if !plan.PEROptional(f) && f.Has != "" {
						g.Id("v").Dot(f.Has).Op("=").True()
					}
					e.readComponent(g, gt, f, "o")
				}
			}
			g.Id("r").Dot("EndOpen").Call(jen.Op("&").Id("o"), name)
		}),
	)
	if len(defs) > 0 {
		st.Else().Block(defs...)
	}
}

// presenceBits are the addresses of the presence fields of the OPTIONAL
// and DEFAULT components of fields, in the order of their preamble bits.
func presenceBits(fields []*plan.Field) []jen.Code {
	var bits []jen.Code
	for _, f := range fields {
		if plan.PEROptional(f) {
			bits = append(bits, jen.Op("&").Id("v").Dot(f.Has))
		}
	}
	return bits
}

// sequenceEncode is the body of a SEQUENCE's or SET's EncodeOER. The
// presence of the additions is worked out first: CANONICAL-OER sets the
// extension bit only with one present (X.696 16.4).
//
//	x, ext := oerAdditions(v.HasB)
//	w.WritePreamble(ext, v.HasA)
//	if v.HasA {
//		w.WriteBool(v.A)
//	}
//	if ext {
//		w.Fail(w.WriteExtensions(x), "")
//		if v.HasB {
//			m := w.BeginOpen()
//			w.Fail(w.WriteIntRange(v.B, 0, 7), "b")
//			w.EndOpen(m)
//		}
//	}
//	return w.Err()
func (e *Emitter) sequenceEncode(gt *plan.Type) jen.Code {
	root, adds := components(gt)
	ext := gt.Body.Extensible
	return jen.BlockFunc(func(g *jen.Group) {
		if gt.Unknown != "" {
			g.If(jen.Len(jen.Id("v").Dot(gt.Unknown)).Op(">").Lit(0)).Block(jen.Return(emit.RT("NewError").Call(
				emit.RT("KindUnsupported"), jen.Lit(-1), jen.Lit(gt.ASN1), jen.Lit("extension additions another codec kept cannot be written in OER"), jen.Lit("X.696 16"))))
		}
		e.declareCompared(g, gt)
		defer func() { e.compared = nil }()
		var bits []jen.Code
		if ext && len(adds) > 0 {
			e.additions = true
			var args []jen.Code
			for _, a := range adds {
				args = append(args, e.additionPresent(gt, a))
			}
			g.List(jen.Id("x"), jen.Id("ext")).Op(":=").Id("oerAdditions").Call(args...)
			bits = append(bits, jen.Id("ext"))
		} else if ext {
			bits = append(bits, jen.False())
		}
		for _, f := range root {
			if plan.PEROptional(f) {
				bits = append(bits, e.present(gt, f))
			}
		}
		if len(bits) > 0 {
			g.Add(w().Dot("WritePreamble").Call(bits...))
		}
		for _, f := range root {
			e.writeComponent(g, gt, f)
		}
		if ext && len(adds) > 0 {
			g.If(jen.Id("ext")).BlockFunc(func(g *jen.Group) {
				g.Add(w().Dot("Fail").Call(w().Dot("WriteExtensions").Call(jen.Id("x")), jen.Lit("")))
				for _, a := range adds {
					e.writeAddition(g, gt, a)
				}
			})
		}
		g.Return(w().Dot("Err").Call())
	})
}

// writeAddition emits the open type field of addition a when present.
func (e *Emitter) writeAddition(g *jen.Group, gt *plan.Type, a plan.Addition) {
	g.If(e.additionPresent(gt, a)).BlockFunc(func(g *jen.Group) {
		g.Id("m").Op(":=").Add(w().Dot("BeginOpen").Call())
		if a.Group {
			var bits []jen.Code
			for _, f := range a.Fields {
				if plan.PEROptional(f) {
					bits = append(bits, e.present(gt, f))
				}
			}
			if len(bits) > 0 {
				g.Add(w().Dot("WritePreamble").Call(bits...))
			}
			for _, f := range a.Fields {
				e.writeComponent(g, gt, f)
			}
		} else {
			first := a.Fields[0]
			e.writeField(g, first, emit.FieldPlace(first), jen.Lit(first.ASN1), gt.ASN1+"."+first.ASN1)
		}
		g.Add(w().Dot("EndOpen").Call(jen.Id("m")))
	})
}

// additionPresent is the condition that addition a is encoded: one of its
// components is.
func (e *Emitter) additionPresent(gt *plan.Type, a plan.Addition) jen.Code {
	var cond *jen.Statement
	for _, f := range a.Fields {
		c := e.present(gt, f)
		if len(a.Fields) > 1 && f.Comp.Default != nil {
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

// components returns the root components of gt in the order OER writes
// them, and its extension additions. A SET's root components go in the
// canonical order of their tags (X.680 8.6, X.696 18), whatever the order
// of their definition (setOrder has checked that it can sort them); the
// additions stay in the order of their definition, as in a SEQUENCE.
func components(gt *plan.Type) (root []*plan.Field, adds []plan.Addition) {
	root, adds = plan.Additions(gt)
	if gt.Kind == model.TypeSet {
		root = slices.Clone(root)
		slices.SortStableFunc(root, func(a, b *plan.Field) int {
			ta, tb := orderTag(a), orderTag(b)
			switch {
			case ta.Less(tb):
				return -1
			case tb.Less(ta):
				return 1
			}
			return 0
		})
	}
	return root, adds
}

// orderTag is the tag that places the component f of a SET in the
// canonical order: its outermost tag, or for an untagged CHOICE the
// smallest tag of its alternatives, nested untagged CHOICEs' included
// (X.680 8.6, as X.690 10.3 orders DER's SET). setOrder has checked that
// there is one.
func orderTag(f *plan.Field) model.Tag { return model.LeastTag(f.Type.FirstTags()) }

// setOrder returns why the emitter cannot put the root components of
// the SET gt in the canonical order of their tags (X.696 18), "" if it
// can: a component without a tag (an untagged open type), or an open
// type of a SET whose order changes (its key would be read at another
// place than the one the plan resolves it at).
func setOrder(gt *plan.Type) string {
	root, _ := plan.Additions(gt)
	for _, f := range root {
		if len(f.Type.FirstTags()) == 0 {
			return "a SET with an untagged open type among its root components"
		}
	}
	sorted, _ := components(gt)
	if slices.Equal(root, sorted) {
		return ""
	}
	for _, f := range gt.Fields {
		if f.Union != nil {
			return "a SET whose components are not in the canonical order of their tags, with an open type"
		}
	}
	return ""
}

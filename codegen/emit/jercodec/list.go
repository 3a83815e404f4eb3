package jercodec

import (
	"github.com/asn1gen/asn1gen/codegen/emit"
	"github.com/asn1gen/asn1gen/codegen/plan"
	"github.com/dave/jennifer/jen"
)

// listCodec is the codec of a SEQUENCE OF or SET OF (X.697 28, 30): an
// array of the elements, a SET OF's in the order of the value. The SIZE,
// when not extensible, is checked both ways. An element's error gets its
// index in the path:
//
//	if err := r.Enter("T"); err != nil {
//		r.Fail(err, "")
//		return r.Err()
//	}
//	defer r.Leave()
//	at := r.Offset()
//	var s T
//	if r.Array("T") {
//		for i := 0; r.NextElem(); i++ {
//			if s = jer.Grow(r, s); r.Err() != nil {
//				return r.Err()
//			}
//			e := &s[i]
//			r.Decode(e, "")
//			if r.Err() != nil {
//				return der.WithIndex(r.Err(), i)
//			}
//		}
//	}
//	jer.Size{Lb: 1, Ub: 8}.Check(r, at, len(s), "T")
//	*v = s
//	return r.Err()
func (e *Emitter) listCodec(gt *plan.Type) (dec, enc jen.Code) {
	b := boundsOf(gt.Body)
	if b.unsupported != "" {
		e.fail(gt.ASN1, b.unsupported)
		return nil, nil
	}
	sized := boundsSized(gt.Body)
	where := gt.ASN1 + "[]"
	elem := gt.Elem
	dec = jen.BlockFunc(func(g *jen.Group) {
		// A list may be how a type recurses: its nesting is counted
		// against the Reader's depth limit.
		g.If(jen.Err().Op(":=").Add(r().Dot("Enter").Call(jen.Lit(gt.ASN1))), jen.Err().Op("!=").Nil()).Block(
			r().Dot("Fail").Call(jen.Err(), jen.Lit("")),
			jen.Return(r().Dot("Err").Call()))
		g.Defer().Add(r().Dot("Leave").Call())
		if sized {
			g.Id("at").Op(":=").Add(r().Dot("Offset").Call())
		}
		g.Var().Id("s").Id(gt.Name)
		g.If(r().Dot("Array").Call(jen.Lit(gt.ASN1))).Block(
			jen.For(jen.Id("i").Op(":=").Lit(0), r().Dot("NextElem").Call(), jen.Id("i").Op("++")).BlockFunc(func(g *jen.Group) {
				g.If(jen.Id("s").Op("=").Add(jr("Grow")).Call(r(), jen.Id("s")), r().Dot("Err").Call().Op("!=").Nil()).Block(
					jen.Return(r().Dot("Err").Call()))
				g.Id("e").Op(":=").Op("&").Id("s").Index(jen.Id("i"))
				e.readField(g, elem, emit.ElemPlace, jen.Lit(""), where)
				g.If(r().Dot("Err").Call().Op("!=").Nil()).Block(jen.Return(emit.RT("WithIndex").Call(r().Dot("Err").Call(), jen.Id("i"))))
			}),
		)
		if sized {
			g.Add(b.size).Dot("Check").Call(r(), jen.Id("at"), jen.Len(jen.Id("s")), jen.Lit(gt.ASN1))
		}
		g.Op("*").Id("v").Op("=").Id("s")
		g.Return(r().Dot("Err").Call())
	})
	enc = jen.BlockFunc(func(g *jen.Group) {
		if sized {
			g.If(jen.Err().Op(":=").Parens(b.size).Dot("CheckSize").Call(jen.Len(jen.Op("*").Id("v")), jen.Lit(gt.ASN1)), jen.Err().Op("!=").Nil()).Block(
				jen.Return(jen.Err()))
		}
		g.Add(w().Dot("BeginArray").Call())
		g.For(jen.Id("i").Op(":=").Range().Op("*").Id("v")).BlockFunc(func(g *jen.Group) {
			g.Id("e").Op(":=").Op("&").Parens(jen.Op("*").Id("v")).Index(jen.Id("i"))
			g.Add(w().Dot("Elem").Call())
			e.writeField(g, elem, emit.ElemPlace, jen.Lit(""), where)
			g.If(w().Dot("Err").Call().Op("!=").Nil()).Block(jen.Return(emit.RT("WithIndex").Call(w().Dot("Err").Call(), jen.Id("i"))))
		})
		g.Add(w().Dot("EndArray").Call())
		g.Return(w().Dot("Err").Call())
	})
	return dec, enc
}

// enumCodec is the codec of an ENUMERATED (X.697 22): the identifier of
// the item. An unknown identifier of an extensible enumeration names an
// item of a later version, which the Go value cannot hold:
//
//	at := r.Offset()
//	switch r.Name("T", "") {
//	case "red":
//		*v = T_Red
//	default:
//		r.NoItem(at, true, "T")
//	}
//	return r.Err()
func (e *Emitter) enumCodec(gt *plan.Type) (dec, enc jen.Code) {
	_, _, ext := plan.EnumItems(gt)
	items := gt.Consts
	if len(items) == 0 {
		e.fail(gt.ASN1, "an ENUMERATED without items")
		return nil, nil
	}
	seen := map[int64]bool{}
	dec = jen.BlockFunc(func(g *jen.Group) {
		g.Id("at").Op(":=").Add(r().Dot("Offset").Call())
		g.Switch(r().Dot("Name").Call(jen.Lit(gt.ASN1), jen.Lit(""))).BlockFunc(func(g *jen.Group) {
			for _, c := range items {
				g.Case(jen.Lit(c.ASN1)).Block(jen.Op("*").Id("v").Op("=").Id(c.Name))
			}
			g.Default().Block(r().Dot("NoItem").Call(jen.Id("at"), jen.Lit(ext), jen.Lit(gt.ASN1)))
		})
		g.Return(r().Dot("Err").Call())
	})
	enc = jen.BlockFunc(func(g *jen.Group) {
		g.Switch(jen.Op("*").Id("v")).BlockFunc(func(g *jen.Group) {
			for _, c := range items {
				if seen[c.Value] {
					continue // a value with two names is written with the first
				}
				seen[c.Value] = true
				g.Case(jen.Id(c.Name)).Block(w().Dot("Name").Call(jen.Lit(c.ASN1)), jen.Return(jen.Nil()))
			}
		})
		g.Return(emit.RT("NewError").Call(emit.RT("KindInvalidValue"), jen.Lit(-1), jen.Lit(gt.ASN1), jen.Lit("not an item of the enumeration"), jen.Lit("X.680 20")))
	})
	return dec, enc
}

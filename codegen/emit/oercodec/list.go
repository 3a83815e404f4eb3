package oercodec

import (
	"fmt"

	"github.com/asn1gen/asn1gen/codegen/emit"
	"github.com/asn1gen/asn1gen/codegen/model"
	"github.com/asn1gen/asn1gen/codegen/plan"
	"github.com/dave/jennifer/jen"
)

// listCodec is the codec of a SEQUENCE OF or SET OF (X.696 17, 19): the
// quantity field, whatever the SIZE, then the elements. A SET OF's
// elements are written in CANONICAL-OER's order, the ascending order of
// their encodings (X.696 19: SetOfMark), which a canonical Reader checks
// (SetOfOrder). The SIZE, when OER-visible, is checked both ways. An
// element's error gets its index in the path:
//
//	if err := r.Enter("T"); err != nil {
//		r.Fail(err, "")
//		return r.Err()
//	}
//	defer r.Leave()
//	at := r.Offset()
//	n := r.Quantity("")
//	s, err := oer.MakeSlice[ID](r, n)
//	if err != nil {
//		r.Fail(err, "")
//		return r.Err()
//	}
//	for i := range s {
//		e := &s[i]
//		r.Decode(e, "")
//		if r.Err() != nil {
//			return der.WithIndex(r.Err(), i)
//		}
//	}
//	*v = s
//	return r.Err()
func (e *Emitter) listCodec(gt *plan.Type) (dec, enc jen.Code) {
	set := gt.Kind == model.TypeSetOf
	b := boundsOf(gt.Body)
	if b.unsupported != "" {
		e.fail(gt.ASN1, b.unsupported)
		return nil, nil
	}
	bad, text := sizeCheck(gt.Body)
	where := gt.ASN1 + "[]"
	elem := gt.Elem
	dec = jen.BlockFunc(func(g *jen.Group) {
		// A list may be how a type recurses (Tree ::= SEQUENCE { kids
		// SEQUENCE OF Tree }): its nesting is counted against the
		// Reader's depth limit, which hostile input would otherwise take
		// down to a stack overflow.
		g.If(jen.Err().Op(":=").Id("r").Dot("Enter").Call(jen.Lit(gt.ASN1)), jen.Err().Op("!=").Nil()).Block(
			jen.Id("r").Dot("Fail").Call(jen.Err(), jen.Lit("")),
			jen.Return(jen.Id("r").Dot("Err").Call()))
		g.Defer().Id("r").Dot("Leave").Call()
		if bad != nil {
			g.Id("at").Op(":=").Id("r").Dot("Offset").Call()
		}
		g.Id("n").Op(":=").Id("r").Dot("Quantity").Call(jen.Lit(""))
		if bad != nil {
			g.If(bad(jen.Id("n"))).Block(jen.Id("r").Dot("Fail").Call(emit.RT("NewError").Call(
				emit.RT("KindConstraint"), jen.Id("at"), jen.Lit(gt.ASN1), jen.Lit(text), jen.Lit("X.680 51.5")), jen.Lit("")),
				jen.Return(jen.Id("r").Dot("Err").Call()))
		}
		g.List(jen.Id("s"), jen.Err()).Op(":=").Add(or("MakeSlice")).Types(emit.GoType(elem)).Call(jen.Id("r"), jen.Id("n"))
		g.If(jen.Err().Op("!=").Nil()).Block(
			jen.Id("r").Dot("Fail").Call(jen.Err(), jen.Lit("")),
			jen.Return(jen.Id("r").Dot("Err").Call()))
		if set {
			g.Id("order").Op(":=").Id("r").Dot("BeginSetOf").Call()
		}
		g.For(jen.Id("i").Op(":=").Range().Id("s")).BlockFunc(func(g *jen.Group) {
			g.Id("e").Op(":=").Op("&").Id("s").Index(jen.Id("i"))
			e.readField(g, elem, emit.ElemPlace, "r", jen.Lit(""), where)
			if set {
				g.Id("r").Dot("InOrder").Call(jen.Op("&").Id("order"), jen.Lit(gt.ASN1))
			}
			g.If(jen.Id("r").Dot("Err").Call().Op("!=").Nil()).Block(jen.Return(emit.RT("WithIndex").Call(jen.Id("r").Dot("Err").Call(), jen.Id("i"))))
		})
		g.Op("*").Id("v").Op("=").Id("s")
		g.Return(jen.Id("r").Dot("Err").Call())
	})
	enc = jen.BlockFunc(func(g *jen.Group) {
		if bad != nil {
			g.If(bad(jen.Len(jen.Op("*").Id("v")))).Block(jen.Return(emit.RT("NewError").Call(
				emit.RT("KindConstraint"), jen.Lit(-1), jen.Lit(gt.ASN1), jen.Lit(text), jen.Lit("X.680 51.5"))))
		}
		g.Add(w().Dot("WriteQuantity").Call(jen.Len(jen.Op("*").Id("v"))))
		if set {
			g.Id("mark").Op(":=").Add(w().Dot("BeginSetOf").Call(jen.Len(jen.Op("*").Id("v"))))
		}
		g.For(jen.Id("i").Op(":=").Range().Op("*").Id("v")).BlockFunc(func(g *jen.Group) {
			g.Id("e").Op(":=").Op("&").Parens(jen.Op("*").Id("v")).Index(jen.Id("i"))
			e.writeField(g, elem, emit.ElemPlace, jen.Lit(""), where)
			g.If(w().Dot("Err").Call().Op("!=").Nil()).Block(jen.Return(emit.RT("WithIndex").Call(w().Dot("Err").Call(), jen.Id("i"))))
			if set {
				g.Add(w().Dot("EndElement").Call(jen.Op("&").Id("mark")))
			}
		})
		if set {
			g.Add(w().Dot("EndSetOf").Call(jen.Op("&").Id("mark")))
		}
		g.Return(w().Dot("Err").Call())
	})
	return dec, enc
}

// sizeCheck returns the condition that a list's length n is outside the
// SIZE of the list type t, and its error text; nil when t has no SIZE, or
// an extensible one. OER writes the quantity whatever the SIZE (X.696
// 17.1): the SIZE is checked as a constraint, both ways.
func sizeCheck(t *model.Type) (bad func(n jen.Code) jen.Code, text string) {
	pc := plan.PERConstraints(t)
	if !pc.Sized || pc.SizeExt {
		return nil, ""
	}
	if pc.SizeUb >= 0 {
		return func(n jen.Code) jen.Code {
			return jen.Add(n).Op("<").Lit(pc.SizeLb).Op("||").Add(n).Op(">").Lit(pc.SizeUb)
		}, fmt.Sprintf("size not in %d..%d", pc.SizeLb, pc.SizeUb)
	}
	return func(n jen.Code) jen.Code { return jen.Add(n).Op("<").Lit(pc.SizeLb) }, fmt.Sprintf("size not in %d..MAX", pc.SizeLb)
}

// enumCodec is the codec of an ENUMERATED (X.696 11): the item's number
// (not its index, as in PER), checked to be an item's both ways; an
// unknown number of an extensible enumeration is an item of a later
// version, which the Go value cannot hold:
//
//	at := r.Offset()
//	n := r.Enumerated("")
//	if err := r.Err(); err != nil {
//		return err
//	}
//	switch n {
//	case 0, 1, 5:
//		*v = T(n)
//		return nil
//	}
//	return der.NewError(der.KindInvalidValue, at, "T", "no item has this number", "X.696 11")
func (e *Emitter) enumCodec(gt *plan.Type) (dec, enc jen.Code) {
	root, adds, ext := plan.EnumItems(gt)
	var values []jen.Code
	seen := map[int64]bool{}
	for _, nn := range append(append([]*model.NamedNumber(nil), root...), adds...) {
		if !seen[nn.Value] {
			seen[nn.Value] = true
			values = append(values, emit.Num(nn.Value))
		}
	}
	kind, msg := "KindInvalidValue", "no item has this number"
	if ext {
		kind, msg = "KindUnsupported", "no item of this version has this number"
	}
	dec = jen.Block(
		jen.Id("at").Op(":=").Id("r").Dot("Offset").Call(),
		jen.Id("n").Op(":=").Id("r").Dot("Enumerated").Call(jen.Lit("")),
		jen.If(jen.Err().Op(":=").Id("r").Dot("Err").Call(), jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Err())),
		jen.Switch(jen.Id("n")).Block(jen.Case(values...).Block(
			jen.Op("*").Id("v").Op("=").Id(gt.Name).Call(jen.Id("n")),
			jen.Return(jen.Nil()))),
		jen.Return(emit.RT("NewError").Call(emit.RT(kind), jen.Id("at"), jen.Lit(gt.ASN1), jen.Lit(msg), jen.Lit("X.696 11"))),
	)
	enc = jen.Block(
		jen.Switch(jen.Op("*").Id("v")).Block(jen.Case(values...).Block(
			w().Dot("WriteEnumerated").Call(jen.Int64().Call(jen.Op("*").Id("v"))),
			jen.Return(jen.Nil()))),
		jen.Return(emit.RT("NewError").Call(emit.RT("KindInvalidValue"), jen.Lit(-1), jen.Lit(gt.ASN1), jen.Lit("not an item of the enumeration"), jen.Lit("X.680 20"))),
	)
	return dec, enc
}

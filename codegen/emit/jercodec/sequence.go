package jercodec

import (
	"github.com/asn1gen/asn1gen/codegen/emit"
	"github.com/asn1gen/asn1gen/codegen/plan"
	"github.com/dave/jennifer/jen"
)

// The codec of a SEQUENCE or SET (X.697 27, 29): an object with a member
// per component present, named by its identifier, in any order on
// decode and in the order of the components on encode; the extension
// additions are members like the root's (an addition group's members
// too):
//
//	func (v *T) DecodeJER(r *jer.Reader) error {
//		*v = T{}
//		if !r.Object("T") {
//			return r.Err()
//		}
//		var seen [1]bool
//		for r.Next() {
//			switch r.Key() {
//			case "a":
//				r.Once(&seen[0], "T", "a")
//				v.A = r.Bool("a")
//			case "b":
//				r.Once(&v.HasB, "T", "b")
//				v.B = r.IntRange(0, 7, "b")
//			default:
//				r.Unknown(true, "T")
//			}
//		}
//		if r.Err() != nil {
//			return r.Err()
//		}
//		if !seen[0] {
//			r.Missing("T", "a")
//		}
//		if !v.HasB {
//			v.B = 3
//		}
//		return r.Err()
//	}
//
// A member the type does not know is an error, or, in an extensible
// type, an addition of a later version, skipped.

// sequenceDecode is the body of a SEQUENCE's or SET's DecodeJER.
func (e *Emitter) sequenceDecode(gt *plan.Type) jen.Code {
	// seen holds the presence of the components without a presence
	// field (the mandatory ones of the root): its index for each.
	seen := map[*plan.Field]int{}
	for _, f := range gt.Fields {
		if f.Has == "" {
			seen[f] = len(seen)
		}
	}
	once := func(f *plan.Field) jen.Code {
		if i, ok := seen[f]; ok {
			return jen.Op("&").Id("seen").Index(jen.Lit(i))
		}
		return jen.Op("&").Id("v").Dot(f.Has)
	}
	return jen.BlockFunc(func(g *jen.Group) {
		g.Op("*").Id("v").Op("=").Id(gt.Name).Values()
		g.If(jen.Op("!").Add(r().Dot("Object").Call(jen.Lit(gt.ASN1)))).Block(jen.Return(r().Dot("Err").Call()))
		if len(seen) > 0 {
			g.Var().Id("seen").Index(jen.Lit(len(seen))).Bool()
		}
		var unions []*plan.Field
		for _, f := range gt.Fields {
			if f.Union != nil {
				unions = append(unions, f)
				if !f.List { // a list's text is read again from its offset
					g.Var().Id(rawOf(f)).Index().Byte()
				}
				g.Var().Id(emit.DeferOff(f)).Int()
			}
		}
		g.For(r().Dot("Next").Call()).Block(
			jen.Switch(r().Dot("Key").Call()).BlockFunc(func(g *jen.Group) {
				for _, f := range gt.Fields {
					g.Case(jen.Lit(f.ASN1)).BlockFunc(func(g *jen.Group) {
						g.Add(r().Dot("Once").Call(once(f), jen.Lit(gt.ASN1), jen.Lit(f.ASN1)))
						e.readField(g, f, emit.FieldPlace(f), jen.Lit(f.ASN1), gt.ASN1+"."+f.ASN1)
					})
				}
				g.Default().Block(r().Dot("Unknown").Call(jen.Lit(gt.Body.Extensible), jen.Lit(gt.ASN1)))
			}),
		)
		var after []jen.Code
		for _, f := range gt.Fields {
			if i, ok := seen[f]; ok {
				after = append(after, jen.If(jen.Op("!").Id("seen").Index(jen.Lit(i))).Block(
					r().Dot("Missing").Call(jen.Lit(gt.ASN1), jen.Lit(f.ASN1))))
				continue
			}
			if def, ok := emit.DefaultValue(f); ok {
				after = append(after, jen.If(jen.Op("!").Id("v").Dot(f.Has)).Block(jen.Id("v").Dot(f.Name).Op("=").Add(def)))
			}
		}
		for _, f := range unions {
			// The open type's value, its key read.
			call := jen.Id("v").Dot(f.Name).Dot("resolveJER").Call(emit.UnionKeyArg(f), r(), jen.Id(rawOf(f)), jen.Id(emit.DeferOff(f)), jen.Lit(f.ASN1))
			if f.List {
				call = e.resolveList(f, gt.ASN1+"."+f.ASN1)
			}
			if f.Has != "" {
				after = append(after, jen.If(jen.Id("v").Dot(f.Has)).Block(call))
			} else if i, ok := seen[f]; ok {
				after = append(after, jen.If(jen.Id("seen").Index(jen.Lit(i))).Block(call))
			}
		}
		if len(after) > 0 {
			g.If(r().Dot("Err").Call().Op("!=").Nil()).Block(jen.Return(r().Dot("Err").Call()))
			for _, c := range after {
				g.Add(c)
			}
		}
		g.Return(r().Dot("Err").Call())
	})
}

// sequenceEncode is the body of a SEQUENCE's or SET's EncodeJER:
//
//	w.BeginObject()
//	w.Key("a")
//	w.Bool(v.A)
//	if v.B != 3 {
//		w.Key("b")
//		w.IntRange(v.B, 0, 7, "b")
//	}
//	w.EndObject()
//	return w.Err()
func (e *Emitter) sequenceEncode(gt *plan.Type) jen.Code {
	return jen.BlockFunc(func(g *jen.Group) {
		if gt.Unknown != "" {
			g.If(jen.Len(jen.Id("v").Dot(gt.Unknown)).Op(">").Lit(0)).Block(jen.Return(emit.RT("NewError").Call(
				emit.RT("KindUnsupported"), jen.Lit(-1), jen.Lit(gt.ASN1), jen.Lit("extension additions another codec kept cannot be written in JER"), jen.Lit("X.697 27"))))
		}
		g.Add(w().Dot("BeginObject").Call())
		for _, f := range gt.Fields {
			where := gt.ASN1 + "." + f.ASN1
			write := func(g *jen.Group) {
				g.Add(w().Dot("Key").Call(jen.Lit(f.ASN1)))
				e.writeField(g, f, emit.FieldPlace(f), jen.Lit(f.ASN1), where)
			}
			if c := present(f); c != nil {
				g.If(c).BlockFunc(write)
			} else {
				write(g)
			}
		}
		g.Add(w().Dot("EndObject").Call())
		g.Return(w().Dot("Err").Call())
	})
}

// present is the encoder's condition that component f has a member, nil
// for always: an OPTIONAL component or an addition when HasX says so, a
// DEFAULT one when its value is not the default.
func present(f *plan.Field) jen.Code {
	if f.Comp.Default != nil {
		if ne := emit.NotDefault(f, emit.FieldDst(f)); ne != nil {
			return ne
		}
	}
	if f.Has == "" {
		return nil
	}
	return jen.Id("v").Dot(f.Has)
}

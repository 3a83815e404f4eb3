package jercodec

import (
	"github.com/asn1gen/asn1gen/codegen/emit"
	"github.com/asn1gen/asn1gen/codegen/plan"
	"github.com/dave/jennifer/jen"
)

// The codec of a CHOICE (X.697 31): an object of one member, named by the
// alternative. An alternative of a later version is an error: the value
// has no place to keep it in.
//
//	func (v *T) DecodeJER(r *jer.Reader) error {
//		*v = T{}
//		if !r.Choice("T") {
//			return r.Err()
//		}
//		switch r.Key() {
//		case "a":
//			v.Choice = T_A
//			v.A = r.IntRange(0, 7, "a")
//		default:
//			r.NoAlternative(true, "T")
//		}
//		r.EndChoice("T")
//		return r.Err()
//	}

// choicePlace is where alternative f is held: its field, or Value in a
// CHOICE whose alternatives have one Go type.
func choicePlace(gt *plan.Type, f *plan.Field) emit.Place {
	if !gt.Single {
		return emit.FieldPlace(f)
	}
	return emit.Place{
		Val:  func() *jen.Statement { return jen.Id("v").Dot("Value") },
		Addr: func() *jen.Statement { return jen.Op("&").Id("v").Dot("Value") },
	}
}

// choiceDecode is the body of a CHOICE's DecodeJER.
func (e *Emitter) choiceDecode(gt *plan.Type) jen.Code {
	return jen.BlockFunc(func(g *jen.Group) {
		g.Op("*").Id("v").Op("=").Id(gt.Name).Values()
		g.If(jen.Op("!").Add(r().Dot("Choice").Call(jen.Lit(gt.ASN1)))).Block(jen.Return(r().Dot("Err").Call()))
		g.Switch(r().Dot("Key").Call()).BlockFunc(func(g *jen.Group) {
			for _, f := range gt.Fields {
				g.Case(jen.Lit(f.ASN1)).BlockFunc(func(g *jen.Group) {
					g.Id("v").Dot("Choice").Op("=").Id(f.ChoiceConst)
					e.readField(g, f, choicePlace(gt, f), jen.Lit(f.ASN1), gt.ASN1+"."+f.ASN1)
				})
			}
			g.Default().Block(r().Dot("NoAlternative").Call(jen.Lit(gt.Body.Extensible), jen.Lit(gt.ASN1)))
		})
		g.Add(r().Dot("EndChoice").Call(jen.Lit(gt.ASN1)))
		g.Return(r().Dot("Err").Call())
	})
}

// choiceEncode is the body of a CHOICE's EncodeJER:
//
//	w.BeginObject()
//	switch v.Choice {
//	case T_A:
//		w.Key("a")
//		w.IntRange(v.A, 0, 7, "a")
//	default:
//		w.Fail(der.NoChoice("T"), "")
//	}
//	w.EndObject()
//	return w.Err()
func (e *Emitter) choiceEncode(gt *plan.Type) jen.Code {
	return jen.BlockFunc(func(g *jen.Group) {
		g.Add(w().Dot("BeginObject").Call())
		g.Switch(jen.Id("v").Dot("Choice")).BlockFunc(func(g *jen.Group) {
			for _, f := range gt.Fields {
				g.Case(jen.Id(f.ChoiceConst)).BlockFunc(func(g *jen.Group) {
					g.Add(w().Dot("Key").Call(jen.Lit(f.ASN1)))
					e.writeField(g, f, choicePlace(gt, f), jen.Lit(f.ASN1), gt.ASN1+"."+f.ASN1)
				})
			}
			g.Default().BlockFunc(func(g *jen.Group) {
				if gt.Unknown != "" {
					g.If(jen.Len(jen.Id("v").Dot(gt.Unknown)).Op(">").Lit(0)).Block(jen.Return(emit.RT("NewError").Call(
						emit.RT("KindUnsupported"), jen.Lit(-1), jen.Lit(gt.ASN1), jen.Lit("an alternative another codec kept cannot be written in JER"), jen.Lit("X.697 31"))))
				}
				g.Add(w().Dot("Fail").Call(emit.RT("NoChoice").Call(jen.Lit(gt.ASN1)), jen.Lit("")))
			})
		})
		g.Add(w().Dot("EndObject").Call())
		g.Return(w().Dot("Err").Call())
	})
}

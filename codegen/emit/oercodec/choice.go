package oercodec

import (
	"github.com/asn1gen/asn1gen/codegen/emit"
	"github.com/asn1gen/asn1gen/codegen/model"
	"github.com/asn1gen/asn1gen/codegen/plan"
	"github.com/dave/jennifer/jen"
)

// The codec of a CHOICE (X.696 20): the tag of the alternative (its
// outermost one, class and number, X.696 8.7), then its value; an
// alternative of the extension additions in an open type field. An
// alternative of a later version is an error: the value has no place to
// keep it in, and Unknown's form is another codec's.
//
//	func (v *T) DecodeOER(r *oer.Reader) error {
//		*v = T{}
//		at := r.Offset()
//		switch r.Tag() {
//		case der.Context(0):
//			v.Choice = T_A
//			v.A = r.IntRange(0, 7, "a")
//		case der.Context(1):
//			v.Choice = T_C
//			if o, ok := r.Open("c"); ok {
//				o.Decode(&v.C, "")
//				r.EndOpen(&o, "c")
//			}
//		default:
//			r.Fail(der.NewError(der.KindInvalidValue, at, "T", "no alternative has this tag", "X.696 20"), "")
//		}
//		return r.Err()
//	}

// alternativeTag is the tag that X.696 20 writes for alternative f: the
// outermost of its type, which an untagged CHOICE alternative lacks.
func (e *Emitter) alternativeTag(gt *plan.Type, f *plan.Field) (jen.Code, bool) {
	if len(f.Type.Tags) == 0 {
		e.fail(gt.ASN1+"."+f.ASN1, "an untagged CHOICE or open type as a CHOICE alternative")
		return nil, false
	}
	return emit.TagCode(emit.PlainTag(f.Type.Tags[0])), true
}

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

// choiceDecode is the body of a CHOICE's DecodeOER.
func (e *Emitter) choiceDecode(gt *plan.Type) jen.Code {
	kind := "KindInvalidValue"
	msg := "no alternative has this tag"
	if gt.Body.Extensible {
		kind, msg = "KindUnsupported", "no alternative of this version has this tag"
	}
	if !tagsDistinct(gt.Fields) {
		e.fail(gt.ASN1, "a CHOICE whose alternatives share a tag")
		return nil
	}
	return jen.BlockFunc(func(g *jen.Group) {
		g.Op("*").Id("v").Op("=").Id(gt.Name).Values()
		g.Id("at").Op(":=").Id("r").Dot("Offset").Call()
		g.Switch(jen.Id("r").Dot("Tag").Call()).BlockFunc(func(g *jen.Group) {
			for _, f := range gt.Fields {
				tag, ok := e.alternativeTag(gt, f)
				if !ok {
					return
				}
				g.Case(tag).BlockFunc(func(g *jen.Group) {
					g.Id("v").Dot("Choice").Op("=").Id(f.ChoiceConst)
					where := gt.ASN1 + "." + f.ASN1
					if !f.Comp.Extension {
						e.readField(g, f, choicePlace(gt, f), "r", jen.Lit(f.ASN1), where)
						return
					}
					g.If(jen.List(jen.Id("o"), jen.Id("ok")).Op(":=").Id("r").Dot("Open").Call(jen.Lit(f.ASN1)), jen.Id("ok")).BlockFunc(func(g *jen.Group) {
						e.readField(g, f, choicePlace(gt, f), "o", jen.Lit(""), where)
						g.Id("r").Dot("EndOpen").Call(jen.Op("&").Id("o"), jen.Lit(f.ASN1))
					})
				})
			}
			// After a failed Tag, Fail keeps the first error.
			g.Default().Block(jen.Id("r").Dot("Fail").Call(emit.RT("NewError").Call(emit.RT(kind), jen.Id("at"), jen.Lit(gt.ASN1), jen.Lit(msg), jen.Lit("X.696 20")), jen.Lit("")))
		})
		g.Return(jen.Id("r").Dot("Err").Call())
	})
}

// choiceEncode is the body of a CHOICE's EncodeOER:
//
//	switch v.Choice {
//	case T_A:
//		w.WriteTag(der.Context(0))
//		w.Fail(w.WriteIntRange(v.A, 0, 7), "a")
//	case T_C:
//		w.WriteTag(der.Context(1))
//		m := w.BeginOpen()
//		w.Encode(&v.C, "c")
//		w.EndOpen(m)
//	default:
//		w.Fail(der.NoChoice("T"), "")
//	}
//	return w.Err()
func (e *Emitter) choiceEncode(gt *plan.Type) jen.Code {
	return jen.BlockFunc(func(g *jen.Group) {
		g.Switch(jen.Id("v").Dot("Choice")).BlockFunc(func(g *jen.Group) {
			for _, f := range gt.Fields {
				tag, ok := e.alternativeTag(gt, f)
				if !ok {
					return
				}
				g.Case(jen.Id(f.ChoiceConst)).BlockFunc(func(g *jen.Group) {
					g.Add(w().Dot("WriteTag").Call(tag))
					where := gt.ASN1 + "." + f.ASN1
					if !f.Comp.Extension {
						e.writeField(g, f, choicePlace(gt, f), jen.Lit(f.ASN1), where)
						return
					}
					g.Id("m").Op(":=").Add(w().Dot("BeginOpen").Call())
					e.writeField(g, f, choicePlace(gt, f), jen.Lit(f.ASN1), where)
					g.Add(w().Dot("EndOpen").Call(jen.Id("m")))
				})
			}
			g.Default().BlockFunc(func(g *jen.Group) {
				if gt.Unknown != "" {
					g.If(jen.Len(jen.Id("v").Dot(gt.Unknown)).Op(">").Lit(0)).Block(jen.Return(emit.RT("NewError").Call(
						emit.RT("KindUnsupported"), jen.Lit(-1), jen.Lit(gt.ASN1), jen.Lit("an alternative another codec kept cannot be written in OER"), jen.Lit("X.696 20"))))
				}
				g.Add(w().Dot("Fail").Call(emit.RT("NoChoice").Call(jen.Lit(gt.ASN1)), jen.Lit("")))
			})
		})
		g.Return(w().Dot("Err").Call())
	})
}

// tagsDistinct reports whether the alternatives' tags differ, which the
// decoder's switch needs (the model has checked it for the root's).
func tagsDistinct(fields []*plan.Field) bool {
	seen := map[model.Tag]bool{}
	for _, f := range fields {
		if len(f.Type.Tags) == 0 {
			continue
		}
		t := emit.PlainTag(f.Type.Tags[0])
		if seen[t] {
			return false
		}
		seen[t] = true
	}
	return true
}

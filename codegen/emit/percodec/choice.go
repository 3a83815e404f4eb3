package percodec

import (
	"github.com/asn1gen/asn1gen/codegen/emit"
	"github.com/asn1gen/asn1gen/codegen/plan"
	"github.com/dave/jennifer/jen"
)

// The codec of a CHOICE (X.691 23): the index of the alternative, the
// root's a constrained whole number, an addition's (after the extension
// bit) a normally small number, and then the addition in an open type
// field. An unknown addition is kept in Unknown.
//
//	func (v *T) DecodePER(r *per.Reader) error {
//		*v = T{}
//		i, inExt := r.Index(2, true)
//		if inExt {
//			switch i {
//			case 0:
//				v.Choice = T_C
//				r.DecodeOpen(&v.C, "c")
//				return r.Err()
//			}
//			v.Unknown = r.UnknownAlternative(i)
//			return r.Err()
//		}
//		switch i {
//		case 0:
//			v.Choice = T_A
//			v.A = r.Int(0, 7, false, "a")
//		...
//		default:
//			r.Invalid(der.KindInvalidValue, "T", "no alternative has this index", "X.691 23")
//		}
//		return r.Err()
//	}

// choiceFields splits the alternatives of gt into the root's and the
// additions.
func (e *Emitter) choiceFields(gt *plan.Type) (root, adds []*plan.Field) {
	for _, f := range gt.Fields {
		if f.Comp.Extension {
			adds = append(adds, f)
		} else {
			root = append(root, f)
		}
	}
	if !e.perTagOrder(gt.Fields) {
		e.perFail(gt.ASN1, "a CHOICE whose alternatives are not in the canonical order of their tags")
	}
	return root, adds
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

// choiceDecode is the body of a CHOICE's DecodePER.
func (e *Emitter) choiceDecode(gt *plan.Type) jen.Code {
	root, adds := e.choiceFields(gt)
	ext := gt.Body.Extensible
	return jen.BlockFunc(func(g *jen.Group) {
		g.Op("*").Id("v").Op("=").Id(gt.Name).Values()
		inExt := jen.Id("_")
		if ext {
			inExt = jen.Id("inExt")
		}
		g.List(jen.Id("i"), inExt).Op(":=").Add(r().Dot("Index").Call(jen.Lit(len(root)), jen.Lit(ext)))
		if ext {
			g.If(jen.Id("inExt")).BlockFunc(func(g *jen.Group) {
				if len(adds) > 0 {
					g.Switch(jen.Id("i")).BlockFunc(func(g *jen.Group) {
						for i, f := range adds {
							g.Case(jen.Lit(i)).BlockFunc(func(g *jen.Group) {
								g.Id("v").Dot("Choice").Op("=").Id(f.ChoiceConst)
								e.readOpenAlternative(g, gt, f)
								g.Return(r().Dot("Err").Call())
							})
						}
					})
				}
				emit.Comment(g, "An alternative of a later version: kept to be written back.")
				if gt.Unknown != "" {
					g.Id("v").Dot(gt.Unknown).Op("=").Add(r().Dot("UnknownAlternative").Call(jen.Id("i")))
				} else {
					g.Add(r().Dot("UnknownAlternative").Call(jen.Id("i")))
				}
				g.Return(r().Dot("Err").Call())
			})
		}
		g.Switch(jen.Id("i")).BlockFunc(func(g *jen.Group) {
			for i, f := range root {
				g.Case(jen.Lit(i)).BlockFunc(func(g *jen.Group) {
					g.Id("v").Dot("Choice").Op("=").Id(f.ChoiceConst)
					e.readField(g, f, choicePlace(gt, f), jen.Lit(f.ASN1), gt.ASN1+"."+f.ASN1)
				})
			}
			g.Default().Block(r().Dot("Invalid").Call(emit.RT("KindInvalidValue"), jen.Lit(gt.ASN1), jen.Lit("no alternative has this index"), jen.Lit("X.691 23")))
		})
		g.Return(r().Dot("Err").Call())
	})
}

// readOpenAlternative emits the decoding of an addition alternative, in
// its open type field.
func (e *Emitter) readOpenAlternative(g *jen.Group, gt *plan.Type, f *plan.Field) {
	p := choicePlace(gt, f)
	if single(f) {
		g.Add(r().Dot("DecodeOpen").Call(p.Addr(), jen.Lit(f.ASN1)))
		return
	}
	g.If(jen.List(jen.Id("o"), jen.Id("ok")).Op(":=").Add(r().Dot("Open").Call(jen.Lit(f.ASN1))), jen.Id("ok")).BlockFunc(func(g *jen.Group) {
		e.readField(g, f, p, jen.Lit(f.ASN1), gt.ASN1+"."+f.ASN1)
		g.Add(r().Dot("Close").Call(jen.Id("o"), jen.Lit(f.ASN1)))
	})
}

// choiceEncode is the body of a CHOICE's EncodePER:
//
//	switch v.Choice {
//	case T_A:
//		w.WriteIndex(0, 2, true, false)
//		w.Int(v.A, 0, 7, false, "a")
//	case T_C:
//		w.WriteIndex(0, 2, true, true)
//		w.EncodeOpen(&v.C, "c")
//	default:
//		if len(v.Unknown) == 0 {
//			w.Fail(der.NoChoice("T"), "")
//		}
//		w.UnknownAlternative(v.Unknown, 2)
//	}
//	return w.Err()
func (e *Emitter) choiceEncode(gt *plan.Type) jen.Code {
	root, adds := e.choiceFields(gt)
	ext := gt.Body.Extensible
	return jen.BlockFunc(func(g *jen.Group) {
		g.Switch(jen.Id("v").Dot("Choice")).BlockFunc(func(g *jen.Group) {
			for i, f := range root {
				g.Case(jen.Id(f.ChoiceConst)).BlockFunc(func(g *jen.Group) {
					g.Add(w().Dot("WriteIndex").Call(jen.Lit(i), jen.Lit(len(root)), jen.Lit(ext), jen.False()))
					e.writeField(g, f, choicePlace(gt, f), jen.Lit(f.ASN1), gt.ASN1+"."+f.ASN1)
				})
			}
			for i, f := range adds {
				g.Case(jen.Id(f.ChoiceConst)).BlockFunc(func(g *jen.Group) {
					g.Add(w().Dot("WriteIndex").Call(jen.Lit(i), jen.Lit(len(root)), jen.True(), jen.True()))
					p := choicePlace(gt, f)
					if single(f) {
						g.Add(w().Dot("EncodeOpen").Call(p.Addr(), jen.Lit(f.ASN1)))
						return
					}
					g.Id("o").Op(":=").Add(w().Dot("BeginOpen").Call())
					e.writeField(g, f, p, jen.Lit(f.ASN1), gt.ASN1+"."+f.ASN1)
					g.Add(w().Dot("EndOpen").Call(jen.Id("o")))
				})
			}
			g.Default().BlockFunc(func(g *jen.Group) {
				noChoice := w().Dot("Fail").Call(emit.RT("NoChoice").Call(jen.Lit(gt.ASN1)), jen.Lit(""))
				if gt.Unknown == "" {
					g.Add(noChoice)
					return
				}
				g.If(jen.Len(jen.Id("v").Dot(gt.Unknown)).Op("==").Lit(0)).Block(noChoice)
				g.Add(w().Dot("UnknownAlternative").Call(jen.Id("v").Dot(gt.Unknown), jen.Lit(len(root))))
			})
		})
		g.Return(w().Dot("Err").Call())
	})
}

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
// keep it in, and Unknown's form is another codec's. An untagged CHOICE
// alternative has the tags of its own alternatives (X.680 8.6) and writes
// and reads its tag itself: the decoder then looks at the tag with
// PeekTag, and the other alternatives' cases read it with Tag.
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

// alternativeTags are the tags that X.696 20 may write for alternative
// f: the outermost tag of its type, or for an untagged CHOICE those of
// its own alternatives (X.680 8.6: the encoding starts with the tag of
// the alternative it has chosen, which its codec writes and reads); an
// untagged open type has none. untagged reports the CHOICE, which the
// enclosing codec leaves its tag to.
func (e *Emitter) alternativeTags(gt *plan.Type, f *plan.Field) (tags []jen.Code, untagged, ok bool) {
	if len(f.Type.Tags) > 0 {
		return []jen.Code{emit.TagCode(emit.PlainTag(f.Type.Tags[0]))}, false, true
	}
	first := f.Type.FirstTags()
	switch {
	case first == nil:
		e.fail(gt.ASN1+"."+f.ASN1, "an untagged open type as a CHOICE alternative")
		return nil, false, false
	case f.Comp.Extension:
		// Its tag would precede the open type field that holds the
		// nested CHOICE's encoding, which writes it again.
		e.fail(gt.ASN1+"."+f.ASN1, "an untagged CHOICE as an extension addition of a CHOICE")
		return nil, false, false
	}
	for _, t := range first {
		tags = append(tags, emit.TagCode(emit.PlainTag(t)))
	}
	return tags, true, true
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
	// With an untagged CHOICE among the alternatives, the tag is looked
	// at first: that alternative's decoder reads it, the others' here.
	peek := false
	for _, f := range gt.Fields {
		peek = peek || len(f.Type.Tags) == 0
	}
	tag := jen.Id("r").Dot("Tag").Call()
	if peek {
		tag = jen.Id("r").Dot("PeekTag").Call()
	}
	return jen.BlockFunc(func(g *jen.Group) {
		g.Op("*").Id("v").Op("=").Id(gt.Name).Values()
		g.Id("at").Op(":=").Id("r").Dot("Offset").Call()
		g.Switch(tag).BlockFunc(func(g *jen.Group) {
			for _, f := range gt.Fields {
				tags, untagged, ok := e.alternativeTags(gt, f)
				if !ok {
					return
				}
				g.Case(tags...).BlockFunc(func(g *jen.Group) {
					if peek && !untagged {
						g.Id("r").Dot("Tag").Call()
					}
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
				tags, untagged, ok := e.alternativeTags(gt, f)
				if !ok {
					return
				}
				g.Case(jen.Id(f.ChoiceConst)).BlockFunc(func(g *jen.Group) {
					if !untagged {
						g.Add(w().Dot("WriteTag").Call(tags[0]))
					}
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

// tagsDistinct reports whether the alternatives' tags differ, those of
// an untagged CHOICE's alternatives included, which the decoder's switch
// needs (the model has checked it for the root's).
func tagsDistinct(fields []*plan.Field) bool {
	seen := map[model.Tag]bool{}
	for _, f := range fields {
		for _, t := range f.Type.FirstTags() {
			t = emit.PlainTag(t)
			if seen[t] {
				return false
			}
			seen[t] = true
		}
	}
	return true
}

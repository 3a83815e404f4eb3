package emit

import (
	"github.com/asn1gen/asn1gen/codegen/model"
	"github.com/asn1gen/asn1gen/codegen/plan"
	"github.com/asn1gen/asn1gen/runtime/der"
	"github.com/dave/jennifer/jen"
)

// universalNames are the names of the constants of the universal tags.
var UniversalNames = map[der.Tag]string{
	der.TagBoolean: "TagBoolean", der.TagInteger: "TagInteger", der.TagBitString: "TagBitString",
	der.TagOctetString: "TagOctetString", der.TagNull: "TagNull", der.TagOID: "TagOID",
	der.TagObjectDescriptor: "TagObjectDescriptor", der.TagExternal: "TagExternal", der.TagReal: "TagReal",
	der.TagEnumerated: "TagEnumerated", der.TagEmbeddedPDV: "TagEmbeddedPDV", der.TagUTF8String: "TagUTF8String",
	der.TagRelativeOID: "TagRelativeOID", der.TagTime: "TagTime", der.TagSequence: "TagSequence",
	der.TagSet: "TagSet", der.TagNumericString: "TagNumericString", der.TagPrintableString: "TagPrintableString",
	der.TagTeletexString: "TagTeletexString", der.TagVideotexString: "TagVideotexString",
	der.TagIA5String: "TagIA5String", der.TagUTCTime: "TagUTCTime", der.TagGeneralizedTime: "TagGeneralizedTime",
	der.TagGraphicString: "TagGraphicString", der.TagVisibleString: "TagVisibleString",
	der.TagGeneralString: "TagGeneralString", der.TagUniversalString: "TagUniversalString",
	der.TagCharacterString: "TagCharacterString", der.TagBMPString: "TagBMPString", der.TagDate: "TagDate",
	der.TagTimeOfDay: "TagTimeOfDay", der.TagDateTime: "TagDateTime", der.TagDuration: "TagDuration",
	der.TagOIDIRI: "TagOIDIRI", der.TagRelativeOIDIRI: "TagRelativeOIDIRI",
}

// WireClass maps the model's tag class to the runtime's (X.690 8.1.2.2
// numbering).
func WireClass(c model.TagClass) der.Class {
	switch c {
	case model.ClassUniversal:
		return der.ClassUniversal
	case model.ClassApplication:
		return der.ClassApplication
	case model.ClassPrivate:
		return der.ClassPrivate
	}
	return der.ClassContextSpecific
}

// TagCode is the Go expression of a tag: der.TagSequence, der.Tag(15),
// der.Context(0), der.Application(1), der.Private(2).
func TagCode(t model.Tag) *jen.Statement {
	n := uint32(t.Number)
	switch WireClass(t.Class) {
	case der.ClassUniversal:
		if name, ok := UniversalNames[der.Tag(n)]; ok {
			return RT(name)
		}
		return RT("Tag").Call(jen.Lit(int(n)))
	case der.ClassContextSpecific:
		return RT("Context").Call(jen.Lit(int(n)))
	case der.ClassApplication:
		return RT("Application").Call(jen.Lit(int(n)))
	}
	return RT("Private").Call(jen.Lit(int(n)))
}

// SplitTags returns the explicit wrappers of a type's encoding and its own
// tag (nil for an untagged CHOICE or open type inside the wrappers).
func SplitTags(t *model.Type) (wrappers []model.Tag, own *model.Tag) {
	for i, tag := range t.Tags {
		if tag.Explicit {
			wrappers = append(wrappers, tag)
			continue
		}
		if i == len(t.Tags)-1 {
			own = &t.Tags[i]
		}
	}
	return wrappers, own
}

// BodyOf follows aliases and bases to the Go type with a structure.
func BodyOf(gt *plan.Type) *plan.Type {
	for gt.Alias != nil || gt.Base != nil {
		if gt.Alias != nil {
			gt = gt.Alias
		} else {
			gt = gt.Base
		}
	}
	return gt
}

// Tagged reports whether a Go type's DecodeASN1 and EncodeASN1 methods use
// the tag (every type but CHOICE and open types, whose values bring their
// own: they take der.NoTag).
func Tagged(gt *plan.Type) bool {
	b := BodyOf(gt)
	return b.Kind != model.TypeChoice && b.Kind != model.TypeOpen && b.Union == nil
}

// TagCond is the condition "the tag t (a variable) is one of tags".
func TagCond(t jen.Code, tags []model.Tag) jen.Code {
	var cond *jen.Statement
	for _, tag := range tags {
		c := jen.Add(t).Op("==").Add(TagCode(PlainTag(tag)))
		if cond == nil {
			cond = c
		} else {
			cond = cond.Op("||").Add(c)
		}
	}
	if cond == nil {
		return jen.False()
	}
	return cond
}

// Peek returns the call that reports whether reader r's next element has
// tag t: PeekLow, which inlines without a call, for a tag number below 31
// (the low-tag-number form), Peek for the others.
func Peek(r jen.Code, t model.Tag) *jen.Statement {
	m := "Peek"
	if LowTags([]model.Tag{t}) {
		m = "PeekLow"
	}
	return jen.Add(r).Dot(m).Call(TagCode(PlainTag(t)))
}

// PeekTag returns the statement that sets tag to the tag of reader r's next
// element, for a switch among tags: PeekLowTag, which inlines without a
// call, if every one of tags has a number below 31 (an element of the
// high-tag-number form selects none of them either way), PeekTag
// otherwise.
func PeekTag(r jen.Code, tags []model.Tag) *jen.Statement {
	if LowTags(tags) {
		return jen.Id("tag").Op(":=").Add(r).Dot("PeekLowTag").Call()
	}
	return jen.List(jen.Id("tag"), jen.Id("_")).Op(":=").Add(r).Dot("PeekTag").Call()
}

// LowTags reports whether every tag of tags has a number below 31, the
// low-tag-number form of X.690 8.1.2.2.
func LowTags(tags []model.Tag) bool {
	for _, t := range tags {
		if t.Number < 0 || t.Number >= 31 {
			return false
		}
	}
	return true
}

// PlainTag drops the Explicit mark: a tag as the wire shows it.
func PlainTag(t model.Tag) model.Tag { t.Explicit = false; return t }

// Self is a type as a field of nothing: its tags (those of the assignment,
// which may wrap the structure in EXPLICIT tags) and its Go type.
func Self(gt *plan.Type) *plan.Field {
	f := &plan.Field{Type: gt.Top, Named: gt, ASN1: gt.ASN1}
	if gt.Top == nil {
		f.Type = gt.Body
	}
	return f
}

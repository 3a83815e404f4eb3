package views

import (
	"fmt"
	"strings"

	"github.com/asn1gen/asn1gen/codegen/emit"
	"github.com/asn1gen/asn1gen/codegen/emit/derstmt"
	"github.com/asn1gen/asn1gen/codegen/model"
	"github.com/asn1gen/asn1gen/codegen/plan"
	"github.com/asn1gen/asn1gen/runtime/der"
	"github.com/dave/jennifer/jen"
)

// shallowComponents emits the shallow parse of the components of a
// SEQUENCE, one by one, in the window s: where each starts (off), its
// presence and its tag checked as DecodeASN1 decides them, its element
// skipped; off[n] is where the last one ends.
//
//	// version [0] EXPLICIT Version DEFAULT v1
//	vw.off[0] = s.Offset()
//	if !s.Step(der.Context(0)) && s.Peek(der.Context(0)) {
//		if err := s.Skip(); err != nil {
//			return der.WithField(err, "version")
//		}
//	}
//	// serialNumber CertificateSerialNumber
//	vw.off[1] = s.Offset()
//	if !s.Step(der.TagInteger) {
//		if err := s.Expect(der.TagInteger, "CertificateSerialNumber"); err != nil {
//			return der.WithField(err, "serialNumber")
//		}
//	}
//	...
func (e *Emitter) shallowComponents(g *jen.Group, gt *plan.Type) {
	s := derstmt.Rd{Name: "s"}
	for i, fl := range gt.Fields {
		if gt.Unread && fl.Comp != nil && fl.Comp.Extension && (i == 0 || !gt.Fields[i-1].Comp.Extension) {
			emit.Comment(g, "What the decode reads of the extension additions (asn1gen gen -unread):\nthe package's unreadAdditions ends the window where DecodeASN1 sets the rest aside.")
			g.Add(vw()).Dot("unreadAdditions").Call(jen.Op("&").Id("s"))
		}
		emit.Comment(g, emit.ComponentText(fl.Comp))
		g.Add(vw()).Dot("off").Index(jen.Lit(i)).Op("=").Id("s").Dot("Offset").Call()
		skip := jen.If(jen.Err().Op(":=").Id("s").Dot("Skip").Call(), jen.Err().Op("!=").Nil()).Block(emit.WithField(fl.ASN1)(jen.Err()))
		tags := fl.Type.FirstTags()
		if u := fl.Type.Underlying(); tags != nil && len(fl.Type.Tags) == 0 && u.Kind == model.TypeChoice && u.Extensible {
			tags = nil // an unknown alternative may have any tag
		}
		optional := emit.OptionalComponent(fl)
		switch {
		case optional && len(tags) == 1:
			// Present when the next element has its tag (Presence): Step
			// reads a common header once, Skip the others.
			tag := emit.TagCode(emit.PlainTag(tags[0]))
			g.If(jen.Op("!").Id("s").Dot("Step").Call(tag).Op("&&").Id("s").Dot("Peek").Call(tag.Clone())).Block(skip)
			continue
		case optional:
			g.If(e.Presence(s, fl, gt.Fields[i+1:])).Block(skip)
			continue
		case len(tags) == 1:
			// Step reads a common header once; Expect reads the others,
			// or reports a missing component.
			tag := emit.TagCode(emit.PlainTag(tags[0]))
			g.If(jen.Op("!").Id("s").Dot("Step").Call(tag)).Block(
				jen.If(jen.Err().Op(":=").Id("s").Dot("Expect").Call(tag.Clone(), jen.Lit(emit.TypeText(fl.Type))), jen.Err().Op("!=").Nil()).Block(emit.WithField(fl.ASN1)(jen.Err())))
			continue
		case len(tags) > 1:
			g.If(jen.List(jen.Id("tag"), jen.Id("ok")).Op(":=").Id("s").Dot("PeekTag").Call(), jen.Op("!").Id("ok").Op("||").Op("!").Parens(emit.TagCond(jen.Id("tag"), tags))).Block(
				emit.WithField(fl.ASN1)(jen.Id("s").Dot("NoAlternative").Call(jen.Lit(emit.TypeText(fl.Type)))))
		}
		g.Add(skip)
	}
	g.Add(vw()).Dot("off").Index(jen.Lit(len(gt.Fields))).Op("=").Id("s").Dot("Offset").Call()
}

// spanIDs returns, for a SEQUENCE whose components Cursor.Spans can read
// (two or more, all mandatory, each with one tag of a number below 31,
// no extension additions set aside), the Go literal of the identifier
// octets of their tags without the constructed bit (X.690 8.1.2), and
// the tags' names for a comment:
//
//	if !s.Spans(vw.off[:], "\x10\x10\x03" /* SEQUENCE, SEQUENCE, BIT STRING */) {
//		... the components one by one (shallowComponents) ...
//	}
func spanIDs(gt *plan.Type) (ids, what string, ok bool) {
	if len(gt.Fields) < 2 || gt.Unread {
		return "", "", false
	}
	var lit strings.Builder
	var names []string
	for _, fl := range gt.Fields {
		tags := fl.Type.FirstTags()
		if emit.OptionalComponent(fl) || len(tags) != 1 || tags[0].Number >= 31 {
			return "", "", false
		}
		if u := fl.Type.Underlying(); len(fl.Type.Tags) == 0 && u.Kind == model.TypeChoice && u.Extensible {
			return "", "", false
		}
		c := emit.WireClass(tags[0].Class)
		fmt.Fprintf(&lit, "\\x%02x", byte(c)<<6|byte(tags[0].Number))
		names = append(names, der.NewTag(c, uint32(tags[0].Number)).String())
	}
	return `"` + lit.String() + `"`, strings.Join(names, ", "), true
}

package derstmt

import (
	"strings"

	"github.com/asn1gen/asn1gen/codegen/emit"
	"github.com/asn1gen/asn1gen/codegen/model"
	"github.com/asn1gen/asn1gen/codegen/plan"
	"github.com/dave/jennifer/jen"
)

// The short forms of the common components (Stmts.Sticky): a component
// of a generated type, or of a built-in type, is read with the der.Reader
// methods that keep the first error (runtime/der's sticky.go), in one line
// when it is mandatory:
//
//	s.Field(v.Subject.DecodeASN1(&s, der.NoTag), "subject")
//	v.Critical = s.Boolean(der.TagBoolean, "critical")
//	if v.HasIssuerUniqueID = s.Peek(der.Context(1)); v.HasIssuerUniqueID {
//		s.Field(v.IssuerUniqueID.DecodeASN1(&s, der.Context(1)), "issuerUniqueID")
//	}
//
// DecodeASN1 is called directly, not through der.Value: an interface call
// would move every SEQUENCE's sub-reader to the heap (a CRL's decode took
// twice as long, with an allocation per entry). A component in an
// EXPLICIT tag takes the long form.
//
// Before a component in the long form, which returns its error at once, a
// guard returns the error kept by the one-line components before it.

// stickyRead emits the one-line read of the component f when it has one,
// and reports whether it had.
func (e *Stmts) stickyRead(g *jen.Group, s Rd, f *plan.Field) bool {
	if s.Ptr || f.Union != nil || f.Raw != "" || f.Octets || f.Comp.Default != nil || f.Ptr {
		return false
	}
	wrappers, own := emit.SplitTags(f.Type)
	if len(wrappers) > 0 {
		return false
	}
	field := jen.Lit(f.ASN1)
	optional := emit.OptionalComponent(f)
	if optional && !simplePresence(f) {
		return false
	}
	if f.Named != nil {
		tag := emit.RT("NoTag")
		if emit.Tagged(f.Named) {
			if own == nil {
				return false
			}
			tag = emit.TagCode(*own)
		} else if optional {
			return false // presence by the tags of an untagged CHOICE: the long form
		}
		read := s.ID().Dot("Field").Call(emit.FieldDst(f)().Dot("DecodeASN1").Call(s.Arg(), tag), field)
		body := []jen.Code{read}
		if checks := OwnChecks(f, emit.FieldDst(f), jen.Id("off")); len(checks) > 0 {
			// The constraints the component adds, after the named type's
			// decoder:
			//	off1 := s.Offset()
			//	s.Field(v.N.DecodeASN1(&s, der.Context(3)), "n")
			//	s.Check(der.CheckSize(off1, "IA5String", len(v.N), 3, 8), "n")
			off := e.TmpName("off")
			body = []jen.Code{jen.Id(off).Op(":=").Add(s.ID()).Dot("Offset").Call(), read}
			for _, c := range OwnChecks(f, emit.FieldDst(f), jen.Id(off)) {
				body = append(body, s.ID().Dot("Check").Call(c, field))
			}
		}
		if optional {
			has := jen.Id("v").Dot(f.Has)
			g.If(has.Clone().Op("=").Add(emit.Peek(s.ID(), *own)), has.Clone()).Block(body...)
		} else {
			for _, c := range body {
				g.Add(c)
			}
		}
		e.dirty = true
		return true
	}
	b, ok := plan.BuiltinOf(f.Type)
	if !ok || b.Pkg != "" || own == nil || b.Read == "" {
		return false
	}
	tag := emit.TagCode(*own)
	args := []jen.Code{tag}
	if b.Text != 0 {
		args = append(args, emit.RT(emit.UniversalNames[b.Text]))
	}
	read := s.ID().Dot(strings.TrimPrefix(b.Read, "Read")).Call(append(args, field)...)
	dst := emit.FieldDst(f)
	body := func(g *jen.Group) {
		checks := ConstraintChecks(f.Type, dst, jen.Id("off"))
		if len(checks) == 0 {
			g.Add(dst()).Op("=").Add(read)
			return
		}
		off := e.TmpName("off")
		g.Id(off).Op(":=").Add(s.ID()).Dot("Offset").Call()
		g.Add(dst()).Op("=").Add(read)
		for _, c := range ConstraintChecks(f.Type, dst, jen.Id(off)) {
			g.Add(s.ID()).Dot("Check").Call(c, field)
		}
	}
	if optional {
		has := jen.Id("v").Dot(f.Has)
		g.If(has.Clone().Op("=").Add(emit.Peek(s.ID(), *own)), has.Clone()).BlockFunc(body)
	} else {
		body(g)
	}
	e.dirty = true
	return true
}

// simplePresence reports whether an optional component is present when
// the next element has one tag, the first of its encoding (see Presence).
func simplePresence(f *plan.Field) bool {
	tags := f.Type.FirstTags()
	if len(tags) != 1 {
		return false
	}
	u := f.Type.Underlying()
	return !(len(f.Type.Tags) == 0 && u.Kind == model.TypeChoice && u.Extensible)
}

// Guard emits, when one-line components were read since the last guard,
// the return of the error they kept, before statements that return errors
// at once:
//
//	if err := s.Err(); err != nil {
//		return err
//	}
func (e *Stmts) Guard(g *jen.Group, s Rd) {
	if !e.dirty {
		return
	}
	e.dirty = false
	g.If(jen.Err().Op(":=").Add(s.ID()).Dot("Err").Call(), jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Err()))
}

// Reset starts a new function: numbering of temporaries, and no kept
// error to guard.
func (e *Stmts) Reset() {
	e.Temps.Reset()
	e.dirty = false
}

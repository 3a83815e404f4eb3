package derstmt

import (
	"github.com/asn1gen/asn1gen/codegen/emit"
	"github.com/asn1gen/asn1gen/codegen/model"
	"github.com/asn1gen/asn1gen/codegen/plan"
	"github.com/dave/jennifer/jen"
)

// writeValue emits the statements that DER-encode src (of type t, with its
// tags) to the builder b.
func (e *Stmts) WriteValue(g *jen.Group, src func() *jen.Statement, f *plan.Field) {
	wrappers, own := emit.SplitTags(f.Type)
	var marks []string
	for _, w := range wrappers {
		m := e.TmpName("m")
		g.Id(m).Op(":=").Id("b").Dot("Begin").Call(emit.TagCode(emit.PlainTag(w)), jen.True())
		marks = append(marks, m)
	}
	e.writeInner(g, src, f, own)
	for i := len(marks) - 1; i >= 0; i-- {
		g.Id("b").Dot("End").Call(jen.Id(marks[i]))
	}
}

func (e *Stmts) writeInner(g *jen.Group, src func() *jen.Statement, f *plan.Field, own *model.Tag) {
	if f.Union != nil {
		e.writeUnion(g, f, own)
		return
	}
	if f.Octets && own != nil {
		// OCTET STRING (CONTAINING T): the DER of the value as contents.
		//	m := b.Begin(tag, false)
		//	... T ...
		//	b.End(m)
		m := e.TmpName("m")
		g.Id(m).Op(":=").Id("b").Dot("Begin").Call(emit.TagCode(*own), jen.False())
		if f.Type.Underlying().Kind == model.TypeBitString {
			g.Id("b").Dot("AddRaw").Call(jen.Index().Byte().Values(jen.Lit(0))).Comment("no unused bits")
		}
		inner := *f
		inner.Octets, inner.Type = false, f.Inner
		e.WriteValue(g, src, &inner)
		g.Id("b").Dot("End").Call(jen.Id(m))
		return
	}
	if f.Named != nil {
		args := []jen.Code{jen.Id("b"), emit.RT("NoTag")}
		if emit.Tagged(f.Named) && own != nil {
			args[1] = emit.TagCode(*own)
		}
		if f.Ptr {
			g.If(jen.Add(src()).Op("==").Nil()).Block(
				jen.Id("b").Dot("SetError").Call(emit.RT("NilValue").Call(jen.Lit(f.Named.ASN1)))).Else().Block(
				jen.Add(src()).Dot("EncodeASN1").Call(args...))
			return
		}
		for _, c := range OwnChecks(f, src, jen.Lit(-1)) {
			g.Id("b").Dot("Check").Call(c, jen.Lit(f.ASN1))
		}
		g.Add(src()).Dot("EncodeASN1").Call(args...)
		return
	}
	t := f.Type
	if own == nil {
		g.Id("b").Dot("AddRaw").Call(src())
		return
	}
	for _, c := range ConstraintChecks(t, src, jen.Lit(-1)) {
		g.Id("b").Dot("Check").Call(c, jen.Lit(f.ASN1))
	}
	bt, _ := plan.BuiltinOf(t)
	g.Add(AddCall(bt, emit.TagCode(*own), src()))
}

// writeUnion writes an open type, or the OCTET or BIT STRING that contains
// it, from its union field.
func (e *Stmts) writeUnion(g *jen.Group, f *plan.Field, own *model.Tag) {
	u := jen.Id("v").Dot(f.Name)
	switch {
	case f.List:
		m := e.TmpName("m")
		g.Id(m).Op(":=").Id("b").Dot("Begin").Call(emit.TagCode(*own), jen.True())
		g.For(jen.Id("i").Op(":=").Range().Add(u.Clone())).Block(jen.Add(u.Clone()).Index(jen.Id("i")).Dot("encode").Call(jen.Id("b")))
		if f.Type.Kind == model.TypeSetOf {
			g.Id("b").Dot("EndSetOf").Call(jen.Id(m))
		} else {
			g.Id("b").Dot("End").Call(jen.Id(m))
		}
	case !f.Containing:
		g.Add(u).Dot("encode").Call(jen.Id("b"))
	case f.Type.Kind == model.TypeBitString:
		m := e.TmpName("m")
		g.Id(m).Op(":=").Id("b").Dot("Begin").Call(emit.TagCode(*own), jen.False())
		g.Id("b").Dot("AddRaw").Call(jen.Index().Byte().Values(jen.Lit(0))).Comment("no unused bits")
		g.Add(u.Clone()).Dot("encode").Call(jen.Id("b"))
		g.Id("b").Dot("End").Call(jen.Id(m))
	default:
		m := e.TmpName("m")
		g.Id(m).Op(":=").Id("b").Dot("Begin").Call(emit.TagCode(*own), jen.False())
		g.Add(u.Clone()).Dot("encode").Call(jen.Id("b"))
		g.Id("b").Dot("End").Call(jen.Id(m))
	}
}

// WriteComponent writes one component of a SEQUENCE or SET: always when
// mandatory, when present when optional, and when present and not equal to
// its default for DEFAULT (X.690 11.5).
func (e *Stmts) WriteComponent(g *jen.Group, f *plan.Field) {
	src := emit.FieldDst(f)
	if !emit.OptionalComponent(f) {
		e.WriteValue(g, src, f)
		return
	}
	// A DEFAULT component is written when its value differs from the
	// default (X.690 11.5), or, when the encoding tolerates explicit
	// defaults (der.TolerateExplicitDefault), when HasX says it was
	// received; an OPTIONAL one when HasX is set.
	cond := jen.Id("v").Dot(f.Has)
	if _, ok := emit.DefaultValue(f); ok {
		if ne := emit.NotDefault(f, src); ne != nil {
			cond = jen.Parens(jen.Id("v").Dot(f.Has).Op("&&").Id("b").Dot("Tolerates").Call(emit.RT("TolerateExplicitDefault"))).Op("||").Add(ne)
		}
	}
	g.If(cond).BlockFunc(func(g *jen.Group) {
		e.WriteValue(g, src, f)
	})
}

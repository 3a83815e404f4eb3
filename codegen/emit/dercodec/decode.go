package dercodec

import (
	"github.com/asn1gen/asn1gen/codegen/emit"
	"github.com/asn1gen/asn1gen/codegen/emit/derstmt"
	"github.com/asn1gen/asn1gen/codegen/model"
	"github.com/asn1gen/asn1gen/codegen/plan"
	"github.com/dave/jennifer/jen"
)

// decodeMethod emits DecodeASN1 for a type with a structure (and, for the
// inner list of a list of lists, decodeShared, which holds the body).
func (e *Emitter) decodeMethod(f *jen.File, gt *plan.Type) {
	e.Reset()
	recv := jen.Id("v").Op("*").Id(gt.Name)
	params := []jen.Code{jen.Id("r").Op("*").Add(emit.RT("Reader")), jen.Id("t").Add(emit.RT("Tag"))}
	r := derstmt.Rd{Name: "r", Ptr: true}
	emit.Comment(f, decodeDoc(gt))
	if (gt.Kind == model.TypeSequenceOf || gt.Kind == model.TypeSetOf) && e.innerShared(gt) {
		f.Func().Params(recv).Id("DecodeASN1").Params(params...).Error().BlockFunc(func(g *jen.Group) {
			e.rootDecode(g, gt)
			g.Return(jen.Id("v").Dot("decodeShared").Call(jen.Id("r"), jen.Id("t"), jen.Nil()))
		})
		emit.Comment(f, "decodeShared is DecodeASN1 (t not 0) taking the elements from *backing when\nit has room (one array for all the lists of an enclosing list).")
		params = append(params, jen.Id("backing").Op("*").Index().Add(emit.GoType(gt.Elem)))
		f.Func().Params(recv).Id("decodeShared").Params(params...).Error().BlockFunc(func(g *jen.Group) {
			e.decodeList(g, gt, r)
		})
		return
	}
	f.Func().Params(recv).Id("DecodeASN1").Params(params...).Error().BlockFunc(func(g *jen.Group) {
		e.rootDecode(g, gt)
		switch gt.Kind {
		case model.TypeSequence:
			e.decodeSequence(g, gt, r)
		case model.TypeSet:
			e.decodeSet(g, gt, r)
		case model.TypeChoice:
			e.decodeChoice(g, gt, r)
		case model.TypeSequenceOf, model.TypeSetOf:
			e.decodeList(g, gt, r)
		default:
			e.decodePrimitive(g, gt, r)
		}
	})
}

// decodeDoc is the doc comment of a type's DecodeASN1.
func decodeDoc(gt *plan.Type) string {
	if !emit.Tagged(gt) {
		return "DecodeASN1 reads v from r (t: der.NoTag, or 0 when v is the whole input); der.Unmarshal calls it."
	}
	return "DecodeASN1 reads v with tag t from r (t = 0: its own, v being the whole input); der.Unmarshal calls it."
}

// rootDecode emits the branch of DecodeASN1 for t = 0, a value that is
// the whole input: read with its own tags, its errors' paths start with
// the type's name, and nothing may follow it.
//
//	if t == 0 {
//		return r.Root(v.DecodeASN1(r, der.TagSequence), "Validity")
//	}
func (e *Emitter) rootDecode(g *jen.Group, gt *plan.Type) {
	s := emit.Self(gt)
	wrappers, own := emit.SplitTags(s.Type)
	g.If(jen.Id("t").Op("==").Lit(0)).BlockFunc(func(g *jen.Group) {
		if len(wrappers) == 0 {
			tag := emit.RT("NoTag")
			if own != nil && emit.Tagged(gt) {
				tag = emit.TagCode(*own)
			}
			g.Return(jen.Id("r").Dot("Root").Call(jen.Id("v").Dot("DecodeASN1").Call(jen.Id("r"), tag), jen.Lit(gt.ASN1)))
			return
		}
		e.ReadValue(g, derstmt.Rd{Name: "r", Ptr: true}, func() *jen.Statement { return jen.Id("v") }, s, emit.WithField(gt.ASN1))
		g.Return(jen.Id("r").Dot("Root").Call(jen.Nil(), jen.Lit(gt.ASN1)))
	})
}

func (e *Emitter) decodePrimitive(g *jen.Group, gt *plan.Type, r derstmt.Rd) {
	t := gt.Body
	if t.Kind == model.TypeOpen {
		g.List(jen.Id("x"), jen.Err()).Op(":=").Add(r.ID()).Dot("ReadRawDER").Call()
		g.Add(emit.IfErr(emit.PlainReturn))
		g.Op("*").Id("v").Op("=").Id("x")
		g.Return(jen.Nil())
		return
	}
	bt, ok := plan.BuiltinOf(t)
	if !ok {
		g.If(jen.Op("!").Add(r.ID()).Dot("Peek").Call(jen.Id("t"))).Block(jen.Return(r.ID().Dot("Missing").Call(jen.Lit(gt.ASN1), jen.Id("t"))))
		g.List(jen.Id("x"), jen.Err()).Op(":=").Add(r.ID()).Dot("ReadRawDER").Call()
		g.Add(emit.IfErr(emit.PlainReturn))
		g.Op("*").Id("v").Op("=").Id("x")
		g.Return(jen.Nil())
		return
	}
	if t.Kind == model.TypeInteger {
		bt = plan.BuiltinNamed("INTEGER int64")
		if gt.IntGo != "int64" {
			bt = plan.BuiltinNamed("INTEGER")
		}
	}
	x := func() *jen.Statement { return jen.Id("x") }
	checks := derstmt.ConstraintChecks(t, x, jen.Id("off"))
	named := t.Kind == model.TypeBitString && len(gt.Consts) > 0
	if len(checks) > 0 || named || t.Kind == model.TypeEnumerated && !t.Extensible && len(gt.Consts) > 0 {
		g.Id("off").Op(":=").Add(r.ID()).Dot("Offset").Call()
	}
	if t.Kind == model.TypeNull {
		g.Return(derstmt.ReadCall(bt, r, jen.Id("t")))
		return
	}
	g.List(jen.Id("x"), jen.Err()).Op(":=").Add(derstmt.ReadCall(bt, r, jen.Id("t")))
	g.Add(emit.IfErr(emit.PlainReturn))
	if t.Kind == model.TypeEnumerated && !t.Extensible && len(gt.Consts) > 0 {
		g.If(jen.Op("!").Id(gt.Name).Call(jen.Id("x")).Dot("valid").Call()).Block(
			jen.Return(emit.RT("CheckEnumerated").Call(jen.Id("off"), jen.Lit(gt.ASN1), jen.Id("x"))))
	}
	if named {
		emit.Comment(g, "X.690 11.2.2: DER removes the trailing 0 bits of a named bit list (unless tolerated:\nder.TolerateNamedBitPadding).")
		g.If(jen.Err().Op(":=").Add(r.ID()).Dot("CheckNamedBits").Call(jen.Id("x"), jen.Id("off")), jen.Err().Op("!=").Nil()).Block(
			jen.Return(jen.Err()))
	}
	if len(checks) > 0 {
		g.If(jen.Op("!").Add(r.ID()).Dot("SkipConstraints").Call()).BlockFunc(func(g *jen.Group) {
			for _, c := range checks {
				g.If(jen.Err().Op(":=").Add(r.ID()).Dot("Constraint").Call(c), jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Err()))
			}
		})
	}
	g.Op("*").Id("v").Op("=").Id(gt.Name).Call(jen.Id("x"))
	g.Return(jen.Nil())
}

// sharedList returns the list type of a list's elements when the list is
// a list of lists (RDNSequence of RelativeDistinguishedName) whose inner
// lists can share one backing array, allocated once.
func sharedList(gt *plan.Type) *plan.Type {
	f := gt.Elem
	if f == nil || f.Named == nil || f.Ptr || f.Named.Alias != nil || f.Named.Base != nil || f.Named.Pkg != gt.Pkg {
		return nil // decodeShared is unexported: a list of another package's lists reads them one by one
	}
	if k := f.Named.Kind; k != model.TypeSequenceOf && k != model.TypeSetOf {
		return nil
	}
	if w, own := emit.SplitTags(f.Type); len(w) > 0 || own == nil {
		return nil
	}
	return f.Named
}

// innerShared reports whether some list type has gt as its shared inner
// list, so that gt gets a decodeShared method.
func (e *Emitter) innerShared(gt *plan.Type) bool {
	for _, o := range e.P.Types {
		if sharedList(o) == gt {
			return true
		}
	}
	return false
}

func (e *Emitter) decodeList(g *jen.Group, gt *plan.Type, r derstmt.Rd) {
	g.List(jen.Id("s"), jen.Err()).Op(":=").Add(r.ID()).Dot("ReadConstructed").Call(jen.Id("t"), jen.Lit(gt.ASN1))
	g.Add(emit.IfErr(emit.PlainReturn))
	s := derstmt.Rd{Name: "s"}
	count := jen.Id("s").Dot("Count").Call()
	inner := sharedList(gt)
	nested := jen.Id("s").Dot("CountNested").Call()
	counted := false // n holds the count
	if inner != nil && gt.Kind != model.TypeSetOf {
		// The list and its inner lists counted in one walk.
		g.List(jen.Id("n"), jen.Id("nested")).Op(":=").Id("s").Dot("CountLists").Call()
		count, nested, counted = jen.Id("n"), jen.Id("nested"), true
	}
	if gt.Kind == model.TypeSetOf {
		// Counted and checked in one walk over the elements.
		emit.Comment(g, "X.690 11.6: DER sorts the elements of a SET OF (unless tolerated:\nder.TolerateUnsortedSetOf).")
		g.List(jen.Id("n"), jen.Err()).Op(":=").Id("s").Dot("CountSetOf").Call(jen.Lit(gt.ASN1))
		g.Add(emit.IfErr(emit.PlainReturn))
		count, counted = jen.Id("n"), true
	}
	elem := gt.Elem
	if e.innerShared(gt) {
		// The elements come from the caller's backing array when it has
		// room (see decodeShared), else from a new slice.
		if gt.Kind != model.TypeSetOf && !counted {
			g.Id("n").Op(":=").Add(count)
		}
		g.Var().Id("list").Index().Add(emit.GoType(elem))
		g.If(jen.Id("backing").Op("!=").Nil().Op("&&").Id("n").Op("<=").Len(jen.Op("*").Id("backing"))).Block(
			jen.Id("list").Op(",").Op("*").Id("backing").Op("=").Parens(jen.Op("*").Id("backing")).Index(jen.Empty(), jen.Id("n"), jen.Id("n")).Op(",").Parens(jen.Op("*").Id("backing")).Index(jen.Id("n"), jen.Empty()),
		).Else().Block(
			jen.If(jen.List(jen.Id("list"), jen.Err()).Op("=").Add(emit.RT("MakeSlice")).Types(emit.GoType(elem)).Call(jen.Op("&").Id("s"), jen.Id("n")), jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Err())),
		)
	} else {
		// A list of lists is sized as the backing of its inner lists
		// (MakeBacking: its first chunk is room for one more such list).
		alloc := "MakeSlice"
		if sharedList(gt) != nil {
			alloc = "MakeBacking"
		}
		g.List(jen.Id("list"), jen.Err()).Op(":=").Add(emit.RT(alloc)).Types(emit.GoType(elem)).Call(jen.Op("&").Id("s"), count)
		g.Add(emit.IfErr(emit.PlainReturn))
	}
	if inner != nil {
		emit.Comment(g, "One backing array for the elements of every inner list.")
		g.List(jen.Id("inner"), jen.Err()).Op(":=").Add(emit.RT("MakeBacking")).Types(emit.GoType(inner.Elem)).Call(jen.Op("&").Id("s"), nested)
		g.Add(emit.IfErr(emit.PlainReturn))
	}
	g.For(jen.Id("i").Op(":=").Range().Id("list")).BlockFunc(func(g *jen.Group) {
		wrap := func(err jen.Code) jen.Code { return jen.Return(emit.RT("WithIndex").Call(err, jen.Id("i"))) }
		if inner != nil {
			_, own := emit.SplitTags(elem.Type)
			g.If(jen.Err().Op(":=").Id("list").Index(jen.Id("i")).Dot("decodeShared").Call(jen.Op("&").Id("s"), emit.TagCode(*own), jen.Op("&").Id("inner")), jen.Err().Op("!=").Nil()).Block(wrap(jen.Err()))
			return
		}
		e.ReadValue(g, s, func() *jen.Statement { return jen.Id("list").Index(jen.Id("i")) }, elem, wrap)
	})
	g.If(jen.Err().Op(":=").Id("s").Dot("Finish").Call(jen.Lit(gt.ASN1)), jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Err()))
	list := func() *jen.Statement { return jen.Id("list") }
	if checks := derstmt.ConstraintChecks(gt.Body, list, jen.Id("s").Dot("Offset").Call()); len(checks) > 0 {
		g.If(jen.Op("!").Id("s").Dot("SkipConstraints").Call()).BlockFunc(func(g *jen.Group) {
			for _, c := range checks {
				g.If(jen.Err().Op(":=").Id("s").Dot("Constraint").Call(c), jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Err()))
			}
		})
	}
	g.Op("*").Id("v").Op("=").Id("list")
	g.Return(jen.Nil())
}

func (e *Emitter) decodeSequence(g *jen.Group, gt *plan.Type, r derstmt.Rd) {
	if gt.Raw != "" {
		g.Id("start").Op(":=").Add(r.ID()).Dot("Offset").Call()
	}
	g.List(jen.Id("s"), jen.Err()).Op(":=").Add(r.ID()).Dot("ReadConstructed").Call(jen.Id("t"), jen.Lit(gt.ASN1))
	g.Add(emit.IfErr(emit.PlainReturn))
	s := derstmt.Rd{Name: "s"}
	e.DeclareDeferred(g, gt)
	root2 := len(gt.Fields) - gt.Body.Root2
	for i, f := range gt.Fields {
		if i == root2 && gt.Unknown != "" && gt.Body.Root2 > 0 {
			if tags := f.Type.FirstTags(); tags != nil {
				e.Guard(g, s)
				emit.Comment(g, "Additions of a later version, before the second root part.")
				g.For(jen.Op("!").Id("s").Dot("Empty").Call().Op("&&").Op("!").Add(e.Presence(s, f, nil))).Block(
					jen.List(jen.Id("x"), jen.Err()).Op(":=").Id("s").Dot("ReadRawDER").Call(),
					jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Err())),
					jen.Id("v").Dot(gt.Unknown).Op("=").Append(jen.Id("v").Dot(gt.Unknown), jen.Id("x").Op("...")))
			}
		}
		if gt.Unread && i == firstAddition(gt) {
			e.Guard(g, s)
			emit.Comment(g, "What the decode reads of the extension additions (asn1gen gen -unread):\nthe package's unreadAdditions sets aside what its rule does not read.")
			g.List(jen.Id("unread"), jen.Err()).Op(":=").Id("v").Dot("unreadAdditions").Call(jen.Op("&").Id("s"))
			g.Add(emit.IfErr(emit.PlainReturn))
		}
		e.ReadComponent(g, gt, s, f, gt.Fields[i+1:])
	}
	if gt.Unknown != "" && gt.Body.Root2 == 0 {
		e.Guard(g, s)
		g.If(jen.Op("!").Id("s").Dot("Empty").Call()).Block(
			jen.If(jen.List(jen.Id("v").Dot(gt.Unknown), jen.Err()).Op("=").Id("s").Dot("ReadRestDER").Call(), jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Err())))
		if gt.Unread && firstAddition(gt) >= 0 {
			g.Id("v").Dot(gt.Unknown).Op("=").Append(jen.Id("v").Dot(gt.Unknown), jen.Id("unread").Op("..."))
		}
	}
	if gt.Raw == "" && !derstmt.HasDeferred(gt) {
		g.Return(jen.Id("s").Dot(e.finish()).Call(jen.Lit(gt.ASN1)))
		return
	}
	g.If(jen.Err().Op(":=").Id("s").Dot(e.finish()).Call(jen.Lit(gt.ASN1)), jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Err()))
	e.ResolveDeferred(g, gt, s)
	if gt.Raw != "" {
		g.Id("v").Dot(gt.Raw).Op("=").Add(r.ID()).Dot("Since").Call(jen.Id("start"))
	}
	g.Return(jen.Nil())
}

func (e *Emitter) decodeSet(g *jen.Group, gt *plan.Type, r derstmt.Rd) {
	g.List(jen.Id("s"), jen.Err()).Op(":=").Add(r.ID()).Dot("ReadConstructed").Call(jen.Id("t"), jen.Lit(gt.ASN1))
	g.Add(emit.IfErr(emit.PlainReturn))
	s := derstmt.Rd{Name: "s"}
	e.DeclareDeferred(g, gt)
	ranks := derstmt.SetRanks(gt)
	seen := map[*plan.Field]string{}
	for _, f := range gt.Fields {
		if f.Has == "" {
			seen[f] = e.TmpName("seen")
			g.Var().Id(seen[f]).Bool()
		}
	}
	if len(gt.Fields) > 0 {
		g.Id("prev").Op(":=").Lit(-1)
	}
	g.For(jen.Op("!").Id("s").Dot("Empty").Call()).BlockFunc(func(g *jen.Group) {
		if len(gt.Fields) > 0 {
			var all []model.Tag
			for _, f := range gt.Fields {
				all = append(all, f.Type.FirstTags()...)
			}
			g.Add(emit.PeekTag(jen.Id("s"), all))
		}
		g.Switch().BlockFunc(func(g *jen.Group) {
			for _, f := range gt.Fields {
				flag := jen.Id("v").Dot(f.Has)
				if f.Has == "" {
					flag = jen.Id(seen[f])
				}
				tags := f.Type.FirstTags()
				g.Case(emit.TagCond(jen.Id("tag"), tags)).BlockFunc(func(g *jen.Group) {
					emit.Comment(g, emit.ComponentText(f.Comp))
					g.If(flag.Clone()).Block(jen.Return(emit.RT("Duplicate").Call(jen.Id("s").Dot("Offset").Call(), jen.Lit(gt.ASN1))))
					g.If(jen.Op("!").Id("s").Dot("BER").Call().Op("&&").Id("prev").Op(">=").Lit(ranks[f])).Block(
						jen.Return(emit.RT("SetOrder").Call(jen.Id("s").Dot("Offset").Call(), jen.Lit(gt.ASN1))))
					g.Id("prev").Op("=").Lit(ranks[f])
					if f.Union != nil {
						e.ReadUnion(g, s, f, emit.WithField(f.ASN1))
					} else {
						e.ReadValue(g, s, emit.FieldDst(f), f, emit.WithField(f.ASN1))
					}
					g.Add(flag.Clone()).Op("=").True()
				})
			}
			g.Default().BlockFunc(func(g *jen.Group) {
				if gt.Unknown != "" {
					g.List(jen.Id("x"), jen.Err()).Op(":=").Id("s").Dot("ReadRawDER").Call()
					g.Add(emit.IfErr(emit.PlainReturn))
					g.Id("v").Dot(gt.Unknown).Op("=").Append(jen.Id("v").Dot(gt.Unknown), jen.Id("x").Op("..."))
				} else {
					g.Return(jen.Id("s").Dot("Unexpected").Call(jen.Lit(gt.ASN1)))
				}
			})
		})
	})
	for _, f := range gt.Fields {
		if f.Has == "" {
			tags := f.Type.FirstTags()
			var want jen.Code = jen.Lit(0)
			if len(tags) > 0 {
				want = emit.TagCode(emit.PlainTag(tags[0]))
			}
			g.If(jen.Op("!").Id(seen[f])).Block(emit.WithField(f.ASN1)(jen.Id("s").Dot("Missing").Call(jen.Lit(gt.ASN1), want)))
		} else if def, ok := emit.DefaultValue(f); ok {
			g.If(jen.Op("!").Id("v").Dot(f.Has)).Block(jen.Id("v").Dot(f.Name).Op("=").Add(def))
		}
	}
	e.ResolveDeferred(g, gt, s)
	g.Return(jen.Nil())
}

func (e *Emitter) decodeChoice(g *jen.Group, gt *plan.Type, r derstmt.Rd) {
	var all []model.Tag
	for _, f := range gt.Fields {
		all = append(all, f.Type.FirstTags()...)
	}
	g.Add(emit.PeekTag(r.ID(), all))
	var open *plan.Field
	g.Switch().BlockFunc(func(g *jen.Group) {
		for _, f := range gt.Fields {
			tags := f.Type.FirstTags()
			if tags == nil {
				// An untagged open type, which the model accepts among
				// other alternatives only with Options.Lenient: it takes
				// what the others' tags do not select.
				if open == nil {
					open = f
				}
				continue
			}
			g.Case(emit.TagCond(jen.Id("tag"), tags)).BlockFunc(func(g *jen.Group) {
				g.Id("v").Dot("Choice").Op("=").Id(f.ChoiceConst)
				e.ReadValue(g, r, emit.FieldDst(f), f, emit.WithField(f.ASN1))
			})
		}
		g.Default().BlockFunc(func(g *jen.Group) {
			if open != nil {
				g.Id("v").Dot("Choice").Op("=").Id(open.ChoiceConst)
				e.ReadValue(g, r, emit.FieldDst(open), open, emit.WithField(open.ASN1))
				return
			}
			if gt.Unknown != "" {
				g.If(jen.Op("!").Add(r.ID()).Dot("Empty").Call()).Block(
					jen.Var().Err().Error(),
					jen.List(jen.Id("v").Dot(gt.Unknown), jen.Err()).Op("=").Add(r.ID()).Dot("ReadRawDER").Call(),
					jen.Return(jen.Err()))
			}
			g.Return(r.ID().Dot("NoAlternative").Call(jen.Lit(gt.ASN1)))
		})
	})
	g.Return(jen.Nil())
}

// finish is the method that ends a SEQUENCE's reader: End, which also
// returns the error its one-line components kept, or Finish.
func (e *Emitter) finish() string {
	if e.Sticky {
		return "End"
	}
	return "Finish"
}

// firstAddition returns the index of the first extension addition of gt,
// -1 if it has none.
func firstAddition(gt *plan.Type) int {
	for i, f := range gt.Fields {
		if f.Comp != nil && f.Comp.Extension {
			return i
		}
	}
	return -1
}

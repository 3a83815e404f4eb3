package gen

import (
	"math"
	"math/big"
	"sort"
	"strconv"

	"github.com/asn1gen/asn1gen/codegen/emit"
	"github.com/asn1gen/asn1gen/codegen/model"
	"github.com/asn1gen/asn1gen/codegen/plan"
	"github.com/asn1gen/asn1gen/runtime/der"
	"github.com/dave/jennifer/jen"
)

// rd names a der.Reader in generated code: the parameter r (a
// pointer) or a local sub-reader (a value).
type rd struct {
	name string
	ptr  bool
}

// arg is the reader as an argument of type *der.Reader.
func (r rd) arg() *jen.Statement {
	if r.ptr {
		return jen.Id(r.name)
	}
	return jen.Op("&").Id(r.name)
}

func (r rd) id() *jen.Statement { return jen.Id(r.name) }

func (e *emitter) tmpName(prefix string) string {
	e.tmp++
	return prefix + strconv.Itoa(e.tmp)
}

// readValue emits the statements that decode one value of type t (with
// its tags) from r into dst.
func (e *emitter) readValue(g *jen.Group, r rd, dst func() *jen.Statement, f *plan.Field, wrap emit.Wrap) {
	wrappers, own := emit.SplitTags(f.Type)
	cur, opened := e.openWrappers(g, r, wrappers, wrap)
	e.readInner(g, cur, dst, f, own, wrap)
	closeWrappers(g, opened, f.Type, wrap)
}

// openWrappers emits the reads of the explicit tags wrappers (the first
// tags of a type, see splitTags) from r, and returns the reader inside them
// and the readers opened, for closeWrappers.
func (e *emitter) openWrappers(g *jen.Group, r rd, wrappers []model.Tag, wrap emit.Wrap) (cur rd, opened []rd) {
	cur = r
	for _, w := range wrappers {
		name := e.tmpName("w")
		g.List(jen.Id(name), jen.Err()).Op(":=").Add(cur.id()).Dot("ReadConstructed").Call(emit.TagCode(emit.PlainTag(w)), jen.Lit(w.String()))
		g.Add(emit.IfErr(wrap))
		cur = rd{name: name}
		opened = append(opened, cur)
	}
	return cur, opened
}

// closeWrappers emits the checks that each wrapper openWrappers opened for
// type t holds nothing more, innermost first.
func closeWrappers(g *jen.Group, opened []rd, t *model.Type, wrap emit.Wrap) {
	for i := len(opened) - 1; i >= 0; i-- {
		g.If(jen.Err().Op(":=").Add(opened[i].id()).Dot("Finish").Call(jen.Lit(t.Tags[i].String())), jen.Err().Op("!=").Nil()).Block(wrap(jen.Err()))
	}
}

// readInner decodes the value inside its explicit wrappers: own is its own
// tag, nil when the value is untagged (CHOICE, open type).
func (e *emitter) readInner(g *jen.Group, r rd, dst func() *jen.Statement, f *plan.Field, own *model.Tag, wrap emit.Wrap) {
	if f.Octets && own != nil {
		// OCTET STRING (CONTAINING T): the value of T is read from the
		// contents, which must hold exactly one (X.682 11.3).
		//	c, off, err := r.ReadString(tag, "OCTET STRING")
		//	sub := r.Open(c, off)
		//	... T from sub ...
		//	if err := sub.Finish("T"); err != nil {...}
		c, off, sub := e.tmpName("c"), e.tmpName("off"), e.tmpName("sub")
		if f.Type.Underlying().Kind == model.TypeBitString {
			// BIT STRING (CONTAINING T): the contents after the
			// unused-bits octet, which must be 0, as readUnion reads a
			// BIT STRING containing an open type.
			g.List(jen.Id(c), jen.Id(off), jen.Err()).Op(":=").Add(r.id()).Dot("ReadString").Call(emit.TagCode(*own), jen.Lit("BIT STRING"))
			g.Add(emit.IfErr(wrap))
			emit.Comment(g, "X.682 11: a BIT STRING that contains an encoding has no unused bits.")
			g.If(jen.Len(jen.Id(c)).Op("==").Lit(0).Op("||").Id(c).Index(jen.Lit(0)).Op("!=").Lit(0)).Block(
				wrap(emit.RT("NewError").Call(emit.RT("KindInvalidValue"), jen.Id(off), jen.Lit("BIT STRING"), jen.Lit("contained encoding with unused bits"), jen.Lit("X.682 11.2"))))
			g.Id(sub).Op(":=").Add(r.id()).Dot("Open").Call(jen.Id(c).Index(jen.Lit(1), jen.Empty()), jen.Id(off).Op("+").Lit(1))
		} else {
			g.List(jen.Id(c), jen.Id(off), jen.Err()).Op(":=").Add(r.id()).Dot("ReadString").Call(emit.TagCode(*own), jen.Lit("OCTET STRING"))
			g.Add(emit.IfErr(wrap))
			g.Id(sub).Op(":=").Add(r.id()).Dot("Open").Call(jen.Id(c), jen.Id(off))
		}
		inner := *f
		inner.Octets, inner.Type = false, f.Inner
		e.readValue(g, rd{name: sub}, dst, &inner, wrap)
		g.If(jen.Err().Op(":=").Id(sub).Dot("Finish").Call(jen.Lit(emit.TypeText(f.Inner))), jen.Err().Op("!=").Nil()).Block(wrap(jen.Err()))
		return
	}
	if f.Named != nil {
		if f.Ptr {
			p := e.tmpName("p")
			g.List(jen.Id(p), jen.Err()).Op(":=").Add(emit.RT("New")).Types(emit.Ref(f.Named)).Call(r.arg())
			g.Add(emit.IfErr(wrap))
			g.Add(dst()).Op("=").Id(p)
		}
		tag := emit.RT("NoTag")
		if emit.Tagged(f.Named) {
			if own == nil {
				g.Return(jen.Qual("errors", "New").Call(jen.Lit("asn1gen: internal error: no tag for " + f.Named.Name)))
				return
			}
			tag = emit.TagCode(*own)
		}
		g.If(jen.Err().Op(":=").Add(dst()).Dot("DecodeASN1").Call(r.arg(), tag), jen.Err().Op("!=").Nil()).Block(wrap(jen.Err()))
		return
	}
	t := f.Type
	if own == nil {
		// An untagged open type without a table: the whole element (in
		// DER form, so that it is written back as DER).
		x := e.tmpName("x")
		g.List(jen.Id(x), jen.Err()).Op(":=").Add(r.id()).Dot("ReadRawDER").Call()
		g.Add(emit.IfErr(wrap))
		g.Add(dst()).Op("=").Id(x)
		return
	}
	bt, ok := plan.BuiltinOf(t)
	if !ok {
		// EXTERNAL, EMBEDDED PDV, CHARACTER STRING, INSTANCE OF: the
		// element's encoding, tag checked.
		g.If(jen.Op("!").Add(r.id()).Dot("Peek").Call(emit.TagCode(*own))).Block(wrap(r.id().Dot("Missing").Call(jen.Lit(emit.TypeText(t)), emit.TagCode(*own))))
		x := e.tmpName("x")
		g.List(jen.Id(x), jen.Err()).Op(":=").Add(r.id()).Dot("ReadRawDER").Call()
		g.Add(emit.IfErr(wrap))
		g.Add(dst()).Op("=").Id(x)
		return
	}
	checks := constraintChecks(t, dst, jen.Id("off"))
	var off string
	if len(checks) > 0 {
		off = e.tmpName("off")
		g.Id(off).Op(":=").Add(r.id()).Dot("Offset").Call()
		checks = constraintChecks(t, dst, jen.Id(off))
	}
	if t.Kind == model.TypeNull {
		g.If(jen.Err().Op(":=").Add(readCall(bt, r, emit.TagCode(*own))), jen.Err().Op("!=").Nil()).Block(wrap(jen.Err()))
	} else {
		x := e.tmpName("x")
		g.List(jen.Id(x), jen.Err()).Op(":=").Add(readCall(bt, r, emit.TagCode(*own)))
		g.Add(emit.IfErr(wrap))
		g.Add(dst()).Op("=").Id(x)
	}
	if len(checks) > 0 {
		g.If(jen.Op("!").Add(r.id()).Dot("SkipConstraints").Call()).BlockFunc(func(g *jen.Group) {
			for _, c := range checks {
				g.If(jen.Err().Op(":=").Add(c), jen.Err().Op("!=").Nil()).Block(wrap(jen.Err()))
			}
		})
	}
}

// constraintChecks returns the checks of the effective constraints of a
// built-in type on the value dst (X.680 51): SIZE, value range, permitted
// alphabet. Extensible constraints are not checked: values outside the
// root are valid (X.680 49.8).
func constraintChecks(t *model.Type, dst func() *jen.Statement, off jen.Code) []jen.Code {
	c := t.Constraints
	if c == nil || c.Extensible {
		return nil
	}
	typ := jen.Lit(emit.TypeText(t))
	var out []jen.Code
	if r := c.Size; r != nil && !(r.Min <= 0 && r.Max == math.MaxInt64) {
		var n jen.Code
		lo := r.Min
		switch t.Kind {
		case model.TypeOctetString, model.TypeSequenceOf, model.TypeSetOf:
			n = jen.Len(dst())
		case model.TypeBitString:
			n = dst().Dot("BitLength")
			if len(t.NamedNumbers) > 0 {
				// X.690 11.2.2 and its note 1: DER removes the trailing 0
				// bits of a named bit list even under a SIZE constraint,
				// and the value is that padded with 0 bits to the size:
				// only the bits up to the last 1 count, against the upper
				// bound.
				n, lo = dst().Dot("TrimTrailingZeros").Call().Dot("BitLength"), 0
			}
		case model.TypeCharacterString:
			switch t.Name {
			case "UTF8String", "BMPString", "UniversalString", "TeletexString", "T61String", "VideotexString":
				n = emit.RT("CharCount").Call(jen.String().Call(dst()))
			default:
				n = jen.Len(dst())
			}
		}
		if n != nil && !(lo <= 0 && r.Max == math.MaxInt64) {
			out = append(out, emit.RT("CheckSize").Call(off, typ, n, emit.Num(lo), emit.Num(r.Max)))
		}
	}
	// A range at int64's limits is no check for an int64; an endpoint
	// outside them, or at them for a der.Integer, is.
	if r := c.Value; r != nil && t.Kind == model.TypeInteger && (r.Big() && plan.IntegerGo(t) != "int64" || !(r.Min == math.MinInt64 && r.Max == math.MaxInt64)) {
		if set := mergeRanges(c.Values); plan.IntegerGo(t) == "int64" && len(set) > 1 {
			args := []jen.Code{off, typ, jen.Int64().Call(dst())}
			for _, v := range set {
				args = append(args, emit.Num(v.Min), emit.Num(v.Max))
			}
			out = append(out, emit.RT("CheckValues").Call(args...))
		} else if plan.IntegerGo(t) == "int64" {
			out = append(out, emit.RT("CheckRange").Call(off, typ, jen.Int64().Call(dst()), emit.Num(r.Min), emit.Num(r.Max)))
		} else if r.Big() {
			// An endpoint outside int64: the endpoints as INTEGER contents.
			lo, hi := r.Exact()
			octets := func(z *big.Int) string {
				if z == nil {
					return "" // MIN or MAX
				}
				return string(der.IntegerFromBig(z))
			}
			out = append(out, emit.RT("CheckIntegerBounds").Call(off, typ, emit.RT("Integer").Call(dst()), jen.Lit(octets(lo)), jen.Lit(octets(hi))))
		} else {
			out = append(out, emit.RT("CheckIntegerRange").Call(off, typ, emit.RT("Integer").Call(dst()), emit.Num(r.Min), emit.Num(r.Max)))
		}
	}
	if c.Alphabet != "" && t.Kind == model.TypeCharacterString {
		out = append(out, emit.RT("CheckAlphabet").Call(off, typ, jen.String().Call(dst()), jen.Lit(c.Alphabet)))
	}
	return out
}

// mergeRanges sorts a value set and joins the ranges that touch or
// overlap ((12 | 13 | 14..16) is 12..16).
func mergeRanges(set []model.Range) []model.Range {
	if len(set) < 2 {
		return set
	}
	s := append([]model.Range(nil), set...)
	sort.Slice(s, func(i, j int) bool { return s[i].Min < s[j].Min })
	out := s[:1]
	for _, r := range s[1:] {
		last := &out[len(out)-1]
		if r.Min <= last.Max || last.Max != math.MaxInt64 && r.Min == last.Max+1 {
			last.Max = max(last.Max, r.Max)
			continue
		}
		out = append(out, r)
	}
	return out
}

// decodeMethod emits DecodeASN1 for a type with a structure (and, for the
// inner list of a list of lists, decodeShared, which holds the body).
func (e *emitter) decodeMethod(f *jen.File, gt *plan.Type) {
	e.tmp = 0
	recv := jen.Id("v").Op("*").Id(gt.Name)
	params := []jen.Code{jen.Id("r").Op("*").Add(emit.RT("Reader")), jen.Id("t").Add(emit.RT("Tag"))}
	r := rd{name: "r", ptr: true}
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
func (e *emitter) rootDecode(g *jen.Group, gt *plan.Type) {
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
		e.readValue(g, rd{name: "r", ptr: true}, func() *jen.Statement { return jen.Id("v") }, s, emit.WithField(gt.ASN1))
		g.Return(jen.Id("r").Dot("Root").Call(jen.Nil(), jen.Lit(gt.ASN1)))
	})
}

func (e *emitter) decodePrimitive(g *jen.Group, gt *plan.Type, r rd) {
	t := gt.Body
	if t.Kind == model.TypeOpen {
		g.List(jen.Id("x"), jen.Err()).Op(":=").Add(r.id()).Dot("ReadRawDER").Call()
		g.Add(emit.IfErr(emit.PlainReturn))
		g.Op("*").Id("v").Op("=").Id("x")
		g.Return(jen.Nil())
		return
	}
	bt, ok := plan.BuiltinOf(t)
	if !ok {
		g.If(jen.Op("!").Add(r.id()).Dot("Peek").Call(jen.Id("t"))).Block(jen.Return(r.id().Dot("Missing").Call(jen.Lit(gt.ASN1), jen.Id("t"))))
		g.List(jen.Id("x"), jen.Err()).Op(":=").Add(r.id()).Dot("ReadRawDER").Call()
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
	checks := constraintChecks(t, x, jen.Id("off"))
	named := t.Kind == model.TypeBitString && len(gt.Consts) > 0
	if len(checks) > 0 || named || t.Kind == model.TypeEnumerated && !t.Extensible && len(gt.Consts) > 0 {
		g.Id("off").Op(":=").Add(r.id()).Dot("Offset").Call()
	}
	if t.Kind == model.TypeNull {
		g.Return(readCall(bt, r, jen.Id("t")))
		return
	}
	g.List(jen.Id("x"), jen.Err()).Op(":=").Add(readCall(bt, r, jen.Id("t")))
	g.Add(emit.IfErr(emit.PlainReturn))
	if t.Kind == model.TypeEnumerated && !t.Extensible && len(gt.Consts) > 0 {
		g.If(jen.Op("!").Id(gt.Name).Call(jen.Id("x")).Dot("valid").Call()).Block(
			jen.Return(emit.RT("CheckEnumerated").Call(jen.Id("off"), jen.Lit(gt.ASN1), jen.Id("x"))))
	}
	if named {
		emit.Comment(g, "X.690 11.2.2: DER removes the trailing 0 bits of a named bit list (unless tolerated:\nder.TolerateNamedBitPadding).")
		g.If(jen.Op("!").Add(r.id()).Dot("BER").Call().Op("&&").Op("!").Add(r.id()).Dot("Tolerates").Call(emit.RT("TolerateNamedBitPadding"))).Block(
			jen.If(jen.Err().Op(":=").Add(emit.RT("CheckNamedBits")).Call(jen.Id("x")), jen.Err().Op("!=").Nil()).Block(
				jen.Return(emit.RT("AtOffset").Call(jen.Err(), jen.Id("off")))))
	}
	if len(checks) > 0 {
		g.If(jen.Op("!").Add(r.id()).Dot("SkipConstraints").Call()).BlockFunc(func(g *jen.Group) {
			for _, c := range checks {
				g.If(jen.Err().Op(":=").Add(c), jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Err()))
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
func (e *emitter) innerShared(gt *plan.Type) bool {
	for _, o := range e.p.Types {
		if sharedList(o) == gt {
			return true
		}
	}
	return false
}

func (e *emitter) decodeList(g *jen.Group, gt *plan.Type, r rd) {
	g.List(jen.Id("s"), jen.Err()).Op(":=").Add(r.id()).Dot("ReadConstructed").Call(jen.Id("t"), jen.Lit(gt.ASN1))
	g.Add(emit.IfErr(emit.PlainReturn))
	s := rd{name: "s"}
	if gt.Kind == model.TypeSetOf {
		emit.Comment(g, "X.690 11.6: DER sorts the elements of a SET OF.")
		g.If(jen.Op("!").Id("s").Dot("Tolerates").Call(emit.RT("TolerateUnsortedSetOf"))).Block(
			jen.If(jen.Err().Op(":=").Id("s").Dot("CheckSetOfOrder").Call(jen.Lit(gt.ASN1)), jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Err())))
	}
	elem := gt.Elem
	if e.innerShared(gt) {
		// The elements come from the caller's backing array when it has
		// room (see decodeShared), else from a new slice.
		g.Id("n").Op(":=").Id("s").Dot("Count").Call()
		g.Var().Id("list").Index().Add(emit.GoType(elem))
		g.If(jen.Id("backing").Op("!=").Nil().Op("&&").Id("n").Op("<=").Len(jen.Op("*").Id("backing"))).Block(
			jen.Id("list").Op(",").Op("*").Id("backing").Op("=").Parens(jen.Op("*").Id("backing")).Index(jen.Empty(), jen.Id("n"), jen.Id("n")).Op(",").Parens(jen.Op("*").Id("backing")).Index(jen.Id("n"), jen.Empty()),
		).Else().Block(
			jen.If(jen.List(jen.Id("list"), jen.Err()).Op("=").Add(emit.RT("MakeSlice")).Types(emit.GoType(elem)).Call(jen.Op("&").Id("s"), jen.Id("n")), jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Err())),
		)
	} else {
		g.List(jen.Id("list"), jen.Err()).Op(":=").Add(emit.RT("MakeSlice")).Types(emit.GoType(elem)).Call(jen.Op("&").Id("s"), jen.Id("s").Dot("Count").Call())
		g.Add(emit.IfErr(emit.PlainReturn))
	}
	inner := sharedList(gt)
	if inner != nil {
		emit.Comment(g, "One backing array for the elements of every inner list.")
		g.List(jen.Id("inner"), jen.Err()).Op(":=").Add(emit.RT("MakeSlice")).Types(emit.GoType(inner.Elem)).Call(jen.Op("&").Id("s"), jen.Id("s").Dot("CountNested").Call())
		g.Add(emit.IfErr(emit.PlainReturn))
	}
	g.For(jen.Id("i").Op(":=").Range().Id("list")).BlockFunc(func(g *jen.Group) {
		wrap := func(err jen.Code) jen.Code { return jen.Return(emit.RT("WithIndex").Call(err, jen.Id("i"))) }
		if inner != nil {
			_, own := emit.SplitTags(elem.Type)
			g.If(jen.Err().Op(":=").Id("list").Index(jen.Id("i")).Dot("decodeShared").Call(jen.Op("&").Id("s"), emit.TagCode(*own), jen.Op("&").Id("inner")), jen.Err().Op("!=").Nil()).Block(wrap(jen.Err()))
			return
		}
		e.readValue(g, s, func() *jen.Statement { return jen.Id("list").Index(jen.Id("i")) }, elem, wrap)
	})
	g.If(jen.Err().Op(":=").Id("s").Dot("Finish").Call(jen.Lit(gt.ASN1)), jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Err()))
	list := func() *jen.Statement { return jen.Id("list") }
	if checks := constraintChecks(gt.Body, list, jen.Id("s").Dot("Offset").Call()); len(checks) > 0 {
		g.If(jen.Op("!").Id("s").Dot("SkipConstraints").Call()).BlockFunc(func(g *jen.Group) {
			for _, c := range checks {
				g.If(jen.Err().Op(":=").Add(c), jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Err()))
			}
		})
	}
	g.Op("*").Id("v").Op("=").Id("list")
	g.Return(jen.Nil())
}

func (e *emitter) decodeSequence(g *jen.Group, gt *plan.Type, r rd) {
	if gt.Raw != "" {
		g.Id("start").Op(":=").Add(r.id()).Dot("Offset").Call()
	}
	g.List(jen.Id("s"), jen.Err()).Op(":=").Add(r.id()).Dot("ReadConstructed").Call(jen.Id("t"), jen.Lit(gt.ASN1))
	g.Add(emit.IfErr(emit.PlainReturn))
	s := rd{name: "s"}
	e.declareDeferred(g, gt)
	root2 := len(gt.Fields) - gt.Body.Root2
	for i, f := range gt.Fields {
		if i == root2 && gt.Unknown != "" && gt.Body.Root2 > 0 {
			if tags := emit.FirstTags(f.Type, 0); tags != nil {
				emit.Comment(g, "Additions of a later version, before the second root part.")
				g.For(jen.Op("!").Id("s").Dot("Empty").Call().Op("&&").Op("!").Add(e.presence(s, f, nil))).Block(
					jen.List(jen.Id("x"), jen.Err()).Op(":=").Id("s").Dot("ReadRawDER").Call(),
					jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Err())),
					jen.Id("v").Dot(gt.Unknown).Op("=").Append(jen.Id("v").Dot(gt.Unknown), jen.Id("x").Op("...")))
			}
		}
		emit.Comment(g, emit.ComponentText(f.Comp))
		e.readComponent(g, gt, s, f, gt.Fields[i+1:])
	}
	if gt.Unknown != "" && gt.Body.Root2 == 0 {
		g.If(jen.Op("!").Id("s").Dot("Empty").Call()).Block(
			jen.If(jen.List(jen.Id("v").Dot(gt.Unknown), jen.Err()).Op("=").Id("s").Dot("ReadRestDER").Call(), jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Err())))
	}
	if gt.Raw == "" && !hasDeferred(gt) {
		g.Return(jen.Id("s").Dot("Finish").Call(jen.Lit(gt.ASN1)))
		return
	}
	g.If(jen.Err().Op(":=").Id("s").Dot("Finish").Call(jen.Lit(gt.ASN1)), jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Err()))
	e.resolveDeferred(g, gt, s)
	if gt.Raw != "" {
		g.Id("v").Dot(gt.Raw).Op("=").Add(r.id()).Dot("Since").Call(jen.Id("start"))
	}
	g.Return(jen.Nil())
}

// hasDeferred reports whether gt has an open type resolved after its last
// component (see resolveDeferred).
func hasDeferred(gt *plan.Type) bool {
	for _, f := range gt.Fields {
		if f.Union != nil && f.Deferred {
			return true
		}
	}
	return false
}

// presence is the condition that an optional component is present at the
// reader's position, given the components that follow it.
func (e *emitter) presence(s rd, f *plan.Field, rest []*plan.Field) jen.Code {
	tags := emit.FirstTags(f.Type, 0)
	if u := f.Type.Underlying(); tags != nil && len(f.Type.Tags) == 0 && u.Kind == model.TypeChoice && u.Extensible {
		// An untagged extensible CHOICE: an alternative this version does
		// not know may have any tag, so the component is
		// present unless the next element belongs to a component that
		// follows, as for an untagged open type.
		tags = nil
	}
	if tags != nil {
		if len(tags) == 1 {
			return s.id().Dot("Peek").Call(emit.TagCode(emit.PlainTag(tags[0])))
		}
		return jen.Func().Params(jen.List(jen.Id("t").Add(emit.RT("Tag")), jen.Id("ok").Bool())).Bool().Block(
			jen.Return(jen.Id("ok").Op("&&").Parens(emit.TagCond(jen.Id("t"), tags)))).Call(s.id().Dot("PeekTag").Call())
	}
	// An untagged open type or extensible CHOICE: present unless the next
	// element belongs to a component that follows.
	var follow []model.Tag
	for _, n := range rest {
		ft := emit.FirstTags(n.Type, 0)
		follow = append(follow, ft...)
		if !emit.OptionalComponent(n) || ft == nil {
			break
		}
	}
	cond := jen.Op("!").Add(s.id()).Dot("Empty").Call()
	for _, t := range follow {
		cond = cond.Op("&&").Op("!").Add(s.id()).Dot("Peek").Call(emit.TagCode(emit.PlainTag(t)))
	}
	return cond
}

// readComponent emits the decoding of one SEQUENCE component.
func (e *emitter) readComponent(g *jen.Group, gt *plan.Type, s rd, f *plan.Field, rest []*plan.Field) {
	wrap := emit.WithField(f.ASN1)
	read := func(g *jen.Group) {
		var start string
		if f.Raw != "" {
			start = e.tmpName("start")
			g.Id(start).Op(":=").Add(s.id()).Dot("Offset").Call()
		}
		if f.Union != nil {
			e.readUnion(g, s, f, wrap)
		} else {
			e.readValue(g, s, emit.FieldDst(f), f, wrap)
		}
		if f.Raw != "" {
			g.Id("v").Dot(f.Raw).Op("=").Add(s.id()).Dot("Since").Call(jen.Id(start))
		}
	}
	if !emit.OptionalComponent(f) {
		read(g)
		return
	}
	def, hasDef := emit.DefaultValue(f)
	g.If(e.presence(s, f, rest)).BlockFunc(func(g *jen.Group) {
		var off string
		if hasDef {
			off = e.tmpName("off")
			g.Id(off).Op(":=").Add(s.id()).Dot("Offset").Call()
		}
		read(g)
		g.Id("v").Dot(f.Has).Op("=").True()
		if hasDef {
			if eq := emit.IsDefault(f, emit.FieldDst(f)); eq != nil {
				g.If(jen.Op("!").Add(s.id()).Dot("BER").Call().Op("&&").Op("!").Add(s.id()).Dot("Tolerates").Call(emit.RT("TolerateExplicitDefault")).Op("&&").Add(eq)).Block(
					wrap(emit.RT("EncodedDefault").Call(jen.Id(off), jen.Lit(gt.ASN1))))
			}
		}
	}).Do(func(st *jen.Statement) {
		if hasDef {
			st.Else().Block(jen.Id("v").Dot(f.Name).Op("=").Add(def))
		}
	})
}

// readUnion reads an open type (or the OCTET or BIT STRING containing it)
// and resolves it through the table by the key already decoded.
func (e *emitter) readUnion(g *jen.Group, s rd, f *plan.Field, wrap emit.Wrap) {
	wrappers, own := emit.SplitTags(f.Type)
	cur, opened := e.openWrappers(g, s, wrappers, wrap)
	if f.List {
		e.readUnionList(g, cur, f, own, wrap)
		closeWrappers(g, opened, f.Type, wrap)
		return
	}
	sub := e.tmpName("sub")
	raw := jen.Id("v").Dot(f.Name).Dot("Raw")
	switch {
	case !f.Containing:
		off, x := e.tmpName("off"), e.tmpName("x")
		g.Id(off).Op(":=").Add(cur.id()).Dot("Offset").Call()
		g.List(jen.Id(x), jen.Err()).Op(":=").Add(cur.id()).Dot("ReadRaw").Call()
		g.Add(emit.IfErr(wrap))
		g.Add(raw.Clone()).Op("=").Id(x)
		g.Id(sub).Op(":=").Add(cur.id()).Dot("Open").Call(raw.Clone(), jen.Id(off))
	case f.Type.Kind == model.TypeBitString:
		c, off := e.tmpName("c"), e.tmpName("off")
		g.List(jen.Id(c), jen.Id(off), jen.Err()).Op(":=").Add(cur.id()).Dot("ReadString").Call(emit.TagCode(*own), jen.Lit("BIT STRING"))
		g.Add(emit.IfErr(wrap))
		emit.Comment(g, "X.682 11: a BIT STRING that contains an encoding has no unused bits.")
		g.If(jen.Len(jen.Id(c)).Op("==").Lit(0).Op("||").Id(c).Index(jen.Lit(0)).Op("!=").Lit(0)).Block(
			wrap(emit.RT("NewError").Call(emit.RT("KindInvalidValue"), jen.Id(off), jen.Lit("BIT STRING"), jen.Lit("contained encoding with unused bits"), jen.Lit("X.682 11.2"))))
		g.Add(raw.Clone()).Op("=").Id(c).Index(jen.Lit(1), jen.Empty())
		g.Id(sub).Op(":=").Add(cur.id()).Dot("Open").Call(raw.Clone(), jen.Id(off).Op("+").Lit(1))
	default:
		c, off := e.tmpName("c"), e.tmpName("off")
		g.List(jen.Id(c), jen.Id(off), jen.Err()).Op(":=").Add(cur.id()).Dot("ReadString").Call(emit.TagCode(*own), jen.Lit("OCTET STRING"))
		g.Add(emit.IfErr(wrap))
		g.Add(raw.Clone()).Op("=").Id(c)
		g.Id(sub).Op(":=").Add(cur.id()).Dot("Open").Call(raw.Clone(), jen.Id(off))
	}
	if f.Deferred {
		// Resolved by resolveDeferred once the key is read.
		g.Id(emit.DeferOff(f)).Op("=").Add(jen.Id(sub)).Dot("Offset").Call()
	} else {
		g.If(jen.Err().Op(":=").Id("v").Dot(f.Name).Dot("decode").Call(emit.UnionKeyArg(f), jen.Op("&").Id(sub)), jen.Err().Op("!=").Nil()).Block(wrap(jen.Err()))
	}
	closeWrappers(g, opened, f.Type, wrap)
}

// declareDeferred declares the offsets of the deferred open types of gt.
func (e *emitter) declareDeferred(g *jen.Group, gt *plan.Type) {
	for _, f := range gt.Fields {
		if f.Union != nil && f.Deferred {
			g.Var().Id(emit.DeferOff(f)).Int()
		}
	}
}

// resolveDeferred decodes the deferred open types of gt, now that their
// keys are read.
func (e *emitter) resolveDeferred(g *jen.Group, gt *plan.Type, s rd) {
	for _, f := range gt.Fields {
		if f.Union == nil || !f.Deferred {
			continue
		}
		body := []jen.Code{
			jen.Id("sub").Op(":=").Add(s.id()).Dot("Open").Call(jen.Id("v").Dot(f.Name).Dot("Raw"), jen.Id(emit.DeferOff(f))),
			jen.If(jen.Err().Op(":=").Id("v").Dot(f.Name).Dot("decode").Call(emit.UnionKeyArg(f), jen.Op("&").Id("sub")), jen.Err().Op("!=").Nil()).Block(
				emit.WithField(f.ASN1)(jen.Err())),
		}
		emit.Comment(g, f.ASN1+": its key "+f.Key.ASN1+" is read now.")
		if f.Has != "" {
			g.If(jen.Id("v").Dot(f.Has)).Block(body...)
		} else {
			g.Block(body...)
		}
	}
}

// readUnionList reads a SET OF or SEQUENCE OF open type values, each
// resolved by the same key (Attribute.attrValues).
func (e *emitter) readUnionList(g *jen.Group, cur rd, f *plan.Field, own *model.Tag, wrap emit.Wrap) {
	l, list := e.tmpName("l"), e.tmpName("list")
	g.List(jen.Id(l), jen.Err()).Op(":=").Add(cur.id()).Dot("ReadConstructed").Call(emit.TagCode(*own), jen.Lit(f.Type.Kind.String()))
	g.Add(emit.IfErr(wrap))
	if f.Type.Kind == model.TypeSetOf {
		g.If(jen.Op("!").Id(l).Dot("Tolerates").Call(emit.RT("TolerateUnsortedSetOf"))).Block(
			jen.If(jen.Err().Op(":=").Id(l).Dot("CheckSetOfOrder").Call(jen.Lit("SET OF")), jen.Err().Op("!=").Nil()).Block(wrap(jen.Err())))
	}
	g.List(jen.Id(list), jen.Err()).Op(":=").Add(emit.RT("MakeSlice")).Types(jen.Id(f.Union.Type.Name)).Call(jen.Op("&").Id(l), jen.Id(l).Dot("Count").Call())
	g.Add(emit.IfErr(wrap))
	idx := func(err jen.Code) jen.Code { return wrap(emit.RT("WithIndex").Call(err, jen.Id("i"))) }
	g.For(jen.Id("i").Op(":=").Range().Id(list)).Block(
		jen.Id("off").Op(":=").Id(l).Dot("Offset").Call(),
		jen.List(jen.Id("x"), jen.Err()).Op(":=").Id(l).Dot("ReadRaw").Call(),
		jen.If(jen.Err().Op("!=").Nil()).Block(idx(jen.Err())),
		jen.Id(list).Index(jen.Id("i")).Dot("Raw").Op("=").Id("x"),
		jen.Id("sub").Op(":=").Id(l).Dot("Open").Call(jen.Id("x"), jen.Id("off")),
		jen.If(jen.Err().Op(":=").Id(list).Index(jen.Id("i")).Dot("decode").Call(emit.UnionKeyArg(f), jen.Op("&").Id("sub")), jen.Err().Op("!=").Nil()).Block(idx(jen.Err())),
	)
	g.If(jen.Err().Op(":=").Id(l).Dot("Finish").Call(jen.Lit(f.Type.Kind.String())), jen.Err().Op("!=").Nil()).Block(wrap(jen.Err()))
	lv := func() *jen.Statement { return jen.Id(list) }
	if checks := constraintChecks(f.Type, lv, jen.Id(l).Dot("Offset").Call()); len(checks) > 0 {
		g.If(jen.Op("!").Id(l).Dot("SkipConstraints").Call()).BlockFunc(func(g *jen.Group) {
			for _, c := range checks {
				g.If(jen.Err().Op(":=").Add(c), jen.Err().Op("!=").Nil()).Block(wrap(jen.Err()))
			}
		})
	}
	g.Id("v").Dot(f.Name).Op("=").Id(list)
}

func (e *emitter) decodeSet(g *jen.Group, gt *plan.Type, r rd) {
	g.List(jen.Id("s"), jen.Err()).Op(":=").Add(r.id()).Dot("ReadConstructed").Call(jen.Id("t"), jen.Lit(gt.ASN1))
	g.Add(emit.IfErr(emit.PlainReturn))
	s := rd{name: "s"}
	e.declareDeferred(g, gt)
	ranks := setRanks(e, gt)
	seen := map[*plan.Field]string{}
	for _, f := range gt.Fields {
		if f.Has == "" {
			seen[f] = e.tmpName("seen")
			g.Var().Id(seen[f]).Bool()
		}
	}
	if len(gt.Fields) > 0 {
		g.Id("prev").Op(":=").Lit(-1)
	}
	g.For(jen.Op("!").Id("s").Dot("Empty").Call()).BlockFunc(func(g *jen.Group) {
		if len(gt.Fields) > 0 {
			g.List(jen.Id("tag"), jen.Id("_")).Op(":=").Id("s").Dot("PeekTag").Call()
		}
		g.Switch().BlockFunc(func(g *jen.Group) {
			for _, f := range gt.Fields {
				flag := jen.Id("v").Dot(f.Has)
				if f.Has == "" {
					flag = jen.Id(seen[f])
				}
				tags := emit.FirstTags(f.Type, 0)
				g.Case(emit.TagCond(jen.Id("tag"), tags)).BlockFunc(func(g *jen.Group) {
					emit.Comment(g, emit.ComponentText(f.Comp))
					g.If(flag.Clone()).Block(jen.Return(emit.RT("Duplicate").Call(jen.Id("s").Dot("Offset").Call(), jen.Lit(gt.ASN1))))
					g.If(jen.Op("!").Id("s").Dot("BER").Call().Op("&&").Id("prev").Op(">=").Lit(ranks[f])).Block(
						jen.Return(emit.RT("SetOrder").Call(jen.Id("s").Dot("Offset").Call(), jen.Lit(gt.ASN1))))
					g.Id("prev").Op("=").Lit(ranks[f])
					if f.Union != nil {
						e.readUnion(g, s, f, emit.WithField(f.ASN1))
					} else {
						e.readValue(g, s, emit.FieldDst(f), f, emit.WithField(f.ASN1))
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
			tags := emit.FirstTags(f.Type, 0)
			var want jen.Code = jen.Lit(0)
			if len(tags) > 0 {
				want = emit.TagCode(emit.PlainTag(tags[0]))
			}
			g.If(jen.Op("!").Id(seen[f])).Block(emit.WithField(f.ASN1)(jen.Id("s").Dot("Missing").Call(jen.Lit(gt.ASN1), want)))
		} else if def, ok := emit.DefaultValue(f); ok {
			g.If(jen.Op("!").Id("v").Dot(f.Has)).Block(jen.Id("v").Dot(f.Name).Op("=").Add(def))
		}
	}
	e.resolveDeferred(g, gt, s)
	g.Return(jen.Nil())
}

// setRanks numbers the components of a SET in the canonical order of their
// tags (X.690 10.3, X.680 8.6): universal, application, context-specific,
// private, then by number. An untagged CHOICE ranks by its smallest tag.
func setRanks(e *emitter, gt *plan.Type) map[*plan.Field]int {
	type ranked struct {
		f   *plan.Field
		key uint64
	}
	var list []ranked
	for _, f := range gt.Fields {
		tags := emit.FirstTags(f.Type, 0)
		key := uint64(math.MaxUint64)
		for _, t := range tags {
			k := uint64(emit.WireClass(t.Class))<<40 | uint64(t.Number)
			if k < key {
				key = k
			}
		}
		list = append(list, ranked{f, key})
	}
	out := map[*plan.Field]int{}
	for i, a := range list {
		n := 0
		for j, b := range list {
			if b.key < a.key || (b.key == a.key && j < i) {
				n++
			}
		}
		out[a.f] = n
	}
	return out
}

func (e *emitter) decodeChoice(g *jen.Group, gt *plan.Type, r rd) {
	g.List(jen.Id("tag"), jen.Id("_")).Op(":=").Add(r.id()).Dot("PeekTag").Call()
	var open *plan.Field
	g.Switch().BlockFunc(func(g *jen.Group) {
		for _, f := range gt.Fields {
			tags := emit.FirstTags(f.Type, 0)
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
				e.readValue(g, r, emit.FieldDst(f), f, emit.WithField(f.ASN1))
			})
		}
		g.Default().BlockFunc(func(g *jen.Group) {
			if open != nil {
				g.Id("v").Dot("Choice").Op("=").Id(open.ChoiceConst)
				e.readValue(g, r, emit.FieldDst(open), open, emit.WithField(open.ASN1))
				return
			}
			if gt.Unknown != "" {
				g.If(jen.Op("!").Add(r.id()).Dot("Empty").Call()).Block(
					jen.Var().Err().Error(),
					jen.List(jen.Id("v").Dot(gt.Unknown), jen.Err()).Op("=").Add(r.id()).Dot("ReadRawDER").Call(),
					jen.Return(jen.Err()))
			}
			g.Return(r.id().Dot("NoAlternative").Call(jen.Lit(gt.ASN1)))
		})
	})
	g.Return(jen.Nil())
}

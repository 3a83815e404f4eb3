package gen

import (
	"math"
	"math/big"
	"sort"
	"strconv"

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

// wrapFn turns the error variable into the statement that returns it,
// adding the field path.
type wrapFn func(err jen.Code) jen.Code

func withField(name string) wrapFn {
	return func(err jen.Code) jen.Code {
		return jen.Return(rt("WithField").Call(err, jen.Lit(name)))
	}
}

func plainReturn(err jen.Code) jen.Code { return jen.Return(err) }

func ifErr(wrap wrapFn) *jen.Statement {
	return jen.If(jen.Err().Op("!=").Nil()).Block(wrap(jen.Err()))
}

func (e *emitter) tmpName(prefix string) string {
	e.tmp++
	return prefix + strconv.Itoa(e.tmp)
}

// universalNames are the names of the constants of the universal tags.
var universalNames = map[der.Tag]string{
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

// wireClass maps the model's tag class to the runtime's (X.690 8.1.2.2
// numbering).
func wireClass(c model.TagClass) der.Class {
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

// num is an untyped integer literal.
func num(v int64) *jen.Statement { return jen.Id(strconv.FormatInt(v, 10)) }

// tagCode is the Go expression of a tag: der.TagSequence, der.Tag(15),
// der.Context(0), der.Application(1), der.Private(2).
func tagCode(t model.Tag) *jen.Statement {
	n := uint32(t.Number)
	switch wireClass(t.Class) {
	case der.ClassUniversal:
		if name, ok := universalNames[der.Tag(n)]; ok {
			return rt(name)
		}
		return rt("Tag").Call(jen.Lit(int(n)))
	case der.ClassContextSpecific:
		return rt("Context").Call(jen.Lit(int(n)))
	case der.ClassApplication:
		return rt("Application").Call(jen.Lit(int(n)))
	}
	return rt("Private").Call(jen.Lit(int(n)))
}

// splitTags returns the explicit wrappers of a type's encoding and its own
// tag (nil for an untagged CHOICE or open type inside the wrappers).
func splitTags(t *model.Type) (wrappers []model.Tag, own *model.Tag) {
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

// bodyOf follows aliases and bases to the Go type with a structure.
func bodyOf(gt *plan.Type) *plan.Type {
	for gt.Alias != nil || gt.Base != nil {
		if gt.Alias != nil {
			gt = gt.Alias
		} else {
			gt = gt.Base
		}
	}
	return gt
}

// tagged reports whether a Go type's DecodeASN1 and EncodeASN1 methods use
// the tag (every type but CHOICE and open types, whose values bring their
// own: they take der.NoTag).
func tagged(gt *plan.Type) bool {
	b := bodyOf(gt)
	return b.Kind != model.TypeChoice && b.Kind != model.TypeOpen && b.Union == nil
}

// readValue emits the statements that decode one value of type t (with
// its tags) from r into dst.
func (e *emitter) readValue(g *jen.Group, r rd, dst func() *jen.Statement, f *plan.Field, wrap wrapFn) {
	wrappers, own := splitTags(f.Type)
	cur, opened := e.openWrappers(g, r, wrappers, wrap)
	e.readInner(g, cur, dst, f, own, wrap)
	closeWrappers(g, opened, f.Type, wrap)
}

// openWrappers emits the reads of the explicit tags wrappers (the first
// tags of a type, see splitTags) from r, and returns the reader inside them
// and the readers opened, for closeWrappers.
func (e *emitter) openWrappers(g *jen.Group, r rd, wrappers []model.Tag, wrap wrapFn) (cur rd, opened []rd) {
	cur = r
	for _, w := range wrappers {
		name := e.tmpName("w")
		g.List(jen.Id(name), jen.Err()).Op(":=").Add(cur.id()).Dot("ReadConstructed").Call(tagCode(plainTag(w)), jen.Lit(w.String()))
		g.Add(ifErr(wrap))
		cur = rd{name: name}
		opened = append(opened, cur)
	}
	return cur, opened
}

// closeWrappers emits the checks that each wrapper openWrappers opened for
// type t holds nothing more, innermost first.
func closeWrappers(g *jen.Group, opened []rd, t *model.Type, wrap wrapFn) {
	for i := len(opened) - 1; i >= 0; i-- {
		g.If(jen.Err().Op(":=").Add(opened[i].id()).Dot("Finish").Call(jen.Lit(t.Tags[i].String())), jen.Err().Op("!=").Nil()).Block(wrap(jen.Err()))
	}
}

// readInner decodes the value inside its explicit wrappers: own is its own
// tag, nil when the value is untagged (CHOICE, open type).
func (e *emitter) readInner(g *jen.Group, r rd, dst func() *jen.Statement, f *plan.Field, own *model.Tag, wrap wrapFn) {
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
			g.List(jen.Id(c), jen.Id(off), jen.Err()).Op(":=").Add(r.id()).Dot("ReadString").Call(tagCode(*own), jen.Lit("BIT STRING"))
			g.Add(ifErr(wrap))
			comment(g, "X.682 11: a BIT STRING that contains an encoding has no unused bits.")
			g.If(jen.Len(jen.Id(c)).Op("==").Lit(0).Op("||").Id(c).Index(jen.Lit(0)).Op("!=").Lit(0)).Block(
				wrap(rt("NewError").Call(rt("KindInvalidValue"), jen.Id(off), jen.Lit("BIT STRING"), jen.Lit("contained encoding with unused bits"), jen.Lit("X.682 11.2"))))
			g.Id(sub).Op(":=").Add(r.id()).Dot("Open").Call(jen.Id(c).Index(jen.Lit(1), jen.Empty()), jen.Id(off).Op("+").Lit(1))
		} else {
			g.List(jen.Id(c), jen.Id(off), jen.Err()).Op(":=").Add(r.id()).Dot("ReadString").Call(tagCode(*own), jen.Lit("OCTET STRING"))
			g.Add(ifErr(wrap))
			g.Id(sub).Op(":=").Add(r.id()).Dot("Open").Call(jen.Id(c), jen.Id(off))
		}
		inner := *f
		inner.Octets, inner.Type = false, f.Inner
		e.readValue(g, rd{name: sub}, dst, &inner, wrap)
		g.If(jen.Err().Op(":=").Id(sub).Dot("Finish").Call(jen.Lit(typeText(f.Inner))), jen.Err().Op("!=").Nil()).Block(wrap(jen.Err()))
		return
	}
	if f.Named != nil {
		if f.Ptr {
			p := e.tmpName("p")
			g.List(jen.Id(p), jen.Err()).Op(":=").Add(rt("New")).Types(ref(f.Named)).Call(r.arg())
			g.Add(ifErr(wrap))
			g.Add(dst()).Op("=").Id(p)
		}
		tag := rt("NoTag")
		if tagged(f.Named) {
			if own == nil {
				g.Return(jen.Qual("errors", "New").Call(jen.Lit("asn1gen: internal error: no tag for " + f.Named.Name)))
				return
			}
			tag = tagCode(*own)
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
		g.Add(ifErr(wrap))
		g.Add(dst()).Op("=").Id(x)
		return
	}
	bt, ok := plan.BuiltinOf(t)
	if !ok {
		// EXTERNAL, EMBEDDED PDV, CHARACTER STRING, INSTANCE OF: the
		// element's encoding, tag checked.
		g.If(jen.Op("!").Add(r.id()).Dot("Peek").Call(tagCode(*own))).Block(wrap(r.id().Dot("Missing").Call(jen.Lit(typeText(t)), tagCode(*own))))
		x := e.tmpName("x")
		g.List(jen.Id(x), jen.Err()).Op(":=").Add(r.id()).Dot("ReadRawDER").Call()
		g.Add(ifErr(wrap))
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
		g.If(jen.Err().Op(":=").Add(readCall(bt, r, tagCode(*own))), jen.Err().Op("!=").Nil()).Block(wrap(jen.Err()))
	} else {
		x := e.tmpName("x")
		g.List(jen.Id(x), jen.Err()).Op(":=").Add(readCall(bt, r, tagCode(*own)))
		g.Add(ifErr(wrap))
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
	typ := jen.Lit(typeText(t))
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
				n = rt("CharCount").Call(jen.String().Call(dst()))
			default:
				n = jen.Len(dst())
			}
		}
		if n != nil && !(lo <= 0 && r.Max == math.MaxInt64) {
			out = append(out, rt("CheckSize").Call(off, typ, n, num(lo), num(r.Max)))
		}
	}
	// A range at int64's limits is no check for an int64; an endpoint
	// outside them, or at them for a der.Integer, is.
	if r := c.Value; r != nil && t.Kind == model.TypeInteger && (r.Big() && plan.IntegerGo(t) != "int64" || !(r.Min == math.MinInt64 && r.Max == math.MaxInt64)) {
		if set := mergeRanges(c.Values); plan.IntegerGo(t) == "int64" && len(set) > 1 {
			args := []jen.Code{off, typ, jen.Int64().Call(dst())}
			for _, v := range set {
				args = append(args, num(v.Min), num(v.Max))
			}
			out = append(out, rt("CheckValues").Call(args...))
		} else if plan.IntegerGo(t) == "int64" {
			out = append(out, rt("CheckRange").Call(off, typ, jen.Int64().Call(dst()), num(r.Min), num(r.Max)))
		} else if r.Big() {
			// An endpoint outside int64: the endpoints as INTEGER contents.
			lo, hi := r.Exact()
			octets := func(z *big.Int) string {
				if z == nil {
					return "" // MIN or MAX
				}
				return string(der.IntegerFromBig(z))
			}
			out = append(out, rt("CheckIntegerBounds").Call(off, typ, rt("Integer").Call(dst()), jen.Lit(octets(lo)), jen.Lit(octets(hi))))
		} else {
			out = append(out, rt("CheckIntegerRange").Call(off, typ, rt("Integer").Call(dst()), num(r.Min), num(r.Max)))
		}
	}
	if c.Alphabet != "" && t.Kind == model.TypeCharacterString {
		out = append(out, rt("CheckAlphabet").Call(off, typ, jen.String().Call(dst()), jen.Lit(c.Alphabet)))
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

// firstTags returns the tags the encoding of t can start with; nil means
// any (an untagged open type).
func firstTags(t *model.Type, depth int) []model.Tag {
	if len(t.Tags) > 0 {
		return []model.Tag{t.Tags[0]}
	}
	u := t.Underlying()
	if u.Kind != model.TypeChoice || depth > 20 {
		return nil
	}
	var out []model.Tag
	for _, c := range u.Components {
		ft := firstTags(c.Type, depth+1)
		if ft == nil {
			return nil
		}
		out = append(out, ft...)
	}
	return out
}

// tagCond is the condition "the tag t (a variable) is one of tags".
func tagCond(t jen.Code, tags []model.Tag) jen.Code {
	var cond *jen.Statement
	for _, tag := range tags {
		c := jen.Add(t).Op("==").Add(tagCode(plainTag(tag)))
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

// plainTag drops the Explicit mark: a tag as the wire shows it.
func plainTag(t model.Tag) model.Tag { t.Explicit = false; return t }

// decodeMethod emits DecodeASN1 for a type with a structure (and, for the
// inner list of a list of lists, decodeShared, which holds the body).
func (e *emitter) decodeMethod(f *jen.File, gt *plan.Type) {
	e.tmp = 0
	recv := jen.Id("v").Op("*").Id(gt.Name)
	params := []jen.Code{jen.Id("r").Op("*").Add(rt("Reader")), jen.Id("t").Add(rt("Tag"))}
	r := rd{name: "r", ptr: true}
	comment(f, decodeDoc(gt))
	if (gt.Kind == model.TypeSequenceOf || gt.Kind == model.TypeSetOf) && e.innerShared(gt) {
		f.Func().Params(recv).Id("DecodeASN1").Params(params...).Error().BlockFunc(func(g *jen.Group) {
			e.rootDecode(g, gt)
			g.Return(jen.Id("v").Dot("decodeShared").Call(jen.Id("r"), jen.Id("t"), jen.Nil()))
		})
		comment(f, "decodeShared is DecodeASN1 (t not 0) taking the elements from *backing when\nit has room (one array for all the lists of an enclosing list).")
		params = append(params, jen.Id("backing").Op("*").Index().Add(goTypeOf(gt.Elem)))
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
	if !tagged(gt) {
		return "DecodeASN1 reads v from r (t: der.NoTag, or 0 when v is the whole input); der.Unmarshal calls it."
	}
	return "DecodeASN1 reads v with tag t from r (t = 0: its own, v being the whole input); der.Unmarshal calls it."
}

// self is a type as a field of nothing: its tags (those of the assignment,
// which may wrap the structure in EXPLICIT tags) and its Go type.
func self(gt *plan.Type) *plan.Field {
	f := &plan.Field{Type: gt.Top, Named: gt, ASN1: gt.ASN1}
	if gt.Top == nil {
		f.Type = gt.Body
	}
	return f
}

// rootDecode emits the branch of DecodeASN1 for t = 0, a value that is
// the whole input: read with its own tags, its errors' paths start with
// the type's name, and nothing may follow it.
//
//	if t == 0 {
//		return r.Root(v.DecodeASN1(r, der.TagSequence), "Validity")
//	}
func (e *emitter) rootDecode(g *jen.Group, gt *plan.Type) {
	s := self(gt)
	wrappers, own := splitTags(s.Type)
	g.If(jen.Id("t").Op("==").Lit(0)).BlockFunc(func(g *jen.Group) {
		if len(wrappers) == 0 {
			tag := rt("NoTag")
			if own != nil && tagged(gt) {
				tag = tagCode(*own)
			}
			g.Return(jen.Id("r").Dot("Root").Call(jen.Id("v").Dot("DecodeASN1").Call(jen.Id("r"), tag), jen.Lit(gt.ASN1)))
			return
		}
		e.readValue(g, rd{name: "r", ptr: true}, func() *jen.Statement { return jen.Id("v") }, s, withField(gt.ASN1))
		g.Return(jen.Id("r").Dot("Root").Call(jen.Nil(), jen.Lit(gt.ASN1)))
	})
}

func (e *emitter) decodePrimitive(g *jen.Group, gt *plan.Type, r rd) {
	t := gt.Body
	if t.Kind == model.TypeOpen {
		g.List(jen.Id("x"), jen.Err()).Op(":=").Add(r.id()).Dot("ReadRawDER").Call()
		g.Add(ifErr(plainReturn))
		g.Op("*").Id("v").Op("=").Id("x")
		g.Return(jen.Nil())
		return
	}
	bt, ok := plan.BuiltinOf(t)
	if !ok {
		g.If(jen.Op("!").Add(r.id()).Dot("Peek").Call(jen.Id("t"))).Block(jen.Return(r.id().Dot("Missing").Call(jen.Lit(gt.ASN1), jen.Id("t"))))
		g.List(jen.Id("x"), jen.Err()).Op(":=").Add(r.id()).Dot("ReadRawDER").Call()
		g.Add(ifErr(plainReturn))
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
	g.Add(ifErr(plainReturn))
	if t.Kind == model.TypeEnumerated && !t.Extensible && len(gt.Consts) > 0 {
		g.If(jen.Op("!").Id(gt.Name).Call(jen.Id("x")).Dot("valid").Call()).Block(
			jen.Return(rt("CheckEnumerated").Call(jen.Id("off"), jen.Lit(gt.ASN1), jen.Id("x"))))
	}
	if named {
		comment(g, "X.690 11.2.2: DER removes the trailing 0 bits of a named bit list (unless tolerated:\nder.TolerateNamedBitPadding).")
		g.If(jen.Op("!").Add(r.id()).Dot("BER").Call().Op("&&").Op("!").Add(r.id()).Dot("Tolerates").Call(rt("TolerateNamedBitPadding"))).Block(
			jen.If(jen.Err().Op(":=").Add(rt("CheckNamedBits")).Call(jen.Id("x")), jen.Err().Op("!=").Nil()).Block(
				jen.Return(rt("AtOffset").Call(jen.Err(), jen.Id("off")))))
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
	if w, own := splitTags(f.Type); len(w) > 0 || own == nil {
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
	g.Add(ifErr(plainReturn))
	s := rd{name: "s"}
	if gt.Kind == model.TypeSetOf {
		comment(g, "X.690 11.6: DER sorts the elements of a SET OF.")
		g.If(jen.Op("!").Id("s").Dot("Tolerates").Call(rt("TolerateUnsortedSetOf"))).Block(
			jen.If(jen.Err().Op(":=").Id("s").Dot("CheckSetOfOrder").Call(jen.Lit(gt.ASN1)), jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Err())))
	}
	elem := gt.Elem
	if e.innerShared(gt) {
		// The elements come from the caller's backing array when it has
		// room (see decodeShared), else from a new slice.
		g.Id("n").Op(":=").Id("s").Dot("Count").Call()
		g.Var().Id("list").Index().Add(goTypeOf(elem))
		g.If(jen.Id("backing").Op("!=").Nil().Op("&&").Id("n").Op("<=").Len(jen.Op("*").Id("backing"))).Block(
			jen.Id("list").Op(",").Op("*").Id("backing").Op("=").Parens(jen.Op("*").Id("backing")).Index(jen.Empty(), jen.Id("n"), jen.Id("n")).Op(",").Parens(jen.Op("*").Id("backing")).Index(jen.Id("n"), jen.Empty()),
		).Else().Block(
			jen.If(jen.List(jen.Id("list"), jen.Err()).Op("=").Add(rt("MakeSlice")).Types(goTypeOf(elem)).Call(jen.Op("&").Id("s"), jen.Id("n")), jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Err())),
		)
	} else {
		g.List(jen.Id("list"), jen.Err()).Op(":=").Add(rt("MakeSlice")).Types(goTypeOf(elem)).Call(jen.Op("&").Id("s"), jen.Id("s").Dot("Count").Call())
		g.Add(ifErr(plainReturn))
	}
	inner := sharedList(gt)
	if inner != nil {
		comment(g, "One backing array for the elements of every inner list.")
		g.List(jen.Id("inner"), jen.Err()).Op(":=").Add(rt("MakeSlice")).Types(goTypeOf(inner.Elem)).Call(jen.Op("&").Id("s"), jen.Id("s").Dot("CountNested").Call())
		g.Add(ifErr(plainReturn))
	}
	g.For(jen.Id("i").Op(":=").Range().Id("list")).BlockFunc(func(g *jen.Group) {
		wrap := func(err jen.Code) jen.Code { return jen.Return(rt("WithIndex").Call(err, jen.Id("i"))) }
		if inner != nil {
			_, own := splitTags(elem.Type)
			g.If(jen.Err().Op(":=").Id("list").Index(jen.Id("i")).Dot("decodeShared").Call(jen.Op("&").Id("s"), tagCode(*own), jen.Op("&").Id("inner")), jen.Err().Op("!=").Nil()).Block(wrap(jen.Err()))
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

// fieldDst is the expression of a field of v.
func fieldDst(f *plan.Field) func() *jen.Statement {
	return func() *jen.Statement { return jen.Id("v").Dot(f.Name) }
}

func (e *emitter) decodeSequence(g *jen.Group, gt *plan.Type, r rd) {
	if gt.Raw != "" {
		g.Id("start").Op(":=").Add(r.id()).Dot("Offset").Call()
	}
	g.List(jen.Id("s"), jen.Err()).Op(":=").Add(r.id()).Dot("ReadConstructed").Call(jen.Id("t"), jen.Lit(gt.ASN1))
	g.Add(ifErr(plainReturn))
	s := rd{name: "s"}
	e.declareDeferred(g, gt)
	root2 := len(gt.Fields) - gt.Body.Root2
	for i, f := range gt.Fields {
		if i == root2 && gt.Unknown != "" && gt.Body.Root2 > 0 {
			if tags := firstTags(f.Type, 0); tags != nil {
				comment(g, "Additions of a later version, before the second root part.")
				g.For(jen.Op("!").Id("s").Dot("Empty").Call().Op("&&").Op("!").Add(e.presence(s, f, nil))).Block(
					jen.List(jen.Id("x"), jen.Err()).Op(":=").Id("s").Dot("ReadRawDER").Call(),
					jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Err())),
					jen.Id("v").Dot(gt.Unknown).Op("=").Append(jen.Id("v").Dot(gt.Unknown), jen.Id("x").Op("...")))
			}
		}
		comment(g, componentText(f.Comp))
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

// optionalComponent reports whether a component may be absent.
func optionalComponent(f *plan.Field) bool {
	return f.Comp.Optional || f.Comp.Default != nil || f.Comp.Extension
}

// presence is the condition that an optional component is present at the
// reader's position, given the components that follow it.
func (e *emitter) presence(s rd, f *plan.Field, rest []*plan.Field) jen.Code {
	tags := firstTags(f.Type, 0)
	if u := f.Type.Underlying(); tags != nil && len(f.Type.Tags) == 0 && u.Kind == model.TypeChoice && u.Extensible {
		// An untagged extensible CHOICE: an alternative this version does
		// not know may have any tag, so the component is
		// present unless the next element belongs to a component that
		// follows, as for an untagged open type.
		tags = nil
	}
	if tags != nil {
		if len(tags) == 1 {
			return s.id().Dot("Peek").Call(tagCode(plainTag(tags[0])))
		}
		return jen.Func().Params(jen.List(jen.Id("t").Add(rt("Tag")), jen.Id("ok").Bool())).Bool().Block(
			jen.Return(jen.Id("ok").Op("&&").Parens(tagCond(jen.Id("t"), tags)))).Call(s.id().Dot("PeekTag").Call())
	}
	// An untagged open type or extensible CHOICE: present unless the next
	// element belongs to a component that follows.
	var follow []model.Tag
	for _, n := range rest {
		ft := firstTags(n.Type, 0)
		follow = append(follow, ft...)
		if !optionalComponent(n) || ft == nil {
			break
		}
	}
	cond := jen.Op("!").Add(s.id()).Dot("Empty").Call()
	for _, t := range follow {
		cond = cond.Op("&&").Op("!").Add(s.id()).Dot("Peek").Call(tagCode(plainTag(t)))
	}
	return cond
}

// readComponent emits the decoding of one SEQUENCE component.
func (e *emitter) readComponent(g *jen.Group, gt *plan.Type, s rd, f *plan.Field, rest []*plan.Field) {
	wrap := withField(f.ASN1)
	read := func(g *jen.Group) {
		var start string
		if f.Raw != "" {
			start = e.tmpName("start")
			g.Id(start).Op(":=").Add(s.id()).Dot("Offset").Call()
		}
		if f.Union != nil {
			e.readUnion(g, s, f, wrap)
		} else {
			e.readValue(g, s, fieldDst(f), f, wrap)
		}
		if f.Raw != "" {
			g.Id("v").Dot(f.Raw).Op("=").Add(s.id()).Dot("Since").Call(jen.Id(start))
		}
	}
	if !optionalComponent(f) {
		read(g)
		return
	}
	def, hasDef := defaultValue(f)
	g.If(e.presence(s, f, rest)).BlockFunc(func(g *jen.Group) {
		var off string
		if hasDef {
			off = e.tmpName("off")
			g.Id(off).Op(":=").Add(s.id()).Dot("Offset").Call()
		}
		read(g)
		g.Id("v").Dot(f.Has).Op("=").True()
		if hasDef {
			if eq := isDefault(f, fieldDst(f)); eq != nil {
				g.If(jen.Op("!").Add(s.id()).Dot("BER").Call().Op("&&").Op("!").Add(s.id()).Dot("Tolerates").Call(rt("TolerateExplicitDefault")).Op("&&").Add(eq)).Block(
					wrap(rt("EncodedDefault").Call(jen.Id(off), jen.Lit(gt.ASN1))))
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
func (e *emitter) readUnion(g *jen.Group, s rd, f *plan.Field, wrap wrapFn) {
	wrappers, own := splitTags(f.Type)
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
		g.Add(ifErr(wrap))
		g.Add(raw.Clone()).Op("=").Id(x)
		g.Id(sub).Op(":=").Add(cur.id()).Dot("Open").Call(raw.Clone(), jen.Id(off))
	case f.Type.Kind == model.TypeBitString:
		c, off := e.tmpName("c"), e.tmpName("off")
		g.List(jen.Id(c), jen.Id(off), jen.Err()).Op(":=").Add(cur.id()).Dot("ReadString").Call(tagCode(*own), jen.Lit("BIT STRING"))
		g.Add(ifErr(wrap))
		comment(g, "X.682 11: a BIT STRING that contains an encoding has no unused bits.")
		g.If(jen.Len(jen.Id(c)).Op("==").Lit(0).Op("||").Id(c).Index(jen.Lit(0)).Op("!=").Lit(0)).Block(
			wrap(rt("NewError").Call(rt("KindInvalidValue"), jen.Id(off), jen.Lit("BIT STRING"), jen.Lit("contained encoding with unused bits"), jen.Lit("X.682 11.2"))))
		g.Add(raw.Clone()).Op("=").Id(c).Index(jen.Lit(1), jen.Empty())
		g.Id(sub).Op(":=").Add(cur.id()).Dot("Open").Call(raw.Clone(), jen.Id(off).Op("+").Lit(1))
	default:
		c, off := e.tmpName("c"), e.tmpName("off")
		g.List(jen.Id(c), jen.Id(off), jen.Err()).Op(":=").Add(cur.id()).Dot("ReadString").Call(tagCode(*own), jen.Lit("OCTET STRING"))
		g.Add(ifErr(wrap))
		g.Add(raw.Clone()).Op("=").Id(c)
		g.Id(sub).Op(":=").Add(cur.id()).Dot("Open").Call(raw.Clone(), jen.Id(off))
	}
	if f.Deferred {
		// Resolved by resolveDeferred once the key is read.
		g.Id(e.deferOff(f)).Op("=").Add(jen.Id(sub)).Dot("Offset").Call()
	} else {
		g.If(jen.Err().Op(":=").Id("v").Dot(f.Name).Dot("decode").Call(unionKeyArg(f), jen.Op("&").Id(sub)), jen.Err().Op("!=").Nil()).Block(wrap(jen.Err()))
	}
	closeWrappers(g, opened, f.Type, wrap)
}

// deferOff names the variable that keeps where a deferred open type's
// value starts.
func (e *emitter) deferOff(f *plan.Field) string { return "at" + f.Name }

// declareDeferred declares the offsets of the deferred open types of gt.
func (e *emitter) declareDeferred(g *jen.Group, gt *plan.Type) {
	for _, f := range gt.Fields {
		if f.Union != nil && f.Deferred {
			g.Var().Id(e.deferOff(f)).Int()
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
			jen.Id("sub").Op(":=").Add(s.id()).Dot("Open").Call(jen.Id("v").Dot(f.Name).Dot("Raw"), jen.Id(e.deferOff(f))),
			jen.If(jen.Err().Op(":=").Id("v").Dot(f.Name).Dot("decode").Call(unionKeyArg(f), jen.Op("&").Id("sub")), jen.Err().Op("!=").Nil()).Block(
				withField(f.ASN1)(jen.Err())),
		}
		comment(g, f.ASN1+": its key "+f.Key.ASN1+" is read now.")
		if f.Has != "" {
			g.If(jen.Id("v").Dot(f.Has)).Block(body...)
		} else {
			g.Block(body...)
		}
	}
}

// readUnionList reads a SET OF or SEQUENCE OF open type values, each
// resolved by the same key (Attribute.attrValues).
func (e *emitter) readUnionList(g *jen.Group, cur rd, f *plan.Field, own *model.Tag, wrap wrapFn) {
	l, list := e.tmpName("l"), e.tmpName("list")
	g.List(jen.Id(l), jen.Err()).Op(":=").Add(cur.id()).Dot("ReadConstructed").Call(tagCode(*own), jen.Lit(f.Type.Kind.String()))
	g.Add(ifErr(wrap))
	if f.Type.Kind == model.TypeSetOf {
		g.If(jen.Op("!").Id(l).Dot("Tolerates").Call(rt("TolerateUnsortedSetOf"))).Block(
			jen.If(jen.Err().Op(":=").Id(l).Dot("CheckSetOfOrder").Call(jen.Lit("SET OF")), jen.Err().Op("!=").Nil()).Block(wrap(jen.Err())))
	}
	g.List(jen.Id(list), jen.Err()).Op(":=").Add(rt("MakeSlice")).Types(jen.Id(f.Union.Type.Name)).Call(jen.Op("&").Id(l), jen.Id(l).Dot("Count").Call())
	g.Add(ifErr(wrap))
	idx := func(err jen.Code) jen.Code { return wrap(rt("WithIndex").Call(err, jen.Id("i"))) }
	g.For(jen.Id("i").Op(":=").Range().Id(list)).Block(
		jen.Id("off").Op(":=").Id(l).Dot("Offset").Call(),
		jen.List(jen.Id("x"), jen.Err()).Op(":=").Id(l).Dot("ReadRaw").Call(),
		jen.If(jen.Err().Op("!=").Nil()).Block(idx(jen.Err())),
		jen.Id(list).Index(jen.Id("i")).Dot("Raw").Op("=").Id("x"),
		jen.Id("sub").Op(":=").Id(l).Dot("Open").Call(jen.Id("x"), jen.Id("off")),
		jen.If(jen.Err().Op(":=").Id(list).Index(jen.Id("i")).Dot("decode").Call(unionKeyArg(f), jen.Op("&").Id("sub")), jen.Err().Op("!=").Nil()).Block(idx(jen.Err())),
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

// unionKeyArg is the key argument of a union's decode: the key component
// converted to []byte (OIDs) or int64.
func unionKeyArg(f *plan.Field) jen.Code {
	k := jen.Id("v").Dot(f.Key.Name)
	if f.Key.Ptr {
		k = jen.Op("*").Add(k)
	}
	if f.Union.KeyKind == model.TypeObjectIdentifier {
		return jen.Index().Byte().Call(k)
	}
	if f.Union.KeyRaw {
		return rt("Integer").Call(k)
	}
	return jen.Int64().Call(k)
}

func (e *emitter) decodeSet(g *jen.Group, gt *plan.Type, r rd) {
	g.List(jen.Id("s"), jen.Err()).Op(":=").Add(r.id()).Dot("ReadConstructed").Call(jen.Id("t"), jen.Lit(gt.ASN1))
	g.Add(ifErr(plainReturn))
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
				tags := firstTags(f.Type, 0)
				g.Case(tagCond(jen.Id("tag"), tags)).BlockFunc(func(g *jen.Group) {
					comment(g, componentText(f.Comp))
					g.If(flag.Clone()).Block(jen.Return(rt("Duplicate").Call(jen.Id("s").Dot("Offset").Call(), jen.Lit(gt.ASN1))))
					g.If(jen.Op("!").Id("s").Dot("BER").Call().Op("&&").Id("prev").Op(">=").Lit(ranks[f])).Block(
						jen.Return(rt("SetOrder").Call(jen.Id("s").Dot("Offset").Call(), jen.Lit(gt.ASN1))))
					g.Id("prev").Op("=").Lit(ranks[f])
					if f.Union != nil {
						e.readUnion(g, s, f, withField(f.ASN1))
					} else {
						e.readValue(g, s, fieldDst(f), f, withField(f.ASN1))
					}
					g.Add(flag.Clone()).Op("=").True()
				})
			}
			g.Default().BlockFunc(func(g *jen.Group) {
				if gt.Unknown != "" {
					g.List(jen.Id("x"), jen.Err()).Op(":=").Id("s").Dot("ReadRawDER").Call()
					g.Add(ifErr(plainReturn))
					g.Id("v").Dot(gt.Unknown).Op("=").Append(jen.Id("v").Dot(gt.Unknown), jen.Id("x").Op("..."))
				} else {
					g.Return(jen.Id("s").Dot("Unexpected").Call(jen.Lit(gt.ASN1)))
				}
			})
		})
	})
	for _, f := range gt.Fields {
		if f.Has == "" {
			tags := firstTags(f.Type, 0)
			var want jen.Code = jen.Lit(0)
			if len(tags) > 0 {
				want = tagCode(plainTag(tags[0]))
			}
			g.If(jen.Op("!").Id(seen[f])).Block(withField(f.ASN1)(jen.Id("s").Dot("Missing").Call(jen.Lit(gt.ASN1), want)))
		} else if def, ok := defaultValue(f); ok {
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
		tags := firstTags(f.Type, 0)
		key := uint64(math.MaxUint64)
		for _, t := range tags {
			k := uint64(wireClass(t.Class))<<40 | uint64(t.Number)
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
			tags := firstTags(f.Type, 0)
			if tags == nil {
				// An untagged open type, which the model accepts among
				// other alternatives only with Options.Lenient: it takes
				// what the others' tags do not select.
				if open == nil {
					open = f
				}
				continue
			}
			g.Case(tagCond(jen.Id("tag"), tags)).BlockFunc(func(g *jen.Group) {
				g.Id("v").Dot("Choice").Op("=").Id(f.ChoiceConst)
				e.readValue(g, r, fieldDst(f), f, withField(f.ASN1))
			})
		}
		g.Default().BlockFunc(func(g *jen.Group) {
			if open != nil {
				g.Id("v").Dot("Choice").Op("=").Id(open.ChoiceConst)
				e.readValue(g, r, fieldDst(open), open, withField(open.ASN1))
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

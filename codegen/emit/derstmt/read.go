package derstmt

import (
	"math"
	"math/big"
	"sort"

	"github.com/asn1gen/asn1gen/codegen/emit"
	"github.com/asn1gen/asn1gen/codegen/model"
	"github.com/asn1gen/asn1gen/codegen/plan"
	"github.com/asn1gen/asn1gen/runtime/der"
	"github.com/dave/jennifer/jen"
)

// readValue emits the statements that decode one value of type t (with
// its tags) from r into dst.
func (e *Stmts) ReadValue(g *jen.Group, r Rd, dst func() *jen.Statement, f *plan.Field, wrap emit.Wrap) {
	wrappers, own := emit.SplitTags(f.Type)
	cur, opened := e.OpenWrappers(g, r, wrappers, wrap)
	e.readInner(g, cur, dst, f, own, wrap)
	CloseWrappers(g, opened, f.Type, wrap)
}

// openWrappers emits the reads of the explicit tags wrappers (the first
// tags of a type, see splitTags) from r, and returns the reader inside them
// and the readers opened, for closeWrappers.
func (e *Stmts) OpenWrappers(g *jen.Group, r Rd, wrappers []model.Tag, wrap emit.Wrap) (cur Rd, opened []Rd) {
	cur = r
	for _, w := range wrappers {
		name := e.TmpName("w")
		g.List(jen.Id(name), jen.Err()).Op(":=").Add(cur.ID()).Dot("ReadConstructed").Call(emit.TagCode(emit.PlainTag(w)), jen.Lit(w.String()))
		g.Add(emit.IfErr(wrap))
		cur = Rd{Name: name}
		opened = append(opened, cur)
	}
	return cur, opened
}

// closeWrappers emits the checks that each wrapper openWrappers opened for
// type t holds nothing more, innermost first.
func CloseWrappers(g *jen.Group, opened []Rd, t *model.Type, wrap emit.Wrap) {
	for i := len(opened) - 1; i >= 0; i-- {
		g.If(jen.Err().Op(":=").Add(opened[i].ID()).Dot("Finish").Call(jen.Lit(t.Tags[i].String())), jen.Err().Op("!=").Nil()).Block(wrap(jen.Err()))
	}
}

// readInner decodes the value inside its explicit wrappers: own is its own
// tag, nil when the value is untagged (CHOICE, open type).
func (e *Stmts) readInner(g *jen.Group, r Rd, dst func() *jen.Statement, f *plan.Field, own *model.Tag, wrap emit.Wrap) {
	if f.Octets && own != nil {
		// OCTET STRING (CONTAINING T): the value of T is read from the
		// contents, which must hold exactly one (X.682 11.3).
		//	c, off, err := r.ReadString(tag, "OCTET STRING")
		//	sub := r.Open(c, off)
		//	... T from sub ...
		//	if err := sub.Finish("T"); err != nil {...}
		c, off, sub := e.TmpName("c"), e.TmpName("off"), e.TmpName("sub")
		if f.Type.Underlying().Kind == model.TypeBitString {
			// BIT STRING (CONTAINING T): the contents after the
			// unused-bits octet, which must be 0, as readUnion reads a
			// BIT STRING containing an open type.
			g.List(jen.Id(c), jen.Id(off), jen.Err()).Op(":=").Add(r.ID()).Dot("ReadString").Call(emit.TagCode(*own), jen.Lit("BIT STRING"))
			g.Add(emit.IfErr(wrap))
			emit.Comment(g, "X.682 11: a BIT STRING that contains an encoding has no unused bits.")
			g.If(jen.Len(jen.Id(c)).Op("==").Lit(0).Op("||").Id(c).Index(jen.Lit(0)).Op("!=").Lit(0)).Block(
				wrap(emit.RT("NewError").Call(emit.RT("KindInvalidValue"), jen.Id(off), jen.Lit("BIT STRING"), jen.Lit("contained encoding with unused bits"), jen.Lit("X.682 11.2"))))
			g.Id(sub).Op(":=").Add(r.ID()).Dot("Open").Call(jen.Id(c).Index(jen.Lit(1), jen.Empty()), jen.Id(off).Op("+").Lit(1))
		} else {
			g.List(jen.Id(c), jen.Id(off), jen.Err()).Op(":=").Add(r.ID()).Dot("ReadString").Call(emit.TagCode(*own), jen.Lit("OCTET STRING"))
			g.Add(emit.IfErr(wrap))
			g.Id(sub).Op(":=").Add(r.ID()).Dot("Open").Call(jen.Id(c), jen.Id(off))
		}
		inner := *f
		inner.Octets, inner.Type = false, f.Inner
		e.ReadValue(g, Rd{Name: sub}, dst, &inner, wrap)
		g.If(jen.Err().Op(":=").Id(sub).Dot("Finish").Call(jen.Lit(emit.TypeText(f.Inner))), jen.Err().Op("!=").Nil()).Block(wrap(jen.Err()))
		return
	}
	if f.Named != nil {
		e.readNamed(g, r, dst, f, own, wrap)
		return
	}
	t := f.Type
	if own == nil {
		// An untagged open type without a table: the whole element (in
		// DER form, so that it is written back as DER).
		x := e.TmpName("x")
		g.List(jen.Id(x), jen.Err()).Op(":=").Add(r.ID()).Dot("ReadRawDER").Call()
		g.Add(emit.IfErr(wrap))
		g.Add(dst()).Op("=").Id(x)
		return
	}
	bt, ok := plan.BuiltinOf(t)
	if !ok {
		// EXTERNAL, EMBEDDED PDV, CHARACTER STRING, INSTANCE OF: the
		// element's encoding, tag checked.
		g.If(jen.Op("!").Add(r.ID()).Dot("Peek").Call(emit.TagCode(*own))).Block(wrap(r.ID().Dot("Missing").Call(jen.Lit(emit.TypeText(t)), emit.TagCode(*own))))
		x := e.TmpName("x")
		g.List(jen.Id(x), jen.Err()).Op(":=").Add(r.ID()).Dot("ReadRawDER").Call()
		g.Add(emit.IfErr(wrap))
		g.Add(dst()).Op("=").Id(x)
		return
	}
	checks := ConstraintChecks(t, dst, jen.Id("off"))
	var off string
	if len(checks) > 0 {
		off = e.TmpName("off")
		g.Id(off).Op(":=").Add(r.ID()).Dot("Offset").Call()
		checks = ConstraintChecks(t, dst, jen.Id(off))
	}
	if t.Kind == model.TypeNull {
		g.If(jen.Err().Op(":=").Add(ReadCall(bt, r, emit.TagCode(*own))), jen.Err().Op("!=").Nil()).Block(wrap(jen.Err()))
	} else {
		x := e.TmpName("x")
		g.List(jen.Id(x), jen.Err()).Op(":=").Add(ReadCall(bt, r, emit.TagCode(*own)))
		g.Add(emit.IfErr(wrap))
		g.Add(dst()).Op("=").Id(x)
	}
	if len(checks) > 0 {
		g.If(jen.Op("!").Add(r.ID()).Dot("SkipConstraints").Call()).BlockFunc(func(g *jen.Group) {
			for _, c := range checks {
				g.If(jen.Err().Op(":=").Add(r.ID()).Dot("Constraint").Call(c), jen.Err().Op("!=").Nil()).Block(wrap(jen.Err()))
			}
		})
	}
}

// ConstraintChecks returns the checks of the effective constraints of a
// built-in type on the value dst (X.680 51): SIZE, value range, permitted
// alphabet. Extensible constraints are not checked: values outside the
// root are valid (X.680 49.8).
func ConstraintChecks(t *model.Type, dst func() *jen.Statement, off jen.Code) []jen.Code {
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

// readNamed decodes the component f of a named type with that type's
// DecodeASN1, then checks the constraints the component adds (OwnChecks).
func (e *Stmts) readNamed(g *jen.Group, r Rd, dst func() *jen.Statement, f *plan.Field, own *model.Tag, wrap emit.Wrap) {
	if f.Ptr {
		p := e.TmpName("p")
		g.List(jen.Id(p), jen.Err()).Op(":=").Add(emit.RT("New")).Types(emit.Ref(f.Named)).Call(r.Arg())
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
	checks := OwnChecks(f, dst, jen.Id("off"))
	var off string
	if len(checks) > 0 {
		off = e.TmpName("off")
		g.Id(off).Op(":=").Add(r.ID()).Dot("Offset").Call()
		checks = OwnChecks(f, dst, jen.Id(off))
	}
	g.If(jen.Err().Op(":=").Add(dst()).Dot("DecodeASN1").Call(r.Arg(), tag), jen.Err().Op("!=").Nil()).Block(wrap(jen.Err()))
	if len(checks) > 0 {
		g.If(jen.Op("!").Add(r.ID()).Dot("SkipConstraints").Call()).BlockFunc(func(g *jen.Group) {
			for _, c := range checks {
				g.If(jen.Err().Op(":=").Add(r.ID()).Dot("Constraint").Call(c), jen.Err().Op("!=").Nil()).Block(wrap(jen.Err()))
			}
		})
	}
}

// OwnChecks returns the checks of the constraints that component f adds
// to the named type it refers to (plan.OwnConstraints: own Lower (FROM
// ("a".."c")), version Version (v1)), which the named type's codec does
// not know: those of f's effective constraints (X.680 49.3), on the value
// dst of the named type.
func OwnChecks(f *plan.Field, dst func() *jen.Statement, off jen.Code) []jen.Code {
	if !plan.OwnConstraints(f) {
		return nil
	}
	u := *f.Type.Underlying()
	u.Constraints = f.Type.Constraints
	val := dst
	if u.Kind == model.TypeBitString {
		// A named BIT STRING type has none of der.BitString's methods.
		val = func() *jen.Statement { return emit.RT("BitString").Call(dst()) }
	}
	return ConstraintChecks(&u, val, off)
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

// Presence is the condition that an optional component is present at the
// reader's position, given the components that follow it.
func (e *Stmts) Presence(s Rd, f *plan.Field, rest []*plan.Field) jen.Code {
	tags := f.Type.FirstTags()
	if u := f.Type.Underlying(); tags != nil && len(f.Type.Tags) == 0 && u.Kind == model.TypeChoice && u.Extensible {
		// An untagged extensible CHOICE: an alternative this version does
		// not know may have any tag, so the component is
		// present unless the next element belongs to a component that
		// follows, as for an untagged open type.
		tags = nil
	}
	if tags != nil {
		if len(tags) == 1 {
			return emit.Peek(s.ID(), tags[0])
		}
		if emit.LowTags(tags) {
			return jen.Func().Params(jen.Id("t").Add(emit.RT("Tag"))).Bool().Block(
				jen.Return(emit.TagCond(jen.Id("t"), tags))).Call(s.ID().Dot("PeekLowTag").Call())
		}
		return jen.Func().Params(jen.List(jen.Id("t").Add(emit.RT("Tag")), jen.Id("ok").Bool())).Bool().Block(
			jen.Return(jen.Id("ok").Op("&&").Parens(emit.TagCond(jen.Id("t"), tags)))).Call(s.ID().Dot("PeekTag").Call())
	}
	// An untagged open type or extensible CHOICE: present unless the next
	// element belongs to a component that follows.
	var follow []model.Tag
	for _, n := range rest {
		ft := n.Type.FirstTags()
		follow = append(follow, ft...)
		if !emit.OptionalComponent(n) || ft == nil {
			break
		}
	}
	cond := jen.Op("!").Add(s.ID()).Dot("Empty").Call()
	for _, t := range follow {
		cond = cond.Op("&&").Op("!").Add(emit.Peek(s.ID(), t))
	}
	return cond
}

// readComponent emits the decoding of one SEQUENCE component.
func (e *Stmts) ReadComponent(g *jen.Group, gt *plan.Type, s Rd, f *plan.Field, rest []*plan.Field) {
	unread := gt.Unread && f.Comp != nil && f.Comp.Extension
	if e.Sticky {
		if !unread && e.stickyRead(g, s, f) {
			return
		}
		e.Guard(g, s)
		emit.Comment(g, emit.ComponentText(f.Comp))
	}
	wrap := emit.WithField(f.ASN1)
	read := func(g *jen.Group) {
		if unread {
			e.readUnread(g, gt, s, f)
			return
		}
		var start string
		if f.Raw != "" {
			start = e.TmpName("start")
			g.Id(start).Op(":=").Add(s.ID()).Dot("Offset").Call()
		}
		if f.Union != nil {
			e.ReadUnion(g, s, f, wrap)
		} else {
			e.ReadValue(g, s, emit.FieldDst(f), f, wrap)
		}
		if f.Raw != "" {
			g.Id("v").Dot(f.Raw).Op("=").Add(s.ID()).Dot("Since").Call(jen.Id(start))
		}
	}
	if !emit.OptionalComponent(f) {
		read(g)
		return
	}
	def, hasDef := emit.DefaultValue(f)
	g.If(e.Presence(s, f, rest)).BlockFunc(func(g *jen.Group) {
		var off string
		if hasDef {
			off = e.TmpName("off")
			g.Id(off).Op(":=").Add(s.ID()).Dot("Offset").Call()
		}
		read(g)
		g.Id("v").Dot(f.Has).Op("=").True()
		if hasDef {
			if eq := emit.IsDefault(f, emit.FieldDst(f)); eq != nil {
				// X.690 11.5 (unless tolerated: der.TolerateExplicitDefault).
				g.If(eq).Block(
					jen.If(jen.Err().Op(":=").Add(s.ID()).Dot("EncodedDefault").Call(jen.Id(off), jen.Lit(gt.ASN1)), jen.Err().Op("!=").Nil()).Block(
						wrap(jen.Err())))
			}
		}
	}).Do(func(st *jen.Statement) {
		if hasDef {
			st.Else().Block(jen.Id("v").Dot(f.Name).Op("=").Add(def))
		}
	})
}

// readUnread reads an extension addition of a type with Unread set: an
// error of its decode goes to the package's unreadComponent, which sets
// the component aside where the package's rule says that the decode does
// not read it (der.TolerateX509Unread) and returns the error otherwise.
//
//	off3 := s.Offset()
//	if err := func() error {
//		... (the component's decode, returning its error)
//		return nil
//	}(); err != nil {
//		if err := v.unreadComponent(&s, off3, "issuerUniqueID", err); err != nil {
//			return der.WithField(err, "issuerUniqueID")
//		}
//	}
func (e *Stmts) readUnread(g *jen.Group, gt *plan.Type, s Rd, f *plan.Field) {
	off := e.TmpName("off")
	g.Id(off).Op(":=").Add(s.ID()).Dot("Offset").Call()
	g.If(jen.Err().Op(":=").Func().Params().Error().BlockFunc(func(g *jen.Group) {
		if f.Union != nil {
			e.ReadUnion(g, s, f, emit.PlainReturn)
		} else {
			e.ReadValue(g, s, emit.FieldDst(f), f, emit.PlainReturn)
		}
		g.Return(jen.Nil())
	}).Call(), jen.Err().Op("!=").Nil()).Block(
		jen.If(jen.Err().Op(":=").Id("v").Dot("unreadComponent").Call(s.Arg(), jen.Id(off), jen.Lit(f.ASN1), jen.Err()), jen.Err().Op("!=").Nil()).Block(
			emit.WithField(f.ASN1)(jen.Err())))
}

// ReadUnion reads an open type (or the OCTET or BIT STRING containing it)
// and resolves it through the table by the key already decoded.
func (e *Stmts) ReadUnion(g *jen.Group, s Rd, f *plan.Field, wrap emit.Wrap) {
	wrappers, own := emit.SplitTags(f.Type)
	cur, opened := e.OpenWrappers(g, s, wrappers, wrap)
	if f.List {
		e.readUnionList(g, cur, f, own, wrap)
		CloseWrappers(g, opened, f.Type, wrap)
		return
	}
	sub := e.TmpName("sub")
	raw := jen.Id("v").Dot(f.Name).Dot("Raw")
	switch {
	case !f.Containing:
		// The value is decoded where it is: ReadOpen is ReadRaw and Open
		// in one call.
		g.List(jen.Id(sub), jen.Err()).Op(":=").Add(cur.ID()).Dot("ReadOpen").Call()
		g.Add(emit.IfErr(wrap))
		g.Add(raw.Clone()).Op("=").Id(sub).Dot("Rest").Call()
	case f.Type.Kind == model.TypeBitString:
		c, off := e.TmpName("c"), e.TmpName("off")
		g.List(jen.Id(c), jen.Id(off), jen.Err()).Op(":=").Add(cur.ID()).Dot("ReadString").Call(emit.TagCode(*own), jen.Lit("BIT STRING"))
		g.Add(emit.IfErr(wrap))
		emit.Comment(g, "X.682 11: a BIT STRING that contains an encoding has no unused bits.")
		g.If(jen.Len(jen.Id(c)).Op("==").Lit(0).Op("||").Id(c).Index(jen.Lit(0)).Op("!=").Lit(0)).Block(
			wrap(emit.RT("NewError").Call(emit.RT("KindInvalidValue"), jen.Id(off), jen.Lit("BIT STRING"), jen.Lit("contained encoding with unused bits"), jen.Lit("X.682 11.2"))))
		g.Add(raw.Clone()).Op("=").Id(c).Index(jen.Lit(1), jen.Empty())
		g.Id(sub).Op(":=").Add(cur.ID()).Dot("Open").Call(raw.Clone(), jen.Id(off).Op("+").Lit(1))
	default:
		c, off := e.TmpName("c"), e.TmpName("off")
		g.List(jen.Id(c), jen.Id(off), jen.Err()).Op(":=").Add(cur.ID()).Dot("ReadString").Call(emit.TagCode(*own), jen.Lit("OCTET STRING"))
		g.Add(emit.IfErr(wrap))
		g.Add(raw.Clone()).Op("=").Id(c)
		g.Id(sub).Op(":=").Add(cur.ID()).Dot("Open").Call(raw.Clone(), jen.Id(off))
	}
	if f.Deferred {
		// Resolved by resolveDeferred once the key is read.
		g.Id(emit.DeferOff(f)).Op("=").Add(jen.Id(sub)).Dot("Offset").Call()
	} else {
		g.If(jen.Err().Op(":=").Id("v").Dot(f.Name).Dot("decode").Call(emit.UnionKeyArg(f), jen.Op("&").Id(sub)), jen.Err().Op("!=").Nil()).Block(wrap(jen.Err()))
	}
	CloseWrappers(g, opened, f.Type, wrap)
}

// declareDeferred declares the offsets of the deferred open types of gt.
func (e *Stmts) DeclareDeferred(g *jen.Group, gt *plan.Type) {
	for _, f := range gt.Fields {
		if f.Union != nil && f.Deferred {
			g.Var().Id(emit.DeferOff(f)).Int()
		}
	}
}

// resolveDeferred decodes the deferred open types of gt, now that their
// keys are read.
func (e *Stmts) ResolveDeferred(g *jen.Group, gt *plan.Type, s Rd) {
	for _, f := range gt.Fields {
		if f.Union == nil || !f.Deferred {
			continue
		}
		body := []jen.Code{
			jen.Id("sub").Op(":=").Add(s.ID()).Dot("Open").Call(jen.Id("v").Dot(f.Name).Dot("Raw"), jen.Id(emit.DeferOff(f))),
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
func (e *Stmts) readUnionList(g *jen.Group, cur Rd, f *plan.Field, own *model.Tag, wrap emit.Wrap) {
	l, list := e.TmpName("l"), e.TmpName("list")
	g.List(jen.Id(l), jen.Err()).Op(":=").Add(cur.ID()).Dot("ReadConstructed").Call(emit.TagCode(*own), jen.Lit(f.Type.Kind.String()))
	g.Add(emit.IfErr(wrap))
	if f.Type.Kind == model.TypeSetOf {
		g.If(jen.Err().Op(":=").Id(l).Dot("CheckSetOfOrder").Call(jen.Lit("SET OF")), jen.Err().Op("!=").Nil()).Block(wrap(jen.Err()))
	}
	g.List(jen.Id(list), jen.Err()).Op(":=").Add(emit.RT("MakeSlice")).Types(jen.Id(f.Union.Type.Name)).Call(jen.Op("&").Id(l), jen.Id(l).Dot("Count").Call())
	g.Add(emit.IfErr(wrap))
	idx := func(err jen.Code) jen.Code { return wrap(emit.RT("WithIndex").Call(err, jen.Id("i"))) }
	g.For(jen.Id("i").Op(":=").Range().Id(list)).Block(
		jen.List(jen.Id("sub"), jen.Err()).Op(":=").Id(l).Dot("ReadOpen").Call(),
		jen.If(jen.Err().Op("!=").Nil()).Block(idx(jen.Err())),
		jen.Id(list).Index(jen.Id("i")).Dot("Raw").Op("=").Id("sub").Dot("Rest").Call(),
		jen.If(jen.Err().Op(":=").Id(list).Index(jen.Id("i")).Dot("decode").Call(emit.UnionKeyArg(f), jen.Op("&").Id("sub")), jen.Err().Op("!=").Nil()).Block(idx(jen.Err())),
	)
	g.If(jen.Err().Op(":=").Id(l).Dot("Finish").Call(jen.Lit(f.Type.Kind.String())), jen.Err().Op("!=").Nil()).Block(wrap(jen.Err()))
	lv := func() *jen.Statement { return jen.Id(list) }
	if checks := ConstraintChecks(f.Type, lv, jen.Id(l).Dot("Offset").Call()); len(checks) > 0 {
		g.If(jen.Op("!").Id(l).Dot("SkipConstraints").Call()).BlockFunc(func(g *jen.Group) {
			for _, c := range checks {
				g.If(jen.Err().Op(":=").Id(l).Dot("Constraint").Call(c), jen.Err().Op("!=").Nil()).Block(wrap(jen.Err()))
			}
		})
	}
	g.Id("v").Dot(f.Name).Op("=").Id(list)
}

// setRanks numbers the components of a SET in the canonical order of their
// tags (X.690 10.3, X.680 8.6): universal, application, context-specific,
// private, then by number. An untagged CHOICE ranks by its smallest tag.
func SetRanks(gt *plan.Type) map[*plan.Field]int {
	type ranked struct {
		f   *plan.Field
		key uint64
	}
	var list []ranked
	for _, f := range gt.Fields {
		tags := f.Type.FirstTags()
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

// HasDeferred reports whether gt has an open type resolved after its last
// component (see resolveDeferred).
func HasDeferred(gt *plan.Type) bool {
	for _, f := range gt.Fields {
		if f.Union != nil && f.Deferred {
			return true
		}
	}
	return false
}

package percodec

// PER codecs of the open types with a table (X.682 10, X.691 10.2): the
// unions of plan.go (ProtocolIE-Field.value, InitiatingMessage.value, the
// values of the 3GPP containers). The value of the row the key selects is
// the complete encoding of the row's type, in the variant of the whole, in
// an open type field. A union gets
//
//	func (u *T) decodePER(key K, r *per.Reader) error          // the field, then resolvePER
//	func (u *T) resolvePER(key K, p *per.Reader, at int) error // the row's value, from Raw
//	func (u *T) encodePER(w *per.Writer) error
//
// Raw keeps the field's octets, which encodePER writes back unchanged
// when Kind is 0 (a key not in an extensible table) or selects a row
// without a type. A key that follows the open type (deferred) is resolved
// right after the key is read. A union that an OCTET or BIT STRING
// contains (X.682 11) is shared by every such string over its table,
// whatever its SIZE: its decodePER and encodePER take the string's shape,
// a per.Contents, after the reader or writer.

import (
	"github.com/asn1gen/asn1gen/codegen/emit"
	"github.com/asn1gen/asn1gen/codegen/plan"
	"github.com/dave/jennifer/jen"
)

// perUnion emits the PER methods of the union gt.
func (e *Emitter) perUnion(f *jen.File, gt *plan.Type) {
	u := gt.Union
	keyParam, keySwitch, keyArg := emit.KeyParam(u)
	read := jen.Id("r").Dot("ReadOpenField").Call()
	params := []jen.Code{keyParam.Clone(), jen.Id("r").Op("*").Add(pr("Reader"))}
	doc := "decodePER reads from r the open type field of the value that key selects (X.691 10.2)\n" +
		"and decodes it (resolvePER); Raw keeps the field's octets."
	if u.Containing {
		// The OCTET and BIT STRINGs that contain the union, of any SIZE,
		// share it: the caller says which string holds the value.
		read = jen.Id("r").Dot("ReadStringContents").Call(jen.Id("c"))
		params = append(params, jen.Id("c").Add(pr("Contents")))
		doc = "decodePER reads from r the string c that contains the value key selects (X.682 11)\n" +
			"and decodes it (resolvePER); Raw keeps the string's octets, the value's complete encoding."
	}
	// func (u *T) decodePER(key int64, r *per.Reader) error {
	//	b, at, err := r.ReadOpenField()
	//	if err != nil {
	//		return err
	//	}
	//	u.Raw = b
	//	return u.resolvePER(key, r, at)
	// }
	emit.Comment(f, doc)
	f.Func().Params(jen.Id("u").Op("*").Id(gt.Name)).Id("decodePER").Params(params...).Error().Block(
		jen.List(jen.Id("b"), jen.Id("at"), jen.Err()).Op(":=").Add(read),
		jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Err())),
		jen.Id("u").Dot("Raw").Op("=").Id("b"),
		jen.Return(jen.Id("u").Dot("resolvePER").Call(keyArg, jen.Id("r"), jen.Id("at"))),
	)

	// resolvePER: one case per row, reading the row's type from a Reader
	// over Raw whose offsets count from at.
	//
	//	case 82:
	//		u.Kind = NGSetupRequestIEs_IDRANNodeName
	//		f := p.Field(u.Raw, at)
	//		r := &f
	//		if err := u.IDRANNodeName.DecodePER(r); err != nil {
	//			return err
	//		}
	//		return p.EndField(r)
	e.Reset()
	emit.Comment(f, "resolvePER decodes Raw, the octets of the open type field at bit at of p's input, as\n"+
		"the value that key selects: the complete encoding of the row's type (X.691 10.2,\n"+
		"11.1). A key the table does not list, or a row without a type, leaves the value\n"+
		"in Raw (Kind 0 for the key not listed).")
	f.Func().Params(jen.Id("u").Op("*").Id(gt.Name)).Id("resolvePER").Params(keyParam.Clone(), jen.Id("p").Op("*").Add(pr("Reader")), jen.Id("at").Int()).Error().BlockFunc(func(g *jen.Group) {
		sw := jen.Switch(keySwitch).BlockFunc(func(g *jen.Group) {
			for _, kc := range emit.KeyCases(u) {
				ue := kc.Row
				g.Case(kc.Label).BlockFunc(func(g *jen.Group) {
					emit.Comment(g, ue.Comment)
					g.Id("u").Dot("Kind").Op("=").Id(ue.Const)
					if ue.Field == nil {
						g.Return(jen.Nil())
						return
					}
					g.Id("f").Op(":=").Id("p").Dot("Field").Call(jen.Id("u").Dot("Raw"), jen.Id("at"))
					g.Id("r").Op(":=").Op("&").Id("f")
					if perInline(ue.Field) {
						g.Var().Err().Error()
					}
					e.perReadField(g, ue.Field, func() *jen.Statement { return emit.UnionSlot(ue) }, gt.ASN1+"."+ue.Field.ASN1, emit.PlainReturn)
					g.Return(jen.Id("p").Dot("EndField").Call(jen.Id("r")))
				})
			}
		})
		if u.KeyRaw {
			// A key outside int64 is in no row.
			g.If(jen.List(jen.Id("key"), jen.Id("ok")).Op(":=").Id("raw").Dot("Int64").Call(), jen.Id("ok")).Block(sw)
		} else {
			g.Add(sw)
		}
		if !u.Table.Extensible {
			g.If(jen.Op("!").Id("p").Dot("SkipConstraints").Call()).Block(
				jen.Return(pr("UnknownKey").Call(jen.Id("at"), jen.Lit(gt.ASN1))))
		}
		g.Return(jen.Nil())
	})

	// func (u *T) encodePER(w *per.Writer) error {
	//	switch u.Kind {
	//	case NGSetupRequestIEs_IDRANNodeName:
	//		o := w.BeginOpen()
	//		if err := u.IDRANNodeName.EncodePER(w); err != nil {
	//			return err
	//		}
	//		w.EndOpen(o)
	//		return nil
	//	}
	//	w.WriteOpenBytes(u.Raw)
	//	return nil
	// }
	e.Reset()
	encParams := []jen.Code{jen.Id("w").Op("*").Add(pr("Writer"))}
	if u.Containing {
		encParams = append(encParams, jen.Id("c").Add(pr("Contents")))
		emit.Comment(f, "encodePER writes the complete encoding of the typed value Kind selects, or Raw, as\nthe octets of the string c (X.682 11).")
	} else {
		emit.Comment(f, "encodePER writes the typed value Kind selects in an open type field (X.691 10.2), or\nRaw as the field's octets.")
	}
	f.Func().Params(jen.Id("u").Op("*").Id(gt.Name)).Id("encodePER").Params(encParams...).Error().BlockFunc(func(g *jen.Group) {
		slots := false
		for _, ue := range u.Rows {
			slots = slots || ue.Field != nil
		}
		if slots {
			g.Switch(jen.Id("u").Dot("Kind")).BlockFunc(func(g *jen.Group) {
				for _, ue := range u.Rows {
					if ue.Field == nil {
						continue
					}
					g.Case(jen.Id(ue.Const)).BlockFunc(func(g *jen.Group) {
						g.Id("o").Op(":=").Id("w").Dot("BeginOpen").Call()
						e.perWriteField(g, ue.Field, func() *jen.Statement { return emit.UnionSlot(ue) }, gt.ASN1+"."+ue.Field.ASN1, emit.PlainReturn)
						if u.Containing {
							g.Return(jen.Id("w").Dot("EndContained").Call(jen.Id("o"), jen.Id("c")))
							return
						}
						g.Id("w").Dot("EndOpen").Call(jen.Id("o"))
						g.Return(jen.Nil())
					})
				}
			})
		}
		if u.Containing {
			g.Return(jen.Id("w").Dot("WriteStringContents").Call(jen.Id("u").Dot("Raw"), jen.Id("c")))
			return
		}
		g.Id("w").Dot("WriteOpenBytes").Call(jen.Id("u").Dot("Raw"))
		g.Return(jen.Nil())
	})
}

// perUnionArgs returns the arguments after the key of the union field f's
// decodePER and encodePER: the string that contains the union, if one
// does.
func (e *Emitter) perUnionArgs(f *plan.Field, where string) []jen.Code {
	if !f.Containing {
		return nil
	}
	return []jen.Code{e.perContents(f.Type, where)}
}

// perDeferredKey reports whether the key of the union field f of gt comes
// after it on the wire: PER writes the components of a SEQUENCE, and of a
// SET (in the canonical order of their tags, which perTagOrder checks is
// the order of the fields), in order.
func perDeferredKey(gt *plan.Type, f *plan.Field) bool {
	return f.Union != nil && !f.List && plan.FieldIndex(gt, f.Key) > plan.FieldIndex(gt, f)
}

// perDeferDecode wraps the decoder of the SEQUENCE or SET gt: for each open
// type whose key follows it, the offset of its field is declared first,
//
//	var atValue int
//
// and the value is resolved right after the key is read (perResolve).
func (e *Emitter) perDeferDecode(gt *plan.Type, dec func(g *jen.Group)) func(g *jen.Group) {
	deferred := map[*plan.Field][]*plan.Field{}
	for _, f := range gt.Fields {
		if perDeferredKey(gt, f) {
			deferred[f.Key] = append(deferred[f.Key], f)
		}
	}
	if len(deferred) == 0 {
		return dec
	}
	return func(g *jen.Group) {
		for _, f := range gt.Fields {
			if perDeferredKey(gt, f) {
				g.Var().Id(emit.DeferOff(f)).Int()
			}
		}
		saved := e.per.deferred
		e.per.deferred = deferred
		dec(g)
		e.per.deferred = saved
	}
}

// perResolve emits, after the key f is read, the resolution of the open
// types that precede it:
//
//	if err := v.Value.resolvePER(int64(v.ID), r, atValue); err != nil {
//		return der.WithField(err, "value")
//	}
func (e *Emitter) perResolve(g *jen.Group, key *plan.Field) {
	for _, f := range e.per.deferred[key] {
		call := jen.If(jen.Err().Op(":=").Id("v").Dot(f.Name).Dot("resolvePER").Call(emit.UnionKeyArg(f), jen.Id("r"), jen.Id(emit.DeferOff(f))), jen.Err().Op("!=").Nil()).Block(
			emit.WithField(f.ASN1)(jen.Err()))
		emit.Comment(g, f.ASN1+": its key "+key.ASN1+" is read now.")
		if f.Has != "" {
			g.If(jen.Id("v").Dot(f.Has)).Block(call)
		} else {
			g.Add(call)
		}
	}
}

// perReadUnion emits the decoding of the union field f into dst.
func (e *Emitter) perReadUnion(g *jen.Group, f *plan.Field, dst func() *jen.Statement, where string, wrap emit.Wrap) {
	switch {
	case f.List:
		// A SEQUENCE OF or SET OF the open type, each value resolved by
		// the same key (X.691 20: the count, then the fields).
		//
		//	for first, more := true, true; more; first = false {
		//		n, m, err := r.ReadCount(per.Unsized, first)
		//		...
		//		for i := start; i < len(v.Values); i++ {
		//			if err := v.Values[i].decodePER(key, r); err != nil {
		pc := e.perConstraintsOf(f.Type)
		if pc.unsupported != "" {
			e.perFail(where, pc.unsupported)
			return
		}
		g.For(jen.List(jen.Id("first"), jen.Id("more")).Op(":=").List(jen.True(), jen.True()), jen.Id("more"), jen.Id("first").Op("=").False()).BlockFunc(func(g *jen.Group) {
			g.List(jen.Id("n"), jen.Id("m"), jen.Err()).Op(":=").Id("r").Dot("ReadCount").Call(pc.size, jen.Id("first"))
			g.Add(emit.IfErr(wrap))
			g.Id("more").Op("=").Id("m")
			g.Id("start").Op(":=").Len(dst())
			g.If(jen.List(dst(), jen.Err()).Op("=").Add(pr("Grow")).Call(jen.Id("r"), dst(), jen.Id("n")), jen.Err().Op("!=").Nil()).Block(wrap(jen.Err()))
			g.For(jen.Id("i").Op(":=").Id("start"), jen.Id("i").Op("<").Len(dst()), jen.Id("i").Op("++")).Block(
				jen.If(jen.Err().Op(":=").Add(dst()).Index(jen.Id("i")).Dot("decodePER").Call(emit.UnionKeyArg(f), jen.Id("r")), jen.Err().Op("!=").Nil()).Block(
					wrap(emit.RT("WithIndex").Call(jen.Err(), jen.Id("i")))))
		})
	case len(e.per.deferred) > 0 && isDeferredIn(e.per.deferred, f):
		// The key follows: the field's octets now, the value once the key
		// is read (perResolve).
		//
		//	raw, at, err := r.ReadOpenField()
		//	...
		//	v.Value.Raw, atValue = raw, at
		read := jen.Id("r").Dot("ReadOpenField").Call()
		if f.Containing {
			read = jen.Id("r").Dot("ReadStringContents").Call(e.perContents(f.Type, where))
		}
		g.BlockFunc(func(g *jen.Group) {
			g.List(jen.Id("raw"), jen.Id("at"), jen.Err()).Op(":=").Add(read)
			g.Add(emit.IfErr(wrap))
			g.List(dst().Dot("Raw"), jen.Id(emit.DeferOff(f))).Op("=").List(jen.Id("raw"), jen.Id("at"))
		})
	default:
		args := append([]jen.Code{emit.UnionKeyArg(f), jen.Id("r")}, e.perUnionArgs(f, where)...)
		g.If(jen.Err().Op(":=").Add(dst()).Dot("decodePER").Call(args...), jen.Err().Op("!=").Nil()).Block(wrap(jen.Err()))
	}
}

// isDeferredIn reports whether f is among the deferred open types.
func isDeferredIn(deferred map[*plan.Field][]*plan.Field, f *plan.Field) bool {
	for _, fs := range deferred {
		for _, x := range fs {
			if x == f {
				return true
			}
		}
	}
	return false
}

// perWriteUnion emits the encoding of the union field f from src.
func (e *Emitter) perWriteUnion(g *jen.Group, f *plan.Field, src func() *jen.Statement, where string, wrap emit.Wrap) {
	if !f.List {
		args := append([]jen.Code{jen.Id("w")}, e.perUnionArgs(f, where)...)
		g.If(jen.Err().Op(":=").Add(src()).Dot("encodePER").Call(args...), jen.Err().Op("!=").Nil()).Block(wrap(jen.Err()))
		return
	}
	//	c, err := w.BeginCount(len(v.Values), per.Unsized)
	//	...
	//	for i := range v.Values {
	//		c.Next(w, i)
	//		if err := v.Values[i].encodePER(w); err != nil {
	pc := e.perConstraintsOf(f.Type)
	g.BlockFunc(func(g *jen.Group) {
		g.List(jen.Id("c"), jen.Err()).Op(":=").Id("w").Dot("BeginCount").Call(jen.Len(src()), pc.size)
		g.Add(emit.IfErr(wrap))
		g.For(jen.Id("i").Op(":=").Range().Add(src())).Block(
			jen.Id("c").Dot("Next").Call(jen.Id("w"), jen.Id("i")),
			jen.If(jen.Err().Op(":=").Add(src()).Index(jen.Id("i")).Dot("encodePER").Call(jen.Id("w")), jen.Err().Op("!=").Nil()).Block(
				wrap(emit.RT("WithIndex").Call(jen.Err(), jen.Id("i")))))
		g.Id("c").Dot("End").Call(jen.Id("w"))
	})
}

package dercodec

import (
	"fmt"

	"github.com/asn1gen/asn1gen/codegen/emit"
	"github.com/asn1gen/asn1gen/codegen/emit/derstmt"
	"github.com/asn1gen/asn1gen/codegen/model"
	"github.com/asn1gen/asn1gen/codegen/plan"
	"github.com/dave/jennifer/jen"
)

// encodeMethod emits EncodeASN1 for a type with a structure.
func (e *Emitter) encodeMethod(f *jen.File, gt *plan.Type) {
	e.Reset()
	recv := jen.Id("v").Op("*").Id(gt.Name)
	params := []jen.Code{jen.Id("b").Op("*").Add(emit.RT("Builder")), jen.Id("t").Add(emit.RT("Tag"))}
	body := jen.BlockFunc(func(g *jen.Group) {
		e.rootEncode(g, gt)
		switch gt.Kind {
		case model.TypeSequence:
			g.Id("m").Op(":=").Id("b").Dot("Begin").Call(outTag(gt), jen.True())
			root2 := len(gt.Fields) - gt.Body.Root2
			for i, f := range gt.Fields {
				if i == root2 && gt.Unknown != "" {
					// Unknown additions go at the extension point: before
					// the second root part, if any.
					g.Id("b").Dot("AddRaw").Call(jen.Id("v").Dot(gt.Unknown))
				}
				e.WriteComponent(g, f)
			}
			if gt.Unknown != "" && gt.Body.Root2 == 0 {
				g.Id("b").Dot("AddRaw").Call(jen.Id("v").Dot(gt.Unknown))
			}
			g.Id("b").Dot("End").Call(jen.Id("m"))
		case model.TypeSet:
			// X.690 10.3: DER writes the components in the canonical order
			// of their tags.
			g.Id("m").Op(":=").Id("b").Dot("Begin").Call(outTag(gt), jen.True())
			ranks := derstmt.SetRanks(gt)
			ordered := make([]*plan.Field, len(gt.Fields))
			for _, f := range gt.Fields {
				ordered[ranks[f]] = f
			}
			for _, f := range ordered {
				e.WriteComponent(g, f)
			}
			if gt.Unknown != "" {
				g.Id("b").Dot("AddRaw").Call(jen.Id("v").Dot(gt.Unknown))
			}
			g.Id("b").Dot("End").Call(jen.Id("m"))
		case model.TypeChoice:
			g.Switch(jen.Id("v").Dot("Choice")).BlockFunc(func(g *jen.Group) {
				for _, f := range gt.Fields {
					// An untagged open type (see decodeChoice) is written
					// as it is.
					g.Case(jen.Id(f.ChoiceConst)).BlockFunc(func(g *jen.Group) {
						e.WriteValue(g, emit.FieldDst(f), f)
					})
				}
				g.Default().BlockFunc(func(g *jen.Group) {
					if gt.Unknown != "" {
						g.If(jen.Id("v").Dot(gt.Unknown).Op("!=").Nil()).Block(
							jen.Id("b").Dot("AddRaw").Call(jen.Id("v").Dot(gt.Unknown)),
							jen.Return())
					}
					g.Id("b").Dot("SetError").Call(emit.RT("NoChoice").Call(jen.Lit(gt.ASN1)))
				})
			})
		case model.TypeSequenceOf, model.TypeSetOf:
			g.Id("m").Op(":=").Id("b").Dot("Begin").Call(outTag(gt), jen.True())
			if checks := derstmt.ConstraintChecks(gt.Body, func() *jen.Statement { return jen.Op("*").Id("v") }, jen.Lit(-1)); len(checks) > 0 {
				g.If(jen.Op("!").Id("b").Dot("SkipConstraints").Call()).BlockFunc(func(g *jen.Group) {
					for _, c := range checks {
						g.If(jen.Err().Op(":=").Add(c), jen.Err().Op("!=").Nil()).Block(jen.Id("b").Dot("SetError").Call(jen.Err()))
					}
				})
			}
			g.For(jen.Id("i").Op(":=").Range().Op("*").Id("v")).BlockFunc(func(g *jen.Group) {
				e.WriteValue(g, func() *jen.Statement { return jen.Parens(jen.Op("*").Id("v")).Index(jen.Id("i")) }, gt.Elem)
			})
			if gt.Kind == model.TypeSetOf {
				g.Id("b").Dot("EndSetOf").Call(jen.Id("m"))
			} else {
				g.Id("b").Dot("End").Call(jen.Id("m"))
			}
		default:
			e.encodePrimitive(g, gt)
		}
	})
	emit.Comment(f, encodeDoc(gt))
	f.Func().Params(recv).Id("EncodeASN1").Params(params...).Add(body)
}

// encodeDoc is the doc comment of a type's EncodeASN1.
func encodeDoc(gt *plan.Type) string {
	if !emit.Tagged(gt) {
		return "EncodeASN1 writes v to b in DER (t: der.NoTag, or 0 at the root); der.Marshal calls it."
	}
	return "EncodeASN1 writes v with tag t to b in DER (t = 0: its own tag); der.Marshal calls it."
}

// rootEncode emits the branch of EncodeASN1 for t = 0, a value written as
// the whole output, when its own tags have EXPLICIT wrappers; otherwise
// the body writes t.Or(its own tag) (see outTag).
//
//	if t == 0 {
//		m1 := b.Begin(der.Context(1), true)
//		v.EncodeASN1(b, der.TagInteger)
//		b.End(m1)
//		return
//	}
func (e *Emitter) rootEncode(g *jen.Group, gt *plan.Type) {
	s := emit.Self(gt)
	if wrappers, _ := emit.SplitTags(s.Type); len(wrappers) > 0 {
		g.If(jen.Id("t").Op("==").Lit(0)).BlockFunc(func(g *jen.Group) {
			e.WriteValue(g, func() *jen.Statement { return jen.Id("v") }, s)
			g.Return()
		})
	}
}

// outTag is the tag an EncodeASN1 body writes: t, or the type's own tag
// when t is 0 (t.Or(der.TagSequence)). A type whose own tags have EXPLICIT
// wrappers handles t = 0 in rootEncode, and t is never 0 after it.
func outTag(gt *plan.Type) *jen.Statement {
	wrappers, own := emit.SplitTags(emit.Self(gt).Type)
	if len(wrappers) > 0 || own == nil || !emit.Tagged(gt) {
		return jen.Id("t")
	}
	return jen.Id("t").Dot("Or").Call(emit.TagCode(*own))
}

func (e *Emitter) encodePrimitive(g *jen.Group, gt *plan.Type) {
	t := gt.Body
	x := func() *jen.Statement { return jen.Op("*").Id("v") }
	if t.Kind == model.TypeOpen {
		g.Id("b").Dot("AddRaw").Call(x())
		return
	}
	bt, ok := plan.BuiltinOf(t)
	if !ok {
		g.Id("b").Dot("AddRaw").Call(x())
		return
	}
	conv := emit.BuiltinGo(t)
	if t.Kind == model.TypeInteger {
		conv = jen.Int64()
		if gt.IntGo != "int64" {
			conv = emit.RT("Integer")
		}
	}
	val := conv.Clone().Call(x())
	if t.Kind == model.TypeBitString && len(gt.Consts) > 0 {
		emit.Comment(g, "X.690 11.2.2: DER removes the trailing 0 bits of a named bit list, unless the\nencoding writes back what a tolerant decode kept.")
		g.Id("bits").Op(":=").Add(emit.RT("BitString")).Call(x())
		g.If(jen.Op("!").Id("b").Dot("Tolerates").Call(emit.RT("TolerateNamedBitPadding"))).Block(
			jen.Id("bits").Op("=").Id("bits").Dot("TrimTrailingZeros").Call())
		val = jen.Id("bits")
	}
	if t.Kind == model.TypeEnumerated && !t.Extensible && len(gt.Consts) > 0 {
		g.If(jen.Op("!").Id("v").Dot("valid").Call()).Block(
			jen.Id("b").Dot("SetError").Call(emit.RT("CheckEnumerated").Call(jen.Lit(-1), jen.Lit(gt.ASN1), jen.Int64().Call(jen.Op("*").Id("v")))))
	}
	if checks := derstmt.ConstraintChecks(t, func() *jen.Statement { return conv.Clone().Call(x()) }, jen.Lit(-1)); len(checks) > 0 {
		g.If(jen.Op("!").Id("b").Dot("SkipConstraints").Call()).BlockFunc(func(g *jen.Group) {
			for _, c := range checks {
				g.If(jen.Err().Op(":=").Add(c), jen.Err().Op("!=").Nil()).Block(jen.Id("b").Dot("SetError").Call(jen.Err()))
			}
		})
	}
	if t.Kind == model.TypeInteger {
		if gt.IntGo == "int64" {
			g.Id("b").Dot("AddInt64").Call(outTag(gt), val)
		} else {
			g.Id("b").Dot("AddInteger").Call(outTag(gt), val)
		}
		return
	}
	if t.Kind == model.TypeInteger {
		bt = plan.BuiltinNamed("INTEGER int64")
		if gt.IntGo != "int64" {
			bt = plan.BuiltinNamed("INTEGER")
		}
	}
	g.Add(derstmt.AddCall(bt, outTag(gt), val))
}

// topMethods emits the two entry points of a named type (der.Unmarshal
// and der.Marshal take options):
//
//	func (v *T) UnmarshalDER(b []byte) error {
//		*v = T{}
//		r := der.NewPooledReader(b, nil)
//		return der.Unmarshaled[T](b, r.Released(v.DecodeASN1(&r, 0)))
//	}
//	func (v *T) MarshalDER() ([]byte, error) { return der.Marshal(v, nil) }
//
// UnmarshalDER is der.Unmarshal(b, v, nil) written out: der.Unmarshal calls
// DecodeASN1 through the der.Value interface, which moves v to the heap
// (a certificate decoded into a local variable: one allocation of the
// whole value more); the direct call leaves it where the caller put it.
func (e *Emitter) topMethods(f *jen.File, gt *plan.Type) {
	// Enumerations, named-number INTEGERs, named-bit BIT STRINGs and
	// lists written in place inside another type are decoded and encoded
	// through their parent: the entry points are for type assignments,
	// instances and structures written in place. Leaving them out keeps
	// big specifications (NR RRC: thousands of in-place ENUMERATEDs) small
	// enough to compile.
	if gt.Union != nil || gt.Alias != nil {
		return
	}
	if k := gt.Kind; gt.Doc == "" && k != model.TypeSequence && k != model.TypeSet && k != model.TypeChoice {
		return
	}
	recv := jen.Id("v").Op("*").Id(gt.Name)
	emit.Comment(f, fmt.Sprintf("UnmarshalDER decodes v from b, exactly one DER encoding of a %s; v aliases b.", gt.ASN1))
	f.Func().Params(recv.Clone()).Id("UnmarshalDER").Params(jen.Id("b").Index().Byte()).Error().BlockFunc(func(g *jen.Group) {
		if k := gt.Kind; k == model.TypeSequence || k == model.TypeSet || k == model.TypeChoice {
			g.Op("*").Id("v").Op("=").Id(gt.Name).Values()
		} else {
			g.Var().Id("zero").Id(gt.Name)
			g.Op("*").Id("v").Op("=").Id("zero")
		}
		g.Id("r").Op(":=").Add(emit.RT("NewPooledReader")).Call(jen.Id("b"), jen.Nil())
		decoded := jen.Id("r").Dot("Released").Call(jen.Id("v").Dot("DecodeASN1").Call(jen.Op("&").Id("r"), jen.Lit(0)))
		g.Return(emit.RT("Unmarshaled").Types(jen.Id(gt.Name)).Call(jen.Id("b"), decoded))
	})
	emit.Comment(f, "MarshalDER returns the DER encoding of v.")
	f.Func().Params(recv.Clone()).Id("MarshalDER").Params().Params(jen.Index().Byte(), jen.Error()).Add(emit.OneLineBody(
		jen.Return(emit.RT("Marshal").Call(jen.Id("v"), jen.Nil()))))
}

// baseMethods emits DecodeASN1 and EncodeASN1 of a type defined over
// another (a re-tagged or further constrained reference): at the root
// with its own tags, and otherwise those of the base type.
func (e *Emitter) baseMethods(f *jen.File, gt *plan.Type) {
	e.Reset()
	base := jen.Parens(jen.Op("*").Add(emit.Ref(gt.Base))).Call(jen.Id("v"))
	emit.Comment(f, decodeDoc(gt))
	f.Func().Params(jen.Id("v").Op("*").Id(gt.Name)).Id("DecodeASN1").Params(jen.Id("r").Op("*").Add(emit.RT("Reader")), jen.Id("t").Add(emit.RT("Tag"))).Error().BlockFunc(func(g *jen.Group) {
		e.rootDecode(g, gt)
		g.Return(base.Clone().Dot("DecodeASN1").Call(jen.Id("r"), jen.Id("t")))
	})
	e.Reset()
	emit.Comment(f, encodeDoc(gt))
	f.Func().Params(jen.Id("v").Op("*").Id(gt.Name)).Id("EncodeASN1").Params(jen.Id("b").Op("*").Add(emit.RT("Builder")), jen.Id("t").Add(emit.RT("Tag"))).BlockFunc(func(g *jen.Group) {
		e.rootEncode(g, gt)
		g.Add(base.Clone().Dot("EncodeASN1").Call(jen.Id("b"), outTag(gt)))
	})
}

// unionDER emits the DER methods of an open type's union: decode and
// encode by key.
func (e *Emitter) unionDER(f *jen.File, gt *plan.Type) {
	u := gt.Union
	e.Reset()
	keyParam, keySwitch, _ := emit.KeyParam(u)
	r := derstmt.Rd{Name: "r", Ptr: true}
	emit.Comment(f, "decode reads from r the value that key selects; r holds exactly the value's encoding.")
	f.Func().Params(jen.Id("u").Op("*").Id(gt.Name)).Id("decode").Params(keyParam, jen.Id("r").Op("*").Add(emit.RT("Reader"))).Error().BlockFunc(func(g *jen.Group) {
		sw := jen.Switch(keySwitch).BlockFunc(func(g *jen.Group) {
			for _, kc := range emit.KeyCases(u) {
				ue := kc.Row
				g.Case(kc.Label).BlockFunc(func(g *jen.Group) {
					emit.Comment(g, ue.Comment)
					g.Id("u").Dot("Kind").Op("=").Id(ue.Const)
					if ue.Field == nil {
						g.Return(jen.Id("u").Dot("keepDER").Call(jen.Id("r")))
						return
					}
					dst := func() *jen.Statement { return emit.UnionSlot(ue) }
					fail := func(err jen.Code) jen.Code { return jen.Return(jen.Id("u").Dot("fail").Call(jen.Id("r"), err)) }
					e.ReadValue(g, r, dst, ue.Field, fail)
					g.If(jen.Err().Op(":=").Id("r").Dot("Finish").Call(jen.Lit(gt.ASN1)), jen.Err().Op("!=").Nil()).Block(fail(jen.Err()))
					g.Return(jen.Nil())
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
			g.If(jen.Op("!").Id("r").Dot("SkipConstraints").Call()).Block(
				jen.Return(emit.RT("UnknownKey").Call(jen.Id("r").Dot("Offset").Call(), jen.Lit(gt.ASN1))))
		}
		g.Return(jen.Id("u").Dot("keepDER").Call(jen.Id("r")))
	})
	// func (u *T) fail(r *der.Reader, err error) error {
	//	if !r.TolerateError(der.TolerateOpenTypeErrors, err) {
	//		return err
	//	}
	//	*u = T{Raw: u.Raw}
	//	return nil
	// }
	emit.Comment(f, "fail returns err, the error of decoding the value the key selects, unless the\n"+
		"decode tolerates it (der.TolerateOpenTypeErrors; never a limit error): then u\n"+
		"is reset to Kind 0, Raw keeping the value as received, as for an unknown key.")
	f.Func().Params(jen.Id("u").Op("*").Id(gt.Name)).Id("fail").Params(jen.Id("r").Op("*").Add(emit.RT("Reader")), jen.Err().Error()).Error().Block(
		jen.If(jen.Op("!").Id("r").Dot("TolerateError").Call(emit.RT("TolerateOpenTypeErrors"), jen.Err())).Block(jen.Return(jen.Err())),
		jen.Op("*").Id("u").Op("=").Id(gt.Name).Values(jen.Dict{jen.Id("Raw"): jen.Id("u").Dot("Raw")}),
		jen.Return(jen.Nil()))
	if u.Containing {
		// func (u *T) keepDER(_ *der.Reader) error { return nil }
		//
		// Under a key that selects no type the contents are octets, not
		// known to be an encoding (X.682 11: the constraint has no type to
		// apply; RFC 5652 5.2: an eContent need not be DER, or ASN.1): they
		// are kept as received, the octets a digest covers.
		emit.Comment(f, "keepDER keeps Raw, the contents octets, which encoding writes back as they are.")
		f.Func().Params(jen.Id("u").Op("*").Id(gt.Name)).Id("keepDER").Params(jen.Id("_").Op("*").Add(emit.RT("Reader"))).Error().Block(jen.Return(jen.Nil()))
	} else {
		// func (u *T) keepDER(r *der.Reader) error {
		//	raw, err := r.KeepDER(u.Raw)
		//	if err != nil {
		//		if !r.TolerateError(der.TolerateOpenTypeErrors, err) {
		//			return err
		//		}
		//		return nil // Raw as received
		//	}
		//	u.Raw = raw
		//	return nil
		// }
		emit.Comment(f, "keepDER checks Raw, written back as it is when Kind selects no type, and keeps it\n"+
			"in DER form (der.Reader.KeepDER: a copy only when BER was received); a check that\n"+
			"fails under der.TolerateOpenTypeErrors keeps Raw as received.")
		f.Func().Params(jen.Id("u").Op("*").Id(gt.Name)).Id("keepDER").Params(jen.Id("r").Op("*").Add(emit.RT("Reader"))).Error().Block(
			jen.List(jen.Id("raw"), jen.Err()).Op(":=").Id("r").Dot("KeepDER").Call(jen.Id("u").Dot("Raw")),
			jen.If(jen.Err().Op("!=").Nil()).Block(
				jen.If(jen.Op("!").Id("r").Dot("TolerateError").Call(emit.RT("TolerateOpenTypeErrors"), jen.Err())).Block(jen.Return(jen.Err())),
				jen.Return(jen.Nil()).Comment("Raw as received")),
			jen.Id("u").Dot("Raw").Op("=").Id("raw"),
			jen.Return(jen.Nil()))
	}
	e.Reset()
	emit.Comment(f, "encode writes the typed value Kind selects, or Raw.")
	f.Func().Params(jen.Id("u").Op("*").Id(gt.Name)).Id("encode").Params(jen.Id("b").Op("*").Add(emit.RT("Builder"))).BlockFunc(func(g *jen.Group) {
		g.Switch(jen.Id("u").Dot("Kind")).BlockFunc(func(g *jen.Group) {
			for _, ue := range u.Rows {
				if ue.Field == nil {
					continue
				}
				g.Case(jen.Id(ue.Const)).BlockFunc(func(g *jen.Group) {
					e.WriteValue(g, func() *jen.Statement { return emit.UnionSlot(ue) }, ue.Field)
				})
			}
			g.Default().Block(jen.Id("b").Dot("AddRaw").Call(jen.Id("u").Dot("Raw")))
		})
	})
}

// Fuzz emits the DER fuzz target of gt (with -fuzz): decoding must not
// panic, and a strict decode must re-encode to the input.
func (e *Emitter) Fuzz(f *jen.File, gt *plan.Type) {
	name := "Fuzz" + gt.Name
	emit.Comment(f, fmt.Sprintf("%s checks that decoding a %s never panics and that a strict decode\nre-encodes to its input.", name, gt.ASN1))
	f.Func().Id(name).Params(jen.Id("f").Op("*").Qual("testing", "F")).Block(
		jen.Id("f").Dot("Fuzz").Call(jen.Func().Params(jen.Id("t").Op("*").Qual("testing", "T"), jen.Id("b").Index().Byte()).Block(
			jen.Var().Id("ber").Id(gt.Name),
			jen.Id("_").Op("=").Add(emit.RT("Unmarshal")).Call(jen.Id("b"), jen.Op("&").Id("ber"), jen.Op("&").Add(emit.RT("Options")).Values(jen.Dict{jen.Id("BER"): jen.True()})),
			jen.Var().Id("v").Id(gt.Name),
			jen.If(jen.Id("v").Dot("UnmarshalDER").Call(jen.Id("b")).Op("!=").Nil()).Block(jen.Return()),
			jen.List(jen.Id("out"), jen.Err()).Op(":=").Id("v").Dot("MarshalDER").Call(),
			jen.If(jen.Err().Op("!=").Nil()).Block(jen.Id("t").Dot("Fatalf").Call(jen.Lit("MarshalDER after a strict decode: %v"), jen.Err())),
			jen.If(jen.Op("!").Qual("bytes", "Equal").Call(jen.Id("out"), jen.Id("b"))).Block(
				jen.Id("t").Dot("Fatalf").Call(jen.Lit("re-encoding differs:\n in %x\nout %x"), jen.Id("b"), jen.Id("out"))),
		)),
	)
}

// Type emits the DER methods of gt: DecodeASN1 and EncodeASN1 (of a
// union, decode and encode by key), and UnmarshalDER and MarshalDER on the
// types that have entry points.
func (e *Emitter) Type(f *jen.File, gt *plan.Type) {
	switch {
	case gt.Alias != nil:
		return // the aliased type has them
	case gt.Base != nil:
		e.baseMethods(f, gt)
		e.topMethods(f, gt)
		return
	case gt.Union != nil:
		e.unionDER(f, gt)
		return
	}
	if gt.Kind == model.TypeEnumerated {
		e.validMethod(f, gt)
	}
	e.decodeMethod(f, gt)
	e.encodeMethod(f, gt)
	e.topMethods(f, gt)
}

// validMethod emits the check of an enumeration without an extension
// marker, which DER decoding and encoding apply.
func (e *Emitter) validMethod(f *jen.File, gt *plan.Type) {
	if gt.Body.Extensible || len(gt.Consts) == 0 {
		return
	}
	emit.Comment(f, "valid reports whether v is an item of the enumeration, which has no extension\nmarker: no other value is valid (X.680 20).")
	if emit.DenseEnum(gt.Consts) {
		f.Func().Params(jen.Id("v").Id(gt.Name)).Id("valid").Params().Bool().Block(
			jen.Return(jen.Uint64().Call(jen.Id("v")).Op("<").Lit(len(gt.Consts))))
		return
	}
	f.Func().Params(jen.Id("v").Id(gt.Name)).Id("valid").Params().Bool().Block(
		jen.Switch(jen.Id("v")).BlockFunc(func(g *jen.Group) {
			var items []jen.Code
			seen := map[int64]bool{}
			for _, c := range gt.Consts {
				if !seen[c.Value] {
					seen[c.Value] = true
					items = append(items, jen.Id(c.Name))
				}
			}
			g.Case(items...).Block(jen.Return(jen.True()))
		}),
		jen.Return(jen.False()))
}

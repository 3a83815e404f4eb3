package percodec

import (
	"fmt"

	"github.com/asn1gen/asn1gen/codegen/emit"
	"github.com/asn1gen/asn1gen/codegen/plan"
	"github.com/dave/jennifer/jen"
)

// PER codecs of the open types with a table (X.682 10, X.691 10.2): the
// unions of the plan (ProtocolIE-Field.value, InitiatingMessage.value, the
// values of the 3GPP containers). The value of the row the key selects is
// the complete encoding of the row's type, in the variant of the whole, in
// an open type field. A union gets
//
//	func (u *T) decodePER(key K, r *per.Reader, field string)          // the field, then resolvePER
//	func (u *T) resolvePER(key K, p *per.Reader, at int, field string) // the row's value, from Raw
//	func (u *T) encodePER(w *per.Writer, field string)
//	func (u *T) perValue(p *per.Reader) per.Value                      // the field of the row Kind selects
//
// which keep their errors in the Reader or Writer with field first in the
// path. Raw keeps the field's octets, which encodePER writes back
// unchanged when Kind is 0 (a key not in an extensible table) or selects a
// row without a type; a typed value whose decode reassembled a fragmented
// string in place in those octets (per.Reader.Field) leaves Raw nil. A key that follows the open type (deferred) is
// resolved right after the key is read. A union that an OCTET or BIT
// STRING contains (X.682 11) is shared by every such string over its
// table, whatever its SIZE: its decodePER and encodePER take the string's
// shape, a per.Contents, after the reader or writer.

// union emits the PER methods of the union gt.
func (e *Emitter) union(f *jen.File, gt *plan.Type) {
	u := gt.Union
	keyParam, keySwitch, keyArg := emit.KeyParam(u)
	recv := jen.Id("u").Op("*").Id(gt.Name)
	field := jen.Id("field").String()
	contents := jen.Id("c").Add(pr("Contents"))

	//	func (u *T) decodePER(key int64, r *per.Reader, field string) {
	//		u.resolvePER(key, r, r.OpenField(&u.Raw, field), field)
	//	}
	params := []jen.Code{keyParam.Clone(), jen.Id("r").Op("*").Add(pr("Reader"))}
	read := r().Dot("OpenField").Call(jen.Op("&").Id("u").Dot("Raw"), jen.Id("field"))
	doc := "decodePER reads the open type field of the value that key selects (X.691 10.2)\ninto Raw and decodes it (resolvePER)."
	if u.Containing {
		params = append(params, contents.Clone())
		read = r().Dot("StringContents").Call(jen.Op("&").Id("u").Dot("Raw"), jen.Id("c"), jen.Id("field"))
		doc = "decodePER reads the string c that contains the value key selects (X.682 11) into\nRaw and decodes it (resolvePER)."
	}
	emit.Comment(f, doc)
	f.Func().Params(recv.Clone()).Id("decodePER").Params(append(params, field.Clone())...).Block(
		jen.Id("u").Dot("resolvePER").Call(keyArg, r(), read, jen.Id("field")))

	e.Reset()
	emit.Comment(f, "resolvePER decodes Raw, the octets of the open type field at bit at of p's input, as\n"+
		"the value that key selects: the complete encoding of the row's type (X.691 10.2,\n"+
		"11.1). A key the table does not list, or a row without a type, leaves the value\n"+
		"in Raw (Kind 0 for the key not listed).")
	f.Func().Params(recv.Clone()).Id("resolvePER").Params(keyParam.Clone(), jen.Id("p").Op("*").Add(pr("Reader")), jen.Id("at").Int(), field.Clone()).BlockFunc(func(g *jen.Group) {
		unknown := func(g *jen.Group) {
			if !u.Table.Extensible {
				g.Id("p").Dot("UnknownKey").Call(jen.Id("at"), jen.Lit(gt.ASN1), jen.Id("field"))
			}
		}
		if u.KeyRaw {
			// A key outside int64 is in no row.
			g.List(jen.Id("key"), jen.Id("ok")).Op(":=").Id("raw").Dot("Int64").Call()
			g.If(jen.Op("!").Id("ok")).BlockFunc(func(g *jen.Group) {
				unknown(g)
				g.Return()
			})
		}
		g.Switch(keySwitch).BlockFunc(func(g *jen.Group) {
			for _, kc := range emit.KeyCases(u) {
				ue := kc.Row
				g.Case(kc.Label).BlockFunc(func(g *jen.Group) {
					kind := g.Id("u").Dot("Kind").Op("=").Id(ue.Const)
					if ue.Comment != "" {
						kind.Comment(ue.Comment)
					}
					if ue.Field != nil && !valueRow(ue.Field) {
						e.readRow(g, gt, ue)
					}
				})
			}
			if !u.Table.Extensible {
				g.Default().BlockFunc(func(g *jen.Group) {
					unknown(g)
					g.Return()
				})
			}
		})
		g.Id("p").Dot("DecodeField").Call(jen.Op("&").Id("u").Dot("Raw"), jen.Id("at"), jen.Id("u").Dot("perValue").Call(jen.Id("p")), jen.Id("field"))
	})

	e.valueMethod(f, gt)

	//	func (u *T) encodePER(w *per.Writer, field string) {
	//		w.OpenValue(u.perValue(nil), u.Raw, field)
	//	}
	e.Reset()
	encParams := []jen.Code{jen.Id("w").Op("*").Add(pr("Writer"))}
	write := w().Dot("OpenValue").Call(jen.Id("u").Dot("perValue").Call(jen.Nil()), jen.Id("u").Dot("Raw"), jen.Id("field"))
	if u.Containing {
		encParams = append(encParams, contents.Clone())
		write = w().Dot("ContainedValue").Call(jen.Id("u").Dot("perValue").Call(jen.Nil()), jen.Id("u").Dot("Raw"), jen.Id("c"), jen.Id("field"))
		emit.Comment(f, "encodePER writes the complete encoding of the typed value Kind selects, or Raw, as\nthe octets of the string c (X.682 11).")
	} else {
		emit.Comment(f, "encodePER writes the typed value Kind selects in an open type field (X.691 10.2), or\nRaw as the field's octets.")
	}
	f.Func().Params(recv.Clone()).Id("encodePER").Params(append(encParams, field.Clone())...).BlockFunc(func(g *jen.Group) {
		var cases []*plan.Row
		for _, ue := range u.Rows {
			if ue.Field != nil && !valueRow(ue.Field) {
				cases = append(cases, ue)
			}
		}
		if len(cases) > 0 {
			g.Switch(jen.Id("u").Dot("Kind")).BlockFunc(func(g *jen.Group) {
				for _, ue := range cases {
					g.Case(jen.Id(ue.Const)).BlockFunc(func(g *jen.Group) {
						e.writeRow(g, gt, ue)
						g.Return()
					})
				}
			})
		}
		g.Add(write)
	})
}

// valueMethod emits perValue, the field of the row Kind selects as a
// per.Value (a row of a generated type):
//
//	func (u *T) perValue(p *per.Reader) per.Value {
//		switch u.Kind {
//		case T_IDAMFName:
//			return &u.IDAMFName
//		case T_IDExtendedAMFName:
//			return per.Row(p, &u.IDExtendedAMFName, "Extended-AMFName")
//		}
//		return nil
//	}
func (e *Emitter) valueMethod(f *jen.File, gt *plan.Type) {
	u := gt.Union
	emit.Comment(f, "perValue returns the field that holds the value of the row Kind selects, nil for\n"+
		"none (the value is Raw); with p (a decode), a row held by pointer gets a new value\n"+
		"charged to p's allocation budget (per.Row).")
	f.Func().Params(jen.Id("u").Op("*").Id(gt.Name)).Id("perValue").Params(jen.Id("p").Op("*").Add(pr("Reader"))).Add(pr("Value")).BlockFunc(func(g *jen.Group) {
		var rows []*plan.Row
		for _, ue := range u.Rows {
			if ue.Field != nil && valueRow(ue.Field) {
				rows = append(rows, ue)
			}
		}
		if len(rows) > 0 {
			g.Switch(jen.Id("u").Dot("Kind")).BlockFunc(func(g *jen.Group) {
				for _, ue := range rows {
					g.Case(jen.Id(ue.Const)).BlockFunc(func(g *jen.Group) {
						slot := emit.UnionSlot(ue)
						if !ue.Field.Ptr {
							if ue.Slot == nil {
								slot = jen.Op("&").Add(slot)
							}
							g.Return(slot)
							return
						}
						g.Return(pr("Row").Call(jen.Id("p"), jen.Op("&").Add(slot), jen.Lit(ue.Field.Named.ASN1)))
					})
				}
			})
		}
		g.Return(jen.Nil())
	})
}

// valueRow reports whether the value of a row with the field f is a
// per.Value that perValue returns: a generated type, in place or behind a
// pointer.
func valueRow(f *plan.Field) bool {
	return single(f) || f.Ptr && f.Named != nil && !f.Octets && f.Union == nil && !f.List
}

// readRow emits the decoding of a row whose value is not a per.Value (a
// built-in type, an OCTET STRING containing a type) from a Reader over
// Raw:
//
//	f := p.Field(u.Raw, at)
//	r := &f
//	u.Bool = r.Bool("")
//	p.EndSub(r, &u.Raw, field)
//	return
func (e *Emitter) readRow(g *jen.Group, gt *plan.Type, ue *plan.Row) {
	g.Id("f").Op(":=").Id("p").Dot("Field").Call(jen.Id("u").Dot("Raw"), jen.Id("at"))
	g.Id("r").Op(":=").Op("&").Id("f")
	slot := emit.UnionSlot(ue)
	p := emit.Place{Val: func() *jen.Statement { return slot.Clone() }, Addr: func() *jen.Statement { return jen.Op("&").Add(slot.Clone()) }}
	e.readField(g, ue.Field, p, jen.Lit(""), gt.ASN1+"."+ue.Field.ASN1)
	g.Id("p").Dot("EndSub").Call(jen.Id("r"), jen.Op("&").Id("u").Dot("Raw"), jen.Id("field"))
	g.Return()
}

// writeRow emits the encoding of a row whose value is not a per.Value in
// an open type field (or the string that contains the union).
func (e *Emitter) writeRow(g *jen.Group, gt *plan.Type, ue *plan.Row) {
	g.Id("o").Op(":=").Add(w().Dot("BeginOpen").Call())
	slot := emit.UnionSlot(ue)
	p := emit.Place{Val: func() *jen.Statement { return slot.Clone() }, Addr: func() *jen.Statement { return jen.Op("&").Add(slot.Clone()) }}
	e.writeField(g, ue.Field, p, jen.Id("field"), gt.ASN1+"."+ue.Field.ASN1)
	if gt.Union.Containing {
		g.Add(w().Dot("Fail").Call(w().Dot("EndContained").Call(jen.Id("o"), jen.Id("c")), jen.Id("field")))
		return
	}
	g.Add(w().Dot("EndOpen").Call(jen.Id("o")))
}

// unionArgs are the arguments of the union field f's decodePER: the key,
// the reader, the string that contains the union (if one does) and the
// field's name.
func (e *Emitter) unionArgs(f *plan.Field, where string, name jen.Code) []jen.Code {
	args := []jen.Code{emit.UnionKeyArg(f), r()}
	if f.Containing {
		args = append(args, e.perContents(f.Type, where))
	}
	return append(args, name)
}

// unionWriteArgs are the arguments of the union field f's encodePER.
func (e *Emitter) unionWriteArgs(f *plan.Field, where string, name jen.Code) []jen.Code {
	args := []jen.Code{w()}
	if f.Containing {
		args = append(args, e.perContents(f.Type, where))
	}
	return append(args, name)
}

// readUnionField emits the decoding of the union field f into p: a list of
// its values (each resolved by the same key), its field kept for a key
// read later (deferred), or its value.
func (e *Emitter) readUnionField(g *jen.Group, f *plan.Field, p emit.Place, name jen.Code, where string) {
	switch {
	case f.List:
		pc := e.perConstraintsOf(f.Type)
		if pc.unsupported != "" {
			e.perFail(where, pc.unsupported)
			return
		}
		g.Add(e.eachCall(f, p.Addr(), pc.size, name, where, true))
	case isDeferredIn(e.per.deferred, f):
		// The key follows: the field's octets now, the value once the key
		// is read (resolveDeferred).
		read := r().Dot("OpenField").Call(jen.Op("&").Add(p.Val()).Dot("Raw"), name)
		if f.Containing {
			read = r().Dot("StringContents").Call(jen.Op("&").Add(p.Val()).Dot("Raw"), e.perContents(f.Type, where), name)
		}
		g.Id(emit.DeferOff(f)).Op("=").Add(read)
	default:
		g.Add(p.Val().Dot("decodePER").Call(e.unionArgs(f, where, name)...))
	}
}

// writeUnionField emits the encoding of the union field f from p.
func (e *Emitter) writeUnionField(g *jen.Group, f *plan.Field, p emit.Place, name jen.Code, where string) {
	if !f.List {
		g.Add(p.Val().Dot("encodePER").Call(e.unionWriteArgs(f, where, name)...))
		return
	}
	pc := e.perConstraintsOf(f.Type)
	g.Add(e.eachCall(f, p.Val(), pc.size, name, where, false))
}

// declareDeferred declares, for each open type of gt whose key follows it
// on the wire, the offset of its field,
//
//	var atValue int
//
// and returns them by key: the value is resolved right after the key is
// read (resolveDeferred). PER writes the components of a SEQUENCE, and of
// a SET (in the canonical order of their tags, which perTagOrder checks
// is the order of the fields), in order.
func (e *Emitter) declareDeferred(g *jen.Group, gt *plan.Type) map[*plan.Field][]*plan.Field {
	deferred := map[*plan.Field][]*plan.Field{}
	for _, f := range gt.Fields {
		if f.Union != nil && !f.List && plan.FieldIndex(gt, f.Key) > plan.FieldIndex(gt, f) {
			deferred[f.Key] = append(deferred[f.Key], f)
			g.Var().Id(emit.DeferOff(f)).Int()
		}
	}
	return deferred
}

// resolveDeferred emits, after the key is read, the resolution of the open
// types fields that precede it:
//
//	v.Value.resolvePER(int64(v.ID), r, atValue, "value")
func (e *Emitter) resolveDeferred(g *jen.Group, key *plan.Field, fields []*plan.Field) {
	for _, f := range fields {
		call := jen.Id("v").Dot(f.Name).Dot("resolvePER").Call(emit.UnionKeyArg(f), r(), jen.Id(emit.DeferOff(f)), jen.Lit(f.ASN1))
		emit.Comment(g, fmt.Sprintf("%s: its key %s is read now.", f.ASN1, key.ASN1))
		if f.Has != "" {
			g.If(jen.Id("v").Dot(f.Has)).Block(call)
		} else {
			g.Add(call)
		}
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

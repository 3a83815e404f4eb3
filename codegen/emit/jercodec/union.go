package jercodec

import (
	"github.com/asn1gen/asn1gen/codegen/emit"
	"github.com/asn1gen/asn1gen/codegen/model"
	"github.com/asn1gen/asn1gen/codegen/plan"
	"github.com/dave/jennifer/jen"
)

// JER codecs of the open types with a table (X.682 10, X.697 41): the
// unions of the plan (ProtocolIE-Field.value and the like), whose value
// is the JER encoding of the value of the row's type. The members of an
// object come in any order, so a SEQUENCE's decoder keeps the JSON text
// of the open type (jer.Reader.RawAt) and resolves it after the last
// member, with its key at hand. A union gets
//
//	func (u *T) resolveJER(key K, r *jer.Reader, raw []byte, at int, field string)
//	func (u *T) encodeJER(w *jer.Writer, field string)
//
// A key the table does not list (in an extensible table) or a row
// without a type keeps the JSON text in Raw, which encodeJER writes back
// (when it is JSON text: a Raw that another codec's decode kept is
// refused). A SEQUENCE OF or SET OF an open type's values is an array of
// them, decoded by jer.OpenList once the key is read (resolveList). An
// OCTET STRING or BIT STRING (CONTAINING the open type), as X.509's
// extnValue, is {"containing": value} (X.697 24, 25), as a string
// CONTAINING a type is; an unknown key keeps the whole object in Raw.
// A string CONTAINING the open type ENCODED BY der (X.509 2016's
// extnValue over its empty ExtensionSet) is the string of its octets
// (X.697 25), which every codec keeps in Raw as received. Refused: such
// a string over a table with rows of a type (whose values would be
// written in DER), or with a SIZE, and a key outside the open type's
// SEQUENCE or SET.

// union emits the JER methods of the union gt.
func (e *Emitter) union(f *jen.File, gt *plan.Type) {
	u := gt.Union
	keyParam, keySwitch, _ := emit.KeyParam(u)
	recv := jen.Id("u").Op("*").Id(gt.Name)
	emit.Comment(f, "resolveJER decodes raw, the JSON text at byte at, as the value key selects (X.697 41); other keys keep it in Raw.")
	f.Func().Params(recv.Clone()).Id("resolveJER").Params(keyParam, jen.Id("r").Op("*").Add(jr("Reader")), jen.Id("raw").Index().Byte(), jen.Id("at").Int(), jen.Id("field").String()).BlockFunc(func(g *jen.Group) {
		g.If(r().Dot("Err").Call().Op("!=").Nil()).Block(jen.Return())
		keep := func(g *jen.Group) {
			if e.encodedUnion(u) {
				// The octets of the string, DER that no row decodes.
				g.Id("back").Op(":=").Add(r().Dot("Seek").Call(jen.Id("at")))
				g.Id("u").Dot("Raw").Op("=").Add(r().Dot("OctetString").Call(jr("Unsized"), jen.Id("field")))
				g.Add(r().Dot("Seek").Call(jen.Id("back")))
				return
			}
			g.If(jen.Err().Op(":=").Add(r().Dot("Alloc").Call(jen.Len(jen.Id("raw")), jen.Lit(gt.ASN1))), jen.Err().Op("!=").Nil()).Block(
				r().Dot("Fail").Call(jen.Err(), jen.Id("field")),
				jen.Return())
			g.Id("u").Dot("Raw").Op("=").Append(jen.Index().Byte().Parens(jen.Nil()), jen.Id("raw").Op("..."))
		}
		unknown := func(g *jen.Group) {
			if !u.Table.Extensible {
				g.Add(r().Dot("Fail").Call(emit.RT("UnknownKey").Call(jen.Id("at"), jen.Lit(gt.ASN1)), jen.Id("field")))
				g.Return()
				return
			}
			keep(g)
			g.Return()
		}
		if u.KeyRaw {
			g.List(jen.Id("key"), jen.Id("ok")).Op(":=").Id("raw").Dot("Int64").Call()
			g.If(jen.Op("!").Id("ok")).BlockFunc(unknown)
		}
		g.Switch(keySwitch).BlockFunc(func(g *jen.Group) {
			for _, kc := range emit.KeyCases(u) {
				ue := kc.Row
				g.Case(kc.Label).BlockFunc(func(g *jen.Group) {
					kind := g.Id("u").Dot("Kind").Op("=").Id(ue.Const)
					if ue.Comment != "" {
						kind.Comment(ue.Comment)
					}
					if ue.Field == nil {
						keep(g) // a row without a type: the value stays JSON text
						return
					}
					g.Id("back").Op(":=").Add(r().Dot("Seek").Call(jen.Id("at")))
					if u.Containing {
						// {"containing": value}
						g.If(r().Dot("Containing").Call(jen.Lit(gt.ASN1), jen.Id("field"))).BlockFunc(func(g *jen.Group) {
							e.readField(g, ue.Field, rowPlace(ue), jen.Id("field"), gt.ASN1+"."+ue.Field.ASN1)
							g.Add(r().Dot("EndContaining").Call(jen.Lit(gt.ASN1), jen.Id("field")))
						})
					} else {
						e.readField(g, ue.Field, rowPlace(ue), jen.Id("field"), gt.ASN1+"."+ue.Field.ASN1)
					}
					g.Add(r().Dot("Seek").Call(jen.Id("back")))
				})
			}
			g.Default().BlockFunc(unknown)
		})
	})
	emit.Comment(f, "encodeJER writes the typed value Kind selects (X.697 41), or Raw.")
	f.Func().Params(recv.Clone()).Id("encodeJER").Params(jen.Id("w").Op("*").Add(jr("Writer")), jen.Id("field").String()).BlockFunc(func(g *jen.Group) {
		var rows []*plan.Row
		for _, ue := range u.Rows {
			if ue.Field != nil {
				rows = append(rows, ue)
			}
		}
		if len(rows) > 0 {
			g.Switch(jen.Id("u").Dot("Kind")).BlockFunc(func(g *jen.Group) {
				for _, ue := range rows {
					g.Case(jen.Id(ue.Const)).BlockFunc(func(g *jen.Group) {
						if u.Containing {
							g.Add(w().Dot("BeginContaining").Call())
						}
						e.writeField(g, ue.Field, rowPlace(ue), jen.Id("field"), gt.ASN1+"."+ue.Field.ASN1)
						if u.Containing {
							g.Add(w().Dot("EndContaining").Call())
						}
						g.Return()
					})
				}
			})
		}
		if e.encodedUnion(u) {
			g.Add(w().Dot("OctetString").Call(jen.Id("u").Dot("Raw"), jr("Unsized"), jen.Id("field")))
			return
		}
		g.Add(w().Dot("Open").Call(jen.Id("u").Dot("Raw"), jen.Id("field")))
	})
}

// encodedUnion reports whether u is the contents of strings CONTAINING it
// ENCODED BY der or BER, whose Raw holds their octets (unionField has
// refused the other cases: a union of a table without rows of a type).
func (e *Emitter) encodedUnion(u *plan.Union) bool {
	if e.encoded == nil {
		e.encoded = map[*plan.Union]bool{}
		for _, gt := range e.p.Types {
			for _, f := range gt.Fields {
				if f.Union != nil && f.Containing && encodedBy(f) != "" {
					e.encoded[f.Union] = true
				}
			}
		}
	}
	return e.encoded[u]
}

// rowPlace is where the value of row ue is held in its union. A field
// that rows of several types share (DirectoryString for X520name and
// X520CommonName) is converted to the row's type: UnionSlot is then the
// pointer (*X520name)(&u.DirectoryString), not a value.
func rowPlace(ue *plan.Row) emit.Place {
	slot := emit.UnionSlot(ue)
	if ue.Slot != nil {
		return emit.Place{
			Val:  func() *jen.Statement { return jen.Op("*").Add(slot.Clone()) },
			Addr: func() *jen.Statement { return slot.Clone() },
		}
	}
	return emit.Place{
		Val:  func() *jen.Statement { return slot.Clone() },
		Addr: func() *jen.Statement { return jen.Op("&").Add(slot.Clone()) },
	}
}

// unionField reports whether the emitter handles the union field f of
// gt, after failing when it does not.
func (e *Emitter) unionField(gt *plan.Type, f *plan.Field, where string) bool {
	switch {
	case f.Containing && f.Type.Constraints != nil && f.Type.Constraints.EncodedBy != nil && encodedBy(f) == "":
		e.fail(where, "an OCTET STRING or BIT STRING (CONTAINING an open type ENCODED BY an encoding other than BER or DER)")
	case f.Containing && encodedBy(f) != "" && (typedRows(f.Union) || f.List || plan.ContentsBySize(f)):
		e.fail(where, "an OCTET STRING (CONTAINING an open type ENCODED BY der) with rows of a type, a SIZE or in a list, or such a BIT STRING")
	case !f.Containing && e.encodedUnion(f.Union):
		e.fail(where, "an open type whose union is also the contents of a string ENCODED BY der")
	case gt == nil || f.Key == nil || plan.FieldIndex(gt, f.Key) < 0 || gt.Kind != model.TypeSequence && gt.Kind != model.TypeSet:
		e.fail(where, "an open type whose key is not a component of its SEQUENCE or SET")
	default:
		return true
	}
	return false
}

// typedRows reports whether a row of u has a type.
func typedRows(u *plan.Union) bool {
	for _, ue := range u.Rows {
		if ue.Field != nil {
			return true
		}
	}
	return false
}

// resolveList is the decoding of f, a SEQUENCE OF or SET OF an open
// type's values, from the JSON text of its array kept at byte offX, once
// the key is read:
//
//	v.Extns = jer.OpenList(r, offExtns, jer.Size{Lb: 1, Ub: -1}, "B.extns", "extns", func(e *T, raw []byte, at int) {
//		e.resolveJER(int64(v.ContributorID), r, raw, at, "")
//	})
func (e *Emitter) resolveList(f *plan.Field, where string) *jen.Statement {
	elem := emit.Ref(f.Union.Type)
	resolve := jen.Func().Params(jen.Id("e").Op("*").Add(elem), jen.Id("raw").Index().Byte(), jen.Id("at").Int()).Block(
		jen.Id("e").Dot("resolveJER").Call(emit.UnionKeyArg(f), r(), jen.Id("raw"), jen.Id("at"), jen.Lit("")),
	)
	return jen.Id("v").Dot(f.Name).Op("=").Add(jr("OpenList")).Call(
		r(), jen.Id(emit.DeferOff(f)), boundsOf(f.Type).size, jen.Lit(where), jen.Lit(f.ASN1), resolve)
}

// writeList emits the encoding of f, a SEQUENCE OF or SET OF an open
// type's values, from p:
//
//	jer.WriteOpenList(w, v.Extns, jer.Size{Lb: 1, Ub: -1}, "B.extns", "extns", func(e *T) {
//		e.encodeJER(w, "")
//	})
func (e *Emitter) writeList(g *jen.Group, f *plan.Field, p emit.Place, name jen.Code, where string) {
	elem := emit.Ref(f.Union.Type)
	g.Add(jr("WriteOpenList")).Call(w(), p.Val(), boundsOf(f.Type).size, jen.Lit(where), name,
		jen.Func().Params(jen.Id("e").Op("*").Add(elem)).Block(jen.Id("e").Dot("encodeJER").Call(w(), jen.Lit(""))))
}

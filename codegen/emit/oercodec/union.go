package oercodec

import (
	"github.com/asn1gen/asn1gen/codegen/emit"
	"github.com/asn1gen/asn1gen/codegen/plan"
	"github.com/dave/jennifer/jen"
)

// OER codecs of the open types with a table (X.682 10, X.696 30): the
// unions of the plan (ProtocolIE-Field.value and the like). The value of
// the row the key selects is the complete encoding of the row's type in
// an open type field. A union gets
//
//	func (u *T) decodeOER(key K, r *oer.Reader, field string) // the field into Raw, then the row's value
//	func (u *T) encodeOER(w *oer.Writer, field string)
//
// which keep their errors in the Reader or Writer with field first in the
// path. Raw keeps the field's octets, which encodeOER writes back
// unchanged when Kind is 0 (a key not in an extensible table) or selects a
// row without a type. Refused: a union that a string contains, a list of
// an open type's values, and a key that follows its open type.

// union emits the OER methods of the union gt.
func (e *Emitter) union(f *jen.File, gt *plan.Type) {
	u := gt.Union
	if u.Containing {
		e.fail(gt.ASN1, "an open type that an OCTET or BIT STRING contains")
		return
	}
	keyParam, keySwitch, _ := emit.KeyParam(u)
	recv := jen.Id("u").Op("*").Id(gt.Name)
	field := jen.Id("field").String()
	emit.Comment(f, "decodeOER reads the open type field of the value that key selects (X.696 30) into\n"+
		"Raw and decodes the row's value from it. A key the table does not list, or a row\n"+
		"without a type, leaves the value in Raw (Kind 0 for the key not listed).")
	f.Func().Params(recv.Clone()).Id("decodeOER").Params(keyParam, jen.Id("r").Op("*").Add(or("Reader")), field.Clone()).BlockFunc(func(g *jen.Group) {
		g.If(jen.Id("r").Dot("Err").Call().Op("!=").Nil()).Block(jen.Return())
		at := jen.Id("_") // unused by a table without rows of a type, which any key may select
		for _, kc := range emit.KeyCases(u) {
			if kc.Row.Field != nil {
				at = jen.Id("at")
			}
		}
		if !u.Table.Extensible {
			at = jen.Id("at")
		}
		g.List(jen.Id("b"), at, jen.Err()).Op(":=").Id("r").Dot("ReadOpen").Call()
		g.If(jen.Err().Op("!=").Nil()).Block(jen.Id("r").Dot("Fail").Call(jen.Err(), jen.Id("field")), jen.Return())
		g.Id("u").Dot("Raw").Op("=").Id("b")
		unknown := func(g *jen.Group) {
			if !u.Table.Extensible {
				g.Id("r").Dot("Fail").Call(emit.RT("UnknownKey").Call(jen.Id("at"), jen.Lit(gt.ASN1)), jen.Id("field"))
			}
			g.Return()
		}
		if u.KeyRaw {
			// A key outside int64 is in no row.
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
						return // the value stays in Raw
					}
					g.Id("o").Op(":=").Id("r").Dot("Field").Call(jen.Id("b"), jen.Id("at"))
					e.readField(g, ue.Field, rowPlace(ue), "o", jen.Lit(""), gt.ASN1+"."+ue.Field.ASN1)
					g.Id("r").Dot("EndOpen").Call(jen.Op("&").Id("o"), jen.Id("field"))
				})
			}
			g.Default().BlockFunc(unknown)
		})
	})

	emit.Comment(f, "encodeOER writes the typed value Kind selects in an open type field (X.696 30), or\nRaw as the field's octets.")
	f.Func().Params(recv.Clone()).Id("encodeOER").Params(jen.Id("w").Op("*").Add(or("Writer")), field.Clone()).BlockFunc(func(g *jen.Group) {
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
						g.Id("m").Op(":=").Add(w().Dot("BeginOpen").Call())
						e.writeField(g, ue.Field, rowPlace(ue), jen.Id("field"), gt.ASN1+"."+ue.Field.ASN1)
						g.Add(w().Dot("EndOpen").Call(jen.Id("m")))
						g.Return()
					})
				}
			})
		}
		g.Add(w().Dot("WriteOpen").Call(jen.Id("u").Dot("Raw")))
	})
}

// rowPlace is where the value of row ue is held in its union.
func rowPlace(ue *plan.Row) place {
	slot := emit.UnionSlot(ue)
	return place{
		val:  func() *jen.Statement { return slot.Clone() },
		addr: func() *jen.Statement { return jen.Op("&").Add(slot.Clone()) },
	}
}

// unionField reports whether the emitter handles the union field f of
// gt, after failing when it does not.
func (e *Emitter) unionField(gt *plan.Type, f *plan.Field, where string) bool {
	switch {
	case f.List:
		e.fail(where, "a SET OF or SEQUENCE OF an open type's values")
	case f.Containing:
		e.fail(where, "an open type that an OCTET or BIT STRING contains")
	case gt == nil || f.Key == nil || plan.FieldIndex(gt, f.Key) > plan.FieldIndex(gt, f):
		e.fail(where, "an open type whose key follows it")
	default:
		return true
	}
	return false
}

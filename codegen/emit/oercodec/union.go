package oercodec

import (
	"fmt"
	"sort"

	"github.com/asn1gen/asn1gen/codegen/emit"
	"github.com/asn1gen/asn1gen/codegen/model"
	"github.com/asn1gen/asn1gen/codegen/plan"
	"github.com/dave/jennifer/jen"
)

// OER codecs of the open types with a table (X.682 10, X.696 30): the
// unions of the plan (ProtocolIE-Field.value and the like). The value of
// the row the key selects is the complete encoding of the row's type in
// an open type field. A union gets
//
//	func (u *T) decodeOER(key K, r *oer.Reader, field string)          // readOER, then resolveOER
//	func (u *T) readOER(r *oer.Reader, field string) int               // the field into Raw
//	func (u *T) resolveOER(key K, r *oer.Reader, at int, field string) // the row's value, from Raw
//	func (u *T) encodeOER(w *oer.Writer, field string)
//
// which keep their errors in the Reader or Writer with field first in the
// path. Raw keeps the field's octets, which encodeOER writes back
// unchanged when Kind is 0 (a key not in an extensible table) or selects a
// row without a type. A key that follows the open type in its SEQUENCE
// (deferred) resolves it right after the key is read. A SEQUENCE OF the
// open type's values (1609.2's ContributedExtensionBlock.extns) is a
// quantity field and an open type field per element, each resolved by
// the same key (unionList). An OCTET STRING (CONTAINING the open type)
// without a SIZE is a length and the encoding of the row's value (X.696
// 14, X.682 11): an open type field's form, so the same methods read and
// write it, Raw then holding the string's contents. Refused: a union that
// a BIT STRING or an OCTET STRING with a SIZE contains, and a list whose
// key follows it.

// union emits the OER methods of the union gt.
func (e *Emitter) union(f *jen.File, gt *plan.Type) {
	u := gt.Union
	keyParam, _, keyArg := emit.KeyParam(u)
	recv := jen.Id("u").Op("*").Id(gt.Name)
	field := jen.Id("field").String()
	emit.Comment(f, "decodeOER reads the open type field of the value key selects into Raw and decodes it (X.696 30).")
	f.Func().Params(recv.Clone()).Id("decodeOER").Params(keyParam.Clone(), jen.Id("r").Op("*").Add(or("Reader")), field.Clone()).Block(
		jen.Id("u").Dot("resolveOER").Call(keyArg, jen.Id("r"), jen.Id("u").Dot("readOER").Call(jen.Id("r"), jen.Id("field")), jen.Id("field")))
	emit.Comment(f, "readOER reads the open type field into Raw and returns the offset of its octets, for resolveOER.")
	f.Func().Params(recv.Clone()).Id("readOER").Params(jen.Id("r").Op("*").Add(or("Reader")), field.Clone()).Int().Block(
		jen.If(jen.Id("r").Dot("Err").Call().Op("!=").Nil()).Block(jen.Return(jen.Lit(0))),
		jen.List(jen.Id("b"), jen.Id("at"), jen.Err()).Op(":=").Id("r").Dot("ReadOpen").Call(),
		jen.Id("r").Dot("Fail").Call(jen.Err(), jen.Id("field")),
		jen.Id("u").Dot("Raw").Op("=").Id("b"),
		jen.Return(jen.Id("at")))
	if by := e.unionBy(u); by != "" {
		e.derMethods(f, gt, by)
		return
	}
	e.resolveMethod(f, gt)
	emit.Comment(f, "encodeOER writes the typed value Kind selects in an open type field (X.696 30), or Raw.")
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

// derMethods emits resolveOER and encodeOER of the union gt whose values
// are the contents of an OCTET STRING ENCODED BY der (or BER, by "BER"),
// with rows of a type: the contents are the DER of the row's value, which
// the union's DER methods (decode and encode, which the package carries,
// derContained) read and write by the row the key selects; the DER
// decode is charged to the OER decode's budget and its errors are
// located in the OER input (oer.Reader.DecodeDERWith).
//
//	func (u *T) resolveOER(key int64, r *oer.Reader, at int, field string) {
//		r.DecodeDERWith(u.Raw, at, false, field, func(d *der.Reader) error { return u.decode(key, d) })
//	}
//	func (u *T) encodeOER(w *oer.Writer, field string) { w.EncodeDERWith(u.encode, field) }
func (e *Emitter) derMethods(f *jen.File, gt *plan.Type, by string) {
	keyParam, _, keyArg := emit.KeyParam(gt.Union)
	recv := jen.Id("u").Op("*").Id(gt.Name)
	enc := "der"
	if by == "BER" {
		enc = "the basic encoding"
	}
	emit.Comment(f, fmt.Sprintf("resolveOER decodes Raw, the contents at offset at, as the %s of the value key selects (ENCODED BY %s).", by, enc))
	f.Func().Params(recv.Clone()).Id("resolveOER").Params(keyParam, jen.Id("r").Op("*").Add(or("Reader")), jen.Id("at").Int(), jen.Id("field").String()).Block(
		jen.Id("r").Dot("DecodeDERWith").Call(jen.Id("u").Dot("Raw"), jen.Id("at"), jen.Lit(by == "BER"), jen.Id("field"),
			jen.Func().Params(jen.Id("d").Op("*").Add(emit.RT("Reader"))).Error().Block(
				jen.Return(jen.Id("u").Dot("decode").Call(keyArg, jen.Id("d"))))))
	emit.Comment(f, "encodeOER writes the DER of the typed value Kind selects, or Raw, as the contents of the string.")
	f.Func().Params(recv.Clone()).Id("encodeOER").Params(jen.Id("w").Op("*").Add(or("Writer")), jen.Id("field").String()).Add(emit.OneLineBody(
		w().Dot("EncodeDERWith").Call(jen.Id("u").Dot("encode"), jen.Id("field"))))
}

// unionBy returns "DER" or "BER" for a union with rows of a type that
// strings ENCODED BY der (or by the basic encoding) contain, whose OER
// methods then read and write DER (derMethods); "" for another union.
// The strings that contain one union must agree (unionBys).
func (e *Emitter) unionBy(u *plan.Union) string {
	if !u.Containing || !typedRows(u) {
		return ""
	}
	bys := e.unionBys(u)
	if len(bys) != 1 {
		return ""
	}
	return bys[0]
}

// unionBys returns the encodings (encodedBy: "DER", "BER" or "" for OER)
// of the strings of the plan that contain the union u, each once, sorted.
func (e *Emitter) unionBys(u *plan.Union) []string {
	seen := map[string]bool{}
	var bys []string
	for _, gt := range e.p.Types {
		fields := gt.Fields
		if gt.Elem != nil {
			fields = append(fields[:len(fields):len(fields)], gt.Elem)
		}
		for _, f := range fields {
			if f.Union == u && f.Containing && !seen[encodedBy(f)] {
				seen[encodedBy(f)] = true
				bys = append(bys, encodedBy(f))
			}
		}
	}
	sort.Strings(bys)
	return bys
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
	case f.List && (f.Key == nil || plan.FieldIndex(gt, f.Key) > plan.FieldIndex(gt, f)):
		e.fail(where, "a SEQUENCE OF an open type's values whose key follows it")
	case f.List && boundsOf(f.Type).unsupported != "":
		e.fail(where, boundsOf(f.Type).unsupported)
	case f.Containing && !e.containing(f, where):
		// containing has said why.
	case gt == nil || f.Key == nil || plan.FieldIndex(gt, f.Key) < 0:
		e.fail(where, "an open type whose key is not a component of its type")
	case plan.FieldIndex(gt, f.Key) > plan.FieldIndex(gt, f) && gt.Kind != model.TypeSequence && gt.Kind != model.TypeSet:
		e.fail(where, "an open type whose key follows it outside a SEQUENCE or SET")
	default:
		return true
	}
	return false
}

// resolveMethod emits resolveOER, which decodes Raw, the octets of the
// open type field at offset at of r's input, as the value of the row key
// selects. A key the table does not list, or a row without a type, leaves
// the value in Raw (Kind 0 for the key not listed).
func (e *Emitter) resolveMethod(f *jen.File, gt *plan.Type) {
	u := gt.Union
	keyParam, keySwitch, _ := emit.KeyParam(u)
	emit.Comment(f, "resolveOER decodes Raw, the field at offset at, as the value key selects; other keys leave it in Raw.")
	at := jen.Id("_") // unused by a table without rows of a type, which any key may select
	for _, kc := range emit.KeyCases(u) {
		if kc.Row.Field != nil {
			at = jen.Id("at")
		}
	}
	if !u.Table.Extensible {
		at = jen.Id("at")
	}
	f.Func().Params(jen.Id("u").Op("*").Id(gt.Name)).Id("resolveOER").Params(keyParam, jen.Id("r").Op("*").Add(or("Reader")), at.Int(), jen.Id("field").String()).BlockFunc(func(g *jen.Group) {
		g.If(jen.Id("r").Dot("Err").Call().Op("!=").Nil()).Block(jen.Return())
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
					g.Id("o").Op(":=").Id("r").Dot("Field").Call(jen.Id("u").Dot("Raw"), jen.Id("at"))
					e.readField(g, ue.Field, rowPlace(ue), "o", jen.Lit(""), gt.ASN1+"."+ue.Field.ASN1)
					g.Id("r").Dot("EndOpen").Call(jen.Op("&").Id("o"), jen.Id("field"))
				})
			}
			g.Default().BlockFunc(unknown)
		})
	})
}

// deferredOf returns, for the open types of gt whose key follows them,
// each key with the open types it resolves, after declaring the offsets
// of their fields:
//
//	var atValue int
func deferredOf(g *jen.Group, gt *plan.Type) map[*plan.Field][]*plan.Field {
	deferred := map[*plan.Field][]*plan.Field{}
	for _, f := range gt.Fields {
		if f.Union != nil && !f.List && f.Key != nil && plan.FieldIndex(gt, f.Key) > plan.FieldIndex(gt, f) {
			deferred[f.Key] = append(deferred[f.Key], f)
			g.Var().Id(emit.DeferOff(f)).Int()
		}
	}
	return deferred
}

// isDeferred reports whether the open type f waits for its key.
func (e *Emitter) isDeferred(f *plan.Field) bool {
	for _, fs := range e.deferred {
		for _, x := range fs {
			if x == f {
				return true
			}
		}
	}
	return false
}

// resolveDeferred emits, after the key is read, the resolution of the
// open types before it:
//
//	v.Value.resolveOER(int64(v.ID), r, atValue, "value")
func (e *Emitter) resolveDeferred(g *jen.Group, key *plan.Field, rd string) {
	for _, f := range e.deferred[key] {
		call := jen.Id("v").Dot(f.Name).Dot("resolveOER").Call(emit.UnionKeyArg(f), jen.Id(rd), jen.Id(emit.DeferOff(f)), jen.Lit(f.ASN1))
		emit.Comment(g, fmt.Sprintf("%s: its key %s is read now.", f.ASN1, key.ASN1))
		if f.Has != "" {
			g.If(jen.Id("v").Dot(f.Has)).Block(call)
		} else {
			g.Add(call)
		}
	}
}

// readUnionList emits the decoding of the SEQUENCE OF an open type's
// values f into p (X.696 17: a quantity field, then each element's
// encoding, here an open type field, X.696 30), every element resolved
// by the key, which precedes the list (unionField); of a SET OF, a
// canonical Reader checks the order of the elements (listCodec):
//
//	if at, n := r.Offset(), r.Quantity("extns"); r.Err() == nil {
//		if n < 1 { // the SIZE, when it has one
//			r.Fail(der.NewError(der.KindConstraint, at, "T.extns", "size not in 1..MAX", "X.680 51.5"), "extns")
//			n = 0
//		}
//		s, err := oer.MakeSlice[U](r, n)
//		r.Fail(err, "extns")
//		for i := range s {
//			s[i].decodeOER(int64(v.ContributorID), r, "")
//			if r.Err() != nil {
//				r.Fail(der.WithIndex(r.Err(), i), "extns")
//				break
//			}
//		}
//		v.Extns = s
//	}
func (e *Emitter) readUnionList(g *jen.Group, f *plan.Field, p emit.Place, rd string, name jen.Code, where string) {
	r := func() *jen.Statement { return jen.Id(rd) }
	bad, text := sizeCheck(f.Type)
	at := jen.Id("_")
	if bad != nil {
		at = jen.Id("at")
	}
	g.If(jen.List(at, jen.Id("n")).Op(":=").List(r().Dot("Offset").Call(), r().Dot("Quantity").Call(name)), r().Dot("Err").Call().Op("==").Nil()).BlockFunc(func(g *jen.Group) {
		if bad != nil {
			g.If(bad(jen.Id("n"))).Block(
				r().Dot("Fail").Call(emit.RT("NewError").Call(emit.RT("KindConstraint"), jen.Id("at"),
					jen.Lit(where), jen.Lit(text), jen.Lit("X.680 51.5")), name),
				jen.Id("n").Op("=").Lit(0))
		}
		g.List(jen.Id("s"), jen.Err()).Op(":=").Add(or("MakeSlice")).Types(emit.Ref(f.Union.Type)).Call(r(), jen.Id("n"))
		g.Add(r().Dot("Fail").Call(jen.Err(), name))
		set := f.Type.Underlying().Kind == model.TypeSetOf
		if set {
			g.Id("order").Op(":=").Add(r().Dot("BeginSetOf").Call())
		}
		g.For(jen.Id("i").Op(":=").Range().Id("s")).BlockFunc(func(g *jen.Group) {
			g.Id("s").Index(jen.Id("i")).Dot("decodeOER").Call(emit.UnionKeyArg(f), r(), jen.Lit(""))
			if set {
				g.Add(r().Dot("InOrder").Call(jen.Op("&").Id("order"), jen.Lit(where)))
			}
			g.If(r().Dot("Err").Call().Op("!=").Nil()).Block(
				r().Dot("Fail").Call(emit.RT("WithIndex").Call(r().Dot("Err").Call(), jen.Id("i")), name),
				jen.Break())
		})
		g.Add(p.Val()).Op("=").Id("s")
	})
}

// writeUnionList emits the encoding of the SEQUENCE OF an open type's
// values f from p, of a SET OF in CANONICAL-OER's order (listCodec):
//
//	w.WriteQuantity(len(v.Extns))
//	for i := range v.Extns {
//		v.Extns[i].encodeOER(w, "")
//		if w.Err() != nil {
//			w.Fail(der.WithIndex(w.Err(), i), "extns")
//			break
//		}
//	}
func (e *Emitter) writeUnionList(g *jen.Group, f *plan.Field, p emit.Place, name jen.Code, where string) {
	bad, text := sizeCheck(f.Type)
	set := f.Type.Underlying().Kind == model.TypeSetOf
	body := func(g *jen.Group) {
		g.Add(w().Dot("WriteQuantity").Call(jen.Len(p.Val())))
		if set {
			g.Id("mark").Op(":=").Add(w().Dot("BeginSetOf").Call(jen.Len(p.Val())))
		}
		g.For(jen.Id("i").Op(":=").Range().Add(p.Val())).BlockFunc(func(g *jen.Group) {
			g.Add(p.Val().Index(jen.Id("i")).Dot("encodeOER").Call(w(), jen.Lit("")))
			g.If(w().Dot("Err").Call().Op("!=").Nil()).Block(
				w().Dot("Fail").Call(emit.RT("WithIndex").Call(w().Dot("Err").Call(), jen.Id("i")), name),
				jen.Break())
			if set {
				g.Add(w().Dot("EndElement").Call(jen.Op("&").Id("mark")))
			}
		})
		if set {
			g.Add(w().Dot("EndSetOf").Call(jen.Op("&").Id("mark")))
		}
	}
	if bad == nil && set {
		g.BlockFunc(body) // mark is the list's own
		return
	}
	if bad == nil {
		body(g)
		return
	}
	g.If(bad(jen.Len(p.Val()))).Block(
		w().Dot("Fail").Call(emit.RT("NewError").Call(emit.RT("KindConstraint"), jen.Lit(-1), jen.Lit(where), jen.Lit(text), jen.Lit("X.680 51.5")), name),
	).Else().BlockFunc(body)
}

package percodec

import (
	"github.com/asn1gen/asn1gen/codegen/emit"
	"github.com/asn1gen/asn1gen/codegen/model"
	"github.com/asn1gen/asn1gen/codegen/plan"
	"github.com/dave/jennifer/jen"
)

// listCodec is the codec of a SEQUENCE OF or SET OF (X.691 20, 22): the
// count (an extension bit if the size is extensible, a length unless it
// is fixed, fragmented from 16K on) and the elements. A SET OF is written
// in the order of its value, as BASIC-PER does (X.691 22.1: only canonical
// PER sorts). Elements of a generated type held in place are read and
// written by per.DecodeList and per.EncodeList, others by per.DecodeEach
// and per.EncodeEach with a function of the element:
//
//	return per.DecodeList(r, v, per.Size{Lb: 1, Ub: 8})
//	return per.EncodeList(w, *v, per.Size{Lb: 1, Ub: 8})
//
//	return per.DecodeEach(r, v, per.Size{Lb: 1, Ub: 4}, "", func(r *per.Reader, e *int64) {
//		*e = r.Int(0, 139, false, "")
//	})
func (e *Emitter) listCodec(gt *plan.Type) (dec, enc jen.Code) {
	pc := e.perConstraintsOf(gt.Body)
	if pc.unsupported != "" {
		e.perFail(gt.ASN1, pc.unsupported)
		return nil, nil
	}
	elem := gt.Elem
	if single(elem) {
		return emit.OneLineBody(jen.Return(pr("DecodeList").Call(r(), jen.Id("v"), pc.size))),
			emit.OneLineBody(jen.Return(pr("EncodeList").Call(w(), jen.Op("*").Id("v"), pc.size)))
	}
	return jen.Block(jen.Return(e.eachCall(elem, jen.Id("v"), pc.size, jen.Lit(""), gt.ASN1+"[]", true))),
		jen.Block(jen.Return(e.eachCall(elem, jen.Op("*").Id("v"), pc.size, jen.Lit(""), gt.ASN1+"[]", false)))
}

// eachCall is the call of per.DecodeEach (or per.EncodeEach) on the list
// (a pointer to it when decoding) whose elements are f, with the function
// that reads (or writes) one.
func (e *Emitter) eachCall(f *plan.Field, list jen.Code, size jen.Code, name jen.Code, where string, decode bool) jen.Code {
	elemType := emit.GoType(f)
	if f.Union != nil {
		elemType = emit.Ref(f.Union.Type) // a list of an open type's values
	}
	if decode {
		return pr("DecodeEach").Call(r(), list, size, name, jen.Func().Params(jen.Id("r").Op("*").Add(pr("Reader")), jen.Id("e").Op("*").Add(elemType)).BlockFunc(func(g *jen.Group) {
			e.readElem(g, f, where)
		}))
	}
	return pr("EncodeEach").Call(w(), list, size, name, jen.Func().Params(jen.Id("w").Op("*").Add(pr("Writer")), jen.Id("e").Op("*").Add(elemType)).BlockFunc(func(g *jen.Group) {
		e.writeElem(g, f, where)
	}))
}

// readElem emits the decoding of one element *e of a list of f.
func (e *Emitter) readElem(g *jen.Group, f *plan.Field, where string) {
	if f.Union != nil {
		g.Add(jen.Id("e").Dot("decodePER").Call(e.unionArgs(f, where, jen.Lit(""))...))
		return
	}
	e.readField(g, f, emit.ElemPlace, jen.Lit(""), where)
}

// writeElem emits the encoding of one element *e of a list of f.
func (e *Emitter) writeElem(g *jen.Group, f *plan.Field, where string) {
	if f.Union != nil {
		g.Add(jen.Id("e").Dot("encodePER").Call(e.unionWriteArgs(f, where, jen.Lit(""))...))
		return
	}
	e.writeField(g, f, emit.ElemPlace, jen.Lit(""), where)
}

// enumCodec is the codec of an ENUMERATED (X.691 14): the index of the
// item among the root's, sorted by value, or after the extension bit
// among the additions'. Items numbered 0, 1, 2, ... (the root's, then the
// additions') are their indexes:
//
//	return per.DecodeEnum(r, v, 3, 1, true)
//	return w.WriteEnum(int64(*v), 3, 1, true)
func (e *Emitter) enumCodec(gt *plan.Type) (dec, enc jen.Code) {
	root, adds, ext := enumItems(gt)
	if denseSorted(append(append([]*model.NamedNumber(nil), root...), adds...)) {
		return emit.OneLineBody(jen.Return(pr("DecodeEnum").Call(r(), jen.Id("v"), jen.Lit(len(root)), jen.Lit(len(adds)), jen.Lit(ext)))),
			emit.OneLineBody(jen.Return(w().Dot("WriteEnum").Call(jen.Int64().Call(jen.Op("*").Id("v")), jen.Lit(len(root)), jen.Lit(len(adds)), jen.Lit(ext))))
	}
	return e.sparseEnumDecode(gt, root, adds, ext), e.sparseEnumEncode(gt, root, adds, ext)
}

// enumItems returns the items of the enumeration gt, the root's and the
// additions', each sorted by value, and whether it is extensible.
func enumItems(gt *plan.Type) (root, adds []*model.NamedNumber, ext bool) {
	return plan.EnumItems(gt)
}

// inPlaceEnum reports whether gt is an enumeration written in place (a
// component's ENUMERATED {...}) whose items are their indexes: it has no
// PER methods, and the type it is written in reads and writes it
// (readEnum, writeEnum). NR RRC has some 2,500 of them, whose methods
// were a third of its PER functions.
func inPlaceEnum(gt *plan.Type) bool {
	if gt == nil || gt.Kind != model.TypeEnumerated || gt.Doc != "" || gt.Alias != nil || gt.Base != nil || gt.Pkg != "" {
		return false
	}
	root, adds, _ := enumItems(gt)
	return denseSorted(append(append([]*model.NamedNumber(nil), root...), adds...))
}

// enumArgs are the arguments of per.Reader.Enum and per.Writer.Enum for
// the enumeration gt, after the value: the number of root items and of
// additions, and whether it is extensible.
func enumArgs(gt *plan.Type) []jen.Code {
	root, adds, ext := enumItems(gt)
	return []jen.Code{jen.Lit(len(root)), jen.Lit(len(adds)), jen.Lit(ext)}
}

// enumConst is the constant of item nn of the enumeration gt.
func enumConst(gt *plan.Type, nn *model.NamedNumber) jen.Code {
	for _, c := range emit.BodyOf(gt).Consts {
		if c.ASN1 == nn.Name {
			return jen.Id(c.Name)
		}
	}
	return jen.Id(gt.Name).Call(emit.Num(nn.Value))
}

// sparseEnumDecode is the body of the DecodePER of an enumeration whose
// items are not their indexes: a switch on the index.
func (e *Emitter) sparseEnumDecode(gt *plan.Type, root, adds []*model.NamedNumber, ext bool) jen.Code {
	return jen.BlockFunc(func(g *jen.Group) {
		inExt := "_"
		if ext {
			inExt = "inExt"
		}
		g.List(jen.Id("i"), jen.Id(inExt), jen.Err()).Op(":=").Id("r").Dot("ReadIndex").Call(jen.Lit(len(root)), jen.Lit(ext))
		g.Add(emit.IfErr(emit.PlainReturn))
		if ext {
			g.If(jen.Id("inExt")).BlockFunc(func(g *jen.Group) {
				g.Switch(jen.Id("i")).BlockFunc(func(g *jen.Group) {
					for i, nn := range adds {
						g.Case(jen.Lit(i)).Block(jen.Op("*").Id("v").Op("=").Add(enumConst(gt, nn)), jen.Return(jen.Nil()))
					}
				})
				g.Return(jen.Id("r").Dot("Error").Call(emit.RT("KindUnsupported"), jen.Lit(gt.ASN1), jen.Lit("an enumeration addition this version does not know"), jen.Lit("X.691 14")))
			})
		}
		if denseSorted(root) {
			g.Op("*").Id("v").Op("=").Id(gt.Name).Call(jen.Id("i"))
			g.Return(jen.Nil())
			return
		}
		g.Switch(jen.Id("i")).BlockFunc(func(g *jen.Group) {
			for i, nn := range root {
				g.Case(jen.Lit(i)).Block(jen.Op("*").Id("v").Op("=").Add(enumConst(gt, nn)), jen.Return(jen.Nil()))
			}
		})
		g.Return(jen.Id("r").Dot("Error").Call(emit.RT("KindInvalidValue"), jen.Lit(gt.ASN1), jen.Lit("no item has this index"), jen.Lit("X.691 14")))
	})
}

// sparseEnumEncode is the body of the EncodePER of an enumeration whose
// items are not their indexes.
func (e *Emitter) sparseEnumEncode(gt *plan.Type, root, adds []*model.NamedNumber, ext bool) jen.Code {
	return jen.BlockFunc(func(g *jen.Group) {
		g.Switch(jen.Op("*").Id("v")).BlockFunc(func(g *jen.Group) {
			seen := map[int64]bool{}
			for i, nn := range root {
				if seen[nn.Value] {
					continue
				}
				seen[nn.Value] = true
				g.Case(enumConst(gt, nn)).Block(jen.Id("w").Dot("WriteIndex").Call(jen.Lit(i), jen.Lit(len(root)), jen.Lit(ext), jen.False()))
			}
			for i, nn := range adds {
				if seen[nn.Value] {
					continue
				}
				seen[nn.Value] = true
				g.Case(enumConst(gt, nn)).Block(jen.Id("w").Dot("WriteIndex").Call(jen.Lit(i), jen.Lit(len(root)), jen.True(), jen.True()))
			}
			g.Default().Block(jen.Return(emit.RT("NewError").Call(emit.RT("KindInvalidValue"), jen.Lit(-1), jen.Lit(gt.ASN1),
				jen.Lit("not an item of the enumeration"), jen.Lit("X.680 20"))))
		})
		g.Return(jen.Nil())
	})
}

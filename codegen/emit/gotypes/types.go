package gotypes

import (
	"fmt"
	"sort"
	"strings"

	"github.com/asn1gen/asn1gen/codegen/emit"
	"github.com/asn1gen/asn1gen/codegen/model"
	"github.com/asn1gen/asn1gen/codegen/names"
	"github.com/asn1gen/asn1gen/codegen/plan"
	"github.com/dave/jennifer/jen"
)

// Type emits a Go type with its constants and the methods of its values
// (String, named bits, forwarded methods).
func (e *Emitter) Type(f *jen.File, gt *plan.Type) {
	switch {
	case gt.Alias != nil:
		emit.Comment(f, emit.DocComment(gt, emit.Describe(gt))+"\n\nIt has the Go type of "+gt.Alias.Name+".")
		f.Type().Id(gt.Name).Op("=").Add(emit.Ref(gt.Alias))
		return
	case gt.Base != nil:
		emit.Comment(f, emit.DocComment(gt, emit.Describe(gt)))
		f.Type().Id(gt.Name).Add(emit.Ref(gt.Base))
		return
	case gt.Union != nil:
		e.unionDecl(f, gt)
		return
	}
	emit.Comment(f, emit.DocComment(gt, emit.Describe(gt)))
	switch gt.Kind {
	case model.TypeSequence, model.TypeSet:
		f.Type().Id(gt.Name).StructFunc(func(g *jen.Group) {
			for _, fl := range gt.Fields {
				e.structField(g, fl)
			}
			if gt.Unknown != "" {
				emit.Comment(g, "Unknown holds the encodings of extension additions this version does not know, in order.")
				g.Id(gt.Unknown).Index().Byte()
			}
			if gt.Raw != "" {
				emit.Comment(g, "Raw is the encoding received (set by decoding, not used by encoding): the bytes a signature covers.")
				g.Id(gt.Raw).Index().Byte()
			}
		})
	case model.TypeChoice:
		f.Type().Id(gt.Name).StructFunc(func(g *jen.Group) {
			if gt.Unknown != "" {
				emit.Comment(g, "Choice tells which alternative the value holds; 0 means none (or, after decoding, an unknown alternative kept in Unknown).")
			} else {
				emit.Comment(g, "Choice tells which alternative the value holds; 0 means none.")
			}
			g.Id("Choice").Id(gt.ChoiceType)
			if gt.Single {
				var alts []string
				for _, fl := range gt.Fields {
					alts = append(alts, fl.ASN1)
				}
				emit.Comment(g, fmt.Sprintf("Value is the value of the alternative Choice names (%s: all of Go type %s).",
					strings.Join(alts, ", "), emit.BuiltinGo(gt.Fields[0].Type).GoString()))
				g.Id("Value").Add(emit.BuiltinGo(gt.Fields[0].Type))
			} else {
				for _, fl := range gt.Fields {
					e.structField(g, fl)
				}
			}
			if gt.Unknown != "" {
				emit.Comment(g, "Unknown holds the encoding of an alternative added in a later version.")
				g.Id(gt.Unknown).Index().Byte()
			}
		})
		if gt.ChoiceOwner == nil {
			e.choiceConsts(f, gt)
		}
	case model.TypeSequenceOf, model.TypeSetOf:
		f.Type().Id(gt.Name).Index().Add(emit.GoType(gt.Elem))
	case model.TypeInteger:
		if gt.IntGo == "int64" {
			f.Type().Id(gt.Name).Int64()
		} else {
			f.Type().Id(gt.Name).Add(emit.RT("Integer"))
			e.forward(f, gt, "Integer", []forwarded{
				{"Int64", "returns the value if it fits in an int64.", nil, nil, []jen.Code{jen.Int64(), jen.Bool()}},
				{"Big", "returns the value as a *big.Int.", nil, nil, []jen.Code{jen.Op("*").Qual("math/big", "Int")}},
				{"String", "returns the value in decimal.", nil, nil, []jen.Code{jen.String()}},
			})
		}
		e.namedNumbers(f, gt)
		if gt.IntGo == "int64" && len(gt.Consts) > 0 {
			// Named numbers make the type an enumeration in practice.
			e.enumString(f, gt)
		}
	case model.TypeEnumerated:
		f.Type().Id(gt.Name).Int64()
		e.namedNumbers(f, gt)
		e.enumString(f, gt)
	case model.TypeBitString:
		f.Type().Id(gt.Name).Add(emit.RT("BitString"))
		e.namedBits(f, gt)
	default:
		f.Type().Id(gt.Name).Add(emit.BuiltinGo(gt.Body))
		if gt.Kind == model.TypeObjectIdentifier {
			e.forward(f, gt, "OID", []forwarded{
				{"String", "returns the OID in dotted form.", nil, nil, []jen.Code{jen.String()}},
				{"Equal", "reports whether v and o are the same OID.", []jen.Code{jen.Id("o").Add(emit.RT("OID"))}, []string{"o"}, []jen.Code{jen.Bool()}},
			})
		}
	}
}

// forwarded is a method of a runtime type that a named type over it
// forwards (a defined type does not inherit methods).
type forwarded struct {
	name, doc string
	params    []jen.Code // with names
	args      []string   // the parameter names, forwarded
	results   []jen.Code
}

func (e *Emitter) forward(f *jen.File, gt *plan.Type, base string, methods []forwarded) {
	for _, m := range methods {
		var args []jen.Code
		for _, a := range m.args {
			args = append(args, jen.Id(a))
		}
		emit.Comment(f, fmt.Sprintf("%s %s", m.name, m.doc))
		f.Func().Params(jen.Id("v").Id(gt.Name)).Id(m.name).Params(m.params...).Params(m.results...).Block(
			jen.Return(emit.RT(base).Call(jen.Id("v")).Dot(m.name).Call(args...)))
	}
}

func (e *Emitter) structField(g *jen.Group, fl *plan.Field) {
	c := fl.Comp
	g.Id(fl.Name).Add(emit.GoType(fl)).Comment(emit.ComponentText(c))
	if fl.Has != "" {
		g.Id(fl.Has).Bool().Comment("whether " + c.Name + " is present in the encoding")
	}
	if fl.Raw != "" {
		emit.Comment(g, fmt.Sprintf("%s is the encoding of %s received (set by decoding): the bytes a signature covers.", fl.Raw, c.Name))
		g.Id(fl.Raw).Index().Byte()
	}
}

func (e *Emitter) choiceConsts(f *jen.File, gt *plan.Type) {
	if len(gt.ChoiceSharers) == 0 {
		emit.Comment(f, fmt.Sprintf("%s tells which alternative of %s a value holds.", gt.ChoiceType, gt.Name))
	} else {
		sharers := []string{gt.Name}
		for _, o := range gt.ChoiceSharers {
			sharers = append(sharers, o.Name)
		}
		sort.Strings(sharers) // not in planning order, which follows the files'

		emit.Comment(f, fmt.Sprintf("%s tells which alternative of %s a value holds, for each of its instances:\n%s (they differ only in constraints).",
			gt.ChoiceType, gt.Template.Name, strings.Join(sharers, ", ")))
	}
	f.Type().Id(gt.ChoiceType).Int()
	f.Const().DefsFunc(func(g *jen.Group) {
		for i, fl := range gt.Fields {
			g.Id(fl.ChoiceConst).Id(gt.ChoiceType).Op("=").Lit(i + 1).Comment(fl.ASN1)
		}
	})
	var names []string
	for _, fl := range gt.Fields {
		names = append(names, fl.ASN1)
	}
	e.stringMethod(f, gt.ChoiceType, "c", "String returns the ASN.1 identifier of the alternative, or \"none\" for 0.", names)
}

func (e *Emitter) namedNumbers(f *jen.File, gt *plan.Type) {
	if len(gt.Consts) == 0 {
		return
	}
	if len(gt.Consts) == 1 {
		c := gt.Consts[0]
		f.Const().Id(c.Name).Id(gt.Name).Op("=").Add(emit.Num(c.Value)).Comment(c.ASN1)
		return
	}
	f.Const().DefsFunc(func(g *jen.Group) {
		for _, c := range gt.Consts {
			g.Id(c.Name).Id(gt.Name).Op("=").Add(emit.Num(c.Value)).Comment(c.ASN1)
		}
	})
}

func (e *Emitter) enumString(f *jen.File, gt *plan.Type) {
	emit.Comment(f, "String returns the ASN.1 identifier of the value, or its number.")
	if emit.DenseEnum(gt.Consts) {
		var names []string
		for _, c := range gt.Consts {
			names = append(names, c.ASN1)
		}
		f.Func().Params(jen.Id("v").Id(gt.Name)).Id("String").Params().String().Block(
			jen.Return(emit.RT("Name").Call(jen.Lit(strings.Join(names, " ")), jen.Int().Call(jen.Id("v")), jen.Lit(""))))
		return
	}
	f.Func().Params(jen.Id("v").Id(gt.Name)).Id("String").Params().String().Block(
		jen.Switch(jen.Id("v")).BlockFunc(func(g *jen.Group) {
			seen := map[int64]bool{}
			for _, c := range gt.Consts {
				if seen[c.Value] {
					continue
				}
				seen[c.Value] = true
				g.Case(jen.Id(c.Name)).Block(jen.Return(jen.Lit(c.ASN1)))
			}
		}),
		jen.Return(jen.Qual("strconv", "FormatInt").Call(jen.Int64().Call(jen.Id("v")), jen.Lit(10))),
	)
}

func (e *Emitter) namedBits(f *jen.File, gt *plan.Type) {
	if len(gt.Consts) == 0 {
		return
	}
	emit.Comment(f, fmt.Sprintf("The named bits of %s, as bit numbers.", gt.Name))
	f.Const().DefsFunc(func(g *jen.Group) {
		for _, c := range gt.Consts {
			g.Id(c.Name).Op("=").Lit(int(c.Value)).Comment(c.ASN1)
		}
	})
	emit.Comment(f, fmt.Sprintf("%s returns the %s with the bits given set, in DER form:\nwithout trailing 0 bits (X.690 11.2.2).", gt.Ctor, gt.Name))
	f.Func().Id(gt.Ctor).Params(jen.Id("bits").Op("...").Int()).Id(gt.Name).Block(
		jen.Return(jen.Id(gt.Name).Call(emit.RT("NewNamedBits").Call(jen.Id("bits").Op("...")))))
	fn := names.NewFieldNamer("Has", "String", "UnmarshalDER", "MarshalDER", "DecodeASN1", "EncodeASN1")
	for _, c := range gt.Consts {
		m := fn.Field(c.ASN1)
		emit.Comment(f, fmt.Sprintf("%s reports whether the named bit %s (%d) is set.", m, c.ASN1, c.Value))
		f.Func().Params(jen.Id("v").Id(gt.Name)).Id(m).Params().Bool().Block(jen.Return(jen.Id("v").Dot("Has").Call(jen.Id(c.Name))))
	}
	emit.Comment(f, "Has reports whether bit n (one of the named bits) is set.")
	f.Func().Params(jen.Id("v").Id(gt.Name)).Id("Has").Params(jen.Id("n").Int()).Bool().Block(
		jen.Return(emit.RT("BitString").Call(jen.Id("v")).Dot("At").Call(jen.Id("n")).Op("==").Lit(1)),
	)
	emit.Comment(f, "String returns the bits set in ASN.1 value notation, by name: {digitalSignature, keyCertSign}.")
	f.Func().Params(jen.Id("v").Id(gt.Name)).Id("String").Params().String().Block(
		jen.Return(emit.RT("BitNames").Call(emit.RT("BitString").Call(jen.Id("v")), jen.Lit(bitNames(gt.Consts)))))
}

// bitNames packs the names of named bits for der.BitNames: by bit
// number, separated by spaces, "-" for a number without a name.
func bitNames(consts []plan.NamedConst) string {
	var byBit []string
	for _, c := range consts {
		if c.Value < 0 || c.Value > 1<<16 {
			continue
		}
		for int64(len(byBit)) <= c.Value {
			byBit = append(byBit, "-")
		}
		if byBit[c.Value] == "-" {
			byBit[c.Value] = c.ASN1
		}
	}
	return strings.Join(byBit, " ")
}

// unionDecl emits an open type's union: the struct (and after the class's
// first union, its discriminant).
func (e *Emitter) unionDecl(f *jen.File, gt *plan.Type) {
	u := gt.Union
	emit.Comment(f, fmt.Sprintf("%s is the open type %s: the encoding received (Raw) and, when the\nkey is in the table, the value it selects (Kind says which field holds it).", gt.Name, gt.ASN1))
	if u.Table.Extensible {
		emit.Comment(f, "The table is extensible: a key it does not list is not an error, and Raw is written back unchanged.")
	}
	f.Type().Id(gt.Name).StructFunc(func(g *jen.Group) {
		raw := "Raw is the encoding of the value: set by decoding, and written by encoding when Kind is 0 or selects no type."
		switch c := e.P.Codecs; {
		case c.DER && c.PER() && u.Containing:
			// The two encodings keep different octets: say which.
			raw += "\nFrom DER it is the string's contents octets (of a BIT STRING, after the unused bits\noctet); from PER (decodePER) the octets of the string, the complete PER encoding of\nthe value (X.691 11.1)."
		case c.DER && c.PER():
			raw += "\nFrom DER it is the value's element (tag, length, contents); from PER (decodePER)\nthe octets of the open type field, the complete PER encoding of the value (X.691\n10.2, 11.1), without the field's length. Both encoders write Raw as it is: a value kept\nraw from one encoding cannot be written in the other."
		case c.PER() && u.Containing:
			raw += "\nIt is the octets of the string, the complete PER encoding of the value (X.691 11.1)."
		case c.PER():
			raw += "\nIt is the octets of the open type field, the complete PER encoding of the value\n(X.691 10.2, 11.1), without the field's length."
		}
		if e.P.Codecs.OER && !u.Containing {
			// The OER codec keeps the field's octets as PER's does.
			raw += "\nFrom OER (decodeOER) it is the octets of the open type field, the complete OER\nencoding of the value (X.696 30), without the field's length; encodeOER writes it as\nit is, so a value kept raw by another codec cannot be written in OER."
		}
		if e.P.Codecs.PER() {
			// The reassembly reuses the octets rather than copy them again.
			raw += "\nA PER decode that reassembled a fragmented string (16K items or more) of the value\nin these octets leaves Raw nil: the typed value holds what they held."
		}
		emit.Comment(g, raw)
		g.Id("Raw").Index().Byte()
		emit.Comment(g, "Kind tells which object of the set the key selected; 0 when the key is not in the set's table.")
		g.Id("Kind").Id(u.KindType)
		for _, sl := range emit.UnionSlots(u) {
			first := sl[0]
			var consts []string
			for _, ue := range sl {
				consts = append(consts, ue.Const)
			}
			typ := emit.GoType(first.Field)
			if first.Slot != nil {
				typ = jen.Id(first.Slot.Name)
			}
			if len(sl) == 1 {
				g.Id(first.Field.Name).Add(typ).Comment("when Kind is " + first.Const)
				continue
			}
			emit.Comment(g, fmt.Sprintf("%s is the value when Kind is %s.%s", first.Field.Name, emit.OrList(consts), emit.SlotNote(sl)))
			g.Id(first.Field.Name).Add(typ)
		}
	})
	e.kindDecl(f, u.Kind, gt) // the class's discriminant, after its first union
}

package gen

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/asn1gen/asn1gen/codegen/model"
	"github.com/asn1gen/asn1gen/codegen/names"
	"github.com/asn1gen/asn1gen/runtime/der"
	"github.com/dave/jennifer/jen"
)

type emitter struct {
	p   *plan
	cfg Config
	tmp int // counter for temporaries, reset per function
	// viewNames indexes viewNameList, the names of the steps of the
	// paths of views (view.go).
	viewNames    map[string]int
	viewNameList []string
	per          perState
}

func rt(name string) *jen.Statement { return jen.Qual(rtPath, name) }

// docComment returns the doc comment of a type: a sentence, then the ASN.1
// production as a code block.
func docComment(gt *goType, what string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s is %s.", gt.name, what)
	if gt.doc != "" {
		b.WriteString("\n\n")
		for _, line := range strings.Split(strings.TrimRight(gt.doc, "\n"), "\n") {
			b.WriteString("\t" + strings.TrimRight(line, " \t") + "\n")
		}
	}
	return strings.TrimRight(b.String(), "\n")
}

func (e *emitter) describe(gt *goType) string {
	switch {
	case gt.union != nil:
		return fmt.Sprintf("the open type %s: the encoding received and the value its key selects from the table", gt.asn1)
	case gt.doc == "":
		return fmt.Sprintf("the type of %s", gt.asn1)
	}
	return fmt.Sprintf("the ASN.1 type %s", gt.asn1)
}

// goTypeOf returns the Go type expression of a field.
func (e *emitter) goTypeOf(f *field) *jen.Statement {
	if f.list {
		return jen.Index().Add(ref(f.union.gt))
	}
	if f.gt != nil {
		if f.ptr {
			return jen.Op("*").Add(ref(f.gt))
		}
		return ref(f.gt)
	}
	return builtinGo(f.t)
}

// typeDecl emits a Go type with its constants and methods.
func (e *emitter) typeDecl(f *jen.File, gt *goType) {
	switch {
	case gt.alias != nil:
		comment(f, docComment(gt, e.describe(gt))+"\n\nIt has the Go type of "+gt.alias.name+".")
		f.Type().Id(gt.name).Op("=").Add(ref(gt.alias))
		return
	case gt.base != nil:
		comment(f, docComment(gt, e.describe(gt)))
		f.Type().Id(gt.name).Add(ref(gt.base))
		e.baseMethods(f, gt)
		e.topMethods(f, gt)
		return
	case gt.union != nil:
		e.unionDecl(f, gt)
		return
	}
	comment(f, docComment(gt, e.describe(gt)))
	switch gt.kind {
	case model.TypeSequence, model.TypeSet:
		f.Type().Id(gt.name).StructFunc(func(g *jen.Group) {
			for _, fl := range gt.fields {
				e.structField(g, fl)
			}
			if gt.unknown != "" {
				comment(g, "Unknown holds the encodings of extension additions this version does not know, in order.")
				g.Id(gt.unknown).Index().Byte()
			}
			if gt.raw != "" {
				comment(g, "Raw is the encoding received (set by decoding, not used by encoding): the bytes a signature covers.")
				g.Id(gt.raw).Index().Byte()
			}
		})
	case model.TypeChoice:
		f.Type().Id(gt.name).StructFunc(func(g *jen.Group) {
			if gt.unknown != "" {
				comment(g, "Choice tells which alternative the value holds; 0 means none (or, after decoding, an unknown alternative kept in Unknown).")
			} else {
				comment(g, "Choice tells which alternative the value holds; 0 means none.")
			}
			g.Id("Choice").Id(gt.choiceType)
			if gt.single {
				var alts []string
				for _, fl := range gt.fields {
					alts = append(alts, fl.asn1)
				}
				comment(g, fmt.Sprintf("Value is the value of the alternative Choice names (%s: all of Go type %s).",
					strings.Join(alts, ", "), builtinGo(gt.fields[0].t).GoString()))
				g.Id("Value").Add(builtinGo(gt.fields[0].t))
			} else {
				for _, fl := range gt.fields {
					e.structField(g, fl)
				}
			}
			if gt.unknown != "" {
				comment(g, "Unknown holds the encoding of an alternative added in a later version.")
				g.Id(gt.unknown).Index().Byte()
			}
		})
		if gt.choiceOwner == nil {
			e.choiceConsts(f, gt)
		}
	case model.TypeSequenceOf, model.TypeSetOf:
		f.Type().Id(gt.name).Index().Add(e.goTypeOf(gt.elem))
	case model.TypeInteger:
		if gt.intGo == "int64" {
			f.Type().Id(gt.name).Int64()
		} else {
			f.Type().Id(gt.name).Add(rt("Integer"))
			e.forward(f, gt, "Integer", []forwarded{
				{"Int64", "returns the value if it fits in an int64.", nil, nil, []jen.Code{jen.Int64(), jen.Bool()}},
				{"Big", "returns the value as a *big.Int.", nil, nil, []jen.Code{jen.Op("*").Qual("math/big", "Int")}},
				{"String", "returns the value in decimal.", nil, nil, []jen.Code{jen.String()}},
			})
		}
		e.namedNumbers(f, gt)
		if gt.intGo == "int64" && len(gt.consts) > 0 {
			// Named numbers make the type an enumeration in practice.
			e.enumString(f, gt)
		}
	case model.TypeEnumerated:
		f.Type().Id(gt.name).Int64()
		e.namedNumbers(f, gt)
		e.enumString(f, gt)
		if !gt.body.Extensible && len(gt.consts) > 0 {
			comment(f, "valid reports whether v is an item of the enumeration, which has no extension\nmarker: no other value is valid (X.680 20).")
			if denseEnum(gt.consts) {
				f.Func().Params(jen.Id("v").Id(gt.name)).Id("valid").Params().Bool().Block(
					jen.Return(jen.Uint64().Call(jen.Id("v")).Op("<").Lit(len(gt.consts))))
				break
			}
			f.Func().Params(jen.Id("v").Id(gt.name)).Id("valid").Params().Bool().Block(
				jen.Switch(jen.Id("v")).BlockFunc(func(g *jen.Group) {
					var items []jen.Code
					seen := map[int64]bool{}
					for _, c := range gt.consts {
						if !seen[c.value] {
							seen[c.value] = true
							items = append(items, jen.Id(c.name))
						}
					}
					g.Case(items...).Block(jen.Return(jen.True()))
				}),
				jen.Return(jen.False()))
		}
	case model.TypeBitString:
		f.Type().Id(gt.name).Add(rt("BitString"))
		e.namedBits(f, gt)
	default:
		f.Type().Id(gt.name).Add(builtinGo(gt.body))
		if gt.kind == model.TypeObjectIdentifier {
			e.forward(f, gt, "OID", []forwarded{
				{"String", "returns the OID in dotted form.", nil, nil, []jen.Code{jen.String()}},
				{"Equal", "reports whether v and o are the same OID.", []jen.Code{jen.Id("o").Add(rt("OID"))}, []string{"o"}, []jen.Code{jen.Bool()}},
			})
		}
	}
	e.decodeMethod(f, gt)
	e.encodeMethod(f, gt)
	e.topMethods(f, gt)
}

// forwarded is a method of a runtime type that a named type over it
// forwards (a defined type does not inherit methods).
type forwarded struct {
	name, doc string
	params    []jen.Code // with names
	args      []string   // the parameter names, forwarded
	results   []jen.Code
}

func (e *emitter) forward(f *jen.File, gt *goType, base string, methods []forwarded) {
	for _, m := range methods {
		var args []jen.Code
		for _, a := range m.args {
			args = append(args, jen.Id(a))
		}
		comment(f, fmt.Sprintf("%s %s", m.name, m.doc))
		f.Func().Params(jen.Id("v").Id(gt.name)).Id(m.name).Params(m.params...).Params(m.results...).Block(
			jen.Return(rt(base).Call(jen.Id("v")).Dot(m.name).Call(args...)))
	}
}

func (e *emitter) structField(g *jen.Group, fl *field) {
	c := fl.comp
	var doc []string
	doc = append(doc, fmt.Sprintf("%s is the component %s.", fl.name, componentText(c)))
	comment(g, strings.Join(doc, " "))
	g.Id(fl.name).Add(e.goTypeOf(fl))
	if fl.has != "" {
		comment(g, fmt.Sprintf("%s tells whether %s is present in the encoding.", fl.has, c.Name))
		g.Id(fl.has).Bool()
	}
	if fl.raw != "" {
		comment(g, fmt.Sprintf("%s is the encoding of %s received (set by decoding): the bytes a signature covers.", fl.raw, c.Name))
		g.Id(fl.raw).Index().Byte()
	}
}

// componentText describes a component as ASN.1 writes it.
func componentText(c *model.Component) string {
	s := c.Name + " " + typeText(c.Type)
	switch {
	case c.Optional:
		s += " OPTIONAL"
	case c.Default != nil:
		s += " DEFAULT " + valueText(c.Default)
	}
	if c.Extension {
		s += " (extension addition)"
	}
	return s
}

func typeText(t *model.Type) string {
	var b strings.Builder
	for _, tag := range t.Tags {
		if tag.Class == model.ClassUniversal {
			continue
		}
		b.WriteString(tag.String() + " ")
	}
	switch {
	case t.Ref != nil:
		b.WriteString(t.Ref.Name)
	case t.Kind == model.TypeCharacterString || t.Kind == model.TypeTime:
		b.WriteString(t.Name)
	case t.Kind == model.TypeOpen && t.Class != nil:
		b.WriteString(t.Class.Name + "." + t.Field)
	case t.Kind == model.TypeInstanceOf && t.Class != nil:
		b.WriteString("INSTANCE OF " + t.Class.Name)
	case t.Kind == model.TypeOpen:
		b.WriteString("ANY")
	default:
		b.WriteString(t.Kind.String())
	}
	return b.String()
}

func valueText(v *model.Value) string {
	if v.Ref != nil {
		return v.Ref.Name
	}
	switch v.Kind {
	case model.ValueBoolean:
		if v.Bool {
			return "TRUE"
		}
		return "FALSE"
	case model.ValueInteger, model.ValueEnumerated:
		if v.Name != "" {
			return v.Name
		}
		return fmt.Sprint(v.Int)
	case model.ValueOID:
		return "{" + v.OID.String() + "}"
	case model.ValueBitString:
		if len(v.Names) > 0 || v.BitLen == 0 {
			return "{" + strings.Join(v.Names, ", ") + "}"
		}
	case model.ValueString:
		return fmt.Sprintf("%q", v.String)
	}
	return "(value)"
}

func (e *emitter) choiceConsts(f *jen.File, gt *goType) {
	if len(gt.choiceSharers) == 0 {
		comment(f, fmt.Sprintf("%s tells which alternative of %s a value holds.", gt.choiceType, gt.name))
	} else {
		sharers := []string{gt.name}
		for _, o := range gt.choiceSharers {
			sharers = append(sharers, o.name)
		}
		sort.Strings(sharers) // not in planning order, which follows the files'

		comment(f, fmt.Sprintf("%s tells which alternative of %s a value holds, for each of its instances:\n%s (they differ only in constraints).",
			gt.choiceType, gt.template.Name, strings.Join(sharers, ", ")))
	}
	f.Type().Id(gt.choiceType).Int()
	f.Const().DefsFunc(func(g *jen.Group) {
		for i, fl := range gt.fields {
			g.Id(fl.choiceConst).Id(gt.choiceType).Op("=").Lit(i + 1).Comment(fl.asn1)
		}
	})
	var names []string
	for _, fl := range gt.fields {
		names = append(names, fl.asn1)
	}
	e.stringMethod(f, gt.choiceType, "c", "String returns the ASN.1 identifier of the alternative, or \"none\" for 0.", names)
}

// denseEnum reports whether the items of an enumeration are 0, 1, 2, ...
// in order, so that tables index them.
func denseEnum(consts []namedConst) bool {
	for i, c := range consts {
		if c.value != int64(i) {
			return false
		}
	}
	return len(consts) > 0
}

func (e *emitter) namedNumbers(f *jen.File, gt *goType) {
	if len(gt.consts) == 0 {
		return
	}
	f.Const().DefsFunc(func(g *jen.Group) {
		for _, c := range gt.consts {
			g.Id(c.name).Id(gt.name).Op("=").Add(num(c.value)).Comment(c.asn1)
		}
	})
}

func (e *emitter) enumString(f *jen.File, gt *goType) {
	comment(f, "String returns the ASN.1 identifier of the value, or its number.")
	if denseEnum(gt.consts) {
		var names []string
		for _, c := range gt.consts {
			names = append(names, c.asn1)
		}
		f.Func().Params(jen.Id("v").Id(gt.name)).Id("String").Params().String().Block(
			jen.Return(rt("Name").Call(jen.Lit(strings.Join(names, " ")), jen.Int().Call(jen.Id("v")), jen.Lit(""))))
		return
	}
	f.Func().Params(jen.Id("v").Id(gt.name)).Id("String").Params().String().Block(
		jen.Switch(jen.Id("v")).BlockFunc(func(g *jen.Group) {
			seen := map[int64]bool{}
			for _, c := range gt.consts {
				if seen[c.value] {
					continue
				}
				seen[c.value] = true
				g.Case(jen.Id(c.name)).Block(jen.Return(jen.Lit(c.asn1)))
			}
		}),
		jen.Return(jen.Qual("strconv", "FormatInt").Call(jen.Int64().Call(jen.Id("v")), jen.Lit(10))),
	)
}

func (e *emitter) namedBits(f *jen.File, gt *goType) {
	if len(gt.consts) == 0 {
		return
	}
	comment(f, fmt.Sprintf("The named bits of %s, as bit numbers.", gt.name))
	f.Const().DefsFunc(func(g *jen.Group) {
		for _, c := range gt.consts {
			g.Id(c.name).Op("=").Lit(int(c.value)).Comment(c.asn1)
		}
	})
	comment(f, fmt.Sprintf("%s returns the %s with the bits given set, in DER form:\nwithout trailing 0 bits (X.690 11.2.2).", gt.ctor, gt.name))
	f.Func().Id(gt.ctor).Params(jen.Id("bits").Op("...").Int()).Id(gt.name).Block(
		jen.Return(jen.Id(gt.name).Call(rt("NewNamedBits").Call(jen.Id("bits").Op("...")))))
	fn := names.NewFieldNamer("Has", "String", "UnmarshalDER", "MarshalDER", "DecodeASN1", "EncodeASN1")
	for _, c := range gt.consts {
		m := fn.Field(c.asn1)
		comment(f, fmt.Sprintf("%s reports whether the named bit %s (%d) is set.", m, c.asn1, c.value))
		f.Func().Params(jen.Id("v").Id(gt.name)).Id(m).Params().Bool().Block(jen.Return(jen.Id("v").Dot("Has").Call(jen.Id(c.name))))
	}
	comment(f, "Has reports whether bit n (one of the named bits) is set.")
	f.Func().Params(jen.Id("v").Id(gt.name)).Id("Has").Params(jen.Id("n").Int()).Bool().Block(
		jen.Return(rt("BitString").Call(jen.Id("v")).Dot("At").Call(jen.Id("n")).Op("==").Lit(1)),
	)
}

// values emits the value assignments: OIDs as variables, numbers, strings
// and booleans as constants.
func (e *emitter) values(f *jen.File) {
	for _, v := range e.p.values {
		a := v.a
		src := strings.TrimSpace(a.Source)
		switch a.Value.Kind {
		case model.ValueOID:
			comment(f, fmt.Sprintf("%s is the OBJECT IDENTIFIER %s:\n\n\t%s", v.name, a.Value.OID.String(), oneLine(src)))
			// The dotted form as a trailing comment too: go doc prints it
			// on the declaration, whose value is the contents octets.
			f.Var().Id(v.name).Op("=").Add(rt("OID")).Call(jen.Lit(oidContents(a.Value.OID))).Comment(a.Value.OID.String())
		case model.ValueRelativeOID:
			comment(f, fmt.Sprintf("%s is the RELATIVE-OID %s:\n\n\t%s", v.name, a.Value.OID.String(), oneLine(src)))
			f.Var().Id(v.name).Op("=").Add(rt("RelativeOID")).Call(jen.Lit(relOIDContents(a.Value.OID))).Comment(a.Value.OID.String())
		case model.ValueInteger:
			comment(f, fmt.Sprintf("%s is the ASN.1 value:\n\n\t%s", v.name, oneLine(src)))
			f.Const().Id(v.name).Op("=").Add(num(a.Value.Int))
		case model.ValueBoolean:
			comment(f, fmt.Sprintf("%s is the ASN.1 value:\n\n\t%s", v.name, oneLine(src)))
			f.Const().Id(v.name).Op("=").Lit(a.Value.Bool)
		case model.ValueString:
			comment(f, fmt.Sprintf("%s is the ASN.1 value:\n\n\t%s", v.name, oneLine(src)))
			f.Const().Id(v.name).Op("=").Lit(a.Value.String)
		}
	}
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

func emittableValue(a *model.Assignment) bool {
	switch a.Value.Kind {
	case model.ValueOID, model.ValueRelativeOID, model.ValueBoolean, model.ValueString:
		return a.Value.Kind != model.ValueOID || len(a.Value.OID) >= 2
	case model.ValueInteger:
		return a.Value.Big == nil && a.Value.Int != math.MinInt64
	}
	return false
}

// oidContents returns the DER contents octets of an OID (X.690 8.19),
// computed by the runtime at generation time.
func oidContents(o model.OID) string {
	v, err := der.OIDFromArcs(o...)
	if err != nil {
		return ""
	}
	return string(v)
}

func relOIDContents(o model.OID) string {
	var b []byte
	for _, a := range o {
		var tmp [10]byte
		n := 0
		for {
			tmp[n] = byte(a & 0x7f)
			n++
			a >>= 7
			if a == 0 {
				break
			}
		}
		for i := n - 1; i >= 0; i-- {
			c := tmp[i]
			if i > 0 {
				c |= 0x80
			}
			b = append(b, c)
		}
	}
	return string(b)
}

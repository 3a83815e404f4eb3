package gen

import (
	"fmt"
	"sort"
	"strings"

	"github.com/asn1gen/asn1gen/codegen/model"
	"github.com/asn1gen/asn1gen/codegen/names"
	"github.com/asn1gen/asn1gen/codegen/plan"
	"github.com/dave/jennifer/jen"
)

type emitter struct {
	p   *plan.Plan
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
func docComment(gt *plan.Type, what string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s is %s.", gt.Name, what)
	if gt.Doc != "" {
		b.WriteString("\n\n")
		for _, line := range strings.Split(strings.TrimRight(gt.Doc, "\n"), "\n") {
			b.WriteString("\t" + strings.TrimRight(line, " \t") + "\n")
		}
	}
	return strings.TrimRight(b.String(), "\n")
}

func describe(gt *plan.Type) string {
	switch {
	case gt.Union != nil:
		return fmt.Sprintf("the open type %s: the encoding received and the value its key selects from the table", gt.ASN1)
	case gt.Doc == "":
		return fmt.Sprintf("the type of %s", gt.ASN1)
	}
	return fmt.Sprintf("the ASN.1 type %s", gt.ASN1)
}

// goTypeOf returns the Go type expression of a field.
func goTypeOf(f *plan.Field) *jen.Statement {
	if f.List {
		return jen.Index().Add(ref(f.Union.Type))
	}
	if f.Named != nil {
		if f.Ptr {
			return jen.Op("*").Add(ref(f.Named))
		}
		return ref(f.Named)
	}
	return builtinGo(f.Type)
}

// typeDecl emits a Go type with its constants and methods.
func (e *emitter) typeDecl(f *jen.File, gt *plan.Type) {
	switch {
	case gt.Alias != nil:
		comment(f, docComment(gt, describe(gt))+"\n\nIt has the Go type of "+gt.Alias.Name+".")
		f.Type().Id(gt.Name).Op("=").Add(ref(gt.Alias))
		return
	case gt.Base != nil:
		comment(f, docComment(gt, describe(gt)))
		f.Type().Id(gt.Name).Add(ref(gt.Base))
		e.baseMethods(f, gt)
		e.topMethods(f, gt)
		return
	case gt.Union != nil:
		e.unionDecl(f, gt)
		return
	}
	comment(f, docComment(gt, describe(gt)))
	switch gt.Kind {
	case model.TypeSequence, model.TypeSet:
		f.Type().Id(gt.Name).StructFunc(func(g *jen.Group) {
			for _, fl := range gt.Fields {
				e.structField(g, fl)
			}
			if gt.Unknown != "" {
				comment(g, "Unknown holds the encodings of extension additions this version does not know, in order.")
				g.Id(gt.Unknown).Index().Byte()
			}
			if gt.Raw != "" {
				comment(g, "Raw is the encoding received (set by decoding, not used by encoding): the bytes a signature covers.")
				g.Id(gt.Raw).Index().Byte()
			}
		})
	case model.TypeChoice:
		f.Type().Id(gt.Name).StructFunc(func(g *jen.Group) {
			if gt.Unknown != "" {
				comment(g, "Choice tells which alternative the value holds; 0 means none (or, after decoding, an unknown alternative kept in Unknown).")
			} else {
				comment(g, "Choice tells which alternative the value holds; 0 means none.")
			}
			g.Id("Choice").Id(gt.ChoiceType)
			if gt.Single {
				var alts []string
				for _, fl := range gt.Fields {
					alts = append(alts, fl.ASN1)
				}
				comment(g, fmt.Sprintf("Value is the value of the alternative Choice names (%s: all of Go type %s).",
					strings.Join(alts, ", "), builtinGo(gt.Fields[0].Type).GoString()))
				g.Id("Value").Add(builtinGo(gt.Fields[0].Type))
			} else {
				for _, fl := range gt.Fields {
					e.structField(g, fl)
				}
			}
			if gt.Unknown != "" {
				comment(g, "Unknown holds the encoding of an alternative added in a later version.")
				g.Id(gt.Unknown).Index().Byte()
			}
		})
		if gt.ChoiceOwner == nil {
			e.choiceConsts(f, gt)
		}
	case model.TypeSequenceOf, model.TypeSetOf:
		f.Type().Id(gt.Name).Index().Add(goTypeOf(gt.Elem))
	case model.TypeInteger:
		if gt.IntGo == "int64" {
			f.Type().Id(gt.Name).Int64()
		} else {
			f.Type().Id(gt.Name).Add(rt("Integer"))
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
		if !gt.Body.Extensible && len(gt.Consts) > 0 {
			comment(f, "valid reports whether v is an item of the enumeration, which has no extension\nmarker: no other value is valid (X.680 20).")
			if denseEnum(gt.Consts) {
				f.Func().Params(jen.Id("v").Id(gt.Name)).Id("valid").Params().Bool().Block(
					jen.Return(jen.Uint64().Call(jen.Id("v")).Op("<").Lit(len(gt.Consts))))
				break
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
	case model.TypeBitString:
		f.Type().Id(gt.Name).Add(rt("BitString"))
		e.namedBits(f, gt)
	default:
		f.Type().Id(gt.Name).Add(builtinGo(gt.Body))
		if gt.Kind == model.TypeObjectIdentifier {
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

func (e *emitter) forward(f *jen.File, gt *plan.Type, base string, methods []forwarded) {
	for _, m := range methods {
		var args []jen.Code
		for _, a := range m.args {
			args = append(args, jen.Id(a))
		}
		comment(f, fmt.Sprintf("%s %s", m.name, m.doc))
		f.Func().Params(jen.Id("v").Id(gt.Name)).Id(m.name).Params(m.params...).Params(m.results...).Block(
			jen.Return(rt(base).Call(jen.Id("v")).Dot(m.name).Call(args...)))
	}
}

func (e *emitter) structField(g *jen.Group, fl *plan.Field) {
	c := fl.Comp
	var doc []string
	doc = append(doc, fmt.Sprintf("%s is the component %s.", fl.Name, componentText(c)))
	comment(g, strings.Join(doc, " "))
	g.Id(fl.Name).Add(goTypeOf(fl))
	if fl.Has != "" {
		comment(g, fmt.Sprintf("%s tells whether %s is present in the encoding.", fl.Has, c.Name))
		g.Id(fl.Has).Bool()
	}
	if fl.Raw != "" {
		comment(g, fmt.Sprintf("%s is the encoding of %s received (set by decoding): the bytes a signature covers.", fl.Raw, c.Name))
		g.Id(fl.Raw).Index().Byte()
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

func (e *emitter) choiceConsts(f *jen.File, gt *plan.Type) {
	if len(gt.ChoiceSharers) == 0 {
		comment(f, fmt.Sprintf("%s tells which alternative of %s a value holds.", gt.ChoiceType, gt.Name))
	} else {
		sharers := []string{gt.Name}
		for _, o := range gt.ChoiceSharers {
			sharers = append(sharers, o.Name)
		}
		sort.Strings(sharers) // not in planning order, which follows the files'

		comment(f, fmt.Sprintf("%s tells which alternative of %s a value holds, for each of its instances:\n%s (they differ only in constraints).",
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

// denseEnum reports whether the items of an enumeration are 0, 1, 2, ...
// in order, so that tables index them.
func denseEnum(consts []plan.NamedConst) bool {
	for i, c := range consts {
		if c.Value != int64(i) {
			return false
		}
	}
	return len(consts) > 0
}

func (e *emitter) namedNumbers(f *jen.File, gt *plan.Type) {
	if len(gt.Consts) == 0 {
		return
	}
	f.Const().DefsFunc(func(g *jen.Group) {
		for _, c := range gt.Consts {
			g.Id(c.Name).Id(gt.Name).Op("=").Add(num(c.Value)).Comment(c.ASN1)
		}
	})
}

func (e *emitter) enumString(f *jen.File, gt *plan.Type) {
	comment(f, "String returns the ASN.1 identifier of the value, or its number.")
	if denseEnum(gt.Consts) {
		var names []string
		for _, c := range gt.Consts {
			names = append(names, c.ASN1)
		}
		f.Func().Params(jen.Id("v").Id(gt.Name)).Id("String").Params().String().Block(
			jen.Return(rt("Name").Call(jen.Lit(strings.Join(names, " ")), jen.Int().Call(jen.Id("v")), jen.Lit(""))))
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

func (e *emitter) namedBits(f *jen.File, gt *plan.Type) {
	if len(gt.Consts) == 0 {
		return
	}
	comment(f, fmt.Sprintf("The named bits of %s, as bit numbers.", gt.Name))
	f.Const().DefsFunc(func(g *jen.Group) {
		for _, c := range gt.Consts {
			g.Id(c.Name).Op("=").Lit(int(c.Value)).Comment(c.ASN1)
		}
	})
	comment(f, fmt.Sprintf("%s returns the %s with the bits given set, in DER form:\nwithout trailing 0 bits (X.690 11.2.2).", gt.Ctor, gt.Name))
	f.Func().Id(gt.Ctor).Params(jen.Id("bits").Op("...").Int()).Id(gt.Name).Block(
		jen.Return(jen.Id(gt.Name).Call(rt("NewNamedBits").Call(jen.Id("bits").Op("...")))))
	fn := names.NewFieldNamer("Has", "String", "UnmarshalDER", "MarshalDER", "DecodeASN1", "EncodeASN1")
	for _, c := range gt.Consts {
		m := fn.Field(c.ASN1)
		comment(f, fmt.Sprintf("%s reports whether the named bit %s (%d) is set.", m, c.ASN1, c.Value))
		f.Func().Params(jen.Id("v").Id(gt.Name)).Id(m).Params().Bool().Block(jen.Return(jen.Id("v").Dot("Has").Call(jen.Id(c.Name))))
	}
	comment(f, "Has reports whether bit n (one of the named bits) is set.")
	f.Func().Params(jen.Id("v").Id(gt.Name)).Id("Has").Params(jen.Id("n").Int()).Bool().Block(
		jen.Return(rt("BitString").Call(jen.Id("v")).Dot("At").Call(jen.Id("n")).Op("==").Lit(1)),
	)
}

// values emits the value assignments: OIDs as variables, numbers, strings
// and booleans as constants.
func (e *emitter) values(f *jen.File) {
	for _, v := range e.p.Values {
		a := v.Assignment
		src := strings.TrimSpace(a.Source)
		switch a.Value.Kind {
		case model.ValueOID:
			comment(f, fmt.Sprintf("%s is the OBJECT IDENTIFIER %s:\n\n\t%s", v.Name, a.Value.OID.String(), plan.OneLine(src)))
			// The dotted form as a trailing comment too: go doc prints it
			// on the declaration, whose value is the contents octets.
			f.Var().Id(v.Name).Op("=").Add(rt("OID")).Call(jen.Lit(plan.OIDContents(a.Value.OID))).Comment(a.Value.OID.String())
		case model.ValueRelativeOID:
			comment(f, fmt.Sprintf("%s is the RELATIVE-OID %s:\n\n\t%s", v.Name, a.Value.OID.String(), plan.OneLine(src)))
			f.Var().Id(v.Name).Op("=").Add(rt("RelativeOID")).Call(jen.Lit(plan.RelOIDContents(a.Value.OID))).Comment(a.Value.OID.String())
		case model.ValueInteger:
			comment(f, fmt.Sprintf("%s is the ASN.1 value:\n\n\t%s", v.Name, plan.OneLine(src)))
			f.Const().Id(v.Name).Op("=").Add(num(a.Value.Int))
		case model.ValueBoolean:
			comment(f, fmt.Sprintf("%s is the ASN.1 value:\n\n\t%s", v.Name, plan.OneLine(src)))
			f.Const().Id(v.Name).Op("=").Lit(a.Value.Bool)
		case model.ValueString:
			comment(f, fmt.Sprintf("%s is the ASN.1 value:\n\n\t%s", v.Name, plan.OneLine(src)))
			f.Const().Id(v.Name).Op("=").Lit(a.Value.String)
		}
	}
}

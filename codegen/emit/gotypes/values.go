package gotypes

import (
	"fmt"
	"sort"
	"strings"

	"github.com/asn1gen/asn1gen/codegen/emit"
	"github.com/asn1gen/asn1gen/codegen/model"
	"github.com/asn1gen/asn1gen/codegen/plan"
	"github.com/dave/jennifer/jen"
)

// Values emits the value assignments: OIDs as variables, numbers, strings
// and booleans as constants.
func (e *Emitter) Values(f *jen.File) {
	for _, v := range e.P.Values {
		a := v.Assignment
		src := strings.TrimSpace(a.Source)
		switch a.Value.Kind {
		case model.ValueOID:
			emit.Comment(f, fmt.Sprintf("%s is the OBJECT IDENTIFIER %s:\n\n\t%s", v.Name, a.Value.OID.String(), plan.OneLine(src)))
			// The dotted form as a trailing comment too: go doc prints it
			// on the declaration, whose value is the contents octets.
			f.Var().Id(v.Name).Op("=").Add(emit.RT("OID")).Call(jen.Lit(plan.OIDContents(a.Value.OID))).Comment(a.Value.OID.String())
		case model.ValueRelativeOID:
			emit.Comment(f, fmt.Sprintf("%s is the RELATIVE-OID %s:\n\n\t%s", v.Name, a.Value.OID.String(), plan.OneLine(src)))
			f.Var().Id(v.Name).Op("=").Add(emit.RT("RelativeOID")).Call(jen.Lit(plan.RelOIDContents(a.Value.OID))).Comment(a.Value.OID.String())
		case model.ValueInteger:
			emit.Comment(f, fmt.Sprintf("%s is the ASN.1 value:\n\n\t%s", v.Name, plan.OneLine(src)))
			f.Const().Id(v.Name).Op("=").Add(emit.Num(a.Value.Int))
		case model.ValueBoolean:
			emit.Comment(f, fmt.Sprintf("%s is the ASN.1 value:\n\n\t%s", v.Name, plan.OneLine(src)))
			f.Const().Id(v.Name).Op("=").Lit(a.Value.Bool)
		case model.ValueString:
			emit.Comment(f, fmt.Sprintf("%s is the ASN.1 value:\n\n\t%s", v.Name, plan.OneLine(src)))
			f.Const().Id(v.Name).Op("=").Lit(a.Value.String)
		}
	}
}

// IntegerDefaults declares the variables that hold the DEFAULT values of
// unconstrained INTEGER components (see integerDefault).
func (e *Emitter) IntegerDefaults(f *jen.File) {
	used := map[int64]bool{}
	var values []int64
	for _, gt := range e.P.Emitted() {
		for _, fl := range gt.Fields {
			d := fl.Comp.Default
			if d == nil || d.Big != nil || fl.Type.Kind != model.TypeInteger || plan.GoIntOf(fl) == "int64" || used[d.Int] {
				continue
			}
			if d.Kind != model.ValueInteger && d.Kind != model.ValueEnumerated {
				continue
			}
			used[d.Int] = true
			values = append(values, d.Int)
		}
	}
	if len(values) == 0 {
		return
	}
	sort.Slice(values, func(i, j int) bool { return values[i] < values[j] })
	emit.Comment(f, "The DEFAULT values of INTEGER components, made once: a decode that finds\nthe component absent shares them (do not modify their bytes).")
	f.Var().DefsFunc(func(g *jen.Group) {
		for _, v := range values {
			g.Id(emit.IntegerDefault(v)).Op("=").Add(emit.RT("IntegerFromInt64")).Call(emit.Num(v))
		}
	})
}

package gotypes

import (
	"fmt"
	"sort"
	"strings"

	"github.com/asn1gen/asn1gen/codegen/emit"
	"github.com/asn1gen/asn1gen/codegen/plan"
	"github.com/dave/jennifer/jen"
)

// kindDecl emits the discriminant of an information object class after
// the first union of the class:
//
//	// SignatureAlgorithmKind tells which information object of class SIGNATURE-ALGORITHM ...
//	type SignatureAlgorithmKind int
//
//	const (
//		SaDSAWithSHA1 SignatureAlgorithmKind = 1 // sa-dsaWithSHA1 1.2.840.10040.4.3
//		...
//	)
//
//	// String returns the ASN.1 name of the object, or "none" for 0.
//	func (k SignatureAlgorithmKind) String() string { ... }
func (e *Emitter) kindDecl(f *jen.File, k *plan.Discriminant, gt *plan.Type) {
	if k == nil || k.First != gt {
		return
	}
	var sets []string
	seen := map[string]bool{}
	for _, u := range e.P.Unions() {
		if u.Kind == k && !seen[u.Type.Name] {
			seen[u.Type.Name] = true
			sets = append(sets, u.Type.Name)
		}
	}
	sort.Strings(sets) // not in planning order, which follows the files'

	if k.Class != nil {
		emit.Comment(f, fmt.Sprintf("%s tells which information object of class %s an open type's key selected:\nthe Kind of %s. 0 means none (a key not in the table, or no value).",
			k.Name, k.Class.Name, emit.OrList(sets)))
	} else {
		emit.Comment(f, fmt.Sprintf("%s tells which row of the table of %s a key selected; 0 means none (a key not\nin the table, or no value).", k.Name, gt.Name))
	}
	f.Type().Id(k.Name).Int()
	if len(k.Consts) > 0 {
		f.Const().DefsFunc(func(g *jen.Group) {
			for _, c := range k.Consts {
				g.Id(c.Name).Id(k.Name).Op("=").Lit(c.Value).Comment(c.Comment)
			}
		})
	}
	var labels []string
	for _, c := range k.Consts {
		labels = append(labels, c.Label)
	}
	e.stringMethod(f, k.Name, "k", "String returns the ASN.1 name of the object, or \"none\" for 0.", labels)
}

// stringMethod emits the String method of a discriminant whose values are
// 1, 2, ... for labels, with 0 meaning none:
//
//	func (c GeneralNameChoice) String() string {
//		switch {
//		case c == 0:
//			return "none"
//		case c > 0 && c <= 9:
//			return runtime.Name("otherName rfc822Name ...", int(c)-1, "")
//		}
//		return "GeneralNameChoice(" + strconv.Itoa(int(c)) + ")"
//	}
func (e *Emitter) stringMethod(f *jen.File, typ, recv, doc string, labels []string) {
	emit.Comment(f, doc)
	c := jen.Id(recv)
	f.Func().Params(jen.Id(recv).Id(typ)).Id("String").Params().String().Block(
		jen.Switch().Block(
			jen.Case(c.Clone().Op("==").Lit(0)).Block(jen.Return(jen.Lit("none"))),
			jen.Case(c.Clone().Op(">").Lit(0).Op("&&").Add(c.Clone()).Op("<=").Lit(len(labels))).Block(
				jen.Return(emit.RT("Name").Call(jen.Lit(strings.Join(labels, " ")), jen.Int().Call(c.Clone()).Op("-").Lit(1), jen.Lit("")))),
		),
		jen.Return(jen.Lit(typ+"(").Op("+").Qual("strconv", "Itoa").Call(jen.Int().Call(c.Clone())).Op("+").Lit(")")))
}

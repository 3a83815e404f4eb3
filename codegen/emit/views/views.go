// Package views emits lazy views (asn1gen gen -view): for each type named
// and every SEQUENCE, CHOICE, SEQUENCE OF and SET OF type it reaches, a
// view TView, a small value over the caller's input made by a shallow
// parse, and ParseTView for the named ones (package runtime/view documents
// the API and what a shallow parse checks). A view's accessors decode with
// the statements of the eager DER decode (package derstmt), so that a value
// or error met lazily is the eager one.
package views

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/asn1gen/asn1gen/codegen/emit"
	"github.com/asn1gen/asn1gen/codegen/emit/derstmt"
	"github.com/asn1gen/asn1gen/codegen/model"
	"github.com/asn1gen/asn1gen/codegen/plan"
	"github.com/dave/jennifer/jen"
)

// viewPath is the runtime of the lazy views (Config.Views).
const viewPath = "github.com/asn1gen/asn1gen/runtime/view"

func vrt(name string) *jen.Statement { return jen.Qual(viewPath, name) }

// Emitter writes the views of the types Views names ("Type" or
// "Module.Type") and of what they reach, in the package Package.
type Emitter struct {
	derstmt.Stmts
	P       *plan.Plan
	Package string
	Views   []string
	// viewNames indexes viewNameList, the names of the steps of the
	// paths of views.
	viewNames    map[string]int
	viewNameList []string
}

// File returns the file of the views.
func (e *Emitter) File() ([]byte, error) {
	vs, err := e.planViews()
	if err != nil {
		return nil, err
	}
	return e.viewFile(vs)
}

// viewSet is the plan of the views of a package: the types named by
// Config.Views (roots, which get a ParseTView function) and every type
// with a view that their components reach.
type viewSet struct {
	roots []*plan.Type
	types []*plan.Type // in emission order
	has   map[*plan.Type]bool
}

// viewTarget returns the type whose view a field of Go type gt reads, or
// nil when the field is read eagerly (see viewable).
func (vs *viewSet) viewTarget(f *plan.Field) *plan.Type {
	if f == nil || f.Named == nil || f.Union != nil || f.List || f.Octets {
		return nil
	}
	gt := plan.ResolveAlias(f.Named)
	if !vs.has[gt] {
		return nil
	}
	if _, own := emit.SplitTags(f.Type); own == nil && emit.Tagged(gt) {
		return nil
	}
	return gt
}

// viewable reports whether a type gets a view: a SEQUENCE, CHOICE,
// SEQUENCE OF or SET OF of this package whose decode the view can split
// by component with the eager code. The others are read eagerly by the
// accessor of the component holding them: SETs (their components come in
// any order), types defined by a reference with constraints of their own
// (their DecodeASN1 checks them after the referred type's), sequences
// with a second root part after extension additions or with an open type
// whose key follows it, CHOICEs whose alternatives all have one Go type
// or none has a view, and types of other packages.
func viewable(gt *plan.Type) bool {
	if gt == nil || gt.Pkg != "" || gt.Base != nil || gt.Alias != nil || gt.Union != nil {
		return false
	}
	switch gt.Kind {
	case model.TypeSequence:
		return !(gt.Unknown != "" && gt.Body.Root2 > 0) && !derstmt.HasDeferred(gt)
	case model.TypeSequenceOf, model.TypeSetOf:
		return gt.Elem != nil && gt.Elem.Union == nil && !gt.Elem.List
	case model.TypeChoice:
		if gt.Single {
			return false
		}
		for _, f := range gt.Fields {
			if f.Named == nil || f.Octets || f.Union != nil {
				continue
			}
			switch a := plan.ResolveAlias(f.Named); a.Kind {
			case model.TypeSequence, model.TypeSequenceOf, model.TypeSetOf:
				if viewable(a) {
					return true
				}
			}
		}
	}
	return false
}

// planViews resolves Config.Views and closes it over the components.
func (e *Emitter) planViews() (*viewSet, error) {
	vs := &viewSet{has: map[*plan.Type]bool{}}
	if len(e.Views) == 0 {
		return vs, nil
	}
	asgs, err := plan.SelectRoots(e.P.Set, e.Views)
	if err != nil {
		return nil, fmt.Errorf("asn1gen: -view: %v", err)
	}
	var queue []*plan.Type
	for i, a := range asgs {
		gt := e.P.ByAsg[a]
		if gt != nil {
			gt = plan.ResolveAlias(gt)
		}
		if gt == nil || !e.P.Emits(gt) || !viewable(gt) {
			return nil, fmt.Errorf("asn1gen: -view: %s is not a SEQUENCE, CHOICE, SEQUENCE OF or SET OF type of this package that can have a view", e.Views[i])
		}
		vs.roots = append(vs.roots, gt)
		queue = append(queue, gt)
	}
	for len(queue) > 0 {
		gt := queue[0]
		queue = queue[1:]
		if vs.has[gt] {
			continue
		}
		vs.has[gt] = true
		fields := gt.Fields
		if gt.Elem != nil {
			fields = []*plan.Field{gt.Elem}
		}
		for _, f := range fields {
			for _, r := range unionRows(f) {
				if c := plan.ResolveAlias(r.Field.Named); viewable(c) && e.P.Emits(c) && !vs.has[c] {
					queue = append(queue, c)
				}
			}
			if f.Named == nil || f.Union != nil || f.List || f.Octets {
				continue
			}
			if c := plan.ResolveAlias(f.Named); viewable(c) && e.P.Emits(c) && !vs.has[c] {
				queue = append(queue, c)
			}
		}
	}
	for _, gt := range e.P.Emitted() {
		if vs.has[gt] {
			vs.types = append(vs.types, gt)
		}
	}
	// The names a view adds must be free in the package.
	taken := map[string]bool{}
	for _, gt := range e.P.Types {
		taken[gt.Name] = true
		taken[gt.ChoiceType] = true
	}
	var clash []string
	for _, gt := range vs.types {
		for _, n := range []string{viewName(gt), iterName(gt), parseName(gt)} {
			if taken[n] {
				clash = append(clash, n)
			}
		}
	}
	if len(clash) > 0 {
		sort.Strings(clash)
		return nil, fmt.Errorf("asn1gen: -view: the names %v of views are those of types of the package", clash)
	}
	return vs, nil
}

// unionRows returns the rows of the open type of a SEQUENCE component
// that can get a row view (see rowAccessors): an OID key read before it,
// the value an element or the contents of an OCTET STRING, and a row
// type of this package held as it is (no slot of another Go type).
func unionRows(f *plan.Field) []*plan.Row {
	u := f.Union
	if u == nil || f.List || f.Deferred || f.Key == nil || u.KeyKind != model.TypeObjectIdentifier ||
		(f.Containing && f.Type.Kind != model.TypeOctetString) {
		return nil
	}
	var out []*plan.Row
	for _, kc := range emit.KeyCases(u) { // OID keys: the rows decode reads
		ue := kc.Row
		if ue.Field != nil && ue.Field.Named != nil && ue.Slot == nil && !ue.Field.Octets && !ue.Field.List {
			out = append(out, ue)
		}
	}
	return out
}

func viewName(gt *plan.Type) string  { return gt.Name + "View" }
func iterName(gt *plan.Type) string  { return gt.Name + "Iter" }
func parseName(gt *plan.Type) string { return "Parse" + gt.Name + "View" }

// viewName returns the index of name in the package's table of path
// names (viewNames), adding it: views carry their path as indexes.
func (e *Emitter) viewName(name string) jen.Code {
	i, ok := e.viewNames[name]
	if !ok {
		i = len(e.viewNameList)
		e.viewNames[name] = i
		e.viewNameList = append(e.viewNameList, name)
	}
	return jen.Id(fmt.Sprintf("%d /* %s */", i, name))
}

// viewFile emits the views of vs into a file of their own.
func (e *Emitter) viewFile(vs *viewSet) ([]byte, error) {
	e.viewNames = map[string]int{}
	f := jen.NewFile(e.Package)
	f.ImportName(plan.DERPath, "der")
	f.ImportName(viewPath, "view")
	f.HeaderComment("Code generated by asn1gen. DO NOT EDIT.")
	emit.Comment(f, "Lazy views (asn1gen gen -view): see package view for what a shallow parse\nchecks and what each accessor decodes.")
	f.Const().Id("_").Op("=").Qual(viewPath, "Version1")
	for _, gt := range vs.roots {
		e.viewRoot(f, gt)
	}
	for _, gt := range vs.types {
		e.Reset()
		switch gt.Kind {
		case model.TypeSequence:
			e.viewSequence(f, vs, gt)
		case model.TypeChoice:
			e.viewChoice(f, vs, gt)
		default:
			e.viewList(f, vs, gt)
		}
		e.viewCommon(f, gt)
	}
	emit.Comment(f, "viewNames are the names of the steps of the views' paths (see view.Trail).")
	f.Var().Id("viewNames").Op("=").Index().String().ValuesFunc(func(g *jen.Group) {
		for _, n := range e.viewNameList {
			g.Lit(n)
		}
	})
	return emit.Render(f)
}

// vw is the receiver of view methods (v is the eager value the decode
// statements fill, as in DecodeASN1).
func vw() *jen.Statement { return jen.Id("vw") }

func core() *jen.Statement { return jen.Id("vw").Dot("c") }

// viewRoot emits ParseTView.
//
//	func ParseCertificateView(b []byte, opts *der.Options) (x CertificateView, err error) {
//		var r view.Cursor
//		r.Init(b, opts)
//		x.c.SetRoot(b, opts, &viewNames, 0 /* Certificate */)
//		if err := x.parse(&r, der.TagSequence); err != nil {
//			return CertificateView{}, x.c.Fail(err)
//		}
//		if err := r.Finish("Certificate"); err != nil {
//			return CertificateView{}, err
//		}
//		return x, nil
//	}
func (e *Emitter) viewRoot(f *jen.File, gt *plan.Type) {
	e.Reset()
	name := viewName(gt)
	emit.Comment(f, fmt.Sprintf("%s parses b, exactly one encoding of a %s, shallowly: its header and its\ncomponents' headers (see package view). The view aliases b.", parseName(gt), gt.ASN1))
	self := emit.Self(gt)
	f.Func().Id(parseName(gt)).Params(jen.Id("b").Index().Byte(), jen.Id("opts").Op("*").Add(emit.RT("Options"))).
		Params(jen.Id("x").Id(name), jen.Err().Error()).BlockFunc(func(g *jen.Group) {
		g.Var().Id("r").Add(vrt("Cursor"))
		g.Id("r").Dot("Init").Call(jen.Id("b"), jen.Id("opts"))
		g.Id("x").Dot("c").Dot("SetRoot").Call(jen.Id("b"), jen.Id("opts"), jen.Op("&").Id("viewNames"), e.viewName(gt.ASN1))
		g.Id("err").Op("=").Func().Params().Error().BlockFunc(func(g *jen.Group) {
			e.viewRead(g, derstmt.Rd{Name: "r"}, "x", self, gt, emit.PlainReturn)
			g.Return(jen.Nil())
		}).Call()
		g.If(jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Id(name).Values(), jen.Id("x").Dot("c").Dot("Fail").Call(jen.Err())))
		g.If(jen.Err().Op(":=").Id("r").Dot("Finish").Call(jen.Lit(gt.ASN1)), jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Id(name).Values(), jen.Err()))
		g.Return(jen.Id("x"), jen.Nil())
	})
}

// viewRead emits the shallow parse of a value of field f (with its
// explicit wrappers, as readValue reads them) into the view variable x
// (an expression such as "x" or "it.cur") of the view of target.
func (e *Emitter) viewRead(g *jen.Group, r derstmt.Rd, x string, f *plan.Field, target *plan.Type, wrap emit.Wrap) {
	wrappers, own := emit.SplitTags(f.Type)
	cur, opened := e.OpenWrappers(g, r, wrappers, wrap)
	tag := emit.RT("NoTag")
	if emit.Tagged(target) && own != nil {
		tag = emit.TagCode(*own)
	}
	g.If(jen.Err().Op(":=").Id(x).Dot("parse").Call(cur.Arg(), tag), jen.Err().Op("!=").Nil()).Block(wrap(jen.Err()))
	derstmt.CloseWrappers(g, opened, f.Type, wrap)
}

// accessorNames returns the Go names of the accessors of the fields of a
// view: the field's name, unless it clashes with a method every view has
// (or another accessor), then with a trailing underscore.
func accessorNames(gt *plan.Type) map[*plan.Field][3]string {
	used := map[string]bool{"Raw": true, "Decode": true, "Choice": true, "Len": true, "Iter": true, "Path": true}
	out := map[*plan.Field][3]string{}
	for _, f := range gt.Fields {
		n := f.Name
		if gt.Single {
			n = f.Alt
		}
		for used[n] || used[n+"Raw"] || used["Has"+n] {
			n += "_"
		}
		used[n], used[n+"Raw"], used["Has"+n] = true, true, true
		out[f] = [3]string{n, n + "Raw", "Has" + n}
	}
	return out
}

// viewSequence emits the view of a SEQUENCE: the struct, the shallow
// parse and an accessor per component.
//
//	type TBSCertificateView struct {
//		c   view.Core
//		off [11]int // where each component starts; off[10]: the end of the last
//	}
func (e *Emitter) viewSequence(f *jen.File, vs *viewSet, gt *plan.Type) {
	name := viewName(gt)
	n := len(gt.Fields)
	emit.Comment(f, fmt.Sprintf("%s is a lazy view of a %s (see package view): its components' encodings,\nread on access.", name, gt.ASN1))
	f.Type().Id(name).Struct(
		jen.Id("c").Add(vrt("Core")),
		jen.Id("off").Index(jen.Lit(n+1)).Int().Comment("where each component starts; the last: where the last one ends"),
	)
	// The shallow parse.
	//
	//	func (vw *TBSCertificateView) parse(r *der.Reader, t der.Tag) error {
	//		start := r.Offset()
	//		var s view.Cursor
	//		if err := r.Enter(&s, t, "TBSCertificate"); err != nil {
	//			return err
	//		}
	//		vw.c.Set(start, r, &s, t)
	//		... the components (shallowComponents) ...
	//		return s.Finish("TBSCertificate")
	//	}
	emit.Comment(f, fmt.Sprintf("parse reads the header of a %s with tag t from r and its components' headers.", gt.ASN1))
	f.Func().Params(vw().Op("*").Id(name)).Id("parse").Params(jen.Id("r").Op("*").Add(vrt("Cursor")), jen.Id("t").Add(emit.RT("Tag"))).Error().BlockFunc(func(g *jen.Group) {
		g.Id("start").Op(":=").Id("r").Dot("Offset").Call()
		g.Var().Id("s").Add(vrt("Cursor"))
		g.If(jen.Err().Op(":=").Id("r").Dot("Enter").Call(jen.Op("&").Id("s"), jen.Id("t"), jen.Lit(gt.ASN1)), jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Err()))
		g.Add(core()).Dot("Set").Call(jen.Id("start"), jen.Id("r"), jen.Op("&").Id("s"), jen.Id("t"))
		if ids, what, ok := spanIDs(gt); ok {
			emit.Comment(g, "The components' headers in one call when they have the common forms;\nelse one by one, which reads the other forms or reports what is wrong.")
			g.If(jen.Op("!").Id("s").Dot("Spans").Call(vw().Dot("off").Index(jen.Op(":")), jen.Id(ids+" /* "+what+" */"))).BlockFunc(func(g *jen.Group) {
				e.shallowComponents(g, gt)
			})
		} else {
			e.shallowComponents(g, gt)
		}
		if gt.Unknown != "" {
			emit.Comment(g, "Extension additions this version does not know: their headers, unless\nthe decode tolerates what it does not read (as DecodeASN1 does).")
			g.If(jen.Id("s").Dot("Tolerates").Call(emit.RT("TolerateUnreadAdditions"))).Block(jen.Return(jen.Nil()))
			g.For(jen.Op("!").Id("s").Dot("Empty").Call()).Block(
				jen.If(jen.Err().Op(":=").Id("s").Dot("Skip").Call(), jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Err())))
		}
		g.Return(jen.Id("s").Dot("Finish").Call(jen.Lit(gt.ASN1)))
	})
	names := accessorNames(gt)
	for i, fl := range gt.Fields {
		nm := names[fl]
		window := func(j int) (jen.Code, jen.Code) {
			return vw().Dot("off").Index(jen.Lit(j)), vw().Dot("off").Index(jen.Lit(j + 1))
		}
		lo, hi := window(i)
		if target := vs.viewTarget(fl); target != nil {
			var absent jen.Code
			if emit.OptionalComponent(fl) {
				absent = jen.Add(hi).Op("==").Add(lo)
			}
			reader := func(g *jen.Group) { g.Id("s").Op(":=").Add(core()).Dot("Cursor").Call(lo, hi) }
			e.viewAccessor(f, name, nm[0], fl, target, "the view of "+emit.ComponentText(fl.Comp), reader, absent, false)
		} else {
			e.eagerAccessor(f, gt, name, nm[0], fl, i, window)
			e.rowAccessors(f, vs, gt, name, names, fl, lo, hi)
		}
		emit.Comment(f, fmt.Sprintf("%s returns the encoding of %s (aliasing the input), nil when absent.", nm[1], fl.ASN1))
		f.Func().Params(vw().Op("*").Id(name)).Id(nm[1]).Params().Index().Byte().Block(jen.Return(core().Dot("Slice").Call(window(i))))
		if emit.OptionalComponent(fl) {
			emit.Comment(f, fmt.Sprintf("%s reports whether %s is encoded.", nm[2], fl.ASN1))
			f.Func().Params(vw().Op("*").Id(name)).Id(nm[2]).Params().Bool().Block(jen.Return(jen.Add(hi).Op(">").Add(lo)))
		}
	}
}

// viewAccessor emits the accessor of a component (or alternative) whose
// type has a view: the shallow parse of its encoding, in the window
// [lo, hi) read with a reader made by the Core method mk.
//
//	func (vw *TBSCertificateView) Subject() (x NameView, err error) {
//		s := vw.c.Cursor(vw.off[5], vw.off[6])
//		x.c = vw.c.Child(7 /* subject */)
//		err = func() error {
//			if err := x.parse(&s, der.NoTag); err != nil {
//				return der.WithField(err, "subject")
//			}
//			return nil
//		}()
//		if err != nil {
//			return NameView{}, vw.c.Fail(err)
//		}
//		return x, nil
//	}
func (e *Emitter) viewAccessor(f *jen.File, recv, method string, fl *plan.Field, target *plan.Type, what string, reader func(*jen.Group), absent jen.Code, choice bool) {
	e.Reset()
	tv := viewName(target)
	doc := fmt.Sprintf("%s returns %s, parsed shallowly now", method, what)
	switch {
	case choice:
		doc += " (the zero view unless it is the alternative chosen)"
	case absent != nil:
		doc += " (the zero view when absent)"
	}
	emit.Comment(f, doc+".")
	f.Func().Params(vw().Op("*").Id(recv)).Id(method).Params().Params(jen.Id("x").Id(tv), jen.Err().Error()).BlockFunc(func(g *jen.Group) {
		if absent != nil {
			g.If(absent).Block(jen.Return(jen.Id("x"), jen.Nil()))
		}
		reader(g)
		g.Id("x").Dot("c").Op("=").Add(core()).Dot("Child").Call(e.viewName(fl.ASN1))
		g.Err().Op("=").Func().Params().Error().BlockFunc(func(g *jen.Group) {
			e.viewRead(g, derstmt.Rd{Name: "s"}, "x", fl, target, emit.WithField(fl.ASN1))
			g.Return(jen.Nil())
		}).Call()
		g.If(jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Id(tv).Values(), core().Dot("Fail").Call(jen.Err())))
		g.Return(jen.Id("x"), jen.Nil())
	})
}

// eagerAccessor emits the accessor of a SEQUENCE component read eagerly:
// the eager decode's statements for the component (readComponent), on a
// reader over its encoding, into a value v of the SEQUENCE's Go type. An
// open type reads its key component first.
//
//	func (vw *TBSCertificateView) SerialNumber() (x CertificateSerialNumber, err error) {
//		var v TBSCertificate
//		s := vw.c.Pooled(vw.off[1], vw.off[2])
//		err = func() error {
//			// serialNumber CertificateSerialNumber
//			if err := v.SerialNumber.DecodeASN1(&s, der.TagInteger); err != nil {
//				return der.WithField(err, "serialNumber")
//			}
//			return nil
//		}()
//		s.Release()
//		if err != nil {
//			return x, vw.c.Fail(err)
//		}
//		return v.SerialNumber, nil
//	}
func (e *Emitter) eagerAccessor(f *jen.File, gt *plan.Type, recv, method string, fl *plan.Field, i int, window func(int) (jen.Code, jen.Code)) {
	e.Reset()
	doc := fmt.Sprintf("%s decodes %s now", method, emit.ComponentText(fl.Comp))
	if def, ok := emit.DefaultValue(fl); ok && def != nil {
		doc += " (its DEFAULT when absent)"
	} else if emit.OptionalComponent(fl) {
		doc += " (the zero value when absent)"
	}
	emit.Comment(f, doc+".")
	f.Func().Params(vw().Op("*").Id(recv)).Id(method).Params().Params(jen.Id("x").Add(emit.GoType(fl)), jen.Err().Error()).BlockFunc(func(g *jen.Group) {
		g.Var().Id("v").Id(gt.Name)
		g.Id("s").Op(":=").Add(core()).Dot("Pooled").Call(window(i))
		g.Err().Op("=").Func().Params().Error().BlockFunc(func(g *jen.Group) {
			if fl.Union != nil && fl.Key != nil {
				k := plan.FieldIndex(gt, fl.Key)
				lo, hi := window(k)
				g.Id("k").Op(":=").Id("s").Dot("At").Call(lo, hi, core().Dot("Depth").Call())
				emit.Comment(g, "the key: "+emit.ComponentText(fl.Key.Comp))
				e.ReadComponent(g, gt, derstmt.Rd{Name: "k"}, fl.Key, gt.Fields[k+1:])
			}
			emit.Comment(g, emit.ComponentText(fl.Comp))
			e.ReadComponent(g, gt, derstmt.Rd{Name: "s"}, fl, gt.Fields[i+1:])
			g.Return(jen.Nil())
		}).Call()
		g.Id("s").Dot("Release").Call()
		g.If(jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Id("x"), core().Dot("Fail").Call(jen.Err())))
		g.Return(jen.Id("v").Dot(fl.Name), jen.Nil())
	})
}

// rowAccessors emits, for an open-type component, an accessor per row type
// with a view: the view of the value when the key selects that type.
//
//	func (vw *Extension_CertExtensionsView) ExtnValueGeneralNames() (x GeneralNamesView, ok bool, err error) {
//		key, err := vw.ExtnID()
//		if err != nil {
//			return x, false, err
//		}
//		switch string(key) {
//		case "U\x1d\x11", "U\x1d\x12":
//		default:
//			return x, false, nil
//		}
//		s := vw.c.Cursor(vw.off[2], vw.off[3])
//		x.c = vw.c.Child(12 /* extnValue */)
//		opened := false
//		err = func() error {
//			sub, err := s.Contents(der.TagOctetString, "OCTET STRING")
//			...
//			opened = true
//			if err := x.parse(&sub, der.TagSequence); err != nil {
//				return der.WithField(err, "extnValue")
//			}
//			if err := sub.Finish("EXTENSION.&ExtnType({CertExtensions})"); err != nil {
//				return der.WithField(err, "extnValue")
//			}
//			return nil
//		}()
//		...
//	}
func (e *Emitter) rowAccessors(f *jen.File, vs *viewSet, gt *plan.Type, recv string, names map[*plan.Field][3]string, fl *plan.Field, lo, hi jen.Code) {
	type row struct {
		target *plan.Type
		ue     *plan.Row
		keys   []string
		consts []string
	}
	var rows []*row
	byTarget := map[*plan.Type]*row{}
	for _, ue := range unionRows(fl) {
		target := plan.ResolveAlias(ue.Field.Named)
		if !vs.has[target] {
			continue
		}
		r := byTarget[target]
		if r == nil {
			r = &row{target: target, ue: ue}
			byTarget[target] = r
			rows = append(rows, r)
		}
		r.keys = append(r.keys, ue.KeyBytes)
		r.consts = append(r.consts, ue.Const)
	}
	for _, r := range rows {
		e.Reset()
		method := names[fl][0] + r.ue.Field.Name
		tv := viewName(r.target)
		emit.Comment(f, fmt.Sprintf("%s returns the view of %s when %s selects a %s (%s; ok is false for another\nkey, when absent, or for a value in a BER constructed string: read it with %s), parsed shallowly now.",
			method, fl.ASN1, fl.Key.ASN1, r.target.ASN1, joinWords(r.consts), names[fl][0]))
		f.Func().Params(vw().Op("*").Id(recv)).Id(method).Params().Params(jen.Id("x").Id(tv), jen.Id("ok").Bool(), jen.Err().Error()).BlockFunc(func(g *jen.Group) {
			if emit.OptionalComponent(fl) {
				g.If(jen.Add(hi).Op("==").Add(lo)).Block(jen.Return(jen.Id("x"), jen.False(), jen.Nil()))
			}
			g.List(jen.Id("key"), jen.Err()).Op(":=").Add(vw()).Dot(names[fl.Key][0]).Call()
			g.If(jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Id("x"), jen.False(), jen.Err()))
			var keys []jen.Code
			for _, k := range r.keys {
				keys = append(keys, jen.Lit(k))
			}
			g.Switch(jen.String().Call(jen.Id("key"))).Block(
				jen.Case(keys...),
				jen.Default().Block(jen.Return(jen.Id("x"), jen.False(), jen.Nil())),
			)
			g.Id("s").Op(":=").Add(core()).Dot("Cursor").Call(lo, hi)
			g.Id("x").Dot("c").Op("=").Add(core()).Dot("Child").Call(e.viewName(fl.ASN1))
			g.Id("opened").Op(":=").False()
			g.Err().Op("=").Func().Params().Error().BlockFunc(func(g *jen.Group) {
				wrap := emit.WithField(fl.ASN1)
				wrappers, own := emit.SplitTags(fl.Type)
				cur, opened := e.OpenWrappers(g, derstmt.Rd{Name: "s"}, wrappers, wrap)
				if fl.Containing {
					emit.Comment(g, "X.682 11: the value is the contents of the OCTET STRING.")
					g.List(jen.Id("sub"), jen.Err()).Op(":=").Add(cur.ID()).Dot("Contents").Call(emit.TagCode(*own), jen.Lit("OCTET STRING"))
					g.Add(emit.IfErr(wrap))
				} else {
					g.List(jen.Id("sub"), jen.Err()).Op(":=").Add(cur.ID()).Dot("Element").Call()
					g.Add(emit.IfErr(wrap))
				}
				g.Id("opened").Op("=").True()
				e.viewRead(g, derstmt.Rd{Name: "sub"}, "x", r.ue.Field, r.target, wrap)
				g.If(jen.Err().Op(":=").Id("sub").Dot("Finish").Call(jen.Lit(fl.Union.Type.ASN1)), jen.Err().Op("!=").Nil()).Block(wrap(jen.Err()))
				derstmt.CloseWrappers(g, opened, fl.Type, wrap)
				g.Return(jen.Nil())
			}).Call()
			g.If(jen.Err().Op("!=").Nil()).BlockFunc(func(g *jen.Group) {
				emit.Comment(g, "As the eager decode sets aside a value it cannot read (der.TolerateOpenTypeErrors),\nand a BER constructed string, which the view does not join.")
				g.If(jen.Id("s").Dot("Unread").Call(jen.Err(), jen.Id("opened"))).Block(jen.Return(jen.Id(tv).Values(), jen.False(), jen.Nil()))
				g.Return(jen.Id(tv).Values(), jen.False(), core().Dot("Fail").Call(jen.Err()))
			})
			g.Return(jen.Id("x"), jen.True(), jen.Nil())
		})
	}
}

// joinWords joins names as "a, b or c".
func joinWords(w []string) string {
	switch len(w) {
	case 0:
		return ""
	case 1:
		return w[0]
	}
	return strings.Join(w[:len(w)-1], ", ") + " or " + w[len(w)-1]
}

// viewChoice emits the view of a CHOICE: the alternative found by the tag
// and an accessor per alternative.
func (e *Emitter) viewChoice(f *jen.File, vs *viewSet, gt *plan.Type) {
	name := viewName(gt)
	emit.Comment(f, fmt.Sprintf("%s is a lazy view of a %s (see package view): the alternative chosen,\nread on access.", name, gt.ASN1))
	f.Type().Id(name).Struct(
		jen.Id("c").Add(vrt("Core")),
		jen.Id("choice").Id(gt.ChoiceType),
	)
	// The shallow parse: the alternative by the tag, as DecodeASN1
	// chooses it, and the header of its element.
	//
	//	func (vw *NameView) parse(r *der.Reader, t der.Tag) error {
	//		start := r.Offset()
	//		tag, _ := r.PeekTag()
	//		switch {
	//		case tag == der.TagSequence:
	//			vw.choice = Name_RDNSequence
	//			if err := r.Skip(); err != nil {
	//				return der.WithField(err, "rdnSequence")
	//			}
	//		default:
	//			return r.NoAlternative("Name")
	//		}
	//		vw.c.SetSpan(start, r)
	//		return nil
	//	}
	emit.Comment(f, fmt.Sprintf("parse finds the alternative of a %s at r and reads its header (t is der.NoTag).", gt.ASN1))
	f.Func().Params(vw().Op("*").Id(name)).Id("parse").Params(jen.Id("r").Op("*").Add(vrt("Cursor")), jen.Id("t").Add(emit.RT("Tag"))).Error().BlockFunc(func(g *jen.Group) {
		g.Id("start").Op(":=").Id("r").Dot("Offset").Call()
		g.List(jen.Id("tag"), jen.Id("_")).Op(":=").Id("r").Dot("PeekTag").Call()
		var open *plan.Field
		g.Switch().BlockFunc(func(g *jen.Group) {
			for _, fl := range gt.Fields {
				tags := fl.Type.FirstTags()
				if tags == nil {
					if open == nil {
						open = fl
					}
					continue
				}
				g.Case(emit.TagCond(jen.Id("tag"), tags)).Block(
					vw().Dot("choice").Op("=").Id(fl.ChoiceConst),
					jen.If(jen.Err().Op(":=").Id("r").Dot("Skip").Call(), jen.Err().Op("!=").Nil()).Block(emit.WithField(fl.ASN1)(jen.Err())))
			}
			g.Default().BlockFunc(func(g *jen.Group) {
				switch {
				case open != nil:
					g.Add(vw()).Dot("choice").Op("=").Id(open.ChoiceConst)
					g.If(jen.Err().Op(":=").Id("r").Dot("Skip").Call(), jen.Err().Op("!=").Nil()).Block(emit.WithField(open.ASN1)(jen.Err()))
				case gt.Unknown != "":
					emit.Comment(g, "An alternative of a later version (Choice 0).")
					g.If(jen.Id("r").Dot("Empty").Call()).Block(jen.Return(jen.Id("r").Dot("NoAlternative").Call(jen.Lit(gt.ASN1))))
					g.If(jen.Err().Op(":=").Id("r").Dot("Skip").Call(), jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Err()))
				default:
					g.Return(jen.Id("r").Dot("NoAlternative").Call(jen.Lit(gt.ASN1)))
				}
			})
		})
		g.Add(core()).Dot("SetSpan").Call(jen.Id("start"), jen.Id("r"))
		g.Return(jen.Nil())
	})
	emit.Comment(f, fmt.Sprintf("Choice tells which alternative the %s holds (0: one of a later version).", gt.ASN1))
	f.Func().Params(vw().Op("*").Id(name)).Id("Choice").Params().Id(gt.ChoiceType).Block(jen.Return(vw().Dot("choice")))
	names := accessorNames(gt)
	for _, fl := range gt.Fields {
		nm := names[fl]
		guard := vw().Dot("choice").Op("!=").Id(fl.ChoiceConst)
		if target := vs.viewTarget(fl); target != nil {
			reader := func(g *jen.Group) { g.Id("s").Op(":=").Add(core()).Dot("ElementCursor").Call() }
			e.viewAccessor(f, name, nm[0], fl, target, "the view of the alternative "+emit.ComponentText(fl.Comp), reader, guard, true)
			continue
		}
		// The eager decode of the CHOICE, which holds this alternative.
		//
		//	func (vw *NameView) X() (x T, err error) {
		//		var v Name
		//		s := vw.c.PooledElement()
		//		err = v.DecodeASN1(&s, der.NoTag)
		//		...
		//		return v.X, nil
		//	}
		e.Reset()
		emit.Comment(f, fmt.Sprintf("%s decodes the alternative %s now (the zero value unless it is the alternative chosen).", nm[0], emit.ComponentText(fl.Comp)))
		f.Func().Params(vw().Op("*").Id(name)).Id(nm[0]).Params().Params(jen.Id("x").Add(emit.GoType(fl)), jen.Err().Error()).Block(
			jen.If(guard).Block(jen.Return(jen.Id("x"), jen.Nil())),
			jen.Var().Id("v").Id(gt.Name),
			jen.Id("s").Op(":=").Add(core()).Dot("PooledElement").Call(),
			jen.Err().Op("=").Id("v").Dot("DecodeASN1").Call(jen.Op("&").Id("s"), emit.RT("NoTag")),
			jen.Id("s").Dot("Release").Call(),
			jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Id("x"), core().Dot("Fail").Call(jen.Err()))),
			jen.Return(jen.Id("v").Dot(fl.Name), jen.Nil()),
		)
	}
}

// viewList emits the view of a SEQUENCE OF or SET OF and its iterator.
// The iterator yields the view of each element when the element type has
// one (target), and the decoded element otherwise.
func (e *Emitter) viewList(f *jen.File, vs *viewSet, gt *plan.Type) {
	target := vs.viewTarget(gt.Elem)
	e.listView(f, gt)
	e.listIterType(f, gt, target)
	e.listIterNext(f, gt, target)
	e.listIterMethods(f, gt, target)
}

// listView emits the view type of a list with its methods: parse (the
// list's header), Len and Iter.
func (e *Emitter) listView(f *jen.File, gt *plan.Type) {
	name, it := viewName(gt), iterName(gt)
	emit.Comment(f, fmt.Sprintf("%s is a lazy view of a %s (see package view): its elements, read as\nan iterator reaches them (Iter).", name, gt.ASN1))
	f.Type().Id(name).Struct(jen.Id("c").Add(vrt("Core")))
	emit.Comment(f, fmt.Sprintf("parse reads the header of a %s with tag t from r.", gt.ASN1))
	f.Func().Params(vw().Op("*").Id(name)).Id("parse").Params(jen.Id("r").Op("*").Add(vrt("Cursor")), jen.Id("t").Add(emit.RT("Tag"))).Error().Block(
		jen.Id("start").Op(":=").Id("r").Dot("Offset").Call(),
		jen.Var().Id("s").Add(vrt("Cursor")),
		jen.If(jen.Err().Op(":=").Id("r").Dot("Enter").Call(jen.Op("&").Id("s"), jen.Id("t"), jen.Lit(gt.ASN1)), jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Err())),
		core().Dot("Set").Call(jen.Id("start"), jen.Id("r"), jen.Op("&").Id("s"), jen.Id("t")),
		jen.Return(jen.Nil()),
	)
	emit.Comment(f, "Len returns the number of elements, reading their headers only.")
	f.Func().Params(vw().Op("*").Id(name)).Id("Len").Params().Int().BlockFunc(func(g *jen.Group) {
		g.Id("s").Op(":=").Add(core()).Dot("Cursor").Call(core().Dot("Contents").Call())
		g.Return(jen.Id("s").Dot("Count").Call())
	})
	emit.Comment(f, "Iter returns an iterator over the elements.")
	f.Func().Params(vw().Op("*").Id(name)).Id("Iter").Params().Id(it).Block(
		jen.List(jen.Id("cs"), jen.Id("_")).Op(":=").Add(core()).Dot("Contents").Call(),
		jen.Return(jen.Id(it).Values(jen.Dict{jen.Id("list"): core(), jen.Id("pos"): jen.Id("cs")})),
	)
}

// listIterType emits the iterator type of a list: where it is in the
// list, and the current element (its view, or its value when the element
// type has no view).
func (e *Emitter) listIterType(f *jen.File, gt *plan.Type, target *plan.Type) {
	it := iterName(gt)
	emit.Comment(f, fmt.Sprintf("%s iterates over the elements of a %s view: call Next, then\nread the element, until Next returns false; Err tells why it stopped.", it, gt.ASN1))
	f.Type().Id(it).StructFunc(func(g *jen.Group) {
		g.Id("list").Add(vrt("Core"))
		g.List(jen.Id("pos"), jen.Id("i")).Int()
		g.Id("done").Bool()
		if target != nil {
			g.Id("cur").Id(viewName(target))
		} else {
			g.Id("val").Add(emit.GoType(gt.Elem))
		}
		g.Id("err").Error()
	})
}

// listIterNext emits the iterator's Next, which parses (or decodes) the
// next element:
//
//	func (it *ExtensionsIter) Next() bool {
//		if it.done {
//			return false
//		}
//		_, ce := it.list.Contents()
//		if it.pos >= ce {
//			... SIZE check ...
//			it.done = true
//			return false
//		}
//		r0 := der.NewReader(it.list.Input())
//		s := r0.At(it.pos, ce, it.list.Depth())
//		it.cur = ExtensionView{}
//		it.cur.c = it.list.Elem(it.i)
//		err := func() error {...}()
//		...
//		it.pos, it.i = s.Offset(), it.i+1
//		return true
//	}
func (e *Emitter) listIterNext(f *jen.File, gt *plan.Type, target *plan.Type) {
	e.Reset()
	emit.Comment(f, "Next reads the next element; false at the end or after an error (see Err).")
	f.Func().Params(jen.Id("it").Op("*").Id(iterName(gt))).Id("Next").Params().Bool().BlockFunc(func(g *jen.Group) {
		g.If(jen.Id("it").Dot("done")).Block(jen.Return(jen.False()))
		g.List(jen.Id("cs"), jen.Id("ce")).Op(":=").Id("it").Dot("list").Dot("Contents").Call()
		if gt.Kind == model.TypeSetOf {
			listSetOfOrder(g, gt)
		} else {
			g.Id("_").Op("=").Id("cs")
		}
		listEnd(g, gt)
		if target != nil {
			e.listNextView(g, gt.Elem, target)
		} else {
			e.listNextValue(g, gt.Elem)
		}
		g.Return(jen.True())
	})
}

// listSetOfOrder emits the check, before a SET OF's first element is read,
// that its elements are in DER order, unless the options tolerate
// unsorted SET OFs.
func listSetOfOrder(g *jen.Group, gt *plan.Type) {
	emit.Comment(g, "X.690 11.6: DER sorts the elements of a SET OF, checked before the first is read.")
	g.If(jen.Id("it").Dot("pos").Op("==").Id("cs").Op("&&").Id("it").Dot("i").Op("==").Lit(0)).Block(
		jen.Id("r0").Op(":=").Add(emit.RT("NewReader")).Call(jen.Id("it").Dot("list").Dot("Input").Call()),
		jen.Id("s").Op(":=").Id("r0").Dot("At").Call(jen.Id("cs"), jen.Id("ce"), jen.Id("it").Dot("list").Dot("Depth").Call()),
		jen.If(jen.Op("!").Id("s").Dot("Tolerates").Call(emit.RT("TolerateUnsortedSetOf"))).Block(
			jen.If(jen.Err().Op(":=").Id("s").Dot("CheckSetOfOrder").Call(jen.Lit(gt.ASN1)), jen.Err().Op("!=").Nil()).Block(
				jen.Return(jen.Id("it").Dot("fail").Call(jen.Err())))))
}

// listEnd emits the end of the iteration once the list's contents are
// read, with the check of the list's SIZE constraint on the number of
// elements, unless the view skips constraints.
func listEnd(g *jen.Group, gt *plan.Type) {
	g.If(jen.Id("it").Dot("pos").Op(">=").Id("ce")).BlockFunc(func(g *jen.Group) {
		g.Id("it").Dot("done").Op("=").True()
		if lo, hi, ok := listSize(gt.Body); ok {
			g.If(jen.Op("!").Id("it").Dot("list").Dot("SkipConstraints").Call()).Block(
				jen.If(jen.Err().Op(":=").Add(emit.RT("CheckSize")).Call(jen.Id("ce"), jen.Lit(emit.TypeText(gt.Body)), jen.Id("it").Dot("i"), emit.Num(lo), emit.Num(hi)), jen.Err().Op("!=").Nil()).Block(
					jen.Return(jen.Id("it").Dot("fail").Call(jen.Err()))))
		}
		g.Return(jen.False())
	})
}

// withElemIndex wraps an error of an element's read with the element's
// index, which places it in the list's path.
func withElemIndex(err jen.Code) jen.Code {
	return jen.Return(emit.RT("WithIndex").Call(err, jen.Id("it").Dot("i")))
}

// listNextView emits the read of the next element as a view of target:
// a shallow parse from the list's input, the element's decode left to its
// view's accessors.
func (e *Emitter) listNextView(g *jen.Group, elem *plan.Field, target *plan.Type) {
	g.Id("s").Op(":=").Id("it").Dot("list").Dot("Cursor").Call(jen.Id("it").Dot("pos"), jen.Id("ce"))
	g.Id("it").Dot("cur").Op("=").Id(viewName(target)).Values(jen.Dict{jen.Id("c"): jen.Id("it").Dot("list").Dot("Elem").Call(jen.Id("it").Dot("i"))})
	g.Err().Op(":=").Func().Params().Error().BlockFunc(func(g *jen.Group) {
		e.viewRead(g, derstmt.Rd{Name: "s"}, "it.cur", elem, target, withElemIndex)
		g.Return(jen.Nil())
	}).Call()
	g.If(jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Id("it").Dot("fail").Call(jen.Err())))
	g.List(jen.Id("it").Dot("pos"), jen.Id("it").Dot("i")).Op("=").List(jen.Id("s").Dot("Offset").Call(), jen.Id("it").Dot("i").Op("+").Lit(1))
}

// listNextValue emits the decode of the next element, whose type has no
// view, with the eager code, through a pooled reader.
func (e *Emitter) listNextValue(g *jen.Group, elem *plan.Field) {
	g.Id("s").Op(":=").Id("it").Dot("list").Dot("Pooled").Call(jen.Id("it").Dot("pos"), jen.Id("ce"))
	g.Var().Id("v").Add(emit.GoType(elem))
	g.Err().Op(":=").Func().Params().Error().BlockFunc(func(g *jen.Group) {
		e.ReadValue(g, derstmt.Rd{Name: "s"}, func() *jen.Statement { return jen.Id("v") }, elem, withElemIndex)
		g.Return(jen.Nil())
	}).Call()
	g.Id("pos").Op(":=").Id("s").Dot("Offset").Call()
	g.Id("s").Dot("Release").Call()
	g.If(jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Id("it").Dot("fail").Call(jen.Err())))
	g.List(jen.Id("it").Dot("val"), jen.Id("it").Dot("pos"), jen.Id("it").Dot("i")).Op("=").List(jen.Id("v"), jen.Id("pos"), jen.Id("it").Dot("i").Op("+").Lit(1))
}

// listIterMethods emits the rest of the iterator's methods: fail, which
// stops it on an error, the accessor of the current element (View or
// Value), Index and Err.
func (e *Emitter) listIterMethods(f *jen.File, gt *plan.Type, target *plan.Type) {
	it := iterName(gt)
	emit.Comment(f, "fail stops the iteration with err, located by the list's path.")
	f.Func().Params(jen.Id("it").Op("*").Id(it)).Id("fail").Params(jen.Err().Error()).Bool().Block(
		jen.List(jen.Id("it").Dot("err"), jen.Id("it").Dot("done")).Op("=").List(jen.Id("it").Dot("list").Dot("Fail").Call(jen.Err()), jen.True()),
		jen.Return(jen.False()),
	)
	if target != nil {
		emit.Comment(f, "View returns the view of the element Next read.")
		f.Func().Params(jen.Id("it").Op("*").Id(it)).Id("View").Params().Id(viewName(target)).Block(jen.Return(jen.Id("it").Dot("cur")))
	} else {
		emit.Comment(f, "Value returns the element Next decoded.")
		f.Func().Params(jen.Id("it").Op("*").Id(it)).Id("Value").Params().Add(emit.GoType(gt.Elem)).Block(jen.Return(jen.Id("it").Dot("val")))
	}
	emit.Comment(f, "Index returns the index of the element Next read.")
	f.Func().Params(jen.Id("it").Op("*").Id(it)).Id("Index").Params().Int().Block(jen.Return(jen.Id("it").Dot("i").Op("-").Lit(1)))
	emit.Comment(f, "Err returns the error that stopped the iteration, nil at the end of the list.")
	f.Func().Params(jen.Id("it").Op("*").Id(it)).Id("Err").Params().Error().Block(jen.Return(jen.Id("it").Dot("err")))
}

// listSize returns the SIZE bounds of a list type that its decode checks
// (see constraintChecks).
func listSize(t *model.Type) (lo, hi int64, ok bool) {
	c := t.Constraints
	if c == nil || c.Extensible || c.Size == nil {
		return 0, 0, false
	}
	r := c.Size
	if r.Min <= 0 && r.Max == math.MaxInt64 {
		return 0, 0, false
	}
	return r.Min, r.Max, true
}

// viewCommon emits the methods every view has: Raw, Decode and Path.
func (e *Emitter) viewCommon(f *jen.File, gt *plan.Type) {
	name := viewName(gt)
	emit.Comment(f, fmt.Sprintf("Raw returns the encoding of the %s (aliasing the input).", gt.ASN1))
	f.Func().Params(vw().Op("*").Id(name)).Id("Raw").Params().Index().Byte().Block(jen.Return(core().Dot("Raw").Call()))
	emit.Comment(f, "Path returns the path the view was reached by, as errors write it.")
	f.Func().Params(vw().Op("*").Id(name)).Id("Path").Params().String().Block(jen.Return(core().Dot("Path").Call()))
	// Decode: the eager decode of the element.
	//
	//	func (vw *TBSCertificateView) Decode() (x TBSCertificate, err error) {
	//		s := vw.c.PooledElement()
	//		err = x.DecodeASN1(&s, vw.c.Tag())
	//		s.Release()
	//		if err != nil {
	//			return TBSCertificate{}, vw.c.Fail(err)
	//		}
	//		return x, nil
	//	}
	emit.Comment(f, fmt.Sprintf("Decode decodes the whole %s: the value and the error of the eager decode.", gt.ASN1))
	var zero jen.Code = jen.Id(gt.Name).Values()
	if gt.Kind == model.TypeSequenceOf || gt.Kind == model.TypeSetOf {
		zero = jen.Nil()
	}
	f.Func().Params(vw().Op("*").Id(name)).Id("Decode").Params().Params(jen.Id("x").Id(gt.Name), jen.Err().Error()).Block(
		jen.Id("s").Op(":=").Add(core()).Dot("PooledElement").Call(),
		jen.Err().Op("=").Id("x").Dot("DecodeASN1").Call(jen.Op("&").Id("s"), core().Dot("Tag").Call()),
		jen.Id("s").Dot("Release").Call(),
		jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(zero, core().Dot("Fail").Call(jen.Err()))),
		jen.Return(jen.Id("x"), jen.Nil()),
	)
}

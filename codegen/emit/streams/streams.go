// Package streams emits stream readers (asn1gen gen -stream): a reader of
// a SEQUENCE OF or SET OF too large to hold, one element at a time from an
// io.Reader, decoded with the statements of the eager DER decode (package
// derstmt). See the comment below for the shape of what it emits.
package streams

import (
	"fmt"
	"math"
	"strings"

	"github.com/asn1gen/asn1gen/codegen/emit"
	"github.com/asn1gen/asn1gen/codegen/emit/derstmt"
	"github.com/asn1gen/asn1gen/codegen/model"
	"github.com/asn1gen/asn1gen/codegen/plan"
	"github.com/dave/jennifer/jen"
)

// Stream readers (Config.Streams, asn1gen gen -stream).
//
// A stream path is Type.component[.component...] or
// Module.Type.component[...]: from a named SEQUENCE type through SEQUENCE
// components (each level) to a SEQUENCE OF or SET OF component (the list).
// For each path the package gets a type named after the root type,
// TypeStream, whose Next returns one element at a time from an io.Reader:
//
//	CertificateList.toBeSigned.revokedCertificates
//	  → CertificateListStream, NewCertificateListStream(r, opts),
//	    Next() (*TBSCertList_RevokedCertificates_Item, error), Head, Rest
//
// The runtime (runtime/stream) finds the parts of the value by their
// headers and calls the generated methods to decode them with the eager
// code: for each level, Locate (which element is the next level or the
// list: the level's decoder's presence tests, on the tag), Head (the
// components before the path) and Tail (those after it, then the level's
// end), and Next decodes each element as the list's decoder does.

// Emitter writes the stream readers of Streams in the package Package.
type Emitter struct {
	derstmt.Stmts
	P       *plan.Plan
	Package string
	Streams []string
}

// streamPath is the import path of the stream runtime.
const streamPath = "github.com/asn1gen/asn1gen/runtime/stream"

func st(name string) *jen.Statement { return jen.Qual(streamPath, name) }

// streamPlan is one stream path resolved.
type streamPlan struct {
	spec string
	name string     // the stream type's Go name
	root *plan.Type // the root's Go type, the type of the rest
	// vals[i] is the Go type of level i's value, levels[i] its body (a
	// SEQUENCE) and holes[i] the component of levels[i] on the path: the
	// next level's, the list's for the last.
	vals, levels []*plan.Type
	holes        []*plan.Field
	list         *plan.Type // the list's body
	elem         *plan.Field
}

// resolveStream resolves a -stream path.
func (e *Emitter) resolveStream(spec string) (*streamPlan, error) {
	fail := func(format string, args ...any) (*streamPlan, error) {
		return nil, fmt.Errorf("asn1gen: -stream %s: %s", spec, fmt.Sprintf(format, args...))
	}
	parts := strings.Split(spec, ".")
	for _, m := range e.P.Set.Modules {
		if len(parts) > 2 && m.Name == parts[0] {
			parts = append([]string{parts[0] + "." + parts[1]}, parts[2:]...)
			break
		}
	}
	if len(parts) < 2 {
		return fail("want Type.component[.component...] (or Module.Type...), from a SEQUENCE through SEQUENCE components to a SEQUENCE OF or SET OF")
	}
	asgs, err := plan.SelectRoots(e.P.Set, parts[:1])
	if err != nil {
		return fail("no type %s", parts[0])
	}
	root := e.P.ByAsg[asgs[0]]
	if root == nil || !e.P.Emits(root) || root.Pkg != "" {
		return fail("the type %s is not generated in this package", parts[0])
	}
	sp := &streamPlan{spec: spec, root: root, name: root.Name + "Stream"}
	cur := root
	for i, comp := range parts[1:] {
		b := emit.BodyOf(cur)
		if b.Kind != model.TypeSequence {
			return fail("%s is a %s, not a SEQUENCE (SET levels are not supported)", b.ASN1, b.Kind)
		}
		if b.Pkg != "" {
			return fail("%s is a type of the package %s", b.ASN1, b.Pkg)
		}
		var f *plan.Field
		k := -1
		for j, x := range b.Fields {
			if x.ASN1 == comp {
				f, k = x, j
			}
		}
		if f == nil {
			return fail("%s has no component %s", b.ASN1, comp)
		}
		for j, x := range b.Fields {
			if x.Union != nil && x.Deferred && j <= k {
				return fail("%s.%s: an open type before the path whose key follows it is not supported", b.ASN1, x.ASN1)
			}
		}
		if f.Named == nil || f.Ptr || f.Union != nil || f.Octets {
			return fail("%s.%s is not a SEQUENCE, SEQUENCE OF or SET OF held by value", b.ASN1, comp)
		}
		if _, own := emit.SplitTags(f.Type); own == nil {
			return fail("%s.%s has no tag of its own", b.ASN1, comp)
		}
		sp.vals, sp.levels, sp.holes = append(sp.vals, cur), append(sp.levels, b), append(sp.holes, f)
		cur = f.Named
		if last := i == len(parts)-2; last {
			if cur.Base != nil {
				return fail("%s.%s: a list of a type with constraints of its own is not supported", b.ASN1, comp)
			}
			l := emit.BodyOf(cur)
			if l.Kind != model.TypeSequenceOf && l.Kind != model.TypeSetOf {
				return fail("%s.%s is a %s, not a SEQUENCE OF or SET OF", b.ASN1, comp, l.Kind)
			}
			if l.Elem == nil || l.Elem.Union != nil || l.Elem.List {
				return fail("%s.%s: a list of open types is not supported", b.ASN1, comp)
			}
			sp.list, sp.elem = l, l.Elem
		}
	}
	return sp, nil
}

// File returns the file of the stream readers of Streams.
func (e *Emitter) File() ([]byte, error) {
	f := jen.NewFile(e.Package)
	f.ImportName(plan.DERPath, "der")
	f.ImportName(streamPath, "stream")
	f.HeaderComment("Code generated by asn1gen. DO NOT EDIT.")
	seen := map[string]string{}
	for _, spec := range e.Streams {
		sp, err := e.resolveStream(spec)
		if err != nil {
			return nil, err
		}
		if other, ok := seen[sp.name]; ok {
			return nil, fmt.Errorf("asn1gen: -stream %s and %s: one stream per type", other, spec)
		}
		seen[sp.name] = spec
		e.streamType(f, sp)
	}
	return emit.Render(f)
}

// listPath is the path of the list below the root, as -stream names it.
func (sp *streamPlan) listPath() string {
	var names []string
	for _, h := range sp.holes {
		names = append(names, h.ASN1)
	}
	return strings.Join(names, ".")
}

// signed returns the level whose octets the model marks as signed, the
// outermost, and the index of its header from which they are (-1: none).
func (sp *streamPlan) signed() (lvl, from int) {
	for i, b := range sp.levels {
		wrappers, _ := emit.SplitTags(sp.tagsOf(i))
		if i > 0 && sp.holes[i-1].Raw != "" {
			return i, 0
		}
		if b.Raw != "" {
			return i, len(wrappers)
		}
	}
	return -1, -1
}

// tagsOf is the type, with its tags, of level i's element.
func (sp *streamPlan) tagsOf(i int) *model.Type {
	if i == 0 {
		return emit.Self(sp.root).Type
	}
	return sp.holes[i-1].Type
}

// tagLists returns the tags of an element with type t, outermost first,
// and what errors call each.
func tagLists(t *model.Type, body *plan.Type) (tags, types jen.Code) {
	wrappers, own := emit.SplitTags(t)
	var ts, ns []jen.Code
	for _, w := range wrappers {
		ts, ns = append(ts, emit.TagCode(emit.PlainTag(w))), append(ns, jen.Lit(w.String()))
	}
	ts, ns = append(ts, emit.TagCode(*own)), append(ns, jen.Lit(body.ASN1))
	return jen.Index().Add(emit.RT("Tag")).Values(ts...), jen.Index().String().Values(ns...)
}

// streamType emits the stream reader of one path: the type and its
// constructor, the methods users call (Next, Head, Rest), and those the
// runtime calls for each level and for the whole value.
func (e *Emitter) streamType(f *jen.File, sp *streamPlan) {
	e.streamStruct(f, sp)
	e.streamConstructor(f, sp)
	e.streamNext(f, sp)
	e.streamHeadRest(f, sp)
	e.streamLevels(f, sp)
	e.streamWhole(f, sp)
}

// recv is the receiver of the stream type's methods.
func (sp *streamPlan) recv() *jen.Statement { return jen.Id("c").Op("*").Id(sp.name) }

// ctor is the name of the stream type's constructor.
func (sp *streamPlan) ctor() string { return "New" + sp.name }

// streamStruct emits the stream type, with the doc comment that shows how
// to use it: the runtime's reader, the value without the list (rest), the
// element being returned, and Signed when the path has signed octets.
func (e *Emitter) streamStruct(f *jen.File, sp *streamPlan) {
	sigLevel, _ := sp.signed()
	doc := fmt.Sprintf(`%s reads a %s from an io.Reader, the elements of %s one
at a time (asn1gen gen -stream %s): the memory it holds is a batch of
elements and the parts of the value around the list, whatever the length of
the list. It checks the value as der.Unmarshal does a %s, and its errors
have their offset in the stream and the path of a whole decode
(runtime/stream says where they can differ):

	c := %s(r, nil)
	for {
		e, err := c.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return err
		}
		use(e)
	}
	v, err := c.Rest() // the other components`, sp.name, sp.root.ASN1, sp.listPath(), sp.spec, sp.root.ASN1, sp.ctor())
	emit.Comment(f, wrapDoc(doc))
	f.Type().Id(sp.name).StructFunc(func(g *jen.Group) {
		if sigLevel >= 0 {
			what := sp.levels[sigLevel].ASN1
			if sigLevel > 0 {
				what = sp.holes[sigLevel-1].ASN1
			}
			emit.Comment(g, wrapDoc(fmt.Sprintf("Signed, if set before the first read, receives the encoding of %s as\nit is read: the octets the signature covers, which Rest does not hold.", what)))
			g.Id("Signed").Qual("io", "Writer")
			g.Line()
		}
		g.Id("s").Op("*").Add(st("Reader"))
		g.Id("rest").Add(emit.Ref(sp.root))
		g.Id("elem").Add(emit.GoType(sp.elem))
	})
}

// streamConstructor emits the constructor, which gives the runtime the
// schema of the path: each level (levelSchema), the list (listSchema) and
// the decoding of the whole value.
func (e *Emitter) streamConstructor(f *jen.File, sp *streamPlan) {
	emit.Comment(f, wrapDoc(fmt.Sprintf("%s returns a %s reading from r. A nil opts means strict DER\nwith the default limits; BER is not supported.", sp.ctor(), sp.name)))
	f.Func().Id(sp.ctor()).Params(jen.Id("r").Qual("io", "Reader"), jen.Id("opts").Op("*").Add(st("Options"))).Op("*").Id(sp.name).BlockFunc(func(g *jen.Group) {
		g.Id("c").Op(":=").Op("&").Id(sp.name).Values()
		levels := make([]jen.Code, len(sp.levels))
		for i := range sp.levels {
			levels[i] = e.levelSchema(sp, i)
		}
		g.Id("c").Dot("s").Op("=").Add(st("New")).Call(jen.Id("r"), jen.Op("&").Add(st("Schema")).Values(jen.Dict{
			jen.Id("Levels"): jen.Index().Add(st("Level")).Values(levels...),
			jen.Id("List"):   st("List").Values(sp.listSchema()),
			jen.Id("Whole"):  jen.Id("c").Dot("whole"),
		}), jen.Id("opts"))
		g.Return(jen.Id("c"))
	})
}

// levelSchema is the stream.Level of level i: its element's name and tags,
// where its signed octets start, and the methods that locate the path in
// it and decode the components around the path.
func (e *Emitter) levelSchema(sp *streamPlan, i int) jen.Code {
	sigLevel, sigFrom := sp.signed()
	name := sp.root.ASN1
	if i > 0 {
		name = sp.holes[i-1].ASN1
	}
	tags, types := tagLists(sp.tagsOf(i), sp.levels[i])
	signed := -1
	if i == sigLevel {
		signed = sigFrom
	}
	d := jen.Dict{
		jen.Id("Name"):   jen.Lit(name),
		jen.Id("Tags"):   tags,
		jen.Id("Types"):  types,
		jen.Id("Signed"): jen.Lit(signed),
		jen.Id("Locate"): jen.Id("c").Dot(fmt.Sprintf("locate%d", i)),
		jen.Id("Tail"):   jen.Id("c").Dot(fmt.Sprintf("tail%d", i)),
	}
	if e.hasHead(sp, i) {
		d[jen.Id("Head")] = jen.Id("c").Dot(fmt.Sprintf("head%d", i))
	}
	return jen.Values(d)
}

// listSchema is the stream.List of the path's list: its name and tags,
// whether it is a SET OF, and its SIZE check if it has one.
func (sp *streamPlan) listSchema() jen.Dict {
	last := len(sp.levels) - 1
	tags, types := tagLists(sp.holes[last].Type, sp.list)
	list := jen.Dict{
		jen.Id("Name"):  jen.Lit(sp.holes[last].ASN1),
		jen.Id("Tags"):  tags,
		jen.Id("Types"): types,
	}
	if sp.list.Kind == model.TypeSetOf {
		list[jen.Id("SetOf")] = jen.True()
	}
	if sizeCheck(sp.list) != nil {
		list[jen.Id("Size")] = jen.Id("c").Dot("size")
	}
	return list
}

// setSigned passes the stream's Signed writer on to the runtime's reader,
// when the path has signed octets; Next and Head start with it, since the
// user may set Signed any time before the first read.
func (sp *streamPlan) setSigned(g *jen.Group) {
	if sigLevel, _ := sp.signed(); sigLevel >= 0 {
		g.Id("c").Dot("s").Dot("Signed").Op("=").Id("c").Dot("Signed")
	}
}

// streamNext emits Next, which decodes the next element of the list into
// the one element value the stream reuses, as the list's decoder does.
func (e *Emitter) streamNext(f *jen.File, sp *streamPlan) {
	elemT := emit.GoType(sp.elem)
	elemRet := jen.Op("*").Add(elemT)
	ret := jen.Op("&").Id("c").Dot("elem")
	if sp.elem.Ptr {
		elemRet, ret = elemT, jen.Id("c").Dot("elem")
	}
	emit.Comment(f, wrapDoc(fmt.Sprintf("Next returns the next element of %s, or io.EOF after the last, once\nthe rest of the value is read and checked. The element, and what it holds,\nare valid until the next call of Next: it aliases a reused buffer.", sp.listPath())))
	f.Func().Params(sp.recv()).Id("Next").Params().Params(elemRet, jen.Error()).BlockFunc(func(g *jen.Group) {
		e.Reset()
		sp.setSigned(g)
		g.List(jen.Id("r"), jen.Err()).Op(":=").Id("c").Dot("s").Dot("Next").Call()
		g.If(jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Nil(), jen.Err()))
		if b := sp.elem.Named; b != nil && !sp.elem.Ptr {
			if k := emit.BodyOf(b).Kind; k == model.TypeSequence || k == model.TypeSet || k == model.TypeChoice || emit.BodyOf(b).Union != nil {
				g.Id("c").Dot("elem").Op("=").Add(emit.Ref(b)).Values()
			}
		}
		wrap := func(err jen.Code) jen.Code { return jen.Return(jen.Nil(), jen.Id("c").Dot("s").Dot("Fail").Call(err)) }
		e.ReadValue(g, derstmt.Rd{Name: "r", Ptr: true}, func() *jen.Statement { return jen.Id("c").Dot("elem") }, sp.elem, wrap)
		g.Return(ret, jen.Nil())
	})
}

// streamHeadRest emits Head, which returns the value once the components
// before the list are decoded, and Rest, which reads to the end and
// returns the value without the list's elements, the kept encodings on
// the path cleared (they are the Signed octets, not held).
func (e *Emitter) streamHeadRest(f *jen.File, sp *streamPlan) {
	path := sp.listPath()
	emit.Comment(f, wrapDoc(fmt.Sprintf("Head reads the stream up to the first element of %s and returns the\nvalue with the components before it decoded; Rest sets the others.", path)))
	f.Func().Params(sp.recv()).Id("Head").Params().Params(jen.Op("*").Add(emit.Ref(sp.root)), jen.Error()).BlockFunc(func(g *jen.Group) {
		sp.setSigned(g)
		g.If(jen.Err().Op(":=").Id("c").Dot("s").Dot("Start").Call(), jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Nil(), jen.Err()))
		g.Return(jen.Op("&").Id("c").Dot("rest"), jen.Nil())
	})
	emit.Comment(f, wrapDoc(fmt.Sprintf("Rest reads the stream to its end (the elements Next has not returned are\nread and checked) and returns the value without the elements of %s:\nevery other component, decoded. The list is empty, its presence field set\nas decoded; the fields that keep received encodings on the path are nil\n(see Signed).", path)))
	f.Func().Params(sp.recv()).Id("Rest").Params().Params(jen.Op("*").Add(emit.Ref(sp.root)), jen.Error()).BlockFunc(func(g *jen.Group) {
		g.For().Block(
			jen.If(jen.List(jen.Id("_"), jen.Err()).Op(":=").Id("c").Dot("Next").Call(), jen.Err().Op("==").Qual("io", "EOF")).Block(
				jen.Break(),
			).Else().If(jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Nil(), jen.Err())),
		)
		for i, b := range sp.levels {
			if i > 0 && sp.holes[i-1].Raw != "" {
				g.Id("c").Dot(fmt.Sprintf("at%d", i-1)).Call().Dot(sp.holes[i-1].Raw).Op("=").Nil()
			}
			if b.Raw != "" {
				g.Id("c").Dot(fmt.Sprintf("at%d", i)).Call().Dot(b.Raw).Op("=").Nil()
			}
		}
		g.Return(jen.Op("&").Id("c").Dot("rest"), jen.Nil())
	})
}

// streamLevels emits the methods of each level of the path: atN, the
// level's value inside rest, then the Locate, Head and Tail the runtime
// calls (streamLocate, streamHead, streamTail).
func (e *Emitter) streamLevels(f *jen.File, sp *streamPlan) {
	for i := range sp.levels {
		emit.Comment(f, fmt.Sprintf("at%d is the value of level %d of the path (%s).", i, i, sp.levels[i].ASN1))
		f.Func().Params(sp.recv()).Id(fmt.Sprintf("at%d", i)).Params().Op("*").Add(emit.Ref(sp.vals[i])).BlockFunc(func(g *jen.Group) {
			if i == 0 {
				g.Return(jen.Op("&").Id("c").Dot("rest"))
				return
			}
			g.Return(jen.Op("&").Id("c").Dot(fmt.Sprintf("at%d", i-1)).Call().Dot(sp.holes[i-1].Name))
		})
	}
	for i := range sp.levels {
		e.streamLocate(f, sp, i)
		if e.hasHead(sp, i) {
			e.streamHead(f, sp, i)
		}
		e.streamTail(f, sp, i)
	}
}

// streamWhole emits whole, the runtime's fallback that decodes the value
// in one piece, and size, the list's SIZE check, when it has one.
func (e *Emitter) streamWhole(f *jen.File, sp *streamPlan) {
	last := len(sp.levels) - 1
	emit.Comment(f, wrapDoc(fmt.Sprintf("whole decodes b as a whole %s, and returns the length of its list.", sp.root.ASN1)))
	f.Func().Params(sp.recv()).Id("whole").Params(jen.Id("b").Index().Byte(), jen.Id("opts").Op("*").Add(emit.RT("Options"))).Params(jen.Int(), jen.Error()).Block(
		jen.Err().Op(":=").Add(emit.RT("Unmarshal")).Call(jen.Id("b"), jen.Op("&").Id("c").Dot("rest"), jen.Id("opts")),
		jen.Return(jen.Len(jen.Id("c").Dot(fmt.Sprintf("at%d", last)).Call().Dot(sp.holes[last].Name)), jen.Err()),
	)
	if check := sizeCheck(sp.list); check != nil {
		emit.Comment(f, "size checks the SIZE constraint of the list on its n elements.")
		f.Func().Params(sp.recv()).Id("size").Params(jen.Id("off"), jen.Id("n").Int()).Error().Block(jen.Return(check))
	}
}

// sizeCheck is the check of a list's SIZE constraint on n elements at off,
// as constraintChecks makes it for the whole decode; nil if none.
func sizeCheck(list *plan.Type) jen.Code {
	t := list.Body
	c := t.Constraints
	if c == nil || c.Extensible || c.Size == nil || c.Size.Min <= 0 && c.Size.Max == math.MaxInt64 {
		return nil
	}
	return emit.RT("CheckSize").Call(jen.Id("off"), jen.Lit(emit.TypeText(t)), jen.Id("n"), emit.Num(c.Size.Min), emit.Num(c.Size.Max))
}

// holeIndex is the index of level i's component on the path.
func (sp *streamPlan) holeIndex(i int) int {
	for j, f := range sp.levels[i].Fields {
		if f == sp.holes[i] {
			return j
		}
	}
	return -1
}

// root2 is the index of the first component of level i's second root
// part, when its decoder reads unknown additions before it; -1 otherwise.
func (e *Emitter) root2(b *plan.Type) int {
	if b.Unknown == "" || b.Body.Root2 <= 0 {
		return -1
	}
	r := len(b.Fields) - b.Body.Root2
	if b.Fields[r].Type.FirstTags() == nil {
		return -1
	}
	return r
}

// hasHead reports whether level i has components before the path, or
// unknown additions its decoder reads before it.
func (e *Emitter) hasHead(sp *streamPlan, i int) bool {
	k := sp.holeIndex(i)
	return k > 0 || e.root2(sp.levels[i]) == k
}

// tagPresent is the condition that an optional component is present when
// the next element has tag tag: decode.go's presence, on a tag.
func (e *Emitter) tagPresent(tag jen.Code, f *plan.Field, rest []*plan.Field) jen.Code {
	tags := f.Type.FirstTags()
	if u := f.Type.Underlying(); tags != nil && len(f.Type.Tags) == 0 && u.Kind == model.TypeChoice && u.Extensible {
		tags = nil
	}
	if tags != nil {
		return emit.TagCond(tag, tags)
	}
	var follow []model.Tag
	for _, n := range rest {
		ft := n.Type.FirstTags()
		follow = append(follow, ft...)
		if !emit.OptionalComponent(n) || ft == nil {
			break
		}
	}
	if len(follow) == 0 {
		return jen.True()
	}
	var cond *jen.Statement
	for _, t := range follow {
		c := jen.Add(tag).Op("!=").Add(emit.TagCode(emit.PlainTag(t)))
		if cond == nil {
			cond = c
		} else {
			cond = cond.Op("&&").Add(c)
		}
	}
	return cond
}

// streamLocate emits level i's Locate: which component the next element
// belongs to, as the level's decoder decides it.
//
//	func (c *CertificateListStream) locate1(j int, tag der.Tag) (int, stream.Step) {
//		switch j {
//		case 0:
//			// version Version OPTIONAL
//			if tag == der.TagInteger {
//				return 1, stream.Take
//			}
//			fallthrough
//		...
//		case 5:
//			// revokedCertificates SEQUENCE OF OPTIONAL: the path
//			if tag == der.TagSequence {
//				return 5, stream.Enter
//			}
//		}
//		return j, stream.Absent
//	}
func (e *Emitter) streamLocate(f *jen.File, sp *streamPlan, i int) {
	b, k := sp.levels[i], sp.holeIndex(i)
	r2 := e.root2(b)
	tag := jen.Id("tag")
	emit.Comment(f, wrapDoc(fmt.Sprintf("locate%d says which component of %s the next element, with tag tag, is\n(see stream.Level).", i, b.ASN1)))
	f.Func().Params(jen.Id("c").Op("*").Id(sp.name)).Id(fmt.Sprintf("locate%d", i)).Params(jen.Id("j").Int(), jen.Id("tag").Add(emit.RT("Tag"))).Params(jen.Int(), st("Step")).BlockFunc(func(g *jen.Group) {
		g.Switch(jen.Id("j")).BlockFunc(func(g *jen.Group) {
			for idx := 0; idx <= k; idx++ {
				fl := b.Fields[idx]
				rest := b.Fields[idx+1:]
				g.Case(jen.Lit(idx)).BlockFunc(func(g *jen.Group) {
					if idx == r2 {
						emit.Comment(g, "Additions of a later version, before the second root part.")
						g.If(jen.Op("!").Parens(e.tagPresent(tag, fl, rest))).Block(jen.Return(jen.Lit(idx), st("Take")))
					}
					text := emit.ComponentText(fl.Comp)
					if idx == k {
						emit.Comment(g, text+": the path")
						if emit.OptionalComponent(fl) {
							g.If(e.tagPresent(tag, fl, rest)).Block(jen.Return(jen.Lit(idx), st("Enter")))
						} else {
							g.Return(jen.Lit(idx), st("Enter"))
						}
						return
					}
					emit.Comment(g, text)
					if !emit.OptionalComponent(fl) {
						g.Return(jen.Lit(idx+1), st("Take"))
						return
					}
					g.If(e.tagPresent(tag, fl, rest)).Block(jen.Return(jen.Lit(idx+1), st("Take")))
					g.Fallthrough()
				})
			}
		})
		g.Return(jen.Id("j"), st("Absent"))
	})
}

// components emits the decoding of b's components [from, to) from s into
// v, as decodeSequence does.
func (e *Emitter) components(g *jen.Group, b *plan.Type, from, to int) {
	s := derstmt.Rd{Name: "s", Ptr: true}
	r2 := e.root2(b)
	for idx := from; idx < to; idx++ {
		fl := b.Fields[idx]
		if idx == r2 {
			e.root2Loop(g, b, s, fl)
		}
		emit.Comment(g, emit.ComponentText(fl.Comp))
		e.ReadComponent(g, b, s, fl, b.Fields[idx+1:])
	}
}

// root2Loop reads the unknown additions before the second root part.
func (e *Emitter) root2Loop(g *jen.Group, b *plan.Type, s derstmt.Rd, fl *plan.Field) {
	emit.Comment(g, "Additions of a later version, before the second root part.")
	g.For(jen.Op("!").Id("s").Dot("Empty").Call().Op("&&").Op("!").Add(e.Presence(s, fl, nil))).Block(
		jen.List(jen.Id("x"), jen.Err()).Op(":=").Id("s").Dot("ReadRawDER").Call(),
		jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Err())),
		jen.Id("v").Dot(b.Unknown).Op("=").Append(jen.Id("v").Dot(b.Unknown), jen.Id("x").Op("...")))
}

// streamHead emits level i's Head: the components before the path.
func (e *Emitter) streamHead(f *jen.File, sp *streamPlan, i int) {
	b, k := sp.levels[i], sp.holeIndex(i)
	e.Reset()
	emit.Comment(f, wrapDoc(fmt.Sprintf("head%d decodes the components of %s before %s from s.", i, b.ASN1, sp.holes[i].ASN1)))
	f.Func().Params(jen.Id("c").Op("*").Id(sp.name)).Id(fmt.Sprintf("head%d", i)).Params(jen.Id("s").Op("*").Add(emit.RT("Reader"))).Params(jen.Err().Error()).BlockFunc(func(g *jen.Group) {
		g.Id("v").Op(":=").Id("c").Dot(fmt.Sprintf("at%d", i)).Call()
		e.components(g, b, 0, k)
		if e.root2(b) == k {
			e.root2Loop(g, b, derstmt.Rd{Name: "s", Ptr: true}, b.Fields[k])
		}
		g.Return(jen.Nil())
	})
}

// streamTail emits level i's Tail: the components after the path, the
// unknown additions and the end of the level.
func (e *Emitter) streamTail(f *jen.File, sp *streamPlan, i int) {
	b, k := sp.levels[i], sp.holeIndex(i)
	hole := sp.holes[i]
	e.Reset()
	emit.Comment(f, wrapDoc(fmt.Sprintf("tail%d decodes the components of %s after %s from s, and its end.", i, b.ASN1, hole.ASN1)))
	f.Func().Params(jen.Id("c").Op("*").Id(sp.name)).Id(fmt.Sprintf("tail%d", i)).Params(jen.Id("s").Op("*").Add(emit.RT("Reader"))).Params(jen.Err().Error()).BlockFunc(func(g *jen.Group) {
		usesV := hole.Has != "" || k+1 < len(b.Fields) || b.Unknown != "" && b.Body.Root2 == 0
		if usesV {
			g.Id("v").Op(":=").Id("c").Dot(fmt.Sprintf("at%d", i)).Call()
		}
		if hole.Has != "" {
			g.Id("v").Dot(hole.Has).Op("=").True()
		}
		s := derstmt.Rd{Name: "s", Ptr: true}
		e.DeclareDeferred(g, b)
		e.components(g, b, k+1, len(b.Fields))
		if b.Unknown != "" && b.Body.Root2 == 0 {
			g.If(jen.Op("!").Id("s").Dot("Empty").Call()).Block(
				jen.If(jen.List(jen.Id("v").Dot(b.Unknown), jen.Err()).Op("=").Id("s").Dot("ReadRestDER").Call(), jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Err())))
		}
		if !derstmt.HasDeferred(b) {
			g.Return(jen.Id("s").Dot("Finish").Call(jen.Lit(b.ASN1)))
			return
		}
		g.If(jen.Err().Op(":=").Id("s").Dot("Finish").Call(jen.Lit(b.ASN1)), jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Err()))
		e.ResolveDeferred(g, b, s)
		g.Return(jen.Nil())
	})
}

// wrapDoc refills the paragraphs of a doc comment to lines of at most 76
// columns (the widths of the names it mentions vary); lines that start
// with a tab (code) and empty lines are kept as they are.
func wrapDoc(s string) string {
	var out, para []string
	flush := func() {
		if len(para) == 0 {
			return
		}
		line := ""
		for _, w := range strings.Fields(strings.Join(para, " ")) {
			if line != "" && len(line)+1+len(w) > 76 {
				out = append(out, line)
				line = ""
			}
			if line != "" {
				line += " "
			}
			line += w
		}
		out = append(out, line)
		para = nil
	}
	for _, l := range strings.Split(s, "\n") {
		if l == "" || strings.HasPrefix(l, "\t") {
			flush()
			out = append(out, l)
			continue
		}
		para = append(para, l)
	}
	flush()
	return strings.Join(out, "\n")
}

package schemadump

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/asn1gen/asn1gen/codegen/model"
	"github.com/asn1gen/asn1gen/internal/asn1dump"
	"github.com/asn1gen/asn1gen/internal/jertext"
	"github.com/asn1gen/asn1gen/runtime/der"
	"github.com/asn1gen/asn1gen/runtime/tree"
)

// Options control a decode and the text form.
type Options struct {
	// BER accepts BER as well as DER; every non-DER encoding is marked.
	// Without it the input must be DER: a non-DER header is an error that
	// ends the element it is in, a non-DER value an error that leaves it
	// shown.
	BER bool
	// Full prints long values whole (the text form).
	Full bool
	// NoEncapsulated turns off the search for encodings in OCTET STRING
	// and BIT STRING contents that the schema says nothing about.
	NoEncapsulated bool
	// Rules say what OCTET STRINGs hold where the modules say it in prose
	// only (-contains); they come before the Schema's KnownRules.
	Rules []Rule
	// OIDName names the OBJECT IDENTIFIERs that the schema's modules do
	// not name (asn1dump.Options.OIDName; `asn1gen dump` passes
	// oids.Name); nil names none.
	OIDName func(der.OID) string
	// Progress, if set, is called with the offset of each value as the
	// decode and Text reach it (a command shows how far a long dump is).
	Progress func(offset int)
	// JSONOnly: the result is written as JSON only (or read field by
	// field), never by Text, and its nodes keep nothing for Text: the
	// plain dump's reading of each primitive, 330 bytes, is not kept (Text
	// would show no values). The browser playground sets it.
	JSONOnly bool
	// JER keeps in the nodes what JER (jer.go) needs to write the value
	// as JER (X.697).
	JER bool
}

// InternalError is the Issue.Kind of a bug of this package met while
// decoding (a panic, recovered): never expected.
const InternalError = "internal error"

// maxNesting bounds the recursion through the schema, counting the types
// entered without reading an element (untagged CHOICEs, open types) as
// well as the elements: the reader's depth limit bounds the latter alone.
const maxNesting = 4 * der.DefaultMaxDepth

// Decode reads data as one value of the type a (from s.Type) and returns
// the dump: the elements as the schema reads them, and the errors found.
// It never panics and always returns what it could read: an error ends
// the reading of the element it is in (whose rest is shown raw), never
// more, so that the elements after it are still read with the schema.
func (s *Schema) Decode(data []byte, a *model.Assignment, opts *Options) (res *Result) {
	d := &decoder{s: s, data: data}
	if opts != nil {
		d.opts = *opts
	}
	res = &Result{Type: a.QualifiedName()}
	if d.opts.JER {
		d.jer = map[*Node]*jerNode{}
		res.jer = d.jer
	}
	defer func() {
		if r := recover(); r != nil {
			// A bug of this package must not take a dump down: what was
			// read is lost, and the error says why (the fuzz target fails
			// on it).
			res.Elements = nil
			res.Issues = append(d.issues, Issue{Offset: -1, Path: a.Name, Kind: InternalError, Message: fmt.Sprint(r)})
		}
	}()
	d.rules = append(append(d.rules, d.opts.Rules...), s.known...)
	d.path = []string{a.Name}
	d.named = []named{{a, 1}}
	r := der.NewReader(data, &der.Options{BER: d.opts.BER})
	_, _, top := r.Window()
	d.cutDepth = map[int]bool{top: true}
	switch {
	case len(data) == 0:
		d.issue(der.NewError(der.KindTruncated, 0, "", "empty input", "X.690 8.1.1"))
	case a.Type == nil:
		d.issue(der.NewError(der.KindUnsupported, 0, a.Name, "the type has no model (errors in its module)", ""))
		res.Elements = d.rest(&r, "")
	default:
		n, err := d.value(&r, a.Type, a.Type.Tags, label{index: -1, typ: a.Name, module: a.Module.Name})
		if err != nil {
			d.issue(err)
			res.Elements = d.rest(&r, "")
			break
		}
		res.Elements = append(res.Elements, n)
		if !r.Empty() {
			d.issue(der.NewError(der.KindTrailingData, r.Offset(), a.Name, "unexpected octets after the value", "X.690 8.1.1"))
			res.Elements = append(res.Elements, d.rest(&r, "after the "+a.Name)...)
		}
	}
	if d.cut != nil {
		d.issues = append(d.issues, *d.cut)
	}
	remap(res.Elements, nil)
	remapIssues(d.issues)
	setDepth(res.Elements, 0)
	res.Issues = d.issues
	return res
}

func setDepth(nodes []*Node, depth int) {
	for _, n := range nodes {
		n.Depth = depth
		setDepth(n.Children, depth+1)
	}
}

type decoder struct {
	s      *Schema
	opts   Options
	data   []byte
	issues []Issue
	// path is the field path of the value being read (Issue.Path).
	path []string
	// nesting counts the value calls in progress (maxNesting).
	nesting int
	// frames are the SEQUENCE and SET values being read, innermost last:
	// they hold the keys of the open types inside them.
	frames []*frame
	// rules say what some OCTET STRINGs hold; named are the values of
	// type references being read, where their paths start.
	rules []Rule
	named []named
	// space holds the joined segments of BER strings being read,
	// innermost last (segments.go).
	space []*segMap
	// cut says where the data end, when they end inside an element (a
	// truncated input): the innermost element they cut short. cutDepth
	// holds the depths of the readers whose window ends with the data:
	// the top, and the contents of the elements cut short.
	cut      *Issue
	cutDepth map[int]bool
	// oidKeys are the keys of the OBJECT IDENTIFIERs read, one value for
	// each contents, and entries the rows of the tables they selected:
	// the extensions of the entries of a CRL look the same two OIDs up
	// 15,000 times each, and a lookup writes each key of its table as
	// text.
	oidKeys map[string]*model.Value
	entries map[tableKey]*model.OpenTypeEntry
	// nodes, ints and elems are the unused ends of the slabs that nodes,
	// their indices and the plain dump's reading of their primitives are
	// taken from (newNode, newElement).
	nodes []Node
	ints  []int
	elems []asn1dump.Element
	// scratch is the Element of a primitive with Options.JSONOnly.
	scratch asn1dump.Element
	// jer is Result.jer, nil without Options.JER.
	jer map[*Node]*jerNode
}

type tableKey struct {
	tbl *model.OpenTypeTable
	key *model.Value
}

// keyOf returns the key of a value of the built-in type u (keyOf), the
// same value for the same OBJECT IDENTIFIER.
func (d *decoder) keyOf(u *model.Type, contents []byte) *model.Value {
	if u.Kind != model.TypeObjectIdentifier {
		return keyOf(u, contents)
	}
	if v, ok := d.oidKeys[string(contents)]; ok {
		return v
	}
	v := keyOf(u, contents)
	if d.oidKeys == nil {
		d.oidKeys = map[string]*model.Value{}
	}
	d.oidKeys[string(contents)] = v
	return v
}

// lookup returns tbl.Lookup(key), looked up once for an OBJECT
// IDENTIFIER key of keyOf.
func (d *decoder) lookup(tbl *model.OpenTypeTable, key *model.Value) *model.OpenTypeEntry {
	if key == nil || key.Kind != model.ValueOID {
		return tbl.Lookup(key)
	}
	k := tableKey{tbl, key}
	if e, ok := d.entries[k]; ok {
		return e
	}
	e := tbl.Lookup(key)
	if d.entries == nil {
		d.entries = map[tableKey]*model.OpenTypeEntry{}
	}
	d.entries[k] = e
	return e
}

// frame is a SEQUENCE or SET being read.
type frame struct {
	typ *model.Type // its underlying type, whose components it reads
	// keys are the values of the components read so far that may key a
	// table (OBJECT IDENTIFIER, INTEGER, ...), with those of the frames
	// that ended inside it (for @a.b paths into a component).
	keys []frameKey
	// deferred are the open types whose key component comes later in this
	// SEQUENCE or SET: they are read when it ends.
	deferred []func()
}

// frameKey is the value of a component that may key a table.
type frameKey struct {
	c *model.Component
	v *model.Value
}

// key returns the value of c in f, or nil. A frame holds a few keys: a
// list costs less than a map, made for every SEQUENCE and SET read.
func (f *frame) key(c *model.Component) *model.Value {
	for _, k := range f.keys {
		if k.c == c {
			return k.v
		}
	}
	return nil
}

func (f *frame) setKey(c *model.Component, v *model.Value) {
	for i := range f.keys {
		if f.keys[i].c == c {
			f.keys[i].v = v
			return
		}
	}
	f.keys = append(f.keys, frameKey{c, v})
}

// label is what the enclosing type says of a value it reads.
type label struct {
	field string // component or alternative name
	index int    // position in a SEQUENCE OF or SET OF, or -1
	// typ and module replace the type's name (the root: the assignment).
	typ, module string
	// inner: the value is inside EXPLICIT tags, whose line names its type.
	inner bool
	// object is the information object whose table row selected the type.
	object string
}

// issue records err, a *der.Error (or any error) at the current path.
func (d *decoder) issue(err error) {
	d.issueAt(err, d.path)
}

func (d *decoder) issueAt(err error, path []string) {
	var ended *endedError
	if errors.As(err, &ended) {
		return // Decode reports where the data end, once
	}
	is := Issue{Offset: -1, Kind: "error", Message: err.Error(), Path: joinPath(path)}
	if len(d.space) > 0 {
		is.space = append([]*segMap(nil), d.space...)
	}
	var e *der.Error
	if errors.As(err, &e) {
		is.Offset = e.Offset
		is.Kind = e.Kind.String()
		is.NonDER = e.Kind == der.KindNonCanonical
		is.Message = errorText(e)
	}
	if k := len(d.issues); k > 0 && d.issues[k-1].Offset == is.Offset && d.issues[k-1].Message == is.Message {
		// the same error, met again by the read that shows the rest raw
		return
	}
	d.issues = append(d.issues, is)
}

// errorText is the text of e without the "asn1: " prefix, path and offset,
// which the dump writes its own way.
func errorText(e *der.Error) string {
	s := e.Msg
	if s == "" {
		s = e.Kind.String()
	}
	if e.Type != "" {
		s = e.Type + ": " + s
	}
	if e.Rule != "" {
		s += " (" + e.Rule + ")"
	}
	return s
}

// joinPath writes a field path as der.Error.Path does: names joined by
// dots, indexes in brackets.
func joinPath(path []string) string {
	var b strings.Builder
	for i, p := range path {
		if i > 0 && !strings.HasPrefix(p, "[") {
			b.WriteByte('.')
		}
		b.WriteString(p)
	}
	return b.String()
}

func (d *decoder) push(name string) { d.path = append(d.path, name) }
func (d *decoder) pop()             { d.path = d.path[:len(d.path)-1] }

// value reads one value of type t, whose tags from the outermost are tags
// (t.Tags, less the EXPLICIT wrappers already read), from r. A non-nil
// error means that nothing was read: the next element is not a value of t
// (or r is empty, or its header is unreadable), and the caller decides what
// that means. Errors inside the value are recorded, and the node shows
// what could be read.
func (d *decoder) value(r *der.Reader, t *model.Type, tags []model.Tag, lbl label) (*Node, error) {
	if d.opts.Progress != nil {
		d.opts.Progress(r.Offset())
	}
	if d.nesting++; d.nesting > maxNesting {
		d.nesting--
		return nil, der.NewError(der.KindLimit, r.Offset(), typeName(t), "the schema nests deeper than "+strconv.Itoa(maxNesting)+" values here", "")
	}
	mark := d.pushNamed(t)
	defer func() { d.nesting--; d.named = d.named[:mark] }()
	u := t.Underlying()
	if u == nil {
		u = t
	}
	if len(tags) > 0 && tags[0].Explicit {
		return d.explicit(r, t, tags, lbl)
	}
	if len(tags) == 0 {
		switch u.Kind {
		case model.TypeChoice:
			return d.choice(r, t, u, lbl)
		case model.TypeOpen:
			return d.open(r, t, u, lbl)
		}
		// Only CHOICE and open types are untagged; anything else here is
		// a type the model could not finish: show what is there.
		return d.rawValue(r, t, lbl, "the schema has no tag for this "+kindName(u))
	}
	own := wireTag(tags[0])
	typ := typeName(t)
	if lbl.typ != "" {
		typ = lbl.typ
	}
	h, contents, cut, err := d.element(r, own, typ)
	if err != nil {
		return nil, err
	}
	n := d.node(&h, contents, t, u, lbl)
	if cut {
		n.Truncated, n.Length = true, h.Length
		if h.Length < 0 {
			n.Length = len(contents)
		}
		if !h.Constructed {
			// a part of the value: its octets
			tn := tree.Node{Tag: der.TagOctetString, Offset: h.Offset, HeaderLen: h.HeaderLen, Length: n.Length, Content: contents, Truncated: true}
			el := asn1dump.Annotate([]tree.Node{tn}, &asn1dump.Options{NoEncapsulated: true})[0]
			el.Tag = n.Tag
			n.elem, n.Hex = &el, el.Hex
			return n, nil
		}
	}
	switch u.Kind {
	case model.TypeSequence, model.TypeSet, model.TypeSequenceOf, model.TypeSetOf:
		if !h.Constructed {
			d.fail(n, der.NewError(der.KindMalformed, h.Offset, typ, "primitive encoding of a constructed type", "X.690 8.1.2.5"))
			d.showHex(n, contents)
			return n, nil
		}
		sub := r.Open(contents, h.Offset+h.HeaderLen)
		switch u.Kind {
		case model.TypeSequence:
			d.sequence(&sub, n, u, typ)
		case model.TypeSet:
			d.set(&sub, n, u, typ)
		default:
			d.list(&sub, n, t, u, typ)
		}
	case model.TypeExternal, model.TypeEmbeddedPDV, model.TypeUnrestrictedCharacterString, model.TypeInstanceOf:
		// SEQUENCEs underneath (X.680 37, 36, 44; X.681 C): shown as the
		// plain dump shows them.
		if !h.Constructed {
			d.fail(n, der.NewError(der.KindMalformed, h.Offset, typ, "primitive encoding of a constructed type", "X.690 8.1.2.5"))
			d.showHex(n, contents)
			return n, nil
		}
		sub := r.Open(contents, h.Offset+h.HeaderLen)
		n.Children = d.rest(&sub, "")
	case model.TypeChoice, model.TypeOpen:
		// Tagged CHOICEs and open types are always EXPLICIT (X.680
		// 31.2.7); an IMPLICIT one is an error of the module that the
		// model reports.
		d.fail(n, der.NewError(der.KindUnsupported, h.Offset, typ, "an implicitly tagged CHOICE or open type cannot be decoded", "X.680 31.2.7"))
		n.Children = d.restBytes(h.Offset+h.HeaderLen, contents, h.Constructed)
	default:
		d.primitive(r, &h, contents, n, t, u)
	}
	return n, nil
}

// element reads the next element of r, which must have the tag want (typ
// names what is read, for errors). An element that does not read is that
// error, whatever its tag; on an error r is unchanged.
//
// When the data end inside the element (a truncated input), the element
// is read all the same: cut is set, contents are what the data have of
// them, and r is at the end of the data. When they end inside its header,
// the error is an endedError.
func (d *decoder) element(r *der.Reader, want der.Tag, typ string) (h der.Header, contents []byte, cut bool, err error) {
	if r.Empty() {
		return h, nil, false, r.Missing(typ, want)
	}
	probe := *r
	contents, err = probe.ReadElement(&h)
	if err != nil {
		if errors.Is(err, der.ErrTruncated) && d.atDataEnd(r) {
			return d.cutElement(r, want, typ, err)
		}
		return h, nil, false, err
	}
	if h.Tag != want {
		return h, nil, false, der.TagMismatch(h.Offset, typ, want, h.Tag)
	}
	*r = probe
	return h, contents, false, nil
}

// endedError is an error caused by the end of the data inside an element
// (a truncated input): what was read is shown, and instead of an issue
// for each element the end cuts short, Decode reports once where the data
// end (cutAt).
type endedError struct{ err error }

func (e *endedError) Error() string { return e.err.Error() }
func (e *endedError) Unwrap() error { return e.err }

// atDataEnd reports whether an element of r that runs past the end of its
// window is cut short by the end of the data: r reads the input itself
// (not joined segments) at the top or in the contents of an element that
// the end of the data cuts short, up to the end of the data. (An element
// that runs past the end of a whole element holding it is an error of its
// own, even where both end with the data.)
func (d *decoder) atDataEnd(r *der.Reader) bool {
	if len(d.space) > 0 {
		return false
	}
	if _, end, depth := r.Window(); end != len(d.data) || !d.cutDepth[depth] {
		return false
	}
	in := r.Since(0)
	return len(in) == 0 || &in[0] == &d.data[0]
}

// cutAt records that the data end inside what (innermost last: the last
// call is kept), at the current field path.
func (d *decoder) cutAt(what string) {
	d.cut = &Issue{Offset: len(d.data), Path: joinPath(d.path), Kind: der.KindTruncated.String(),
		Message: "the data ends " + what}
}

// cutElement reads the element of r that the end of the data cuts short
// (err says why ReadElement could not), for element.
func (d *decoder) cutElement(r *der.Reader, want der.Tag, typ string, err error) (der.Header, []byte, bool, error) {
	pos, end, depth := r.Window()
	h, herr := der.ParseHeader(d.data[pos:end], pos, d.opts.BER)
	switch {
	case errors.Is(herr, der.ErrTruncated):
		d.cutAt("inside the identifier and length octets of the element at offset " + strconv.Itoa(pos) + " (X.690 8.1.2, 8.1.3)")
		return h, nil, false, &endedError{err}
	case herr != nil:
		return h, nil, false, herr
	case h.Tag != want:
		return h, nil, false, der.TagMismatch(h.Offset, typ, want, h.Tag)
	}
	cs := pos + h.HeaderLen
	where := h.Tag.String() + " at " + strconv.Itoa(pos)
	switch {
	case h.Length < 0:
		d.cutAt("before the end-of-contents octets of " + where + " (indefinite length) (X.690 8.1.5)")
	case h.Length > end-cs:
		d.cutAt("inside the contents of " + where + ": " + strconv.Itoa(h.Length) + " octets announced, " + strconv.Itoa(end-cs) + " present (X.690 8.1.3)")
	default:
		return h, nil, false, err // whole: the error is another one
	}
	*r = r.At(end, end, depth)
	d.cutDepth[depth+1] = true // the reader of its contents
	return h, d.data[cs:end:end], true, nil
}

// slabSize is the number of nodes (indices, elements) allocated at a time: a
// dump keeps them all, and one allocation serves 256 of them (the dump of
// a 1.18 MB CRL makes 189,072 nodes).
const slabSize = 256

// newNode returns a zero Node from the decoder's slab.
func (d *decoder) newNode() *Node {
	if len(d.nodes) == 0 {
		d.nodes = make([]Node, slabSize)
	}
	n := &d.nodes[0]
	d.nodes = d.nodes[1:]
	return n
}

// newElement returns a zero asn1dump.Element from the decoder's slab.
func (d *decoder) newElement() *asn1dump.Element {
	if len(d.elems) == 0 {
		d.elems = make([]asn1dump.Element, slabSize)
	}
	e := &d.elems[0]
	d.elems = d.elems[1:]
	return e
}

// node makes the node of the element h read as type t.
func (d *decoder) node(h *der.Header, contents []byte, t, u *model.Type, lbl label) *Node {
	n := d.newNode()
	*n = Node{Offset: h.Offset, HeaderLen: h.HeaderLen, Length: len(contents), Indefinite: h.Length < 0,
		Tag: h.Tag.String(), Constructed: h.Constructed, Field: lbl.field, Object: lbl.object, inner: lbl.inner}
	if lbl.index >= 0 {
		if len(d.ints) == 0 {
			d.ints = make([]int, slabSize)
		}
		d.ints[0] = lbl.index
		n.Index, d.ints = &d.ints[0], d.ints[1:]
	}
	n.Type, n.Module = typeName(t), typeModule(t)
	if lbl.typ != "" {
		n.Type, n.Module = lbl.typ, lbl.module
	}
	n.Kind = kindName(u)
	n.wireTag = h.Tag.Class() != der.ClassUniversal
	n.NonDER = headerNonDER(h)
	d.newJER(n, u)
	return n
}

// headerNonDER says why the header of h is BER but not DER ("" if DER: the
// reader enforced it, or it is DER).
func headerNonDER(h *der.Header) string {
	switch {
	case h.Length < 0:
		return "indefinite length (X.690 10.1)"
	case h.HeaderLen != der.HeaderLen(h.Tag, h.Length):
		return "length not in the minimal form (X.690 10.1)"
	}
	return ""
}

// fail records err at n (marked in the dump) and as an issue.
func (d *decoder) fail(n *Node, err error) {
	d.issue(err)
	var e *der.Error
	if errors.As(err, &e) {
		n.Error = errorText(e)
	} else {
		n.Error = err.Error()
	}
}

// showHex shows the contents of n as octets, for an element whose form
// the type does not allow.
func (d *decoder) showHex(n *Node, contents []byte) {
	if !n.Constructed {
		tn := tree.Node{Tag: der.TagOctetString, Offset: n.Offset, HeaderLen: n.HeaderLen, Length: len(contents), Content: contents}
		el := asn1dump.Annotate([]tree.Node{tn}, &asn1dump.Options{NoEncapsulated: true})[0]
		el.Tag = n.Tag
		n.elem, n.Hex = &el, el.Hex
		return
	}
	n.Children = d.restBytes(n.Offset+n.HeaderLen, contents, true)
}

// explicit reads the EXPLICIT tag tags[0] around a value of t.
func (d *decoder) explicit(r *der.Reader, t *model.Type, tags []model.Tag, lbl label) (*Node, error) {
	typ := typeName(t)
	if lbl.typ != "" {
		typ = lbl.typ
	}
	h, contents, cut, err := d.element(r, wireTag(tags[0]), typ)
	if err != nil {
		return nil, err
	}
	u := t.Underlying()
	if u == nil {
		u = t
	}
	n := d.node(&h, contents, t, u, lbl)
	n.Explicit, n.wireTag, n.Kind = true, true, ""
	d.setForm(n, jertext.Open) // the value inside
	if cut {
		n.Truncated = true
		if h.Length >= 0 {
			n.Length = h.Length
		}
	}
	if !h.Constructed {
		// X.690 8.14.2: an explicit tag is constructed
		d.fail(n, der.NewError(der.KindMalformed, h.Offset, tags[0].String(), "primitive encoding of an EXPLICIT tag", "X.690 8.14.2"))
		d.showHex(n, contents)
		return n, nil
	}
	sub := r.Open(contents, h.Offset+h.HeaderLen)
	in := label{index: -1, inner: true, object: lbl.object}
	lbl.object = ""
	n.Object = ""
	if n.Truncated && sub.Empty() {
		return n, nil // the data end before the value
	}
	child, err := d.value(&sub, t, tags[1:], in)
	if err != nil {
		n.Children = d.failRest(&sub, n, err, "", "")
		return n, nil
	}
	n.Children = []*Node{child}
	if !sub.Empty() {
		d.issue(der.NewError(der.KindTrailingData, sub.Offset(), tags[0].String(), "more than one element inside an EXPLICIT tag", "X.690 8.14.2"))
		n.Children = append(n.Children, d.rest(&sub, "after the value, inside the EXPLICIT tag")...)
	}
	return n, nil
}

// choice reads an untagged CHOICE: the alternative whose tag the next
// element has.
func (d *decoder) choice(r *der.Reader, t, u *model.Type, lbl label) (*Node, error) {
	typ := typeName(t)
	if lbl.typ != "" {
		typ = lbl.typ
	}
	tag, ok := r.PeekTag()
	if !ok {
		if r.Empty() {
			return nil, r.NoAlternative(typ)
		}
		var h der.Header
		_, err := r.ReadElement(&h)
		return nil, err
	}
	var open *model.Component
	for _, c := range u.Components {
		tags, any := firstTags(c.Type, 0)
		if any {
			// An untagged open type among the alternatives (accepted
			// with -lenient): it takes what the others do not.
			if open == nil {
				open = c
			}
			continue
		}
		if hasTag(tags, tag) {
			return d.alternative(r, c, lbl)
		}
	}
	if open != nil {
		return d.alternative(r, open, lbl)
	}
	if u.Extensible {
		// X.680 29: an alternative added in a later version.
		n, err := d.rawElement(r, "an alternative of "+typ+" this schema does not know (extensible CHOICE)")
		if n != nil {
			n.Field = lbl.field
		}
		return n, err
	}
	return nil, r.NoAlternative(typ)
}

func (d *decoder) alternative(r *der.Reader, c *model.Component, lbl label) (*Node, error) {
	d.push(c.Name)
	defer d.pop()
	alt := label{field: joinField(lbl.field, c.Name), index: lbl.index, object: lbl.object, inner: false}
	n, err := d.value(r, c.Type, c.Type.Tags, alt)
	if x := d.jer[n]; err == nil && x != nil {
		x.alts = append([]string{c.Name}, x.alts...)
	}
	return n, err
}

func joinField(a, b string) string {
	if a == "" {
		return b
	}
	return a + "." + b
}

// open reads an untagged open type: through its table when it has one and
// the key is known, otherwise as the plain dump shows it.
func (d *decoder) open(r *der.Reader, t, u *model.Type, lbl label) (*Node, error) {
	tbl := t.OpenType
	if tbl == nil {
		tbl = u.OpenType
	}
	if r.Empty() {
		return nil, r.NoAlternative(typeName(t))
	}
	if tbl == nil {
		return d.rawValue(r, t, lbl, "open type "+typeName(t)+" without a table")
	}
	key, owner := d.key(tbl)
	if key == nil && owner != nil {
		// The key comes later in its SEQUENCE (or SET): keep the element
		// and read it when the key is known.
		start := r.Offset()
		raw, err := r.ReadRaw()
		if err != nil {
			return nil, err
		}
		n := &Node{}
		d.newJER(n, u)
		restore := d.context()
		owner.deferred = append(owner.deferred, func() {
			defer restore()()
			sub := r.Open(raw, start)
			x, err := d.resolved(&sub, t, tbl, lbl)
			if err != nil {
				d.issue(err)
				x = &Node{Offset: start, Tag: "?", Raw: true, Field: lbl.field, Error: errText(err)}
			}
			*n = *x
			if j := d.jer[x]; j != nil {
				// n is the node, with the alternatives of the CHOICE
				// alternative it is
				j.alts = append(d.jer[n].alts, j.alts...)
				d.jer[n] = j
			}
		})
		return n, nil
	}
	return d.resolved(r, t, tbl, lbl)
}

// resolved reads the value of an open type whose key is known now (or
// absent for good) through the table. As value, a non-nil error means that
// nothing was read.
func (d *decoder) resolved(r *der.Reader, t *model.Type, tbl *model.OpenTypeTable, lbl label) (*Node, error) {
	key, _ := d.key(tbl)
	if key == nil {
		return d.rawValue(r, t, lbl, "open type whose key "+keyName(tbl)+" is absent")
	}
	e := d.lookup(tbl, key)
	if e == nil {
		off := r.Offset()
		n, err := d.rawValue(r, t, lbl, d.unknownKey(key, tbl))
		if err == nil && !tbl.Extensible {
			d.fail(n, der.UnknownKey(off, typeName(t)))
		}
		return n, err
	}
	obj := objectName(e)
	if e.Type == nil {
		// The object has no such field (ct-Data has no &Type: CMS data
		// are octets; an algorithm without parameters): what is there is
		// shown as it is, or as a rule says (-contains).
		if n := d.hintedElement(r, lbl, obj); n != nil {
			return n, nil
		}
		return d.rawValue(r, t, lbl, strings.TrimPrefix(obj+" defines no "+tbl.Field, " "))
	}
	// The type the key selects, named on its line even inside EXPLICIT
	// tags (the wrapper's line names the open type).
	lbl.object, lbl.inner = obj, false
	n, err := d.value(r, e.Type, e.Type.Tags, lbl)
	if err != nil {
		x, rerr := d.rawValue(r, t, lbl, "not a value of "+typeName(e.Type)+", the type of "+obj)
		if rerr != nil {
			return nil, err // not even an element
		}
		d.fail(x, err)
		return x, nil
	}
	return n, nil
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	var e *der.Error
	if errors.As(err, &e) {
		return errorText(e)
	}
	return err.Error()
}

// key returns the value of the key of tbl read so far, or nil and the
// frame that will read it (nil when no enclosing SEQUENCE or SET has the
// key component).
func (d *decoder) key(tbl *model.OpenTypeTable) (*model.Value, *frame) {
	if tbl.Key == nil {
		return nil, nil
	}
	for i := len(d.frames) - 1; i >= 0; i-- {
		if v := d.frames[i].key(tbl.Key); v != nil {
			return v, nil
		}
	}
	for i := len(d.frames) - 1; i >= 0; i-- {
		f := d.frames[i]
		for _, c := range f.typ.Components {
			if c == tbl.Key {
				return nil, f
			}
		}
	}
	return nil, nil
}

func (d *decoder) pushFrame(u *model.Type) *frame {
	f := &frame{typ: u}
	d.frames = append(d.frames, f)
	return f
}

// popFrame reads the deferred open types of the innermost frame, now that
// its keys are read, and passes its keys to the enclosing frame.
func (d *decoder) popFrame() {
	f := d.frames[len(d.frames)-1]
	// deferred functions may defer nothing further to f: their keys
	// were all read
	for i := 0; i < len(f.deferred); i++ {
		f.deferred[i]()
	}
	d.frames = d.frames[:len(d.frames)-1]
	if len(d.frames) > 0 {
		parent := d.frames[len(d.frames)-1]
		for _, k := range f.keys {
			if parent.key(k.c) == nil {
				parent.keys = append(parent.keys, k)
			}
		}
	}
}

// sequence reads the components of a SEQUENCE from sub into n; typ names
// it in errors.
func (d *decoder) sequence(sub *der.Reader, n *Node, u *model.Type, typ string) {
	f := d.pushFrame(u)
	defer d.popFrame()
	comps := u.Components
	root2 := len(comps) - u.Root2
	for i, c := range comps {
		if n.Truncated && sub.Empty() {
			return // the data end here
		}
		if u.Root2 > 0 && i == root2 {
			// X.680 25: additions of a later version come before the
			// second root part.
			for !sub.Empty() && !d.present(sub, c, comps[i+1:]) {
				if !d.unknown(sub, n, "an extension addition this schema does not know") {
					return
				}
			}
		}
		optional := c.Optional || c.Default != nil || c.Extension
		if optional && (sub.Empty() || !d.present(sub, c, comps[i+1:])) {
			continue
		}
		d.push(c.Name)
		start := sub.Offset()
		child, err := d.value(sub, c.Type, c.Type.Tags, label{field: c.Name, index: -1})
		if err != nil {
			if sub.Empty() {
				err = sub.Missing(typ, firstTag(c.Type))
			}
			d.pop()
			n.Children = append(n.Children, d.failRest(sub, n, err, c.Name, c.Name)...)
			return
		}
		if n.Children == nil {
			// room for every component: one allocation, not three
			n.Children = make([]*Node, 0, len(comps))
		}
		n.Children = append(n.Children, child)
		d.component(f, c, child, start, typ)
		d.pop()
	}
	if !sub.Empty() {
		if u.Extensible {
			for !sub.Empty() {
				if !d.unknown(sub, n, "an extension addition this schema does not know") {
					return
				}
			}
			return
		}
		n.Children = append(n.Children, d.failRest(sub, n, der.NewError(der.KindTrailingData, sub.Offset(), typ, "element after the last component", "X.680 25"), "", "")...)
	}
}

// component notes what a component read as child says beyond itself: its
// value as a key of the frame, and in DER, a value equal to its DEFAULT.
func (d *decoder) component(f *frame, c *model.Component, child *Node, start int, typ string) {
	if child.key != nil {
		f.setKey(c, child.key)
	}
	if c.Default != nil && child.key != nil && equalValue(child.key, c.Default) {
		if x := d.jer[child]; x != nil {
			x.isDefault = true // JER leaves it out
		}
		if d.opts.BER {
			child.NonDER = joinReason(child.NonDER, "component equal to its DEFAULT value is encoded (X.690 11.5)")
		} else {
			d.fail(child, der.EncodedDefault(start, typ))
		}
	}
}

func joinReason(a, b string) string {
	switch {
	case a == "":
		return b
	case b == "" || strings.Contains(a, b):
		return a
	}
	return a + "; " + b
}

// failRest records err, which ends the reading of the elements of n at
// sub's position, and returns what is left of them, raw. The error marks
// the element it is about (named field, the component expected there),
// or a line of its own where no element can be read, or n when nothing is
// left (a missing component). elem is the element of the field path that
// the error is at ("" for n itself); the errors of the raw rest are n's.
func (d *decoder) failRest(sub *der.Reader, n *Node, err error, field, elem string) []*Node {
	var ended *endedError
	if errors.As(err, &ended) {
		return nil // the data end in a header: nothing more to show
	}
	off := sub.Offset()
	var e *der.Error
	if errors.As(err, &e) && e.Offset >= 0 {
		off = e.Offset
	}
	empty := sub.Empty()
	if elem != "" {
		d.push(elem)
		d.issue(err)
		d.pop()
	} else {
		d.issue(err)
	}
	rest := d.rest(sub, "")
	for _, x := range rest {
		if x.Offset == off {
			x.Error = errText(err)
			if x.Field == "" {
				x.Field = field
			}
			return rest
		}
	}
	if empty {
		n.Error = errText(err)
		return rest
	}
	// an element whose header does not read: a line for where it starts
	x := &Node{Offset: off, Tag: "?", Raw: true, Field: field, Error: errText(err)}
	return append(rest, x)
}

// unknown shows the next element of sub raw in n with note; false when it
// cannot be read (recorded).
func (d *decoder) unknown(sub *der.Reader, n *Node, note string) bool {
	x, err := d.rawElement(sub, note)
	if err != nil {
		d.fail(n, err)
		return false
	}
	n.Children = append(n.Children, x)
	return true
}

// present reports whether the optional component c is present at sub's
// position, given the components that follow it (as generated code decides).
func (d *decoder) present(sub *der.Reader, c *model.Component, rest []*model.Component) bool {
	tag, ok := sub.PeekTag()
	if !ok {
		return !sub.Empty() // an unreadable header: let the read report it
	}
	tags, any := firstTags(c.Type, 0)
	if u := c.Type.Underlying(); !any && u != nil && len(c.Type.Tags) == 0 && u.Kind == model.TypeChoice && u.Extensible {
		// An untagged extensible CHOICE: an alternative this version does
		// not know may have any tag.
		any = true
	}
	if !any {
		return hasTag(tags, tag)
	}
	// An untagged open type or extensible CHOICE: present unless the next
	// element belongs to a component that follows.
	for _, n := range rest {
		ft, fany := firstTags(n.Type, 0)
		if hasTag(ft, tag) {
			return false
		}
		if !(n.Optional || n.Default != nil || n.Extension) || fany {
			break
		}
	}
	return true
}

// set reads the components of a SET, in any order (X.680 27), from sub.
func (d *decoder) set(sub *der.Reader, n *Node, u *model.Type, typ string) {
	f := d.pushFrame(u)
	defer d.popFrame()
	seen := map[*model.Component]bool{}
	ranks := setRanks(u)
	prev := -1
	for !sub.Empty() {
		tag, ok := sub.PeekTag()
		var c *model.Component
		for _, x := range u.Components {
			if tags, _ := firstTags(x.Type, 0); ok && hasTag(tags, tag) {
				c = x
				break
			}
		}
		if c == nil {
			if u.Extensible && ok {
				if !d.unknown(sub, n, "an extension addition this schema does not know") {
					return
				}
				continue
			}
			n.Children = append(n.Children, d.failRest(sub, n, sub.Unexpected(typ), "", "")...)
			return
		}
		start := sub.Offset()
		if seen[c] {
			n.Children = append(n.Children, d.failRest(sub, n, der.Duplicate(start, typ), c.Name, c.Name)...)
			return
		}
		seen[c] = true
		d.push(c.Name)
		child, err := d.value(sub, c.Type, c.Type.Tags, label{field: c.Name, index: -1})
		if err == nil && sub.Offset() == start {
			err = stuck(start, typ)
		}
		if err != nil {
			d.pop()
			n.Children = append(n.Children, d.failRest(sub, n, err, c.Name, c.Name)...)
			return
		}
		if prev >= ranks[c] {
			// X.690 10.3: DER orders the components by tag
			if d.opts.BER {
				child.NonDER = joinReason(child.NonDER, "SET components not in ascending tag order (X.690 10.3)")
			} else {
				d.fail(child, der.SetOrder(start, typ))
			}
		}
		prev = ranks[c]
		n.Children = append(n.Children, child)
		d.component(f, c, child, start, typ)
		d.pop()
	}
	if n.Truncated {
		return // the data end before the components not seen
	}
	for _, c := range u.Components {
		if !seen[c] && !c.Optional && c.Default == nil && !c.Extension {
			d.push(c.Name)
			d.fail(n, sub.Missing(typ, firstTag(c.Type)))
			d.pop()
			return
		}
	}
}

// setRanks numbers the components of a SET in the canonical order of their
// tags (X.690 10.3, X.680 8.6); an untagged CHOICE ranks by its smallest.
func setRanks(u *model.Type) map[*model.Component]int {
	keys := make([]uint64, len(u.Components))
	for i, c := range u.Components {
		keys[i] = math.MaxUint64
		tags, _ := firstTags(c.Type, 0)
		for _, t := range tags {
			keys[i] = min(keys[i], uint64(t.Class())<<40|uint64(t.Number()))
		}
	}
	out := map[*model.Component]int{}
	for i, c := range u.Components {
		rank := 0
		for j := range u.Components {
			if keys[j] < keys[i] || keys[j] == keys[i] && j < i {
				rank++
			}
		}
		out[c] = rank
	}
	return out
}

// list reads the elements of a SEQUENCE OF or SET OF (t, whose built-in
// type is u) and checks their number against its SIZE constraints.
func (d *decoder) list(sub *der.Reader, n *Node, t, u *model.Type, typ string) {
	if u.Kind == model.TypeSetOf {
		d.setOfOrder(sub, n, typ)
	}
	if u.Elem == nil {
		n.Children = d.rest(sub, "")
		return
	}
	for i := 0; !sub.Empty(); i++ {
		d.push("[" + strconv.Itoa(i) + "]")
		before := sub.Offset()
		child, err := d.value(sub, u.Elem, u.Elem.Tags, label{field: u.ElemName, index: i})
		if err == nil && sub.Offset() == before {
			err = stuck(before, typ)
		}
		if err != nil {
			d.pop()
			n.Children = append(n.Children, d.failRest(sub, n, err, u.ElemName, "["+strconv.Itoa(i)+"]")...)
			return
		}
		d.pop()
		n.Children = append(n.Children, child)
	}
	// X.680 51.5: SIZE counts the elements (of a whole list)
	for i := 0; t != nil && !n.Truncated && i < 100; i++ {
		if c := t.Constraints; c != nil && !c.Extensible && c.Size != nil {
			if err := der.CheckSize(n.Offset, typ, len(n.Children), c.Size.Min, c.Size.Max); err != nil {
				d.fail(n, err)
				return
			}
		}
		if t.Ref == nil {
			break
		}
		t = t.Ref.Type
	}
}

// rawValue reads the next element as the plain dump shows it, labelled as
// a value of t.
func (d *decoder) rawValue(r *der.Reader, t *model.Type, lbl label, note string) (*Node, error) {
	n, err := d.rawElement(r, note)
	if n != nil {
		n.Field, n.Type, n.Module = lbl.field, typeName(t), typeModule(t)
		if lbl.index >= 0 {
			i := lbl.index
			n.Index = &i
		}
	}
	return n, err
}

// rawElement reads the next element of r and shows it as the plain dump
// does, with note. An element whose inside does not parse is shown by its
// header and octets, and the error recorded.
func (d *decoder) rawElement(r *der.Reader, note string) (*Node, error) {
	start := r.Offset()
	probe := *r
	raw, err := r.ReadRaw()
	if err != nil {
		if errors.Is(err, der.ErrTruncated) && d.atDataEnd(&probe) {
			return d.cutRaw(r, note, err)
		}
		return nil, err
	}
	nodes := d.rawNodes(raw, start)
	if len(nodes) != 1 {
		// unreachable: ReadRaw read one element, which parses on its own
		// unless its contents are broken (rawNodes shows those)
		return &Node{Offset: start, Tag: "?", Raw: true, Note: note}, nil
	}
	nodes[0].Note = note
	return nodes[0], nil
}

// cutRaw shows the element of r that the end of the data cuts short raw,
// with what the data have of it (for rawElement: err says why it could not
// read it), and moves r to the end.
func (d *decoder) cutRaw(r *der.Reader, note string, err error) (*Node, error) {
	pos, end, depth := r.Window()
	nodes, _ := tree.ParsePrefix(d.data[pos:end], &der.Options{BER: d.opts.BER})
	shift(nodes, pos)
	if len(nodes) == 0 {
		if _, herr := der.ParseHeader(d.data[pos:end], pos, d.opts.BER); !errors.Is(herr, der.ErrTruncated) {
			return nil, err
		}
		d.cutAt("inside the identifier and length octets of the element at offset " + strconv.Itoa(pos) + " (X.690 8.1.2, 8.1.3)")
		return nil, &endedError{err}
	}
	msg, path, ok := asn1dump.DataEnd(d.data, nodes, d.opts.BER)
	if !ok || !strings.HasPrefix(msg, "the data ends") {
		return nil, err
	}
	msg = "the data ends " + strings.TrimPrefix(msg, "the data ends at offset "+strconv.Itoa(end)+", ")
	if path != "" {
		msg += " (in " + path + ")"
	}
	d.cut = &Issue{Offset: end, Path: joinPath(d.path), Kind: der.KindTruncated.String(), Message: msg}
	*r = r.At(end, end, depth)
	aopts := &asn1dump.Options{BER: d.opts.BER, Full: d.opts.Full, NoEncapsulated: d.opts.NoEncapsulated, OIDName: d.opts.OIDName}
	elems := asn1dump.Annotate(nodes[:1], aopts)
	n := d.fromElement(&elems[0])
	n.Note = note
	return n, nil
}

// rest shows the elements left in r raw, the first one with note.
func (d *decoder) rest(r *der.Reader, note string) []*Node {
	var out []*Node
	for !r.Empty() {
		n, err := d.rawElement(r, note)
		if err != nil {
			d.issue(err)
			break
		}
		note = ""
		out = append(out, n)
	}
	return out
}

// restBytes shows the elements encoded in b, at offset off, raw.
func (d *decoder) restBytes(off int, b []byte, constructed bool) []*Node {
	if !constructed {
		return nil
	}
	var out []*Node
	r := der.NewReader(b, &der.Options{BER: d.opts.BER})
	for !r.Empty() {
		start := r.Offset()
		raw, err := r.ReadRaw()
		if err != nil {
			var e *der.Error
			if errors.As(err, &e) && e.Offset >= 0 {
				e.Offset += off
			}
			d.issue(err)
			break
		}
		out = append(out, d.rawNodes(raw, off+start)...)
	}
	return out
}

// rawNodes parses the encoding raw (one element, read already), at
// absolute offset off, without a schema. Contents that do not parse are
// shown as octets, with the error recorded.
func (d *decoder) rawNodes(raw []byte, off int) []*Node {
	aopts := &asn1dump.Options{BER: d.opts.BER, Full: d.opts.Full, NoEncapsulated: d.opts.NoEncapsulated, OIDName: d.opts.OIDName}
	nodes, err := tree.ParseAll(raw, &der.Options{BER: d.opts.BER})
	if err != nil {
		var e *der.Error
		if errors.As(err, &e) && e.Offset >= 0 {
			e.Offset += off
		}
		d.issue(err)
		// the header was read: show it with the octets of the contents
		h, herr := der.ParseHeader(raw, off, true)
		if herr != nil {
			return []*Node{{Offset: off, Tag: "?", Raw: true, Error: errText(err)}}
		}
		n := &Node{Offset: off, HeaderLen: h.HeaderLen, Length: len(raw) - h.HeaderLen, Indefinite: h.Length < 0,
			Tag: h.Tag.String(), Constructed: h.Constructed, Raw: true, Error: errText(err), wireTag: true}
		c := raw[h.HeaderLen:]
		tn := tree.Node{Tag: der.TagOctetString, Offset: off, HeaderLen: h.HeaderLen, Length: len(c), Content: c}
		el := asn1dump.Annotate([]tree.Node{tn}, &asn1dump.Options{NoEncapsulated: true})[0]
		n.elem, n.Hex = &el, el.Hex
		return []*Node{n}
	}
	shift(nodes, off)
	elems := asn1dump.Annotate(nodes, aopts)
	out := make([]*Node, len(elems))
	for i := range elems {
		out[i] = d.fromElement(&elems[i])
	}
	return out
}

// shift adds off to the offsets of a tree parsed on its own.
func shift(nodes []tree.Node, off int) {
	for i := range nodes {
		nodes[i].Offset += off
		shift(nodes[i].Children, off)
	}
}

// fromElement converts an element of the plain dump into a raw node,
// recording its invalid values (and, in DER, its non-DER values) as issues.
func (d *decoder) fromElement(e *asn1dump.Element) *Node {
	n := &Node{Offset: e.Offset, HeaderLen: e.HeaderLen, Length: e.Length, Indefinite: e.Indefinite, Tag: e.Tag,
		Constructed: e.Constructed, Hex: e.Hex, Value: e.Value, Name: e.Name, UnusedBits: e.UnusedBits,
		NonDER: e.NonDER, Invalid: e.Invalid, Truncated: e.Truncated, Raw: true, elem: e, wireTag: true}
	if s := d.s.OIDName(e.Value); s != "" && e.Tag == "OBJECT IDENTIFIER" {
		// the schema's name first
		n.Name, e.Name = s, s
	}
	d.elementIssues(e, n)
	for i := range e.Children {
		n.Children = append(n.Children, d.fromElement(&e.Children[i]))
	}
	if len(e.Encapsulates) > 0 {
		n.Encapsulates = true
		for i := range e.Encapsulates {
			n.Children = append(n.Children, d.fromElement(&e.Encapsulates[i]))
		}
	}
	return n
}

// elementIssues records the invalid value of a primitive read by the plain
// dump, and without BER its non-DER value. (Encapsulated elements are a
// guess: asn1dump keeps only those without issues.)
func (d *decoder) elementIssues(e *asn1dump.Element, n *Node) {
	if e.Invalid != "" {
		d.issue(der.NewError(der.KindInvalidValue, e.Offset, e.Tag, e.Invalid, ""))
	}
	if e.NonDER != "" && !d.opts.BER {
		d.issue(der.NewError(der.KindNonCanonical, e.Offset, e.Tag, e.NonDER, ""))
	}
}

// unknownKey is the note of an open type whose key is not in its table.
func (d *decoder) unknownKey(key *model.Value, tbl *model.OpenTypeTable) string {
	s := d.keyText(key)
	if name := d.oidName(key); name != "" {
		s = name
	}
	s += " is not in " + tableName(tbl)
	if tbl.Extensible {
		s += " (extensible)"
	}
	return s
}

// context saves where the decoder is (field path, type references, joined
// segments) for an open type read later, when its key is known: calling
// the result restores it and returns the function that undoes that.
func (d *decoder) context() func() func() {
	path := append([]string(nil), d.path...)
	nm := append([]named(nil), d.named...)
	space := append([]*segMap(nil), d.space...)
	return func() func() {
		savedPath, savedNamed, savedSpace := d.path, d.named, d.space
		d.path, d.named, d.space = path, nm, space
		return func() { d.path, d.named, d.space = savedPath, savedNamed, savedSpace }
	}
}

// setOfOrder checks that the elements of a SET OF are in the order of
// their encodings (X.690 11.6): an error in DER, a mark in BER.
func (d *decoder) setOfOrder(sub *der.Reader, n *Node, typ string) {
	probe := *sub
	var prev []byte
	for !probe.Empty() {
		start := probe.Offset()
		cur, err := probe.ReadRaw()
		if err != nil {
			return // the reads report it
		}
		if prev != nil && compareSetOf(prev, cur) > 0 {
			if d.opts.BER {
				n.NonDER = joinReason(n.NonDER, "SET OF elements not in ascending order (X.690 11.6)")
			} else {
				d.fail(n, der.NewError(der.KindNonCanonical, start, typ, "SET OF elements not in ascending order", "X.690 11.6"))
			}
			return
		}
		prev = cur
	}
}

// compareSetOf compares two encodings as X.690 11.6 orders them: as octet
// strings, the shorter padded at its end with zero octets.
func compareSetOf(a, b []byte) int {
	n := min(len(a), len(b))
	if c := bytes.Compare(a[:n], b[:n]); c != 0 {
		return c
	}
	return cmp.Compare(len(bytes.TrimRight(a[n:], "\x00")), len(bytes.TrimRight(b[n:], "\x00")))
}

// stuck is the error for a value read without an element consumed, which
// would make a loop over elements endless: never expected (every value is
// at least one element), and so reported rather than looped on.
func stuck(off int, typ string) error {
	return der.NewError(der.KindUnsupported, off, typ, "a value of no octets: the schema cannot be read here", "")
}

// oidName names the OBJECT IDENTIFIER v: the schema's name, or
// Options.OIDName's; "" for other values and OIDs neither knows.
func (d *decoder) oidName(v *model.Value) string {
	if v.Kind != model.ValueOID {
		return ""
	}
	if name := d.s.OIDName(v.OID.String()); name != "" {
		return name
	}
	if d.opts.OIDName != nil {
		if o, err := der.OIDFromArcs(v.OID...); err == nil {
			return d.opts.OIDName(o)
		}
	}
	return ""
}

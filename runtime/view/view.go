// Package view is the runtime of the lazy views that asn1gen generates
// with `asn1gen gen -view Module.Type,...`: selective, shallow decoding
// from the schema. Users call the generated code; this package holds what
// every view shares (Core) and is for generated code only.
//
// # The generated API
//
// For each type named by -view, and for every SEQUENCE, CHOICE, SEQUENCE
// OF and SET OF type those reach through their components, the package
// has a view type TView, and for the named types
//
//	func ParseTView(b []byte, opts *der.Options) (TView, error)
//
// A view is a small value over the caller's input: the input itself (so
// that offsets stay absolute), the span of the view's element, the span
// of each component's encoding, the options and the nesting depth, and the
// path it was reached by. Its methods, for a component x:
//
//	X() (XView, error)  // SEQUENCE, SET OF, ... component: the view of it
//	X() (T, error)      // any other: its Go value, decoded now
//	XRaw() []byte       // the component's encoding, nil when absent
//	HasX() bool         // OPTIONAL, DEFAULT: whether it is encoded
//	Raw() []byte        // the view's element
//	Decode() (T, error) // the whole element, as the eager decode gives it
//
// a CHOICE view has Choice() and one accessor per alternative (the zero
// value or view unless that alternative is chosen), and a list view Len()
// and Iter(), an iterator that allocates nothing:
//
//	it := exts.Iter()
//	for it.Next() {
//		ext := it.View() // or it.Value() for lists of other types
//	}
//	if err := it.Err(); err != nil { ... }
//
// (A range-over-func All would read better, but its closure escapes
// unless every call inlines: the iterator is a value on the caller's
// stack instead.) For example, the DNS names of a certificate's subject
// alternative names, with nothing else of it decoded:
//
//	cert, err := rfc5280.ParseCertificateView(b, nil)
//	tbs, err := cert.ToBeSigned()
//	exts, err := tbs.Extensions()
//	for it := exts.Iter(); it.Next(); {
//		ext := it.View()
//		names, ok, err := ext.ExtnValueGeneralNames() // ok: the key selects GeneralNames
//		for it := names.Iter(); ok && it.Next(); {
//			if n := it.View(); n.Choice() == rfc5280.GeneralName_DNSName {
//				dns, err := n.DNSName()
//			}
//		}
//	}
//
// An open type (a component whose type its key selects from a table) has
// its eager accessor, X() returning the union the eager decode fills, and
// for each type of its rows that has a view, XRow() (XRowView, bool,
// error): the view of the value when the key (read first) selects that
// row, ok false otherwise. With der.TolerateOpenTypeErrors a row view
// still reports what is wrong inside the value, where the eager decode
// keeps the value raw: its shallow parse returns ok false instead.
//
// Read eagerly, by the accessor of the component that holds them, are the
// values of the types that get no view: SETs (their components come in
// any order), types defined by a reference with constraints of their own,
// SEQUENCEs with a second root part after extension additions or with an
// open type whose key follows it, CHOICEs none of whose alternatives has
// a view, and the types of other generated packages (a CMS SignedData's
// certificates are rfc5280.Certificate values, not views: the manifest of
// a used package does not record its views).
//
// # Why views, not lazy fields
//
// Views keep the eager types untouched (a lazy wrapper per field chosen by
// a flag would change the Go type of every field it marks, and each
// wrapper would carry its own copy of the input and options), cost nothing
// to packages that do not ask for them, and make "what has been checked"
// a property of a value one can see: a view exists only once its element
// parsed shallowly. Accessors decode with the very statements the eager
// decode is generated from, so that a lazily read value is the eager
// value and a lazily met error the eager error.
//
// # What is validated, and when
//
// When a shallow parse returns without an error (ParseTView, or an
// accessor that returns a view), the element's header is DER (or BER when
// Options.BER), it has the expected tag and the constructed form, and for
// a SEQUENCE each component's header is DER, the components are there in
// schema order with the tags the eager decode expects (the same OPTIONAL,
// DEFAULT, CHOICE and extension decisions, generated from the same code),
// and nothing follows the last one but unknown extension additions of an
// extensible type (whose headers are read). Contents are not read: a view
// of a 7 KB certificate costs what a view of a 1 KB one costs, and the
// parse allocates nothing. A CHOICE view has found its alternative by
// the tag; a list view has read its own header only (each element is
// parsed as the iterator reaches it, and a SET OF's DER order is checked
// when iteration starts, as the eager decode checks it before reading
// the elements).
//
// Every accessor that decodes more validates what it reads with the eager
// code, and its errors are the eager decode's: the same Kind, the same
// absolute offset and the same field path from the root
// ("Certificate.toBeSigned.extensions[2].extnValue"), since a view carries
// the path it was reached by. Decode of a view returns exactly the value
// and error the eager decode of its element gives. So a strict DER
// guarantee for the whole input is Decode of the root view (or reading
// every part); reading only some parts checks only those.
//
// # Options and limits
//
// A view keeps the *der.Options it was parsed with, and every accessor
// reads with them: BER, tolerances, SkipConstraints and the limits. Depth
// continues from the view's depth, so nesting is bounded as in an eager
// decode (Options.MaxDepth). The element and allocation budgets are per
// accessor call, each a decode of its own part of the input; a shallow
// parse (a Cursor) charges no element budget, since it reads the headers
// of one element's components only. With TolerateUnreadAdditions, the
// shallow parse does not read the unknown additions either, as the eager
// decode does not.
//
// # Cost
//
// A shallow parse is a Cursor over the input (no state behind a pointer:
// a der.Reader's state is over 400 bytes to clear), and a view is the
// input, five offsets, the tag, the depth, the options pointer and its
// path as up to 10 small numbers (indexes into the package's table of
// names, or list indexes; deeper paths spill to the heap): a child view
// copies about 150 bytes. A shallow parse reads each header once: a
// header of the common forms (a tag number below 31, a length in up to
// three octets) in one call with its tag check (Cursor.Step), the
// components of a SEQUENCE that are all mandatory in one call for all
// (Cursor.Spans), and the other forms, or what is wrong, through the
// general path, which reports the errors of der.Reader. Accessors that
// decode take a der.Reader whose state comes from a pool (a value
// aliasing the input would take a state on the stack to the heap with
// it), so that they too allocate nothing but what the value needs.
//
// Views alias the input: it must not change while views or the values
// their accessors return are in use.
package view

import (
	"github.com/asn1gen/asn1gen/runtime/der"
)

// Version1 is the contract between this package and the views asn1gen
// generates (see der.Version1).
const Version1 = 1

// trailCap is how many steps of the path a view holds without
// allocating. X.509 paths are at most 6 steps deep to the last view
// (Certificate.toBeSigned.subject.rdnSequence[i][j]), CMS ones a few
// more; deeper paths spill to the heap.
const trailCap = 10

// Trail is the path from the root a view was reached by: field names and
// list indexes, outermost first. The first step is the root type's name,
// as in the errors of an eager decode. A step is a number: an index into
// the generated package's table of names, or a list index with the top
// bit set, so that a view copies a few words, not strings.
type Trail struct {
	names *[]string
	n     int32
	steps [trailCap]uint32
	// spill holds the steps beyond trailCap: only paths deeper than any
	// in the corpus allocate.
	spill *[]uint32
}

const indexStep = 1 << 31

// push adds a step to t, in place: a Trail is copied whole into each
// child view, and a push by value would copy it twice more.
func (t *Trail) push(step uint32) {
	if t.n < trailCap {
		t.steps[t.n] = step
		t.n++
		return
	}
	var spill []uint32
	if t.spill != nil {
		spill = *t.spill
	}
	// A new array: the parent's spill, which other children share, stays.
	spill = append(spill[:len(spill):len(spill)], step)
	t.spill = &spill
}

// String returns the path as an error's path reads.
func (t *Trail) String() string {
	e := der.WithField(der.NewError(der.KindMalformed, -1, "", "", ""), "x").(*der.Error)
	t.wrap(e)
	p := e.Path()
	return p[:len(p)-len(".x")]
}

// wrap adds the trail to the path of err, innermost step first.
func (t *Trail) wrap(err error) error {
	add := func(step uint32) {
		if step&indexStep != 0 {
			err = der.WithIndex(err, int(step&^indexStep))
		} else if t.names != nil && int(step) < len(*t.names) {
			err = der.WithField(err, (*t.names)[step])
		}
	}
	if t.spill != nil {
		for i := len(*t.spill) - 1; i >= 0; i-- {
			add((*t.spill)[i])
		}
	}
	for i := t.n - 1; i >= 0; i-- {
		add(t.steps[i])
	}
	return err
}

// Core is what every generated view holds: the input, the options, the
// span of the view's element and its contents, the tag the element was
// read with, the depth of its contents and the trail. Generated code
// embeds it as the field c and calls its methods; the zero Core is a view
// of nothing, whose accessors report missing components.
type Core struct {
	in         []byte
	opts       *der.Options
	start, end int // the element's encoding
	cs, ce     int // its contents
	depth      int32
	tag        der.Tag
	trail      Trail
}

// SetRoot makes c, a zero Core, the Core of the root view of b, to be
// filled by its shallow parse (Set). names is the generated package's
// table of the names of the paths of its views, typ the index of the root
// type's name in it. It sets the fields in place: the root view is the
// caller's result, and a Core returned by value would be copied into it.
func (c *Core) SetRoot(b []byte, opts *der.Options, names *[]string, typ uint32) {
	c.in, c.opts = b, opts
	c.trail.names, c.trail.steps[0], c.trail.n = names, typ, 1
}

// Child returns the Core of the view of a component, named by the index
// name in the table of names, to be filled by its shallow parse (Set).
func (c *Core) Child(name uint32) Core {
	x := Core{in: c.in, opts: c.opts, trail: c.trail}
	x.trail.push(name)
	return x
}

// Elem returns the Core of the view of element i of a list.
func (c *Core) Elem(i int) Core {
	x := Core{in: c.in, opts: c.opts, trail: c.trail}
	x.trail.push(uint32(i) | indexStep)
	return x
}

// Set records the span of the element a shallow parse has just entered
// with ReadConstructed: start is where it began in r, s the cursor over
// its contents, t the tag it was read with.
func (c *Core) Set(start int, r, s *Cursor, t der.Tag) {
	c.start, c.end, c.cs, c.ce, c.depth, c.tag = start, r.pos, s.pos, s.end, s.depth, t
}

// SetSpan records the span [start, end) of an element read by r without
// being entered (a CHOICE: its alternative's element, with its tags).
func (c *Core) SetSpan(start int, r *Cursor) {
	c.start, c.end, c.cs, c.ce, c.depth, c.tag = start, r.pos, start, r.pos, r.depth+1, der.NoTag
}

// Input returns the input and the options, for der.NewReader: generated
// code makes the reader of a shallow parse itself,
//
//	r := der.NewReader(vw.c.Input())
//	s := r.At(pos, end, vw.c.Depth())
//
// so that NewReader's state stays on the caller's stack (a method
// returning the reader would not inline, and the state would escape).
func (c *Core) Input() ([]byte, *der.Options) { return c.in, c.opts }

// Span returns the window of the view's element.
func (c *Core) Span() (start, end int) { return c.start, c.end }

// Pooled returns a reader over [pos, end) of the input at the depth of
// the view's contents, with the view's options and a state from a pool,
// for the accessors that decode values: a value aliasing the input would
// take a state on the stack to the heap with it. Call Release on the
// reader when done.
func (c *Core) Pooled(pos, end int) der.Reader {
	r := der.NewPooledReader(c.in, c.opts)
	return r.At(pos, end, int(c.depth))
}

// PooledElement is Pooled over the view's element, at the depth it was
// read at: for Decode.
func (c *Core) PooledElement() der.Reader {
	r := der.NewPooledReader(c.in, c.opts)
	return r.At(c.start, c.end, int(c.depth)-1)
}

// Depth returns the depth of the element's contents.
func (c *Core) Depth() int { return int(c.depth) }

// SkipConstraints reports whether the view's options skip SIZE, range and
// alphabet checks.
func (c *Core) SkipConstraints() bool { return c.opts != nil && c.opts.SkipConstraints }

// Tag returns the tag the element was read with (der.NoTag for a CHOICE).
func (c *Core) Tag() der.Tag { return c.tag }

// Contents returns the window of the element's contents.
func (c *Core) Contents() (cs, ce int) { return c.cs, c.ce }

// Raw returns the element's encoding, aliasing the input; nil for the
// zero view.
func (c *Core) Raw() []byte { return c.Slice(c.start, c.end) }

// Slice returns the input from a to b, nil when empty.
func (c *Core) Slice(a, b int) []byte {
	if a >= b || b > len(c.in) {
		return nil
	}
	return c.in[a:b:b]
}

// Fail adds the view's path to err (nil stays nil), and the Hint of
// der.Hint (PEM input): an accessor's error then reads as the eager
// decode's, but for the hints der.Unmarshal gives after decoding the
// input again with other options (BER, the tolerances of crypto/x509),
// which need the type of the root: views do not give those.
func (c *Core) Fail(err error) error {
	if err == nil {
		return nil
	}
	return der.Hint(c.trail.wrap(err), c.in, c.opts != nil && c.opts.BER)
}

// Path returns the path the view was reached by
// ("Certificate.toBeSigned.extensions[2]").
func (c *Core) Path() string { return c.trail.String() }

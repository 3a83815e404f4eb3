package view

import (
	"errors"
	"strconv"

	"github.com/asn1gen/asn1gen/runtime/der"
)

// Cursor reads the headers of a series of elements, for the shallow
// parses of generated views. It has the methods of der.Reader that a
// shallow parse calls (so that the generator emits the same presence and
// alternative tests for both), with the same DER checks and errors, but no
// state behind a pointer: making one costs a few stores, where a
// der.Reader's state (options and budgets) is over 400 bytes to clear. It
// does not charge Options.MaxElements: a shallow parse reads the headers
// of one element's components, a number bounded by the schema (or by the
// input for the unknown additions of an extensible type). Options.MaxDepth
// applies.
type Cursor struct {
	in       []byte
	pos, end int
	depth    int32
	seq      bool // the contents of a constructed element, as for der.Reader.Finish
	opts     *der.Options
}

// Init makes s a Cursor over b at depth 0, in place: a ParseTView's
// Cursor is its own variable, which a Cursor returned by value would be
// built beside and copied to.
func (s *Cursor) Init(b []byte, opts *der.Options) {
	*s = Cursor{}
	s.in, s.end, s.opts = b, len(b), opts
}

// Cursor returns a Cursor over [pos, end) of the input at the depth of
// the view's contents.
func (c *Core) Cursor(pos, end int) Cursor {
	return Cursor{in: c.in, pos: pos, end: end, depth: c.depth, opts: c.opts}
}

// ElementCursor returns a Cursor over the view's element at the depth it
// was read at: for a CHOICE's alternative.
func (c *Core) ElementCursor() Cursor {
	return Cursor{in: c.in, pos: c.start, end: c.end, depth: c.depth - 1, opts: c.opts}
}

// Offset returns the absolute offset of the next unread octet.
func (s *Cursor) Offset() int { return s.pos }

// Empty reports whether the window has no unread octets.
func (s *Cursor) Empty() bool { return s.pos >= s.end }

// BER reports whether BER was requested.
func (s *Cursor) BER() bool { return s.opts != nil && s.opts.BER }

// Tolerates reports whether the options accept the DER defects t.
func (s *Cursor) Tolerates(t der.Tolerance) bool { return s.opts != nil && s.opts.Tolerate&t == t }

// Window returns the window and the depth, as der.Reader.Window does.
func (s *Cursor) Window() (pos, end, depth int) { return s.pos, s.end, int(s.depth) }

// Cut ends the window at the absolute offset at (inside the window): the
// shallow parse leaves what follows unread, as der.Reader.SetAside does in
// the eager decode (der.TolerateX509Unread).
func (s *Cursor) Cut(at int) {
	if at >= s.pos && at < s.end {
		s.end = at
	}
}

func (s *Cursor) maxDepth() int {
	if s.opts == nil || s.opts.MaxDepth <= 0 {
		return der.DefaultMaxDepth
	}
	return s.opts.MaxDepth
}

// PeekTag returns the tag of the next element without consuming it; false
// if the window is empty or the identifier octets are unreadable.
func (s *Cursor) PeekTag() (der.Tag, bool) {
	if s.pos >= s.end {
		return 0, false
	}
	b := s.in[s.pos:s.end]
	c := b[0]
	if c&0x1f != 0x1f {
		return der.Tag(c>>6)<<32 | der.Tag(c&0x1f), true
	}
	// X.690 8.1.2.4: the high-tag-number form.
	var n uint32
	for i := 1; i < len(b); i++ {
		if (i == 1 && b[i] == 0x80) || n > 0xffffffff>>7 {
			return 0, false
		}
		if n = n<<7 | uint32(b[i]&0x7f); b[i] < 0x80 {
			return der.Tag(c>>6)<<32 | der.Tag(n), n >= 31
		}
	}
	return 0, false
}

// Peek reports whether the next element has tag t.
func (s *Cursor) Peek(t der.Tag) bool {
	got, ok := s.PeekTag()
	return ok && got == t
}

// PeekLow reports whether the next element has tag t, whose number is
// below 31, as der.Reader.PeekLow: inlined, with no call; false for a tag
// number from 31 whatever follows.
func (s *Cursor) PeekLow(t der.Tag) bool {
	return s.pos < s.end && der.LowTag(s.in[s.pos]) == t
}

// PeekLowTag returns the tag of the next element if its number is below
// 31, and 0 otherwise or if s is empty, as der.Reader.PeekLowTag.
func (s *Cursor) PeekLowTag() der.Tag {
	if s.pos < s.end {
		return der.LowTag(s.in[s.pos])
	}
	return 0
}

// length returns the length of the contents of the element at the start
// of b and the length of its header, for the common forms of the length:
// one, two or three octets in DER (X.690 8.1.3.4, 8.1.3.5, 10.1), as
// der.Reader.ReadAny reads them (the headers of a certificate and of its
// TBSCertificate have long-form lengths); hl is 0 for the other forms.
// len(b) is at least 2. It inlines into fast and Spans.
func length(b []byte) (l, hl int) {
	l = int(b[1])
	if l < 0x80 {
		return l, 2
	}
	if l == 0x81 && len(b) > 2 && b[2] >= 0x80 {
		return int(b[2]), 3
	}
	if l == 0x82 && len(b) > 3 && b[2] != 0 {
		return int(b[2])<<8 | int(b[3]), 4
	}
	return 0, 0
}

// fast reads the header of the next element in the common forms: a tag
// number below 31 and a length of the forms of length. It returns the
// identifier octet and the window of the contents when the element has
// tag t (any tag for der.NoTag); ok is false for another tag, for the
// other forms and for a header or contents cut short, which slowHeader
// reads (or reports). Step, Skip, ReadConstructed and header call it.
func (s *Cursor) fast(t der.Tag) (id byte, cs, ce int, ok bool) {
	p := s.pos
	b := s.in[p:s.end]
	if len(b) < 2 {
		return 0, 0, 0, false
	}
	id = b[0]
	l, hl := length(b)
	if hl == 0 || id&0x1f == 0x1f || id&0xdf == 0 || l > len(b)-hl || (t != der.NoTag && idTag(id) != t) {
		return 0, 0, 0, false
	}
	return id, p + hl, p + hl + l, true
}

// Spans reads the headers of the components of a SEQUENCE whose
// components are all mandatory, with one tag each, in one call: ids holds
// the identifier octet of each component's tag without the constructed
// bit (X.690 8.1.2; tag numbers below 31), off receives where each
// starts and, last, where the last one ends. It returns true, the cursor
// past the last, when every header has its tag and the common forms (see
// fast), as Step for each would; otherwise it returns false, having moved
// nothing, and the generated parse reads the components one by one,
// which reads the other forms or reports the error. Octets after the last
// are Finish's to report.
func (s *Cursor) Spans(off []int, ids string) bool {
	p, end := s.pos, s.end
	if p < 0 || end > len(s.in) || len(off) != len(ids)+1 {
		return false
	}
	in := s.in[:end]
	for i := 0; i < len(ids); i++ {
		if p >= len(in)-1 || in[p]&0xdf != ids[i] {
			return false
		}
		l, hl := length(in[p:])
		if hl == 0 || l > len(in)-p-hl {
			return false
		}
		off[i] = p
		p += hl + l
	}
	off[len(ids)] = p
	s.pos = p
	return true
}

// idTag returns the tag of an identifier octet of the low-tag-number form.
func idTag(id byte) der.Tag { return der.Tag(id>>6)<<32 | der.Tag(id&0x1f) }

// Step moves past the next element and returns true if it has tag t and
// a header of the common forms (see fast); otherwise it reads nothing and
// returns false, and Expect or Skip reads the element or reports why not.
// It inlines: a generated shallow parse reads a mandatory component with
//
//	if !s.Step(der.TagSequence) {
//		if err := s.Expect(der.TagSequence, "TBSCertificate"); err != nil {
//			return der.WithField(err, "toBeSigned")
//		}
//	}
func (s *Cursor) Step(t der.Tag) bool {
	_, _, ce, ok := s.fast(t)
	if ok {
		s.pos = ce
	}
	return ok
}

// header parses the next header: its tag, whether it is constructed, the
// start and end of its contents and the end of the element (after the
// end-of-contents octets of the indefinite form).
func (s *Cursor) header() (tag der.Tag, constructed bool, cs, ce, next int, err error) {
	if id, cs, ce, ok := s.fast(der.NoTag); ok {
		return idTag(id), id&0x20 != 0, cs, ce, ce, nil
	}
	return s.slowHeader()
}

// slowHeader is header for the other forms, through der.ParseHeader.
//
//go:noinline
func (s *Cursor) slowHeader() (tag der.Tag, constructed bool, cs, ce, next int, err error) {
	p := s.pos
	b := s.in[p:s.end]
	h, err := der.ParseHeader(b, p, s.BER())
	if err != nil {
		return 0, false, 0, 0, 0, err
	}
	cs = p + h.HeaderLen
	if h.Length >= 0 {
		if h.Length > len(b)-h.HeaderLen {
			// As der's parseHeader reports it.
			return 0, false, 0, 0, 0, der.NewError(der.KindTruncated, p, "", "input ends inside the contents ("+strconv.Itoa(h.Length)+" octets announced)", "X.690 8.1.3")
		}
		return h.Tag, h.Constructed, cs, cs + h.Length, cs + h.Length, nil
	}
	// The indefinite form (BER): the reader finds the end-of-contents.
	n, err := indefinite(s.in, p, s.end, int(s.depth), s.opts)
	if err != nil {
		return 0, false, 0, 0, 0, err
	}
	return h.Tag, h.Constructed, cs, p + n - 2, p + n, nil
}

// indefinite returns the length of the whole indefinite-length element at
// p, read by a der.Reader.
func indefinite(in []byte, p, end, depth int, opts *der.Options) (int, error) {
	r := der.NewPooledReader(in, opts)
	defer r.Release()
	w := r.At(p, end, depth)
	raw, err := w.ReadRaw()
	return len(raw), err
}

// Skip reads the next element's header and moves past the element.
func (s *Cursor) Skip() error {
	if _, _, ce, ok := s.fast(der.NoTag); ok {
		s.pos = ce
		return nil
	}
	_, _, _, _, next, err := s.slowHeader()
	if err != nil {
		return err
	}
	s.pos = next
	return nil
}

// Expect moves past the next element, which must have tag t: it is
//
//	if !s.Peek(t) {
//		return s.Missing(typ, t)
//	}
//	return s.Skip()
//
// for a mandatory component of a SEQUENCE, after Step (see there).
func (s *Cursor) Expect(t der.Tag, typ string) error {
	if !s.Peek(t) {
		return s.Missing(typ, t)
	}
	return s.Skip()
}

// ReadConstructed reads the header of a constructed element with tag t and
// returns a Cursor over its contents, one level deeper, as
// der.Reader.ReadConstructed does. typ names the ASN.1 type for errors.
func (s *Cursor) ReadConstructed(t der.Tag, typ string) (sub Cursor, err error) {
	err = s.Enter(&sub, t, typ)
	return sub, err
}

// Enter is ReadConstructed setting sub, the Cursor over the contents, in
// place, for the parse of a view (a Cursor returned by value is seven
// words the caller copies).
func (s *Cursor) Enter(sub *Cursor, t der.Tag, typ string) error {
	// The common forms (see fast), constructed, with tag t, read inline.
	p := s.pos
	if b := s.in[p:s.end]; len(b) >= 2 && b[0]&0x1f != 0x1f && b[0]&0x20 != 0 && idTag(b[0]) == t && int(s.depth) < s.maxDepth() {
		if l, hl := length(b); hl != 0 && l <= len(b)-hl {
			s.pos = p + hl + l
			// Field by field: a composite literal is built on the stack
			// and then copied with its write barriers.
			sub.in, sub.pos, sub.end, sub.depth, sub.seq, sub.opts = s.in, p+hl, p+hl+l, s.depth+1, true, s.opts
			return nil
		}
	}
	return s.enter(sub, t, typ)
}

// enter is Enter for the other forms, and for what is wrong.
func (s *Cursor) enter(sub *Cursor, t der.Tag, typ string) error {
	tag, constructed, cs, ce, next, err := s.header()
	switch {
	case err != nil:
		return withType(err, typ)
	case tag != t:
		return der.TagMismatch(s.pos, typ, t, tag)
	case !constructed:
		// X.690 8.1.2.5: bit 6 says primitive, the type needs constructed.
		return der.NewError(der.KindMalformed, s.pos, typ, "primitive encoding of a constructed type", "X.690 8.1.2.5")
	case int(s.depth) >= s.maxDepth():
		return der.NewError(der.KindLimit, s.pos, typ, "nesting deeper than "+strconv.Itoa(s.maxDepth()), "Options.MaxDepth")
	}
	s.pos = next
	*sub = Cursor{in: s.in, pos: cs, end: ce, depth: s.depth + 1, seq: true, opts: s.opts}
	return nil
}

func withType(err error, typ string) error {
	var e *der.Error
	if errors.As(err, &e) && e.Type == "" {
		e.Type = typ
	}
	return err
}

// Finish reports an error of KindTrailingData unless the window is empty,
// as der.Reader.Finish does (with der.TolerateTrailingOctets, not after
// the last component of a SEQUENCE, a SET or an EXPLICIT tag's element).
func (s *Cursor) Finish(typ string) error {
	if s.pos >= s.end {
		return nil
	}
	return s.trailing(typ)
}

// trailing is Finish for a window with octets left.
func (s *Cursor) trailing(typ string) error {
	if s.seq && s.Tolerates(der.TolerateTrailingOctets) {
		s.pos = s.end
		return nil
	}
	// X.690 8.1.1, 8.9.2: nothing follows the last component.
	return der.NewError(der.KindTrailingData, s.pos, typ, strconv.Itoa(s.end-s.pos)+" unexpected octets after the last element", "X.690 8.1.1")
}

// Missing returns the error for a mandatory component that is absent, as
// der.Reader.Missing does.
func (s *Cursor) Missing(typ string, want der.Tag) error {
	got, ok := s.PeekTag()
	if !ok {
		return der.NewError(der.KindTruncated, s.pos, typ, "missing component with tag "+want.String(), "X.680 25")
	}
	return der.TagMismatch(s.pos, typ, want, got)
}

// NoAlternative returns the error for a CHOICE none of whose alternatives
// has the next element's tag, as der.Reader.NoAlternative does.
func (s *Cursor) NoAlternative(typ string) error {
	t, ok := s.PeekTag()
	if !ok {
		return der.NewError(der.KindTruncated, s.pos, typ, "no element where a CHOICE value belongs", "X.680 29")
	}
	return der.NewError(der.KindTagMismatch, s.pos, typ, "no alternative has tag "+t.String(), "X.680 29")
}

// Count returns the number of elements left, reading their headers only;
// like der.Reader.Count, it counts the first unreadable element.
func (s *Cursor) Count() int {
	c, n := *s, 0
	for !c.Empty() {
		n++
		if c.Skip() != nil {
			break
		}
	}
	return n
}

// errConstructedString is the error of Contents for a constructed string
// in BER, whose segments a Cursor does not join (Unread reports it).
var errConstructedString = errors.New("view: a constructed string")

// Contents reads a primitive element with tag t (an OCTET STRING that
// CONTAINS an encoding) and returns a Cursor over its contents, one level
// deeper, as der.Reader.Open after ReadString does. A constructed string
// is an error in DER (X.690 10.2); in BER a Cursor does not join the
// segments and returns an error that Unread reports.
func (s *Cursor) Contents(t der.Tag, typ string) (Cursor, error) {
	tag, constructed, cs, ce, next, err := s.header()
	switch {
	case err != nil:
		return Cursor{}, withType(err, typ)
	case tag != t:
		return Cursor{}, der.TagMismatch(s.pos, typ, t, tag)
	case constructed && !s.BER():
		return Cursor{}, der.NewError(der.KindNonCanonical, s.pos, typ, "constructed string", "X.690 10.2")
	case constructed:
		return Cursor{}, errConstructedString
	}
	s.pos = next
	return Cursor{in: s.in, pos: cs, end: ce, depth: s.depth + 1, opts: s.opts}, nil
}

// Element reads the next element, the value of an open type, and returns
// a Cursor over it, one level deeper, as der.Reader.Open after ReadRaw
// does.
func (s *Cursor) Element() (Cursor, error) {
	p := s.pos
	if err := s.Skip(); err != nil {
		return Cursor{}, err
	}
	return Cursor{in: s.in, pos: p, end: s.pos, depth: s.depth + 1, opts: s.opts}, nil
}

// Unread reports whether err, met reading the value of an open type for a
// row view, is one the eager decode does not return: the value is in a
// BER constructed string (which the eager decode joins), or, once the
// value's encoding is open (opened: the container's header is read), the
// options tolerate open-type errors (der.TolerateOpenTypeErrors: the eager
// decode keeps the value raw) and err is not a limit error.
func (s *Cursor) Unread(err error, opened bool) bool {
	if errors.Is(err, errConstructedString) {
		return true
	}
	return opened && s.Tolerates(der.TolerateOpenTypeErrors) && !errors.Is(err, der.ErrLimit)
}

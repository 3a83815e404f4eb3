package der

import (
	"bytes"
	"cmp"
	"errors"
	"strconv"
	"unsafe"
)

// Reader reads a series of ASN.1 elements from a byte slice (X.690 8.1).
// It is zero-copy: the contents it returns alias the input. Strict DER
// unless Options.BER.
//
// A Reader is a small value: the whole input, the window [pos, end) of it
// that the reader reads (so that offsets are indexes and reading an element
// stores one integer), its depth, and a pointer to the state shared with
// every sub-reader made from it (options and budgets). Reading an element
// never allocates; only errors and reassembled BER strings do.
//
// The common header (a tag number below 31 and a length in up to three
// octets, see tlv) is read once, without a further call; other headers go
// through the general parser.
//
// A failed read leaves the Reader unchanged, so that a caller may try
// another alternative; after a failure inside a SEQUENCE the decode is
// normally abandoned anyway.
type Reader struct {
	in    []byte // the whole input
	pos   int    // absolute offset of the next unread octet
	end   int    // absolute offset of the end of the window
	s     *state
	depth int32 // constructed elements enclosing the window
	ber   bool  // copy of s.opts.BER, read on every element
	// seq: the window is the contents of a constructed element read by
	// ReadConstructed (a SEQUENCE, a SET, an EXPLICIT tag), not a whole
	// input or the value of an open type: Finish may tolerate octets
	// after its last component (TolerateTrailingOctets).
	seq bool
	// err is the first error of the methods of sticky.go.
	err error
}

// Header is the identifier and length of an element (X.690 8.1.2, 8.1.3).
type Header struct {
	Tag         Tag
	Constructed bool
	Offset      int // absolute offset of the identifier octets
	HeaderLen   int // number of identifier and length octets
	Length      int // number of contents octets; -1 for the indefinite form
}

// NewReader returns a Reader over b. A nil opts means strict DER with the
// default limits.
func NewReader(b []byte, opts *Options) Reader {
	// Small enough to inline, so that the state can stay on the caller's
	// stack: a decode allocates nothing for the reader.
	s := &state{}
	return Reader{in: b, end: len(b), s: s, ber: s.init(opts, len(b))}
}

// Offset returns the absolute offset of the next unread octet.
func (r *Reader) Offset() int { return r.pos }

// Window returns the window of r: the absolute offsets of its next unread
// octet and of its end, and its depth (the constructed elements enclosing
// it). With At, what a lazy view (package view) keeps of a reader.
func (r *Reader) Window() (pos, end, depth int) { return r.pos, r.end, int(r.depth) }

// At returns a reader over the window [p, e) of r's input at nesting depth
// d, sharing r's options and budgets: a reader made again from what Window
// returned, to read a part of the input later. p and e must come from
// Window or Offset of a reader over the same input.
func (r *Reader) At(p, e, d int) Reader {
	return Reader{in: r.in, pos: p, end: e, s: r.s, depth: int32(d), ber: r.ber}
}

// Empty reports whether the window has no unread octets.
func (r *Reader) Empty() bool { return r.pos >= r.end }

// BER reports whether BER was requested.
func (r *Reader) BER() bool { return r.ber }

// Options returns the options in force, with defaults resolved. Do not
// modify them.
func (r *Reader) Options() *Options { return &r.s.opts }

// alloc charges n bytes to the decode's allocation budget
// (Options.MaxAlloc) before an allocation in proportion to the input, e.g.
// the elements of a SEQUENCE OF (MakeSlice).
func (r *Reader) alloc(n int) error {
	if r.s == nil {
		return nil
	}
	return r.s.charge(n, r.pos)
}

// rest returns the unread octets of the window.
func (r *Reader) rest() []byte { return r.in[r.pos:r.end:r.end] }

// tlv parses the header at the start of b, an element and what follows it
// in the window, if it has a common form, in DER: a length in one octet,
// or in two or three with the fewest length octets (X.690 8.1.3.4,
// 8.1.3.5, 10.1), with the contents inside b. It returns the numbers of
// header octets and of contents octets; ok is false for every other
// header, which the general parser (parseHeader) handles, and for an
// empty b. It does not look at the identifier octet b[0] beyond its being
// there: callers compare it with the one they want, or check it (a low tag
// number, not UNIVERSAL 0). It is where the common headers are read,
// small enough to inline into each reading method (keep it so: go build
// -gcflags=-m ./runtime/der says "can inline tlv").
func tlv(b []byte) (hl, l int, ok bool) {
	if len(b) < 2 {
		return
	}
	if l = int(b[1]); l < 0x80 {
		return 2, l, l <= len(b)-2
	}
	// 0x81 and 0x82: one or two length octets, whose contents (at least
	// 128 octets) leave room to read two octets in both cases.
	if len(b) > 3 && uint(l-0x81) < 2 {
		hl = l - 0x7e // 3 or 4
		l = (int(b[2])<<8 | int(b[3])) >> (32 - hl<<3)
		return hl, l, l >= 0x10<<hl && l <= len(b)-hl // 0x80 or 0x100: the fewest octets
	}
	return
}

// identifier returns the identifier octet of tag t; low is false for the
// high-tag-number form, whose number follows (X.690 8.1.2.4).
func identifier(t Tag, constructed bool) (c byte, low bool) {
	c = byte(t>>32)<<6 | byte(min(t.Number(), 0x1f))
	if constructed {
		c |= 0x20
	}
	return c, t.Number() < 31
}

// header parses the next header with the general parser, checks that it
// has tag t unless t is nil, and charges the element budget. typ names the
// type for errors. It does not consume anything.
func (r *Reader) header(h *Header, t *Tag, typ string) error {
	if err := parseHeader(h, r.rest(), r.pos, r.ber); err != nil {
		return withType(err, typ)
	}
	if t != nil && h.Tag != *t {
		return TagMismatch(h.Offset, typ, *t, h.Tag)
	}
	return r.count(h.Offset)
}

// take consumes the element whose header h was just parsed and returns the
// offsets of the start and end of its contents (without end-of-contents
// octets). If enter, the element is to be entered: a constructed element
// beyond the depth limit is an error.
func (r *Reader) take(h *Header, enter bool, typ string) (cs, ce int, err error) {
	cs = h.Offset + h.HeaderLen
	ce, next := cs+h.Length, cs+h.Length
	if enter && h.Constructed && int(r.depth) >= r.s.opts.MaxDepth {
		return 0, 0, NewError(KindLimit, h.Offset, typ, "nesting deeper than "+strconv.Itoa(r.s.opts.MaxDepth), "Options.MaxDepth")
	}
	if h.Length < 0 {
		n, err := indefLen(r.in[cs:r.end], cs, int(r.depth)+1, r.s.opts.MaxDepth)
		if err != nil {
			return 0, 0, withType(err, typ)
		}
		ce, next = cs+n, cs+n+2
	}
	r.pos = next
	return cs, ce, nil
}

// count takes one element from the element budget.
func (r *Reader) count(off int) error {
	if !r.s.elem() {
		return NewError(KindLimit, off, "", "too many elements", "Options.MaxElements")
	}
	return nil
}

// sub returns a reader over the window [cs, ce), one level deeper.
func (r *Reader) sub(cs, ce int) Reader {
	return Reader{in: r.in, pos: cs, end: ce, s: r.s, depth: r.depth + 1, ber: r.ber}
}

// ReadElement reads any element, writes its header to *h and returns its
// contents. For the indefinite form (BER) the contents exclude the
// end-of-contents octets and h.Length is -1. A constructed element nested
// deeper than Options.MaxDepth is an error, so that a walk that enters each
// constructed element (with Open) stays within the limit. Generic walks over
// many elements should use ReadAny.
func (r *Reader) ReadElement(h *Header) ([]byte, error) { return r.readElement(h, true) }

// readElement is ReadElement; a constructed element beyond the depth limit
// is an error only if enter. (The header is written through h: returning a
// Header by value from the function that fills it makes the compiler copy a
// struct it has just written field by field, which stalls store
// forwarding.)
func (r *Reader) readElement(h *Header, enter bool) ([]byte, error) {
	// The common header (see tlv) with a tag number below 31 that is not
	// UNIVERSAL 0 (X.690 8.1.2.2).
	b := r.in[r.pos:r.end]
	if hl, l, ok := tlv(b); ok && b[0]&0x1f != 0x1f && b[0]&0xdf != 0 &&
		!(enter && b[0]&0x20 != 0 && int(r.depth) >= r.s.opts.MaxDepth) && r.s.elem() {
		id := b[0]
		*h = Header{Tag(id>>6)<<32 | Tag(id&0x1f), id&0x20 != 0, r.pos, hl, l}
		r.pos += hl + l
		return b[hl : hl+l : hl+l], nil
	}
	if err := r.header(h, nil, ""); err != nil {
		return nil, err
	}
	cs, ce, err := r.take(h, enter, "")
	return r.in[cs:ce:ce], err
}

// ReadAny reads any element, like ReadElement, for generic walks: its
// results come back in registers, and if sub is not nil and the element is
// constructed, *sub is set to a reader over its contents, one level deeper:
//
//	var sub der.Reader
//	for !r.Empty() {
//		tag, constructed, contents, err := r.ReadAny(&sub)
//		...
//		if constructed {
//			walk(&sub)
//		}
//	}
//
// The header octets of the element are those between its offset (r.Offset
// before the call) and its contents. A walk with ReadAny takes about 1.9
// times the bare TLV walk of package bench (one call per element, whose
// cursor lives in memory, and the DER, budget and depth checks, against
// none); with ReadElement, which returns a struct, and a sub-reader returned
// by value, several times longer (struct copies that stall store
// forwarding). Storing the sub-reader through sub makes the decode state
// escape: a decode that uses ReadAny allocates it (one allocation).
func (r *Reader) ReadAny(sub *Reader) (tag Tag, constructed bool, contents []byte, err error) {
	// The common header (see tlv) with a tag number below 31 that is not
	// UNIVERSAL 0 (X.690 8.1.2.2).
	b := r.in[r.pos:r.end]
	if hl, l, ok := tlv(b); ok && b[0]&0x1f != 0x1f && b[0]&0xdf != 0 {
		s, id := r.s, b[0]
		constructed = id&0x20 != 0
		if !(constructed && sub != nil && int(r.depth) >= s.opts.MaxDepth) && s.elem() {
			cs := r.pos + hl
			ce := cs + l
			if r.pos = ce; constructed && sub != nil {
				sub.in, sub.pos, sub.end, sub.s, sub.depth, sub.ber = r.in, cs, ce, s, r.depth+1, r.ber
			}
			return Tag(id>>6)<<32 | Tag(id&0x1f), constructed, b[hl : hl+l : hl+l], nil
		}
	}
	var h Header
	c, err := r.readElement(&h, sub != nil)
	if err != nil {
		return tag, false, nil, err
	}
	if cs := h.Offset + h.HeaderLen; h.Constructed && sub != nil {
		*sub = r.sub(cs, cs+len(c))
	}
	return h.Tag, h.Constructed, c, nil
}

// ReadRaw reads the next element and returns its whole encoding, header and
// end-of-contents octets included, aliasing the input: the bytes a
// signature covers, or an open type to decode later.
func (r *Reader) ReadRaw() ([]byte, error) {
	p := r.pos
	// The common header (see readElement) read here, without filling a
	// Header: the value of every open type (a Name's attributes) is read
	// so.
	if b := r.in[p:r.end]; len(b) >= 2 && b[0]&0x1f != 0x1f && b[0]&0xdf != 0 {
		if hl, l, ok := tlv(b); ok && r.s.elem() {
			r.pos = p + hl + l
			return r.in[p:r.pos:r.pos], nil
		}
	}
	var h Header
	if _, err := r.readElement(&h, false); err != nil {
		return nil, err
	}
	return r.in[p:r.pos:r.pos], nil
}

// ReadOpen reads the next element, as ReadRaw, and returns a reader over
// its whole encoding (header included), the reader Open(raw, off) returns
// for raw, the result of ReadRaw, and off, the offset before it: the value
// of an open type, decoded where it is. The element's encoding is the
// reader's Rest until something is read from it. Generated code reads
// every open type so (the attributes of a Name), in one call instead of
// two.
//
// It is small enough to inline, for the reason ReadConstructed is. After
// an error the sub-reader is empty.
func (r *Reader) ReadOpen() (sub Reader, err error) {
	sub.in, sub.s = r.in, r.s
	err = r.readOpen(&sub)
	return sub, err
}

// readOpen is ReadOpen writing the window, depth and flags of the
// sub-reader to *sub, whose input and state ReadOpen has set. As enter, it
// stores no pointer through sub.
func (r *Reader) readOpen(sub *Reader) error {
	p := r.pos
	// The common header (see ReadRaw).
	if b := r.in[p:r.end]; len(b) >= 2 && b[0]&0x1f != 0x1f && b[0]&0xdf != 0 {
		if hl, l, ok := tlv(b); ok && r.s.elem() {
			r.pos = p + hl + l
			sub.pos, sub.end, sub.depth, sub.ber = p, r.pos, r.depth+1, r.ber
			return nil
		}
	}
	var h Header
	if _, err := r.readElement(&h, false); err != nil {
		sub.pos, sub.end, sub.depth, sub.ber = p, p, r.depth+1, r.ber
		return err
	}
	sub.pos, sub.end, sub.depth, sub.ber = p, r.pos, r.depth+1, r.ber
	return nil
}

// Skip reads and discards the next element.
func (r *Reader) Skip() error {
	_, err := r.ReadRaw()
	return err
}

// PeekTag returns the tag of the next element without consuming it; false
// if the reader is empty or the identifier octets are unreadable.
func (r *Reader) PeekTag() (Tag, bool) {
	if r.Empty() {
		return 0, false
	}
	c := r.in[r.pos]
	if c&0x1f != 0x1f {
		return Tag(c>>6)<<32 | Tag(c&0x1f), true
	}
	n, _, err := parseHighTag(r.rest(), r.pos)
	return Tag(c>>6)<<32 | Tag(n), err == nil
}

// Peek reports whether the next element has tag t.
func (r *Reader) Peek(t Tag) bool {
	got, ok := r.PeekTag()
	return ok && got == t
}

// PeekLow reports whether the next element has tag t, a tag whose number
// is below 31 (the low-tag-number form, X.690 8.1.2.2): Peek in a few
// instructions inlined, with no call, which generated code uses for the
// presence of an optional component. For a tag number from 31 it reports
// false whatever follows: call Peek.
func (r *Reader) PeekLow(t Tag) bool {
	return r.pos < r.end && lowTags[r.in[r.pos]] == t
}

// PeekLowTag returns the tag of the next element if its number is below
// 31, and 0 (UNIVERSAL 0, never a type's tag) if the reader is empty or the
// identifier octets have the high-tag-number form: PeekTag inlined, with
// no call, for generated code that selects among tags of the low form
// (the alternatives of a CHOICE).
func (r *Reader) PeekLowTag() Tag {
	if r.pos < r.end {
		return lowTags[r.in[r.pos]]
	}
	return 0
}

// LowTag returns the tag that the identifier octet c starts, the
// constructed bit ignored, if its number is below 31, and 0 (UNIVERSAL 0,
// never a type's tag) for the first octet of the high-tag-number form
// (X.690 8.1.2.4): one load from a table, inlined, for the PeekLow methods
// of the readers built on this package (view.Cursor).
func LowTag(c byte) Tag { return lowTags[c] }

// lowTags holds LowTag of each octet, for PeekLow, PeekLowTag and LowTag.
var lowTags = func() (t [256]Tag) {
	for c := range t {
		if c&0x1f != 0x1f {
			t[c] = Tag(c>>6)<<32 | Tag(c&0x1f)
		}
	}
	return t
}()

// ReadConstructed reads a constructed element with tag t and returns a
// reader over its contents, one level deeper. typ names the ASN.1 type for
// errors. In BER the indefinite form is accepted: the sub-reader ends before
// the end-of-contents octets, which this reader consumes.
//
// After an error the sub-reader is empty. It is small enough to inline, so that the sub-reader is built in the
// caller's variable: a Reader returned from a call is written field by field
// and then copied as a block, a store-forwarding stall that cost more than
// the read itself.
func (r *Reader) ReadConstructed(t Tag, typ string) (sub Reader, err error) {
	sub.in, sub.s = r.in, r.s
	err = r.enter(&sub, t, typ)
	return sub, err
}

// enter is ReadConstructed writing the window, depth and flags of the
// sub-reader to *sub, whose input and state ReadConstructed has set: every
// field once, in the caller's variable when ReadConstructed is inlined (go
// build -gcflags=-m ./runtime/der says "can inline
// (*Reader).ReadConstructed"). It stores no pointer through sub, which
// would move the decode state to the heap.
func (r *Reader) enter(sub *Reader, t Tag, typ string) error {
	if want, low := identifier(t, true); low && r.depth < int32(r.s.opts.MaxDepth) {
		// The common header (see tlv), read here; a length in one octet
		// tested first, as in readString.
		b := r.in[r.pos:r.end]
		if len(b) >= 2 && b[1] < 0x80 {
			if l := int(b[1]); l <= len(b)-2 && b[0] == want && r.s.elem() {
				cs := r.pos + 2
				r.pos = cs + l
				sub.pos, sub.end, sub.depth, sub.ber, sub.seq = cs, cs+l, r.depth+1, r.ber, true
				return nil
			}
		} else if hl, l, ok := tlv(b); ok && b[0] == want && r.s.elem() {
			cs := r.pos + hl
			r.pos = cs + l
			sub.pos, sub.end, sub.depth, sub.ber, sub.seq = cs, cs+l, r.depth+1, r.ber, true
			return nil
		}
	}
	cs, ce, err := r.enterHeader(t, typ)
	sub.pos, sub.end, sub.depth, sub.ber, sub.seq = cs, ce, r.depth+1, r.ber, true
	return err
}

// enterHeader is enter for the headers the general parser reads: it
// returns the window of the contents.
func (r *Reader) enterHeader(t Tag, typ string) (cs, ce int, err error) {
	var h Header
	if err := r.header(&h, &t, typ); err != nil {
		return 0, 0, err
	}
	if !h.Constructed {
		// X.690 8.1.2.5: bit 6 says primitive, the type needs constructed
		// (SEQUENCE, SET, EXPLICIT tags: X.690 8.9.1, 8.11.1, 8.14.2).
		return 0, 0, NewError(KindMalformed, h.Offset, typ, "primitive encoding of a constructed type", "X.690 8.1.2.5")
	}
	return r.take(&h, true, typ)
}

// ReadPrimitive reads a primitive element with tag t and returns its
// contents and their absolute offset (for errors of the content parsers).
// A constructed encoding is rejected: use ReadString for the types that
// have one.
func (r *Reader) ReadPrimitive(t Tag, typ string) (contents []byte, off int, err error) {
	return r.readString(t, typ, 0, false)
}

// ReadString is ReadPrimitive for the string types, which BER also allows
// in the constructed form (X.690 8.6.4 BIT STRING, 8.7.3 OCTET STRING,
// 8.23.6 character strings and the time types built on them). In BER the
// segments are joined into the contents the primitive form would have, for
// BIT STRING the unused-bits octet included; the result aliases the input
// when there is a single segment and is one new copy (charged to MaxAlloc)
// otherwise. In DER the constructed form is rejected (X.690 10.2).
//
// Segments are OCTET STRINGs, or BIT STRINGs for t = BIT STRING; under an
// IMPLICIT tag the first segment's tag (OCTET or BIT STRING) decides.
func (r *Reader) ReadString(t Tag, typ string) (contents []byte, off int, err error) {
	return r.readString(t, typ, 0, true)
}

// readString is ReadString, or ReadPrimitive unless str. The type is
// typ, or if typ is empty kind (a character string type, see ReadText),
// named on the general path only, where an error may need the name.
//
// A primitive element with the common header (see tlv) is read here, with
// no further call; readLongString reads the others.
func (r *Reader) readString(t Tag, typ string, kind Tag, str bool) (contents []byte, off int, err error) {
	want, low := identifier(t, false)
	b := r.in[r.pos:r.end]
	if len(b) >= 2 && b[1] < 0x80 {
		// A length in one octet, the most common, tested first: the
		// compiler joins tlv's outcomes for it less well.
		if l := int(b[1]); l <= len(b)-2 && b[0] == want && low && want != 0 && r.s.elem() {
			cs := r.pos + 2
			r.pos = cs + l
			return b[2 : 2+l : 2+l], cs, nil
		}
	} else if hl, l, ok := tlv(b); ok && b[0] == want && low && want != 0 && r.s.elem() {
		cs := r.pos + hl
		r.pos = cs + l
		return b[hl : hl+l : hl+l], cs, nil
	}
	if typ == "" && kind != 0 {
		typ = kind.String()
	}
	return r.readLongString(t, typ, str)
}

// readLongString is readString for the headers the general parser reads.
func (r *Reader) readLongString(t Tag, typ string, str bool) (contents []byte, off int, err error) {
	var h Header
	if err := r.header(&h, &t, typ); err != nil {
		return nil, 0, err
	}
	switch {
	case h.Constructed && !str:
		// X.690 8.1.2.5, and e.g. 8.2.1, 8.3.1, 8.19.1: this type has a
		// primitive encoding only.
		return nil, 0, NewError(KindMalformed, h.Offset, typ, "constructed encoding of a primitive type", "X.690 8.1.2.5")
	case h.Constructed && !r.ber:
		return nil, 0, NewError(KindNonCanonical, h.Offset, typ, "constructed string", "X.690 10.2")
	}
	p := r.pos
	cs, ce, err := r.take(&h, true, typ)
	if err != nil || !h.Constructed {
		return r.in[cs:ce:ce], cs, err
	}
	if contents, err = r.join(t, h.Offset, cs, ce); err != nil {
		// With TolerateBER, segments that are not strings of the type
		// (OpenSSL reads such an extnValue) leave the contents as
		// received.
		if err = r.Deviate(TolerateBER, withType(err, typ)); err == nil {
			return r.in[cs:ce:ce], cs, nil
		}
		r.pos = p
		return nil, 0, err
	}
	return contents, cs, nil
}

// Finish reports an error of KindTrailingData unless the reader is empty:
// call it after the last component of a SEQUENCE or SET and after the
// outermost element of an input. With TolerateTrailingOctets, octets
// after the last component of a SEQUENCE, a SET or the element of an
// EXPLICIT tag (a reader of ReadConstructed) are skipped; what follows
// the outermost element of an input or the value of an open type is
// still an error.
//
// The empty case inlines (go build -gcflags=-m ./runtime/der says "can
// inline (*Reader).Finish"); trailing reports the others.
func (r *Reader) Finish(typ string) error {
	if r.pos >= r.end {
		return nil
	}
	return r.trailing(typ)
}

// trailing is Finish for a reader with octets left.
func (r *Reader) trailing(typ string) error {
	// X.690 8.1.1: an encoding is exactly one element; X.690 8.9.2: the
	// contents of a SEQUENCE are the encodings of its components only.
	err := NewError(KindTrailingData, r.pos, typ, strconv.Itoa(r.end-r.pos)+" unexpected octets after the last element", "X.690 8.1.1")
	if r.seq && r.Tolerates(TolerateTrailingOctets) {
		if err := r.deviate(TolerateTrailingOctets, err, r.pos, r.end); err != nil {
			return err
		}
		r.pos = r.end
		return nil
	}
	return err
}

// Count returns the number of elements left in the reader, reading headers
// only (and not charging the element budget): generated code sizes the
// slice of a SEQUENCE OF with it. It stops after the first unreadable
// element, counted so that the reads come to it and report what is wrong
// with it (not that octets follow the last element).
func (r *Reader) Count() (n int) {
	in := r.in[:r.end]
	for p, ok := r.pos, true; p < len(in); n++ {
		// The common header (see tlv) read here, the others by span.
		if hl, l, ok := tlv(in[p:]); ok && in[p]&0x1f != 0x1f && in[p]&0xdf != 0 {
			p += hl + l
			continue
		}
		if _, _, p, ok = r.span(p); !ok {
			return n + 1
		}
	}
	return n
}

// span returns the window of the contents of the element at absolute
// offset p of the window and the offset after it, reading its header only
// and charging nothing; ok is false if the header is unreadable.
func (r *Reader) span(p int) (cs, ce, next int, ok bool) {
	in := r.in[:r.end]
	if hl, l, ok := tlv(in[p:]); ok && in[p]&0x1f != 0x1f && in[p]&0xdf != 0 {
		return p + hl, p + hl + l, p + hl + l, true // the common header, as in fast
	}
	var h Header
	if parseHeader(&h, in[p:], p, r.ber) != nil {
		return 0, 0, 0, false
	}
	cs = p + h.HeaderLen
	if h.Length >= 0 {
		return cs, cs + h.Length, cs + h.Length, true
	}
	n, err := indefLen(in[cs:], cs, int(r.depth)+1, r.s.opts.MaxDepth)
	return cs, cs + n, cs + n + 2, err == nil
}

// CheckSetOfOrder checks, in DER, that the elements left in the reader (the
// contents of a SET OF) are in ascending order of their encodings (X.690
// 11.6); a no-op in BER. Call it before reading the elements. Unreadable
// elements are left for the reads to report. With TolerateUnsortedSetOf
// the order is a Deviation, not an error.
func (r *Reader) CheckSetOfOrder(typ string) error {
	if err := r.checkSetOfOrder(typ); err != nil {
		return r.Deviate(TolerateUnsortedSetOf, err)
	}
	return nil
}

func (r *Reader) checkSetOfOrder(typ string) error {
	var prev []byte
	in := r.in[:r.end]
	for p := r.pos; !r.ber && p < len(in); {
		// The common header (see tlv) read here, the others by span.
		var next int
		if hl, l, ok := tlv(in[p:]); ok && in[p]&0x1f != 0x1f && in[p]&0xdf != 0 {
			next = p + hl + l
		} else if _, _, next, ok = r.span(p); !ok {
			return nil
		}
		if prev == nil && next == len(in) {
			return nil // one element, the common case (an RDN)
		}
		cur := r.in[p:next]
		if prev != nil && compareSetOf(prev, cur) > 0 {
			return NewError(KindNonCanonical, p, typ, "SET OF elements not in ascending order", "X.690 11.6")
		}
		prev, p = cur, next
	}
	return nil
}

// CountSetOf is CheckSetOfOrder and Count in one walk over the elements
// left in the reader (the contents of a SET OF): it returns the number of
// elements, and in DER the error of CheckSetOfOrder if they are not in
// ascending order of their encodings (X.690 11.6), a Deviation with
// TolerateUnsortedSetOf. As Count, it stops after the first unreadable
// element, counted, which the reads then report. Generated code sizes a SET
// OF's slice with it.
func (r *Reader) CountSetOf(typ string) (n int, err error) {
	in := r.in[:r.end]
	// One element with the common header (see tlv), the contents of most
	// SETs OF (an RDN): nothing to compare.
	if p := r.pos; p < len(in) {
		if hl, l, ok := tlv(in[p:]); ok && p+hl+l == len(in) && in[p]&0x1f != 0x1f && in[p]&0xdf != 0 {
			return 1, nil
		}
	}
	var prev []byte
	check := !r.ber // until the first pair out of order, as CheckSetOfOrder
	for p := r.pos; p < len(in); n++ {
		// The common header (see tlv) read here, the others by span.
		var next int
		if hl, l, ok := tlv(in[p:]); ok && in[p]&0x1f != 0x1f && in[p]&0xdf != 0 {
			next = p + hl + l
		} else if _, _, next, ok = r.span(p); !ok {
			return n + 1, nil
		}
		if cur := in[p:next]; check {
			if prev != nil && compareSetOf(prev, cur) > 0 {
				err := NewError(KindNonCanonical, p, typ, "SET OF elements not in ascending order", "X.690 11.6")
				if err := r.Deviate(TolerateUnsortedSetOf, err); err != nil {
					return 0, err
				}
				check = false
			}
			prev = cur
		}
		p = next
	}
	return n, nil
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

// Since returns the input from absolute offset off (an earlier r.Offset())
// to the current position, aliasing the input: the received encoding of an
// element generated code keeps (the bytes a signature covers).
func (r *Reader) Since(off int) []byte {
	if off < 0 || off > r.pos {
		return nil
	}
	return r.in[off:r.pos:r.pos]
}

// Rest returns the unread octets of the window, aliasing the input, for a
// rule that looks at what follows before the generated code reads it
// (see SetAside). It consumes nothing.
func (r *Reader) Rest() []byte { return r.rest() }

// SetAside ends the window at the absolute offset at (inside the window),
// so that the decode leaves what follows unread, and returns those octets,
// aliasing the input, when the decode tolerates t; err, the defect that
// setting them aside accepts, is then listed with them as the Deviation's
// Raw (Options.Deviations). Without t, or for a limit error, it returns
// err and changes nothing. Generated code keeps the octets as the type's
// unknown extension additions (see TolerateX509Unread).
func (r *Reader) SetAside(at int, t Tolerance, err error) ([]byte, error) {
	if at < r.pos || at > r.end {
		return nil, err
	}
	if err := r.deviate(t, err, at, r.end); err != nil {
		return nil, err
	}
	rest := r.in[at:r.end:r.end]
	r.end = at
	return rest, nil
}

// SetAsideElement is called where the decode of the element at absolute
// offset at (a component of the window) failed with err: when the decode
// tolerates t, the reader moves past the element, which is listed with
// err as the Deviation's Raw, and it returns nil. Without t, for a limit
// error, or if the element's header is unreadable, it returns err and
// leaves the position as it was.
func (r *Reader) SetAsideElement(at int, t Tolerance, err error) error {
	if at < 0 || at > r.end || !r.Tolerates(t) || errors.Is(err, ErrLimit) {
		return err
	}
	pos := r.pos
	r.pos = at
	if _, rerr := r.ReadRaw(); rerr != nil {
		r.pos = pos
		return err
	}
	if err := r.deviate(t, err, at, r.pos); err != nil {
		r.pos = pos
		return err
	}
	return nil
}

// Open returns a reader over contents read from r at absolute offset off
// (an OCTET STRING or BIT STRING that CONTAINS an encoding, X.682 11), with
// r's options, budgets and depth. When contents alias the input (also the
// one segment of a constructed BER string, which does not start at off),
// offsets stay absolute; contents reassembled from several BER segments
// are read with offsets relative to their start.
//
// It is small enough to inline, for the reason ReadConstructed is.
func (r *Reader) Open(contents []byte, off int) (sub Reader) {
	sub = *r
	sub.in, sub.pos, sub.end = r.locate(contents, off)
	sub.depth++
	sub.seq = false
	sub.err = nil
	return sub
}

// locate returns the input and window of a reader over contents for Open.
func (r *Reader) locate(contents []byte, off int) (in []byte, pos, end int) {
	n := len(contents)
	if n == 0 && off >= 0 && off <= len(r.in) {
		return r.in, off, off // empty, where the contents are
	}
	if n == 0 || len(r.in) == 0 {
		return contents, 0, n
	}
	if off < 0 || off+n > len(r.in) || &r.in[off] != &contents[0] {
		// Where in the input, if anywhere: the addresses of two live
		// slices, compared and never turned back into pointers.
		base := uintptr(unsafe.Pointer(unsafe.SliceData(r.in)))
		p := uintptr(unsafe.Pointer(unsafe.SliceData(contents)))
		if p < base || p+uintptr(n) > base+uintptr(len(r.in)) {
			return contents, 0, n
		}
		off = int(p - base)
	}
	return r.in, off, off + n
}

// CountNested returns the number of elements inside the elements left in
// the reader (the entries of every RelativeDistinguishedName of an
// RDNSequence), reading headers only and charging nothing: generated code
// allocates one backing array for all the inner lists of a list of lists
// with it. It stops at the first unreadable element.
func (r *Reader) CountNested() (n int) {
	in := r.in[:r.end]
	for p := r.pos; p < len(in); {
		// The common header (see tlv) read here, the others by span.
		var cs, ce, next int
		if hl, l, ok := tlv(in[p:]); ok && in[p]&0x1f != 0x1f && in[p]&0xdf != 0 {
			cs, ce, next = p+hl, p+hl+l, p+hl+l
		} else if cs, ce, next, ok = r.span(p); !ok {
			break
		}
		if in[p]&0x20 != 0 { // constructed: Count of its contents
			for q := cs; q < ce; n++ {
				if hl, l, ok := tlv(in[q:ce]); ok && in[q]&0x1f != 0x1f && in[q]&0xdf != 0 {
					q += hl + l
					continue
				}
				inner := r.sub(q, ce) // the other headers, from q on
				n += inner.Count()
				break
			}
		}
		p = next
	}
	return n
}

// CountLists is Count and CountNested in one walk over the elements left
// in the reader (the RDNs of an RDNSequence): it returns the number of
// elements, as Count, and the number of elements inside them, as
// CountNested. Generated code sizes a list of lists and the backing array
// of its inner lists with it.
func (r *Reader) CountLists() (n, nested int) {
	in := r.in[:r.end]
	for p := r.pos; p < len(in); n++ {
		// The common header (see tlv) read here, the others by span.
		var cs, ce, next int
		if hl, l, ok := tlv(in[p:]); ok && in[p]&0x1f != 0x1f && in[p]&0xdf != 0 {
			cs, ce, next = p+hl, p+hl+l, p+hl+l
		} else if cs, ce, next, ok = r.span(p); !ok {
			return n + 1, nested // as Count: the unreadable element counted
		}
		if in[p]&0x20 != 0 { // constructed: Count of its contents
			for q := cs; q < ce; nested++ {
				if hl, l, ok := tlv(in[q:ce]); ok && in[q]&0x1f != 0x1f && in[q]&0xdf != 0 {
					q += hl + l
					continue
				}
				inner := r.sub(q, ce) // the other headers, from q on
				nested += inner.Count()
				break
			}
		}
		p = next
	}
	return n, nested
}

package runtime

import "strconv"

// Reader reads a series of ASN.1 elements from a byte slice (X.690 8.1).
// It is zero-copy: the contents it returns alias the input. Strict DER
// unless Options.BER.
//
// A Reader is a small value: the unread part of its window, the window's
// absolute offset and depth, and a pointer to the state shared with every
// sub-reader made from it (options and budgets). Reading an element never
// allocates; only errors and reassembled BER strings do.
//
// A failed read leaves the Reader unchanged, so that a caller may try
// another alternative; after a failure inside a SEQUENCE the decode is
// normally abandoned anyway.
type Reader struct {
	b     []byte // unread octets of the window
	off   int    // absolute offset of b[0]
	s     *state
	depth int32 // constructed elements enclosing the window
	ber   bool  // copy of s.opts.BER, read on every element
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
	s := &state{}
	s.init(opts, len(b))
	return Reader{b: b, s: s, ber: s.opts.BER}
}

// Offset returns the absolute offset of the next unread octet.
func (r *Reader) Offset() int { return r.off }

// Empty reports whether the window has no unread octets.
func (r *Reader) Empty() bool { return len(r.b) == 0 }

// BER reports whether BER was requested.
func (r *Reader) BER() bool { return r.ber }

// Options returns the options in force, with defaults resolved. Do not
// modify them.
func (r *Reader) Options() *Options { return &r.s.opts }

// Alloc charges n bytes to the decode's allocation budget (Options.MaxAlloc).
// Generated code calls it before allocating in proportion to the input,
// e.g. for the elements of a SEQUENCE OF.
func (r *Reader) Alloc(n int) error {
	if r.s == nil {
		return nil
	}
	return r.s.charge(n, r.off)
}

// Header-level rejections. Offsets are filled in by the callers.
func errTruncated(off int, msg, rule string) error {
	return NewError(KindTruncated, off, "", msg, rule)
}

func errMalformed(off int, msg, rule string) error {
	return NewError(KindMalformed, off, "", msg, rule)
}

func errNonCanonical(off int, msg, rule string) error {
	return NewError(KindNonCanonical, off, "", msg, rule)
}

// withType names the ASN.1 type in err if it names none yet.
func withType(err error, typ string) error {
	if e, ok := err.(*Error); ok && e.Type == "" {
		e.Type = typ
	}
	return err
}

// Non-DER forms accepted in BER mode, as reported by parseHeader (a bit set).
const (
	ndLength            = 1 << iota // X.690 10.1: long form where short suffices, or leading zero octets
	ndIndefinite                    // X.690 10.1: indefinite form
	ndConstructedString             // X.690 10.2: constructed string (set by callers that know the type)
)

// parseHeader parses the identifier and length octets at the start of b, the
// input at absolute offset off. It checks that a definite length fits in b
// and, unless ber, the DER rules on headers (X.690 10.1). nd reports the
// non-DER forms accepted because of ber.
func parseHeader(b []byte, off int, ber bool) (h Header, nd uint8, err error) {
	if len(b) < 2 {
		return h, 0, errTruncated(off, "input ends in the identifier or length octets", "X.690 8.1.1")
	}
	c := b[0]
	h.Tag = Tag{Class(c >> 6), uint32(c & 0x1f)}
	h.Constructed = c&0x20 != 0
	h.Offset = off
	i := 1
	if c&0x1f == 0x1f {
		h.Tag.Number, i, err = parseHighTag(b, off)
		if err != nil {
			return h, 0, err
		}
		if i >= len(b) {
			return h, 0, errTruncated(off, "input ends before the length octets", "X.690 8.1.3")
		}
	} else if c&0xdf == 0 {
		// X.680 8.6 Table 1: UNIVERSAL 0 is reserved for the encoding
		// rules; X.690 8.1.5 uses it for end-of-contents only, which
		// callers handle before calling parseHeader.
		return h, 0, errMalformed(off, "unexpected end-of-contents or UNIVERSAL 0 tag", "X.690 8.1.5")
	}
	l := b[i]
	i++
	if l < 0x80 {
		// X.690 8.1.3.4: short form.
		h.Length = int(l)
	} else {
		h.Length, i, nd, err = parseLongLength(b, i, l, off, h.Constructed, ber)
		if err != nil {
			return h, 0, err
		}
	}
	h.HeaderLen = i
	if h.Length > len(b)-i {
		return h, 0, errTruncated(off, "input ends inside the contents ("+strconv.Itoa(h.Length)+" octets announced)", "X.690 8.1.3")
	}
	return h, nd, nil
}

// parseHighTag parses the tag number of the high-tag-number form (X.690
// 8.1.2.4) and returns it with the length of the identifier octets.
func parseHighTag(b []byte, off int) (uint32, int, error) {
	var n uint32
	for i := 1; i < len(b); i++ {
		c := b[i]
		// X.690 8.1.2.4.2 c): bits 7 to 1 of the first subsequent octet
		// shall not all be zero. This is a BER rule, not only DER.
		if i == 1 && c == 0x80 {
			return 0, 0, errMalformed(off, "tag number with a leading zero octet", "X.690 8.1.2.4.2")
		}
		if n > 0xffffffff>>7 {
			return 0, 0, NewError(KindUnsupported, off, "", "tag number does not fit in 32 bits", "X.690 8.1.2.4")
		}
		n = n<<7 | uint32(c&0x7f)
		if c < 0x80 {
			// X.690 8.1.2.2: numbers 0 to 30 use the single-octet
			// form; the high form for them is not BER either.
			if n < 31 {
				return 0, 0, errMalformed(off, "tag number below 31 in the high-tag-number form", "X.690 8.1.2.2")
			}
			return n, i + 1, nil
		}
	}
	return 0, 0, errTruncated(off, "input ends inside the identifier octets", "X.690 8.1.2.4")
}

// parseLongLength parses the length octets after the initial octet l (at
// b[i-1]) when l >= 0x80: the indefinite form or the long form.
func parseLongLength(b []byte, i int, l byte, off int, constructed, ber bool) (length, end int, nd uint8, err error) {
	switch {
	case l == 0x80:
		// X.690 8.1.3.6: indefinite form; 8.1.3.2 a): primitive
		// encodings always use the definite form.
		if !constructed {
			return 0, 0, 0, errMalformed(off, "indefinite length on a primitive encoding", "X.690 8.1.3.2")
		}
		if !ber {
			return 0, 0, 0, errNonCanonical(off, "indefinite length", "X.690 10.1")
		}
		return -1, i, ndIndefinite, nil
	case l == 0xff:
		// X.690 8.1.3.5 c): the value 0xFF is reserved.
		return 0, 0, 0, errMalformed(off, "reserved length octet 0xFF", "X.690 8.1.3.5")
	}
	n := int(l & 0x7f)
	if len(b)-i < n {
		return 0, 0, 0, errTruncated(off, "input ends inside the length octets", "X.690 8.1.3.5")
	}
	v := 0
	for _, c := range b[i : i+n] {
		if v > maxInt>>8 {
			// No input in memory can be this long.
			return 0, 0, 0, errTruncated(off, "length exceeds the input", "X.690 8.1.3.5")
		}
		v = v<<8 | int(c)
	}
	// X.690 10.1: the minimum number of length octets (so the short form
	// below 128 and no leading zero octet). BER leaves it to the sender
	// (X.690 8.1.3.5 Note 2).
	if v < 0x80 || b[i] == 0 {
		if !ber {
			return 0, 0, 0, errNonCanonical(off, "length not in the minimal form", "X.690 10.1")
		}
		nd = ndLength
	}
	return v, i + n, nd, nil
}

// indefLen returns the number of contents octets of an indefinite-length
// element whose contents start at b (absolute offset off), up to but
// excluding its end-of-contents octets (X.690 8.1.5). depth is the nesting
// depth of those contents. Definite-length elements inside are skipped
// without looking into them.
func indefLen(b []byte, off, depth, maxDepth int) (int, error) {
	if depth > maxDepth {
		return 0, NewError(KindLimit, off, "", "nesting deeper than "+strconv.Itoa(maxDepth), "Options.MaxDepth")
	}
	i := 0
	for {
		if len(b)-i >= 2 && b[i] == 0 && b[i+1] == 0 {
			return i, nil
		}
		if len(b) == i {
			return 0, errTruncated(off+i, "input ends before the end-of-contents octets", "X.690 8.1.5")
		}
		h, _, err := parseHeader(b[i:], off+i, true)
		if err != nil {
			return 0, err
		}
		i += h.HeaderLen
		if h.Length >= 0 {
			i += h.Length
			continue
		}
		n, err := indefLen(b[i:], off+i, depth+1, maxDepth)
		if err != nil {
			return 0, err
		}
		i += n + 2
	}
}

// take consumes the element whose header h was just parsed from r.b and
// returns its contents (without end-of-contents octets). total is the
// number of octets consumed.
func (r *Reader) take(h Header) (contents []byte, total int, err error) {
	start := h.HeaderLen
	n := h.Length
	end := start + n
	if n < 0 {
		n, err = indefLen(r.b[start:], r.off+start, int(r.depth)+1, r.s.opts.MaxDepth)
		if err != nil {
			return nil, 0, err
		}
		end = start + n + 2
	}
	contents = r.b[start : start+n : start+n]
	r.b = r.b[end:]
	r.off += end
	return contents, end, nil
}

// count takes one element from the element budget.
func (r *Reader) count(off int) error {
	r.s.elems--
	if r.s.elems < 0 {
		return NewError(KindLimit, off, "", "too many elements", "Options.MaxElements")
	}
	return nil
}

// sub returns a reader over contents, the contents of the constructed
// element h just read, one level deeper.
func (r *Reader) sub(h Header, contents []byte) (Reader, error) {
	if int(r.depth) >= r.s.opts.MaxDepth {
		return Reader{}, NewError(KindLimit, h.Offset, "", "nesting deeper than "+strconv.Itoa(r.s.opts.MaxDepth), "Options.MaxDepth")
	}
	return Reader{b: contents, off: h.Offset + h.HeaderLen, s: r.s, depth: r.depth + 1, ber: r.ber}, nil
}

// ReadHeader reads the identifier and length octets of the next element and
// leaves the reader at its contents (which, for the indefinite form, end
// with end-of-contents octets). Most callers want ReadElement.
func (r *Reader) ReadHeader() (Header, error) {
	h, _, err := parseHeader(r.b, r.off, r.ber)
	if err != nil {
		return h, err
	}
	if err := r.count(h.Offset); err != nil {
		return h, err
	}
	r.b = r.b[h.HeaderLen:]
	r.off += h.HeaderLen
	return h, nil
}

// ReadElement reads any element and returns its header and contents. For
// the indefinite form (BER) the contents exclude the end-of-contents octets
// and h.Length is -1.
func (r *Reader) ReadElement() (Header, []byte, error) {
	h, _, err := parseHeader(r.b, r.off, r.ber)
	if err != nil {
		return h, nil, err
	}
	if err := r.count(h.Offset); err != nil {
		return h, nil, err
	}
	c, _, err := r.take(h)
	return h, c, err
}

// Enter returns a reader over the contents of a constructed element that
// ReadElement just returned, one level deeper. It is how a generic walk
// descends; schema-driven code uses ReadConstructed.
func (r *Reader) Enter(h Header, contents []byte) (Reader, error) {
	return r.sub(h, contents)
}

// ReadRaw reads the next element and returns its whole encoding, header and
// end-of-contents octets included, aliasing the input: the bytes a
// signature covers, or an open type to decode later.
func (r *Reader) ReadRaw() ([]byte, error) {
	b := r.b
	h, _, err := parseHeader(b, r.off, r.ber)
	if err != nil {
		return nil, err
	}
	if err := r.count(h.Offset); err != nil {
		return nil, err
	}
	_, n, err := r.take(h)
	return b[:n:n], err
}

// Skip reads and discards the next element.
func (r *Reader) Skip() error {
	_, _, err := r.ReadElement()
	return err
}

// PeekTag returns the tag of the next element without consuming it; false
// if the reader is empty or the identifier octets are unreadable.
func (r *Reader) PeekTag() (Tag, bool) {
	if len(r.b) == 0 {
		return Tag{}, false
	}
	c := r.b[0]
	if c&0x1f != 0x1f {
		return Tag{Class(c >> 6), uint32(c & 0x1f)}, true
	}
	n, _, err := parseHighTag(r.b, r.off)
	return Tag{Class(c >> 6), n}, err == nil
}

// Peek reports whether the next element has tag t.
func (r *Reader) Peek(t Tag) bool {
	got, ok := r.PeekTag()
	return ok && got == t
}

// head parses the next header and checks its tag against t. It does not
// consume anything.
func (r *Reader) head(t Tag, typ string) (Header, error) {
	h, _, err := parseHeader(r.b, r.off, r.ber)
	if err != nil {
		return h, withType(err, typ)
	}
	if h.Tag != t {
		return h, TagMismatch(h.Offset, typ, t, h.Tag)
	}
	return h, r.count(h.Offset)
}

// ReadConstructed reads a constructed element with tag t and returns a
// reader over its contents, one level deeper. typ names the ASN.1 type for
// errors. In BER the indefinite form is accepted: the sub-reader ends before
// the end-of-contents octets, which this reader consumes.
func (r *Reader) ReadConstructed(t Tag, typ string) (Reader, error) {
	h, err := r.head(t, typ)
	if err != nil {
		return Reader{}, err
	}
	if !h.Constructed {
		// X.690 8.1.2.5: bit 6 says primitive, the type needs constructed
		// (SEQUENCE, SET, EXPLICIT tags: X.690 8.9.1, 8.11.1, 8.14.2).
		return Reader{}, NewError(KindMalformed, h.Offset, typ, "primitive encoding of a constructed type", "X.690 8.1.2.5")
	}
	if int(r.depth) >= r.s.opts.MaxDepth {
		return Reader{}, NewError(KindLimit, h.Offset, typ, "nesting deeper than "+strconv.Itoa(r.s.opts.MaxDepth), "Options.MaxDepth")
	}
	c, _, err := r.take(h)
	if err != nil {
		return Reader{}, withType(err, typ)
	}
	return Reader{b: c, off: h.Offset + h.HeaderLen, s: r.s, depth: r.depth + 1, ber: r.ber}, nil
}

// ReadExplicit reads the constructed wrapper of an EXPLICIT tag t (X.690
// 8.14.2) and returns a reader over it; the caller reads the inner value
// and calls Finish.
func (r *Reader) ReadExplicit(t Tag) (Reader, error) {
	return r.ReadConstructed(t, t.String())
}

// ReadPrimitive reads a primitive element with tag t and returns its
// contents and their absolute offset (for errors of the content parsers).
// A constructed encoding is rejected: use ReadString for the types that
// have one.
func (r *Reader) ReadPrimitive(t Tag, typ string) (contents []byte, off int, err error) {
	h, err := r.head(t, typ)
	if err != nil {
		return nil, 0, err
	}
	if h.Constructed {
		// X.690 8.1.2.5, and e.g. 8.2.1, 8.3.1, 8.19.1: this type has a
		// primitive encoding only.
		return nil, 0, NewError(KindMalformed, h.Offset, typ, "constructed encoding of a primitive type", "X.690 8.1.2.5")
	}
	end := h.HeaderLen + h.Length
	contents = r.b[h.HeaderLen:end:end]
	r.b = r.b[end:]
	r.off += end
	return contents, h.Offset + h.HeaderLen, nil
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
	if !r.ber {
		h, err := r.head(t, typ)
		if err == nil && h.Constructed {
			return nil, 0, NewError(KindNonCanonical, h.Offset, typ, "constructed string", "X.690 10.2")
		}
		if err != nil {
			return nil, 0, err
		}
		end := h.HeaderLen + h.Length
		contents = r.b[h.HeaderLen:end:end]
		r.b = r.b[end:]
		r.off += end
		return contents, h.Offset + h.HeaderLen, nil
	}
	h, err := r.head(t, typ)
	if err != nil {
		return nil, 0, err
	}
	save := *r
	c, _, err := r.take(h)
	if err != nil {
		return nil, 0, withType(err, typ)
	}
	off = h.Offset + h.HeaderLen
	if !h.Constructed {
		return c, off, nil
	}
	j := joiner{bit: -1, maxDepth: r.s.opts.MaxDepth}
	if t == Universal(TagBitString) {
		j.bit = 1
	} else if t.Class == ClassUniversal {
		j.bit = 0
	}
	if err = j.walk(c, off, int(r.depth)+1); err == nil && j.segs > 1 {
		if err = r.s.charge(j.total, h.Offset); err == nil {
			j.out = make([]byte, 0, j.total)
			j.segs, j.total, j.fill = 0, 0, true
			err = j.walk(c, off, int(r.depth)+1)
		}
	}
	if err != nil {
		*r = save
		return nil, 0, withType(err, typ)
	}
	return j.result(), off, nil
}

// joiner joins the segments of a constructed BER string. It walks them
// twice: once to count and check them (a single segment is returned as it
// is) and once to copy them into out.
type joiner struct {
	bit      int // 1: BIT STRING segments, 0: OCTET STRING, -1: not yet known
	maxDepth int
	segs     int    // primitive segments seen
	total    int    // octets of the joined contents
	first    []byte // contents of the first segment
	unused   byte   // unused bits of the last BIT STRING segment
	fill     bool   // second walk: copy into out
	out      []byte // out[base:] receives the joined contents
	base     int
}

var emptyBitString = []byte{0}

func (j *joiner) result() []byte {
	switch {
	case j.fill:
		if j.bit == 1 {
			if j.segs == 0 {
				j.out = append(j.out, 0) // X.690 8.6.4: no segments, no bits
			} else {
				j.out[j.base] = j.unused
			}
		}
		return j.out
	case j.segs == 1:
		return j.first
	case j.bit == 1:
		return emptyBitString[:1:1]
	}
	return []byte{}
}

// walk visits the segments in b (absolute offset off), contents at depth.
func (j *joiner) walk(b []byte, off, depth int) error {
	if depth > j.maxDepth {
		return NewError(KindLimit, off, "", "nesting deeper than "+strconv.Itoa(j.maxDepth), "Options.MaxDepth")
	}
	for len(b) > 0 {
		h, _, err := parseHeader(b, off, true)
		if err != nil {
			return err
		}
		if j.bit < 0 && h.Tag == Universal(TagBitString) {
			j.bit = 1
		} else if j.bit < 0 {
			j.bit = 0
		}
		want := Universal(TagOctetString)
		if j.bit == 1 {
			want = Universal(TagBitString)
		}
		if h.Tag != want {
			// X.690 8.6.4.1, 8.7.3.2, 8.23.6: segments carry the
			// UNIVERSAL tag of BIT STRING or OCTET STRING.
			return NewError(KindMalformed, off, "", "segment of a constructed string is not a "+want.String(), "X.690 8.7.3.2")
		}
		c := b[h.HeaderLen:]
		n := h.Length
		if n < 0 {
			if n, err = indefLen(c, off+h.HeaderLen, depth+1, j.maxDepth); err != nil {
				return err
			}
			c = c[:n]
			n += 2
		} else {
			c = c[:n]
		}
		if h.Constructed {
			if err := j.walk(c, off+h.HeaderLen, depth+1); err != nil {
				return err
			}
		} else if err := j.add(c, off); err != nil {
			return err
		}
		b = b[h.HeaderLen+n:]
		off += h.HeaderLen + n
	}
	return nil
}

// add takes one primitive segment.
func (j *joiner) add(c []byte, off int) error {
	seg := c
	if j.bit == 1 {
		// X.690 8.6.4.1/8.6.2: every segment has its unused-bits octet,
		// and only the last may have unused bits.
		if len(c) == 0 || c[0] > 7 {
			return NewError(KindMalformed, off, "", "BIT STRING segment without a valid unused-bits octet", "X.690 8.6.2.2")
		}
		if j.segs > 0 && j.unused != 0 {
			return NewError(KindMalformed, off, "", "unused bits in a BIT STRING segment that is not the last", "X.690 8.6.4")
		}
		j.unused = c[0]
		c = c[1:]
	}
	if j.segs == 0 {
		j.first = seg
		if j.bit == 1 {
			j.total = 1
			if j.fill {
				j.out = append(j.out, 0)
			}
		}
	}
	j.segs++
	j.total += len(c)
	if j.fill {
		j.out = append(j.out, c...)
	}
	return nil
}

// Finish reports an error of KindTrailingData unless the reader is empty:
// call it after the last component of a SEQUENCE or SET and after the
// outermost element of an input.
func (r *Reader) Finish(typ string) error {
	if len(r.b) == 0 {
		return nil
	}
	// X.690 8.1.1: an encoding is exactly one element; X.690 8.9.2: the
	// contents of a SEQUENCE are the encodings of its components only.
	return NewError(KindTrailingData, r.off, typ, strconv.Itoa(len(r.b))+" unexpected octets after the last element", "X.690 8.1.1")
}

// ReadOptionalConstructed reads a constructed element with tag t if the next
// element has that tag.
func (r *Reader) ReadOptionalConstructed(t Tag, typ string) (sub Reader, present bool, err error) {
	if !r.Peek(t) {
		return Reader{}, false, nil
	}
	sub, err = r.ReadConstructed(t, typ)
	return sub, err == nil, err
}

// ReadOptionalExplicit reads the wrapper of an EXPLICIT tag t if the next
// element has that tag.
func (r *Reader) ReadOptionalExplicit(t Tag) (sub Reader, present bool, err error) {
	return r.ReadOptionalConstructed(t, t.String())
}

// ReadOptionalPrimitive reads a primitive element with tag t if the next
// element has that tag.
func (r *Reader) ReadOptionalPrimitive(t Tag, typ string) (contents []byte, off int, present bool, err error) {
	if !r.Peek(t) {
		return nil, 0, false, nil
	}
	contents, off, err = r.ReadPrimitive(t, typ)
	return contents, off, err == nil, err
}

// ReadOptionalString reads a string element with tag t (see ReadString) if
// the next element has that tag.
func (r *Reader) ReadOptionalString(t Tag, typ string) (contents []byte, off int, present bool, err error) {
	if !r.Peek(t) {
		return nil, 0, false, nil
	}
	contents, off, err = r.ReadString(t, typ)
	return contents, off, err == nil, err
}

// Count returns the number of elements left in the reader, reading headers
// only (and not charging the element budget): generated code sizes the
// slice of a SEQUENCE OF with it. It stops at the first unreadable element,
// which the reads then report.
func (r *Reader) Count() int {
	b, off, n := r.b, r.off, 0
	for len(b) > 0 {
		h, _, err := parseHeader(b, off, r.ber)
		if err != nil {
			break
		}
		l := h.Length
		if l < 0 {
			if l, err = indefLen(b[h.HeaderLen:], off+h.HeaderLen, int(r.depth)+1, r.s.opts.MaxDepth); err != nil {
				break
			}
			l += 2
		}
		b = b[h.HeaderLen+l:]
		off += h.HeaderLen + l
		n++
	}
	return n
}

// CheckSetOfOrder checks, in DER, that the elements left in the reader (the
// contents of a SET OF) are in ascending order of their encodings (X.690
// 11.6); a no-op in BER. Call it before reading the elements. Unreadable
// elements are left for the reads to report.
func (r *Reader) CheckSetOfOrder(typ string) error {
	if r.ber {
		return nil
	}
	b, off := r.b, r.off
	var prev []byte
	for len(b) > 0 {
		h, _, err := parseHeader(b, off, false)
		if err != nil {
			return nil
		}
		n := h.HeaderLen + h.Length
		cur := b[:n]
		if prev != nil && compareSetOf(prev, cur) > 0 {
			return NewError(KindNonCanonical, off, typ, "SET OF elements not in ascending order", "X.690 11.6")
		}
		prev = cur
		b = b[n:]
		off += n
	}
	return nil
}

// compareSetOf compares two encodings as X.690 11.6 orders them: as octet
// strings, the shorter padded at its end with zero octets.
func compareSetOf(a, b []byte) int {
	n := min(len(a), len(b))
	for i := 0; i < n; i++ {
		if a[i] != b[i] {
			if a[i] < b[i] {
				return -1
			}
			return 1
		}
	}
	for _, c := range a[n:] {
		if c != 0 {
			return 1
		}
	}
	for _, c := range b[n:] {
		if c != 0 {
			return -1
		}
	}
	return 0
}

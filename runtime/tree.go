package runtime

import (
	"bufio"
	"errors"
	"io"
	"slices"
	"strings"
	"unsafe"
)

// Node is one element of an untyped tree (the generic decode behind
// `asn1gen dump`).
type Node struct {
	Tag         Tag
	Constructed bool
	Indefinite  bool // BER indefinite-length form; Length excludes the end-of-contents octets
	Offset      int  // offset of the identifier octets (from the start of the input or stream)
	HeaderLen   int  // number of identifier and length octets
	Length      int  // number of contents octets (for Indefinite: before the end-of-contents octets)
	Content     []byte
	Children    []Node // constructed elements: the elements of the contents
	// NonDER says why the encoding is valid BER but not DER, with the
	// clause, e.g. "indefinite length (X.690 10.1)"; empty if it is DER.
	// Only set when Options.BER allows such encodings (otherwise they are
	// rejected). It covers the header and the form of the UNIVERSAL string
	// types, not the contents (see the package asn1dump for those).
	NonDER string
}

// The reasons a Node is marked NonDER.
const (
	reasonIndefinite  = "indefinite length (X.690 10.1)"
	reasonLength      = "length not in the minimal form (X.690 10.1)"
	reasonConstructed = "constructed string (X.690 10.2)"
)

// stringTags has bit n set for the UNIVERSAL types that BER may encode in
// the constructed form and DER may not (X.690 10.2): BIT STRING, OCTET
// STRING, ObjectDescriptor and the restricted character strings, including
// UTCTime and GeneralizedTime (X.680 47, 46: VisibleString underneath).
const stringTags = 1<<TagBitString | 1<<TagOctetString | 1<<TagObjectDescriptor | 1<<TagUTF8String |
	1<<TagNumericString | 1<<TagPrintableString | 1<<TagTeletexString | 1<<TagVideotexString |
	1<<TagIA5String | 1<<TagUTCTime | 1<<TagGeneralizedTime | 1<<TagGraphicString |
	1<<TagVisibleString | 1<<TagGeneralString | 1<<TagUniversalString | 1<<TagBMPString

func isStringTag(t Tag) bool {
	return t.Class == ClassUniversal && t.Number < 32 && stringTags>>t.Number&1 != 0
}

// ParseTree decodes b, which must hold exactly one element, into a tree.
// Contents alias b. Strict DER unless opts.BER; in BER, non-DER forms are
// recorded in Node.NonDER.
func ParseTree(b []byte, opts *Options) (*Node, error) {
	nodes, err := parseTrees(b, 0, opts, true)
	if err != nil {
		return nil, err
	}
	return &nodes[0], nil
}

// ParseTrees decodes all the elements of b, one after the other, into trees.
func ParseTrees(b []byte, opts *Options) ([]Node, error) { return parseTrees(b, 0, opts, false) }

// parseTrees builds trees with the Reader in two passes; base is the offset
// of b[0] in the stream, added to offsets. The first pass checks every
// element and counts them, so that hostile input is rejected before
// anything is allocated and the nodes fit in one exact allocation. The
// second fills that arena, the children of each node contiguous.
func parseTrees(b []byte, base int, opts *Options, one bool) ([]Node, error) {
	r := NewReader(b, opts)
	if one && len(b) == 0 {
		return nil, errTruncated(base, "no element", "X.690 8.1.1")
	}
	n, end, err := countTree(r, one)
	if err == nil && one && end < len(b) {
		err = NewError(KindTrailingData, end, "", "unexpected octets after the element", "X.690 8.1.1")
	}
	if err == nil && n*int(unsafe.Sizeof(Node{})) > r.s.opts.MaxAlloc {
		err = NewError(KindLimit, 0, "", "tree larger than the allocation budget", "Options.MaxAlloc")
	}
	if err != nil {
		if e, ok := err.(*Error); ok {
			e.Offset += base
		}
		return nil, err
	}
	if n == 0 {
		return nil, nil
	}
	// The first pass read these octets: the second cannot fail, and needs
	// no budget.
	st := state{opts: r.s.opts, elems: maxInt}
	arena := make([]Node, n)
	top, _ := fillTree(Reader{in: b, end: end, s: &st, ber: r.ber}, b, arena, base)
	return arena[:top:top], nil
}

// countTree checks the elements of r (only the first if one) and returns
// how many there are, nested ones included, and where it stopped. It takes
// the reader by value: recursing with the address of a sub-reader, or
// reading with ReadAny, would make the state escape (one more allocation).
func countTree(r Reader, one bool) (n, end int, err error) {
	for !r.Empty() && !(one && n > 0) {
		var h Header
		c, err := r.readElement(&h, true)
		if err != nil {
			return 0, 0, err
		}
		n++
		if !h.Constructed {
			continue
		}
		if !r.ber && isStringTag(h.Tag) {
			return 0, 0, NewError(KindNonCanonical, h.Offset, h.Tag.String(), "constructed string", "X.690 10.2")
		}
		cs := h.Offset + h.HeaderLen
		m, _, err := countTree(r.sub(cs, cs+len(c)), false)
		if err != nil {
			return 0, 0, err
		}
		n += m
	}
	return n, r.pos, nil
}

// fillTree writes the nodes of the elements of r, which countTree checked,
// to the start of arena, then the children of each constructed one after
// them, depth first (while they are still in the cache). It returns the
// number of elements of r and of nodes written. Contents are sliced from b,
// the input of r: storing slices of r.in would make its state escape.
func fillTree(r Reader, b []byte, arena []Node, base int) (k, next int) {
	for ; !r.Empty(); k++ {
		var h Header
		c, _ := r.readElement(&h, false)
		n := &arena[k]
		*n = Node{Tag: h.Tag, Constructed: h.Constructed, Indefinite: h.Length < 0, Offset: base + h.Offset, HeaderLen: h.HeaderLen, Length: len(c)}
		if cs := h.Offset + h.HeaderLen; !h.Constructed {
			n.Content = b[cs : cs+len(c) : cs+len(c)]
		}
		if !r.ber {
			continue // DER was enforced: nothing to mark
		}
		switch {
		case n.Indefinite:
			n.NonDER = reasonIndefinite
		case h.HeaderLen != HeaderLen(h.Tag, h.Length):
			n.NonDER = reasonLength
		}
		if h.Constructed && isStringTag(h.Tag) {
			n.NonDER = strings.TrimPrefix(n.NonDER+"; "+reasonConstructed, "; ")
		}
	}
	next = k
	for i := range arena[:k] {
		if n := &arena[i]; n.Constructed {
			cs := n.Offset - base + n.HeaderLen
			m, used := fillTree(r.sub(cs, cs+n.Length), b, arena[next:], base)
			n.Children = arena[next : next+m : next+m]
			next += used
		}
	}
	return k, next
}

// TreeDecoder decodes a stream of elements into trees, one top-level
// element at a time: it reads only the octets of the element it returns
// (plus what its buffered reader has read ahead), never the whole input.
type TreeDecoder struct {
	r        *bufio.Reader
	opts     Options
	maxDepth int
	off      int // stream offset of the next element
	buf      []byte
	err      error
	// scratch receives the header octets of an element, so that its
	// buffer is allocated once, at its size, when the contents come.
	scratch [32]byte
}

// NewTreeDecoder returns a decoder reading from r. The limits of opts apply
// to each element, with defaults scaled to the element's size; a non-zero
// MaxAlloc also bounds the size of one element.
func NewTreeDecoder(r io.Reader, opts *Options) *TreeDecoder {
	d := &TreeDecoder{r: bufio.NewReader(r)}
	if opts != nil {
		d.opts = *opts
	}
	d.maxDepth = d.opts.MaxDepth
	if d.maxDepth <= 0 {
		d.maxDepth = DefaultMaxDepth
	}
	return d
}

// Next decodes the next top-level element. It returns io.EOF at the end of
// the stream, and the first error again after an error.
func (d *TreeDecoder) Next() (*Node, error) {
	if d.err != nil {
		return nil, d.err
	}
	d.buf = d.scratch[:0]
	rerr := d.read(0)
	if len(d.buf) > 0 && &d.buf[0] == &d.scratch[0] {
		// A small element still in scratch: the nodes must not alias
		// memory that the next element reuses.
		d.buf = append([]byte(nil), d.buf...)
	}
	if rerr == errStop && len(d.buf) == 0 {
		d.err = io.EOF
		return nil, io.EOF
	}
	if rerr != nil && rerr != errStop {
		d.err = rerr
		return nil, rerr
	}
	// The element (or, after errStop, the octets that show what is wrong
	// with it) is in d.buf: the tree parser checks it and reports errors
	// exactly as ParseTrees would on the whole stream.
	nodes, err := parseTrees(d.buf, d.off, &d.opts, true)
	if err == nil && rerr == errStop {
		err = errTruncated(d.off, "input ends inside the element", "X.690 8.1.1")
	}
	if err != nil {
		d.err = err
		return nil, err
	}
	d.off += len(d.buf)
	return &nodes[0], nil
}

// errStop ends reading an element: the stream ended inside it or its
// headers are invalid, which the tree parser reports.
var errStop = errors.New("stop")

// read appends the next element of the stream to d.buf; depth is that of
// the window it is in. It reads the header octets one at a time, definite
// contents in growing chunks (so that a huge announced length costs memory
// only as the octets arrive), and the elements of indefinite contents up to
// the end-of-contents octets.
func (d *TreeDecoder) read(depth int) error {
	start := len(d.buf)
	// The header octets, one at a time, until they parse or fail otherwise
	// than by ending early: at most 6 identifier octets (parseHighTag fails
	// on longer ones, X.690 8.1.2.4) and 1+127 length octets (8.1.3.5).
	var h Header
	for {
		if err := d.contents(1); err != nil {
			return err
		}
		err := parseIdentifierLength(&h, d.buf[start:], 0, d.opts.BER)
		if err == nil {
			break
		}
		if !errors.Is(err, ErrTruncated) || len(d.buf)-start >= 6+1+127 {
			return errStop // invalid header: the parser says why
		}
	}
	if h.Length >= 0 {
		return d.contents(h.Length)
	}
	if depth >= d.maxDepth {
		return errStop // the parser reports the limit
	}
	for {
		p, err := d.r.Peek(2)
		if len(p) == 2 && p[0] == 0 && p[1] == 0 {
			d.buf = append(d.buf, 0, 0)
			_, err = d.r.Discard(2)
			return err
		}
		if err != nil && err != io.EOF {
			return err
		}
		if err := d.read(depth + 1); err != nil {
			return err
		}
	}
}

// contents appends n octets; at the end of the stream it returns errStop.
// Up to 64 KiB is allocated at once; beyond, the buffer at most doubles per
// chunk read, so that a huge announced length costs memory only as the
// octets arrive. A non-zero MaxAlloc bounds the element.
func (d *TreeDecoder) contents(n int) error {
	for n > 0 {
		chunk := min(n, max(64<<10, len(d.buf)))
		if d.opts.MaxAlloc > 0 && len(d.buf)+chunk > d.opts.MaxAlloc {
			return NewError(KindLimit, d.off, "", "element larger than the allocation budget", "Options.MaxAlloc")
		}
		old := len(d.buf)
		d.buf = slices.Grow(d.buf, chunk)[:old+chunk]
		got, err := io.ReadFull(d.r, d.buf[old:])
		d.buf = d.buf[:old+got]
		if err == io.EOF || err == io.ErrUnexpectedEOF {
			return errStop
		}
		if err != nil {
			return err
		}
		n -= chunk
	}
	return nil
}

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
	n, err := countTree(&r, one)
	if err == nil && one && !r.Empty() {
		err = NewError(KindTrailingData, r.pos, "", "unexpected octets after the element", "X.690 8.1.1")
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
	top := fillNodes(&Reader{in: b, end: r.pos, s: &st, ber: r.ber}, b, arena, base)
	next := top
	for i := range arena[:top] {
		if arena[i].Constructed {
			next = fillChildren(&arena[i], b, arena, next, base, &st)
		}
	}
	return arena[:top:top], nil
}

// fillChildren fills arena[next:] with the children of nd, then their
// children depth first (while they are still in the cache), and returns
// the new next.
func fillChildren(nd *Node, b []byte, arena []Node, next, base int, s *state) int {
	cs := nd.Offset - base + nd.HeaderLen
	k := fillNodes(&Reader{in: b, pos: cs, end: cs + nd.Length, s: s, ber: s.opts.BER}, b, arena[next:], base)
	nd.Children = arena[next : next+k : next+k]
	next += k
	for i := range nd.Children {
		if nd.Children[i].Constructed {
			next = fillChildren(&nd.Children[i], b, arena, next, base, s)
		}
	}
	return next
}

// countTree checks the elements of r (only the first if one) and returns
// how many there are, nested ones included. It walks depth first with a
// stack of the windows to resume rather than recursion, so that the
// Reader's state does not escape (a tree costs one allocation). In BER it
// enters indefinite-length contents without measuring them first, so that
// nested ones are read once.
func countTree(r *Reader, one bool) (int, error) {
	n := 0
	var buf [2 * DefaultMaxDepth]int
	stack := buf[:0] // per enclosing window: where to resume (-1: after end-of-contents), and its end
	for {
		for len(stack) > 0 {
			resume := stack[len(stack)-2]
			if resume < 0 && r.end-r.pos >= 2 && r.in[r.pos] == 0 && r.in[r.pos+1] == 0 {
				r.pos += 2 // X.690 8.1.5: end-of-contents
			} else if resume < 0 && r.pos >= r.end {
				return 0, errTruncated(r.pos, "input ends before the end-of-contents octets", "X.690 8.1.5")
			} else if resume >= 0 && r.pos >= r.end {
				r.pos = resume
			} else {
				break
			}
			r.end, r.depth, stack = stack[len(stack)-1], r.depth-1, stack[:len(stack)-2]
		}
		if r.Empty() || one && n > 0 && len(stack) == 0 {
			return n, nil
		}
		p := r.pos
		var h Header
		id, cs, ce, ok := r.fast()
		if ok && r.s.elems > 0 {
			r.s.elems--
			h = Header{Tag{Class(id >> 6), uint32(id & 0x1f)}, id&0x20 != 0, p, cs - p, ce - cs}
		} else if err := r.header(&h); err != nil {
			return 0, err
		}
		n++
		cs = h.Offset + h.HeaderLen
		switch {
		case !h.Constructed:
			r.pos = cs + h.Length
			continue
		case !r.ber && isStringTag(h.Tag):
			return 0, NewError(KindNonCanonical, p, h.Tag.String(), "constructed string", "X.690 10.2")
		case int(r.depth) >= r.s.opts.MaxDepth:
			return 0, r.errDepth(p, "")
		case h.Length < 0:
			stack = append(stack, -1, r.end)
		default:
			stack = append(stack, cs+h.Length, r.end)
			r.end = cs + h.Length
		}
		r.pos, r.depth = cs, r.depth+1
	}
}

// fillNodes writes the nodes of the elements of r, which countTree checked,
// into dst and returns how many.
func fillNodes(r *Reader, b []byte, dst []Node, base int) int {
	k := 0
	for ; k < len(dst) && !r.Empty(); k++ {
		n := &dst[k]
		if id, cs, ce, ok := r.fast(); ok {
			n.Tag, n.Constructed, n.Offset, n.HeaderLen, n.Length = Tag{Class(id >> 6), uint32(id & 0x1f)}, id&0x20 != 0, base+r.pos, 2, ce-cs
			if r.pos = ce; id&0x20 == 0 {
				n.Content = b[cs:ce:ce]
			} else if r.ber && isStringTag(n.Tag) {
				n.NonDER = reasonConstructed // X.690 10.2
			}
			continue
		}
		var h Header
		c, err := r.readElement(&h)
		if err != nil {
			break
		}
		n.Tag, n.Constructed, n.Offset, n.HeaderLen, n.Length = h.Tag, h.Constructed, base+h.Offset, h.HeaderLen, len(c)
		if cs := h.Offset + h.HeaderLen; !h.Constructed {
			n.Content = b[cs : cs+len(c) : cs+len(c)] // not c: storing it would make r's state escape
		}
		if !r.ber {
			continue // DER was enforced: nothing to mark
		}
		why := ""
		if h.Length < 0 {
			n.Indefinite, why = true, "; "+reasonIndefinite
		} else if h.HeaderLen != HeaderLen(h.Tag, h.Length) {
			why = "; " + reasonLength
		}
		if h.Constructed && isStringTag(h.Tag) {
			why += "; " + reasonConstructed
		}
		n.NonDER = strings.TrimPrefix(why, "; ")
	}
	return k
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
	if rerr == io.EOF && len(d.buf) == 0 {
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
		if _, err := d.byte(); err != nil {
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
			if err == io.EOF {
				return errStop
			}
			return err
		}
	}
}

// byte reads one octet into d.buf; at the end of the stream it returns
// errStop, or io.EOF if nothing of the element was read yet.
func (d *TreeDecoder) byte() (byte, error) {
	c, err := d.r.ReadByte()
	if err == io.EOF {
		if len(d.buf) == 0 {
			return 0, io.EOF
		}
		return 0, errStop
	}
	if err != nil {
		return 0, err
	}
	if err := d.grow(1); err != nil {
		return 0, err
	}
	d.buf = append(d.buf, c)
	return c, nil
}

// grow checks that n more octets keep the element within MaxAlloc.
func (d *TreeDecoder) grow(n int) error {
	if d.opts.MaxAlloc > 0 && len(d.buf)+n > d.opts.MaxAlloc {
		return NewError(KindLimit, d.off, "", "element larger than the allocation budget", "Options.MaxAlloc")
	}
	return nil
}

// contents appends n contents octets. Up to 64 KiB is allocated at once;
// beyond, the buffer at most doubles per chunk read, so that a huge
// announced length costs memory only as the octets arrive.
func (d *TreeDecoder) contents(n int) error {
	for n > 0 {
		chunk := min(n, max(64<<10, len(d.buf)))
		if err := d.grow(chunk); err != nil {
			return err
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

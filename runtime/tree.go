package runtime

import (
	"bufio"
	"errors"
	"io"
	"slices"
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

// The reasons a Node is marked NonDER, combined without allocating.
const (
	reasonIndefinite  = "indefinite length (X.690 10.1)"
	reasonLength      = "length not in the minimal form (X.690 10.1)"
	reasonConstructed = "constructed string (X.690 10.2)"
)

var nonDERReasons = [8]string{
	ndLength:                           reasonLength,
	ndIndefinite:                       reasonIndefinite,
	ndConstructedString:                reasonConstructed,
	ndConstructedString | ndLength:     reasonLength + "; " + reasonConstructed,
	ndConstructedString | ndIndefinite: reasonIndefinite + "; " + reasonConstructed,
}

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
func ParseTrees(b []byte, opts *Options) ([]Node, error) {
	return parseTrees(b, 0, opts, false)
}

// treeParser builds trees in two passes. The first checks every header and
// counts the elements, so that hostile input is rejected before anything is
// allocated and the nodes fit in one exact allocation. The second fills that
// arena breadth-first, so that the children of each node are contiguous.
type treeParser struct {
	b     []byte
	base  int // offset of b[0] in the input or stream
	ber   bool
	opts  Options
	nodes int
	// indef records, in order of offset, the contents length of each
	// indefinite-length element found by the first pass, for the second.
	indef []indefLength
}

type indefLength struct{ off, n int }

func parseTrees(b []byte, base int, opts *Options, one bool) ([]Node, error) {
	p := treeParser{b: b, base: base}
	if opts != nil {
		p.opts = *opts
	}
	p.opts.resolve(len(b))
	p.ber = p.opts.BER
	end := len(b)
	if one {
		if len(b) == 0 {
			return nil, errTruncated(base, "no element", "X.690 8.1.1")
		}
		n, err := p.scan(0, len(b), 0, false, true)
		if err != nil {
			return nil, err
		}
		if n != len(b) {
			return nil, NewError(KindTrailingData, base+n, "", "unexpected octets after the element", "X.690 8.1.1")
		}
		end = n
	} else if _, err := p.scan(0, len(b), 0, false, false); err != nil {
		return nil, err
	}
	size := p.nodes*int(unsafe.Sizeof(Node{})) + cap(p.indef)*int(unsafe.Sizeof(indefLength{}))
	if size > p.opts.MaxAlloc {
		return nil, NewError(KindLimit, base, "", "tree larger than the allocation budget", "Options.MaxAlloc")
	}
	if p.nodes == 0 {
		return nil, nil
	}
	arena := make([]Node, p.nodes)
	top, err := p.fill(arena, 0, end)
	next := top
	for i := 0; i < next && err == nil; i++ {
		n := &arena[i]
		if !n.Constructed {
			continue
		}
		cs := n.Offset - base + n.HeaderLen
		var k int
		k, err = p.fill(arena[next:], cs, cs+n.Length)
		n.Children = arena[next : next+k : next+k]
		next += k
	}
	if err != nil {
		return nil, err
	}
	return arena[:top:top], nil
}

// scan checks the elements of b[i:end] and counts them; contents are at
// depth. For indefinite contents it stops at the end-of-contents octets and
// returns their offset; otherwise it returns end (or, with one, the end of
// the first element).
func (p *treeParser) scan(i, end, depth int, indef, one bool) (int, error) {
	b := p.b
	for {
		if indef {
			if end-i >= 2 && b[i] == 0 && b[i+1] == 0 {
				return i, nil
			}
			if i == end {
				return 0, errTruncated(p.base+i, "input ends before the end-of-contents octets", "X.690 8.1.5")
			}
		} else if i == end {
			return i, nil
		}
		// Fast path: a primitive with a tag number below 31 (not
		// UNIVERSAL 0) and a short length that fits.
		if c := b[i]; c&0x3f != 0x1f && c&0x20 == 0 && c&0xdf != 0 && i+1 < end && b[i+1] < 0x80 && int(b[i+1]) <= end-i-2 && p.nodes < p.opts.MaxElements {
			p.nodes++
			i += 2 + int(b[i+1])
			if one {
				return i, nil
			}
			continue
		}
		var h Header
		_, err := parseHeader(&h, b[i:end], p.base+i, p.ber)
		if err != nil {
			return 0, err
		}
		p.nodes++
		if p.nodes > p.opts.MaxElements {
			return 0, NewError(KindLimit, p.base+i, "", "too many elements", "Options.MaxElements")
		}
		cs := i + h.HeaderLen
		switch {
		case !h.Constructed:
			i = cs + h.Length
		case !p.ber && isStringTag(h.Tag):
			return 0, NewError(KindNonCanonical, p.base+i, h.Tag.String(), "constructed string", "X.690 10.2")
		case depth >= p.opts.MaxDepth:
			return 0, NewError(KindLimit, p.base+i, "", "nesting too deep", "Options.MaxDepth")
		case h.Length >= 0:
			if _, err := p.scan(cs, cs+h.Length, depth+1, false, false); err != nil {
				return 0, err
			}
			i = cs + h.Length
		default:
			k := len(p.indef)
			p.indef = append(p.indef, indefLength{off: i})
			e, err := p.scan(cs, end, depth+1, true, false)
			if err != nil {
				return 0, err
			}
			p.indef[k].n = e - cs
			i = e + 2
		}
		if one {
			return i, nil
		}
	}
}

// fill writes the nodes of the elements of b[i:end], which scan checked,
// into dst and returns how many.
func (p *treeParser) fill(dst []Node, i, end int) (int, error) {
	k := 0
	b := p.b
	for i < end {
		// Fast path: a tag number below 31 and a short length, which
		// scan has checked already.
		if c := b[i]; c&0x1f != 0x1f && i+1 < end && b[i+1] < 0x80 && k < len(dst) {
			n := &dst[k]
			k++
			l := int(b[i+1])
			n.Tag, n.Constructed, n.Offset, n.HeaderLen, n.Length = Tag{Class(c >> 6), uint32(c & 0x1f)}, c&0x20 != 0, p.base+i, 2, l
			cs := i + 2
			i = cs + l
			if !n.Constructed {
				n.Content = b[cs:i:i]
			} else if isStringTag(n.Tag) {
				n.NonDER = reasonConstructed
			}
			continue
		}
		var h Header
		nd, err := parseHeader(&h, p.b[i:end], p.base+i, p.ber)
		if err != nil {
			return k, err
		}
		if k == len(dst) {
			return k, NewError(KindMalformed, p.base+i, "", "tree changed between passes", "")
		}
		n := &dst[k]
		k++
		n.Tag, n.Constructed, n.Offset, n.HeaderLen = h.Tag, h.Constructed, h.Offset, h.HeaderLen
		cs := i + h.HeaderLen
		n.Length = h.Length
		if h.Length < 0 {
			j, ok := slices.BinarySearchFunc(p.indef, i, func(e indefLength, off int) int { return e.off - off })
			if !ok {
				return k, NewError(KindMalformed, p.base+i, "", "tree changed between passes", "")
			}
			n.Length, n.Indefinite = p.indef[j].n, true
		}
		i = cs + n.Length
		if n.Indefinite {
			i += 2 // X.690 8.1.5: end-of-contents octets
		}
		if !h.Constructed {
			n.Content = p.b[cs : cs+n.Length : cs+n.Length]
		} else if isStringTag(h.Tag) {
			nd |= ndConstructedString
		}
		if nd != 0 {
			n.NonDER = nonDERReasons[nd]
		}
	}
	return k, nil
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
	c, err := d.byte()
	if err != nil {
		if err == io.EOF && start == 0 {
			return io.EOF
		}
		return err
	}
	if c&0x1f == 0x1f {
		// X.690 8.1.2.4: base-128 tag number; parseHighTag fails within
		// 5 octets, so no more are needed to report it.
		for i := 0; i < 6; i++ {
			t, err := d.byte()
			if err != nil {
				return err
			}
			if t < 0x80 {
				break
			}
		}
	}
	l, err := d.byte()
	if err != nil {
		return err
	}
	if l > 0x80 && l < 0xff {
		for i := 0; i < int(l&0x7f); i++ {
			if _, err := d.byte(); err != nil {
				return err
			}
		}
	}
	var h Header
	if _, err := parseIdentifierLength(&h, d.buf[start:], 0, d.opts.BER); err != nil || h.HeaderLen != len(d.buf)-start {
		return errStop // invalid header: the parser says why
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

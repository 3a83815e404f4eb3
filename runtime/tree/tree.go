// Package tree decodes any DER or BER input, without a schema, into a tree
// of elements: the generic decode behind `asn1gen dump`, for tools that
// show, check or walk encodings whose type they do not know. It also holds
// the schema-less BER to DER normalizer.
//
// Generated code does not import it: it decodes with the typed reads of
// package der, whose Options, errors and Tag this package uses.
package tree

import (
	"bufio"
	"errors"
	"io"
	"slices"
	"strings"
	"unsafe"

	"github.com/asn1gen/asn1gen/runtime/der"
)

// Node is one element of a tree.
type Node struct {
	Tag         der.Tag
	Constructed bool
	Indefinite  bool // BER indefinite-length form; Length excludes the end-of-contents octets
	// Truncated is set by ParsePrefix on an element that runs past the end
	// of the input or of the element holding it (or lacks its
	// end-of-contents octets): Length is as announced, Content and
	// Children what there is of them.
	Truncated bool
	Offset    int // offset of the identifier octets (from the start of the input or stream)
	HeaderLen int // number of identifier and length octets
	Length    int // number of contents octets (for Indefinite: before the end-of-contents octets)
	Content   []byte
	Children  []Node // constructed elements: the elements of the contents
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

// Parse decodes b, which must hold exactly one element, into a tree.
// Contents alias b. Strict DER unless opts.BER; in BER, non-DER forms are
// recorded in Node.NonDER. The limits of opts apply (nil: the defaults).
func Parse(b []byte, opts *der.Options) (*Node, error) {
	nodes, err := parseAll(b, 0, opts, true)
	if err != nil {
		return nil, err
	}
	return &nodes[0], nil
}

// ParseAll decodes all the elements of b, one after the other, into trees.
func ParseAll(b []byte, opts *der.Options) ([]Node, error) { return parseAll(b, 0, opts, false) }

// parseAll builds trees with the der.Reader in two passes; base is the
// offset of b[0] in the stream, added to offsets. The first pass checks
// every element and counts them, so that hostile input is rejected before
// anything is allocated and the nodes fit in one exact allocation. The
// second fills that arena, the children of each node contiguous.
func parseAll(b []byte, base int, opts *der.Options, one bool) ([]Node, error) {
	r := der.NewReader(b, opts)
	if one && len(b) == 0 {
		return nil, der.NewError(der.KindTruncated, base, "", "no element", "X.690 8.1.1")
	}
	n, end, err := countTree(r, one)
	if err == nil && one && end < len(b) {
		err = der.NewError(der.KindTrailingData, end, "", "unexpected octets after the element", "X.690 8.1.1")
	}
	if err == nil && n*int(unsafe.Sizeof(Node{})) > r.Options().MaxAlloc {
		err = der.NewError(der.KindLimit, 0, "", "tree larger than the allocation budget", "Options.MaxAlloc")
	}
	if err != nil {
		if e, ok := err.(*der.Error); ok {
			e.Offset += base
		}
		return nil, err
	}
	if n == 0 {
		return nil, nil
	}
	// The first pass read these octets: the second cannot fail, and its
	// budgets, fresh, cover what the first took.
	arena := make([]Node, n)
	top, _ := fillTree(der.NewReader(b[:end], opts), b, arena, base)
	return arena[:top:top], nil
}

// countTree checks the elements of r (only the first if one) and returns how many there are, nested ones included, and where it
// stopped. It takes the reader by value: recursing with the address of a
// sub-reader, or reading with ReadAny, would make the state escape (one
// more allocation).
func countTree(r der.Reader, one bool) (n, end int, err error) {
	for !r.Empty() && !(one && n > 0) {
		var h der.Header
		c, err := r.ReadElement(&h)
		if err != nil {
			return 0, 0, err
		}
		n++
		if !h.Constructed {
			continue
		}
		if !r.BER() && h.Tag.IsString() {
			return 0, 0, der.NewError(der.KindNonCanonical, h.Offset, h.Tag.String(), "constructed string", "X.690 10.2")
		}
		m, _, err := countTree(r.Open(c, h.Offset+h.HeaderLen), false)
		if err != nil {
			return 0, 0, err
		}
		n += m
	}
	return n, r.Offset(), nil
}

// fillTree writes the nodes of the elements of r, which countTree checked,
// to the start of arena, then the children of each constructed one after
// them, depth first (while they are still in the cache). It returns the
// number of elements of r and of nodes written. Contents are sliced from b,
// the input of r.
func fillTree(r der.Reader, b []byte, arena []Node, base int) (k, next int) {
	for ; !r.Empty(); k++ {
		var h der.Header
		c, _ := r.ReadElement(&h)
		n := &arena[k]
		*n = Node{Tag: h.Tag, Constructed: h.Constructed, Indefinite: h.Length < 0, Offset: base + h.Offset, HeaderLen: h.HeaderLen, Length: len(c)}
		if cs := h.Offset + h.HeaderLen; !h.Constructed {
			n.Content = b[cs : cs+len(c) : cs+len(c)]
		}
		if !r.BER() {
			continue // DER was enforced: nothing to mark
		}
		switch {
		case n.Indefinite:
			n.NonDER = reasonIndefinite
		case h.HeaderLen != der.HeaderLen(h.Tag, h.Length):
			n.NonDER = reasonLength
		}
		if h.Constructed && h.Tag.IsString() {
			n.NonDER = strings.TrimPrefix(n.NonDER+"; "+reasonConstructed, "; ")
		}
	}
	next = k
	for i := range arena[:k] {
		if n := &arena[i]; n.Constructed {
			cs := n.Offset - base + n.HeaderLen
			m, used := fillTree(r.Open(b[cs:cs+n.Length], cs), b, arena[next:], base)
			n.Children = arena[next : next+m : next+m]
			next += used
		}
	}
	return k, next
}

// Decoder decodes a stream of elements into trees, one top-level
// element at a time: it reads only the octets of the element it returns
// (plus what its buffered reader has read ahead), never the whole input.
type Decoder struct {
	r        *bufio.Reader
	opts     der.Options
	maxDepth int
	off      int // stream offset of the next element
	buf      []byte
	err      error
	// scratch receives the header octets of an element, so that its
	// buffer is allocated once, at its size, when the contents come.
	scratch [32]byte
}

// NewDecoder returns a decoder reading from r. The limits of opts apply
// to each element, with defaults scaled to the element's size; a non-zero
// MaxAlloc also bounds the size of one element.
func NewDecoder(r io.Reader, opts *der.Options) *Decoder {
	d := &Decoder{r: bufio.NewReader(r)}
	if opts != nil {
		d.opts = *opts
	}
	d.maxDepth = d.opts.MaxDepth
	if d.maxDepth <= 0 {
		d.maxDepth = der.DefaultMaxDepth
	}
	return d
}

// Next decodes the next top-level element. It returns io.EOF at the end of
// the stream, and the first error again after an error.
func (d *Decoder) Next() (*Node, error) {
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
	// exactly as ParseAll would on the whole stream.
	nodes, err := parseAll(d.buf, d.off, &d.opts, true)
	if err == nil && rerr == errStop {
		err = der.NewError(der.KindTruncated, d.off, "", "input ends inside the element", "X.690 8.1.1")
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
func (d *Decoder) read(depth int) error {
	start := len(d.buf)
	// The header octets, one at a time, until they parse or fail otherwise
	// than by ending early: at most 6 identifier octets (der.ParseHeader
	// fails on longer ones, X.690 8.1.2.4) and 1+127 length octets
	// (8.1.3.5).
	var h der.Header
	for {
		if err := d.contents(1); err != nil {
			return err
		}
		var err error
		if h, err = der.ParseHeader(d.buf[start:], 0, d.opts.BER); err == nil {
			break
		}
		if !errors.Is(err, der.ErrTruncated) || len(d.buf)-start >= 6+1+127 {
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
func (d *Decoder) contents(n int) error {
	for n > 0 {
		chunk := min(n, max(64<<10, len(d.buf)))
		if d.opts.MaxAlloc > 0 && len(d.buf)+chunk > d.opts.MaxAlloc {
			return der.NewError(der.KindLimit, d.off, "", "element larger than the allocation budget", "Options.MaxAlloc")
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

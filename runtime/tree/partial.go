package tree

import (
	"errors"

	"github.com/asn1gen/asn1gen/runtime/der"
)

// ParsePrefix is ParseAll for an input that does not parse: it returns,
// with ParseAll's error, the trees of what could be read before the
// error, as a dump of a truncated or corrupt file shows them. The elements
// before the element at fault are whole; the elements that enclose it hold
// the children read before it. An element whose contents the input cuts
// short (KindTruncated) is there with its Length as announced, its Content
// (primitive) or children (constructed) what the input has of them. For an
// input ParseAll accepts, it returns ParseAll's trees.
//
// It allocates as the input is read, unlike Parse: it is for showing an
// input that failed to parse, bounded by the options' depth and by the
// input's length (every node takes two octets of it at least).
func ParsePrefix(b []byte, opts *der.Options) ([]Node, error) {
	nodes, err := ParseAll(b, opts)
	if err == nil {
		return nodes, nil
	}
	var o der.Options
	if opts != nil {
		o = *opts
	}
	if o.MaxDepth <= 0 {
		o.MaxDepth = der.DefaultMaxDepth
	}
	// Elements from the offset of the error on are not shown, except
	// that a truncation is reported at the element whose contents run
	// past the input, whose start is to be shown.
	limit := len(b)
	var e *der.Error
	if errors.As(err, &e) && e.Offset >= 0 && e.Kind != der.KindTruncated {
		limit = min(e.Offset, len(b))
	}
	p := prefix{in: b, limit: limit, opts: &o}
	nodes, _, _ = p.elements(0, len(b), 0, false)
	return nodes, err
}

// prefix walks an input up to limit for ParsePrefix.
type prefix struct {
	in    []byte
	limit int
	opts  *der.Options
}

// elements returns the nodes of the elements in [off, end) at depth (if
// indef, up to the end-of-contents octets), the offset after the last one
// (and after the end-of-contents octets), and whether the walk read them
// all; it stops at the first element that cannot be read whole.
func (p *prefix) elements(off, end, depth int, indef bool) (nodes []Node, next int, whole bool) {
	for off < end && off < p.limit {
		if indef && off+1 < end && p.in[off] == 0 && p.in[off+1] == 0 {
			return nodes, off + 2, true
		}
		h, err := der.ParseHeader(p.in[off:end], off, p.opts.BER)
		if err != nil {
			return nodes, off, false
		}
		n := Node{Tag: h.Tag, Constructed: h.Constructed, Indefinite: h.Length < 0, Offset: off, HeaderLen: h.HeaderLen, Length: h.Length}
		cs := off + h.HeaderLen
		ce, ok := end, false
		switch {
		case h.Constructed && depth >= p.opts.MaxDepth:
			return append(nodes, n), end, false
		case n.Indefinite:
			n.Children, ce, ok = p.elements(cs, end, depth+1, true)
			if n.Length = ce - cs; ok {
				n.Length -= 2 // the end-of-contents octets
			}
			n.Truncated = !ok && ce == end
		case h.Length > end-cs:
			n.Truncated = true
			fallthrough
		default:
			if !n.Truncated {
				ce, ok = cs+h.Length, true
			}
			if h.Constructed {
				var inner bool
				n.Children, _, inner = p.elements(cs, ce, depth+1, false)
				ok = ok && inner
			} else {
				n.Content = p.in[cs:ce:ce]
			}
		}
		if nodes, off = append(nodes, n), ce; !ok {
			return nodes, off, false
		}
	}
	return nodes, off, !indef && off >= end
}

package oer

import (
	"strconv"
	"unsafe"

	"github.com/asn1gen/asn1gen/runtime/der"
)

// Options control one decode. The zero value (or a nil *Options) selects
// BASIC-OER with the default limits, which are safe for hostile input.
type Options struct {
	// Canonical makes the decode accept only CANONICAL-OER: the forms
	// that BASIC-OER lets an encoder choose are then KindNonCanonical
	// errors (see the package doc).
	Canonical bool
	// MaxAlloc is the most bytes one decode may allocate (the slices of
	// SEQUENCE OF, strings converted to Go strings, big integers). 0
	// selects DefaultAllocFactor bytes per input octet plus
	// DefaultAllocSlack.
	MaxAlloc int
	// MaxDepth is the deepest nesting of the types that generated code
	// counts with Reader.Enter (recursive ones). 0 selects
	// DefaultMaxDepth.
	MaxDepth int
}

// Default limits (see Options). OER spends at least a quantity field of
// two octets on a SEQUENCE OF, whose elements may take no octet (NULL),
// so the budget per input octet is smaller than package per's.
const (
	DefaultMaxDepth    = 64
	DefaultAllocFactor = 64
	DefaultAllocSlack  = 64 << 10
)

// Reader reads an OER encoding. NewReader makes one over a complete
// encoding; Field makes one over an open type field. Generated code passes
// a pointer to the one the entry point made.
type Reader struct {
	buf       []byte
	pos       int // next octet to read in buf
	base      int // offset of buf in the outermost input (for errors)
	canonical bool
	alloc     int   // bytes that may still be allocated
	depth     int   // how much deeper Enter may go
	err       error // the first error of the sticky methods (sticky.go)
}

// NewReader returns a Reader over b, a complete OER encoding.
func NewReader(b []byte, opts *Options) Reader {
	var o Options
	if opts != nil {
		o = *opts
	}
	if o.MaxDepth <= 0 {
		o.MaxDepth = DefaultMaxDepth
	}
	if o.MaxAlloc <= 0 {
		o.MaxAlloc = DefaultAllocFactor*len(b) + DefaultAllocSlack
	}
	return Reader{buf: b, canonical: o.Canonical, alloc: o.MaxAlloc, depth: o.MaxDepth}
}

// Canonical reports whether r accepts only CANONICAL-OER.
func (r *Reader) Canonical() bool { return r.canonical }

// Offset returns the offset of the next octet in the outermost input.
func (r *Reader) Offset() int { return r.base + r.pos }

// Since returns the octets r has read from the offset at (an Offset of
// r) on; they alias the input. A canonical decoder compares a DEFAULT
// component's octets with its default's encoding (X.696 16.2).
func (r *Reader) Since(at int) []byte {
	if at < r.base || at-r.base > r.pos {
		return nil
	}
	return r.buf[at-r.base : r.pos : r.pos]
}

// Left returns the number of octets left in what r reads.
func (r *Reader) Left() int { return len(r.buf) - r.pos }

// Finish checks that r has read all of its input: octets after a complete
// encoding are a KindTrailingData error.
func (r *Reader) Finish() error {
	if r.pos < len(r.buf) {
		return r.errAt(r.pos, der.KindTrailingData, "", strconv.Itoa(len(r.buf)-r.pos)+" octets after the complete encoding", "X.696 8.5")
	}
	return nil
}

// Enter counts one level of nesting of a recursive type; Leave undoes it.
func (r *Reader) Enter(typ string) error {
	if r.depth <= 0 {
		return r.errAt(r.pos, der.KindLimit, typ, "nesting deeper than the limit", "")
	}
	r.depth--
	return nil
}

// Leave undoes one Enter.
func (r *Reader) Leave() { r.depth++ }

// Alloc charges n bytes that a decode is about to allocate to its budget.
func (r *Reader) Alloc(n int, typ string) error { return r.allocAt(r.pos, n, typ) }

// allocAt is Alloc for the item read at octet pos, where its error goes.
func (r *Reader) allocAt(pos, n int, typ string) error {
	if n < 0 || n > r.alloc {
		return r.errAt(pos, der.KindLimit, typ, "decode would allocate more than its limit", "")
	}
	r.alloc -= n
	return nil
}

// MakeSlice returns a slice of n zero elements, charged to r's budget, for
// a SEQUENCE OF whose quantity ReadQuantity returned: n comes from the
// input, and elements that take no octet (NULL) make it unbounded by it.
func MakeSlice[T any](r *Reader, n int) ([]T, error) {
	var zero T
	size := int(unsafe.Sizeof(zero))
	if n < 0 || size > 0 && n > r.alloc/size {
		return nil, r.errAt(r.pos, der.KindLimit, "SEQUENCE OF", "decode would allocate more than its limit", "")
	}
	r.alloc -= n * size
	return make([]T, n), nil
}

// Error returns an error of kind k at r's position, for the checks of
// generated code (an unknown alternative, a value outside a constraint).
func (r *Reader) Error(k der.Kind, typ, msg, rule string) error {
	return r.errAt(r.pos, k, typ, msg, rule)
}

// errAt returns an error at octet pos of buf.
//
//go:noinline
func (r *Reader) errAt(pos int, k der.Kind, typ, msg, rule string) error {
	return der.NewError(k, r.base+pos, typ, msg, rule)
}

// truncated returns the error of an item at pos that needs n octets where
// fewer are left: its offset is that of the item, as in package per.
//
//go:noinline
func (r *Reader) truncated(pos int, typ string, n int) error {
	return r.errAt(pos, der.KindTruncated, typ, "needs "+strconv.Itoa(n)+" octets, "+strconv.Itoa(len(r.buf)-r.pos)+" left", "X.696 8.5")
}

// nonCanonical returns the error of a BASIC-OER form that CANONICAL-OER
// does not allow, at octet pos.
//
//go:noinline
func (r *Reader) nonCanonical(pos int, typ, msg, rule string) error {
	return r.errAt(pos, der.KindNonCanonical, typ, msg, rule)
}

// take returns the next n octets, aliasing the input, or the error of an
// item starting at pos (the caller's, which may be before r.pos) that is
// cut short.
func (r *Reader) take(pos, n int, typ string) ([]byte, error) {
	if n < 0 || n > len(r.buf)-r.pos {
		return nil, r.truncated(pos, typ, n)
	}
	b := r.buf[r.pos : r.pos+n : r.pos+n]
	r.pos += n
	return b, nil
}

// Field returns a Reader over b, the contents of an open type field that
// ReadOpen of r returned with its offset at: it reads with r's options,
// nesting depth and allocation budget, and its errors count from the start
// of r's outermost input. EndField ends it.
func (r *Reader) Field(b []byte, at int) Reader {
	return Reader{buf: b, base: at, canonical: r.canonical, alloc: r.alloc, depth: r.depth}
}

// EndField checks that f, made by Field, read all of its field, and
// charges r what f allocated.
func (r *Reader) EndField(f *Reader) error {
	r.alloc = f.alloc
	if f.pos < len(f.buf) {
		return f.errAt(f.pos, der.KindTrailingData, "open type", strconv.Itoa(len(f.buf)-f.pos)+" octets after the value in its field", "X.696 30")
	}
	return nil
}

package jer

import (
	"strconv"
	"unsafe"

	"github.com/asn1gen/asn1gen/runtime/der"
)

// Options control one decode. The zero value (or a nil *Options) selects
// the default limits, which are safe for hostile input.
type Options struct {
	// MaxAlloc is the most bytes one decode may allocate (slices,
	// strings, octets, big integers). 0 selects DefaultAllocFactor bytes
	// per input byte plus DefaultAllocSlack.
	MaxAlloc int
	// MaxDepth is the deepest nesting of the recursive types (counted
	// with Reader.Enter) and of the JSON values a decoder skips. 0
	// selects DefaultMaxDepth.
	MaxDepth int
}

// Default limits (see Options). The shortest JSON element, 0 or [],
// takes two bytes with its comma: a slice of 8-byte elements costs at
// most 4 bytes per input byte, and the factor leaves room for wider ones.
const (
	DefaultMaxDepth    = 64
	DefaultAllocFactor = 32
	DefaultAllocSlack  = 64 << 10
)

// Reader reads a JER encoding, keeping the first error (sticky.go's
// methods).
type Reader struct {
	buf   []byte
	pos   int
	alloc int
	depth int
	// open: an object or array has just been opened, and its first
	// member or element needs no comma before it. Next and NextElem
	// clear it; nested values set and clear it before the outer one
	// looks again.
	open bool
	// key is the name of the member Next has read, aliasing buf unless
	// it had escapes.
	key []byte
	// root is the ASN.1 name of the type of the outermost value, which
	// its decoder gives the first call of Object, Array, Enter or Name
	// ("" until then, and for a type defined as a built-in type):
	// Unmarshal puts it first in an error's path.
	root string
	err  error
}

// top notes typ, the type of a value a decoder starts to read, as the
// root's if it is the first.
func (r *Reader) top(typ string) {
	if r.root == "" {
		r.root = typ
	}
}

// NewReader returns a Reader over b, a complete JER encoding.
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
	return Reader{buf: b, alloc: o.MaxAlloc, depth: o.MaxDepth}
}

// Offset returns the offset of the next byte to read.
func (r *Reader) Offset() int { return r.pos }

// Err returns the first error of the decode, or nil.
func (r *Reader) Err() error { return r.err }

// Fail keeps err as the decode's error, field (unless "") first in its
// path, unless the decode has failed already with another error. The
// error a nested value's decode kept and returned gets field prepended.
func (r *Reader) Fail(err error, field string) {
	if err == nil || r.err != nil && r.err != err {
		return
	}
	if field != "" {
		err = der.WithField(err, field)
	}
	r.err = err
}

// fail keeps the error of kind k at byte at.
//
//go:noinline
func (r *Reader) fail(at int, k der.Kind, typ, msg, rule, field string) {
	r.Fail(der.NewError(k, at, typ, msg, rule), field)
}

// Finish checks that only whitespace follows the value.
func (r *Reader) Finish() error {
	if r.err != nil {
		return r.err
	}
	r.ws()
	if r.pos < len(r.buf) {
		return der.NewError(der.KindTrailingData, r.pos, "", strconv.Itoa(len(r.buf)-r.pos)+" bytes after the value", "RFC 8259 2")
	}
	return nil
}

// Enter counts one level of nesting of a recursive type; Leave undoes it.
func (r *Reader) Enter(typ string) error {
	r.top(typ)
	if r.depth <= 0 {
		return der.NewError(der.KindLimit, r.pos, typ, "nesting deeper than the limit", "")
	}
	r.depth--
	return nil
}

// Leave undoes one Enter.
func (r *Reader) Leave() { r.depth++ }

// Alloc charges n bytes that a decode is about to allocate to its budget.
func (r *Reader) Alloc(n int, typ string) error {
	if n < 0 || n > r.alloc {
		return der.NewError(der.KindLimit, r.pos, typ, "decode would allocate more than its limit", "")
	}
	r.alloc -= n
	return nil
}

// Grow returns s with one more zero element, charged to r's budget, for
// the elements of a SEQUENCE OF; s unchanged (and the error kept) when
// the budget is spent.
func Grow[T any](r *Reader, s []T) []T {
	var zero T
	if err := r.Alloc(int(unsafe.Sizeof(zero)), "SEQUENCE OF"); err != nil {
		r.Fail(err, "")
		return s
	}
	return append(s, zero)
}

// ws skips JSON whitespace (RFC 8259 2).
func (r *Reader) ws() {
	for r.pos < len(r.buf) {
		switch r.buf[r.pos] {
		case ' ', '\t', '\n', '\r':
			r.pos++
		default:
			return
		}
	}
}

// peek skips whitespace and returns the next byte, 0 at the end.
func (r *Reader) peek() byte {
	r.ws()
	if r.pos < len(r.buf) {
		return r.buf[r.pos]
	}
	return 0
}

// expected keeps the error of a value that is not what the type needs.
//
//go:noinline
func (r *Reader) expected(what, typ, rule, field string) {
	if r.pos >= len(r.buf) {
		r.fail(r.pos, der.KindTruncated, typ, "input ends where "+what+" is due", "RFC 8259 2", field)
		return
	}
	r.fail(r.pos, der.KindInvalidValue, typ, what+" is due, not "+strconv.QuoteRune(rune(r.buf[r.pos])), rule, field)
}

// Object reads the start of an object (a SEQUENCE, SET or CHOICE) and
// reports whether it found one.
func (r *Reader) Object(typ string) bool {
	r.top(typ)
	if r.err != nil {
		return false
	}
	if r.peek() != '{' {
		r.expected("an object", typ, "X.697 27", "")
		return false
	}
	r.pos++
	r.open = true
	return true
}

// Next reads the name of the next member of the object being read, and
// reports whether there is one: false at the end of the object (or after
// an error). Key returns the name.
func (r *Reader) Next() bool {
	if r.err != nil {
		return false
	}
	c := r.peek()
	if c == '}' {
		r.pos++
		r.open = false
		return false
	}
	if !r.open {
		if c != ',' {
			r.expected(`"," or "}"`, "", "RFC 8259 4", "")
			return false
		}
		r.pos++
		c = r.peek()
	}
	r.open = false
	if c != '"' {
		r.expected("a member name", "", "RFC 8259 4", "")
		return false
	}
	k, ok := r.str("")
	if !ok {
		return false
	}
	r.key = k
	if r.peek() != ':' {
		r.expected(`":"`, "", "RFC 8259 4", "")
		return false
	}
	r.pos++
	return true
}

// Key returns the name of the member Next read. The string aliases the
// input: it is for a switch, not to be kept.
func (r *Reader) Key() string { return unsafe.String(unsafe.SliceData(r.key), len(r.key)) }

// Once checks that the member field appears once in its object: *seen
// says it did before. A duplicate is an error (RFC 8259 4 leaves its
// meaning open).
func (r *Reader) Once(seen *bool, typ, field string) {
	if *seen && r.err == nil {
		r.fail(r.pos, der.KindInvalidValue, typ, "member "+strconv.Quote(field)+" twice", "RFC 8259 4", "")
	}
	*seen = true
}

// Missing keeps the error of a mandatory component without a member.
func (r *Reader) Missing(typ, field string) {
	if r.err == nil {
		r.fail(r.pos-1, der.KindInvalidValue, typ, "no member "+strconv.Quote(field)+" for the mandatory component", "X.697 27", "")
	}
}

// Unknown handles a member the type does not know, after Next: an
// extension addition of a later version in an extensible type, whose
// value is skipped, or an error.
func (r *Reader) Unknown(extensible bool, typ string) {
	if r.err != nil {
		return
	}
	if !extensible {
		r.fail(r.pos, der.KindInvalidValue, typ, "no component is named "+strconv.Quote(string(r.key)), "X.697 27", "")
		return
	}
	r.Skip()
}

// Array reads the start of an array (a SEQUENCE OF or SET OF) and
// reports whether it found one.
func (r *Reader) Array(typ string) bool {
	r.top(typ)
	if r.err != nil {
		return false
	}
	if r.peek() != '[' {
		r.expected("an array", typ, "X.697 28", "")
		return false
	}
	r.pos++
	r.open = true
	return true
}

// NextElem reports whether the array being read has another element,
// reading the comma before it: false at the end (or after an error).
func (r *Reader) NextElem() bool {
	if r.err != nil {
		return false
	}
	c := r.peek()
	if c == ']' {
		r.pos++
		r.open = false
		return false
	}
	if !r.open {
		if c != ',' {
			r.expected(`"," or "]"`, "", "RFC 8259 5", "")
			return false
		}
		r.pos++
	}
	r.open = false
	return true
}

// Skip reads over a value of any JSON type (an extension addition of a
// later version), nested no deeper than the depth limit.
func (r *Reader) Skip() {
	if r.err != nil {
		return
	}
	if err := r.Enter("JSON value"); err != nil {
		r.Fail(err, "")
		return
	}
	defer r.Leave()
	switch r.peek() {
	case '{':
		r.pos++
		r.open = true
		for r.Next() {
			r.Skip()
		}
	case '[':
		r.pos++
		r.open = true
		for r.NextElem() {
			r.Skip()
		}
	case '"':
		r.str("")
	case 't':
		r.literal("true", "")
	case 'f':
		r.literal("false", "")
	case 'n':
		r.literal("null", "")
	default:
		r.number(true, "", "")
	}
}

// Raw returns a copy of the JSON text of the next value (an open type
// the decoder does not resolve), charged to the budget: encoding/json
// lets UnmarshalJSON keep no part of its input.
func (r *Reader) Raw(field string) []byte {
	b, _ := r.RawAt(field)
	if b == nil {
		return nil
	}
	if err := r.Alloc(len(b), "open type"); err != nil {
		r.Fail(err, field)
		return nil
	}
	return append([]byte(nil), b...)
}

// RawAt returns the JSON text of the next value, aliasing the input, and
// its offset, for a value that Seek will decode.
func (r *Reader) RawAt(field string) ([]byte, int) {
	if r.err != nil {
		return nil, 0
	}
	start := r.peekPos()
	r.Skip()
	if r.err != nil {
		r.Fail(r.err, field)
		return nil, start
	}
	return r.buf[start:r.pos:r.pos], start
}

func (r *Reader) peekPos() int { r.ws(); return r.pos }

// literal reads the literal lit (true, false, null).
func (r *Reader) literal(lit, field string) bool {
	if len(r.buf)-r.pos >= len(lit) && string(r.buf[r.pos:r.pos+len(lit)]) == lit {
		r.pos += len(lit)
		return true
	}
	r.expected(lit, "", "RFC 8259 3", field)
	return false
}

// number reads a JSON number (RFC 8259 6) and returns its text; with
// frac false, a fraction or exponent is an error (an INTEGER, X.697 21).
func (r *Reader) number(frac bool, typ, field string) []byte {
	r.ws()
	start := r.pos
	b := r.buf
	i := r.pos
	if i < len(b) && b[i] == '-' {
		i++
	}
	switch {
	case i < len(b) && b[i] == '0':
		i++
	case i < len(b) && b[i] >= '1' && b[i] <= '9':
		for i < len(b) && b[i] >= '0' && b[i] <= '9' {
			i++
		}
	default:
		r.pos = i
		r.expected("a number", typ, "RFC 8259 6", field)
		return nil
	}
	if i < len(b) && (b[i] == '.' || b[i] == 'e' || b[i] == 'E') {
		if !frac {
			r.fail(start, der.KindInvalidValue, typ, "a number with a fraction or exponent where an integer is due", "X.697 21", field)
			return nil
		}
		if b[i] == '.' {
			i++
			d := i
			for i < len(b) && b[i] >= '0' && b[i] <= '9' {
				i++
			}
			if i == d {
				r.fail(start, der.KindInvalidValue, typ, "no digit after the decimal point", "RFC 8259 6", field)
				return nil
			}
		}
		if i < len(b) && (b[i] == 'e' || b[i] == 'E') {
			i++
			if i < len(b) && (b[i] == '+' || b[i] == '-') {
				i++
			}
			d := i
			for i < len(b) && b[i] >= '0' && b[i] <= '9' {
				i++
			}
			if i == d {
				r.fail(start, der.KindInvalidValue, typ, "no digit in the exponent", "RFC 8259 6", field)
				return nil
			}
		}
	}
	r.pos = i
	return b[start:i]
}

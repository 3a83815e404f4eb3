package der

import (
	"bytes"
	"cmp"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"
	"unsafe"
)

// Since returns the input from absolute offset off (an earlier r.Offset())
// to the current position, aliasing the input: the received encoding of an
// element generated code keeps (the bytes a signature covers).
func (r *Reader) Since(off int) []byte {
	if off < 0 || off > r.pos {
		return nil
	}
	return r.in[off:r.pos:r.pos]
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
	return sub
}

// locate returns the input and window of a reader over contents for Open.
func (r *Reader) locate(contents []byte, off int) (in []byte, pos, end int) {
	n := len(contents)
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

// MakeSlice returns a slice of n elements for a SEQUENCE OF or SET OF,
// charged to the decode's allocation budget (Options.MaxAlloc), so that
// memory stays linear in the input whatever the element type's size.
//
// Small lists of one element type are cut from chunks: the first holds at
// least minChunk bytes, so that the next few lists of the type take no
// allocation (a certificate's subject after its issuer, their RDNs), and
// each next one twice the last, up to maxChunk bytes (the extensions of the
// entries of a CRL: one allocation per hundreds of entries instead of one
// per entry). A type listed once wastes at most minChunk bytes. The slices
// are capped, so that an append to one does not write into the next.
func MakeSlice[T any](r *Reader, n int) ([]T, error) {
	var zero T
	size := int(unsafe.Sizeof(zero))
	if r.s == nil || n == 0 || size == 0 || n*size > maxChunk {
		return makeExact[T](r, n, size)
	}
	for i := range r.s.slabs {
		sl := &r.s.slabs[i]
		if sl.kind == nil {
			// The first list of this type: remember the type, without
			// allocating (a zero-size value in an interface).
			sl.kind = chunkOf[T]{}
		}
		if _, ok := sl.kind.(chunkOf[T]); ok {
			if sl.free >= n {
				s := unsafe.Slice((*T)(sl.next), sl.free)[:n:n]
				if sl.free -= n; sl.free == 0 {
					sl.next = nil // not past the end of the chunk
				} else {
					sl.next = unsafe.Add(sl.next, n*size)
				}
				return s, nil
			}
			c := max(n, min(max(2*sl.chunk, minChunk/size), maxChunk/size))
			chunk, err := makeExact[T](r, c, size)
			if err != nil || c == n {
				return chunk, err
			}
			sl.chunk, sl.free, sl.next = c, c-n, unsafe.Pointer(&chunk[n])
			return chunk[:n:n], nil
		}
	}
	return makeExact[T](r, n, size)
}

// maxChunk is the most bytes a chunk of MakeSlice holds, minChunk the
// fewest (unless one list needs more).
const (
	minChunk = 512
	maxChunk = 64 << 10
)

// chunkOf[T] marks the slot of element type T in state.slabs.
type chunkOf[T any] struct{}

// slab is the chunk state of one element type: the rest of its current
// chunk, as a pointer so that the state needs no allocation of its own
// (the pointer keeps the chunk alive for the collector).
type slab struct {
	kind  any            // chunkOf[T]{}
	next  unsafe.Pointer // the first free element, nil if none
	free  int            // free elements from next
	chunk int            // elements of the last chunk
}

func makeExact[T any](r *Reader, n, size int) ([]T, error) {
	if err := r.Alloc(n * size); err != nil {
		return nil, err
	}
	return make([]T, n), nil
}

// SkipConstraints reports whether the decode was asked to skip SIZE, range
// and alphabet checks (Options.SkipConstraints).
func (r *Reader) SkipConstraints() bool { return r.s.opts.SkipConstraints }

// NoAlternative returns the error for a CHOICE none of whose alternatives
// has the tag of the next element (X.680 29), or for a missing element.
func (r *Reader) NoAlternative(typ string) error {
	t, ok := r.PeekTag()
	if !ok {
		return NewError(KindTruncated, r.pos, typ, "no element where a CHOICE value belongs", "X.680 29")
	}
	return NewError(KindTagMismatch, r.pos, typ, "no alternative has tag "+t.String(), "X.680 29")
}

// Missing returns the error for a mandatory component that is absent: the
// reader is empty or the next element has another tag.
func (r *Reader) Missing(typ string, want Tag) error {
	got, ok := r.PeekTag()
	if !ok {
		return NewError(KindTruncated, r.pos, typ, "missing component with tag "+want.String(), "X.680 25")
	}
	return TagMismatch(r.pos, typ, want, got)
}

// EncodedDefault returns the DER error for a component encoded although its
// value equals its DEFAULT (X.690 11.5).
func EncodedDefault(off int, typ string) error {
	return NewError(KindNonCanonical, off, typ, "component equal to its DEFAULT value is encoded", "X.690 11.5")
}

// SetOrder returns the DER error for SET components out of tag order
// (X.690 10.3).
func SetOrder(off int, typ string) error {
	return NewError(KindNonCanonical, off, typ, "SET components not in ascending tag order", "X.690 10.3")
}

// Duplicate returns the error for a SET component that occurs twice (X.680 27).
func Duplicate(off int, typ string) error {
	return NewError(KindMalformed, off, typ, "SET component occurs twice", "X.680 27")
}

// UnknownKey returns the error for an open type whose key is not in a
// table that is not extensible (X.682 10).
func UnknownKey(off int, typ string) error {
	return NewError(KindConstraint, off, typ, "key not in the object set of the table constraint", "X.682 10")
}

// bound prints a constraint bound; MIN and MAX for the extremes.
func bound(v int64) string {
	switch v {
	case math.MinInt64:
		return "MIN"
	case math.MaxInt64:
		return "MAX"
	}
	return strconv.FormatInt(v, 10)
}

func constraintError(off int, typ, what string, v, lo, hi int64) error {
	return NewError(KindConstraint, off, typ, what+" "+strconv.FormatInt(v, 10)+" outside ("+bound(lo)+".."+bound(hi)+")", "X.680 51")
}

// CheckSize checks a SIZE constraint (lo..hi) on n, the number of
// characters, octets, bits or elements (X.680 51.5).
func CheckSize(off int, typ string, n int, lo, hi int64) error {
	if int64(n) < lo || int64(n) > hi {
		return constraintError(off, typ, "SIZE", int64(n), lo, hi)
	}
	return nil
}

// CheckRange checks a value range (lo..hi) on v (X.680 51.4).
func CheckRange(off int, typ string, v, lo, hi int64) error {
	if v < lo || v > hi {
		return constraintError(off, typ, "value", v, lo, hi)
	}
	return nil
}

// CheckIntegerRange checks a value range (lo..hi) on an INTEGER of any size;
// lo = math.MinInt64 stands for MIN and hi = math.MaxInt64 for MAX.
func CheckIntegerRange(off int, typ string, v Integer, lo, hi int64) error {
	if x, ok := v.Int64(); ok {
		if (lo != math.MinInt64 && x < lo) || (hi != math.MaxInt64 && x > hi) {
			return constraintError(off, typ, "value", x, lo, hi)
		}
		return nil
	}
	// Outside int64: only an unbounded side admits it.
	if (v.Sign() < 0 && lo != math.MinInt64) || (v.Sign() > 0 && hi != math.MaxInt64) {
		return NewError(KindConstraint, off, typ, "value "+v.String()+" outside ("+bound(lo)+".."+bound(hi)+")", "X.680 51")
	}
	return nil
}

// CheckIntegerBounds is CheckIntegerRange for a range with an endpoint
// outside int64 (INTEGER (0..18446744073709551615)): lo and hi are the
// contents octets of the endpoints (minimal two's complement, as
// appendInteger writes them), "" for MIN and MAX.
func CheckIntegerBounds(off int, typ string, v Integer, lo, hi string) error {
	if lo != "" && compareIntegers(v, Integer(lo)) < 0 || hi != "" && compareIntegers(v, Integer(hi)) > 0 {
		text := func(b, unbounded string) string {
			if b == "" {
				return unbounded
			}
			return Integer(b).String()
		}
		return NewError(KindConstraint, off, typ, "value "+v.String()+" outside ("+text(lo, "MIN")+".."+text(hi, "MAX")+")", "X.680 51")
	}
	return nil
}

// compareIntegers orders two INTEGER contents of any length.
func compareIntegers(a, b Integer) int {
	a, b = a.minimal(), b.minimal()
	sa, sb := a.Sign(), b.Sign()
	switch {
	case sa != sb:
		return cmp.Compare(sa, sb)
	case sa == 0:
		return 0
	case len(a) != len(b) && sa > 0:
		return cmp.Compare(len(a), len(b))
	case len(a) != len(b):
		return cmp.Compare(len(b), len(a)) // the longer negative is the smaller
	}
	// Same sign and length: two's complement orders as unsigned octets.
	return bytes.Compare(a, b)
}

// CheckAlphabet checks a permitted-alphabet constraint (FROM, X.680 51.7):
// every character of s must be one of alphabet's.
func CheckAlphabet(off int, typ, s, alphabet string) error {
	for i, c := range s {
		if !strings.ContainsRune(alphabet, c) {
			return NewError(KindConstraint, off, typ, "character "+strconv.QuoteRune(c)+" at index "+strconv.Itoa(i)+" not in the permitted alphabet", "X.680 51.7")
		}
	}
	return nil
}

// CharCount is the length of a character string as SIZE counts it: in
// characters, not octets (X.680 51.5.1).
func CharCount(s string) int { return utf8.RuneCountInString(s) }

// EndSetOf finishes, like End, a SET OF started by Begin, after sorting the
// encodings of its elements into ascending order as DER requires (X.690 11.6).
func (b *Builder) EndSetOf(mark int) {
	b.flush(b.inside(mark)) // the elements, as they will be, are what sorts
	b.sortElements(mark + 1)
	b.End(mark)
}

// ReadRest reads every element left in the reader and returns their
// encodings, aliasing the input: the unknown extension additions at the end
// of an extensible SEQUENCE, which encoding writes back as they came.
func (r *Reader) ReadRest() ([]byte, error) {
	start := r.pos
	for r.pos < r.end {
		if err := r.Skip(); err != nil {
			return nil, err
		}
	}
	return r.in[start:r.pos:r.pos], nil
}

// Unexpected returns the error for an element of a SET whose tag belongs to
// none of its components (X.680 27).
func (r *Reader) Unexpected(typ string) error {
	t, _ := r.PeekTag()
	return NewError(KindTagMismatch, r.pos, typ, "no component has tag "+t.String(), "X.680 27")
}

// NoChoice returns the encoder's error for a CHOICE value with no
// alternative chosen.
func NoChoice(typ string) error {
	return NewError(KindInvalidValue, -1, typ, "no alternative chosen", "X.680 29")
}

// NewNamedBits returns the BIT STRING with the given bits set and no
// trailing 0 bits, the DER form of a named bit list (X.690 11.2.2).
// Negative bit numbers are ignored.
func NewNamedBits(bits ...int) BitString {
	n := 0
	for _, b := range bits {
		n = max(n, b+1)
	}
	s := BitString{Bytes: make([]byte, (n+7)/8), BitLength: n}
	for _, b := range bits {
		if b >= 0 {
			s.Bytes[b/8] |= 0x80 >> (b % 8)
		}
	}
	return s
}

// Tolerance is a set of DER defects that a decode accepts when asked
// (Options.Tolerate): rules of X.690 clause 11 that encoders in the field
// break and that crypto/x509 does not check. A tolerated defect is kept in
// the decoded value (the received bits, an explicit DEFAULT with its
// presence field set, the received order) so that linters can see it and
// re-encoding reproduces it where DER allows the value at all.
type Tolerance uint32

const (
	// TolerateNamedBitPadding accepts trailing 0 bits in a BIT STRING
	// with named bits (X.690 11.2.2), e.g. KeyUsage 03 03 07 80 00.
	TolerateNamedBitPadding Tolerance = 1 << iota
	// TolerateExplicitDefault accepts a component encoded although its
	// value equals its DEFAULT (X.690 11.5), e.g. critical FALSE.
	TolerateExplicitDefault
	// TolerateUnsortedSetOf accepts SET OF elements out of order (X.690
	// 11.6), e.g. a multi-valued RelativeDistinguishedName.
	TolerateUnsortedSetOf
	// TolerateTimeForms accepts the BER forms of UTCTime and
	// GeneralizedTime (X.690 11.7, 11.8): seconds missing, an offset from
	// UTC instead of Z.
	TolerateTimeForms
	// ToleratePrintableString accepts '&' and '*' in a PrintableString
	// (X.680 41.4 has neither; CAs write them and crypto/x509 allows them).
	ToleratePrintableString
	// TolerateOpenTypeErrors keeps the value of an open type whose key is
	// in the table but whose value does not decode as the type the key
	// selects (an extension with a trailing octet, malformed algorithm
	// parameters): Kind is 0 and Raw holds it, as for an unknown key.
	TolerateOpenTypeErrors
	// TolerateUnreadAdditions keeps what follows the last known component
	// of an extensible type (Unknown) without reading it, even when it is
	// not valid BER: crypto/x509 does not read past a certificate's
	// extensions either.
	TolerateUnreadAdditions

	// TolerateX509 is what crypto/x509.ParseCertificate accepts among
	// these defects.
	TolerateX509 = TolerateNamedBitPadding | TolerateExplicitDefault | TolerateUnsortedSetOf | TolerateTimeForms |
		ToleratePrintableString | TolerateOpenTypeErrors | TolerateUnreadAdditions
)

// Tolerates reports whether the decode accepts the DER defects t.
func (r *Reader) Tolerates(t Tolerance) bool { return r.s.opts.Tolerate&t == t }

// New allocates a value for an optional or recursive component stored
// behind a pointer, charged to the allocation budget (Options.MaxAlloc).
func New[T any](r *Reader) (*T, error) {
	var zero T
	if err := r.Alloc(int(unsafe.Sizeof(zero))); err != nil {
		return nil, err
	}
	return new(T), nil
}

// NilValue returns the encoder's error for a component held by a nil
// pointer where the value says it is present.
func NilValue(typ string) error {
	return NewError(KindInvalidValue, -1, typ, "present but nil", "")
}

// SkipConstraints reports whether the encoding was asked to skip SIZE,
// range and alphabet checks.
func (b *Builder) SkipConstraints() bool { return b.opts != nil && b.opts.SkipConstraints }

// CountNested returns the number of elements inside the elements left in
// the reader (the entries of every RelativeDistinguishedName of an
// RDNSequence), reading headers only and charging nothing: generated code
// allocates one backing array for all the inner lists of a list of lists
// with it. It stops at the first unreadable element.
func (r *Reader) CountNested() (n int) {
	for p := r.pos; p < r.end; {
		cs, ce, next, ok := r.span(p)
		if !ok {
			break
		}
		if r.in[p]&0x20 != 0 { // constructed
			inner := r.sub(cs, ce)
			n += inner.Count()
		}
		p = next
	}
	return n
}

// KeepDER returns raw, elements (or the contents of an OCTET STRING that
// contains one) read by r and kept to be written back as they are, in DER
// form: unchanged when r reads DER or they have DER's forms already, else
// normalized without the schema (one copy, charged to the allocation
// budget; see package tree's NormalizeBER) when r reads BER, so that
// re-encoding a BER input gives DER.
func (r *Reader) KeepDER(raw []byte) ([]byte, error) {
	if !r.ber || len(raw) == 0 || derShaped(raw, 0) {
		return raw, nil
	}
	if err := r.Alloc(len(raw) + len(raw)/8 + 16); err != nil {
		return nil, err
	}
	return normalizeBER(raw)
}

// ReadRawDER is ReadRaw for an element kept to be written back (an open
// type without a table, an unknown extension): the element in DER form,
// see KeepDER.
func (r *Reader) ReadRawDER() ([]byte, error) {
	raw, err := r.ReadRaw()
	if err != nil {
		return nil, err
	}
	return r.KeepDER(raw)
}

// ReadRestDER is ReadRest with the elements in DER form, see KeepDER.
// With TolerateUnreadAdditions, what does not read as elements is kept
// as it is.
func (r *Reader) ReadRestDER() ([]byte, error) {
	start := r.pos
	raw, err := r.ReadRest()
	if err == nil {
		raw, err = r.KeepDER(raw)
	}
	if err != nil && r.Tolerates(TolerateUnreadAdditions) {
		r.pos = r.end
		return r.in[start:r.end:r.end], nil
	}
	return raw, err
}

// derShaped reports whether b, a sequence of elements at the given depth,
// already has every form normalizeBER would change: definite minimal
// lengths, primitive universal strings, BOOLEAN 00 or FF, BIT STRING
// padding zero (and a valid unused-bits octet, which normalizeBER checks).
// A BER decode keeps such elements without a copy. The headers are parsed
// as BER, so that a form DER rejects costs no error (an allocation).
func derShaped(b []byte, depth int) bool {
	for len(b) > 0 {
		var h Header
		if depth > DefaultMaxDepth || parseHeader(&h, b, 0, true) != nil || h.Length < 0 || h.HeaderLen != HeaderLen(h.Tag, h.Length) {
			return false
		}
		c := b[h.HeaderLen : h.HeaderLen+h.Length]
		switch t := h.Tag; {
		case h.Constructed && t.IsString():
			return false
		case t == TagBoolean && (len(c) != 1 || c[0] != 0 && c[0] != 0xff):
			return false
		case t == TagBitString && !h.Constructed && (len(c) == 0 || c[0] > 7 || c[len(c)-1]&(1<<c[0]-1) != 0):
			return false
		}
		if h.Constructed && !derShaped(c, depth+1) {
			return false
		}
		b = b[h.HeaderLen+h.Length:]
	}
	return true
}

// Tolerates reports whether the encoding was asked to write back the DER
// defects t as decoded (see Tolerance): a DEFAULT value whose presence
// field is set, named bits with trailing zeros. Without it, encoding
// writes DER.
func (b *Builder) Tolerates(t Tolerance) bool { return b.opts != nil && b.opts.Tolerate&t == t }

// CheckEnumerated returns the error for an ENUMERATED value that is not
// one of the type's items (X.680 20), for types without an extension
// marker.
func CheckEnumerated(off int, typ string, v int64) error {
	return NewError(KindInvalidValue, off, typ, "value "+strconv.FormatInt(v, 10)+" is not an item of the enumeration", "X.680 20")
}

// Name returns the i-th (from 0) of the space-separated ASN.1 identifiers
// in names, the names of an enumeration's items or a CHOICE's
// alternatives; typ(i) when there is none, or just i when typ is ""
// (generated String methods).
func Name(names string, i int, typ string) string {
	rest, k := names, i
	for k >= 0 && rest != "" {
		word, more, _ := strings.Cut(rest, " ")
		if k == 0 {
			return word
		}
		rest, k = more, k-1
	}
	if typ == "" {
		return strconv.Itoa(i)
	}
	return typ + "(" + strconv.Itoa(i) + ")"
}

// CheckValues checks a value set with gaps (X.680 51: INTEGER (1 | 3 |
// 7..9)): v must lie in one of the ranges, given as lo, hi pairs.
func CheckValues(off int, typ string, v int64, ranges ...int64) error {
	for i := 0; i+1 < len(ranges); i += 2 {
		if v >= ranges[i] && v <= ranges[i+1] {
			return nil
		}
	}
	return NewError(KindConstraint, off, typ, "value "+strconv.FormatInt(v, 10)+" not in the permitted set", "X.680 51")
}

package per

import (
	"encoding/binary"
	"unsafe"

	"github.com/asn1gen/asn1gen/runtime/der"
)

// Extension additions, SEQUENCE OF counts and the helpers generated code
// shares for them.

// Bitmap is the bitmap of the extension additions present in a SEQUENCE
// or SET value (X.691 19.7, 19.8): ReadBitmap reads it; it refers to the
// input, so reading it allocates nothing.
type Bitmap struct {
	buf    []byte
	at, n  int
	offset int // of the bitmap, for errors
}

// ReadBitmap reads the normally small length and the bits of the bitmap of
// extension additions.
func (r *Reader) ReadBitmap() (Bitmap, error) {
	n, err := r.ReadSmallLength()
	if err != nil {
		return Bitmap{}, err
	}
	if err := r.need(n, "extension bitmap"); err != nil {
		return Bitmap{}, err
	}
	b := Bitmap{buf: r.buf, at: r.pos, n: n, offset: r.at(r.pos)}
	if r.bits(n%64) == 0 {
		// X.691 19.7: the extension bit is set only when some addition
		// is present.
		zero := true
		for k := n - n%64; k > 0 && zero; k -= 64 {
			zero = r.bits(64) == 0
		}
		if zero {
			return b, r.errAt(b.at, der.KindNonCanonical, "extension bitmap", "extension bit set but no addition present", "X.691 19.7")
		}
	}
	r.pos = b.at + n
	return b, nil
}

// Len returns the number of bits of b: the additions its encoder knew.
func (b Bitmap) Len() int { return b.n }

// Has reports whether the addition i is present; false beyond Len.
func (b Bitmap) Has(i int) bool {
	if i < 0 || i >= b.n {
		return false
	}
	p := b.at + i
	return b.buf[p>>3]>>(7-p&7)&1 == 1
}

// Unknown additions are kept, for EncodePER to write back, in the Unknown
// field of the generated type, in this form: the bitmap's length as a
// uvarint, then for each addition present that the type does not know
// (from index known on) its index and the length of its open type field
// as uvarints, then the field's octets. A CHOICE keeps an unknown
// alternative the same way, with a length of 0 for the bitmap.

// ReadUnknown reads the open type fields of the additions of b from index
// known on, which the decoding type does not know, and returns them in the
// form of Unknown additions. The form records the bitmap's length
// whenever it is not the one EncodePER would write (an encoder of another
// version of the schema: more bits or fewer than known), so that the value
// re-encodes to the bits received; it is nil when b has known bits.
// (ReadBitmap has checked that some addition is present.)
func (r *Reader) ReadUnknown(b Bitmap, known int) ([]byte, error) {
	if b.n == known {
		return nil, nil
	}
	out := binary.AppendUvarint(nil, uint64(b.n))
	for i := known; i < b.n; i++ {
		if !b.Has(i) {
			continue
		}
		f, err := r.ReadOpenBytes()
		if err != nil {
			return nil, der.WithIndex(err, i)
		}
		if err := r.Alloc(len(f)+20, "extension addition"); err != nil {
			return nil, err
		}
		out = binary.AppendUvarint(out, uint64(i))
		out = binary.AppendUvarint(out, uint64(len(f)))
		out = append(out, f...)
	}
	return out, nil
}

// unknownEntries iterates over the entries of unknown additions; it stops
// at the first malformed one and reports it.
func unknownEntries(u []byte, f func(i int, field []byte)) (n int, ok bool) {
	total, k := binary.Uvarint(u)
	if k <= 0 {
		return 0, len(u) == 0
	}
	u = u[k:]
	for len(u) > 0 {
		i, k := binary.Uvarint(u)
		if k <= 0 {
			return 0, false
		}
		u = u[k:]
		l, k := binary.Uvarint(u)
		if k <= 0 || l > uint64(len(u)-k) {
			return 0, false
		}
		if f != nil {
			f(int(i), u[k:k+int(l)])
		}
		u = u[k+int(l):]
	}
	return int(total), true
}

// Ext is what the encoder of an extensible SEQUENCE or SET works out
// before it writes the extension bit (X.691 19.1): which of the additions
// its type knows are present, and the length of the bitmap it writes.
type Ext struct {
	mask  uint64 // addition i at bit known-1-i
	known int    // additions of the type
	n     int    // bits of the bitmap
	on    bool   // the extension bit
}

// Additions returns the Ext of a value whose type knows len(present) <= 64
// additions, present[i] telling whether addition i is present, and which
// keeps u, its Unknown additions. The bitmap has known bits (X.691 19.7),
// unless u records the length of a bitmap received (see ReadUnknown): a
// decoded value re-encodes to its bits, while one built in Go, whose u is
// nil, is canonical. A recorded length shorter than known is kept only
// while no addition beyond it is present.
func Additions(u []byte, present ...bool) Ext {
	x := Ext{known: len(present), n: len(present)}
	for _, p := range present {
		x.mask <<= 1
		if p {
			x.mask |= 1
		}
	}
	if len(u) == 0 {
		x.on = x.mask != 0
		return x
	}
	unknown := false
	n, ok := unknownEntries(u, func(int, []byte) { unknown = true })
	if ok && n > 0 && (n >= x.known || x.mask&(1<<(x.known-n)-1) == 0) {
		x.n = n
	}
	// A kept bitmap length with no addition present, known or not (Go
	// code cleared them), writes no bitmap: X.691 19.1 sets the extension
	// bit only with an addition present, and a bitmap of zeros would not
	// decode. A malformed u sets it, for WriteUnknown to report.
	x.on = x.mask != 0 || unknown || !ok
	return x
}

// On reports whether the extension bit is set: some addition is present,
// known or not.
func (x Ext) On() bool { return x.on }

// Has reports whether the known addition i is present.
func (x Ext) Has(i int) bool { return x.mask>>(x.known-1-i)&1 == 1 }

// WriteBitmap writes the bitmap of x (X.691 19.8): its normally small
// length, the bits of the known additions, then those of the unknown
// additions u.
func (w *Writer) WriteBitmap(x Ext, u []byte) {
	w.WriteSmallLength(x.n)
	k := min(x.n, x.known)
	w.WriteBits(x.mask>>(x.known-k), k)
	w.writeUnknownBits(u, x.known, x.n)
}

// writeUnknownBits writes the bits of the bitmap from index known to n-1:
// set for the additions u holds.
func (w *Writer) writeUnknownBits(u []byte, known, n int) {
	next := known
	unknownEntries(u, func(i int, _ []byte) {
		for ; next < i && next < n; next++ {
			w.WriteBool(false)
		}
		if next == i && next < n {
			w.WriteBool(true)
			next++
		}
	})
	for ; next < n; next++ {
		w.WriteBool(false)
	}
}

// WriteUnknown writes the open type fields of the additions u holds.
func (w *Writer) WriteUnknown(u []byte) error {
	if _, ok := unknownEntries(u, nil); !ok {
		return errValue(der.KindInvalidValue, "extension addition", "Unknown is not what a PER decode keeps", "")
	}
	unknownEntries(u, func(_ int, f []byte) { w.WriteOpenBytes(f) })
	return nil
}

// AppendUnknownAlternative returns the form in which a CHOICE keeps an
// alternative of its extension that it does not know: index i and the
// octets of its open type field.
func AppendUnknownAlternative(dst []byte, i int, field []byte) []byte {
	dst = binary.AppendUvarint(dst, 0)
	dst = binary.AppendUvarint(dst, uint64(i))
	dst = binary.AppendUvarint(dst, uint64(len(field)))
	return append(dst, field...)
}

// WriteUnknownAlternative writes the index and field of the unknown CHOICE
// alternative u holds (AppendUnknownAlternative's form); root is the
// number of root alternatives.
func (w *Writer) WriteUnknownAlternative(u []byte, root int) error {
	idx, field := -1, []byte(nil)
	if _, ok := unknownEntries(u, func(i int, f []byte) { idx, field = i, f }); !ok || idx < 0 {
		return errValue(der.KindInvalidValue, "CHOICE", "Unknown is not what a PER decode keeps", "")
	}
	w.WriteIndex(idx, root, true, true)
	w.WriteOpenBytes(field)
	return nil
}

// ReadCount reads what precedes the elements of a SEQUENCE OF or SET OF
// of size s (X.691 20.6): the extension bit, and the length unless the
// size is fixed; first is false for the lengths after a fragment. more
// reports a fragment (see ReadLength).
func (r *Reader) ReadCount(s Size, first bool) (n int, more bool, err error) {
	if !first {
		return r.readUnconstrainedLength("SEQUENCE OF")
	}
	if s.Ub >= 0 && s.Ub < 1<<16 && s.Lb <= s.Ub && !s.fixed() {
		// the common count: in the root, a constrained number
		if v, ok := r.rangeFast(uint64(s.Ub-s.Lb), s.Ext); ok {
			return s.Lb + int(v), false, nil
		}
	}
	root := s
	at := r.pos
	s, outside, err := r.readExt(s)
	if err != nil {
		return 0, false, err
	}
	if s.fixed() {
		return s.Ub, false, nil
	}
	n, more, err = r.ReadLength(s.Lb, s.Ub)
	if err == nil && !more {
		if err = r.checkSize(at, n, s.Lb, s.Ub, "SEQUENCE OF"); err == nil {
			err = r.checkOut(at, n, root, outside)
		}
	}
	return n, more, err
}

// Grow returns list with n more zero elements, charged to the decode's
// allocation budget.
func Grow[T any](r *Reader, list []T, n int) ([]T, error) {
	var zero T
	size := int(unsafe.Sizeof(zero))
	if n < 0 || size > 0 && n > r.alloc/size {
		return list, r.errAt(r.pos, der.KindLimit, "SEQUENCE OF", "decode would allocate more than its limit", "")
	}
	r.alloc -= n * size
	if n == 0 {
		if list == nil {
			return []T{}, nil
		}
		return list, nil
	}
	if list == nil {
		return make([]T, n), nil // the common list, of one fragment
	}
	return append(list, make([]T, n)...), nil
}

// Count is the state of the lengths of a SEQUENCE OF being written: the
// elements the lengths written so far count (see Writer.BeginCount).
type Count struct {
	n, end int
	frag   bool
}

// BeginCount writes what precedes the n elements of a SEQUENCE OF or SET
// OF of size s: the extension bit, and the length unless the size is
// fixed. Before element i the caller calls c.Next(w, i), and after the
// last c.End(w), which write the lengths of fragments.
func (w *Writer) BeginCount(n int, s Size) (Count, error) {
	s, err := w.writeExt(s, n)
	if err != nil {
		return Count{}, err
	}
	if s.fixed() {
		return Count{n: n, end: n}, nil
	}
	k := w.WriteLength(n, s.Lb, s.Ub)
	return Count{n: n, end: k, frag: k >= Fragment && (s.Ub < 0 || s.Ub >= 1<<16)}, nil
}

// Next writes the length of the next fragment when element i starts it.
func (c *Count) Next(w *Writer, i int) {
	if i == c.end {
		k := w.writeUnconstrainedLength(c.n - i)
		c.end += k
		c.frag = k >= Fragment
	}
}

// End writes the zero length that ends elements which ended a fragment.
func (c *Count) End(w *Writer) {
	if c.frag {
		w.writeUnconstrainedLength(0)
	}
}

// ReadList reads a SEQUENCE OF or SET OF of size s whose elements are of
// a generated type E (X.691 20): ReadCount, Grow and each element's
// DecodePER, through the fragments of a long list. An element's error
// carries its index.
func ReadList[E any, P interface {
	*E
	Value
}](r *Reader, s Size) ([]E, error) {
	var list []E
	for first, more := true, true; more; first = false {
		n, m, err := r.ReadCount(s, first)
		if err != nil {
			return nil, err
		}
		more = m
		start := len(list)
		if list, err = Grow(r, list, n); err != nil {
			return nil, err
		}
		for i := start; i < len(list); i++ {
			if err := P(&list[i]).DecodePER(r); err != nil {
				return nil, der.WithIndex(err, i)
			}
		}
	}
	return list, nil
}

// WriteList writes the SEQUENCE OF or SET OF list of size s whose elements
// are of a generated type E: BeginCount, then each element's EncodePER
// with the lengths of the fragments.
func WriteList[E any, P interface {
	*E
	Value
}](w *Writer, list []E, s Size) error {
	c, err := w.BeginCount(len(list), s)
	if err != nil {
		return err
	}
	for i := range list {
		c.Next(w, i)
		if err := P(&list[i]).EncodePER(w); err != nil {
			return der.WithIndex(err, i)
		}
	}
	c.End(w)
	return nil
}

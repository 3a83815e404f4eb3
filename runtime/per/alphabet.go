package per

import (
	"math/bits"
	"unicode/utf8"
	"unsafe"

	"github.com/asn1gen/asn1gen/runtime/der"
)

// Alphabet is the effective PermittedAlphabet of a known-multiplier
// character string type (X.691 30: IA5String, PrintableString,
// VisibleString, ISO646String, NumericString, BMPString, UniversalString),
// with what X.691 derives from it: the width of a character in each variant
// (30.5.2, 30.5.3) and whether characters are sent as their index in the
// alphabet rather than as their value (30.5.4). Generated code makes one
// per constrained type with NewAlphabet, at package level.
type Alphabet struct {
	ranges []rune // lo, hi pairs, ascending and disjoint
	count  uint64 // the characters in it
	max    rune   // the largest
	width  [2]int // bits per character: [0] UNALIGNED, [1] ALIGNED
	index  [2]bool
	ascii  [2]uint64 // bit c set: the character c < 128 is in it
}

// NewAlphabet returns the alphabet of the characters in the ranges lo, hi
// (pairs, inclusive), which must be ascending and disjoint.
func NewAlphabet(ranges ...rune) *Alphabet {
	a := &Alphabet{ranges: ranges}
	for i := 0; i+1 < len(ranges); i += 2 {
		a.count += uint64(ranges[i+1]-ranges[i]) + 1
	}
	if len(ranges) >= 2 {
		a.max = ranges[len(ranges)-1]
	}
	for i := 0; i+1 < len(ranges); i += 2 {
		for c := ranges[i]; c <= min(ranges[i+1], utf8.RuneSelf-1); c++ {
			a.ascii[c>>6] |= 1 << (c & 63)
		}
	}
	// UNALIGNED: B, the fewest bits that number every character (30.5.3);
	// ALIGNED: B2, the smallest power of two at least B (30.5.2).
	b := 0
	if a.count > 1 {
		b = bits.Len64(a.count - 1)
	}
	b2 := 0
	if b > 0 {
		b2 = 1 << bits.Len(uint(b-1))
	}
	a.width = [2]int{b, b2}
	// 30.5.4: when the largest value does not fit in the width, the
	// characters are numbered 0, 1, ... in the order of their values.
	for v, w := range a.width {
		a.index[v] = w < 32 && uint64(a.max) >= 1<<w
	}
	return a
}

// The alphabets of the unconstrained types (X.680 41).
var (
	IA5       = NewAlphabet(0, 127)
	Visible   = NewAlphabet(32, 126) // also ISO646String
	Printable = NewAlphabet(' ', ' ', '\'', ')', '+', ':', '=', '=', '?', '?', 'A', 'Z', 'a', 'z')
	Numeric   = NewAlphabet(' ', ' ', '0', '9')
	BMP       = NewAlphabet(0, 0xffff)
	Universal = universal()
)

// universal is the alphabet of UniversalString, all 2^32 values of four
// octets (X.680 41.7): 32 bits in both variants. A Go rune holds only half
// of them, and only the Unicode scalar values among those make a string.
func universal() *Alphabet {
	a := NewAlphabet(0, 0x7fffffff)
	a.count = 1 << 32
	a.width = [2]int{32, 32}
	return a
}

// Width returns the bits of one character in the variant.
func (a *Alphabet) Width(aligned bool) int { return a.width[b2i(aligned)] }

// Indexed reports whether characters are sent as their index (30.5.4).
func (a *Alphabet) Indexed(aligned bool) bool { return a.index[b2i(aligned)] }

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// Contains reports whether c is in the alphabet.
func (a *Alphabet) Contains(c rune) bool {
	for i := 0; i+1 < len(a.ranges); i += 2 {
		if c < a.ranges[i] {
			return false
		}
		if c <= a.ranges[i+1] {
			return true
		}
	}
	return false
}

// indexOf returns the index of c, which is in the alphabet.
func (a *Alphabet) indexOf(c rune) uint64 {
	var n uint64
	for i := 0; i+1 < len(a.ranges); i += 2 {
		if c <= a.ranges[i+1] {
			return n + uint64(c-a.ranges[i])
		}
		n += uint64(a.ranges[i+1]-a.ranges[i]) + 1
	}
	return n
}

// at returns the character of index i, or -1.
func (a *Alphabet) at(i uint64) rune {
	for j := 0; j+1 < len(a.ranges); j += 2 {
		k := uint64(a.ranges[j+1]-a.ranges[j]) + 1
		if i < k {
			return a.ranges[j] + rune(i)
		}
		i -= k
	}
	return -1
}

// alignChars reports whether the characters of a string of size s and
// width b bits start on an octet boundary in the ALIGNED variant: every
// size but a fixed one of fewer than 16 bits (30.5.7, 30.5.8). A fixed
// size of exactly 16 bits is aligned as Erlang's asn1ct aligns it, which
// the interop tests hold this package to; OCTET STRING and BIT STRING of
// 16 bits are not (17.6, 16.9), in asn1ct as here.
func alignChars(s Size, b int) bool {
	if s.fixed() {
		return s.Ub*b >= 16
	}
	return true
}

// ReadKnownString reads a known-multiplier character string of alphabet a
// and size s (X.691 30.5) as UTF-8.
func (r *Reader) ReadKnownString(a *Alphabet, s Size, typ string) (string, error) {
	root := s
	at := r.pos
	s, outside, err := r.readExt(s)
	if err != nil {
		return "", err
	}
	w := a.Width(r.aligned)
	n, more := s.Ub, false
	if !s.fixed() {
		if n, more, err = r.ReadLength(s.Lb, s.Ub); err != nil {
			return "", err
		}
	}
	if r.aligned && alignChars(s, w) {
		r.Align()
	}
	var out []byte
	total := 0
	for {
		if err := r.need(n*w, typ); err != nil {
			return "", err
		}
		size := n
		if a.max >= utf8.RuneSelf {
			size *= utf8.UTFMax
		}
		if err := r.Alloc(size, typ); err != nil {
			return "", err
		}
		if out == nil {
			out = make([]byte, 0, size)
		}
		if out, err = r.readChars(out, a, n, w, typ); err != nil {
			return "", err
		}
		total += n
		if !more {
			break
		}
		if n, more, err = r.nextLength(n, typ); err != nil {
			return "", err
		}
	}
	if !s.fixed() {
		if err := r.checkSize(at, total, s.Lb, s.Ub, typ); err != nil {
			return "", err
		}
		if err := r.checkOut(at, total, root, outside); err != nil {
			return "", err
		}
	}
	if len(out) == 0 {
		return "", nil
	}
	return unsafe.String(&out[0], len(out)), nil
}

// readChars appends n characters of w bits each, known to be there.
//
// With TolerateAlphabet, characters outside the alphabet (not an index
// beyond it: there is no character to keep) are kept, the first of them a
// Deviation.
func (r *Reader) readChars(out []byte, a *Alphabet, n, w int, typ string) ([]byte, error) {
	indexed := a.Indexed(r.aligned)
	if w == 8 && !indexed && r.pos&7 == 0 && a.max < utf8.RuneSelf {
		// The ALIGNED case of the ASCII alphabets (IA5String,
		// PrintableString, VisibleString, ...): the characters are the
		// octets, appended together once all are found in a; the loop
		// below finds the first that is not.
		i := r.pos >> 3
		chars := r.buf[i : i+n]
		if a.asciiOnly(chars) {
			r.pos += 8 * n
			return append(out, chars...), nil
		}
	}
	listed := false
	for range n {
		at := r.pos
		v := r.bits(w)
		var c rune
		if indexed {
			if c = a.at(v); c < 0 {
				return nil, r.errAt(at, der.KindInvalidValue, typ, "character index beyond the alphabet", "X.691 30.5.4")
			}
		} else {
			if v > uint64(a.max) || !a.Contains(rune(v)) {
				if err := r.outside(at, typ, &listed); err != nil {
					return nil, err
				}
			}
			c = rune(v)
		}
		if c < utf8.RuneSelf {
			out = append(out, byte(c))
		} else if utf8.ValidRune(c) {
			out = utf8.AppendRune(out, c)
		} else {
			return nil, r.errAt(at, der.KindUnsupported, typ, "character is not a Unicode scalar value", "")
		}
	}
	return out, nil
}

// asciiOnly reports whether every octet of b is a character of a, b's
// octets all below 128.
func (a *Alphabet) asciiOnly(b []byte) bool {
	for _, c := range b {
		if c >= utf8.RuneSelf || a.ascii[c>>6]>>(c&63)&1 == 0 {
			return false
		}
	}
	return true
}

// outside handles the character at bit at that is not in the alphabet
// of the string being read: an error, unless the decode tolerates it
// (TolerateAlphabet); the first of a string is listed (*listed then).
// It charges the octets that UTF-8 may take beyond the one charged.
// Out of line: it runs on error paths only.
//
//go:noinline
func (r *Reader) outside(at int, typ string, listed *bool) error {
	err := r.errAt(at, der.KindInvalidValue, typ, "character not in the alphabet", "X.691 30.5.4")
	if !r.Tolerates(der.TolerateAlphabet) {
		return err
	}
	if !*listed {
		if err := r.Deviate(der.TolerateAlphabet, err); err != nil {
			return err
		}
		*listed = true
	}
	return r.Alloc(utf8.UTFMax, typ)
}

// WriteKnownString writes s, UTF-8, as a known-multiplier character string
// of alphabet a and size sz; a character outside a is an error.
func (w *Writer) WriteKnownString(a *Alphabet, s string, sz Size, typ string) error {
	n := len(s)
	if a.max >= utf8.RuneSelf {
		if !utf8.ValidString(s) {
			return errValue(der.KindInvalidValue, typ, "not UTF-8", "")
		}
		n = utf8.RuneCountInString(s)
	}
	for _, c := range s {
		if !a.Contains(c) {
			return errValue(der.KindConstraint, typ, "character "+quoteRune(c)+" not in its alphabet", "X.680 41")
		}
	}
	sz, err := w.writeExt(sz, n)
	if err != nil {
		return err
	}
	b := a.Width(w.aligned)
	indexed := a.Indexed(w.aligned)
	k, frag := n, false // the characters the length written counts; a fragment?
	if !sz.fixed() {
		k = w.WriteLength(n, sz.Lb, sz.Ub)
		frag = k >= Fragment && (sz.Ub < 0 || sz.Ub >= 1<<16)
	}
	if w.aligned && alignChars(sz, b) {
		w.Align()
	}
	left := n
	for _, c := range s {
		if k == 0 { // after a fragment, the rest has a length of its own
			k = w.writeUnconstrainedLength(left)
			frag = k >= Fragment
		}
		v := uint64(c)
		if indexed {
			v = a.indexOf(c)
		}
		w.WriteBits(v, b)
		k--
		left--
	}
	if frag { // the characters ended with a fragment: a zero length ends them
		w.writeUnconstrainedLength(0)
	}
	return nil
}

func quoteRune(c rune) string {
	if c >= 0x20 && c < 0x7f {
		return "'" + string(c) + "'"
	}
	return "U+" + utoa(uint64(c))
}

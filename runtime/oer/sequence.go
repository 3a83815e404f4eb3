package oer

import (
	"github.com/asn1gen/asn1gen/runtime/der"
)

// ReadPreamble reads the preamble of a SEQUENCE or SET (X.696 16): one bit
// per element of bits, the extension bit first if the type is extensible,
// then one per OPTIONAL or DEFAULT component of the root, in (len(bits)+7)/8
// octets whose padding bits are zero in CANONICAL-OER.
func (r *Reader) ReadPreamble(bits []bool) error {
	const typ = "preamble"
	at := r.pos
	b, err := r.take(at, (len(bits)+7)/8, typ)
	if err != nil {
		return err
	}
	if r.canonical && len(b) > 0 && b[len(b)-1]&padding(len(bits)) != 0 {
		r.pos = at
		return r.nonCanonical(at+len(b)-1, typ, "padding bits not zero", "X.696 16")
	}
	for i := range bits {
		bits[i] = b[i/8]>>(7-i%8)&1 == 1
	}
	return nil
}

// WritePreamble writes the preamble of a SEQUENCE or SET: the extension
// bit first if the type is extensible, then one bit per OPTIONAL or
// DEFAULT component, set if it is present.
func (w *Writer) WritePreamble(bits ...bool) {
	for i, p := range bits {
		if i%8 == 0 {
			w.buf = append(w.buf, 0)
		}
		if p {
			w.buf[len(w.buf)-1] |= 0x80 >> (i % 8)
		}
	}
}

// ReadExtensions reads the presence bitmap of the extension additions of
// a SEQUENCE or SET whose extension bit is set (X.696 16): a BIT STRING
// of at least one bit, one per addition (ReadBitString); each addition
// present follows as an open type field (ReadOpen), in the order of the
// bits. CANONICAL-OER sets the extension bit only when an addition is
// present, so then a bit must be set.
func (r *Reader) ReadExtensions() (der.BitString, error) {
	const typ = "extension additions"
	at := r.pos
	v, err := r.ReadBitString(Size{Lb: 1, Ub: -1})
	if err != nil {
		if e, ok := err.(*der.Error); ok && e.Kind == der.KindConstraint {
			e.Kind, e.Type, e.Msg, e.Rule = der.KindMalformed, typ, "empty presence bitmap", "X.696 16.4"
		}
		return v, err
	}
	if r.canonical && !anySet(v) {
		r.pos = at
		return der.BitString{}, r.nonCanonical(at, typ, "extension bit set without an addition present", "X.696 16.4")
	}
	return v, nil
}

// anySet reports whether a bit of v is set, an octet at a time: a
// hostile bitmap may be as long as the input.
func anySet(v der.BitString) bool {
	k := v.BitLength / 8
	if v.BitLength < 0 || len(v.Bytes) < (v.BitLength+7)/8 {
		return false
	}
	for _, c := range v.Bytes[:k] {
		if c != 0 {
			return true
		}
	}
	return v.BitLength%8 > 0 && v.Bytes[k]&^padding(v.BitLength) != 0
}

// WriteExtensions writes the presence bitmap of the extension additions,
// one bit per addition of the type (or as received), before the open type
// fields of those present (WriteOpen, BeginOpen). A bitmap without an
// addition present is an error: the extension bit is then clear and there
// is no bitmap, the one CANONICAL-OER form.
func (w *Writer) WriteExtensions(v der.BitString) error {
	if !anySet(v) {
		return errValue(der.KindInvalidValue, "extension additions", "no addition present", "X.696 16.4")
	}
	return w.WriteBitString(v, Unsized)
}

// ReadTag reads the tag of a CHOICE's alternative (X.696 8.7, 20): the
// class in the two high-order bits of an octet, the number in its six
// others below 63, else 63 there and the number in base 128 in the octets
// that follow, bit 8 set in all but the last. CANONICAL-OER has the first
// form below 63 and no leading 0x80 octet. Numbers beyond 32 bits are
// KindUnsupported, as in package der. The alternative's value follows;
// an alternative of the extension additions is in an open type field.
func (r *Reader) ReadTag() (der.Tag, error) {
	const typ, rule = "tag", "X.696 8.7"
	at := r.pos
	if at >= len(r.buf) {
		return 0, r.truncated(at, typ, 1)
	}
	c := r.buf[at]
	class := der.Class(c >> 6)
	if c&0x3f < 0x3f {
		r.pos++
		return der.NewTag(class, uint32(c&0x3f)), nil
	}
	var n uint64
	for i := at + 1; ; i++ {
		if i >= len(r.buf) {
			return 0, r.truncated(at, typ, i-at+1)
		}
		d := r.buf[i]
		if i == at+1 && d == 0x80 && r.canonical {
			return 0, r.nonCanonical(at, typ, "tag number with a leading 0x80 octet", rule)
		}
		if n = n<<7 | uint64(d&0x7f); n > 1<<32-1 {
			return 0, r.errAt(at, der.KindUnsupported, typ, "tag number beyond 32 bits", rule)
		}
		if d < 0x80 {
			r.pos = i + 1
			break
		}
	}
	if r.canonical && n < 0x3f {
		r.pos = at
		return 0, r.nonCanonical(at, typ, "tag number below 63 in subsequent octets", rule)
	}
	return der.NewTag(class, uint32(n)), nil
}

// WriteTag writes the tag of a CHOICE's alternative.
func (w *Writer) WriteTag(t der.Tag) {
	c := byte(t.Class()) << 6
	n := t.Number()
	if n < 0x3f {
		w.buf = append(w.buf, c|byte(n))
		return
	}
	w.buf = append(w.buf, c|0x3f)
	k := 1
	for m := n >> 7; m > 0; m >>= 7 {
		k++
	}
	for i := k - 1; i > 0; i-- {
		w.buf = append(w.buf, 0x80|byte(n>>(7*i)))
	}
	w.buf = append(w.buf, byte(n&0x7f))
}

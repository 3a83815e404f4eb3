package oer

import "github.com/asn1gen/asn1gen/runtime/der"

// ReadLength reads a length determinant (X.696 8.6): one octet below 128
// (the short form), else 0x80|k and k octets of an unsigned number (the
// long form). The length counts the octets that follow it, so a length
// larger than the input left is a KindTruncated error at the length. In
// CANONICAL-OER the form must be the shortest: the short form below 128,
// the long form without leading zero octets.
func (r *Reader) ReadLength() (int, error) { return r.readLength("length determinant") }

// readLength is ReadLength for the type typ, which its errors name.
func (r *Reader) readLength(typ string) (int, error) {
	at := r.pos
	if at >= len(r.buf) {
		return 0, r.truncated(at, typ, 1)
	}
	c := r.buf[at]
	if c < 0x80 {
		r.pos++
		return r.checkLength(at, int(c), typ)
	}
	k := int(c & 0x7f)
	if k == 0 {
		return 0, r.errAt(at, der.KindMalformed, typ, "long form without length octets", "X.696 8.6")
	}
	if k > len(r.buf)-at-1 {
		return 0, r.truncated(at, typ, 1+k)
	}
	b := r.buf[at+1 : at+1+k]
	if r.canonical && b[0] == 0 {
		return 0, r.nonCanonical(at, typ, "long form with a leading zero octet", "X.696 8.6")
	}
	var n uint64
	for _, d := range b {
		// Once n exceeds the input it cannot shrink: stop before it
		// could overflow, as any such length is truncated.
		if n > uint64(len(r.buf)) {
			break
		}
		n = n<<8 | uint64(d)
	}
	if n > uint64(len(r.buf)) {
		return 0, r.errAt(at, der.KindTruncated, typ, "length larger than the input", "X.696 8.6")
	}
	if r.canonical && n < 0x80 {
		return 0, r.nonCanonical(at, typ, "long form of a length below 128", "X.696 8.6")
	}
	r.pos = at + 1 + k
	return r.checkLength(at, int(n), typ)
}

// checkLength reports a length n, read at at, larger than the input left.
func (r *Reader) checkLength(at, n int, typ string) (int, error) {
	if n > len(r.buf)-r.pos {
		err := r.truncated(at, typ, n)
		r.pos = at
		return 0, err
	}
	return n, nil
}

// readLengthOctets reads a length determinant and the octets it counts,
// aliasing the input; at is the offset of the length.
func (r *Reader) readLengthOctets(typ string) (b []byte, at int, err error) {
	at = r.pos
	n, err := r.readLength(typ)
	if err != nil {
		return nil, at, err
	}
	b = r.buf[r.pos : r.pos+n : r.pos+n]
	r.pos += n
	return b, at, nil
}

// WriteLength writes a length determinant in its shortest form.
func (w *Writer) WriteLength(n int) {
	if n < 0x80 {
		w.buf = append(w.buf, byte(n))
		return
	}
	k := octetsOf(uint64(n))
	w.buf = append(w.buf, 0x80|byte(k))
	w.buf = appendUint(w.buf, uint64(n), k)
}

// ReadQuantity reads the quantity field of a SEQUENCE OF or SET OF (X.696
// 17): a length determinant, then the number of elements as an unsigned
// number in that many octets (the shortest in CANONICAL-OER). Allocate
// the elements with MakeSlice, which charges them to the budget.
func (r *Reader) ReadQuantity() (int, error) {
	const typ = "quantity"
	at := r.pos
	b, _, err := r.readLengthOctets(typ)
	if err != nil {
		return 0, err
	}
	v, err := r.unsigned(at, b, typ, "X.696 17")
	if err != nil {
		r.pos = at
		return 0, err
	}
	if v > 1<<31-1 {
		r.pos = at
		return 0, r.errAt(at, der.KindLimit, typ, "more than 2^31-1 elements", "")
	}
	return int(v), nil
}

// WriteQuantity writes the quantity field of a SEQUENCE OF or SET OF of n
// elements.
func (w *Writer) WriteQuantity(n int) {
	w.WriteUint(uint64(n))
}

// ReadOpen reads an open type field (X.696 30): a length determinant and
// the complete encoding of a value, whose octets it returns (aliasing the
// input) with their offset in the outermost input, for Field.
func (r *Reader) ReadOpen() ([]byte, int, error) {
	b, _, err := r.readLengthOctets("open type")
	if err != nil {
		return nil, 0, err
	}
	return b, r.base + r.pos - len(b), nil
}

// OpenMark is what BeginOpen keeps of a Writer while it writes the value
// of an open type field.
type OpenMark struct{ start int }

// BeginOpen starts an open type field: what is written until EndOpen is
// the value, which EndOpen puts after its length. The value is written to
// w's buffer, then moved by the size of its length, so that no other
// buffer is needed.
func (w *Writer) BeginOpen() OpenMark { return OpenMark{start: len(w.buf)} }

// EndOpen ends the open type field that m began.
func (w *Writer) EndOpen(m OpenMark) {
	n := len(w.buf) - m.start
	var l [9]byte
	h := l[:0]
	if n < 0x80 {
		h = append(h, byte(n))
	} else {
		k := octetsOf(uint64(n))
		h = appendUint(append(h, 0x80|byte(k)), uint64(n), k)
	}
	w.buf = append(w.buf, h...) // room for the length
	copy(w.buf[m.start+len(h):], w.buf[m.start:m.start+n])
	copy(w.buf[m.start:], h)
}

// WriteOpen writes an open type field whose contents are b, the complete
// encoding of a value (one kept raw by a decode).
func (w *Writer) WriteOpen(b []byte) {
	w.WriteLength(len(b))
	w.buf = append(w.buf, b...)
}

package oer

import (
	"strconv"

	"github.com/asn1gen/asn1gen/runtime/der"
)

// Size is the OER-visible SIZE constraint of a string or list whose size
// is not fixed: Lb..Ub, Ub < 0 for no upper bound. A SIZE constraint with
// an extension marker is not OER-visible (Unsized). A fixed size has
// ReadFixedOctetString and the like instead.
type Size struct{ Lb, Ub int }

// Unsized is the Size of a string without an OER-visible SIZE constraint.
var Unsized = Size{Lb: 0, Ub: -1}

// Within reports whether n is in s.
func (s Size) Within(n int) bool { return n >= s.Lb && (s.Ub < 0 || n <= s.Ub) }

// errSize returns the error of a size n outside s, at octet at of r (or
// of an encoder when r is nil).
func errSize(r *Reader, at, n int, s Size, typ string) error {
	ub := "MAX"
	if s.Ub >= 0 {
		ub = strconv.Itoa(s.Ub)
	}
	msg := "size " + strconv.Itoa(n) + " not in " + strconv.Itoa(s.Lb) + ".." + ub
	if r == nil {
		return errValue(der.KindConstraint, typ, msg, "X.680 51.5")
	}
	return r.errAt(at, der.KindConstraint, typ, msg, "X.680 51.5")
}

// ReadFixedOctetString reads an OCTET STRING of the fixed size n (X.696
// 14): n octets without a length, aliasing the input.
func (r *Reader) ReadFixedOctetString(n int) ([]byte, error) {
	return r.take(r.pos, n, "OCTET STRING")
}

// WriteFixedOctetString writes b, an OCTET STRING of the fixed size n.
func (w *Writer) WriteFixedOctetString(b []byte, n int) error {
	if len(b) != n {
		return errSize(nil, 0, len(b), Size{n, n}, "OCTET STRING")
	}
	w.buf = append(w.buf, b...)
	return nil
}

// ReadOctetString reads an OCTET STRING whose size is not fixed (X.696
// 14): a length determinant and the octets, aliasing the input; it checks
// their number against s.
func (r *Reader) ReadOctetString(s Size) ([]byte, error) {
	b, at, err := r.readLengthOctets("OCTET STRING")
	if err == nil && !s.Within(len(b)) {
		r.pos = at
		return nil, errSize(r, at, len(b), s, "OCTET STRING")
	}
	return b, err
}

// WriteOctetString writes b, an OCTET STRING of size s.
func (w *Writer) WriteOctetString(b []byte, s Size) error {
	if !s.Within(len(b)) {
		return errSize(nil, 0, len(b), s, "OCTET STRING")
	}
	w.WriteLength(len(b))
	w.buf = append(w.buf, b...)
	return nil
}

// padding returns the padding bits of the last of the octets of n bits.
func padding(n int) byte { return byte(1)<<((8-n%8)%8) - 1 }

// ReadFixedBitString reads a BIT STRING of the fixed size n (X.696 13.2):
// the bits in (n+7)/8 octets without a length, aliasing the input. The
// padding bits of the last octet are zero in CANONICAL-OER.
func (r *Reader) ReadFixedBitString(n int) (der.BitString, error) {
	const typ = "BIT STRING"
	at := r.pos
	if n < 0 {
		return der.BitString{}, r.errAt(at, der.KindUnsupported, typ, "negative size", "X.696 13.2")
	}
	b, err := r.take(at, (n+7)/8, typ)
	if err != nil {
		return der.BitString{}, err
	}
	if r.canonical && len(b) > 0 && b[len(b)-1]&padding(n) != 0 {
		r.pos = at
		return der.BitString{}, r.nonCanonical(at+len(b)-1, typ, "padding bits not zero", "X.696 13.2")
	}
	return der.BitString{Bytes: b, BitLength: n}, nil
}

// WriteFixedBitString writes v, a BIT STRING of the fixed size n, with
// zero padding bits.
func (w *Writer) WriteFixedBitString(v der.BitString, n int) error {
	if v.BitLength != n || len(v.Bytes) < (n+7)/8 {
		return errSize(nil, 0, v.BitLength, Size{n, n}, "BIT STRING")
	}
	w.appendBits(v)
	return nil
}

// appendBits appends the bits of v with zero padding bits.
func (w *Writer) appendBits(v der.BitString) {
	k := (v.BitLength + 7) / 8
	w.buf = append(w.buf, v.Bytes[:k]...)
	if k > 0 {
		w.buf[len(w.buf)-1] &^= padding(v.BitLength)
	}
}

// ReadBitString reads a BIT STRING whose size is not fixed (X.696 13.3): a
// length determinant, an octet of the number of unused bits (0 to 7; 0 in
// an empty string), and the bits, aliasing the input; it checks their
// number against s. The unused bits are zero in CANONICAL-OER.
func (r *Reader) ReadBitString(s Size) (der.BitString, error) {
	const typ, rule = "BIT STRING", "X.696 13.3"
	b, at, err := r.readLengthOctets(typ)
	var v der.BitString
	switch {
	case err != nil:
		return v, err
	case len(b) == 0:
		err = r.errAt(at, der.KindMalformed, typ, "no unused-bits octet", rule)
	case b[0] > 7:
		err = r.errAt(r.pos-len(b), der.KindMalformed, typ, "more than 7 unused bits", rule)
	case len(b) == 1 && b[0] != 0:
		err = r.errAt(r.pos-len(b), der.KindMalformed, typ, "unused bits in an empty bit string", rule)
	case r.canonical && b[len(b)-1]&(1<<b[0]-1) != 0:
		err = r.nonCanonical(r.pos-1, typ, "unused bits not zero", rule)
	default:
		v = der.BitString{Bytes: b[1:], BitLength: 8*(len(b)-1) - int(b[0])}
		if !s.Within(v.BitLength) {
			err = errSize(r, at, v.BitLength, s, typ)
		}
	}
	if err != nil {
		r.pos = at
		return der.BitString{}, err
	}
	return v, nil
}

// WriteBitString writes v, a BIT STRING of size s, with zero unused bits.
func (w *Writer) WriteBitString(v der.BitString, s Size) error {
	if !s.Within(v.BitLength) || v.BitLength < 0 || len(v.Bytes) < (v.BitLength+7)/8 {
		return errSize(nil, 0, v.BitLength, s, "BIT STRING")
	}
	k := (v.BitLength + 7) / 8
	w.WriteLength(1 + k)
	w.buf = append(w.buf, byte(8*k-v.BitLength))
	w.appendBits(v)
	return nil
}

// ReadOID reads an OBJECT IDENTIFIER (X.696 21): a length determinant and
// the contents octets of its BER encoding (X.690 8.19), aliasing the
// input, checked as DER checks them.
func (r *Reader) ReadOID() (der.OID, error) {
	b, err := r.readSubids("OBJECT IDENTIFIER", "X.696 21")
	return der.OID(b), err
}

// ReadRelativeOID reads a RELATIVE-OID (X.696 22), as ReadOID.
func (r *Reader) ReadRelativeOID() (der.RelativeOID, error) {
	b, err := r.readSubids("RELATIVE-OID", "X.696 22")
	return der.RelativeOID(b), err
}

// readSubids reads a length determinant and a series of subidentifiers:
// at least one, none with a leading 0x80 octet, the last one ended
// (X.690 8.19.2, which BER asks too).
func (r *Reader) readSubids(typ, rule string) ([]byte, error) {
	b, at, err := r.readLengthOctets(typ)
	if err != nil {
		return nil, err
	}
	start := r.pos - len(b)
	if len(b) == 0 {
		r.pos = at
		return nil, r.errAt(at, der.KindMalformed, typ, "no subidentifier", rule)
	}
	first := true
	for i, c := range b {
		if first && c == 0x80 {
			r.pos = at
			return nil, r.errAt(start+i, der.KindInvalidValue, typ, "subidentifier not in the fewest octets", "X.690 8.19.2")
		}
		first = c < 0x80
	}
	if !first {
		r.pos = at
		return nil, r.errAt(start+len(b)-1, der.KindMalformed, typ, "last subidentifier unterminated", "X.690 8.19.2")
	}
	return b, nil
}

// WriteOID writes an OBJECT IDENTIFIER.
func (w *Writer) WriteOID(o der.OID) {
	w.WriteLength(len(o))
	w.buf = append(w.buf, o...)
}

// WriteRelativeOID writes a RELATIVE-OID.
func (w *Writer) WriteRelativeOID(o der.RelativeOID) {
	w.WriteLength(len(o))
	w.buf = append(w.buf, o...)
}

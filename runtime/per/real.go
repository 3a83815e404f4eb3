package per

import (
	"errors"

	"github.com/asn1gen/asn1gen/runtime/der"
	"github.com/asn1gen/asn1gen/runtime/float"
)

// ReadReal reads a REAL (X.691 15): an unconstrained length, octet-aligned
// in the ALIGNED variant, and the contents octets of its CER/DER encoding
// (X.690 8.5 with 11.3), read as package float reads them with the rules of
// DER: the only forms a canonical encoder writes (base 2 with an odd
// mantissa, or the NR3 form of base 10; no octets for plus zero). A base-10
// value is rounded to the nearest float64 and written back in base 2.
func (r *Reader) ReadReal() (float64, error) {
	at := r.pos
	b, err := r.readLengthOctets("REAL")
	if err != nil {
		return 0, err
	}
	v, err := float.Parse(b, true)
	if err != nil {
		return 0, r.place(err, at)
	}
	return v, nil
}

// WriteReal writes v as a REAL (X.691 15): a length and the DER contents
// octets of v, base 2 (X.690 11.3.1), the special values PLUS-INFINITY,
// MINUS-INFINITY, NOT-A-NUMBER and minus zero in their octet of X.690
// 8.5.9, and plus zero as no octets.
func (w *Writer) WriteReal(v float64) {
	var c [10]byte // the longest: 1 + 2 exponent + 7 mantissa octets
	w.writeLengthOctets(float.AppendContents(c[:0], v), 0, -1)
}

// place locates err, an error of a package that parses contents octets
// (Offset -1), at bit pos of r's input.
func (r *Reader) place(err error, pos int) error {
	var e *der.Error
	if errors.As(err, &e) && e.Offset < 0 {
		e.Offset, e.Bits = r.at(pos), true
	}
	return err
}

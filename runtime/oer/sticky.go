package oer

import (
	"math/big"

	"github.com/asn1gen/asn1gen/runtime/der"
)

// What generated decoders call. A Reader keeps the first error of a
// decode, with its offset and the field path, and after it every method
// below does nothing and returns a zero value, as package per's do, so
// that a component costs one line:
//
//	func (v *T) DecodeOER(r *oer.Reader) error {
//		var ext bool
//		r.Preamble(&ext, &v.HasA)
//		if v.HasA {
//			v.A = r.Bool("a")
//		}
//		v.B = r.IntRange(0, 15, "b")
//		return r.Err()
//	}
//
// The field names given make the error's path, as der.WithField does for
// the errors the Read methods return. The Read methods themselves do not
// look at the kept error: they are the primitives these are made of.

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

// keep returns v, or the zero value after keeping err.
func keep[T any](r *Reader, v T, err error, field string) T {
	if err != nil {
		r.Fail(err, field)
		var zero T
		return zero
	}
	return v
}

// Bool reads the BOOLEAN field.
func (r *Reader) Bool(field string) bool {
	if r.err != nil {
		return false
	}
	v, err := r.ReadBool()
	return keep(r, v, err, field)
}

// IntRange reads the INTEGER field constrained to lb..ub (ReadIntRange).
func (r *Reader) IntRange(lb, ub int64, field string) int64 {
	if r.err != nil {
		return 0
	}
	v, err := r.ReadIntRange(lb, ub)
	return keep(r, v, err, field)
}

// IntIn reads the INTEGER field constrained to a value set with gaps
// (X.680 51: INTEGER (1 | 3 | 7..9)), set its ranges as lo, hi pairs,
// ascending: OER sees their hull, set[0]..set[len(set)-1] (X.696 8.2),
// and the value must lie in one of them, as DER's decoders check.
func (r *Reader) IntIn(field string, set ...int64) int64 {
	if r.err != nil || len(set) < 2 {
		return 0
	}
	at := r.Offset()
	v, err := r.ReadIntRange(set[0], set[len(set)-1])
	if err == nil {
		err = der.CheckValues(at, "INTEGER", v, set...)
	}
	return keep(r, v, err, field)
}

// UintRange reads the INTEGER field constrained to lb..ub, 0 <= lb
// (ReadUintRange).
func (r *Reader) UintRange(lb, ub uint64, field string) uint64 {
	if r.err != nil {
		return 0
	}
	v, err := r.ReadUintRange(lb, ub)
	return keep(r, v, err, field)
}

// IntLb reads the INTEGER field with the lower bound lb (ReadIntLb).
func (r *Reader) IntLb(lb int64, field string) int64 {
	if r.err != nil {
		return 0
	}
	v, err := r.ReadIntLb(lb)
	return keep(r, v, err, field)
}

// Int reads the INTEGER field without an OER-visible constraint.
func (r *Reader) Int(field string) int64 {
	if r.err != nil {
		return 0
	}
	v, err := r.ReadInt()
	return keep(r, v, err, field)
}

// BigInt reads the variable-size INTEGER field of any size (ReadBigInt).
func (r *Reader) BigInt(signed bool, field string) *big.Int {
	if r.err != nil {
		return nil
	}
	v, err := r.ReadBigInt(signed)
	return keep(r, v, err, field)
}

// BigIntLb reads the INTEGER field with the lower bound lb, of any size.
func (r *Reader) BigIntLb(lb int64, field string) *big.Int {
	if r.err != nil {
		return nil
	}
	v, err := r.ReadBigIntLb(lb)
	return keep(r, v, err, field)
}

// Enumerated reads the ENUMERATED field.
func (r *Reader) Enumerated(field string) int64 {
	if r.err != nil {
		return 0
	}
	v, err := r.ReadEnumerated()
	return keep(r, v, err, field)
}

// OctetString reads the OCTET STRING field of size s.
func (r *Reader) OctetString(s Size, field string) []byte {
	if r.err != nil {
		return nil
	}
	v, err := r.ReadOctetString(s)
	return keep(r, v, err, field)
}

// FixedOctetString reads the OCTET STRING field of the fixed size n.
func (r *Reader) FixedOctetString(n int, field string) []byte {
	if r.err != nil {
		return nil
	}
	v, err := r.ReadFixedOctetString(n)
	return keep(r, v, err, field)
}

// BitString reads the BIT STRING field of size s.
func (r *Reader) BitString(s Size, field string) der.BitString {
	if r.err != nil {
		return der.BitString{}
	}
	v, err := r.ReadBitString(s)
	return keep(r, v, err, field)
}

// FixedBitString reads the BIT STRING field of the fixed size n.
func (r *Reader) FixedBitString(n int, field string) der.BitString {
	if r.err != nil {
		return der.BitString{}
	}
	v, err := r.ReadFixedBitString(n)
	return keep(r, v, err, field)
}

// String reads the character string field of type t and size s.
func (r *Reader) String(t *StringType, s Size, field string) string {
	if r.err != nil {
		return ""
	}
	v, err := r.ReadString(t, s)
	return keep(r, v, err, field)
}

// FixedString reads the character string field of type t and of the
// fixed size n.
func (r *Reader) FixedString(t *StringType, n int, field string) string {
	if r.err != nil {
		return ""
	}
	v, err := r.ReadFixedString(t, n)
	return keep(r, v, err, field)
}

// OID reads the OBJECT IDENTIFIER field.
func (r *Reader) OID(field string) der.OID {
	if r.err != nil {
		return nil
	}
	v, err := r.ReadOID()
	return keep(r, v, err, field)
}

// RelativeOID reads the RELATIVE-OID field.
func (r *Reader) RelativeOID(field string) der.RelativeOID {
	if r.err != nil {
		return nil
	}
	v, err := r.ReadRelativeOID()
	return keep(r, v, err, field)
}

// Quantity reads the quantity field of the SEQUENCE OF field.
func (r *Reader) Quantity(field string) int {
	if r.err != nil {
		return 0
	}
	v, err := r.ReadQuantity()
	return keep(r, v, err, field)
}

// Tag reads the tag of a CHOICE's alternative.
func (r *Reader) Tag() der.Tag {
	if r.err != nil {
		return 0
	}
	v, err := r.ReadTag()
	return keep(r, v, err, "")
}

// PeekTag returns the tag of a CHOICE's alternative without reading it:
// the tag of an untagged CHOICE alternative is that of the alternative
// it has chosen in turn (X.680 8.6), which the nested CHOICE's decoder
// reads itself. An error is kept as Tag's.
func (r *Reader) PeekTag() der.Tag {
	if r.err != nil {
		return 0
	}
	pos := r.pos
	v, err := r.ReadTag()
	r.pos = pos
	return keep(r, v, err, "")
}

// Preamble reads the preamble of a SEQUENCE or SET into the presence
// fields given, the extension bit first if the type is extensible.
func (r *Reader) Preamble(present ...*bool) {
	if r.err != nil {
		return
	}
	var a [64]bool
	bits := a[:0]
	if len(present) > len(a) {
		bits = make([]bool, 0, len(present)) // rare: a type's own count
	}
	bits = bits[:len(present)]
	if err := r.ReadPreamble(bits); err != nil {
		r.Fail(err, "")
		return
	}
	for i, p := range present {
		*p = bits[i]
	}
}

// Extensions reads the presence bitmap of the extension additions when
// ext, the extension bit, is set; otherwise no addition is present.
func (r *Reader) Extensions(ext bool) der.BitString {
	if !ext || r.err != nil {
		return der.BitString{}
	}
	v, err := r.ReadExtensions()
	return keep(r, v, err, "")
}

// Open begins the open type field (an extension addition, an alternative
// of a later version): the Reader returned reads its contents, and
// EndOpen ends it. ok is false after an error.
func (r *Reader) Open(field string) (f Reader, ok bool) {
	if r.err != nil {
		return Reader{}, false
	}
	b, at, err := r.ReadOpen()
	if err != nil {
		r.Fail(err, field)
		return Reader{}, false
	}
	return r.Field(b, at), true
}

// EndOpen ends the open type field f that Open began, keeping f's error
// or the error of a field f did not fill, field first in its path.
func (r *Reader) EndOpen(f *Reader, field string) {
	if r.err != nil {
		return
	}
	if f.err != nil {
		r.alloc = f.alloc
		r.Fail(f.err, field)
		return
	}
	r.Fail(r.EndField(f), field)
}

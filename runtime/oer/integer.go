package oer

import (
	"math"
	"math/big"
	"strconv"

	"github.com/asn1gen/asn1gen/runtime/der"
)

// UintSize returns the size in octets of the fixed-size encoding of an
// INTEGER whose OER-visible constraint has a lower bound >= 0 and the upper
// bound ub (X.696 10.2): 1, 2, 4 or 8. A larger upper bound (or none) makes
// the integer variable-size (ReadUint, ReadBigInt).
func UintSize(ub uint64) int {
	switch {
	case ub <= math.MaxUint8:
		return 1
	case ub <= math.MaxUint16:
		return 2
	case ub <= math.MaxUint32:
		return 4
	}
	return 8
}

// IntSize returns the size in octets of the fixed-size encoding of an
// INTEGER constrained to lb..ub with lb < 0 (X.696 10.3): 1, 2, 4 or 8
// octets of two's complement. Bounds beyond int64 make it variable-size.
func IntSize(lb, ub int64) int {
	switch {
	case lb >= math.MinInt8 && ub <= math.MaxInt8:
		return 1
	case lb >= math.MinInt16 && ub <= math.MaxInt16:
		return 2
	case lb >= math.MinInt32 && ub <= math.MaxInt32:
		return 4
	}
	return 8
}

// checkSize reports a size of a fixed-size integer that X.696 10.2 does
// not have (a bug of the caller, not of the input).
func checkSize(size int) bool { return size == 1 || size == 2 || size == 4 || size == 8 }

// ReadFixedUint reads an unsigned number in size octets (1, 2, 4 or 8).
func (r *Reader) ReadFixedUint(size int) (uint64, error) {
	if !checkSize(size) {
		return 0, r.errAt(r.pos, der.KindUnsupported, "INTEGER", "fixed size of "+strconv.Itoa(size)+" octets", "X.696 10.2")
	}
	b, err := r.take(r.pos, size, "INTEGER")
	if err != nil {
		return 0, err
	}
	var v uint64
	for _, c := range b {
		v = v<<8 | uint64(c)
	}
	return v, nil
}

// ReadFixedInt reads a two's complement number in size octets (1, 2, 4
// or 8).
func (r *Reader) ReadFixedInt(size int) (int64, error) {
	u, err := r.ReadFixedUint(size)
	if err != nil {
		return 0, err
	}
	s := 64 - 8*uint(size)
	return int64(u<<s) >> s, nil // sign-extend
}

// WriteFixedUint writes v as an unsigned number in size octets.
func (w *Writer) WriteFixedUint(v uint64, size int) error {
	if !checkSize(size) || size < 8 && v>>(8*size) != 0 {
		return errValue(der.KindConstraint, "INTEGER", strconv.FormatUint(v, 10)+" does not fit "+strconv.Itoa(size)+" octets", "X.696 10.2")
	}
	w.buf = appendUint(w.buf, v, size)
	return nil
}

// WriteFixedInt writes v as a two's complement number in size octets.
func (w *Writer) WriteFixedInt(v int64, size int) error {
	if !checkSize(size) || size < 8 && (v < -1<<(8*size-1) || v >= 1<<(8*size-1)) {
		return errValue(der.KindConstraint, "INTEGER", strconv.FormatInt(v, 10)+" does not fit "+strconv.Itoa(size)+" octets", "X.696 10.3")
	}
	w.buf = appendUint(w.buf, uint64(v), size)
	return nil
}

// unsigned returns b, the octets of a variable-size unsigned number read
// at at, as a uint64: at least one octet, without a leading zero octet in
// CANONICAL-OER.
func (r *Reader) unsigned(at int, b []byte, typ, rule string) (uint64, error) {
	if len(b) == 0 {
		return 0, r.errAt(at, der.KindMalformed, typ, "no octets", rule)
	}
	if r.canonical && len(b) > 1 && b[0] == 0 {
		return 0, r.nonCanonical(at, typ, "leading zero octet", rule)
	}
	for len(b) > 1 && b[0] == 0 {
		b = b[1:]
	}
	if len(b) > 8 {
		return 0, r.errAt(at, der.KindUnsupported, typ, "more than 64 bits", rule)
	}
	var v uint64
	for _, c := range b {
		v = v<<8 | uint64(c)
	}
	return v, nil
}

// redundant reports a leading octet c0 of a two's complement number that
// only repeats the sign of the next one, c1 (X.690 8.3.2's rule).
func redundant(c0, c1 byte) bool { return c0 == 0 && c1 < 0x80 || c0 == 0xff && c1 >= 0x80 }

// signed returns b, the octets of a variable-size two's complement number
// read at at, as an int64: at least one octet, in the fewest in
// CANONICAL-OER.
func (r *Reader) signed(at int, b []byte, typ, rule string) (int64, error) {
	if len(b) == 0 {
		return 0, r.errAt(at, der.KindMalformed, typ, "no octets", rule)
	}
	if r.canonical && len(b) > 1 && redundant(b[0], b[1]) {
		return 0, r.nonCanonical(at, typ, "redundant leading octet", rule)
	}
	for len(b) > 1 && redundant(b[0], b[1]) {
		b = b[1:]
	}
	if len(b) > 8 {
		return 0, r.errAt(at, der.KindUnsupported, typ, "more than 64 bits", rule)
	}
	v := int64(int8(b[0])) // sign-extend the first octet
	for _, c := range b[1:] {
		v = v<<8 | int64(c)
	}
	return v, nil
}

// ReadUint reads a variable-size unsigned INTEGER (X.696 10.4 with a lower
// bound >= 0): a length determinant and the number in that many octets. A
// value beyond 64 bits is KindUnsupported: ReadBigInt reads it.
func (r *Reader) ReadUint() (uint64, error) {
	b, at, err := r.readLengthOctets("INTEGER")
	if err != nil {
		return 0, err
	}
	v, err := r.unsigned(at, b, "INTEGER", "X.696 10.4")
	if err != nil {
		r.pos = at
	}
	return v, err
}

// ReadInt reads a variable-size signed INTEGER (X.696 10.4 without a lower
// bound >= 0): a length determinant and the number in that many octets of
// two's complement.
func (r *Reader) ReadInt() (int64, error) {
	b, at, err := r.readLengthOctets("INTEGER")
	if err != nil {
		return 0, err
	}
	v, err := r.signed(at, b, "INTEGER", "X.696 10.4")
	if err != nil {
		r.pos = at
	}
	return v, err
}

// WriteUint writes a variable-size unsigned INTEGER in the fewest octets.
func (w *Writer) WriteUint(v uint64) {
	k := octetsOf(v)
	w.buf = appendUint(append(w.buf, byte(k)), v, k)
}

// intOctets returns the fewest octets of v in two's complement.
func intOctets(v int64) int {
	k := 1
	for v < -128 || v > 127 {
		v >>= 8
		k++
	}
	return k
}

// WriteInt writes a variable-size signed INTEGER in the fewest octets.
func (w *Writer) WriteInt(v int64) {
	k := intOctets(v)
	w.buf = appendUint(append(w.buf, byte(k)), uint64(v), k)
}

// ReadBigInt reads a variable-size INTEGER of any size, unsigned (lower
// bound >= 0) or two's complement (signed), as ReadUint and ReadInt do;
// the big.Int is charged to the budget.
func (r *Reader) ReadBigInt(signed bool) (*big.Int, error) {
	const typ, rule = "INTEGER", "X.696 10.4"
	b, at, err := r.readLengthOctets(typ)
	if err == nil {
		err = r.allocAt(at, len(b)+32, typ)
	}
	switch {
	case err != nil:
	case len(b) == 0:
		err = r.errAt(at, der.KindMalformed, typ, "no octets", rule)
	case r.canonical && len(b) > 1 && !signed && b[0] == 0:
		err = r.nonCanonical(at, typ, "leading zero octet", rule)
	case r.canonical && len(b) > 1 && signed && redundant(b[0], b[1]):
		err = r.nonCanonical(at, typ, "redundant leading octet", rule)
	}
	if err != nil {
		r.pos = at
		return nil, err
	}
	z := new(big.Int).SetBytes(b)
	if signed && b[0] >= 0x80 {
		z.Sub(z, new(big.Int).Lsh(big.NewInt(1), uint(8*len(b)))) // two's complement
	}
	return z, nil
}

// WriteBigInt writes z as a variable-size INTEGER in the fewest octets,
// unsigned unless signed; a negative z is not unsigned.
func (w *Writer) WriteBigInt(z *big.Int, signed bool) error {
	if !signed && z.Sign() < 0 {
		return errValue(der.KindConstraint, "INTEGER", z.String()+" is negative, its lower bound is not", "X.696 10.4")
	}
	var b []byte
	switch {
	case z.Sign() >= 0:
		b = z.Bytes()
		if len(b) == 0 || signed && b[0] >= 0x80 {
			b = append([]byte{0}, b...)
		}
	default:
		// -z-1 has the bits of z's two's complement inverted.
		m := new(big.Int).Not(z).Bytes()
		b = make([]byte, len(m)+1)
		copy(b[1:], m)
		for i := range b {
			b[i] = ^b[i]
		}
		for len(b) > 1 && redundant(b[0], b[1]) {
			b = b[1:]
		}
	}
	w.WriteLength(len(b))
	w.buf = append(w.buf, b...)
	return nil
}

// errRange returns the error of a value v outside lb..ub, at octet at of
// r (or of an encoder when r is nil).
// ReadBigIntLb reads a variable-size INTEGER of any size with the lower
// bound lb and no upper one (X.696 10.4): unsigned when lb >= 0, two's
// complement otherwise; a value below lb is a KindConstraint error.
func (r *Reader) ReadBigIntLb(lb int64) (*big.Int, error) {
	at := r.pos
	z, err := r.ReadBigInt(lb < 0)
	if err == nil && z.Cmp(big.NewInt(lb)) < 0 {
		r.pos = at
		return nil, errRange(r, at, z.String(), strconv.FormatInt(lb, 10), "MAX")
	}
	return z, err
}

// WriteBigIntLb writes z, an INTEGER with the lower bound lb and no upper
// one, as ReadBigIntLb reads it; z below lb is a KindConstraint error.
func (w *Writer) WriteBigIntLb(z *big.Int, lb int64) error {
	if z.Cmp(big.NewInt(lb)) < 0 {
		return errRange(nil, -1, z.String(), strconv.FormatInt(lb, 10), "MAX")
	}
	return w.WriteBigInt(z, lb < 0)
}

func errRange(r *Reader, at int, v, lb, ub string) error {
	msg := v + " not in " + lb + ".." + ub
	if r == nil {
		return errValue(der.KindConstraint, "INTEGER", msg, "X.680 51.8")
	}
	return r.errAt(at, der.KindConstraint, "INTEGER", msg, "X.680 51.8")
}

// ReadUintRange reads an INTEGER constrained to lb..ub (0 <= lb <= ub), in
// UintSize(ub) octets, and checks that it is in its range.
func (r *Reader) ReadUintRange(lb, ub uint64) (uint64, error) {
	at := r.pos
	v, err := r.ReadFixedUint(UintSize(ub))
	if err == nil && (v < lb || v > ub) {
		r.pos = at
		return 0, errRange(r, at, strconv.FormatUint(v, 10), strconv.FormatUint(lb, 10), strconv.FormatUint(ub, 10))
	}
	return v, err
}

// WriteUintRange writes v, an INTEGER constrained to lb..ub (0 <= lb).
func (w *Writer) WriteUintRange(v, lb, ub uint64) error {
	if v < lb || v > ub {
		return errRange(nil, 0, strconv.FormatUint(v, 10), strconv.FormatUint(lb, 10), strconv.FormatUint(ub, 10))
	}
	return w.WriteFixedUint(v, UintSize(ub))
}

// ReadIntRange reads an INTEGER constrained to lb..ub: unsigned in
// UintSize(ub) octets when lb >= 0, else two's complement in IntSize(lb,
// ub) octets; and checks that it is in its range.
func (r *Reader) ReadIntRange(lb, ub int64) (int64, error) {
	at := r.pos
	var v int64
	var err error
	if lb >= 0 {
		var u uint64
		u, err = r.ReadFixedUint(UintSize(uint64(ub)))
		v = int64(u)
		if u > math.MaxInt64 {
			v = -1 // outside any lb >= 0
		}
	} else {
		v, err = r.ReadFixedInt(IntSize(lb, ub))
	}
	if err == nil && (v < lb || v > ub) {
		r.pos = at
		return 0, errRange(r, at, strconv.FormatInt(v, 10), strconv.FormatInt(lb, 10), strconv.FormatInt(ub, 10))
	}
	return v, err
}

// WriteIntRange writes v, an INTEGER constrained to lb..ub.
func (w *Writer) WriteIntRange(v, lb, ub int64) error {
	if v < lb || v > ub {
		return errRange(nil, 0, strconv.FormatInt(v, 10), strconv.FormatInt(lb, 10), strconv.FormatInt(ub, 10))
	}
	if lb >= 0 {
		return w.WriteFixedUint(uint64(v), UintSize(uint64(ub)))
	}
	return w.WriteFixedInt(v, IntSize(lb, ub))
}

// WriteIntIn writes v, an INTEGER constrained to a value set with gaps,
// set its ranges as lo, hi pairs, ascending (Reader.IntIn): in the form
// of their hull, set[0]..set[len(set)-1].
func (w *Writer) WriteIntIn(v int64, set ...int64) error {
	if len(set) < 2 {
		return errValue(der.KindUnsupported, "INTEGER", "no value set", "X.680 51")
	}
	if err := der.CheckValues(-1, "INTEGER", v, set...); err != nil {
		return err
	}
	return w.WriteIntRange(v, set[0], set[len(set)-1])
}

// ReadIntLb reads an INTEGER with the lower bound lb and no upper bound
// (or one beyond the fixed sizes): variable-size, unsigned when lb >= 0
// (ReadUint), else signed (ReadInt); and checks that it is at least lb.
func (r *Reader) ReadIntLb(lb int64) (int64, error) {
	at := r.pos
	var v int64
	var err error
	if lb >= 0 {
		var u uint64
		u, err = r.ReadUint()
		if err == nil && u > math.MaxInt64 {
			r.pos = at
			return 0, r.errAt(at, der.KindUnsupported, "INTEGER", "more than 63 bits", "X.696 10.4")
		}
		v = int64(u)
	} else {
		v, err = r.ReadInt()
	}
	if err == nil && v < lb {
		r.pos = at
		return 0, errRange(r, at, strconv.FormatInt(v, 10), strconv.FormatInt(lb, 10), "MAX")
	}
	return v, err
}

// WriteIntLb writes v, an INTEGER with the lower bound lb (ReadIntLb).
func (w *Writer) WriteIntLb(v, lb int64) error {
	if v < lb {
		return errRange(nil, 0, strconv.FormatInt(v, 10), strconv.FormatInt(lb, 10), "MAX")
	}
	if lb >= 0 {
		w.WriteUint(uint64(v))
	} else {
		w.WriteInt(v)
	}
	return nil
}

// ReadEnumerated reads an ENUMERATED value (X.696 11): 0..127 in one octet
// (the short form), else 0x80|k and the value in k octets of two's
// complement (the long form). CANONICAL-OER has the short form for 0..127
// and the long form in the fewest octets. The value is the item's number
// in the schema, not its index as in PER.
func (r *Reader) ReadEnumerated() (int64, error) {
	const typ, rule = "ENUMERATED", "X.696 11"
	at := r.pos
	if at >= len(r.buf) {
		return 0, r.truncated(at, typ, 1)
	}
	c := r.buf[at]
	if c < 0x80 {
		r.pos++
		return int64(c), nil
	}
	r.pos++
	b, err := r.take(at, int(c&0x7f), typ)
	if err == nil {
		var v int64
		if v, err = r.signed(at, b, typ, rule); err == nil {
			if r.canonical && v >= 0 && v < 0x80 {
				err = r.nonCanonical(at, typ, "long form of a value in 0..127", rule)
			} else {
				return v, nil
			}
		}
	}
	r.pos = at
	return 0, err
}

// WriteEnumerated writes an ENUMERATED value in its canonical form.
func (w *Writer) WriteEnumerated(v int64) {
	if v >= 0 && v < 0x80 {
		w.buf = append(w.buf, byte(v))
		return
	}
	k := intOctets(v)
	w.buf = appendUint(append(w.buf, 0x80|byte(k)), uint64(v), k)
}

// ReadBool reads a BOOLEAN (X.696 9): 0x00 is FALSE; CANONICAL-OER has
// 0xFF for TRUE, BASIC-OER any other octet.
func (r *Reader) ReadBool() (bool, error) {
	at := r.pos
	b, err := r.take(at, 1, "BOOLEAN")
	if err != nil {
		return false, err
	}
	if r.canonical && b[0] != 0 && b[0] != 0xff {
		r.pos = at
		return false, r.nonCanonical(at, "BOOLEAN", "TRUE not 0xFF", "X.696 9")
	}
	return b[0] != 0, nil
}

// WriteBool writes a BOOLEAN: 0xFF for TRUE.
func (w *Writer) WriteBool(v bool) {
	if v {
		w.buf = append(w.buf, 0xff)
	} else {
		w.buf = append(w.buf, 0)
	}
}

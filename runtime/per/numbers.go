package per

import (
	"encoding/binary"
	"math/big"
	"math/bits"

	"github.com/asn1gen/asn1gen/runtime/der"
)

// Whole numbers, X.691 11.5 to 11.8.

// readRange reads a constrained whole number n-lb in 0..span, span being
// ub-lb (X.691 11.5.7): the range is span+1, which may not fit in 64 bits.
func (r *Reader) readRange(span uint64, typ string) (uint64, error) {
	if span == 0 { // a range of one value: no bits (11.5.4)
		return 0, nil
	}
	var v uint64
	switch {
	case !r.aligned || span < 255:
		// UNALIGNED (11.5.6) and the ALIGNED bit-field case (11.5.7.1):
		// the fewest bits that hold the range.
		n := bits.Len64(span)
		if err := r.need(n, typ); err != nil {
			return 0, err
		}
		v = r.bits(n)
	case span == 255: // the one-octet case (11.5.7.2)
		r.Align()
		if err := r.need(8, typ); err != nil {
			return 0, err
		}
		v = r.bits(8)
	case span < 1<<16: // the two-octet case (11.5.7.3)
		r.Align()
		if err := r.need(16, typ); err != nil {
			return 0, err
		}
		v = r.bits(16)
	default:
		// The indefinite-length case (11.5.7.4, 13.2.6): the octets
		// holding n-lb, their count a constrained whole number in
		// 1..(octets of the range's largest value).
		at := r.pos
		maxOctets := (bits.Len64(span) + 7) / 8
		k, err := r.readRange(uint64(maxOctets-1), typ)
		if err != nil {
			return 0, err
		}
		k++
		r.Align()
		if err := r.need(8*int(k), typ); err != nil {
			return 0, err
		}
		v = r.bits(8 * int(k))
		if k > 1 && v>>(8*(k-1)) == 0 {
			return 0, r.errAt(at, der.KindNonCanonical, typ, "constrained whole number not in the fewest octets", "X.691 11.5.7.4")
		}
	}
	if v > span {
		return 0, r.errAt(r.pos, der.KindInvalidValue, typ, "constrained whole number beyond the range", "X.691 11.5.7")
	}
	return v, nil
}

// rangeFast reads, when it can in one load, what readRange reads after
// the extension bit of an extensible constraint if ext: a constrained
// whole number in 0..span of the forms of nearly every INTEGER, index,
// ENUMERATED and length of 3GPP's protocols: a bit-field of up to 32
// bits, or (ALIGNED) one or two octets after the padding, or up to five
// octets after their count (the indefinite-length case of 11.5.7.4, as
// AMF-UE-NGAP-ID's). It takes the bits from the 64 at the position
// (peek). ok is false, and r has not moved, for anything else: the
// extension bit set, a wider range, too few bits in the field, a number
// beyond span or not in the fewest octets; the caller then reads with
// the methods that say why (ReadInt, ReadIndex, ReadCount).
func (r *Reader) rangeFast(span uint64, ext bool) (v uint64, ok bool) {
	pos := r.pos
	w := r.peek()
	if ext {
		if pos >= r.end || w>>63 != 0 {
			return 0, false
		}
		w <<= 1
		pos++
	}
	// From here on at most 3 + 7 + 40 bits of w, which holds 57 from
	// the position on (or all of the input's that are left).
	n := bits.Len64(span)
	switch {
	case !r.aligned || span < 255:
		if n > 32 {
			return 0, false
		}
	case span < 1<<16:
		n = 8
		if span > 255 {
			n = 16
		}
		pad := -pos & 7
		w <<= uint(pad)
		pos += pad
	default:
		// k-1 in 0..maxOctets-1 as a bit-field, then the k octets
		maxOctets := (n + 7) / 8
		if maxOctets > 5 {
			return 0, false
		}
		kb := bits.Len(uint(maxOctets - 1))
		k := int(w>>(64-kb)) + 1
		if k > maxOctets {
			return 0, false
		}
		w <<= uint(kb)
		pos += kb
		pad := -pos & 7
		w <<= uint(pad)
		pos += pad
		if n = 8 * k; k > 1 && w>>56 == 0 {
			return 0, false // not in the fewest octets
		}
	}
	if n > r.end-pos {
		return 0, false
	}
	if v = w >> 1 >> (uint(63-n) & 63); v > span {
		return 0, false
	}
	r.pos = pos + n
	return v, true
}

// peek returns the 64 bits from r's position on, the first the highest,
// those past the end of the input 0: 57 or more from the input, or all
// that are left in it. Where the field being read ends is the caller's to
// check.
func (r *Reader) peek() uint64 {
	pos, b := r.pos, r.buf
	if i := pos >> 3; i >= 0 && i+8 <= len(b) {
		return binary.BigEndian.Uint64(b[i:i+8]) << (pos & 7)
	}
	if j := len(b) - 8; j >= 0 && pos >= 8*j {
		// in the last 8 octets: pos-8*j < 64 but at the end
		return binary.BigEndian.Uint64(b[j:]) << (uint(pos-8*j) & 127)
	}
	var w uint64
	for k := pos >> 3; k >= 0 && k < len(b) && k-pos>>3 < 8; k++ {
		w |= uint64(b[k]) << (56 - 8*uint(k-pos>>3))
	}
	return w << (pos & 7)
}

// writeRange writes v in 0..span (see readRange).
func (w *Writer) writeRange(v, span uint64) {
	switch {
	case span == 0:
	case !w.aligned || span < 255:
		w.WriteBits(v, bits.Len64(span))
	case span == 255:
		w.Align()
		w.WriteBits(v, 8)
	case span < 1<<16:
		w.Align()
		w.WriteBits(v, 16)
	default:
		maxOctets := (bits.Len64(span) + 7) / 8
		k := max((bits.Len64(v)+7)/8, 1)
		w.writeRange(uint64(k-1), uint64(maxOctets-1))
		w.Align()
		w.WriteBits(v, 8*k)
	}
}

// ReadConstrained reads a constrained whole number in lb..ub (X.691 11.5),
// lb <= ub: the encoding of an INTEGER (lb..ub) without extension marker
// (13.2.2), of a CHOICE or ENUMERATED index, of a length below 64K.
func (r *Reader) ReadConstrained(lb, ub int64) (int64, error) {
	v, err := r.readRange(uint64(ub-lb), "INTEGER")
	return lb + int64(v), err
}

// WriteConstrained writes v, a constrained whole number in lb..ub; v
// outside lb..ub is an error (generated code checks values first, so that
// the error names the field).
func (w *Writer) WriteConstrained(v, lb, ub int64) error {
	if v < lb || v > ub {
		return errRange(v, lb, ub)
	}
	w.writeRange(uint64(v-lb), uint64(ub-lb))
	return nil
}

//go:noinline
func errRange(v, lb, ub int64) error {
	return errValue(der.KindConstraint, "INTEGER", itoa64(v)+" not in "+itoa64(lb)+".."+itoa64(ub), "X.680 51.4")
}

func itoa64(v int64) string {
	if v == -1<<63 {
		return "-9223372036854775808"
	}
	if v < 0 {
		return "-" + utoa(uint64(-v))
	}
	return utoa(uint64(v))
}

func utoa(u uint64) string {
	var b [20]byte
	i := len(b)
	for {
		i--
		b[i] = byte('0' + u%10)
		if u /= 10; u == 0 {
			return string(b[i:])
		}
	}
}

// readIntOctets reads the octet count (an unconstrained length, 11.9) and
// the octets of a semi-constrained or unconstrained whole number, up to 8
// of them; more is a value beyond 64 bits.
func (r *Reader) readIntOctets(typ string) (v uint64, k int, err error) {
	n, more, err := r.readUnconstrainedLength(typ)
	if err != nil {
		return 0, 0, err
	}
	if more || n > 8 {
		return 0, 0, r.errAt(r.pos, der.KindUnsupported, typ, "whole number of "+itoa(n)+" octets does not fit in 64 bits", "")
	}
	if n == 0 {
		return 0, 0, r.errAt(r.pos, der.KindMalformed, typ, "whole number of no octets", "X.691 11.7.4")
	}
	r.Align()
	if err := r.need(8*n, typ); err != nil {
		return 0, 0, err
	}
	return r.bits(8 * n), n, nil
}

// ReadSemiConstrained reads a semi-constrained whole number n >= lb
// (X.691 11.7): the octets of n-lb after their count. It is the encoding of
// INTEGER (lb..MAX) (13.2.3).
func (r *Reader) ReadSemiConstrained(lb int64) (int64, error) {
	const typ = "INTEGER"
	at := r.pos
	v, k, err := r.readIntOctets(typ)
	if err != nil {
		return 0, err
	}
	if k > 1 && v>>(8*(k-1)) == 0 {
		return 0, r.errAt(at, der.KindNonCanonical, typ, "semi-constrained whole number not in the fewest octets", "X.691 11.7.4")
	}
	n := lb + int64(v)
	if n < lb {
		return 0, r.errAt(at, der.KindUnsupported, typ, "value does not fit in 64 bits", "")
	}
	return n, nil
}

// WriteSemiConstrained writes n >= lb as a semi-constrained whole number.
func (w *Writer) WriteSemiConstrained(n, lb int64) error {
	if n < lb {
		return errValue(der.KindConstraint, "INTEGER", itoa64(n)+" below "+itoa64(lb), "X.680 51.4")
	}
	v := uint64(n - lb)
	k := max((bits.Len64(v)+7)/8, 1)
	w.writeUnconstrainedLength(k)
	w.Align()
	w.WriteBits(v, 8*k)
	return nil
}

// ReadUnconstrained reads an unconstrained whole number (X.691 11.8): the
// octets of its two's complement after their count, the encoding of an
// INTEGER with no lower bound (13.2.4), or of one whose extensible
// constraint its value is outside (13.2.1). A value beyond 64 bits is an
// error of KindUnsupported: read those with ReadUnconstrainedInteger.
func (r *Reader) ReadUnconstrained() (int64, error) {
	const typ = "INTEGER"
	at := r.pos
	v, k, err := r.readIntOctets(typ)
	if err != nil {
		return 0, err
	}
	if k > 1 {
		top := v >> (8*k - 9) // the first 9 bits
		if top == 0 || top == 0x1ff {
			return 0, r.errAt(at, der.KindNonCanonical, typ, "unconstrained whole number not in the fewest octets", "X.691 11.8")
		}
	}
	shift := 64 - 8*k
	return int64(v<<shift) >> shift, nil
}

// WriteUnconstrained writes n as an unconstrained whole number.
func (w *Writer) WriteUnconstrained(n int64) {
	k := 1
	for k < 8 && (n < -1<<(8*k-1) || n >= 1<<(8*k-1)) {
		k++
	}
	w.writeUnconstrainedLength(k)
	w.Align()
	w.WriteBits(uint64(n), 8*k)
}

// ReadUnconstrainedInteger reads an unconstrained whole number of any size
// as a der.Integer (its two's complement octets, minimal).
func (r *Reader) ReadUnconstrainedInteger() (der.Integer, error) {
	const typ = "INTEGER"
	at := r.pos
	b, err := r.readLengthOctets(typ)
	if err != nil {
		return nil, err
	}
	switch {
	case len(b) == 0:
		return nil, r.errAt(at, der.KindMalformed, typ, "whole number of no octets", "X.691 11.8")
	case len(b) > 1 && (b[0] == 0 && b[1] < 0x80 || b[0] == 0xff && b[1] >= 0x80):
		return nil, r.errAt(at, der.KindNonCanonical, typ, "unconstrained whole number not in the fewest octets", "X.691 11.8")
	}
	return der.Integer(b), nil
}

// WriteUnconstrainedInteger writes i (minimal two's complement octets, as
// der.IntegerFromBig makes) as an unconstrained whole number.
func (w *Writer) WriteUnconstrainedInteger(i der.Integer) {
	if len(i) == 0 {
		i = der.Integer{0}
	}
	w.writeLengthOctets(i, 0, -1)
}

// ReadSmall reads a normally small non-negative whole number (X.691 11.6):
// six bits up to 63, else a semi-constrained whole number. It encodes the
// index of a CHOICE alternative or an ENUMERATED value of the extension.
func (r *Reader) ReadSmall() (int, error) {
	big, err := r.ReadBool()
	if err != nil {
		return 0, err
	}
	if !big {
		if err := r.need(6, "index"); err != nil {
			return 0, err
		}
		return int(r.bits(6)), nil
	}
	at := r.pos
	n, err := r.ReadSemiConstrained(0)
	if err != nil {
		return 0, err
	}
	if n < 64 {
		return 0, r.errAt(at, der.KindNonCanonical, "index", "normally small number below 64 not in six bits", "X.691 11.6.1")
	}
	if n > 1<<31 {
		return 0, r.errAt(at, der.KindUnsupported, "index", "index beyond 2^31", "")
	}
	return int(n), nil
}

// WriteSmall writes n >= 0 as a normally small non-negative whole number.
func (w *Writer) WriteSmall(n int) {
	if n < 64 {
		w.WriteBits(uint64(n), 7) // the bit 0, then six bits
		return
	}
	w.WriteBool(true)
	_ = w.WriteSemiConstrained(int64(n), 0)
}

// ReadIndex reads the index of a CHOICE alternative or ENUMERATED value
// with root values 0..root-1 (X.691 14, 23): ext says the type is
// extensible, and then an index of the extension, 0 for the first
// addition, comes with inExt set.
func (r *Reader) ReadIndex(root int, ext bool) (i int, inExt bool, err error) {
	if ext {
		if inExt, err = r.ReadBool(); err != nil {
			return 0, false, err
		}
		if inExt {
			i, err = r.ReadSmall()
			return i, true, err
		}
	}
	if root <= 0 {
		return 0, false, r.errAt(r.pos, der.KindInvalidValue, "index", "no root alternative", "X.691 23.4")
	}
	v, err := r.readRange(uint64(root-1), "index")
	return int(v), false, err
}

// WriteIndex writes an index written by ReadIndex.
func (w *Writer) WriteIndex(i, root int, ext, inExt bool) {
	if ext {
		w.WriteBool(inExt)
		if inExt {
			w.WriteSmall(i)
			return
		}
	}
	w.writeRange(uint64(i), uint64(root-1))
}

// The INTEGER encodings of X.691 13, by the bounds of the effective
// constraint, for generated code: ext says the constraint is extensible,
// which puts a bit before the value, set when the value is outside the
// root and then encoded as an unconstrained whole number (13.2.1).

// ReadInt reads an INTEGER (lb..ub), lb <= ub (13.2.2).
func (r *Reader) ReadInt(lb, ub int64, ext bool) (int64, error) {
	if ext {
		out, err := r.ReadBool()
		if err != nil {
			return 0, err
		}
		if out {
			at := r.pos
			v, err := r.ReadUnconstrained()
			if err == nil && v >= lb && v <= ub {
				err = r.errInRoot(at)
			}
			return v, err
		}
	}
	return r.ReadConstrained(lb, ub)
}

// errInRoot reports a value of the root of an extensible constraint
// encoded as outside it, with the extension bit set: X.691 13.2.1 (and
// 16.6, 17.3, 20.4, 30.4 for sizes) gives such a value the bit 0.
//
//go:noinline
func (r *Reader) errInRoot(at int) error {
	return r.errAt(at, der.KindNonCanonical, "", "value of the root encoded as outside it", "X.691 13.2.1")
}

// WriteInt writes an INTEGER (lb..ub); outside the root, v is an error
// unless ext.
func (w *Writer) WriteInt(v, lb, ub int64, ext bool) error {
	if ext {
		out := v < lb || v > ub
		w.WriteBool(out)
		if out {
			w.WriteUnconstrained(v)
			return nil
		}
	}
	return w.WriteConstrained(v, lb, ub)
}

// ReadIntLb reads an INTEGER (lb..MAX) (13.2.3).
func (r *Reader) ReadIntLb(lb int64, ext bool) (int64, error) {
	if ext {
		out, err := r.ReadBool()
		if err != nil {
			return 0, err
		}
		if out {
			at := r.pos
			v, err := r.ReadUnconstrained()
			if err == nil && v >= lb {
				err = r.errInRoot(at)
			}
			return v, err
		}
	}
	return r.ReadSemiConstrained(lb)
}

// WriteIntLb writes an INTEGER (lb..MAX).
func (w *Writer) WriteIntLb(v, lb int64, ext bool) error {
	if ext {
		w.WriteBool(v < lb)
		if v < lb {
			w.WriteUnconstrained(v)
			return nil
		}
	}
	return w.WriteSemiConstrained(v, lb)
}

// ReadIntAny reads an INTEGER without a lower bound (13.2.4): ext is an
// extensible constraint (MIN..ub, ...), whose bit precedes the value in
// both cases and must say whether it is above ub (math.MaxInt64 if none).
func (r *Reader) ReadIntAny(ub int64, ext bool) (int64, error) {
	if !ext {
		return r.ReadUnconstrained()
	}
	out, err := r.ReadBool()
	if err != nil {
		return 0, err
	}
	at := r.pos
	v, err := r.ReadUnconstrained()
	switch {
	case err != nil:
	case out && v <= ub:
		err = r.errInRoot(at)
	case !out && v > ub:
		err = r.errAt(at, der.KindNonCanonical, "INTEGER", itoa64(v)+" above "+itoa64(ub)+" with the extension bit 0", "X.691 13.2.1")
	}
	return v, err
}

// WriteIntAny writes an INTEGER without a lower bound; ub is its upper
// bound when ext (math.MaxInt64 if none).
func (w *Writer) WriteIntAny(v, ub int64, ext bool) {
	if ext {
		w.WriteBool(v > ub)
	}
	w.WriteUnconstrained(v)
}

// NamedBits returns the BIT STRING with named bits that X.691 16.2 and
// 16.3 encode for v: no trailing 0 bits, then padded with 0 bits to lb,
// the lower bound of its size.
func NamedBits(v der.BitString, lb int) der.BitString {
	n := min(v.BitLength, 8*len(v.Bytes))
	for n > 0 && v.Bytes[(n-1)/8]>>(7-(n-1)%8)&1 == 0 {
		n--
	}
	if n >= lb {
		return der.BitString{Bytes: v.Bytes[:(n+7)/8], BitLength: n}
	}
	b := make([]byte, (lb+7)/8)
	copy(b, v.Bytes[:(n+7)/8])
	return der.BitString{Bytes: b, BitLength: lb}
}

// ReadBigInt reads an INTEGER held as a der.Integer, which has no upper
// bound in int64: semi-constrained from lb if hasLb, else unconstrained
// (13.2.3, 13.2.4), after the extension bit if ext.
func (r *Reader) ReadBigInt(lb int64, hasLb, ext bool) (der.Integer, error) {
	out := false
	if ext {
		var err error
		if out, err = r.ReadBool(); err != nil {
			return nil, err
		}
	}
	if !hasLb || out {
		// Not checked: a value of the root with the extension bit set
		// (ReadBigInt is not given the upper bound).
		return r.ReadUnconstrainedInteger()
	}
	const typ = "INTEGER"
	b, err := r.readSemiOctets(typ)
	if err != nil {
		return nil, err
	}
	if err := r.Alloc(len(b)+16, typ); err != nil {
		return nil, err
	}
	z := new(big.Int).SetBytes(b)
	return der.IntegerFromBig(z.Add(z, big.NewInt(lb))), nil
}

// readSemiOctets reads the octets of a semi-constrained whole number of
// any size (11.7.4): a length, then the offset from the lower bound in the
// fewest octets.
func (r *Reader) readSemiOctets(typ string) ([]byte, error) {
	at := r.pos
	b, err := r.readLengthOctets(typ)
	if err != nil {
		return nil, err
	}
	switch {
	case len(b) == 0:
		return nil, r.errAt(at, der.KindMalformed, typ, "whole number of no octets", "X.691 11.7.4")
	case len(b) > 1 && b[0] == 0:
		return nil, r.errAt(at, der.KindNonCanonical, typ, "semi-constrained whole number not in the fewest octets", "X.691 11.7.4")
	}
	return b, nil
}

// WriteBigInt writes v (see ReadBigInt); lb..ub is the root of the
// constraint (hasUb: ub is a bound), which an extensible one lets v leave.
func (w *Writer) WriteBigInt(v der.Integer, lb int64, hasLb bool, ub int64, hasUb, ext bool) error {
	z := v.Big()
	out := hasLb && z.Cmp(big.NewInt(lb)) < 0 || hasUb && z.Cmp(big.NewInt(ub)) > 0
	if out && !ext {
		return errValue(der.KindConstraint, "INTEGER", v.String()+" outside its constraint", "X.680 51.4")
	}
	if ext {
		w.WriteBool(out)
	}
	if !hasLb || out {
		w.WriteUnconstrainedInteger(der.IntegerFromBig(z))
		return nil
	}
	b := z.Sub(z, big.NewInt(lb)).Bytes()
	if len(b) == 0 {
		b = []byte{0}
	}
	w.writeLengthOctets(b, 0, -1)
	return nil
}

// ReadEnum reads the value of an ENUMERATED whose root items are 0 to
// root-1 and whose adds additions follow them, root to root+adds-1 (the
// numbering X.680 20.2 gives items without numbers): its index (X.691 14)
// is its value. An addition beyond adds is one this version does not know.
func (r *Reader) ReadEnum(root, adds int, ext bool) (int64, error) {
	at := r.pos
	i, inExt, err := r.ReadIndex(root, ext)
	if err != nil || !inExt {
		return int64(i), err
	}
	if i >= adds {
		return 0, r.errAt(at, der.KindUnsupported, "ENUMERATED", "an enumeration addition this version does not know", "X.691 14")
	}
	return int64(root + i), nil
}

// WriteEnum writes v, the value of an ENUMERATED as ReadEnum reads it.
func (w *Writer) WriteEnum(v int64, root, adds int, ext bool) error {
	switch {
	case v >= 0 && v < int64(root):
		w.WriteIndex(int(v), root, ext, false)
	case ext && v >= int64(root) && v < int64(root+adds):
		w.WriteIndex(int(v)-root, root, true, true)
	default:
		return errValue(der.KindInvalidValue, "ENUMERATED", itoa64(v)+" is not an item of the enumeration", "X.680 20")
	}
	return nil
}

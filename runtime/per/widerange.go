package per

import (
	"math/big"

	"github.com/asn1gen/asn1gen/runtime/der"
)

// ReadWideRange reads an INTEGER (lb..ub) whose upper bound lies beyond
// int64 but whose span ub-lb fits in 64 bits, as NGAP's usage counts
// INTEGER (0..18446744073709551615): a constrained whole number (X.691
// 13.2.2, 11.5.7: in the ALIGNED variant the indefinite-length case, a
// length of 1 to 8 octets and the octets), after the extension bit if
// ext, held as a der.Integer.
func (r *Reader) ReadWideRange(lb int64, span uint64, ext bool) (der.Integer, error) {
	if ext {
		out, err := r.ReadBool()
		if err != nil {
			return nil, err
		}
		if out {
			return r.ReadUnconstrainedInteger()
		}
	}
	v, err := r.readRange(span, "INTEGER")
	if err != nil {
		return nil, err
	}
	if err := r.Alloc(24, "INTEGER"); err != nil {
		return nil, err
	}
	z := new(big.Int).SetUint64(v)
	return der.IntegerFromBig(z.Add(z, big.NewInt(lb))), nil
}

// WriteWideRange writes v (see ReadWideRange); a value outside lb..lb+span
// is an error, unless ext lets it leave the root.
func (w *Writer) WriteWideRange(v der.Integer, lb int64, span uint64, ext bool) error {
	z := new(big.Int).Sub(v.Big(), big.NewInt(lb))
	out := z.Sign() < 0 || !z.IsUint64() || z.Uint64() > span
	if out && !ext {
		return errValue(der.KindConstraint, "INTEGER", v.String()+" outside its constraint", "X.680 51.4")
	}
	if ext {
		w.WriteBool(out)
	}
	if out {
		w.WriteUnconstrainedInteger(v)
		return nil
	}
	w.writeRange(z.Uint64(), span)
	return nil
}

// ReadBigRange reads an INTEGER whose PER-visible bounds do not both fit
// the int64 forms (ReadInt, ReadWideRange): lo and hi are the bounds as
// INTEGER contents octets (two's complement, as der.Integer holds them),
// "" for MIN and MAX. With both, a constrained whole number (X.691 13.2.2,
// 11.5): in the UNALIGNED variant the fewest bits that hold ub-lb
// (11.5.6), in the ALIGNED one, for a range beyond 64K, the
// indefinite-length case (11.5.7.4, 13.2.6), a length of 1 up to the
// octets of ub-lb as a constrained whole number and the octets of n-lb.
// With lo alone, a semi-constrained whole number (13.2.3); else, and
// outside the root of an extensible constraint (after the extension bit
// if ext), an unconstrained one (13.2.4, 13.1).
func (r *Reader) ReadBigRange(lo, hi string, ext bool) (der.Integer, error) {
	const typ = "INTEGER"
	out := false
	if ext {
		var err error
		if out, err = r.ReadBool(); err != nil {
			return nil, err
		}
	}
	if out || lo == "" {
		// The extension bit says whether the value is outside the root;
		// without one the value must be in it, as WriteBigRange has it.
		at := r.pos
		v, err := r.ReadUnconstrainedInteger()
		if err != nil {
			return nil, err
		}
		switch in := inBounds(v.Big(), lo, hi); {
		case out && in:
			return nil, r.errInRoot(at)
		case !out && !in && ext:
			return nil, r.errAt(at, der.KindNonCanonical, typ, v.String()+" outside the root with the extension bit 0", "X.691 13.2.1")
		case !out && !in:
			return nil, r.errAt(at, der.KindConstraint, typ, v.String()+" outside its constraint", "X.680 51.4")
		}
		return v, nil
	}
	lb := der.Integer(lo).Big()
	var z *big.Int
	if hi == "" {
		b, err := r.readSemiOctets(typ)
		if err != nil {
			return nil, err
		}
		z = new(big.Int).SetBytes(b)
	} else {
		span := new(big.Int).Sub(der.Integer(hi).Big(), lb)
		var err error
		if z, err = r.readBigRange(span, typ); err != nil {
			return nil, err
		}
	}
	if err := r.Alloc(len(lo)+len(hi)+24, typ); err != nil {
		return nil, err
	}
	return der.IntegerFromBig(z.Add(z, lb)), nil
}

// readBigRange reads a constrained whole number n-lb in 0..span (see
// readRange, which it is for a span that fits in 64 bits).
func (r *Reader) readBigRange(span *big.Int, typ string) (*big.Int, error) {
	if span.IsUint64() {
		v, err := r.readRange(span.Uint64(), typ)
		return new(big.Int).SetUint64(v), err
	}
	// A range beyond 2^64: more than 64K, so the indefinite-length case
	// in the ALIGNED variant.
	n := span.BitLen()
	at := r.pos
	if r.aligned {
		maxOctets := (n + 7) / 8
		k, err := r.readRange(uint64(maxOctets-1), typ)
		if err != nil {
			return nil, err
		}
		r.Align()
		n = 8 * int(k+1)
	}
	if err := r.need(n, typ); err != nil {
		return nil, err
	}
	b := make([]byte, (n+7)/8)
	r.copyBits(b, n)
	z := new(big.Int).SetBytes(b)
	if n%8 != 0 {
		z.Rsh(z, uint(8-n%8)) // copyBits left-aligns the bits
	}
	if r.aligned && n > 8 && b[0] == 0 {
		return nil, r.errAt(at, der.KindNonCanonical, typ, "constrained whole number not in the fewest octets", "X.691 11.5.7.4")
	}
	if z.Cmp(span) > 0 {
		return nil, r.errAt(r.pos, der.KindInvalidValue, typ, "constrained whole number beyond the range", "X.691 11.5.7")
	}
	return z, nil
}

// inBounds reports whether z is in lo..hi, bounds as ReadBigRange takes
// them.
func inBounds(z *big.Int, lo, hi string) bool {
	return (lo == "" || z.Cmp(der.Integer(lo).Big()) >= 0) && (hi == "" || z.Cmp(der.Integer(hi).Big()) <= 0)
}

// WriteBigRange writes v (see ReadBigRange); a value outside lo..hi is an
// error, unless ext lets it leave the root.
func (w *Writer) WriteBigRange(v der.Integer, lo, hi string, ext bool) error {
	z := v.Big()
	var lb, ub *big.Int
	if lo != "" {
		lb = der.Integer(lo).Big()
	}
	if hi != "" {
		ub = der.Integer(hi).Big()
	}
	out := !inBounds(z, lo, hi)
	if out && !ext {
		return errValue(der.KindConstraint, "INTEGER", v.String()+" outside its constraint", "X.680 51.4")
	}
	if ext {
		w.WriteBool(out)
	}
	if out || lb == nil {
		w.WriteUnconstrainedInteger(der.IntegerFromBig(z))
		return nil
	}
	d := z.Sub(z, lb)
	if ub == nil {
		b := d.Bytes()
		if len(b) == 0 {
			b = []byte{0}
		}
		w.writeLengthOctets(b, 0, -1)
		return nil
	}
	span := new(big.Int).Sub(ub, lb)
	if span.IsUint64() {
		w.writeRange(d.Uint64(), span.Uint64())
		return nil
	}
	n := span.BitLen()
	if w.aligned {
		maxOctets := (n + 7) / 8
		k := max((d.BitLen()+7)/8, 1)
		w.writeRange(uint64(k-1), uint64(maxOctets-1))
		w.Align()
		n = 8 * k
	}
	// The n low-order bits of d, high-order first.
	b := d.FillBytes(make([]byte, (n+7)/8))
	if r := n % 8; r > 0 {
		w.WriteBits(uint64(b[0]), r)
		b = b[1:]
	}
	w.writeOctets(b)
	return nil
}

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

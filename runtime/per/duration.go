package per

import (
	"math/big"
	"strings"

	"github.com/asn1gen/asn1gen/runtime/der"
	"github.com/asn1gen/asn1gen/runtime/isotime"
)

// DURATION (X.691 32.6) is encoded as the value of
//
//	DURATION-INTERVAL-ENCODING ::= SEQUENCE {
//	    years   INTEGER (0..31, ..., 32..MAX) OPTIONAL,
//	    months  INTEGER (0..15, ..., 16..MAX) OPTIONAL,
//	    weeks   INTEGER (0..63, ..., 64..MAX) OPTIONAL,
//	    days    INTEGER (0..31, ..., 32..MAX) OPTIONAL,
//	    hours   INTEGER (0..31, ..., 32..MAX) OPTIONAL,
//	    minutes INTEGER (0..63, ..., 64..MAX) OPTIONAL,
//	    seconds INTEGER (0..63, ..., 64..MAX) OPTIONAL,
//	    fractional-part SEQUENCE {
//	        number-of-digits INTEGER (1..3, ..., 4..MAX),
//	        fractional-value INTEGER (0..999, ..., 1000..MAX) } OPTIONAL }
//
// (from secondary sources, as the SEQUENCEs of time.go; one copy made from
// the 2008 edition bounds fractional-value by 1..999, the copies that cite
// the 02/2021 edition by 0..999, which this follows). A component is
// present when the value writes it (isotime.Duration.Components), zero
// ones included; the fraction "05" is number-of-digits 2, fractional-value
// 5. A component beyond the root is an unconstrained whole number, which
// reaches the 64 bits of isotime.Duration's components; a fraction may
// have any number of digits (within the decode's allocation budget).

// durationRoots are the upper bounds of the roots of the seven components.
var durationRoots = [7]int64{31, 15, 63, 31, 31, 63, 63}

// ReadDuration reads a DURATION.
func (r *Reader) ReadDuration() (isotime.Duration, error) {
	const typ = "DURATION"
	at := r.pos
	pre, err := r.ReadBits(8)
	if err != nil {
		return isotime.Duration{}, err
	}
	var v [7]uint64
	var mask uint8
	for k, ub := range durationRoots {
		if pre&(0x80>>k) == 0 {
			continue
		}
		mask |= 1 << k
		if v[k], err = r.readDurationNumber(0, ub, typ); err != nil {
			return isotime.Duration{}, err
		}
	}
	var frac string
	if pre&1 != 0 {
		if frac, err = r.readFraction(typ); err != nil {
			return isotime.Duration{}, err
		}
	}
	if mask == 0 {
		return isotime.Duration{}, r.errAt(at, der.KindInvalidValue, typ, "no components", "X.680 38")
	}
	d := isotime.Duration{Years: v[0], Months: v[1], Weeks: v[2], Days: v[3], Hours: v[4], Minutes: v[5], Seconds: v[6], Frac: frac}
	d = d.WithComponents(mask)
	if err := d.Check(); err != nil {
		return isotime.Duration{}, r.place(err, at)
	}
	return d, nil
}

// readFraction reads fractional-part as the digits of the fraction.
func (r *Reader) readFraction(typ string) (string, error) {
	at := r.pos
	n, err := r.readDurationNumber(1, 3, typ)
	if err != nil {
		return "", err
	}
	if n == 0 {
		return "", r.errAt(at, der.KindInvalidValue, typ, "a fraction of no digits", "X.691 32.6")
	}
	return r.readFractionValue(n, typ)
}

// readFractionValue reads the digits of a fraction of n digits, as
// INTEGER (0..999, ..., 1000..MAX) (the fraction of DURATION and of the
// times of day of TIME).
func (r *Reader) readFractionValue(n uint64, typ string) (string, error) {
	at := r.pos
	ext, err := r.ReadBool()
	if err != nil {
		return "", err
	}
	var digits string
	if !ext {
		f, err := r.ReadConstrained(0, 999)
		if err != nil {
			return "", err
		}
		digits = itoa64(f)
	} else {
		i, err := r.ReadUnconstrainedInteger()
		if err != nil {
			return "", err
		}
		if i.Sign() < 0 {
			return "", r.errAt(at, der.KindInvalidValue, typ, "negative fraction", "X.691 32")
		}
		if f, ok := i.Int64(); ok && f <= 999 {
			return "", r.errInRoot(at)
		}
		digits = i.String()
	}
	if uint64(len(digits)) > n {
		return "", r.errAt(at, der.KindInvalidValue, typ, "a fraction of more digits than its number of digits", "X.691 32")
	}
	if err := r.Alloc(int(n), typ); err != nil {
		return "", err
	}
	return strings.Repeat("0", int(n)-len(digits)) + digits, nil
}

// readDurationNumber reads a component of DURATION-INTERVAL-ENCODING,
// INTEGER (lb..ub, ..., ub+1..MAX), as a uint64.
func (r *Reader) readDurationNumber(lb, ub int64, typ string) (uint64, error) {
	ext, err := r.ReadBool()
	if err != nil {
		return 0, err
	}
	if !ext {
		v, err := r.ReadConstrained(lb, ub)
		return uint64(v), err
	}
	at := r.pos
	u, err := r.readUnsigned(typ)
	if err != nil {
		return 0, err
	}
	if u >= uint64(lb) && u <= uint64(ub) {
		return 0, r.errInRoot(at)
	}
	return u, nil
}

// readUnsigned reads an unconstrained whole number that is a uint64.
func (r *Reader) readUnsigned(typ string) (uint64, error) {
	at := r.pos
	i, err := r.ReadUnconstrainedInteger()
	if err != nil {
		return 0, err
	}
	if i.Sign() < 0 {
		return 0, r.errAt(at, der.KindInvalidValue, typ, "negative number", "X.691 32")
	}
	b := i[:]
	if b[0] == 0 {
		b = b[1:]
	}
	if len(b) > 8 {
		return 0, r.errAt(at, der.KindUnsupported, typ, "number beyond 64 bits", "")
	}
	var u uint64
	for _, c := range b {
		u = u<<8 | uint64(c)
	}
	return u, nil
}

// WriteDuration writes a DURATION; an invalid one is an error.
func (w *Writer) WriteDuration(d isotime.Duration) error {
	if err := d.Check(); err != nil {
		return err
	}
	mask := d.Components()
	for k := range durationRoots {
		w.WriteBool(mask&(1<<k) != 0)
	}
	w.WriteBool(d.Frac != "")
	for k, v := range [7]uint64{d.Years, d.Months, d.Weeks, d.Days, d.Hours, d.Minutes, d.Seconds} {
		if mask&(1<<k) != 0 {
			w.writeDurationNumber(v, 0, durationRoots[k])
		}
	}
	if d.Frac == "" {
		return nil
	}
	w.writeDurationNumber(uint64(len(d.Frac)), 1, 3)
	return w.writeFractionValue(d.Frac)
}

// writeFractionValue writes the digits of a fraction as INTEGER (0..999,
// ..., 1000..MAX).
func (w *Writer) writeFractionValue(frac string) error {
	digits := strings.TrimLeft(frac, "0")
	if len(digits) <= 3 {
		f := int64(0)
		for _, c := range digits {
			f = f*10 + int64(c-'0')
		}
		w.WriteBool(false)
		return w.WriteConstrained(f, 0, 999)
	}
	z, ok := new(big.Int).SetString(digits, 10)
	if !ok {
		return errValue(der.KindInvalidValue, "", "fraction not decimal digits", "X.680 38")
	}
	w.WriteBool(true)
	w.WriteUnconstrainedInteger(der.IntegerFromBig(z))
	return nil
}

// writeDurationNumber writes v >= lb as INTEGER (lb..ub, ..., ub+1..MAX).
func (w *Writer) writeDurationNumber(v uint64, lb, ub int64) {
	if v <= uint64(ub) {
		w.WriteBool(false)
		_ = w.WriteConstrained(int64(v), lb, ub)
		return
	}
	w.WriteBool(true)
	w.writeUnsigned(v)
}

// writeUnsigned writes v as an unconstrained whole number.
func (w *Writer) writeUnsigned(v uint64) {
	var b [9]byte
	for k := 8; k > 0; k-- {
		b[k] = byte(v)
		v >>= 8
	}
	i := 0
	for i < 8 && b[i] == 0 && b[i+1] < 0x80 {
		i++
	}
	w.WriteUnconstrainedInteger(der.Integer(b[i:]))
}

package runtime

import (
	"bytes"
	"math"
	"math/bits"
	"strconv"
	"strings"
)

// ParseReal parses the contents of a REAL (X.690 8.5) into a float64.
//
// All forms are read: binary with base 2, 8 or 16, any scale factor F and
// any exponent format; decimal NR1, NR2 and NR3 (ISO 6093, with spaces,
// signs and ',' or '.'); the special values PLUS-INFINITY, MINUS-INFINITY,
// NOT-A-NUMBER and minus zero.
//
// Precision: a binary value is returned exactly or not at all: a mantissa
// of more than 53 significant bits, or a value outside the range of
// float64 (subnormals included), is a KindUnsupported error. A decimal
// value is rounded to the nearest float64 as strconv.ParseFloat does, since
// almost no decimal fraction is exact in binary; it is a KindUnsupported
// error only when it overflows or when a non-zero value rounds to zero.
//
// In DER (X.690 11.3) binary values must use base 2 and F = 0, an odd
// mantissa without leading zero octets and the shortest exponent format;
// decimal values the canonical NR3 form ("-15.E-1", "1.E+0"); and zero
// must be empty.
func ParseReal(b []byte, der bool) (float64, error) {
	if len(b) == 0 {
		return 0, nil // X.690 8.5.2: plus zero
	}
	c := b[0]
	switch {
	case c&0x80 != 0:
		return parseBinaryReal(b, der)
	case c&0x40 == 0:
		return parseDecimalReal(b, der)
	case len(b) != 1:
		return 0, errValue("REAL", "special value of more than one octet", "X.690 8.5.9")
	case c > 0x43:
		return 0, errValue("REAL", "reserved special value", "X.690 8.5.9")
	}
	// X.690 8.5.9: the special real values, in the order of their octets.
	return [...]float64{math.Inf(1), math.Inf(-1), math.NaN(), math.Copysign(0, -1)}[c-0x40], nil
}

func parseBinaryReal(b []byte, der bool) (float64, error) {
	const typ = "REAL"
	c := b[0]
	base := c >> 4 & 3 // X.690 8.5.7.2: 0 = 2, 1 = 8, 2 = 16
	if base == 3 {
		return 0, errValue(typ, "reserved base", "X.690 8.5.7.2")
	}
	scale := int64(c >> 2 & 3)
	// X.690 8.5.7.4: the exponent takes 1, 2 or 3 octets, or as many as the
	// second octet says.
	i, n := 1, int(c&3)+1
	if n == 4 {
		if len(b) < 2 || b[1] == 0 {
			return 0, errValue(typ, "missing exponent length", "X.690 8.5.7.4")
		}
		i, n = 2, int(b[1])
	}
	if len(b)-i <= n {
		return 0, errValue(typ, "exponent or mantissa missing", "X.690 8.5.7.4")
	}
	e, m := b[i:i+n], b[i+n:]
	long := n > 1 && redundant(e[0], e[1])
	if long && c&3 == 3 {
		return 0, errValue(typ, "exponent not in the fewest octets", "X.690 8.5.7.4")
	}
	if der && (base != 0 || scale != 0) {
		return 0, errNonDER(typ, "base other than 2 or scale factor not 0", "X.690 11.3.1")
	}
	// X.690 11.3.1 allows one encoding per value: an odd mantissa, which
	// leaves no choice of exponent, written in the fewest octets.
	if der && (long || c&3 == 3 && n <= 3 || m[0] == 0 || m[len(m)-1]&1 == 0) {
		return 0, errNonDER(typ, "mantissa not odd or not in the fewest octets", "X.690 11.3.1")
	}
	sign := 1.0 // X.690 8.5.7.1: bit 7
	if c&0x40 != 0 {
		sign = -1
	}
	if m = bytes.TrimLeft(m, "\x00"); len(m) == 0 {
		return math.Copysign(0, sign), nil
	}
	// value = N * 2^F * B^E (X.690 8.5.7.3); write N = mant * 2^shift with
	// mant odd.
	n0 := len(m)
	m = bytes.TrimRight(m, "\x00")
	shift := int64(8 * (n0 - len(m)))
	if e = Integer(e).minimal(); len(m) > 8 || len(e) > 4 {
		return 0, errUnsupported(typ, "value beyond the precision or range of float64", "")
	}
	var acc uint64
	for _, d := range m {
		acc = acc<<8 | uint64(d)
	}
	tz := bits.TrailingZeros64(acc)
	mant := acc >> tz
	exp, _ := Integer(e).Int64()
	e2 := exp*int64(1+2*base-base/2) + scale + shift + int64(tz) // log2 B is 1, 3, 4
	if bits.Len64(mant) > 53 || e2 > 1100 || e2 < -1200 {
		return 0, errUnsupported(typ, "value beyond the precision or range of float64", "")
	}
	v := math.Ldexp(float64(mant), int(e2))
	if math.IsInf(v, 0) || math.Ldexp(v, -int(e2)) != float64(mant) {
		return 0, errUnsupported(typ, "value beyond the range of float64", "")
	}
	return math.Copysign(v, sign), nil
}

// parseDecimalReal reads the ISO 6093 forms of X.690 8.5.8: NR1 "  -12",
// NR2 "-12,5" and NR3 "-125E-1" (decimal mark optional in NR3), each with
// leading spaces and a sign allowed.
func parseDecimalReal(b []byte, der bool) (float64, error) {
	const typ = "REAL"
	form, s := b[0]&0x3f, b[1:]
	if form < 1 || form > 3 {
		return 0, errValue(typ, "reserved decimal form", "X.690 8.5.8")
	}
	t := bytes.TrimLeft(s, " ")
	i := 0
	if len(t) > 0 && (t[0] == '+' || t[0] == '-') {
		i++
	}
	j := skipDigits(t, i)
	nd := j - i // mantissa digits
	mark := j < len(t) && (t[j] == '.' || t[j] == ',')
	if mark {
		i, j = j, skipDigits(t, j+1)
		nd += j - i - 1
	}
	m := j // end of the mantissa
	if form == 3 && j < len(t) && (t[j] == 'E' || t[j] == 'e') {
		if j++; j < len(t) && (t[j] == '+' || t[j] == '-') {
			j++
		}
		if i, j = j, skipDigits(t, j); i == j {
			j = -1
		}
	} else if form == 3 {
		j = -1
	}
	if nd == 0 || j != len(t) || form == 1 && mark || form == 2 && !mark {
		return 0, errValue(typ, "not an ISO 6093 NR"+strconv.Itoa(int(form))+" number", "X.690 8.5.8")
	}
	if der && (form != 3 || !canonicalNR3(s)) {
		return 0, errNonDER(typ, "decimal value not in the canonical NR3 form", "X.690 11.3.2")
	}
	v, err := strconv.ParseFloat(strings.ReplaceAll(string(t), ",", "."), 64)
	if err != nil && !math.IsInf(v, 0) {
		return 0, errValue(typ, "not a decimal number", "X.690 8.5.8")
	}
	if math.IsInf(v, 0) || v == 0 && bytes.ContainsAny(t[:m], "123456789") {
		return 0, errUnsupported(typ, "decimal value beyond the range of float64", "")
	}
	return v, nil
}

// canonicalNR3 reports whether s is the DER form of a decimal REAL (X.690
// 11.3.2): an optional '-', an integer mantissa without leading or
// trailing zeros, ".E", and the exponent "+0" or a non-zero integer
// without '+' or leading zeros.
func canonicalNR3(s []byte) bool {
	if len(s) > 0 && s[0] == '-' {
		s = s[1:]
	}
	i := skipDigits(s, 0)
	if i == 0 || s[0] == '0' || s[i-1] == '0' || len(s)-i < 3 || s[i] != '.' || s[i+1] != 'E' {
		return false
	}
	e := s[i+2:]
	if string(e) == "+0" {
		return true
	}
	e = bytes.TrimPrefix(e, []byte("-"))
	return len(e) > 0 && e[0] != '0' && skipDigits(e, 0) == len(e)
}

// AppendReal appends the DER contents of v (X.690 11.3.1): nothing for +0,
// a special value octet for -0, infinities and NaN (X.690 8.5.9), and
// otherwise base 2 with F = 0, an odd mantissa and the shortest exponent.
func AppendReal(dst []byte, v float64) []byte {
	switch {
	case v == 0 && !math.Signbit(v):
		return dst
	case v == 0:
		return append(dst, 0x43)
	case math.IsInf(v, 1):
		return append(dst, 0x40)
	case math.IsInf(v, -1):
		return append(dst, 0x41)
	case math.IsNaN(v):
		return append(dst, 0x42)
	}
	frac, exp := math.Frexp(math.Abs(v))
	mant := uint64(math.Ldexp(frac, 53))
	tz := bits.TrailingZeros64(mant) // an odd mantissa (X.690 11.3.1)
	mant, e := mant>>tz, exp-53+tz
	c := byte(0x80)
	if v < 0 {
		c |= 0x40
	}
	if e >= -128 && e <= 127 {
		dst = append(dst, c, byte(e))
	} else {
		dst = append(dst, c|1, byte(e>>8), byte(e))
	}
	return appendBigEndian(dst, mant, (bits.Len64(mant)+7)/8)
}

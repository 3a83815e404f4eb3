package der

import (
	"math/big"
	"slices"
	"strconv"
)

// Integer is an INTEGER of any size: its contents octets, a two's complement
// big-endian number (X.690 8.3.3). A decoded Integer aliases the input. A
// BER decode may leave redundant leading octets (0x00 or 0xFF), which the
// methods ignore. The empty Integer (the zero value) is 0.
type Integer []byte

// parseInteger checks the contents of an INTEGER and returns them as an
// Integer. X.690 8.3.2 asks every encoder for the minimal form, but BER
// decoders commonly accept longer ones, so only DER rejects them.
func parseInteger(b []byte, der bool) (Integer, error) {
	if err := checkInteger(b, der, "INTEGER"); err != nil {
		return nil, err
	}
	return Integer(b), nil
}

func checkInteger(b []byte, der bool, typ string) error {
	if len(b) == 0 {
		return errValue(typ, "empty contents", "X.690 8.3.1")
	}
	if der && len(b) > 1 && redundant(b[0], b[1]) {
		return errNonDER(typ, "not in the fewest octets", "X.690 8.3.2")
	}
	return nil
}

// redundant reports whether the octet c0 followed by c1 only extends the
// sign: the first nine bits are all zeros or all ones (X.690 8.3.2).
func redundant(c0, c1 byte) bool { return c0 == 0 && c1 < 0x80 || c0 == 0xff && c1 >= 0x80 }

func parseInt64(b []byte, der bool, typ string) (int64, error) {
	if err := checkInteger(b, der, typ); err != nil {
		return 0, err
	}
	v, ok := Integer(b).Int64()
	if !ok {
		return 0, errUnsupported(typ, "value does not fit in 64 bits", "")
	}
	return v, nil
}

// minimal drops the redundant leading octets a BER encoding may have.
func (i Integer) minimal() Integer {
	for len(i) > 1 && redundant(i[0], i[1]) {
		i = i[1:]
	}
	return i
}

// Int64 returns the value if it fits in an int64.
func (i Integer) Int64() (int64, bool) {
	i = i.minimal()
	if len(i) > 8 {
		return 0, false
	}
	var v int64
	if len(i) > 0 && i[0] >= 0x80 {
		v = -1 // sign extension: the shifts below keep the ones on top
	}
	for _, c := range i {
		v = v<<8 | int64(c)
	}
	return v, true
}

// Sign returns -1, 0 or +1.
func (i Integer) Sign() int {
	i = i.minimal()
	switch {
	case len(i) == 0 || len(i) == 1 && i[0] == 0:
		return 0
	case i[0] >= 0x80:
		return -1
	}
	return 1
}

// Big returns the value as a new big.Int.
func (i Integer) Big() *big.Int {
	z := new(big.Int).SetBytes(i)
	if len(i) > 0 && i[0] >= 0x80 {
		z.Sub(z, new(big.Int).Lsh(big.NewInt(1), uint(8*len(i))))
	}
	return z
}

// String returns the value in decimal.
func (i Integer) String() string {
	if v, ok := i.Int64(); ok {
		return strconv.FormatInt(v, 10)
	}
	return i.Big().String()
}

// IntegerFromInt64 returns the minimal encoding of v.
func IntegerFromInt64(v int64) Integer { return appendInt64(nil, v) }

// IntegerFromBig returns the minimal encoding of z.
func IntegerFromBig(z *big.Int) Integer { return appendBigInt(nil, z) }

// appendInt64 appends the contents of INTEGER (or ENUMERATED) v in the
// fewest octets (X.690 8.3.2).
func appendInt64(dst []byte, v int64) []byte {
	n := 1
	for w := v; w > 127 || w < -128; w >>= 8 {
		n++
	}
	return appendBigEndian(dst, uint64(v), n)
}

// appendBigInt appends the contents of z in the fewest octets. A nil z is 0.
func appendBigInt(dst []byte, z *big.Int) []byte {
	if z == nil {
		return append(dst, 0)
	}
	// Two's complement of a negative z is the complement of -z-1 (>= 0),
	// on enough octets to leave the sign bit free.
	neg := z.Sign() < 0
	m := z
	if neg {
		m = new(big.Int).Not(z)
	}
	n := m.BitLen()/8 + 1
	start := len(dst)
	dst = slices.Grow(dst, n)[:start+n]
	m.FillBytes(dst[start:])
	if neg {
		for k := start; k < len(dst); k++ {
			dst[k] = ^dst[k]
		}
	}
	return dst
}

package der

import (
	"strconv"
	"strings"
)

// BitString is a BIT STRING: BitLength bits, first bit in the high-order bit
// of Bytes[0] (X.690 8.6.2.1). A decoded BitString aliases the input; after
// a BER decode the padding bits of the last octet may be non-zero, so read
// bits with At or RightAlign rather than from Bytes directly.
type BitString struct {
	Bytes     []byte
	BitLength int
}

// parseBitString parses the contents of a BIT STRING: the unused-bits octet
// then the bits. DER requires the padding bits to be zero (X.690 11.2.1).
func parseBitString(b []byte, der bool) (BitString, error) {
	const typ = "BIT STRING"
	if len(b) == 0 {
		return BitString{}, errValue(typ, "no unused-bits octet", "X.690 8.6.2")
	}
	u := int(b[0])
	if u > 7 {
		return BitString{}, errValue(typ, "more than 7 unused bits", "X.690 8.6.2.2")
	}
	if len(b) == 1 && u != 0 {
		return BitString{}, errValue(typ, "unused bits in an empty bit string", "X.690 8.6.2.3")
	}
	if der && b[len(b)-1]&(1<<u-1) != 0 {
		return BitString{}, errNonDER(typ, "padding bits not zero", "X.690 11.2.1")
	}
	return BitString{Bytes: b[1:], BitLength: 8*(len(b)-1) - u}, nil
}

// At returns bit i (0 or 1); bits out of range are 0.
func (s BitString) At(i int) int {
	if i < 0 || i >= s.BitLength || i/8 >= len(s.Bytes) {
		return 0
	}
	return int(s.Bytes[i/8]>>(7-i%8)) & 1
}

// RightAlign returns the bits in a new slice, shifted so that the padding
// is at the start: the last bit is the low-order bit of the last octet.
func (s BitString) RightAlign() []byte {
	bits := min(max(s.BitLength, 0), 8*len(s.Bytes))
	n := (bits + 7) / 8
	out := make([]byte, n)
	shift := uint(8*n - bits)
	for i := range out {
		v := uint(s.Bytes[i]) >> shift
		if i > 0 {
			v |= uint(s.Bytes[i-1]) << (8 - shift)
		}
		out[i] = byte(v)
	}
	return out
}

// TrimTrailingZeros returns s without its trailing 0 bits: the DER form of a
// BIT STRING with named bits (X.690 11.2.2). It does not copy.
func (s BitString) TrimTrailingZeros() BitString {
	n := max(0, min(s.BitLength, 8*len(s.Bytes)))
	for n > 0 && s.At(n-1) == 0 {
		n--
	}
	return BitString{Bytes: s.Bytes[:(n+7)/8], BitLength: n}
}

// CheckNamedBits reports a KindNonCanonical error if s, decoded for a BIT
// STRING type with named bits, ends with a 0 bit: DER requires trailing
// zero bits to be removed (X.690 11.2.2). Generated code calls it in DER.
func CheckNamedBits(s BitString) error {
	if s.BitLength > 0 && s.At(s.BitLength-1) == 0 {
		return errNonDER("BIT STRING", "trailing zero bits in a named bit list", "X.690 11.2.2")
	}
	return nil
}

// appendBitString appends the DER contents of s: the unused-bits octet and
// the bits, padding bits set to zero (X.690 11.2.1). It fails if BitLength
// is negative or exceeds the bits in Bytes.
func appendBitString(dst []byte, s BitString) ([]byte, error) {
	n := (s.BitLength + 7) / 8
	if s.BitLength < 0 || n > len(s.Bytes) {
		return dst, errValue("BIT STRING", "BitLength does not match Bytes", "")
	}
	u := 8*n - s.BitLength
	dst = append(append(dst, byte(u)), s.Bytes[:n]...)
	dst[len(dst)-1] &^= 1<<u - 1 // the padding bits, if any (with none, the mask is 0)
	return dst, nil
}

// NewNamedBits returns the BIT STRING with the given bits set and no
// trailing 0 bits, the DER form of a named bit list (X.690 11.2.2).
// Negative bit numbers are ignored.
func NewNamedBits(bits ...int) BitString {
	n := 0
	for _, b := range bits {
		n = max(n, b+1)
	}
	s := BitString{Bytes: make([]byte, (n+7)/8), BitLength: n}
	for _, b := range bits {
		if b >= 0 {
			s.Bytes[b/8] |= 0x80 >> (b % 8)
		}
	}
	return s
}

// BitNames returns v in the ASN.1 value notation of a named bit list, the
// set bits by name in bit order ("{digitalSignature, keyCertSign}"), a set
// bit without a name by its number. names holds the names of bits 0, 1, 2,
// ... separated by spaces, "-" for a bit without a name: the String method
// of a generated named-bit type passes its own.
func BitNames(v BitString, names string) string {
	var b strings.Builder
	b.WriteByte('{')
	rest := names
	for i := 0; i < v.BitLength; i++ {
		name := ""
		if rest != "" {
			name, rest, _ = strings.Cut(rest, " ")
		}
		if v.At(i) != 1 {
			continue
		}
		if b.Len() > 1 {
			b.WriteString(", ")
		}
		if name == "" || name == "-" {
			b.WriteString(strconv.Itoa(i))
		} else {
			b.WriteString(name)
		}
	}
	b.WriteByte('}')
	return b.String()
}

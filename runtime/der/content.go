package der

// Content-level codecs of the simplest types, and the helpers every content
// parser shares. A content parser takes the contents octets of one element
// (no identifier or length octets) and a der flag: when der is true the
// forms that are valid BER but not DER are rejected with KindNonCanonical.
// Its errors have Offset -1; the typed Reader methods (read_typed.go) fill
// in the absolute offset of the contents.

// errValue reports contents that are not a value of typ (KindInvalidValue).
func errValue(typ, msg, rule string) error { return NewError(KindInvalidValue, -1, typ, msg, rule) }

// errNonDER reports a valid BER form that DER forbids (KindNonCanonical).
func errNonDER(typ, msg, rule string) error { return NewError(KindNonCanonical, -1, typ, msg, rule) }

// errUnsupported reports a valid value that the Go type cannot hold.
func errUnsupported(typ, msg, rule string) error {
	return NewError(KindUnsupported, -1, typ, msg, rule)
}

// parseBoolean parses the contents of a BOOLEAN. BER reads any non-zero
// octet as TRUE (X.690 8.2.2); DER allows only 0x00 and 0xFF (X.690 11.1).
func parseBoolean(b []byte, der bool) (bool, error) {
	if len(b) != 1 {
		return false, errValue("BOOLEAN", "contents are not one octet", "X.690 8.2.1")
	}
	if der && b[0] != 0 && b[0] != 0xff {
		return false, errNonDER("BOOLEAN", "TRUE not encoded as 0xFF", "X.690 11.1")
	}
	return b[0] != 0, nil
}

// appendBoolean appends the DER contents of v: 0xFF or 0x00 (X.690 11.1).
func appendBoolean(dst []byte, v bool) []byte {
	if v {
		return append(dst, 0xff)
	}
	return append(dst, 0)
}

// parseNull checks the contents of a NULL: there are none (X.690 8.8.2).
func parseNull(b []byte) error {
	if len(b) != 0 {
		return errValue("NULL", "contents are not empty", "X.690 8.8.2")
	}
	return nil
}

// digits parses the n decimal digits at b[i:]; ok is false if b is too
// short or one of them is not a digit.
func digits(b []byte, i, n int) (v int, ok bool) {
	if i < 0 || n > len(b)-i {
		return 0, false
	}
	if n == 2 { // the common case, unrolled
		return pair(b[i], b[i+1])
	}
	for _, c := range b[i : i+n] {
		if c < '0' || c > '9' {
			return 0, false
		}
		v = v*10 + int(c-'0')
	}
	return v, true
}

// skipDigits returns the index of the first non-digit in s at or after i.
func skipDigits[T ~string | ~[]byte](s T, i int) int {
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	return i
}

// appendBigEndian appends the n low-order octets of v, most significant
// first: the two's complement and unsigned numbers of lengths, INTEGER,
// REAL and the UCS strings.
func appendBigEndian(dst []byte, v uint64, n int) []byte {
	for k := n - 1; k >= 0; k-- {
		dst = append(dst, byte(v>>(8*k)))
	}
	return dst
}

// appendDigits appends v (>= 0) in decimal on at least n digits.
func appendDigits(dst []byte, v, n int) []byte {
	switch { // the fields of times, without a loop
	case n == 2 && uint(v) < 100:
		return append(dst, byte('0'+v/10), byte('0'+v%10))
	case n == 4 && uint(v) < 10000:
		return append(dst, byte('0'+v/1000), byte('0'+v/100%10), byte('0'+v/10%10), byte('0'+v%10))
	}
	var buf [20]byte
	i := len(buf)
	for v > 0 || n > 0 {
		i--
		buf[i] = byte('0' + v%10)
		v /= 10
		n--
	}
	return append(dst, buf[i:]...)
}

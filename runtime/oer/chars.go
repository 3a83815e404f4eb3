package oer

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/asn1gen/asn1gen/runtime/der"
)

// StringType is a restricted character string type: its name, and the
// octets of one character in OER (X.696 27: the known-multiplier types,
// whose SIZE in characters fixes their size in octets), 0 for UTF8String,
// whose characters take 1 to 4 octets.
type StringType struct {
	name  string
	width int
	valid func(rune) bool
}

// Name returns the type's ASN.1 name, e.g. "IA5String".
func (t *StringType) Name() string { return t.name }

// The restricted character string types that OER reads: the
// known-multiplier ones, and UTF8String.
var (
	IA5String       = &StringType{"IA5String", 1, func(c rune) bool { return c < 0x80 }}
	VisibleString   = &StringType{"VisibleString", 1, func(c rune) bool { return c >= 0x20 && c < 0x7f }}
	NumericString   = &StringType{"NumericString", 1, func(c rune) bool { return c == ' ' || c >= '0' && c <= '9' }}
	PrintableString = &StringType{"PrintableString", 1, printable}
	BMPString       = &StringType{"BMPString", 2, func(c rune) bool { return c < 0x10000 && utf8.ValidRune(c) }}
	UniversalString = &StringType{"UniversalString", 4, utf8.ValidRune}
	UTF8String      = &StringType{"UTF8String", 0, utf8.ValidRune}
)

// printable reports a character of PrintableString (X.680 41.4, Table 10).
func printable(c rune) bool {
	switch {
	case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9':
		return true
	}
	switch c {
	case ' ', '\'', '(', ')', '+', ',', '-', '.', '/', ':', '=', '?':
		return true
	}
	return false
}

// decode converts b, the octets of a string of type t read at at, to a Go
// string (UTF-8), charged to the budget, and returns its characters.
func (r *Reader) decode(t *StringType, b []byte, at int) (string, int, error) {
	if t.width > 1 && len(b)%t.width != 0 {
		return "", 0, r.errAt(at, der.KindMalformed, t.name, strconv.Itoa(len(b))+" octets, not a multiple of "+strconv.Itoa(t.width), "X.696 27")
	}
	// A character of 2 octets takes at most 3 in UTF-8, of 4 at most 4.
	if err := r.allocAt(at, len(b)*3/2, t.name); err != nil {
		return "", 0, err
	}
	start := r.pos - len(b)
	if t.width <= 1 {
		n := 0
		for i := 0; i < len(b); n++ {
			c, k := rune(b[i]), 1
			if t.width == 0 {
				c, k = utf8.DecodeRune(b[i:])
			}
			if c == utf8.RuneError && k == 1 || !t.valid(c) {
				return "", 0, r.errAt(start+i, der.KindInvalidValue, t.name, "character not in the type's set", "X.696 27")
			}
			i += k
		}
		return string(b), n, nil
	}
	var s strings.Builder // its String does not copy: one allocation
	s.Grow(len(b) * 3 / 2)
	for i := 0; i < len(b); i += t.width {
		var c uint32
		for _, o := range b[i : i+t.width] {
			c = c<<8 | uint32(o)
		}
		if c > utf8.MaxRune || !t.valid(rune(c)) {
			return "", 0, r.errAt(start+i, der.KindInvalidValue, t.name, "character not in the type's set", "X.696 27")
		}
		s.WriteRune(rune(c))
	}
	return s.String(), len(b) / t.width, nil
}

// ReadFixedString reads a string of the known-multiplier type t whose SIZE
// fixes it at n characters (X.696 27): n times the type's width in octets,
// without a length. UTF8String has no fixed size in OER.
func (r *Reader) ReadFixedString(t *StringType, n int) (string, error) {
	at := r.pos
	if t.width == 0 || n < 0 {
		return "", r.errAt(at, der.KindUnsupported, t.name, "no fixed-size form", "X.696 27")
	}
	b, err := r.take(at, n*t.width, t.name)
	if err != nil {
		return "", err
	}
	s, _, err := r.decode(t, b, at)
	if err != nil {
		r.pos = at
	}
	return s, err
}

// ReadString reads a string of type t whose size is not fixed (X.696 27):
// a length determinant in octets and the characters; it checks their
// number against s.
func (r *Reader) ReadString(t *StringType, s Size) (string, error) {
	b, at, err := r.readLengthOctets(t.name)
	if err != nil {
		return "", err
	}
	v, n, err := r.decode(t, b, at)
	if err == nil && !s.Within(n) {
		err = errSize(r, at, n, s, t.name)
	}
	if err != nil {
		r.pos = at
		return "", err
	}
	return v, nil
}

// encode appends s, a string of type t, in its OER form, and returns its
// number of characters.
func encode(dst []byte, t *StringType, s string) ([]byte, int, error) {
	if !utf8.ValidString(s) {
		return dst, 0, errValue(der.KindInvalidValue, t.name, "not valid UTF-8", "")
	}
	n := 0
	for _, c := range s {
		if !t.valid(c) {
			return dst, 0, errValue(der.KindInvalidValue, t.name, "character "+strconv.QuoteRune(c)+" not in the type's set", "X.696 27")
		}
		switch t.width {
		case 0:
			dst = utf8.AppendRune(dst, c)
		default:
			dst = appendUint(dst, uint64(c), t.width)
		}
		n++
	}
	return dst, n, nil
}

// WriteFixedString writes s, a string of the known-multiplier type t whose
// SIZE fixes it at n characters.
func (w *Writer) WriteFixedString(t *StringType, s string, n int) error {
	if t.width == 0 {
		return errValue(der.KindUnsupported, t.name, "no fixed-size form", "X.696 27")
	}
	start := len(w.buf)
	buf, k, err := encode(w.buf, t, s)
	if err == nil && k != n {
		err = errSize(nil, 0, k, Size{n, n}, t.name)
	}
	if err != nil {
		w.buf = buf[:start]
		return err
	}
	w.buf = buf
	return nil
}

// WriteString writes s, a string of type t and size s, after its length.
func (w *Writer) WriteString(t *StringType, str string, s Size) error {
	// The octets are written first, then moved behind their length, as
	// an open type's are.
	m := w.BeginOpen()
	buf, k, err := encode(w.buf, t, str)
	if err == nil && !s.Within(k) {
		err = errSize(nil, 0, k, s, t.name)
	}
	if err != nil {
		w.buf = buf[:m.start]
		return err
	}
	w.buf = buf
	w.EndOpen(m)
	return nil
}

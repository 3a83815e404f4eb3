package oer

import (
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/asn1gen/asn1gen/runtime/der"
)

// StringType is a restricted character string type: its name, and the
// octets of one character in OER (X.696 27: the known-multiplier types,
// whose SIZE in characters fixes their size in octets), 0 for UTF8String,
// whose characters take 1 to 4 octets.
//
// The types that are not known-multiplier (GeneralString, GraphicString,
// ObjectDescriptor, TeletexString, VideotexString) have no fixed-size
// form: a length and the octets that BER would put in the contents
// (X.696 27, X.690 8.23.5), held in Go as package der holds them: the
// octets as they are (raw), or Latin-1 converted to UTF-8 (latin1).
type StringType struct {
	name   string
	width  int
	valid  func(rune) bool
	raw    bool // a character is an octet, the Go string the octets
	latin1 bool // a character is an octet, Latin-1
	// from is the permitted alphabet (From), lo, hi pairs; nil if none.
	from []rune
}

// From returns the type t of values constrained to a permitted alphabet
// too (FROM, X.680 51.7): the characters in the ranges lo, hi (pairs,
// inclusive). The alphabet is not OER-visible (X.696 8.2), but the
// Reader and the Writer check every character against it, as DER's
// decoders do. Generated code makes one per constrained type, at package
// level:
//
//	var oerAlphabet1 = oer.IA5String.From('0', '9', 'A', 'F')
func (t *StringType) From(ranges ...rune) *StringType {
	c := *t
	c.from = ranges
	return &c
}

// permits reports whether c is in the permitted alphabet of t, if any.
func (t *StringType) permits(c rune) bool {
	if t.from == nil {
		return true
	}
	for i := 0; i+1 < len(t.from); i += 2 {
		if c >= t.from[i] && c <= t.from[i+1] {
			return true
		}
	}
	return false
}

// errAlphabet is the error of a character c outside the permitted
// alphabet of t, at octet at of r (or of an encoder when r is nil).
//
//go:noinline
func (t *StringType) errAlphabet(r *Reader, at int, c rune) error {
	const msg, rule = " not in the permitted alphabet", "X.680 51.7"
	if r == nil {
		return errValue(der.KindConstraint, t.name, "character "+strconv.QuoteRune(c)+msg, rule)
	}
	return r.errAt(at, der.KindConstraint, t.name, "character "+strconv.QuoteRune(c)+msg, rule)
}

// Name returns the type's ASN.1 name, e.g. "IA5String".
func (t *StringType) Name() string { return t.name }

// The restricted character string types that OER reads: the
// known-multiplier ones, and UTF8String.
var (
	IA5String       = &StringType{name: "IA5String", width: 1, valid: func(c rune) bool { return c < 0x80 }}
	VisibleString   = &StringType{name: "VisibleString", width: 1, valid: func(c rune) bool { return c >= 0x20 && c < 0x7f }}
	NumericString   = &StringType{name: "NumericString", width: 1, valid: func(c rune) bool { return c == ' ' || c >= '0' && c <= '9' }}
	PrintableString = &StringType{name: "PrintableString", width: 1, valid: printable}
	BMPString       = &StringType{name: "BMPString", width: 2, valid: func(c rune) bool { return c < 0x10000 && utf8.ValidRune(c) }}
	UniversalString = &StringType{name: "UniversalString", width: 4, valid: utf8.ValidRune}
	UTF8String      = &StringType{name: "UTF8String", valid: utf8.ValidRune}
)

// The restricted character string types that are not known-multiplier,
// with package der's checks: GeneralString any octet, GraphicString and
// ObjectDescriptor (X.680 48.3) ESC and the graphic octets of ISO 2022,
// TeletexString and VideotexString any Latin-1 character.
var (
	GeneralString    = &StringType{name: "GeneralString", width: 1, valid: func(rune) bool { return true }, raw: true}
	GraphicString    = &StringType{name: "GraphicString", width: 1, valid: graphic, raw: true}
	ObjectDescriptor = &StringType{name: "ObjectDescriptor", width: 1, valid: graphic, raw: true}
	TeletexString    = &StringType{name: "TeletexString", width: 1, valid: func(c rune) bool { return c <= 0xff }, latin1: true}
	VideotexString   = &StringType{name: "VideotexString", width: 1, valid: func(c rune) bool { return c <= 0xff }, latin1: true}
)

// graphic reports an octet of GraphicString: ESC, 0x20-0x7E, 0xA0-0xFF.
func graphic(c rune) bool { return c == 0x1b || c >= 0x20 && c <= 0x7e || c >= 0xa0 && c <= 0xff }

// fixed reports whether t has a fixed-size form: the known-multiplier
// types.
func (t *StringType) fixed() bool { return t.width > 0 && !t.raw && !t.latin1 }

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
			if !t.permits(c) {
				return "", 0, t.errAlphabet(r, start+i, c)
			}
			i += k
		}
		if t.latin1 && slices.ContainsFunc(b, func(c byte) bool { return c >= 0x80 }) {
			var s strings.Builder
			s.Grow(len(b) * 2)
			for _, c := range b {
				s.WriteRune(rune(c))
			}
			return s.String(), n, nil
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
		if !t.permits(rune(c)) {
			return "", 0, t.errAlphabet(r, start+i, rune(c))
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
	if !t.fixed() || n < 0 {
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
	if t.raw {
		for i := 0; i < len(s); i++ {
			if !t.valid(rune(s[i])) {
				return dst, 0, errValue(der.KindInvalidValue, t.name, "octet "+strconv.Itoa(int(s[i]))+" not in the type's set", "X.696 27")
			}
			if !t.permits(rune(s[i])) {
				return dst, 0, t.errAlphabet(nil, 0, rune(s[i]))
			}
		}
		return append(dst, s...), len(s), nil
	}
	if !utf8.ValidString(s) {
		return dst, 0, errValue(der.KindInvalidValue, t.name, "not valid UTF-8", "")
	}
	n := 0
	for _, c := range s {
		if !t.valid(c) {
			return dst, 0, errValue(der.KindInvalidValue, t.name, "character "+strconv.QuoteRune(c)+" not in the type's set", "X.696 27")
		}
		if !t.permits(c) {
			return dst, 0, t.errAlphabet(nil, 0, c)
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
	if !t.fixed() {
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

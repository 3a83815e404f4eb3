package jer

import (
	"math"
	"math/big"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"
	"unsafe"

	"github.com/asn1gen/asn1gen/runtime/der"
)

// What generated decoders call for the values of the built-in types: each
// keeps its error with field first in the path, and after an error does
// nothing and returns a zero value.

// Bool reads a BOOLEAN (X.697 20).
func (r *Reader) Bool(field string) bool {
	if r.err != nil {
		return false
	}
	switch r.peek() {
	case 't':
		return r.literal("true", field)
	case 'f':
		r.literal("false", field)
		return false
	}
	r.expected("true or false", "BOOLEAN", "X.697 20", field)
	return false
}

// Null reads NULL (X.697 26).
func (r *Reader) Null(field string) {
	if r.err != nil {
		return
	}
	if r.peek() != 'n' {
		r.expected("null", "NULL", "X.697 26", field)
		return
	}
	r.literal("null", field)
}

// Int reads an INTEGER that fits int64 (X.697 21).
func (r *Reader) Int(field string) int64 {
	if r.err != nil {
		return 0
	}
	at := r.peekPos()
	s := r.number(false, "INTEGER", field)
	if s == nil {
		return 0
	}
	v, err := strconv.ParseInt(unsafe.String(unsafe.SliceData(s), len(s)), 10, 64)
	if err != nil {
		r.fail(at, der.KindUnsupported, "INTEGER", "beyond int64", "X.697 21", field)
		return 0
	}
	return v
}

// IntRange reads an INTEGER constrained to lb..ub.
func (r *Reader) IntRange(lb, ub int64, field string) int64 {
	at := r.peekPos()
	v := r.Int(field)
	if r.err == nil && (v < lb || v > ub) {
		r.fail(at, der.KindConstraint, "INTEGER", strconv.FormatInt(v, 10)+" not in "+strconv.FormatInt(lb, 10)+".."+strconv.FormatInt(ub, 10), "X.680 51.8", field)
	}
	return v
}

// IntIn reads an INTEGER constrained to a value set with gaps (X.680 51:
// INTEGER (1 | 3 | 7..9)), set its ranges as lo, hi pairs: the value
// must lie in one of them, as DER's decoders check.
func (r *Reader) IntIn(field string, set ...int64) int64 {
	at := r.peekPos()
	v := r.Int(field)
	if r.err == nil {
		r.Fail(der.CheckValues(at, "INTEGER", v, set...), field)
	}
	return v
}

// IntLb reads an INTEGER constrained to lb..MAX.
func (r *Reader) IntLb(lb int64, field string) int64 {
	at := r.peekPos()
	v := r.Int(field)
	if r.err == nil && v < lb {
		r.fail(at, der.KindConstraint, "INTEGER", strconv.FormatInt(v, 10)+" not in "+strconv.FormatInt(lb, 10)+"..MAX", "X.680 51.8", field)
	}
	return v
}

// UintRange reads an INTEGER constrained to lb..ub, 0 <= lb, which may
// be beyond int64.
func (r *Reader) UintRange(lb, ub uint64, field string) uint64 {
	if r.err != nil {
		return 0
	}
	at := r.peekPos()
	s := r.number(false, "INTEGER", field)
	if s == nil {
		return 0
	}
	v, err := strconv.ParseUint(string(s), 10, 64)
	if err != nil || v < lb || v > ub {
		r.fail(at, der.KindConstraint, "INTEGER", string(s)+" not in "+strconv.FormatUint(lb, 10)+".."+strconv.FormatUint(ub, 10), "X.680 51.8", field)
		return 0
	}
	return v
}

// BigInt reads an INTEGER of any size, its digits charged to the budget.
func (r *Reader) BigInt(field string) der.Integer {
	if r.err != nil {
		return nil
	}
	at := r.peekPos()
	s := r.number(false, "INTEGER", field)
	if s == nil {
		return nil
	}
	if err := r.Alloc(2*len(s), "INTEGER"); err != nil {
		r.Fail(err, field)
		return nil
	}
	if v, err := strconv.ParseInt(string(s), 10, 64); err == nil {
		return der.IntegerFromInt64(v)
	}
	z, ok := new(big.Int).SetString(string(s), 10)
	if !ok {
		r.fail(at, der.KindInvalidValue, "INTEGER", "not an integer", "X.697 21", field)
		return nil
	}
	return der.IntegerFromBig(z)
}

// Real reads a REAL (X.697 23): a number, or "INF", "-INF", "NaN" or
// "-0".
func (r *Reader) Real(field string) float64 {
	if r.err != nil {
		return 0
	}
	at := r.peekPos()
	if r.peek() == '"' {
		s, ok := r.str(field)
		if !ok {
			return 0
		}
		switch string(s) {
		case "INF":
			return math.Inf(1)
		case "-INF":
			return math.Inf(-1)
		case "NaN":
			return math.NaN()
		case "-0":
			return math.Copysign(0, -1)
		}
		r.fail(at, der.KindInvalidValue, "REAL", "the string of a REAL is one of INF, -INF, NaN and -0", "X.697 23", field)
		return 0
	}
	s := r.number(true, "REAL", field)
	if s == nil {
		return 0
	}
	v, err := strconv.ParseFloat(string(s), 64)
	if err != nil {
		r.fail(at, der.KindUnsupported, "REAL", "beyond float64", "X.697 23", field)
		return 0
	}
	return v
}

// Name reads the identifier of an ENUMERATED item (X.697 22) for the
// switch of generated code; the string aliases the input.
func (r *Reader) Name(typ, field string) string {
	r.top(typ)
	if r.err != nil {
		return ""
	}
	if r.peek() != '"' {
		r.expected("the identifier of an item", typ, "X.697 22", field)
		return ""
	}
	s, _ := r.str(field)
	return unsafe.String(unsafe.SliceData(s), len(s))
}

// Size is the SIZE constraint of a string or list: Lb..Ub, Ub < 0 for
// none above.
type Size struct{ Lb, Ub int }

// Unsized is the Size of a type without a SIZE.
var Unsized = Size{0, -1}

// check keeps the error of a size n outside s, of the item at at.
func (s Size) check(r *Reader, at, n int, typ, what, field string) bool {
	if n >= s.Lb && (s.Ub < 0 || n <= s.Ub) {
		return true
	}
	ub := "MAX"
	if s.Ub >= 0 {
		ub = strconv.Itoa(s.Ub)
	}
	r.fail(at, der.KindConstraint, typ, strconv.Itoa(n)+" "+what+", not "+strconv.Itoa(s.Lb)+".."+ub, "X.680 51.5", field)
	return false
}

// Check keeps the error of a list of n elements outside s.
func (s Size) Check(r *Reader, at, n int, typ string) {
	if r.err == nil {
		s.check(r, at, n, typ, "elements", "")
	}
}

// CheckIn keeps the error of a value at byte at of n units (what:
// "elements", "octets", "bits", "characters") of type typ outside s: the
// SIZE a component adds to a named type, checked after the type's own
// decoder (X.680 51.5).
func (s Size) CheckIn(r *Reader, at, n int, typ, what, field string) {
	if r.err == nil {
		s.check(r, at, n, typ, what, field)
	}
}

// StringType is a restricted character string type whose characters the
// Reader checks (X.680 41): those of the known-multiplier types, and a
// permitted alphabet (From).
type StringType struct {
	kind stringKind
	// from is the permitted alphabet (From), lo, hi pairs; nil if none.
	from *[]rune
}

type stringKind uint8

const (
	utf8Kind stringKind = iota
	ia5Kind
	visibleKind
	printableKind
	numericKind
	bmpKind
	universalKind
)

// The restricted character string types.
var (
	UTF8String      = StringType{kind: utf8Kind} // any character
	IA5String       = StringType{kind: ia5Kind}
	VisibleString   = StringType{kind: visibleKind}
	PrintableString = StringType{kind: printableKind}
	NumericString   = StringType{kind: numericKind}
	BMPString       = StringType{kind: bmpKind}
	UniversalString = StringType{kind: universalKind}
)

var stringNames = [...]string{"UTF8String", "IA5String", "VisibleString", "PrintableString", "NumericString", "BMPString", "UniversalString"}

// From returns the type t of values constrained to a permitted alphabet
// too (FROM, X.680 51.7): the characters in the ranges lo, hi (pairs,
// inclusive), which the Reader and the Writer check, as DER's decoders
// do. Generated code makes one per constrained type, at package level:
//
//	var jerAlphabet1 = jer.IA5String.From('0', '9', 'A', 'F')
func (t StringType) From(ranges ...rune) StringType {
	t.from = &ranges
	return t
}

// name returns the ASN.1 name of t.
func (t StringType) name() string { return stringNames[t.kind] }

// allows reports whether c is a character of t.
func (t StringType) allows(c rune) bool {
	switch t.kind {
	case ia5Kind:
		return c < 0x80
	case visibleKind:
		return c >= 0x20 && c < 0x7f
	case numericKind:
		return c == ' ' || c >= '0' && c <= '9'
	case printableKind:
		return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == ' ' || c == '\'' ||
			c >= '(' && c <= '/' && c != '*' || c == ':' || c == '=' || c == '?'
	case bmpKind:
		return c < 0x10000
	}
	return true
}

// permits reports whether c is in the permitted alphabet of t, if any.
func (t StringType) permits(c rune) bool {
	if t.from == nil {
		return true
	}
	r := *t.from
	for i := 0; i+1 < len(r); i += 2 {
		if c >= r[i] && c <= r[i+1] {
			return true
		}
	}
	return false
}

// errChar returns the kind, message and rule of the error of a character
// c that is not one of t's or not in its permitted alphabet.
func (t StringType) errChar(c rune) (k der.Kind, msg, rule string) {
	if !t.allows(c) {
		return der.KindInvalidValue, strconv.QuoteRune(c) + " is not a character of the type", "X.680 41"
	}
	return der.KindConstraint, strconv.QuoteRune(c) + " is not in the permitted alphabet", "X.680 51.7"
}

// String reads a character string of type t (X.697 38) whose SIZE in
// characters is size, as a Go string (charged to the budget).
func (r *Reader) String(t StringType, size Size, field string) string {
	if r.err != nil {
		return ""
	}
	at := r.peekPos()
	if r.peek() != '"' {
		r.expected("a string", t.name(), "X.697 38", field)
		return ""
	}
	s, ok := r.str(field)
	if !ok {
		return ""
	}
	n := 0
	for i := 0; i < len(s); {
		c, w := utf8.DecodeRune(s[i:])
		if !t.allows(c) || !t.permits(c) {
			k, msg, rule := t.errChar(c)
			r.fail(at, k, t.name(), msg, rule, field)
			return ""
		}
		i += w
		n++
	}
	if !size.check(r, at, n, t.name(), "characters", field) {
		return ""
	}
	if err := r.Alloc(len(s), t.name()); err != nil {
		r.Fail(err, field)
		return ""
	}
	return string(s)
}

// hexValue returns the value of the hex digit c, or -1.
func hexValue(c byte) int {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0')
	case c >= 'a' && c <= 'f':
		return int(c-'a') + 10
	case c >= 'A' && c <= 'F':
		return int(c-'A') + 10
	}
	return -1
}

// hex reads a string of hex digits (X.697 24, 25) into new octets,
// charged to the budget.
func (r *Reader) hex(typ, rule, field string) ([]byte, int, bool) {
	at := r.peekPos()
	if r.peek() != '"' {
		r.expected("a string of hex digits", typ, rule, field)
		return nil, at, false
	}
	s, ok := r.str(field)
	if !ok {
		return nil, at, false
	}
	if len(s)%2 != 0 {
		r.fail(at, der.KindInvalidValue, typ, "an odd number of hex digits", rule, field)
		return nil, at, false
	}
	if err := r.Alloc(len(s)/2, typ); err != nil {
		r.Fail(err, field)
		return nil, at, false
	}
	b := make([]byte, len(s)/2)
	for i := range b {
		h, l := hexValue(s[2*i]), hexValue(s[2*i+1])
		if h < 0 || l < 0 {
			r.fail(at, der.KindInvalidValue, typ, "not a hex digit in "+strconv.Quote(string(s)), rule, field)
			return nil, at, false
		}
		b[i] = byte(h<<4 | l)
	}
	return b, at, true
}

// OctetString reads an OCTET STRING of SIZE size (X.697 25).
func (r *Reader) OctetString(size Size, field string) []byte {
	if r.err != nil {
		return nil
	}
	b, at, ok := r.hex("OCTET STRING", "X.697 25", field)
	if !ok || !size.check(r, at, len(b), "OCTET STRING", "octets", field) {
		return nil
	}
	return b
}

// FixedBitString reads a BIT STRING of the fixed SIZE n (X.697 24): the
// hex digits of its octets, the bits after the n-th 0.
func (r *Reader) FixedBitString(n int, field string) der.BitString {
	if r.err != nil {
		return der.BitString{}
	}
	b, at, ok := r.hex("BIT STRING", "X.697 24", field)
	if !ok {
		return der.BitString{}
	}
	if len(b) != (n+7)/8 {
		r.fail(at, der.KindConstraint, "BIT STRING", strconv.Itoa(len(b))+" octets for the fixed size of "+strconv.Itoa(n)+" bits", "X.697 24", field)
		return der.BitString{}
	}
	if n%8 != 0 && b[len(b)-1]&(0xff>>(n%8)) != 0 {
		r.fail(at, der.KindInvalidValue, "BIT STRING", "bits set after the last bit", "X.697 24", field)
		return der.BitString{}
	}
	return der.BitString{Bytes: b, BitLength: n}
}

// BitString reads a BIT STRING of SIZE size that is not fixed (X.697
// 24): the object of its octets ("value") and its length in bits
// ("length").
func (r *Reader) BitString(size Size, field string) der.BitString {
	if !r.Object("BIT STRING") {
		r.Fail(r.err, field)
		return der.BitString{}
	}
	at := r.pos - 1
	var v der.BitString
	var seenValue, seenLength bool
	for r.Next() {
		switch r.Key() {
		case "value":
			r.Once(&seenValue, "BIT STRING", "value")
			v.Bytes, _, _ = r.hex("BIT STRING", "X.697 24", "value")
		case "length":
			r.Once(&seenLength, "BIT STRING", "length")
			n := r.Int("length")
			if r.err == nil && (n < 0 || n > int64(8*len(r.buf))) {
				r.fail(r.pos, der.KindInvalidValue, "BIT STRING", "length "+strconv.FormatInt(n, 10)+" out of range", "X.697 24", "length")
			}
			v.BitLength = int(n)
		default:
			r.Unknown(false, "BIT STRING")
		}
	}
	switch {
	case r.err != nil:
	case !seenValue:
		r.Missing("BIT STRING", "value")
	case !seenLength:
		r.Missing("BIT STRING", "length")
	case len(v.Bytes) != (v.BitLength+7)/8:
		r.fail(at, der.KindInvalidValue, "BIT STRING", strconv.Itoa(len(v.Bytes))+" octets for "+strconv.Itoa(v.BitLength)+" bits", "X.697 24", "")
	case v.BitLength%8 != 0 && v.Bytes[len(v.Bytes)-1]&(0xff>>(v.BitLength%8)) != 0:
		r.fail(at, der.KindInvalidValue, "BIT STRING", "bits set after the last bit", "X.697 24", "")
	default:
		size.check(r, at, v.BitLength, "BIT STRING", "bits", "")
	}
	if r.err != nil {
		r.Fail(r.err, field)
		return der.BitString{}
	}
	return v
}

// OID reads an OBJECT IDENTIFIER (X.697 32).
func (r *Reader) OID(field string) der.OID {
	s, at, ok := r.dotted("OBJECT IDENTIFIER", "X.697 32", field)
	if !ok {
		return nil
	}
	v, err := der.ParseOIDString(s)
	if err != nil {
		r.fail(at, der.KindInvalidValue, "OBJECT IDENTIFIER", "not dotted arcs: "+strconv.Quote(s), "X.697 32", field)
		return nil
	}
	return v
}

// RelativeOID reads a RELATIVE-OID (X.697 33).
func (r *Reader) RelativeOID(field string) der.RelativeOID {
	s, at, ok := r.dotted("RELATIVE-OID", "X.697 33", field)
	if !ok {
		return nil
	}
	v, err := der.ParseRelativeOIDString(s)
	if err != nil {
		r.fail(at, der.KindInvalidValue, "RELATIVE-OID", "not dotted arcs: "+strconv.Quote(s), "X.697 33", field)
		return nil
	}
	return v
}

// dotted reads the string of an OBJECT IDENTIFIER or RELATIVE-OID.
func (r *Reader) dotted(typ, rule, field string) (string, int, bool) {
	if r.err != nil {
		return "", 0, false
	}
	at := r.peekPos()
	if r.peek() != '"' {
		r.expected("a string of dotted arcs", typ, rule, field)
		return "", at, false
	}
	s, ok := r.str(field)
	if !ok {
		return "", at, false
	}
	if err := r.Alloc(len(s), typ); err != nil {
		r.Fail(err, field)
		return "", at, false
	}
	return unsafe.String(unsafe.SliceData(s), len(s)), at, true
}

// str reads a JSON string (RFC 8259 7), the Reader at its quote, and
// returns its characters in UTF-8: the input itself without escapes, a
// copy charged to the budget with them. Control characters and invalid
// UTF-8 are errors.
func (r *Reader) str(field string) ([]byte, bool) {
	start := r.pos
	r.pos++
	b := r.buf
	i := r.pos
	for i < len(b) {
		c := b[i]
		switch {
		case c == '"':
			r.pos = i + 1
			return b[start+1 : i : i], true
		case c == '\\':
			return r.unescape(start, i, field)
		case c < 0x20:
			r.fail(i, der.KindInvalidValue, "", "a control character in a string", "RFC 8259 7", field)
			return nil, false
		case c < utf8.RuneSelf:
			i++
		default:
			c, w := utf8.DecodeRune(b[i:])
			if c == utf8.RuneError && w == 1 {
				r.fail(i, der.KindInvalidValue, "", "invalid UTF-8 in a string", "RFC 8259 8.1", field)
				return nil, false
			}
			i += w
		}
	}
	r.pos = i
	r.fail(start, der.KindTruncated, "", "input ends inside a string", "RFC 8259 7", field)
	return nil, false
}

// unescape is str for a string with an escape at i.
func (r *Reader) unescape(start, i int, field string) ([]byte, bool) {
	b := r.buf
	out := append([]byte(nil), b[start+1:i]...)
	for i < len(b) {
		c := b[i]
		switch {
		case c == '"':
			r.pos = i + 1
			if err := r.Alloc(len(out), "string"); err != nil {
				r.Fail(err, field)
				return nil, false
			}
			return out, true
		case c == '\\':
			if i+1 >= len(b) {
				i = len(b)
				continue
			}
			switch e := b[i+1]; e {
			case '"', '\\', '/':
				out = append(out, e)
			case 'b':
				out = append(out, '\b')
			case 'f':
				out = append(out, '\f')
			case 'n':
				out = append(out, '\n')
			case 'r':
				out = append(out, '\r')
			case 't':
				out = append(out, '\t')
			case 'u':
				c1, ok := hex4(b, i+2)
				if !ok {
					r.fail(i, der.KindInvalidValue, "", `a \u escape without 4 hex digits`, "RFC 8259 7", field)
					return nil, false
				}
				i += 6
				ch := rune(c1)
				if utf16.IsSurrogate(ch) {
					c2, ok := -1, false
					if i+1 < len(b) && b[i] == '\\' && b[i+1] == 'u' {
						c2, ok = hex4(b, i+2)
					}
					if ch = utf16.DecodeRune(ch, rune(c2)); !ok || ch == utf8.RuneError {
						r.fail(i-6, der.KindInvalidValue, "", "a lone surrogate escape", "RFC 8259 8.2", field)
						return nil, false
					}
					i += 6
				}
				out = utf8.AppendRune(out, ch)
				continue
			default:
				r.fail(i, der.KindInvalidValue, "", "an invalid escape", "RFC 8259 7", field)
				return nil, false
			}
			i += 2
		case c < 0x20:
			r.fail(i, der.KindInvalidValue, "", "a control character in a string", "RFC 8259 7", field)
			return nil, false
		case c < utf8.RuneSelf:
			out = append(out, c)
			i++
		default:
			c, w := utf8.DecodeRune(b[i:])
			if c == utf8.RuneError && w == 1 {
				r.fail(i, der.KindInvalidValue, "", "invalid UTF-8 in a string", "RFC 8259 8.1", field)
				return nil, false
			}
			out = append(out, b[i:i+w]...)
			i += w
		}
	}
	r.pos = i
	r.fail(start, der.KindTruncated, "", "input ends inside a string", "RFC 8259 7", field)
	return nil, false
}

// hex4 reads the 4 hex digits of a \u escape at i.
func hex4(b []byte, i int) (int, bool) {
	if i+4 > len(b) {
		return 0, false
	}
	v := 0
	for _, c := range b[i : i+4] {
		h := hexValue(c)
		if h < 0 {
			return 0, false
		}
		v = v<<4 | h
	}
	return v, true
}

package jer

import (
	"math"
	"strconv"
	"unicode/utf8"

	"github.com/asn1gen/asn1gen/runtime/der"
)

// Writer appends a JER encoding to a byte slice. Generated code opens an
// object, names each member with Key and writes its value, and closes it;
// Key and Elem put the commas between members and elements by looking at
// the last byte written, so a Writer needs no stack.
type Writer struct {
	buf []byte
	err error
}

// Bytes returns what w has written.
func (w *Writer) Bytes() []byte { return w.buf }

// Err returns the first error kept with Fail, or nil.
func (w *Writer) Err() error { return w.err }

// Fail keeps err as the encode's error, field (unless "") first in its
// path, unless the encode has failed already.
func (w *Writer) Fail(err error, field string) {
	if err == nil || w.err != nil {
		return
	}
	if field != "" {
		err = der.WithField(err, field)
	}
	w.err = err
}

// BeginObject writes the start of an object (a SEQUENCE, SET or CHOICE).
func (w *Writer) BeginObject() { w.buf = append(w.buf, '{') }

// EndObject writes the end of an object.
func (w *Writer) EndObject() { w.buf = append(w.buf, '}') }

// BeginArray writes the start of an array (a SEQUENCE OF or SET OF).
func (w *Writer) BeginArray() { w.buf = append(w.buf, '[') }

// EndArray writes the end of an array.
func (w *Writer) EndArray() { w.buf = append(w.buf, ']') }

// Key writes the name of the next member of an object, after a comma
// unless it is the first: name is a component or alternative identifier,
// which needs no escaping (X.680 12.3).
func (w *Writer) Key(name string) {
	// One store of the slice into w (a write barrier while the GC
	// marks), not one per append.
	b := w.buf
	if n := len(b); n > 0 && b[n-1] != '{' {
		b = append(b, ',')
	}
	b = append(b, '"')
	b = append(b, name...)
	w.buf = append(b, '"', ':')
}

// Elem starts the next element of an array, after a comma unless it is
// the first.
func (w *Writer) Elem() {
	if n := len(w.buf); n > 0 && w.buf[n-1] != '[' {
		w.buf = append(w.buf, ',')
	}
}

// Bool writes a BOOLEAN (X.697 20).
func (w *Writer) Bool(v bool) { w.buf = strconv.AppendBool(w.buf, v) }

// Null writes NULL (X.697 26).
func (w *Writer) Null() { w.buf = append(w.buf, "null"...) }

// Int writes an INTEGER (X.697 21).
func (w *Writer) Int(v int64) { w.buf = strconv.AppendInt(w.buf, v, 10) }

// Uint writes an INTEGER beyond int64 that fits uint64.
func (w *Writer) Uint(v uint64) { w.buf = strconv.AppendUint(w.buf, v, 10) }

// BigInt writes an INTEGER of any size.
func (w *Writer) BigInt(v der.Integer, field string) {
	if len(v) == 0 {
		w.Fail(der.NewError(der.KindInvalidValue, -1, "INTEGER", "no value", "X.690 8.3.1"), field)
		return
	}
	if n, ok := v.Int64(); ok {
		w.Int(n)
		return
	}
	w.buf = v.Big().Append(w.buf, 10)
}

// Real writes a REAL (X.697 23): a number, or one of the strings of the
// special values.
func (w *Writer) Real(v float64) {
	switch {
	case math.IsInf(v, 1):
		w.buf = append(w.buf, `"INF"`...)
	case math.IsInf(v, -1):
		w.buf = append(w.buf, `"-INF"`...)
	case math.IsNaN(v):
		w.buf = append(w.buf, `"NaN"`...)
	case v == 0 && math.Signbit(v):
		w.buf = append(w.buf, `"-0"`...)
	default:
		w.buf = strconv.AppendFloat(w.buf, v, 'g', -1, 64)
	}
}

// Name writes the identifier of an ENUMERATED item (X.697 22), which
// needs no escaping.
func (w *Writer) Name(id string) {
	b := append(w.buf, '"')
	b = append(b, id...)
	w.buf = append(b, '"')
}

const hexDigits = "0123456789ABCDEF"

// Hex writes the octets of an OCTET STRING as a string of hex digits
// (X.697 25), upper case as X.697's examples have them.
func (w *Writer) Hex(b []byte) {
	out := append(w.buf, '"')
	for _, c := range b {
		out = append(out, hexDigits[c>>4], hexDigits[c&15])
	}
	w.buf = append(out, '"')
}

// BitString writes a BIT STRING (X.697 24): of a fixed size (fixed >= 0)
// its octets in hex, the bits after the last cleared; of any other size
// the object of its octets and its length in bits.
func (w *Writer) BitString(v der.BitString, fixed int, field string) {
	n := (v.BitLength + 7) / 8
	if v.BitLength < 0 || n > len(v.Bytes) {
		w.Fail(der.NewError(der.KindInvalidValue, -1, "BIT STRING", "BitLength beyond its Bytes", "X.680 22"), field)
		return
	}
	if fixed >= 0 && v.BitLength != fixed {
		w.Fail(der.NewError(der.KindConstraint, -1, "BIT STRING", strconv.Itoa(v.BitLength)+" bits, not "+strconv.Itoa(fixed), "X.680 51.5"), field)
		return
	}
	if fixed < 0 {
		w.buf = append(w.buf, `{"value":`...)
	}
	w.buf = append(w.buf, '"')
	for i, c := range v.Bytes[:n] {
		if i == n-1 && v.BitLength%8 != 0 {
			c &= 0xff << (8 - v.BitLength%8)
		}
		w.buf = append(w.buf, hexDigits[c>>4], hexDigits[c&15])
	}
	w.buf = append(w.buf, '"')
	if fixed < 0 {
		w.buf = append(w.buf, `,"length":`...)
		w.buf = strconv.AppendInt(w.buf, int64(v.BitLength), 10)
		w.buf = append(w.buf, '}')
	}
}

// OID writes an OBJECT IDENTIFIER as its dotted arcs (X.697 32).
func (w *Writer) OID(v der.OID) {
	w.buf = append(w.buf, '"')
	w.buf = v.AppendText(w.buf)
	w.buf = append(w.buf, '"')
}

// RelativeOID writes a RELATIVE-OID as its dotted arcs (X.697 33).
func (w *Writer) RelativeOID(v der.RelativeOID) {
	w.buf = append(w.buf, '"')
	w.buf = v.AppendText(w.buf)
	w.buf = append(w.buf, '"')
}

// String writes a character string (X.697 38) as a JSON string: the
// characters RFC 8259 requires escaped are, and so are U+2028 and U+2029
// (for JavaScript) and the bytes that are not UTF-8 (as U+FFFD, which
// the Go string could not have come from a valid decode).
func (w *Writer) String(s string) {
	w.buf = append(w.buf, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' {
				i++
				continue
			}
			w.buf = append(w.buf, s[start:i]...)
			switch c {
			case '"', '\\':
				w.buf = append(w.buf, '\\', c)
			case '\n':
				w.buf = append(w.buf, '\\', 'n')
			case '\r':
				w.buf = append(w.buf, '\\', 'r')
			case '\t':
				w.buf = append(w.buf, '\\', 't')
			default:
				w.buf = append(w.buf, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&15])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 || r == '\u2028' || r == '\u2029' {
			w.buf = append(w.buf, s[start:i]...)
			if r == utf8.RuneError {
				w.buf = append(w.buf, `\ufffd`...)
			} else {
				w.buf = append(w.buf, '\\', 'u', '2', '0', '2', hexDigits[r&15])
			}
			i += size
			start = i
			continue
		}
		i += size
	}
	w.buf = append(w.buf, s[start:]...)
	w.buf = append(w.buf, '"')
}

package jer

import (
	"strconv"
	"unicode/utf8"

	"github.com/asn1gen/asn1gen/runtime/der"
)

// What generated code calls for a CHOICE and for the checks of its
// encoders.

// Choice reads the start of the object of a CHOICE value (X.697 31) and
// the name of its member, which Key returns: false after an error, or an
// object without a member.
func (r *Reader) Choice(typ string) bool {
	if !r.Object(typ) {
		return false
	}
	at := r.pos
	if !r.Next() {
		if r.err == nil {
			r.fail(at, der.KindInvalidValue, typ, "no member for the alternative", "X.697 31", "")
		}
		return false
	}
	return true
}

// EndChoice reads the end of the object of a CHOICE value, which has
// one member.
func (r *Reader) EndChoice(typ string) {
	if r.Next() {
		r.fail(r.pos, der.KindInvalidValue, typ, "a second member "+strconv.Quote(string(r.key))+" in a CHOICE value", "X.697 31", "")
	}
}

// NoAlternative keeps the error of a member that names no alternative,
// after Choice: of a later version in an extensible CHOICE, whose value
// the Go type cannot hold.
func (r *Reader) NoAlternative(extensible bool, typ string) {
	if r.err != nil {
		return
	}
	if extensible {
		r.fail(r.pos, der.KindUnsupported, typ, "no alternative of this version is named "+strconv.Quote(string(r.key)), "X.697 31", "")
		return
	}
	r.fail(r.pos, der.KindInvalidValue, typ, "no alternative is named "+strconv.Quote(string(r.key)), "X.697 31", "")
}

// NoItem keeps the error of an identifier that names no item of the
// ENUMERATED typ, at byte at.
func (r *Reader) NoItem(at int, extensible bool, typ string) {
	if r.err != nil {
		return
	}
	if extensible {
		r.fail(at, der.KindUnsupported, typ, "no item of this version has this identifier", "X.697 22", "")
		return
	}
	r.fail(at, der.KindInvalidValue, typ, "no item has this identifier", "X.697 22", "")
}

// IntRange writes an INTEGER constrained to lb..ub, which v must be in.
func (w *Writer) IntRange(v, lb, ub int64, field string) {
	if v < lb || v > ub {
		w.Fail(der.NewError(der.KindConstraint, -1, "INTEGER", strconv.FormatInt(v, 10)+" not in "+strconv.FormatInt(lb, 10)+".."+strconv.FormatInt(ub, 10), "X.680 51.8"), field)
		return
	}
	w.Int(v)
}

// IntIn writes v, an INTEGER constrained to a value set with gaps, set
// its ranges as lo, hi pairs (Reader.IntIn).
func (w *Writer) IntIn(v int64, field string, set ...int64) {
	if err := der.CheckValues(-1, "INTEGER", v, set...); err != nil {
		w.Fail(err, field)
		return
	}
	w.Int(v)
}

// IntLb writes an INTEGER constrained to lb..MAX.
func (w *Writer) IntLb(v, lb int64, field string) {
	if v < lb {
		w.Fail(der.NewError(der.KindConstraint, -1, "INTEGER", strconv.FormatInt(v, 10)+" not in "+strconv.FormatInt(lb, 10)+"..MAX", "X.680 51.8"), field)
		return
	}
	w.Int(v)
}

// sizeErr returns the error of a size n outside s.
func (s Size) err(n int, typ, what string) error {
	if n >= s.Lb && (s.Ub < 0 || n <= s.Ub) {
		return nil
	}
	ub := "MAX"
	if s.Ub >= 0 {
		ub = strconv.Itoa(s.Ub)
	}
	return der.NewError(der.KindConstraint, -1, typ, strconv.Itoa(n)+" "+what+", not "+strconv.Itoa(s.Lb)+".."+ub, "X.680 51.5")
}

// CheckSize returns the error of a list of n elements outside s, for an
// encoder.
func (s Size) CheckSize(n int, typ string) error { return s.err(n, typ, "elements") }

// CheckOut keeps in w the error of a value of n units (what: "elements",
// "octets", "bits", "characters") of type typ outside s: the SIZE a
// component adds to a named type, whose own encoder checks its own
// (X.680 51.5).
func (s Size) CheckOut(w *Writer, n int, typ, what, field string) {
	if err := s.err(n, typ, what); err != nil {
		w.Fail(err, field)
	}
}

// OctetString writes an OCTET STRING of SIZE size.
func (w *Writer) OctetString(b []byte, size Size, field string) {
	if err := size.err(len(b), "OCTET STRING", "octets"); err != nil {
		w.Fail(err, field)
		return
	}
	w.Hex(b)
}

// SizedBitString writes a BIT STRING of SIZE size that is not fixed.
func (w *Writer) SizedBitString(v der.BitString, size Size, field string) {
	if err := size.err(v.BitLength, "BIT STRING", "bits"); err != nil {
		w.Fail(err, field)
		return
	}
	w.BitString(v, -1, field)
}

// StringOf writes a character string of type t and SIZE size, whose
// characters must be t's.
func (w *Writer) StringOf(t StringType, s string, size Size, field string) {
	n := 0
	for _, c := range s {
		if c == utf8.RuneError && !utf8.ValidString(s) {
			w.Fail(der.NewError(der.KindInvalidValue, -1, t.name(), strconv.QuoteRune(c)+" is not a character of the type", "X.680 41"), field)
			return
		}
		if !t.allows(c) || !t.permits(c) {
			k, msg, rule := t.errChar(c)
			w.Fail(der.NewError(k, -1, t.name(), msg, rule), field)
			return
		}
		n++
	}
	if err := size.err(n, t.name(), "characters"); err != nil {
		w.Fail(err, field)
		return
	}
	w.String(s)
}

// Seek moves r to byte at of its input and returns where it was, for the
// open types that generated code decodes after their key (a value kept
// with RawAt).
func (r *Reader) Seek(at int) int {
	old := r.pos
	r.pos = at
	return old
}

// Open writes b, the JSON text of an open type's value that a decode
// kept (Reader.Raw), which must be one JSON value: a value that another
// codec decoded keeps its encoding in that codec instead.
func (w *Writer) Open(b []byte, field string) {
	r := NewReader(b, nil)
	r.Skip()
	if len(b) == 0 || r.Finish() != nil {
		w.Fail(der.NewError(der.KindUnsupported, -1, "open type", "the value is not JSON text (another codec's encoding)", "X.697 41"), field)
		return
	}
	w.buf = append(w.buf, b...)
}

// BigIntRange reads an INTEGER of any size constrained to lb..ub, where
// math.MinInt64 stands for MIN and math.MaxInt64 for MAX.
func (r *Reader) BigIntRange(lb, ub int64, field string) der.Integer {
	at := r.peekPos()
	v := r.BigInt(field)
	if r.err == nil {
		if err := der.CheckIntegerRange(at, "INTEGER", v, lb, ub); err != nil {
			r.Fail(err, field)
			return nil
		}
	}
	return v
}

// BigIntRange writes an INTEGER of any size constrained to lb..ub (see
// Reader.BigIntRange).
func (w *Writer) BigIntRange(v der.Integer, lb, ub int64, field string) {
	if len(v) > 0 {
		if err := der.CheckIntegerRange(-1, "INTEGER", v, lb, ub); err != nil {
			w.Fail(err, field)
			return
		}
	}
	w.BigInt(v, field)
}

// BigIntBounds reads an INTEGER of any size constrained to bounds
// beyond int64, given as INTEGER contents ("" for MIN and MAX), as
// der.CheckIntegerBounds takes them.
func (r *Reader) BigIntBounds(lo, hi, field string) der.Integer {
	at := r.peekPos()
	v := r.BigInt(field)
	if r.err == nil {
		if err := der.CheckIntegerBounds(at, "INTEGER", v, lo, hi); err != nil {
			r.Fail(err, field)
			return nil
		}
	}
	return v
}

// BigIntBounds writes an INTEGER of any size constrained to bounds
// beyond int64 (see Reader.BigIntBounds).
func (w *Writer) BigIntBounds(v der.Integer, lo, hi, field string) {
	if len(v) > 0 {
		if err := der.CheckIntegerBounds(-1, "INTEGER", v, lo, hi); err != nil {
			w.Fail(err, field)
			return
		}
	}
	w.BigInt(v, field)
}

// Time reads a UTCTime (utc) or GeneralizedTime (X.697 40): a JSON
// string of the characters of the value, in the DER form.
func (r *Reader) Time(utc bool, field string) der.Time {
	typ := "GeneralizedTime"
	if utc {
		typ = "UTCTime"
	}
	if r.err != nil {
		return der.Time{}
	}
	at := r.peekPos()
	if r.peek() != '"' {
		r.expected("a string", typ, "X.697 40", field)
		return der.Time{}
	}
	s, ok := r.str(field)
	if !ok {
		return der.Time{}
	}
	v, err := der.ParseTime(s, utc)
	if err != nil {
		r.fail(at, der.KindInvalidValue, typ, "not a time: "+strconv.Quote(string(s)), "X.697 40", field)
		return der.Time{}
	}
	return v
}

// Time writes a UTCTime (utc) or GeneralizedTime in the DER form.
func (w *Writer) Time(v der.Time, utc bool, field string) {
	b, err := der.AppendTime(w.buf[len(w.buf):], v, utc)
	if err != nil {
		w.Fail(err, field)
		return
	}
	w.String(string(b))
}

// Containing reads the start of the object of an OCTET STRING or BIT
// STRING with a contents constraint (CONTAINING T, without ENCODED BY),
// typ: {"containing": value} (X.697 24, 25), up to the value of T, which
// generated code then decodes. It reports false after an error.
func (r *Reader) Containing(typ, field string) bool {
	if r.err != nil {
		return false
	}
	if r.peek() != '{' {
		r.expected("an object", typ, "X.697 24, 25", field)
		return false
	}
	r.pos++
	r.open = true
	at := r.peekPos()
	if !r.Next() {
		if r.err == nil {
			r.fail(at, der.KindInvalidValue, typ, `an object without its member "containing"`, "X.697 24, 25", field)
		}
		return false
	}
	if r.Key() != "containing" {
		r.fail(at, der.KindInvalidValue, typ, "member "+strconv.Quote(r.Key())+` where "containing" is due`, "X.697 24, 25", field)
		return false
	}
	return true
}

// EndContaining reads the end of the object that Containing began, which
// has no other member.
func (r *Reader) EndContaining(typ, field string) {
	at := r.peekPos()
	if r.Next() {
		r.fail(at, der.KindInvalidValue, typ, "a second member "+strconv.Quote(r.Key())+` beside "containing"`, "X.697 24, 25", field)
	}
}

// BeginContaining writes the start of the object of a string with a
// contents constraint, {"containing": , before the contained value.
func (w *Writer) BeginContaining() {
	w.BeginObject()
	w.Key("containing")
}

// EndContaining writes the end of that object.
func (w *Writer) EndContaining() { w.EndObject() }

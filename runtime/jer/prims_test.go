package jer

import (
	"errors"
	"math"
	"math/big"
	"strings"
	"testing"

	"github.com/asn1gen/asn1gen/runtime/der"
	"github.com/google/go-cmp/cmp"
)

// TestPrimitivesRoundTrip writes values with the Writer and reads them
// back with the Reader.
func TestPrimitivesRoundTrip(t *testing.T) {
	var w Writer
	w.BeginArray()
	w.Elem()
	w.Bool(true)
	w.Elem()
	w.Int(-42)
	w.Elem()
	w.Real(math.Inf(-1))
	w.Elem()
	w.Real(math.Copysign(0, -1))
	w.Elem()
	w.Real(1.5)
	w.Elem()
	w.String("a\"b\\c\n\u00e9\u2028\x01")
	w.Elem()
	w.Hex([]byte{0xde, 0xad})
	w.Elem()
	w.BitString(der.BitString{Bytes: []byte{0xff, 0xff}, BitLength: 12}, 12, "")
	w.Elem()
	w.BitString(der.BitString{Bytes: []byte{0xa0}, BitLength: 3}, -1, "")
	w.Elem()
	oid, _ := der.ParseOIDString("1.2.840.113549")
	w.OID(oid)
	w.Elem()
	w.Null()
	w.Elem()
	w.BigInt(der.IntegerFromBig(new(big.Int).SetBytes([]byte{1, 0, 0, 0, 0, 0, 0, 0, 0})), "")
	w.EndArray()
	want := `[true,-42,"-INF","-0",1.5,"a\"b\\c\n` + "\u00e9" + `\u2028\u0001","DEAD","FFF0",{"value":"A0","length":3},"1.2.840.113549",null,18446744073709551616]`
	if got := string(w.Bytes()); got != want {
		t.Fatalf("got  %s\nwant %s", got, want)
	}
	r := NewReader(w.Bytes(), nil)
	if !r.Array("") {
		t.Fatal(r.Err())
	}
	var got []any
	r.NextElem()
	got = append(got, r.Bool(""))
	r.NextElem()
	got = append(got, r.Int(""))
	r.NextElem()
	got = append(got, r.Real(""))
	r.NextElem()
	got = append(got, math.Signbit(r.Real("")))
	r.NextElem()
	got = append(got, r.Real(""))
	r.NextElem()
	got = append(got, r.String(UTF8String, Unsized, ""))
	r.NextElem()
	got = append(got, r.OctetString(Size{2, 2}, ""))
	r.NextElem()
	got = append(got, r.FixedBitString(12, ""))
	r.NextElem()
	got = append(got, r.BitString(Unsized, ""))
	r.NextElem()
	got = append(got, r.OID("").String())
	r.NextElem()
	r.Null("")
	r.NextElem()
	got = append(got, r.BigInt("").String())
	if r.NextElem() || r.Finish() != nil {
		t.Fatalf("not at the end: %v", r.Finish())
	}
	wantV := []any{true, int64(-42), math.Inf(-1), true, 1.5, "a\"b\\c\n\u00e9\u2028\x01", []byte{0xde, 0xad},
		der.BitString{Bytes: []byte{0xff, 0xf0}, BitLength: 12}, der.BitString{Bytes: []byte{0xa0}, BitLength: 3},
		"1.2.840.113549", "18446744073709551616"}
	if d := cmp.Diff(wantV, got); d != "" {
		t.Errorf("read back (-want +got):\n%s", d)
	}
}

// TestReaderErrors: malformed or invalid input is a located error of the
// right kind, never a panic.
func TestReaderErrors(t *testing.T) {
	for _, c := range []struct {
		in   string
		read func(r *Reader)
		kind der.Kind
		off  int
		msg  string
	}{
		{` 1.5`, func(r *Reader) { r.Int("n") }, der.KindInvalidValue, 1, "fraction"},
		{`300`, func(r *Reader) { r.IntRange(0, 255, "n") }, der.KindConstraint, 0, "300 not in 0..255"},
		{`99999999999999999999`, func(r *Reader) { r.Int("n") }, der.KindUnsupported, 0, "beyond int64"},
		{`"ab`, func(r *Reader) { r.String(UTF8String, Unsized, "s") }, der.KindTruncated, 0, "inside a string"},
		{`"a\x"`, func(r *Reader) { r.String(UTF8String, Unsized, "s") }, der.KindInvalidValue, 2, "invalid escape"},
		{`"\ud800"`, func(r *Reader) { r.String(UTF8String, Unsized, "s") }, der.KindInvalidValue, 1, "surrogate"},
		{`"é"`, func(r *Reader) { r.String(IA5String, Unsized, "s") }, der.KindInvalidValue, 0, "not a character"},
		{`"abc"`, func(r *Reader) { r.String(IA5String, Size{1, 2}, "s") }, der.KindConstraint, 0, "3 characters"},
		{`"ABC"`, func(r *Reader) { r.OctetString(Unsized, "o") }, der.KindInvalidValue, 0, "odd number"},
		{`"F8"`, func(r *Reader) { r.FixedBitString(4, "b") }, der.KindInvalidValue, 0, "after the last bit"},
		{`{"value":"80"}`, func(r *Reader) { r.BitString(Unsized, "b") }, der.KindInvalidValue, 13, `no member "length"`},
		{`{"value":"80","length":9}`, func(r *Reader) { r.BitString(Unsized, "b") }, der.KindInvalidValue, 0, "1 octets for 9 bits"},
		{`"1.2.x"`, func(r *Reader) { r.OID("o") }, der.KindInvalidValue, 0, "dotted"},
		{`nul`, func(r *Reader) { r.Null("z") }, der.KindInvalidValue, 0, "null is due"},
		{`"inf"`, func(r *Reader) { r.Real("x") }, der.KindInvalidValue, 0, "INF"},
		{`[1 2]`, func(r *Reader) { r.Array(""); r.NextElem(); r.Int(""); r.NextElem() }, der.KindInvalidValue, 3, `"," or "]"`},
		{`{"a":1,"a":2}`, func(r *Reader) {
			var seen bool
			r.Object("")
			for r.Next() {
				r.Once(&seen, "T", "a")
				r.Int("a")
			}
		}, der.KindInvalidValue, 11, `member "a" twice`},
		{strings.Repeat("[", 100), func(r *Reader) { r.Skip() }, der.KindLimit, 64, "nesting"},
	} {
		r := NewReader([]byte(c.in), nil)
		c.read(&r)
		var e *der.Error
		if !errors.As(r.Err(), &e) {
			t.Errorf("%s: error %v, want a *der.Error", c.in, r.Err())
			continue
		}
		if e.Kind != c.kind || e.Offset != c.off || !strings.Contains(e.Error(), c.msg) {
			t.Errorf("%s: got %v (kind %v at %d), want kind %v at %d with %q", c.in, e, e.Kind, e.Offset, c.kind, c.off, c.msg)
		}
	}
}

// TestAllocLimit: a decode that would allocate more than MaxAlloc fails.
func TestAllocLimit(t *testing.T) {
	in := `"` + strings.Repeat("ab", 100) + `"`
	r := NewReader([]byte(in), &Options{MaxAlloc: 50})
	r.OctetString(Unsized, "o")
	if !errors.Is(r.Err(), der.ErrLimit) {
		t.Errorf("got %v, want a limit error", r.Err())
	}
}

// FuzzSkip: skipping any input never panics, and what Raw returns of a
// value is that value's text.
func FuzzSkip(f *testing.F) {
	for _, s := range []string{`{"a":[1,2,{"b":null}],"c":"\u00e9"}`, `[true,false,-0.5e3]`, `"x`, `{`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		r := NewReader(b, nil)
		raw := r.Raw("")
		if r.Err() != nil {
			return
		}
		r2 := NewReader(raw, nil)
		r2.Skip()
		if err := r2.Finish(); err != nil {
			t.Fatalf("Raw %q does not skip alone: %v", raw, err)
		}
	})
}

// TestWriterErrors: what an encoder cannot write is a *der.Error with
// the field's path, never a wrong encoding.
func TestWriterErrors(t *testing.T) {
	for _, c := range []struct {
		write func(w *Writer)
		kind  error
		msg   string
	}{
		{func(w *Writer) { w.IntRange(9, 0, 7, "n") }, der.ErrConstraint, "n INTEGER: 9 not in 0..7"},
		{func(w *Writer) { w.OctetString([]byte{1}, Size{2, 4}, "o") }, der.ErrConstraint, "o OCTET STRING: 1 octets, not 2..4"},
		{func(w *Writer) { w.BitString(der.BitString{Bytes: []byte{0}, BitLength: 3}, 4, "b") }, der.ErrConstraint, "3 bits, not 4"},
		{func(w *Writer) { w.BitString(der.BitString{BitLength: 3}, -1, "b") }, der.ErrInvalidValue, "BitLength beyond its Bytes"},
		{func(w *Writer) { w.StringOf(IA5String, "é", Unsized, "s") }, der.ErrInvalidValue, "not a character of the type"},
		{func(w *Writer) { w.StringOf(PrintableString, "abc", Size{1, 2}, "s") }, der.ErrConstraint, "3 characters, not 1..2"},
		{func(w *Writer) { w.Open([]byte{0x30, 0x00}, "v") }, der.ErrUnsupported, "not JSON text"},
		{func(w *Writer) { w.Open([]byte(`{"a":1} x`), "v") }, der.ErrUnsupported, "not JSON text"},
		{func(w *Writer) { w.BigInt(nil, "i") }, der.ErrInvalidValue, "no value"},
	} {
		var w Writer
		c.write(&w)
		if err := w.Err(); !errors.Is(err, c.kind) || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("got %v, want %v with %q", err, c.kind, c.msg)
		}
	}
}

// TestReaderSkips: an extensible type's unknown members are skipped
// whatever they hold, keys with escapes are unescaped, and whitespace is
// allowed wherever RFC 8259 allows it.
func TestReaderSkips(t *testing.T) {
	in := "\t{ \"later\" : [ {\"deep\": [true, false, null, -1.5e-3, \"\\\"\"]} ],\n \"\\u0078\" : 3 }\r\n"
	r := NewReader([]byte(in), nil)
	var x int64
	if r.Object("T") {
		for r.Next() {
			switch r.Key() {
			case "x":
				x = r.Int("x")
			default:
				r.Unknown(true, "T")
			}
		}
	}
	if err := r.Finish(); err != nil || x != 3 {
		t.Errorf("x = %d, %v", x, err)
	}
}

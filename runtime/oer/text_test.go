package oer

import (
	"bytes"
	"errors"
	"testing"

	"github.com/asn1gen/asn1gen/runtime/der"
	"github.com/google/go-cmp/cmp"
)

// TestOctetStrings: the character strings that are not known-multiplier
// are a length and their BER contents octets (X.696 27): GeneralString
// and GraphicString the octets as the Go string, TeletexString Latin-1
// converted to UTF-8; there is no fixed-size form.
func TestOctetStrings(t *testing.T) {
	for _, c := range []struct {
		typ *StringType
		s   string
		enc []byte
	}{
		{GeneralString, "ab\x00\xff", []byte{4, 'a', 'b', 0, 0xff}},
		{GraphicString, "\x1b(Bx\xe9", []byte{5, 0x1b, '(', 'B', 'x', 0xe9}},
		{ObjectDescriptor, "", []byte{0}},
		{TeletexString, "caf\u00e9", []byte{4, 'c', 'a', 'f', 0xe9}},
		{VideotexString, "plain", []byte{5, 'p', 'l', 'a', 'i', 'n'}},
	} {
		w := NewWriter(nil)
		if err := w.WriteString(c.typ, c.s, Unsized); err != nil || !bytes.Equal(w.Bytes(), c.enc) {
			t.Errorf("%s %q: wrote % x, %v; want % x", c.typ.Name(), c.s, w.Bytes(), err, c.enc)
		}
		r := NewReader(c.enc, nil)
		got, err := r.ReadString(c.typ, Unsized)
		if err != nil || got != c.s || r.Left() != 0 {
			t.Errorf("%s: read % x as %q, %v; want %q", c.typ.Name(), c.enc, got, err, c.s)
		}
		if err := w.WriteFixedString(c.typ, c.s, len(c.s)); !errors.Is(err, der.ErrUnsupported) {
			t.Errorf("%s: WriteFixedString: %v, want unsupported", c.typ.Name(), err)
		}
	}
	// GraphicString has no control characters but ESC: the octet at
	// fault is the error, reading; the value is refused, writing.
	r := NewReader([]byte{0x7f, 9, 3, 'a', 0x07, 'b'}, nil)
	r.pos = 2
	_, err := r.ReadString(GraphicString, Unsized)
	var e *der.Error
	if !errors.As(err, &e) || e.Kind != der.KindInvalidValue || e.Offset != 4 {
		t.Errorf("GraphicString with BEL: %v, want an invalid value at 4", err)
	}
	w := NewWriter(nil)
	if err := w.WriteString(GraphicString, "a\x07", Unsized); !errors.Is(err, der.ErrInvalidValue) || w.Len() != 0 {
		t.Errorf("writing a GraphicString with BEL: %v, %d octets", err, w.Len())
	}
	if err := w.WriteString(TeletexString, "\u20ac", Unsized); !errors.Is(err, der.ErrInvalidValue) {
		t.Errorf("writing a TeletexString with a euro sign (not Latin-1): %v", err)
	}
}

// TestTimes: UTCTime and GeneralizedTime are VisibleStrings of their DER
// form after a length (X.696 27, X.680 46.3, 47.3); another form is an
// error at the length of the string.
func TestTimes(t *testing.T) {
	tm := der.Date(2024, 2, 29, 23, 59, 58, 500_000_000)
	tmSec := der.Date(2024, 2, 29, 23, 59, 58, 0)
	w := NewWriter(nil)
	if err := w.WriteGeneralizedTime(tm); err != nil {
		t.Fatal(err)
	}
	if err := w.WriteUTCTime(tmSec); err != nil {
		t.Fatal(err)
	}
	want := append([]byte{17}, "20240229235958.5Z"...)
	want = append(append(want, 13), "240229235958Z"...)
	if diff := cmp.Diff(want, w.Bytes()); diff != "" {
		t.Fatalf("written (-want +got):\n%s", diff)
	}
	r := NewReader(w.Bytes(), nil)
	g, u := r.GeneralizedTime("g"), r.UTCTime("u")
	if err := r.Err(); err != nil || !g.Equal(tm) || !u.Equal(tmSec) || r.Left() != 0 {
		t.Errorf("read %v, %v, %v", g, u, err)
	}
	for _, c := range []struct {
		in  string
		utc bool
	}{
		{"\x00\x1020240229235958Z", false},   // length 16, one octet short: truncated
		{"\x00\x0e202402292359+0100", false}, // an offset: not DER
		{"\x00\x0d2402292359Z", true},        // length 13 over 11 octets
		{"\x00\x0b2402292359Z", true},        // no seconds: not DER
	} {
		r := NewReader([]byte(c.in), nil)
		r.pos = 1
		var err error
		if c.utc {
			_, err = r.ReadUTCTime()
		} else {
			_, err = r.ReadGeneralizedTime()
		}
		var e *der.Error
		if !errors.As(err, &e) || e.Offset != 1 {
			t.Errorf("% x: %v, want an error at offset 1", c.in, err)
		}
	}
	if err := newWriter().WriteUTCTime(der.Date(2050, 1, 1, 0, 0, 0, 0)); err == nil {
		t.Errorf("a UTCTime in 2050 written")
	}
}

func newWriter() *Writer { w := NewWriter(nil); return &w }

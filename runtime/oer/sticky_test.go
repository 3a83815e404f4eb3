package oer_test

import (
	"bytes"
	"errors"
	"testing"

	"github.com/asn1gen/asn1gen/runtime/der"
	"github.com/asn1gen/asn1gen/runtime/oer"
)

// TestStickyPath decodes SEQUENCE { a BOOLEAN OPTIONAL, b INTEGER (0..15),
// c IA5String } as generated code would: the first error is kept with its
// offset and field path, and the reads after it do nothing.
func TestStickyPath(t *testing.T) {
	// The preamble 0x80 (a present), a = TRUE, b = 16 (outside 0..15),
	// then c, which must not be read.
	in := unhex(t, "80 ff 10 01 41")
	r := oer.NewReader(in, nil)
	var hasA bool
	r.Preamble(&hasA)
	a := r.Bool("a")
	b := r.IntRange(0, 15, "b")
	c := r.String(oer.IA5String, oer.Unsized, "c")
	if !hasA || !a || b != 0 || c != "" {
		t.Errorf("got hasA %v, a %v, b %d, c %q; want true, true, 0, \"\"", hasA, a, b, c)
	}
	errorAt(t, "b", r.Err(), der.KindConstraint, 2)
	var e *der.Error
	if errors.As(r.Err(), &e) && e.Path() != "b" {
		t.Errorf("path %q, want b", e.Path())
	}
	if r.Offset() != 2 {
		t.Errorf("offset %d after the error, want 2: the reads after it moved", r.Offset())
	}
	// A nested value's error gets its field first.
	r.Fail(r.Err(), "outer")
	if errors.As(r.Err(), &e) && e.Path() != "outer.b" {
		t.Errorf("path %q, want outer.b", e.Path())
	}
}

// TestStickyOpen reads an open type field whose value is cut short: the
// error is at its absolute offset, with the field's name.
func TestStickyOpen(t *testing.T) {
	in := unhex(t, "00 03 01 05 00") // a prefix octet, then a field of 3 holding INTEGER 5 and an octet more
	r := oer.NewReader(in, nil)
	r.FixedOctetString(1, "p")
	f, ok := r.Open("ext")
	if !ok {
		t.Fatalf("Open: %v", r.Err())
	}
	if v := f.Int("x"); v != 5 {
		t.Errorf("x = %d, want 5", v)
	}
	r.EndOpen(&f, "ext")
	errorAt(t, "ext", r.Err(), der.KindTrailingData, 4)
	var e *der.Error
	if errors.As(r.Err(), &e) && e.Path() != "ext" {
		t.Errorf("path %q, want ext", e.Path())
	}
}

// TestWriterFail keeps the first encoder error, with its path.
func TestWriterFail(t *testing.T) {
	w := oer.NewWriter(nil)
	w.Fail(w.WriteIntRange(16, 0, 15), "b")
	w.Fail(w.WriteOctetString([]byte("abc"), oer.Size{Lb: 1, Ub: 2}), "c")
	var e *der.Error
	if !errors.As(w.Err(), &e) || e.Kind != der.KindConstraint || e.Path() != "b" || e.Offset != -1 {
		t.Errorf("error %v, want a constraint error on b without an offset", w.Err())
	}
	if w.Len() != 0 {
		t.Errorf("wrote %x for values that failed", w.Bytes())
	}
	for _, err := range []error{
		w.WriteFixedUint(256, 1), w.WriteFixedInt(128, 1), w.WriteFixedInt(-129, 1),
		w.WriteUintRange(5, 10, 20), w.WriteIntLb(-6, -5),
		w.WriteFixedOctetString([]byte("ab"), 3), w.WriteFixedBitString(fromBits("101"), 4),
		w.WriteBitString(fromBits("101"), oer.Size{Lb: 4, Ub: -1}),
		w.WriteString(oer.PrintableString, "a*", oer.Unsized), w.WriteString(oer.IA5String, "abc", oer.Size{Lb: 0, Ub: 2}),
		w.WriteString(oer.UTF8String, "\xff", oer.Unsized), w.WriteFixedString(oer.BMPString, "\U0001F600", 1),
		w.WriteFixedString(oer.UTF8String, "a", 1), w.WriteBigInt(bigOf("-1"), false),
		w.WriteExtensions(der.BitString{}),
	} {
		if err == nil {
			t.Errorf("a value that does not fit was written")
		}
	}
	if w.Len() != 0 {
		t.Errorf("wrote %x for values that failed", w.Bytes())
	}
}

// TestLimits: the allocation budget, the nesting depth, trailing data.
func TestLimits(t *testing.T) {
	// 2^31-1 elements of a SEQUENCE OF NULL take 5 octets.
	in := unhex(t, "04 7f ff ff ff")
	r := oer.NewReader(in, &oer.Options{MaxAlloc: 1 << 20})
	n, err := r.ReadQuantity()
	if err != nil {
		t.Fatal(err)
	}
	_, err = oer.MakeSlice[int64](&r, n)
	errorAt(t, "MakeSlice", err, der.KindLimit, 5)
	if _, err := oer.MakeSlice[int64](&r, 1000); err != nil {
		t.Errorf("MakeSlice of 8000 bytes within 1 MB: %v", err)
	}

	// A string converted to Go charges its octets.
	in = append([]byte{0x82, 0x10, 0x00}, make([]byte, 4096)...)
	r = oer.NewReader(in, &oer.Options{MaxAlloc: 4000})
	_, err = r.ReadString(oer.IA5String, oer.Unsized)
	errorAt(t, "ReadString", err, der.KindLimit, 0)

	r = oer.NewReader(nil, &oer.Options{MaxDepth: 2})
	for i := range 3 {
		err = r.Enter("T")
		if (err != nil) != (i == 2) {
			t.Errorf("Enter %d: %v", i, err)
		}
	}
	errorAt(t, "Enter", err, der.KindLimit, 0)

	r = oer.NewReader([]byte{0xff, 0x00}, nil)
	r.ReadBool()
	errorAt(t, "Finish", r.Finish(), der.KindTrailingData, 1)
}

// TestPeekTag reads a tag twice: PeekTag leaves it to Tag, including a
// tag of subsequent octets (X.696 8.7.2), and keeps an error as Tag does.
func TestPeekTag(t *testing.T) {
	// [APPLICATION 100]: class 01, 111111, then 100 in one octet; then
	// [1] (context class 10, number 1).
	r := oer.NewReader(unhex(t, "7f 64 81"), nil)
	for _, want := range []der.Tag{der.Application(100), der.Context(1)} {
		at := r.Offset()
		if got := r.PeekTag(); got != want || r.Offset() != at {
			t.Errorf("PeekTag = %v at offset %d, want %v at %d", got, r.Offset(), want, at)
		}
		if got := r.Tag(); got != want {
			t.Errorf("Tag after PeekTag = %v, want %v", got, want)
		}
	}
	if r.PeekTag(); r.Err() == nil {
		t.Fatalf("PeekTag at the end: no error")
	}
	errorAt(t, "tag", r.Err(), der.KindTruncated, 3)
}

// boolValue is a BOOLEAN as a Value, for Encodes; fail makes its encoding
// fail.
type boolValue struct{ v, fail bool }

func (b *boolValue) DecodeOER(r *oer.Reader) error { b.v = r.Bool(""); return r.Err() }

func (b *boolValue) EncodeOER(w *oer.Writer) error {
	if b.fail {
		return errors.New("cannot")
	}
	w.WriteBool(b.v)
	return nil
}

// TestEncodesSince checks the comparisons of DEFAULT components with the
// encoding of their default: Encodes leaves the Writer as it was, and
// Since gives the octets a Reader read, inside an open type field too.
func TestEncodesSince(t *testing.T) {
	w := oer.NewWriter(nil)
	w.WriteBool(false)
	for _, c := range []struct {
		v    boolValue
		b    string
		want bool
	}{
		{boolValue{v: true}, "ff", true},
		{boolValue{v: false}, "ff", false},
		{boolValue{v: true}, "ff 00", false},
		{boolValue{v: true, fail: true}, "ff", false},
	} {
		if got := w.Encodes(&c.v, unhex(t, c.b)); got != c.want {
			t.Errorf("Encodes(%+v, %s) = %v, want %v", c.v, c.b, got, c.want)
		}
		if !bytes.Equal(w.Bytes(), []byte{0}) || w.Err() != nil {
			t.Errorf("after Encodes(%+v): % x, %v; want 00 and no error", c.v, w.Bytes(), w.Err())
		}
	}
	// 00 (a prefix), an open type field of 2 holding TRUE and 05.
	r := oer.NewReader(unhex(t, "00 02 ff 05"), nil)
	r.Bool("p")
	f, ok := r.Open("o")
	if !ok {
		t.Fatal(r.Err())
	}
	at := f.Offset()
	f.Bool("")
	if got := f.Since(at); !bytes.Equal(got, []byte{0xff}) || at != 2 {
		t.Errorf("Since(%d) in the field = % x, want ff at 2", at, got)
	}
	if got := r.Since(0); !bytes.Equal(got, unhex(t, "00 02 ff 05")) {
		t.Errorf("Since(0) = % x, want all four octets", got)
	}
	if got := f.Since(0); got != nil {
		t.Errorf("Since an offset before the field = % x, want nil", got)
	}
}

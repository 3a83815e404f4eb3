package der

import (
	"bytes"
	"encoding/hex"
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestAppendHeader(t *testing.T) {
	tests := []struct {
		tag         Tag
		constructed bool
		length      int
		want        string
	}{
		{TagNull, false, 0, "0500"},
		{TagSequence, true, 38, "3026"},
		{TagOctetString, false, 127, "047f"},
		{TagOctetString, false, 128, "048180"},
		{TagOctetString, false, 201, "0481c9"}, // X.690 8.1.3.5 example
		{TagOctetString, false, 256, "04820100"},
		{TagOctetString, false, 1 << 24, "048401000000"},
		{NewTag(ClassApplication, 30), true, 0, "7e00"},
		{Context(31), false, 0, "9f1f00"},
		{Context(127), false, 0, "9f7f00"},
		{Context(128), true, 0, "bf810000"},
		{Context(201), true, 0, "bf814900"},
		{NewTag(ClassPrivate, 0xffffffff), false, 1, "df8fffffff7f01"},
	}
	for _, tt := range tests {
		got := AppendHeader(nil, tt.tag, tt.constructed, tt.length)
		if hex.EncodeToString(got) != tt.want {
			t.Errorf("AppendHeader(%v, %v, %d) = %x, want %s", tt.tag, tt.constructed, tt.length, got, tt.want)
		}
		if n := HeaderLen(tt.tag, tt.length); n != len(got) {
			t.Errorf("HeaderLen(%v, %d) = %d, want %d", tt.tag, tt.length, n, len(got))
		}
		// the strict reader reads the header back
		in := append(got, make([]byte, tt.length)...)
		r := NewReader(in, nil)
		var h Header
		_, err := r.ReadElement(&h)
		want := Header{tt.tag, tt.constructed, 0, len(got), tt.length}
		if err != nil || h != want {
			t.Errorf("read back %x: %+v, %v; want %+v", got, h, err, want)
		}
	}
}

// TestBuilderRoundTrip writes nested values with every length form with the
// Builder and reads them back with the strict Reader.
func TestBuilderRoundTrip(t *testing.T) {
	for _, size := range []int{0, 1, 127, 128, 255, 256, 65535, 65536, 1<<24 + 3} {
		payload := bytes.Repeat([]byte{0xa5}, size)
		b := NewBuilder(nil)
		m1 := b.Begin(TagSequence, true)
		b.AddPrimitive(TagInteger, []byte{1})
		m2 := b.Begin(Context(1000), true) // EXPLICIT [1000]
		m3 := b.Begin(TagSequence, true)
		b.AddPrimitive(TagOctetString, payload)
		b.End(m3)
		b.End(m2)
		m := b.Begin(NewTag(ClassPrivate, 5), false)
		b.AddRaw(payload[:size/2])
		b.End(m)
		b.AddRaw([]byte{0x05, 0x00})
		b.End(m1)
		out, err := b.Bytes()
		if err != nil {
			t.Fatal(err)
		}
		r := NewReader(out, nil)
		seq, err := r.ReadConstructed(TagSequence, "S")
		if err != nil {
			t.Fatalf("size %d: %v", size, err)
		}
		if c, _, err := seq.ReadPrimitive(TagInteger, "INTEGER"); err != nil || !bytes.Equal(c, []byte{1}) {
			t.Fatalf("size %d: INTEGER %x %v", size, c, err)
		}
		ex, err := seq.ReadConstructed(Context(1000), "[1000] EXPLICIT")
		if err != nil {
			t.Fatalf("size %d: %v", size, err)
		}
		inner, err := ex.ReadConstructed(TagSequence, "S")
		if err != nil {
			t.Fatalf("size %d: %v", size, err)
		}
		if c, _, err := inner.ReadString(TagOctetString, "OCTET STRING"); err != nil || !bytes.Equal(c, payload) {
			t.Fatalf("size %d: OCTET STRING %v", size, err)
		}
		if c, _, err := seq.ReadPrimitive(NewTag(ClassPrivate, 5), "P"); err != nil || !bytes.Equal(c, payload[:size/2]) {
			t.Fatalf("size %d: [PRIVATE 5] %v", size, err)
		}
		if err := seq.Skip(); err != nil {
			t.Fatal(err)
		}
		for _, err := range []error{inner.Finish("S"), ex.Finish("[1000]"), seq.Finish("S"), r.Finish("")} {
			if err != nil {
				t.Fatalf("size %d: %v", size, err)
			}
		}
	}
}

func TestBuilderSetOf(t *testing.T) {
	b := NewBuilder(nil)
	m4 := b.Begin(TagSet, true)
	for _, v := range []string{"0203010000", "020102", "020101", "0400", "020101"} {
		b.AddRaw(hx(v))
	}
	b.EndSetOf(m4)
	out, err := b.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	// X.690 11.6: ascending order of the encodings
	if got, want := hex.EncodeToString(out), "3110"+"020101"+"020101"+"020102"+"0203010000"+"0400"; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
	r := NewReader(out, nil)
	s, err := r.ReadConstructed(TagSet, "SET OF")
	if err != nil {
		t.Fatal(err)
	}
	if err := s.CheckSetOfOrder("SET OF"); err != nil {
		t.Error(err)
	}

	// Elements that are not one encoding each are an error, not a panic.
	b = NewBuilder(nil)
	m5 := b.Begin(TagSet, true)
	b.AddRaw([]byte{0x02, 0x05})
	b.EndSetOf(m5)
	if _, err := b.Bytes(); !errors.Is(err, ErrUnsupported) {
		t.Errorf("bad SET OF element: %v", err)
	}
}

func TestBuilderErrors(t *testing.T) {
	b := NewBuilder(nil)
	b.End(5)
	b.End(-1)
	if _, err := b.Bytes(); err == nil || !strings.Contains(err.Error(), "without a matching Begin") {
		t.Errorf("unmatched End: %v", err)
	}
	b = NewBuilder(nil)
	first := NewError(KindConstraint, -1, "T", "too long", "X.680 51.5")
	b.SetError(first)
	b.SetError(errors.New("second"))
	if _, err := b.Bytes(); err != first || b.Err() != first {
		t.Errorf("got %v, want the first error", err)
	}
	// Writing appends to the buffer given.
	b = NewBuilder([]byte{0xee})
	b.AddPrimitive(TagNull, nil)
	if out, _ := b.Bytes(); !cmp.Equal(out, []byte{0xee, 0x05, 0x00}) || b.Len() != 3 {
		t.Errorf("got %x", out)
	}
}

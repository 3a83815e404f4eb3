package der_test

import (
	"bytes"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/asn1gen/asn1gen/runtime/der"
	"github.com/asn1gen/asn1gen/runtime/internal/rtest"
)

func TestBitString(t *testing.T) {
	bs := func(h string, n int) der.BitString { return der.BitString{Bytes: rtest.Hex(t, h), BitLength: n} }
	rtest.Run(t, []pCase[der.BitString]{
		{"'0A3B5F291CD'H (X.690 8.6.4.2)", "04 0a 3b 5f 29 1c d0", bs("0a 3b 5f 29 1c d0", 44), nil, nil},
		{"empty", "00", bs("", 0), nil, nil},
		{"8 bits", "00 ff", bs("ff", 8), nil, nil},
		{"1 bit", "07 80", bs("80", 1), nil, nil},
		{"non-zero padding", "04 0a 3b 5f 29 1c d1", bs("0a 3b 5f 29 1c d1", 44), rtest.NonDER("X.690 11.2.1"), nil},
		{"no unused-bits octet", "", bs("", 0), rtest.Bad("X.690 8.6.2"), rtest.Bad("X.690 8.6.2")},
		{"8 unused bits", "08 00", bs("", 0), rtest.Bad("X.690 8.6.2.2"), rtest.Bad("X.690 8.6.2.2")},
		{"unused bits without bits", "01", bs("", 0), rtest.Bad("X.690 8.6.2.3"), rtest.Bad("X.690 8.6.2.3")},
	}, parseBitString, cmp.Comparer(func(a, b []byte) bool { return bytes.Equal(a, b) }))
}

func TestBitStringMethods(t *testing.T) {
	// BER value with a non-zero padding bit: At and RightAlign ignore it.
	s, err := parseBitString(rtest.Hex(t, "04 0a 3b 5f 29 1c d1"), false)
	if err != nil {
		t.Fatal(err)
	}
	var bits []int
	for i := -1; i <= s.BitLength; i++ {
		bits = append(bits, s.At(i))
	}
	want := []int{0 /* -1 */, 0, 0, 0, 0, 1, 0, 1, 0}
	if diff := cmp.Diff(want, bits[:9]); diff != "" {
		t.Errorf("At (-want +got):\n%s", diff)
	}
	if got := bits[len(bits)-3:]; !cmp.Equal(got, []int{0, 1, 0}) { // bits 42, 43 of 'D' = 1101, then out of range
		t.Errorf("last bits %v", got)
	}
	if got := s.RightAlign(); !bytes.Equal(got, rtest.Hex(t, "00 a3 b5 f2 91 cd")) {
		t.Errorf("RightAlign = % x", got)
	}
	enc, err := appendBitString(nil, s)
	if err != nil || !bytes.Equal(enc, rtest.Hex(t, "04 0a 3b 5f 29 1c d0")) {
		t.Errorf("AppendBitString = % x, %v (padding must be cleared)", enc, err)
	}
	if _, err := appendBitString(nil, der.BitString{Bytes: []byte{1}, BitLength: 9}); err == nil {
		t.Error("AppendBitString accepted BitLength beyond Bytes")
	}
	// Extra octets beyond BitLength are not written.
	if enc, _ := appendBitString(nil, der.BitString{Bytes: []byte{0xff, 0xff}, BitLength: 3}); !bytes.Equal(enc, []byte{5, 0xe0}) {
		t.Errorf("AppendBitString of 3 bits = % x", enc)
	}
	// Inconsistent values built in Go do not make the methods panic.
	if got := (der.BitString{Bytes: []byte{0xff}, BitLength: 20}).RightAlign(); !bytes.Equal(got, []byte{0xff}) {
		t.Errorf("RightAlign with BitLength beyond Bytes = % x", got)
	}
	for _, n := range []int{-100, -1, 20} {
		s := der.BitString{Bytes: []byte{0xff}, BitLength: n}
		_, _, _ = s.RightAlign(), s.TrimTrailingZeros(), s.At(n-1)
		_ = der.CheckNamedBits(s)
	}
}

// TestNamedBits checks the DER rule for BIT STRINGs with named bits (X.690
// 11.2.2): no trailing zero bits.
func TestNamedBits(t *testing.T) {
	tests := []struct {
		in      der.BitString
		trimmed der.BitString
	}{
		{der.BitString{Bytes: []byte{0xa0}, BitLength: 6}, der.BitString{Bytes: []byte{0xa0}, BitLength: 3}},
		{der.BitString{Bytes: []byte{0x80, 0x00}, BitLength: 16}, der.BitString{Bytes: []byte{0x80}, BitLength: 1}},
		{der.BitString{Bytes: []byte{0x00}, BitLength: 8}, der.BitString{Bytes: []byte{}, BitLength: 0}},
		{der.BitString{Bytes: []byte{0x01}, BitLength: 8}, der.BitString{Bytes: []byte{0x01}, BitLength: 8}},
	}
	for _, tt := range tests {
		got := tt.in.TrimTrailingZeros()
		if diff := cmp.Diff(tt.trimmed, got); diff != "" {
			t.Errorf("TrimTrailingZeros(%v) (-want +got):\n%s", tt.in, diff)
		}
		if der.CheckNamedBits(got) != nil {
			t.Errorf("CheckNamedBits(%v) rejects a trimmed value", got)
		}
		wantErr := got.BitLength != tt.in.BitLength
		err := der.CheckNamedBits(tt.in)
		if (err != nil) != wantErr {
			t.Errorf("CheckNamedBits(%v) = %v", tt.in, err)
		}
		if diff := cmp.Diff(map[bool]*rtest.Err{true: rtest.NonDER("X.690 11.2.2")}[wantErr], rtest.ErrOf(t, err, nil)); diff != "" {
			t.Errorf("CheckNamedBits(%v) error (-want +got):\n%s", tt.in, diff)
		}
	}
}

func TestBitStringRoundTrip(t *testing.T) {
	rng := rtest.Rand(t)
	for n := 0; n < 5000; n++ {
		b := make([]byte, rng.IntN(6))
		for i := range b {
			b[i] = byte(rng.Uint32())
		}
		s := der.BitString{Bytes: b, BitLength: max(0, 8*len(b)-rng.IntN(8))}
		enc, err := appendBitString(nil, s)
		if err != nil {
			t.Fatal(err)
		}
		got, err := parseBitString(enc, true)
		if err != nil || got.BitLength != s.BitLength {
			t.Fatalf("%v: % x -> %v, %v", s, enc, got, err)
		}
		for i := 0; i < s.BitLength; i++ {
			if got.At(i) != s.At(i) {
				t.Fatalf("%v: bit %d differs after round trip", s, i)
			}
		}
	}
}

func TestBitNames(t *testing.T) {
	const names = "digitalSignature nonRepudiation keyEncipherment - keyAgreement keyCertSign"
	for _, tt := range []struct {
		bits []int
		want string
	}{
		{nil, "{}"},
		{[]int{0}, "{digitalSignature}"},
		{[]int{0, 5}, "{digitalSignature, keyCertSign}"},
		{[]int{3, 4}, "{3, keyAgreement}"},
		{[]int{2, 9}, "{keyEncipherment, 9}"},
	} {
		if got := der.BitNames(der.NewNamedBits(tt.bits...), names); got != tt.want {
			t.Errorf("bits %v: got %q, want %q", tt.bits, got, tt.want)
		}
	}
}

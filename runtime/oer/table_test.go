package oer_test

import (
	"encoding/hex"
	"errors"
	"math"
	"math/big"
	"strings"
	"testing"

	"github.com/asn1gen/asn1gen/runtime/der"
	"github.com/asn1gen/asn1gen/runtime/oer"
	"github.com/google/go-cmp/cmp"
)

// unhex decodes a hex string in which spaces separate octets, and "*n"
// after an octet repeats it n times in all ("00*128").
func unhex(t testing.TB, s string) []byte {
	t.Helper()
	var out []byte
	for f := range strings.FieldsSeq(s) {
		octet, rep, ok := strings.Cut(f, "*")
		b, err := hex.DecodeString(octet)
		if err != nil {
			t.Fatalf("bad hex %q: %v", s, err)
		}
		n := 1
		if ok {
			n = int(mustInt(t, rep))
		}
		for range n {
			out = append(out, b...)
		}
	}
	return out
}

func mustInt(t testing.TB, s string) int64 {
	z, ok := new(big.Int).SetString(s, 10)
	if !ok {
		t.Fatalf("bad number %q", s)
	}
	return z.Int64()
}

func bigOf(s string) *big.Int {
	z, _ := new(big.Int).SetString(s, 0)
	return z
}

// opts compares the values of the prims: big.Int by value.
var opts = cmp.Options{cmp.Comparer(func(a, b *big.Int) bool { return a.Cmp(b) == 0 })}

// valid lists hand-checked canonical encodings: each decodes to its value
// in both modes, and the value encodes to the same octets. They are
// worked out by hand from X.696, each as the comment says.
var valid = []struct {
	prim string
	hex  string
	want any
}{
	// 8.6: a length below 128 in one octet; 128 and up as 0x80|k and k
	// octets: 128 = 0x80 in one octet, 256 = 0x0100 in two.
	{"Length", "05 00*5", zeros(5)},
	{"Length", "7f 00*127", zeros(127)},
	{"Length", "81 80 00*128", zeros(128)},
	{"Length", "82 01 00 00*256", zeros(256)},
	{"Length", "00", zeros(0)},
	// 9: FALSE is 0x00, TRUE 0xFF.
	{"Bool", "00", false},
	{"Bool", "ff", true},
	// 10.2: lb >= 0, so unsigned in 1, 2, 4 or 8 octets by the upper
	// bound: 200 = 0xC8; 1000 = 0x03E8 in 2 octets for ub 65535.
	{"UintRange(0..255)", "c8", uint64(200)},
	{"UintRange(0..65535)", "03 e8", uint64(1000)},
	{"UintRange(0..4294967295)", "00 00 00 01", uint64(1)},
	{"UintRange(0..18446744073709551615)", "ff*8", uint64(math.MaxUint64)},
	{"UintRange(100..1048576)", "00 00 00 64", uint64(100)}, // ub > 65535: 4 octets
	{"IntRange(1..300)", "01 2c", int64(300)},
	{"IntRange(0..9223372036854775807)", "7f ff*7", int64(math.MaxInt64)},
	// 10.3: lb < 0, so two's complement: -1 in 1 octet for -128..127,
	// -2 = 0xFFFE for -32768..32767; -1..200 does not fit in -128..127,
	// so 200 takes 2 octets, 0x00C8.
	{"IntRange(-128..127)", "ff", int64(-1)},
	{"IntRange(-32768..32767)", "ff fe", int64(-2)},
	{"IntRange(-1..200)", "00 c8", int64(200)},
	{"IntRange(-2147483648..2147483647)", "80 00 00 00", int64(math.MinInt32)},
	{"IntRange(-9223372036854775808..9223372036854775807)", "80 00*7", int64(math.MinInt64)},
	// 10.4: a length, then the fewest octets; 0 takes one.
	{"Uint", "01 00", uint64(0)},
	{"Uint", "01 ff", uint64(255)},
	{"Uint", "02 01 00", uint64(256)},
	{"Uint", "08 ff*8", uint64(math.MaxUint64)},
	{"Int", "01 00", int64(0)},
	{"Int", "01 7f", int64(127)},
	{"Int", "02 00 80", int64(128)}, // 0x80 alone would be -128
	{"Int", "01 ff", int64(-1)},
	{"Int", "02 ff 7f", int64(-129)},
	{"IntLb(10)", "01 0a", int64(10)},
	{"IntLb(-5)", "01 fb", int64(-5)},
	{"BigUint", "09 01 00*8", bigOf("0x10000000000000000")},
	{"BigUint", "01 ff", big.NewInt(255)}, // unsigned: no 0x00 before 0xFF
	{"BigInt", "09 ff 00*8", bigOf("-0x10000000000000000")},
	{"BigInt", "02 00 ff", big.NewInt(255)},
	// 11: 0..127 in one octet; else 0x80|k and k octets of two's
	// complement: 128 = 0x0080 (0x80 alone is negative), -1 = 0xFF.
	{"Enumerated", "05", int64(5)},
	{"Enumerated", "7f", int64(127)},
	{"Enumerated", "82 00 80", int64(128)},
	{"Enumerated", "81 ff", int64(-1)},
	{"Enumerated", "82 03 e8", int64(1000)},
	// 14: a fixed size has no length.
	{"FixedOctetString(3)", "61 62 63", []byte("abc")},
	{"OctetString", "03 61 62 63", []byte("abc")},
	{"OctetString", "00", []byte{}},
	// 13.2: 12 bits in 2 octets, 4 padding bits; 13.3: a length of 3
	// (the unused-bits octet, 4, and the 2 octets).
	{"FixedBitString(12)", "aa f0", bits("101010101111")},
	{"BitString", "03 04 aa f0", bits("101010101111")},
	{"BitString", "01 00", bits("")},
	{"BitString", "02 00 01", bits("00000001")},
	// 27: known-multiplier strings count characters times their width;
	// the length counts octets: BMPString "aé" is 0x0061 0x00E9.
	{"FixedIA5String", "61 62 63", "abc"},
	{"IA5String", "03 61 62 63", "abc"},
	{"IA5String", "00", ""},
	{"PrintableString", "02 41 3f", "A?"},
	{"NumericString", "03 31 20 32", "1 2"},
	{"VisibleString", "01 7e", "~"},
	{"BMPString", "04 00 61 00 e9", "aé"},
	{"FixedBMPString", "00 61 20 ac", "a€"},
	{"UniversalString", "08 00 00 00 61 00 01 f6 00", "a\U0001F600"},
	{"UTF8String", "02 c3 a9", "é"},
	// 21: 1.2.840.113549 has the BER contents 2A 86 48 86 F7 0D (X.690
	// 8.19: 40*1+2 = 42, 840 = 6*128+72, 113549 = 6*128^2+119*128+13).
	{"OID", "06 2a 86 48 86 f7 0d", der.OID{0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d}},
	{"RelativeOID", "02 86 48", der.RelativeOID{0x86, 0x48}},
	// 16: 11 presence bits in 2 octets, 5 padding bits zero.
	{"Preamble(11)", "a0 20", []bool{true, false, true, false, false, false, false, false, false, false, true}},
	// 16: the bitmap of 2 additions, the first present: a BIT STRING of
	// 2 bits, 6 unused.
	{"Extensions", "02 06 80", bits("10")},
	// 8.7: class in bits 8-7 (context 10, application 01, private 11),
	// the number below 63 in bits 6-1; 70 = 0x46 after 0x3F; 200 =
	// 1*128+72 is 0x81 0x48.
	{"Tag", "81", der.Context(1)},
	{"Tag", "43", der.Application(3)},
	{"Tag", "bf 46", der.Context(70)},
	{"Tag", "ff 81 48", der.Private(200)},
	{"Tag", "be", der.Context(62)},
	{"Tag", "bf 3f", der.Context(63)},
	// 17: the quantity: a length, then the count in the fewest octets.
	{"Quantity", "01 00", 0},
	{"Quantity", "01 03", 3},
	{"Quantity", "02 01 2c", 300},
	// 30: the length of the field, then the value: INTEGER 128 is 02 00 80.
	{"Open", "03 02 00 80", int64(128)},
}

func TestValid(t *testing.T) {
	ps := prims()
	for _, tt := range valid {
		p, ok := ps[tt.prim]
		if !ok {
			t.Fatalf("no prim %s", tt.prim)
		}
		in := unhex(t, tt.hex)
		for _, canonical := range []bool{false, true} {
			r := oer.NewReader(in, &oer.Options{Canonical: canonical})
			got, err := p.read(&r)
			if err == nil {
				err = r.Finish()
			}
			if err != nil {
				t.Errorf("%s %s (canonical %v): %v", tt.prim, tt.hex, canonical, err)
				continue
			}
			if d := cmp.Diff(tt.want, got, opts); d != "" {
				t.Errorf("%s %s (canonical %v): -want +got\n%s", tt.prim, tt.hex, canonical, d)
			}
		}
		w := oer.NewWriter(nil)
		if err := p.write(&w, tt.want); err != nil {
			t.Errorf("%s: write %v: %v", tt.prim, tt.want, err)
			continue
		}
		if d := cmp.Diff(in, w.Bytes()); d != "" {
			t.Errorf("%s: write %v: -want +got\n%s", tt.prim, tt.want, d)
		}
	}
}

// errorAt checks that err is a *der.Error of kind k at offset off.
func errorAt(t *testing.T, what string, err error, k der.Kind, off int) {
	t.Helper()
	var e *der.Error
	if !errors.As(err, &e) {
		t.Errorf("%s: error %v, want %v at %d", what, err, k, off)
		return
	}
	if e.Kind != k || e.Offset != off || e.Bits {
		t.Errorf("%s: error %v (%v at %d), want %v at %d", what, err, e.Kind, e.Offset, k, off)
	}
}

// zeros returns n zero octets.
func zeros(n int) []byte { return make([]byte, n) }

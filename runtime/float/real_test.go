package float_test

import (
	"bytes"
	"math"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/asn1gen/asn1gen/runtime/der"
	"github.com/asn1gen/asn1gen/runtime/float"
	"github.com/asn1gen/asn1gen/runtime/internal/rtest"
)

var tagReal = der.TagReal

// pCase is a row of rtest.Run.
type pCase[T any] rtest.Case[T]

func TestReal(t *testing.T) {
	nd := rtest.NonDER("X.690 11.3.1")
	ndDec := rtest.NonDER("X.690 11.3.2")
	bad := rtest.Bad("X.690 8.5.7.4")
	rtest.Run(t, []pCase[float64]{
		{"plus zero (X.690 8.5.2)", "", 0, nil, nil},
		{"PLUS-INFINITY (X.690 8.5.9)", "40", math.Inf(1), nil, nil},
		{"MINUS-INFINITY", "41", math.Inf(-1), nil, nil},
		{"NOT-A-NUMBER", "42", math.NaN(), nil, nil},
		{"minus zero", "43", math.Copysign(0, -1), nil, nil},
		{"reserved special value", "44", 0, rtest.Bad("X.690 8.5.9"), rtest.Bad("X.690 8.5.9")},
		{"special value with more octets", "40 00", 0, rtest.Bad("X.690 8.5.9"), rtest.Bad("X.690 8.5.9")},

		// Binary: first octet 1 S BB FF EE, exponent, mantissa N.
		{"1 = 1*2^0", "80 00 01", 1, nil, nil},
		{"0.5 = 1*2^-1", "80 ff 01", 0.5, nil, nil},
		{"-3", "c0 00 03", -3, nil, nil},
		{"6 = 3*2^1", "80 01 03", 6, nil, nil},
		{"2^1023", "81 03 ff 01", math.Ldexp(1, 1023), nil, nil},
		{"max float64", "81 03 cb 1f ff ff ff ff ff ff", math.MaxFloat64, nil, nil},
		{"smallest subnormal 2^-1074", "81 fb ce 01", math.SmallestNonzeroFloat64, nil, nil},
		{"even mantissa 2*2^0", "80 00 02", 2, nd, nil},
		{"mantissa with a leading zero octet", "80 00 00 01", 1, nd, nil},
		{"mantissa zero", "80 00 00", 0, nd, nil},
		{"negative mantissa zero", "c0 00 00", math.Copysign(0, -1), nd, nil},
		{"base 8: 1*8^1", "90 01 01", 8, nd, nil},
		{"base 16: 1*16^-1", "a0 ff 01", 0.0625, nd, nil},
		{"scale factor F=1: 1*2^1*2^0", "84 00 01", 2, nd, nil},
		{"base 16, F=3, N=5, E=2", "ac 02 05", 5 * 8 * 256, nd, nil},
		{"two exponent octets where one suffices", "81 00 01 01", 2, nd, nil},
		{"exponent length octet where format a suffices", "83 01 01 01", 2, nd, nil},
		{"long exponent format with a redundant octet", "83 02 00 01 01", 0, bad, bad},
		{"long exponent format of length 0", "83 00 01", 0, bad, bad},
		{"reserved base", "b0 00 01", 0, rtest.Bad("X.690 8.5.7.2"), rtest.Bad("X.690 8.5.7.2")},
		{"no mantissa", "80 00", 0, bad, bad},
		{"no exponent", "81 00", 0, bad, bad},
		{"54 significant bits", "80 00 20 00 00 00 00 00 01", 0, rtest.Unsup, rtest.Unsup},
		{"53 bits with trailing zero octets", "80 00 1f ff ff ff ff ff ff 00 00", math.Ldexp(1<<53-1, 16), nd, nil},
		{"2^1024 overflows", "81 04 00 01", 0, rtest.Unsup, rtest.Unsup},
		{"2^-1075 underflows", "81 fb cd 01", 0, rtest.Unsup, rtest.Unsup},
		{"3*2^-1075 is not a float64", "81 fb cd 03", 0, rtest.Unsup, rtest.Unsup},
		{"exponent of 5 octets", "83 05 01 00 00 00 00 01", 0, rtest.Unsup, rtest.Unsup},

		// Decimal: first octet 00 000001..000011 (NR1, NR2, NR3), ISO 6093.
		{"NR3 canonical 15.E-1", "03 31352e452d31", 1.5, nil, nil},
		{"NR3 canonical -25.E+0", "03 2d32352e452b30", -25, nil, nil},
		{"NR3 canonical 1.E5", "03 312e4535", 1e5, nil, nil},
		{"NR1 123", "01 313233", 123, ndDec, nil},
		{"NR1 with spaces and sign", "01 20202d37", -7, ndDec, nil},
		{"NR2 -1,5", "02 2d312c35", -1.5, ndDec, nil},
		{"NR2 .5", "02 2e35", 0.5, ndDec, nil},
		{"NR3 1.5E0", "03 312e354530", 1.5, ndDec, nil},
		{"NR3 without a mark 15e-1", "03 3135652d31", 1.5, ndDec, nil},
		{"NR3 with a plus exponent", "03 312e452b31", 10, ndDec, nil},
		{"NR3 with a trailing mantissa zero", "03 31302e452b30", 10, ndDec, nil},
		{"NR3 zero", "03 302e452b30", 0, ndDec, nil},
		{"NR1 with a mark", "01 312e35", 0, rtest.Bad("X.690 8.5.8"), rtest.Bad("X.690 8.5.8")},
		{"NR2 without a mark", "02 3135", 0, rtest.Bad("X.690 8.5.8"), rtest.Bad("X.690 8.5.8")},
		{"NR3 without an exponent", "03 312e", 0, rtest.Bad("X.690 8.5.8"), rtest.Bad("X.690 8.5.8")},
		{"NR3 exponent without digits", "03 312e452b", 0, rtest.Bad("X.690 8.5.8"), rtest.Bad("X.690 8.5.8")},
		{"empty NR1", "01", 0, rtest.Bad("X.690 8.5.8"), rtest.Bad("X.690 8.5.8")},
		{"reserved decimal form", "04 31", 0, rtest.Bad("X.690 8.5.8"), rtest.Bad("X.690 8.5.8")},
		{"1.E400 overflows", "03 312e45343030", 0, rtest.Unsup, rtest.Unsup},
		{"1.E-400 underflows", "03 312e452d343030", 0, rtest.Unsup, rtest.Unsup},
	}, rtest.Via(tagReal, float.Read), cmp.Comparer(sameFloat))
}

// sameFloat compares floats bit for bit, NaNs equal.
func sameFloat(a, b float64) bool {
	return math.Float64bits(a) == math.Float64bits(b) || math.IsNaN(a) && math.IsNaN(b)
}

func TestAddReal(t *testing.T) {
	tests := []struct {
		v    float64
		want string
	}{
		{0, ""},
		{math.Copysign(0, -1), "43"},
		{math.Inf(1), "40"},
		{math.Inf(-1), "41"},
		{math.NaN(), "42"},
		{1, "80 00 01"},
		{0.5, "80 ff 01"},
		{-3, "c0 00 03"},
		{1024, "80 0a 01"},
		{math.Ldexp(1, 200), "81 00 c8 01"},
		{math.MaxFloat64, "81 03 cb 1f ff ff ff ff ff ff"},
		{math.SmallestNonzeroFloat64, "81 fb ce 01"},
	}
	for _, tt := range tests {
		enc, err := rtest.Encode(tagReal, tt.v, float.Add)
		if got := rtest.Contents(enc); err != nil || !bytes.Equal(got, rtest.Hex(t, tt.want)) {
			t.Errorf("Add(%v) = % x, %v, want %s", tt.v, got, err, tt.want)
		}
	}
}

// TestRealRoundTrip encodes random float64 bit patterns and reads them back
// in DER: every float64 has exactly one encoding.
func TestRealRoundTrip(t *testing.T) {
	rng := rtest.Rand(t)
	for n := 0; n < 100000; n++ {
		v := math.Float64frombits(rng.Uint64())
		if n%4 == 0 { // also plain numbers
			v = rng.NormFloat64() * math.Pow(10, float64(rng.IntN(40)-20))
		}
		enc, _ := rtest.Encode(tagReal, v, float.Add)
		got, err := rtest.ReadContents(rtest.Contents(enc), tagReal, true, float.Read)
		if err != nil || !sameFloat(got, v) {
			t.Fatalf("%v (%x): encoded % x, decoded %v, %v", v, math.Float64bits(v), enc, got, err)
		}
	}
}

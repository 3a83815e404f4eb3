package der_test

import (
	"bytes"
	"math"
	"math/big"
	mrand "math/rand"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/asn1gen/asn1gen/runtime/der"
	"github.com/asn1gen/asn1gen/runtime/internal/rtest"
)

func TestInt64(t *testing.T) {
	tooBig := &rtest.Err{Kind: der.KindUnsupported}
	rtest.Run(t, []pCase[int64]{
		{"0", "00", 0, nil, nil},
		{"127", "7f", 127, nil, nil},
		{"128 (X.690 8.3.2)", "00 80", 128, nil, nil},
		{"256", "01 00", 256, nil, nil},
		{"-128", "80", -128, nil, nil},
		{"-129", "ff 7f", -129, nil, nil},
		{"max", "7f ff ff ff ff ff ff ff", math.MaxInt64, nil, nil},
		{"min", "80 00 00 00 00 00 00 00", math.MinInt64, nil, nil},
		{"127 with a leading 00", "00 7f", 127, rtest.NonDER("X.690 8.3.2"), nil},
		{"-1 with a leading ff", "ff ff", -1, rtest.NonDER("X.690 8.3.2"), nil},
		{"0 on two octets", "00 00", 0, rtest.NonDER("X.690 8.3.2"), nil},
		{"1 on nine octets (BER fits)", "00 00 00 00 00 00 00 00 01", 1, rtest.NonDER("X.690 8.3.2"), nil},
		{"2^63", "00 80 00 00 00 00 00 00 00", 0, tooBig, tooBig},
		{"empty (X.690 8.3.1)", "", 0, rtest.Bad("X.690 8.3.1"), rtest.Bad("X.690 8.3.1")},
	}, parseInt64)
	// ENUMERATED is read the same way, with its own name in errors.
	_, err := parseEnumerated(nil, true)
	if e, ok := err.(*der.Error); !ok || e.Type != "ENUMERATED" {
		t.Errorf("ParseEnumerated(empty) = %v", err)
	}
}

func TestIntegerMethods(t *testing.T) {
	tests := []struct {
		in     string
		der    bool // accepted in DER
		str    string
		sign   int
		i64    bool
		minHex string // AppendInteger
	}{
		{"00", true, "0", 0, true, "00"},
		{"ff", true, "-1", -1, true, "ff"},
		{"00 ff", true, "255", 1, true, "00ff"},
		{"00 00 ff", false, "255", 1, true, "00ff"},
		{"ff ff 80", false, "-128", -1, true, "80"},
		{"00 ff ff ff ff ff ff ff ff", true, "18446744073709551615", 1, false, "00ffffffffffffffff"},
		{"01 00 00 00 00 00 00 00 00", true, "18446744073709551616", 1, false, "010000000000000000"},
		{"80 00 00 00 00 00 00 00 00", true, "-2361183241434822606848", -1, false, "800000000000000000"},
	}
	for _, tt := range tests {
		_, err := parseInteger(rtest.Hex(t, tt.in), true)
		if (err == nil) != tt.der {
			t.Errorf("ParseInteger(%s, DER): %v", tt.in, err)
		}
		i, err := parseInteger(rtest.Hex(t, tt.in), false)
		if err != nil {
			t.Fatalf("ParseInteger(%s, BER): %v", tt.in, err)
		}
		_, i64 := i.Int64()
		got := []any{i.String(), i.Sign(), i64, i.Big().String(), appendInteger(nil, i)}
		want := []any{tt.str, tt.sign, tt.i64, tt.str, rtest.Hex(t, tt.minHex)}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%s: [String Sign Int64-ok Big AppendInteger] (-want +got):\n%s", tt.in, diff)
		}
	}
	var zero der.Integer
	if v, ok := zero.Int64(); v != 0 || !ok || zero.Sign() != 0 || zero.String() != "0" || !bytes.Equal(appendInteger(nil, zero), []byte{0}) {
		t.Errorf("the zero Integer is not 0")
	}
}

// TestIntegerRoundTrip encodes random int64 and big values and reads them
// back; the int64 and big.Int encoders must agree.
func TestIntegerRoundTrip(t *testing.T) {
	rng := rtest.Rand(t)
	bigRand := mrand.New(rng0{rng})
	for n := 0; n < 20000; n++ {
		v := rng.Int64() >> rng.IntN(64)
		if n%2 == 1 {
			v = -v
		}
		enc := appendInt64(nil, v)
		if got, err := parseInt64(enc, true); err != nil || got != v {
			t.Fatalf("%d: encoded % x, decoded %d, %v", v, enc, got, err)
		}
		if b := appendBigInt(nil, big.NewInt(v)); !bytes.Equal(b, enc) {
			t.Fatalf("%d: AppendBigInt % x, AppendInt64 % x", v, b, enc)
		}
		z := new(big.Int).Rand(bigRand, new(big.Int).Lsh(big.NewInt(1), uint(rng.IntN(300))))
		if n%2 == 1 {
			z.Neg(z)
		}
		i := der.IntegerFromBig(z)
		if _, err := parseInteger(i, true); err != nil {
			t.Fatalf("%v: encoding % x not DER: %v", z, []byte(i), err)
		}
		if got := i.Big(); got.Cmp(z) != 0 || i.String() != z.String() || i.Sign() != z.Sign() {
			t.Fatalf("%v: decoded %v (%s)", z, got, i)
		}
	}
	if got := der.IntegerFromInt64(-129); !bytes.Equal(got, []byte{0xff, 0x7f}) {
		t.Errorf("IntegerFromInt64(-129) = % x", []byte(got))
	}
	if got := appendBigInt(nil, nil); !bytes.Equal(got, []byte{0}) {
		t.Errorf("AppendBigInt(nil) = % x", got)
	}
}

// rng0 makes a math/rand/v2 generator a math/rand Source, for big.Int.Rand.
type rng0 struct{ r interface{ Int64() int64 } }

func (r rng0) Int63() int64 { return r.r.Int64() & math.MaxInt64 }
func (r rng0) Seed(int64)   {}

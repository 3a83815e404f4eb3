package per_test

import (
	"bytes"
	"errors"
	"math/big"
	"testing"

	"github.com/asn1gen/asn1gen/runtime/der"
	"github.com/asn1gen/asn1gen/runtime/per"
)

// bound returns the INTEGER contents of the decimal s, as generated code
// passes the bounds of ReadBigRange.
func bound(s string) string {
	z, ok := new(big.Int).SetString(s, 10)
	if !ok {
		panic(s)
	}
	return string(der.IntegerFromBig(z))
}

func bigInt(s string) der.Integer { return der.Integer(bound(s)) }

// TestBigRange: INTEGERs whose bounds are beyond the int64 forms, the
// encodings worked out by hand from X.691 11.5 to 11.8 and 13.2. In
// (-1..18446744073709551615) ub-lb is 2^64: 65 bits in the UNALIGNED
// variant (11.5.6); in the ALIGNED one its octets are 9, so the count of
// octets of n-lb is 1..9, a constrained whole number in four bits
// (11.5.7.1), before the octets (11.5.7.4, 13.2.6).
func TestBigRange(t *testing.T) {
	const u64 = "18446744073709551615"
	m1, max64 := bound("-1"), bound(u64)
	two70 := bound("1180591620717411303424") // 2^70
	two70p7 := bound("1180591620717411303431")
	for _, c := range []struct {
		name       string
		v          string
		lo, hi     string
		ext        bool
		aper, uper string
	}{
		// n-lb = 0: one octet 00 (count 1, 0000) / 65 zero bits.
		{"(-1..2^64-1) -1", "-1", m1, max64, false, "00 00", "00 00 00 00 00 00 00 00 00"},
		// n-lb = 6: 06 / 62 zero bits and 110.
		{"(-1..2^64-1) 5", "5", m1, max64, false, "00 06", "00 00 00 00 00 00 00 03 00"},
		// n-lb = 2^64: nine octets (count 9, 1000) / 1 and 64 zero bits.
		{"(-1..2^64-1) 2^64-1", u64, m1, max64, false, "80 01 00 00 00 00 00 00 00 00", "80 00 00 00 00 00 00 00 00"},
		// The extension bit 0, then as above: n-lb = 1 in bit 65.
		{"(-1..2^64-1, ...) 0", "0", m1, max64, true, "00 01", "00 00 00 00 00 00 00 00 40"},
		// Outside the root: the bit 1 and an unconstrained whole number,
		// 2^65 in nine octets.
		{"(-1..2^64-1, ...) 2^65", "36893488147419103232", m1, max64, true,
			"80 09 02 00 00 00 00 00 00 00 00", "84 81 00 00 00 00 00 00 00 00 00"},
		// A big lower bound with a small range: three bits (101).
		{"(2^70..2^70+7) 2^70+5", "1180591620717411303429", two70, two70p7, false, "a0", "a0"},
		// (2^70..MAX): semi-constrained, n-lb = 300 in two octets.
		{"(2^70..MAX) 2^70+300", "1180591620717411303724", two70, "", false, "02 01 2c", "02 01 2c"},
		// (MIN..2^70): unconstrained (an upper bound alone is no range).
		{"(MIN..2^70) -129", "-129", "", two70, false, "02 ff 7f", "02 ff 7f"},
	} {
		for _, variant := range []struct {
			aligned bool
			hex     string
		}{{true, c.aper}, {false, c.uper}} {
			w := per.NewWriter(nil, variant.aligned)
			if err := w.WriteBigRange(bigInt(c.v), c.lo, c.hi, c.ext); err != nil {
				t.Errorf("%s aligned=%v: write: %v", c.name, variant.aligned, err)
				continue
			}
			want := unhex(t, variant.hex)
			if got := w.Bytes(); !bytes.Equal(got, want) {
				t.Errorf("%s aligned=%v: wrote % x, want % x", c.name, variant.aligned, got, want)
				continue
			}
			r := per.NewReader(want, variant.aligned, nil)
			got, err := r.ReadBigRange(c.lo, c.hi, c.ext)
			if err != nil || got.String() != c.v {
				t.Errorf("%s aligned=%v: read %v, %v; want %s", c.name, variant.aligned, got, err, c.v)
			}
			if err := r.Finish(); err != nil {
				t.Errorf("%s aligned=%v: finish: %v", c.name, variant.aligned, err)
			}
			for n := range len(want) {
				r := per.NewReader(want[:n], variant.aligned, nil)
				_, err := r.ReadBigRange(c.lo, c.hi, c.ext)
				if err == nil {
					err = r.Finish()
				}
				var e *der.Error
				if !errors.As(err, &e) || !e.Bits || e.Offset < 0 {
					t.Errorf("%s aligned=%v: prefix of %d octets: %v", c.name, variant.aligned, n, err)
				}
			}
		}
	}

	// What a canonical encoder never writes, and values outside the root.
	for _, c := range []struct {
		name    string
		aligned bool
		in      string
		kind    der.Kind
	}{
		// Count 2 (0001), then 00 06: 6 fits in one octet.
		{"two octets for 6", true, "10 00 06", der.KindNonCanonical},
		// 65 one bits: 2^65-1, beyond ub-lb = 2^64.
		{"beyond the range", false, "ff ff ff ff ff ff ff ff 80", der.KindInvalidValue},
	} {
		r := per.NewReader(unhex(t, c.in), c.aligned, nil)
		_, err := r.ReadBigRange(m1, max64, false)
		var e *der.Error
		if !errors.As(err, &e) || e.Kind != c.kind || !e.Bits {
			t.Errorf("%s: %v, want a %v error", c.name, err, c.kind)
		}
	}
	// The extension bit must say whether the value is in the root, and
	// (MIN..2^70) without one holds nothing above 2^70.
	for _, c := range []struct {
		name   string
		in     string
		lo, hi string
		ext    bool
		kind   der.Kind
	}{
		// 1, then 01 05: 5 is in the root.
		{"5 with the bit 1", "80 82 80", m1, max64, true, der.KindNonCanonical},
		// 0, then nine octets 01 00..00: 2^64 of (MIN..2^64-1, ...).
		{"2^64 with the bit 0", "04 80 80 00 00 00 00 00 00 00 00", "", max64, true, der.KindNonCanonical},
		// 2^71 in ten octets: 00 80 00 .. 00.
		{"2^71 in (MIN..2^70)", "0a 00 80 00 00 00 00 00 00 00 00", "", two70, false, der.KindConstraint},
	} {
		r := per.NewReader(unhex(t, c.in), false, nil)
		_, err := r.ReadBigRange(c.lo, c.hi, c.ext)
		var e *der.Error
		if !errors.As(err, &e) || e.Kind != c.kind || !e.Bits {
			t.Errorf("%s: %v, want a %v error", c.name, err, c.kind)
		}
	}
	w := per.NewWriter(nil, true)
	if err := w.WriteBigRange(bigInt("18446744073709551616"), m1, max64, false); !errors.Is(err, der.ErrConstraint) {
		t.Errorf("2^64 in (-1..2^64-1): %v, want a constraint error", err)
	}
}

package per_test

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/asn1gen/asn1gen/runtime/der"
	"github.com/asn1gen/asn1gen/runtime/per"
)

// TestKnownStringAligned reads ALIGNED known-multiplier strings of 8-bit
// characters, which are the octets when they start on an octet boundary:
// the value, or the error at the first character outside the alphabet
// (its bit, as the character-by-character read finds it), strictly and
// in the tolerant mode.
func TestKnownStringAligned(t *testing.T) {
	fixed3 := per.Size{Lb: 3, Ub: 3}
	fixed1 := per.Size{Lb: 1, Ub: 1}
	type result struct {
		S      string
		Kind   der.Kind
		Offset int
		Devs   []int // the offsets of the deviations (tolerant mode)
	}
	tests := []struct {
		name string
		a    *per.Alphabet
		size per.Size
		in   string // hex; a lead bit 1 first when lead
		lead bool
		want result
		// tolerant is the tolerant mode's result, when it differs
		tolerant *result
	}{
		{"PrintableString", per.Printable, per.Unsized, "0b 48 65 6c 6c 6f 20 57 6f 72 6c 64", false, result{S: "Hello World"}, nil},
		{"PrintableString: '_' third", per.Printable, per.Unsized, "04 41 42 5f 43", false,
			result{Kind: der.KindInvalidValue, Offset: 8 + 2*8}, &result{S: "AB_C", Devs: []int{8 + 2*8}}},
		{"PrintableString: '@' last", per.Printable, per.Unsized, "02 41 40", false,
			result{Kind: der.KindInvalidValue, Offset: 8 + 8}, &result{S: "A@", Devs: []int{8 + 8}}},
		{"PrintableString: two outside, the first listed", per.Printable, per.Unsized, "03 21 41 21", false,
			result{Kind: der.KindInvalidValue, Offset: 8}, &result{S: "!A!", Devs: []int{8}}},
		{"IA5String: 0x80 beyond the alphabet", per.IA5, per.Unsized, "02 61 80", false,
			result{Kind: der.KindInvalidValue, Offset: 16}, &result{S: "a\u0080", Devs: []int{16}}},
		{"VisibleString: a control character", per.Visible, per.Unsized, "01 1f", false,
			result{Kind: der.KindInvalidValue, Offset: 8}, &result{S: "\x1f", Devs: []int{8}}},
		{"IA5String (SIZE(3)): aligned, no length", per.IA5, fixed3, "61 62 63", false, result{S: "abc"}, nil},
		{"IA5String (SIZE(3)) after a bit", per.IA5, fixed3, "80 61 62 63", true, result{S: "abc"}, nil},
		{"IA5String (SIZE(1)) after a bit: not aligned", per.IA5, fixed1, "b0 80", true, result{S: "a"}, nil},
		{"IA5String (SIZE(1)) after a bit: outside", per.Visible, fixed1, "8f 80", true,
			result{Kind: der.KindInvalidValue, Offset: 1}, &result{S: "\x1f", Devs: []int{1}}},
		{"PrintableString: truncated", per.Printable, per.Unsized, "03 41 42", false,
			result{Kind: der.KindTruncated, Offset: 8}, nil},
	}
	read := func(in []byte, lead bool, a *per.Alphabet, size per.Size, opts *per.Options) (string, error) {
		r := per.NewReader(in, true, opts)
		if lead {
			if b, err := r.ReadBool(); err != nil || !b {
				t.Fatalf("lead bit: %v, %v", b, err)
			}
		}
		return r.ReadKnownString(a, size, "string")
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			in := unhex(t, tc.in)
			var got result
			s, err := read(in, tc.lead, tc.a, tc.size, nil)
			got.S = s
			if err != nil {
				var e *der.Error
				if !errors.As(err, &e) || !e.Bits {
					t.Fatalf("error %v: not a *der.Error in bits", err)
				}
				got.Kind, got.Offset = e.Kind, e.Offset
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("strict (-want +got):\n%s", diff)
			}
			want := tc.want
			if tc.tolerant != nil {
				want = *tc.tolerant
			}
			var devs []der.Deviation
			s, err = read(in, tc.lead, tc.a, tc.size, per.Tolerant(&devs))
			got = result{S: s}
			if err != nil {
				var e *der.Error
				if errors.As(err, &e) {
					got.Kind, got.Offset = e.Kind, e.Offset
				}
			}
			for _, d := range devs {
				got.Devs = append(got.Devs, d.Offset)
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("tolerant (-want +got):\n%s", diff)
			}
		})
	}
}

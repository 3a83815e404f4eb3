package oer_test

import (
	"errors"
	"testing"

	"github.com/asn1gen/asn1gen/runtime/der"
	"github.com/asn1gen/asn1gen/runtime/oer"
	"github.com/google/go-cmp/cmp"
)

// TestStringFrom checks the permitted alphabets (StringType.From, X.680
// 51.7) and the SIZE in characters of the strings that are not
// known-multiplier: the Reader refuses a character outside the alphabet
// at its octet, the Writer refuses it, and a value within them goes both
// ways.
func TestStringFrom(t *testing.T) {
	hexA := oer.IA5String.From('0', '9', 'A', 'F')
	greek := oer.UTF8String.From('a', 'z', 'α', 'ω')
	bmp := oer.BMPString.From('a', 'z', 'α', 'ω')
	latin := oer.TeletexString.From('a', 'z', 'é', 'é')
	general := oer.GeneralString.From('a', 'c')
	type result struct {
		Kind   der.Kind
		Offset int
		Msg    string
	}
	for _, tc := range []struct {
		name  string
		t     *oer.StringType
		size  oer.Size
		fixed int // -1: a length and the characters
		value string
		octs  string // the encoding of value, or of the bad input
		want  *result
	}{
		{"ia5", hexA, oer.Unsized, -1, "0A9F", "04 30 41 39 46", nil},
		{"ia5 bad", hexA, oer.Unsized, -1, "0A9g", "04 30 41 39 67", &result{der.KindConstraint, 4, "character 'g' not in the permitted alphabet"}},
		{"ia5 fixed", hexA, oer.Unsized, 2, "AB", "41 42", nil},
		{"ia5 fixed bad", hexA, oer.Unsized, 2, "A.", "41 2e", &result{der.KindConstraint, 1, "character '.' not in the permitted alphabet"}},
		{"utf8", greek, oer.Size{Lb: 1, Ub: 3}, -1, "aβγ", "05 61 ce b2 ce b3", nil},
		{"utf8 bad", greek, oer.Unsized, -1, "aβЖ", "05 61 ce b2 d0 96", &result{der.KindConstraint, 4, "character 'Ж' not in the permitted alphabet"}},
		// 4 characters in 6 octets: SIZE counts characters (X.680 51.5).
		{"utf8 size", oer.UTF8String, oer.Size{Lb: 1, Ub: 3}, -1, "aβγd", "06 61 ce b2 ce b3 64", &result{der.KindConstraint, 0, "size 4 not in 1..3"}},
		{"bmp", bmp, oer.Unsized, -1, "aω", "04 00 61 03 c9", nil},
		{"bmp bad", bmp, oer.Unsized, -1, "aЖ", "04 00 61 04 16", &result{der.KindConstraint, 3, "character 'Ж' not in the permitted alphabet"}},
		{"teletex", latin, oer.Size{Lb: 0, Ub: 2}, -1, "aé", "02 61 e9", nil},
		{"teletex bad", latin, oer.Unsized, -1, "aè", "02 61 e8", &result{der.KindConstraint, 2, "character 'è' not in the permitted alphabet"}},
		{"general bad", general, oer.Unsized, -1, "abd", "03 61 62 64", &result{der.KindConstraint, 3, "character 'd' not in the permitted alphabet"}},
		{"general size", oer.GeneralString, oer.Size{Lb: 0, Ub: 2}, -1, "abd", "03 61 62 64", &result{der.KindConstraint, 0, "size 3 not in 0..2"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := unhex(t, tc.octs)
			r := oer.NewReader(in, nil)
			var got string
			var err error
			if tc.fixed >= 0 {
				got, err = r.ReadFixedString(tc.t, tc.fixed)
			} else {
				got, err = r.ReadString(tc.t, tc.size)
			}
			var w oer.Writer
			var werr error
			if tc.fixed >= 0 {
				werr = w.WriteFixedString(tc.t, tc.value, tc.fixed)
			} else {
				werr = w.WriteString(tc.t, tc.value, tc.size)
			}
			if tc.want == nil {
				if err != nil || werr != nil {
					t.Fatalf("read: %v, write: %v", err, werr)
				}
				if got != tc.value {
					t.Errorf("read %q, want %q", got, tc.value)
				}
				if diff := cmp.Diff(in, w.Bytes()); diff != "" {
					t.Errorf("write (-want +got):\n%s", diff)
				}
				return
			}
			var de *der.Error
			if !errors.As(err, &de) {
				t.Fatalf("read %q: error %v, want %+v", got, err, *tc.want)
			}
			if diff := cmp.Diff(*tc.want, result{de.Kind, de.Offset, de.Msg}); diff != "" {
				t.Errorf("read error (-want +got):\n%s", diff)
			}
			if !errors.As(werr, &de) {
				t.Fatalf("write: error %v, want %+v", werr, *tc.want)
			}
			if de.Kind != tc.want.Kind || de.Msg != tc.want.Msg {
				t.Errorf("write error %v, want %s", werr, tc.want.Msg)
			}
			if len(w.Bytes()) != 0 {
				t.Errorf("write left %x", w.Bytes())
			}
		})
	}
}

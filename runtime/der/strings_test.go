package der_test

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/asn1gen/asn1gen/runtime/der"
	"github.com/asn1gen/asn1gen/runtime/internal/rtest"
)

func TestStrings(t *testing.T) {
	bad := &rtest.Err{Kind: der.KindInvalidValue}
	tests := []struct {
		n    der.Tag
		in   string // contents in hex
		want string // decoded; ignored when err is set
		err  *rtest.Err
	}{
		{der.TagNumericString, "31 32 20 33", "12 3", nil},
		{der.TagNumericString, "31 2e", "", bad},
		{der.TagPrintableString, "41 7a 30 39 20 27 28 29 2b 2c 2d 2e 2f 3a 3d 3f", "Az09 '()+,-./:=?", nil},
		{der.TagPrintableString, "2a", "", bad}, // '*'
		{der.TagPrintableString, "26", "", bad}, // '&'
		{der.TagPrintableString, "40", "", bad}, // '@'
		{der.TagPrintableString, "", "", nil},
		{der.TagIA5String, "00 40 7f", "\x00@\x7f", nil},
		{der.TagIA5String, "80", "", bad},
		{der.TagVisibleString, "20 7e", " ~", nil},
		{der.TagVisibleString, "0a", "", bad},
		{der.TagVisibleString, "7f", "", bad},
		{der.TagGraphicString, "1b 28 42 41 a0 ff", "\x1b(BA\xa0\xff", nil},
		{der.TagGraphicString, "0d", "", bad},
		{der.TagGraphicString, "85", "", bad},
		{der.TagObjectDescriptor, "41 42", "AB", nil},
		{der.TagGeneralString, "00 0d 85 ff", "\x00\x0d\x85\xff", nil},
		{der.TagUTF8String, "c3 a9 e2 82 ac f0 9f 98 80", "é€😀", nil},
		{der.TagUTF8String, "c3", "", bad},
		{der.TagUTF8String, "ed a0 80", "", bad}, // encoded surrogate
		{der.TagUTF8String, "c0 80", "", bad},    // overlong
		{der.TagTeletexString, "4d fc 6c 6c 65 72", "Müller", nil},
		{der.TagTeletexString, "1b 28 42 41", "\x1b(BA", nil},
		{der.TagVideotexString, "e9", "é", nil},
		{der.TagBMPString, "00 48 00 e9 20 ac", "Hé€", nil},
		{der.TagBMPString, "00", "", bad},
		{der.TagBMPString, "d8 3d de 00", "", bad}, // surrogate pair: not UCS-2
		{der.TagUniversalString, "00 00 00 48 00 01 f6 00", "H😀", nil},
		{der.TagUniversalString, "00 00 48", "", bad},
		{der.TagUniversalString, "00 11 00 00", "", bad},
		{der.TagUniversalString, "80 00 00 41", "", bad},
		{der.TagUniversalString, "00 00 df ff", "", bad},
		{der.TagOctetString, "41", "", &rtest.Err{Kind: der.KindUnsupported}},
	}
	for _, tt := range tests {
		in := rtest.Hex(t, tt.in)
		name := der.Tag(tt.n).String() + " " + tt.in
		got, err := decodeString(tt.n, in)
		if diff := cmp.Diff(tt.err, rtest.ErrOf(t, err, tt.err)); diff != "" {
			t.Errorf("%s: DecodeString error %v (-want +got):\n%s", name, err, diff)
		}
		if cerr := checkString(tt.n, in); (cerr == nil) != (err == nil) {
			t.Errorf("%s: CheckString = %v, DecodeString = %v", name, cerr, err)
		}
		if err != nil {
			continue
		}
		if got != tt.want {
			t.Errorf("%s: DecodeString = %q, want %q", name, got, tt.want)
		}
		// Encoding the decoded string gives the contents back.
		enc, err := appendString([]byte("x"), tt.n, got)
		if err != nil || string(enc[1:]) != string(in) || enc[0] != 'x' {
			t.Errorf("%s: AppendString(%q) = % x, %v", name, got, enc, err)
		}
	}
}

func TestAppendStringErrors(t *testing.T) {
	tests := []struct {
		n der.Tag
		s string
	}{
		{der.TagPrintableString, "a*b"},
		{der.TagIA5String, "é"},
		{der.TagTeletexString, "€"},
		{der.TagBMPString, "😀"},
		{der.TagBMPString, "\xff"},
		{der.TagUniversalString, "\xc3"},
		{der.TagUTF8String, "\xc3"},
		{der.TagNumericString, "12a"},
	}
	for _, tt := range tests {
		got, err := appendString(nil, tt.n, tt.s)
		if diff := cmp.Diff(&rtest.Err{Kind: der.KindInvalidValue}, rtest.ErrOf(t, err, &rtest.Err{})); diff != "" || len(got) != 0 {
			t.Errorf("AppendString(%s, %q) = % x, %v", der.Tag(tt.n), tt.s, got, err)
		}
	}
}

// TestIA5StringEveryPosition checks the word-at-a-time IA5String check of
// decoding and of encoding (a Go string holding the octets): an octet from
// 0x80 is found, and its index reported, wherever it is.
func TestIA5StringEveryPosition(t *testing.T) {
	for n := 0; n <= 20; n++ {
		ok := bytes.Repeat([]byte{'a'}, n)
		if err := checkString(der.TagIA5String, ok); err != nil {
			t.Fatalf("%d ASCII octets: %v", n, err)
		}
		if _, err := appendString(nil, der.TagIA5String, string(ok)); err != nil {
			t.Fatalf("encoding %d ASCII octets: %v", n, err)
		}
		for i := range n {
			for _, bad := range []byte{0x80, 0xff} {
				b := bytes.Clone(ok)
				b[i] = bad
				at := fmt.Sprintf("at index %d ", i)
				if err := checkString(der.TagIA5String, b); err == nil || !strings.Contains(err.Error(), at) {
					t.Fatalf("octet 0x%x at %d of %d: %v", bad, i, n, err)
				}
				if _, err := appendString(nil, der.TagIA5String, string(b)); err == nil || !strings.Contains(err.Error(), at) {
					t.Fatalf("encoding octet 0x%x at %d of %d: %v", bad, i, n, err)
				}
			}
		}
	}
}

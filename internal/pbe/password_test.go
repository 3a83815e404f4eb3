package pbe_test

import (
	"bytes"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/asn1gen/asn1gen/internal/pbe"
)

func TestPasswordEncodings(t *testing.T) {
	for _, tc := range []struct {
		name   string
		pw     pbe.Password
		bmp    string // hex; "" for no octets
		octets string
	}{
		{"absent", pbe.NoPassword(), "", ""},
		{"empty", pbe.NewPassword(""), "0000", ""},
		{"ASCII", pbe.NewPassword("ab"), "006100620000", "6162"},
		{"Latin-1 in UTF-8", pbe.NewPassword("é"), "00e90000", "c3a9"},
		{"BMP", pbe.NewPassword("世界"), "4e16754c0000", "e4b896e7958c"},
		// Beyond U+FFFF: a surrogate pair, as OpenSSL and Java write it.
		{"astral", pbe.NewPassword("\U0001F600"), "d83dde000000", "f09f9880"},
		// Not UTF-8: one character per octet, OpenSSL's fallback.
		{"not UTF-8", pbe.NewPassword("\xe9t\xe9"), "00e9007400e90000", "e974e9"},
		{"NUL inside", pbe.NewPassword("a\x00b"), "006100000062" + "0000", "610062"},
	} {
		if got := tc.pw.BMP(); !bytes.Equal(got, unhex(t, tc.bmp)) {
			t.Errorf("%s: BMP() = %x, want %s", tc.name, got, tc.bmp)
		}
		if got := tc.pw.Octets(); !bytes.Equal(got, unhex(t, tc.octets)) {
			t.Errorf("%s: Octets() = %x, want %s", tc.name, got, tc.octets)
		}
	}
	if pbe.NoPassword().BMP() != nil {
		t.Error("NoPassword().BMP() is not nil")
	}
}

// TestCandidates checks the passwords OpenSSL tries, by their encodings.
func TestCandidates(t *testing.T) {
	enc := func(ps []pbe.Password) (out []string) {
		for _, p := range ps {
			out = append(out, string(p.BMP()))
		}
		return out
	}
	for _, tc := range []struct {
		name string
		pw   pbe.Password
		want []string
	}{
		{"absent", pbe.NoPassword(), []string{"", "\x00\x00"}},
		{"empty", pbe.NewPassword(""), []string{"", "\x00\x00"}},
		{"ASCII", pbe.NewPassword("foo"), []string{"\x00f\x00o\x00o\x00\x00"}},
		// "é" in UTF-8 is c3 a9: OpenSSL 1.0 wrote 00 c3 00 a9.
		{"non-ASCII", pbe.NewPassword("é"), []string{"\x00\xe9\x00\x00", "\x00\xc3\x00\xa9\x00\x00"}},
	} {
		if diff := cmp.Diff(tc.want, enc(tc.pw.Candidates())); diff != "" {
			t.Errorf("%s: Candidates (-want +got):\n%s", tc.name, diff)
		}
	}
	if c := pbe.NoPassword().Candidates(); !c[0].Absent() || c[1].Absent() {
		t.Error("NoPassword().Candidates() is not [absent, empty]")
	}
}

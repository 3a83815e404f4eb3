package rfc5280_test

import (
	"encoding/pem"
	"os"
	"testing"

	"github.com/asn1gen/asn1gen/generated/rfc5280"
)

// The allocations of a full strict decode, pinned: a change to the
// generated code or the runtime that allocates more (or less) per
// certificate or per CRL entry shows here as a count, not as a time.

// TestCertificateDecodeAllocs counts the allocations of UnmarshalDER into
// a variable of the caller's, which stays on its stack.
func TestCertificateDecodeAllocs(t *testing.T) {
	le, err := os.ReadFile("testdata/lets-encrypt-x3-cross-signed.der")
	if err != nil {
		t.Fatal(err)
	}
	pemData, err := os.ReadFile("testdata/alt1-cert.pem")
	if err != nil {
		t.Fatal(err)
	}
	alt1, _ := pem.Decode(pemData)
	for _, tc := range []struct {
		name string
		der  []byte
		want float64
	}{
		// The value's lists (extensions, name parts), the text chunk of
		// its strings and the value of each typed extension, which
		// CertExtensions holds behind a pointer (6 of the first
		// certificate's 7 extensions, 3 of the second's; an Extension is
		// 192 bytes instead of 408, for 17% fewer bytes per root
		// certificate): the Certificate itself is not allocated.
		{"lets-encrypt-x3-cross-signed.der", le, 16},
		{"alt1-cert.pem", alt1.Bytes, 9},
	} {
		n := testing.AllocsPerRun(100, func() {
			var c rfc5280.Certificate
			if err := c.UnmarshalDER(tc.der); err != nil {
				t.Fatal(err)
			}
		})
		if n != tc.want {
			t.Errorf("%s: %v allocations per decode, want %v", tc.name, n, tc.want)
		}
	}
}

// TestCRLDecodeAllocs counts the allocations of decoding CRLs of 1,000 and
// 4,000 entries: the entries' lists are cut from chunks, so the count
// grows with the logarithm of the entries up to the chunks' largest size,
// then by about one per 64 KiB of entries.
func TestCRLDecodeAllocs(t *testing.T) {
	for _, tc := range []struct {
		entries int
		want    float64
	}{
		{1000, 13},
		{4000, 16},
	} {
		crl := makeCRL(t, tc.entries)
		n := testing.AllocsPerRun(10, func() {
			var l rfc5280.CertificateList
			if err := l.UnmarshalDER(crl); err != nil {
				t.Fatal(err)
			}
		})
		if n != tc.want {
			t.Errorf("%d entries: %v allocations per decode, want %v (%.4f per entry)", tc.entries, n, tc.want, n/float64(tc.entries))
		}
	}
}

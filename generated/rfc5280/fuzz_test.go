package rfc5280_test

import (
	"bytes"
	"io"
	"testing"

	"github.com/asn1gen/asn1gen/generated/rfc5280"
	"github.com/asn1gen/asn1gen/internal/roundtrip"
)

// FuzzCertificate checks roundtrip.Check on certificates.
func FuzzCertificate(f *testing.F) {
	roundtrip.Seed(f, "alt1-cert.pem")
	f.Fuzz(func(t *testing.T, b []byte) {
		roundtrip.Check[rfc5280.Certificate](t, b, rfc5280.X509Options())
	})
}

// FuzzCertificateList checks roundtrip.Check on CRLs.
func FuzzCertificateList(f *testing.F) {
	roundtrip.Seed(f, "CarlRSACRLForAll.crl")
	f.Fuzz(func(t *testing.T, b []byte) {
		roundtrip.Check[rfc5280.CertificateList](t, b, rfc5280.X509Options())
	})
}

// FuzzCRLReader checks that the streaming reader never panics and agrees
// with the whole decode: it reads a CRL through to CertificateList exactly
// when UnmarshalDER accepts it, with the same number of entries.
func FuzzCRLReader(f *testing.F) {
	roundtrip.Seed(f, "CarlRSACRLForAll.crl")
	f.Fuzz(func(t *testing.T, b []byte) {
		var l rfc5280.CertificateList
		whole := l.UnmarshalDER(b)
		c := rfc5280.NewCRLReader(bytes.NewReader(b), nil)
		n, err := countEntries(c)
		if err == io.EOF {
			_, err = c.CertificateList()
		}
		switch {
		case (err == nil) != (whole == nil):
			t.Fatalf("stream: %v; whole decode: %v", err, whole)
		case err == nil && n != len(l.ToBeSigned.RevokedCertificates):
			t.Fatalf("stream: %d entries; whole decode: %d", n, len(l.ToBeSigned.RevokedCertificates))
		}
	})
}

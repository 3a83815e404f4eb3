package rfc5280_test

import (
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

// FuzzCertificateListStream checks that the stream reader never panics
// and agrees with the whole decode (checkStream): the same entries and
// rest, or the same error at the same offset and path.
func FuzzCertificateListStream(f *testing.F) {
	roundtrip.Seed(f, "CarlRSACRLForAll.crl")
	f.Add(makeCRL(f, 3))
	f.Fuzz(func(t *testing.T, b []byte) {
		checkStream(t, "input", b, nil)
	})
}

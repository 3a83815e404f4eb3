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
		roundtrip.Check(t, b, func() roundtrip.Value { return new(rfc5280.Certificate) }, rfc5280.X509Options())
	})
}

// FuzzCertificateList checks roundtrip.Check on CRLs.
func FuzzCertificateList(f *testing.F) {
	roundtrip.Seed(f, "CarlRSACRLForAll.crl")
	f.Fuzz(func(t *testing.T, b []byte) {
		roundtrip.Check(t, b, func() roundtrip.Value { return new(rfc5280.CertificateList) }, rfc5280.X509Options())
	})
}

package rfc5280_test

import (
	"strings"
	"testing"

	"github.com/asn1gen/asn1gen/internal/roundtrip"
)

// FuzzCertificateView checks the differential property of package
// viewtest on certificates: no panic, every error located, the lazy reads
// agree with the eager decode (in DER, with TolerateX509, in BER).
func FuzzCertificateView(f *testing.F) {
	roundtrip.Seed(f, "alt1-cert.pem")
	f.Fuzz(func(t *testing.T, b []byte) {
		for _, o := range viewOptions {
			if rep := checkCertificateView(b, o.opts); len(rep.Problems) > 0 {
				t.Fatalf("%s:\n%s", o.name, strings.Join(rep.Problems, "\n"))
			}
		}
	})
}

// FuzzCertificateListView is FuzzCertificateView on CRLs.
func FuzzCertificateListView(f *testing.F) {
	roundtrip.Seed(f, "CarlRSACRLForAll.crl")
	f.Fuzz(func(t *testing.T, b []byte) {
		for _, o := range viewOptions {
			if rep := checkCertificateListView(b, o.opts); len(rep.Problems) > 0 {
				t.Fatalf("%s:\n%s", o.name, strings.Join(rep.Problems, "\n"))
			}
		}
	})
}

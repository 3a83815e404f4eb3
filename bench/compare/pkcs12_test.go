package compare

import (
	"os"
	"testing"

	"github.com/asn1gen/asn1gen/generated/rfc7292"
	gopkcs12 "software.sslmate.com/src/go-pkcs12"
)

// BenchmarkPKCS12Certs pulls the certificates out of an unencrypted
// PKCS #12 file (synta's workload): asn1gen's rfc7292.Certificates returns
// the DER of each; go-pkcs12 decodes the file with its password ("foo", for the MAC)
// and parses the certificates with crypto/x509, the only way it offers.
func BenchmarkPKCS12Certs(b *testing.B) {
	der, err := os.ReadFile("../../generated/rfc7292/testdata/no_encryption.p12")
	if err != nil {
		b.Fatal(err)
	}
	want, err := rfc7292.Certificates(der)
	if err != nil || len(want) == 0 {
		b.Fatal(err)
	}
	b.Run("asn1gen", func(b *testing.B) {
		b.SetBytes(int64(len(der)))
		b.ReportAllocs()
		for b.Loop() {
			if certs, err := rfc7292.Certificates(der); err != nil || len(certs) != len(want) {
				b.Fatal(err)
			}
		}
	})
	b.Run("go-pkcs12", func(b *testing.B) {
		b.SetBytes(int64(len(der)))
		b.ReportAllocs()
		for b.Loop() {
			if _, cert, _, err := gopkcs12.DecodeChain(der, "foo"); err != nil || cert == nil {
				b.Fatal(err)
			}
		}
	})
}

package compare

import (
	"os"
	"testing"

	"github.com/asn1gen/asn1gen/generated/rfc5652"
	"github.com/asn1gen/asn1gen/runtime/der"
	"go.mozilla.org/pkcs7"
)

// BenchmarkPKCS7Certs pulls the certificates out of a certs-only bundle
// (synta's workload): asn1gen's rfc5652.Certificates returns the DER of
// each, reading only the envelope; go.mozilla.org/pkcs7 parses the whole
// message and every certificate with crypto/x509, which is the only way it
// offers. The typed member decodes the whole ContentInfo with every
// certificate typed.
func BenchmarkPKCS7Certs(b *testing.B) {
	enc, err := os.ReadFile("../../generated/rfc5652/testdata/nss.p7c")
	if err != nil {
		b.Fatal(err)
	}
	b.Run("asn1gen", func(b *testing.B) {
		b.SetBytes(int64(len(enc)))
		b.ReportAllocs()
		for b.Loop() {
			if certs, err := rfc5652.Certificates(enc); err != nil || len(certs) != 3 {
				b.Fatal(err, len(certs))
			}
		}
	})
	b.Run("asn1gen-typed", func(b *testing.B) {
		b.SetBytes(int64(len(enc)))
		b.ReportAllocs()
		var ci rfc5652.ContentInfo
		for b.Loop() {
			if err := der.Unmarshal(enc, &ci, &der.Options{BER: true}); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("mozilla-pkcs7", func(b *testing.B) {
		b.SetBytes(int64(len(enc)))
		b.ReportAllocs()
		for b.Loop() {
			p, err := pkcs7.Parse(enc)
			if err != nil || len(p.Certificates) != 3 {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkPKCS7Verify verifies an attached SignedData (RSA-2048 with
// SHA-256 and signed attributes, asn1crypto's cms-signed.der) against the
// certificate it carries, without chain verification: asn1gen's
// rfc5652.Verify beside go.mozilla.org/pkcs7's Parse and Verify. The RSA
// verification is the same crypto/rsa call in both; the difference is the
// decoding and the checks around it.
func BenchmarkPKCS7Verify(b *testing.B) {
	enc, err := os.ReadFile("../../generated/rfc5652/testdata/asn1crypto-cms-signed.der")
	if err != nil {
		b.Fatal(err)
	}
	b.Run("asn1gen", func(b *testing.B) {
		b.SetBytes(int64(len(enc)))
		b.ReportAllocs()
		for b.Loop() {
			if _, signers, err := rfc5652.Verify(enc, nil); err != nil || len(signers) != 1 {
				b.Fatal(err)
			}
		}
	})
	b.Run("mozilla-pkcs7", func(b *testing.B) {
		b.SetBytes(int64(len(enc)))
		b.ReportAllocs()
		for b.Loop() {
			p, err := pkcs7.Parse(enc)
			if err != nil {
				b.Fatal(err)
			}
			if err := p.Verify(); err != nil {
				b.Fatal(err)
			}
		}
	})
}

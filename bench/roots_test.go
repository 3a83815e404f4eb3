package bench

import (
	"crypto/x509"
	"encoding/pem"
	"os"
	"testing"

	"github.com/asn1gen/asn1gen/generated/rfc5280"
)

// trustStore is the machine's bundle of root certificates (Debian's
// ca-certificates), the input of the "root certificate" row of the
// performance table: real certificates of about 1 KB, every one DER.
const trustStore = "/etc/ssl/certs/ca-certificates.crt"

// rootCerts returns the certificates of trustStore that decode in strict
// DER (all of them on the machines measured; the benchmark logs how many
// were left out), or skips.
func rootCerts(tb testing.TB) [][]byte {
	data, err := os.ReadFile(trustStore)
	if err != nil {
		tb.Skipf("no trust store: %v", err)
	}
	var out [][]byte
	left := 0
	for rest := data; ; {
		var p *pem.Block
		if p, rest = pem.Decode(rest); p == nil {
			break
		}
		var v rfc5280.Certificate
		if p.Type != "CERTIFICATE" {
			continue
		}
		if v.UnmarshalDER(p.Bytes) != nil {
			left++
			continue
		}
		out = append(out, p.Bytes)
	}
	if len(out) == 0 {
		tb.Skip("no certificates in the trust store")
	}
	if left > 0 {
		tb.Logf("%d certificates of %s are not strict DER and are left out", left, trustStore)
	}
	return out
}

// BenchmarkTypedRootCerts decodes every root certificate of the machine's
// trust store per operation, in full and strict DER (UnmarshalDER),
// against the floor walk and crypto/x509; ns/cert is the time per
// certificate.
func BenchmarkTypedRootCerts(b *testing.B) {
	certs := rootCerts(b)
	run := func(name string, f func(c []byte) error) { runCertSet(b, certs, name, f) }
	run("floor", func(c []byte) error {
		Floor(c)
		return nil
	})
	// A value of the caller's, as most callers decode: UnmarshalDER
	// leaves it on their stack (der.Unmarshal would move it to the heap).
	run("asn1gen", func(c []byte) error {
		var v rfc5280.Certificate
		return v.UnmarshalDER(c)
	})
	run("crypto-x509", func(c []byte) error {
		_, err := x509.ParseCertificate(c)
		return err
	})
}

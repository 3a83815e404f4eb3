package rfc7292_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/asn1gen/asn1gen/generated/rfc7292"
	"github.com/asn1gen/asn1gen/internal/roundtrip"
	"github.com/asn1gen/asn1gen/runtime/der"
)

// FuzzPFX checks roundtrip.Check on PKCS #12 files.
func FuzzPFX(f *testing.F) {
	roundtrip.Seed(f, "no_encryption.p12")
	f.Fuzz(func(t *testing.T, b []byte) {
		roundtrip.Check[rfc7292.PFX](t, b, &der.Options{Tolerate: der.TolerateX509})
	})
}

// FuzzDecode checks that Decode never panics, and that what it returns
// is consistent: every certificate and key of Contents is in a Bag, and a
// failure returns no Contents. The iteration bound keeps each run short.
func FuzzDecode(f *testing.F) {
	for _, s := range []struct{ file, password string }{
		{"no_encryption.p12", "foo"}, {"openssl-aes256.p12", "example"},
		{"empty_password.p12", ""}, {"null_password.p12", ""},
	} {
		b, err := os.ReadFile(filepath.Join("testdata", s.file))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b, s.password)
	}
	o := &rfc7292.DecodeOptions{MaxIterations: 4096, MaxTotalIterations: 16384}
	f.Fuzz(func(t *testing.T, b []byte, password string) {
		c, err := rfc7292.DecodeWith(b, password, o)
		if err != nil {
			if c != nil {
				t.Fatalf("an error (%v) and Contents", err)
			}
			return
		}
		certs, keys := 0, 0
		for _, bag := range c.Bags {
			if bag.Certificate != nil {
				certs++
			}
			if bag.PrivateKey != nil {
				keys++
			}
		}
		if certs != len(c.Certificates) || keys != len(c.PrivateKeys) {
			t.Fatalf("%d certificates and %d keys in the bags, %d and %d in Contents", certs, keys, len(c.Certificates), len(c.PrivateKeys))
		}
	})
}

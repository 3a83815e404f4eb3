package rfc7292_test

import (
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

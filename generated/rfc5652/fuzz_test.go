package rfc5652_test

import (
	"testing"

	"github.com/asn1gen/asn1gen/generated/rfc5652"
	"github.com/asn1gen/asn1gen/internal/roundtrip"
	"github.com/asn1gen/asn1gen/runtime/der"
)

// FuzzContentInfo checks roundtrip.Check on CMS messages.
func FuzzContentInfo(f *testing.F) {
	roundtrip.Seed(f, "nss.p7c")
	roundtrip.Seed(f, "windows.p7c")
	f.Fuzz(func(t *testing.T, b []byte) {
		roundtrip.Check[rfc5652.ContentInfo](t, b, &der.Options{Tolerate: der.TolerateX509})
	})
}

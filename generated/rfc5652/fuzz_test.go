package rfc5652_test

import (
	"bytes"
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

// FuzzVerify: Verify returns an error, never panics, on any input; and
// what it accepts, it rejects once one octet of the content changes (the
// success is about the signature, not the input's shape).
func FuzzVerify(f *testing.F) {
	roundtrip.Seed(f, "asn1crypto-cms-signed.der")
	roundtrip.Seed(f, "nss.p7c")
	p := newPKI(f)
	for _, name := range keyNames {
		for _, opts := range []rfc5652.SignOptions{{}, {NoAttributes: true}, {PSS: true, SubjectKeyIdentifier: true}} {
			enc, err := rfc5652.Sign([]byte("fuzz"), []rfc5652.Signer{p.signer[name]}, &opts)
			if err != nil {
				f.Fatal(err)
			}
			f.Add(enc)
		}
	}
	opts := &rfc5652.VerifyOptions{AllowSHA1: true}
	f.Fuzz(func(t *testing.T, b []byte) {
		content, signers, err := rfc5652.Verify(b, opts)
		if err != nil {
			return
		}
		if len(signers) == 0 {
			t.Fatal("Verify succeeds without signers")
		}
		var ci rfc5652.ContentInfo
		if len(content) == 0 || der.Unmarshal(b, &ci, &der.Options{BER: true}) != nil {
			return // a PKCS #7 content
		}
		sd := ci.Content.SignedData
		changed := bytes.Clone(content)
		changed[len(changed)/2] ^= 1
		sd.EncapContentInfo.EContent.Raw = changed
		if _, err := sd.Verify(opts); err == nil {
			t.Fatalf("verifies with the content %q changed to %q", content, changed)
		}
	})
}

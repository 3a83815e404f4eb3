package rfc5652_test

import (
	"bytes"
	"errors"
	"strconv"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/asn1gen/asn1gen/generated/rfc5652"
	"github.com/asn1gen/asn1gen/runtime/der"
)

// signedWith returns a signed message whose SignedData has its one
// SignerInfo n times, the SignerInfo's encoding, and the message.
func signedWith(t *testing.T, n int, alter func(*rfc5652.SignerInfo)) (enc, si []byte) {
	t.Helper()
	p := newPKI(t)
	signed, err := rfc5652.Sign([]byte("the content"), []rfc5652.Signer{p.signer["p256"]}, nil)
	if err != nil {
		t.Fatal(err)
	}
	var ci rfc5652.ContentInfo
	if err := ci.UnmarshalDER(signed); err != nil {
		t.Fatal(err)
	}
	sd := ci.Content.SignedData
	if alter != nil {
		alter(&sd.SignerInfos[0])
	}
	if si, err = sd.SignerInfos[0].MarshalDER(); err != nil {
		t.Fatal(err)
	}
	one := sd.SignerInfos[0]
	sd.SignerInfos = make([]rfc5652.SignerInfo, n)
	for i := range sd.SignerInfos {
		sd.SignerInfos[i] = one
	}
	if enc, err = ci.MarshalDER(); err != nil {
		t.Fatal(err)
	}
	return enc, si
}

// TestVerifyMaxSigners checks the budget of Verify (issue 24, item 7:
// 100,000 SignerInfos took 43-74 s, each a public-key operation and a
// search of the certificates): past VerifyOptions.MaxSigners (64 by
// default) Verify verifies none and returns ErrTooManySigners, a
// *der.Error of KindLimit at the first SignerInfo over the budget.
func TestVerifyMaxSigners(t *testing.T) {
	const n = 100_000
	enc, si := signedWith(t, n, nil)
	type place struct {
		Path   string
		Offset int
	}
	for _, tt := range []struct {
		name string
		max  int
	}{{"default", 0}, {"MaxSigners 3", 3}} {
		max := tt.max
		if max == 0 {
			max = rfc5652.DefaultMaxSigners
		}
		_, signers, err := rfc5652.Verify(enc, &rfc5652.VerifyOptions{MaxSigners: tt.max})
		var e *der.Error
		if !errors.Is(err, rfc5652.ErrTooManySigners) || !errors.Is(err, der.ErrLimit) || !errors.As(err, &e) {
			t.Fatalf("%s: %d signers, %.300v; want ErrTooManySigners, a *der.Error of KindLimit", tt.name, len(signers), err)
		}
		// The SignerInfos, all alike, end the message.
		want := place{"SignedData.signerInfos[" + strconv.Itoa(max) + "]", len(enc) - (n-max)*len(si)}
		if diff := cmp.Diff(want, place{e.Path(), e.Offset}); diff != "" {
			t.Errorf("%s: %v (-want +got):\n%s", tt.name, err, diff)
		}
	}
	// At the budget, every SignerInfo is verified.
	enc, _ = signedWith(t, 3, nil)
	if _, signers, err := rfc5652.Verify(enc, &rfc5652.VerifyOptions{MaxSigners: 3}); err != nil || len(signers) != 3 {
		t.Errorf("3 signers, MaxSigners 3: %d verified, %v", len(signers), err)
	}
}

// TestVerifyErrorOffsets checks that Verify places the failure of a
// SignerInfo in its input (issue 24, item 3): SignerError.Offset is the
// offset of the field at fault; and that Verify and Decrypt place the
// error of another content type at the contentType.
func TestVerifyErrorOffsets(t *testing.T) {
	var sig []byte
	enc, _ := signedWith(t, 2, func(si *rfc5652.SignerInfo) {
		si.Signature[10] ^= 1
		sig = si.Signature
	})
	_, _, err := rfc5652.Verify(enc, nil)
	var se *rfc5652.SignerError
	if !errors.As(err, &se) || !errors.Is(err, rfc5652.ErrSignature) {
		t.Fatalf("%v, want a SignerError of ErrSignature", err)
	}
	first := bytes.Index(enc, sig)
	want := first - 2 // the signature's OCTET STRING header: 04 and one length octet
	if len(sig) > 127 {
		t.Fatalf("the test assumes a short signature header")
	}
	if se.Field != "signature" || se.Offset != want {
		t.Errorf("%v: field %s at offset %d, want signature at %d", err, se.Field, se.Offset, want)
	}

	_, err = rfc5652.Decrypt([]byte{0x30, 0x0f, 0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x07, 0x01, 0xa0, 0x02, 0x04, 0x00}, nil, nil)
	var de *der.Error
	if !errors.Is(err, rfc5652.ErrNotEnvelopedData) || !errors.As(err, &de) || de.Offset != 4 || de.Path() != "ContentInfo.contentType" {
		t.Errorf("Decrypt of a Data ContentInfo: %v, want ErrNotEnvelopedData at offset 4, ContentInfo.contentType", err)
	}

	_, _, err = rfc5652.Verify([]byte{0x30, 0x0f, 0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x07, 0x01, 0xa0, 0x02, 0x04, 0x00}, nil)
	var e *der.Error
	if !errors.Is(err, rfc5652.ErrNotSignedData) || !errors.As(err, &e) || e.Offset != 4 || e.Path() != "ContentInfo.contentType" {
		t.Errorf("a Data ContentInfo: %v, want ErrNotSignedData at offset 4, ContentInfo.contentType", err)
	}
}

package ieee1609dot2_test

import (
	"encoding/hex"
	"errors"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/asn1gen/asn1gen/generated/ieee1609dot2"
	"github.com/asn1gen/asn1gen/internal/permsg"
	"github.com/asn1gen/asn1gen/runtime/oer"
)

const signedCAM = "signed CAM, signer certificate (VW Golf 8)"

// golfCertificate returns the signer certificate of vanetza's signed CAM.
func golfCertificate(t *testing.T) *ieee1609dot2.EtsiTs103097Certificate {
	t.Helper()
	var c ieee1609dot2.EtsiTs103097Certificate
	if err := oer.Unmarshal(vector(t, "authorization ticket of the VW Golf 8 (issuer sha256AndDigest 56dfd6d627a362dc)"), &c, &oer.Options{Canonical: true}); err != nil {
		t.Fatal(err)
	}
	return &c
}

// TestCertificateFields reads the VW Golf's certificate: the HashedId8
// is the one vanetza's test expects of it (127cff384ce0b890), the
// validity starts at a round hour once Time32's five leap seconds since
// 2004 are taken off, and the permissions are CA's (36) and DEN's (37).
func TestCertificateFields(t *testing.T) {
	c := golfCertificate(t)
	type fields struct {
		Issuer, HashedID8, HashedID3 string
		IssuerAlg                    ieee1609dot2.HashAlgorithm
		Self                         bool
		Start                        time.Time
		Duration                     time.Duration
		Permissions                  []ieee1609dot2.Permission
		Curve                        ieee1609dot2.Curve
	}
	var got fields
	issuer, alg, self, err := c.IssuerDigest()
	if err != nil {
		t.Fatal(err)
	}
	got.Issuer, got.IssuerAlg, got.Self = hex.EncodeToString(issuer), alg, self
	id8, err := c.HashedID8()
	if err != nil {
		t.Fatal(err)
	}
	id3, err := c.HashedID3()
	if err != nil {
		t.Fatal(err)
	}
	got.HashedID8, got.HashedID3 = hex.EncodeToString(id8), hex.EncodeToString(id3)
	if got.Start, got.Duration, err = c.Validity(); err != nil {
		t.Fatal(err)
	}
	if got.Permissions, err = c.AppPermissions(); err != nil {
		t.Fatal(err)
	}
	key, err := c.VerificationKey()
	if err != nil {
		t.Fatal(err)
	}
	got.Curve = key.Curve
	want := fields{
		Issuer: "56dfd6d627a362dc", IssuerAlg: ieee1609dot2.HashAlgorithm_SHA256,
		HashedID8: "127cff384ce0b890", HashedID3: "e0b890",
		Start:    time.Date(2019, time.November, 19, 3, 0, 0, 0, time.UTC),
		Duration: 168 * time.Hour,
		Permissions: []ieee1609dot2.Permission{
			{PSID: 36, SSP: []byte{0x01, 0x00, 0x00}, Bitmap: true},
			{PSID: 37, SSP: []byte{0x01, 0x90, 0x1a, 0x25}, Bitmap: true},
		},
		Curve: ieee1609dot2.NistP256,
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

// TestTimeOf checks Time32 against UTC around the leap seconds.
func TestTimeOf(t *testing.T) {
	first := uint32(time.Date(2006, time.January, 1, 0, 0, 0, 0, time.UTC).Sub(ieee1609dot2.Epoch) / time.Second)
	for _, c := range []struct {
		t    uint32
		want time.Time
	}{
		{0, ieee1609dot2.Epoch},
		{first - 1, time.Date(2005, time.December, 31, 23, 59, 59, 0, time.UTC)},
		// 23:59:60, which time.Time cannot hold, and the second after it.
		{first, time.Date(2006, time.January, 1, 0, 0, 0, 0, time.UTC)},
		{first + 1, time.Date(2006, time.January, 1, 0, 0, 0, 0, time.UTC)},
		{first + 2, time.Date(2006, time.January, 1, 0, 0, 1, 0, time.UTC)},
	} {
		if got := ieee1609dot2.TimeOf(ieee1609dot2.Time32(c.t)); !got.Equal(c.want) {
			t.Errorf("TimeOf(%d) = %v, want %v", c.t, got, c.want)
		}
	}
	if _, err := ieee1609dot2.DurationOf(ieee1609dot2.Duration{Choice: ieee1609dot2.Duration_Years, Years: 300}); err == nil {
		t.Errorf("300 years fit in a time.Duration")
	}
}

// TestVerifySignedCAM verifies the signature of vanetza's signed CAM, a
// real SPDU that a VW Golf 8 sent (P-256, its key and r compressed),
// against the certificate it carries, and against the same certificate
// given; and the signer digest form, rebuilt from it.
func TestVerifySignedCAM(t *testing.T) {
	var d ieee1609dot2.EtsiTs103097Data
	if err := oer.Unmarshal(vector(t, signedCAM), &d, &oer.Options{Canonical: true}); err != nil {
		t.Fatal(err)
	}
	if err := d.VerifySignature(nil); err != nil {
		t.Fatalf("VerifySignature(nil): %v", err)
	}
	c := golfCertificate(t)
	if err := d.VerifySignature(c); err != nil {
		t.Errorf("VerifySignature(its certificate): %v", err)
	}
	// The same SPDU with the signer as a digest: the signed digest
	// covers the certificate, not the signer field, so it verifies.
	id8, _ := c.HashedID8()
	d.Content.SignedData.Signer = ieee1609dot2.SignerIdentifier{Choice: ieee1609dot2.SignerIdentifier_Digest, Digest: id8}
	if err := d.VerifySignature(c); err != nil {
		t.Errorf("VerifySignature of the digest form: %v", err)
	}
	if err := d.VerifySignature(nil); err == nil {
		t.Errorf("the digest form verifies without a certificate")
	}
}

// TestVerifyFlippedBit: every single bit flipped in the signed parts of
// the SPDU (tbsData, the signer certificate) or in the signature makes
// the verification fail: with ErrBadSignature, or earlier (a decode
// error, a point not on the curve, a changed algorithm), never success.
// Two octets are not signed: protocolVersion (octet 0, outside tbsData)
// and the form of r (octet 256, compressed-y-0: r is R's x coordinate,
// whatever y's parity, so x-only and compressed-y-1 verify too).
func TestVerifyFlippedBit(t *testing.T) {
	b := vector(t, signedCAM)
	const version, rForm = 0, 256
	if b[version] != 3 || b[rForm-1] != 0x80 || b[rForm] != 0x82 || len(b)-rForm != 1+32+32 {
		t.Fatalf("the SPDU's layout is not the one this test knows: % x", b)
	}
	bad := 0
	for i := range 8 * len(b) {
		m := append([]byte(nil), b...)
		m[i/8] ^= 0x80 >> (i % 8)
		var d ieee1609dot2.EtsiTs103097Data
		if err := oer.Unmarshal(m, &d, &oer.Options{Canonical: true}); err != nil {
			continue
		}
		err := d.VerifySignature(nil)
		switch {
		case err == nil && i/8 != version && i/8 != rForm:
			t.Errorf("bit %d flipped (octet %d): verifies", i, i/8)
		case errors.Is(err, ieee1609dot2.ErrBadSignature):
			bad++
		}
	}
	// The CAM itself (the 89 octets of unsecuredData): each flip there
	// decodes and is a bad signature.
	if bad < 8*89 {
		t.Errorf("%d flips gave ErrBadSignature, want at least %d", bad, 8*89)
	}
}

// TestVerifyBrainpool verifies the SPDUs of testdata/brainpool.txt, signed
// by OpenSSL with brainpoolP256r1 and brainpoolP384r1 keys (compressed in
// the certificate, r x-only), and fails each with a bit of its CAM or of
// s flipped.
func TestVerifyBrainpool(t *testing.T) {
	msgs := permsg.MustRead(t, "testdata/brainpool.txt")
	if len(msgs) != 2 {
		t.Fatalf("%d SPDUs, want 2", len(msgs))
	}
	for _, m := range msgs {
		t.Run(m.Name, func(t *testing.T) {
			var d ieee1609dot2.EtsiTs103097Data
			if err := oer.Unmarshal(m.Bytes, &d, &oer.Options{Canonical: true}); err != nil {
				t.Fatal(err)
			}
			key, err := d.Content.SignedData.Signer.Certificate[0].VerificationKey()
			if err != nil || key.Curve.String() != m.Name {
				t.Fatalf("key %+v, %v; want one on %s", key, err, m.Name)
			}
			if err := d.VerifySignature(nil); err != nil {
				t.Fatalf("VerifySignature: %v", err)
			}
			cam := d.Content.SignedData.TBSData.Payload.Data.Content.UnsecuredData
			cam[20] ^= 0x10
			if err := d.VerifySignature(nil); !errors.Is(err, ieee1609dot2.ErrBadSignature) {
				t.Errorf("a CAM bit flipped: %v", err)
			}
			cam[20] ^= 0x10
			sig := d.Content.SignedData.Signature
			s := sig.ECDSABrainpoolP256r1Signature
			if s == nil {
				s = &ieee1609dot2.ECDSAP256Signature{SSig: sig.ECDSABrainpoolP384r1Signature.SSig}
			}
			s.SSig[3] ^= 1
			if err := d.VerifySignature(nil); !errors.Is(err, ieee1609dot2.ErrBadSignature) {
				t.Errorf("a bit of s flipped: %v", err)
			}
		})
	}
}

const (
	ectlName = "EU European Certificate Trust List (ECTL), signed by the TLM (brainpoolP384r1, SHA-384)"
	tlmName  = "EU Trust List Manager certificate (self-signed, brainpoolP384r1)"
)

// TestVerifyECTL verifies the EU trust list, a real SPDU signed with
// brainpoolP384r1 and SHA-384, against the TLM certificate it carries and
// against the TLM certificate as the JRC publishes it, whose HashedId8
// (by SHA-384, its issuer being self with sha384) is its file name,
// E7A4B2B045E7ACF9; a bit of the list flipped fails.
func TestVerifyECTL(t *testing.T) {
	var tlm ieee1609dot2.EtsiTs103097Certificate
	if err := oer.Unmarshal(vector(t, tlmName), &tlm, &oer.Options{Canonical: true}); err != nil {
		t.Fatal(err)
	}
	id8, err := tlm.HashedID8()
	if err != nil || hex.EncodeToString(id8) != "e7a4b2b045e7acf9" {
		t.Errorf("TLM HashedID8 = %x, %v; want e7a4b2b045e7acf9", []byte(id8), err)
	}
	if _, alg, self, _ := tlm.IssuerDigest(); !self || alg != ieee1609dot2.HashAlgorithm_SHA384 {
		t.Errorf("TLM issuer: self %v, %v", self, alg)
	}
	key, err := tlm.VerificationKey()
	if err != nil || key.Curve != ieee1609dot2.BrainpoolP384r1 {
		t.Fatalf("TLM key %+v, %v", key, err)
	}
	b := vector(t, ectlName)
	var d ieee1609dot2.EtsiTs103097Data
	if err := oer.Unmarshal(b, &d, &oer.Options{Canonical: true}); err != nil {
		t.Fatal(err)
	}
	if err := d.VerifySignature(nil); err != nil {
		t.Errorf("VerifySignature(nil): %v", err)
	}
	if err := d.VerifySignature(&tlm); err != nil {
		t.Errorf("VerifySignature(the published TLM certificate): %v", err)
	}
	m := append([]byte(nil), b...)
	m[len(m)/2] ^= 0x04 // inside the list, in tbsData's payload
	var bad ieee1609dot2.EtsiTs103097Data
	if err := oer.Unmarshal(m, &bad, &oer.Options{Canonical: true}); err != nil {
		t.Fatalf("the flipped list does not decode: %v", err)
	}
	if err := bad.VerifySignature(nil); !errors.Is(err, ieee1609dot2.ErrBadSignature) {
		t.Errorf("a bit of the list flipped: %v", err)
	}
}

// TestVerifyIssuerSignature verifies the self-signature of the EU TLM
// certificate (brainpoolP384r1), and fails it with a bit of its
// toBeSigned flipped; the VW Golf's certificate needs its issuer.
func TestVerifyIssuerSignature(t *testing.T) {
	var tlm ieee1609dot2.EtsiTs103097Certificate
	if err := oer.Unmarshal(vector(t, tlmName), &tlm, &oer.Options{Canonical: true}); err != nil {
		t.Fatal(err)
	}
	if err := tlm.VerifyIssuerSignature(nil); err != nil {
		t.Errorf("the TLM's self-signature: %v", err)
	}
	tlm.ToBeSigned.CRLSeries ^= 1
	if err := tlm.VerifyIssuerSignature(nil); !errors.Is(err, ieee1609dot2.ErrBadSignature) {
		t.Errorf("crlSeries changed: %v", err)
	}
	if err := golfCertificate(t).VerifyIssuerSignature(nil); err == nil {
		t.Errorf("an issued certificate verifies without its issuer")
	}
	// Its issuer is not the TLM: the digests differ.
	tlm.ToBeSigned.CRLSeries ^= 1
	if err := golfCertificate(t).VerifyIssuerSignature(&tlm); err == nil || errors.Is(err, ieee1609dot2.ErrBadSignature) {
		t.Errorf("the VW Golf's certificate with the TLM as issuer: %v", err)
	}
}

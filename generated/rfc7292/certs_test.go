package rfc7292_test

import (
	"bytes"
	"crypto/x509"
	"errors"
	"os"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/asn1gen/asn1gen/generated/rfc5280"
	"github.com/asn1gen/asn1gen/generated/rfc5652"
	"github.com/asn1gen/asn1gen/generated/rfc7292"
	"github.com/asn1gen/asn1gen/runtime/der"
)

func oid(t *testing.T, s string) der.OID {
	t.Helper()
	o, err := der.ParseOIDString(s)
	if err != nil {
		t.Fatal(err)
	}
	return o
}

func marshal(t *testing.T, v interface{ MarshalDER() ([]byte, error) }) []byte {
	t.Helper()
	b, err := v.MarshalDER()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// testCert is the certificate of testdata/no_encryption.p12.
func testCert(t *testing.T) []byte {
	t.Helper()
	b, err := os.ReadFile("testdata/no_encryption.p12")
	if err != nil {
		t.Fatal(err)
	}
	certs, err := rfc7292.Certificates(b)
	if err != nil || len(certs) != 1 {
		t.Fatalf("Certificates(no_encryption.p12) = %d certificates, %v", len(certs), err)
	}
	if _, err := x509.ParseCertificate(certs[0]); err != nil {
		t.Fatal(err)
	}
	return certs[0]
}

const (
	idData          = "1.2.840.113549.1.7.1"
	idSignedData    = "1.2.840.113549.1.7.2"
	idEncryptedData = "1.2.840.113549.1.7.6"
	bagTypes        = "1.2.840.113549.1.12.10.1."
	x509Certificate = "1.2.840.113549.1.9.22.1"
	sdsiCertificate = "1.2.840.113549.1.9.22.2"
	x509CRL         = "1.2.840.113549.1.9.23.1"
)

func certBag(t *testing.T, encoded []byte) rfc7292.SafeBag {
	t.Helper()
	cert := new(rfc5280.Certificate)
	if err := cert.UnmarshalDER(encoded); err != nil {
		t.Fatal(err)
	}
	cb := &rfc7292.CertBag{CertID: oid(t, x509Certificate)}
	cb.CertValue.Kind, cb.CertValue.X509Certificate = rfc7292.BagTypeKind_X509Certificate, cert
	b := rfc7292.SafeBag{BagID: oid(t, bagTypes+"3")}
	b.BagValue.Kind, b.BagValue.CertBag = rfc7292.BagTypeKind_CertBag, cb
	return b
}

// testSafeContents has, around certificates a and b, every other kind of
// bag that has no X.509 certificate: an SDSI certificate, a CRL, a
// secret, and b in a SafeContents nested in another.
func testSafeContents(t *testing.T, a, b []byte) rfc7292.SafeContents {
	sdsi := &rfc7292.CertBag{CertID: oid(t, sdsiCertificate)}
	sdsi.CertValue.Kind, sdsi.CertValue.SdsiCertificate = rfc7292.BagTypeKind_SdsiCertificate, "(certificate)"
	sdsiBag := rfc7292.SafeBag{BagID: oid(t, bagTypes+"3")}
	sdsiBag.BagValue.Kind, sdsiBag.BagValue.CertBag = rfc7292.BagTypeKind_CertBag, sdsi

	crlDER, err := os.ReadFile("../rfc5280/testdata/CarlRSACRLForAll.crl")
	if err != nil {
		t.Fatal(err)
	}
	crlValue := new(rfc5280.CertificateList)
	if err := der.Unmarshal(crlDER, crlValue, rfc5280.X509Options()); err != nil {
		t.Fatal(err)
	}
	crl := &rfc7292.CRLBag{CRLID: oid(t, x509CRL)}
	crl.CrltValue.Kind, crl.CrltValue.X509CRL = rfc7292.BagTypeKind_X509CRL, crlValue
	crlBag := rfc7292.SafeBag{BagID: oid(t, bagTypes+"4")}
	crlBag.BagValue.Kind, crlBag.BagValue.CRLBag = rfc7292.BagTypeKind_CRLBag, crl

	secret := &rfc7292.SecretBag{SecretTypeID: oid(t, "1.2.3.4")}
	secret.SecretValue.Raw = []byte{0x04, 0x03, 1, 2, 3}
	secretBag := rfc7292.SafeBag{BagID: oid(t, bagTypes+"5")}
	secretBag.BagValue.Kind, secretBag.BagValue.SecretBag = rfc7292.BagTypeKind_SecretBag, secret

	inner := rfc7292.SafeBag{BagID: oid(t, bagTypes+"6")}
	inner.BagValue.Kind, inner.BagValue.SafeContentsBag = rfc7292.BagTypeKind_SafeContentsBag, rfc7292.SafeContents{crlBag, certBag(t, b)}
	outer := rfc7292.SafeBag{BagID: oid(t, bagTypes+"6")}
	outer.BagValue.Kind, outer.BagValue.SafeContentsBag = rfc7292.BagTypeKind_SafeContentsBag, rfc7292.SafeContents{inner}

	return rfc7292.SafeContents{sdsiBag, certBag(t, a), secretBag, outer}
}

func dataInfo(t *testing.T, content []byte) rfc5652.ContentInfo {
	ci := rfc5652.ContentInfo{ContentType: oid(t, idData)}
	ci.Content.SetData(content)
	return ci
}

// testPFX is a PFX whose AuthenticatedSafe has a data part holding sc.
func testPFX(t *testing.T, sc rfc7292.SafeContents) *rfc7292.PFX {
	as := rfc7292.AuthenticatedSafe{dataInfo(t, marshal(t, &sc))}
	return &rfc7292.PFX{Version: rfc7292.PFX_V3, AuthSafe: dataInfo(t, marshal(t, &as))}
}

// testEncryptedPFX is testPFX with an encryptedData part after the data
// part, which may hold certificates.
func testEncryptedPFX(t *testing.T, sc rfc7292.SafeContents) *rfc7292.PFX {
	enc := &rfc5652.EncryptedData{}
	enc.EncryptedContentInfo.ContentType = oid(t, idData)
	enc.EncryptedContentInfo.ContentEncryptionAlgorithm.Algorithm = oid(t, "1.2.840.113549.1.5.13")
	enc.EncryptedContentInfo.EncryptedContent, enc.EncryptedContentInfo.HasEncryptedContent = []byte("not decrypted"), true
	encrypted := rfc5652.ContentInfo{ContentType: oid(t, idEncryptedData)}
	encrypted.Content.Kind, encrypted.Content.EncryptedData = rfc5652.CtEncryptedData, enc

	as := rfc7292.AuthenticatedSafe{dataInfo(t, marshal(t, &sc)), encrypted}
	return &rfc7292.PFX{Version: rfc7292.PFX_V3, AuthSafe: dataInfo(t, marshal(t, &as))}
}

func TestCertificates(t *testing.T) {
	a := testCert(t)
	b := append([]byte(nil), a...) // the same certificate, another slice
	pfx := testPFX(t, testSafeContents(t, a, b))
	encoded := marshal(t, pfx)
	got, err := rfc7292.Certificates(encoded)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || !bytes.Equal(got[0], a) || !bytes.Equal(got[1], b) {
		t.Fatalf("Certificates = %d certificates, want 2 (the direct one, then the nested one)", len(got))
	}
	// The MacData is not read: an unknown MAC algorithm does not matter.
	pfx.HasMacData = true
	alg := &pfx.MacData.Mac.DigestAlgorithm
	alg.Algorithm = oid(t, "1.2.840.113549.1.5.14") // id-PBMAC1
	alg.HasParameters, alg.Parameters.Raw = true, []byte{0x30, 0x00}
	pfx.MacData.MacSalt = []byte("salt")
	pfx.MacData.Iterations = der.IntegerFromInt64(2048)
	withMAC, err := der.Append(nil, pfx, &der.Options{SkipConstraints: true})
	if err != nil {
		t.Fatal(err)
	}
	// -extensible PKCS-1.PKCS1-v1-5DigestAlgorithms: the PFX decodes
	// too, with the MAC's parameters kept.
	var check rfc7292.PFX
	if err := check.UnmarshalDER(withMAC); err != nil {
		t.Fatalf("PFX with a PBMAC1 MAC: %v", err)
	}
	if p := check.MacData.Mac.DigestAlgorithm.Parameters; p.Kind != 0 || !bytes.Equal(p.Raw, []byte{0x30, 0x00}) {
		t.Errorf("PBMAC1 MAC parameters: Kind %d, Raw %x; want 0 and 3000", p.Kind, p.Raw)
	}
	if got, err := rfc7292.Certificates(withMAC); err != nil || len(got) != 2 {
		t.Errorf("Certificates with a PBMAC1 MAC = %d certificates, %v; want 2", len(got), err)
	}
	// No certificate: none and no error.
	if got, err := rfc7292.Certificates(marshal(t, testPFX(t, rfc7292.SafeContents{}))); err != nil || len(got) != 0 {
		t.Errorf("Certificates of an empty SafeContents = %d, %v", len(got), err)
	}
	// An encrypted part may hold certificates: an error, not a silent
	// skip.
	if got, err := rfc7292.Certificates(marshal(t, testEncryptedPFX(t, testSafeContents(t, a, b)))); !errors.Is(err, rfc7292.ErrEncrypted) || got != nil {
		t.Errorf("Certificates of a file with an encrypted part = %d certificates, %v; want ErrEncrypted", len(got), err)
	}
}

// ber returns a constructed element of identifier id with the
// indefinite length form (X.690 8.1.3.6).
func ber(id byte, parts ...[]byte) []byte {
	out := []byte{id, 0x80}
	for _, p := range parts {
		out = append(out, p...)
	}
	return append(out, 0, 0)
}

// derTLV returns a primitive or constructed element of identifier id with
// a definite length.
func derTLV(id byte, contents []byte) []byte {
	b := der.NewBuilder(nil)
	b.AddRaw([]byte{id})
	n := len(contents)
	switch {
	case n < 0x80:
		b.AddRaw([]byte{byte(n)})
	case n < 0x100:
		b.AddRaw([]byte{0x81, byte(n)})
	default:
		b.AddRaw([]byte{0x82, byte(n >> 8), byte(n)})
	}
	b.AddRaw(contents)
	out, _ := b.Bytes()
	return out
}

// berData is a ContentInfo of type data in BER: indefinite lengths, and
// the octets split into two segments of a constructed OCTET STRING.
func berData(t *testing.T, content []byte) []byte {
	half := len(content) / 2
	octets := ber(0x24, derTLV(0x04, content[:half]), derTLV(0x04, content[half:]))
	return ber(0x30, derTLV(0x06, oid(t, idData)), ber(0xa0, octets))
}

func TestCertificatesBER(t *testing.T) {
	a := testCert(t)
	sc := testSafeContents(t, a, a)
	as := berData(t, marshal(t, &sc)) // AuthenticatedSafe with one part
	as = ber(0x30, as)
	pfx := ber(0x30, []byte{0x02, 0x01, 0x03}, berData(t, as))
	got, err := rfc7292.Certificates(pfx)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || !bytes.Equal(got[0], a) || !bytes.Equal(got[1], a) {
		t.Fatalf("Certificates = %d certificates, want 2", len(got))
	}
	if _, err := x509.ParseCertificate(got[1]); err != nil {
		t.Error(err)
	}
}

// TestCertificatesSigned reads the AuthenticatedSafe of a PFX in
// public-key integrity mode, the content of a SignedData.
func TestCertificatesSigned(t *testing.T) {
	a := testCert(t)
	sc := testSafeContents(t, a, a)
	as := rfc7292.AuthenticatedSafe{dataInfo(t, marshal(t, &sc))}
	sd := &rfc5652.SignedData{Version: rfc5652.CMSVersion_V1}
	sd.EncapContentInfo.EContentType = oid(t, idData)
	sd.EncapContentInfo.HasEContent = true
	sd.EncapContentInfo.EContent.Kind = rfc5652.CtData
	sd.EncapContentInfo.EContent.Raw = marshal(t, &as)
	pfx := &rfc7292.PFX{Version: rfc7292.PFX_V3, AuthSafe: rfc5652.ContentInfo{ContentType: oid(t, idSignedData)}}
	pfx.AuthSafe.Content.Kind, pfx.AuthSafe.Content.SignedData = rfc5652.CtSignedData, sd
	got, err := rfc7292.Certificates(marshal(t, pfx))
	if err != nil || len(got) != 2 {
		t.Fatalf("Certificates = %d certificates, %v; want 2", len(got), err)
	}
}

// place is where an error is: its field path and its offset in the
// input, as *der.Error gives them.
type place struct {
	Path   string
	Offset int
}

// placeOf returns the place of err, which must be a *der.Error.
func placeOf(t *testing.T, err error) place {
	t.Helper()
	var e *der.Error
	if !errors.As(err, &e) {
		t.Errorf("%v is not a *der.Error", err)
		return place{Offset: -2}
	}
	return place{e.Path(), e.Offset}
}

// TestCertificatesErrors checks the errors of Certificates: each is a
// *der.Error with the offset in the file and the field path (issue 24,
// item 3: the version and content-type errors had no offset, and the
// offsets of the AuthenticatedSafe's errors were those of the authSafe's
// OCTET STRING contents).
func TestCertificatesErrors(t *testing.T) {
	good := marshal(t, testPFX(t, rfc7292.SafeContents{}))
	v2 := append([]byte(nil), good...)
	iv := bytes.Index(v2, []byte{0x02, 0x01, 0x03})
	if iv < 0 {
		t.Fatal("no version")
	}
	v2[iv+2] = 2
	notSafe := marshal(t, &rfc7292.PFX{Version: rfc7292.PFX_V3, AuthSafe: dataInfo(t, []byte{0x04, 0x00})})
	sc := dataInfo(t, []byte{0x30, 0x03, 0x02, 0x01, 0x00}) // a SafeContents that is not one
	badParts := marshal(t, &rfc7292.PFX{Version: rfc7292.PFX_V3, AuthSafe: dataInfo(t, marshal(t, &rfc7292.AuthenticatedSafe{sc}))})
	signed := rfc5652.ContentInfo{ContentType: oid(t, idSignedData)}
	signed.Content.Kind, signed.Content.SignedData = rfc5652.CtSignedData, &rfc5652.SignedData{Version: rfc5652.CMSVersion_V1}
	signed.Content.SignedData.EncapContentInfo.EContentType = oid(t, "1.2.840.113549.1.7.6")
	notData := marshal(t, &rfc7292.PFX{Version: rfc7292.PFX_V3, AuthSafe: signed})
	encrypted := marshal(t, &rfc7292.PFX{Version: rfc7292.PFX_V3, AuthSafe: dataInfo(t, marshal(t, &rfc7292.AuthenticatedSafe{signed}))})
	for _, tc := range []struct {
		name string
		in   []byte
		want place
	}{
		{"empty", nil, place{"PFX", 0}},
		{"not a sequence", []byte{0x04, 0x00}, place{"PFX", 0}},
		{"trailing octets", append(append([]byte(nil), good...), 0), place{"", len(good)}},
		{"version 2", v2, place{"PFX.version", iv}},
		{"truncated", good[:len(good)-3], place{"PFX", 0}},
		{"not an AuthenticatedSafe", notSafe, place{"AuthenticatedSafe", bytes.Index(notSafe, []byte{0x04, 0x02, 0x04, 0x00}) + 2}},
		{"not a SafeContents", badParts, place{"AuthenticatedSafe[0].SafeContents[0]", bytes.Index(badParts, []byte{0x30, 0x03, 0x02, 0x01, 0x00}) + 2}},
		{"SignedData of another content", notData, place{"PFX.authSafe.content.encapContentInfo.eContentType", bytes.Index(notData, []byte{0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x07, 0x06}) + 2}},
		{"a part of another content type", encrypted, place{"AuthenticatedSafe[0].contentType", bytes.Index(encrypted, []byte{0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x07, 0x02}) + 2}},
	} {
		got, err := rfc7292.Certificates(tc.in)
		if err == nil {
			t.Errorf("%s: %d certificates, no error", tc.name, len(got))
			continue
		}
		if diff := cmp.Diff(tc.want, placeOf(t, err)); diff != "" {
			t.Errorf("%s: %v (-want +got):\n%s", tc.name, err, diff)
		}
	}
}

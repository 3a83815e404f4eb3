package rfc5652_test

import (
	"bytes"
	"crypto"
	"crypto/rand"
	"crypto/x509"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/asn1gen/asn1gen/generated/rfc5280"
	"github.com/asn1gen/asn1gen/generated/rfc5652"
	"github.com/asn1gen/asn1gen/runtime/der"
)

// TestSignVerify signs with every key type and option that changes the
// encoding, checks that the output is DER (it decodes strictly and
// re-encodes to itself) and that Verify accepts it with chain
// verification to the test CA, returning the signer and signing time.
func TestSignVerify(t *testing.T) {
	p := newPKI(t)
	content := []byte("Hello, CMS.\r\n")
	when := time.Date(2024, 2, 29, 12, 30, 45, 0, time.UTC)
	type variant struct {
		name string
		opts rfc5652.SignOptions
	}
	variants := []variant{
		{"attached", rfc5652.SignOptions{SigningTime: when}},
		{"detached", rfc5652.SignOptions{Detached: true, SigningTime: when}},
		{"no-attributes", rfc5652.SignOptions{NoAttributes: true}},
		{"detached-no-attributes", rfc5652.SignOptions{Detached: true, NoAttributes: true}},
		{"ski", rfc5652.SignOptions{SubjectKeyIdentifier: true, SigningTime: when}},
		{"sha384", rfc5652.SignOptions{Hash: crypto.SHA384, SigningTime: when}},
		{"sha512", rfc5652.SignOptions{Hash: crypto.SHA512, SigningTime: when}},
		{"sha3-256", rfc5652.SignOptions{Hash: crypto.SHA3_256, SigningTime: when}},
		{"no-signing-time", rfc5652.SignOptions{NoSigningTime: true}},
		{"generalized-time", rfc5652.SignOptions{SigningTime: time.Date(2050, 1, 1, 0, 0, 0, 0, time.UTC)}},
		{"other-content-type", rfc5652.SignOptions{ContentType: rfc5652.IDCtContentInfo, SigningTime: when}},
		{"no-certificates", rfc5652.SignOptions{NoCertificates: true, SigningTime: when}},
		{"with-ca", rfc5652.SignOptions{Certificates: []*x509.Certificate{p.ca}, SigningTime: when}},
	}
	for _, name := range keyNames {
		vs := variants
		if name == "rsa" {
			vs = append(vs, variant{"pss", rfc5652.SignOptions{PSS: true, SigningTime: when}},
				variant{"pss-sha512-detached", rfc5652.SignOptions{PSS: true, Hash: crypto.SHA512, Detached: true, SigningTime: when}})
		}
		for _, v := range vs {
			t.Run(name+"/"+v.name, func(t *testing.T) {
				s := p.signer[name]
				enc, err := rfc5652.Sign(content, []rfc5652.Signer{s}, &v.opts)
				if err != nil {
					t.Fatal(err)
				}
				var ci rfc5652.ContentInfo
				if err := ci.UnmarshalDER(enc); err != nil {
					t.Fatalf("the output is not DER: %v", err)
				}
				if again, err := ci.MarshalDER(); err != nil || !bytes.Equal(again, enc) {
					t.Errorf("the output does not re-encode to itself (%v)", err)
				}
				opts := &rfc5652.VerifyOptions{Chain: &x509.VerifyOptions{Roots: p.roots}}
				if v.opts.Detached {
					opts.Content = content
				}
				if v.opts.NoCertificates {
					opts.Certificates = []*x509.Certificate{s.Certificate}
				}
				got, signers, err := rfc5652.Verify(enc, opts)
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(got, content) {
					t.Errorf("content %q, want %q", got, content)
				}
				if len(signers) != 1 || !signers[0].Certificate.Equal(s.Certificate) {
					t.Fatalf("signers %v, want the one signer", signers)
				}
				wantTime := when
				if v.opts.NoAttributes || v.opts.NoSigningTime {
					wantTime = time.Time{}
				} else if !v.opts.SigningTime.Equal(when) {
					wantTime = v.opts.SigningTime
				}
				if !signers[0].SigningTime.Equal(wantTime) {
					t.Errorf("signing time %v, want %v", signers[0].SigningTime, wantTime)
				}
				if n := len(signers[0].Chains); n != 1 {
					t.Errorf("%d chains, want 1", n)
				}
				sd := ci.Content.SignedData
				wantVersion := rfc5652.CMSVersion_V1
				if v.opts.SubjectKeyIdentifier || v.opts.ContentType != nil {
					wantVersion = rfc5652.CMSVersion_V3
				}
				if sd.Version != wantVersion || sd.SignerInfos[0].Version != map[bool]rfc5652.CMSVersion{false: 1, true: 3}[v.opts.SubjectKeyIdentifier] {
					t.Errorf("versions %v and %v", sd.Version, sd.SignerInfos[0].Version)
				}
			})
		}
	}
}

// TestSignTwoSigners: two signers of different key types sign one
// content; Verify returns both, in the order of the (sorted) SignerInfos.
func TestSignTwoSigners(t *testing.T) {
	p := newPKI(t)
	a, b := p.signer["rsa"], p.signer["ed25519"]
	enc, err := rfc5652.Sign([]byte("two"), []rfc5652.Signer{a, b}, nil)
	if err != nil {
		t.Fatal(err)
	}
	_, signers, err := rfc5652.Verify(enc, nil)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, s := range signers {
		got = append(got, s.Certificate.Subject.CommonName)
	}
	if len(got) != 2 || got[0] == got[1] {
		t.Errorf("signers %q, want both", got)
	}
	var ci rfc5652.ContentInfo
	if err := ci.UnmarshalDER(enc); err != nil {
		t.Fatal(err)
	}
	// SHA-256 for RSA, SHA-512 for Ed25519 (RFC 8419 3).
	if n := len(ci.Content.SignedData.DigestAlgorithms); n != 2 {
		t.Errorf("%d digest algorithms, want 2", n)
	}
}

// TestSignErrors: what Sign refuses.
func TestSignErrors(t *testing.T) {
	p := newPKI(t)
	rsaS, ecS := p.signer["rsa"], p.signer["p256"]
	cases := []struct {
		name    string
		signers []rfc5652.Signer
		opts    rfc5652.SignOptions
		want    string
	}{
		{"no signer", nil, rfc5652.SignOptions{}, "no signers"},
		{"key of another certificate", []rfc5652.Signer{{Certificate: rsaS.Certificate, Key: ecS.Key}}, rfc5652.SignOptions{}, "the key is not the certificate's"},
		{"SHA-1", []rfc5652.Signer{ecS}, rfc5652.SignOptions{Hash: crypto.SHA1}, "SHA-256 or stronger"},
		{"SHA-224", []rfc5652.Signer{rsaS}, rfc5652.SignOptions{Hash: crypto.SHA224}, "SHA-256 or stronger"},
		{"no attributes for another content type", []rfc5652.Signer{ecS}, rfc5652.SignOptions{NoAttributes: true, ContentType: rfc5652.IDCtContentInfo}, "must be present"},
	}
	for _, c := range cases {
		_, err := rfc5652.Sign([]byte("x"), c.signers, &c.opts)
		if err == nil || !bytes.Contains([]byte(err.Error()), []byte(c.want)) {
			t.Errorf("%s: error %v, want one containing %q", c.name, err, c.want)
		}
	}
}

// signedData signs content with signer "p256" and returns the decoded
// ContentInfo's SignedData, to be altered by a test.
func signedData(t *testing.T, content []byte, opts *rfc5652.SignOptions) *rfc5652.SignedData {
	t.Helper()
	p := newPKI(t)
	enc, err := rfc5652.Sign(content, []rfc5652.Signer{p.signer["p256"]}, opts)
	if err != nil {
		t.Fatal(err)
	}
	var ci rfc5652.ContentInfo
	if err := ci.UnmarshalDER(enc); err != nil {
		t.Fatal(err)
	}
	return ci.Content.SignedData
}

// TestVerifyFailures alters signed messages and checks each failure's
// kind (errors.Is) and where it is located (SignerError.Field).
func TestVerifyFailures(t *testing.T) {
	p := newPKI(t)
	content := []byte("the content")
	other, err := p.issue(999, "stranger", p.signer["p256"].Certificate.PublicKey)
	if err != nil {
		t.Fatal(err)
	}
	otherRoots := x509.NewCertPool()
	otherRoots.AddCert(other) // a self-chosen root that did not issue the signer
	cases := []struct {
		name  string
		sign  rfc5652.SignOptions
		alter func(sd *rfc5652.SignedData)
		opts  rfc5652.VerifyOptions
		kind  error
		field string // "" when the error is not a SignerError
	}{
		{name: "content changed", alter: func(sd *rfc5652.SignedData) {
			sd.EncapContentInfo.EContent.Raw = []byte("the contenT")
		}, kind: rfc5652.ErrDigestMismatch, field: "signedAttrs[2]"},
		{name: "content changed, no attributes", sign: rfc5652.SignOptions{NoAttributes: true}, alter: func(sd *rfc5652.SignedData) {
			sd.EncapContentInfo.EContent.Raw = []byte("the contenT")
		}, kind: rfc5652.ErrSignature, field: "signature"},
		{name: "detached, another content", sign: rfc5652.SignOptions{Detached: true},
			opts: rfc5652.VerifyOptions{Content: []byte("other")}, kind: rfc5652.ErrDigestMismatch, field: "signedAttrs[2]"},
		{name: "detached, no content", sign: rfc5652.SignOptions{Detached: true}, kind: rfc5652.ErrNoContent},
		{name: "signature changed", alter: func(sd *rfc5652.SignedData) {
			sd.SignerInfos[0].Signature[10] ^= 1
		}, kind: rfc5652.ErrSignature, field: "signature"},
		{name: "signing time changed", alter: func(sd *rfc5652.SignedData) {
			a := &sd.SignerInfos[0].SignedAttrs[1].AttrValues[0]
			a.SigningTime.Value = der.TimeOf(a.SigningTime.Value.Time().Add(time.Second))
			reencodeAttrs(t, &sd.SignerInfos[0])
		}, kind: rfc5652.ErrSignature, field: "signature"},
		{name: "no certificates", sign: rfc5652.SignOptions{NoCertificates: true}, kind: rfc5652.ErrSignerNotFound, field: "sid"},
		{name: "no certificates, SKI", sign: rfc5652.SignOptions{NoCertificates: true, SubjectKeyIdentifier: true}, kind: rfc5652.ErrSignerNotFound, field: "sid"},
		{name: "another signer's certificate", sign: rfc5652.SignOptions{NoCertificates: true},
			opts: rfc5652.VerifyOptions{Certificates: []*x509.Certificate{p.signer["p384"].Certificate}}, kind: rfc5652.ErrSignerNotFound, field: "sid"},
		{name: "content type changed", alter: func(sd *rfc5652.SignedData) {
			sd.EncapContentInfo.EContentType = rfc5652.IDCtContentInfo
		}, kind: rfc5652.ErrAttributes, field: "signedAttrs[0]"},
		{name: "message digest removed", alter: func(sd *rfc5652.SignedData) {
			si := &sd.SignerInfos[0]
			si.SignedAttrs = si.SignedAttrs[:2]
			reencodeAttrs(t, si)
		}, kind: rfc5652.ErrAttributes, field: "signedAttrs"},
		{name: "content type twice", alter: func(sd *rfc5652.SignedData) {
			si := &sd.SignerInfos[0]
			si.SignedAttrs = append(si.SignedAttrs, si.SignedAttrs[0])
			reencodeAttrs(t, si)
		}, kind: rfc5652.ErrAttributes, field: "signedAttrs[3]"},
		{name: "message digest of two values", alter: func(sd *rfc5652.SignedData) {
			a := &sd.SignerInfos[0].SignedAttrs[2]
			a.AttrValues = append(a.AttrValues, rfc5652.SignedAttributesSet{Kind: rfc5652.AaMessageDigest, MessageDigest: []byte{1}})
			reencodeAttrs(t, &sd.SignerInfos[0])
		}, kind: rfc5652.ErrAttributes, field: "signedAttrs[2]"},
		{name: "SHA-1", alter: func(sd *rfc5652.SignedData) {
			sd.SignerInfos[0].DigestAlgorithm.Algorithm = rfc5280.IDSHA1
		}, kind: rfc5652.ErrInsecureAlgorithm, field: "digestAlgorithm"},
		{name: "SHA-1 allowed", alter: func(sd *rfc5652.SignedData) {
			sd.SignerInfos[0].DigestAlgorithm.Algorithm = rfc5280.IDSHA1
		}, opts: rfc5652.VerifyOptions{AllowSHA1: true}, kind: rfc5652.ErrDigestMismatch, field: "signedAttrs[2]"},
		{name: "MD5", alter: func(sd *rfc5652.SignedData) {
			sd.SignerInfos[0].DigestAlgorithm.Algorithm = rfc5280.IDMD5
		}, kind: rfc5652.ErrUnsupportedAlgorithm, field: "digestAlgorithm"},
		{name: "Ed448", alter: func(sd *rfc5652.SignedData) {
			sd.SignerInfos[0].SignatureAlgorithm.Algorithm = der.OID("+e\x71")
		}, kind: rfc5652.ErrUnsupportedAlgorithm, field: "signatureAlgorithm"},
		{name: "RSA algorithm, ECDSA key", alter: func(sd *rfc5652.SignedData) {
			sd.SignerInfos[0].SignatureAlgorithm.Algorithm = rfc5280.SHA256WithRSAEncryption
		}, kind: rfc5652.ErrSignature, field: "signature"},
		{name: "untrusted", opts: rfc5652.VerifyOptions{Chain: &x509.VerifyOptions{Roots: otherRoots}}, kind: rfc5652.ErrChain, field: "sid"},
		{name: "wrong key usage", opts: rfc5652.VerifyOptions{Chain: &x509.VerifyOptions{Roots: p.roots, KeyUsages: []x509.ExtKeyUsage{x509.ExtKeyUsageCodeSigning}}},
			kind: rfc5652.ErrChain, field: "sid"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			sd := signedData(t, content, &c.sign)
			if c.alter != nil {
				c.alter(sd)
			}
			_, err := sd.Verify(&c.opts)
			if !errors.Is(err, c.kind) {
				t.Fatalf("error %v, want %v", err, c.kind)
			}
			var se *rfc5652.SignerError
			if !errors.As(err, &se) {
				if c.field != "" {
					t.Fatalf("error %v is not a *SignerError", err)
				}
				return
			}
			if se.Index != 0 || se.Field != c.field {
				t.Errorf("error at signerInfos[%d] %s, want [0] %s: %v", se.Index, se.Field, c.field, err)
			}
		})
	}
}

// reencodeAttrs makes si's received signed attributes those of its
// decoded value, as if a sender had written them.
func reencodeAttrs(t *testing.T, si *rfc5652.SignerInfo) {
	t.Helper()
	b := der.NewBuilder(nil)
	si.SignedAttrs.EncodeASN1(b, der.Context(0))
	raw, err := b.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	si.SignedAttrsRaw = raw
}

// TestVerifyErrorText: a SignerError names the signer and the field.
func TestVerifyErrorText(t *testing.T) {
	sd := signedData(t, []byte("x"), nil)
	sd.EncapContentInfo.EContent.Raw = []byte("y")
	_, err := sd.Verify(nil)
	p := newPKI(t)
	c := p.signer["p256"].Certificate
	want := fmt.Sprintf("rfc5652: SignedData.signerInfos[0] (issuer %s, serial 0x%x) signedAttrs[2]: message digest does not match the content: SHA-256 digest", c.Issuer, c.SerialNumber)
	if err == nil || !bytes.HasPrefix([]byte(err.Error()), []byte(want)) {
		t.Errorf("error\n%v\nwant it to begin\n%s", err, want)
	}
}

// TestVerifyNoSigners: a certs-only bundle has nothing to verify.
func TestVerifyNoSigners(t *testing.T) {
	var ci rfc5652.ContentInfo
	enc := readTestdata(t, "windows.p7c")
	if err := ci.UnmarshalDER(enc); err != nil {
		t.Fatal(err)
	}
	if _, _, err := rfc5652.Verify(enc, nil); !errors.Is(err, rfc5652.ErrNoSigners) {
		t.Errorf("error %v, want ErrNoSigners", err)
	}
	var data rfc5652.ContentInfo
	data.ContentType = rfc5652.IDData
	data.Content.SetData([]byte("x"))
	enc, err := data.MarshalDER()
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := rfc5652.Verify(enc, nil); !errors.Is(err, rfc5652.ErrNotSignedData) {
		t.Errorf("error %v, want ErrNotSignedData", err)
	}
}

// TestSignedAttributesAsReceived: the signature covers the signed
// attributes as received. Unsorted attributes (BER, or a DER defect) that
// the signer signed in that order verify; so do attributes the signer
// signed in DER but that reached us unsorted.
func TestSignedAttributesAsReceived(t *testing.T) {
	p := newPKI(t)
	s := p.signer["p256"]
	content := []byte("order")
	ci, err := rfc5652.NewSignedData(content, []rfc5652.Signer{s}, &rfc5652.SignOptions{NoAttributes: true})
	if err != nil {
		t.Fatal(err)
	}
	sd := ci.Content.SignedData
	si := &sd.SignerInfos[0]
	digest := crypto.SHA256.New()
	digest.Write(content)
	// message-digest before content-type: not the DER order.
	attrs := []byte{0xa0, 0, 0x30, 0x2f, 0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x09, 0x04, 0x31, 0x22, 0x04, 0x20}
	attrs = append(attrs, digest.Sum(nil)...)
	attrs = append(attrs, 0x30, 0x18, 0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x09, 0x03, 0x31, 0x0b, 0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x07, 0x01)
	attrs[1] = byte(len(attrs) - 2)
	for _, signed := range []string{"as received", "DER"} {
		t.Run(signed, func(t *testing.T) {
			r := der.NewReader(attrs, &der.Options{Tolerate: der.TolerateUnsortedSetOf})
			var a rfc5652.SignedAttributes
			if err := a.DecodeASN1(&r, der.Context(0)); err != nil {
				t.Fatal(err)
			}
			si.SignedAttrs, si.HasSignedAttrs, si.SignedAttrsRaw = a, true, attrs
			msg := append([]byte{0x31}, attrs[1:]...)
			if signed == "DER" {
				if msg, err = der.Marshal(&a, nil); err != nil {
					t.Fatal(err)
				}
				if bytes.Equal(msg[2:], attrs[2:]) {
					t.Fatal("the DER re-encoding has the received order")
				}
			}
			h := crypto.SHA256.New()
			h.Write(msg)
			sig, err := s.Key.Sign(rand.Reader, h.Sum(nil), crypto.SHA256)
			if err != nil {
				t.Fatal(err)
			}
			si.Signature = sig
			signers, err := sd.Verify(nil)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(s.Certificate.Raw, signers[0].Certificate.Raw); diff != "" {
				t.Errorf("signer (-want +got):\n%s", diff)
			}
		})
	}
}

// readTestdata returns the octets of testdata/name.
func readTestdata(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestVerifyPKCS7Content: a PKCS #7 SignedData whose [0] holds the
// content's SEQUENCE (RFC 2315 9.1, as Authenticode writes) instead of an
// OCTET STRING. RFC 2315 9.3 digests the SEQUENCE's contents octets, so
// a CMS SignedData of those octets turned into that shape (the OCTET
// STRING's tag made SEQUENCE's: same length octets) must verify, and
// Verify returns the SEQUENCE.
func TestVerifyPKCS7Content(t *testing.T) {
	p := newPKI(t)
	contents := []byte{0x06, 0x03, 0x2a, 0x03, 0x04, 0x04, 0x02, 'h', 'i'} // { 1.2.3.4, "hi" }
	spcIndirectData := der.OID("+\x06\x01\x04\x01\x827\x02\x01\x04")       // 1.3.6.1.4.1.311.2.1.4
	enc, err := rfc5652.Sign(contents, []rfc5652.Signer{p.signer["rsa"]}, &rfc5652.SignOptions{ContentType: spcIndirectData})
	if err != nil {
		t.Fatal(err)
	}
	i := bytes.Index(enc, append([]byte{0x04, byte(len(contents))}, contents...))
	if i < 0 {
		t.Fatal("no eContent OCTET STRING in the output")
	}
	pkcs7 := bytes.Clone(enc)
	pkcs7[i] = 0x30
	if err := new(rfc5652.ContentInfo).UnmarshalDER(pkcs7); err == nil {
		t.Fatal("the PKCS #7 shape decodes as CMS")
	}
	content, signers, err := rfc5652.Verify(pkcs7, nil)
	if err != nil {
		t.Fatal(err)
	}
	if want := append([]byte{0x30, byte(len(contents))}, contents...); !bytes.Equal(content, want) || len(signers) != 1 {
		t.Errorf("content %x and %d signers, want %x and 1", content, len(signers), want)
	}
	pkcs7[len(pkcs7)-1] ^= 1 // the signature's last octet
	if _, _, err := rfc5652.Verify(pkcs7, nil); !errors.Is(err, rfc5652.ErrSignature) {
		t.Errorf("a changed signature: %v, want ErrSignature", err)
	}
}

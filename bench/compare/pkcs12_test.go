package compare

import (
	"bytes"
	"crypto"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"errors"
	"math/big"
	"os"
	"testing"
	"time"

	"github.com/asn1gen/asn1gen/generated/rfc7292"
	"github.com/asn1gen/asn1gen/internal/pbe"
	gopkcs12 "software.sslmate.com/src/go-pkcs12"
)

// BenchmarkPKCS12Certs pulls the certificates out of an unencrypted
// PKCS #12 file (synta's workload): asn1gen's rfc7292.Certificates returns
// the DER of each; go-pkcs12 decodes the file with its password ("foo", for the MAC)
// and parses the certificates with crypto/x509, the only way it offers.
func BenchmarkPKCS12Certs(b *testing.B) {
	der, err := os.ReadFile("../../generated/rfc7292/testdata/no_encryption.p12")
	if err != nil {
		b.Fatal(err)
	}
	want, err := rfc7292.Certificates(der)
	if err != nil || len(want) == 0 {
		b.Fatal(err)
	}
	b.Run("asn1gen", func(b *testing.B) {
		b.SetBytes(int64(len(der)))
		b.ReportAllocs()
		for b.Loop() {
			if certs, err := rfc7292.Certificates(der); err != nil || len(certs) != len(want) {
				b.Fatal(err)
			}
		}
	})
	b.Run("go-pkcs12", func(b *testing.B) {
		b.SetBytes(int64(len(der)))
		b.ReportAllocs()
		for b.Loop() {
			if _, cert, _, err := gopkcs12.DecodeChain(der, "foo"); err != nil || cert == nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkPKCS12DecodeAES opens a file made by `openssl pkcs12 -export`
// with OpenSSL 3's defaults (a P-256 key and two certificates; PBES2 with
// PBKDF2-HMAC-SHA-256 and AES-256-CBC for the key and the certificates,
// a SHA-256 MAC, 2048 iterations each): asn1gen's rfc7292.Decode, and
// go-pkcs12's DecodeChain, on the same file, so at the same iteration
// counts. The floor is the three key derivations alone that any reader
// must run (the MAC's PKCS #12 KDF with SHA-256, and PBKDF2-HMAC-SHA-256
// for each encrypted part): the ratio of a reader to it is that reader's
// overhead over the KDF.
func BenchmarkPKCS12DecodeAES(b *testing.B) {
	pfx, err := os.ReadFile("../../generated/rfc7292/testdata/openssl-aes256.p12")
	if err != nil {
		b.Fatal(err)
	}
	const password, iterations = "example", 2048
	salt := make([]byte, 8) // OpenSSL's salt length; the cost does not depend on it
	pw := pbe.NewPassword(password)
	b.Run("floor", func(b *testing.B) {
		for b.Loop() {
			if _, err := (pbe.Options{}).PKCS12KDF(crypto.SHA256, pw.BMP(), salt, iterations, pbe.IDMAC, 32); err != nil {
				b.Fatal(err)
			}
			for range 2 {
				if _, err := (pbe.Options{}).PBKDF2(pbe.OIDHMACWithSHA256, pw, salt, iterations, 32); err != nil {
					b.Fatal(err)
				}
			}
		}
	})
	b.Run("asn1gen", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			c, err := rfc7292.Decode(pfx, password)
			if err != nil || len(c.Certificates) != 2 || len(c.PrivateKeys) != 1 {
				b.Fatal(err)
			}
		}
	})
	b.Run("go-pkcs12", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if key, cert, cas, err := gopkcs12.DecodeChain(pfx, password); err != nil || key == nil || cert == nil || len(cas) != 1 {
				b.Fatal(err)
			}
		}
	})
}

// testMaterial is a P-256 key with its certificate and a CA's.
func testMaterial(t *testing.T) (*ecdsa.PrivateKey, *x509.Certificate, *x509.Certificate) {
	t.Helper()
	caKey, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := func(serial int64) *x509.Certificate {
		return &x509.Certificate{SerialNumber: big.NewInt(serial), Subject: pkix.Name{CommonName: "go-pkcs12 interop"},
			NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour), BasicConstraintsValid: true, IsCA: serial == 1}
	}
	caDER, err := x509.CreateCertificate(rand.Reader, tmpl(1), tmpl(1), &caKey.PublicKey, caKey)
	if err != nil {
		t.Fatal(err)
	}
	ca, _ := x509.ParseCertificate(caDER)
	leafDER, err := x509.CreateCertificate(rand.Reader, tmpl(2), ca, &key.PublicKey, caKey)
	if err != nil {
		t.Fatal(err)
	}
	leaf, _ := x509.ParseCertificate(leafDER)
	return key, leaf, ca
}

// TestGoPKCS12Interop has go-pkcs12 read what rfc7292.Encode writes, in
// every profile, and rfc7292.Decode read what go-pkcs12's encoders write.
func TestGoPKCS12Interop(t *testing.T) {
	key, leaf, ca := testMaterial(t)
	for _, p := range []rfc7292.Profile{rfc7292.Modern, rfc7292.ModernPBMAC1, rfc7292.LegacyDES, rfc7292.LegacyRC2} {
		for _, pw := range []string{"pw", "", "pässwörd 世界"} {
			pfx, err := rfc7292.Encode(key, [][]byte{leaf.Raw, ca.Raw}, pw, &rfc7292.EncodeOptions{Profile: p})
			if err != nil {
				t.Fatal(err)
			}
			k, cert, cas, err := gopkcs12.DecodeChain(pfx, pw)
			if err != nil {
				t.Errorf("%v, password %q: go-pkcs12: %v", p, pw, err)
				continue
			}
			if !key.Equal(k) || !cert.Equal(leaf) || len(cas) != 1 || !cas[0].Equal(ca) {
				t.Errorf("%v, password %q: go-pkcs12 read another key or other certificates", p, pw)
			}
		}
	}
	store, err := rfc7292.EncodeTrustStore([][]byte{ca.Raw, leaf.Raw}, "store", nil)
	if err != nil {
		t.Fatal(err)
	}
	if certs, err := gopkcs12.DecodeTrustStore(store, "store"); err != nil || len(certs) != 2 || !certs[0].Equal(ca) {
		t.Errorf("go-pkcs12 DecodeTrustStore: %d certificates, %v", len(certs), err)
	}

	for _, enc := range []struct {
		name string
		e    *gopkcs12.Encoder
	}{
		{"Modern2023", gopkcs12.Modern2023}, {"Modern2026", gopkcs12.Modern2026},
		{"LegacyDES", gopkcs12.LegacyDES}, {"LegacyRC2", gopkcs12.LegacyRC2},
	} {
		pfx, err := enc.e.Encode(key, leaf, []*x509.Certificate{ca}, "their pw")
		if err != nil {
			t.Fatal(err)
		}
		c, err := rfc7292.Decode(pfx, "their pw")
		if err != nil {
			t.Errorf("%s: %v", enc.name, err)
			continue
		}
		k, l, others, err := c.Chain()
		if err != nil {
			t.Errorf("%s: %v", enc.name, err)
			continue
		}
		der, _ := l.Encoding()
		if !key.Equal(k) || !bytes.Equal(der, leaf.Raw) || len(others) != 1 {
			t.Errorf("%s: Decode read another key or other certificates", enc.name)
		}
		if _, err := rfc7292.Decode(pfx, "their pW"); !errors.Is(err, rfc7292.ErrIncorrectPassword) {
			t.Errorf("%s, wrong password: %v", enc.name, err)
		}
	}
	pfx, err := gopkcs12.Passwordless.EncodeTrustStore([]*x509.Certificate{ca, leaf}, "")
	if err != nil {
		t.Fatal(err)
	}
	if c, err := rfc7292.Decode(pfx, ""); err != nil || len(c.Certificates) != 2 {
		t.Errorf("go-pkcs12 Passwordless trust store: %v", err)
	}
	if certs, err := rfc7292.Certificates(pfx); err != nil || len(certs) != 2 {
		t.Errorf("Certificates of go-pkcs12's Passwordless trust store: %d, %v", len(certs), err)
	}
}

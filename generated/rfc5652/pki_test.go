package rfc5652_test

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"crypto/x509/pkix"
	"math/big"
	"sync"
	"testing"
	"time"

	"github.com/asn1gen/asn1gen/generated/rfc5652"
)

// testPKI is a CA and one end-entity certificate per key type, made once
// per test binary with crypto/x509: S/MIME signing certificates as
// `openssl cms -verify` accepts them by default (purpose smimesign).
type testPKI struct {
	ca     *x509.Certificate
	caKey  crypto.Signer
	roots  *x509.CertPool
	signer map[string]rfc5652.Signer // by key name: rsa, p256, p384, ed25519
}

var (
	pkiOnce sync.Once
	pki     *testPKI
	pkiErr  error
)

// keyNames are the key types of testPKI, in test order.
var keyNames = []string{"rsa", "p256", "p384", "ed25519"}

func newPKI(t testing.TB) *testPKI {
	t.Helper()
	pkiOnce.Do(func() { pki, pkiErr = makePKI() })
	if pkiErr != nil {
		t.Fatal(pkiErr)
	}
	return pki
}

func makePKI() (*testPKI, error) {
	caKey, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return nil, err
	}
	now := time.Now()
	caTmpl := &x509.Certificate{
		SerialNumber:          big.NewInt(1),
		Subject:               pkix.Name{CommonName: "asn1gen test CA", Organization: []string{"asn1gen"}},
		NotBefore:             now.Add(-time.Hour),
		NotAfter:              now.Add(24 * time.Hour),
		KeyUsage:              x509.KeyUsageCertSign | x509.KeyUsageCRLSign,
		BasicConstraintsValid: true,
		IsCA:                  true,
	}
	caDER, err := x509.CreateCertificate(rand.Reader, caTmpl, caTmpl, caKey.Public(), caKey)
	if err != nil {
		return nil, err
	}
	ca, err := x509.ParseCertificate(caDER)
	if err != nil {
		return nil, err
	}
	p := &testPKI{ca: ca, caKey: caKey, roots: x509.NewCertPool(), signer: map[string]rfc5652.Signer{}}
	p.roots.AddCert(ca)
	for i, name := range keyNames {
		var key crypto.Signer
		switch name {
		case "rsa":
			key, err = rsa.GenerateKey(rand.Reader, 2048)
		case "p256":
			key, err = ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
		case "p384":
			key, err = ecdsa.GenerateKey(elliptic.P384(), rand.Reader)
		case "ed25519":
			_, key, err = ed25519.GenerateKey(rand.Reader)
		}
		if err != nil {
			return nil, err
		}
		cert, err := p.issue(int64(100+i), "signer "+name, key.Public())
		if err != nil {
			return nil, err
		}
		p.signer[name] = rfc5652.Signer{Certificate: cert, Key: key}
	}
	return p, nil
}

// issue makes an S/MIME signing certificate for pub, issued by the CA
// (crypto/x509 writes a subject key identifier).
func (p *testPKI) issue(serial int64, cn string, pub crypto.PublicKey) (*x509.Certificate, error) {
	now := time.Now()
	tmpl := &x509.Certificate{
		SerialNumber:   big.NewInt(serial),
		Subject:        pkix.Name{CommonName: cn, Organization: []string{"asn1gen"}},
		EmailAddresses: []string{"signer@example.com"},
		NotBefore:      now.Add(-time.Hour),
		NotAfter:       now.Add(24 * time.Hour),
		KeyUsage:       x509.KeyUsageDigitalSignature,
		ExtKeyUsage:    []x509.ExtKeyUsage{x509.ExtKeyUsageEmailProtection},
		// crypto/x509 writes a subject key identifier for CAs only.
		SubjectKeyId: big.NewInt(serial).Bytes(),
	}
	d, err := x509.CreateCertificate(rand.Reader, tmpl, p.ca, pub, p.caKey)
	if err != nil {
		return nil, err
	}
	return x509.ParseCertificate(d)
}

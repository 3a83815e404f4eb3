package rfc5652_test

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"errors"
	"fmt"
	"log"
	"math/big"
	"os"
	"time"

	"github.com/asn1gen/asn1gen/generated/rfc5652"
	"github.com/asn1gen/asn1gen/runtime/der"
)

// List the certificates of a PKCS #7 certs-only bundle (this one, written
// by NSS, is BER).
func ExampleCertificates() {
	enc, err := os.ReadFile("testdata/nss.p7c")
	if err != nil {
		log.Fatal(err)
	}
	certs, err := rfc5652.Certificates(enc)
	if err != nil {
		log.Fatal(err)
	}
	for _, c := range certs {
		xc, err := x509.ParseCertificate(c)
		if err != nil {
			log.Fatal(err)
		}
		fmt.Println(xc.Subject)
	}
	// Output:
	// CN=GeoTrust Global CA,O=GeoTrust Inc.,C=US
	// CN=mail.google.com,O=Google Inc,L=Mountain View,ST=California,C=US
	// CN=Google Internet Authority G2,O=Google Inc,C=US
}

// Walk the CertificateChoices of a SignedData.
func ExampleSignedData() {
	ber, err := os.ReadFile("testdata/windows.p7c")
	if err != nil {
		log.Fatal(err)
	}
	var ci rfc5652.ContentInfo
	if err := der.Unmarshal(ber, &ci, &der.Options{BER: true}); err != nil {
		log.Fatal(err)
	}
	if ci.Content.Kind != rfc5652.CtSignedData {
		log.Fatalf("content type %v", ci.ContentType)
	}
	sd := ci.Content.SignedData
	fmt.Println("signers:", len(sd.SignerInfos))
	for _, c := range sd.Certificates {
		fmt.Println(c.Choice, len(c.Certificate.ToBeSignedRaw), "octets signed")
	}
	// Output:
	// signers: 0
	// certificate 495 octets signed
}

// Verify a CMS signature: an attached SignedData whose signer certificate
// it carries. Without VerifyOptions.Chain this shows only that the holder
// of that certificate's key signed; see the Sign example for trust.
func ExampleVerify() {
	ber, err := os.ReadFile("testdata/asn1crypto-cms-signed.der")
	if err != nil {
		log.Fatal(err)
	}
	content, signers, err := rfc5652.Verify(ber, nil)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%q\n", content)
	for _, s := range signers {
		fmt.Println("signed by", s.Certificate.Subject.CommonName, "at", s.SigningTime)
	}
	// Output:
	// "This is the message to encapsulate in PKCS#7/CMS\r\n"
	// signed by Will Bond at 2015-05-30 13:12:38 +0000 UTC
}

// Sign a content (a detached signature, as a .p7s file holds), then
// verify it as a receiver who trusts the signer's CA (here the signer
// certificate itself).
func ExampleSign() {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		log.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(1),
		Subject:      pkix.Name{CommonName: "Example Signer"},
		NotBefore:    time.Now().Add(-time.Hour),
		NotAfter:     time.Now().Add(time.Hour),
		KeyUsage:     x509.KeyUsageDigitalSignature | x509.KeyUsageCertSign,
		IsCA:         true, BasicConstraintsValid: true,
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, key.Public(), key)
	if err != nil {
		log.Fatal(err)
	}
	cert, err := x509.ParseCertificate(der)
	if err != nil {
		log.Fatal(err)
	}
	content := []byte("release-1.0.tar.gz: 2f1e...\n")
	p7s, err := rfc5652.Sign(content, []rfc5652.Signer{{Certificate: cert, Key: key}}, &rfc5652.SignOptions{Detached: true})
	if err != nil {
		log.Fatal(err)
	}

	roots := x509.NewCertPool()
	roots.AddCert(cert)
	_, signers, err := rfc5652.Verify(p7s, &rfc5652.VerifyOptions{
		Content: content,
		Chain:   &x509.VerifyOptions{Roots: roots, KeyUsages: []x509.ExtKeyUsage{x509.ExtKeyUsageAny}},
	})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("verified:", signers[0].Certificate.Subject, "chain of", len(signers[0].Chains[0]))
	_, _, err = rfc5652.Verify(p7s, &rfc5652.VerifyOptions{Content: []byte("another content")})
	fmt.Println(errors.Is(err, rfc5652.ErrDigestMismatch))
	// Output:
	// verified: CN=Example Signer chain of 1
	// true
}

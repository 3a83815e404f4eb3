package rfc5652_test

import (
	"crypto/x509"
	"fmt"
	"log"
	"os"

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

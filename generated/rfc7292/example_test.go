package rfc7292_test

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"errors"
	"fmt"
	"log"
	"math/big"
	"os"
	"time"

	"github.com/asn1gen/asn1gen/generated/rfc5280"
	"github.com/asn1gen/asn1gen/generated/rfc5652"
	"github.com/asn1gen/asn1gen/generated/rfc7292"
	"github.com/asn1gen/asn1gen/runtime/der"
)

// Open a PKCS #12 file with its password: its certificates, its private
// key and the bags' friendly names.
func ExampleDecode() {
	pfx, err := os.ReadFile("testdata/openssl-aes256.p12") // openssl pkcs12 -export, OpenSSL 3's defaults
	if err != nil {
		log.Fatal(err)
	}
	c, err := rfc7292.Decode(pfx, "example")
	if errors.Is(err, rfc7292.ErrIncorrectPassword) {
		log.Fatal("wrong password")
	} else if err != nil {
		log.Fatal(err)
	}
	for _, cert := range c.Certificates {
		xc, err := cert.X509() // crypto/x509's view; cert.Encoding() is the DER
		if err != nil {
			log.Fatal(err)
		}
		fmt.Println("certificate:", xc.Subject, xc.DNSNames)
	}
	for _, key := range c.PrivateKeys {
		fmt.Printf("key: %T\n", key)
	}
	for _, b := range c.Bags {
		if b.FriendlyName != "" {
			fmt.Printf("%s: friendlyName %q, localKeyId %x\n", b.Path, b.FriendlyName, b.LocalKeyID)
		}
	}
	// Output:
	// certificate: CN=example.com,O=asn1gen [example.com www.example.com]
	// certificate: CN=asn1gen example CA []
	// key: *ecdsa.PrivateKey
	// AuthenticatedSafe[0].SafeContents[0]: friendlyName "example.com", localKeyId f01efab6be885c8136d9478afe4fb8f49e04eed0
	// AuthenticatedSafe[1].SafeContents[0]: friendlyName "example.com", localKeyId f01efab6be885c8136d9478afe4fb8f49e04eed0
}

// Load a key and its chain for crypto/tls, as go-pkcs12's DecodeChain
// does.
func ExampleContents_Chain() {
	pfx, err := os.ReadFile("testdata/openssl-aes256.p12")
	if err != nil {
		log.Fatal(err)
	}
	c, err := rfc7292.Decode(pfx, "example")
	if err != nil {
		log.Fatal(err)
	}
	key, leaf, chain, err := c.Chain()
	if err != nil {
		log.Fatal(err)
	}
	cert := tls.Certificate{PrivateKey: key}
	for _, c := range append([]*rfc5280.Certificate{leaf}, chain...) {
		der, err := c.Encoding()
		if err != nil {
			log.Fatal(err)
		}
		cert.Certificate = append(cert.Certificate, der)
	}
	fmt.Println(len(cert.Certificate), "certificates")
	// Output:
	// 2 certificates
}

// Create a PKCS #12 file for a key and its certificate, with the modern
// algorithms (PBES2 with AES-256-CBC, a SHA-256 MAC) that OpenSSL 3 writes;
// EncodeOptions.Profile chooses older ones for older readers.
func ExampleEncode() {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		log.Fatal(err)
	}
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "example"}, NotAfter: time.Now().AddDate(1, 0, 0)}
	cert, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, key.Public(), key)
	if err != nil {
		log.Fatal(err)
	}
	pfx, err := rfc7292.Encode(key, [][]byte{cert}, "secret", &rfc7292.EncodeOptions{FriendlyName: "example"})
	if err != nil {
		log.Fatal(err)
	}
	// os.WriteFile("example.p12", pfx, 0o600); `openssl pkcs12 -in example.p12` reads it.
	c, err := rfc7292.Decode(pfx, "secret")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(len(c.Certificates), "certificate,", len(c.PrivateKeys), "key, friendlyName", c.Bags[0].FriendlyName)
	// Output:
	// 1 certificate, 1 key, friendlyName example
}

// List the certificates of a PKCS #12 file whose certificates are not
// encrypted, without its password.
func ExampleCertificates() {
	enc, err := os.ReadFile("testdata/no_encryption.p12")
	if err != nil {
		log.Fatal(err)
	}
	certs, err := rfc7292.Certificates(enc)
	if err != nil {
		log.Fatal(err)
	}
	for _, c := range certs {
		xc, err := x509.ParseCertificate(c)
		if err != nil {
			log.Fatal(err)
		}
		fmt.Println(xc.Subject, xc.NotAfter.Format("2006-01-02"))
	}
	// Output:
	// O=Internet Widgits Pty Ltd,ST=Some-State,C=AU 2014-05-23
}

// bagNames names the bag types of SafeBag.
var bagNames = map[rfc7292.BagTypeKind]string{
	rfc7292.BagTypeKind_KeyBag:              "keyBag",
	rfc7292.BagTypeKind_PKCS8ShroudedKeyBag: "pkcs8ShroudedKeyBag",
	rfc7292.BagTypeKind_CertBag:             "certBag",
	rfc7292.BagTypeKind_CRLBag:              "crlBag",
	rfc7292.BagTypeKind_SecretBag:           "secretBag",
	rfc7292.BagTypeKind_SafeContentsBag:     "safeContentsBag",
}

// Walk the parts and bags of a PKCS #12 file.
func ExamplePFX() {
	enc, err := os.ReadFile("testdata/no_encryption.p12")
	if err != nil {
		log.Fatal(err)
	}
	var pfx rfc7292.PFX
	if err := der.Unmarshal(enc, &pfx, &der.Options{BER: true}); err != nil {
		log.Fatal(err)
	}
	fmt.Println("MAC:", pfx.MacData.Mac.DigestAlgorithm.Algorithm, "iterations", pfx.MacData.Iterations.String())
	if pfx.AuthSafe.Content.Kind != rfc5652.CtData {
		log.Fatalf("authSafe content type %v", pfx.AuthSafe.ContentType)
	}
	data, err := pfx.AuthSafe.Content.Data(nil)
	if err != nil {
		log.Fatal(err)
	}
	var as rfc7292.AuthenticatedSafe
	if err := der.Unmarshal(data, &as, &der.Options{BER: true}); err != nil {
		log.Fatal(err)
	}
	for _, part := range as {
		if part.Content.Kind != rfc5652.CtData {
			fmt.Println("part:", part.ContentType, "(encrypted)")
			continue
		}
		fmt.Println("part: data")
		data, err := part.Content.Data(nil)
		if err != nil {
			log.Fatal(err)
		}
		var sc rfc7292.SafeContents
		if err := der.Unmarshal(data, &sc, &der.Options{BER: true}); err != nil {
			log.Fatal(err)
		}
		for _, bag := range sc {
			fmt.Println("  bag:", bagNames[bag.BagValue.Kind])
			for _, a := range bag.BagAttributes {
				for _, v := range a.AttrValues {
					switch v.Kind {
					case rfc7292.FriendlyName:
						fmt.Printf("    friendlyName %q\n", v.FriendlyName)
					case rfc7292.LocalKeyID:
						fmt.Printf("    localKeyId %x\n", v.LocalKeyID)
					}
				}
			}
		}
	}
	// Output:
	// MAC: 1.3.14.3.2.26 iterations 2048
	// part: data
	//   bag: certBag
	//     localKeyId 3f3138ecb9f145e13e90710dc128ba4e6fa09ced
	// part: data
	//   bag: keyBag
	//     localKeyId 3f3138ecb9f145e13e90710dc128ba4e6fa09ced
}

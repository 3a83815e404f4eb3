package rfc7292_test

import (
	"crypto/x509"
	"fmt"
	"log"
	"os"

	"github.com/asn1gen/asn1gen/generated/rfc5652"
	"github.com/asn1gen/asn1gen/generated/rfc7292"
	"github.com/asn1gen/asn1gen/runtime/der"
)

// List the certificates in the unencrypted bags of a PKCS #12 file.
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

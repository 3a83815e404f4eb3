package rfc5280_test

import (
	"bytes"
	"encoding/pem"
	"fmt"
	"log"
	"os"

	"github.com/asn1gen/asn1gen/generated/rfc5280"
)

// Read the DNS names of a certificate's subject alternative names from a
// shallow parse: only the extensions are read, and of the subjectAltName
// only the DNS names are decoded.
func ExampleParseCertificateView() {
	data, err := os.ReadFile("testdata/alt1-cert.pem")
	if err != nil {
		log.Fatal(err)
	}
	block, _ := pem.Decode(data)
	cert, err := rfc5280.ParseCertificateView(block.Bytes, nil)
	if err != nil {
		log.Fatal(err)
	}
	tbs, err := cert.ToBeSigned()
	if err != nil {
		log.Fatal(err)
	}
	exts, err := tbs.Extensions()
	if err != nil {
		log.Fatal(err)
	}
	it := exts.Iter()
	for it.Next() {
		ext := it.View()
		// The OID's contents, compared without decoding anything else.
		if id, err := ext.ExtnID(); err != nil || !bytes.Equal(id, rfc5280.IDCeSubjectAltName) {
			continue
		}
		// The value's view: its key selects GeneralNames.
		names, ok, err := ext.ExtnValueGeneralNames()
		if err != nil || !ok {
			log.Fatal(ok, err)
		}
		for it := names.Iter(); it.Next(); {
			if name := it.View(); name.Choice() == rfc5280.GeneralName_DNSName {
				dns, err := name.DNSName()
				if err != nil {
					log.Fatal(err)
				}
				fmt.Println("DNS:", dns)
			}
		}
	}
	if err := it.Err(); err != nil {
		log.Fatal(err)
	}
	fmt.Println("issuer:", len(tbs.IssuerRaw()), "bytes")
	// Output:
	// DNS: www.good.org
	// DNS: any.good.com
	// issuer: 25 bytes
}

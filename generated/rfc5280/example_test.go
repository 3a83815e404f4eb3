package rfc5280_test

import (
	"crypto/sha1"
	"fmt"
	"io"
	"log"
	"net"
	"os"
	"time"

	"github.com/asn1gen/asn1gen/generated/rfc5280"
	"github.com/asn1gen/asn1gen/runtime/der"
	"github.com/asn1gen/asn1gen/runtime/oids"
)

// Read a certificate's subject, subject alternative names, key usage and
// validity (what crypto/x509's Certificate fields give).
func Example_readCertificate() {
	data, err := os.ReadFile("testdata/alt1-cert.pem")
	if err != nil {
		log.Fatal(err)
	}
	certs, err := rfc5280.ParsePEMCertificates(data, nil)
	if err != nil {
		log.Fatal(err)
	}
	tbs := &certs[0].ToBeSigned
	san, err := tbs.SubjectAltNames()
	if err != nil {
		log.Fatal(err)
	}
	ku, hasKU := tbs.KeyUsage()
	fmt.Println("subject:", tbs.Subject, "CN:", tbs.Subject.CommonName())
	fmt.Println("DNS:", san.DNSNames(), "email:", san.EmailAddresses(), "IP:", san.IPAddresses(), "URI:", san.URIs())
	fmt.Println("key usage:", hasKU, ku.DigitalSignature(), "valid:", tbs.Validity.NotBefore.Value, "to", tbs.Validity.NotAfter.Value)
	// Output:
	// subject: CN=Joe Bloggs,CN=www.example.net,O=Good NC Test Certificate 1 CN: Joe Bloggs
	// DNS: [www.good.org any.good.com] email: [good@good.org any@good.com] IP: [192.168.0.1] URI: []
	// key usage: false false valid: 2018-05-16 02:38:13 +0000 UTC to 2118-05-17 02:38:13 +0000 UTC
}

// Read a certificate from DER (crypto/x509's ParseCertificate input; PEM
// goes through ParsePEMCertificates).
func ExampleCertificate_UnmarshalDER() {
	data, err := os.ReadFile("testdata/lets-encrypt-x3-cross-signed.der")
	if err != nil {
		log.Fatal(err)
	}
	var cert rfc5280.Certificate
	if err := cert.UnmarshalDER(data); err != nil {
		// A *der.Error with the offset and field path; the first 100
		// octets of this file give "asn1: Certificate at offset 0:
		// Certificate: input ends inside the contents (1170 octets
		// announced) (X.690 8.1.3)".
		log.Fatal(err)
	}
	tbs := &cert.ToBeSigned
	fmt.Println("subject:", tbs.Subject)
	fmt.Println("issuer:", tbs.Issuer.CommonName())
	fmt.Println("not after:", tbs.Validity.NotAfter.Value)
	if ku, ok := tbs.KeyUsage(); ok {
		fmt.Println("key usage:", ku)
	}
	// Output:
	// subject: CN=Let's Encrypt Authority X3,O=Let's Encrypt,C=US
	// issuer: DST Root CA X3
	// not after: 2021-03-17 16:40:46 +0000 UTC
	// key usage: {digitalSignature, keyCertSign, cRLSign}
}

// Name the extensions of a certificate by the ASN.1 names of their OIDs,
// which the package registers with package oids.
func Example_extensionNames() {
	data, err := os.ReadFile("testdata/alt1-cert.pem")
	if err != nil {
		log.Fatal(err)
	}
	certs, err := rfc5280.ParsePEMCertificates(data, nil)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("signature:", oids.String(certs[0].AlgorithmIdentifier.Algorithm))
	for _, ext := range certs[0].ToBeSigned.Extensions {
		fmt.Println(oids.String(ext.ExtnID), ext.ExtnID, "critical:", ext.Critical)
	}
	// Output:
	// signature: sha256WithRSAEncryption
	// id-ce-subjectKeyIdentifier 2.5.29.14 critical: false
	// id-ce-authorityKeyIdentifier 2.5.29.35 critical: false
	// id-ce-basicConstraints 2.5.29.19 critical: false
	// id-ce-subjectAltName 2.5.29.17 critical: false
}

// Read the subject alternative names of a certificate from a PEM file.
func Example_subjectAltName() {
	data, err := os.ReadFile("testdata/alt1-cert.pem")
	if err != nil {
		log.Fatal(err)
	}
	certs, err := rfc5280.ParsePEMCertificates(data, nil)
	if err != nil {
		log.Fatal(err)
	}
	for _, ext := range certs[0].ToBeSigned.Extensions {
		if ext.ExtnValue.Kind != rfc5280.ExtSubjectAltName {
			continue
		}
		// The rows of the table that select GeneralNames (subject and
		// issuer alternative names) share the field GeneralNames.
		for _, name := range *ext.ExtnValue.GeneralNames {
			switch name.Choice {
			case rfc5280.GeneralName_DNSName:
				fmt.Println("DNS:", name.DNSName)
			case rfc5280.GeneralName_RFC822Name:
				fmt.Println("email:", name.RFC822Name)
			case rfc5280.GeneralName_IPAddress:
				fmt.Println("IP:", net.IP(name.IPAddress))
			case rfc5280.GeneralName_UniformResourceIdentifier:
				fmt.Println("URI:", name.UniformResourceIdentifier)
			default:
				fmt.Println(name.Choice)
			}
		}
	}
	// Output:
	// DNS: www.good.org
	// DNS: any.good.com
	// email: good@good.org
	// email: any@good.com
	// IP: 192.168.0.1
}

// Read the attributes of a certificate's subject. The attributes whose
// values are instances of DirectoryString (names, organizations, titles)
// share one field, DirectoryString; those of Go type string (country,
// serial number, e-mail address) share another, String.
func Example_subjectAttributes() {
	data, err := os.ReadFile("testdata/alt1-cert.pem")
	if err != nil {
		log.Fatal(err)
	}
	certs, err := rfc5280.ParsePEMCertificates(data, nil)
	if err != nil {
		log.Fatal(err)
	}
	for _, rdn := range certs[0].ToBeSigned.Subject.RdnSequence {
		for _, atv := range rdn {
			switch v := atv.Value; v.Kind {
			case rfc5280.AtX520CommonName:
				fmt.Println("CN:", v.DirectoryString.Value, "as", v.DirectoryString.Choice)
			case rfc5280.AtX520OrganizationName:
				// The value converts to the attribute's own type.
				org := rfc5280.X520OrganizationName(v.DirectoryString)
				fmt.Println("O:", org.Value)
			case rfc5280.AtX520countryName:
				fmt.Println("C:", v.String)
			default:
				fmt.Println(atv.Type, v.Kind)
			}
		}
	}
	// Output:
	// O: Good NC Test Certificate 1
	// CN: www.example.net as uTF8String
	// CN: Joe Bloggs as uTF8String
}

// Walk the entries of a CRL.
func ExampleCertificateList() {
	enc, err := os.ReadFile("testdata/CarlRSACRLForAll.crl")
	if err != nil {
		log.Fatal(err)
	}
	var crl rfc5280.CertificateList
	if err := crl.UnmarshalDER(enc); err != nil {
		log.Fatal(err)
	}
	tbs := &crl.ToBeSigned
	fmt.Println("this update:", tbs.ThisUpdate.Value.Time().Format(time.RFC3339))
	for _, entry := range tbs.RevokedCertificates {
		serial := der.Integer(entry.UserCertificate).Big()
		fmt.Printf("serial %X revoked %s\n", serial, entry.RevocationDate.Value.Time().Format(time.DateOnly))
		for _, ext := range entry.CRLEntryExtensions {
			if ext.ExtnValue.Kind == rfc5280.ExtCRLReason {
				fmt.Println("  reason:", ext.ExtnValue.CRLReason)
			}
		}
	}
	// Output:
	// this update: 1999-08-27T07:00:00Z
	// serial 46346BC7800056BC11D36E2EC410B3B0 revoked 1999-08-22
	// serial 46346BC7800056BC11D36E2ED59A3090 revoked 1999-08-22
	// serial 46346BC7800056BC11D36E2ECD5D71D0 revoked 1999-08-24
}

// Stream the entries of a CRL from a file, one at a time, hashing the
// signed part on the way: memory stays that of one entry whatever the size
// of the CRL.
func ExampleCRLReader() {
	f, err := os.Open("testdata/CarlRSACRLForAll.crl")
	if err != nil {
		log.Fatal(err)
	}
	defer f.Close()
	c := rfc5280.NewCRLReader(f, nil)
	h := sha1.New()
	c.TBS = h
	for {
		entry, err := c.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			log.Fatal(err)
		}
		fmt.Printf("serial %X\n", der.Integer(entry.UserCertificate).Big())
	}
	crl, err := c.CertificateList()
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("signature algorithm:", crl.AlgorithmIdentifier.Algorithm)
	fmt.Printf("SHA-1 of the signed part: %x\n", h.Sum(nil))
	// Output:
	// serial 46346BC7800056BC11D36E2EC410B3B0
	// serial 46346BC7800056BC11D36E2ED59A3090
	// serial 46346BC7800056BC11D36E2ECD5D71D0
	// signature algorithm: 1.2.840.113549.1.1.4
	// SHA-1 of the signed part: 975d3b76a1900a9c5494f747d1b8ef8fffa6a7e9
}

// Hand a decoded certificate to crypto/x509, through the bytes it was
// decoded from.
func ExampleCertificate_X509() {
	data, err := os.ReadFile("testdata/alt1-cert.pem")
	if err != nil {
		log.Fatal(err)
	}
	certs, err := rfc5280.ParsePEMCertificates(data, nil)
	if err != nil {
		log.Fatal(err)
	}
	xc, err := certs[0].X509()
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(xc.Subject, xc.DNSNames)
	// Output:
	// CN=Joe Bloggs,O=Good NC Test Certificate 1 [www.good.org any.good.com]
}

// Stream the entries of a CRL with the generated stream reader (asn1gen gen
// -stream CertificateList.toBeSigned.revokedCertificates), then read the
// rest: the CRL's extensions and signature, which follow the entries.
func ExampleCertificateListStream() {
	f, err := os.Open("testdata/CarlRSACRLForAll.crl")
	if err != nil {
		log.Fatal(err)
	}
	defer f.Close()
	c := rfc5280.NewCertificateListStream(f, nil)
	h := sha1.New()
	c.Signed = h // the octets the signature covers
	head, err := c.Head()
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("issuer:", head.ToBeSigned.Issuer.CommonName())
	for {
		entry, err := c.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			log.Fatal(err) // located: "asn1: CertificateList.toBeSigned.revokedCertificates[2].revocationDate at offset ..."
		}
		fmt.Printf("serial %X revoked %s\n", der.Integer(entry.UserCertificate).Big(), entry.RevocationDate.Value.Time().Format(time.DateOnly))
	}
	crl, err := c.Rest()
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("signature algorithm:", crl.AlgorithmIdentifier.Algorithm)
	fmt.Printf("SHA-1 of the signed part: %x\n", h.Sum(nil))
	// Output:
	// issuer: CarlRSA
	// serial 46346BC7800056BC11D36E2EC410B3B0 revoked 1999-08-22
	// serial 46346BC7800056BC11D36E2ED59A3090 revoked 1999-08-22
	// serial 46346BC7800056BC11D36E2ECD5D71D0 revoked 1999-08-24
	// signature algorithm: 1.2.840.113549.1.1.4
	// SHA-1 of the signed part: 975d3b76a1900a9c5494f747d1b8ef8fffa6a7e9
}

package names_test

import (
	"fmt"

	"github.com/asn1gen/asn1gen/codegen/names"
)

func ExampleExported() {
	for _, n := range []string{
		"id-ce-keyUsage",
		"pkcs-9-at-friendlyName",
		"sha256WithRSAEncryption",
		"tbsCertificate",
		"id-pkix",
		"ecdsa-with-SHA256",
		"X520name",
		"dNSName",
		"iPAddress",
		"rfc822Name",
		"ub-name",
		"UE-CapabilityRAT-Container",
	} {
		fmt.Printf("%-27s %s\n", n, names.Exported(n))
	}
	// Output:
	// id-ce-keyUsage              IDCeKeyUsage
	// pkcs-9-at-friendlyName      PKCS9AtFriendlyName
	// sha256WithRSAEncryption     SHA256WithRSAEncryption
	// tbsCertificate              TBSCertificate
	// id-pkix                     IDPKIX
	// ecdsa-with-SHA256           ECDSAWithSHA256
	// X520name                    X520name
	// dNSName                     DNSName
	// iPAddress                   IPAddress
	// rfc822Name                  RFC822Name
	// ub-name                     UbName
	// UE-CapabilityRAT-Container  UECapabilityRATContainer
}

func ExampleUnexported() {
	for _, n := range []string{"tbsCertificate", "dNSName", "id-pkix", "type", "string"} {
		fmt.Println(names.Unexported(n))
	}
	// Output:
	// tbsCertificate
	// dnsName
	// idPKIX
	// type_
	// string_
}

func ExampleFieldNamer() {
	// The methods the generator puts on every type are reserved; a field
	// may share its type's name.
	f := names.NewFieldNamer("Raw", "UnmarshalDER", "UnmarshalBER", "MarshalDER", "AppendDER", "String")
	for _, id := range []string{"certificate", "raw", "string", "a-b", "aB"} {
		fmt.Println(f.Field(id))
	}
	// Output:
	// Certificate
	// Raw_
	// String_
	// AB
	// AB_
}

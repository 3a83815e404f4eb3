package rfcextract_test

import (
	"fmt"
	"log"

	"github.com/asn1gen/asn1gen/internal/rfcextract"
)

func ExampleExtract() {
	// The end of one RFC page and the start of the next, inside a module.
	text := "" +
		"3.  ASN.1 Module\n" +
		"\n" +
		"   Example-Module { iso(1) 2 3 }\n" +
		"   DEFINITIONS IMPLICIT TAGS ::=\n" +
		"   BEGIN\n" +
		"   Version ::= INTEGER { v1(0) }\n" +
		"\n" +
		"\n" +
		"\n" +
		"\n" +
		"Doe                          Standards Track                    [Page 7]\n" +
		"\f\n" +
		"RFC 9999                   Example Modules                    May 2024\n" +
		"\n" +
		"\n" +
		"   Data ::= OCTET STRING\n" +
		"   END\n"
	mods, err := rfcextract.Extract("rfc9999.txt", []byte(text))
	if err != nil {
		log.Fatal(err)
	}
	for _, m := range mods {
		fmt.Printf("%s, section %s, lines %d-%d:\n%s", m.Name, m.Section, m.StartLine, m.EndLine, m.Text)
	}
	// Output:
	// Example-Module, section 3, lines 3-17:
	// Example-Module { iso(1) 2 3 }
	// DEFINITIONS IMPLICIT TAGS ::=
	// BEGIN
	// Version ::= INTEGER { v1(0) }
	//
	// Data ::= OCTET STRING
	// END
}

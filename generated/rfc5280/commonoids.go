package rfc5280

import "github.com/asn1gen/asn1gen/runtime/oids"

// commonOIDs names OIDs that certificates often carry and that the
// package's modules do not define (oidnames.go has the ones they do), by
// the names their specifications give them. The list is short on purpose:
// each entry is a published name, checked against its source; OIDs that
// have no ASN.1 name (Certificate Transparency's, Netscape's, Microsoft's)
// are left dotted.
var commonOIDs = oids.Table{
	Package: "github.com/asn1gen/asn1gen/generated/rfc5280 (common OIDs)",
	Entries: []oids.Entry{
		// RFC 8410 (module Safecurves-pkix-18): EdDSA and ECDH keys.
		{OID: "+en", Name: "id-X25519"},  // 1.3.101.110
		{OID: "+eo", Name: "id-X448"},    // 1.3.101.111
		{OID: "+ep", Name: "id-Ed25519"}, // 1.3.101.112
		{OID: "+eq", Name: "id-Ed448"},   // 1.3.101.113
		// The CA/Browser Forum's policy identifiers (Baseline
		// Requirements 7.1.6.1, EV Guidelines 9.3.2).
		{OID: "g\x81\f\x01\x01", Name: "ev-guidelines"},              // 2.23.140.1.1
		{OID: "g\x81\f\x01\x02\x01", Name: "domain-validated"},       // 2.23.140.1.2.1
		{OID: "g\x81\f\x01\x02\x02", Name: "organization-validated"}, // 2.23.140.1.2.2
		{OID: "g\x81\f\x01\x02\x03", Name: "individual-validated"},   // 2.23.140.1.2.3
		// SLH-DSA (FIPS 205; NIST CSOR sigAlgs, as
		// draft-ietf-lamps-x509-slhdsa names them).
		{OID: "`\x86H\x01e\x03\x04\x03\x14", Name: "id-slh-dsa-sha2-128s"},  // 2.16.840.1.101.3.4.3.20
		{OID: "`\x86H\x01e\x03\x04\x03\x15", Name: "id-slh-dsa-sha2-128f"},  // 2.16.840.1.101.3.4.3.21
		{OID: "`\x86H\x01e\x03\x04\x03\x16", Name: "id-slh-dsa-sha2-192s"},  // 2.16.840.1.101.3.4.3.22
		{OID: "`\x86H\x01e\x03\x04\x03\x17", Name: "id-slh-dsa-sha2-192f"},  // 2.16.840.1.101.3.4.3.23
		{OID: "`\x86H\x01e\x03\x04\x03\x18", Name: "id-slh-dsa-sha2-256s"},  // 2.16.840.1.101.3.4.3.24
		{OID: "`\x86H\x01e\x03\x04\x03\x19", Name: "id-slh-dsa-sha2-256f"},  // 2.16.840.1.101.3.4.3.25
		{OID: "`\x86H\x01e\x03\x04\x03\x1a", Name: "id-slh-dsa-shake-128s"}, // 2.16.840.1.101.3.4.3.26
		{OID: "`\x86H\x01e\x03\x04\x03\x1b", Name: "id-slh-dsa-shake-128f"}, // 2.16.840.1.101.3.4.3.27
		{OID: "`\x86H\x01e\x03\x04\x03\x1c", Name: "id-slh-dsa-shake-192s"}, // 2.16.840.1.101.3.4.3.28
		{OID: "`\x86H\x01e\x03\x04\x03\x1d", Name: "id-slh-dsa-shake-192f"}, // 2.16.840.1.101.3.4.3.29
		{OID: "`\x86H\x01e\x03\x04\x03\x1e", Name: "id-slh-dsa-shake-256s"}, // 2.16.840.1.101.3.4.3.30
		{OID: "`\x86H\x01e\x03\x04\x03\x1f", Name: "id-slh-dsa-shake-256f"}, // 2.16.840.1.101.3.4.3.31
	},
}

// No module of the generated packages defines these OIDs (a test in
// ../ checks it), so the order of registration does not matter.
func init() { oids.Register(&commonOIDs) }

package asn1dump

// oidNames gives the ASN.1 value names of a few well-known object
// identifiers, as the defining specifications spell them (RFC 5280, 5652,
// 3279, 4055, 5480, 5758, 8410, 8017, 2985, FIPS 204/203 modules). It is
// deliberately small: enough to read certificates, CRLs, CMS and PKCS#8/#12
// at a glance. Names only; nothing depends on them.
var oidNames = map[string]string{
	// PKCS #1 (RFC 8017, RFC 4055)
	"1.2.840.113549.1.1.1":  "rsaEncryption",
	"1.2.840.113549.1.1.4":  "md5WithRSAEncryption",
	"1.2.840.113549.1.1.5":  "sha1WithRSAEncryption",
	"1.2.840.113549.1.1.7":  "id-RSAES-OAEP",
	"1.2.840.113549.1.1.8":  "id-mgf1",
	"1.2.840.113549.1.1.10": "id-RSASSA-PSS",
	"1.2.840.113549.1.1.11": "sha256WithRSAEncryption",
	"1.2.840.113549.1.1.12": "sha384WithRSAEncryption",
	"1.2.840.113549.1.1.13": "sha512WithRSAEncryption",

	// PKCS #7 / CMS content types (RFC 5652)
	"1.2.840.113549.1.7.1": "id-data",
	"1.2.840.113549.1.7.2": "id-signedData",
	"1.2.840.113549.1.7.3": "id-envelopedData",
	"1.2.840.113549.1.7.5": "id-digestedData",
	"1.2.840.113549.1.7.6": "id-encryptedData",

	// PKCS #9 attributes (RFC 2985, RFC 5652)
	"1.2.840.113549.1.9.1":  "id-emailAddress",
	"1.2.840.113549.1.9.3":  "id-contentType",
	"1.2.840.113549.1.9.4":  "id-messageDigest",
	"1.2.840.113549.1.9.5":  "id-signingTime",
	"1.2.840.113549.1.9.20": "pkcs-9-at-friendlyName",
	"1.2.840.113549.1.9.21": "pkcs-9-at-localKeyId",

	// DSA and ECDSA (RFC 3279, RFC 5480, RFC 5758)
	"1.2.840.10040.4.1":   "id-dsa",
	"1.2.840.10040.4.3":   "id-dsa-with-sha1",
	"1.2.840.10045.2.1":   "id-ecPublicKey",
	"1.2.840.10045.3.1.7": "secp256r1",
	"1.3.132.0.34":        "secp384r1",
	"1.3.132.0.35":        "secp521r1",
	"1.2.840.10045.4.1":   "ecdsa-with-SHA1",
	"1.2.840.10045.4.3.2": "ecdsa-with-SHA256",
	"1.2.840.10045.4.3.3": "ecdsa-with-SHA384",
	"1.2.840.10045.4.3.4": "ecdsa-with-SHA512",

	// EdDSA and ECDH on Edwards and Montgomery curves (RFC 8410)
	"1.3.101.110": "id-X25519",
	"1.3.101.111": "id-X448",
	"1.3.101.112": "id-Ed25519",
	"1.3.101.113": "id-Ed448",

	// hash functions (RFC 3279, RFC 5754)
	"1.3.14.3.2.26":          "id-sha1",
	"2.16.840.1.101.3.4.2.1": "id-sha256",
	"2.16.840.1.101.3.4.2.2": "id-sha384",
	"2.16.840.1.101.3.4.2.3": "id-sha512",

	// ML-DSA and ML-KEM (FIPS 204, FIPS 203; NIST CSOR)
	"2.16.840.1.101.3.4.3.17": "id-ml-dsa-44",
	"2.16.840.1.101.3.4.3.18": "id-ml-dsa-65",
	"2.16.840.1.101.3.4.3.19": "id-ml-dsa-87",
	"2.16.840.1.101.3.4.4.1":  "id-alg-ml-kem-512",
	"2.16.840.1.101.3.4.4.2":  "id-alg-ml-kem-768",
	"2.16.840.1.101.3.4.4.3":  "id-alg-ml-kem-1024",

	// attribute types (X.520, RFC 5280)
	"2.5.4.3":  "id-at-commonName",
	"2.5.4.5":  "id-at-serialNumber",
	"2.5.4.6":  "id-at-countryName",
	"2.5.4.7":  "id-at-localityName",
	"2.5.4.8":  "id-at-stateOrProvinceName",
	"2.5.4.10": "id-at-organizationName",
	"2.5.4.11": "id-at-organizationalUnitName",

	// certificate and CRL extensions (RFC 5280)
	"2.5.29.14":         "id-ce-subjectKeyIdentifier",
	"2.5.29.15":         "id-ce-keyUsage",
	"2.5.29.17":         "id-ce-subjectAltName",
	"2.5.29.19":         "id-ce-basicConstraints",
	"2.5.29.20":         "id-ce-cRLNumber",
	"2.5.29.21":         "id-ce-cRLReasons",
	"2.5.29.30":         "id-ce-nameConstraints",
	"2.5.29.31":         "id-ce-cRLDistributionPoints",
	"2.5.29.32":         "id-ce-certificatePolicies",
	"2.5.29.32.0":       "anyPolicy",
	"2.5.29.35":         "id-ce-authorityKeyIdentifier",
	"2.5.29.37":         "id-ce-extKeyUsage",
	"1.3.6.1.5.5.7.1.1": "id-pe-authorityInfoAccess",
	"1.3.6.1.5.5.7.2.1": "id-qt-cps",
	"1.3.6.1.5.5.7.3.1": "id-kp-serverAuth",
	"1.3.6.1.5.5.7.3.2": "id-kp-clientAuth",
	"1.3.6.1.5.5.7.3.4": "id-kp-emailProtection",
	"1.3.6.1.5.5.7.3.8": "id-kp-timeStamping",
	"1.3.6.1.5.5.7.3.9": "id-kp-OCSPSigning",

	// access methods (RFC 5280)
	"1.3.6.1.5.5.7.48.1": "id-ad-ocsp",
	"1.3.6.1.5.5.7.48.2": "id-ad-caIssuers",
}

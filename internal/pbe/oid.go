package pbe

// The algorithm identifiers this package takes, in dotted form: the
// AlgorithmIdentifier's OBJECT IDENTIFIER as its arcs joined by dots
// ("1.2.840.113549.1.5.13"), which encoding/asn1.ObjectIdentifier.String
// and the runtime's OID.String both produce.
const (
	// PKCS #12 password-based encryption (RFC 7292 Appendix C), under
	// pkcs-12PbeIds (1.2.840.113549.1.12.1). Their parameters are a
	// PBEParameter; their keys and IVs come from the PKCS #12 KDF with
	// SHA-1 over the BMPString password.
	OIDPBEWithSHAAnd128BitRC4        = "1.2.840.113549.1.12.1.1"
	OIDPBEWithSHAAnd40BitRC4         = "1.2.840.113549.1.12.1.2"
	OIDPBEWithSHAAnd3KeyTripleDESCBC = "1.2.840.113549.1.12.1.3"
	OIDPBEWithSHAAnd2KeyTripleDESCBC = "1.2.840.113549.1.12.1.4"
	OIDPBEWithSHAAnd128BitRC2CBC     = "1.2.840.113549.1.12.1.5"
	OIDPBEWithSHAAnd40BitRC2CBC      = "1.2.840.113549.1.12.1.6"

	// PBES1 (RFC 8018 section 6.1, Appendix A.3): PBKDF1 then DES-CBC or
	// RC2-CBC (64 effective bits). Their parameters are a PBEParameter.
	// MD2 is not supported (the standard library has no MD2).
	OIDPBEWithMD2AndDESCBC  = "1.2.840.113549.1.5.1"
	OIDPBEWithMD5AndDESCBC  = "1.2.840.113549.1.5.3"
	OIDPBEWithMD2AndRC2CBC  = "1.2.840.113549.1.5.4"
	OIDPBEWithMD5AndRC2CBC  = "1.2.840.113549.1.5.6"
	OIDPBEWithSHA1AndDESCBC = "1.2.840.113549.1.5.10"
	OIDPBEWithSHA1AndRC2CBC = "1.2.840.113549.1.5.11"

	// PKCS #5 v2.1 (RFC 8018 Appendix A.2, A.4, A.5).
	OIDPBKDF2 = "1.2.840.113549.1.5.12"
	OIDPBES2  = "1.2.840.113549.1.5.13"
	OIDPBMAC1 = "1.2.840.113549.1.5.14"

	// The PBKDF2 and PBMAC1 pseudorandom functions (RFC 8018 B.1.1,
	// B.1.2, RFC 9579). An absent PBKDF2 prf is hmacWithSHA1, its DEFAULT.
	OIDHMACWithSHA1       = "1.2.840.113549.2.7"
	OIDHMACWithSHA224     = "1.2.840.113549.2.8"
	OIDHMACWithSHA256     = "1.2.840.113549.2.9"
	OIDHMACWithSHA384     = "1.2.840.113549.2.10"
	OIDHMACWithSHA512     = "1.2.840.113549.2.11"
	OIDHMACWithSHA512_224 = "1.2.840.113549.2.12"
	OIDHMACWithSHA512_256 = "1.2.840.113549.2.13"

	// The PBES2 encryption schemes (RFC 8018 B.2, RFC 3565 for AES).
	OIDDESCBC     = "1.3.14.3.2.7"
	OIDDESEDE3CBC = "1.2.840.113549.3.7"
	OIDRC2CBC     = "1.2.840.113549.3.2"
	OIDAES128CBC  = "2.16.840.1.101.3.4.1.2"
	OIDAES192CBC  = "2.16.840.1.101.3.4.1.22"
	OIDAES256CBC  = "2.16.840.1.101.3.4.1.42"

	// The digests of the PKCS #12 MAC (RFC 7292 section 4, Appendix B.4):
	// the MacData's DigestInfo names one, and the MAC is HMAC with it over
	// a key from the PKCS #12 KDF with the same hash.
	OIDSHA1       = "1.3.14.3.2.26"
	OIDSHA224     = "2.16.840.1.101.3.4.2.4"
	OIDSHA256     = "2.16.840.1.101.3.4.2.1"
	OIDSHA384     = "2.16.840.1.101.3.4.2.2"
	OIDSHA512     = "2.16.840.1.101.3.4.2.3"
	OIDSHA512_224 = "2.16.840.1.101.3.4.2.5"
	OIDSHA512_256 = "2.16.840.1.101.3.4.2.6"
	// BLAKE2b-512 (RFC 7693; the OID is RFC 7693's, under the BLAKE2
	// arc 1.3.6.1.4.1.1722.12.2): `openssl pkcs12 -macalg blake2b512`.
	OIDBLAKE2b512 = "1.3.6.1.4.1.1722.12.2.1.16"
)

// oidNames names the OIDs above, and a few this package meets but does
// not implement, for error messages: an unsupported algorithm is
// reported by its OID and, when known, its name.
var oidNames = map[string]string{
	OIDPBEWithSHAAnd128BitRC4:        "pbeWithSHAAnd128BitRC4",
	OIDPBEWithSHAAnd40BitRC4:         "pbeWithSHAAnd40BitRC4",
	OIDPBEWithSHAAnd3KeyTripleDESCBC: "pbeWithSHAAnd3-KeyTripleDES-CBC",
	OIDPBEWithSHAAnd2KeyTripleDESCBC: "pbeWithSHAAnd2-KeyTripleDES-CBC",
	OIDPBEWithSHAAnd128BitRC2CBC:     "pbeWithSHAAnd128BitRC2-CBC",
	OIDPBEWithSHAAnd40BitRC2CBC:      "pbewithSHAAnd40BitRC2-CBC",
	OIDPBEWithMD2AndDESCBC:           "pbeWithMD2AndDES-CBC",
	OIDPBEWithMD5AndDESCBC:           "pbeWithMD5AndDES-CBC",
	OIDPBEWithMD2AndRC2CBC:           "pbeWithMD2AndRC2-CBC",
	OIDPBEWithMD5AndRC2CBC:           "pbeWithMD5AndRC2-CBC",
	OIDPBEWithSHA1AndDESCBC:          "pbeWithSHA1AndDES-CBC",
	OIDPBEWithSHA1AndRC2CBC:          "pbeWithSHA1AndRC2-CBC",
	OIDPBKDF2:                        "id-PBKDF2",
	OIDPBES2:                         "id-PBES2",
	OIDPBMAC1:                        "id-PBMAC1",
	OIDHMACWithSHA1:                  "id-hmacWithSHA1",
	OIDHMACWithSHA224:                "id-hmacWithSHA224",
	OIDHMACWithSHA256:                "id-hmacWithSHA256",
	OIDHMACWithSHA384:                "id-hmacWithSHA384",
	OIDHMACWithSHA512:                "id-hmacWithSHA512",
	OIDHMACWithSHA512_224:            "id-hmacWithSHA512-224",
	OIDHMACWithSHA512_256:            "id-hmacWithSHA512-256",
	OIDDESCBC:                        "desCBC",
	OIDDESEDE3CBC:                    "des-EDE3-CBC",
	OIDRC2CBC:                        "rc2CBC",
	OIDAES128CBC:                     "aes128-CBC-PAD",
	OIDAES192CBC:                     "aes192-CBC-PAD",
	OIDAES256CBC:                     "aes256-CBC-PAD",
	OIDSHA1:                          "id-sha1",
	OIDSHA224:                        "id-sha224",
	OIDSHA256:                        "id-sha256",
	OIDSHA384:                        "id-sha384",
	OIDSHA512:                        "id-sha512",
	OIDSHA512_224:                    "id-sha512-224",
	OIDSHA512_256:                    "id-sha512-256",
	OIDBLAKE2b512:                    "id-blake2b512",

	// Met in real files, not implemented.
	"1.2.840.113549.3.9":      "rc5-CBC-PAD",
	"1.3.6.1.4.1.11591.4.11":  "id-scrypt",
	"2.16.840.1.101.3.4.1.6":  "id-aes128-GCM",
	"2.16.840.1.101.3.4.1.46": "id-aes256-GCM",
	"1.2.840.113549.2.5":      "md5",
	"1.2.840.113549.2.2":      "md2",
	"1.2.643.7.1.1.2.2":       "id-tc26-gost3411-12-256",
	"1.2.643.7.1.1.2.3":       "id-tc26-gost3411-12-512",
}

// describe formats an OID for an error message: "1.2.3 (name)" when the
// name is known, else the dotted form alone.
func describe(oid string) string {
	if oid == "" {
		return "(absent)"
	}
	if n, ok := oidNames[oid]; ok {
		return oid + " (" + n + ")"
	}
	return oid
}

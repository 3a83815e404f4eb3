// Package pbetest holds what the tests of package pbe and of the
// generated rfc7292 package share about the shared corpus
// ($ASN1GEN_CORPUS/der, see its SOURCES.md): the passwords of its
// PKCS #12 files, where each comes from, and the files that cannot be
// opened. Tests only.
package pbetest

// PKCS12Passwords are the passwords of the corpus's PKCS #12 files
// ($ASN1GEN_CORPUS/der, see its SOURCES.md), with where each comes from.
// "tried" marks a password no source states, found by trying the ones
// the other files use: the MAC, which verifies with it and with no
// other, confirms it.
var PKCS12Passwords = map[string]string{
	// BoringSSL crypto/pkcs8/pkcs12_test.cc: kPassword "foo",
	// kUnicodePassword, "" and nullptr for the empty and null files.
	"boringssl/crypto/pkcs8/test/openssl.p12":                      "foo",
	"boringssl/crypto/pkcs8/test/nss.p12":                          "foo",
	"boringssl/crypto/pkcs8/test/windows.p12":                      "foo",
	"boringssl/crypto/pkcs8/test/pbes2_sha1.p12":                   "foo",
	"boringssl/crypto/pkcs8/test/pbes2_sha256.p12":                 "foo",
	"boringssl/crypto/pkcs8/test/no_encryption.p12":                "foo",
	"boringssl/crypto/pkcs8/test/empty_password.p12":               "",
	"boringssl/crypto/pkcs8/test/empty_password_ber.p12":           "",
	"boringssl/crypto/pkcs8/test/empty_password_ber_nested.p12":    "",
	"boringssl/crypto/pkcs8/test/null_password.p12":                "",
	"boringssl/crypto/pkcs8/test/unicode_password.p12":             "Hello, 世界",
	"openssl/test/certs/v3-certs-RC2.p12":                          "v3-certs", // test/recipes/80-test_pkcs12.t
	"openssl/test/certs/v3-certs-TDES.p12":                         "v3-certs",
	"openssl/test/recipes/80-test_cmp_http_data/Mock/signer.p12":   "12345",       // test_credentials.csv, -keypass pass:12345
	"asn1crypto/tests/fixtures/test-tripledes.p12":                 "password123", // tests/test_keys.py
	"asn1crypto/tests/fixtures/keys/test-rc2.p12":                  "password123",
	"bc-test-data/asn1/test_key_pbmac1_openssl.pfx":                "xxxxxx", // bc-java PKCS12PBMAC1Test
	"bc-test-data/asn1/test_key_pbmac1_bcjsse.pfx":                 "xxxxxx",
	"sslmate-go-pkcs12/testdata/rfc9579-a1.txt":                    "1234", // RFC 9579 Appendix A
	"sslmate-go-pkcs12/testdata/rfc9579-a2.txt":                    "1234",
	"sslmate-go-pkcs12/testdata/rfc9579-a3.txt":                    "1234",
	"http4s-netty-keytool/client/src/test/resources/teststore.p12": "password", // the tests' KeyStore.load
	"http4s-netty-keytool/server/src/test/resources/teststore.p12": "password",
	"rustcrypto-formats/cms/tests/examples/example.pfx":            "hunter42", // examples_notes.txt
	// RustCrypto pkcs12 tests/cert_tests_decrypt.rs and examples/gen.sh.
	"rustcrypto-formats/pkcs12/tests/examples/example.pfx":                                      "",
	"rustcrypto-formats/pkcs12/tests/examples/ValidCertificatePathTest1EE.p12":                  "password",
	"rustcrypto-formats/pkcs12/tests/examples/ValidCertificatePathTest1EE_macos.p12":            "password",
	"rustcrypto-formats/pkcs12/tests/examples/ValidCertificatePathTest1EE_windows_aes.p12.pfx":  "password",
	"rustcrypto-formats/pkcs12/tests/examples/ValidCertificatePathTest1EE_windows_tdes.p12.pfx": "password",
	"rustcrypto-formats/pkcs12/tests/examples/ValidCertificatePathTest1EE_firefox.p12":          "password", // tried
	// Tried (no source states them; the MAC confirms).
	"generated-openssl/p12-openssl3-default-pbes2-aes256.p12": "password",
	"generated-openssl/p12-openssl3-legacy-rc2-3des.p12":      "password",
	"gnutls-libtasn1/tests/TestIndef.p12":                     "password",
	"gnutls-libtasn1/tests/TestIndef2.p12":                    "password",
}

func init() {
	// RustCrypto's example2.pfx to example17.pfx: "1234" (gen.sh and
	// cert_tests_decrypt.rs state it for 2 to 7; 8 to 17 tried).
	for _, n := range []string{"2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13", "14", "15", "16", "17"} { // 11: tried with openssl
		PKCS12Passwords["rustcrypto-formats/pkcs12/tests/examples/example"+n+".pfx"] = "1234"
	}
}

// PKCS12Unopened are the corpus's PKCS #12 files that the tests do not
// open with a password, and why.
var PKCS12Unopened = map[string]string{
	"boringssl/crypto/pkcs8/test/bad1.p12":                   "truncated on purpose",
	"boringssl/crypto/pkcs8/test/bad2.p12":                   "truncated on purpose",
	"boringssl/crypto/pkcs8/test/bad3.p12":                   "truncated on purpose",
	"openssl/test/recipes/80-test_pkcs12_data/bad1.p12":      "truncated on purpose",
	"openssl/test/recipes/80-test_pkcs12_data/bad2.p12":      "truncated on purpose",
	"openssl/test/recipes/80-test_pkcs12_data/bad3.p12":      "truncated on purpose",
	"sslmate-go-pkcs12/testdata/rfc9579-a4.txt":              "must fail: TestRFC9579",
	"sslmate-go-pkcs12/testdata/rfc9579-a5.txt":              "must fail: TestRFC9579",
	"sslmate-go-pkcs12/testdata/rfc9579-a6.txt":              "must fail: TestRFC9579",
	"sslmate-go-pkcs12/testdata/pbmac1-short-key-bypass.txt": "must fail: TestPBMAC1ShortKey",
	"generated-openssl/p12-openssl3-unencrypted-nomac.p12":   "no MAC and nothing encrypted: no password to test",
}

// PKCS12Unsupported are the files whose password is known but
// whose algorithm package pbe does not implement, with the OID the
// error must name.
// None is left since BLAKE2b-512 is implemented (RustCrypto's
// example11.pfx has a BLAKE2b-512 MAC).
var PKCS12Unsupported = map[string]string{}

// PKCS12NullPassword is the corpus file made with no password at all
// (OpenSSL's NULL password, BoringSSL's null_password.p12), as opposed to
// the empty one: open it with pbe.NoPassword().
const PKCS12NullPassword = "boringssl/crypto/pkcs8/test/null_password.p12"

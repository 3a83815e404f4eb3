package pbe_test

import (
	"crypto/rand"
	"errors"
	"fmt"

	"github.com/asn1gen/asn1gen/internal/pbe"
)

// A PKCS #12 reader verifies the MAC first and decrypts with the password
// that verified it: given an empty password, OpenSSL's files may have
// been made with no password at all.
func ExampleOptions_VerifyMAC() {
	authSafe := []byte("the content octets of the PFX's authSafe")

	// A file made with no password (OpenSSL's NULL), MACed with SHA-256.
	m, _ := pbe.NewMACParams(rand.Reader, pbe.OIDSHA256, 2048)
	mac, _ := pbe.Options{}.MAC(m, pbe.NoPassword(), authSafe)

	// The user leaves the password empty.
	pw, err := pbe.Options{}.VerifyMAC(m, pbe.NewPassword(""), authSafe, mac)
	fmt.Println(err, pw.Absent())

	_, err = pbe.Options{}.VerifyMAC(m, pbe.NewPassword("guess"), authSafe, mac)
	fmt.Println(errors.Is(err, pbe.ErrIncorrectPassword))
	// Output:
	// <nil> true
	// true
}

// Parameters decoded from a PBES2 AlgorithmIdentifier go in as plain
// values; a file asking for too much work is refused before any key is
// derived.
func ExampleOptions_DecryptPBES2() {
	p, _ := pbe.NewPBES2Params(rand.Reader, pbe.OIDAES256CBC, pbe.OIDHMACWithSHA256, 2048)
	ct, _ := pbe.Options{}.EncryptPBES2(p, pbe.NewPassword("s3cret"), []byte("a private key"))

	pt, err := pbe.Options{}.DecryptPBES2(p, pbe.NewPassword("s3cret"), ct)
	fmt.Printf("%q %v\n", pt, err)

	p.KDF.Iterations = 1 << 30
	_, err = pbe.Options{}.DecryptPBES2(p, pbe.NewPassword("s3cret"), ct)
	fmt.Println(err)

	p.Cipher.Algorithm = "1.2.840.113549.3.9"
	_, err = pbe.Options{}.DecryptPBES2(p, pbe.NewPassword("s3cret"), ct)
	fmt.Println(err)
	// Output:
	// "a private key" <nil>
	// pbe: PBKDF2 iteration count 1073741824 exceeds the limit 10000000
	// pbe: unsupported PBES2 encryption scheme 1.2.840.113549.3.9 (rc5-CBC-PAD)
}

package pbe_test

import (
	"bytes"
	"encoding/base64"
	"encoding/pem"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/asn1gen/asn1gen/internal/pbe"
	"github.com/asn1gen/asn1gen/internal/pbe/pbetest"
)

type corpusFile struct {
	name, container string
	data            []byte
}

// corpusFiles returns the files of $ASN1GEN_CORPUS/der that FILES.tsv
// guesses are of type typ, or skips the test.
func corpusFiles(t *testing.T, match func(typ string) bool) []corpusFile {
	t.Helper()
	root := os.Getenv("ASN1GEN_CORPUS")
	if root == "" {
		t.Skip("ASN1GEN_CORPUS is not set (e.g. /work/shared/corpus)")
	}
	dir := filepath.Join(root, "der")
	tsv, err := os.ReadFile(filepath.Join(dir, "FILES.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	var out []corpusFile
	for _, line := range strings.Split(string(tsv), "\n") {
		f := strings.Split(line, "\t")
		if len(f) < 3 || !match(f[2]) {
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(f[0])))
		if err != nil {
			t.Fatal(err)
		}
		switch {
		case f[1] == "base64":
			if data, err = base64.StdEncoding.DecodeString(strings.Join(strings.Fields(string(data)), "")); err != nil {
				t.Fatalf("%s: %v", f[0], err)
			}
		case f[1] == "PEM":
			b, _ := pem.Decode(data)
			if b == nil {
				t.Fatalf("%s: no PEM block", f[0])
			}
			data = b.Bytes
		}
		out = append(out, corpusFile{name: f[0], container: f[1], data: data})
	}
	return out
}

// TestCorpusPKCS12 opens every PKCS #12 file of the corpus whose password
// is known: the MAC must verify, every part and key decrypt, every
// certificate and key parse with crypto/x509, and a wrong password must
// give ErrIncorrectPassword.
func TestCorpusPKCS12(t *testing.T) {
	files := corpusFiles(t, func(typ string) bool { return typ == "PKCS12-PFX" })
	seen := map[string]bool{}
	var opened, unsupported, certs, keys int
	algs := map[string]int{}
	for _, f := range files {
		seen[f.name] = true
		password, known := pbetest.PKCS12Passwords[f.name]
		if !known {
			if _, ok := pbetest.PKCS12Unopened[f.name]; !ok {
				t.Errorf("%s: neither pbetest.PKCS12Passwords nor pbetest.PKCS12Unopened lists it", f.name)
			}
			continue
		}
		pw := pbe.NewPassword(password)
		if f.name == pbetest.PKCS12NullPassword {
			pw = pbe.NoPassword()
		}
		c, err := open(pbe.Options{}, f.data, pw)
		if want, ok := pbetest.PKCS12Unsupported[f.name]; ok {
			if !errors.Is(err, pbe.ErrUnsupported) || !strings.Contains(err.Error(), want) {
				t.Errorf("%s: %v, want ErrUnsupported naming %s", f.name, err, want)
			}
			unsupported++
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", f.name, err)
			continue
		}
		if err := c.check(); err != nil {
			t.Errorf("%s: %v", f.name, err)
		}
		if len(c.Certs)+len(c.Keys) == 0 {
			t.Errorf("%s: opened to nothing", f.name)
		}
		opened++
		certs += len(c.Certs)
		keys += len(c.Keys)
		for _, a := range c.Algs {
			algs[a]++
		}
		if p, _ := parsePFX(f.data); p.mac != nil {
			if _, err := open(pbe.Options{}, f.data, pbe.NewPassword(password+"x")); !errors.Is(err, pbe.ErrIncorrectPassword) {
				t.Errorf("%s, wrong password: %v, want ErrIncorrectPassword", f.name, err)
			}
		}
		if testing.Verbose() {
			t.Logf("%s: %d certificates, %d keys, %v", f.name, len(c.Certs), len(c.Keys), c.Algs)
		}
	}
	for name := range pbetest.PKCS12Passwords {
		if !seen[name] {
			t.Errorf("pbetest.PKCS12Passwords lists %s, which is not in the corpus", name)
		}
	}
	var names []string
	for a, n := range algs {
		names = append(names, fmt.Sprintf("%s ×%d", a, n))
	}
	sort.Strings(names)
	t.Logf("%d of %d PKCS #12 files opened (%d more with an unsupported algorithm, %d not tried): %d certificates, %d keys; encryption met: %s",
		opened, len(files), unsupported, len(pbetest.PKCS12Unopened), certs, keys, strings.Join(names, ", "))
}

// TestCorpusEmptyAndNullPassword checks the two BoringSSL files that tell
// the empty password from the absent one: given either, VerifyMAC finds
// the one the file was made with.
func TestCorpusEmptyAndNullPassword(t *testing.T) {
	want := map[string][]byte{
		"boringssl/crypto/pkcs8/test/empty_password.p12": {0, 0}, // OpenSSL's -password pass:
		"boringssl/crypto/pkcs8/test/null_password.p12":  nil,    // OpenSSL patched to pass NULL
	}
	files := corpusFiles(t, func(typ string) bool { return typ == "PKCS12-PFX" })
	n := 0
	for _, f := range files {
		w, ok := want[f.name]
		if !ok {
			continue
		}
		n++
		p, err := parsePFX(f.data)
		if err != nil {
			t.Fatal(err)
		}
		for _, given := range []pbe.Password{pbe.NewPassword(""), pbe.NoPassword()} {
			got, err := pbe.Options{}.VerifyMAC(*p.mac, given, p.authSafe, p.macValue)
			if err != nil {
				t.Errorf("%s: %v", f.name, err)
				continue
			}
			if !bytes.Equal(got.BMP(), w) || got.Absent() != (w == nil) {
				t.Errorf("%s: VerifyMAC chose the password encoded %x, want %x", f.name, got.BMP(), w)
			}
		}
	}
	if n != len(want) {
		t.Errorf("found %d of the %d files", n, len(want))
	}
}

// corpusPKCS8Passwords are the passwords of the corpus's encrypted
// PKCS #8 files.
var corpusPKCS8Passwords = map[string]string{
	"generated-openssl/pkcs8-pbes2-aes256-sha512.der":                    "password", // tried
	"generated-openssl/pkcs8-scrypt-ec.der":                              "password", // tried, with openssl
	"openssl/test/certs/key-pass-12345.pem":                              "12345",    // its name
	"openssl/test/recipes/80-test_cmp_http_data/Mock/new_pass_12345.key": "12345",
	"openssl/test/certs/leaf-encrypted.key":                              "testpass", // test/sslapitest.c
	"rustcrypto-formats/pem-rfc7468/tests/examples/pkcs8-enc.der":        "hunter42", // RustCrypto pkcs8 tests
	"rustcrypto-formats/pem-rfc7468/tests/examples/pkcs8-enc.pem":        "hunter42",
}

// corpusPKCS8Unsupported are the encrypted PKCS #8 files whose scheme
// this package does not implement, with the OID the error must name.
var corpusPKCS8Unsupported = map[string]string{
	"generated-openssl/pkcs8-scrypt-ec.der": "1.3.6.1.4.1.11591.4.11 (id-scrypt)",
	// The cipher is looked at before the KDF.
	"rustcrypto-formats/pkcs8/tests/examples/ed25519-encpriv-aes128-gcm-scrypt.der": "2.16.840.1.101.3.4.1.6 (id-aes128-GCM)",
	"rustcrypto-formats/pkcs8/tests/examples/ed25519-encpriv-aes256-gcm-scrypt.der": "2.16.840.1.101.3.4.1.46 (id-aes256-GCM)",
	"rustcrypto-formats/pkcs8/tests/examples/ed25519-encpriv-aes256-scrypt.der":     "1.3.6.1.4.1.11591.4.11 (id-scrypt)",
	"rustcrypto-formats/pkcs8/tests/examples/ed25519-encpriv-aes256-scrypt.pem":     "1.3.6.1.4.1.11591.4.11 (id-scrypt)",
}

// TestCorpusPKCS8 decrypts the corpus's encrypted PKCS #8 files, and
// RustCrypto's PBES2 vectors (pkcs5/tests/examples: an AlgorithmIdentifier
// and a ciphertext per AES key size and PRF, all of rsa_sk.pkcs8.der,
// password "hunter2" per pbes2_pbkdf2_decrypt.rs).
func TestCorpusPKCS8(t *testing.T) {
	files := corpusFiles(t, func(typ string) bool {
		return typ == "PKCS8-EncryptedPrivateKeyInfo" || typ == "PEM:ENCRYPTED PRIVATE KEY"
	})
	var decrypted, unsupported int
	for _, f := range files {
		password, known := corpusPKCS8Passwords[f.name]
		switch {
		case strings.HasPrefix(f.name, "rustcrypto-formats/pkcs5/tests/examples/"):
			password, known = "hunter2", true
		case strings.HasPrefix(f.name, "rustcrypto-formats/pkcs8/tests/examples/"):
			password, known = "hunter42", true
		}
		if !known {
			t.Errorf("%s: no password known", f.name)
			continue
		}
		epki, err := parse(f.data)
		if err != nil {
			t.Errorf("%s: %v", f.name, err)
			continue
		}
		alg, err := parseAlgorithm(epki.kids[0])
		if err != nil {
			t.Errorf("%s: %v", f.name, err)
			continue
		}
		key, err := decrypt(pbe.Options{}, alg, pbe.NewPassword(password), epki.kids[1].octets())
		if want, ok := corpusPKCS8Unsupported[f.name]; ok {
			if !errors.Is(err, pbe.ErrUnsupported) || !strings.Contains(err.Error(), want) {
				t.Errorf("%s: %v, want ErrUnsupported naming %s", f.name, err, want)
			}
			unsupported++
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", f.name, err)
			continue
		}
		if err := (&contents{Keys: [][]byte{key}}).check(); err != nil {
			t.Errorf("%s: %v", f.name, err)
		}
		decrypted++
	}

	root := filepath.Join(os.Getenv("ASN1GEN_CORPUS"), "der", "rustcrypto-formats", "pkcs5", "tests", "examples")
	want, err := os.ReadFile(filepath.Join(root, "rsa_sk.pkcs8.der"))
	if err != nil {
		t.Fatal(err)
	}
	// (pbes2_aes-256-cbc_hmacWithSHA256_algid-no-param.der has no
	// ciphertext of its own: RustCrypto only parses it.)
	algids, _ := filepath.Glob(filepath.Join(root, "pbes2_*_algid.der"))
	vectors := 0
	for _, path := range algids {
		der, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		ct, err := os.ReadFile(strings.Replace(path, "_algid.der", "_ciphertext.bin", 1))
		if err != nil {
			t.Fatal(err)
		}
		a, err := parse(der)
		if err != nil {
			t.Fatal(err)
		}
		alg, err := parseAlgorithm(a)
		if err != nil {
			t.Fatal(err)
		}
		got, err := decrypt(pbe.Options{}, alg, pbe.NewPassword("hunter2"), ct)
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("%s: %v; plaintext equal to rsa_sk.pkcs8.der: %v", filepath.Base(path), err, bytes.Equal(got, want))
		}
		vectors++
	}
	t.Logf("encrypted PKCS #8: %d of %d files decrypted, %d unsupported (scrypt, AES-GCM); %d RustCrypto PBES2 vectors", decrypted, len(files), unsupported, vectors)
}

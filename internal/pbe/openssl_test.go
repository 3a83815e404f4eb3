package pbe_test

// Differential tests against the openssl command line: the KDFs through
// `openssl kdf`, the encryption schemes through `openssl pkcs8` in both
// directions, and whole PKCS #12 files through `openssl pkcs12` in both
// directions. They skip when openssl is not on the PATH, and the tests of
// RC2, RC4, DES and PBES1 skip when its legacy provider cannot be loaded.

import (
	"bytes"
	"crypto"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/hex"
	"encoding/pem"
	"errors"
	"fmt"
	"math/big"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/asn1gen/asn1gen/internal/pbe"
)

// openssl runs the openssl command with args and returns its standard
// output; it skips the test when openssl is absent.
func openssl(t testing.TB, stdin []byte, args ...string) ([]byte, error) {
	t.Helper()
	path, err := exec.LookPath("openssl")
	if err != nil {
		t.Skip("openssl is not on the PATH")
	}
	cmd := exec.Command(path, args...)
	cmd.Stdin = bytes.NewReader(stdin)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("openssl %s: %v: %s", strings.Join(args, " "), err, stderr.Bytes())
	}
	return stdout.Bytes(), nil
}

func mustOpenSSL(t testing.TB, args ...string) []byte {
	t.Helper()
	out, err := openssl(t, nil, args...)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

var legacyOnce struct {
	sync.Once
	ok bool
}

// legacy returns the arguments that load OpenSSL's legacy provider (RC2,
// RC4, DES, PBES1), or skips the test when it cannot be loaded.
func legacy(t testing.TB) []string {
	t.Helper()
	args := []string{"-provider", "legacy", "-provider", "default"}
	legacyOnce.Do(func() {
		_, err := openssl(t, nil, append([]string{"list", "-cipher-algorithms"}, args...)...)
		legacyOnce.ok = err == nil
	})
	if !legacyOnce.ok {
		t.Skip("openssl's legacy provider is not available")
	}
	return args
}

// kdfHex parses the output of `openssl kdf`: hex octets joined by colons.
func kdfHex(t testing.TB, out []byte) []byte {
	t.Helper()
	b, err := hex.DecodeString(strings.ReplaceAll(strings.TrimSpace(string(out)), ":", ""))
	if err != nil {
		t.Fatalf("openssl kdf output %q: %v", out, err)
	}
	return b
}

var opensslDigests = map[crypto.Hash]string{
	crypto.SHA1: "SHA1", crypto.SHA224: "SHA224", crypto.SHA256: "SHA256", crypto.SHA384: "SHA384",
	crypto.SHA512: "SHA512", crypto.SHA512_224: "SHA512-224", crypto.SHA512_256: "SHA512-256",
	crypto.BLAKE2b_512: "BLAKE2B-512",
}

var kdfHashes = []crypto.Hash{crypto.SHA1, crypto.SHA224, crypto.SHA256, crypto.SHA384, crypto.SHA512, crypto.SHA512_224, crypto.SHA512_256, crypto.BLAKE2b_512}

// TestOpenSSLPKCS12KDF compares PKCS12KDF with OpenSSL's PKCS12KDF (which
// takes the password already encoded, as hexpass) for every hash and ID,
// for absent, empty, ASCII, non-ASCII and astral passwords, and output
// lengths around the hash and block sizes.
func TestOpenSSLPKCS12KDF(t *testing.T) {
	passwords := []pbe.Password{pbe.NoPassword(), pbe.NewPassword(""), pbe.NewPassword("smeg"), pbe.NewPassword("pässwörd 世界"), pbe.NewPassword("\U0001F512 lock")}
	lengths := []int{1, 8, 20, 24, 33, 64, 65, 129}
	salts := [][]byte{{0x0a, 0x58, 0xcf, 0x64, 0x53, 0x0d, 0x82, 0x3f}, bytes.Repeat([]byte{0x5a}, 70), {1}}
	n := 0
	for hi, h := range kdfHashes {
		for id := byte(1); id <= 3; id++ {
			// A deterministic spread of the combinations, not all of
			// them: each openssl run costs a process.
			for k := range 3 {
				pw := passwords[(hi+int(id)+k)%len(passwords)]
				size := lengths[(hi*3+int(id)+k*5)%len(lengths)]
				salt := salts[(hi+k)%len(salts)]
				iter := []int{1, 3, 1000}[(int(id)+k)%3]
				want := kdfHex(t, mustOpenSSL(t, "kdf", "-keylen", fmt.Sprint(size),
					"-kdfopt", "digest:"+opensslDigests[h], "-kdfopt", "hexpass:"+hex.EncodeToString(pw.BMP()),
					"-kdfopt", "hexsalt:"+hex.EncodeToString(salt), "-kdfopt", fmt.Sprint("iter:", iter),
					"-kdfopt", fmt.Sprint("id:", id), "PKCS12KDF"))
				got, err := pbe.Options{}.PKCS12KDF(h, pw.BMP(), salt, iter, id, size)
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(got, want) {
					t.Errorf("%v ID %d, password %x, salt %x, %d iterations, %d octets: %x, openssl %x", h, id, pw.BMP(), salt, iter, size, got, want)
				}
				n++
			}
		}
	}
	t.Logf("%d derivations agree with openssl kdf PKCS12KDF", n)
}

// TestOpenSSLPBKDF2 compares Options.PBKDF2 with OpenSSL's for every PRF.
func TestOpenSSLPBKDF2(t *testing.T) {
	n := 0
	for _, prf := range prfs[1:] {
		for _, tc := range []struct {
			pw   string
			size int
			iter int
		}{{"password", 20, 1}, {"pässwörd", 33, 5}, {"a longer password than any hash block, to be hashed first by HMAC: 0123456789abcdef0123456789abcdef0123456789abcdef", 64, 2}} {
			h := map[string]crypto.Hash{
				pbe.OIDHMACWithSHA1: crypto.SHA1, pbe.OIDHMACWithSHA224: crypto.SHA224, pbe.OIDHMACWithSHA256: crypto.SHA256,
				pbe.OIDHMACWithSHA384: crypto.SHA384, pbe.OIDHMACWithSHA512: crypto.SHA512,
				pbe.OIDHMACWithSHA512_224: crypto.SHA512_224, pbe.OIDHMACWithSHA512_256: crypto.SHA512_256,
			}[prf]
			want := kdfHex(t, mustOpenSSL(t, "kdf", "-keylen", fmt.Sprint(tc.size), "-kdfopt", "digest:"+opensslDigests[h],
				"-kdfopt", "hexpass:"+hex.EncodeToString([]byte(tc.pw)), "-kdfopt", "hexsalt:73616c74",
				"-kdfopt", fmt.Sprint("iter:", tc.iter), "PBKDF2"))
			got, err := pbe.Options{}.PBKDF2(prf, pbe.NewPassword(tc.pw), []byte("salt"), tc.iter, tc.size)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("%s %q: %x, openssl %x", prf, tc.pw, got, want)
			}
			n++
		}
	}
	t.Logf("%d derivations agree with openssl kdf PBKDF2", n)
}

// testKey is a fresh P-256 key as PKCS #8.
func testKey(t testing.TB) []byte {
	t.Helper()
	k, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	der, err := x509.MarshalPKCS8PrivateKey(k)
	if err != nil {
		t.Fatal(err)
	}
	return der
}

// pkcs8Scheme is one encryption of `openssl pkcs8 -topk8`.
type pkcs8Scheme struct {
	args   []string // -v1 NAME, or -v2 CIPHER [-v2prf PRF]
	legacy bool
	alg    string // the OID openssl writes
	cipher string // PBES2's cipher OID
	prf    string // PBES2's PRF OID, "" when openssl leaves it out
	rc2    int    // PBES2 rc2ParameterVersion
}

var pkcs8Schemes = []pkcs8Scheme{
	{args: []string{"-v1", "PBE-SHA1-3DES"}, alg: pbe.OIDPBEWithSHAAnd3KeyTripleDESCBC},
	{args: []string{"-v1", "PBE-SHA1-2DES"}, alg: pbe.OIDPBEWithSHAAnd2KeyTripleDESCBC, legacy: true},
	{args: []string{"-v1", "PBE-SHA1-RC2-128"}, alg: pbe.OIDPBEWithSHAAnd128BitRC2CBC, legacy: true},
	{args: []string{"-v1", "PBE-SHA1-RC2-40"}, alg: pbe.OIDPBEWithSHAAnd40BitRC2CBC, legacy: true},
	{args: []string{"-v1", "PBE-SHA1-RC4-128"}, alg: pbe.OIDPBEWithSHAAnd128BitRC4, legacy: true},
	{args: []string{"-v1", "PBE-SHA1-RC4-40"}, alg: pbe.OIDPBEWithSHAAnd40BitRC4, legacy: true},
	{args: []string{"-v1", "PBE-MD5-DES"}, alg: pbe.OIDPBEWithMD5AndDESCBC, legacy: true},
	{args: []string{"-v1", "PBE-SHA1-DES"}, alg: pbe.OIDPBEWithSHA1AndDESCBC, legacy: true},
	{args: []string{"-v1", "PBE-MD5-RC2-64"}, alg: pbe.OIDPBEWithMD5AndRC2CBC, legacy: true},
	{args: []string{"-v1", "PBE-SHA1-RC2-64"}, alg: pbe.OIDPBEWithSHA1AndRC2CBC, legacy: true},
	{args: []string{"-v2", "aes-128-cbc", "-v2prf", "hmacWithSHA1"}, alg: pbe.OIDPBES2, cipher: pbe.OIDAES128CBC},
	{args: []string{"-v2", "aes-192-cbc", "-v2prf", "hmacWithSHA224"}, alg: pbe.OIDPBES2, cipher: pbe.OIDAES192CBC, prf: pbe.OIDHMACWithSHA224},
	{args: []string{"-v2", "aes-256-cbc", "-v2prf", "hmacWithSHA256"}, alg: pbe.OIDPBES2, cipher: pbe.OIDAES256CBC, prf: pbe.OIDHMACWithSHA256},
	{args: []string{"-v2", "aes-256-cbc", "-v2prf", "hmacWithSHA384"}, alg: pbe.OIDPBES2, cipher: pbe.OIDAES256CBC, prf: pbe.OIDHMACWithSHA384},
	{args: []string{"-v2", "aes-256-cbc", "-v2prf", "hmacWithSHA512"}, alg: pbe.OIDPBES2, cipher: pbe.OIDAES256CBC, prf: pbe.OIDHMACWithSHA512},
	{args: []string{"-v2", "aes-128-cbc", "-v2prf", "hmacWithSHA512-224"}, alg: pbe.OIDPBES2, cipher: pbe.OIDAES128CBC, prf: pbe.OIDHMACWithSHA512_224},
	{args: []string{"-v2", "aes-128-cbc", "-v2prf", "hmacWithSHA512-256"}, alg: pbe.OIDPBES2, cipher: pbe.OIDAES128CBC, prf: pbe.OIDHMACWithSHA512_256},
	{args: []string{"-v2", "des-ede3-cbc"}, alg: pbe.OIDPBES2, cipher: pbe.OIDDESEDE3CBC, prf: pbe.OIDHMACWithSHA256},
	{args: []string{"-v2", "des-cbc"}, alg: pbe.OIDPBES2, cipher: pbe.OIDDESCBC, prf: pbe.OIDHMACWithSHA256, legacy: true},
	{args: []string{"-v2", "rc2-cbc"}, alg: pbe.OIDPBES2, cipher: pbe.OIDRC2CBC, prf: pbe.OIDHMACWithSHA256, rc2: 58, legacy: true},
	{args: []string{"-v2", "rc2-64-cbc"}, alg: pbe.OIDPBES2, cipher: pbe.OIDRC2CBC, prf: pbe.OIDHMACWithSHA256, rc2: 120, legacy: true},
	{args: []string{"-v2", "rc2-40-cbc"}, alg: pbe.OIDPBES2, cipher: pbe.OIDRC2CBC, prf: pbe.OIDHMACWithSHA256, rc2: 160, legacy: true},
}

// TestOpenSSLPKCS8 encrypts a key with `openssl pkcs8 -topk8` in every
// scheme and decrypts it here, then encrypts it here with the same
// scheme and has `openssl pkcs8` decrypt it; with an ASCII, a non-ASCII
// and an empty password.
func TestOpenSSLPKCS8(t *testing.T) {
	dir := t.TempDir()
	key := testKey(t)
	keyFile := filepath.Join(dir, "key.der")
	if err := os.WriteFile(keyFile, key, 0o600); err != nil {
		t.Fatal(err)
	}
	for _, s := range pkcs8Schemes {
		for _, pw := range []string{"pkcs8 password", "pässwörd", ""} {
			name := strings.Join(s.args, " ") + fmt.Sprintf(" %q", pw)
			t.Run(name, func(t *testing.T) {
				var prov []string
				if s.legacy {
					prov = legacy(t)
				}
				enc := filepath.Join(dir, "enc.der")
				args := append([]string{"pkcs8", "-topk8", "-inform", "DER", "-in", keyFile, "-outform", "DER", "-out", enc, "-iter", "1000", "-passout", "pass:" + pw}, s.args...)
				mustOpenSSL(t, append(args, prov...)...)
				der, err := os.ReadFile(enc)
				if err != nil {
					t.Fatal(err)
				}
				epki, err := parse(der)
				if err != nil {
					t.Fatal(err)
				}
				alg, err := parseAlgorithm(epki.kids[0])
				if err != nil {
					t.Fatal(err)
				}
				if alg.oid != s.alg {
					t.Fatalf("openssl wrote %s, want %s", alg.oid, s.alg)
				}
				if s.alg == pbe.OIDPBES2 {
					p, err := parsePBES2(*alg.params)
					if err != nil {
						t.Fatal(err)
					}
					if p.Cipher.Algorithm != s.cipher || p.KDF.PRF != s.prf || p.Cipher.RC2Version != s.rc2 {
						t.Errorf("openssl wrote cipher %s, PRF %q, RC2 version %d; want %s, %q, %d", p.Cipher.Algorithm, p.KDF.PRF, p.Cipher.RC2Version, s.cipher, s.prf, s.rc2)
					}
				}
				got, err := decrypt(pbe.Options{}, alg, pbe.NewPassword(pw), epki.kids[1].octets())
				if err != nil {
					t.Fatalf("decrypting openssl's: %v", err)
				}
				if !bytes.Equal(got, key) {
					t.Fatalf("decrypting openssl's: %x, want %x", got, key)
				}

				// And back: the same scheme, made here, read by openssl.
				ours := filepath.Join(dir, "ours.der")
				if err := os.WriteFile(ours, encryptPKCS8(t, s, pbe.NewPassword(pw), key), 0o600); err != nil {
					t.Fatal(err)
				}
				dec := filepath.Join(dir, "dec.der")
				mustOpenSSL(t, append([]string{"pkcs8", "-inform", "DER", "-in", ours, "-outform", "DER", "-out", dec, "-passin", "pass:" + pw}, prov...)...)
				back, err := os.ReadFile(dec)
				if err != nil {
					t.Fatal(err)
				}
				// openssl pkcs8 writes the decrypted key in the
				// traditional (SEC 1) form.
				if !sameECKey(t, back, key) {
					t.Fatalf("openssl decrypted ours to %x, want the key of %x", back, key)
				}
			})
		}
	}
}

// encryptPKCS8 encrypts key with scheme s and returns the
// EncryptedPrivateKeyInfo.
func encryptPKCS8(t testing.TB, s pkcs8Scheme, pw pbe.Password, key []byte) []byte {
	t.Helper()
	alg, ct := encryptWith(t, s.alg, s.cipher, s.prf, s.rc2, pw, key)
	return mustMarshal(t, encryptedPrivateKeyInfo{Algorithm: alg, Data: ct})
}

// encryptWith encrypts plaintext with the scheme alg (for PBES2, with
// cipher, PRF and RC2 version) and returns its AlgorithmIdentifier.
func encryptWith(t testing.TB, alg, cipherOID, prf string, rc2Version int, pw pbe.Password, plaintext []byte) (algorithmIdentifier, []byte) {
	t.Helper()
	if alg != pbe.OIDPBES2 {
		p, err := pbe.NewPBEParams(rand.Reader, 2048)
		if err != nil {
			t.Fatal(err)
		}
		ct, err := pbe.Options{}.EncryptPBE(alg, p, pw, plaintext)
		if err != nil {
			t.Fatal(err)
		}
		return algorithmIdentifier{Algorithm: oid(t, alg), Parameters: raw(t, pbeParameter{p.Salt, p.Iterations})}, ct
	}
	p, err := pbe.NewPBES2Params(rand.Reader, cipherOID, prf, 2048)
	if err != nil {
		t.Fatal(err)
	}
	if rc2Version != 0 {
		p.Cipher.RC2Version = rc2Version
		p.KDF.KeyLength = map[int]int{58: 16, 120: 8, 160: 5}[rc2Version]
	}
	ct, err := pbe.Options{}.EncryptPBES2(p, pw, plaintext)
	if err != nil {
		t.Fatal(err)
	}
	return algorithmIdentifier{Algorithm: oid(t, pbe.OIDPBES2), Parameters: raw(t, pbes2Params(t, p))}, ct
}

// TestOpenSSLPKCS12 makes PKCS #12 files with `openssl pkcs12 -export`,
// with every option that changes the cryptography, and opens them here:
// the certificates and the key must be the ones exported, and a wrong
// password must be ErrIncorrectPassword.
func TestOpenSSLPKCS12(t *testing.T) {
	m := newMaterial(t)
	const (
		aes128, aes192, aes256 = "PBES2/" + pbe.OIDAES128CBC, "PBES2/" + pbe.OIDAES192CBC, "PBES2/" + pbe.OIDAES256CBC
		des3, rc2              = "PBES2/" + pbe.OIDDESEDE3CBC, "PBES2/" + pbe.OIDRC2CBC
		rc240, rc2128          = pbe.OIDPBEWithSHAAnd40BitRC2CBC, pbe.OIDPBEWithSHAAnd128BitRC2CBC
		rc4128, rc440          = pbe.OIDPBEWithSHAAnd128BitRC4, pbe.OIDPBEWithSHAAnd40BitRC4
		sha3des, sha2des       = pbe.OIDPBEWithSHAAnd3KeyTripleDESCBC, pbe.OIDPBEWithSHAAnd2KeyTripleDESCBC
	)
	for _, tc := range []struct {
		name   string
		pw     string
		args   []string
		legacy bool
		noMAC  bool
		needs  string   // an option of openssl pkcs12 this openssl may lack
		mac    string   // the MAC digest openssl writes
		algs   []string // what openssl encrypts with: the certificates, then the key
	}{
		{name: "default (AES-256, SHA-256 MAC)", pw: "export pw", mac: pbe.OIDSHA256, algs: []string{aes256, aes256}},
		{name: "-legacy", pw: "export pw", args: []string{"-legacy"}, legacy: true, mac: pbe.OIDSHA1, algs: []string{rc240, sha3des}},
		{name: "-descert", pw: "export pw", args: []string{"-descert"}, mac: pbe.OIDSHA256, algs: []string{sha3des, aes256}},
		{name: "AES-128", pw: "export pw", args: []string{"-keypbe", "AES-128-CBC", "-certpbe", "AES-128-CBC"}, mac: pbe.OIDSHA256, algs: []string{aes128, aes128}},
		{name: "AES-192 and 3DES", pw: "export pw", args: []string{"-keypbe", "AES-192-CBC", "-certpbe", "DES-EDE3-CBC"}, mac: pbe.OIDSHA256, algs: []string{des3, aes192}},
		{name: "-macalg sha1", pw: "export pw", args: []string{"-macalg", "sha1"}, mac: pbe.OIDSHA1, algs: []string{aes256, aes256}},
		{name: "-macalg sha224", pw: "export pw", args: []string{"-macalg", "sha224"}, mac: pbe.OIDSHA224, algs: []string{aes256, aes256}},
		{name: "-macalg sha384", pw: "export pw", args: []string{"-macalg", "sha384"}, mac: pbe.OIDSHA384, algs: []string{aes256, aes256}},
		{name: "-macalg sha512", pw: "export pw", args: []string{"-macalg", "sha512"}, mac: pbe.OIDSHA512, algs: []string{aes256, aes256}},
		{name: "-macalg sha512-224", pw: "export pw", args: []string{"-macalg", "sha512-224"}, mac: pbe.OIDSHA512_224, algs: []string{aes256, aes256}},
		{name: "-macalg sha512-256", pw: "export pw", args: []string{"-macalg", "sha512-256"}, mac: pbe.OIDSHA512_256, algs: []string{aes256, aes256}},
		{name: "-macalg blake2b512", pw: "export pw", args: []string{"-macalg", "blake2b512"}, mac: pbe.OIDBLAKE2b512, algs: []string{aes256, aes256}},
		{name: "-iter 1", pw: "export pw", args: []string{"-iter", "1"}, mac: pbe.OIDSHA256, algs: []string{aes256, aes256}},
		{name: "-noiter -nomaciter", pw: "export pw", args: []string{"-noiter", "-nomaciter"}, mac: pbe.OIDSHA256, algs: []string{aes256, aes256}},
		{name: "empty password", pw: "", mac: pbe.OIDSHA256, algs: []string{aes256, aes256}},
		{name: "empty password, -legacy", pw: "", args: []string{"-legacy"}, legacy: true, mac: pbe.OIDSHA1, algs: []string{rc240, sha3des}},
		{name: "non-ASCII password", pw: "pässwörd 世界 \U0001F512", mac: pbe.OIDSHA256, algs: []string{aes256, aes256}},
		{name: "non-ASCII password, -legacy", pw: "pässwörd 世界", args: []string{"-legacy"}, legacy: true, mac: pbe.OIDSHA1, algs: []string{rc240, sha3des}},
		// With -nomac, openssl leaves the certificates unencrypted.
		{name: "-nomac", pw: "export pw", args: []string{"-nomac"}, noMAC: true, algs: []string{aes256}},
		{name: "-nomac, empty password", pw: "", args: []string{"-nomac"}, noMAC: true, algs: []string{aes256}},
		{name: "-nomac, empty password, -legacy", pw: "", args: []string{"-nomac", "-legacy"}, legacy: true, noMAC: true, algs: []string{sha3des}},
		{name: "-keypbe NONE -certpbe NONE", pw: "export pw", args: []string{"-keypbe", "NONE", "-certpbe", "NONE"}, mac: pbe.OIDSHA256},
		{name: "RC4-128 key, RC2-128 certificates", pw: "export pw", args: []string{"-keypbe", "PBE-SHA1-RC4-128", "-certpbe", "PBE-SHA1-RC2-128"}, legacy: true, mac: pbe.OIDSHA256, algs: []string{rc2128, rc4128}},
		{name: "2-key 3DES key, RC4-40 certificates", pw: "export pw", args: []string{"-keypbe", "PBE-SHA1-2DES", "-certpbe", "PBE-SHA1-RC4-40"}, legacy: true, mac: pbe.OIDSHA256, algs: []string{rc440, sha2des}},
		{name: "PBES2 RC2 certificates", pw: "export pw", args: []string{"-certpbe", "RC2-CBC"}, legacy: true, mac: pbe.OIDSHA256, algs: []string{rc2, aes256}},
		// OpenSSL 3.4 and later.
		{name: "PBMAC1", pw: "export pw", args: []string{"-pbmac1_pbkdf2"}, needs: "-pbmac1_pbkdf2", mac: pbe.OIDPBMAC1, algs: []string{aes256, aes256}},
		{name: "PBMAC1, SHA-512", pw: "pässwörd", args: []string{"-pbmac1_pbkdf2", "-pbmac1_pbkdf2_md", "sha512", "-macalg", "sha512"}, needs: "-pbmac1_pbkdf2", mac: pbe.OIDPBMAC1, algs: []string{aes256, aes256}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.needs != "" && !opensslHas(t, "pkcs12", tc.needs) {
				t.Skipf("this openssl pkcs12 has no %s", tc.needs)
			}
			args := append([]string{"pkcs12", "-export", "-inkey", m.keyFile, "-in", m.certFile, "-certfile", m.caFile, "-passout", "pass:" + tc.pw, "-out", filepath.Join(m.dir, "out.p12")}, tc.args...)
			if tc.legacy {
				args = append(args, legacy(t)...)
			}
			mustOpenSSL(t, args...)
			der, err := os.ReadFile(filepath.Join(m.dir, "out.p12"))
			if err != nil {
				t.Fatal(err)
			}
			p, err := parsePFX(der)
			if err != nil {
				t.Fatal(err)
			}
			if (p.mac == nil) != tc.noMAC || (p.mac != nil && p.mac.Algorithm != tc.mac) {
				t.Fatalf("MAC %+v, want %s", p.mac, tc.mac)
			}
			c, err := open(pbe.Options{}, der, pbe.NewPassword(tc.pw))
			if err != nil {
				t.Fatal(err)
			}
			if err := c.check(); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(m.want(), c, ignoreAlgs); diff != "" {
				t.Errorf("contents (-exported +opened):\n%s", diff)
			}
			if diff := cmp.Diff(tc.algs, c.Algs); diff != "" {
				t.Errorf("encryption algorithms (-want +openssl's):\n%s", diff)
			}
			if tc.noMAC {
				return // nothing tells a wrong password but garbage
			}
			if _, err := open(pbe.Options{}, der, pbe.NewPassword(tc.pw+"x")); !isIncorrect(err) {
				t.Errorf("wrong password: %v, want ErrIncorrectPassword", err)
			}
		})
	}
}

// TestOpenSSLReadsOurs builds PKCS #12 files here, encrypted and MACed
// by this package (the ASN.1 by encoding/asn1), and has `openssl pkcs12
// -nodes` open them: it must print the certificates and the key.
func TestOpenSSLReadsOurs(t *testing.T) {
	m := newMaterial(t)
	for _, tc := range []struct {
		name        string
		pw          pbe.Password
		passin      string
		certAlg     string // PBE OID or OIDPBES2
		certCipher  string
		keyAlg      string
		keyCipher   string
		prf, digest string
		legacy      bool
	}{
		{name: "modern", pw: pbe.NewPassword("our pw"), passin: "our pw", certAlg: pbe.OIDPBES2, certCipher: pbe.OIDAES256CBC, keyAlg: pbe.OIDPBES2, keyCipher: pbe.OIDAES256CBC, prf: pbe.OIDHMACWithSHA256, digest: pbe.OIDSHA256},
		{name: "SHA-512 everywhere", pw: pbe.NewPassword("our pw"), passin: "our pw", certAlg: pbe.OIDPBES2, certCipher: pbe.OIDAES128CBC, keyAlg: pbe.OIDPBES2, keyCipher: pbe.OIDAES192CBC, prf: pbe.OIDHMACWithSHA512, digest: pbe.OIDSHA512},
		{name: "legacy", pw: pbe.NewPassword("our pw"), passin: "our pw", certAlg: pbe.OIDPBEWithSHAAnd40BitRC2CBC, keyAlg: pbe.OIDPBEWithSHAAnd3KeyTripleDESCBC, digest: pbe.OIDSHA1, legacy: true},
		{name: "non-ASCII", pw: pbe.NewPassword("pässwörd 世界 \U0001F512"), passin: "pässwörd 世界 \U0001F512", certAlg: pbe.OIDPBEWithSHAAnd128BitRC2CBC, keyAlg: pbe.OIDPBES2, keyCipher: pbe.OIDDESEDE3CBC, prf: pbe.OIDHMACWithSHA1, digest: pbe.OIDSHA384, legacy: true},
		{name: "empty password", pw: pbe.NewPassword(""), passin: "", certAlg: pbe.OIDPBEWithSHAAnd2KeyTripleDESCBC, keyAlg: pbe.OIDPBEWithSHAAnd128BitRC4, digest: pbe.OIDSHA224, legacy: true},
		{name: "absent password", pw: pbe.NoPassword(), passin: "", certAlg: pbe.OIDPBEWithSHAAnd40BitRC4, keyAlg: pbe.OIDPBEWithSHAAnd3KeyTripleDESCBC, digest: pbe.OIDSHA512_256, legacy: true},
		{name: "SHA-512/224 MAC", pw: pbe.NewPassword("our pw"), passin: "our pw", certAlg: pbe.OIDPBES2, certCipher: pbe.OIDAES256CBC, keyAlg: pbe.OIDPBES2, keyCipher: pbe.OIDAES256CBC, prf: pbe.OIDHMACWithSHA512_224, digest: pbe.OIDSHA512_224},
		// OpenSSL 3.4 and later read PBMAC1.
		{name: "PBMAC1", pw: pbe.NewPassword("pässwörd"), passin: "pässwörd", certAlg: pbe.OIDPBES2, certCipher: pbe.OIDAES256CBC, keyAlg: pbe.OIDPBES2, keyCipher: pbe.OIDAES256CBC, prf: pbe.OIDHMACWithSHA256, digest: pbe.OIDPBMAC1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var prov []string
			if tc.legacy {
				prov = legacy(t)
			}
			der := buildPFX(t, m, tc.pw, tc.certAlg, tc.certCipher, tc.keyAlg, tc.keyCipher, tc.prf, tc.digest)
			c, err := open(pbe.Options{}, der, tc.pw)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(m.want(), c, ignoreAlgs); diff != "" {
				t.Errorf("opened here (-ours +opened):\n%s", diff)
			}
			if tc.digest == pbe.OIDPBMAC1 && !opensslHas(t, "pkcs12", "-pbmac1_pbkdf2") {
				t.Skip("this openssl pkcs12 does not know PBMAC1")
			}
			file := filepath.Join(m.dir, "ours.p12")
			if err := os.WriteFile(file, der, 0o600); err != nil {
				t.Fatal(err)
			}
			out := mustOpenSSL(t, append([]string{"pkcs12", "-in", file, "-passin", "pass:" + tc.passin, "-nodes"}, prov...)...)
			got := new(contents)
			for rest := out; ; {
				var b *pem.Block
				if b, rest = pem.Decode(rest); b == nil {
					break
				}
				switch b.Type {
				case "CERTIFICATE":
					got.Certs = append(got.Certs, b.Bytes)
				case "PRIVATE KEY":
					got.Keys = append(got.Keys, b.Bytes)
				}
			}
			if diff := cmp.Diff(m.want(), got, ignoreAlgs); diff != "" {
				t.Errorf("openssl pkcs12 -nodes (-ours +openssl's):\n%s", diff)
			}
		})
	}
}

var ignoreAlgs = cmpopts.IgnoreFields(contents{}, "Algs")

// opensslHas reports whether `openssl cmd -help` lists option.
func opensslHas(t testing.TB, cmd, option string) bool {
	t.Helper()
	path, err := exec.LookPath("openssl")
	if err != nil {
		t.Skip("openssl is not on the PATH")
	}
	out, _ := exec.Command(path, cmd, "-help").CombinedOutput() // -help exits 1 on some versions
	return bytes.Contains(out, []byte(" "+option+" "))
}

// sameECKey reports whether sec1, an ECPrivateKey, is the key of pkcs8.
func sameECKey(t testing.TB, sec1, pkcs8 []byte) bool {
	t.Helper()
	a, err := x509.ParseECPrivateKey(sec1)
	if err != nil {
		t.Fatalf("openssl's output: %v", err)
	}
	b, err := x509.ParsePKCS8PrivateKey(pkcs8)
	if err != nil {
		t.Fatal(err)
	}
	return a.Equal(b)
}

func isIncorrect(err error) bool {
	return err != nil && strings.Contains(err.Error(), "incorrect password") && errors.Is(err, pbe.ErrIncorrectPassword)
}

// material is what the PKCS #12 tests export: a key, its certificate and
// a CA certificate, as files for openssl and as DER.
type material struct {
	dir                       string
	keyFile, certFile, caFile string
	key, cert, ca             []byte
}

func (m *material) want() *contents {
	return &contents{Certs: [][]byte{m.cert, m.ca}, Keys: [][]byte{m.key}}
}

func newMaterial(t testing.TB) *material {
	t.Helper()
	m := &material{dir: t.TempDir()}
	caKey, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := func(serial int64, cn string) *x509.Certificate {
		return &x509.Certificate{
			SerialNumber: big.NewInt(serial), Subject: pkix.Name{CommonName: cn},
			NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
			BasicConstraintsValid: true, IsCA: serial == 1,
		}
	}
	caTmpl := tmpl(1, "pbe test CA")
	if m.ca, err = x509.CreateCertificate(rand.Reader, caTmpl, caTmpl, &caKey.PublicKey, caKey); err != nil {
		t.Fatal(err)
	}
	if m.cert, err = x509.CreateCertificate(rand.Reader, tmpl(2, "pbe test"), caTmpl, &key.PublicKey, caKey); err != nil {
		t.Fatal(err)
	}
	if m.key, err = x509.MarshalPKCS8PrivateKey(key); err != nil {
		t.Fatal(err)
	}
	write := func(name, typ string, der []byte) string {
		f := filepath.Join(m.dir, name)
		if err := os.WriteFile(f, pem.EncodeToMemory(&pem.Block{Type: typ, Bytes: der}), 0o600); err != nil {
			t.Fatal(err)
		}
		return f
	}
	m.keyFile = write("key.pem", "PRIVATE KEY", m.key)
	m.certFile = write("cert.pem", "CERTIFICATE", m.cert)
	m.caFile = write("ca.pem", "CERTIFICATE", m.ca)
	return m
}

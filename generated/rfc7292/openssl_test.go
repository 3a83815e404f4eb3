package rfc7292_test

// Differential tests against the openssl command line (and Java's
// keytool): files made by `openssl pkcs12 -export` with every option that
// changes the cryptography, decoded here and compared with what `openssl
// pkcs12 -nodes` prints; files made by Encode, read by `openssl pkcs12`.
// They skip when openssl (keytool) is not on the PATH, and the cases that
// need OpenSSL's legacy provider (RC2) skip when it cannot be loaded.

import (
	"bytes"
	"crypto"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"encoding/pem"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/asn1gen/asn1gen/generated/rfc7292"
)

// command runs name with args and returns its standard output; it skips
// the test when name is not on the PATH.
func command(t testing.TB, name string, args ...string) ([]byte, error) {
	t.Helper()
	path, err := exec.LookPath(name)
	if err != nil {
		t.Skipf("%s is not on the PATH", name)
	}
	cmd := exec.Command(path, args...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("%s %s: %v: %s", name, strings.Join(args, " "), err, stderr.Bytes())
	}
	return stdout.Bytes(), nil
}

func mustOpenSSL(t testing.TB, args ...string) []byte {
	t.Helper()
	out, err := command(t, "openssl", args...)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

var legacyOnce struct {
	sync.Once
	ok bool
}

// legacy returns the arguments that load OpenSSL's legacy provider (RC2),
// or skips the test when it cannot be loaded.
func legacy(t testing.TB) []string {
	t.Helper()
	args := []string{"-provider", "legacy", "-provider", "default"}
	legacyOnce.Do(func() {
		_, err := command(t, "openssl", append([]string{"list", "-cipher-algorithms"}, args...)...)
		legacyOnce.ok = err == nil
	})
	if !legacyOnce.ok {
		t.Skip("openssl's legacy provider is not available")
	}
	return args
}

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

// pemContents parses what `openssl pkcs12 -nodes` prints: certificates
// and PKCS #8 keys, the keys put in the form contentsOf gives them.
func pemContents(t testing.TB, out []byte) opened {
	t.Helper()
	var o opened
	for rest := out; ; {
		var b *pem.Block
		if b, rest = pem.Decode(rest); b == nil {
			break
		}
		switch b.Type {
		case "CERTIFICATE":
			o.Certs = append(o.Certs, b.Bytes)
		case "PRIVATE KEY":
			k, err := x509.ParsePKCS8PrivateKey(b.Bytes)
			if err != nil {
				t.Fatalf("openssl's key: %v", err)
			}
			der, err := x509.MarshalPKCS8PrivateKey(k)
			if err != nil {
				t.Fatal(err)
			}
			o.Keys = append(o.Keys, der)
		default:
			t.Fatalf("openssl printed a %s", b.Type)
		}
	}
	return o
}

// files are material written for openssl.
type files struct {
	*material
	dir                       string
	keyFile, leafFile, caFile string
}

// newFiles makes material with a key of type kind (P-256, RSA, Ed25519)
// and writes it as PEM files.
func newFiles(t testing.TB, kind string) *files {
	t.Helper()
	var key crypto.Signer
	var err error
	switch kind {
	case "RSA":
		key, err = rsa.GenerateKey(rand.Reader, 2048)
	case "Ed25519":
		_, key, err = ed25519.GenerateKey(rand.Reader)
	default:
		key, err = ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	}
	if err != nil {
		t.Fatal(err)
	}
	f := &files{material: materialWith(t, key), dir: t.TempDir()}
	write := func(name, typ string, der []byte) string {
		p := filepath.Join(f.dir, name)
		if err := os.WriteFile(p, pem.EncodeToMemory(&pem.Block{Type: typ, Bytes: der}), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	f.keyFile = write("key.pem", "PRIVATE KEY", f.pkcs8)
	f.leafFile = write("leaf.pem", "CERTIFICATE", f.leaf)
	f.caFile = write("ca.pem", "CERTIFICATE", f.ca)
	return f
}

// TestOpenSSLExport makes files with `openssl pkcs12 -export` and decodes
// them: Decode must return what `openssl pkcs12 -nodes` prints (the
// certificates, and the keys compared as PKCS #8), the key and
// certificates exported, and ErrIncorrectPassword for a wrong password.
func TestOpenSSLExport(t *testing.T) {
	const (
		pbes2  = "1.2.840.113549.1.5.13"
		des3   = "1.2.840.113549.1.12.1.3"
		rc240  = "1.2.840.113549.1.12.1.6"
		sha1   = "1.3.14.3.2.26"
		sha256 = "2.16.840.1.101.3.4.2.1"
		sha512 = "2.16.840.1.101.3.4.2.3"
		pbmac1 = "1.2.840.113549.1.5.14"
	)
	if _, err := exec.LookPath("openssl"); err != nil {
		t.Skip("openssl is not on the PATH")
	}
	keys := map[string]*files{"": newFiles(t, "P-256"), "RSA": newFiles(t, "RSA"), "Ed25519": newFiles(t, "Ed25519")}
	for _, tc := range []struct {
		name    string
		key     string // P-256 (default), RSA, Ed25519
		pw      string
		args    []string
		legacy  bool   // needs the legacy provider
		needs   string // an option of openssl pkcs12 this openssl may lack
		noKeys  bool
		mac     string // the MAC openssl writes; "" for none
		enc     string // Bag.Encryption of the leaf, the CA and the key
		noCheck bool   // nothing tells a wrong password (no MAC, no encryption)
	}{
		{name: "default (AES-256)", pw: "export pw", mac: sha256, enc: pbes2 + " " + pbes2 + " " + pbes2},
		{name: "default, RSA", key: "RSA", pw: "export pw", mac: sha256, enc: pbes2 + " " + pbes2 + " " + pbes2},
		{name: "default, Ed25519", key: "Ed25519", pw: "export pw", mac: sha256, enc: pbes2 + " " + pbes2 + " " + pbes2},
		{name: "-legacy", pw: "export pw", args: []string{"-legacy"}, legacy: true, mac: sha1, enc: rc240 + " " + rc240 + " " + des3},
		{name: "-descert", pw: "export pw", args: []string{"-descert"}, mac: sha256, enc: des3 + " " + des3 + " " + pbes2},
		{name: "-nomac", pw: "export pw", args: []string{"-nomac"}, enc: "  " + pbes2},
		{name: "-nokeys", pw: "export pw", args: []string{"-nokeys"}, noKeys: true, mac: sha256, enc: pbes2 + " " + pbes2},
		{name: "empty password", pw: "", mac: sha256, enc: pbes2 + " " + pbes2 + " " + pbes2},
		{name: "empty password, -legacy", pw: "", args: []string{"-legacy"}, legacy: true, mac: sha1, enc: rc240 + " " + rc240 + " " + des3},
		{name: "empty password, -nomac -descert", pw: "", args: []string{"-nomac", "-descert"}, enc: des3 + " " + des3 + " " + pbes2},
		{name: "non-ASCII password", pw: "pässwörd 世界 \U0001F512", mac: sha256, enc: pbes2 + " " + pbes2 + " " + pbes2},
		{name: "non-ASCII password, -legacy", pw: "pässwörd 世界", args: []string{"-legacy"}, legacy: true, mac: sha1, enc: rc240 + " " + rc240 + " " + des3},
		{name: "-keypbe NONE -certpbe NONE", pw: "export pw", args: []string{"-keypbe", "NONE", "-certpbe", "NONE"}, mac: sha256, enc: "  "},
		{name: "-keypbe NONE -certpbe NONE -nomac", pw: "export pw", args: []string{"-keypbe", "NONE", "-certpbe", "NONE", "-nomac"}, enc: "  ", noCheck: true},
		{name: "-macalg sha512", pw: "export pw", args: []string{"-macalg", "sha512"}, mac: sha512, enc: pbes2 + " " + pbes2 + " " + pbes2},
		{name: "-macalg blake2b512", pw: "export pw", args: []string{"-macalg", "blake2b512"}, mac: "1.3.6.1.4.1.1722.12.2.1.16", enc: pbes2 + " " + pbes2 + " " + pbes2},
		{name: "-macalg sha1", pw: "export pw", args: []string{"-macalg", "sha1"}, mac: sha1, enc: pbes2 + " " + pbes2 + " " + pbes2},
		{name: "-iter 1", pw: "export pw", args: []string{"-iter", "1"}, mac: sha256, enc: pbes2 + " " + pbes2 + " " + pbes2},
		{name: "-noiter -nomaciter", pw: "export pw", args: []string{"-noiter", "-nomaciter"}, mac: sha256, enc: pbes2 + " " + pbes2 + " " + pbes2},
		{name: "AES-128", pw: "export pw", args: []string{"-keypbe", "AES-128-CBC", "-certpbe", "AES-128-CBC"}, mac: sha256, enc: pbes2 + " " + pbes2 + " " + pbes2},
		{name: "AES-192 key, 3DES certificates", pw: "export pw", args: []string{"-keypbe", "AES-192-CBC", "-certpbe", "DES-EDE3-CBC"}, mac: sha256, enc: pbes2 + " " + pbes2 + " " + pbes2},
		{name: "RC2-128, RC4-128", pw: "export pw", args: []string{"-keypbe", "PBE-SHA1-RC4-128", "-certpbe", "PBE-SHA1-RC2-128"}, legacy: true, mac: sha256, enc: "1.2.840.113549.1.12.1.5 1.2.840.113549.1.12.1.5 1.2.840.113549.1.12.1.1"},
		// OpenSSL 3.4 and later.
		{name: "PBMAC1", pw: "pässwörd", args: []string{"-pbmac1_pbkdf2"}, needs: "-pbmac1_pbkdf2", mac: pbmac1, enc: pbes2 + " " + pbes2 + " " + pbes2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.needs != "" && !opensslHas(t, "pkcs12", tc.needs) {
				t.Skipf("this openssl pkcs12 has no %s", tc.needs)
			}
			var prov []string
			if tc.legacy {
				prov = legacy(t)
			}
			f := keys[tc.key]
			file := filepath.Join(t.TempDir(), "out.p12")
			args := []string{"pkcs12", "-export", "-in", f.leafFile, "-certfile", f.caFile, "-name", "exported", "-passout", "pass:" + tc.pw, "-out", file}
			if !tc.noKeys {
				args = append(args, "-inkey", f.keyFile)
			}
			mustOpenSSL(t, append(append(args, tc.args...), prov...)...)
			enc, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			c, err := rfc7292.Decode(enc, tc.pw)
			if err != nil {
				t.Fatal(err)
			}
			got := contentsOf(t, c)
			want := pemContents(t, mustOpenSSL(t, append([]string{"pkcs12", "-in", file, "-passin", "pass:" + tc.pw, "-nodes"}, prov...)...))
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("Decode (-openssl pkcs12 -nodes +Decode):\n%s", diff)
			}
			exported := f.want()
			if tc.noKeys {
				exported.Keys = nil
			}
			if diff := cmp.Diff(exported, got); diff != "" {
				t.Errorf("Decode (-exported +decoded):\n%s", diff)
			}
			var encs []string
			for _, b := range c.Bags {
				encs = append(encs, b.Encryption)
			}
			if got := strings.Join(encs, " "); got != tc.enc {
				t.Errorf("encryption %q, want %q", got, tc.enc)
			}
			if mac := c.PFX.MacData.Mac.DigestAlgorithm.Algorithm.String(); c.PFX.HasMacData != (tc.mac != "") || (tc.mac != "" && mac != tc.mac) {
				t.Errorf("MAC %s (present: %v), want %q", mac, c.PFX.HasMacData, tc.mac)
			}
			if want := "exported"; c.Bags[0].FriendlyName != want && !tc.noKeys { // -name names the key and its certificate
				t.Errorf("friendlyName %q, want %q", c.Bags[0].FriendlyName, want)
			}
			if !tc.noKeys {
				key, leaf, _, err := c.Chain()
				if err != nil {
					t.Fatal(err)
				}
				if !f.signer.(interface{ Equal(crypto.PrivateKey) bool }).Equal(key) || leaf != c.Certificates[0] {
					t.Errorf("Chain: another key or certificate")
				}
			}
			if tc.noCheck {
				return
			}
			if _, err := rfc7292.Decode(enc, tc.pw+"x"); !errors.Is(err, rfc7292.ErrIncorrectPassword) {
				t.Errorf("wrong password: %v, want ErrIncorrectPassword", err)
			}
		})
	}
}

// TestOpenSSLReadsEncode has `openssl pkcs12 -nodes` open the files
// Encode and EncodeTrustStore make, with every profile and password.
func TestOpenSSLReadsEncode(t *testing.T) {
	f := newFiles(t, "P-256")
	for _, prof := range profiles {
		for _, pw := range passwords {
			t.Run(prof.name+"/"+pw, func(t *testing.T) {
				var prov []string
				switch prof.p {
				case rfc7292.LegacyRC2:
					prov = legacy(t)
				case rfc7292.ModernPBMAC1:
					if !opensslHas(t, "pkcs12", "-pbmac1_pbkdf2") {
						t.Skip("this openssl pkcs12 does not know PBMAC1")
					}
				}
				enc, err := rfc7292.Encode(f.signer, [][]byte{f.leaf, f.ca}, pw, &rfc7292.EncodeOptions{Profile: prof.p, FriendlyName: "our alias"})
				if err != nil {
					t.Fatal(err)
				}
				file := filepath.Join(t.TempDir(), "ours.p12")
				if err := os.WriteFile(file, enc, 0o600); err != nil {
					t.Fatal(err)
				}
				out := mustOpenSSL(t, append([]string{"pkcs12", "-in", file, "-passin", "pass:" + pw, "-nodes"}, prov...)...)
				if diff := cmp.Diff(f.want(), pemContents(t, out)); diff != "" {
					t.Errorf("openssl pkcs12 -nodes (-ours +openssl's):\n%s", diff)
				}
				if n := bytes.Count(out, []byte("friendlyName: our alias")); n != 2 {
					t.Errorf("openssl prints the friendlyName %d times, want 2 (the key and its certificate):\n%s", n, out)
				}
				if n := bytes.Count(out, []byte("localKeyID:")); n != 2 {
					t.Errorf("openssl prints %d localKeyIDs, want 2", n)
				}
				if _, err := command(t, "openssl", append([]string{"pkcs12", "-in", file, "-passin", "pass:" + pw + "x", "-nodes"}, prov...)...); err == nil || !strings.Contains(err.Error(), "Mac verify error") {
					t.Errorf("openssl with a wrong password: %v", err)
				}
			})
		}
	}
	t.Run("trust store", func(t *testing.T) {
		enc, err := rfc7292.EncodeTrustStore([][]byte{f.ca, f.leaf}, "store", nil)
		if err != nil {
			t.Fatal(err)
		}
		file := filepath.Join(t.TempDir(), "store.p12")
		if err := os.WriteFile(file, enc, 0o600); err != nil {
			t.Fatal(err)
		}
		out := mustOpenSSL(t, "pkcs12", "-in", file, "-passin", "pass:store", "-nodes")
		if diff := cmp.Diff(opened{Certs: [][]byte{f.ca, f.leaf}}, pemContents(t, out)); diff != "" {
			t.Errorf("openssl pkcs12 -nodes (-ours +openssl's):\n%s", diff)
		}
	})
}

// keytool runs Java's keytool, or skips the test.
func keytool(t testing.TB, args ...string) []byte {
	t.Helper()
	out, err := command(t, "keytool", args...)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestKeytool has Java's KeyStore read the files Encode and
// EncodeTrustStore make, and decodes the ones keytool makes: a key pair
// and a secret key (a secretBag).
func TestKeytool(t *testing.T) {
	if testing.Short() {
		t.Skip("keytool starts a JVM per call")
	}
	f := newFiles(t, "P-256")
	dir := t.TempDir()
	for _, prof := range []rfc7292.Profile{rfc7292.Modern, rfc7292.LegacyDES} {
		enc, err := rfc7292.Encode(f.signer, [][]byte{f.leaf, f.ca}, "changeit", &rfc7292.EncodeOptions{Profile: prof, FriendlyName: "ours"})
		if err != nil {
			t.Fatal(err)
		}
		file := filepath.Join(dir, fmt.Sprint("ours", prof, ".p12"))
		if err := os.WriteFile(file, enc, 0o600); err != nil {
			t.Fatal(err)
		}
		out := keytool(t, "-list", "-v", "-storetype", "PKCS12", "-keystore", file, "-storepass", "changeit")
		for _, want := range []string{"Alias name: ours", "Entry type: PrivateKeyEntry", "Certificate chain length: 2"} {
			if !bytes.Contains(out, []byte(want)) {
				t.Errorf("%v: keytool -list does not say %q:\n%s", prof, want, out)
			}
		}
	}
	store, err := rfc7292.EncodeTrustStore([][]byte{f.ca, f.leaf}, "changeit", nil)
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, "store.p12")
	if err := os.WriteFile(file, store, 0o600); err != nil {
		t.Fatal(err)
	}
	if out := keytool(t, "-list", "-storetype", "PKCS12", "-keystore", file, "-storepass", "changeit"); bytes.Count(out, []byte("trustedCertEntry")) != 2 {
		t.Errorf("keytool -list of the trust store:\n%s", out)
	}

	java := filepath.Join(dir, "java.p12")
	keytool(t, "-genkeypair", "-keyalg", "EC", "-groupname", "secp256r1", "-alias", "pair", "-dname", "CN=keytool", "-storetype", "PKCS12", "-keystore", java, "-storepass", "changeit")
	keytool(t, "-genseckey", "-keyalg", "AES", "-keysize", "256", "-alias", "secret", "-storetype", "PKCS12", "-keystore", java, "-storepass", "changeit")
	enc, err := os.ReadFile(java)
	if err != nil {
		t.Fatal(err)
	}
	c, err := rfc7292.Decode(enc, "changeit")
	if err != nil {
		t.Fatal(err)
	}
	if len(c.PrivateKeys) != 1 || len(c.Certificates) != 1 || len(c.Secrets) != 1 {
		t.Fatalf("keytool's file: %d keys, %d certificates, %d secrets; want 1 each", len(c.PrivateKeys), len(c.Certificates), len(c.Secrets))
	}
	for _, b := range c.Bags {
		if b.Secret == nil {
			continue
		}
		var k rfc7292.PrivateKeyInfo
		if err := k.UnmarshalDER(b.PKCS8); err != nil {
			t.Fatalf("the secret's PrivateKeyInfo: %v", err)
		}
		if b.FriendlyName != "secret" || k.PrivateKeyAlgorithm.Algorithm.String() != "2.16.840.1.101.3.4.1" || len(k.PrivateKey) != 32 {
			t.Errorf("secret %q: algorithm %v, %d octets; want secret, 2.16.840.1.101.3.4.1 (AES), 32", b.FriendlyName, k.PrivateKeyAlgorithm.Algorithm, len(k.PrivateKey))
		}
	}
	if _, err := rfc7292.Decode(enc, "changeiT"); !errors.Is(err, rfc7292.ErrIncorrectPassword) {
		t.Errorf("wrong password: %v", err)
	}
}

package rfc5652_test

import (
	"bytes"
	"crypto/x509"
	"encoding/pem"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/asn1gen/asn1gen/generated/rfc5652"
)

// The interoperability tests with the OpenSSL command line: what Sign
// writes, `openssl cms -verify` accepts (with chain verification to the
// test CA and S/MIME signing purpose, its defaults), and what `openssl
// cms -sign` writes, Verify accepts. They skip without openssl in PATH
// (CI installs it).

// opensslContent is signed in binary mode (-binary): no MIME
// canonicalization, so CR, LF and non-ASCII octets must come out as
// they went in.
var opensslContent = []byte("Line 1\r\nLine 2\nnon-ASCII: \xc3\xa9\x00\xff\n")

// openssl runs the openssl command with args and returns its standard
// output; it skips the test when there is no openssl.
func openssl(t *testing.T, args ...string) ([]byte, error) {
	t.Helper()
	path, err := exec.LookPath("openssl")
	if err != nil {
		t.Skip("openssl not in PATH")
	}
	var stdout, stderr bytes.Buffer
	cmd := exec.Command(path, args...)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return nil, &opensslError{args: args, err: err, stderr: stderr.String()}
	}
	return stdout.Bytes(), nil
}

type opensslError struct {
	args   []string
	err    error
	stderr string
}

func (e *opensslError) Error() string {
	return "openssl " + strings.Join(e.args, " ") + ": " + e.err.Error() + "\n" + e.stderr
}

// opensslFiles writes the test PKI as PEM files in dir: ca.pem and, per
// key, NAME.pem and NAME.key (PKCS #8).
func opensslFiles(t *testing.T, p *testPKI) string {
	t.Helper()
	dir := t.TempDir()
	write := func(name, typ string, b []byte) {
		if err := os.WriteFile(filepath.Join(dir, name), pem.EncodeToMemory(&pem.Block{Type: typ, Bytes: b}), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	write("ca.pem", "CERTIFICATE", p.ca.Raw)
	for _, name := range keyNames {
		s := p.signer[name]
		write(name+".pem", "CERTIFICATE", s.Certificate.Raw)
		k, err := x509.MarshalPKCS8PrivateKey(s.Key)
		if err != nil {
			t.Fatal(err)
		}
		write(name+".key", "PRIVATE KEY", k)
	}
	return dir
}

var (
	ed25519Once sync.Once
	ed25519Err  error
)

// opensslEd25519 returns the error of `openssl cms -sign` with an Ed25519
// key, nil if it signs: OpenSSL 3.0 fails in CMS_final ("invalid
// digest"), and its -verify fails the same way on any Ed25519
// SignedData, Sign's or another's.
func opensslEd25519(t *testing.T, dir string) error {
	ed25519Once.Do(func() {
		_, ed25519Err = openssl(t, "cms", "-sign", "-binary", "-md", "sha512", "-in", filepath.Join(dir, "content"),
			"-signer", filepath.Join(dir, "ed25519.pem"), "-inkey", filepath.Join(dir, "ed25519.key"), "-outform", "DER")
	})
	return ed25519Err
}

// opensslCases are the signers and options both directions test.
var opensslCases = []struct {
	name string
	key  string
	pss  bool
}{
	{"rsa", "rsa", false},
	{"rsa-pss", "rsa", true},
	{"p256", "p256", false},
	{"p384", "p384", false},
	{"ed25519", "ed25519", false},
}

// TestOpenSSLVerifiesSign: `openssl cms -verify` accepts what Sign
// writes and gives back the content, attached and detached.
func TestOpenSSLVerifiesSign(t *testing.T) {
	if _, err := exec.LookPath("openssl"); err != nil {
		t.Skip("openssl not in PATH")
	}
	p := newPKI(t)
	dir := opensslFiles(t, p)
	contentFile := filepath.Join(dir, "content")
	if err := os.WriteFile(contentFile, opensslContent, 0o600); err != nil {
		t.Fatal(err)
	}
	for _, c := range opensslCases {
		for _, detached := range []bool{false, true} {
			name := c.name + map[bool]string{false: "/attached", true: "/detached"}[detached]
			t.Run(name, func(t *testing.T) {
				if c.key == "ed25519" {
					if err := opensslEd25519(t, dir); err != nil {
						t.Skip("this openssl does not do Ed25519 in CMS (OpenSSL 3.0: \"eddsa_digest_signverify_init:invalid digest\")")
					}
				}
				enc, err := rfc5652.Sign(opensslContent, []rfc5652.Signer{p.signer[c.key]}, &rfc5652.SignOptions{PSS: c.pss, Detached: detached})
				if err != nil {
					t.Fatal(err)
				}
				in := filepath.Join(dir, strings.ReplaceAll(name, "/", "-")+".der")
				if err := os.WriteFile(in, enc, 0o600); err != nil {
					t.Fatal(err)
				}
				args := []string{"cms", "-verify", "-binary", "-inform", "DER", "-in", in, "-CAfile", filepath.Join(dir, "ca.pem")}
				if detached {
					args = append(args, "-content", contentFile)
				}
				out, err := openssl(t, args...)
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(out, opensslContent) {
					t.Errorf("openssl gives the content %q, want %q", out, opensslContent)
				}
			})
		}
	}
}

// TestVerifyOpenSSLSign: Verify accepts what `openssl cms -sign` writes,
// attached and detached, in DER and streamed BER (-stream: indefinite
// lengths, a constructed eContent), with or without signed attributes,
// the signer identified by issuer and serial or by key identifier.
func TestVerifyOpenSSLSign(t *testing.T) {
	if _, err := exec.LookPath("openssl"); err != nil {
		t.Skip("openssl not in PATH")
	}
	p := newPKI(t)
	dir := opensslFiles(t, p)
	contentFile := filepath.Join(dir, "content")
	if err := os.WriteFile(contentFile, opensslContent, 0o600); err != nil {
		t.Fatal(err)
	}
	variants := []struct {
		name string
		args []string
	}{
		{"attached", []string{"-nodetach"}},
		{"detached", nil},
		{"attached-stream", []string{"-nodetach", "-stream"}},
		{"detached-noattr", []string{"-noattr"}},
		{"attached-keyid-sha384", []string{"-nodetach", "-keyid", "-md", "sha384"}},
	}
	for _, c := range opensslCases {
		for _, v := range variants {
			t.Run(c.name+"/"+v.name, func(t *testing.T) {
				args := []string{"cms", "-sign", "-binary", "-in", contentFile, "-outform", "DER",
					"-signer", filepath.Join(dir, c.key+".pem"), "-inkey", filepath.Join(dir, c.key+".key")}
				switch {
				case c.pss:
					if strings.Contains(v.name, "stream") {
						// OpenSSL 3.0: "asn1_template_ex_i2d:illegal zero
						// content" streaming a PSS signature.
						t.Skip("openssl cannot stream an RSASSA-PSS SignedData")
					}
					args = append(args, "-keyopt", "rsa_padding_mode:pss")
				case c.key == "ed25519":
					if err := opensslEd25519(t, dir); err != nil {
						t.Skip("this openssl does not do Ed25519 in CMS (OpenSSL 3.0: \"eddsa_digest_signverify_init:invalid digest\")")
					}
					if !strings.Contains(v.name, "sha384") {
						args = append(args, "-md", "sha512") // RFC 8419 3
					}
				}
				enc, err := openssl(t, append(args, v.args...)...)
				if err != nil {
					t.Fatal(err)
				}
				opts := &rfc5652.VerifyOptions{Chain: &x509.VerifyOptions{Roots: p.roots, KeyUsages: []x509.ExtKeyUsage{x509.ExtKeyUsageEmailProtection}}}
				detached := !strings.HasPrefix(v.name, "attached")
				if detached {
					opts.Content = opensslContent
				}
				content, signers, err := rfc5652.Verify(enc, opts)
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(content, opensslContent) {
					t.Errorf("content %q, want %q", content, opensslContent)
				}
				if len(signers) != 1 || !signers[0].Certificate.Equal(p.signer[c.key].Certificate) {
					t.Errorf("signers %v, want %s's", signers, c.key)
				}
				if noattr := strings.Contains(v.name, "noattr"); signers[0].SigningTime.IsZero() != noattr {
					t.Errorf("signing time %v with -noattr %v", signers[0].SigningTime, noattr)
				}
				// Detached content not given: the error, not a success.
				if detached {
					if _, _, err := rfc5652.Verify(enc, nil); err == nil {
						t.Error("a detached signature verifies without its content")
					}
				}
			})
		}
	}
}

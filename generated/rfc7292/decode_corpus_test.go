package rfc7292_test

import (
	"bytes"
	"crypto/x509"
	"encoding/pem"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/asn1gen/asn1gen/generated/rfc7292"
	"github.com/asn1gen/asn1gen/internal/pbe/pbetest"
)

// keyForm is a PKCS #8 key in the form the comparisons use: re-encoded by
// crypto/x509 when it parses it (OpenSSL re-encodes what it prints), as
// it is when it does not (a DSA key).
func keyForm(pkcs8 []byte) []byte {
	k, err := x509.ParsePKCS8PrivateKey(pkcs8)
	if err != nil {
		return pkcs8
	}
	der, err := x509.MarshalPKCS8PrivateKey(k)
	if err != nil {
		return pkcs8
	}
	return der
}

// bagContents are the certificates and keys of c's bags (Bag.PKCS8 for
// every key, parsed by crypto/x509 or not).
func bagContents(t testing.TB, c *rfc7292.Contents) opened {
	t.Helper()
	var o opened
	for _, b := range c.Bags {
		switch {
		case b.Certificate != nil:
			enc, err := b.Certificate.Encoding()
			if err != nil {
				t.Fatal(err)
			}
			o.Certs = append(o.Certs, enc)
		case b.PKCS8 != nil && b.Secret == nil:
			o.Keys = append(o.Keys, keyForm(b.PKCS8))
		}
	}
	return o
}

// opensslContents opens the file data with `openssl pkcs12 -nodes`
// (the openssl at path), with the legacy provider if it needs it, or
// returns why it cannot.
func opensslContents(t testing.TB, path string, data []byte, password string) (opened, error) {
	t.Helper()
	file := filepath.Join(t.TempDir(), "in.p12")
	if err := os.WriteFile(file, data, 0o600); err != nil {
		t.Fatal(err)
	}
	run := func(args ...string) ([]byte, error) {
		cmd := exec.Command(path, append([]string{"pkcs12", "-in", file, "-passin", "pass:" + password, "-nodes"}, args...)...)
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		if err := cmd.Run(); err != nil {
			return nil, fmt.Errorf("openssl pkcs12: %v: %s", err, stderr.Bytes())
		}
		return stdout.Bytes(), nil
	}
	out, err := run()
	if err != nil {
		var err2 error
		if out, err2 = run("-provider", "legacy", "-provider", "default"); err2 != nil {
			return opened{}, err
		}
	}
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
			o.Keys = append(o.Keys, keyForm(b.Bytes))
		}
	}
	return o, nil
}

// TestCorpusDecode decodes every PKCS #12 file of the corpus whose
// password is known (internal/pbe/pbetest) with Decode: each must open,
// to what `openssl pkcs12 -nodes` prints where openssl opens it too, a
// wrong password must be ErrIncorrectPassword, and a file of an
// algorithm internal/pbe lacks must be ErrUnsupported naming it.
func TestCorpusDecode(t *testing.T) {
	openssl, _ := exec.LookPath("openssl")
	var decoded, unsupported, compared, certs, keys, unparsed int
	var notOpenSSL []string
	for _, f := range corpusPFX(t) {
		pw, known := pbetest.PKCS12Passwords[f.name]
		if !known {
			if _, ok := pbetest.PKCS12Unopened[f.name]; !ok {
				t.Errorf("%s: pbetest lists it neither in PKCS12Passwords nor in PKCS12Unopened", f.name)
			}
			continue
		}
		c, err := rfc7292.Decode(f.data, pw)
		if want, ok := pbetest.PKCS12Unsupported[f.name]; ok {
			if !errors.Is(err, rfc7292.ErrUnsupported) || !strings.Contains(err.Error(), want) {
				t.Errorf("%s: %v, want ErrUnsupported naming %s", f.name, err, want)
			}
			unsupported++
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", f.name, err)
			continue
		}
		decoded++
		got := bagContents(t, c)
		if len(got.Certs)+len(got.Keys) == 0 {
			t.Errorf("%s: decoded to nothing", f.name)
		}
		certs += len(got.Certs)
		keys += len(got.Keys)
		for _, b := range c.Bags {
			if b.KeyError != nil {
				unparsed++
				t.Logf("%s: %s: crypto/x509: %v", f.name, b.Path, b.KeyError)
			}
		}
		if c.PFX.HasMacData {
			if _, err := rfc7292.Decode(f.data, pw+"x"); !errors.Is(err, rfc7292.ErrIncorrectPassword) {
				t.Errorf("%s, wrong password: %v, want ErrIncorrectPassword", f.name, err)
			}
		}
		if openssl == "" {
			notOpenSSL = append(notOpenSSL, f.name+": openssl is not on the PATH")
			continue
		}
		want, err := opensslContents(t, openssl, f.data, pw)
		if err != nil {
			notOpenSSL = append(notOpenSSL, f.name+": "+firstLine(err.Error()))
			continue
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%s (-openssl pkcs12 -nodes +Decode):\n%s", f.name, diff)
		}
		compared++
	}
	sort.Strings(notOpenSSL)
	t.Logf("PKCS #12 corpus: %d files decoded (%d certificates, %d keys, %d of them not parsed by crypto/x509), %d unsupported as expected; %d agree with openssl pkcs12 -nodes, %d not compared:\n\t%s",
		decoded, certs, keys, unparsed, unsupported, compared, len(notOpenSSL), strings.Join(notOpenSSL, "\n\t"))
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	if len(s) > 160 {
		s = s[:160] + "…"
	}
	return s
}

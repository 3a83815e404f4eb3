package rfc5652_test

import (
	"bytes"
	"crypto/x509"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/asn1gen/asn1gen/generated/rfc5652"
	"github.com/asn1gen/asn1gen/runtime/der"
)

// TestDecryptOpenSSL: Decrypt reads what `openssl cms -encrypt` writes:
// key transport to RSA keys (PKCS #1 v1.5 and OAEP), ECDH key agreement
// to P-256 and P-384 keys (the X9.63 KDF with SHA-1, OpenSSL's default,
// and SHA-256), recipients identified by issuer and serial or by key
// identifier, AES-CBC and DES-EDE3-CBC EnvelopedData, AES-GCM
// AuthEnvelopedData, DER and streamed BER.
func TestDecryptOpenSSL(t *testing.T) {
	if _, err := exec.LookPath("openssl"); err != nil {
		t.Skip("openssl not in PATH")
	}
	p := newPKI(t)
	dir := opensslFiles(t, p)
	contentFile := filepath.Join(dir, "content")
	if err := os.WriteFile(contentFile, opensslContent, 0o600); err != nil {
		t.Fatal(err)
	}
	common := [][]string{{"-aes256"}, {"-aes128", "-keyid"}, {"-aes-256-gcm"}, {"-aes-128-gcm", "-stream"}, {"-aes192", "-stream"}}
	cases := map[string][][]string{
		// (ECDH with DES-EDE3-CBC wraps with the RFC 3217 3DES key wrap,
		// which Decrypt does not do.)
		"rsa": append(common, []string{"-des3"}, []string{"-aes256", "-keyopt", "rsa_padding_mode:oaep"},
			[]string{"-aes-256-gcm", "-keyopt", "rsa_padding_mode:oaep", "-keyopt", "rsa_oaep_md:sha256"}),
		"p256": append(common, []string{"-aes256", "-keyopt", "ecdh_kdf_md:sha256"}),
		"p384": append(common, []string{"-aes-256-gcm", "-keyopt", "ecdh_kdf_md:sha384"}),
	}
	for _, name := range []string{"rsa", "p256", "p384"} {
		s := p.signer[name]
		for _, args := range cases[name] {
			t.Run(name+strings.Join(args, ""), func(t *testing.T) {
				cmd := append([]string{"cms", "-encrypt", "-binary", "-in", contentFile, "-outform", "DER", "-recip", filepath.Join(dir, name+".pem")}, args...)
				enc, err := openssl(t, cmd...)
				if err != nil {
					t.Fatal(err)
				}
				got, err := rfc5652.Decrypt(enc, s.Certificate, s.Key)
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(got, opensslContent) {
					t.Errorf("content %q, want %q", got, opensslContent)
				}
				// Another certificate: no recipient.
				other := p.signer[map[string]string{"rsa": "p256", "p256": "p384", "p384": "rsa"}[name]]
				if _, err := rfc5652.Decrypt(enc, other.Certificate, other.Key); !errors.Is(err, rfc5652.ErrNoRecipient) {
					t.Errorf("decrypted for another certificate: %v, want ErrNoRecipient", err)
				}
				// The last octet changed (of the GCM tag, or of the last
				// CBC block, whose padding is then wrong but for 1 in
				// 256): never the content.
				bad := bytes.Clone(enc)
				bad[len(bad)-1] ^= 1
				if got, err := rfc5652.Decrypt(bad, s.Certificate, s.Key); err == nil && bytes.Equal(got, opensslContent) {
					t.Error("a changed message decrypts to the content")
				}
				// AES-GCM: a changed MAC is ErrDecrypt.
				var ci rfc5652.ContentInfo
				if err := der.Unmarshal(enc, &ci, &der.Options{BER: true}); err != nil {
					t.Fatal(err)
				}
				if ad := ci.Content.AuthEnvelopedData; ad != nil {
					ad.Mac[0] ^= 1
					if _, err := ad.Decrypt(s.Certificate, s.Key); !errors.Is(err, rfc5652.ErrDecrypt) {
						t.Errorf("a changed MAC: %v, want ErrDecrypt", err)
					}
				}
			})
		}
	}
}

// TestDecryptRFC4134: RFC 4134's 5.1 (an EnvelopedData of DES-EDE3-CBC for
// BobRSA) and 5.3 (the same as S/MIME application/pkcs7-mime) decrypt to
// ExContent with Bob's key.
func TestDecryptRFC4134(t *testing.T) {
	dir := filepath.Join(corpusDir(t), "bc-test-data/rfc4134")
	read := func(name string) []byte {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	cert, err := x509.ParseCertificate(read("BobRSASignByCarl.cer"))
	if err != nil {
		t.Fatal(err)
	}
	key, err := x509.ParsePKCS8PrivateKey(read("BobPrivRSAEncrypt.pri"))
	if err != nil {
		t.Fatal(err)
	}
	want := read("ExContent.bin")
	inputs := map[string][]byte{"5.1.bin": read("5.1.bin")}
	for _, b := range mimeBlobs(t) {
		if strings.HasPrefix(b.Name, "bc-test-data/rfc4134/5.3.eml") {
			inputs[b.Name] = b.Data
		}
	}
	if len(inputs) != 2 {
		t.Fatalf("inputs %d, want 5.1.bin and 5.3.eml's part", len(inputs))
	}
	for name, in := range inputs {
		got, err := rfc5652.Decrypt(in, cert, key)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s: %q, want ExContent %q", name, got, want)
		}
	}
}

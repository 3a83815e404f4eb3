package rfc5652_test

import (
	"bytes"
	"crypto"
	"crypto/sha256"
	"crypto/x509"
	"encoding/base64"
	"encoding/pem"
	"errors"
	"io"
	"mime"
	"mime/multipart"
	"net/mail"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/asn1gen/asn1gen/generated/rfc5652"
	"github.com/asn1gen/asn1gen/runtime/der"
)

// detachedContents are the contents of the corpus's detached signatures
// that are not in an S/MIME message: file -> content.
var detachedContents = map[string][]byte{
	// BoringSSL crypto/pkcs7/pkcs7_test.cc and cms_test.cc sign
	// kSignedData, "signed data", with sign_key.pem (commit a0689af29e8e).
	"boringssl/crypto/pkcs7/test/sign_sha1.p7s":          []byte("signed data"),
	"boringssl/crypto/pkcs7/test/sign_sha1_key_id.p7s":   []byte("signed data"),
	"boringssl/crypto/pkcs7/test/sign_sha256.p7s":        []byte("signed data"),
	"boringssl/crypto/pkcs7/test/sign_sha256_cert2.p7s":  []byte("signed data"),
	"boringssl/crypto/pkcs7/test/sign_sha256_key_id.p7s": []byte("signed data"),
}

// detachedFiles are detached contents that are files of the corpus.
var detachedFiles = map[string]string{
	"generated-openssl/cms-signed-detached.der": "generated-openssl/cms-content.txt",
	// RFC 4134 4.3 is a detached signature of ExContent (RFC 4134 2.1).
	"bc-test-data/rfc4134/4.3.bin": "bc-test-data/rfc4134/ExContent.bin",
}

// wantVerifyFailures are the corpus SignedData files (with signers) that
// do not verify: name -> the kind of the error, and why, in a comment.
// The test fails on any other failure, on another kind, and on a listed
// file that verifies.
var wantVerifyFailures = map[string]error{
	// Detached, and the content is not in the corpus.
	"asn1crypto/tests/fixtures/mozilla-generated-by-openssl.pkcs7.der":       rfc5652.ErrNoContent,
	"asn1crypto/tests/fixtures/smime-signature-generated-by-thunderbird.p7s": rfc5652.ErrNoContent,
	// ML-DSA (FIPS 204) is not in the standard library (and the files
	// carry no certificate).
	"bc-test-data/pkix/cms/mldsa/SignedData_ML-DSA-44.pem#1(CMS)": rfc5652.ErrUnsupportedAlgorithm,
	"bc-test-data/pkix/cms/mldsa/SignedData_ML-DSA-65.pem#1(CMS)": rfc5652.ErrUnsupportedAlgorithm,
	"bc-test-data/pkix/cms/mldsa/SignedData_ML-DSA-87.pem#1(CMS)": rfc5652.ErrUnsupportedAlgorithm,
	// The second signer's certificate, CarlDSS's, has a DSA key without
	// parameters (inherited, RFC 3279 2.3.2), which crypto/x509 rejects;
	// the first signer (AliceDSS) verifies.
	"bc-test-data/rfc4134/4.6.bin": rfc5652.ErrBadCertificate,
	// `openssl cms -verify` (3.0) fails on these three as well: "rsa
	// routines:ossl_rsa_verify:bad signature" and "content verify error".
	"asn1crypto/tests/fixtures/cms-signed-digested.der":          rfc5652.ErrSignature,
	"asn1crypto/tests/fixtures/pkcs7-signed-digested.der":        rfc5652.ErrSignature,
	"asn1crypto/tests/fixtures/cms-signed-indefinite-length.der": rfc5652.ErrDigestMismatch,
	// An Apple MDM request signature (PKCS #7 content) whose signer, a
	// device certificate, is not in the message or the corpus.
	"rustcrypto-formats/cms/tests/examples/apple_mdm_signature_der.bin": rfc5652.ErrSignerNotFound,
	// MD2 and MD4 digests.
	"openssl/test/pkcs7-1.pem#1(PKCS7)":                            rfc5652.ErrUnsupportedAlgorithm,
	"openssl/test/recipes/80-test_cms_data/pkcs7-md4.pem#1(PKCS7)": rfc5652.ErrUnsupportedAlgorithm,
	// OpenSSL's negative tests (test/recipes/80-test_cms.t): a second
	// content-type attribute, none, no message-digest attribute, an
	// unsigned signing-time attribute.
	"openssl/test/recipes/80-test_cms_data/bad_signtime_attr.cms": rfc5652.ErrAttributes,
	"openssl/test/recipes/80-test_cms_data/ct_multiple_attr.cms":  rfc5652.ErrAttributes,
	"openssl/test/recipes/80-test_cms_data/no_ct_attr.cms":        rfc5652.ErrAttributes,
	"openssl/test/recipes/80-test_cms_data/no_md_attr.cms":        rfc5652.ErrAttributes,
}

// TestCorpusVerify verifies every SignedData of the corpus that has
// SignerInfos (BER mode, as Verify decodes), with SHA-1 allowed, the
// certificates of PEM files in the same directory as more candidates,
// and the detached content where the corpus has it (an S/MIME
// multipart/signed message's first part). Each signer verifies or fails
// with a *SignerError that names it and the field at fault.
func TestCorpusVerify(t *testing.T) {
	dir := corpusDir(t)
	blobs := dedupe(append(corpusBlobs(t), mimeBlobs(t)...))
	certsByDir := map[string][]*x509.Certificate{}
	for _, b := range blobs {
		if b.PEMType != "CERTIFICATE" {
			continue
		}
		if c, err := x509.ParseCertificate(b.Data); err == nil {
			d := path.Dir(strings.SplitN(b.Name, "#", 2)[0])
			certsByDir[d] = append(certsByDir[d], c)
		}
	}
	mimeContents := multipartSignedContents(t, dir)
	// signers counts the SignerInfos that verify or fail (those of
	// detached signatures without their content are not counted).
	var files, pkcs7, noContent, signers, verified, absent int
	failed := map[string]int{}
	seen := map[string]bool{}
	for _, b := range blobs {
		if !cmsLike(b) {
			continue
		}
		data, _ := firstElement(b.Data)
		opts := &rfc5652.VerifyOptions{AllowSHA1: true, Certificates: certsByDir[path.Dir(strings.SplitN(b.Name, "#", 2)[0])]}
		var ci rfc5652.ContentInfo
		var got []rfc5652.VerifiedSigner
		var err error
		if derr := der.Unmarshal(data, &ci, &der.Options{BER: true}); derr != nil {
			// A PKCS #7 (RFC 2315) SignedData whose content is not an
			// OCTET STRING, which rfc5652.Verify verifies too;
			// TestCorpusCMS accounts for the other failures.
			if !ci.ContentType.Equal(rfc5652.IDSignedData) || !strings.Contains(derr.Error(), "eContent") {
				continue
			}
			pkcs7++
			var content []byte
			content, got, err = rfc5652.Verify(data, opts)
			t.Logf("%s: PKCS #7 content of %d octets", b.Name, len(content))
		} else {
			if ci.Content.Kind != rfc5652.CtSignedData || len(ci.Content.SignedData.SignerInfos) == 0 {
				continue
			}
			sd := ci.Content.SignedData
			if !sd.EncapContentInfo.HasEContent {
				if c, ok := detachedContents[b.Name]; ok {
					opts.Content = c
				} else if f, ok := detachedFiles[b.Name]; ok {
					c, err := os.ReadFile(filepath.Join(dir, f))
					if err != nil {
						t.Fatal(err)
					}
					opts.Content = c
				} else if c, ok := mimeContents[sha256.Sum256(data)]; ok {
					opts.Content = c
				}
			}
			got, err = sd.Verify(opts)
		}
		files++
		signers += len(got)
		want, listed := wantVerifyFailures[b.Name]
		if listed {
			seen[b.Name] = true
		}
		switch {
		case err == nil && listed:
			t.Errorf("%s: verifies, but is listed as failing with %v", b.Name, want)
		case err == nil:
			verified += len(got)
			for _, s := range got {
				t.Logf("%s: signerInfos[%d] verifies: %s", b.Name, s.Index, s.Certificate.Subject)
			}
		case !listed:
			t.Errorf("%s: %v", b.Name, err)
		case !errors.Is(err, want):
			t.Errorf("%s: %v, want %v", b.Name, err, want)
		default:
			t.Logf("%s: as listed: %v", b.Name, err)
		}
		if err == nil {
			continue
		}
		var errs []error
		if j, ok := err.(interface{ Unwrap() []error }); ok {
			errs = j.Unwrap()
		} else {
			errs = []error{err}
		}
		for _, e := range errs {
			var se *rfc5652.SignerError
			switch {
			case errors.As(e, &se) && se.Field != "":
				signers++
				if errors.Is(e, rfc5652.ErrSignerNotFound) {
					absent++
				} else {
					failed[kindOf(e)]++
				}
			case errors.Is(e, rfc5652.ErrNoContent):
				noContent++
			default:
				t.Errorf("%s: an error that does not say which signer failed where: %v", b.Name, e)
			}
		}
	}
	for name, want := range wantVerifyFailures {
		if !seen[name] {
			t.Errorf("%s: listed as failing with %v, but not found as a SignedData with signers", name, want)
		}
	}
	var kinds []string
	for k, n := range failed {
		kinds = append(kinds, k+": "+strconv.Itoa(n))
	}
	sort.Strings(kinds)
	t.Logf("SignedData with signers: %d files (%d of them PKCS #7 with a content that is not an OCTET STRING), %d detached without their content; "+
		"%d signers: %d verify, %d without their certificate, %d failing with a located reason: %v",
		files, pkcs7, noContent, signers, verified, absent, signers-verified-absent, kinds)
	if verified == 0 {
		t.Fatal("no signer verified")
	}
}

// kindOf names the sentinel an error wraps.
func kindOf(err error) string {
	for _, k := range []error{rfc5652.ErrNoContent, rfc5652.ErrBadCertificate, rfc5652.ErrAttributes, rfc5652.ErrDigestMismatch, rfc5652.ErrSignature,
		rfc5652.ErrUnsupportedAlgorithm, rfc5652.ErrInsecureAlgorithm, rfc5652.ErrChain} {
		if errors.Is(err, k) {
			return strings.TrimPrefix(k.Error(), "rfc5652: ")
		}
	}
	return "other"
}

// multipartSignedContents returns the signed content of each S/MIME
// multipart/signed message of the corpus (RFC 8551 3.5: the first body
// part, its MIME header included, in canonical CRLF form), by the SHA-256
// of its signature part's DER.
func multipartSignedContents(t *testing.T, dir string) map[[32]byte][]byte {
	t.Helper()
	out := map[[32]byte][]byte{}
	for name, info := range filesTSV(t, dir) {
		if info[0] != "MIME" {
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		msg, err := mail.ReadMessage(bytes.NewReader(data))
		if err != nil {
			continue
		}
		mt, params, err := mime.ParseMediaType(msg.Header.Get("Content-Type"))
		if err != nil || mt != "multipart/signed" {
			continue
		}
		body, err := io.ReadAll(msg.Body)
		if err != nil {
			t.Fatal(err)
		}
		body = bytes.ReplaceAll(bytes.ReplaceAll(body, []byte("\r\n"), []byte("\n")), []byte("\n"), []byte("\r\n"))
		// RFC 2046 5.1.1: the CRLF before a delimiter belongs to it.
		delim := []byte("\r\n--" + params["boundary"])
		b := append([]byte("\r\n"), body...)
		i := bytes.Index(b, delim)
		if i < 0 {
			continue
		}
		start := i + len(delim)
		start += bytes.Index(b[start:], []byte("\r\n")) + 2
		end := bytes.Index(b[start:], delim)
		if end < 0 {
			continue
		}
		content := b[start : start+end]
		r := multipart.NewReader(bytes.NewReader(body), params["boundary"])
		for {
			p, err := r.NextRawPart()
			if err != nil {
				break
			}
			if !strings.Contains(p.Header.Get("Content-Type"), "pkcs7-signature") {
				continue
			}
			text, err := io.ReadAll(p)
			if err != nil {
				break
			}
			sig, err := base64.StdEncoding.DecodeString(strings.Join(strings.Fields(string(text)), ""))
			if err == nil {
				out[sha256.Sum256(sig)] = content
			}
		}
	}
	return out
}

// TestSignLikeBoringSSL: BoringSSL's CMS_sign test (crypto/pkcs7/cms_test.cc)
// signs "signed data" with sign_key.pem, RSA PKCS #1 v1.5 being
// deterministic, and compares with its test files: Sign, with the same
// choices (detached, no attributes, no certificates), writes them byte
// for byte.
func TestSignLikeBoringSSL(t *testing.T) {
	dir := filepath.Join(corpusDir(t), "boringssl/crypto/pkcs7/test")
	read := func(name string) []byte {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	block, _ := pem.Decode(read("sign_key.pem"))
	key, err := x509.ParsePKCS8PrivateKey(block.Bytes)
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		file, cert string
		opts       rfc5652.SignOptions
	}{
		{"sign_sha256.p7s", "sign_cert.pem", rfc5652.SignOptions{}},
		{"sign_sha256_key_id.p7s", "sign_cert.pem", rfc5652.SignOptions{SubjectKeyIdentifier: true}},
		{"sign_sha256_cert2.p7s", "sign_cert2.pem", rfc5652.SignOptions{}},
	}
	for _, c := range cases {
		block, _ := pem.Decode(read(c.cert))
		cert, err := x509.ParseCertificate(block.Bytes)
		if err != nil {
			t.Fatal(err)
		}
		c.opts.Detached, c.opts.NoAttributes, c.opts.NoCertificates = true, true, true
		got, err := rfc5652.Sign([]byte("signed data"), []rfc5652.Signer{{Certificate: cert, Key: key.(crypto.Signer)}}, &c.opts)
		if err != nil {
			t.Fatal(err)
		}
		if want := read(c.file); !bytes.Equal(got, want) {
			t.Errorf("%s: Sign writes\n%x\nwant\n%x", c.file, got, want)
		}
	}
}

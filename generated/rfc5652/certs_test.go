package rfc5652_test

import (
	"bytes"
	"crypto/x509"
	"os"
	"strings"
	"testing"

	"github.com/asn1gen/asn1gen/generated/rfc5652"
	"github.com/asn1gen/asn1gen/runtime/der"
)

func TestCertificatesTestdata(t *testing.T) {
	for _, c := range []struct {
		file string
		n    int
	}{{"testdata/windows.p7c", 1}, {"testdata/nss.p7c", 3}} {
		enc, err := os.ReadFile(c.file)
		if err != nil {
			t.Fatal(err)
		}
		certs, err := rfc5652.Certificates(enc)
		if err != nil {
			t.Errorf("%s: %v", c.file, err)
			continue
		}
		if len(certs) != c.n {
			t.Errorf("%s: %d certificates, want %d", c.file, len(certs), c.n)
		}
		for i, cert := range certs {
			if _, err := x509.ParseCertificate(cert); err != nil {
				t.Errorf("%s: certificate %d: %v", c.file, i, err)
			}
			if !bytes.Contains(enc, cert) {
				t.Errorf("%s: certificate %d is not the received encoding", c.file, i)
			}
		}
	}

	// Not SignedData, or not CMS at all.
	data := []byte{0x30, 0x0f, 0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x07, 0x01, 0xa0, 0x02, 0x04, 0x00}
	if _, err := rfc5652.Certificates(data); err == nil || !strings.Contains(err.Error(), "not signedData") {
		t.Errorf("Certificates of a Data ContentInfo: %v", err)
	}
	if _, err := rfc5652.Certificates([]byte{0x30, 0x00}); err == nil {
		t.Errorf("Certificates of an empty SEQUENCE: no error")
	}
}

// TestCorpusCertificatesHelper runs Certificates over every SignedData of
// the corpus that decodes: it returns as many certificates as the
// certificates field has certificate alternatives, each the received
// encoding (a substring of the input), and crypto/x509 parses them (or
// rejects them exactly as it rejects the same bytes taken from the input).
func TestCorpusCertificatesHelper(t *testing.T) {
	var files, certs int
	for _, b := range dedupe(corpusBlobs(t)) {
		if !cmsLike(b) {
			continue
		}
		data, _ := firstElement(b.Data)
		var ci rfc5652.ContentInfo
		if der.Unmarshal(data, &ci, &der.Options{BER: true}) != nil || ci.Content.Kind != rfc5652.CtSignedData {
			continue
		}
		got, err := rfc5652.Certificates(data)
		if err != nil {
			t.Errorf("%s: %v", b.Name, err)
			continue
		}
		want := 0
		for _, c := range ci.Content.SignedData.Certificates {
			if c.Choice == rfc5652.CertificateChoices_Certificate {
				want++
			}
		}
		if len(got) != want {
			t.Errorf("%s: %d certificates, want %d", b.Name, len(got), want)
		}
		for i, c := range got {
			if !bytes.Contains(data, c) {
				t.Errorf("%s: certificate %d is not the received encoding", b.Name, i)
			}
			if _, err := x509.ParseCertificate(c); err != nil {
				t.Logf("%s: certificate %d: crypto/x509: %v", b.Name, i, err)
			}
		}
		files++
		certs += len(got)
	}
	t.Logf("%d SignedData files, %d certificates", files, certs)
	if files == 0 {
		t.Fatal("no SignedData decoded")
	}
}

package rfc5652_test

import (
	"bytes"
	"crypto/x509"
	"encoding/hex"
	"errors"
	"os"
	"testing"

	"github.com/google/go-cmp/cmp"

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

}

// TestCertificatesErrors checks that the errors of Certificates are
// *der.Error values with the offset in the input and the field path
// (issue 24, item 3: on the reproduction, an EnvelopedData ContentInfo,
// the error had neither).
func TestCertificatesErrors(t *testing.T) {
	type place struct {
		Path          string
		Offset        int
		NotSignedData bool
	}
	for _, tt := range []struct {
		name string
		in   string
		want place
	}{
		{"issue 24: envelopedData", "300f06092a864886f70d010703a0023000", place{"ContentInfo.contentType", 2, true}},
		{"data", "300f06092a864886f70d010701a0020400", place{"ContentInfo.contentType", 2, true}},
		{"empty SEQUENCE", "3000", place{"ContentInfo.contentType", 2, false}},
		{"no SEQUENCE", "0400", place{"ContentInfo", 0, false}},
		{"no SignedData", "300f06092a864886f70d010702a0020400", place{"ContentInfo.content", 15, false}},
	} {
		in, err := hex.DecodeString(tt.in)
		if err != nil {
			t.Fatal(err)
		}
		_, err = rfc5652.Certificates(in)
		var e *der.Error
		if !errors.As(err, &e) {
			t.Errorf("%s: %v is not a *der.Error", tt.name, err)
			continue
		}
		if diff := cmp.Diff(tt.want, place{e.Path(), e.Offset, errors.Is(err, rfc5652.ErrNotSignedData)}); diff != "" {
			t.Errorf("%s: %v (-want +got):\n%s", tt.name, err, diff)
		}
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

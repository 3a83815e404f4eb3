package rfc5280_test

import (
	"strings"
	"testing"

	"github.com/asn1gen/asn1gen/generated/rfc5280"
	"github.com/asn1gen/asn1gen/internal/viewtest"
	"github.com/asn1gen/asn1gen/runtime/der"
)

// viewOptions are the decodes the differential tests of the views run:
// strict DER, what crypto/x509 tolerates, and BER.
var viewOptions = []struct {
	name string
	opts *der.Options
}{
	{"DER", nil},
	{"X509", &der.Options{Tolerate: der.TolerateX509}},
	{"BER", &der.Options{BER: true}},
}

// checkCertificateView checks the differential property of package
// viewtest for b as a Certificate.
func checkCertificateView(b []byte, opts *der.Options) *viewtest.Report {
	var eager rfc5280.Certificate
	eagerErr := der.Unmarshal(b, &eager, opts)
	v, err := rfc5280.ParseCertificateView(b, opts)
	return viewtest.Check(b, v, err, &eager, eagerErr)
}

func checkCertificateListView(b []byte, opts *der.Options) *viewtest.Report {
	var eager rfc5280.CertificateList
	eagerErr := der.Unmarshal(b, &eager, opts)
	v, err := rfc5280.ParseCertificateListView(b, opts)
	return viewtest.Check(b, v, err, &eager, eagerErr)
}

// TestViewCorpus checks the views of Certificate and CertificateList
// against the eager decode over every encoding of the corpus (each as
// both types: most are neither, which tests the errors), in DER, with
// TolerateX509 and in BER.
func TestViewCorpus(t *testing.T) {
	blobs := dedupe(append(corpusBlobs(t), systemCertBlobs(t)...))
	for _, o := range viewOptions {
		t.Run(o.name, func(t *testing.T) {
			var certs, crls, views int
			for _, b := range blobs {
				for _, check := range []struct {
					typ string
					f   func([]byte, *der.Options) *viewtest.Report
					n   *int
				}{{"Certificate", checkCertificateView, &certs}, {"CertificateList", checkCertificateListView, &crls}} {
					rep := check.f(b.Data, o.opts)
					if len(rep.Problems) > 0 {
						t.Errorf("%s as %s:\n%s", b.Name, check.typ, strings.Join(rep.Problems, "\n"))
					}
					if rep.Eager {
						*check.n++
					}
					views += rep.Views
				}
			}
			t.Logf("%d inputs: %d read as certificates, %d as CRLs, %d views walked", len(blobs), certs, crls, views)
			if len(blobs) > 100 && certs < 100 {
				t.Errorf("only %d certificates walked", certs)
			}
		})
	}
}

package rfc5280_test

import (
	"encoding/pem"
	"os"
	"path/filepath"
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

// viewCerts returns the ML-DSA certificates of the corpus and a ~1 KB RSA
// one of testdata, by name.
func viewCerts(t testing.TB) map[string][]byte {
	out := map[string][]byte{}
	data, err := os.ReadFile("testdata/alt1-cert.pem")
	if err != nil {
		t.Fatal(err)
	}
	block, _ := pem.Decode(data)
	out["alt1"] = block.Bytes
	if root := os.Getenv("ASN1GEN_CORPUS"); root != "" {
		for _, n := range []string{"ML-DSA-44", "ML-DSA-65", "ML-DSA-87"} {
			b, err := os.ReadFile(filepath.Join(root, "der/lamps-wg-dilithium-certificates/examples", n+".crt"))
			if err != nil {
				t.Fatal(err)
			}
			if p, _ := pem.Decode(b); p != nil {
				b = p.Bytes
			}
			out[n] = b
		}
	}
	return out
}

// TestViewAllocs checks that the shallow parses and the accessors that
// return parts of the input allocate nothing.
func TestViewAllocs(t *testing.T) {
	for name, c := range viewCerts(t) {
		cert, err := rfc5280.ParseCertificateView(c, nil)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		tbs, err := cert.ToBeSigned()
		if err != nil {
			t.Fatal(err)
		}
		for _, tc := range []struct {
			what string
			f    func()
		}{
			{"ParseCertificateView", func() { _, _ = rfc5280.ParseCertificateView(c, nil) }},
			{"ToBeSigned", func() { _, _ = cert.ToBeSigned() }},
			{"ToBeSignedRaw, IssuerRaw", func() { _, _ = cert.ToBeSignedRaw(), tbs.IssuerRaw() }},
			{"Signature", func() { _, _ = cert.Signature() }},
			{"SerialNumber", func() { _, _ = tbs.SerialNumber() }},
			{"Validity.NotAfter", func() {
				v, _ := tbs.Validity()
				_, _ = v.NotAfter()
			}},
			{"Subject RDNs", func() {
				n, _ := tbs.Subject()
				rdns, _ := n.RdnSequence()
				for it := rdns.Iter(); it.Next(); {
					rdn := it.View()
					for it := rdn.Iter(); it.Next(); {
						atv := it.View()
						_, _ = atv.Type()
					}
				}
			}},
			{"Extensions ExtnID", func() {
				exts, _ := tbs.Extensions()
				for it := exts.Iter(); it.Next(); {
					ext := it.View()
					_, _ = ext.ExtnID()
				}
			}},
		} {
			if n := testing.AllocsPerRun(100, tc.f); n != 0 {
				t.Errorf("%s: %s: %v allocations, want 0", name, tc.what, n)
			}
		}
	}
}

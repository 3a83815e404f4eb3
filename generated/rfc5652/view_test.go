package rfc5652_test

import (
	"strings"
	"testing"

	"github.com/asn1gen/asn1gen/generated/rfc5652"
	"github.com/asn1gen/asn1gen/internal/roundtrip"
	"github.com/asn1gen/asn1gen/internal/viewtest"
	"github.com/asn1gen/asn1gen/runtime/der"
)

var viewOptions = []struct {
	name string
	opts *der.Options
}{
	{"DER", nil},
	{"X509", &der.Options{Tolerate: der.TolerateX509}},
	{"BER", &der.Options{BER: true}},
}

func checkContentInfoView(b []byte, opts *der.Options) (*viewtest.Report, *rfc5652.ContentInfo) {
	var eager rfc5652.ContentInfo
	eagerErr := der.Unmarshal(b, &eager, opts)
	v, err := rfc5652.ParseContentInfoView(b, opts)
	return viewtest.Check(b, v, err, &eager, eagerErr), &eager
}

func checkSignedDataView(b []byte, opts *der.Options) *viewtest.Report {
	var eager rfc5652.SignedData
	eagerErr := der.Unmarshal(b, &eager, opts)
	v, err := rfc5652.ParseSignedDataView(b, opts)
	return viewtest.Check(b, v, err, &eager, eagerErr)
}

// TestViewCorpus checks the views of ContentInfo and SignedData against
// the eager decode (the property of package viewtest) over every encoding
// of the corpus: each as a ContentInfo and as a SignedData, and the
// SignedData each ContentInfo holds, in DER, with TolerateX509 and in BER.
func TestViewCorpus(t *testing.T) {
	blobs := dedupe(corpusBlobs(t))
	for _, o := range viewOptions {
		t.Run(o.name, func(t *testing.T) {
			var infos, signed int
			for _, b := range blobs {
				rep, ci := checkContentInfoView(b.Data, o.opts)
				if len(rep.Problems) > 0 {
					t.Errorf("%s as ContentInfo:\n%s", b.Name, strings.Join(rep.Problems, "\n"))
				}
				inputs := [][]byte{b.Data}
				if rep.Eager {
					infos++
					if ci.Content.Kind == rfc5652.CtSignedData {
						inputs = append(inputs, ci.Content.Raw)
					}
				}
				for _, in := range inputs {
					rep := checkSignedDataView(in, o.opts)
					if len(rep.Problems) > 0 {
						t.Errorf("%s as SignedData:\n%s", b.Name, strings.Join(rep.Problems, "\n"))
					}
					if rep.Eager {
						signed++
					}
				}
			}
			t.Logf("%d inputs: %d read as ContentInfo, %d SignedData", len(blobs), infos, signed)
			if len(blobs) > 100 && signed < 20 {
				t.Errorf("only %d SignedData walked", signed)
			}
		})
	}
}

// FuzzContentInfoView checks the differential property of package
// viewtest on ContentInfo and the SignedData it holds.
func FuzzContentInfoView(f *testing.F) {
	roundtrip.Seed(f, "asn1crypto-cms-signed.der")
	f.Fuzz(func(t *testing.T, b []byte) {
		for _, o := range viewOptions {
			rep, ci := checkContentInfoView(b, o.opts)
			if len(rep.Problems) > 0 {
				t.Fatalf("%s: ContentInfo:\n%s", o.name, strings.Join(rep.Problems, "\n"))
			}
			if rep.Eager && ci.Content.Kind == rfc5652.CtSignedData {
				if rep := checkSignedDataView(ci.Content.Raw, o.opts); len(rep.Problems) > 0 {
					t.Fatalf("%s: SignedData:\n%s", o.name, strings.Join(rep.Problems, "\n"))
				}
			}
		}
	})
}

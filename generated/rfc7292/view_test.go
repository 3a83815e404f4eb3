package rfc7292_test

import (
	"strings"
	"testing"

	"github.com/asn1gen/asn1gen/generated/rfc7292"
	"github.com/asn1gen/asn1gen/internal/corpustest"
	"github.com/asn1gen/asn1gen/internal/roundtrip"
	"github.com/asn1gen/asn1gen/internal/viewtest"
	"github.com/asn1gen/asn1gen/runtime/der"
)

// TestViewCorpus checks the view of PFX against the eager decode (the
// property of package viewtest) over every encoding of the corpus, in
// DER, with TolerateX509 and in BER.
func TestViewCorpus(t *testing.T) {
	blobs := corpustest.Dedupe(corpustest.Blobs(t))
	for _, o := range []struct {
		name string
		opts *der.Options
	}{{"DER", nil}, {"X509", &der.Options{Tolerate: der.TolerateX509}}, {"BER", &der.Options{BER: true}}} {
		t.Run(o.name, func(t *testing.T) {
			pfx := 0
			for _, b := range blobs {
				var eager rfc7292.PFX
				eagerErr := der.Unmarshal(b.Data, &eager, o.opts)
				v, err := rfc7292.ParsePFXView(b.Data, o.opts)
				rep := viewtest.Check(b.Data, v, err, &eager, eagerErr)
				if len(rep.Problems) > 0 {
					t.Errorf("%s as PFX:\n%s", b.Name, strings.Join(rep.Problems, "\n"))
				}
				if rep.Eager {
					pfx++
				}
			}
			t.Logf("%d inputs: %d read as PFX", len(blobs), pfx)
			if len(blobs) > 100 && pfx < 5 {
				t.Errorf("only %d PFX walked", pfx)
			}
		})
	}
}

// FuzzPFXView checks the differential property of package viewtest on
// PFX.
func FuzzPFXView(f *testing.F) {
	roundtrip.Seed(f, "openssl-aes256.p12")
	f.Fuzz(func(t *testing.T, b []byte) {
		for _, opts := range []*der.Options{nil, {Tolerate: der.TolerateX509}, {BER: true}} {
			var eager rfc7292.PFX
			eagerErr := der.Unmarshal(b, &eager, opts)
			v, err := rfc7292.ParsePFXView(b, opts)
			if rep := viewtest.Check(b, v, err, &eager, eagerErr); len(rep.Problems) > 0 {
				t.Fatalf("%+v:\n%s", opts, strings.Join(rep.Problems, "\n"))
			}
		}
	})
}

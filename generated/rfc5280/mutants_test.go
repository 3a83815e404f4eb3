package rfc5280_test

import (
	"crypto/x509"
	"errors"
	"strings"
	"testing"

	"github.com/asn1gen/asn1gen/generated/rfc5280"
	"github.com/asn1gen/asn1gen/internal/corpustest"
	"github.com/asn1gen/asn1gen/runtime/der"
)

// mutantsPer is the number of mutants of each certificate in the mutant
// tests (corpustest.Mutants: deterministic).
func mutantsPer() int {
	if testing.Short() {
		return 4
	}
	return 32
}

// x509Certs returns the certificates of the corpus and of the trust store
// that crypto/x509 parses, the seeds of the mutant tests.
func x509Certs(t *testing.T) []blob {
	var out []blob
	for _, b := range dedupe(append(corpusBlobs(t), systemCertBlobs(t)...)) {
		if _, err := x509.ParseCertificate(b.Data); err == nil {
			out = append(out, b)
		}
	}
	return out
}

// TestMutantHints checks the hint of the strict decode's errors on
// mutants of real certificates (issue 24, item 5: the "valid BER" hint
// was given on every DER error of KindNonCanonical, and 29,450 of 302,753
// mutated inputs broke a DER rule first and were no valid BER further
// on). The hint must be true whenever it is given: a BER decode accepts
// the mutant. And it must be given whenever it is true.
func TestMutantHints(t *testing.T) {
	var mutants, hinted, noBER int
	for _, b := range x509Certs(t) {
		for i, m := range corpustest.Mutants(b.Data, mutantsPer()) {
			mutants++
			var c rfc5280.Certificate
			err := c.UnmarshalDER(m)
			var e *der.Error
			if err == nil {
				continue
			}
			if !errors.As(err, &e) {
				t.Fatalf("%s mutant %d: %v is not a *der.Error", b.Name, i, err)
			}
			berErr := der.Unmarshal(m, &c, &der.Options{BER: true})
			saysBER := strings.HasPrefix(e.Hint, "valid BER")
			switch {
			case saysBER && berErr != nil:
				t.Errorf("%s mutant %d: %v\nbut a BER decode fails: %v\n%x", b.Name, i, err, berErr, m)
			case !saysBER && berErr == nil && e.Kind == der.KindNonCanonical:
				t.Errorf("%s mutant %d: a BER decode succeeds, the hint does not say so: %v", b.Name, i, err)
			case saysBER:
				hinted++
			case e.Kind == der.KindNonCanonical:
				noBER++
			}
		}
	}
	t.Logf("%d mutants: %d strict errors say BER, truly; %d DER errors of inputs that are no valid BER say nothing", mutants, hinted, noBER)
	if hinted == 0 || noBER == 0 {
		t.Errorf("the mutants do not exercise both cases (%d hinted, %d not)", hinted, noBER)
	}
}

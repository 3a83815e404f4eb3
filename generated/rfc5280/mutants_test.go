package rfc5280_test

import (
	"bytes"
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
// mutants of real certificates. Issue 24, item 5: the "valid BER" hint
// was given on every DER error of KindNonCanonical, also when the input
// broke a DER rule first and was no valid BER further on; item 6: the
// hint named BER, not X509Options, on certificates X509Options reads
// (two Trustwave ECC roots of the Debian trust store). Each hint must be
// true whenever it is given (the options it names accept the mutant), and
// given whenever it is true. Mutant 0 is the certificate itself.
func TestMutantHints(t *testing.T) {
	var mutants, saysBER, saysX509, noBER int
	for _, b := range x509Certs(t) {
		// The certificate itself first (mutant 0): the Trustwave roots.
		for i, m := range append([][]byte{b.Data}, corpustest.Mutants(b.Data, mutantsPer())...) {
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
			ber := strings.Contains(e.Hint, "valid BER")
			switch {
			case ber && berErr != nil:
				t.Errorf("%s mutant %d: %v\nbut a BER decode fails: %v\n%x", b.Name, i, err, berErr, m)
			case !ber && berErr == nil && e.Kind == der.KindNonCanonical:
				t.Errorf("%s mutant %d: a BER decode succeeds, the hint does not say so: %v", b.Name, i, err)
			case ber:
				saysBER++
			case e.Kind == der.KindNonCanonical:
				noBER++
			}
			x509Err := der.Unmarshal(m, &c, rfc5280.X509Options())
			x509 := strings.Contains(e.Hint, "rfc5280.X509Options()")
			switch {
			case x509 && x509Err != nil:
				t.Errorf("%s mutant %d: %v\nbut X509Options reject it: %v", b.Name, i, err, x509Err)
			case !x509 && x509Err == nil:
				t.Errorf("%s mutant %d: X509Options accept it, the hint does not say so: %v", b.Name, i, err)
			case x509:
				saysX509++
			}
		}
	}
	t.Logf("%d mutants: strict errors that truly say BER: %d, X509Options: %d; DER errors of inputs that are no valid BER: %d", mutants, saysBER, saysX509, noBER)
	if saysBER == 0 || saysX509 == 0 || noBER == 0 {
		t.Errorf("the mutants do not exercise every case (%d say BER, %d X509Options, %d neither)", saysBER, saysX509, noBER)
	}
}

// TestX509OptionsMutants is the differential test of X509Options against
// crypto/x509 (issue 24, item 6): every mutant of a corpus or trust-store
// certificate that crypto/x509.ParseCertificate parses must decode with
// X509Options, without exception. The issue found 3,935 mutants with
// octets after the last component of AlgorithmIdentifier,
// AttributeTypeAndValue and Extension rejected (TolerateUnreadAdditions
// covered the extensible types only: der.TolerateTrailingOctets covers the
// others); after that fix, 17 were left whose fault lay in a component of
// the TBSCertificate that crypto/x509 does not read: a malformed unique
// identifier, a constructed [1] or [2], a primitive [3], extensions in a
// version 1 or 2 certificate (der.TolerateX509Unread; TestX509Unread has
// a reproduction of each). The view agrees with the eager decode where
// X509Options accepted a defect, and Certificate.X509 hands crypto/x509
// the to-be-signed bytes it parsed.
func TestX509OptionsMutants(t *testing.T) {
	var parsed, accepted, unread, viewed int
	for _, b := range x509Certs(t) {
		for i, m := range corpustest.Mutants(b.Data, mutantsPer()) {
			xc, err := x509.ParseCertificate(m)
			if err != nil {
				continue
			}
			parsed++
			var devs []der.Deviation
			opts := rfc5280.X509Options()
			opts.Deviations = &devs
			var c rfc5280.Certificate
			if err, panicked := decode(unmarshalCert(&c), m, opts); err != nil || panicked {
				t.Errorf("%s mutant %d: crypto/x509 parses it, X509Options reject it: %v\n%x", b.Name, i, err, m)
				continue
			}
			accepted++
			for _, d := range devs {
				if d.Tolerance == der.TolerateX509Unread {
					unread++
					break
				}
			}
			// The view, where X509Options accepted a defect (on the
			// others they read as the strict decode, which
			// TestViewCorpus and FuzzCertificateView check).
			if len(devs) > 0 {
				viewed++
				if rep := checkCertificateView(m, rfc5280.X509Options()); len(rep.Problems) > 0 {
					t.Errorf("%s mutant %d: the view disagrees with the eager decode:\n%s", b.Name, i, strings.Join(rep.Problems, "\n"))
				}
			}
			if back, err := c.X509(); err != nil || !bytes.Equal(back.RawTBSCertificate, xc.RawTBSCertificate) {
				t.Errorf("%s mutant %d: X509: %v, or other to-be-signed bytes", b.Name, i, err)
			}
		}
	}
	t.Logf("%d mutants crypto/x509 parses: %d decode with X509Options (%d exceptions), %d of them with a component crypto/x509 does not read set aside; %d views checked",
		parsed, accepted, parsed-accepted, unread, viewed)
	if parsed == 0 {
		t.Error("no mutant parses with crypto/x509")
	}
}

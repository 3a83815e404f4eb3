package rfc5280_test

import (
	"crypto/x509"
	"encoding/asn1"
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
// X509Options. The issue found 3,935 mutants with octets after the last
// component of AlgorithmIdentifier, AttributeTypeAndValue and Extension
// rejected (TolerateUnreadAdditions covered the extensible types only:
// der.TolerateTrailingOctets covers the others).
//
// Left: a TBSCertificate extension addition (issuerUniqueID,
// subjectUniqueID, extensions) that does not decode, where crypto/x509
// does not read it: it reads no extensions in a version 1 certificate,
// skips unique identifiers unread, and takes a constructed [1] or [2] or a
// primitive [3] for unread octets. Accepting those needs the generated
// decoder to set a failed extension addition aside as unread additions
// (Unknown), which the runtime cannot do: each such mutant must decode
// once its TBSCertificate is cut before that addition (tbsCutAt), which
// shows that nothing else stands in the way.
func TestX509OptionsMutants(t *testing.T) {
	var parsed, accepted, additions int
	for _, b := range x509Certs(t) {
		for i, m := range corpustest.Mutants(b.Data, mutantsPer()) {
			xc, err := x509.ParseCertificate(m)
			if err != nil {
				continue
			}
			parsed++
			var c rfc5280.Certificate
			err, panicked := decode(unmarshalCert(&c), m, rfc5280.X509Options())
			if err == nil {
				accepted++
				continue
			}
			var e *der.Error
			switch {
			case panicked || !errors.As(err, &e):
				t.Errorf("%s mutant %d: %v", b.Name, i, err)
				continue
			case e.Kind != der.KindLimit:
				if tag, ok := tbsAddition(e.Path()); ok {
					elem, cut, ok := tbsCutAt(m, tag)
					// What crypto/x509 does not read: the unique
					// identifiers (skipped when primitive, unknown when
					// constructed), extensions in a version 1 or 2
					// certificate or in a primitive [3].
					unread := tag != 3 || xc.Version != 3 || !elem.IsCompound
					if cerr := der.Unmarshal(cut, &c, rfc5280.X509Options()); ok && unread && cerr == nil {
						additions++
						t.Logf("%s mutant %d: needs the generator to set aside a failed extension addition: %v", b.Name, i, err)
						continue
					}
				}
			}
			t.Errorf("%s mutant %d: crypto/x509 parses it, X509Options reject it: %v\n%x", b.Name, i, err, m)
		}
	}
	t.Logf("%d mutants crypto/x509 parses: %d decode with X509Options, %d fail in a TBSCertificate extension addition only", parsed, accepted, additions)
	if parsed == 0 {
		t.Error("no mutant parses with crypto/x509")
	}
}

// tbsAddition returns the context tag number of the TBSCertificate
// extension addition that path (an error's) lies in.
func tbsAddition(path string) (byte, bool) {
	for tag, name := range map[byte]string{1: "issuerUniqueID", 2: "subjectUniqueID", 3: "extensions"} {
		p := "Certificate.toBeSigned." + name
		if path == p || strings.HasPrefix(path, p+".") || strings.HasPrefix(path, p+"[") {
			return tag, true
		}
	}
	return 0, false
}

// tbsCutAt finds the first component of the TBSCertificate of m after
// subjectPublicKeyInfo with the context tag number tag (in either form)
// and returns it and m with its TBSCertificate cut before it: what the
// decode gives when the generated code sets that addition and what
// follows aside.
func tbsCutAt(m []byte, tag byte) (elem asn1.RawValue, cut []byte, ok bool) {
	var cert, tbs asn1.RawValue
	if rest, err := asn1.Unmarshal(m, &cert); err != nil || len(rest) > 0 {
		return elem, nil, false
	}
	after, err := asn1.Unmarshal(cert.Bytes, &tbs)
	if err != nil {
		return elem, nil, false
	}
	var kept []byte
	for i, in := 0, tbs.Bytes; ; i++ {
		if len(in) == 0 {
			return elem, nil, false
		}
		rest, err := asn1.Unmarshal(in, &elem)
		if err != nil {
			return elem, nil, false
		}
		if i >= 5 && elem.Class == asn1.ClassContextSpecific && elem.Tag == int(tag) {
			break
		}
		kept = append(kept, elem.FullBytes...)
		in = rest
	}
	tbs.Bytes, tbs.FullBytes = kept, nil
	enc, err := asn1.Marshal(tbs)
	if err != nil {
		return elem, nil, false
	}
	cert.Bytes, cert.FullBytes = append(enc, after...), nil
	cut, err = asn1.Marshal(cert)
	return elem, cut, err == nil
}

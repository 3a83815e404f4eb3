package rfc5280_test

import (
	"encoding/pem"
	"errors"
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

// derLen returns the DER length octets of n.
func derLen(n int) []byte {
	switch {
	case n < 0x80:
		return []byte{byte(n)}
	case n < 0x100:
		return []byte{0x81, byte(n)}
	}
	return []byte{0x82, byte(n >> 8), byte(n)}
}

// tlv returns the element of identifier octet id, length octets l (DER
// when nil) and contents c.
func tlv(id byte, l []byte, c ...[]byte) []byte {
	var body []byte
	for _, p := range c {
		body = append(body, p...)
	}
	if l == nil {
		l = derLen(len(body))
	}
	return append(append([]byte{id}, l...), body...)
}

// TestViewParseHeaders: a certificate's top-level headers in the forms the
// shallow parse reads in one call (Spans) and in those it leaves to the
// component-by-component reads (another tag, non-minimal lengths, octets
// after the signature, a cut input). Where the eager decode fails, the
// shallow parse fails with its error, located alike (kind, offset, path);
// where it succeeds, the views agree with it (package viewtest).
func TestViewParseHeaders(t *testing.T) {
	cert := viewCerts(t)["alt1"]
	var parts []struct {
		id byte
		c  []byte
	}
	for r := cert[4:]; len(r) > 0; {
		// The three components of the alt1 certificate (lengths below 64 KB).
		id, l, hl := r[0], int(r[1]), 2
		switch r[1] {
		case 0x81:
			l, hl = int(r[2]), 3
		case 0x82:
			l, hl = int(r[2])<<8|int(r[3]), 4
		}
		parts = append(parts, struct {
			id byte
			c  []byte
		}{id, r[hl : hl+l]})
		r = r[hl+l:]
	}
	if len(parts) != 3 || cert[1] != 0x82 {
		t.Fatalf("alt1: %d components", len(parts))
	}
	tbs, alg, sig := tlv(0x30, nil, parts[0].c), tlv(0x30, nil, parts[1].c), tlv(0x03, nil, parts[2].c)
	der1 := tlv(0x30, nil, tbs, alg, sig)
	long := func(n int) []byte { return []byte{0x82, byte(n >> 8), byte(n)} }
	for _, tc := range []struct {
		name string
		in   []byte
		ber  bool // also in BER, where the eager decode reads it
	}{
		{"DER", der1, false},
		{"signature with the tag of an OCTET STRING", tlv(0x30, nil, tbs, alg, tlv(0x04, nil, parts[2].c)), false},
		{"algorithm with the tag of a SET", tlv(0x30, nil, tbs, tlv(0x31, nil, parts[1].c), sig), false},
		{"algorithm's length in three octets", tlv(0x30, nil, tbs, tlv(0x30, long(len(parts[1].c)), parts[1].c), sig), true},
		{"algorithm's length in four octets", tlv(0x30, nil, tbs, tlv(0x30, []byte{0x83, 0, 0, byte(len(parts[1].c))}, parts[1].c), sig), true},
		{"signature's length in the indefinite form", tlv(0x30, nil, tbs, alg, tlv(0x23, []byte{0x80}, sig, []byte{0, 0})), true},
		{"an element after the signature", tlv(0x30, nil, tbs, alg, sig, []byte{0x05, 0x00}), false},
		{"signature cut short", der1[:len(der1)-1], false},
		{"no signature", tlv(0x30, nil, tbs, alg), false},
	} {
		opts := []*der.Options{nil}
		if tc.ber {
			opts = append(opts, &der.Options{BER: true})
		}
		for _, o := range opts {
			var eager rfc5280.Certificate
			eagerErr := der.Unmarshal(tc.in, &eager, o)
			v, err := rfc5280.ParseCertificateView(tc.in, o)
			if rep := viewtest.Check(tc.in, v, err, &eager, eagerErr); len(rep.Problems) > 0 {
				t.Errorf("%s (BER %v):\n%s", tc.name, o != nil, strings.Join(rep.Problems, "\n"))
			}
			var ev, ee *der.Error
			switch {
			case (err == nil) != (eagerErr == nil):
				t.Errorf("%s (BER %v): shallow parse: %v; eager decode: %v", tc.name, o != nil, err, eagerErr)
			case err != nil && (!errors.As(err, &ev) || !errors.As(eagerErr, &ee) || ev.Kind != ee.Kind || ev.Offset != ee.Offset || ev.Path() != ee.Path()):
				t.Errorf("%s (BER %v): shallow parse: %v; eager decode: %v", tc.name, o != nil, err, eagerErr)
			}
		}
	}
}

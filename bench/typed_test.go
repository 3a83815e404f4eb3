package bench

import (
	"bytes"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/asn1"
	"fmt"
	"io"
	"testing"

	"github.com/asn1gen/asn1gen/generated/rfc5280"
	"github.com/asn1gen/asn1gen/runtime/der"
)

// The typed benchmarks decode and encode with the generated packages (full
// decode: every field, every extension and Name attribute typed) against
// the floor walk of the same input, crypto/x509 and encoding/asn1.

func BenchmarkTypedCRL(b *testing.B) {
	crl := hugeCRLOrFail(b)
	runCRL(b, "floor", crl, floorOp(crl))
	var v rfc5280.CertificateList
	runCRL(b, "asn1gen", crl, func() error { return v.UnmarshalDER(crl) })
	// The generated stream reader: one entry at a time from an io.Reader,
	// in the memory of a batch of entries (asn1gen gen -stream).
	runCRL(b, "asn1gen-stream", crl, func() error {
		c := rfc5280.NewCertificateListStream(bytes.NewReader(crl), nil)
		for {
			if _, err := c.Next(); err != nil {
				if err == io.EOF {
					return nil
				}
				return err
			}
		}
	})
	runCRL(b, "crypto-x509", crl, func() error {
		_, err := x509.ParseRevocationList(crl)
		return err
	})
	runCRL(b, "encoding-asn1", crl, func() error {
		var v pkix.CertificateList
		_, err := asn1.Unmarshal(crl, &v)
		return err
	})
}

// BenchmarkTypedCRLEncode encodes the decoded huge CRL from its typed
// values (no retained bytes are copied: the generated encoder writes every
// field).
func BenchmarkTypedCRLEncode(b *testing.B) {
	crl := hugeCRLOrFail(b)
	runCRL(b, "floor", crl, floorOp(crl))
	var v rfc5280.CertificateList
	if err := v.UnmarshalDER(crl); err != nil {
		b.Fatal(err)
	}
	buf := make([]byte, 0, len(crl)+64)
	runCRL(b, "asn1gen", crl, func() error {
		out, err := der.Append(buf[:0], &v, nil)
		if err == nil && len(out) != len(crl) {
			err = fmt.Errorf("encoded %d octets, want %d", len(out), len(crl))
		}
		return err
	})
	var p pkix.CertificateList
	if _, err := asn1.Unmarshal(crl, &p); err != nil {
		b.Fatal(err)
	}
	p.TBSCertList.Raw = nil // encode the fields, not the retained bytes
	runCRL(b, "encoding-asn1", crl, func() error {
		_, err := asn1.Marshal(p)
		return err
	})
}

// x509Options accepts what crypto/x509 accepts (see der.TolerateX509).
var x509Options = &der.Options{Tolerate: der.TolerateX509, SkipConstraints: true}

// hugeCert is the size from which a certificate counts as oversized: the
// corpus holds four of 1.2 MB (Bouncy Castle's mal-*.crt, name constraints
// with some 75,000 subtrees, made to exhaust decoders). Averaged with the
// others they would make up 85% of the set's octets and its time, so they
// are benchmarked on their own.
const hugeCert = 64 << 10

// typedCerts returns the certificates of the set that the generated
// package decodes with x509Options (a few corpus files are malformed in ways
// crypto/x509 does not check; generated/rfc5280's tests list them), smaller
// than hugeCert if !huge and at least that size if huge.
func typedCerts(tb testing.TB, huge bool) [][]byte {
	var out [][]byte
	for _, c := range certsOrSkip(tb) {
		var v rfc5280.Certificate
		if (len(c) >= hugeCert) == huge && der.Unmarshal(c, &v, x509Options) == nil {
			out = append(out, c)
		}
	}
	return out
}

// BenchmarkTypedCerts decodes the whole certificate set per operation.
func BenchmarkTypedCerts(b *testing.B) { benchTypedCerts(b, typedCerts(b, false)) }

// BenchmarkTypedCertsHuge decodes the oversized certificates (see hugeCert).
func BenchmarkTypedCertsHuge(b *testing.B) {
	certs := typedCerts(b, true)
	if len(certs) == 0 {
		b.Skip("no oversized certificates in the set")
	}
	benchTypedCerts(b, certs)
}

func benchTypedCerts(b *testing.B, certs [][]byte) {
	run := func(name string, f func(c []byte) error) { runCertSet(b, certs, name, f) }
	run("floor", func(c []byte) error {
		Floor(c)
		return nil
	})
	var v rfc5280.Certificate
	run("asn1gen", func(c []byte) error { return der.Unmarshal(c, &v, x509Options) })
	alias := *x509Options
	alias.AliasStrings = true
	run("asn1gen-alias-strings", func(c []byte) error { return der.Unmarshal(c, &v, &alias) })
	run("crypto-x509", func(c []byte) error {
		_, err := x509.ParseCertificate(c)
		return err
	})
}

// BenchmarkTypedCertsEncode encodes the decoded certificate set.
func BenchmarkTypedCertsEncode(b *testing.B) {
	certs := typedCerts(b, false)
	total := 0
	for _, c := range certs {
		total += len(c)
	}
	vs := make([]rfc5280.Certificate, len(certs))
	for i, c := range certs {
		if err := der.Unmarshal(c, &vs[i], x509Options); err != nil {
			b.Fatal(err)
		}
	}
	b.Run("floor", func(b *testing.B) {
		b.SetBytes(int64(total))
		b.ReportAllocs()
		for b.Loop() {
			for _, c := range certs {
				Floor(c)
			}
		}
	})
	buf := make([]byte, 0, 1<<16)
	b.Run("asn1gen", func(b *testing.B) {
		b.SetBytes(int64(total))
		b.ReportAllocs()
		for b.Loop() {
			for i := range vs {
				if _, err := der.Append(buf[:0], &vs[i], x509Options); err != nil {
					b.Fatal(err)
				}
			}
		}
	})
}

// TestTypedFixedShapeAllocs checks that decoding a fixed-shape SEQUENCE
// (no lists, no pointers) allocates nothing but the decode state.
func TestTypedFixedShapeAllocs(t *testing.T) {
	// Validity ::= SEQUENCE { notBefore Time, notAfter Time }
	enc := []byte{0x30, 0x1e, 0x17, 0x0d, '2', '5', '0', '1', '0', '1', '0', '0', '0', '0', '0', '0', 'Z',
		0x17, 0x0d, '2', '6', '0', '1', '0', '1', '0', '0', '0', '0', '0', '0', 'Z'}
	var v rfc5280.Validity
	if err := v.UnmarshalDER(enc); err != nil {
		t.Fatal(err)
	}
	if n := testing.AllocsPerRun(100, func() { _ = v.UnmarshalDER(enc) }); n != 0 {
		t.Errorf("Validity decode: %v allocations, want 0", n)
	}
}

// TestTypedEncodeAllocs checks that encoding into a buffer large enough
// allocates nothing: der.Append takes its Builder from a pool, since
// EncodeASN1, called through an interface, would move a Builder of its
// stack to the heap.
func TestTypedEncodeAllocs(t *testing.T) {
	if testing.Short() {
		t.Skip("builds an 8.7 MB CRL")
	}
	crl := hugeCRLOrFail(t)
	var v rfc5280.CertificateList
	if err := v.UnmarshalDER(crl); err != nil {
		t.Fatal(err)
	}
	buf := make([]byte, 0, len(crl))
	if n := testing.AllocsPerRun(3, func() { _, _ = der.Append(buf[:0], &v, nil) }); n != 0 {
		t.Errorf("CRL encode: %v allocations, want 0", n)
	}
}

// TestTypedCertsRoundTrip checks that the benchmark inputs decode and
// re-encode exactly, so the benchmarks measure real work.
func TestTypedCertsRoundTrip(t *testing.T) {
	crl := hugeCRLOrFail(t)
	var v rfc5280.CertificateList
	if err := v.UnmarshalDER(crl); err != nil {
		t.Fatal(err)
	}
	if out, err := v.MarshalDER(); err != nil || string(out) != string(crl) {
		t.Fatalf("huge CRL re-encoding differs (%v)", err)
	}
	if n := len(v.ToBeSigned.RevokedCertificates); n != CRLEntries {
		t.Fatalf("%d entries, want %d", n, CRLEntries)
	}
}

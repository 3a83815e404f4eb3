package bench

import (
	"bytes"
	"crypto/x509"
	"errors"
	"io"
	"testing"

	"github.com/asn1gen/asn1gen/runtime/der"
	"github.com/asn1gen/asn1gen/runtime/tree"
)

// readerWalk walks r with the runtime's Reader as Floor walks bytes: every
// element read once, constructed ones entered. Unlike Floor it applies all
// the DER checks and the budgets.
func readerWalk(r *der.Reader) (int, error) {
	n := 0
	var sub der.Reader
	for !r.Empty() {
		_, constructed, _, err := r.ReadAny(&sub)
		if err != nil {
			return n, err
		}
		n++
		if constructed {
			m, err := readerWalk(&sub)
			n += m
			if err != nil {
				return n, err
			}
		}
	}
	return n, nil
}

func countNodes(nodes []tree.Node) int {
	n := len(nodes)
	for i := range nodes {
		n += countNodes(nodes[i].Children)
	}
	return n
}

func hugeCRLOrFail(tb testing.TB) []byte {
	crl, err := HugeCRL()
	if err != nil {
		tb.Fatal(err)
	}
	return crl
}

func certsOrSkip(tb testing.TB) [][]byte {
	certs, err := Certificates()
	if err != nil {
		tb.Fatal(err)
	}
	if len(certs) == 0 {
		tb.Skip("no certificates (set ASN1GEN_CORPUS or install /etc/ssl/certs)")
	}
	return certs
}

// TestWalksAgree checks that the floor, the Reader walk and the tree see
// the same elements in every input the benchmarks use, so that the
// benchmarks compare equal work.
func TestWalksAgree(t *testing.T) {
	if testing.Short() {
		t.Skip("builds an 8.7 MB CRL")
	}
	crl := hugeCRLOrFail(t)
	if len(crl) < 8_000_000 || len(crl) > 9_500_000 {
		t.Errorf("huge CRL is %d octets, want about 8.7 MB", len(crl))
	}
	inputs := append([][]byte{crl}, certsOrSkip(t)...)
	for i, in := range inputs {
		fl, ok := Floor(in)
		if !ok {
			t.Fatalf("input %d: floor walk failed", i)
		}
		rw, err := readerWalkNew(in)
		if err != nil {
			t.Fatalf("input %d: reader walk: %v", i, err)
		}
		root, err := tree.Parse(in, nil)
		if err != nil {
			t.Fatalf("input %d: tree: %v", i, err)
		}
		if tn := countNodes([]tree.Node{*root}); fl != rw || fl != tn {
			t.Fatalf("input %d: floor %d, reader walk %d, tree %d elements", i, fl, rw, tn)
		}
	}
}

func BenchmarkCRL(b *testing.B) {
	crl := hugeCRLOrFail(b)
	runInput(b, "floor", len(crl), floorOp(crl))
	runInput(b, "reader-walk", len(crl), func() error {
		_, err := readerWalkNew(crl)
		return err
	})
	runInput(b, "tree", len(crl), func() error {
		_, err := tree.Parse(crl, nil)
		return err
	})
	runInput(b, "crypto-x509", len(crl), func() error {
		_, err := x509.ParseRevocationList(crl)
		return err
	})
}

// runInput runs op once per iteration as the sub-benchmark name, over an
// input of size octets; an error fails the benchmark.
func runInput(b *testing.B, name string, size int, op func() error) {
	runEntries(b, name, size, 0, op)
}

// runCRL is runInput over the huge CRL, reporting its entries per
// operation (entries/op) and the time per entry (ns/entry), from which
// make bench's table gives the bytes and allocations per entry.
func runCRL(b *testing.B, name string, crl []byte, op func() error) {
	runEntries(b, name, len(crl), CRLEntries, op)
}

// runEntries is runInput over an input of entries entries (none: 0).
func runEntries(b *testing.B, name string, size, entries int, op func() error) {
	b.Run(name, func(b *testing.B) {
		b.SetBytes(int64(size))
		b.ReportAllocs()
		for b.Loop() {
			if err := op(); err != nil {
				b.Fatal(err)
			}
		}
		if entries > 0 {
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(entries), "ns/entry")
			b.ReportMetric(float64(entries), "entries/op")
		}
	})
}

// floorOp is the floor walk of in, as an operation of runInput.
func floorOp(in []byte) func() error {
	return func() error {
		if _, ok := Floor(in); !ok {
			return errors.New("floor walk failed")
		}
		return nil
	}
}

// runCertSet runs f over every certificate of certs per operation, as the
// sub-benchmark name; ns/cert is the time per certificate.
func runCertSet(b *testing.B, certs [][]byte, name string, f func(c []byte) error) {
	total := 0
	for _, c := range certs {
		total += len(c)
	}
	b.Run(name, func(b *testing.B) {
		b.SetBytes(int64(total))
		b.ReportAllocs()
		for b.Loop() {
			for _, c := range certs {
				if err := f(c); err != nil {
					b.Fatal(err)
				}
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(certs)), "ns/cert")
		b.ReportMetric(float64(len(certs)), "certs/op")
	})
}

// BenchmarkCerts decodes the whole certificate set per operation; ns/cert
// is the time per certificate.
func BenchmarkCerts(b *testing.B) {
	certs := certsOrSkip(b)
	run := func(name string, f func(c []byte) error) { runCertSet(b, certs, name, f) }
	run("floor", func(c []byte) error {
		if _, ok := Floor(c); !ok {
			return errors.New("floor walk failed")
		}
		return nil
	})
	run("reader-walk", func(c []byte) error {
		_, err := readerWalkNew(c)
		return err
	})
	run("tree", func(c []byte) error {
		_, err := tree.Parse(c, nil)
		return err
	})
	run("crypto-x509", func(c []byte) error {
		_, err := x509.ParseCertificate(c)
		return err
	})
}

// BenchmarkTreeStream decodes the certificate set concatenated into one
// stream: with the TreeDecoder from an io.Reader, and from the byte slice
// with ParseTrees and with the floor walk.
func BenchmarkTreeStream(b *testing.B) {
	stream := bytes.Join(certsOrSkip(b), nil)
	runInput(b, "floor", len(stream), floorOp(stream))
	runInput(b, "tree", len(stream), func() error {
		_, err := tree.ParseAll(stream, nil)
		return err
	})
	r := bytes.NewReader(stream)
	runInput(b, "tree-stream", len(stream), func() error {
		r.Reset(stream)
		d := tree.NewDecoder(r, nil)
		for {
			if _, err := d.Next(); err != nil {
				if err == io.EOF {
					return nil
				}
				return err
			}
		}
	})
}

func readerWalkNew(b []byte) (int, error) {
	r := der.NewReader(b, nil)
	return readerWalk(&r)
}

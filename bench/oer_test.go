package bench

import (
	"testing"

	"github.com/asn1gen/asn1gen/generated/ieee1609dot2"
	"github.com/asn1gen/asn1gen/runtime/oer"
)

// coerVector returns the octets of the block of testdata/oer's IEEE
// 1609.2 vectors named name.
func coerVector(tb testing.TB, name string) []byte {
	tb.Helper()
	msgs, err := ReadPERMessages("../testdata/oer/ieee1609dot2.txt") // the same format
	if err != nil {
		tb.Fatal(err)
	}
	for _, m := range msgs {
		if m.Name == name {
			return m.Bytes
		}
	}
	tb.Fatalf("no vector %q", name)
	return nil
}

// oerFloor reads every octet of b once, in order: the least a decoder of
// b does (OER has no tags to walk, and its lengths are octet-aligned).
func oerFloor(b []byte) uint64 {
	var sum uint64
	for _, c := range b {
		sum = sum*31 + uint64(c)
	}
	return sum
}

// BenchmarkCOER decodes and encodes, in CANONICAL-OER, a real IEEE 1609.2
// certificate (148 octets, the authorization ticket of a VW Golf 8) and a
// real signed SPDU that carries it (a CAM, 321 octets), from vanetza's
// tests: a strict decode (oer.Options{Canonical: true}, what a verifier
// runs) into a new value, a BASIC-OER decode (UnmarshalOER), and the
// encode of the decoded value (MarshalOER). The floors read every octet
// once (decode) and copy the octets into a reused buffer (encode).
func BenchmarkCOER(b *testing.B) {
	cert := coerVector(b, "authorization ticket of the VW Golf 8 (issuer sha256AndDigest 56dfd6d627a362dc)")
	spdu := coerVector(b, "signed CAM, signer certificate (VW Golf 8)")
	var c ieee1609dot2.EtsiTs103097Certificate
	var d ieee1609dot2.EtsiTs103097Data
	strict := &oer.Options{Canonical: true}
	if err := oer.Unmarshal(cert, &c, strict); err != nil {
		b.Fatal(err)
	}
	if err := oer.Unmarshal(spdu, &d, strict); err != nil {
		b.Fatal(err)
	}
	for _, w := range []struct {
		name string
		in   []byte
		new  func() oer.Value
		v    oer.Value
	}{
		{"Certificate", cert, func() oer.Value { return new(ieee1609dot2.EtsiTs103097Certificate) }, &c},
		{"SPDU", spdu, func() oer.Value { return new(ieee1609dot2.EtsiTs103097Data) }, &d},
	} {
		b.Run(w.name+"-decode", func(b *testing.B) {
			run(b, "floor", w.in, func() error {
				if oerFloor(w.in) == 0 {
					b.Fatal("a zero checksum")
				}
				return nil
			})
			run(b, "asn1gen-canonical", w.in, func() error { return oer.Unmarshal(w.in, w.new(), strict) })
			run(b, "asn1gen", w.in, func() error { return oer.Unmarshal(w.in, w.new(), nil) })
		})
		b.Run(w.name+"-encode", func(b *testing.B) {
			buf := make([]byte, 0, 1024)
			run(b, "floor", w.in, func() error {
				buf = append(buf[:0], w.in...)
				return nil
			})
			run(b, "asn1gen", w.in, func() error {
				_, err := oer.Marshal(w.v)
				return err
			})
		})
	}
}

// run times f, one operation over in, as the sub-benchmark name.
func run(b *testing.B, name string, in []byte, f func() error) {
	b.Run(name, func(b *testing.B) {
		b.SetBytes(int64(len(in)))
		b.ReportAllocs()
		for b.Loop() {
			if err := f(); err != nil {
				b.Fatal(err)
			}
		}
	})
}

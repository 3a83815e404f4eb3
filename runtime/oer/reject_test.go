package oer_test

import (
	"math/rand/v2"
	"sort"
	"testing"

	"github.com/asn1gen/asn1gen/runtime/der"
	"github.com/asn1gen/asn1gen/runtime/oer"
	"github.com/google/go-cmp/cmp"
)

// noncanonical lists BASIC-OER encodings that CANONICAL-OER does not
// allow: a BASIC decode reads basic, a CANONICAL one fails with
// KindNonCanonical at off (in the encoding, after one octet of prefix
// that the test adds so that offsets are seen to be absolute).
var noncanonical = []struct {
	prim  string
	hex   string
	basic any
	off   int
}{
	{"Length", "81 05 00*5", zeros(5), 0},        // long form below 128
	{"Length", "82 00 80 00*128", zeros(128), 0}, // leading zero length octet
	{"Uint", "02 00 05", uint64(5), 0},           // leading zero octet
	{"Int", "02 ff ff", int64(-1), 0},            // redundant 0xFF
	{"Int", "02 00 7f", int64(127), 0},           // redundant 0x00
	{"IntLb(10)", "02 00 0a", int64(10), 0},      // unsigned, leading zero
	{"BigUint", "02 00 01", bigOf("1"), 0},       // leading zero octet
	{"BigInt", "02 ff 80", bigOf("-128"), 0},     // redundant 0xFF
	{"Quantity", "02 00 03", 3, 0},               // leading zero octet
	{"Enumerated", "81 05", int64(5), 0},         // long form of 0..127
	{"Enumerated", "83 00 00 80", int64(128), 0},
	{"Enumerated", "82 ff ff", int64(-1), 0},
	{"Bool", "01", true, 0},
	{"Bool", "80", true, 0},
	{"FixedBitString(12)", "aa f1", bits("101010101111"), 1}, // padding bit set
	{"BitString", "03 04 aa f8", bits("101010101111"), 3},    // unused bit set
	{"Preamble(11)", "a0 21", []bool{true, false, true, false, false, false, false, false, false, false, true}, 1},
	{"Extensions", "02 07 00", bits("0"), 0}, // no addition present
	{"Tag", "bf 05", der.Context(5), 0},      // number below 63 in the long form
	{"Tag", "bf 80 46", der.Context(70), 0},  // leading 0x80
}

func TestNonCanonical(t *testing.T) {
	ps := prims()
	for _, tt := range noncanonical {
		p := ps[tt.prim]
		in := append([]byte{0xee}, unhex(t, tt.hex)...)
		r := oer.NewReader(in, nil)
		r.ReadFixedOctetString(1)
		got, err := p.read(&r)
		if err == nil {
			err = r.Finish()
		}
		if err != nil {
			t.Errorf("%s %s basic: %v", tt.prim, tt.hex, err)
		} else if d := cmp.Diff(tt.basic, got, opts); d != "" {
			t.Errorf("%s %s basic: -want +got\n%s", tt.prim, tt.hex, d)
		}
		r = oer.NewReader(in, &oer.Options{Canonical: true})
		r.ReadFixedOctetString(1)
		_, err = p.read(&r)
		errorAt(t, tt.prim+" "+tt.hex, err, der.KindNonCanonical, 1+tt.off)
	}
}

// invalid lists encodings that neither mode reads, with the error's kind
// and offset (after the one octet of prefix, as above).
var invalid = []struct {
	prim string
	hex  string
	kind der.Kind
	off  int
}{
	{"Length", "80", der.KindMalformed, 0},               // long form of no octets
	{"Length", "89 01 00*8", der.KindTruncated, 0},       // 2^64: more than the input
	{"Uint", "00", der.KindMalformed, 0},                 // no octets
	{"Uint", "09 01 00*8", der.KindUnsupported, 0},       // 2^64
	{"Int", "09 01 00*8", der.KindUnsupported, 0},        // 2^64
	{"IntLb(10)", "01 09", der.KindConstraint, 0},        // below lb
	{"IntLb(10)", "08 80 00*7", der.KindUnsupported, 0},  // 2^63: no int64
	{"IntRange(1..300)", "01 2d", der.KindConstraint, 0}, // 301
	{"UintRange(100..1048576)", "00 10 00 01", der.KindConstraint, 0},
	{"IntRange(-1..200)", "ff fe", der.KindConstraint, 0}, // -2
	{"IntRange(0..9223372036854775807)", "80 00*7", der.KindConstraint, 0},
	{"BigInt", "00", der.KindMalformed, 0},
	{"Quantity", "00", der.KindMalformed, 0},
	{"Quantity", "04 80 00 00 00", der.KindLimit, 0}, // 2^31 elements
	{"Enumerated", "80", der.KindMalformed, 0},
	{"Enumerated", "89 01 00*8", der.KindUnsupported, 0},
	{"BitString", "00", der.KindMalformed, 0},       // no unused-bits octet
	{"BitString", "02 08 00", der.KindMalformed, 1}, // 8 unused bits
	{"BitString", "01 03", der.KindMalformed, 1},    // unused bits of nothing
	{"Extensions", "01 00", der.KindMalformed, 0},   // a bitmap of no bit
	{"IA5String", "02 41 80", der.KindInvalidValue, 2},
	{"FixedIA5String", "41 42 ff", der.KindInvalidValue, 2},
	{"PrintableString", "01 2a", der.KindInvalidValue, 1}, // '*'
	{"NumericString", "01 41", der.KindInvalidValue, 1},
	{"VisibleString", "01 7f", der.KindInvalidValue, 1},
	{"UTF8String", "02 c3 28", der.KindInvalidValue, 1},
	{"UTF8String", "03 ed a0 80", der.KindInvalidValue, 1}, // a surrogate
	{"BMPString", "03 00 41 00", der.KindMalformed, 0},     // odd length
	{"BMPString", "02 d8 00", der.KindInvalidValue, 1},     // a surrogate
	{"UniversalString", "04 00 11 00 00", der.KindInvalidValue, 1},
	{"IA5String FROM", "03 30 41 47", der.KindConstraint, 3},  // 'G'
	{"FixedIA5String FROM", "41 2e", der.KindConstraint, 1},   // '.'
	{"UTF8String FROM", "03 61 d0 96", der.KindConstraint, 2}, // 'Ж'
	{"OID", "00", der.KindMalformed, 0},
	{"OID", "02 80 01", der.KindInvalidValue, 1}, // leading 0x80
	{"OID", "02 2a 86", der.KindMalformed, 2},    // unterminated
	{"Tag", "bf 90 80 80 80 00", der.KindUnsupported, 0},
	{"Open", "01 01", der.KindTruncated, 1}, // the INTEGER's length says 1, 0 left in the field
	{"Open", "03 01 05 00", der.KindTrailingData, 3},
}

func TestInvalid(t *testing.T) {
	ps := prims()
	for _, tt := range invalid {
		p, ok := ps[tt.prim]
		if !ok {
			t.Fatalf("no prim %s", tt.prim)
		}
		in := append([]byte{0xee}, unhex(t, tt.hex)...)
		for _, canonical := range []bool{false, true} {
			r := oer.NewReader(in, &oer.Options{Canonical: canonical})
			r.ReadFixedOctetString(1)
			_, err := p.read(&r)
			errorAt(t, tt.prim+" "+tt.hex, err, tt.kind, 1+tt.off)
		}
	}
}

// TestTruncated reads every proper prefix of the valid encodings: each is
// a KindTruncated error at the start of the primitive (after a prefix
// octet), never a panic nor a value.
func TestTruncated(t *testing.T) {
	ps := prims()
	for _, tt := range valid {
		full := append([]byte{0xee}, unhex(t, tt.hex)...)
		for n := 1; n < len(full); n++ {
			for _, canonical := range []bool{false, true} {
				r := oer.NewReader(full[:n], &oer.Options{Canonical: canonical})
				r.ReadFixedOctetString(1)
				_, err := ps[tt.prim].read(&r)
				errorAt(t, tt.prim+" "+tt.hex+" cut at "+itoa(int64(n)), err, der.KindTruncated, 1)
			}
		}
	}
}

// TestRoundTrip writes random values of every primitive, reads them back
// in both modes, and writes them again: the same values, the same octets.
func TestRoundTrip(t *testing.T) {
	ps := prims()
	names := make([]string, 0, len(ps))
	for n := range ps {
		names = append(names, n)
	}
	sort.Strings(names) // the same draws in every run
	rng := rand.New(rand.NewPCG(1, 2))
	for _, name := range names {
		p := ps[name]
		for range 300 {
			v := p.random(rng)
			w := oer.NewWriter(nil)
			if err := p.write(&w, v); err != nil {
				t.Fatalf("%s: write %v: %v", name, v, err)
			}
			enc := w.Bytes()
			for _, canonical := range []bool{false, true} {
				r := oer.NewReader(enc, &oer.Options{Canonical: canonical})
				got, err := p.read(&r)
				if err == nil {
					err = r.Finish()
				}
				if err != nil {
					t.Fatalf("%s: read %x of %v: %v", name, enc, v, err)
				}
				if d := cmp.Diff(v, got, opts, cmp.Comparer(bytesEqual)); d != "" {
					t.Fatalf("%s: %x: -wrote +read\n%s", name, enc, d)
				}
			}
		}
	}
}

// bytesEqual compares octet strings, nil and empty alike: an empty
// string reads as an empty slice of the input.
func bytesEqual(a, b []byte) bool { return string(a) == string(b) }

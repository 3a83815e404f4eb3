package per_test

import (
	"bytes"
	"errors"
	"testing"

	"github.com/asn1gen/asn1gen/runtime/der"
	"github.com/asn1gen/asn1gen/runtime/per"
)

// flagged is SEQUENCE { a BOOLEAN, b INTEGER (0..255) }: in the ALIGNED
// variant b is octet-aligned (X.691 11.5.7.2) from the start of the
// contained encoding, whatever the alignment of the string holding it.
type flagged struct {
	a bool
	b int64
}

func (v *flagged) DecodePER(r *per.Reader) error {
	var err error
	if v.a, err = r.ReadBool(); err != nil {
		return err
	}
	v.b, err = r.ReadConstrained(0, 255)
	return err
}

func (v *flagged) EncodePER(w *per.Writer) error {
	w.WriteBool(v.a)
	return w.WriteConstrained(v.b, 0, 255)
}

// tiny is INTEGER (0..5) in three bits.
type tiny int64

func (v *tiny) DecodePER(r *per.Reader) error {
	x, err := r.ReadConstrained(0, 5)
	*v = tiny(x)
	return err
}

func (v *tiny) EncodePER(w *per.Writer) error { return w.WriteConstrained(int64(*v), 0, 5) }

// TestContaining: OCTET STRING and BIT STRING (CONTAINING T) hold the
// complete encoding of T (X.691 11.1: flagged {TRUE, 5} is 80 05 in the
// ALIGNED variant, 82 80 in the UNALIGNED one), its length counted by the
// SIZE of the string (X.691 16, 17); each after a lead bit 1.
func TestContaining(t *testing.T) {
	v := flagged{true, 5}
	octets := func(s per.Size) (func(*per.Writer) error, func(*per.Reader) (any, error)) {
		c := per.Contents{Size: s}
		return func(w *per.Writer) error { return w.WriteContained(&v, c) },
			func(r *per.Reader) (any, error) { var x flagged; err := r.ReadContained(&x, c); return x, err }
	}
	bitsIn := func(s per.Size) (func(*per.Writer) error, func(*per.Reader) (any, error)) {
		c := per.Contents{Size: s, Bits: true}
		return func(w *per.Writer) error { return w.WriteContained(&v, c) },
			func(r *per.Reader) (any, error) { var x flagged; err := r.ReadContained(&x, c); return x, err }
	}
	for _, c := range []struct {
		name       string
		s          per.Size
		bit        bool
		aper, uper string
	}{
		// SIZE(2): no length and, two octets, not octet-aligned (17.6):
		// 1 10000000 00000101 / 1 10000010 10000000.
		{name: "OCTET STRING (SIZE(2))", s: per.Size{Lb: 2, Ub: 2}, aper: "c0 02 80", uper: "c1 40 00"},
		// SIZE(1..4): the length 2 in two bits (01), then in the ALIGNED
		// variant padding and the octets (17.8).
		{name: "OCTET STRING (SIZE(1..4))", s: per.Size{Lb: 1, Ub: 4}, aper: "a0 80 05", uper: "b0 50 00"},
		// No SIZE: an unconstrained length, octet-aligned in ALIGNED.
		{name: "OCTET STRING", s: per.Unsized, aper: "80 02 80 05", uper: "81 41 40 00"},
		// SIZE(16): sixteen bits, not octet-aligned (16.9).
		{name: "BIT STRING (SIZE(16))", s: per.Size{Lb: 16, Ub: 16}, bit: true, aper: "c0 02 80", uper: "c1 40 00"},
		// No SIZE: the length 16 (bits) in one octet, then the bits.
		{name: "BIT STRING", s: per.Unsized, bit: true, aper: "80 10 80 05", uper: "88 41 40 00"},
		// SIZE(8..64): the length 16-8 in six bits (001000).
		{name: "BIT STRING (SIZE(8..64))", s: per.Size{Lb: 8, Ub: 64}, bit: true, aper: "90 80 05", uper: "91 05 00"},
	} {
		w, r := octets(c.s)
		if c.bit {
			w, r = bitsIn(c.s)
		}
		for _, variant := range []struct {
			aligned bool
			hex     string
		}{{true, c.aper}, {false, c.uper}} {
			wr := per.NewWriter(nil, variant.aligned)
			wr.WriteBool(true)
			if err := w(&wr); err != nil {
				t.Fatalf("%s: write: %v", c.name, err)
			}
			want := unhex(t, variant.hex)
			if got := wr.Bytes(); !bytes.Equal(got, want) {
				t.Errorf("%s aligned=%v: wrote % x, want % x", c.name, variant.aligned, got, want)
				continue
			}
			rd := per.NewReader(want, variant.aligned, nil)
			if lead, err := rd.ReadBool(); err != nil || !lead {
				t.Fatalf("%s: lead bit %v %v", c.name, lead, err)
			}
			got, err := r(&rd)
			if err != nil || got != v {
				t.Errorf("%s aligned=%v: read %+v, %v", c.name, variant.aligned, got, err)
			}
			if err := rd.Finish(); err != nil {
				t.Errorf("%s aligned=%v: finish: %v", c.name, variant.aligned, err)
			}
			// Every strict prefix is an error located in bits.
			for n := range len(want) {
				rd := per.NewReader(want[:n], variant.aligned, nil)
				_, _ = rd.ReadBool()
				_, err := r(&rd)
				var e *der.Error
				if err == nil || !errors.As(err, &e) || !e.Bits || e.Offset < 0 {
					t.Errorf("%s aligned=%v: prefix of %d octets: %v", c.name, variant.aligned, n, err)
				}
			}
		}
	}
}

// TestContainingErrors: a contained encoding that its string's SIZE
// cannot hold, that does not fill the string, that is not whole octets of
// a BIT STRING, and an error inside the contained value, at its offset in
// the outermost input.
func TestContainingErrors(t *testing.T) {
	// Encoding: 80 05 is two octets, SIZE(3) takes three. The writer is
	// left as before the string.
	w := per.NewWriter(nil, true)
	w.WriteBool(true)
	err := w.WriteContained(&flagged{true, 5}, per.Contents{Size: per.Size{Lb: 3, Ub: 3}})
	if !errors.Is(err, der.ErrConstraint) {
		t.Errorf("SIZE(3): %v, want a constraint error", err)
	}
	w.WriteBool(true)
	if got := w.Bytes(); !bytes.Equal(got, []byte{0xc0}) {
		t.Errorf("after the error the writer holds % x, want c0", got)
	}
	err = w.WriteContained(&flagged{true, 5}, per.Contents{Size: per.Size{Lb: 8, Ub: 8}, Bits: true})
	if !errors.Is(err, der.ErrConstraint) {
		t.Errorf("BIT STRING SIZE(8): %v, want a constraint error", err)
	}

	for _, c := range []struct {
		name    string
		aligned bool
		in      string
		read    func(r *per.Reader) error
		kind    der.Kind
		offset  int
	}{
		// SIZE(1..4) length 3: 80 05 00, one octet past the value.
		{"trailing octet", true, "80 80 05 00", func(r *per.Reader) error {
			var x flagged
			return r.ReadContained(&x, per.Contents{Size: per.Size{Lb: 1, Ub: 4}})
		}, der.KindTrailingData, 8 + 16},
		// An unsized BIT STRING of 9 bits (length 09): no whole octets.
		{"nine bits", false, "09 80 00", func(r *per.Reader) error {
			var x flagged
			return r.ReadContained(&x, per.Contents{Size: per.Unsized, Bits: true})
		}, der.KindInvalidValue, 8},
		// SIZE(0..2) length 0: no encoding at all, not even one zero octet.
		{"empty", false, "00", func(r *per.Reader) error {
			var x tiny
			return r.ReadContained(&x, per.Contents{Size: per.Size{Lb: 0, Ub: 2}})
		}, der.KindMalformed, 2},
		// After a lead bit, SIZE(1): the octet 110 00000 at bit 1 holds
		// 6, outside 0..5, found after its three bits: at bit 4.
		{"inside the contained value", false, "e0 00", func(r *per.Reader) error {
			if _, err := r.ReadBool(); err != nil {
				return err
			}
			var x tiny
			return r.ReadContained(&x, per.Contents{Size: per.Size{Lb: 1, Ub: 1}})
		}, der.KindInvalidValue, 4},
	} {
		r := per.NewReader(unhex(t, c.in), c.aligned, nil)
		err := c.read(&r)
		var e *der.Error
		if !errors.As(err, &e) || e.Kind != c.kind || !e.Bits || e.Offset != c.offset {
			t.Errorf("%s: %v; want a %v error at bit %d", c.name, err, c.kind, c.offset)
		}
	}
}

// TestContents: the octets of a contents-constrained string kept raw (a
// key that selects no type) are written back as they were read.
func TestContents(t *testing.T) {
	for _, aligned := range []bool{true, false} {
		w := per.NewWriter(nil, aligned)
		if err := w.WriteStringContents([]byte{0xab, 0xcd}, per.Contents{Size: per.Size{Lb: 0, Ub: 32}, Bits: true}); err != nil {
			t.Fatal(err)
		}
		b := w.Bytes()
		// The length 16 in six bits (010000), then the bits.
		want := map[bool]string{true: "40 ab cd", false: "42 af 34"}[aligned]
		if !bytes.Equal(b, unhex(t, want)) {
			t.Errorf("aligned=%v: % x, want %s", aligned, b, want)
		}
		r := per.NewReader(b, aligned, nil)
		got, at, err := r.ReadStringContents(per.Contents{Size: per.Size{Lb: 0, Ub: 32}, Bits: true})
		if err != nil || !bytes.Equal(got, []byte{0xab, 0xcd}) || at != map[bool]int{true: 8, false: 6}[aligned] {
			t.Errorf("aligned=%v: read % x at %d, %v", aligned, got, at, err)
		}
		r = per.NewReader(unhex(t, "03 ab cd ef"), aligned, nil)
		if got, at, err := r.ReadStringContents(per.Contents{Size: per.Unsized}); err != nil || len(got) != 3 || at != 8 {
			t.Errorf("aligned=%v: octets % x at %d, %v", aligned, got, at, err)
		}
	}
}

// TestContentsFragmented: the octets of contents of 16K or more come in
// fragments, a copy, whose offset is that of the length determinant.
func TestContentsFragmented(t *testing.T) {
	b := bytes.Repeat([]byte{0x5a}, per.Fragment+3)
	for _, aligned := range []bool{true, false} {
		w := per.NewWriter(nil, aligned)
		w.WriteBool(true)
		if err := w.WriteStringContents(b, per.Contents{Size: per.Unsized}); err != nil {
			t.Fatal(err)
		}
		r := per.NewReader(w.Bytes(), aligned, nil)
		_, _ = r.ReadBool()
		got, at, err := r.ReadStringContents(per.Contents{Size: per.Unsized})
		if err != nil || !bytes.Equal(got, b) || at != 1 {
			t.Errorf("aligned=%v: %d octets at %d, %v; want %d at 1", aligned, len(got), at, err, len(b))
		}
		// Under a SIZE with an upper bound below 64K the length is one
		// constrained whole number: no fragments, the octets right after.
		s := per.Contents{Size: per.Size{Lb: 0, Ub: 60000}}
		w = per.NewWriter(nil, aligned)
		if err := w.WriteStringContents(b, s); err != nil {
			t.Fatal(err)
		}
		r = per.NewReader(w.Bytes(), aligned, nil)
		if got, at, err := r.ReadStringContents(s); err != nil || len(got) != len(b) || at != 16 {
			t.Errorf("aligned=%v SIZE(0..60000): %d octets at %d, %v; want at 16", aligned, len(got), at, err)
		}
	}
}

// FuzzContained reads a flagged in the string shapes of TestContaining,
// and INTEGERs of the ranges of TestBigRange: no panic, every error
// located in bits, and what decodes encodes.
func FuzzContained(f *testing.F) {
	shapes := []per.Contents{
		{Size: per.Size{Lb: 2, Ub: 2}}, {Size: per.Size{Lb: 1, Ub: 4}}, {Size: per.Unsized}, {Size: per.Size{Lb: 1, Ub: 1, Ext: true}},
		{Size: per.Size{Lb: 16, Ub: 16}, Bits: true}, {Size: per.Unsized, Bits: true}, {Size: per.Size{Lb: 8, Ub: 64}, Bits: true},
	}
	m1, max64, two70 := bound("-1"), bound("18446744073709551615"), bound("1180591620717411303424")
	ranges := [][2]string{{m1, max64}, {two70, ""}, {"", two70}, {two70, bound("1180591620717411303431")}}
	f.Add(byte(0), unhex(f, "c0 02 80"))
	f.Add(byte(5), unhex(f, "80 10 80 05"))
	f.Add(byte(7), unhex(f, "80 01 00 00 00 00 00 00 00 00"))
	f.Fuzz(func(t *testing.T, which byte, b []byte) {
		n := int(which) % (len(shapes) + 2*len(ranges))
		for _, aligned := range []bool{false, true} {
			r := per.NewReader(b, aligned, &per.Options{MaxAlloc: 1 << 20})
			w := per.NewWriter(nil, aligned)
			var err error
			if n < len(shapes) {
				var v flagged
				if err = r.ReadContained(&v, shapes[n]); err == nil {
					// The contents of a fixed size may not hold it: only
					// a value read back from them is checked.
					if werr := w.WriteContained(&v, shapes[n]); werr != nil && shapes[n].Size.Within(2) {
						t.Fatalf("%+v decoded from %v, encode: %v", v, shapes[n], werr)
					}
				}
			} else {
				k := n - len(shapes)
				rg, ext := ranges[k%len(ranges)], k >= len(ranges)
				var v der.Integer
				if v, err = r.ReadBigRange(rg[0], rg[1], ext); err == nil {
					if werr := w.WriteBigRange(v, rg[0], rg[1], ext); werr != nil {
						t.Fatalf("%v decoded in %q..%q, encode: %v", v, rg[0], rg[1], werr)
					}
				}
			}
			if err != nil {
				var e *der.Error
				if !errors.As(err, &e) || !e.Bits || e.Offset < 0 || e.Offset > 8*len(b) {
					t.Fatalf("error %v not located", err)
				}
			}
		}
	})
}

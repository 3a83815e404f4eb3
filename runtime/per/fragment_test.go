package per_test

import (
	"bytes"
	"errors"
	"runtime"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/asn1gen/asn1gen/runtime/der"
	"github.com/asn1gen/asn1gen/runtime/per"
)

// nested is what the encodings of TestNestedFragments hold, at every
// octet and bit offset: lead bits, then an open type field holding lead
// bits and a field, which holds an OCTET STRING of 70,000 octets and a BIT
// STRING of 140,001 bits, each after a bit 1; a bit 1 after each field.
// Each string and each field comes in fragments (X.691 11.9.3.8).
type nested struct {
	lead   int
	octets []byte
	bits   der.BitString
}

// inner is the value of the inner field: the strings.
type inner struct{ n *nested }

func (v inner) EncodePER(w *per.Writer) error {
	w.WriteBool(true)
	if err := w.WriteOctetString(v.n.octets, per.Unsized); err != nil {
		return err
	}
	w.WriteBool(true)
	return w.WriteBitString(v.n.bits, per.Unsized)
}

func (v inner) DecodePER(r *per.Reader) error {
	var err error
	if _, err = r.ReadBool(); err == nil {
		if v.n.octets, err = r.ReadOctetString(per.Unsized); err == nil {
			if _, err = r.ReadBool(); err == nil {
				v.n.bits, err = r.ReadBitString(per.Unsized)
			}
		}
	}
	return err
}

// encode writes n, the inner field as an open type field, the outer one
// from BeginOpen to EndOpen.
func (n *nested) encode(w *per.Writer) error {
	w.WriteBits(0, n.lead)
	o := w.BeginOpen()
	w.WriteBits(0, n.lead)
	if err := w.WriteOpenValue(inner{n}); err != nil {
		return err
	}
	w.WriteBool(true)
	w.EndOpen(o)
	w.WriteBool(true)
	return nil
}

// decode reads what encode wrote, the outer field by ReadOpenField and
// Field, the inner one by BeginOpen (ReadOpenValue) if open, else as
// the outer one, and reports whether the outer field's octets were
// rewritten.
func (n *nested) decode(r *per.Reader, open bool) (bool, error) {
	if _, err := r.ReadBits(n.lead); err != nil {
		return false, err
	}
	b, at, err := r.ReadOpenField()
	if err != nil {
		return false, err
	}
	f := r.Field(b, at)
	if _, err := f.ReadBits(n.lead); err != nil {
		return false, err
	}
	if open {
		err = f.ReadOpenValue(inner{n})
	} else if b, at, err = f.ReadOpenField(); err == nil {
		g := f.Field(b, at)
		if err = (inner{n}).DecodePER(&g); err == nil {
			err = f.EndField(&g)
		}
	}
	if err != nil {
		return false, err
	}
	if _, err := f.ReadBool(); err != nil {
		return false, err
	}
	if err := r.EndField(&f); err != nil {
		return false, err
	}
	_, err = r.ReadBool()
	return f.Rewrote(), err
}

// TestNestedFragments decodes strings in fragmented fields inside a
// fragmented field, in both variants and at every bit offset of the
// fields: the outer field is copied once, the strings inside it are
// reassembled in its octets, which decoding then reports rewritten; the
// decode allocates that one copy (runtime.MemStats: deterministic, unlike
// a time).
func TestNestedFragments(t *testing.T) {
	octets := make([]byte, 70000)
	for i := range octets {
		octets[i] = byte(i*13 + i>>8)
	}
	bits := der.BitString{Bytes: make([]byte, 140001/8+1), BitLength: 140001}
	for i := range bits.Bytes {
		bits.Bytes[i] = byte(i*29 + i>>9)
	}
	bits.Bytes[len(bits.Bytes)-1] &= 0x80 // the padding bits are zero
	for _, aligned := range []bool{true, false} {
		for lead := range 8 {
			for _, open := range []bool{true, false} {
				want := nested{lead: lead, octets: octets, bits: bits}
				w := per.NewWriter(nil, aligned)
				if err := want.encode(&w); err != nil {
					t.Fatal(err)
				}
				enc := w.Bytes()
				got := nested{lead: lead}
				r := per.NewReader(enc, aligned, nil)
				var before, after runtime.MemStats
				runtime.ReadMemStats(&before)
				rewrote, err := got.decode(&r, open)
				runtime.ReadMemStats(&after)
				if err == nil {
					err = r.Finish()
				}
				if err != nil {
					t.Fatalf("aligned %v, lead %d, open %v: %v", aligned, lead, open, err)
				}
				if !bytes.Equal(got.octets, want.octets) || !bytes.Equal(got.bits.Bytes, want.bits.Bytes) || got.bits.BitLength != want.bits.BitLength {
					t.Errorf("aligned %v, lead %d, open %v: decoded strings of %d octets and %d bits, not those encoded", aligned, lead, open, len(got.octets), got.bits.BitLength)
				}
				// The copy of the outer field in whole pages, a Reader or
				// two: far below the copy per field and per string.
				if alloc := after.TotalAlloc - before.TotalAlloc; !rewrote || alloc > uint64(len(enc))*5/4 {
					t.Errorf("aligned %v, lead %d, open %v: outer field rewritten %v, %d bytes allocated for an input of %d, want true and one copy", aligned, lead, open, rewrote, alloc, len(enc))
				}
			}
		}
	}
}

// TestOpenFieldLengths: EndOpen puts the length of a field in front of
// its octets, where they were written, as WriteOpenBytes writes the
// octets after it: at each size where the length changes form, after
// lead bits that leave the field on an octet boundary or not.
func TestOpenFieldLengths(t *testing.T) {
	const k = per.Fragment
	sizes := []int{1, 127, 128, 129, k - 1, k, k + 1, k + 127, k + 128, 2*k + 5, 4*k - 1, 4 * k, 4*k + 1, 5 * k, 4*k + 3*k + k - 1, 8 * k, 8*k + 3*k + 200}
	for _, aligned := range []bool{true, false} {
		for _, lead := range []int{0, 3, 8} {
			for _, n := range sizes {
				b := make([]byte, n)
				for i := range b {
					b[i] = byte(i*31 + i>>7 + 1)
				}
				w := per.NewWriter(nil, aligned)
				w.WriteBits(0x5a, lead)
				o := w.BeginOpen()
				for _, c := range b {
					w.WriteBits(uint64(c), 8)
				}
				w.EndOpen(o)
				w.WriteBool(true)
				want := per.NewWriter(nil, aligned)
				want.WriteBits(0x5a, lead)
				want.WriteOpenBytes(b)
				want.WriteBool(true)
				if got, want := w.Bytes(), want.Bytes(); !bytes.Equal(got, want) {
					t.Errorf("aligned %v, lead %d, %d octets: EndOpen wrote %d octets, WriteOpenBytes %d, first difference at octet %d", aligned, lead, n, len(got), len(want), firstDiff(got, want))
				}
			}
		}
	}
}

// firstDiff returns the index of the first octet where a and b differ.
func firstDiff(a, b []byte) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

// FuzzNestedFragments compares two decodes of the encodings of
// TestNestedFragments, of any sizes and with an octet changed: decode,
// which reassembles the strings and the inner field in the copy of the
// outer field, and decodeCopied, which gives each field's octets, copied,
// to a Reader of its own, which copies the strings: the same values, or
// an error from both.
func FuzzNestedFragments(f *testing.F) {
	f.Add(true, uint8(0), uint32(70000), uint32(140001), uint32(0), byte(0))
	f.Add(false, uint8(3), uint32(20000), uint32(17), uint32(1), byte(0))
	f.Add(false, uint8(5), uint32(65536), uint32(131072), uint32(65540), byte(0x40))
	f.Add(true, uint8(1), uint32(16384), uint32(0), uint32(16390), byte(0xff))
	f.Fuzz(func(t *testing.T, aligned bool, lead uint8, nOctets, nBits, at uint32, xor byte) {
		want := nested{lead: int(lead % 8), octets: make([]byte, nOctets%70001)}
		for i := range want.octets {
			want.octets[i] = byte(i)
		}
		nb := int(nBits % 140002)
		want.bits = der.BitString{Bytes: make([]byte, (nb+7)/8), BitLength: nb}
		w := per.NewWriter(nil, aligned)
		if err := want.encode(&w); err != nil {
			t.Fatal(err)
		}
		enc := w.Bytes()
		enc[int(at)%len(enc)] ^= xor
		open := at&1 == 1

		got := nested{lead: want.lead}
		r := per.NewReader(enc, aligned, nil)
		_, err := got.decode(&r, open)
		if err == nil {
			err = r.Finish()
		}
		ref, refErr := want.decodeCopied(enc, aligned)
		if (err == nil) != (refErr == nil) {
			t.Fatalf("decode: %v; from a copy: %v", err, refErr)
		}
		if err != nil {
			var e *der.Error
			if !errors.As(err, &e) || !e.Bits || e.Offset < 0 || e.Offset > 8*len(enc) {
				t.Fatalf("error %v not located", err)
			}
			return
		}
		if !bytes.Equal(got.octets, ref.octets) || !bytes.Equal(got.bits.Bytes, ref.bits.Bytes) || got.bits.BitLength != ref.bits.BitLength {
			t.Fatalf("decoded %d octets and %d bits, from a copy %d and %d, not the same", len(got.octets), got.bits.BitLength, len(ref.octets), ref.bits.BitLength)
		}
	})
}

// decodeCopied decodes enc as decode does, but each field's value from a
// copy of its octets, with a Reader of its own, which copies the strings.
func (n *nested) decodeCopied(enc []byte, aligned bool) (nested, error) {
	got := nested{lead: n.lead}
	r := per.NewReader(enc, aligned, nil)
	f, err := copied(&r, n.lead)
	if err != nil {
		return got, err
	}
	g, err := copied(&f, n.lead)
	if err != nil {
		return got, err
	}
	if err := (inner{&got}).DecodePER(&g); err != nil {
		return got, err
	}
	for _, x := range []*per.Reader{&g, &f, &r} {
		if x != &g { // the bit 1 after a field
			if _, err := x.ReadBool(); err != nil {
				return got, err
			}
		}
		if err := x.Finish(); err != nil {
			return got, err
		}
	}
	return got, nil
}

// copied reads lead bits and an open type field, and returns a Reader
// over a copy of its octets.
func copied(r *per.Reader, lead int) (per.Reader, error) {
	if _, err := r.ReadBits(lead); err != nil {
		return per.Reader{}, err
	}
	b, err := r.ReadOpenBytes()
	return per.NewReader(bytes.Clone(b), r.Aligned(), nil), err
}

// bits17000 is a value whose encoding is a BIT STRING of 17,000 bits, in
// fragments.
type bits17000 struct{}

func (bits17000) EncodePER(w *per.Writer) error {
	return w.WriteBitString(der.BitString{Bytes: make([]byte, 17000/8), BitLength: 17000}, per.Unsized)
}

func (bits17000) DecodePER(r *per.Reader) error {
	_, err := r.ReadBitString(per.Unsized)
	return err
}

// TestRewroteApart: a field of the input (not fragmented) holds a BIT
// STRING (CONTAINING) in fragments, whose copy holds a BIT STRING in
// fragments, reassembled in place in the copy: the copy is rewritten, the
// field's octets in the input are not, and the field's Reader says so
// (DecodeField keeps a Raw by it).
func TestRewroteApart(t *testing.T) {
	c := per.Contents{Bits: true, Size: per.Unsized}
	for _, aligned := range []bool{true, false} {
		w := per.NewWriter(nil, aligned)
		o := w.BeginOpen()
		if err := w.WriteContained(bits17000{}, c); err != nil {
			t.Fatal(err)
		}
		w.EndOpen(o)
		r := per.NewReader(w.Bytes(), aligned, nil)
		b, at, err := r.ReadOpenField()
		if err != nil {
			t.Fatal(err)
		}
		field := r.Field(b, at)
		b, at, err = field.ReadStringContents(c)
		if err != nil {
			t.Fatal(err)
		}
		contained := field.Field(b, at)
		if err := (bits17000{}).DecodePER(&contained); err != nil {
			t.Fatal(err)
		}
		if err := field.EndField(&contained); err != nil {
			t.Fatal(err)
		}
		if err := r.EndField(&field); err != nil {
			t.Fatal(err)
		}
		if got := []bool{contained.Rewrote(), field.Rewrote()}; !cmp.Equal(got, []bool{true, false}) {
			t.Errorf("aligned %v: contained, field rewritten %v, want [true false]", aligned, got)
		}
	}
}

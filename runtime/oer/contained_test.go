package oer_test

import (
	"errors"
	"testing"

	"github.com/asn1gen/asn1gen/runtime/der"
	"github.com/asn1gen/asn1gen/runtime/oer"
)

// ints is a SEQUENCE OF INTEGER as generated DER code decodes it: its
// slice charged to the decode's budget (der.MakeSlice).
type ints []int64

func (v *ints) DecodeASN1(r *der.Reader, t der.Tag) error {
	s, err := r.ReadConstructed(der.TagSequence, "Ints")
	if err != nil {
		return err
	}
	l, err := der.MakeSlice[int64](&s, s.Count())
	if err != nil {
		return err
	}
	for i := range l {
		if l[i], err = s.ReadInt64(der.TagInteger); err != nil {
			return err
		}
	}
	*v = l
	return s.Finish("Ints")
}

func (v *ints) EncodeASN1(b *der.Builder, t der.Tag) {}

// TestDecodeDERBudget: what the DER decode of contents ENCODED BY der
// allocates (need, as a DER decode alone charges it) is charged to the OER
// decode's budget (Options.MaxAlloc): two such contents fit in 2*need; with
// less the DER decode that goes beyond fails with the limit error at its
// offset in the OER input, and a decode of contents with no budget left
// fails at the contents' start; the same through DecodeDERWith, for
// contents already read.
func TestDecodeDERBudget(t *testing.T) {
	// Two octet strings of 11 octets, each the DER of SEQUENCE {1, 2, 3}.
	in := unhex(t, "0b 30 09 02 01 01 02 01 02 02 01 03 0b 30 09 02 01 01 02 01 02 02 01 03")
	dr := der.NewReader(in[1:12], &der.Options{MaxAlloc: 1 << 20})
	var v ints
	if err := v.DecodeASN1(&dr, 0); err != nil {
		t.Fatal(err)
	}
	need := 1<<20 - dr.AllocLeft()
	if need <= 0 {
		t.Fatalf("the DER decode charged %d bytes", need)
	}
	tests := []struct {
		maxAlloc int
		decoded  int // contents decoded
		offset   int // of the limit error
	}{
		{maxAlloc: 2 * need, decoded: 2},
		{maxAlloc: 2*need - 1, decoded: 1, offset: 13 + 2},
		{maxAlloc: need, decoded: 1, offset: 13},
		{maxAlloc: need - 1, offset: 1 + 2},
	}
	// DecodeDER reads the string; DecodeDERWith decodes contents already
	// read (an open type's union, by the row its key selects).
	decoders := map[string]func(r *oer.Reader, v *ints){
		"DecodeDER": func(r *oer.Reader, v *ints) { r.DecodeDER(v, false, "l") },
		"DecodeDERWith": func(r *oer.Reader, v *ints) {
			b, at, err := r.ReadOpen()
			r.Fail(err, "l")
			r.DecodeDERWith(b, at, false, "l", func(d *der.Reader) error { return v.DecodeASN1(d, 0) })
		},
	}
	for name, decode := range decoders {
		for _, tc := range tests {
			r := oer.NewReader(in, &oer.Options{MaxAlloc: tc.maxAlloc})
			var l [2]ints
			decoded := 0
			for i := range l {
				if decode(&r, &l[i]); r.Err() == nil {
					decoded++
				}
			}
			if decoded != tc.decoded {
				t.Errorf("%s, MaxAlloc %d (need %d): %d contents decoded, want %d: %v", name, tc.maxAlloc, need, decoded, tc.decoded, r.Err())
			}
			if tc.decoded == 2 {
				if err := r.Finish(); err != nil || l[0][2] != 3 || l[1][2] != 3 {
					t.Errorf("%s, MaxAlloc %d: %v, %v", name, tc.maxAlloc, l, err)
				}
				continue
			}
			var e *der.Error
			if err := r.Err(); !errors.As(err, &e) || e.Kind != der.KindLimit || e.Offset != tc.offset || e.Path() != "l" {
				t.Errorf("%s, MaxAlloc %d (need %d): %v; want a limit error at offset %d in l", name, tc.maxAlloc, need, err, tc.offset)
			}
		}
	}
}

package per_test

import (
	"encoding/hex"
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/asn1gen/asn1gen/runtime/der"
	"github.com/asn1gen/asn1gen/runtime/per"
)

// TestReadOpenField reads one open type field after lead bits (0 to 9,
// all 1), in both variants: the octets, the offset of the first and the
// position after them, or the error with its kind and bit; the one-octet
// lengths from an octet boundary (a short path) among the others.
func TestReadOpenField(t *testing.T) {
	type result struct {
		Octets string // hex
		At     int
		Pos    int
		Kind   der.Kind
		Offset int
	}
	long := make([]byte, 200)
	for i := range long {
		long[i] = byte(i)
	}
	tests := []struct {
		name    string
		aligned bool
		lead    int
		in      []byte
		want    result
	}{
		{"one octet", true, 0, []byte{1, 0xab}, result{Octets: "ab", At: 8, Pos: 16}},
		{"one octet, one after", true, 0, []byte{1, 0xab, 0xcd}, result{Octets: "ab", At: 8, Pos: 16}},
		{"3 octets after a bit", true, 1, []byte{0x80, 3, 1, 2, 3}, result{Octets: "010203", At: 16, Pos: 40}},
		{"127 octets", true, 0, append([]byte{127}, long[:127]...), result{Octets: hexOf(long[:127]), At: 8, Pos: 8 + 8*127}},
		{"128 octets: two-octet length", true, 0, append([]byte{0x80, 128}, long[:128]...), result{Octets: hexOf(long[:128]), At: 16, Pos: 16 + 8*128}},
		{"empty field", true, 0, []byte{0}, result{Kind: der.KindMalformed, Offset: 0}},
		{"truncated", true, 0, []byte{4, 1, 2, 3}, result{Kind: der.KindTruncated, Offset: 8}},
		{"no length", true, 8, []byte{0xff}, result{Kind: der.KindTruncated, Offset: 8}},
		{"UNALIGNED on an octet", false, 8, []byte{0xff, 2, 7, 8}, result{Octets: "0708", At: 16, Pos: 32}},
		{"UNALIGNED off an octet: a copy", false, 1, []byte{0x81, 0x03, 0x84, 0x00}, result{Octets: "0708", At: 9, Pos: 25}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := per.NewReader(tc.in, tc.aligned, nil)
			for range tc.lead {
				if b, err := r.ReadBool(); err != nil || !b {
					t.Fatalf("lead bit: %v, %v", b, err)
				}
			}
			var got result
			b, at, err := r.ReadOpenField()
			if err != nil {
				var e *der.Error
				if !errors.As(err, &e) || !e.Bits {
					t.Fatalf("error %v: not a *der.Error in bits", err)
				}
				got.Kind, got.Offset = e.Kind, e.Offset
			} else {
				got.Octets, got.At, got.Pos = hexOf(b), at, r.Offset()
				if len(b) != cap(b) {
					t.Errorf("the octets have room after them: len %d, cap %d", len(b), cap(b))
				}
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func hexOf(b []byte) string { return hex.EncodeToString(b) }

// pair is a value of two INTEGER (0..255) read with the sticky methods,
// the second after a bit, so that a field holds padding after it.
type pair struct{ A, B int64 }

func (p *pair) DecodePER(r *per.Reader) error {
	p.A = r.Int(0, 255, false, "a")
	r.Bool("flag")
	p.B = r.Int(0, 255, false, "b")
	return r.Err()
}

func (p *pair) EncodePER(w *per.Writer) error { return nil }

// TestDecodeField decodes a pair from an open type field with
// DecodeField, where the field's octets are the reader's own (read in
// place) and where they are not (UNALIGNED, off an octet: a copy): the
// value, the error with its offset and path, and the reader's position
// after the field, which a following read starts from.
func TestDecodeField(t *testing.T) {
	type result struct {
		V     pair
		Err   string
		After int64 // the octet after the field, read after it
	}
	tests := []struct {
		name    string
		aligned bool
		lead    int
		in      string
		want    result
	}{
		{"in place", true, 0, "03 07 00 08 ee", result{V: pair{7, 8}, After: 0xee}},
		{"in place after bits", true, 3, "e0 03 07 00 08 ee", result{V: pair{7, 8}, After: 0xee}},
		{"in place: octets after the value", true, 0, "04 07 00 08 00 ee", result{V: pair{7, 8}, Err: "asn1: f at bit 32: open type: 1 octets after the value in its field (X.691 11.1)"}},
		{"in place: truncated value", true, 0, "02 07 00 ee", result{V: pair{A: 7}, Err: "asn1: f.b at bit 24: INTEGER: needs 8 bits, 0 left (X.691 10)"}},
		{"a copy (UNALIGNED, off an octet)", false, 1, "81 83 82 00 77 00", result{V: pair{7, 8}, After: 0xee}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := per.NewReader(unhex(t, tc.in), tc.aligned, nil)
			for range tc.lead {
				r.Bool("lead")
			}
			var raw []byte
			at := r.OpenField(&raw, "f")
			var got result
			r.DecodeField(&raw, at, &got.V, "f")
			if err := r.Err(); err != nil {
				got.Err = err.Error()
			} else {
				got.After = r.Int(0, 255, false, "after")
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// TestRow decodes pairs held by pointer, as the rows of a union, from open
// type fields with Row and DecodeField under an allocation budget: the new
// value is charged to it (a pair is 16 bytes), and one the budget cannot
// pay for stays nil and fails the decode with a limit error at the start
// of its field's octets, the field in its path, in place and in a copy.
func TestRow(t *testing.T) {
	type result struct {
		V   []*pair
		Err string
	}
	tests := []struct {
		name     string
		aligned  bool
		lead     int
		maxAlloc int
		in       string
		want     result
	}{
		{"paid for", true, 0, 16, "03 07 00 08", result{V: []*pair{{7, 8}}}},
		{"one byte short", true, 0, 15, "03 07 00 08", result{V: []*pair{nil},
			Err: "asn1: f at bit 8: pair: decode would allocate more than its limit"}},
		{"one byte short, after bits", true, 3, 15, "e0 03 07 00 08", result{V: []*pair{nil},
			Err: "asn1: f at bit 16: pair: decode would allocate more than its limit"}},
		{"one byte short, a copy (UNALIGNED, off an octet)", false, 1, 15, "81 83 82 00 00", result{V: []*pair{nil},
			Err: "asn1: f at bit 9: pair: decode would allocate more than its limit"}},
		{"the second not paid for", true, 0, 31, "03 07 00 08 03 09 00 0a", result{V: []*pair{{7, 8}, nil},
			Err: "asn1: f at bit 40: pair: decode would allocate more than its limit"}},
		{"both paid for", true, 0, 32, "03 07 00 08 03 09 00 0a", result{V: []*pair{{7, 8}, {9, 10}}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			in := unhex(t, tc.in)
			r := per.NewReader(in, tc.aligned, &per.Options{MaxAlloc: tc.maxAlloc})
			for range tc.lead {
				r.Bool("lead")
			}
			var got result
			for r.Err() == nil && r.Offset() < 8*len(in) {
				var raw []byte
				var v *pair
				at := r.OpenField(&raw, "f")
				r.DecodeField(&raw, at, per.Row(&r, &v, "pair"), "f")
				got.V = append(got.V, v)
			}
			if err := r.Err(); err != nil {
				got.Err = err.Error()
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// TestRowFailed checks that Row allocates nothing once the decode has
// failed, and that without a Reader (an encode) it gives the row's value,
// or a NoValue naming its type when the pointer is nil.
func TestRowFailed(t *testing.T) {
	r := per.NewReader([]byte{0}, true, nil)
	r.Int(0, 1<<16-1, false, "f") // 16 bits, 8 left
	if r.Err() == nil {
		t.Fatal("no error reading past the end")
	}
	var v *pair
	if got := per.Row(&r, &v, "pair"); got != nil || v != nil {
		t.Errorf("Row after an error: %v, value %v; want nil, nil", got, v)
	}

	if got := per.Row(nil, &v, "pair"); got != per.NoValue("pair") {
		t.Errorf("Row(nil) of a nil pointer: %#v, want NoValue(\"pair\")", got)
	}
	v = &pair{1, 2}
	if got := per.Row(nil, &v, "pair"); got != per.Value(v) {
		t.Errorf("Row(nil) of %p: %#v, want the pointer", v, got)
	}
}

// TestNew checks that New charges a new value to the allocation budget:
// two pairs (16 bytes each) within 40 bytes, a third not, which is nil and
// fails the decode with the limit error at the reader's position, the
// field in its path; after that New allocates nothing.
func TestNew(t *testing.T) {
	r := per.NewReader([]byte{0xff}, true, &per.Options{MaxAlloc: 40})
	r.Bool("lead")
	for i := range 2 {
		if v := per.New[pair](&r, "pair", "f"); v == nil || r.Err() != nil {
			t.Fatalf("New %d within the budget: %v, %v", i, v, r.Err())
		}
	}
	if v := per.New[pair](&r, "pair", "f"); v != nil {
		t.Errorf("New beyond the budget: %v, want nil", v)
	}
	const want = "asn1: f at bit 1: pair: decode would allocate more than its limit"
	if err := r.Err(); err == nil || err.Error() != want || !errors.Is(err, der.ErrLimit) {
		t.Errorf("New beyond the budget: error %v, want %s", err, want)
	}
	if v := per.New[pair](&r, "pair", "f"); v != nil {
		t.Errorf("New after an error: %v, want nil", v)
	}
}

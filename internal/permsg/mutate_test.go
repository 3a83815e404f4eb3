package permsg

import (
	"bytes"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestMutantsDeterministic: the mutants of an input are the same on every call, differ
// from the input, and differ from each other often enough to test
// something; an empty input has mutants too.
func TestMutantsDeterministic(t *testing.T) {
	in := []byte{0x00, 0x2a, 0x40, 0x80, 0xff, 0x12}
	a, b := Mutants(in, 500), Mutants(in, 500)
	if diff := cmp.Diff(a, b); diff != "" {
		t.Fatalf("two calls differ (-first +second):\n%s", diff)
	}
	distinct := map[string]bool{}
	for _, m := range a {
		if bytes.Equal(m, in) {
			continue
		}
		distinct[string(m)] = true
	}
	if len(distinct) < 200 {
		t.Errorf("%d distinct mutants of 500 that differ from the input", len(distinct))
	}
	if m := Mutants(nil, 3); len(m) != 3 || len(m[0]) == 0 {
		t.Errorf("mutants of no octets: %x", m)
	}
	if in[0] != 0x00 || in[5] != 0x12 {
		t.Errorf("input changed to %x", in)
	}
}

func TestShifts(t *testing.T) {
	tests := []struct {
		name string
		got  []byte
		want []byte
	}{
		{"a one inserted at 0", shiftIn([]byte{0x80}, 0, true), []byte{0xc0}},
		{"a zero inserted, a zero pushed out", shiftIn([]byte{0xf0}, 4, false), []byte{0xf0}},
		{"a one pushed out", shiftIn([]byte{0x01}, 0, false), []byte{0x00, 0x80}},
		{"a bit deleted at 1", shiftOut([]byte{0x40, 0x80}, 1), []byte{0x01, 0x00}},
		{"the last bit deleted", shiftOut([]byte{0xff}, 7), []byte{0xfe}},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, tt.got); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tt.name, diff)
		}
	}
}

func TestPaddingOnly(t *testing.T) {
	tests := []struct {
		name    string
		in, out []byte
		want    bool
	}{
		{"equal", []byte{0xa0}, []byte{0xa0}, true},
		{"the last bits set", []byte{0xa3}, []byte{0xa0}, true},
		{"padding in two octets", []byte{0x81, 0x47}, []byte{0x80, 0x40}, true},
		// The padding of an open type in UPER that ends mid-octet: a
		// mutant of UE-NR-Capability (TestMutantRoundTrip in nrrrc) whose
		// v1540 band combinations became a bit shorter.
		{"padding that ends inside an octet", []byte{0x8f}, []byte{0x0f}, true},
		{"a bit the input clears", []byte{0xa0}, []byte{0xa1}, false},
		{"bits both ways", []byte{0x81}, []byte{0x82}, false},
		{"other lengths", []byte{0xa0, 0x00}, []byte{0xa0}, false},
	}
	for _, tt := range tests {
		if got := paddingOnly(tt.in, tt.out); got != tt.want {
			t.Errorf("%s: paddingOnly(%x, %x) = %v, want %v", tt.name, tt.in, tt.out, got, tt.want)
		}
	}
}

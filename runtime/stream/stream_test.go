package stream

import (
	"bytes"
	"errors"
	"testing"

	"github.com/asn1gen/asn1gen/runtime/der"
)

// TestNest checks the nesting prefix: a reader over it, once it has
// entered the headers, reads the octets after it at the depth asked for,
// so that MaxDepth counts as in the whole decode.
func TestNest(t *testing.T) {
	part := bytes.Repeat([]byte{0x04, 0x00}, 100) // 100 empty OCTET STRINGs
	for _, depth := range []int{0, 1, 2, 5, 63} {
		room := nestRoom(depth)
		b := append(make([]byte, room), part...)
		start := nest(b, room, depth)
		s := &Reader{}
		root, r := s.open(b, start, depth)
		n := 0
		for !r.Empty() {
			if _, _, err := r.ReadPrimitive(der.TagOctetString, "OCTET STRING"); err != nil {
				t.Fatalf("depth %d: %v", depth, err)
			}
			n++
		}
		if n != 100 || r.Offset() != len(b)-start {
			t.Errorf("depth %d: %d elements, ending at %d of %d", depth, n, r.Offset(), len(b)-start)
		}
		root.Release()
	}
	// At the limit: a constructed element inside depth MaxDepth fails as
	// in the whole decode.
	deep := []byte{0x30, 0x00}
	room := nestRoom(der.DefaultMaxDepth)
	b := append(make([]byte, room), deep...)
	s := &Reader{}
	root, r := s.open(b, nest(b, room, der.DefaultMaxDepth), der.DefaultMaxDepth)
	defer root.Release()
	if _, err := r.ReadConstructed(der.TagSequence, "SEQUENCE"); !errors.Is(err, der.ErrLimit) {
		t.Errorf("a SEQUENCE at depth %d: %v, want a limit error", der.DefaultMaxDepth, err)
	}
}

// TestCompareSetOf checks the X.690 11.6 order: octet strings, the
// shorter padded with zeros.
func TestCompareSetOf(t *testing.T) {
	for _, tt := range []struct {
		a, b string
		want int
	}{
		{"\x01", "\x02", -1},
		{"\x01\x00", "\x01", 0},
		{"\x01", "\x01\x01", -1},
		{"\x02", "\x01\xff", 1},
	} {
		if got := compareSetOf([]byte(tt.a), []byte(tt.b)); got != tt.want {
			t.Errorf("compareSetOf(%x, %x) = %d, want %d", tt.a, tt.b, got, tt.want)
		}
	}
}

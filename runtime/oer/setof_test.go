package oer

import (
	"errors"
	"testing"

	"github.com/asn1gen/asn1gen/runtime/der"
	"github.com/google/go-cmp/cmp"
)

// TestSetOfOrder: the Writer puts the elements of a SET OF in ascending
// order of their encodings, the shorter padded with 0 octets (X.696 19),
// and a canonical Reader rejects any other order at the first element out
// of it; a basic one takes every order.
func TestSetOfOrder(t *testing.T) {
	for _, c := range []struct {
		name  string
		elems [][]byte
		want  []byte
		// bad is the element a canonical Reader rejects, -1 for none.
		bad int
	}{
		{"none", nil, nil, -1},
		{"one", [][]byte{{9}}, []byte{9}, -1},
		{"sorted", [][]byte{{1}, {2, 0}, {3}}, []byte{1, 2, 0, 3}, -1},
		{"reversed", [][]byte{{3}, {2}, {1}}, []byte{1, 2, 3}, 1},
		{"prefix", [][]byte{{1, 5}, {1}}, []byte{1, 1, 5}, 1},
		// Equal once padded: either order is ascending; the Writer puts
		// the shorter first.
		{"zero padding ties by length", [][]byte{{1, 0}, {1}}, []byte{1, 1, 0}, -1},
		{"zero padding", [][]byte{{1, 0, 1}, {1, 0}}, []byte{1, 0, 1, 0, 1}, 1},
		{"equal", [][]byte{{4, 4}, {4, 4}, {0}}, []byte{0, 4, 4, 4, 4}, 2},
	} {
		w := NewWriter([]byte{0xaa})
		w.buf = append(w.buf, 0xbb) // what comes before the elements stays
		m := w.BeginSetOf(len(c.elems))
		for _, e := range c.elems {
			w.buf = append(w.buf, e...)
			w.EndElement(&m)
		}
		w.EndSetOf(&m)
		if diff := cmp.Diff(append([]byte{0xbb}, c.want...), w.Bytes()); diff != "" {
			t.Errorf("%s: written (-want +got):\n%s", c.name, diff)
		}
		// The sorted octets read back in canonical order; the given
		// ones, if not sorted, fail at the first element out of order.
		for _, canonical := range []bool{false, true} {
			var in []byte
			for _, e := range c.elems {
				in = append(in, e...)
			}
			r := NewReader(append([]byte{0xbb}, in...), &Options{Canonical: canonical})
			r.pos = 1
			o := r.BeginSetOf()
			bad := -1
			for i, e := range c.elems {
				r.pos += len(e)
				r.InOrder(&o, "T")
				if r.Err() != nil && bad < 0 {
					bad = i
				}
			}
			want := c.bad
			if !canonical {
				want = -1
			}
			if bad != want {
				t.Errorf("%s: canonical %v: rejected element %d, want %d (%v)", c.name, canonical, bad, want, r.Err())
				continue
			}
			var de *der.Error
			if err := r.Err(); err != nil {
				at := 1
				for _, e := range c.elems[:bad] {
					at += len(e)
				}
				if !errors.As(err, &de) || de.Kind != der.KindNonCanonical || de.Offset != at {
					t.Errorf("%s: %v, want a KindNonCanonical error at %d", c.name, err, at)
				}
			}
		}
	}
}

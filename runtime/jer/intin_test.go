package jer

import (
	"errors"
	"testing"

	"github.com/asn1gen/asn1gen/runtime/der"
	"github.com/google/go-cmp/cmp"
)

// TestIntIn checks a value set with gaps, INTEGER (1 | 3 | 7..9): a value
// in the gaps is refused at its byte offset with the field on decode,
// and on encode.
func TestIntIn(t *testing.T) {
	set := []int64{1, 1, 3, 3, 7, 9}
	type result struct {
		V    int64
		Kind der.Kind
		At   int
		Path string
	}
	for _, tc := range []struct {
		in   string
		want result
	}{
		{"1", result{V: 1}},
		{" 8", result{V: 8}},
		{" 2", result{Kind: der.KindConstraint, At: 1, Path: "n"}},
		{"10", result{Kind: der.KindConstraint, At: 0, Path: "n"}},
	} {
		r := NewReader([]byte(tc.in), nil)
		got := result{V: r.IntIn("n", set...)}
		if err := r.Err(); err != nil {
			var e *der.Error
			if !errors.As(err, &e) {
				t.Fatalf("%s: %v", tc.in, err)
			}
			got = result{Kind: e.Kind, At: e.Offset, Path: e.Path()}
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%q (-want +got):\n%s", tc.in, diff)
		}
	}
	for _, v := range []int64{1, 3, 7, 9} {
		var w Writer
		if w.IntIn(v, "n", set...); w.Err() != nil {
			t.Errorf("IntIn(%d): %v", v, w.Err())
		}
	}
	for _, v := range []int64{0, 2, 6, 10} {
		var w Writer
		if w.IntIn(v, "n", set...); !errors.Is(w.Err(), der.ErrConstraint) {
			t.Errorf("IntIn(%d): %v, want a constraint error", v, w.Err())
		}
	}
}

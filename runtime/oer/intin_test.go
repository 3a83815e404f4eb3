package oer_test

import (
	"errors"
	"testing"

	"github.com/asn1gen/asn1gen/runtime/der"
	"github.com/asn1gen/asn1gen/runtime/oer"
	"github.com/google/go-cmp/cmp"
)

// TestIntIn checks a value set with gaps, INTEGER (1 | 3 | 7..9): one
// octet by its hull 1..9 (X.696 10.2), a value in the gaps refused at its
// octet with the field on decode, and on encode.
func TestIntIn(t *testing.T) {
	set := []int64{1, 1, 3, 3, 7, 9}
	type result struct {
		V    int64
		Kind der.Kind
		At   int
		Path string
	}
	for _, tc := range []struct {
		in   string // after an octet 00 that is not read
		want result
	}{
		{"01", result{V: 1}},
		{"03", result{V: 3}},
		{"08", result{V: 8}},
		{"02", result{Kind: der.KindConstraint, At: 1, Path: "n"}},
		{"06", result{Kind: der.KindConstraint, At: 1, Path: "n"}},
		{"0a", result{Kind: der.KindConstraint, At: 1, Path: "n"}},
	} {
		b := unhex(t, "00"+tc.in)
		r := oer.NewReader(b, nil)
		r.ReadBool()
		v := r.IntIn("n", set...)
		got := result{V: v}
		if err := r.Err(); err != nil {
			var e *der.Error
			if !errors.As(err, &e) {
				t.Fatalf("%s: %v", tc.in, err)
			}
			got = result{Kind: e.Kind, At: e.Offset, Path: e.Path()}
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tc.in, diff)
		}
		w := oer.NewWriter(nil)
		err := w.WriteIntIn(int64(b[1]), set...)
		if (err == nil) != (tc.want.Kind == 0) {
			t.Errorf("WriteIntIn(%d): %v", b[1], err)
		}
		if err == nil && string(w.Bytes()) != string(b[1:]) {
			t.Errorf("WriteIntIn(%d) = %x", b[1], w.Bytes())
		}
	}
}

package der_test

import (
	"errors"
	"io"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/asn1gen/asn1gen/runtime/der"
)

// TestLocate checks the place Locate and Rebase give the errors of the
// helpers beside generated code: the offset in the caller's input and a
// field path, the error underneath kept for errors.Is.
func TestLocate(t *testing.T) {
	type place struct {
		Path   string
		Offset int
		Kind   der.Kind
		Text   string
	}
	placeOf := func(err error) place {
		var e *der.Error
		if !errors.As(err, &e) {
			return place{Text: "not a *der.Error: " + err.Error()}
		}
		return place{e.Path(), e.Offset, e.Kind, err.Error()}
	}
	in := []byte("0123456789")
	part := in[4:8]
	tests := []struct {
		name string
		err  error
		want place
	}{
		{"another error", der.Locate(io.ErrUnexpectedEOF, der.KindTruncated, 7, "PFX.macData"),
			place{"PFX.macData", 7, der.KindTruncated, "asn1: PFX.macData at offset 7: unexpected EOF"}},
		{"an error without offset", der.Locate(der.NewError(der.KindInvalidValue, -1, "INTEGER", "bad", ""), der.KindLimit, 3, "a"),
			place{"a", 3, der.KindInvalidValue, "asn1: a at offset 3: INTEGER: bad"}},
		{"an error with one", der.Locate(der.WithField(der.NewError(der.KindInvalidValue, 2, "", "bad", ""), "b"), der.KindLimit, 3, "a"),
			place{"a.b", 2, der.KindInvalidValue, "asn1: a.b at offset 2: bad"}},
		{"rebased from a part of the input", der.Rebase(der.NewError(der.KindMalformed, 1, "", "x", ""), in, part, 9),
			place{"", 5, der.KindMalformed, "asn1: at offset 5: x"}},
		{"rebased from a copy", der.Rebase(der.NewError(der.KindMalformed, 1, "", "x", ""), in, []byte("4567"), 9),
			place{"", 9, der.KindMalformed, "asn1: at offset 9: x"}},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, placeOf(tt.err)); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tt.name, diff)
		}
	}
	if err := der.Locate(io.ErrUnexpectedEOF, der.KindTruncated, 0, ""); !errors.Is(err, io.ErrUnexpectedEOF) || !errors.Is(err, der.ErrTruncated) {
		t.Errorf("%v: errors.Is finds neither the error underneath nor the kind", err)
	}
	if der.Locate(nil, der.KindTruncated, 0, "x") != nil {
		t.Error("Locate(nil) is not nil")
	}
	for _, tt := range []struct {
		part []byte
		off  int
		ok   bool
	}{{part, 4, true}, {in[:0], 0, false}, {[]byte("4567"), 0, false}, {in[9:], 9, true}} {
		if off, ok := der.OffsetIn(in, tt.part); off != tt.off || ok != tt.ok {
			t.Errorf("OffsetIn(%q) = %d, %v; want %d, %v", tt.part, off, ok, tt.off, tt.ok)
		}
	}
}

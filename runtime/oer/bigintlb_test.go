package oer_test

import (
	"bytes"
	"errors"
	"testing"

	"github.com/asn1gen/asn1gen/runtime/der"
	"github.com/asn1gen/asn1gen/runtime/oer"
)

// TestBigIntLb writes and reads INTEGERs with a lower bound and no upper
// one, held as big.Int (X.696 10.4): a length determinant, then the
// fewest octets of the value, unsigned when the bound is >= 0, two's
// complement otherwise; a value below the bound is refused both ways.
func TestBigIntLb(t *testing.T) {
	for _, c := range []struct {
		lb  int64
		v   string
		hex string
	}{
		{1, "1", "01 01"},
		{1, "1000", "02 03 e8"}, // 0x03e8
		{1000, "255", ""},       // below the bound
		{1, "18446744073709551616", "09 01 00 00 00 00 00 00 00 00"}, // 2^64, beyond int64
		{-5, "-1", "01 ff"},     // signed: the bound is negative
		{-5, "128", "02 00 80"}, // signed: 0x80 needs a leading 00
		{-5, "-6", ""},
	} {
		z := bigOf(c.v)
		var w oer.Writer
		err := w.WriteBigIntLb(z, c.lb)
		if c.hex == "" {
			if !errors.Is(err, der.ErrConstraint) {
				t.Errorf("WriteBigIntLb(%s, %d): %v, want a constraint error", c.v, c.lb, err)
			}
			continue
		}
		want := unhex(t, c.hex)
		if err != nil || !bytes.Equal(w.Bytes(), want) {
			t.Errorf("WriteBigIntLb(%s, %d) = % x, %v; want % x", c.v, c.lb, w.Bytes(), err, want)
			continue
		}
		r := oer.NewReader(want, &oer.Options{Canonical: true})
		if got, err := r.ReadBigIntLb(c.lb); err != nil || got.Cmp(z) != 0 || r.Left() != 0 {
			t.Errorf("ReadBigIntLb(% x, %d) = %v, %v; want %s", want, c.lb, got, err, c.v)
		}
	}
	// Below the bound on the way in: located at the length determinant.
	r := oer.NewReader(unhex(t, "01 00"), nil)
	if z := r.BigIntLb(1, "n"); z != nil {
		t.Errorf("BigIntLb(1) of 0 = %v, want nil", z)
	}
	errorAt(t, "0 for (1..MAX)", r.Err(), der.KindConstraint, 0)
}

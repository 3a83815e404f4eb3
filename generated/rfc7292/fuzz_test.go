package rfc7292_test

import (
	"bytes"
	"encoding/pem"
	"errors"
	"os"
	"testing"

	"github.com/asn1gen/asn1gen/generated/rfc7292"
	"github.com/asn1gen/asn1gen/runtime"
)

// seed adds the DER of a testdata file (PEM decoded) to the corpus of f.
func seed(f *testing.F, name string) {
	b, err := os.ReadFile("testdata/" + name)
	if err != nil {
		f.Fatal(err)
	}
	if blk, _ := pem.Decode(b); blk != nil {
		b = blk.Bytes
	}
	f.Add(b)
}

// FuzzPFX: decoding never panics, in DER, BER and tolerant modes; a
// strict decode re-encodes to its input; a BER decode re-encodes to DER
// that decodes strictly but for DER forms kept as received.
func FuzzPFX(f *testing.F) {
	seed(f, "no_encryption.p12")
	f.Fuzz(func(t *testing.T, b []byte) {
		fuzzRoundTrip(t, b, func() value { return new(rfc7292.PFX) })
	})
}

type value interface {
	UnmarshalDER([]byte) error
	UnmarshalWith([]byte, *runtime.Options) error
	MarshalDER() ([]byte, error)
}

func fuzzRoundTrip(t *testing.T, b []byte, newValue func() value) {
	_ = newValue().UnmarshalWith(b, &runtime.Options{Tolerate: runtime.TolerateX509})
	if ber := newValue(); ber.UnmarshalWith(b, &runtime.Options{BER: true}) == nil {
		out, err := ber.MarshalDER()
		if err == nil {
			// The DER written from a BER decode decodes strictly, unless
			// it holds a value DER cannot write as received (a named bit
			// list with trailing zeros, an explicit DEFAULT).
			if err := newValue().UnmarshalDER(out); err != nil && !tolerated(err) {
				t.Fatalf("DER from a BER decode does not decode: %v\n in %x\nout %x", err, b, out)
			}
		}
	}
	v := newValue()
	if v.UnmarshalDER(b) != nil {
		return
	}
	out, err := v.MarshalDER()
	if err != nil {
		t.Fatalf("MarshalDER after a strict decode: %v", err)
	}
	if !bytes.Equal(out, b) {
		t.Fatalf("re-encoding differs:\n in %x\nout %x", b, out)
	}
}

// tolerated reports whether a strict decode of what a BER decode
// re-encoded fails only on a DER form: values kept as received (named bits
// with trailing zeros, an explicit DEFAULT, a non-minimal INTEGER, raw
// elements whose BER a schema-blind normalizer cannot fix). Any other kind
// of error means the encoder wrote something invalid.
func tolerated(err error) bool {
	var e *runtime.Error
	return errors.As(err, &e) && e.Kind == runtime.KindNonCanonical
}

// Package roundtrip holds the property the fuzz targets of the generated
// packages check on every input: decoding never panics (DER, BER,
// tolerant), a strict decode re-encodes to its input, and what a BER
// decode re-encodes decodes strictly but for DER forms kept as received.
package roundtrip

import (
	"bytes"
	"encoding/pem"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/asn1gen/asn1gen/runtime/der"
)

// Value is what every generated type implements.
type Value interface {
	UnmarshalDER([]byte) error
	UnmarshalWith([]byte, *der.Options) error
	MarshalDER() ([]byte, error)
}

// Seed adds the DER of testdata/name (PEM decoded) to the corpus of f.
func Seed(f *testing.F, name string) {
	f.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		f.Fatal(err)
	}
	if blk, _ := pem.Decode(b); blk != nil {
		b = blk.Bytes
	}
	f.Add(b)
}

// Check checks the property on b, with values made by newValue; tolerant
// are the options of the tolerant decode (e.g. rfc5280.X509Options()).
func Check(t *testing.T, b []byte, newValue func() Value, tolerant *der.Options) {
	t.Helper()
	_ = newValue().UnmarshalWith(b, tolerant)
	if ber := newValue(); ber.UnmarshalWith(b, &der.Options{BER: true}) == nil {
		if out, err := ber.MarshalDER(); err == nil {
			if err := newValue().UnmarshalDER(out); err != nil && !keptForm(err) {
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

// keptForm reports whether a strict decode of what a BER decode
// re-encoded fails only on a DER form: values kept as received (a
// non-minimal INTEGER, raw elements whose BER a schema-blind normalizer
// cannot fix). Any other kind of error means the encoder wrote something
// invalid.
func keptForm(err error) bool {
	var e *der.Error
	return errors.As(err, &e) && e.Kind == der.KindNonCanonical
}

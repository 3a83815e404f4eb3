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

// Check checks the property on b for values of the generated type T;
// tolerant are the options of the tolerant decode (e.g.
// rfc5280.X509Options()).
func Check[T any, P interface {
	*T
	der.Value
}](t *testing.T, b []byte, tolerant *der.Options) {
	t.Helper()
	_ = der.Unmarshal(b, P(new(T)), tolerant)
	if ber := P(new(T)); der.Unmarshal(b, ber, &der.Options{BER: true}) == nil {
		if out, err := der.Marshal(ber, nil); err == nil {
			if err := der.Unmarshal(out, P(new(T)), nil); err != nil && !keptForm(err) {
				t.Fatalf("DER from a BER decode does not decode: %v\n in %x\nout %x", err, b, out)
			}
		}
	}
	v := P(new(T))
	if der.Unmarshal(b, v, nil) != nil {
		return
	}
	out, err := der.Marshal(v, nil)
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

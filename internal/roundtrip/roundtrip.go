// Package roundtrip holds the properties the fuzz targets and corpus tests
// of the generated packages check on every input: decoding never panics
// (DER, BER, tolerant), a strict decode re-encodes to its input, what a
// BER decode re-encodes decodes strictly but for DER forms kept as
// received, and the decoders agree (Differential).
package roundtrip

import (
	"bytes"
	"encoding/pem"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/asn1gen/asn1gen/runtime/der"
	"github.com/asn1gen/asn1gen/runtime/tree"
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
	if err := Differential[T, P](b); err != nil {
		t.Fatal(err)
	}
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

// Result says which decoders accepted an input (Differential).
type Result struct {
	DER, BER bool // the typed decode, strict and in BER mode
	// Normalized: NormalizeBER's output (of an input BER accepts)
	// decoded strictly.
	Normalized bool
}

// Differential checks on b that the decoders agree, for values of the
// generated type T, and returns the first disagreement:
//
//   - a strict typed decode accepts b ⇒ a BER typed decode accepts it
//     with an equal value ⇒ the generic tree decoder accepts it in DER
//     mode (tree.Parse with nil options): a successful strict decode
//     means that the whole input is DER;
//   - a BER typed decode accepts b ⇒ tree.NormalizeBER accepts it, and
//     its output decodes strictly to an equal value (whose DER is that
//     output), unless the strict decode fails on a DER rule that needs the
//     schema (KindNonCanonical: a DEFAULT value encoded, SET OF order,
//     named bits, time forms, a non-minimal INTEGER) or on a BER form
//     inside the contents of a primitive element, which no schema-less
//     normalizer looks into (an OCTET STRING that contains an encoding).
//
// Equal values have equal DER encodings (X.690 clause 10: one encoding per
// value); a strict and a BER decode of the same DER input are compared
// field by field.
func Differential[T any, P interface {
	*T
	der.Value
}](b []byte) error {
	_, err := DifferentialResult[T, P](b)
	return err
}

// DifferentialResult is Differential, also saying which decoders
// accepted b.
func DifferentialResult[T any, P interface {
	*T
	der.Value
}](b []byte) (Result, error) {
	var res Result
	strict, ber := P(new(T)), P(new(T))
	res.DER = der.Unmarshal(b, strict, nil) == nil
	berErr := der.Unmarshal(b, ber, &der.Options{BER: true})
	res.BER = berErr == nil
	if res.DER {
		if berErr != nil {
			return res, fmt.Errorf("strict DER accepts, BER rejects: %v\n in %x", berErr, b)
		}
		if !reflect.DeepEqual(strict, ber) { // (cmp.Diff takes seconds on a CRL of 100,000 entries)
			diff := cmp.Diff(strict, ber, cmp.Exporter(func(reflect.Type) bool { return true }))
			return res, fmt.Errorf("strict DER and BER decode to different values (-DER +BER):\n%s\n in %x", diff, b)
		}
		if _, err := tree.Parse(b, nil); err != nil {
			return res, fmt.Errorf("strict DER accepts, the tree decoder in DER mode rejects: %v\n in %x", err, b)
		}
	}
	if !res.BER {
		return res, nil
	}
	n, err := tree.NormalizeBER(b, nil)
	if err != nil {
		return res, fmt.Errorf("BER accepts, NormalizeBER rejects: %v\n in %x", err, b)
	}
	norm := P(new(T))
	if err := der.Unmarshal(n, norm, nil); err != nil {
		if !schemaRule(n, err) {
			return res, fmt.Errorf("BER accepts, its normalization does not decode strictly: %v\n in %x\nout %x", err, b, n)
		}
		return res, nil
	}
	res.Normalized = true
	enc, err := der.Marshal(ber, nil)
	if err != nil || !bytes.Equal(enc, n) {
		return res, fmt.Errorf("the normalization of a BER input decodes to another value: DER of the BER decode %x, %v\n in %x\nout %x", enc, err, b, n)
	}
	return res, nil
}

// schemaRule reports whether err, the strict decode's error on n (the
// output of NormalizeBER), breaks only a DER rule a normalizer without the
// schema cannot apply: KindNonCanonical, and for the forms it does fix
// (lengths, constructed strings: X.690 10.1, 10.2), only inside the
// contents of a primitive element or under an IMPLICIT tag.
func schemaRule(n []byte, err error) bool {
	var e *der.Error
	if !errors.As(err, &e) || e.Kind != der.KindNonCanonical {
		return false
	}
	if e.Rule != "X.690 10.1" && e.Rule != "X.690 10.2" {
		return true
	}
	root, perr := tree.Parse(n, nil)
	if perr != nil {
		return false
	}
	for nd := root; ; {
		switch {
		case nd.Offset == e.Offset && nd.Constructed && nd.Tag.Class() != der.ClassUniversal:
			return e.Rule == "X.690 10.2" // a string under an IMPLICIT tag
		case !nd.Constructed:
			return e.Offset >= nd.Offset+nd.HeaderLen // inside contents octets
		}
		next := (*tree.Node)(nil)
		for i := range nd.Children {
			if c := &nd.Children[i]; e.Offset >= c.Offset && e.Offset < c.Offset+c.HeaderLen+c.Length {
				next = c
			}
		}
		if next == nil {
			return false
		}
		nd = next
	}
}

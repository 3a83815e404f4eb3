package ts102941_test

import (
	"bytes"
	"errors"
	"testing"

	"github.com/asn1gen/asn1gen/generated/ts102941"
	"github.com/asn1gen/asn1gen/runtime/der"
	"github.com/asn1gen/asn1gen/runtime/oer"
)

// FuzzEtsiTs102941Data decodes TS 102 941 messages (EtsiTs102941Data of
// EtsiTs102941MessagesCa) in OER, seeded with the EU trust list's
// payload: decoding never panics, every error is a *der.Error located in
// the input, a strict (CANONICAL-OER) decode re-encodes to its input, and
// a BASIC-OER decode to an encoding that decodes strictly to the same
// octets again.
func FuzzEtsiTs102941Data(f *testing.F) {
	f.Add(ectl(f))
	f.Fuzz(func(t *testing.T, b []byte) {
		var basic ts102941.EtsiTs102941MessagesCa_EtsiTs102941Data
		if err := oer.Unmarshal(b, &basic, nil); err != nil {
			located(t, err, len(b))
		} else {
			out, err := oer.Marshal(&basic)
			if err != nil {
				t.Fatalf("re-encoding a BASIC-OER decode: %v", err)
			}
			var again ts102941.EtsiTs102941MessagesCa_EtsiTs102941Data
			if err := oer.Unmarshal(out, &again, &oer.Options{Canonical: true}); err != nil {
				t.Fatalf("the encoding of a BASIC-OER decode is not canonical: %v", err)
			}
			if out2, err := oer.Marshal(&again); err != nil || !bytes.Equal(out, out2) {
				t.Fatalf("re-encoding differs: % x, %v; want % x", out2, err, out)
			}
		}
		var v ts102941.EtsiTs102941MessagesCa_EtsiTs102941Data
		if err := oer.Unmarshal(b, &v, &oer.Options{Canonical: true}); err != nil {
			located(t, err, len(b))
			return
		}
		if out, err := oer.Marshal(&v); err != nil || !bytes.Equal(out, b) {
			t.Fatalf("a canonical decode re-encodes to % x, %v; want % x", out, err, b)
		}
	})
}

// located fails t unless err is a *der.Error at an octet offset within
// the n octets of the input.
func located(t *testing.T, err error, n int) {
	t.Helper()
	var e *der.Error
	if !errors.As(err, &e) || e.Bits || e.Offset < 0 || e.Offset > n {
		t.Fatalf("error not located in the %d octets of the input: %v", n, err)
	}
}

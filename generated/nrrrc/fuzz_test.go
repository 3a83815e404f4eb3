package nrrrc_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/asn1gen/asn1gen/generated/nrrrc"
	"github.com/asn1gen/asn1gen/internal/permsg"
)

// FuzzDLDCCHMessage and FuzzULDCCHMessage decode arbitrary input as the
// top-level RRC messages of the dedicated control channel (UPER), seeded
// with the real messages of testdata/per/nr-rrc.txt.
func FuzzDLDCCHMessage(f *testing.F) {
	fuzzUPER(f, "DL-DCCH-Message", func() *nrrrc.DLDCCHMessage { return new(nrrrc.DLDCCHMessage) })
}

func FuzzULDCCHMessage(f *testing.F) {
	fuzzUPER(f, "UL-DCCH-Message", func() *nrrrc.ULDCCHMessage { return new(nrrrc.ULDCCHMessage) })
}

// fuzzUPER checks that a decode never panics, that its every error is a
// *der.Error located in bits within the input and, but for the octets
// after a whole value, by a field path, and that what decodes re-encodes
// to bits that decode to the same value and re-encode identically.
func fuzzUPER[T any, P interface {
	*T
	uperValue
}](f *testing.F, typ string, mk func() P) {
	for _, m := range permsg.MustRead(f, messagesFile) {
		if m.Type == typ {
			f.Add(m.Bytes)
		}
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		v := mk()
		if err := v.UnmarshalUPER(b); err != nil {
			if err := permsg.Located(err, len(b)); err != nil {
				t.Fatal(err)
			}
			return
		}
		b2, err := v.MarshalUPER()
		if err != nil {
			t.Fatalf("decoded, but MarshalUPER: %v", err)
		}
		v2 := mk()
		if err := v2.UnmarshalUPER(b2); err != nil {
			t.Fatalf("re-encoded % x, which does not decode: %v", b2, err)
		}
		if diff := cmp.Diff(v, v2); diff != "" {
			t.Fatalf("re-encoded value differs (-decoded +re-decoded):\n%s", diff)
		}
		b3, err := v2.MarshalUPER()
		if err != nil || string(b3) != string(b2) {
			t.Fatalf("second re-encoding % x (%v), first % x", b3, err, b2)
		}
	})
}

package ngap

import (
	"bytes"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/asn1gen/asn1gen/internal/permsg"
)

// FuzzNGAPPDU decodes NGAP-PDUs in ALIGNED PER, seeded with the real
// messages of testdata/per/ngap.txt: decoding never panics; every error
// is a *der.Error counting bits, at an offset within the input, and names
// the field it is in (or, before the first field, the type; octets after
// the message name neither); what decodes encodes again, and that decodes
// to the same value.
func FuzzNGAPPDU(f *testing.F) {
	for _, m := range permsg.MustRead(f, messagesFile) {
		f.Add(m.Bytes)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		var v NGAPPDU
		if err := v.UnmarshalAPER(b); err != nil {
			if err := permsg.Located(err, len(b)); err != nil {
				t.Fatal(err)
			}
			return
		}
		out, err := v.MarshalAPER()
		if err != nil {
			t.Fatalf("re-encoding a decoded value: %v", err)
		}
		var again NGAPPDU
		if err := again.UnmarshalAPER(out); err != nil {
			t.Fatalf("decoding the re-encoding %x of %x: %v", out, b, err)
		}
		if diff := cmp.Diff(v, again, permsg.TypedRaw); diff != "" {
			t.Fatalf("decoding the re-encoding (-first +second):\n%s", diff)
		}
		if out2, err := again.MarshalAPER(); err != nil || !bytes.Equal(out2, out) {
			t.Fatalf("re-encoding %x encodes to %x, %v", out, out2, err)
		}
	})
}

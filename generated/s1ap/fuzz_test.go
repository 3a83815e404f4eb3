package s1ap

import (
	"bytes"
	"errors"
	"testing"

	"github.com/asn1gen/asn1gen/runtime/der"
	"github.com/google/go-cmp/cmp"
)

// FuzzS1APPDU decodes S1AP-PDUs in ALIGNED PER, seeded with the real
// messages of testdata/per/s1ap.txt: decoding never panics; every error
// is a *der.Error counting bits, at an offset within the input, and names
// the field it is in (or, before the first field, the type; octets after
// the message name neither); what decodes encodes again, and that decodes
// to the same value.
func FuzzS1APPDU(f *testing.F) {
	for _, m := range readMessages(f, messagesFile) {
		f.Add(m.b)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		var v S1APPDU
		if err := v.UnmarshalAPER(b); err != nil {
			var e *der.Error
			if !errors.As(err, &e) {
				t.Fatalf("error not a *der.Error: %v", err)
			}
			if !e.Bits || e.Offset < 0 || e.Offset > 8*max(len(b), 1) {
				t.Fatalf("error not located in the %d octets of the input: %v", len(b), err)
			}
			if e.Path() == "" && e.Type == "" && e.Kind != der.KindTrailingData { // octets after the whole message
				t.Fatalf("error names neither a field nor a type: %v", err)
			}
			return
		}
		out, err := v.MarshalAPER()
		if err != nil {
			t.Fatalf("re-encoding a decoded value: %v", err)
		}
		var again S1APPDU
		if err := again.UnmarshalAPER(out); err != nil {
			t.Fatalf("decoding the re-encoding %x of %x: %v", out, b, err)
		}
		if diff := cmp.Diff(v, again, typedRaw); diff != "" {
			t.Fatalf("decoding the re-encoding (-first +second):\n%s", diff)
		}
		if out2, err := again.MarshalAPER(); err != nil || !bytes.Equal(out2, out) {
			t.Fatalf("re-encoding %x encodes to %x, %v", out, out2, err)
		}
	})
}

// typedRaw leaves out of the comparison the Raw of a union whose Kind
// selects a typed value: the octets received, whose padding bits a decode
// ignores (X.691 11.1) and an encode writes as zeros.
var typedRaw = cmp.FilterPath(func(p cmp.Path) bool {
	sf, ok := p.Last().(cmp.StructField)
	if !ok || sf.Name() != "Raw" || len(p) < 2 {
		return false
	}
	x, y := p.Index(-2).Values()
	return x.IsValid() && y.IsValid() && x.FieldByName("Kind").Int() != 0 && y.FieldByName("Kind").Int() != 0
}, cmp.Ignore())

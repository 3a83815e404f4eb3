package s1ap

import (
	"testing"

	"github.com/asn1gen/asn1gen/internal/permsg"
)

// FuzzS1APPDU decodes S1AP-PDUs in ALIGNED PER, seeded with the real
// messages of testdata/per/s1ap.txt: decoding never panics; every error
// is a *der.Error counting bits, at an offset within the input, and names
// the field it is in (or, before the first field, the type; octets after
// the message name neither); what decodes encodes again, and that decodes
// to the same value.
func FuzzS1APPDU(f *testing.F) {
	for _, m := range permsg.MustRead(f, messagesFile) {
		f.Add(m.Bytes)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		permsg.Fuzz(t, b, permsg.Codec[S1APPDU]{Unmarshal: (*S1APPDU).UnmarshalAPER, Marshal: (*S1APPDU).MarshalAPER})
	})
}

package ngap

import (
	"testing"

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
		permsg.Fuzz(t, b, permsg.Codec[NGAPPDU]{Unmarshal: (*NGAPPDU).UnmarshalAPER, Marshal: (*NGAPPDU).MarshalAPER})
	})
}

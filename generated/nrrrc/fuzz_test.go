package nrrrc_test

import (
	"testing"

	"github.com/asn1gen/asn1gen/generated/nrrrc"
	"github.com/asn1gen/asn1gen/internal/permsg"
)

// FuzzDLDCCHMessage and FuzzULDCCHMessage decode arbitrary input as the
// top-level RRC messages of the dedicated control channel (UPER), seeded
// with the real messages of testdata/per/nr-rrc.txt.
func FuzzDLDCCHMessage(f *testing.F) {
	fuzzUPER(f, "DL-DCCH-Message", permsg.Codec[nrrrc.DLDCCHMessage]{Unmarshal: (*nrrrc.DLDCCHMessage).UnmarshalUPER, Marshal: (*nrrrc.DLDCCHMessage).MarshalUPER})
}

func FuzzULDCCHMessage(f *testing.F) {
	fuzzUPER(f, "UL-DCCH-Message", permsg.Codec[nrrrc.ULDCCHMessage]{Unmarshal: (*nrrrc.ULDCCHMessage).UnmarshalUPER, Marshal: (*nrrrc.ULDCCHMessage).MarshalUPER})
}

// fuzzUPER checks that a decode never panics, that its every error is
// located, and that what decodes re-encodes to bits that decode to the
// same value and re-encode identically (permsg.Fuzz); the seeds are the
// real messages of type typ.
func fuzzUPER[T any](f *testing.F, typ string, c permsg.Codec[T]) {
	for _, m := range permsg.MustRead(f, messagesFile) {
		if m.Type == typ {
			f.Add(m.Bytes)
		}
	}
	f.Fuzz(func(t *testing.T, b []byte) { permsg.Fuzz(t, b, c) })
}

package ts102941_test

import (
	"bytes"
	"testing"

	"github.com/asn1gen/asn1gen/generated/ts102941"
	"github.com/asn1gen/asn1gen/internal/permsg"
	"github.com/asn1gen/asn1gen/runtime/oer"
)

// vectorsFile holds the real V2X messages of the C-ITS trust model, with
// their sources and licences; the EU trust list (ECTL) is a signed SPDU
// whose payload is an EtsiTs102941Data of TS 102 941.
const vectorsFile = "../../testdata/oer/ieee1609dot2.txt"

// ectl returns the payload of the ECTL's signed SPDU, decoded strictly
// with this package's Ieee1609Dot2Data.
func ectl(t *testing.T) []byte {
	t.Helper()
	const name = "EU European Certificate Trust List (ECTL), signed by the TLM (brainpoolP384r1, SHA-384)"
	for _, m := range permsg.MustRead(t, vectorsFile) {
		if m.Name != name {
			continue
		}
		var d ts102941.Ieee1609Dot2Data
		if err := oer.Unmarshal(m.Bytes, &d, &oer.Options{Canonical: true}); err != nil {
			t.Fatal(err)
		}
		if out, err := oer.Marshal(&d); err != nil || !bytes.Equal(out, m.Bytes) {
			t.Fatalf("the ECTL re-encodes to %d octets, %v; want its %d", len(out), err, len(m.Bytes))
		}
		sd := d.Content.SignedData
		if sd == nil || sd.TBSData.Payload.Data == nil || sd.TBSData.Payload.Data.Content.Choice != ts102941.Ieee1609Dot2Content_UnsecuredData {
			t.Fatalf("the ECTL is not signed unsecured data: %+v", d.Content)
		}
		return sd.TBSData.Payload.Data.Content.UnsecuredData
	}
	t.Fatalf("%s: no block %q", vectorsFile, name)
	return nil
}

// TestECTL decodes the ECTL with this package's copy of the 1609.2 types,
// strictly, and re-encodes it to the same octets (ectl); its payload is
// the TS 102 941 trust list.
func TestECTL(t *testing.T) {
	if b := ectl(t); len(b) != 1098 {
		t.Errorf("payload of %d octets, want 1098", len(b))
	}
}

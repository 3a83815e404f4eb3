package ngap

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/asn1gen/asn1gen/internal/permsg"
	"github.com/asn1gen/asn1gen/runtime/der"
)

// tolerantDeviations are the deviations of the messages of the file in
// the tolerant mode, by line; the others have none.
var tolerantDeviations = map[int][]permsg.Dev{
	// srsRAN's AMFConfigurationUpdate: its AMFName is one character
	// 0x11, outside PrintableString, in the last octet (bit 104).
	14: {{Kind: der.KindInvalidValue, Offset: 8 * 13, Path: "initiatingMessage.value.protocolIEs[0].value", Tolerance: der.TolerateAlphabet}},
}

// TestTolerantMessages decodes every message of the file in the tolerant
// mode (per.Tolerant): each gives a value, with the deviations listed
// above and no others.
func TestTolerantMessages(t *testing.T) {
	seen := map[int]bool{}
	for _, m := range permsg.MustRead(t, messagesFile) {
		seen[m.Line] = true
		v, devs, err := permsg.DecodeTolerant[NGAPPDU](m.Bytes, m.Aligned())
		if err != nil {
			t.Errorf("line %d %s: %v", m.Line, m.Name, err)
			continue
		}
		if diff := cmp.Diff(tolerantDeviations[m.Line], devs); diff != "" {
			t.Errorf("line %d %s: deviations (-want +got):\n%s", m.Line, m.Name, diff)
		}
		if m.Line == 14 {
			ies := v.InitiatingMessage.Value.AMFConfigurationUpdate.ProtocolIEs
			if len(ies) != 1 || ies[0].Value.IDAMFName == nil || *ies[0].Value.IDAMFName != "\x11" {
				t.Errorf("line 14: IEs %+v, want the AMFName \"\\x11\" as received", ies)
			}
		}
	}
	for line := range tolerantDeviations {
		if !seen[line] {
			t.Errorf("line %d: no message there", line)
		}
	}
}

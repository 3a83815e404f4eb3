package nrrrc_test

import (
	"strings"
	"testing"

	"github.com/asn1gen/asn1gen/generated/nrrrc"
	"github.com/asn1gen/asn1gen/internal/permsg"
	"github.com/asn1gen/asn1gen/runtime/der"
	"github.com/asn1gen/asn1gen/runtime/per"
)

// decodeTolerant decodes a message in the tolerant mode, by the ASN.1
// type the file's blocks name.
var decodeTolerant = map[string]func(b []byte) ([]permsg.Dev, error){
	"BCCH-BCH-Message":    tolerant[nrrrc.BCCHBCHMessage],
	"BCCH-DL-SCH-Message": tolerant[nrrrc.BCCHDLSCHMessage],
	"DL-CCCH-Message":     tolerant[nrrrc.DLCCCHMessage],
	"DL-DCCH-Message":     tolerant[nrrrc.DLDCCHMessage],
	"PCCH-Message":        tolerant[nrrrc.PCCHMessage],
	"UL-CCCH-Message":     tolerant[nrrrc.ULCCCHMessage],
	"UL-CCCH1-Message":    tolerant[nrrrc.ULCCCH1Message],
	"UL-DCCH-Message":     tolerant[nrrrc.ULDCCHMessage],
	"MIB":                 tolerant[nrrrc.MIB],
	"SIB1":                tolerant[nrrrc.SIB1],
	"CellGroupConfig":     tolerant[nrrrc.CellGroupConfig],
	"RadioBearerConfig":   tolerant[nrrrc.RadioBearerConfig],
	"RRCReconfiguration":  tolerant[nrrrc.RRCReconfiguration],
	"UE-NR-Capability":    tolerant[nrrrc.UENRCapability],
	"UE-MRDC-Capability":  tolerant[nrrrc.UEMRDCCapability],
}

func tolerant[T any, P interface {
	*T
	per.Value
}](b []byte) ([]permsg.Dev, error) {
	_, devs, err := permsg.DecodeTolerant[T, P](b, false)
	return devs, err
}

// TestTolerantMessages decodes every message of the file in the tolerant
// mode (per.Tolerant): each gives a value. The valid ones list no
// deviation; srsRAN's RRCReconfiguration (invalidContents) lists one, the
// masterCellGroup's octets DE AD BE EF that are no CellGroupConfig, kept
// (der.TolerateOpenTypeErrors) with the path of the strict error.
func TestTolerantMessages(t *testing.T) {
	for _, m := range permsg.MustRead(t, messagesFile) {
		key := m.Type + "/" + m.Name
		dec, ok := decodeTolerant[m.Type]
		if !ok {
			t.Errorf("line %d: no type %s", m.Line, m.Type)
			continue
		}
		devs, err := dec(m.Bytes)
		if err != nil {
			t.Errorf("line %d %s: %v", m.Line, key, err)
			continue
		}
		path, invalid := invalidContents[key]
		switch {
		case !invalid && len(devs) > 0:
			t.Errorf("line %d %s: deviations %+v, want none", m.Line, key, devs)
		case invalid && (len(devs) != 1 || devs[0].Tolerance != der.TolerateOpenTypeErrors ||
			!strings.HasPrefix(m.Type+"."+devs[0].Path, path)):
			t.Errorf("line %d %s: deviations %+v, want one of TolerateOpenTypeErrors under %s", m.Line, key, devs, path)
		}
	}
}

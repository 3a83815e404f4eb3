package s1ap

import (
	"testing"

	"github.com/asn1gen/asn1gen/internal/permsg"
)

// TestTolerantMessages decodes every message of the file in the tolerant
// mode (per.Tolerant): each gives a value and, being valid, no deviation.
func TestTolerantMessages(t *testing.T) {
	for _, m := range permsg.MustRead(t, messagesFile) {
		_, devs, err := permsg.DecodeTolerant[S1APPDU](m.Bytes, m.Aligned())
		if err != nil {
			t.Errorf("line %d %s: %v", m.Line, m.Name, err)
			continue
		}
		if len(devs) > 0 {
			t.Errorf("line %d %s: deviations %+v, want none", m.Line, m.Name, devs)
		}
	}
}

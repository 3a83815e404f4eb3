package nrrrc_test

import (
	"fmt"
	"testing"

	"github.com/asn1gen/asn1gen/internal/permsg"
)

// TestMutantRoundTrip checks permsg.RoundTrip, with the codec of each
// block's type, on the blocks of testdata/per/nr-rrc.txt and on
// deterministic mutants of them (permsg.Mutants): 5,000 in make test,
// 100,000 in make test-long.
func TestMutantRoundTrip(t *testing.T) {
	permsg.TestMutants(t, permsg.MustRead(t, messagesFile), permsg.MutantCount(t, 5000), func(m *permsg.Message, b []byte) (permsg.Outcome, error) {
		check := roundTrips[m.Type]
		if check == nil {
			return 0, fmt.Errorf("no codec of %s", m.Type)
		}
		return check(b)
	})
}

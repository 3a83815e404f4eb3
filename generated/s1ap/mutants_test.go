package s1ap

import (
	"testing"

	"github.com/asn1gen/asn1gen/internal/permsg"
)

// TestMutantRoundTrip checks permsg.RoundTrip on the messages of
// testdata/per/s1ap.txt and on deterministic mutants of them
// (permsg.Mutants): 5,000 in make test, 100,000 in make test-long.
func TestMutantRoundTrip(t *testing.T) {
	c := permsg.Codec[S1APPDU]{Unmarshal: (*S1APPDU).UnmarshalAPER, Marshal: (*S1APPDU).MarshalAPER}
	permsg.TestMutants(t, permsg.MustRead(t, messagesFile), permsg.MutantCount(t, 5000), func(_ *permsg.Message, b []byte) (permsg.Outcome, error) {
		return permsg.RoundTrip(c, b)
	})
}

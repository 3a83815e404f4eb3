package etsiits_test

import (
	"fmt"
	"testing"

	"github.com/asn1gen/asn1gen/generated/etsiits"
	"github.com/asn1gen/asn1gen/internal/permsg"
)

// roundTrips are permsg.RoundTrip with the UPER codec of each type the
// blocks of testdata/per/etsi-its.txt name.
var roundTrips = map[string]func([]byte) (permsg.Outcome, error){
	"CAM": func(b []byte) (permsg.Outcome, error) {
		return permsg.RoundTrip(permsg.Codec[etsiits.CAM]{Unmarshal: (*etsiits.CAM).UnmarshalUPER, Marshal: (*etsiits.CAM).MarshalUPER}, b)
	},
	"DENM": func(b []byte) (permsg.Outcome, error) {
		return permsg.RoundTrip(permsg.Codec[etsiits.DENM]{Unmarshal: (*etsiits.DENM).UnmarshalUPER, Marshal: (*etsiits.DENM).MarshalUPER}, b)
	},
}

// TestMutantRoundTrip checks permsg.RoundTrip, with the codec of each
// block's type, on the blocks of testdata/per/etsi-its.txt and on
// deterministic mutants of them (permsg.Mutants): 5,000 in make test.
func TestMutantRoundTrip(t *testing.T) {
	permsg.TestMutants(t, permsg.MustRead(t, messagesFile), permsg.MutantCount(t, 5000), func(m *permsg.Message, b []byte) (permsg.Outcome, error) {
		check := roundTrips[m.Type]
		if check == nil {
			return 0, fmt.Errorf("no codec of %s", m.Type)
		}
		return check(b)
	})
}

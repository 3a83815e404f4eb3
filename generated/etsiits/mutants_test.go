package etsiits_test

import (
	"bytes"
	"encoding/json"
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

// jsonRoundTrips decode a message of each type in UPER, write it in JER
// (MarshalJSON), read that back (UnmarshalJSON) and write it in UPER
// again: the bytes must be those of the UPER re-encoding, so that the JSON
// carries the whole value.
var jsonRoundTrips = map[string]func([]byte) error{
	"CAM":  func(b []byte) error { return jsonRoundTrip(b, new(etsiits.CAM), new(etsiits.CAM)) },
	"DENM": func(b []byte) error { return jsonRoundTrip(b, new(etsiits.DENM), new(etsiits.DENM)) },
}

type uperJSON interface {
	UnmarshalUPER(b []byte) error
	MarshalUPER() ([]byte, error)
	UnmarshalJSON(b []byte) error
}

func jsonRoundTrip(b []byte, v, back uperJSON) error {
	if v.UnmarshalUPER(b) != nil {
		return nil // not a message: TestMutantRoundTrip checks its error
	}
	want, err := v.MarshalUPER()
	if err != nil {
		return nil // a decoded value UPER cannot write again: the same
	}
	j, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("MarshalJSON: %v", err)
	}
	if err := back.UnmarshalJSON(j); err != nil {
		return fmt.Errorf("UnmarshalJSON(%s): %v", j, err)
	}
	got, err := back.MarshalUPER()
	if err != nil || !bytes.Equal(got, want) {
		return fmt.Errorf("UPER of the JSON's value %x, %v; want %x (JSON %s)", got, err, want, j)
	}
	return nil
}

// TestMutantJSONRoundTrip runs jsonRoundTrip on the blocks of
// testdata/per/etsi-its.txt and on the mutants of TestMutantRoundTrip that
// decode: 5,000 in make test.
func TestMutantJSONRoundTrip(t *testing.T) {
	permsg.TestMutants(t, permsg.MustRead(t, messagesFile), permsg.MutantCount(t, 5000), func(m *permsg.Message, b []byte) (permsg.Outcome, error) {
		check := jsonRoundTrips[m.Type]
		if check == nil {
			return 0, fmt.Errorf("no codec of %s", m.Type)
		}
		if err := check(b); err != nil {
			return 0, err
		}
		return roundTrips[m.Type](b)
	})
}

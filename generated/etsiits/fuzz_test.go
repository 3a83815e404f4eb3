package etsiits_test

import (
	"testing"

	"github.com/asn1gen/asn1gen/internal/permsg"
)

// FuzzCAM decodes CAMs in UNALIGNED PER, seeded with the first CAM of
// testdata/per/etsi-its.txt: decoding never panics; every error is a
// located *der.Error; what decodes encodes again, and that decodes to the
// same value (permsg.RoundTrip).
func FuzzCAM(f *testing.F) { fuzzUPER(f, "CAM") }

// FuzzDENM is FuzzCAM for DENMs, seeded with the file's DENM.
func FuzzDENM(f *testing.F) { fuzzUPER(f, "DENM") }

// fuzzUPER runs the round trip of typ on one seed, the type's first block
// (one seed: the fuzzer's mutations of a real message reach the rest),
// and on the fuzzer's inputs.
func fuzzUPER(f *testing.F, typ string) {
	check := roundTrips[typ]
	var seed []byte
	for _, m := range permsg.MustRead(f, messagesFile) {
		if m.Type == typ {
			seed = m.Bytes
			break
		}
	}
	if check == nil || seed == nil {
		f.Fatalf("%s: no codec or no seed", typ)
	}
	f.Add(seed)
	f.Fuzz(func(t *testing.T, b []byte) {
		if _, err := check(b); err != nil {
			t.Fatal(err)
		}
	})
}

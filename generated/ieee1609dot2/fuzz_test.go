package ieee1609dot2_test

import (
	"testing"

	"github.com/asn1gen/asn1gen/internal/permsg"
)

// FuzzCertificate decodes certificates in OER, seeded with the
// certificate of testdata/oer/ieee1609dot2.txt: decoding never panics,
// every error is located, a strict decode re-encodes to its input and a
// BASIC-OER decode to a canonical encoding (roundTrip).
func FuzzCertificate(f *testing.F) { fuzzOER(f, "EtsiTs103097Certificate") }

// FuzzData is FuzzCertificate for Ieee1609Dot2Data, the SPDU, seeded with
// the file's two signed CAMs.
func FuzzData(f *testing.F) { fuzzOER(f, "Ieee1609Dot2Data") }

// fuzzOER runs the round trip of typ on the blocks of that type and on
// the fuzzer's inputs.
func fuzzOER(f *testing.F, typ string) {
	check := roundTrips[typ]
	if check == nil {
		f.Fatalf("no codec of %s", typ)
	}
	for _, m := range permsg.MustRead(f, vectorsFile) {
		if m.Type == typ {
			f.Add(m.Bytes)
		}
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		if _, err := check(b); err != nil {
			t.Fatal(err)
		}
	})
}

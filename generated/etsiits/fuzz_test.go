package etsiits_test

import (
	"bytes"
	"errors"
	"testing"

	"github.com/asn1gen/asn1gen/generated/etsiits"
	"github.com/asn1gen/asn1gen/internal/permsg"
	"github.com/asn1gen/asn1gen/runtime/der"
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

// FuzzCAMJSON decodes CAMs in JER (UnmarshalJSON), seeded with the JSON
// of the first CAM of testdata/per/etsi-its.txt: decoding never panics;
// every error is a located *der.Error; what decodes encodes again to
// JSON that decodes to the same JSON.
func FuzzCAMJSON(f *testing.F) {
	var seed []byte
	for _, m := range permsg.MustRead(f, messagesFile) {
		if m.Type == "CAM" {
			var cam etsiits.CAM
			if err := cam.UnmarshalUPER(m.Bytes); err != nil {
				f.Fatal(err)
			}
			b, err := cam.MarshalJSON()
			if err != nil {
				f.Fatal(err)
			}
			seed = b
			break
		}
	}
	f.Add(seed)
	f.Fuzz(func(t *testing.T, b []byte) {
		var cam etsiits.CAM
		if err := cam.UnmarshalJSON(b); err != nil {
			var e *der.Error
			if !errors.As(err, &e) || e.Offset < 0 || e.Offset > len(b) {
				t.Fatalf("error not located: %v", err)
			}
			return
		}
		out, err := cam.MarshalJSON()
		if err != nil {
			t.Fatalf("re-encoding a decoded CAM: %v", err)
		}
		var again etsiits.CAM
		if err := again.UnmarshalJSON(out); err != nil {
			t.Fatalf("decoding the re-encoding %s: %v", out, err)
		}
		if out2, err := again.MarshalJSON(); err != nil || !bytes.Equal(out, out2) {
			t.Fatalf("re-encoding differs: %s, %v; first %s", out2, err, out)
		}
	})
}

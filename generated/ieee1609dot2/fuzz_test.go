package ieee1609dot2_test

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/asn1gen/asn1gen/generated/ieee1609dot2"
	"github.com/asn1gen/asn1gen/internal/permsg"
	"github.com/asn1gen/asn1gen/runtime/jer"
	"github.com/asn1gen/asn1gen/runtime/oer"
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

// FuzzCertificateJSON decodes certificates in JER, seeded with the JER
// of the certificates of testdata/oer/ieee1609dot2.txt: decoding never
// panics and every error is located (jsonRoundTrip, through
// UnmarshalJSON).
func FuzzCertificateJSON(f *testing.F) {
	fuzzJER[ieee1609dot2.Certificate](f, "EtsiTs103097Certificate")
}

// FuzzDataJSON is FuzzCertificateJSON for Ieee1609Dot2Data, the SPDU.
func FuzzDataJSON(f *testing.F) { fuzzJER[ieee1609dot2.Ieee1609Dot2Data](f, "Ieee1609Dot2Data") }

// jsonPtr is what jsonRoundTrip needs of a generated type's pointer: its
// codecs and the entry point of encoding/json, UnmarshalJSON, whose
// errors name the type.
type jsonPtr[T any] interface {
	codecPtr[T]
	UnmarshalJSON(b []byte) error
}

// fuzzJER runs jsonRoundTrip of T on the JER of the blocks of typ and on
// the fuzzer's inputs.
func fuzzJER[T any, P jsonPtr[T]](f *testing.F, typ string) {
	for _, m := range permsg.MustRead(f, vectorsFile) {
		if m.Type != typ {
			continue
		}
		var v T
		if err := oer.Unmarshal(m.Bytes, P(&v), nil); err != nil {
			f.Fatal(err)
		}
		j, err := jer.Marshal(P(&v))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(j)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		if err := jsonRoundTrip[T, P](b); err != nil {
			t.Fatal(err)
		}
	})
}

// jsonRoundTrip checks one JER input b of type T: the decode fails with
// an error located in b, or gives a value whose JER encoding decodes to
// the same value (the same JER again) and whose CANONICAL-OER encoding
// decodes strictly to a value of that JER too: what the JER decoder
// accepts, the OER encoder writes.
func jsonRoundTrip[T any, P jsonPtr[T]](b []byte) error {
	var v T
	if err := P(&v).UnmarshalJSON(b); err != nil {
		return located(err, len(b))
	}
	j, err := jer.Marshal(P(&v))
	if err != nil {
		return fmt.Errorf("re-encoding in JER: %v", err)
	}
	var again T
	if err := jer.Unmarshal(j, P(&again), nil); err != nil {
		return fmt.Errorf("decoding the re-encoding %s: %v", j, err)
	}
	if j2, err := jer.Marshal(P(&again)); err != nil || !bytes.Equal(j, j2) {
		return fmt.Errorf("JER re-encoding differs: %s, %v; want %s", j2, err, j)
	}
	c, err := oer.Marshal(P(&v))
	if err != nil {
		return fmt.Errorf("encoding in OER the decode of %s: %v", j, err)
	}
	var fromOER T
	if err := oer.Unmarshal(c, P(&fromOER), &oer.Options{Canonical: true}); err != nil {
		return fmt.Errorf("decoding its COER % x: %v", c, err)
	}
	if j3, err := jer.Marshal(P(&fromOER)); err != nil || !bytes.Equal(j, j3) {
		return fmt.Errorf("JER -> COER -> JER gives %s, %v; want %s", j3, err, j)
	}
	return nil
}

package ieee1609dot2_test

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/asn1gen/asn1gen/generated/ieee1609dot2"
	"github.com/asn1gen/asn1gen/internal/permsg"
	"github.com/asn1gen/asn1gen/runtime/der"
	"github.com/asn1gen/asn1gen/runtime/jer"
	"github.com/asn1gen/asn1gen/runtime/oer"
)

// vectorsFile holds the real certificates and signed messages, in the
// format of testdata/per (permsg.Read), with their sources and licences.
const vectorsFile = "../../testdata/oer/ieee1609dot2.txt"

// codecPtr is what the round trips need of a generated type's pointer:
// its OER and JER codecs.
type codecPtr[T any] interface {
	*T
	oer.Value
	jer.Value
}

// roundTrip checks one input b of type T: a strict (CANONICAL-OER)
// decode never panics and fails with an error located in b (an octet
// offset within it, and a type or field), or gives a value that encodes
// to b exactly, as X.696's canonical form guarantees; a BASIC-OER decode
// that succeeds gives a value whose encoding decodes strictly and encodes
// again to the same octets. Both values go through JER and back to the
// same octets (viaJER).
func roundTrip[T any, P codecPtr[T]](b []byte) (permsg.Outcome, error) {
	var basic T
	if err := oer.Unmarshal(b, P(&basic), nil); err != nil {
		if err := located(err, len(b)); err != nil {
			return 0, fmt.Errorf("BASIC-OER: %w", err)
		}
	} else {
		out, err := oer.Marshal(P(&basic))
		if err != nil {
			return 0, fmt.Errorf("re-encoding a BASIC-OER decode: %v", err)
		}
		var again T
		if err := oer.Unmarshal(out, P(&again), &oer.Options{Canonical: true}); err != nil {
			return 0, fmt.Errorf("the encoding of a BASIC-OER decode is not canonical: %v", err)
		}
		if out2, err := oer.Marshal(P(&again)); err != nil || !bytes.Equal(out, out2) {
			return 0, fmt.Errorf("re-encoding differs: % x, %v; want % x", out2, err, out)
		}
		if err := viaJER(P(&basic), out); err != nil {
			return 0, fmt.Errorf("a BASIC-OER decode: %v", err)
		}
	}
	var v T
	if err := oer.Unmarshal(b, P(&v), &oer.Options{Canonical: true}); err != nil {
		return permsg.Rejected, located(err, len(b))
	}
	out, err := oer.Marshal(P(&v))
	if err != nil {
		return 0, fmt.Errorf("re-encoding a canonical decode: %v", err)
	}
	if !bytes.Equal(out, b) {
		return 0, fmt.Errorf("a canonical decode re-encodes to % x, not the input % x", out, b)
	}
	if err := viaJER(P(&v), b); err != nil {
		return 0, fmt.Errorf("a canonical decode: %v", err)
	}
	return permsg.Identical, nil
}

// viaJER checks the differential property of the two codecs on v, a
// value whose CANONICAL-OER encoding is coer: its JER encoding decodes
// to a value whose CANONICAL-OER encoding is coer again.
func viaJER[T any, P codecPtr[T]](v P, coer []byte) error {
	j, err := jer.Marshal(v)
	if err != nil {
		return fmt.Errorf("encoding in JER: %w", err)
	}
	var back T
	if err := jer.Unmarshal(j, P(&back), nil); err != nil {
		return fmt.Errorf("decoding its JER encoding %s: %v", j, err)
	}
	out, err := oer.Marshal(P(&back))
	if err != nil {
		return fmt.Errorf("re-encoding in OER the decode of its JER encoding %s: %v", j, err)
	}
	if !bytes.Equal(out, coer) {
		return fmt.Errorf("OER -> JER %s -> OER gives % x, not % x", j, out, coer)
	}
	return nil
}

// located returns nil if err, from decoding n octets, is a *der.Error at
// an octet offset within the input that names the type or field it is in.
func located(err error, n int) error {
	var e *der.Error
	switch {
	case !errors.As(err, &e):
		return fmt.Errorf("error not a *der.Error: %v", err)
	case e.Bits || e.Offset < 0 || e.Offset > n:
		return fmt.Errorf("error not located in the %d octets of the input: %v", n, err)
	case e.Path() == "" && e.Type == "" && e.Kind != der.KindTrailingData:
		return fmt.Errorf("error names neither a field nor a type: %v", err)
	}
	return nil
}

// roundTrips are roundTrip with the type each block of vectorsFile names.
var roundTrips = map[string]func([]byte) (permsg.Outcome, error){
	"Ieee1609Dot2Data":        roundTrip[ieee1609dot2.Ieee1609Dot2Data],
	"EtsiTs103097Certificate": roundTrip[ieee1609dot2.EtsiTs103097Certificate],
	"Certificate":             roundTrip[ieee1609dot2.Certificate],
}

// TestRealVectors decodes every vector strictly (CANONICAL-OER) and
// re-encodes it to the same octets, directly and through JER.
func TestRealVectors(t *testing.T) {
	vs := permsg.MustRead(t, vectorsFile)
	if len(vs) < 3 {
		t.Fatalf("%s: %d vectors, want at least 3", vectorsFile, len(vs))
	}
	for _, m := range vs {
		t.Run(m.Name, func(t *testing.T) {
			check := roundTrips[m.Type]
			if check == nil || m.Variant != "coer" {
				t.Fatalf("line %d: no codec of %s %s", m.Line, m.Variant, m.Type)
			}
			o, err := check(m.Bytes)
			if err != nil || o != permsg.Identical {
				t.Fatalf("line %d: %v, %v", m.Line, o, err)
			}
		})
	}
}

// TestSignedCAM checks what the decode of vanetza's signed CAM holds
// against what vanetza's test says of it: PSID 36 (CA), a signer
// certificate whose issuer is 56dfd6d627a362dc and whose CA permissions
// are 01 00 00, and an UNALIGNED PER CAM as the payload.
func TestSignedCAM(t *testing.T) {
	var d ieee1609dot2.EtsiTs103097Data
	if err := oer.Unmarshal(vector(t, "signed CAM, signer certificate (VW Golf 8)"), &d, &oer.Options{Canonical: true}); err != nil {
		t.Fatal(err)
	}
	sd := d.Content.SignedData
	if d.ProtocolVersion != 3 || d.Content.Choice != ieee1609dot2.Ieee1609Dot2Content_SignedData || sd == nil {
		t.Fatalf("not a signed SPDU of version 3: %+v", d)
	}
	type summary struct {
		PSID      int64
		Signer    string
		Issuer    string
		Perms     string
		CAMPrefix string
	}
	c := sd.Signer.Certificate[0]
	psid, _ := sd.TBSData.HeaderInfo.Psid.Int64()
	got := summary{
		PSID:      psid,
		Signer:    sd.Signer.Choice.String(),
		Issuer:    hex.EncodeToString(c.Issuer.SHA256AndDigest),
		Perms:     fmt.Sprintf("%v:%x %v:%x", c.ToBeSigned.AppPermissions[0].Psid, c.ToBeSigned.AppPermissions[0].Ssp.BitmapSsp, c.ToBeSigned.AppPermissions[1].Psid, c.ToBeSigned.AppPermissions[1].Ssp.BitmapSsp),
		CAMPrefix: hex.EncodeToString(sd.TBSData.Payload.Data.Content.UnsecuredData[:6]),
	}
	// The payload is a BTP-B header (2001: CAM) and the CAM of
	// testdata/per/etsi-its.txt's second block.
	want := summary{PSID: 36, Signer: "certificate", Issuer: "56dfd6d627a362dc", Perms: "36:010000 37:01901a25", CAMPrefix: "205002800032"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-vanetza +got):\n%s", diff)
	}
}

// vector returns the octets of the block of vectorsFile named name.
func vector(t testing.TB, name string) []byte {
	t.Helper()
	for _, m := range permsg.MustRead(t, vectorsFile) {
		if m.Name == name {
			return m.Bytes
		}
	}
	t.Fatalf("%s: no block %q", vectorsFile, name)
	return nil
}

// TestMutantRoundTrip checks roundTrip on the vectors and on 5,000
// deterministic mutants of them (permsg.Mutants: bits flipped, octets
// set, inserted or deleted, runs copied, the input cut or extended).
func TestMutantRoundTrip(t *testing.T) {
	permsg.TestMutants(t, permsg.MustRead(t, vectorsFile), permsg.MutantCount(t, 5000), func(m *permsg.Message, b []byte) (permsg.Outcome, error) {
		check := roundTrips[m.Type]
		if check == nil {
			return 0, fmt.Errorf("no codec of %s", m.Type)
		}
		return check(b)
	})
}

// TestInvalidVectors: the encodings of testdata/oer/ieee1609dot2-invalid.txt
// fail a strict decode with a located error: rasn's ECTL nested 150
// levels deep stops at the Reader's depth limit, at the octet of the
// SignedData that passes it, with the path down to it.
func TestInvalidVectors(t *testing.T) {
	vs := permsg.MustRead(t, "../../testdata/oer/ieee1609dot2-invalid.txt")
	if len(vs) != 1 {
		t.Fatalf("%d invalid vectors, want 1", len(vs))
	}
	var d ieee1609dot2.Ieee1609Dot2Data
	err := oer.Unmarshal(vs[0].Bytes, &d, &oer.Options{Canonical: true})
	var e *der.Error
	if !errors.As(err, &e) || !errors.Is(err, der.ErrLimit) || e.Offset != 130 || !strings.HasSuffix(e.Path(), ".payload.data.content.signedData") {
		t.Errorf("deep ECTL: %v", err)
	}
	if err := located(err, len(vs[0].Bytes)); err != nil {
		t.Error(err)
	}
}

// TestVectorValues checks the decode of each vector that has a JER text
// in testdata/jer (named after its message: asn1tools' certificate, and
// the test certificate of 1609.2's editor) against the
// value its source lists, written there in JER (1609.2 2.3's names:
// rSig and sSig where asn1tools' 2016 schema has r and s), and that text
// against the octets: it decodes to a value of the same encoding.
func TestVectorValues(t *testing.T) {
	n := 0
	for _, m := range permsg.MustRead(t, vectorsFile) {
		text, err := os.ReadFile("../../testdata/jer/" + m.Name + ".json")
		if errors.Is(err, os.ErrNotExist) {
			continue
		}
		n++
		t.Run(m.Name, func(t *testing.T) {
			if err != nil {
				t.Fatal(err)
			}
			switch m.Type {
			case "Certificate":
				valueOf[ieee1609dot2.Certificate](t, m.Bytes, text)
			case "Ieee1609Dot2Data":
				valueOf[ieee1609dot2.Ieee1609Dot2Data](t, m.Bytes, text)
			default:
				t.Fatalf("no codec of %s", m.Type)
			}
		})
	}
	if n < 2 {
		t.Errorf("%d vectors with a JER text, want 2", n)
	}
}

// valueOf checks that b decodes strictly to the value of the JER text and
// that the text encodes to b.
func valueOf[T any, P codecPtr[T]](t *testing.T, b, text []byte) {
	var v T
	if err := oer.Unmarshal(b, P(&v), &oer.Options{Canonical: true}); err != nil {
		t.Fatal(err)
	}
	got, err := jer.Marshal(P(&v))
	if err != nil {
		t.Fatal(err)
	}
	var g, w any
	if err := json.Unmarshal(got, &g); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(text, &w); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(w, g); diff != "" {
		t.Errorf("JER of the decode (-source +got):\n%s", diff)
	}
	var back T
	if err := jer.Unmarshal(text, P(&back), nil); err != nil {
		t.Fatal(err)
	}
	if out, err := oer.Marshal(P(&back)); err != nil || !bytes.Equal(out, b) {
		t.Errorf("the JER text encodes to % x, %v; want % x", out, err, b)
	}
}

// TestJSONOwnConstraints: the JER decoder refuses a certificate whose
// version is not 3, a constraint its component adds to Uint8 (version
// Uint8 (3)), as the OER decoder does, with the byte offset and path
// (Certificate is CertificateBase, a Go alias).
func TestJSONOwnConstraints(t *testing.T) {
	b, err := hex.DecodeString("8003008056dfd6d627a362dc108300000000001ddff7b58400a8010280012481040301000080012581050401901a258080820427bb27c998c1eca2b10e7107980244518b3c50a3a327b5b190d090f1451f3d808083c2f3caebc7fa35945c030a5ae01a417adf6dffd541ccd2d92bfeb63dc15689cbd6b8e32bd5e866d9faa2fe5595e2dbb9be3e965a7094258b4a249dfb758a07")
	if err != nil {
		t.Fatal(err)
	}
	var c ieee1609dot2.Certificate
	if err := oer.Unmarshal(b, &c, &oer.Options{Canonical: true}); err != nil {
		t.Fatal(err)
	}
	j, err := c.MarshalJSON()
	if err != nil || !bytes.HasPrefix(j, []byte(`{"version":3,`)) {
		t.Fatalf("MarshalJSON = %.40s..., %v", j, err)
	}
	for _, tt := range []struct{ version, want string }{
		{"3", ""},
		{"4", "asn1: CertificateBase.version at offset 11: INTEGER: 4 not in 3..3 (X.680 51.8)"},
		{"255", "asn1: CertificateBase.version at offset 11: INTEGER: 255 not in 3..3 (X.680 51.8)"},
		{"256", "asn1: CertificateBase.version at offset 11: INTEGER: 256 not in 3..3 (X.680 51.8)"},
	} {
		in := bytes.Replace(j, []byte(`"version":3`), []byte(`"version":`+tt.version), 1)
		var back ieee1609dot2.Certificate
		for name, err := range map[string]error{"UnmarshalJSON": back.UnmarshalJSON(in), "jer.Unmarshal": jer.Unmarshal(in, &back, nil)} {
			if got := fmt.Sprint(err); tt.want == "" && err != nil || tt.want != "" && got != tt.want {
				t.Errorf("%s, version %s: %v, want %q", name, tt.version, err, tt.want)
			}
		}
	}
	c.Version = 4
	if _, err := c.MarshalJSON(); err == nil || !strings.Contains(err.Error(), "version INTEGER: 4 not in 3..3") {
		t.Errorf("MarshalJSON of version 4: %v", err)
	}
}

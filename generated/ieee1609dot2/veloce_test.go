package ieee1609dot2_test

import (
	"bytes"
	"crypto/sha512"
	"encoding/hex"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/asn1gen/asn1gen/generated/ieee1609dot2"
	"github.com/asn1gen/asn1gen/internal/permsg"
	"github.com/asn1gen/asn1gen/runtime/oer"
)

// veloceFile holds the certificates and signed SPDUs of the Rust V2X
// stack veloce's tests and examples, and the EU and Volkswagen trust
// lists its example decodes (sources and licences in the file).
const veloceFile = "../../testdata/oer/veloce.txt"

// TestVeloceVectors decodes each of veloceFile's blocks strictly
// (CANONICAL-OER) and re-encodes it to the same octets, directly and
// through JER (roundTrip).
func TestVeloceVectors(t *testing.T) {
	vs := permsg.MustRead(t, veloceFile)
	if len(vs) != 10 {
		t.Fatalf("%s: %d blocks, want 10", veloceFile, len(vs))
	}
	for _, m := range vs {
		check := roundTrips[m.Type]
		if check == nil || m.Variant != "coer" {
			t.Fatalf("line %d: no codec of %s %s", m.Line, m.Variant, m.Type)
		}
		if o, err := check(m.Bytes); err != nil || o != permsg.Identical {
			t.Errorf("%s: %v, %v", m.Name, o, err)
		}
	}
}

// TestVeloceSignatures verifies what veloce's tests and the trust lists'
// publishers say of them: the test PKI's chain (root and TLM
// self-signed, AA and EA by the root, the ticket by the AA), the CAM that
// veloce's verify_secured_message verifies (signed by the ticket, which
// it carries byte for byte), the MAPEM by the certificate it carries, the
// EU ECTL by the TLM certificate it carries, and Volkswagen's ECTL by
// Volkswagen's TLM certificate, whose HashedId8 is the name the file
// bears, as the EU ECTL's name is the low 8 octets of its SHA-384.
func TestVeloceSignatures(t *testing.T) {
	certs := map[string]*ieee1609dot2.CertificateBase{}
	spdus := map[string]*ieee1609dot2.Ieee1609Dot2Data{}
	raw := map[string][]byte{}
	for _, m := range permsg.MustRead(t, veloceFile) {
		raw[m.Name] = m.Bytes
		switch m.Type {
		case "EtsiTs103097Certificate":
			var c ieee1609dot2.EtsiTs103097Certificate
			if err := oer.Unmarshal(m.Bytes, &c, &oer.Options{Canonical: true}); err != nil {
				t.Fatalf("%s: %v", m.Name, err)
			}
			certs[m.Name] = &c
		case "Ieee1609Dot2Data":
			var d ieee1609dot2.Ieee1609Dot2Data
			if err := oer.Unmarshal(m.Bytes, &d, &oer.Options{Canonical: true}); err != nil {
				t.Fatalf("%s: %v", m.Name, err)
			}
			spdus[m.Name] = &d
		}
	}
	const (
		root   = "veloce test root CA (self-signed)"
		aa     = "veloce test AA"
		ticket = "veloce test authorization ticket"
		vwTLM  = "VW TLM certificate C8EAAB4C86EBCDD2 (self-signed)"
		euECTL = "EU ECTL E3B49921E05A5953, signed by the TLM"
	)
	for _, c := range []struct{ cert, issuer string }{
		{root, ""},
		{"veloce test TLM (self-signed)", ""},
		{aa, root},
		{"veloce test EA", root},
		{ticket, aa},
		{vwTLM, ""},
	} {
		if err := certs[c.cert].VerifyIssuerSignature(certs[c.issuer]); err != nil {
			t.Errorf("%s, issued by %q: %v", c.cert, c.issuer, err)
		}
	}
	if err := certs[ticket].VerifyIssuerSignature(certs[root]); err == nil {
		t.Errorf("the ticket verifies by the root, its issuer's issuer")
	}

	// The signer of each SPDU: the certificate it carries, and for the
	// CAM and Volkswagen's ECTL, the certificate of the block named.
	for _, s := range []struct{ spdu, carried string }{
		{"veloce signed CAM, signer certificate (the test authorization ticket)", ticket},
		{"veloce signed MAPEM, signer certificate", ""},
		{euECTL, ""},
		{"VW ECTL, signed by the VW TLM C8EAAB4C86EBCDD2", vwTLM},
	} {
		d := spdus[s.spdu]
		sd := d.Content.SignedData
		if sd == nil || len(sd.Signer.Certificate) != 1 {
			t.Fatalf("%s: not signed with one certificate: %+v", s.spdu, d.Content)
		}
		signer := &sd.Signer.Certificate[0]
		if s.carried != "" {
			enc, err := oer.Marshal(signer)
			if err != nil || !bytes.Equal(enc, raw[s.carried]) {
				t.Errorf("%s: the certificate it carries is not %q", s.spdu, s.carried)
			}
		}
		if err := d.VerifySignature(signer); err != nil {
			t.Errorf("%s: %v", s.spdu, err)
		}
	}

	type names struct{ VWTLM, EUECTL, EUTLMIssuer string }
	id, err := certs[vwTLM].HashedID8()
	if err != nil {
		t.Fatal(err)
	}
	sum := sha512.Sum384(raw[euECTL])
	euTLM := &spdus[euECTL].Content.SignedData.Signer.Certificate[0]
	_, alg, self, err := euTLM.IssuerDigest()
	if err != nil {
		t.Fatal(err)
	}
	got := names{
		VWTLM:       hex.EncodeToString(id),
		EUECTL:      hex.EncodeToString(sum[len(sum)-8:]),
		EUTLMIssuer: alg.String() + map[bool]string{true: " self", false: ""}[self],
	}
	want := names{VWTLM: "c8eaab4c86ebcdd2", EUECTL: "e3b49921e05a5953", EUTLMIssuer: "sha384 self"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-published names +got):\n%s", diff)
	}
	if err := euTLM.VerifyIssuerSignature(nil); err != nil {
		t.Errorf("the EU TLM certificate's self-signature: %v", err)
	}
}

// TestVeloceMutantRoundTrip checks roundTrip on 1,000 deterministic
// mutants of veloceFile's blocks.
func TestVeloceMutantRoundTrip(t *testing.T) {
	permsg.TestMutants(t, permsg.MustRead(t, veloceFile), permsg.MutantCount(t, 1000), func(m *permsg.Message, b []byte) (permsg.Outcome, error) {
		check := roundTrips[m.Type]
		if check == nil {
			return 0, nil
		}
		return check(b)
	})
}

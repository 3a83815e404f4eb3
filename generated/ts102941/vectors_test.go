package ts102941_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/asn1gen/asn1gen/generated/ieee1609dot2"
	"github.com/asn1gen/asn1gen/generated/ts102941"
	"github.com/asn1gen/asn1gen/internal/permsg"
	"github.com/asn1gen/asn1gen/runtime/oer"
)

// vectorsFile holds the real V2X messages of the C-ITS trust model, with
// their sources and licences; the EU trust list (ECTL) is a signed SPDU
// whose payload is an EtsiTs102941Data of TS 102 941.
const vectorsFile = "../../testdata/oer/ieee1609dot2.txt"

// ectl returns the payload of the ECTL's signed SPDU, decoded strictly
// with package ieee1609dot2's Ieee1609Dot2Data, whose types this
// package refers to (-use).
func ectl(t testing.TB) []byte {
	t.Helper()
	const name = "EU European Certificate Trust List (ECTL), signed by the TLM (brainpoolP384r1, SHA-384)"
	for _, m := range permsg.MustRead(t, vectorsFile) {
		if m.Name != name {
			continue
		}
		var d ieee1609dot2.Ieee1609Dot2Data
		if err := oer.Unmarshal(m.Bytes, &d, &oer.Options{Canonical: true}); err != nil {
			t.Fatal(err)
		}
		if out, err := oer.Marshal(&d); err != nil || !bytes.Equal(out, m.Bytes) {
			t.Fatalf("the ECTL re-encodes to %d octets, %v; want its %d", len(out), err, len(m.Bytes))
		}
		sd := d.Content.SignedData
		if sd == nil || sd.TBSData.Payload.Data == nil || sd.TBSData.Payload.Data.Content.Choice != ieee1609dot2.Ieee1609Dot2Content_UnsecuredData {
			t.Fatalf("the ECTL is not signed unsecured data: %+v", d.Content)
		}
		return sd.TBSData.Payload.Data.Content.UnsecuredData
	}
	t.Fatalf("%s: no block %q", vectorsFile, name)
	return nil
}

// TestECTLPayload decodes the ECTL's payload as TS 102 941's
// EtsiTs102941Data (of EtsiTs102941MessagesCa: a TLM certificate trust
// list), strictly, and re-encodes it to the same octets. What it holds is
// checked against its first 15 octets, read by hand (X.696):
//
//	01        version 1: Version (v1), one octet (a fixed-size 1..1)
//	85        content: certificateTrustListTlm [5]
//	00        CtlFormat's preamble: no extension
//	01        version 1
//	2884bde3  nextUpdate (Time32)
//	ff        isFullCtl TRUE
//	01        ctlSequence 1
//	01 05     ctlCommands: a quantity of one octet, 5 commands
//	80 80     the first: add [0], an rca [0] entry
//
// Before components' own constraints were read (Version (v1) as an
// unconstrained INTEGER, with a length), the decode failed at octet 2.
func TestECTLPayload(t *testing.T) {
	b := ectl(t)
	var v ts102941.EtsiTs102941MessagesCa_EtsiTs102941Data
	if err := oer.Unmarshal(b, &v, &oer.Options{Canonical: true}); err != nil {
		t.Fatal(err)
	}
	out, err := oer.Marshal(&v)
	if err != nil || !bytes.Equal(out, b) {
		t.Fatalf("re-encoding: %d octets, %v; want the %d of the payload", len(out), err, len(b))
	}
	ctl := v.Content.CertificateTrustListTlm
	if v.Content.Choice != ts102941.EtsiTs102941MessagesCa_EtsiTs102941DataContent_CertificateTrustListTlm || ctl == nil {
		t.Fatalf("not a TLM CTL: %v", v.Content.Choice)
	}
	type summary struct {
		Version, CtlVersion int64
		NextUpdate          uint32
		Full                bool
		Sequence            int64
		Commands            int
		First               string
	}
	got := summary{int64(v.Version), int64(ctl.Version), uint32(ctl.NextUpdate), ctl.IsFullCtl, ctl.CtlSequence, len(ctl.CtlCommands), ""}
	if len(ctl.CtlCommands) > 0 && ctl.CtlCommands[0].Add != nil {
		got.First = ctl.CtlCommands[0].Add.Choice.String()
	}
	want := summary{1, 1, 0x2884bde3, true, 1, 5, "rca"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-by hand +decoded):\n%s", diff)
	}
	kinds := map[string]int{}
	for _, c := range ctl.CtlCommands {
		if c.Add != nil {
			kinds[c.Add.Choice.String()]++
		}
	}
	t.Logf("entries added: %v", kinds)
}

// TestVeloceECTLPayloads decodes the payloads of the two trust lists of
// ../../testdata/oer/veloce.txt (the EU's ECTL of another day than
// rasn's, 11,648 octets, and Volkswagen's, 957) strictly as
// EtsiTs102941Data and re-encodes them to the same octets: each is a full
// TLM certificate trust list.
func TestVeloceECTLPayloads(t *testing.T) {
	n := 0
	for _, m := range permsg.MustRead(t, "../../testdata/oer/veloce.txt") {
		if !strings.Contains(m.Name, "ECTL") {
			continue
		}
		n++
		var d ieee1609dot2.Ieee1609Dot2Data
		if err := oer.Unmarshal(m.Bytes, &d, &oer.Options{Canonical: true}); err != nil {
			t.Fatalf("%s: %v", m.Name, err)
		}
		sd := d.Content.SignedData
		if sd == nil || sd.TBSData.Payload.Data == nil || sd.TBSData.Payload.Data.Content.Choice != ieee1609dot2.Ieee1609Dot2Content_UnsecuredData {
			t.Fatalf("%s: not signed unsecured data", m.Name)
		}
		b := sd.TBSData.Payload.Data.Content.UnsecuredData
		var v ts102941.EtsiTs102941MessagesCa_EtsiTs102941Data
		if err := oer.Unmarshal(b, &v, &oer.Options{Canonical: true}); err != nil {
			t.Fatalf("%s: %v", m.Name, err)
		}
		if out, err := oer.Marshal(&v); err != nil || !bytes.Equal(out, b) {
			t.Fatalf("%s: re-encoding: %d octets, %v; want the %d of the payload", m.Name, len(out), err, len(b))
		}
		ctl := v.Content.CertificateTrustListTlm
		if ctl == nil || !ctl.IsFullCtl {
			t.Fatalf("%s: not a full TLM CTL: %v", m.Name, v.Content.Choice)
		}
		kinds := map[string]int{}
		for _, c := range ctl.CtlCommands {
			if c.Add != nil {
				kinds[c.Add.Choice.String()]++
			}
		}
		t.Logf("%s: %d octets, sequence %d, entries added %v", m.Name, len(b), ctl.CtlSequence, kinds)
	}
	if n != 2 {
		t.Errorf("%d ECTLs, want 2", n)
	}
}

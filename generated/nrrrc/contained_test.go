package nrrrc_test

import (
	"encoding/hex"
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/asn1gen/asn1gen/generated/nrrrc"
	"github.com/asn1gen/asn1gen/runtime/der"
)

// TestAsn1ctContainedOctets records why the DL-CCCH and DL-DCCH values
// that TestPERInteropRRC (codegen/gen) has asn1ct draw fail here, and
// that asn1ct deviates, not the generated decoder. masterCellGroup, in
// RRCSetup-IEs (and in RRCResume-IEs and RRCReconfiguration-v1530-IEs
// of DL-DCCH), is an OCTET STRING (CONTAINING CellGroupConfig): X.682 11
// makes its octets the complete encoding of a CellGroupConfig in the
// same variant (X.691 11.1), at least its 10 bits of extension bit,
// preamble and cellGroupId. asn1 5.0.21 ignores the constraint and
// asn1ct:value draws any octets: in a run of the driver's seed, the
// masterCellGroups of its RRCSetups were the empty string, "OCT" and
// "OCTET". Each message below is asn1ct's UNALIGNED encoding of an
// RRCSetup (transaction 1, an empty RadioBearerConfig) with one of those
// octets in masterCellGroup, and asn1ct's own decode of the octets as a
// CellGroupConfig fails (badmatch in dec_CellGroupConfig). The generated
// decoder rejects the message at the field, as it rejects the octets
// alone as a CellGroupConfig. With a CellGroupConfig there (cellGroupId
// 0, nothing else: 00 00), the two agree: the message decodes and
// re-encodes to asn1ct's bytes.
func TestAsn1ctContainedOctets(t *testing.T) {
	const field = "DL-CCCH-Message.message.c1.rrcSetup.criticalExtensions.rrcSetup.masterCellGroup"
	for _, c := range []struct {
		name, mcg, msg string
		valid          bool
	}{
		{"empty", "", "280000", false},
		{"OCT", "4f4354", "28000d3d0d50", false},
		{"OCTET", "4f43544554", "2800153d0d511550", false},
		{"CellGroupConfig", "0000", "2800080000", true},
	} {
		t.Run(c.name, func(t *testing.T) {
			msg, err := hex.DecodeString(c.msg)
			if err != nil {
				t.Fatal(err)
			}
			mcg, err := hex.DecodeString(c.mcg)
			if err != nil {
				t.Fatal(err)
			}
			var cg nrrrc.CellGroupConfig
			cgErr := cg.UnmarshalUPER(mcg)
			var v nrrrc.DLCCCHMessage
			err = v.UnmarshalUPER(msg)
			if !c.valid {
				if cgErr == nil {
					t.Errorf("%x decodes as a CellGroupConfig: %+v", mcg, cg)
				}
				// The field's length starts at bit 14, after the
				// CHOICE indices, the transaction, the preamble and
				// the RadioBearerConfig.
				var e *der.Error
				if !errors.As(err, &e) || !e.Bits || !strings.HasPrefix(e.Path(), field) || e.Offset < 14 || e.Offset > 8*len(msg) {
					t.Fatalf("UnmarshalUPER: %v; want an error in %s, at bit 14 or later", err, field)
				}
				return
			}
			if cgErr != nil {
				t.Fatalf("%x as a CellGroupConfig: %v", mcg, cgErr)
			}
			if err != nil {
				t.Fatalf("UnmarshalUPER: %v", err)
			}
			ies := v.Message.C1.RRCSetup.CriticalExtensions.RRCSetup
			if diff := cmp.Diff(cg, ies.MasterCellGroup); diff != "" {
				t.Errorf("masterCellGroup (-alone +in the message):\n%s", diff)
			}
			out, err := v.MarshalUPER()
			if err != nil {
				t.Fatalf("MarshalUPER: %v", err)
			}
			if diff := cmp.Diff(c.msg, hex.EncodeToString(out)); diff != "" {
				t.Errorf("re-encoded (-asn1ct +got):\n%s", diff)
			}
		})
	}
}

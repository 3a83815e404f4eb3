package nrrrc_test

import (
	"encoding/binary"
	"encoding/hex"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/asn1gen/asn1gen/generated/nrrrc"
	"github.com/asn1gen/asn1gen/internal/permsg"
	"github.com/asn1gen/asn1gen/runtime/der"
)

const messagesFile = "../../testdata/per/nr-rrc.txt"

// uperValue is what the test needs of a generated type.
type uperValue interface {
	UnmarshalUPER([]byte) error
	MarshalUPER() ([]byte, error)
}

// newValue returns a new value of the ASN.1 type named, for the types the
// file's blocks name.
var newValue = map[string]func() uperValue{
	"BCCH-BCH-Message":    func() uperValue { return new(nrrrc.BCCHBCHMessage) },
	"BCCH-DL-SCH-Message": func() uperValue { return new(nrrrc.BCCHDLSCHMessage) },
	"DL-CCCH-Message":     func() uperValue { return new(nrrrc.DLCCCHMessage) },
	"DL-DCCH-Message":     func() uperValue { return new(nrrrc.DLDCCHMessage) },
	"PCCH-Message":        func() uperValue { return new(nrrrc.PCCHMessage) },
	"UL-CCCH-Message":     func() uperValue { return new(nrrrc.ULCCCHMessage) },
	"UL-CCCH1-Message":    func() uperValue { return new(nrrrc.ULCCCH1Message) },
	"UL-DCCH-Message":     func() uperValue { return new(nrrrc.ULDCCHMessage) },
	"MIB":                 func() uperValue { return new(nrrrc.MIB) },
	"SIB1":                func() uperValue { return new(nrrrc.SIB1) },
	"CellGroupConfig":     func() uperValue { return new(nrrrc.CellGroupConfig) },
	"RadioBearerConfig":   func() uperValue { return new(nrrrc.RadioBearerConfig) },
	"RRCReconfiguration":  func() uperValue { return new(nrrrc.RRCReconfiguration) },
	"UE-NR-Capability":    func() uperValue { return new(nrrrc.UENRCapability) },
	"UE-MRDC-Capability":  func() uperValue { return new(nrrrc.UEMRDCCapability) },
}

// invalidContents lists the blocks that are not valid NR RRC, with the
// field path of the error a decode must report. srsRAN Project's
// rrc_reconfig_pdu carries the placeholder octets DE AD BE EF in
// masterCellGroup, an OCTET STRING (CONTAINING CellGroupConfig): X.682
// 11 makes the octets the encoding of a CellGroupConfig, and DE AD BE EF
// is none (asn1ct, asked to decode them as a CellGroupConfig, fails in
// dec_RLC-Config too). asn1ct's "decodes, re-encodes identical" is
// because it ignores contents constraints: asn1 5.0.21's parser makes a
// contentsconstraint term that no other part of asn1ct reads, so it
// treats the field as a plain OCTET STRING.
var invalidContents = map[string]string{
	"DL-DCCH-Message/RRCReconfiguration": "DL-DCCH-Message.message.c1.rrcReconfiguration.criticalExtensions.rrcReconfiguration.nonCriticalExtension.masterCellGroup.",
}

// checks look into some decoded values, against what asn1ct decodes from
// the same bytes, so that a decode that loses or misplaces fields cannot
// pass by re-encoding what it skipped.
var checks = map[string]func(t *testing.T, v uperValue){
	"MIB/MIB (srsRAN DU, band n78)": func(t *testing.T, v uperValue) {
		m := v.(*nrrrc.MIB)
		type mib struct {
			SFN    der.BitString
			Offset int64
			PDCCH  nrrrc.PDCCHConfigSIB1
			Barred nrrrc.MIB_CellBarred
		}
		want := mib{der.BitString{Bytes: []byte{0}, BitLength: 6}, 14, nrrrc.PDCCHConfigSIB1{ControlResourceSetZero: 5, SearchSpaceZero: 8}, nrrrc.MIB_Barred}
		if diff := cmp.Diff(want, mib{m.SystemFrameNumber, m.SsbSubcarrierOffset, m.PdcchConfigSIB1, m.CellBarred}); diff != "" {
			t.Errorf("MIB (-want +got):\n%s", diff)
		}
	},
	"SIB1/SIB1 (srsRAN DU, PLMN 208/99, band n78)": func(t *testing.T, v uperValue) {
		s := v.(*nrrrc.SIB1)
		plmn := s.CellAccessRelatedInfo.PlmnIdentityInfoList[0].PlmnIdentityList[0]
		type sib1 struct {
			MCC, MNC  []nrrrc.MCCMNCDigit
			QRxLevMin nrrrc.QRxLevMin
			Band      nrrrc.FreqBandIndicatorNR
		}
		got := sib1{plmn.Mcc, plmn.Mnc, s.CellSelectionInfo.QRxLevMin,
			s.ServingCellConfigCommon.DownlinkConfigCommon.FrequencyInfoDL.FrequencyBandList[0].FreqBandIndicatorNR}
		if diff := cmp.Diff(sib1{[]nrrrc.MCCMNCDigit{2, 0, 8}, []nrrrc.MCCMNCDigit{9, 9}, -65, 78}, got); diff != "" {
			t.Errorf("SIB1 (-want +got):\n%s", diff)
		}
	},
	"UL-CCCH-Message/RRCResumeRequest": func(t *testing.T, v uperValue) {
		r := v.(*nrrrc.ULCCCHMessage).Message.C1.RRCResumeRequest.RRCResumeRequest
		type resume struct {
			ID, MAC der.BitString
			Cause   nrrrc.ResumeCause
		}
		want := resume{der.BitString{Bytes: []byte{1, 1, 3}, BitLength: 24}, der.BitString{Bytes: []byte{0x37, 0x81}, BitLength: 16}, nrrrc.ResumeCause_Emergency}
		if diff := cmp.Diff(want, resume{der.BitString(r.ResumeIdentity), r.ResumeMACI, r.ResumeCause}); diff != "" {
			t.Errorf("RRCResumeRequest (-want +got):\n%s", diff)
		}
	},
	"UE-NR-Capability/UE-NR-Capability (Simcom SIM8262E-M2, Rel-15)": func(t *testing.T, v uperValue) {
		if got := v.(*nrrrc.UENRCapability).AccessStratumRelease; got != nrrrc.AccessStratumRelease_Rel15 {
			t.Errorf("accessStratumRelease %d, want rel15", got)
		}
	},
}

// canonical holds asn1ct's re-encodings of the three messages whose
// bitmaps an older release wrote (verify.sh's "differs" lines; the bytes
// are what RRC.erl's encode makes of its decode of the block, asn1
// 5.0.21): asn1ct writes this release's bitmap lengths, the canonical
// encoding that a value built in Go gets.
var canonical = map[string]string{
	"CellGroupConfig/CellGroupConfig (DU to CU, srsRAN DU)":          "5c00b001117aec701061e0007c20408d07810020a2090480ca8000f800000000008370842000088165000048200002069a06aa4988000200204000400d008013b64b1814400e468acf120000096070820f177e060870000000e25038000040bde8020004000000000282019505006200",
	"UE-MRDC-Capability/UE-MRDC-Capability":                          "011c048160001c4d0000000400400404d1d00001d01853a06c41e000008000402020040080",
	"UE-NR-Capability/UE-NR-Capability (Simcom SIM8262E-M2, Rel-15)": "e1a05380574f7a031600030a40002c1001018093170019c3d0b0018906804c060188c00541b137582308682041d21100145b2a8a84873e819f604f8c73e618f28581c0e1e05c0077c007001df0007080006ca0000a000000250789a00184d00000405c20e268000011d00003202850a76cb5e3c085b2d78e3d08a000f800c040500603009401800180f80800800000004000008020000080100000600800004011943594b59337953591b402040000006c0010000101b00040000806c00025288aa53174aa287800bc025028140a0500024210000420a00400c010028040060a0040040180080500000100800c0b0280",
}

// forgetBitmapLengths clears, in every SEQUENCE of v, an Unknown that
// holds only the length of the bitmap received (no unknown addition),
// making v what it would be had it been built in Go; it returns how many
// it cleared.
func forgetBitmapLengths(v reflect.Value) int {
	n := 0
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			n += forgetBitmapLengths(v.Elem())
		}
	case reflect.Slice, reflect.Array:
		if v.Type().Elem().Kind() == reflect.Uint8 {
			return 0
		}
		for i := range v.Len() {
			n += forgetBitmapLengths(v.Index(i))
		}
	case reflect.Struct:
		for i := range v.NumField() {
			f := v.Field(i)
			if v.Type().Field(i).Name == "Unknown" && f.Kind() == reflect.Slice {
				if l, k := binary.Uvarint(f.Bytes()); k > 0 && l > 0 && k == f.Len() {
					f.SetBytes(nil)
					n++
				}
				continue
			}
			n += forgetBitmapLengths(f)
		}
	}
	return n
}

// TestRealMessages decodes every message of testdata/per/nr-rrc.txt with
// its type and re-encodes it: the bytes must be those received, including
// the three messages whose extension bitmaps an older release wrote
// (their "erlang:" lines: asn1ct re-encodes them differently).
func TestRealMessages(t *testing.T) {
	msgs := permsg.MustRead(t, messagesFile)
	if len(msgs) < 17 {
		t.Fatalf("%s: %d messages, want at least 17", messagesFile, len(msgs))
	}
	checked, canon := 0, 0
	for _, m := range msgs {
		key := m.Type + "/" + m.Name
		t.Run(key, func(t *testing.T) {
			if m.Variant != "uper" {
				t.Fatalf("line %d: variant %q", m.Line, m.Variant)
			}
			mk, ok := newValue[m.Type]
			if !ok {
				t.Fatalf("line %d: no Go type for %s", m.Line, m.Type)
			}
			v := mk()
			err := v.UnmarshalUPER(m.Bytes)
			if path, ok := invalidContents[key]; ok {
				var e *der.Error
				if !errors.As(err, &e) || !e.Bits || !strings.HasPrefix(e.Path(), path) || e.Offset < 0 || e.Offset > 8*len(m.Bytes) {
					t.Fatalf("line %d: UnmarshalUPER: got %v, want an error at %s...", m.Line, err, path)
				}
				return
			}
			if err != nil {
				t.Fatalf("line %d: UnmarshalUPER: %v", m.Line, err)
			}
			got, err := v.MarshalUPER()
			if err != nil {
				t.Fatalf("line %d: MarshalUPER: %v", m.Line, err)
			}
			if diff := cmp.Diff(hex.EncodeToString(m.Bytes), hex.EncodeToString(got)); diff != "" {
				t.Errorf("line %d: re-encoded (-received +got):\n%s", m.Line, diff)
			}
			if want, ok := canonical[key]; ok {
				canon++
				if forgetBitmapLengths(reflect.ValueOf(v)) == 0 {
					t.Errorf("line %d: no bitmap length kept", m.Line)
				}
				got, err := v.MarshalUPER()
				if err != nil {
					t.Fatalf("line %d: MarshalUPER without the lengths: %v", m.Line, err)
				}
				if diff := cmp.Diff(want, hex.EncodeToString(got)); diff != "" {
					t.Errorf("line %d: without the bitmap lengths received, not asn1ct's encoding (-asn1ct +got):\n%s", m.Line, diff)
				}
			}
			if check, ok := checks[key]; ok {
				check(t, v)
				checked++
			}
		})
	}
	if canon != len(canonical) {
		t.Errorf("%d of the %d canonical encodings compared: a block was renamed?", canon, len(canonical))
	}
	if checked != len(checks) {
		t.Errorf("%d of the %d checks ran: a block was renamed?", checked, len(checks))
	}
}

package nrrrc_test

import (
	"testing"

	"github.com/asn1gen/asn1gen/generated/nrrrc"
	"github.com/asn1gen/asn1gen/internal/permsg"
	"github.com/asn1gen/asn1gen/runtime/der"
)

// roundTrip is permsg.RoundTrip with the UPER codec of one type.
type roundTrip func([]byte) (permsg.Outcome, error)

func uper[T any](u func(*T, []byte) error, m func(*T) ([]byte, error)) roundTrip {
	c := permsg.Codec[T]{Unmarshal: u, Marshal: m}
	return func(b []byte) (permsg.Outcome, error) { return permsg.RoundTrip(c, b) }
}

// roundTrips are the types of the fuzz targets and of the blocks of
// testdata/per/nr-rrc.txt, by ASN.1 name: the messages of every logical
// channel, the IEs the file carries in containers, and the list of UE
// capability containers of UECapabilityInformation.
var roundTrips = map[string]roundTrip{
	"BCCH-BCH-Message":               uper((*nrrrc.BCCHBCHMessage).UnmarshalUPER, (*nrrrc.BCCHBCHMessage).MarshalUPER),
	"BCCH-DL-SCH-Message":            uper((*nrrrc.BCCHDLSCHMessage).UnmarshalUPER, (*nrrrc.BCCHDLSCHMessage).MarshalUPER),
	"DL-CCCH-Message":                uper((*nrrrc.DLCCCHMessage).UnmarshalUPER, (*nrrrc.DLCCCHMessage).MarshalUPER),
	"DL-DCCH-Message":                uper((*nrrrc.DLDCCHMessage).UnmarshalUPER, (*nrrrc.DLDCCHMessage).MarshalUPER),
	"PCCH-Message":                   uper((*nrrrc.PCCHMessage).UnmarshalUPER, (*nrrrc.PCCHMessage).MarshalUPER),
	"UL-CCCH-Message":                uper((*nrrrc.ULCCCHMessage).UnmarshalUPER, (*nrrrc.ULCCCHMessage).MarshalUPER),
	"UL-CCCH1-Message":               uper((*nrrrc.ULCCCH1Message).UnmarshalUPER, (*nrrrc.ULCCCH1Message).MarshalUPER),
	"UL-DCCH-Message":                uper((*nrrrc.ULDCCHMessage).UnmarshalUPER, (*nrrrc.ULDCCHMessage).MarshalUPER),
	"MIB":                            uper((*nrrrc.MIB).UnmarshalUPER, (*nrrrc.MIB).MarshalUPER),
	"SIB1":                           uper((*nrrrc.SIB1).UnmarshalUPER, (*nrrrc.SIB1).MarshalUPER),
	"CellGroupConfig":                uper((*nrrrc.CellGroupConfig).UnmarshalUPER, (*nrrrc.CellGroupConfig).MarshalUPER),
	"RadioBearerConfig":              uper((*nrrrc.RadioBearerConfig).UnmarshalUPER, (*nrrrc.RadioBearerConfig).MarshalUPER),
	"RRCReconfiguration":             uper((*nrrrc.RRCReconfiguration).UnmarshalUPER, (*nrrrc.RRCReconfiguration).MarshalUPER),
	"UE-NR-Capability":               uper((*nrrrc.UENRCapability).UnmarshalUPER, (*nrrrc.UENRCapability).MarshalUPER),
	"UE-MRDC-Capability":             uper((*nrrrc.UEMRDCCapability).UnmarshalUPER, (*nrrrc.UEMRDCCapability).MarshalUPER),
	"UE-CapabilityRAT-ContainerList": uper((*nrrrc.UECapabilityRATContainerList).UnmarshalUPER, (*nrrrc.UECapabilityRATContainerList).MarshalUPER),
}

// The fuzz targets decode arbitrary input as one type each (permsg.Fuzz's
// round trip: no panic, every error located, what decodes re-encodes to
// the input), seeded with the type's real messages and the ones seeds
// builds.

func FuzzBCCHBCHMessage(f *testing.F)   { fuzzUPER(f, "BCCH-BCH-Message") }
func FuzzBCCHDLSCHMessage(f *testing.F) { fuzzUPER(f, "BCCH-DL-SCH-Message") }
func FuzzDLCCCHMessage(f *testing.F)    { fuzzUPER(f, "DL-CCCH-Message") }
func FuzzDLDCCHMessage(f *testing.F)    { fuzzUPER(f, "DL-DCCH-Message") }
func FuzzPCCHMessage(f *testing.F)      { fuzzUPER(f, "PCCH-Message") }
func FuzzULCCCHMessage(f *testing.F)    { fuzzUPER(f, "UL-CCCH-Message") }
func FuzzULCCCH1Message(f *testing.F)   { fuzzUPER(f, "UL-CCCH1-Message") }
func FuzzULDCCHMessage(f *testing.F)    { fuzzUPER(f, "UL-DCCH-Message") }

// FuzzUENRCapability and the next two fuzz the UE capabilities, which a
// UE sends in the containers of UECapabilityInformation and a network
// function decodes from there.
func FuzzUENRCapability(f *testing.F)   { fuzzUPER(f, "UE-NR-Capability") }
func FuzzUEMRDCCapability(f *testing.F) { fuzzUPER(f, "UE-MRDC-Capability") }
func FuzzUECapabilityRATContainerList(f *testing.F) {
	fuzzUPER(f, "UE-CapabilityRAT-ContainerList")
}

// fuzzUPER runs the round trip of typ on its seeds and on the fuzzer's
// inputs.
func fuzzUPER(f *testing.F, typ string) {
	check := roundTrips[typ]
	ss := seeds(f)[typ]
	if check == nil || len(ss) == 0 {
		f.Fatalf("%s: no codec or no seeds", typ)
	}
	for _, b := range ss {
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		if _, err := check(b); err != nil {
			t.Fatal(err)
		}
	})
}

// seeds returns the seeds of each type: its blocks of
// testdata/per/nr-rrc.txt and, for the types the file has no message of,
// values built of the parts it has (a SIB1 on the BCCH-DL-SCH, an
// RRCSetup of its RadioBearerConfig and CellGroupConfig, the capability
// containers of its UE capabilities) or of a few fields.
func seeds(f *testing.F) map[string][][]byte {
	f.Helper()
	s := map[string][][]byte{}
	for _, m := range permsg.MustRead(f, messagesFile) {
		s[m.Type] = append(s[m.Type], m.Bytes)
	}
	// The file's MIB is also a BCCH-BCH-Message (its "source" line).
	s["BCCH-BCH-Message"] = append(s["BCCH-BCH-Message"], s["MIB"]...)
	first := func(typ string, v uperValue) {
		if err := v.UnmarshalUPER(s[typ][0]); err != nil {
			f.Fatalf("%s: %v", typ, err)
		}
	}
	var sib1 nrrrc.SIB1
	var rb nrrrc.RadioBearerConfig
	var cg nrrrc.CellGroupConfig
	first("SIB1", &sib1)
	first("RadioBearerConfig", &rb)
	first("CellGroupConfig", &cg)
	add := func(typ string, v uperValue) {
		b, err := v.MarshalUPER()
		if err != nil {
			f.Fatalf("%s: %v", typ, err)
		}
		s[typ] = append(s[typ], b)
	}
	add("BCCH-DL-SCH-Message", &nrrrc.BCCHDLSCHMessage{Message: nrrrc.BCCHDLSCHMessageType{
		Choice: nrrrc.BCCHDLSCHMessageTypeChoice_C1,
		C1:     &nrrrc.BCCHDLSCHMessageType_C1{Choice: nrrrc.BCCHDLSCHMessageType_SystemInformationBlockType1, SystemInformationBlockType1: &sib1},
	}})
	add("DL-CCCH-Message", &nrrrc.DLCCCHMessage{Message: nrrrc.DLCCCHMessageType{
		Choice: nrrrc.DLCCCHMessageTypeChoice_C1,
		C1: &nrrrc.DLCCCHMessageType_C1{Choice: nrrrc.DLCCCHMessageType_RRCSetup, RRCSetup: &nrrrc.RRCSetup{
			RRCTransactionIdentifier: 1,
			CriticalExtensions: nrrrc.RRCSetup_CriticalExtensions{Choice: nrrrc.RRCSetup_RRCSetup,
				RRCSetup: &nrrrc.RRCSetupIEs{RadioBearerConfig: rb, MasterCellGroup: cg}},
		}},
	}})
	add("DL-CCCH-Message", &nrrrc.DLCCCHMessage{Message: nrrrc.DLCCCHMessageType{
		Choice: nrrrc.DLCCCHMessageTypeChoice_C1,
		C1: &nrrrc.DLCCCHMessageType_C1{Choice: nrrrc.DLCCCHMessageType_RRCReject, RRCReject: nrrrc.RRCReject{
			CriticalExtensions: nrrrc.RRCReject_CriticalExtensions{Choice: nrrrc.RRCReject_RRCReject,
				RRCReject: nrrrc.RRCRejectIEs{WaitTime: 10, HasWaitTime: true}},
		}},
	}})
	add("UL-CCCH1-Message", &nrrrc.ULCCCH1Message{Message: nrrrc.ULCCCH1MessageType{
		Choice: nrrrc.ULCCCH1MessageTypeChoice_C1,
		C1: &nrrrc.ULCCCH1MessageType_C1{Choice: nrrrc.ULCCCH1MessageType_RRCResumeRequest1, RRCResumeRequest1: &nrrrc.RRCResumeRequest1{
			RRCResumeRequest1: nrrrc.RRCResumeRequest1IEs{
				ResumeIdentity: nrrrc.IRNTIValue{Bytes: []byte{1, 2, 3, 4, 5}, BitLength: 40},
				ResumeMACI:     der.BitString{Bytes: []byte{0x37, 0x81}, BitLength: 16},
				ResumeCause:    nrrrc.ResumeCause_MtAccess,
				Spare:          der.BitString{Bytes: []byte{0}, BitLength: 1},
			},
		}},
	}})
	add("PCCH-Message", &nrrrc.PCCHMessage{Message: nrrrc.PCCHMessageType{
		Choice: nrrrc.PCCHMessageTypeChoice_C1,
		C1: &nrrrc.PCCHMessageType_C1{Choice: nrrrc.PCCHMessageType_Paging, Paging: &nrrrc.Paging{
			HasPagingRecordList: true,
			PagingRecordList: nrrrc.PagingRecordList{
				{UEIdentity: nrrrc.PagingUEIdentity{Choice: nrrrc.PagingUEIdentity_Ng5GSTMSI,
					Ng5GSTMSI: nrrrc.NG5GSTMSI{Bytes: []byte{0xca, 0xfe, 0, 0, 0, 1}, BitLength: 48}}},
				{UEIdentity: nrrrc.PagingUEIdentity{Choice: nrrrc.PagingUEIdentity_FullIRNTI,
					FullIRNTI: nrrrc.IRNTIValue{Bytes: []byte{1, 2, 3, 4, 5}, BitLength: 40}},
					AccessType: nrrrc.PagingRecord_Non3GPP, HasAccessType: true},
			},
		}},
	}})
	add("UE-CapabilityRAT-ContainerList", &nrrrc.UECapabilityRATContainerList{
		{RatType: nrrrc.RATType_Nr, UECapabilityRATContainer: s["UE-NR-Capability"][0]},
		{RatType: nrrrc.RATType_EutraNr, UECapabilityRATContainer: s["UE-MRDC-Capability"][0]},
	})
	return s
}

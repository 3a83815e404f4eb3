package ngap_test

import (
	"bufio"
	"bytes"
	"encoding/hex"
	"fmt"
	"log"
	"os"
	"strings"

	"github.com/asn1gen/asn1gen/generated/ngap"
	"github.com/asn1gen/asn1gen/runtime/der"
	"github.com/asn1gen/asn1gen/runtime/per"
)

// Decode a real NGSetupRequest (from srsRAN's tests, in
// testdata/per/ngap.txt), read each of its IEs through its typed field, and
// encode it again to the same bytes.
func ExampleNGAPPDU_UnmarshalAPER() {
	msg, err := readMessage("../../testdata/per/ngap.txt", "NGSetupRequest")
	if err != nil {
		log.Fatal(err)
	}
	var pdu ngap.NGAPPDU
	if err := pdu.UnmarshalAPER(msg); err != nil {
		// A *der.Error with the bit offset and field path; the first 10
		// octets of this message give "asn1:
		// NGAP-PDU.initiatingMessage.value at bit 32: open type: needs 384
		// bits, 48 left (X.691 10)".
		log.Fatal(err)
	}
	fmt.Println(pdu.Choice, pdu.InitiatingMessage.Value.Kind)
	for _, ie := range pdu.InitiatingMessage.Value.NGSetup.ProtocolIEs {
		switch v := ie.Value; v.Kind {
		case ngap.NGSetupRequestIEs_IDGlobalRANNodeID:
			gnb := v.IDGlobalRANNodeID.GlobalGNBID
			fmt.Printf("%v: PLMN %x, gNB-ID %x\n", v.Kind, gnb.PLMNIdentity, gnb.GNBID.GNBID.Bytes)
		case ngap.NGSetupRequestIEs_IDRANNodeName:
			fmt.Printf("%v: %q\n", v.Kind, v.IDRANNodeName)
		case ngap.NGSetupRequestIEs_IDSupportedTAList:
			for _, ta := range v.IDSupportedTAList {
				fmt.Printf("%v: TAC %x, %d PLMN\n", v.Kind, ta.TAC, len(ta.BroadcastPLMNList))
			}
		case ngap.NGSetupRequestIEs_IDDefaultPagingDRX:
			fmt.Printf("%v: %v\n", v.Kind, v.IDDefaultPagingDRX)
		default:
			fmt.Printf("IE %d: %x\n", ie.ID, v.Raw)
		}
	}
	out, err := pdu.MarshalAPER()
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("re-encoded identical:", bytes.Equal(out, msg))
	// Output:
	// initiatingMessage nGSetup
	// id-GlobalRANNodeID: PLMN 00f110, gNB-ID 00000001
	// id-RANNodeName: "gnb1"
	// id-SupportedTAList: TAC 000075, 1 PLMN
	// id-DefaultPagingDRX: v256
	// re-encoded identical: true
}

// Decode srsRAN's AMFConfigurationUpdate (testdata/per/ngap.txt), whose
// AMFName is the one character 0x11, outside PrintableString: the strict
// decode rejects it; the tolerant mode keeps the character and lists the
// deviation, at its bit offset and field path.
func Example_tolerant() {
	msg, err := readMessage("../../testdata/per/ngap.txt", "AMFConfigurationUpdate")
	if err != nil {
		log.Fatal(err)
	}
	var pdu ngap.NGAPPDU
	fmt.Println(pdu.UnmarshalAPER(msg))
	var devs []der.Deviation
	if err := per.Unmarshal(msg, &pdu, true, per.Tolerant(&devs)); err != nil {
		log.Fatal(err) // only a structural defect or a limit
	}
	for _, d := range devs {
		fmt.Println(d)
	}
	fmt.Printf("%q\n", *pdu.InitiatingMessage.Value.AMFConfigurationUpdate.ProtocolIEs[0].Value.IDAMFName)
	// Output:
	// asn1: NGAP-PDU.initiatingMessage.value.protocolIEs[0].value at bit 104: PrintableString: character not in the alphabet (X.691 30.5.4)
	// initiatingMessage.value.protocolIEs[0].value at bit 104: PrintableString: character not in the alphabet (X.691 30.5.4)
	// "\x11"
}

// readMessage returns the hex line of the first block of a testdata/per
// file whose "# message:" is name.
func readMessage(path, name string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	found := false
	for s := bufio.NewScanner(f); s.Scan(); {
		line := strings.TrimSpace(s.Text())
		switch {
		case line == "# message: "+name:
			found = true
		case found && line != "" && !strings.HasPrefix(line, "#"):
			return hex.DecodeString(line)
		}
	}
	return nil, fmt.Errorf("%s: no message %s", path, name)
}

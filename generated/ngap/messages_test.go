package ngap

import (
	"reflect"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/asn1gen/asn1gen/internal/permsg"
	"github.com/asn1gen/asn1gen/runtime/der"
)

const messagesFile = "../../testdata/per/ngap.txt"

// TestMessages decodes every real message with UnmarshalAPER, checks that
// each IE, extension and procedure value was decoded into its typed field
// (none left raw: every id of these messages is in its table), re-encodes
// it with MarshalAPER to the same bytes and decodes that to the same value
// (permsg.Messages.Test).
func TestMessages(t *testing.T) {
	msgs := permsg.MustRead(t, messagesFile)
	if len(msgs) != 19 {
		t.Errorf("%d messages in %s, want 19", len(msgs), messagesFile)
	}
	permsg.Messages[NGAPPDU]{
		Codec:     permsg.Codec[NGAPPDU]{Unmarshal: (*NGAPPDU).UnmarshalAPER, Marshal: (*NGAPPDU).MarshalAPER},
		Root:      "NGAP-PDU",
		Invalid:   invalidMessages,
		Checks:    messageChecks,
		Procedure: procedureName,
	}.Test(t, msgs)
}

// invalidMessages are the messages of the file that X.691 says do not
// decode, by line, with the error a strict decode reports. asn1ct decodes
// them: it does not check the characters of a PrintableString.
var invalidMessages = map[int]permsg.WantError{
	// srsRAN's AMFConfigurationUpdate: its AMFName (PrintableString
	// (SIZE(1..150, ...))) is one character 0x11, in the last octet.
	14: {Kind: der.KindInvalidValue, Offset: 8 * 13, Path: "NGAP-PDU.initiatingMessage.value.protocolIEs[0].value"},
}

// messageChecks look at values in the messages, by line, read from the hex
// by hand: they are there only if the IEs were decoded to their types.
var messageChecks = map[int]func(t *testing.T, v *NGAPPDU){
	// NGSetupRequest: ... 0052 40 06 0180 676e6231 ...: RANNodeName
	// (id 82) "gnb1", after the GlobalRANNodeID (id 27) of gNB-ID
	// 0x000001 in PLMN 00f110.
	22: func(t *testing.T, v *NGAPPDU) {
		ies := v.InitiatingMessage.Value.NGSetup.ProtocolIEs
		if len(ies) != 4 {
			t.Fatalf("NGSetupRequest: %d IEs, want 4", len(ies))
		}
		if got := ies[1].Value; got.Kind != NGSetupRequestIEs_IDRANNodeName || got.IDRANNodeName != "gnb1" {
			t.Errorf("NGSetupRequest IE 1: Kind %v RANNodeName %q, want RANNodeName \"gnb1\"", got.Kind, got.IDRANNodeName)
		}
		g := ies[0].Value.IDGlobalRANNodeID
		if ies[0].Value.Kind != NGSetupRequestIEs_IDGlobalRANNodeID || g == nil || g.GlobalGNBID == nil {
			t.Fatalf("NGSetupRequest IE 0: %+v, want a GlobalRANNodeID of a gNB", ies[0].Value)
		}
		if diff := cmp.Diff([]byte{0x00, 0xf1, 0x10}, []byte(g.GlobalGNBID.PLMNIdentity)); diff != "" {
			t.Errorf("GlobalGNB-ID.pLMNIdentity (-want +got):\n%s", diff)
		}
	},
	// NGSetupResponse: 0001 00 3a 1b80 616d66312e... : AMFName (id 1) of
	// 56 characters; ... 0056 40 01 05: RelativeAMFCapacity (id 86) 5.
	30: func(t *testing.T, v *NGAPPDU) {
		ies := v.SuccessfulOutcome.Value.NGSetup.ProtocolIEs
		if len(ies) != 4 {
			t.Fatalf("NGSetupResponse: %d IEs, want 4", len(ies))
		}
		if got, want := ies[0].Value.IDAMFName, AMFName("amf1.cluster1.net2.amf.5gc.mnc001.mcc001.3gppnetwork.org"); got != want {
			t.Errorf("AMFName %q, want %q", got, want)
		}
		if got := ies[2].Value; got.Kind != AMFConfigurationUpdateIEs_IDRelativeAMFCapacity || got.IDRelativeAMFCapacity != 5 {
			t.Errorf("NGSetupResponse IE 2: Kind %v RelativeAMFCapacity %d, want 5", got.Kind, got.IDRelativeAMFCapacity)
		}
	},
}

// procedureName names the message v holds by its value's Go type.
func procedureName(v *NGAPPDU) string {
	var val reflect.Value
	switch v.Choice {
	case NGAPPDU_InitiatingMessage:
		val = reflect.ValueOf(v.InitiatingMessage.Value)
	case NGAPPDU_SuccessfulOutcome:
		val = reflect.ValueOf(v.SuccessfulOutcome.Value)
	case NGAPPDU_UnsuccessfulOutcome:
		val = reflect.ValueOf(v.UnsuccessfulOutcome.Value)
	default:
		return "no message"
	}
	// The field the Kind selects holds the message: the one that is set
	// (a pointer, nil for the other rows).
	for i := 2; i < val.NumField(); i++ {
		if f := val.Field(i); !f.IsZero() {
			return reflect.Indirect(f).Type().Name()
		}
	}
	return "an empty message"
}

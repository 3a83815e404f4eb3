package ngap

import (
	"bytes"
	"errors"
	"fmt"
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
// it with MarshalAPER to the same bytes and decodes that to the same value.
func TestMessages(t *testing.T) {
	msgs := permsg.MustRead(t, messagesFile)
	if len(msgs) != 19 {
		t.Errorf("%d messages in %s, want 19", len(msgs), messagesFile)
	}
	checked := map[int]bool{}
	for _, m := range msgs {
		var v NGAPPDU
		err := v.UnmarshalAPER(m.Bytes)
		if want, ok := invalidMessages[m.Line]; ok {
			checked[m.Line] = true
			var e *der.Error
			switch {
			case err == nil:
				t.Errorf("line %d %s: decodes; want the error %s", m.Line, m.Name, want)
			case !errors.As(err, &e) || !e.Bits || e.Offset != want.offset || e.Path() != want.path || e.Kind != want.kind:
				t.Errorf("line %d %s: error %v; want %s", m.Line, m.Name, err, want)
			}
			continue
		}
		if err != nil {
			t.Errorf("line %d %s: UnmarshalAPER: %v", m.Line, m.Name, err)
			continue
		}
		if check, ok := messageChecks[m.Line]; ok {
			checked[m.Line] = true
			check(t, &v)
		}
		unions := 0
		permsg.WalkUnions(reflect.ValueOf(&v).Elem(), "NGAP-PDU", func(path string, kind int64) {
			unions++
			if kind == 0 {
				t.Errorf("line %d %s: %s left raw", m.Line, m.Name, path)
			}
		})
		if unions == 0 {
			t.Errorf("line %d %s: no open type decoded", m.Line, m.Name)
		}
		if got := procedureName(&v); got != m.Name {
			t.Errorf("line %d: decoded a %s, the file says %s", m.Line, got, m.Name)
		}
		out, err := v.MarshalAPER()
		if err != nil {
			t.Errorf("line %d %s: MarshalAPER: %v", m.Line, m.Name, err)
			continue
		}
		if !bytes.Equal(out, m.Bytes) {
			t.Errorf("line %d %s: re-encoding differs\n got %x\nwant %x", m.Line, m.Name, out, m.Bytes)
			continue
		}
		var again NGAPPDU
		if err := again.UnmarshalAPER(out); err != nil {
			t.Errorf("line %d %s: decoding the re-encoding: %v", m.Line, m.Name, err)
			continue
		}
		if diff := cmp.Diff(v, again); diff != "" {
			t.Errorf("line %d %s: decoding the re-encoding (-first +second):\n%s", m.Line, m.Name, diff)
		}
	}
	for line := range messageChecks {
		if !checked[line] {
			t.Errorf("line %d: no message there to check", line)
		}
	}
}

// invalidMessages are the messages of the file that X.691 says do not
// decode, by line, with the error a strict decode reports. asn1ct decodes
// them: it does not check the characters of a PrintableString.
var invalidMessages = map[int]wantError{
	// srsRAN's AMFConfigurationUpdate: its AMFName (PrintableString
	// (SIZE(1..150, ...))) is one character 0x11, in the last octet.
	14: {der.KindInvalidValue, 8 * 13, "NGAP-PDU.initiatingMessage.value.protocolIEs[0].value"},
}

type wantError struct {
	kind   der.Kind
	offset int
	path   string
}

func (w wantError) String() string {
	return fmt.Sprintf("%v at bit %d of %s", w.kind, w.offset, w.path)
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
	// The field the Kind selects holds the message: the one that is set.
	for i := 2; i < val.NumField(); i++ {
		if !val.Field(i).IsZero() {
			return val.Field(i).Type().Name()
		}
	}
	return "an empty message"
}

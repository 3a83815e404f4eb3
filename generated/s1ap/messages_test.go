package s1ap

import (
	"reflect"
	"testing"

	"github.com/asn1gen/asn1gen/internal/permsg"
)

const messagesFile = "../../testdata/per/s1ap.txt"

// TestMessages decodes every real message with UnmarshalAPER, checks that
// each IE, extension and procedure value was decoded into its typed field
// (none left raw: every id of these messages is in its table), re-encodes
// it with MarshalAPER to the same bytes and decodes that to the same value
// (permsg.Messages.Test).
func TestMessages(t *testing.T) {
	msgs := permsg.MustRead(t, messagesFile)
	if len(msgs) != 17 {
		t.Errorf("%d messages in %s, want 17", len(msgs), messagesFile)
	}
	permsg.Messages[S1APPDU]{
		Codec:     permsg.Codec[S1APPDU]{Unmarshal: (*S1APPDU).UnmarshalAPER, Marshal: (*S1APPDU).MarshalAPER},
		Root:      "S1AP-PDU",
		Invalid:   invalidMessages,
		Checks:    messageChecks,
		Procedure: procedureName,
	}.Test(t, msgs)
}

// invalidMessages are the messages of the file that X.691 says do not
// decode, by line, with the error a strict decode reports: none.
var invalidMessages = map[int]permsg.WantError{}

// messageChecks look at values in the messages, by line, read from the hex
// by hand: they are there only if the IEs were decoded to their types.
var messageChecks = map[int]func(t *testing.T, v *S1APPDU){
	// S1SetupRequest: ... 003c 40 09 0300 4a4c542d363231 ...: eNBname
	// (id 60) "JLT-621" (a length of 7 in the eight bits after the
	// extension bit), the second of 4 IEs.
	14: func(t *testing.T, v *S1APPDU) { checkENBname(t, v, "JLT-621") },
	// S1SetupRequest: ... 003c 40 0a 0380 656e6231613264 30 ...: "enb1a2d0".
	62: func(t *testing.T, v *S1APPDU) { checkENBname(t, v, "enb1a2d0") },
}

func checkENBname(t *testing.T, v *S1APPDU, want ENBname) {
	t.Helper()
	ies := v.InitiatingMessage.Value.S1Setup.ProtocolIEs
	if len(ies) != 4 {
		t.Fatalf("S1SetupRequest: %d IEs, want 4", len(ies))
	}
	if got := ies[1].Value; got.IDENBname != want || got.IDGlobalENBID != nil {
		t.Errorf("S1SetupRequest IE 1: Kind %v eNBname %q, want %q", got.Kind, got.IDENBname, want)
	}
	if ies[0].Value.IDGlobalENBID == nil {
		t.Errorf("S1SetupRequest IE 0: no Global-ENB-ID: %+v", ies[0].Value)
	}
}

// procedureName names the message v holds by its value's Go type.
func procedureName(v *S1APPDU) string {
	var val reflect.Value
	switch v.Choice {
	case S1APPDU_InitiatingMessage:
		val = reflect.ValueOf(v.InitiatingMessage.Value)
	case S1APPDU_SuccessfulOutcome:
		val = reflect.ValueOf(v.SuccessfulOutcome.Value)
	case S1APPDU_UnsuccessfulOutcome:
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

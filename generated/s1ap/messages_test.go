package s1ap

import (
	"bytes"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/asn1gen/asn1gen/internal/permsg"
	"github.com/asn1gen/asn1gen/runtime/der"
)

const messagesFile = "../../testdata/per/s1ap.txt"

// TestMessages decodes every real message with UnmarshalAPER, checks that
// each IE, extension and procedure value was decoded into its typed field
// (none left raw: every id of these messages is in its table), re-encodes
// it with MarshalAPER to the same bytes and decodes that to the same value.
func TestMessages(t *testing.T) {
	msgs := permsg.MustRead(t, messagesFile)
	if len(msgs) != 17 {
		t.Errorf("%d messages in %s, want 17", len(msgs), messagesFile)
	}
	checked := map[int]bool{}
	for _, m := range msgs {
		var v S1APPDU
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
		permsg.WalkUnions(reflect.ValueOf(&v).Elem(), "S1AP-PDU", func(path string, kind int64) {
			unions++
			if kind == 0 {
				t.Errorf("line %d %s: %s left raw", m.Line, m.Name, path)
			}
		})
		if unions == 0 {
			t.Errorf("line %d %s: no open type decoded", m.Line, m.Name)
		}
		if got, want := procedureName(&v), strings.SplitN(m.Name, " (", 2)[0]; got != want {
			t.Errorf("line %d: decoded a %s, the file says %s", m.Line, got, want)
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
		var again S1APPDU
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
// decode, by line, with the error a strict decode reports: none.
var invalidMessages = map[int]wantError{}

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
	// The field the Kind selects holds the message: the one that is set.
	for i := 2; i < val.NumField(); i++ {
		if !val.Field(i).IsZero() {
			return val.Field(i).Type().Name()
		}
	}
	return "an empty message"
}

package ngap

import (
	"bufio"
	"bytes"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/asn1gen/asn1gen/runtime/der"
	"github.com/google/go-cmp/cmp"
)

// message is one block of testdata/per/ngap.txt: a real NGAP message from
// a public test suite (see testdata/per/SOURCES.md).
type message struct {
	name, source string
	line         int
	b            []byte
}

// readMessages reads the blocks of file: "# key: value" lines, then the
// message as one line of hex.
func readMessages(t testing.TB, file string) []message {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var out []message
	var cur message
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		switch {
		case line == "":
		case strings.HasPrefix(line, "# message: "):
			cur.name = strings.TrimPrefix(line, "# message: ")
		case strings.HasPrefix(line, "# source: "):
			cur.source = strings.TrimPrefix(line, "# source: ")
		case strings.HasPrefix(line, "#"):
		default:
			b, err := hex.DecodeString(line)
			if err != nil {
				t.Fatalf("%s:%d: %v", file, n, err)
			}
			cur.line, cur.b = n, b
			out = append(out, cur)
			cur = message{}
		}
	}
	return out
}

const messagesFile = "../../testdata/per/ngap.txt"

// TestMessages decodes every real message with UnmarshalAPER, checks that
// each IE, extension and procedure value was decoded into its typed field
// (none left raw: every id of these messages is in its table), re-encodes
// it with MarshalAPER to the same bytes and decodes that to the same value.
func TestMessages(t *testing.T) {
	msgs := readMessages(t, messagesFile)
	if len(msgs) != 19 {
		t.Errorf("%d messages in %s, want 19", len(msgs), messagesFile)
	}
	checked := map[int]bool{}
	for _, m := range msgs {
		var v NGAPPDU
		err := v.UnmarshalAPER(m.b)
		if want, ok := invalidMessages[m.line]; ok {
			checked[m.line] = true
			var e *der.Error
			switch {
			case err == nil:
				t.Errorf("line %d %s: decodes; want the error %s", m.line, m.name, want)
			case !errors.As(err, &e) || !e.Bits || e.Offset != want.offset || e.Path() != want.path || e.Kind != want.kind:
				t.Errorf("line %d %s: error %v; want %s", m.line, m.name, err, want)
			}
			continue
		}
		if err != nil {
			t.Errorf("line %d %s: UnmarshalAPER: %v", m.line, m.name, err)
			continue
		}
		if check, ok := messageChecks[m.line]; ok {
			checked[m.line] = true
			check(t, &v)
		}
		unions := 0
		walkUnions(reflect.ValueOf(&v).Elem(), "NGAP-PDU", func(path string, kind int64) {
			unions++
			if kind == 0 {
				t.Errorf("line %d %s: %s left raw", m.line, m.name, path)
			}
		})
		if unions == 0 {
			t.Errorf("line %d %s: no open type decoded", m.line, m.name)
		}
		if got := procedureName(&v); got != m.name {
			t.Errorf("line %d: decoded a %s, the file says %s", m.line, got, m.name)
		}
		out, err := v.MarshalAPER()
		if err != nil {
			t.Errorf("line %d %s: MarshalAPER: %v", m.line, m.name, err)
			continue
		}
		if !bytes.Equal(out, m.b) {
			t.Errorf("line %d %s: re-encoding differs\n got %x\nwant %x", m.line, m.name, out, m.b)
			continue
		}
		var again NGAPPDU
		if err := again.UnmarshalAPER(out); err != nil {
			t.Errorf("line %d %s: decoding the re-encoding: %v", m.line, m.name, err)
			continue
		}
		if diff := cmp.Diff(v, again); diff != "" {
			t.Errorf("line %d %s: decoding the re-encoding (-first +second):\n%s", m.line, m.name, diff)
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

// walkUnions calls f for every open type union in v (a struct with Raw
// and Kind first) with its path and Kind. It goes into the alternative a
// CHOICE holds and the fields that are set: a union that was decoded has
// its Raw.
func walkUnions(v reflect.Value, path string, f func(path string, kind int64)) {
	switch v.Kind() {
	case reflect.Pointer:
		if !v.IsNil() {
			walkUnions(v.Elem(), path, f)
		}
	case reflect.Slice:
		if v.Type().Elem().Kind() == reflect.Uint8 {
			return
		}
		for i := range v.Len() {
			walkUnions(v.Index(i), path+"["+strconv.Itoa(i)+"]", f)
		}
	case reflect.Struct:
		t := v.Type()
		if v.IsZero() {
			return
		}
		if t.NumField() >= 2 && t.Field(0).Name == "Raw" && t.Field(1).Name == "Kind" {
			f(path+"("+t.Name()+")", v.Field(1).Int())
		}
		if t.NumField() > 1 && t.Field(0).Name == "Choice" {
			if i := int(v.Field(0).Int()); i > 0 && i < t.NumField() {
				walkUnions(v.Field(i), path+"."+t.Field(i).Name, f)
			}
			return
		}
		for i := range t.NumField() {
			walkUnions(v.Field(i), path+"."+t.Field(i).Name, f)
		}
	}
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

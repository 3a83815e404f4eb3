package ngap

import (
	"errors"
	"testing"
	"unsafe"

	"github.com/asn1gen/asn1gen/internal/permsg"
	"github.com/asn1gen/asn1gen/runtime/der"
	"github.com/asn1gen/asn1gen/runtime/per"
)

// TestRowBudget decodes the real InitialUEMessage under allocation
// budgets (per.Options.MaxAlloc) that the values held by pointer exceed,
// in the order the decode allocates them: the PDU's alternative
// (*InitiatingMessage, per.DecodeNested), the procedure's value, a row of
// InitiatingMessage_Value (*InitialUEMessage, per.Row), then, after the
// list of the 4 IEs, the NAS-PDU of IE 1 (*NASPDU, per.Row). Each fails
// with the limit error at the start of the value's encoding (a row's:
// of its open type field) with its path; a budget a byte larger gets past
// that value.
func TestRowBudget(t *testing.T) {
	msg := messageAt(t, 38, "InitialUEMessage")
	pdu := int(unsafe.Sizeof(InitiatingMessage{}))
	value := pdu + int(unsafe.Sizeof(InitialUEMessage{}))
	list := value + 4*int(unsafe.Sizeof(ProtocolIEField_InitialUEMessageIEs{}))
	tests := []struct {
		name     string
		maxAlloc int
		want     permsg.WantError
	}{
		{"the PDU's alternative", pdu - 1,
			permsg.WantError{Kind: der.KindLimit, Offset: 3, Path: "initiatingMessage"}},
		{"the procedure's value", value - 1,
			permsg.WantError{Kind: der.KindLimit, Offset: 8 * 5, Path: "initiatingMessage.value"}},
		{"the NAS-PDU of IE 1", list + int(unsafe.Sizeof(NASPDU{})) - 1,
			permsg.WantError{Kind: der.KindLimit, Offset: 8 * 18, Path: "initiatingMessage.value.protocolIEs[1].value"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var v NGAPPDU
			err := per.Unmarshal(msg, &v, true, &per.Options{MaxAlloc: tc.maxAlloc})
			if got := wantError(err); got != tc.want {
				t.Errorf("MaxAlloc %d: %v; want %v", tc.maxAlloc, err, tc.want)
			}
			err = per.Unmarshal(msg, &v, true, &per.Options{MaxAlloc: tc.maxAlloc + 1})
			if got := wantError(err); got == tc.want {
				t.Errorf("MaxAlloc %d: %v; want to get past it", tc.maxAlloc+1, err)
			}
		})
	}
}

// messageAt returns the message of testdata/per/ngap.txt at line, which
// must be a name.
func messageAt(t *testing.T, line int, name string) []byte {
	t.Helper()
	for _, m := range permsg.MustRead(t, messagesFile) {
		if m.Line == line {
			if m.Name != name {
				t.Fatalf("line %d of %s is a %s, want a %s", line, messagesFile, m.Name, name)
			}
			return m.Bytes
		}
	}
	t.Fatalf("no message at line %d of %s", line, messagesFile)
	return nil
}

// wantError is err as a permsg.WantError, the zero value for an error that
// is no *der.Error counting bits (or nil).
func wantError(err error) permsg.WantError {
	var e *der.Error
	if !errors.As(err, &e) || !e.Bits {
		return permsg.WantError{}
	}
	return permsg.WantError{Kind: e.Kind, Offset: e.Offset, Path: e.Path()}
}

package ngap

import (
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
	msg := permsg.At(t, messagesFile, 38, "InitialUEMessage")
	pdu := int(unsafe.Sizeof(InitiatingMessage{}))
	value := pdu + int(unsafe.Sizeof(InitialUEMessage{}))
	list := value + 4*int(unsafe.Sizeof(ProtocolIEField_InitialUEMessageIEs{}))
	budgets := []permsg.Budget{
		{Name: "the PDU's alternative", MaxAlloc: pdu - 1,
			Want: permsg.WantError{Kind: der.KindLimit, Offset: 3, Path: "initiatingMessage"}},
		{Name: "the procedure's value", MaxAlloc: value - 1,
			Want: permsg.WantError{Kind: der.KindLimit, Offset: 8 * 5, Path: "initiatingMessage.value"}},
		{Name: "the NAS-PDU of IE 1", MaxAlloc: list + int(unsafe.Sizeof(NASPDU{})) - 1,
			Want: permsg.WantError{Kind: der.KindLimit, Offset: 8 * 18, Path: "initiatingMessage.value.protocolIEs[1].value"}},
	}
	permsg.TestBudgets(t, budgets, func(maxAlloc int) error {
		var v NGAPPDU
		return per.Unmarshal(msg, &v, true, &per.Options{MaxAlloc: maxAlloc})
	})
}

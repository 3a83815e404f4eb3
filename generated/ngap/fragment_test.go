package ngap

import (
	"bytes"
	"errors"
	"runtime"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/asn1gen/asn1gen/runtime/der"
	"github.com/asn1gen/asn1gen/runtime/per"
)

// initialUEMessage returns an InitialUEMessage whose NAS-PDU is nas, between
// two small IEs: with nas of 64K octets or more, the NAS-PDU, the IE's open
// type field and the InitiatingMessage's open type field all come in
// fragments (X.691 11.9.3.8), one inside the other.
func initialUEMessage(nas []byte) *NGAPPDU {
	ies := ProtocolIEContainer_InitialUEMessageIEs{
		{ID: IDRANUENGAPID, Criticality: Criticality_Reject, Value: InitialUEMessageIEs{Kind: AMFCPRelocationIndicationIEs_IDRANUENGAPID, IDRANUENGAPID: 7}},
		{ID: IDNASPDU, Criticality: Criticality_Reject, Value: InitialUEMessageIEs{Kind: DownlinkNASTransportIEs_IDNASPDU, IDNASPDU: (*NASPDU)(&nas)}},
		{ID: IDRRCEstablishmentCause, Criticality: Criticality_Ignore, Value: InitialUEMessageIEs{Kind: InitialUEMessageIEs_IDRRCEstablishmentCause, IDRRCEstablishmentCause: RRCEstablishmentCause_MoSignalling}},
	}
	return &NGAPPDU{Choice: NGAPPDU_InitiatingMessage, InitiatingMessage: &InitiatingMessage{
		ProcedureCode: IDInitialUEMessage,
		Criticality:   Criticality_Ignore,
		Value:         InitiatingMessage_Value{Kind: NGAPPDUDescriptions_InitialUEMessage, InitialUEMessage: &InitialUEMessage{ProtocolIEs: ies}},
	}}
}

// TestFragmentedNASPDU decodes a NAS-PDU of 4 MB in three nested
// fragmented fields (see initialUEMessage), which decoding reassembled at
// each level (a copy per level, grown by append: 1.8 GB for 100 MB), and
// checks that it allocates one copy of the NAS-PDU, charged to MaxAlloc,
// and re-encodes to the same bytes.
func TestFragmentedNASPDU(t *testing.T) {
	const size = 4 << 20
	nas := make([]byte, size)
	for i := range nas {
		nas[i] = byte(i*7 + i>>16)
	}
	enc, err := initialUEMessage(nas).MarshalAPER()
	if err != nil {
		t.Fatal(err)
	}
	// choice, procedureCode, criticality; then the length of the value's
	// field, a fragment of 64K octets.
	if len(enc) < size || enc[3] != 0xc4 {
		t.Fatalf("encoding of %d octets starts %x: the value's field is not fragmented", len(enc), enc[:4])
	}

	var got NGAPPDU
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	err = got.UnmarshalAPER(enc)
	runtime.ReadMemStats(&after)
	if err != nil {
		t.Fatal(err)
	}
	// One copy of the NAS-PDU, and the few small values around it. The
	// count is the whole process's (the test runner allocates too), so the
	// bound tells one copy from two, not the exact bytes of the values.
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > size*5/4 {
		t.Errorf("decode allocated %d bytes for a NAS-PDU of %d, want one copy", alloc, size)
	}

	ies := got.InitiatingMessage.Value.InitialUEMessage.ProtocolIEs
	if len(ies) != 3 || ies[1].Value.IDNASPDU == nil || !bytes.Equal(*ies[1].Value.IDNASPDU, nas) {
		t.Fatalf("decoded %d IEs, want 3 with the NAS-PDU second", len(ies))
	}
	if ies[2].Value.IDRRCEstablishmentCause != RRCEstablishmentCause_MoSignalling {
		t.Errorf("IE after the NAS-PDU: %v, want mo-Signalling", ies[2].Value.IDRRCEstablishmentCause)
	}
	// The fields that held the reassembled NAS-PDU keep no Raw: their
	// octets hold it now. The others keep theirs.
	id, err := per.Marshal(ptr(RANUENGAPID(7)), true)
	if err != nil {
		t.Fatal(err)
	}
	cause, err := per.Marshal(ptr(RRCEstablishmentCause_MoSignalling), true)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name      string
		raw, want []byte
	}{
		{"InitiatingMessage.value", got.InitiatingMessage.Value.Raw, nil},
		{"NAS-PDU IE", ies[1].Value.Raw, nil},
		{"RAN-UE-NGAP-ID IE", ies[0].Value.Raw, id},
		{"RRCEstablishmentCause IE", ies[2].Value.Raw, cause},
	} {
		if diff := cmp.Diff(c.want, c.raw); diff != "" || (c.raw == nil) != (c.want == nil) {
			t.Errorf("%s: Raw (-want +got):\n%s", c.name, diff)
		}
	}

	out, err := got.MarshalAPER()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(out, enc) {
		t.Errorf("re-encoded to %d octets, differing from the %d decoded", len(out), len(enc))
	}

	// The copy is charged: a budget one octet short of it fails.
	var v NGAPPDU
	err = per.Unmarshal(enc, &v, true, &per.Options{MaxAlloc: size - 1})
	if !errors.Is(err, der.ErrLimit) {
		t.Errorf("MaxAlloc %d: %v, want a limit error", size-1, err)
	}
	if err := per.Unmarshal(enc, &v, true, &per.Options{MaxAlloc: size + 16<<10}); err != nil {
		t.Errorf("MaxAlloc %d: %v", size+16<<10, err)
	}
}

func ptr[T any](v T) *T { return &v }

package nrrrc_test

import (
	"errors"
	"testing"
	"unsafe"

	"github.com/asn1gen/asn1gen/generated/nrrrc"
	"github.com/asn1gen/asn1gen/runtime/der"
	"github.com/asn1gen/asn1gen/runtime/per"
)

// TestPointerBudget decodes values that NR RRC holds behind pointers under
// allocation budgets (per.Options.MaxAlloc) a byte short of them: an
// alternative of a CHOICE (RRCReconfiguration's *RRCReconfigurationIEs,
// per.DecodeNested) and an OCTET STRING (CONTAINING RRCReconfiguration)
// (MRDC-SecondaryCellGroupConfig's nr-SCG, per.New). Each fails with the
// limit error at the component, with its path; a budget of the values'
// size decodes them.
func TestPointerBudget(t *testing.T) {
	reconf := nrrrc.RRCReconfiguration{
		RRCTransactionIdentifier: 1,
		CriticalExtensions: nrrrc.RRCReconfiguration_CriticalExtensions{
			Choice:             nrrrc.RRCReconfiguration_RRCReconfiguration,
			RRCReconfiguration: &nrrrc.RRCReconfigurationIEs{},
		},
	}
	ies := int(unsafe.Sizeof(nrrrc.RRCReconfigurationIEs{}))
	mrdc := nrrrc.MRDCSecondaryCellGroupConfig{MrdcSecondaryCellGroup: nrrrc.MRDCSecondaryCellGroupConfig_MrdcSecondaryCellGroup{
		Choice: nrrrc.MRDCSecondaryCellGroupConfig_NrSCG,
		NrSCG:  &reconf,
	}}
	scg := int(unsafe.Sizeof(nrrrc.RRCReconfiguration{}))
	tests := []struct {
		name   string
		v      per.Value
		decode func(b []byte, opts *per.Options) error
		short  int // a budget a byte short of the value's
		enough int // the budget of the whole value
		path   string
		bit    int
	}{
		// rrc-TransactionIdentifier (2 bits), the CHOICE's index (1 bit).
		{"a CHOICE's alternative", &reconf, decoder[nrrrc.RRCReconfiguration](), ies - 1, ies, "criticalExtensions.rrcReconfiguration", 3},
		// The preamble bit, the CHOICE's index (1 bit): nr-SCG's length
		// at bit 2.
		{"an OCTET STRING (CONTAINING T)", &mrdc, decoder[nrrrc.MRDCSecondaryCellGroupConfig](), scg - 1, scg + ies, "mrdc-SecondaryCellGroup.nr-SCG", 2},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			enc, err := per.Marshal(tc.v, false)
			if err != nil {
				t.Fatal(err)
			}
			err = tc.decode(enc, &per.Options{MaxAlloc: tc.short})
			var e *der.Error
			if !errors.As(err, &e) || e.Kind != der.KindLimit || !e.Bits || e.Path() != tc.path || e.Offset != tc.bit {
				t.Errorf("MaxAlloc %d: %v; want the limit error at bit %d of %s", tc.short, err, tc.bit, tc.path)
			}
			if err := tc.decode(enc, &per.Options{MaxAlloc: tc.enough}); err != nil {
				t.Errorf("MaxAlloc %d: %v", tc.enough, err)
			}
		})
	}
}

// decoder returns a function that decodes an UNALIGNED encoding into a new
// T with the options given.
func decoder[T any, P interface {
	*T
	per.Value
}]() func(b []byte, opts *per.Options) error {
	return func(b []byte, opts *per.Options) error {
		return per.Unmarshal(b, P(new(T)), false, opts)
	}
}

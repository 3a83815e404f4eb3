package nrrrc_test

import (
	"encoding/hex"
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/asn1gen/asn1gen/generated/nrrrc"
	"github.com/asn1gen/asn1gen/runtime/der"
)

// TestEmptyAdditionGroup: MeasAndMobParametersXDD-Diff has three
// extension addition groups whose members are all OPTIONAL. X.691 19.9
// encodes a group with none of its members present as an absent addition
// (its bit in the bitmap 0), so an encoding that marks such a group
// present is not PER: the strict decode rejects it at that bit, naming
// the group by its first member, rather than return a value that would
// re-encode to other bits. The two invalid inputs are the fuzzer's,
// with the bitmap of this release (3 bits) and of an older one (1 bit):
// 1 (extension bit) 00 (preamble) 0000010 or 0000000 (bitmap length 3
// or 1) 100 or 1 (group 0 present), then the group's field 01 00 (its
// preamble 000). With a member present, the same encodings decode and
// re-encode to their bits.
func TestEmptyAdditionGroup(t *testing.T) {
	for _, c := range []struct {
		name, in string
		err      bool // the error below, else a round trip
	}{
		{"empty group, bitmap of 3", "80a00800", true},
		{"empty group, bitmap of 1", "80202000", true},
		{"handoverInterF, bitmap of 3", "80a00c00", false},
		{"handoverInterF, bitmap of 1", "80203000", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			in, err := hex.DecodeString(c.in)
			if err != nil {
				t.Fatal(err)
			}
			var v nrrrc.MeasAndMobParametersXDDDiff
			err = v.UnmarshalUPER(in)
			if c.err {
				var e *der.Error
				type got struct {
					Kind   der.Kind
					Offset int
					Bits   bool
					Path   string
				}
				want := got{der.KindNonCanonical, 10, true, "MeasAndMobParametersXDD-Diff.handoverInterF"}
				if !errors.As(err, &e) {
					t.Fatalf("UnmarshalUPER: %v (%+v), want the error %+v", err, v, want)
				}
				if diff := cmp.Diff(want, got{e.Kind, e.Offset, e.Bits, e.Path()}); diff != "" {
					t.Errorf("error %v (-want +got):\n%s", err, diff)
				}
				return
			}
			if err != nil {
				t.Fatalf("UnmarshalUPER: %v", err)
			}
			if !v.HasHandoverInterF || v.HasHandoverLTEEPC || v.HasHandoverLTE5GC {
				t.Errorf("group 0: %+v, want handoverInterF alone", v)
			}
			out, err := v.MarshalUPER()
			if err != nil {
				t.Fatalf("MarshalUPER: %v", err)
			}
			if diff := cmp.Diff(c.in, hex.EncodeToString(out)); diff != "" {
				t.Errorf("re-encoded (-received +got):\n%s", diff)
			}
		})
	}
}

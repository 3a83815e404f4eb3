package per_test

import (
	"encoding/hex"
	"strings"
	"testing"
)

// measAndMobXDD is NR RRC's MeasAndMobParametersXDD-Diff (3GPP TS 38.331
// Release 17, NR-RRC-Definitions in the corpus), whose addition groups
// have only OPTIONAL members, in a module of its own.
const measAndMobXDD = `PerGroups DEFINITIONS AUTOMATIC TAGS ::= BEGIN
MeasAndMobParametersXDD-Diff ::= SEQUENCE {
    intraAndInterF-MeasAndReport  ENUMERATED {supported} OPTIONAL,
    eventA-MeasAndReport          ENUMERATED {supported} OPTIONAL,
    ...,
    [[
    handoverInterF                ENUMERATED {supported} OPTIONAL,
    handoverLTE-EPC               ENUMERATED {supported} OPTIONAL,
    handoverLTE-5GC               ENUMERATED {supported} OPTIONAL
    ]],
    [[
    sftd-MeasNR-Neigh             ENUMERATED {supported} OPTIONAL,
    sftd-MeasNR-Neigh-DRX         ENUMERATED {supported} OPTIONAL
    ]],
    [[
    dummy                         ENUMERATED {supported} OPTIONAL
    ]]
}
END
`

// TestExtGroupsAsn1ct records what asn1ct (UNALIGNED) makes of the inputs
// of nrrrc's TestEmptyAdditionGroup, which the generated decoder rejects
// (the first two) or re-encodes to their bytes. asn1ct decodes a group
// marked present with none of its members as if the group were absent and
// so re-encodes the value to other bytes (00): it does not check X.691
// 19.9 on decode, while its encoder follows it. It reads a bitmap of an
// older release (1 bit) and re-encodes with its own length (3 bits),
// where the generated code keeps the length received.
func TestExtGroupsAsn1ct(t *testing.T) {
	peers := startPeers(t, "PerGroups", measAndMobXDD)
	none := "{'MeasAndMobParametersXDD-Diff'" + strings.Repeat(",asn1_NOVALUE", 8) + "}"
	handover := "{'MeasAndMobParametersXDD-Diff',asn1_NOVALUE,asn1_NOVALUE,supported" + strings.Repeat(",asn1_NOVALUE", 5) + "}"
	for _, c := range []struct{ name, term, in, want string }{
		{"empty group, bitmap of 3", none, "80a00800", "encoding 00; decoding same"},
		{"empty group, bitmap of 1", none, "80202000", "encoding 00; decoding same"},
		{"handoverInterF, bitmap of 3", handover, "80a00c00", "ok"},
		{"handoverInterF, bitmap of 1", handover, "80203000", "encoding 80A00C00; decoding same"},
	} {
		in, err := hex.DecodeString(c.in)
		if err != nil {
			t.Fatal(err)
		}
		got, err := peers[0].Check("MeasAndMobParametersXDD-Diff", c.term, in)
		if err != nil {
			t.Fatal(err)
		}
		if got != c.want {
			t.Errorf("%s: asn1ct says %q, want %q", c.name, got, c.want)
		}
	}
}

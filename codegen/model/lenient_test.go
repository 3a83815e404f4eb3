package model

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestLenient checks each defect that Options.Lenient accepts: by default
// a located error that says -lenient accepts it, with Lenient a located
// warning that names the rule relaxed and says what is done. The modules
// reproduce the published ones in a few lines (see
// testdata/gen/lenient.txtar, which generates and builds them).
func TestLenient(t *testing.T) {
	tests := []struct {
		name          string
		srcs          []string
		strict, loose []string
	}{
		{
			// ISO/IEC 10589 (IS-IS): NAddress imported and defined.
			name: "imported and defined",
			srcs: []string{`ISIS DEFINITIONS ::= BEGIN
IMPORTS NAddress FROM Addresses;
NAddress ::= OCTET STRING (SIZE (1..20))
END`, `Addresses DEFINITIONS ::= BEGIN NAddress ::= OCTET STRING END`},
			strict: []string{"m0.asn:3:1: NAddress is both imported (at m0.asn:2:9) and defined in module ISIS (X.680 13.13; -lenient uses the definition)"},
			loose:  []string{"m0.asn:3:1: warning: NAddress is both imported (at m0.asn:2:9) and defined in module ISIS (X.680 13.13, relaxed by -lenient): the definition is used, the import is not [-accept lenient:ISIS]"},
		},
		{
			// CAP imports GSN-Address from MAP-MS-DataTypes (TestLenientMAP).
			name: "not exported",
			srcs: []string{`CAP DEFINITIONS ::= BEGIN
IMPORTS GSN-Address FROM MS;
A ::= GSN-Address
END`, `MS DEFINITIONS ::= BEGIN
EXPORTS Other;
IMPORTS GSN-Address FROM Common;
Other ::= INTEGER
END`, `Common DEFINITIONS ::= BEGIN GSN-Address ::= OCTET STRING END`},
			strict: []string{"m0.asn:2:9: GSN-Address is not exported by module MS (the EXPORTS rule of X.680 13; -lenient imports it all the same)"},
			loose:  []string{"m0.asn:2:9: warning: GSN-Address is not exported by module MS (the EXPORTS rule of X.680 13, relaxed by -lenient): it is imported all the same [-accept lenient:CAP]"},
		},
		{
			// X.738, X.748: an untagged open type among tagged alternatives.
			name: "untagged open type in a CHOICE",
			srcs: []string{`SMF DEFINITIONS ::= BEGIN
C ::= CLASS { &id INTEGER UNIQUE, &Value }
Set C ::= { { &id 1, &Value INTEGER } }
Observed ::= CHOICE { id [0] INTEGER, value C.&Value ({Set}), none [1] NULL }
END`},
			strict: []string{"m0.asn:4:39: alternatives of the CHOICE: value is an untagged open type, whose tag is indeterminate, so it cannot be told from the others (X.680 29.2); tag it (-lenient decodes as value an element that no other alternative's tag selects)"},
			loose:  []string{"m0.asn:4:39: warning: alternatives of the CHOICE: value is an untagged open type, whose tag is indeterminate, so it cannot be told from the others (X.680 29.2, relaxed by -lenient): an element that has none of the other alternatives' tags is decoded as value [-accept lenient:SMF]"},
		},
		{
			// Not relaxed: in a SET the open type would take what a later
			// component's tag selects.
			name: "untagged open type in a SET",
			srcs: []string{`S DEFINITIONS ::= BEGIN
T ::= SET { a [0] INTEGER, any ANY }
END`},
			strict: []string{"m0.asn:2:28: components of the SET: any is an untagged open type, whose tag is indeterminate, so it cannot be told from the others (X.680 27.3); tag it"},
			loose:  []string{"m0.asn:2:28: components of the SET: any is an untagged open type, whose tag is indeterminate, so it cannot be told from the others (X.680 27.3); tag it"},
		},
		{
			// H.450.7: SIZE on GeneralizedTime; UTCTime alike.
			name: "SIZE on the useful time types",
			srcs: []string{`MWI DEFINITIONS ::= BEGIN
Stamp ::= GeneralizedTime (SIZE (12..19))
Utc ::= UTCTime (SIZE (11..17))
END`},
			strict: []string{
				"m0.asn:2:28: a SIZE constraint does not apply to GeneralizedTime (X.680 51.5.1; -lenient ignores it)",
				"m0.asn:3:18: a SIZE constraint does not apply to UTCTime (X.680 51.5.1; -lenient ignores it)",
			},
			loose: []string{
				"m0.asn:2:28: warning: a SIZE constraint does not apply to GeneralizedTime (X.680 51.5.1, relaxed by -lenient): it is ignored [-accept lenient:MWI]",
				"m0.asn:3:18: warning: a SIZE constraint does not apply to UTCTime (X.680 51.5.1, relaxed by -lenient): it is ignored [-accept lenient:MWI]",
			},
		},
		{
			// Not relaxed: the other time types never were strings.
			name: "SIZE on DATE",
			srcs: []string{`D DEFINITIONS ::= BEGIN
Day ::= DATE (SIZE (1..10))
END`},
			strict: []string{"m0.asn:2:15: a SIZE constraint does not apply to DATE (X.680 51.5.1)"},
			loose:  []string{"m0.asn:2:15: a SIZE constraint does not apply to DATE (X.680 51.5.1)"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var in []Source
			for i, s := range tt.srcs {
				in = append(in, Source{Name: "m" + string(rune('0'+i)) + ".asn", Src: []byte(s)})
			}
			if diff := cmp.Diff(tt.strict, diagLines(Check(in...))); diff != "" {
				t.Errorf("default (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.loose, diagLines(CheckWith(Options{Lenient: true}, in...))); diff != "" {
				t.Errorf("Lenient (-want +got):\n%s", diff)
			}
		})
	}
}

// TestLenientMAP checks the published case of an import that is not
// exported: MAP-MS-DataTypes (3GPP TS 29.002, from the corpus) imports
// GSN-Address from MAP-CommonDataTypes and leaves it out of its EXPORTS;
// CAP-datatypes (3GPP TS 29.078) and the charging modules import it from
// MAP-MS-DataTypes. The importer here is reduced to that import.
func TestLenientMAP(t *testing.T) {
	dir := filepath.Join(corpusModules(t), "telecom/3GPP_MAP_29002")
	var srcs []Source
	for _, name := range []string{"MAP-MS-DataTypes", "MAP-SS-DataTypes", "MAP-SS-Code", "MAP-BS-Code", "MAP-TS-Code",
		"MAP-CommonDataTypes", "MAP-ExtensionDataTypes", "MAP-ER-DataTypes", "MAP-OM-DataTypes"} {
		b, err := os.ReadFile(filepath.Join(dir, name+".asn"))
		if err != nil {
			t.Fatal(err)
		}
		srcs = append(srcs, Source{Name: name + ".asn", Src: b})
	}
	srcs = append(srcs, Source{Name: "cap.asn", Src: []byte(`CAP-datatypes DEFINITIONS IMPLICIT TAGS ::= BEGIN
IMPORTS GSN-Address FROM MAP-MS-DataTypes {itu-t identified-organization (4) etsi (0) mobileDomain (0)
    gsm-Network (1) modules (3) map-MS-DataTypes (11) version19 (19)};
GPRSEventSpecificInformation ::= SEQUENCE { gsn-Address [0] GSN-Address }
END`)})
	want := []string{"cap.asn:2:9: GSN-Address is not exported by module MAP-MS-DataTypes (the EXPORTS rule of X.680 13; -lenient imports it all the same)"}
	if diff := cmp.Diff(want, diagLines(Check(srcs...))); diff != "" {
		t.Errorf("default (-want +got):\n%s", diff)
	}
	s := CheckWith(Options{Lenient: true}, srcs...)
	want = []string{"cap.asn:2:9: warning: GSN-Address is not exported by module MAP-MS-DataTypes (the EXPORTS rule of X.680 13, relaxed by -lenient): it is imported all the same [-accept lenient:CAP-datatypes]"}
	if diff := cmp.Diff(want, diagLines(s)); diff != "" {
		t.Errorf("Lenient (-want +got):\n%s", diff)
	}
	c := component(t, s, "CAP-datatypes", "GPRSEventSpecificInformation", "gsn-Address")
	if c.Type.Kind != TypeOctetString || c.Type.Constraints == nil || c.Type.Constraints.Size == nil || *c.Type.Constraints.Size != (Range{Min: 5, Max: 17}) {
		t.Errorf("gsn-Address is %v with %+v, want MAP-CommonDataTypes' OCTET STRING (SIZE (5..17))", c.Type.Kind, c.Type.Constraints)
	}
}

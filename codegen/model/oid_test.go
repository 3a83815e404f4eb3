package model

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestNameForms checks the NameForms of X.660 Annex A (X.680 32.7): the
// roots, the second-level arcs under itu-t (ccitt) and iso, and the letters
// of the Recommendation series under {itu-t recommendation}, in values, in
// module OIDs and in the module OIDs of IMPORTS; and that a name X.660 does
// not define at that place is an undefined reference.
func TestNameForms(t *testing.T) {
	values := []struct {
		oid, want string
	}{
		{"{itu-t recommendation q 773 modules(2)}", "0.0.17.773.2"},
		{"{ccitt recommendation m 3100}", "0.0.13.3100"},
		{"{itu-t recommendation a}", "0.0.1"},
		{"{itu-t recommendation z 1}", "0.0.26.1"},
		{"{itu-t question 5}", "0.1.5"},
		{"{itu-t administration 208}", "0.2.208"},
		{"{ccitt network-operator 1}", "0.3.1"},
		{"{itu-t identified-organization etsi(0) 127}", "0.4.0.127"},
		{"{iso standard 8571}", "1.0.8571"},
		{"{iso registration-authority 1}", "1.1.1"},
		{"{iso member-body us(840)}", "1.2.840"},
		{"{iso identified-organization dod(6)}", "1.3.6"},
		{"{joint-iso-itu-t ds(5) 1}", "2.5.1"},
		{"{joint-iso-ccitt 5}", "2.5"},
		// A NameForm follows the arcs before it, written or referenced.
		{"{rec x 509}", "0.0.24.509"},
	}
	src := "A {itu-t recommendation q 1218 modules(0) oidq(1)} DEFINITIONS ::= BEGIN\n" +
		"rec OBJECT IDENTIFIER ::= {0 0}\n"
	for i, v := range values {
		src += "v" + string(rune('a'+i)) + " OBJECT IDENTIFIER ::= " + v.oid + "\n"
	}
	src += "END\n"
	s := checkSrc(src)
	if len(s.Diags) != 0 {
		t.Fatalf("diagnostics:\n%s", s.Diags)
	}
	m := s.Module("A")
	if got := m.OID.String(); got != "0.0.17.1218.0.1" {
		t.Errorf("module OID %s, want 0.0.17.1218.0.1", got)
	}
	for i, v := range values {
		a := m.Lookup("v" + string(rune('a'+i)))
		if got := a.Value.OID.String(); got != v.want {
			t.Errorf("%s = %s, want %s", v.oid, got, v.want)
		}
	}

	// The reproduction (Q.1218 and M.3100 arcs) checks clean.
	s = checkSrc(`OidQ {itu-t recommendation q 1218 modules(0) oidq(1)} DEFINITIONS ::= BEGIN
a OBJECT IDENTIFIER ::= {itu-t recommendation q 773 modules(2)}
b OBJECT IDENTIFIER ::= {ccitt recommendation m 3100}
END`)
	if len(s.Diags) != 0 {
		t.Errorf("reproduction: diagnostics:\n%s", s.Diags)
	}

	// IMPORTS: the AssignedIdentifier confirms a module found by name, and
	// finds a module by its OID when none has the name.
	s = checkSrc(`A DEFINITIONS ::= BEGIN
IMPORTS x FROM TCAPMessages {itu-t recommendation q 773 modules(2) messages(1) version3(3)}
        y FROM OldName {ccitt recommendation q 775 modules(2) 1};
END`, `TCAPMessages {0 0 17 773 2 1 3} DEFINITIONS ::= BEGIN
x INTEGER ::= 1
END`, `NewName {0 0 17 775 2 1} DEFINITIONS ::= BEGIN
y INTEGER ::= 2
END`)
	want := []string{"m0.asn:3:16: warning: no module is named OldName; the module with its OID 0.0.17.775.2.1, NewName (at m2.asn:1:1), is used [-accept import-renamed:A]"}
	if diff := cmp.Diff(want, diagLines(s)); diff != "" {
		t.Errorf("imports: diagnostics (-want +got):\n%s", diff)
	}

	// Issue 24: the AssignedIdentifier written with a defined value, or
	// with one as its first component, where the module writes its OID
	// with names and numbers: the values match, the import is bound.
	s = checkSrc(`A DEFINITIONS ::= BEGIN
IMPORTS Z FROM XSDv2 xsd2
        W FROM XSDv3 {asn1-modules xsd-module(2) 2};
xsd2 OBJECT IDENTIFIER ::= {joint-iso-itu-t asn1(1) specification(0) modules(0) xsd-module(2) 2}
asn1-modules OBJECT IDENTIFIER ::= {joint-iso-itu-t asn1(1) specification(0) modules(0)}
T ::= SEQUENCE { z Z, w W }
END`, `XSD {joint-iso-itu-t asn1(1) specification(0) modules(0) xsd-module(2) version2(2)} DEFINITIONS ::= BEGIN
Z ::= BOOLEAN
W ::= INTEGER
END`)
	want = []string{
		"m0.asn:2:16: warning: no module is named XSDv2; the module with its OID 2.1.0.0.2.2, XSD (at m1.asn:1:1), is used [-accept import-renamed:A]",
		"m0.asn:3:16: warning: no module is named XSDv3; the module with its OID 2.1.0.0.2.2, XSD (at m1.asn:1:1), is used [-accept import-renamed:A]",
	}
	if diff := cmp.Diff(want, diagLines(s)); diff != "" {
		t.Errorf("imports by value: diagnostics (-want +got):\n%s", diff)
	}
	if cs := s.Module("A").Lookup("T").Type.Components; len(cs) != 2 || cs[0].Type.Kind != TypeBoolean || cs[1].Type.Kind != TypeInteger {
		t.Errorf("imports by value: T's components are not XSD's BOOLEAN and INTEGER")
	}

	// Names X.660 does not define at that place.
	s = checkSrc(`A DEFINITIONS ::= BEGIN
a OBJECT IDENTIFIER ::= {itu-t recommendation aa 1}
b OBJECT IDENTIFIER ::= {iso q 1}
c OBJECT IDENTIFIER ::= {joint-iso-itu-t member-body 1}
d OBJECT IDENTIFIER ::= {itu-t r-recommendation 1}
e OBJECT IDENTIFIER ::= {itu-t recommendation q qq}
END`)
	want = []string{
		"m0.asn:2:47: undefined reference aa",
		"m0.asn:3:30: undefined reference q",
		"m0.asn:4:42: undefined reference member-body",
		"m0.asn:5:32: undefined reference r-recommendation",
		"m0.asn:6:49: undefined reference qq",
	}
	if diff := cmp.Diff(want, diagLines(s)); diff != "" {
		t.Errorf("not NameForms: diagnostics (-want +got):\n%s", diff)
	}
}

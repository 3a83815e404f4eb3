package model

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestDidYouMean checks the suggestion of a close name for an undefined
// reference: in the module (definitions, imports, dummies, built-in type
// names), in the module a reference or an import names, and none when two
// names are as close or the name is too short to judge.
func TestDidYouMean(t *testing.T) {
	s := checkSrc(`A DEFINITIONS ::= BEGIN
IMPORTS LDAPDN FROM B;
T ::= LDAPDNN
U ::= Ia5String
V ::= B.Namee
W ::= Zzz
x INTEGER ::= maxx
max INTEGER ::= 1
P{Param} ::= SEQUENCE { a Parm }
Q ::= Cat
Cap ::= INTEGER
Car ::= INTEGER
R ::= Tt
END`, `B DEFINITIONS ::= BEGIN LDAPDN ::= OCTET STRING  Name ::= INTEGER END`,
		`C DEFINITIONS ::= BEGIN IMPORTS Nam FROM B; END`)
	want := []string{
		"m0.asn:3:7: undefined reference LDAPDNN (did you mean LDAPDN?)",
		"m0.asn:4:7: undefined reference Ia5String (did you mean IA5String?)",
		"m0.asn:5:7: Namee is not defined in module B (did you mean Name?)",
		"m0.asn:6:7: undefined reference Zzz",
		"m0.asn:7:15: undefined reference maxx (did you mean max?)",
		"m0.asn:9:27: undefined reference Parm (did you mean Param?)",
		"m0.asn:10:7: undefined reference Cat",
		"m0.asn:13:7: undefined reference Tt",
		"m2.asn:1:33: Nam is not defined in module B (imported by C; did you mean Name?)",
	}
	if diff := cmp.Diff(want, diagLines(s)); diff != "" {
		t.Errorf("diagnostics (-want +got):\n%s", diff)
	}
}

// TestModuleNotFoundOID checks that "module M not found" tells whether
// modules of the set have the OID of the import under other names, or
// that none has it. One module that has it is used (an OID written with a
// reference is evaluated after the imports are bound: issue 24).
func TestModuleNotFoundOID(t *testing.T) {
	s := checkSrc(`A DEFINITIONS ::= BEGIN
IMPORTS x FROM TCAPMessages {itu-t recommendation q 773 modules(2) messages(1) version3(3)}
        y FROM Renamed {id-mod 2}
        z FROM Gone
        w FROM Twice {id-mod 3};
id-mod OBJECT IDENTIFIER ::= {1 2 3}
END`, `NewName {1 2 3 2} DEFINITIONS ::= BEGIN y INTEGER ::= 1 END`,
		`Twin1 {1 2 3 3} DEFINITIONS ::= BEGIN w INTEGER ::= 1 END`,
		`Twin2 {1 2 3 3} DEFINITIONS ::= BEGIN w INTEGER ::= 1 END`)
	want := []string{
		"m0.asn:2:16: module TCAPMessages not found (imported by A); no module of the set has its OID 0.0.17.773.2.1.3",
		"m0.asn:3:16: warning: no module is named Renamed; the module with its OID 1.2.3.2, NewName (at m1.asn:1:1), is used [-accept import-renamed:A]",
		"m0.asn:4:16: module Gone not found (imported by A)",
		"m0.asn:5:16: module Twice not found (imported by A); modules Twin1 (at m2.asn:1:1) and Twin2 (at m3.asn:1:1) have its OID 1.2.3.3",
	}
	if diff := cmp.Diff(want, diagLines(s)); diff != "" {
		t.Errorf("diagnostics (-want +got):\n%s", diff)
	}
}

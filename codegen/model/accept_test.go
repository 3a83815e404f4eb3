package model

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// acceptModules has one warning of each of three kinds: a module OID's
// draft placeholder, an import of another edition, and two objects with
// the same UNIQUE key (RFC 5911's cea-aes192-GCM repeats the IDENTIFIER
// of cea-aes128-GCM), plus an -import-from binding and an -extensible set.
var acceptModules = []string{`A { 1 3 9999 id-mod(TBD1) } DEFINITIONS ::= BEGIN
IMPORTS T FROM B { 1 3 9999 1 } X FROM Missing;
C ::= CLASS { &id INTEGER UNIQUE, &Type } WITH SYNTAX { &Type IDENTIFIED BY &id }
c1 C ::= { INTEGER IDENTIFIED BY 1 }
c2 C ::= { BOOLEAN IDENTIFIED BY 1 }
S C ::= { c1 | c2 }
U ::= SEQUENCE { id C.&id ({S}), v C.&Type ({S}{@id}), t T, x X }
END`, `B { 1 3 9999 2 } DEFINITIONS ::= BEGIN T ::= INTEGER END`}

// TestAccept checks that Options.Accept accepts the warnings whose keys it
// lists (they stay in Diags, with AcceptedBy, and Shown leaves them out),
// that the warnings of ImportFrom and Extensible are accepted by the
// bindings that cause them, and that a key accepting nothing is an error.
func TestAccept(t *testing.T) {
	srcs := []Source{{Name: "a.asn", Src: []byte(acceptModules[0])}, {Name: "b.asn", Src: []byte(acceptModules[1])}}
	opts := Options{
		ImportFrom: []ImportBinding{{Module: "Missing", Symbol: "X", To: OpaqueBinding}},
		Extensible: []SetRef{{Module: "A", Set: "S"}},
	}
	s := CheckWith(opts, srcs...)
	all := []string{
		"a.asn:1:14: warning: module OID has the draft placeholder TBD1 where a number belongs [-accept draft-oid:A]",
		"a.asn:2:16: warning: module B is imported with OID 1.3.9999.1 but declared with OID 1.3.9999.2 (at b.asn:1:1); bound by name [-accept import-oid:A]",
		"a.asn:2:33: warning: Missing not in the set: X bound to an open type (ANY) by -import-from",
		"a.asn:5:1: warning: object c2 has the same &id, 1, as object c1 (at a.asn:4:1), though the field is UNIQUE (X.681 9.8): tables select c1 for that key [-accept duplicate-key:A]",
		"a.asn:6:1: warning: object set S is declared extensible by -extensible A.S: its tables keep the values of the keys it does not list",
	}
	if diff := cmp.Diff(all, diagLines(s)); diff != "" {
		t.Errorf("diagnostics (-want +got):\n%s", diff)
	}
	var shown []string
	for _, d := range s.Diags.Shown() {
		shown = append(shown, d.Error())
	}
	if diff := cmp.Diff([]string{all[0], all[1], all[3]}, shown); diff != "" {
		t.Errorf("shown (-want +got):\n%s", diff)
	}

	opts.Accept = []string{"draft-oid:A", "import-oid:A", "duplicate-key:A", "duplicate-key:B"}
	s = CheckWith(opts, srcs...)
	var got []string
	for _, d := range s.Diags {
		got = append(got, d.AcceptedBy+" | "+d.Error())
	}
	want := []string{
		" | -accept:1:1: -accept duplicate-key:B accepts nothing: no warning or note of the set has that key",
		"-accept draft-oid:A | a.asn:1:14: warning: module OID has the draft placeholder TBD1 where a number belongs",
		"-accept import-oid:A | a.asn:2:16: warning: module B is imported with OID 1.3.9999.1 but declared with OID 1.3.9999.2 (at b.asn:1:1); bound by name",
		"-import-from Missing.X=ANY | a.asn:2:33: warning: Missing not in the set: X bound to an open type (ANY) by -import-from",
		"-accept duplicate-key:A | a.asn:5:1: warning: object c2 has the same &id, 1, as object c1 (at a.asn:4:1), though the field is UNIQUE (X.681 9.8): tables select c1 for that key",
		"-extensible A.S | a.asn:6:1: warning: object set S is declared extensible by -extensible A.S: its tables keep the values of the keys it does not list",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("accepted (-want +got):\n%s", diff)
	}
	if n := len(s.Diags.Shown()); n != 1 {
		t.Errorf("%d diagnostics shown, want the error only", n)
	}
}

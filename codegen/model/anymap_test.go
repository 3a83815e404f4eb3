package model

import (
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestAnyMapRFC5280(t *testing.T) {
	anymap, err := ReadAnyMap("testdata/rfc5280-1988.anymap")
	if err != nil {
		t.Fatal(err)
	}
	s, err := LoadPathsWith(Options{AnyMap: anymap}, filepath.Join(corpusModules(t), "ietf/IETF_PKI_RFC5280"))
	if err != nil {
		t.Fatal(err)
	}
	if s.Diags.Errors() > 0 {
		t.Fatalf("errors:\n%s", s.Diags)
	}
	rows := func(tab *OpenTypeTable) []string {
		var out []string
		for _, e := range tab.Entries {
			out = append(out, valueKey(e.Key)+" -> "+typeName(e.Type))
		}
		return out
	}
	params := component(t, s, "PKIX1Explicit88", "AlgorithmIdentifier", "parameters").Table()
	if params == nil || params.Key.Name != "algorithm" || !params.Extensible {
		t.Fatalf("parameters table %+v", params)
	}
	if diff := cmp.Diff([]string{"oid:1.2.840.113549.1.1.11 -> NULL", "oid:1.2.840.10045.4.3.2 -> -"}, rows(params)); diff != "" {
		t.Errorf("parameters (-want +got):\n%s", diff)
	}
	ext := component(t, s, "PKIX1Explicit88", "Extension", "extnValue").Table()
	if ext == nil || ext.Key.Name != "extnID" {
		t.Fatalf("extnValue table %+v", ext)
	}
	if diff := cmp.Diff([]string{"oid:2.5.29.19 -> BasicConstraints", "oid:2.5.29.15 -> KeyUsage"}, rows(ext)); diff != "" {
		t.Errorf("extnValue (-want +got):\n%s", diff)
	}
}

func TestAnyMapErrors(t *testing.T) {
	src := `M DEFINITIONS ::= BEGIN
A ::= SEQUENCE { id OBJECT IDENTIFIER, n INTEGER, v ANY DEFINED BY id, o OCTET STRING }
T ::= BOOLEAN
END`
	tests := []struct {
		name string
		line string
		want []string
	}{
		{"valid", "M.A.v 1.2.3 T", nil},
		{"missing module", "N.A.v 1.2.3 T", []string{"map:1:1: module N not found"}},
		{"missing component", "M.A.w 1.2.3 T", []string{"map:1:1: M.A has no component w"}},
		{"no key for OCTET STRING", "M.A.o 1.2.3 T", []string{"map:1:1: o is not ANY DEFINED BY: write M.A.o@keyComponent"}},
		{"not a carrier", "M.A.n@id 1.2.3 T", []string{"map:1:1: n is a INTEGER: only ANY, open types, OCTET STRING and BIT STRING take a mapping"}},
		{"unknown target", "M.A.v 1.2.3 U", []string{"map:1:1: U is not a type"}},
		{"twice", "M.A.v 1.2.3 T\nM.A.v 1.2.3 NULL", []string{"map:2:1: key 1.2.3 is mapped twice for M.A.v"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, err := ParseAnyMap("map", []byte(tt.line))
			if err != nil {
				t.Fatal(err)
			}
			s := CheckWith(Options{AnyMap: m}, Source{Name: "m0.asn", Src: []byte(src)})
			if diff := cmp.Diff(tt.want, diagLines(s)); diff != "" {
				t.Errorf("diags (-want +got):\n%s", diff)
			}
		})
	}
	if _, err := ParseAnyMap("map", []byte("M.A 1.2.3 T")); err == nil {
		t.Error("a path without component parsed")
	}
}

package model

import (
	"strings"
	"testing"
)

// TestContaining binds PKCS-12's x509Certificate and x509CRL bag types to
// the X.509 types their comments name: the rows of CertBag's and CRLBag's
// tables hold an OCTET STRING CONTAINING the type, and the other rows are
// unchanged.
func TestContaining(t *testing.T) {
	var cs []Containment
	for _, b := range []string{"PKCS-12.x509Certificate=PKIX1Explicit-2009.Certificate", "PKCS-12.x509CRL=PKIX1Explicit-2009.CertificateList"} {
		c, err := ParseContaining(b)
		if err != nil {
			t.Fatal(err)
		}
		cs = append(cs, c)
	}
	s, err := LoadPathsWith(Options{ImportFrom: mustImportFrom(t, rfc7292ImportFrom...), Containing: cs}, moduleDirs()...)
	if err != nil {
		t.Fatal(err)
	}
	if s.Diags.Errors() > 0 {
		t.Fatalf("errors:\n%s", s.Diags)
	}
	for _, tc := range []struct {
		typ, comp, object, want string
	}{
		{"CertBag", "certValue", "x509Certificate", "Certificate"},
		{"CertBag", "certValue", "sdsiCertificate", ""},
		{"CRLBag", "crltValue", "x509CRL", "CertificateList"},
	} {
		tab := component(t, s, "PKCS-12", tc.typ, tc.comp).Table()
		if tab == nil {
			t.Fatalf("%s.%s: no table", tc.typ, tc.comp)
		}
		var got *Type
		found := false
		for _, e := range tab.Entries {
			if e.Object != nil && e.Object.Name == tc.object {
				found = true
				if e.Type.Constraints != nil && e.Type.Constraints.Containing != nil {
					got = e.Type.Constraints.Containing
				}
			}
		}
		if !found {
			t.Fatalf("%s.%s: no row %s", tc.typ, tc.comp, tc.object)
		}
		switch {
		case tc.want == "" && got != nil:
			t.Errorf("%s: CONTAINING %v, want none", tc.object, got.Ref.Name)
		case tc.want != "" && (got == nil || got.Ref == nil || got.Ref.Name != tc.want || got.Ref.Module.Name != "PKIX1Explicit-2009"):
			t.Errorf("%s: CONTAINING %v, want PKIX1Explicit-2009.%s", tc.object, got, tc.want)
		}
	}
}

func TestContainingErrors(t *testing.T) {
	const src = `M DEFINITIONS ::= BEGIN
C ::= CLASS { &id INTEGER UNIQUE, &Type } WITH SYNTAX { &Type IDENTIFIED BY &id }
octets C ::= { OCTET STRING IDENTIFIED BY 1 }
boolean C ::= { BOOLEAN IDENTIFIED BY 2 }
T ::= INTEGER
v INTEGER ::= 3
END
`
	tests := []struct{ flag, want string }{
		{"N.octets=M.T", "module N not found"},
		{"M.v=M.T", "v is not an information object of M"},
		{"M.octets=M.v", "v is not a type of M"},
		{"M.boolean=M.T", "boolean has 0 OCTET STRING or BIT STRING type fields, not one"},
	}
	for _, tt := range tests {
		c, err := ParseContaining(tt.flag)
		if err != nil {
			t.Fatal(err)
		}
		s := CheckWith(Options{Containing: []Containment{c}}, Source{Name: "m.asn", Src: []byte(src)})
		if !strings.Contains(s.Diags.String(), tt.want) {
			t.Errorf("-containing %s: diagnostics do not say %q:\n%s", tt.flag, tt.want, s.Diags)
		}
	}
	for _, bad := range []string{"x", "M.o=T", "M.=N.T", "Mo=N.T"} {
		if _, err := ParseContaining(bad); err == nil {
			t.Errorf("ParseContaining(%q): no error", bad)
		}
	}
	c, _ := ParseContaining("M.octets=M.T")
	s := CheckWith(Options{Containing: []Containment{c}}, Source{Name: "m.asn", Src: []byte(src)})
	if s.Diags.Errors() > 0 {
		t.Errorf("-containing M.octets=M.T: %s", s.Diags)
	}
}

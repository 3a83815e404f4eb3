package model

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// typeName names a model type for test output: the assignment it refers to
// or its kind.
func typeName(t *Type) string {
	if t == nil {
		return "-"
	}
	if t.Ref != nil {
		return t.Ref.Name
	}
	return t.Kind.String()
}

// tableRows lists a table as "key -> type (object)" lines.
func tableRows(tab *OpenTypeTable) []string {
	var out []string
	for _, e := range tab.Entries {
		out = append(out, valueKey(e.Key)+" -> "+typeName(e.Type)+" ("+e.Object.Name+")")
	}
	return out
}

// component follows a path of component names from the named type,
// stepping through references and SEQUENCE OF / SET OF elements.
func component(t *testing.T, s *Set, module, typ string, path ...string) *Component {
	t.Helper()
	m := s.Module(module)
	if m == nil || m.Lookup(typ) == nil {
		t.Fatalf("no %s.%s", module, typ)
	}
	cur := m.Lookup(typ).Type
	var comp *Component
	for _, name := range path {
		u := cur.Underlying()
		for u.Kind == TypeSequenceOf || u.Kind == TypeSetOf {
			u = u.Elem.Underlying()
		}
		comp = nil
		for _, c := range u.Components {
			if c.Name == name {
				comp = c
			}
		}
		if comp == nil {
			t.Fatalf("%s.%s: no component %s", module, typ, strings.Join(path, "."))
		}
		cur = comp.Type
	}
	return comp
}

func loadCorpus(t *testing.T, dirs ...string) *Set {
	t.Helper()
	root := corpusModules(t)
	var paths []string
	for _, d := range dirs {
		paths = append(paths, filepath.Join(root, d))
	}
	s, err := LoadPaths(paths...)
	if err != nil {
		t.Fatal(err)
	}
	if s.Diags.Errors() > 0 {
		t.Fatalf("errors:\n%s", s.Diags)
	}
	return s
}

func TestOpenTypeTablesRFC5912(t *testing.T) {
	s := loadCorpus(t, "ietf/IETF_PKI_RFC5912")

	// Extension{{CertExtensions}}: extnValue is an OCTET STRING CONTAINING
	// EXTENSION.&ExtnType, keyed by extnID.
	ext := component(t, s, "PKIX1Explicit-2009", "TBSCertificate", "extensions", "extnValue")
	tab := ext.Table()
	if tab == nil {
		t.Fatal("TBSCertificate.extensions.extnValue has no table")
	}
	want := []string{
		"oid:2.5.29.35 -> AuthorityKeyIdentifier (ext-AuthorityKeyIdentifier)",
		"oid:2.5.29.14 -> KeyIdentifier (ext-SubjectKeyIdentifier)",
		"oid:2.5.29.15 -> KeyUsage (ext-KeyUsage)",
		"oid:2.5.29.16 -> PrivateKeyUsagePeriod (ext-PrivateKeyUsagePeriod)",
		"oid:2.5.29.32 -> CertificatePolicies (ext-CertificatePolicies)",
		"oid:2.5.29.33 -> PolicyMappings (ext-PolicyMappings)",
		"oid:2.5.29.17 -> GeneralNames (ext-SubjectAltName)",
		"oid:2.5.29.18 -> GeneralNames (ext-IssuerAltName)",
		"oid:2.5.29.9 -> SubjectDirectoryAttributes (ext-SubjectDirectoryAttributes)",
		"oid:2.5.29.19 -> BasicConstraints (ext-BasicConstraints)",
		"oid:2.5.29.30 -> NameConstraints (ext-NameConstraints)",
		"oid:2.5.29.36 -> PolicyConstraints (ext-PolicyConstraints)",
		"oid:2.5.29.37 -> ExtKeyUsageSyntax (ext-ExtKeyUsage)",
		"oid:2.5.29.31 -> CRLDistributionPoints (ext-CRLDistributionPoints)",
		"oid:2.5.29.54 -> SkipCerts (ext-InhibitAnyPolicy)",
		"oid:2.5.29.46 -> CRLDistributionPoints (ext-FreshestCRL)",
		"oid:1.3.6.1.5.5.7.1.1 -> AuthorityInfoAccessSyntax (ext-AuthorityInfoAccess)",
		"oid:1.3.6.1.5.5.7.1.11 -> SubjectInfoAccessSyntax (ext-SubjectInfoAccessSyntax)",
	}
	if diff := cmp.Diff(want, tableRows(tab)); diff != "" {
		t.Errorf("CertExtensions table (-want +got):\n%s", diff)
	}
	if !tab.Extensible || tab.Key == nil || tab.Key.Name != "extnID" || tab.KeyField != "&id" || tab.Field != "&ExtnType" {
		t.Errorf("table: extensible %v, key %v, key field %s, field %s", tab.Extensible, tab.Key, tab.KeyField, tab.Field)
	}
	bc := tab.Lookup(&Value{Kind: ValueOID, OID: OID{2, 5, 29, 19}})
	if bc == nil || typeName(bc.Type) != "BasicConstraints" {
		t.Errorf("id-ce-basicConstraints selects %v", bc)
	}

	// The CRL extensions are another instance of the same template: they
	// must not share the certificate table.
	crl := component(t, s, "PKIX1Explicit-2009", "TBSCertList", "crlExtensions", "extnValue").Table()
	if crl == nil || crl.Lookup(&Value{Kind: ValueOID, OID: OID{2, 5, 29, 20}}) == nil || crl.Lookup(bc.Key) != nil {
		t.Errorf("CrlExtensions table: %v", tableRows(crl))
	}

	// SIGNED{}: parameters per signature algorithm, with the parameter
	// presence rule of AlgorithmInformation-2009 in the object.
	params := component(t, s, "PKIX1Explicit-2009", "Certificate", "algorithmIdentifier", "parameters").Table()
	if params == nil {
		t.Fatal("Certificate.algorithmIdentifier.parameters has no table")
	}
	type row struct{ Key, Type, Presence string }
	var got []row
	for _, e := range params.Entries {
		p := e.Object.Values["&paramPresence"]
		pres := "-"
		if p != nil {
			pres = p.Name
		}
		got = append(got, row{valueKey(e.Key), typeName(e.Type), pres})
	}
	wantRows := map[string]row{
		"sa-rsaWithSHA1":     {"oid:1.2.840.113549.1.1.5", "NULL", "required"},
		"sa-dsaWithSHA1":     {"oid:1.2.840.10040.4.3", "NULL", "absent"},
		"sa-ecdsaWithSHA256": {"oid:1.2.840.10045.4.3.2", "NULL", "absent"},
		"sa-rsaSSA-PSS":      {"oid:1.2.840.113549.1.1.10", "RSASSA-PSS-params", "required"},
	}
	for name, w := range wantRows {
		found := false
		for i, e := range params.Entries {
			if e.Object.Name == name {
				found = true
				if diff := cmp.Diff(w, got[i]); diff != "" {
					t.Errorf("%s (-want +got):\n%s", name, diff)
				}
			}
		}
		if !found {
			t.Errorf("no entry for %s; got %v", name, got)
		}
	}
	if !params.Extensible || strings.Join(params.KeyPath, ".") != "algorithmIdentifier.algorithm" {
		t.Errorf("parameters table: extensible %v, key path %v", params.Extensible, params.KeyPath)
	}

	// The key component's simple table constraint lists the permitted ids.
	alg := component(t, s, "PKIX1Explicit-2009", "Certificate", "algorithmIdentifier", "algorithm")
	if c := alg.Type.Constraints; c == nil || c.Table == nil || len(c.Table.Values) != len(params.Entries) {
		t.Errorf("algorithm: permitted values %v", c)
	}

	// An object outside the set keeps its fields: sha256WithRSAEncryption
	// requires NULL parameters.
	o := s.Module("PKIX1-PSS-OAEP-Algorithms-2009").Lookup("sa-sha256WithRSAEncryption").Object
	if o == nil || typeName(o.Types["&Params"]) != "NULL" || o.Values["&paramPresence"].Name != "required" {
		t.Errorf("sa-sha256WithRSAEncryption: %+v", o)
	}

	// AttributeSet{{SupportedAttributes}} values: a SET OF whose element is
	// the open type, keyed by the sibling component type.
	attr := component(t, s, "PKIX1Implicit-2009", "SubjectDirectoryAttributes", "values").Table()
	if attr == nil || attr.Key.Name != "type" || len(attr.Entries) == 0 {
		t.Fatalf("SubjectDirectoryAttributes values: %+v", attr)
	}
	if e := attr.Lookup(&Value{Kind: ValueOID, OID: OID{2, 5, 4, 3}}); e == nil || e.Object.Name != "at-x520CommonName" || typeName(e.Type) != "X520CommonName" {
		t.Errorf("id-at-commonName selects %v; table %v", e, tableRows(attr))
	}
}

func TestOpenTypeTablesInline(t *testing.T) {
	s := checkSrc(`M DEFINITIONS AUTOMATIC TAGS ::= BEGIN
IE ::= CLASS { &id INTEGER UNIQUE, &crit ENUMERATED { reject, ignore }, &Value }
	WITH SYNTAX { ID &id CRITICALITY &crit TYPE &Value }
Container { IE : Set } ::= SEQUENCE {
	id    IE.&id ({Set}),
	crit  IE.&crit ({Set}{@id}),
	value IE.&Value ({Set}{@id})
}
Base IE ::= { { ID 1 CRITICALITY reject TYPE INTEGER } | ie-two }
ie-two IE ::= { ID 2 CRITICALITY ignore TYPE BOOLEAN }
More IE ::= { Base, ..., { ID 3 CRITICALITY ignore TYPE Name } }
Name ::= IA5String
Msg ::= Container {{More}}
Closed ::= Container {{Base}}
END`)
	if len(s.Diags) > 0 {
		t.Fatalf("diags:\n%s", s.Diags)
	}
	rows := func(tab *OpenTypeTable) []string {
		var out []string
		for _, e := range tab.Entries {
			r := valueKey(e.Key) + " -> " + typeName(e.Type)
			if e.Value != nil {
				r = valueKey(e.Key) + " -> " + e.Value.Name
			}
			out = append(out, r)
		}
		return out
	}
	msg := component(t, s, "M", "Msg", "value").Table()
	if diff := cmp.Diff([]string{"int:1 -> INTEGER", "int:2 -> BOOLEAN", "int:3 -> Name"}, rows(msg)); diff != "" || !msg.Extensible {
		t.Errorf("Msg.value (extensible %v) (-want +got):\n%s", msg.Extensible, diff)
	}
	crit := component(t, s, "M", "Msg", "crit").Table()
	if diff := cmp.Diff([]string{"int:1 -> reject", "int:2 -> ignore", "int:3 -> ignore"}, rows(crit)); diff != "" {
		t.Errorf("Msg.crit (-want +got):\n%s", diff)
	}
	closed := component(t, s, "M", "Closed", "value").Table()
	if diff := cmp.Diff([]string{"int:1 -> INTEGER", "int:2 -> BOOLEAN"}, rows(closed)); diff != "" || closed.Extensible {
		t.Errorf("Closed.value (extensible %v) (-want +got):\n%s", closed.Extensible, diff)
	}
	ids := component(t, s, "M", "Closed", "id").Type.Constraints.Table.Values
	if len(ids) != 2 || ids[0].Int != 1 || ids[1].Int != 2 {
		t.Errorf("Closed.id permitted values %v", ids)
	}
}

func TestComponentRelationErrors(t *testing.T) {
	tests := []struct {
		name string
		body string
		want []string
	}{
		{"missing component", `T ::= SEQUENCE { id C.&id ({S}), v C.&T ({S}{@nope}) }`,
			[]string{"m0.asn:5:46: component relation @nope: there is no component nope"}},
		{"path through a non-structured component", `T ::= SEQUENCE { id C.&id ({S}), v C.&T ({S}{@id.x}) }`,
			[]string{"m0.asn:5:46: component relation @id.x: id is not a SEQUENCE, SET or CHOICE"}},
		{"key not a class field", `T ::= SEQUENCE { id INTEGER, v C.&T ({S}{@id}) }`,
			[]string{"m0.asn:5:42: @id names id, which is not an information object class field"}},
		{"relative path", `T ::= SEQUENCE { id C.&id ({S}), inner SEQUENCE { v C.&T ({S}{@..id}) } }`, nil},
		{"relative path too far", `T ::= SEQUENCE { id C.&id ({S}), inner SEQUENCE { v C.&T ({S}{@...id}) } }`,
			[]string{"m0.asn:5:63: component relation @...id goes out of the outermost type"}},
		// X.682 10.7: the paths start from the SEQUENCE in which the
		// constraint is written, even when that is an actual parameter.
		{"in an actual parameter", "W{X} ::= CHOICE { plain X, other NULL }\nT ::= W{SEQUENCE { id C.&id ({S}), v C.&T ({S}{@id}) }}", nil},
		{"in an actual parameter, not in the template", "W{X} ::= SEQUENCE { id C.&id ({S}), x X }\nT ::= W{SEQUENCE { v C.&T ({S}{@id}) }}",
			[]string{"m0.asn:6:32: component relation @id: there is no component id"}},
		{"in an actual parameter, relative path out of it", "W{X} ::= SEQUENCE { id C.&id ({S}), x X }\nT ::= W{SEQUENCE { v C.&T ({S}{@..id}) }}",
			[]string{"m0.asn:6:32: component relation @..id goes out of the actual parameter in which it is written"}},
		{"key outside the actual parameter", "W{X} ::= SEQUENCE { x X }\nT ::= SEQUENCE { id C.&id ({S}), w W{C.&T ({S}{@id})} }",
			[]string{"m0.asn:6:48: component relation @id in an actual parameter refers outside it, to the type in which the parameterized type is used: write the SEQUENCE, SET or CHOICE that holds the key in the actual parameter"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := checkSrc("M DEFINITIONS ::= BEGIN\nC ::= CLASS { &id INTEGER UNIQUE, &T }\nS C ::= { { &id 1, &T BOOLEAN } }\n\n" + tt.body + "\nEND")
			if diff := cmp.Diff(tt.want, diagLines(s)); diff != "" {
				t.Errorf("diags (-want +got):\n%s", diff)
			}
		})
	}
}

// TestComponentRelationInActual checks issue 12's reproduction: the
// relation written in the actual parameter of WRAP selects val's type by
// the kind of that SEQUENCE.
func TestComponentRelationInActual(t *testing.T) {
	s := checkSrc(`AtParam DEFINITIONS AUTOMATIC TAGS ::= BEGIN
C ::= CLASS { &id INTEGER UNIQUE, &Type } WITH SYNTAX { &Type IDENTIFIED BY &id }
Set C ::= { {BOOLEAN IDENTIFIED BY 1} | {INTEGER IDENTIFIED BY 2} }
WRAP{Type} ::= CHOICE { plain Type, wrapped [9] OCTET STRING }
Msg ::= WRAP{ SEQUENCE { kind C.&id({Set}), val C.&Type({Set}{@kind}) } }
END`)
	if len(s.Diags) > 0 {
		t.Fatalf("diags:\n%s", s.Diags)
	}
	val := component(t, s, "AtParam", "Msg", "plain", "val")
	tab := val.Table()
	if tab == nil {
		t.Fatal("Msg.plain.val has no table")
	}
	var rows []string
	for _, e := range tab.Entries {
		rows = append(rows, valueKey(e.Key)+" -> "+typeName(e.Type))
	}
	if diff := cmp.Diff([]string{"int:1 -> BOOLEAN", "int:2 -> INTEGER"}, rows); diff != "" {
		t.Errorf("Msg.plain.val (-want +got):\n%s", diff)
	}
	if kind := component(t, s, "AtParam", "Msg", "plain", "kind"); tab.Key != kind {
		t.Errorf("the key is %s, want Msg.plain.kind", tab.Key.Name)
	}
}

func TestOpenTypeTablesCMS(t *testing.T) {
	s := loadCorpus(t, "ietf/IETF_PKI_RFC6268")
	tab := component(t, s, "CryptographicMessageSyntax-2010", "ContentInfo", "content").Table()
	if tab == nil {
		t.Fatal("ContentInfo.content has no table")
	}
	want := []string{
		"oid:1.2.840.113549.1.7.1 -> - (ct-Data)", // RFC 6268: { IDENTIFIED BY id-data }, no &Type
		"oid:1.2.840.113549.1.7.2 -> SignedData (ct-SignedData)",
		"oid:1.2.840.113549.1.7.6 -> EncryptedData (ct-EncryptedData)",
		"oid:1.2.840.113549.1.7.3 -> EnvelopedData (ct-EnvelopedData)",
		"oid:1.2.840.113549.1.9.16.1.2 -> AuthenticatedData (ct-AuthenticatedData)",
		"oid:1.2.840.113549.1.7.5 -> DigestedData (ct-DigestedData)",
	}
	if diff := cmp.Diff(want, tableRows(tab)); diff != "" || !tab.Extensible {
		t.Errorf("ContentSet (extensible %v) (-want +got):\n%s", tab.Extensible, diff)
	}
	// SignerInfo.signedAttrs: Attributes of SignedAttributesSet, whose
	// values are keyed by the attribute type.
	attrs := component(t, s, "CryptographicMessageSyntax-2010", "SignerInfo", "signedAttrs", "attrValues").Table()
	if attrs == nil {
		t.Fatal("SignerInfo.signedAttrs.attrValues has no table")
	}
	if e := attrs.Lookup(&Value{Kind: ValueOID, OID: OID{1, 2, 840, 113549, 1, 9, 3}}); e == nil || typeName(e.Type) != "ContentType" {
		t.Errorf("id-contentType selects %v; table %v", e, tableRows(attrs))
	}
}

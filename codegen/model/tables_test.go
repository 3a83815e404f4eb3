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

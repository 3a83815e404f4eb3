package model

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// bindSources are small modules for Options.ImportFrom: A imports from
// Missing (not in the set) and from C, B defines what the bindings name.
var bindSources = []Source{
	{Name: "a.asn", Src: []byte(`A DEFINITIONS ::= BEGIN
IMPORTS T, v FROM Missing {1 2 3}
        X FROM C;
U ::= SEQUENCE { t T, x X, q Missing.T }
w INTEGER ::= v
END`)},
	{Name: "b.asn", Src: []byte(`B DEFINITIONS ::= BEGIN
T ::= OCTET STRING
v INTEGER ::= 7
X ::= BOOLEAN
END`)},
	{Name: "c.asn", Src: []byte(`C DEFINITIONS ::= BEGIN
X ::= INTEGER
END`)},
}

func mustImportFrom(t *testing.T, items ...string) []ImportBinding {
	t.Helper()
	var out []ImportBinding
	for _, it := range items {
		b, err := ParseImportFrom(it)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, b)
	}
	return out
}

func TestImportFrom(t *testing.T) {
	s := CheckWith(Options{ImportFrom: mustImportFrom(t, "Missing.T=B", "Missing.v=B", "C.X=B")}, bindSources...)
	want := []string{
		"a.asn:2:9: warning: Missing not in the set: T bound to B by -import-from",
		"a.asn:2:12: warning: Missing not in the set: v bound to B by -import-from",
		"a.asn:3:9: warning: X imported from C: bound to B instead by -import-from",
	}
	if diff := cmp.Diff(want, diagLines(s)); diff != "" {
		t.Fatalf("diagnostics (-want +got):\n%s", diff)
	}
	b := s.Module("B")
	u := s.Module("A").Lookup("U").Type
	for i, name := range []string{"T", "X", "T"} {
		if got := u.Components[i].Type.Ref; got != b.Lookup(name) {
			t.Errorf("U.%s refers to %v, want B.%s", u.Components[i].Name, got, name)
		}
	}
	if w := s.Module("A").Lookup("w").Value; w == nil || w.Int != 7 {
		t.Errorf("w = %v, want 7 (B.v)", w)
	}
}

func TestImportFromErrors(t *testing.T) {
	for _, tc := range []struct {
		name     string
		bindings []string
		want     []string
	}{
		{"none", nil, []string{
			"a.asn:2:19: module Missing not found (imported by A); no module of the set has its OID 1.2.3",
			"a.asn:4:30: module Missing of Missing.T not found",
		}},
		{"partial", []string{"Missing.T=B"}, []string{
			"a.asn:2:9: warning: Missing not in the set: T bound to B by -import-from",
			"a.asn:2:19: module Missing not found (imported by A); no module of the set has its OID 1.2.3; -import-from binds none of v",
		}},
		{"unknown target", []string{"Missing.T=Nowhere", "Missing.v=B"}, []string{
			"a.asn:2:12: warning: Missing not in the set: v bound to B by -import-from",
			"a.asn:2:19: module Nowhere not found (bound by -import-from Missing.T=Nowhere)",
			"a.asn:4:30: module Missing of Missing.T not found",
		}},
		{"not defined", []string{"Missing.T=C", "Missing.v=B"}, []string{
			"a.asn:2:9: warning: Missing not in the set: T bound to C by -import-from",
			"a.asn:2:9: T is not defined in module C (imported by A)",
			"a.asn:2:12: warning: Missing not in the set: v bound to B by -import-from",
		}},
		{"unused", []string{"Missing.T=B", "Missing.v=B", "Other.Z=B"}, []string{
			"-import-from:1:1: -import-from Other.Z=B binds nothing: no module imports Z from Other",
			"a.asn:2:9: warning: Missing not in the set: T bound to B by -import-from",
			"a.asn:2:12: warning: Missing not in the set: v bound to B by -import-from",
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := CheckWith(Options{ImportFrom: mustImportFrom(t, tc.bindings...)}, bindSources...)
			var got []string
			for _, l := range diagLines(s) {
				if !strings.Contains(l, "X imported from C") {
					got = append(got, l)
				}
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("diagnostics (-want +got):\n%s", diff)
			}
		})
	}
}

func TestParseImportFromExtend(t *testing.T) {
	b, err := ParseImportFrom(" PKCS-7.ContentInfo=CryptographicMessageSyntax2004 ")
	if err != nil || b != (ImportBinding{Module: "PKCS-7", Symbol: "ContentInfo", To: "CryptographicMessageSyntax2004"}) {
		t.Errorf("ParseImportFrom = %+v, %v", b, err)
	}
	b, err = ParseImportFrom("PKCS-9:InformationFramework.Attribute=PKIX1Explicit88")
	if err != nil || b != (ImportBinding{In: "PKCS-9", Module: "InformationFramework", Symbol: "Attribute", To: "PKIX1Explicit88"}) || b.String() != "PKCS-9:InformationFramework.Attribute=PKIX1Explicit88" {
		t.Errorf("ParseImportFrom = %+v, %v", b, err)
	}
	if b, err = ParseImportFrom("PKCS-15.PKCS15Token=ANY"); err != nil || b.To != OpaqueBinding {
		t.Errorf("ParseImportFrom = %+v, %v", b, err)
	}
	for _, bad := range []string{"", "PKCS-7", "PKCS-7.ContentInfo", "PKCS-7.ContentInfo=", "=X", "ContentInfo=X", "A.B.C=X", "A.B=C.D",
		":A.B=C", "X.Y:A.B=C", "A.B=X:C", "A.B:C=D"} {
		if _, err := ParseImportFrom(bad); err == nil {
			t.Errorf("ParseImportFrom(%q): no error", bad)
		}
	}
	e, err := ParseExtend("PKIX1Explicit-2009.SignatureAlgorithms=X509-ML-DSA-2025.SignatureAlgorithms")
	if err != nil || e.String() != "PKIX1Explicit-2009.SignatureAlgorithms=X509-ML-DSA-2025.SignatureAlgorithms" {
		t.Errorf("ParseExtend = %+v, %v", e, err)
	}
	for _, bad := range []string{"", "A.S", "A.S=B", "A=B.S", "A.S=.T", "A.S.T=B.U"} {
		if _, err := ParseExtend(bad); err == nil {
			t.Errorf("ParseExtend(%q): no error", bad)
		}
	}
}

func mustExtend(t *testing.T, items ...string) []SetExtension {
	t.Helper()
	var out []SetExtension
	for _, it := range items {
		e, err := ParseExtend(it)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, e)
	}
	return out
}

// TestExtendRFC5912 extends RFC 5912's SignatureAlgorithms and
// PublicKeyAlgorithms with the LAMPS ML-DSA and ML-KEM sets: the tables
// of SIGNED{} and SubjectPublicKeyInfo get their rows, after RFC 5912's.
func TestExtendRFC5912(t *testing.T) {
	dirs := moduleDirs()
	plain, err := LoadPathsWith(Options{ImportFrom: mustImportFrom(t, rfc7292ImportFrom...)}, dirs...)
	if err != nil {
		t.Fatal(err)
	}
	s, err := LoadPathsWith(Options{Extend: mustExtend(t,
		"PKIX1Explicit-2009.SignatureAlgorithms=X509-ML-DSA-2025.SignatureAlgorithms",
		"PKIX1Explicit-2009.PublicKeyAlgorithms=X509-ML-DSA-2025.PublicKeys",
		"PKIX1Explicit-2009.PublicKeyAlgorithms=X509-ML-KEM-2025.PublicKeys",
	), ImportFrom: mustImportFrom(t, rfc7292ImportFrom...)}, dirs...)
	if err != nil {
		t.Fatal(err)
	}
	if s.Diags.Errors() > 0 {
		t.Fatalf("errors:\n%s", s.Diags)
	}
	mlDSA := []string{
		"oid:2.16.840.1.101.3.4.3.17 -> - (sa-ml-dsa-44)",
		"oid:2.16.840.1.101.3.4.3.18 -> - (sa-ml-dsa-65)",
		"oid:2.16.840.1.101.3.4.3.19 -> - (sa-ml-dsa-87)",
	}
	mlKeys := []string{
		"oid:2.16.840.1.101.3.4.3.17 -> - (pk-ml-dsa-44)",
		"oid:2.16.840.1.101.3.4.3.18 -> - (pk-ml-dsa-65)",
		"oid:2.16.840.1.101.3.4.3.19 -> - (pk-ml-dsa-87)",
		"oid:2.16.840.1.101.3.4.4.1 -> - (pk-ml-kem-512)",
		"oid:2.16.840.1.101.3.4.4.2 -> - (pk-ml-kem-768)",
		"oid:2.16.840.1.101.3.4.4.3 -> - (pk-ml-kem-1024)",
	}
	for _, tc := range []struct {
		typ  string
		path []string
		add  []string
	}{
		// SIGNED{TBSCertificate}: the outer signature algorithm.
		{"Certificate", []string{"algorithmIdentifier", "parameters"}, mlDSA},
		{"TBSCertificate", []string{"signature", "parameters"}, mlDSA},
		{"CertificateList", []string{"algorithmIdentifier", "parameters"}, mlDSA},
		{"SubjectPublicKeyInfo", []string{"algorithm", "parameters"}, mlKeys},
	} {
		name := tc.typ + "." + strings.Join(tc.path, ".")
		before := component(t, plain, "PKIX1Explicit-2009", tc.typ, tc.path...).Table()
		tab := component(t, s, "PKIX1Explicit-2009", tc.typ, tc.path...).Table()
		if before == nil || tab == nil {
			t.Fatalf("%s: no table", name)
		}
		rows, old := tableRows(tab), tableRows(before)
		if len(rows) != len(old)+len(tc.add) {
			t.Errorf("%s: %d rows, want %d + %d:\n%s", name, len(rows), len(old), len(tc.add), strings.Join(rows, "\n"))
			continue
		}
		if diff := cmp.Diff(old, rows[:len(old)]); diff != "" {
			t.Errorf("%s: RFC 5912's rows changed (-want +got):\n%s", name, diff)
		}
		if diff := cmp.Diff(tc.add, rows[len(old):]); diff != "" {
			t.Errorf("%s: added rows (-want +got):\n%s", name, diff)
		}
		if !tab.Extensible {
			t.Errorf("%s: not extensible", name)
		}
	}
	// The key's permitted values follow the table.
	alg := component(t, s, "PKIX1Explicit-2009", "Certificate", "algorithmIdentifier", "algorithm")
	params := component(t, s, "PKIX1Explicit-2009", "Certificate", "algorithmIdentifier", "parameters").Table()
	if c := alg.Type.Constraints; c == nil || c.Table == nil || len(c.Table.Values) != len(params.Entries) {
		t.Errorf("algorithm: permitted values %v, want %d", c, len(params.Entries))
	}
	// The extended set itself has the objects.
	if os := s.Module("PKIX1Explicit-2009").Lookup("SignatureAlgorithms").ObjectSet; os == nil || os.Objects[len(os.Objects)-1].Name != "sa-ml-dsa-87" {
		t.Errorf("SignatureAlgorithms: %+v", os)
	}
}

func TestExtendErrors(t *testing.T) {
	src := Source{Name: "x.asn", Src: []byte(`X DEFINITIONS ::= BEGIN
C ::= CLASS { &id INTEGER UNIQUE, &Type } WITH SYNTAX { &Type IDENTIFIED BY &id }
D ::= CLASS { &id INTEGER UNIQUE } WITH SYNTAX { ID &id }
Open C ::= { { BOOLEAN IDENTIFIED BY 1 }, ... }
Closed C ::= { { BOOLEAN IDENTIFIED BY 2 } }
More C ::= { { INTEGER IDENTIFIED BY 3 } | { NULL IDENTIFIED BY 1 } }
Ds D ::= { { ID 4 } }
T ::= SEQUENCE { id C.&id({Open}), val C.&Type({Open}{@id}) }
n INTEGER ::= 1
END`)}
	for _, tc := range []struct {
		ext  string
		want string
	}{
		{"X.Closed=X.More", "-extend X.Closed=X.More: object set X.Closed is not extensible (it has no extension marker)"},
		{"X.Open=X.Ds", "-extend X.Open=X.Ds: Open is a set of X.C, Ds a set of X.D"},
		{"X.Open=Y.More", "-extend X.Open=Y.More: module Y not found"},
		{"X.Open=X.Less", "-extend X.Open=X.Less: Less is not defined in module X"},
		{"X.Open=X.n", "-extend X.Open=X.n: X.n is not an object set"},
		{"X.Nothing=X.More", "-extend X.Nothing=X.More: Nothing is not defined in module X"},
		{"X.T=X.More", "-extend X.T=X.More: X.T is not an object set"},
	} {
		s := CheckWith(Options{Extend: mustExtend(t, tc.ext)}, src)
		if got := strings.TrimSpace(s.Diags.String()); got != "-extend:1:1: "+tc.want {
			t.Errorf("-extend %s: got %q, want %q", tc.ext, got, tc.want)
		}
	}
	// A good extension: the table gets the new key; a key already in the
	// table (1) keeps its first object.
	s := CheckWith(Options{Extend: mustExtend(t, "X.Open=X.More")}, src)
	if s.Diags.Errors() > 0 {
		t.Fatalf("errors:\n%s", s.Diags)
	}
	tab := component(t, s, "X", "T", "val").Table()
	want := []string{"int:1 -> BOOLEAN ()", "int:3 -> INTEGER ()"}
	if diff := cmp.Diff(want, tableRows(tab)); diff != "" {
		t.Errorf("table (-want +got):\n%s", diff)
	}
}

// TestImportFromOpaque binds types of a module that is not available to
// an open type (OpaqueBinding): references to them are ANY, "M.T" too.
func TestImportFromOpaque(t *testing.T) {
	src := Source{Name: "o.asn", Src: []byte(`O DEFINITIONS ::= BEGIN
IMPORTS Token, Other FROM Missing {1 2 3}
        X FROM C;
S ::= SEQUENCE { t Token, u Missing.Token, o [0] Other OPTIONAL, x [1] X }
END`)}
	s := CheckWith(Options{ImportFrom: mustImportFrom(t, "Missing.Token=ANY", "Missing.Other=ANY", "C.X=ANY")}, src, bindSources[2])
	want := []string{
		"o.asn:2:9: warning: Missing not in the set: Token bound to an open type (ANY) by -import-from",
		"o.asn:2:16: warning: Missing not in the set: Other bound to an open type (ANY) by -import-from",
		"o.asn:3:9: warning: X imported from C: bound to an open type (ANY) instead by -import-from",
	}
	if diff := cmp.Diff(want, diagLines(s)); diff != "" {
		t.Fatalf("diagnostics (-want +got):\n%s", diff)
	}
	u := s.Module("O").Lookup("S").Type
	tok := u.Components[0].Type.Ref
	if tok == nil || tok.Kind != KindType || tok.Type == nil || tok.Type.Kind != TypeOpen || tok.Module.Name != "Missing" {
		t.Fatalf("S.t refers to %+v, want Missing.Token ::= ANY", tok)
	}
	if got := u.Components[1].Type.Ref; got != tok {
		t.Errorf("S.u refers to %v, want the same assignment as S.t", got)
	}
	for i, c := range u.Components {
		if c.Type.Kind != TypeOpen {
			t.Errorf("S.%s (%d) is %s, want an open type", c.Name, i, c.Type.Kind)
		}
	}
	if s.Module("Missing") != nil {
		t.Errorf("the opaque module is listed in the set")
	}
	// Values cannot be bound to ANY.
	s = CheckWith(Options{ImportFrom: mustImportFrom(t, "Missing.T=ANY", "Missing.v=ANY")}, bindSources...)
	want = []string{
		"a.asn:2:9: warning: Missing not in the set: T bound to an open type (ANY) by -import-from",
		"a.asn:2:12: -import-from Missing.v=ANY: only a type can be bound to ANY, and v is not a type reference",
	}
	if diff := cmp.Diff(want, diagLines(s)); diff != "" {
		t.Errorf("diagnostics (-want +got):\n%s", diff)
	}
}

// TestAssignedIdentifierMissing: an imported value that its module does
// not define, used only as the AssignedIdentifier of another import whose
// module is found by name (PKCS-9's "FROM UpperBounds upperBounds" with the
// 2016 UsefulDefinitions), is a warning; any other use of it is an error.
func TestAssignedIdentifierMissing(t *testing.T) {
	defs := Source{Name: "u.asn", Src: []byte(`U DEFINITIONS ::= BEGIN
other OBJECT IDENTIFIER ::= {1 2 4}
END`)}
	bounds := Source{Name: "b.asn", Src: []byte(`Bounds {1 2 5} DEFINITIONS ::= BEGIN
ub INTEGER ::= 64
END`)}
	for _, tc := range []struct {
		name, src string
		want      []string
	}{
		{"only assigned identifier", `P DEFINITIONS ::= BEGIN
IMPORTS bounds, other FROM U {1 2 3}
        ub FROM Bounds bounds;
n INTEGER ::= ub
END`, []string{
			"p.asn:2:9: warning: bounds is not defined in module U (imported by P); it is only the AssignedIdentifier of the import from Bounds, which is bound by name [-accept assigned-identifier:P]",
		}},
		{"used elsewhere too", `P DEFINITIONS ::= BEGIN
IMPORTS bounds, other FROM U {1 2 3}
        ub FROM Bounds bounds;
n INTEGER ::= ub
o OBJECT IDENTIFIER ::= { bounds 1 }
END`, []string{
			"p.asn:2:9: warning: bounds is not defined in module U (imported by P); it is only the AssignedIdentifier of the import from Bounds, which is bound by name [-accept assigned-identifier:P]",
			"p.asn:5:27: bounds is not defined in module U (imported by P at p.asn:2:9)",
		}},
		{"module not found by name", `P DEFINITIONS ::= BEGIN
IMPORTS bounds, other FROM U {1 2 3}
        ub FROM Nowhere bounds;
END`, []string{
			"p.asn:2:9: bounds is not defined in module U (imported by P)",
			"p.asn:3:17: module Nowhere not found (imported by P)",
		}},
		{"not an assigned identifier", `P DEFINITIONS ::= BEGIN
IMPORTS bounds, other FROM U {1 2 3};
END`, []string{
			"p.asn:2:9: bounds is not defined in module U (imported by P)",
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := Check(Source{Name: "p.asn", Src: []byte(tc.src)}, defs, bounds)
			if diff := cmp.Diff(tc.want, diagLines(s)); diff != "" {
				t.Errorf("diagnostics (-want +got):\n%s", diff)
			}
		})
	}
	s := Check(Source{Name: "p.asn", Src: []byte(`P DEFINITIONS ::= BEGIN
IMPORTS bounds, other FROM U {1 2 3}
        ub FROM Bounds bounds;
n INTEGER ::= ub
END`)}, defs, bounds)
	if n := s.Module("P").Lookup("n").Value; n == nil || n.Int != 64 {
		t.Errorf("n = %v, want 64 (Bounds.ub)", n)
	}
}

// TestImportFromIn restricts a binding to the imports of one module
// ("In:M.Sym=To"), which wins over a binding for every module.
func TestImportFromIn(t *testing.T) {
	d := Source{Name: "d.asn", Src: []byte(`D DEFINITIONS ::= BEGIN
IMPORTS X FROM C;
V ::= SEQUENCE { x X }
END`)}
	s := CheckWith(Options{ImportFrom: mustImportFrom(t, "A:C.X=B", "Missing.T=B", "Missing.v=B")}, append([]Source{d}, bindSources...)...)
	want := []string{
		"a.asn:2:9: warning: Missing not in the set: T bound to B by -import-from",
		"a.asn:2:12: warning: Missing not in the set: v bound to B by -import-from",
		"a.asn:3:9: warning: X imported from C: bound to B instead by -import-from",
	}
	if diff := cmp.Diff(want, diagLines(s)); diff != "" {
		t.Fatalf("diagnostics (-want +got):\n%s", diff)
	}
	if got, want := s.Module("A").Lookup("U").Type.Components[1].Type.Ref, s.Module("B").Lookup("X"); got != want {
		t.Errorf("A's X is %v, want B.X", got)
	}
	if got, want := s.Module("D").Lookup("V").Type.Components[0].Type.Ref, s.Module("C").Lookup("X"); got != want {
		t.Errorf("D's X is %v, want C.X", got)
	}
	s = CheckWith(Options{ImportFrom: mustImportFrom(t, "C.X=C", "D:C.X=B", "Missing.T=B", "Missing.v=B")}, append([]Source{d}, bindSources...)...)
	if got, want := s.Module("D").Lookup("V").Type.Components[0].Type.Ref, s.Module("B").Lookup("X"); got != want {
		t.Errorf("D's X is %v, want B.X (the binding restricted to D)", got)
	}
	s = CheckWith(Options{ImportFrom: mustImportFrom(t, "D:Missing.T=B", "Missing.T=B", "Missing.v=B")}, append([]Source{d}, bindSources...)...)
	if got := diagLines(s); len(got) == 0 || got[0] != "-import-from:1:1: -import-from D:Missing.T=B binds nothing: module D does not import T from Missing" {
		t.Errorf("diagnostics: %q", got)
	}
}

// TestExtensible declares a closed object set extensible: the tables
// drawn from it become extensible, -extend may add to it, and each
// declaration is a warning at the set (or an error when it opens nothing).
func TestExtensible(t *testing.T) {
	src := Source{Name: "x.asn", Src: []byte(`X DEFINITIONS ::= BEGIN
C ::= CLASS { &id INTEGER UNIQUE, &Type OPTIONAL } WITH SYNTAX { ID &id [TYPE &Type] }
Closed C ::= { { ID 1 TYPE BOOLEAN } | { ID 2 } }
Open C ::= { { ID 3 TYPE NULL }, ... }
More C ::= { { ID 4 TYPE INTEGER } }
A{C:Set} ::= SEQUENCE { id C.&id({Set}), val C.&Type({Set}{@id}) OPTIONAL }
T ::= A{{Closed}}
U ::= SEQUENCE { id C.&id({Closed}), val C.&Type({Closed}{@id}) }
n INTEGER ::= 1
END`)}
	mustRefs := func(items ...string) []SetRef {
		var out []SetRef
		for _, it := range items {
			r, err := ParseSetRef(it)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, r)
		}
		return out
	}
	plain := Check(src)
	if tab := component(t, plain, "X", "U", "val").Table(); tab == nil || tab.Extensible {
		t.Fatalf("U.val without -extensible: table %+v, want closed", tab)
	}
	s := CheckWith(Options{Extensible: mustRefs("X.Closed"), Extend: mustExtend(t, "X.Closed=X.More")}, src)
	want := []string{"x.asn:3:1: warning: object set Closed is declared extensible by -extensible X.Closed: its tables keep the values of the keys it does not list"}
	if diff := cmp.Diff(want, diagLines(s)); diff != "" {
		t.Fatalf("diagnostics (-want +got):\n%s", diff)
	}
	for _, typ := range []string{"T", "U"} {
		tab := component(t, s, "X", typ, "val").Table()
		if tab == nil || !tab.Extensible {
			t.Errorf("%s.val: table %+v, want extensible", typ, tab)
			continue
		}
		if diff := cmp.Diff([]string{"int:1 -> BOOLEAN ()", "int:2 -> - ()", "int:4 -> INTEGER ()"}, tableRows(tab)); diff != "" {
			t.Errorf("%s.val: rows (-want +got):\n%s", typ, diff)
		}
	}
	for _, tc := range []struct{ ref, want string }{
		{"X.Open", "-extensible:1:1: -extensible X.Open: object set X.Open is extensible already"},
		{"Y.Closed", "-extensible:1:1: -extensible Y.Closed: module Y not found"},
		{"X.Nothing", "-extensible:1:1: -extensible X.Nothing: Nothing is not defined in module X"},
		{"X.T", "-extensible:1:1: -extensible X.T: X.T is not an object set"},
		{"X.n", "-extensible:1:1: -extensible X.n: X.n is not an object set"},
	} {
		s := CheckWith(Options{Extensible: mustRefs(tc.ref)}, src)
		if got := strings.TrimSpace(s.Diags.String()); got != tc.want {
			t.Errorf("-extensible %s: got %q, want %q", tc.ref, got, tc.want)
		}
	}
	for _, bad := range []string{"", "X", "X.", ".S", "X.S.T", "X.S=Y"} {
		if _, err := ParseSetRef(bad); err == nil {
			t.Errorf("ParseSetRef(%q): no error", bad)
		}
	}
}

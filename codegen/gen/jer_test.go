package gen

import (
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/asn1gen/asn1gen/codegen/manifest"
	"github.com/asn1gen/asn1gen/codegen/model"
	"github.com/asn1gen/asn1gen/codegen/plan"
	"github.com/google/go-cmp/cmp"
)

// TestJERInterop generates the package of testdata/per/PerTest.asn with
// -codecs jer and exchanges random values of each of its types with
// Erlang's asn1ct (erlc -bjer): asn1ct encodes, the generated code
// decodes and re-encodes, the two JSON texts must be the same JSON value
// and asn1ct must decode the Go text to the same value
// (testdata/jer/driver.escript). It skips without erlc and escript.
func TestJERInterop(t *testing.T) {
	t.Parallel() // beside the other exchanges with asn1ct: erlangTools
	src, err := os.ReadFile("testdata/per/PerTest.asn")
	if err != nil {
		t.Fatal(err)
	}
	set := model.Check(model.Source{Name: "PerTest.asn", Src: src})
	jerInterop(t, jerSet{set: set, count: 100, use: func(_, name string) string {
		switch name {
		case "V2", "C2":
			// The later versions of V1 and C1 (PER's test of additions).
			return ""
		case "Real", "Reals":
			return "asn1ct (5.0.21) has no JER encoding of REAL"
		case "SerialSizedRefs":
			// list RefList (SIZE (2)): asn1ct draws lists of any length,
			// which the Go side refuses (X.680 51.5).
			return "asn1ct ignores a component's SIZE on a named SEQUENCE OF"
		}
		return "ok"
	}})
}

// TestJERInteropStrings is TestJERInterop for the character strings that
// are not known-multiplier (testdata/jer/JerStrings.asn: GeneralString,
// GraphicString, TeletexString, VideotexString), which both write as JSON
// strings of their characters.
func TestJERInteropStrings(t *testing.T) {
	t.Parallel() // beside the other exchanges with asn1ct: erlangTools
	src, err := os.ReadFile("testdata/jer/JerStrings.asn")
	if err != nil {
		t.Fatal(err)
	}
	set := model.Check(model.Source{Name: "JerStrings.asn", Src: src})
	jerInterop(t, jerSet{set: set, count: 100, use: useAll})
}

// TestJERInteropExternal is TestJERInterop, with the OER round trip, for
// INSTANCE OF, EXTERNAL and a string CONTAINING a type ENCODED BY der
// (testdata/jer/JerExternal.asn). asn1ct writes an INSTANCE OF as X.697
// does, {"type-id": ..., "value": ...}, the value any JSON value (the
// octets asn1ct draws for the open type, as a string): the types that
// hold one are exchanged, without the OER round trip, as the generated
// code keeps the JSON text, which OER cannot write. asn1ct writes an
// EXTERNAL as X.690 8.18.1's sequence, not as X.680 37.5's associated
// type (jerExternal), and draws random octets for a component CONTAINING
// a type ENCODED BY der (jerContainingDER): those are left out, with the
// reasons pinned. A type defined as such a string (D) is held as its
// octets, as asn1ct holds it.
func TestJERInteropExternal(t *testing.T) {
	src, err := os.ReadFile("testdata/jer/JerExternal.asn")
	if err != nil {
		t.Fatal(err)
	}
	set := model.Check(model.Source{Name: "JerExternal.asn", Src: src})
	tally := jerInterop(t, jerSet{set: set, count: 100, oer: true, use: useAll})
	slices.Sort(tally.exchanged)
	want := []string{"JerExternal.D", "JerExternal.GN", "JerExternal.I", "JerExternal.Other", "JerExternal.Pair"}
	if diff := cmp.Diff(want, tally.exchanged); diff != "" {
		t.Errorf("types exchanged (-want +got):\n%s", diff)
	}
	wantLeft := map[string]string{"JerExternal.E": jerExternal, "JerExternal.HasE": jerExternal, "JerExternal.HasD": jerContainingDER}
	if diff := cmp.Diff(wantLeft, tally.left); diff != "" {
		t.Errorf("types left out (-want +got):\n%s", diff)
	}
}

// TestJERInteropETSI is TestJERInterop for every type of the ETSI ITS
// modules of modules/etsi-its (CAM, DENM and the ITS-Container).
func TestJERInteropETSI(t *testing.T) {
	t.Parallel() // beside the other exchanges with asn1ct: erlangTools
	files, err := filepath.Glob("../../modules/etsi-its/*.asn")
	if err != nil || len(files) != 3 {
		t.Fatalf("modules/etsi-its: %d modules, %v", len(files), err)
	}
	var srcs []model.Source
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		srcs = append(srcs, model.Source{Name: filepath.Base(f), Src: b})
	}
	jerInterop(t, jerSet{set: model.Check(srcs...), count: 30, oer: true, use: useAll})
}

// TestJERInteropV2X is TestJERInterop for every type of IEEE 1609.2 and
// ETSI TS 103 097 (modules/ieee1609dot2) but those that hold an open type
// with a table, which asn1ct's JER does not resolve (jerInterop).
func TestJERInteropV2X(t *testing.T) {
	t.Parallel() // beside the other exchanges with asn1ct: erlangTools
	files, err := filepath.Glob("../../modules/ieee1609dot2/*.asn")
	if err != nil || len(files) != 4 {
		t.Fatalf("modules/ieee1609dot2: %d modules, %v", len(files), err)
	}
	var srcs []model.Source
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		// The import OIDs that name other editions (WITH SUCCESSORS,
		// X.680 13.19) are taken out, as jerCompile does for asn1ct.
		b = regexp.MustCompile(`WITH (SUCCESSORS|DESCENDANTS)`).ReplaceAll(b, nil)
		srcs = append(srcs, model.Source{Name: filepath.Base(f), Src: b})
	}
	jerInterop(t, jerSet{set: model.Check(srcs...), count: 30, oer: true, use: useAll})
}

// useAll is the jerSet.use that exchanges every type.
func useAll(_, _ string) string { return "ok" }

// TestJERUnsupported: what the JER emitter does not handle fails the
// generation with an error naming the type and the construct, and the
// same module generates without the jer codec.
func TestJERUnsupported(t *testing.T) {
	const pre = "asn1gen: -codecs jer: "
	const post = " is not supported by the JER emitter yet"
	for _, c := range []struct{ asn1, want string }{
		{"T ::= SEQUENCE { a DATE, b TIME-OF-DAY, c DATE-TIME, d DURATION, e TIME }", ""},
		{"T ::= SEQUENCE { a GeneralString, b GraphicString, c TeletexString, d VideotexString }", ""},
		{"T ::= SEQUENCE { a OCTET STRING (CONTAINING U ENCODED BY { joint-iso-itu-t asn1(1) basic-encoding(1) }), b INSTANCE OF TYPE-IDENTIFIER, c EXTERNAL }\nU ::= SEQUENCE { b BOOLEAN }", ""},
		{"T ::= SEQUENCE { a OCTET STRING (CONTAINING U ENCODED BY { joint-iso-itu-t asn1(1) basic-encoding(1) }) (SIZE (3)) }\nU ::= SEQUENCE { b BOOLEAN }", "T.a: an OCTET STRING or BIT STRING (CONTAINING a type ENCODED BY) with a SIZE"},
		{"T ::= SEQUENCE { id C.&id ({S}), v OCTET STRING (CONTAINING C.&Type ({S}{@id}) ENCODED BY { joint-iso-itu-t asn1(1) ber-derived(2) distinguished-encoding(1) }) }\nC ::= CLASS { &id INTEGER UNIQUE, &Type OPTIONAL }\nS C ::= { { &id 1 }, ... }", ""},
		{"T ::= SEQUENCE { id C.&id ({S}), v OCTET STRING (CONTAINING C.&Type ({S}{@id}) ENCODED BY { joint-iso-itu-t asn1(1) ber-derived(2) distinguished-encoding(1) }) }\nC ::= CLASS { &id INTEGER UNIQUE, &Type OPTIONAL }\nS C ::= { { &id 1, &Type BOOLEAN } }", "T.v: an OCTET STRING (CONTAINING an open type ENCODED BY der) with rows of a type, a SIZE or in a list, or such a BIT STRING"},
		{"T ::= SEQUENCE { a EMBEDDED PDV }", "T.a: the type EMBEDDED PDV"},
		{"T ::= SEQUENCE { id C.&id ({S}), v C.&Type ({S}{@id}) }\nC ::= CLASS { &id INTEGER UNIQUE, &Type }\nS C ::= { { &id 1, &Type BOOLEAN } }", ""},
		{"T ::= SEQUENCE { id C.&id ({S}), v SEQUENCE OF C.&Type ({S}{@id}) }\nC ::= CLASS { &id INTEGER UNIQUE, &Type }\nS C ::= { { &id 1, &Type BOOLEAN } }", ""},
		{"T ::= SET OF INTEGER", ""},
		{"T ::= SEQUENCE { a REAL, b UTCTime, c GeneralizedTime }", ""},
		{"T ::= INTEGER (-1..18446744073709551616)", ""},
		{"T ::= SEQUENCE { a OCTET STRING (CONTAINING U), b BIT STRING (CONTAINING U) }\nU ::= SEQUENCE { b BOOLEAN }", ""},
	} {
		src := "M DEFINITIONS AUTOMATIC TAGS ::= BEGIN\n" + c.asn1 + "\nEND\n"
		set := model.Check(model.Source{Name: "m.asn", Src: []byte(src)})
		if err := set.Diags.Err(); err != nil {
			t.Fatalf("%s: %v", c.asn1, err)
		}
		_, err := Generate(set, Config{Package: "m", Codecs: plan.Codecs{JER: true}})
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s: %v", c.asn1, err)
		case c.want != "" && (err == nil || !strings.HasPrefix(err.Error(), pre) || !strings.Contains(err.Error(), c.want+post)):
			t.Errorf("%s:\n got %v\nwant %s%s%s", c.asn1, err, pre, c.want, post)
		}
		if _, err := Generate(set, Config{Package: "m"}); err != nil {
			t.Errorf("%s: without jer: %v", c.asn1, err)
		}
	}
}

// TestJERCodecs: -codecs jer parses, prints back and selects the JER
// section alone.
func TestJERCodecs(t *testing.T) {
	c, err := plan.ParseCodecs("jer")
	if err != nil || c != (plan.Codecs{JER: true}) || c.String() != "jer" {
		t.Fatalf("ParseCodecs(jer) = %+v, %v", c, err)
	}
	if c, _ := plan.ParseCodecs("uper,oer,jer"); c.String() != "uper,oer,jer" {
		t.Errorf("uper,oer,jer prints as %q", c)
	}
	src := "M DEFINITIONS AUTOMATIC TAGS ::= BEGIN\nT ::= SEQUENCE { a BOOLEAN }\nEND\n"
	files, err := Generate(model.Check(model.Source{Name: "m.asn", Src: []byte(src)}), Config{Package: "m", Codecs: c})
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, f := range files {
		names = append(names, f.Name)
	}
	if got := strings.Join(names, " "); got != "m.go m_jer.go asn1gen.manifest" {
		t.Errorf("files %s", got)
	}
}

// TestJERUse generates a module that imports ETSI ITS-Container types with
// -codecs jer against generated/etsiits (-use), which carries JER (its
// manifest's codecs line): the module's types refer to etsiits's, whose
// codecs write their members, and a value goes to JSON and back. A used
// package without JER (generated/rfc5280, DER only) is refused, naming
// the component.
func TestJERUse(t *testing.T) {
	goTool(t)
	if testing.Short() {
		t.Skip("runs the go command; skipped with -short")
	}
	const src = `X DEFINITIONS AUTOMATIC TAGS ::= BEGIN
IMPORTS StationID, Latitude FROM ITS-Container {itu-t (0) identified-organization (4) etsi (0) itsDomain (5) wg1 (1) ts (102894) cdd (2) version (2)};
Report ::= SEQUENCE { station StationID, lat Latitude OPTIONAL, note UTF8String }
END
`
	dir := usePackage(t, "etsiits", src, plan.Codecs{JER: true}, "example.com/jeruse", "StationID", `package main

import (
	"encoding/json"
	"fmt"

	"example.com/jeruse/x"
	"github.com/asn1gen/asn1gen/generated/etsiits"
)

func main() {
	v := x.Report{Station: 42, Lat: etsiits.Latitude_Unavailable, HasLat: true, Note: "n"}
	b, err := json.Marshal(v)
	fmt.Println(string(b), err)
	var back x.Report
	err = json.Unmarshal([]byte(`+"`"+`{"station":4294967296,"note":""}`+"`"+`), &back)
	fmt.Println(err)
	err = json.Unmarshal(b, &back)
	fmt.Println(back == v, err)
}
`)
	out, _, err := runGo(t, dir, "run", ".")
	if err != nil {
		t.Fatalf("go run: %v\n%s", err, out)
	}
	want := `{"station":42,"lat":900000001,"note":"n"} <nil>
asn1: Report.station at offset 11: INTEGER: 4294967296 not in 0..4294967295 (X.680 51.8)
true <nil>
`
	if out != want {
		t.Errorf("got:\n%s\nwant:\n%s", out, want)
	}

	der := usedManifest(t, "rfc5280")
	set := usedSet(t, der, `Y DEFINITIONS AUTOMATIC TAGS ::= BEGIN
IMPORTS Version FROM PKIX1Explicit-2009 {iso(1) identified-organization(3) dod(6) internet(1) security(5) mechanisms(5) pkix(7) id-mod(0) id-mod-pkix1-explicit-02(51)};
T ::= SEQUENCE { v Version }
END
`)
	_, err = Generate(set, Config{Package: "y", Codecs: plan.Codecs{JER: true}, Used: []*manifest.Manifest{der}, Uses: []string{der.ImportPath}})
	const refused = "asn1gen: -codecs jer: T.v: a type of another generated package without JER is not supported by the JER emitter yet"
	if err == nil || err.Error() != refused {
		t.Errorf("with rfc5280: %v\nwant %s", err, refused)
	}
}

// usedManifest reads the manifest of generated/pkg, as -use finds it.
func usedManifest(t *testing.T, pkg string) *manifest.Manifest {
	t.Helper()
	m, err := manifest.ReadDir("github.com/asn1gen/asn1gen/generated/"+pkg, filepath.Join(repoRoot(t), "generated", pkg))
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// usedSet checks src with the modules of the used package m, as asn1gen
// gen -use does.
func usedSet(t *testing.T, m *manifest.Manifest, src string) *model.Set {
	t.Helper()
	var srcs []model.Source
	for _, mod := range m.Modules {
		srcs = append(srcs, model.Source{Name: path.Join(m.ImportPath, mod.File), Src: m.Sources[mod.File], Package: m.ImportPath})
	}
	set := model.Check(append(srcs, model.Source{Name: "x.asn", Src: []byte(src)})...)
	if err := set.Diags.Err(); err != nil {
		t.Fatal(err)
	}
	return set
}

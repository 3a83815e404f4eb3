package gen

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/asn1gen/asn1gen/codegen/manifest"
	"github.com/asn1gen/asn1gen/codegen/plan"
)

// TestOERUse generates a module that imports IEEE 1609.2 base types with
// -codecs oer against generated/ieee1609dot2 (-use), which carries OER
// (its manifest's codecs line): the module's types refer to
// ieee1609dot2's, whose codecs write their members (a CHOICE, a list of
// one, an INTEGER the component constrains further), and a value goes to
// OER and back byte for byte. A used package without OER
// (generated/rfc5280, DER only) is refused, naming the component, the
// type and the package.
func TestOERUse(t *testing.T) {
	goTool(t)
	if testing.Short() {
		t.Skip("runs the go command; skipped with -short")
	}
	const src = `X DEFINITIONS AUTOMATIC TAGS ::= BEGIN
IMPORTS Time32, Duration, Uint8 FROM Ieee1609Dot2BaseTypes {iso(1) identified-organization(3) ieee(111) standards-association-numbered-series-standards(2) wave-stds(1609) dot2(2) base(1) base-types(2) major-version-2(2) minor-version-2(2)};
Report ::= SEQUENCE { at Time32, span Duration OPTIONAL, spans SEQUENCE OF Duration, level Uint8 (0..10), limit Duration DEFAULT hours : 1, note UTF8String }
END
`
	dir := usePackage(t, "ieee1609dot2", src, plan.Codecs{OER: true}, "example.com/oeruse", "Duration", `package main

import (
	"bytes"
	"fmt"

	"example.com/oeruse/x"
	"github.com/asn1gen/asn1gen/generated/ieee1609dot2"
	"github.com/asn1gen/asn1gen/runtime/oer"
)

func main() {
	v := x.Report{
		At:      0x01020304,
		Span:    ieee1609dot2.Duration{Choice: ieee1609dot2.Duration_Seconds, Seconds: 5},
		HasSpan: true,
		Spans:   []ieee1609dot2.Duration{{Choice: ieee1609dot2.Duration_Minutes, Minutes: 2}},
		Level:   7,
		Note:    "n",
	}
	b, err := oer.Marshal(&v)
	fmt.Printf("% x %v\n", b, err)
	var back x.Report
	err = oer.Unmarshal(b, &back, &oer.Options{Canonical: true})
	again, _ := oer.Marshal(&back)
	fmt.Println(bytes.Equal(again, b), back.Span == v.Span, err)
	bad := bytes.Clone(b)
	bad[len(bad)-3] = 11 // level
	fmt.Println(oer.Unmarshal(bad, &back, nil))
	bad = bytes.Clone(b)
	bad[5] = 0x88 // span: no alternative [8]
	fmt.Println(oer.Unmarshal(bad, &back, nil))
	v.Limit, v.HasLimit = ieee1609dot2.Duration{Choice: ieee1609dot2.Duration_Hours, Hours: 1}, true
	def, err := oer.Marshal(&v)
	fmt.Println(bytes.Equal(def, b), err)
	v.Limit.Hours = 2
	b, err = oer.Marshal(&v)
	fmt.Printf("% x %v\n", b, err)
	err = oer.Unmarshal(b, &back, &oer.Options{Canonical: true})
	fmt.Println(back.Limit == v.Limit, err)
	b[len(b)-3] = 1 // limit: its default, hours 1
	fmt.Println(oer.Unmarshal(b, &back, nil))
	fmt.Println(oer.Unmarshal(b, &back, &oer.Options{Canonical: true}))
}
`)
	out, _, err := runGo(t, dir, "run", ".")
	if err != nil {
		t.Fatalf("go run: %v\n%s", err, out)
	}
	// 80: span present; 01020304: at; 82 0005: span, seconds [2] 5;
	// 01 01 83 0002: one span, minutes [3] 2; 07: level; 01 6e: note.
	// A level beyond the component's constraint and an alternative
	// Duration does not have are refused where they are. limit, a
	// DEFAULT of the used type, is left out when it encodes to its
	// default (c0: span and limit present; 84 0002: limit, hours [4] 2),
	// and a canonical decode refuses it present with that value.
	want := `80 01 02 03 04 82 00 05 01 01 83 00 02 07 01 6e <nil>
true true <nil>
asn1: level at offset 13: INTEGER: 11 not in 0..10 (X.680 51.8)
asn1: span at offset 5: Duration: no alternative has this tag (X.696 20)
true <nil>
c0 01 02 03 04 82 00 05 01 01 83 00 02 07 84 00 02 01 6e <nil>
true <nil>
<nil>
asn1: limit at offset 14: Report: limit present with its default value (X.696 16)
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
	_, err = Generate(set, Config{Package: "y", Codecs: plan.Codecs{OER: true}, Used: []*manifest.Manifest{der}, Uses: []string{der.ImportPath}})
	const refused = "asn1gen: -codecs oer: T.v: Version is a type of github.com/asn1gen/asn1gen/generated/rfc5280 (-use), which carries no OER codecs (its manifest's codecs line)"
	if err == nil || err.Error() != refused {
		t.Errorf("with rfc5280: %v\nwant %s", err, refused)
	}
}

// TestOERContainedDERUse: a string ENCODED BY der that holds a type of a
// used package needs that package's DER codecs, not its OER ones:
// generated/rfc5280 (DER only) serves, generated/ieee1609dot2 (OER only)
// is refused, naming the type and the package.
func TestOERContainedDERUse(t *testing.T) {
	const by = "ENCODED BY {joint-iso-itu-t asn1(1) ber-derived(2) distinguished-encoding(1)}"
	rfc := usedManifest(t, "rfc5280")
	set := usedSet(t, rfc, `Y DEFINITIONS AUTOMATIC TAGS ::= BEGIN
IMPORTS Version FROM PKIX1Explicit-2009 {iso(1) identified-organization(3) dod(6) internet(1) security(5) mechanisms(5) pkix(7) id-mod(0) id-mod-pkix1-explicit-02(51)};
T ::= SEQUENCE { v OCTET STRING (CONTAINING Version `+by+`) }
END
`)
	files, err := Generate(set, Config{Package: "y", Codecs: plan.Codecs{OER: true}, Used: []*manifest.Manifest{rfc}, Uses: []string{rfc.ImportPath}})
	if err != nil {
		t.Fatalf("with rfc5280: %v", err)
	}
	for _, f := range files {
		if strings.HasSuffix(f.Name, "_der.go") {
			t.Errorf("%s: DER codecs, though every type with contents ENCODED BY der is rfc5280's", f.Name)
		}
	}
	v2x := usedManifest(t, "ieee1609dot2")
	set = usedSet(t, v2x, `X DEFINITIONS AUTOMATIC TAGS ::= BEGIN
IMPORTS ValidityPeriod FROM Ieee1609Dot2BaseTypes {iso(1) identified-organization(3) ieee(111) standards-association-numbered-series-standards(2) wave-stds(1609) dot2(2) base(1) base-types(2) major-version-2(2) minor-version-2(2)};
T ::= SEQUENCE { d OCTET STRING (CONTAINING ValidityPeriod `+by+`) }
END
`)
	_, err = Generate(set, Config{Package: "x", Codecs: plan.Codecs{OER: true}, Used: []*manifest.Manifest{v2x}, Uses: []string{v2x.ImportPath}})
	const refused = "asn1gen: -codecs oer: ValidityPeriod, whose DER the OER codecs read and write (CONTAINING ... ENCODED BY der), is a type of github.com/asn1gen/asn1gen/generated/ieee1609dot2 (-use), which carries no DER codecs (its manifest's codecs line)"
	if err == nil || err.Error() != refused {
		t.Errorf("with ieee1609dot2: %v\nwant %s", err, refused)
	}
}

// usePackage generates the module src with codecs against the generated
// package pkg (-use: its manifest's modules and import path) as package x
// of a temporary module mod, with main as its main.go, and returns the
// module's directory. No generated file may declare typ, a type of pkg.
func usePackage(t *testing.T, pkg, src string, codecs plan.Codecs, mod, typ, main string) string {
	t.Helper()
	used := usedManifest(t, pkg)
	set := usedSet(t, used, src)
	files, err := Generate(set, Config{Package: "x", Codecs: codecs, Used: []*manifest.Manifest{used}, Uses: []string{used.ImportPath}})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	writeModule(t, dir, mod)
	for _, f := range files {
		if strings.HasSuffix(f.Name, ".go") && strings.Contains(string(f.Content), "type "+typ+" ") {
			t.Errorf("%s declares %s, which is %s's", f.Name, typ, pkg)
		}
		writeFile(t, filepath.Join(dir, "x", f.Name), f.Content)
	}
	writeFile(t, filepath.Join(dir, "main.go"), []byte(main))
	return dir
}

// TestOERContainedDEROpenUse: an open type CONTAINED ENCODED BY der whose
// row is a type of a used package reads the row's DER with that type's
// DER codecs: generated/rfc5280 (DER only) serves, the package carrying
// the DER methods of its own union alone, and a value goes from OER to
// OER byte for byte, a non-DER one failing at its octet;
// generated/ieee1609dot2 (OER only) is refused, naming the type and the
// package.
func TestOERContainedDEROpenUse(t *testing.T) {
	const open = `C ::= CLASS { &id INTEGER UNIQUE, &Type }
T ::= SEQUENCE { id C.&id ({S}), v OCTET STRING (CONTAINING C.&Type ({S}{@id}) ENCODED BY {joint-iso-itu-t asn1(1) ber-derived(2) distinguished-encoding(1)}) }
`
	rfc := usedManifest(t, "rfc5280")
	set := usedSet(t, rfc, `Y DEFINITIONS AUTOMATIC TAGS ::= BEGIN
IMPORTS BasicConstraints FROM PKIX1Implicit-2009 {iso(1) identified-organization(3) dod(6) internet(1) security(5) mechanisms(5) pkix(7) id-mod(0) id-mod-pkix1-implicit-02(59)};
`+open+`S C ::= { { &id 1, &Type BasicConstraints } }
END
`)
	files, err := Generate(set, Config{Package: "y", Codecs: plan.Codecs{OER: true}, Used: []*manifest.Manifest{rfc}, Uses: []string{rfc.ImportPath}})
	if err != nil {
		t.Fatalf("with rfc5280: %v", err)
	}
	var types, der string
	for _, f := range files {
		switch f.Name {
		case "y.go":
			types = string(f.Content)
		case "y_der.go":
			der = string(f.Content)
		}
	}
	if !strings.Contains(types, "rfc5280.BasicConstraints") {
		t.Fatalf("with rfc5280: the row is not rfc5280's:\n%s", types)
	}
	if !strings.Contains(der, "func (u *S) decode(") || !strings.Contains(der, "u.ID1.DecodeASN1(r, der.TagSequence)") || strings.Contains(der, "DecodeASN1(r *der.Reader") {
		t.Errorf("with rfc5280: want the union's DER methods alone, reading rfc5280.BasicConstraints; the DER codecs:\n%s", der)
	}
	if testing.Short() {
		return
	}
	goTool(t)
	// id 1 (X.696 10.4: a length and the octets), then v, a length of 5
	// and the DER of BasicConstraints{cA TRUE}; cA's TRUE as 01: not DER.
	dir := usePackage(t, "rfc5280", `X DEFINITIONS AUTOMATIC TAGS ::= BEGIN
IMPORTS BasicConstraints FROM PKIX1Implicit-2009 {iso(1) identified-organization(3) dod(6) internet(1) security(5) mechanisms(5) pkix(7) id-mod(0) id-mod-pkix1-implicit-02(59)};
`+open+`S C ::= { { &id 1, &Type BasicConstraints } }
END
`, plan.Codecs{OER: true}, "example.com/oerderuse", "BasicConstraints", `package main

import (
	"bytes"
	"fmt"

	"example.com/oerderuse/x"
	"github.com/asn1gen/asn1gen/runtime/oer"
)

func main() {
	b := []byte{0x01, 0x01, 0x05, 0x30, 0x03, 0x01, 0x01, 0xff}
	var v x.T
	err := oer.Unmarshal(b, &v, &oer.Options{Canonical: true})
	again, _ := oer.Marshal(&v)
	fmt.Println(v.V.Kind == x.S_ID1, v.V.ID1.CA, bytes.Equal(again, b), err)
	b[len(b)-1] = 0x01
	fmt.Println(oer.Unmarshal(b, &v, &oer.Options{Canonical: true}))
}
`)
	out, _, err := runGo(t, dir, "run", ".")
	if err != nil {
		t.Fatalf("go run: %v\n%s", err, out)
	}
	const want = "true true true <nil>\nasn1: v.cA at offset 7: BOOLEAN: TRUE not encoded as 0xFF (X.690 11.1)\n"
	if out != want {
		t.Errorf("go run:\n%s\nwant\n%s", out, want)
	}
	v2x := usedManifest(t, "ieee1609dot2")
	set = usedSet(t, v2x, `X DEFINITIONS AUTOMATIC TAGS ::= BEGIN
IMPORTS ValidityPeriod FROM Ieee1609Dot2BaseTypes {iso(1) identified-organization(3) ieee(111) standards-association-numbered-series-standards(2) wave-stds(1609) dot2(2) base(1) base-types(2) major-version-2(2) minor-version-2(2)};
`+open+`S C ::= { { &id 1, &Type ValidityPeriod } }
END
`)
	_, err = Generate(set, Config{Package: "x", Codecs: plan.Codecs{OER: true}, Used: []*manifest.Manifest{v2x}, Uses: []string{v2x.ImportPath}})
	const refused = "asn1gen: -codecs oer: ValidityPeriod, whose DER the OER codecs read and write (CONTAINING ... ENCODED BY der), is a type of github.com/asn1gen/asn1gen/generated/ieee1609dot2 (-use), which carries no DER codecs (its manifest's codecs line)"
	if err == nil || err.Error() != refused {
		t.Errorf("with ieee1609dot2: %v\nwant %s", err, refused)
	}
}

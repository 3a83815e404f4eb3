package generated

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/asn1gen/asn1gen/runtime/der"
	"github.com/asn1gen/asn1gen/runtime/oids"
)

// TestOIDNames checks the name tables that the packages register with
// runtime/oids (oidnames.go, written by internal/oidtable from the
// manifests) against what the generator wrote independently: every OID
// variable of NAME.go must be in its package's table under the ASN.1 name
// the manifest gives the variable, and every information object that a
// Kind constant names with an OID ("// pkcs8ShroudedKeyBag
// 1.2.840.113549.1.12.10.1.2") under the object's name, in the table of
// the package or of one it uses.
func TestOIDNames(t *testing.T) {
	registered := map[string]*oids.Table{}
	for _, tab := range oids.Tables() {
		registered[tab.Package] = tab
	}
	kindLine := regexp.MustCompile(`(?m)^\t\w+ +\w+Kind += \d+ +// (\S+) ([0-9]+(?:\.[0-9]+)+)$`)
	for _, pkg := range packages {
		tab := registered["github.com/asn1gen/asn1gen/generated/"+pkg]
		if tab == nil {
			t.Errorf("%s registers no table", pkg)
			continue
		}
		has := map[string]bool{} // OID contents + "\x00" + name
		for _, e := range tab.Entries {
			has[e.OID+"\x00"+e.Name] = true
		}
		// A table of Kind constants may hold objects of the used packages.
		anyHas := map[string]bool{}
		for _, other := range registered {
			for _, e := range other.Entries {
				anyHas[e.OID+"\x00"+e.Name] = true
			}
		}
		asn1Name := manifestValues(t, pkg)
		src, err := os.ReadFile(filepath.Join(pkg, pkg+".go"))
		if err != nil {
			t.Fatal(err)
		}
		vars := 0
		for goName, o := range oidVars(t, pkg, src) {
			vars++
			key := asn1Name[goName]
			name := key[strings.LastIndex(key, ".")+1:]
			if key == "" || !has[string(o)+"\x00"+name] {
				t.Errorf("%s: var %s = %v (%s): not in the table", pkg, goName, o, key)
			}
		}
		objects := 0
		for _, m := range kindLine.FindAllStringSubmatch(string(src), -1) {
			objects++
			o, err := der.ParseOIDString(m[2])
			if err != nil {
				t.Fatal(err)
			}
			if !anyHas[string(o)+"\x00"+m[1]] {
				t.Errorf("%s: object %s %s: not in the tables", pkg, m[1], m[2])
			}
		}
		t.Logf("%s: %d names; %d OID variables and %d objects of Kind constants checked", pkg, len(tab.Entries), vars, objects)
		if len(tab.Entries) < vars {
			t.Errorf("%s: %d names for %d variables", pkg, len(tab.Entries), vars)
		}
	}

	// The common OIDs that rfc5280 names beside its modules' are defined
	// by no module of the packages (else the module's name is the one).
	for _, tab := range oids.Tables() {
		if !strings.HasSuffix(tab.Package, "(common OIDs)") {
			continue
		}
		for _, e := range tab.Entries {
			for _, other := range oids.Tables() {
				for _, o := range other.Entries {
					if other != tab && o.OID == e.OID {
						t.Errorf("%s: common OID %s (%v) is %s in %s", tab.Package, e.Name, der.OID(e.OID), o.Name, other.Package)
					}
				}
			}
		}
	}

	// What `asn1gen dump` of a PKCS #12 file names (issue 13).
	for dotted, want := range map[string]string{
		"1.2.840.113549.1.5.13":      "id-PBES2",
		"1.2.840.113549.1.5.12":      "id-PBKDF2",
		"1.2.840.113549.2.9":         "id-hmacWithSHA256",
		"2.16.840.1.101.3.4.1.42":    "aes256-CBC-PAD",
		"1.2.840.113549.1.12.10.1.2": "pkcs8ShroudedKeyBag",
		"1.2.840.113549.1.12.1.3":    "pbeWithSHAAnd3-KeyTripleDES-CBC",
		"1.2.840.113549.1.9.20":      "pkcs-9-at-friendlyName",
		"1.2.840.113549.1.7.6":       "id-encryptedData",
		"2.5.29.17":                  "id-ce-subjectAltName",
	} {
		o, _ := der.ParseOIDString(dotted)
		if got := oids.Name(o); got != want {
			t.Errorf("oids.Name(%s) = %q, want %q", dotted, got, want)
		}
	}
}

// manifestValues reads the "value GONAME KEY" lines of a package's
// manifest: Go name → ASN.1 identity "Module.name".
func manifestValues(t *testing.T, pkg string) map[string]string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(pkg, "asn1gen.manifest"))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for line := range strings.Lines(string(data)) {
		if strings.HasPrefix(line, "source ") {
			break // the module texts come last
		}
		if rest, ok := strings.CutPrefix(strings.TrimSpace(line), "value "); ok {
			goName, key, _ := strings.Cut(rest, " ")
			out[goName] = key
		}
	}
	return out
}

// oidVars returns the package-level variables of src initialized with
// der.OID("..."): Go name → OID.
func oidVars(t *testing.T, pkg string, src []byte) map[string]der.OID {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), pkg+".go", src, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]der.OID{}
	for _, d := range f.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.VAR {
			continue
		}
		for _, spec := range gd.Specs {
			vs := spec.(*ast.ValueSpec)
			if len(vs.Names) != 1 || len(vs.Values) != 1 {
				continue
			}
			call, ok := vs.Values[0].(*ast.CallExpr)
			if !ok || len(call.Args) != 1 {
				continue
			}
			if sel, ok := call.Fun.(*ast.SelectorExpr); !ok || sel.Sel.Name != "OID" {
				continue
			}
			lit, ok := call.Args[0].(*ast.BasicLit)
			if !ok {
				continue
			}
			s, err := strconv.Unquote(lit.Value)
			if err != nil {
				t.Fatal(err)
			}
			out[vs.Names[0].Name] = der.OID(s)
		}
	}
	return out
}

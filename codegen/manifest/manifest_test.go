package manifest

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func sample() *Manifest {
	return &Manifest{
		Package: "cms",
		Codecs:  "der,jer",
		Uses:    []string{"example.com/x509"},
		Flags:   []Flag{{"-extend", "A.Set=B.More"}},
		Modules: []Module{{Name: "A", OID: "1.2.3", File: "A.asn"}, {Name: "B", File: "B.asn"}},
		Types:   map[string]string{"A.T": "T", "A.T.inner": "T_Inner", "A.P{A.T, {x y}}": "P_T"},
		Choices: map[string]string{"A.C": "CChoice"},
		Values:  map[string]string{"A.id-x": "IDX"},
		Sources: map[string][]byte{
			// ASN.1 comments look like section markers of other formats:
			// the line count keeps them apart.
			"A.asn": []byte("A {1 2 3} DEFINITIONS ::= BEGIN\n-- B.asn --\nsource B.asn 1\r\nT ::= INTEGER\nEND\n"),
			"B.asn": []byte("B DEFINITIONS ::= BEGIN END\n\n"),
		},
	}
}

func TestRoundTrip(t *testing.T) {
	m := sample()
	got, err := Parse("m", m.Format())
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(m, got); diff != "" {
		t.Errorf("Parse(Format(m)) (-want +got):\n%s", diff)
	}
	if again := got.Format(); string(again) != string(m.Format()) {
		t.Errorf("Format is not stable:\n%s", again)
	}
}

func TestParseErrors(t *testing.T) {
	good := string(sample().Format())
	tests := []struct {
		name, text, want string
	}{
		{"empty", "", "not an asn1gen manifest"},
		{"other version", strings.Replace(good, "manifest 1", "manifest 2", 1), "not an asn1gen manifest of this version"},
		{"truncated source", good[:len(good)-10], "ends after"},
		{"unknown line", header + "\npackage p\nfrobnicate x\n", `unknown line "frobnicate"`},
		{"no package", header + "\n", "no package line"},
		{"module without source", header + "\npackage p\nmodule M - M.asn\n", "module M: no source M.asn"},
		{"bad count", header + "\npackage p\nsource M.asn many\n", `bad line count "many"`},
		{"type arity", header + "\npackage p\ntype A.T\n", "type takes a Go name and an ASN.1 identity"},
		{"codecs arity", header + "\npackage p\ncodecs der jer\n", "codecs takes a list"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse("m", []byte(tt.text))
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Parse: got %v, want an error containing %q", err, tt.want)
			}
		})
	}
}

func TestLoadAll(t *testing.T) {
	pkgs := map[string]*Manifest{
		"x/base":  {Package: "base"},
		"x/mid":   {Package: "mid", Uses: []string{"x/base"}},
		"x/top":   {Package: "top", Uses: []string{"x/mid", "x/base"}},
		"x/loop":  {Package: "loop", Uses: []string{"x/loop2"}},
		"x/loop2": {Package: "loop2", Uses: []string{"x/loop"}},
	}
	locate := func(path string) (*Manifest, error) {
		if m := pkgs[path]; m != nil {
			c := *m
			c.ImportPath = path
			return &c, nil
		}
		return nil, errors.New("-use " + path + ": not found")
	}
	got, err := LoadAll([]string{"x/top"}, locate)
	if err != nil {
		t.Fatal(err)
	}
	var order []string
	for _, m := range got {
		order = append(order, m.ImportPath)
	}
	if diff := cmp.Diff([]string{"x/base", "x/mid", "x/top"}, order); diff != "" {
		t.Errorf("order (-want +got):\n%s", diff)
	}
	if _, err := LoadAll([]string{"x/loop"}, locate); err == nil || !strings.Contains(err.Error(), "cycle") {
		t.Errorf("cycle: got %v", err)
	}
	pkgs["x/mid"].Uses = []string{"x/gone"}
	if _, err := LoadAll([]string{"x/top"}, locate); err == nil || !strings.Contains(err.Error(), "x/gone: not found (used by x/mid)") {
		t.Errorf("missing: got %v", err)
	}
}

func TestReadDirErrors(t *testing.T) {
	dir := t.TempDir()
	if _, err := ReadDir("example.com/p", dir); err == nil || !strings.Contains(err.Error(), "-use example.com/p") || !strings.Contains(err.Error(), "has no "+FileName) {
		t.Errorf("no manifest: got %v", err)
	}
	if err := os.WriteFile(filepath.Join(dir, FileName), []byte("garbage\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadDir("example.com/p", dir); err == nil || !strings.Contains(err.Error(), "not an asn1gen manifest") {
		t.Errorf("bad manifest: got %v", err)
	}
}

func TestLocateUnresolved(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the go command")
	}
	_, err := Locate("example.invalid/no/such/package", ".")
	if err == nil || !strings.Contains(err.Error(), "-use example.invalid/no/such/package: the Go toolchain does not find the package") {
		t.Errorf("got %v", err)
	}
}

// TestSourceFiles checks a manifest that refers to its sources: ReadDir
// reads them beside it and refuses one that changed since.
func TestSourceFiles(t *testing.T) {
	dir := t.TempDir()
	pkg := filepath.Join(dir, "gen", "x")
	src := []byte("A DEFINITIONS ::= BEGIN T ::= INTEGER END\n")
	if err := os.MkdirAll(filepath.Join(dir, "modules"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(pkg, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "modules", "A.asn"), src, 0o644); err != nil {
		t.Fatal(err)
	}
	m := &Manifest{Package: "x", Modules: []Module{{Name: "A", File: "A.asn"}},
		Types: map[string]string{"A.T": "T"}, Choices: map[string]string{}, Values: map[string]string{},
		Sources: map[string][]byte{"A.asn": src}, SourcePaths: map[string]string{"A.asn": "../../modules/A.asn"}}
	data := m.Format()
	if strings.Contains(string(data), "T ::= INTEGER") || !strings.Contains(string(data), "sourcefile A.asn ../../modules/A.asn ") {
		t.Fatalf("the manifest holds the source or does not refer to it:\n%s", data)
	}
	if err := os.WriteFile(filepath.Join(pkg, FileName), data, 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := ReadDir("example.com/gen/x", pkg)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(string(src), string(got.Sources["A.asn"])); diff != "" {
		t.Errorf("source (-want +got):\n%s", diff)
	}
	if err := os.WriteFile(filepath.Join(dir, "modules", "A.asn"), append(src, '\n'), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadDir("example.com/gen/x", pkg); err == nil || !strings.Contains(err.Error(), "has changed") {
		t.Errorf("a changed source: got %v, want an error saying it changed", err)
	}
}

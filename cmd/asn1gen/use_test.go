package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/asn1gen/asn1gen/codegen/model"
)

// TestGenUseErrors checks the errors of -use: each names the import path,
// the file or the module at fault.
func TestGenUseErrors(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the go command")
	}
	dir := t.TempDir()
	own := filepath.Join(dir, "own.asn")
	if err := os.WriteFile(own, []byte("Own DEFINITIONS ::= BEGIN T ::= INTEGER END\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// A copy of a module that generated/rfc5280 holds.
	dup := filepath.Join(dir, "PKIX-CommonTypes-2009.asn")
	src, err := os.ReadFile("../../modules/rfc5280/PKIX-CommonTypes-2009.asn")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dup, src, 0o644); err != nil {
		t.Fatal(err)
	}
	extend := filepath.Join(dir, "ext.asn")
	if err := os.WriteFile(extend, []byte(`Ext DEFINITIONS ::= BEGIN
IMPORTS EXTENSION FROM PKIX-CommonTypes-2009 {iso(1) identified-organization(3) dod(6) internet(1) security(5) mechanisms(5) pkix(7) id-mod(0) id-mod-pkixCommon-02(57)};
Mine EXTENSION ::= { ... }
END
`), 0o644); err != nil {
		t.Fatal(err)
	}
	const x509 = "github.com/asn1gen/asn1gen/generated/rfc5280"
	tests := []struct {
		name string
		args []string
		code int
		want []string
	}{
		{"unresolved", []string{"-use", "example.invalid/nothing", own}, 2,
			[]string{"-use example.invalid/nothing: the Go toolchain does not find the package"}},
		{"no manifest", []string{"-use", "github.com/asn1gen/asn1gen/codegen/names", own}, 2,
			[]string{"-use github.com/asn1gen/asn1gen/codegen/names:", "has no asn1gen.manifest"}},
		{"module twice", []string{"-use", x509, dup}, 1,
			[]string{"module PKIX-CommonTypes-2009 is also in the package " + x509 + " (-use)", "give each module once"}},
		{"extend a used set", []string{"-use", x509, "-extend", "PKIX1Implicit-2009.CertExtensions=Ext.Mine", extend}, 2,
			[]string{"-extend PKIX1Implicit-2009.CertExtensions=Ext.Mine: PKIX1Implicit-2009 is a module of the package " + x509}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			args := append([]string{"-o", filepath.Join(t.TempDir(), "out")}, tt.args...)
			if code := runGen(args, &stdout, &stderr); code != tt.code {
				t.Errorf("exit %d, want %d; stderr:\n%s", code, tt.code, stderr.String())
			}
			for _, w := range tt.want {
				if !strings.Contains(stderr.String(), w) {
					t.Errorf("stderr does not say %q:\n%s", w, stderr.String())
				}
			}
		})
	}
}

// TestUseGoRuns counts the runs of the go command that -use takes: none
// for packages of the main module, found from its go.mod, and otherwise
// (here, in a workspace, where the go command decides) one for the
// packages given and none for the packages their manifests use in the same
// module. The go command on PATH is the real one behind a script that logs
// each run.
func TestUseGoRuns(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the go command")
	}
	if runtime.GOOS == "windows" {
		t.Skip("the logging go command is a shell script")
	}
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("go command not on PATH")
	}
	bin := t.TempDir()
	log := filepath.Join(bin, "runs")
	script := "#!/bin/sh\necho \"$*\" >> " + log + "\nexec " + goCmd + " \"$@\"\n"
	if err := os.WriteFile(filepath.Join(bin, "go"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	work := filepath.Join(bin, "go.work")
	if err := os.WriteFile(work, []byte("go 1.26\n\nuse "+root+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	const x509, cms, pkcs12 = "github.com/asn1gen/asn1gen/generated/rfc5280", "github.com/asn1gen/asn1gen/generated/rfc5652", "github.com/asn1gen/asn1gen/generated/rfc7292"
	for _, tt := range []struct {
		gowork string
		use    []string
		runs   int
		pkgs   []string // in dependency order
	}{
		{"off", []string{x509}, 0, []string{"rfc5280"}},
		{"off", []string{pkcs12}, 0, []string{"rfc5280", "rfc5652", "rfc7292"}},
		{work, []string{x509}, 1, []string{"rfc5280"}},
		{work, []string{pkcs12}, 1, []string{"rfc5280", "rfc5652", "rfc7292"}},
		{work, []string{cms, x509}, 1, []string{"rfc5280", "rfc5652"}},
	} {
		t.Setenv("GOWORK", tt.gowork)
		os.Remove(log)
		var opts model.Options
		mans, _, err := loadUses(tt.use, &opts)
		if err != nil {
			t.Fatal(err)
		}
		var pkgs []string
		for _, m := range mans {
			pkgs = append(pkgs, m.Package)
		}
		data, _ := os.ReadFile(log)
		var runs []string
		if len(data) > 0 {
			runs = strings.Split(strings.TrimSpace(string(data)), "\n")
		}
		if len(runs) != tt.runs || strings.Join(pkgs, " ") != strings.Join(tt.pkgs, " ") {
			t.Errorf("GOWORK=%s -use %s: packages %q in %d runs of go %q; want %q in %d", tt.gowork, tt.use, pkgs, len(runs), runs, tt.pkgs, tt.runs)
		}
	}
}

func TestModulePathOf(t *testing.T) {
	for _, tt := range []struct{ gomod, want string }{
		{"module example.com/m\n\ngo 1.26\n", "example.com/m"},
		{"// comment\nmodule\texample.com/m // trailing\n", "example.com/m"},
		{"module \"example.com/m\"\n", ""}, // quoted: left to the go command
		{"modulex example.com/m\n", ""},
		{"go 1.26\n", ""},
	} {
		if got := modulePathOf([]byte(tt.gomod)); got != tt.want {
			t.Errorf("modulePathOf(%q) = %q, want %q", tt.gomod, got, tt.want)
		}
	}
}

func TestPackageDir(t *testing.T) {
	root := t.TempDir()
	mkdir := func(rel string, files ...string) {
		t.Helper()
		dir := filepath.Join(root, filepath.FromSlash(rel))
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			if err := os.WriteFile(filepath.Join(dir, f), nil, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	mkdir("mod", "go.mod")
	mkdir("mod/gen/a", "asn1gen.manifest")
	mkdir("mod/gen/plain", "plain.go")
	mkdir("mod/nested", "go.mod")
	mkdir("mod/nested/b", "asn1gen.manifest")
	m := module{"example.com/mod", filepath.Join(root, "mod")}
	for _, tt := range []struct {
		path string
		ok   bool
	}{
		{"example.com/mod/gen/a", true},
		{"example.com/mod/gen/plain", false},   // no manifest: let the go command say so
		{"example.com/mod/nested/b", false},    // another module's
		{"example.com/mod/gen/missing", false}, // no such directory
		{"example.com/modother/gen/a", false},  // not in the module
		{"example.com/mod", false},             // the module's root
	} {
		dir, ok := packageDir(m, tt.path)
		if ok != tt.ok || ok && dir != filepath.Join(root, "mod", "gen", "a") {
			t.Errorf("packageDir(%s) = %q, %v; want ok %v", tt.path, dir, ok, tt.ok)
		}
	}
}

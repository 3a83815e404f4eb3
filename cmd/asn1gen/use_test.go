package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
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

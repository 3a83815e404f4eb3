package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The tables of the generated packages, and their copies in
// internal/oidnames, are what the command writes from their manifests now
// (make check-generated regenerates them too), and hold the names the
// modules give.
func TestGeneratedTables(t *testing.T) {
	for _, tt := range []struct {
		pkg   string
		names []string // entries the table must hold
	}{
		{"rfc5280", []string{`Name: "id-pkix"}, // 1.3.6.1.5.5.7 PKIX1Explicit-2009`, `Name: "ext-SubjectAltName"}, // 2.5.29.17 PKIX1Implicit-2009`}},
		{"rfc5652", []string{`Name: "id-signedData"}, // 1.2.840.113549.1.7.2 CryptographicMessageSyntax-2010`}},
		{"rfc7292", []string{`Name: "id-PBES2"}, // 1.2.840.113549.1.5.13 PKCS5v2-1`, `Name: "pkcs8ShroudedKeyBag"}, // 1.2.840.113549.1.12.10.1.2 PKCS-12`}},
	} {
		t.Run(tt.pkg, func(t *testing.T) {
			dir := filepath.Join("..", "..", "generated", tt.pkg)
			copyTo := "../../internal/oidnames/" + tt.pkg + ".go"
			got, dup, err := generate(dir, copyTo)
			if err != nil {
				t.Fatal(err)
			}
			if wantDup, err := os.ReadFile(filepath.Join(dir, copyTo)); err != nil || !bytes.Equal(dup, wantDup) {
				t.Errorf("the copy in internal/oidnames is stale or missing (%v): run make generate", err)
			}
			if !bytes.Contains(got, []byte("//go:generate go run ../../internal/oidtable -copy "+copyTo+"\n")) {
				t.Errorf("oidnames.go does not write its copy %s", copyTo)
			}
			want, err := os.ReadFile(filepath.Join(dir, "oidnames.go"))
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("oidnames.go is stale: run make generate")
			}
			flat := strings.Join(strings.Fields(string(got)), " ") // gofmt aligns the comments
			for _, n := range tt.names {
				if !strings.Contains(flat, n) {
					t.Errorf("no entry %s", n)
				}
			}
		})
	}
}

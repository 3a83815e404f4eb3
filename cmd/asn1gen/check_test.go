package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestCheck(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) {
		t.Helper()
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("good/a.asn", "A DEFINITIONS ::= BEGIN T ::= INTEGER END\n")
	write("good/sub/b.asn1", "B DEFINITIONS ::= BEGIN U ::= SEQUENCE { a T } END\n")
	write("good/notes.txt", "not ASN.1")
	write("bad/c.asn", "C DEFINITIONS ::= BEGIN\nT ::= SEQUENCE { a }\nU ::= INTEGER (1..)\nEND\n")

	tests := []struct {
		name   string
		args   []string
		code   int
		stdout string
		stderr string // substring
	}{
		{"directory of valid modules", []string{"check", "-syntax-only", "good"}, 0, "", ""},
		{"errors are located and collected", []string{"check", "-syntax-only", "good", "bad/c.asn"}, 1,
			"bad/c.asn:2:20: unexpected \"}\", expected a type\n" +
				"bad/c.asn:3:19: unexpected \")\", expected a value\n", ""},
		{"semantic checks are not pretended", []string{"check", "good"}, 2, "", "semantic checks not implemented yet; use -syntax-only"},
		{"no argument", []string{"check", "-syntax-only"}, 2, "", "usage: asn1gen check"},
		{"missing file", []string{"check", "-syntax-only", "nope.asn"}, 2, "", "nope.asn"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, stderr := runCmd(t, dir, nil, tt.args...)
			if code != tt.code {
				t.Errorf("exit status %d, want %d (stderr %q)", code, tt.code, stderr)
			}
			if diff := cmp.Diff(tt.stdout, stdout); diff != "" {
				t.Errorf("stdout (-want +got):\n%s", diff)
			}
			if !strings.Contains(stderr, tt.stderr) {
				t.Errorf("stderr %q does not contain %q", stderr, tt.stderr)
			}
		})
	}
}

package main

import (
	"bytes"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// extractRFC is a small RFC text: two pages, a module broken by the page
// break, and a second module with the same name (as RFC 4998 has).
const extractRFC = `Network Working Group                                           J. Doe
Request for Comments: 9999                                    May 2024

1.  Introduction

   Prose with a snippet: Foo ::= SEQUENCE { a INTEGER }

2.  ASN.1 Module

   Mod-A { iso(1) 2 }
   DEFINITIONS IMPLICIT TAGS ::=
   BEGIN
   A ::= INTEGER




Doe                          Standards Track                    [Page 1]
` + "\f" + `
RFC 9999                   Test ASN.1 Modules                  May 2024


   B ::= BOOLEAN
   END

Appendix A.  Again

   Mod-A DEFINITIONS ::= BEGIN
   END
`

// runExtractCmd runs asn1gen with args (and stdin) and returns the exit status
// and outputs.
func runExtractCmd(t *testing.T, input string, args ...string) (int, string, string) {
	t.Helper()
	old := stdin
	stdin = strings.NewReader(input)
	defer func() { stdin = old }()
	var stdout, stderr bytes.Buffer
	code := run(args, &stdout, &stderr)
	return code, stdout.String(), stderr.String()
}

func writeTemp(t *testing.T, name, text string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestExtractCommand(t *testing.T) {
	rfc := writeTemp(t, "rfc9999.txt", extractRFC)
	noEnd := writeTemp(t, "noend.txt", "1.  Module\n\n   M DEFINITIONS ::= BEGIN\n   A ::= NULL\n")
	prose := writeTemp(t, "prose.txt", "1.  Nothing\n\n   Foo ::= NULL\n")
	tests := []struct {
		name      string
		stdin     string
		args      []string
		code      int
		stdout    string
		stderrHas string // a part of stderr ("": stderr must be empty)
	}{
		{
			name: "modules to stdout",
			args: []string{"extract", rfc},
			stdout: `-- Extracted by asn1gen extract from rfc9999.txt, section 2 (lines 10-24).
Mod-A { iso(1) 2 }
DEFINITIONS IMPLICIT TAGS ::=
BEGIN
A ::= INTEGER

B ::= BOOLEAN
END

-- Extracted by asn1gen extract from rfc9999.txt, appendix A (lines 28-29).
Mod-A DEFINITIONS ::= BEGIN
END
`,
		},
		{
			name:  "standard input",
			stdin: extractRFC,
			args:  []string{"extract", "-list", "-"},
			stdout: `Mod-A  lines 10-24  section 2
Mod-A  lines 28-29  appendix A
`,
		},
		{
			name:      "no module",
			args:      []string{"extract", prose},
			code:      1,
			stderrHas: "prose.txt: no ASN.1 module\n",
		},
		{
			name:      "no END",
			args:      []string{"extract", noEnd},
			code:      1,
			stderrHas: "noend.txt:3: module M: module has no END (reached the end of the text)\n",
		},
		{
			name:      "missing file",
			args:      []string{"extract", filepath.Join(t.TempDir(), "missing.txt")},
			code:      2,
			stderrHas: "missing.txt: no such file",
		},
		{
			name:      "no argument",
			args:      []string{"extract"},
			code:      2,
			stderrHas: "usage: asn1gen extract",
		},
		{
			name:      "help",
			args:      []string{"extract", "-h"},
			code:      0,
			stderrHas: "usage: asn1gen extract",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, stderr := runExtractCmd(t, tt.stdin, tt.args...)
			if code != tt.code {
				t.Errorf("exit status %d, want %d (stderr %q)", code, tt.code, stderr)
			}
			if diff := cmp.Diff(tt.stdout, stdout); diff != "" {
				t.Errorf("stdout (-want +got):\n%s", diff)
			}
			if tt.stderrHas == "" && stderr != "" || !strings.Contains(stderr, tt.stderrHas) {
				t.Errorf("stderr %q, want it to contain %q", stderr, tt.stderrHas)
			}
		})
	}
}

func TestExtractCommandFiles(t *testing.T) {
	rfc := writeTemp(t, "rfc9999.txt", extractRFC)
	dir := filepath.Join(t.TempDir(), "out", "modules") // created by the command
	code, stdout, stderr := runExtractCmd(t, "", "extract", "-o", dir, rfc)
	if code != 0 || stdout != "" {
		t.Fatalf("exit status %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	if want := "module Mod-A (line 28) occurs again; written to Mod-A.2.asn"; !strings.Contains(stderr, want) {
		t.Errorf("stderr %q, want it to contain %q", stderr, want)
	}
	got := map[string]string{}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		got[e.Name()] = string(b)
	}
	want := map[string]string{
		"Mod-A.asn": `-- Extracted by asn1gen extract from rfc9999.txt, section 2 (lines 10-24).
Mod-A { iso(1) 2 }
DEFINITIONS IMPLICIT TAGS ::=
BEGIN
A ::= INTEGER

B ::= BOOLEAN
END
`,
		"Mod-A.2.asn": `-- Extracted by asn1gen extract from rfc9999.txt, appendix A (lines 28-29).
Mod-A DEFINITIONS ::= BEGIN
END
`,
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("files (-want +got):\n%s", diff)
	}
}

// TestExtractCommandCorpus writes out the modules of RFC 5912 and checks
// the list of files (skipped without ASN1GEN_CORPUS).
func TestExtractCommandCorpus(t *testing.T) {
	root := os.Getenv("ASN1GEN_CORPUS")
	if root == "" {
		t.Skip("ASN1GEN_CORPUS is not set")
	}
	dir := t.TempDir()
	code, _, stderr := runExtractCmd(t, "", "extract", "-o", dir,
		filepath.Join(root, "modules/ietf/IETF_PKI_RFC5912/rfc5912.txt"))
	if code != 0 {
		t.Fatalf("exit status %d: %s", code, stderr)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range entries {
		got = append(got, e.Name())
	}
	want := []string{
		"AlgorithmInformation-2009.asn", "AttributeCertificateVersion1-2009.asn",
		"EnrollmentMessageSyntax-2009.asn", "OCSP-2009.asn", "PKCS-10.asn",
		"PKIX-CommonTypes-2009.asn", "PKIX-X400Address-2009.asn",
		"PKIX1-PSS-OAEP-Algorithms-2009.asn", "PKIX1Explicit-2009.asn",
		"PKIX1Implicit-2009.asn", "PKIXAlgs-2009.asn", "PKIXAttributeCertificate-2009.asn",
		"PKIXCMP-2009.asn", "PKIXCRMF-2009.asn", "SCVP-2009.asn",
	}
	sort.Strings(got)
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("files (-want +got):\n%s", diff)
	}
	first, err := os.ReadFile(filepath.Join(dir, "PKIX-CommonTypes-2009.asn"))
	if err != nil {
		t.Fatal(err)
	}
	wantHead := "-- Extracted by asn1gen extract from rfc5912.txt, section 2 (lines 237-426).\n" +
		"PKIX-CommonTypes-2009\n"
	if !strings.HasPrefix(string(first), wantHead) {
		t.Errorf("PKIX-CommonTypes-2009.asn starts %.120q, want %q", first, wantHead)
	}
}

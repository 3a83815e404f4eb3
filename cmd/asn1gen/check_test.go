package main

import (
	"flag"
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
	write("good/sub/b.asn1", "B DEFINITIONS ::= BEGIN IMPORTS T FROM A; U ::= SEQUENCE { a T } END\n")
	write("good/notes.txt", "not ASN.1")
	write("bad/c.asn", "C DEFINITIONS ::= BEGIN\nT ::= SEQUENCE { a }\nU ::= INTEGER (1..)\nEND\n")
	write("sem/d.asn", "D DEFINITIONS ::= BEGIN\nIMPORTS X FROM Nowhere;\nT ::= CHOICE { a [0] INTEGER, b [0] BOOLEAN }\nEND\n")
	write("warn/e.asn", "E DEFINITIONS ::= BEGIN\nIMPORTS T FROM A {1 2 3};\nU ::= T\nEND\n")
	write("warn/a.asn", "A {1 2 4} DEFINITIONS ::= BEGIN T ::= INTEGER END\n")
	write("any/f.asn", "F DEFINITIONS ::= BEGIN\nA ::= SEQUENCE { id OBJECT IDENTIFIER, v ANY DEFINED BY id }\nEND\n")
	write("lenient/g.asn", "G DEFINITIONS ::= BEGIN\nR ::= REAL (-1.0..+1.0)\nEND\nEND\n")
	write("mixed/h.asn", "H DEFINITIONS ::= BEGIN\nv INTEGER ::= +1\nT ::= SEQUENCE { a }\nEND\n")
	write("bind/p.asn", "P DEFINITIONS ::= BEGIN\nIMPORTS Token FROM Missing {1 2 3};\n"+
		"C ::= CLASS { &id INTEGER UNIQUE, &Type } WITH SYNTAX { &Type IDENTIFIED BY &id }\n"+
		"S C ::= { { BOOLEAN IDENTIFIED BY 1 } }\n"+
		"T ::= SEQUENCE { t Token, id C.&id({S}), v C.&Type({S}{@id}) }\nEND\n")
	write("atlevel/i.asn", "I DEFINITIONS ::= BEGIN\n"+
		"C ::= CLASS { &id INTEGER UNIQUE, &Type } WITH SYNTAX { &Type IDENTIFIED BY &id }\n"+
		"S C ::= { { BOOLEAN IDENTIFIED BY 1 } }\n"+
		"T ::= SEQUENCE { id C.&id({S}), p CHOICE { v [0] C.&Type({S}{@.id}), all [1] NULL } }\nEND\n")
	write("good.map", "F.A.v 1.2.3 NULL\n")
	write("bad.map", "F.A.w 1.2.3 NULL\n")
	write("syntax.map", "F.A 1.2.3\n")

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
		{"semantic check of a valid set", []string{"check", "good"}, 0, "", ""},
		{"semantic errors are located", []string{"check", "sem"}, 1,
			"sem/d.asn:2:16: module Nowhere not found (imported by D)\n" +
				"sem/d.asn:3:31: alternatives of the CHOICE: a and b have the same tag [0] (X.680 29.2)\n", ""},
		{"warnings do not fail", []string{"check", "warn"}, 0,
			"warn/e.asn:2:16: warning: module A is imported with OID 1.2.3 but declared with OID 1.2.4 (at warn/a.asn:1:1); bound by name [-accept import-oid:E]\n", ""},
		{"parser warnings do not fail the syntax check", []string{"check", "-syntax-only", "lenient"}, 0,
			"lenient/g.asn:2:19: warning: '+' sign is not ASN.1 notation (X.680 12.8/12.9); read as a positive number\n" +
				"lenient/g.asn:4:1: warning: text after the last module's END is ignored\n", ""},
		{"parser warnings do not fail the semantic check", []string{"check", "lenient"}, 0,
			"lenient/g.asn:2:19: warning: '+' sign is not ASN.1 notation (X.680 12.8/12.9); read as a positive number [-accept plus-sign:G]\n" +
				"lenient/g.asn:4:1: warning: text after the last module's END is ignored [-accept text-after-end:G]\n", ""},
		{"accepted warnings are not printed", []string{"check", "-accept", "plus-sign:G,text-after-end:G", "lenient"}, 0, "", ""},
		{"-v prints accepted warnings", []string{"check", "-v", "-accept", "plus-sign:G", "lenient"}, 0,
			"lenient/g.asn:2:19: warning: '+' sign is not ASN.1 notation (X.680 12.8/12.9); read as a positive number\n" +
				"lenient/g.asn:4:1: warning: text after the last module's END is ignored [-accept text-after-end:G]\n", ""},
		{"@.id in a CHOICE is an error", []string{"check", "atlevel"}, 1,
			`atlevel/i.asn:4:62: component relation @.id: the CHOICE in which it is written has no component id (X.682 10.7: "@." starts from the innermost SEQUENCE, SET or CHOICE); the enclosing SEQUENCE's id is @..id [-accept at-level:I]` + "\n", ""},
		{"-accept at-level reads it as @..id", []string{"check", "-accept", "at-level:I", "atlevel"}, 0, "", ""},
		{"-v prints the reading", []string{"check", "-v", "-accept", "at-level:I", "atlevel"}, 0,
			`atlevel/i.asn:4:62: warning: component relation @.id: the CHOICE in which it is written has no component id (X.682 10.7: "@." starts from the innermost SEQUENCE, SET or CHOICE); read as @..id, the id of the enclosing SEQUENCE` + "\n", ""},
		{"a key that accepts nothing", []string{"check", "-accept", "plus-sign:G,plus-sign:H", "lenient"}, 1,
			"-accept:1:1: -accept plus-sign:H accepts nothing: no warning or note of the set has that key\n" +
				"lenient/g.asn:4:1: warning: text after the last module's END is ignored [-accept text-after-end:G]\n", ""},
		{"parser warnings and errors in position order", []string{"check", "-syntax-only", "mixed"}, 1,
			"mixed/h.asn:2:15: warning: '+' sign is not ASN.1 notation (X.680 12.8/12.9); read as a positive number\n" +
				"mixed/h.asn:3:20: unexpected \"}\", expected a type\n", ""},
		{"syntax errors fail the semantic check", []string{"check", "bad"}, 1,
			"bad/c.asn:2:20: unexpected \"}\", expected a type\n" +
				"bad/c.asn:3:19: unexpected \")\", expected a value\n", ""},
		{"ANY mapping file", []string{"check", "-anymap", "good.map", "any"}, 0, "", ""},
		{"ANY mapping errors are located", []string{"check", "-anymap", "bad.map", "any"}, 1, "bad.map:1:1: F.A has no component w\n", ""},
		{"ANY mapping syntax", []string{"check", "-anymap", "syntax.map", "any"}, 2, "", "syntax.map:1:1: want"},
		{"keep-raw names a type", []string{"check", "-keep-raw", "F.A", "any"}, 0, "", ""},
		{"keep-raw of a missing type", []string{"check", "-no-keep-raw", "-keep-raw", "F.B", "any"}, 1, "any/f.asn:1:1: keep-raw: no type F.B\n", ""},
		{"import-from ANY and extensible", []string{"check", "-import-from", "P:Missing.Token=ANY", "-extensible", "P.S", "bind"}, 0,
			"", ""},
		{"import-from and extensible warnings with -v", []string{"check", "-v", "-import-from", "P:Missing.Token=ANY", "-extensible", "P.S", "bind"}, 0,
			"bind/p.asn:2:9: warning: Missing not in the set: Token bound to an open type (ANY) by -import-from\n" +
				"bind/p.asn:4:1: warning: object set S is declared extensible by -extensible P.S: its tables keep the values of the keys it does not list\n", ""},
		{"extensible syntax", []string{"check", "-extensible", "P", "bind"}, 2, "", "-extensible: \"P\" is not Module.Set"},
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

// generateLines returns the //go:generate line of every package under
// generated/, by package directory.
func generateLines(t *testing.T) map[string]string {
	t.Helper()
	docs, err := filepath.Glob("../../generated/*/doc.go")
	if err != nil {
		t.Fatal(err)
	}
	lines := map[string]string{}
	for _, doc := range docs {
		src, err := os.ReadFile(doc)
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range strings.Split(string(src), "\n") {
			if strings.HasPrefix(line, "//go:generate ") {
				lines[filepath.Dir(doc)] = line
			}
		}
	}
	if len(lines) < 6 {
		t.Fatalf("found the //go:generate lines of %d packages under generated/, want 6 at least", len(lines))
	}
	return lines
}

// checkArgs turns the arguments of a gen command line into those of check:
// the flags that say which set it is and how it is checked (setFlags), and
// the files, without what only gen takes (genFlags).
func checkArgs(t *testing.T, genArgs []string) []string {
	t.Helper()
	fs := flag.NewFlagSet("gen", flag.ContinueOnError)
	var g genFlags
	g.register(fs)
	var sf setFlags
	sf.register(fs)
	if err := fs.Parse(genArgs); err != nil {
		t.Fatalf("gen %q: %v", genArgs, err)
	}
	setOnly := flag.NewFlagSet("set", flag.ContinueOnError)
	(&setFlags{}).register(setOnly)
	args := []string{"check"}
	fs.Visit(func(f *flag.Flag) {
		if setOnly.Lookup(f.Name) != nil {
			args = append(args, "-"+f.Name+"="+f.Value.String())
		}
	})
	return append(args, fs.Args()...)
}

// TestCheckGeneratedSets checks the module set of every package under
// generated/ as its //go:generate line generates it: check must accept
// what gen accepts (-use included), silently as gen does.
func TestCheckGeneratedSets(t *testing.T) {
	if testing.Short() {
		t.Skip("-use runs the go command")
	}
	for dir, line := range generateLines(t) {
		t.Run(filepath.Base(dir), func(t *testing.T) {
			_, after, ok := strings.Cut(line, "/cmd/asn1gen gen ")
			if !ok {
				t.Fatalf("%s: %q does not run asn1gen gen", dir, line)
			}
			args := checkArgs(t, strings.Fields(after))
			code, stdout, stderr := runCmd(t, dir, nil, args...)
			if code != 0 || stdout != "" || stderr != "" {
				t.Errorf("asn1gen %s\nin %s: exit status %d, want 0 and no output\nstdout:\n%s\nstderr:\n%s", strings.Join(args, " "), dir, code, stdout, stderr)
			}
		})
	}
}

// TestReadmeCheck runs the check commands of the README's Quick start, as
// written, from the repository root: they must succeed.
func TestReadmeCheck(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, quick, ok := strings.Cut(string(readme), "\n## Quick start\n")
	if !ok {
		t.Fatal("README.md has no Quick start")
	}
	quick, _, _ = strings.Cut(quick, "\n## ")
	const prefix = "go run ./cmd/asn1gen check "
	var commands []string
	for _, line := range strings.Split(quick, "\n") {
		if strings.HasPrefix(line, prefix) {
			line, _, _ = strings.Cut(line, " #")
			commands = append(commands, strings.TrimSpace(strings.TrimPrefix(line, "go run ./cmd/asn1gen ")))
		}
	}
	if len(commands) < 2 {
		t.Fatalf("the Quick start shows %d check commands, want a syntax check and a semantic one", len(commands))
	}
	for _, c := range commands {
		t.Run(c, func(t *testing.T) {
			code, stdout, stderr := runCmd(t, "../..", nil, strings.Fields(c)...)
			if code != 0 || stderr != "" {
				t.Errorf("asn1gen %s: exit status %d, want 0\nstdout:\n%s\nstderr:\n%s", c, code, stdout, stderr)
			}
		})
	}
}

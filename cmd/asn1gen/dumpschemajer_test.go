package main

import (
	"bufio"
	"bytes"
	"encoding/hex"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// jerHelperMain is the program of TestDumpSchemaJER: it reads lines
// "Type<TAB>JER text", and for each decodes the text with the generated
// package, encodes the value in DER, decodes that, and prints the type,
// the DER in hex and the MarshalJSON of the value decoded from DER.
const jerHelperMain = `package main

import (
	"bufio"
	"fmt"
	"os"
	"strings"

	"example.com/jerdump/pkg"
)

type value interface {
	UnmarshalJSON([]byte) error
	MarshalJSON() ([]byte, error)
	UnmarshalDER([]byte) error
	MarshalDER() ([]byte, error)
}

func newValue(typ string) value {
	switch typ {
	case "Record":
		return new(pkg.Record)
	case "Choice":
		return new(pkg.Choice)
	case "Pair":
		return new(pkg.Pair)
	}
	return nil
}

func main() {
	f, err := os.Open(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		typ, text, _ := strings.Cut(sc.Text(), "\t")
		v, w := newValue(typ), newValue(typ)
		if err := v.UnmarshalJSON([]byte(text)); err != nil {
			fmt.Fprintln(os.Stderr, typ, text, err)
			os.Exit(1)
		}
		d, err := v.MarshalDER()
		if err == nil {
			err = w.UnmarshalDER(d)
		}
		j, jerr := w.MarshalJSON()
		if err != nil || jerr != nil {
			fmt.Fprintln(os.Stderr, typ, text, err, jerr)
			os.Exit(1)
		}
		fmt.Printf("%s\t%x\t%s\n", typ, d, j)
	}
}
`

// TestDumpSchemaJER checks that dump -jer -schema writes, from a DER
// decode, the JER that the generated MarshalJSON writes: a package
// generated from testdata/dump-jer/JerDump.asn with -codecs der,jer turns
// the JER texts of values.txt into values, their DER and their
// MarshalJSON, and the dump of each DER must be that JSON, byte for byte
// once both are compacted. JerDump holds every JER form: CHOICEs, tagged
// (an EXPLICIT wrapper) and nested, DEFAULT components, named and fixed
// BIT STRINGs, REAL, times, strings, an OCTET STRING CONTAINING a type and
// one CONTAINING an open type, an open type through its table, lists.
func TestDumpSchemaJER(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("go command not on PATH")
	}
	if testing.Short() {
		t.Skip("builds a generated package with the go command; skipped with -short")
	}
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	module := filepath.Join(root, "testdata", "dump-jer", "JerDump.asn")
	values := filepath.Join(root, "testdata", "dump-jer", "values.txt")
	dir := t.TempDir()
	gomod := "module example.com/jerdump\n\ngo 1.26\n\nrequire github.com/asn1gen/asn1gen v0.0.0\n\nreplace github.com/asn1gen/asn1gen => " + root + "\n"
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	for name, data := range map[string][]byte{"go.mod": []byte(gomod), "go.sum": sum, "mk/main.go": []byte(jerHelperMain)} {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if code, _, stderr := runCmd(t, "", nil, "gen", "-q", "-o", filepath.Join(dir, "pkg"), "-package", "pkg", "-codecs", "der,jer", module); code != 0 {
		t.Fatalf("gen: exit status %d: %s", code, stderr)
	}
	cmd := exec.Command("go", "run", "./mk", values)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("the helper: %v\n%s", err, stderr.String())
	}
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 1<<20)
	n := 0
	for ; sc.Scan(); n++ {
		parts := strings.Split(sc.Text(), "\t")
		if len(parts) != 3 {
			t.Fatalf("helper line %q", sc.Text())
		}
		typ, derHex, want := parts[0], parts[1], parts[2]
		b, err := hex.DecodeString(derHex)
		if err != nil {
			t.Fatal(err)
		}
		file := filepath.Join(dir, "value.der")
		if err := os.WriteFile(file, b, 0o644); err != nil {
			t.Fatal(err)
		}
		code, got, errs := runCmd(t, "", nil, "dump", "-jer", "-schema", module, "-type", typ, file)
		var compact bytes.Buffer
		if code != 0 || json.Compact(&compact, []byte(got)) != nil || compact.String() != want {
			t.Errorf("%s %s: exit status %d, stderr %s\ndump -jer: %s\nMarshalJSON: %s", typ, derHex, code, errs, compact.String(), want)
		}
	}
	t.Logf("%d values: dump -jer -schema wrote the JER of MarshalJSON", n)
	if n != 6 {
		t.Errorf("%d values, want the 6 of values.txt", n)
	}
}

package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"

	"github.com/asn1gen/asn1gen/codegen/plan"
	"github.com/asn1gen/asn1gen/internal/asn1dump"
)

// jerDump prints data, a value of the -type of the one -use package, as
// JER (X.697): the command line imports no generated package, so a helper
// program that the go command builds in the current module decodes data
// with the package's own code (UnmarshalDER, UnmarshalAPER or
// UnmarshalUPER, UnmarshalOER, or UnmarshalJSON: the codec -aper or -uper
// names, else the one the package carries, DER first) and prints its
// MarshalJSON, indented. The package must carry the jer codec. It returns
// the exit status: 1 when the data do not decode (the helper's error,
// located, on stderr).
func (d *dumper) jerDump(sf *schemaFlags, pf *perFlags, data []byte) int {
	uses := splitList(sf.use)
	if len(uses) != 1 || sf.typ == "" || sf.schema != "" {
		fmt.Fprintln(d.stderr, "asn1gen dump: -jer needs one -use IMPORTPATH and -type T (and no -schema): it runs the package's own code")
		return 2
	}
	imp := uses[0]
	man, err := newLocator(uses).locate(imp)
	if err != nil {
		fmt.Fprintf(d.stderr, "asn1gen dump: %v\n", err)
		return 2
	}
	codecs, ok := packageCodecs(imp)
	if !ok {
		codecs = plan.DefaultCodecs
	}
	if !codecs.JER {
		fmt.Fprintf(d.stderr, "asn1gen dump: -jer: %s carries no JER codec (it has %s): generate it with -codecs %s,jer\n", imp, codecs, codecs)
		return 2
	}
	goName, err := manifestType(man.Types, sf.typ)
	if err != nil {
		fmt.Fprintf(d.stderr, "asn1gen dump: -use %s: %v\n", imp, err)
		return 2
	}
	method := ""
	switch {
	case pf.aper && pf.uper:
		fmt.Fprintln(d.stderr, "asn1gen dump: -aper and -uper: one variant at a time")
		return 2
	case pf.aper || !codecs.DER && codecs.APER && !pf.uper:
		method = "UnmarshalAPER"
	case pf.uper || !codecs.DER && codecs.UPER:
		method = "UnmarshalUPER"
	case codecs.DER:
		method = "UnmarshalDER"
		if blocks, _ := asn1dump.SplitPEM(data); len(blocks) > 0 {
			data = blocks[0].Data // the first PEM block
		}
	case codecs.OER:
		method = "UnmarshalOER"
	default:
		method = "UnmarshalJSON"
	}
	if strings.HasSuffix(method, "PER") || method == "UnmarshalOER" {
		// Hex text or binary, as dump's PER input (perInput).
		if data, _, err = perInput(data); err != nil {
			fmt.Fprintf(d.stderr, "asn1gen dump: %v\n", err)
			return 2
		}
	}
	dir, err := os.MkdirTemp("", "asn1gen-dump-jer-")
	if err != nil {
		fmt.Fprintf(d.stderr, "asn1gen dump: %v\n", err)
		return 2
	}
	defer os.RemoveAll(dir)
	in := filepath.Join(dir, "input")
	src := fmt.Sprintf(jerHelper, imp, goName, method)
	if err := os.WriteFile(in, data, 0o600); err != nil {
		fmt.Fprintf(d.stderr, "asn1gen dump: %v\n", err)
		return 2
	}
	if err := os.WriteFile(filepath.Join(dir, "main.go"), []byte(src), 0o600); err != nil {
		fmt.Fprintf(d.stderr, "asn1gen dump: %v\n", err)
		return 2
	}
	d.prog.set("building the decoder of "+imp, 0, false)
	bin := filepath.Join(dir, "helper")
	build := exec.Command("go", "build", "-o", bin, filepath.Join(dir, "main.go"))
	build.Stderr = d.stderr
	err = build.Run()
	d.prog.pause()
	if err != nil {
		fmt.Fprintf(d.stderr, "asn1gen dump: -jer: building the decoder of %s: %v\n", imp, err)
		return 2
	}
	cmd := exec.Command(bin, in)
	cmd.Stdout, cmd.Stderr = d.stdout, d.stderr
	err = cmd.Run()
	if e, ok := err.(*exec.ExitError); ok {
		return e.ExitCode()
	} else if err != nil {
		fmt.Fprintf(d.stderr, "asn1gen dump: -jer: %v\n", err)
		return 2
	}
	return 0
}

// schemaJER reports whether -jer writes the JER from the schema dump: with
// -schema, or unless the -use packages are one that carries the jer codec
// (jerDump runs its own code).
func schemaJER(sf *schemaFlags) bool {
	uses := splitList(sf.use)
	switch {
	case sf.schema != "" || len(uses) > 1:
		return true
	case len(uses) == 0:
		return false // jerDump says what is missing
	}
	codecs, ok := packageCodecs(uses[0])
	if !ok {
		codecs = plan.DefaultCodecs
	}
	return !codecs.JER
}

// printJER prints b, the JER of a value, indented, or why there is none
// (exit status 1).
func (d *dumper) printJER(b []byte, err error) {
	var out bytes.Buffer
	if err == nil {
		err = json.Indent(&out, b, "", "  ")
	}
	if err != nil {
		fmt.Fprintf(d.stderr, "asn1gen dump: JER: %v\n", err)
		d.status = 1
		return
	}
	out.WriteByte('\n')
	d.stdout.Write(out.Bytes())
}

// manifestType returns the Go name of typ ("Module.Type", or "Type" when
// one module of the package defines it) in types, the Go names by ASN.1
// identity of a manifest.
func manifestType(types map[string]string, typ string) (string, error) {
	var hits []string
	for id, name := range types {
		if id == typ || !strings.Contains(typ, ".") && strings.HasSuffix(id, "."+typ) {
			hits = append(hits, name)
		}
	}
	sort.Strings(hits)
	switch len(hits) {
	case 0:
		return "", fmt.Errorf("no type %s", typ)
	case 1:
		return hits[0], nil
	}
	return "", fmt.Errorf("%s names %d types (%s): say Module.Type", typ, len(hits), strings.Join(hits, ", "))
}

// jerHelper is the program of jerDump: the import path, the Go type and
// the method that decodes the input.
const jerHelper = `// The helper of asn1gen dump -jer: decodes a value and prints its JER.
package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"

	pkg %q
)

func main() {
	data, err := os.ReadFile(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, "asn1gen dump:", err)
		os.Exit(2)
	}
	var v pkg.%s
	if err := v.%s(data); err != nil {
		fmt.Fprintln(os.Stderr, "asn1gen dump:", err)
		os.Exit(1)
	}
	b, err := v.MarshalJSON()
	if err != nil {
		fmt.Fprintln(os.Stderr, "asn1gen dump: JER:", err)
		os.Exit(1)
	}
	var out bytes.Buffer
	if err := json.Indent(&out, b, "", "  "); err != nil {
		fmt.Fprintln(os.Stderr, "asn1gen dump: JER:", err)
		os.Exit(1)
	}
	out.WriteByte('\n')
	os.Stdout.Write(out.Bytes())
}
`

package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"text/tabwriter"

	"github.com/asn1gen/asn1gen/internal/rfcextract"
)

func init() {
	register(command{name: "extract", short: "write out the ASN.1 modules of an RFC text", run: runExtract})
}

const extractUsage = `usage: asn1gen extract [-o DIR] [-list] RFC.txt|-

Finds the ASN.1 modules in the plain text of an RFC ("-": standard input)
and writes them out verbatim, without the page furniture (headers,
footers, form feeds and the blank lines of page breaks) and without the
RFC's common indentation. A module runs from the line with its name to the
line whose only token is END. Each module is preceded by a comment naming
its source:

  -- Extracted by asn1gen extract from rfc5912.txt, section 14 (lines 1234-1456).

Without -o the modules are printed to standard output, one after the other.
With -o each module is written to DIR/<ModuleName>.asn (DIR is created if
needed); a name that occurs again gets a number: <ModuleName>.2.asn.
With -list the module names, line ranges and sections are printed instead
(with -o as well, the files are written too).

A page break inside a module becomes one blank line if it had more blank
lines around it than the page margins, and nothing otherwise.
Exit status: 0 success, 1 no module or a module without END (reported as
file:line), 2 usage or I/O error.

Flags:
`

func runExtract(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("extract", flag.ContinueOnError)
	fs.SetOutput(stderr)
	dir := fs.String("o", "", "write one `DIR`/<ModuleName>.asn file per module")
	list := fs.Bool("list", false, "list the modules (name, lines, section) instead of printing them")
	fs.Usage = func() {
		fmt.Fprint(stderr, extractUsage)
		fs.PrintDefaults()
	}
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return 2
	}
	name, data, err := readInput(fs.Arg(0))
	if err != nil {
		fmt.Fprintf(stderr, "asn1gen extract: %v\n", err)
		return 2
	}
	mods, err := rfcextract.Extract(name, data)
	if err != nil {
		fmt.Fprintf(stderr, "asn1gen extract: %v\n", err)
		return 1
	}
	source := filepath.Base(name)

	if *list {
		tw := tabwriter.NewWriter(stdout, 0, 8, 2, ' ', 0)
		for _, m := range mods {
			fmt.Fprintf(tw, "%s\tlines %d-%d\t%s\n", m.Name, m.StartLine, m.EndLine, sectionWords(m.Section))
		}
		if err := tw.Flush(); err != nil {
			fmt.Fprintf(stderr, "asn1gen extract: %v\n", err)
			return 2
		}
	}
	if *dir != "" {
		if err := os.MkdirAll(*dir, 0o755); err != nil {
			fmt.Fprintf(stderr, "asn1gen extract: %v\n", err)
			return 2
		}
		seen := map[string]int{}
		for _, m := range mods {
			seen[m.Name]++
			file := m.Name + ".asn"
			if n := seen[m.Name]; n > 1 {
				file = fmt.Sprintf("%s.%d.asn", m.Name, n)
				fmt.Fprintf(stderr, "asn1gen extract: module %s (line %d) occurs again; written to %s\n", m.Name, m.StartLine, file)
			}
			out := append([]byte(originComment(source, m)+"\n"), m.Text...)
			if err := os.WriteFile(filepath.Join(*dir, file), out, 0o644); err != nil {
				fmt.Fprintf(stderr, "asn1gen extract: %v\n", err)
				return 2
			}
		}
		return 0
	}
	if *list {
		return 0
	}
	for i, m := range mods {
		if i > 0 {
			fmt.Fprintln(stdout)
		}
		fmt.Fprintln(stdout, originComment(source, m))
		if _, err := stdout.Write(m.Text); err != nil {
			fmt.Fprintf(stderr, "asn1gen extract: %v\n", err)
			return 2
		}
	}
	return 0
}

// originComment is the ASN.1 comment line that precedes every extracted
// module: where it came from, so that the file can be checked against its
// source.
func originComment(source string, m rfcextract.Module) string {
	where := ""
	if m.Section != "" {
		where = ", " + sectionWords(m.Section)
	}
	return fmt.Sprintf("-- Extracted by asn1gen extract from %s%s (lines %d-%d).", source, where, m.StartLine, m.EndLine)
}

// sectionWords names a section number: "section 14", "appendix A.1".
func sectionWords(sec string) string {
	switch {
	case sec == "":
		return "no section"
	case sec[0] >= 'A' && sec[0] <= 'Z':
		return "appendix " + sec
	default:
		return "section " + sec
	}
}

package rfcextract

import (
	"errors"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
	"testing"

	"github.com/asn1gen/asn1gen/parser"
)

// publishedErrors are the modules whose published text has a syntax error
// (fixed by hand in pycrate's copies), with where the parser must stop:
// the line and column in the extracted module. (RFC 3281's comma inside a
// comment is read leniently, with a warning: see parser/doc.go.)
var publishedErrors = map[string]struct {
	line, column int
	why          string
}{
	"rfc3565.txt/CMSAesRsaesOaep": {19, 48, `a stray "_" after csor(3) in the OID of aes`},
}

// TestCorpusParseExtracted extracts the modules of the RFCs that asn1gen
// compiles first (5280, 5652, 5911, 5912, 6268, 7292) and parses each, as
// published (skipped without ASN1GEN_CORPUS).
func TestCorpusParseExtracted(t *testing.T) {
	dir := corpusDir(t)
	for _, p := range []string{
		"ietf/IETF_PKI_RFC5280/IETF_PKI_rfc5280.txt",
		"ietf/IETF_PKI_RFC5652/IETF_PKI_rfc5652.txt",
		"ietf/IETF_PKI_RFC5911/rfc5911.txt",
		"ietf/IETF_PKI_RFC5912/rfc5912.txt",
		// The corpus holds only pycrate's module files for RFC 6268, not
		// its text: this one is skipped until the text is added.
		"ietf/IETF_PKI_RFC6268/rfc6268.txt",
		"ietf/IETF_PKI_RFC7292/rfc7292.txt",
	} {
		t.Run(path.Base(p), func(t *testing.T) {
			parseExtracted(t, dir, p)
		})
	}
}

// TestCorpusParseAllRFCTexts does the same for every other RFC text of the
// corpus; the modules of publishedErrors must fail where their error is.
func TestCorpusParseAllRFCTexts(t *testing.T) {
	dir := corpusDir(t)
	for _, r := range readIndex(t, dir) {
		if r.kind != "rfc-text" {
			continue
		}
		t.Run(path.Base(r.path), func(t *testing.T) {
			parseExtracted(t, dir, r.path)
		})
	}
}

func parseExtracted(t *testing.T, dir, p string) {
	name := path.Base(p)
	data, err := os.ReadFile(filepath.Join(dir, p))
	if errors.Is(err, fs.ErrNotExist) {
		t.Skipf("the corpus has no %s", p)
	}
	if err != nil {
		t.Fatal(err)
	}
	mods, err := Extract(name, data)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range mods {
		t.Run(m.Name, func(t *testing.T) {
			// Positions in errors are in the extracted module, which
			// starts at line StartLine of the RFC text.
			f, err := parser.ParseFile(m.Name+".asn", m.Text)
			want, bad := publishedErrors[name+"/"+m.Name]
			switch {
			case bad && err == nil:
				t.Errorf("module %s parsed, but its published text has an error: %s", m.Name, want.why)
			case bad:
				line, col := firstErrorPosition(err)
				if line != want.line || col != want.column {
					t.Errorf("module %s: first error at %d:%d, want %d:%d (%s); error: %v",
						m.Name, line, col, want.line, want.column, want.why, err)
				}
			case err != nil:
				t.Errorf("module %s (%s lines %d-%d): %s", m.Name, name, m.StartLine, m.EndLine, firstErrors(err, 5))
			case f == nil:
				t.Errorf("module %s: ParseFile returned no file and no error", m.Name)
			}
		})
	}
}

// firstErrorPosition returns the position of the first error of a parse.
func firstErrorPosition(err error) (line, column int) {
	var list parser.ErrorList
	if errors.As(err, &list) && len(list) > 0 {
		return list[0].Pos.Line, list[0].Pos.Column
	}
	var e *parser.Error
	if errors.As(err, &e) {
		return e.Pos.Line, e.Pos.Column
	}
	return 0, 0
}

// firstErrors prints at most n errors of a parse.
func firstErrors(err error, n int) string {
	var list parser.ErrorList
	if !errors.As(err, &list) || len(list) <= n {
		return err.Error()
	}
	var first []string
	for _, e := range list[:n] {
		first = append(first, e.Error())
	}
	return strings.Join(first, "\n") + "\n..."
}

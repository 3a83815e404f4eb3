package parser

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"
)

// corpusDir returns $ASN1GEN_CORPUS/modules or skips the test.
func corpusDir(t testing.TB) string {
	root := os.Getenv("ASN1GEN_CORPUS")
	if root == "" {
		t.Skip("ASN1GEN_CORPUS not set")
	}
	return filepath.Join(root, "modules")
}

type corpusEntry struct {
	path, kind string
}

func readIndex(t testing.TB, dir string) []corpusEntry {
	f, err := os.Open(filepath.Join(dir, "INDEX.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []corpusEntry
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for first := true; sc.Scan(); first = false {
		if first {
			continue // header
		}
		cols := strings.Split(sc.Text(), "\t")
		if len(cols) < 2 {
			continue
		}
		out = append(out, corpusEntry{path: cols[0], kind: cols[1]})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// notASN1 lists corpus files of kind "module" that are not valid ASN.1 (X.680
// 2021 with X.681-X.683) as published and that no leniency of ParseFile
// reads, with the reason. The corpus test requires every other required file
// to parse, and fails if a listed file parses (the list would be stale).
var notASN1 = map[string]string{
	"asn1scc-tests/mantis/0000580/dataview.asn":  "bug report whose own comment says it should be rejected: \"My--Type\" starts a comment (X.680 12.6.3)",
	"asn1scc-tests/mantis/0000580/dataview2.asn": "bug report whose own comment says it should be rejected: the comment ends at the second \"--\" and \"is a comment\" is left as notation",
}

// lenient lists corpus files of kind "module" that are not valid ASN.1 but
// parse thanks to a leniency of ParseFile, with the reason. Such a file must
// parse with at least one warning; every other module file that parses must
// parse without warnings (so that a strictly valid file never gets one).
// asn1scc files are required to parse whether marked to succeed or unmarked
// (see asn1sccShouldPass): asn1scc reads all of them.
var lenient = map[string]string{
	"asn1scc-tests/mantis/0000444 - Custom templates/03-TERMA.asn1":   "REAL(-1.0E95..+1.E95): \"+\" is no ASN.1 character (X.680 12.1; NumericRealValue only has \"-\")",
	"asn1scc-tests/mantis/0000445/03-TERMA.asn1":                      "REAL(-1.0E95..+1.E95): \"+\" is no ASN.1 character (X.680 12.1; NumericRealValue only has \"-\")",
	"asn1scc-tests/v4Tests/test-cases/acn/14-RealCases/03-TERMA.asn1": "REAL(-1.0E95..+1.E95): \"+\" is no ASN.1 character (X.680 12.1; NumericRealValue only has \"-\")",
	"asn1scc-tests/mantis/0000794/a.asn":                              "\"--timestamp T-UInt32, --Timestamp when ...\": the comment ends at the second \"--\" (X.680 12.6.3) and the rest of the line is notation",
	"asn1scc-tests/v4Tests/test-cases/acn/03-IA5String/019.asn1":      "the test-mark comment \"--TCLS ... '2C'H] -- '2C' is the comma\" ends at \" --\", leaving \"'2C' is the comma\" as notation",
	"asn1scc-tests/v4Tests/test-cases/acn/06-OCTET-STRING/011.asn1":   "\"-- MyPDU ::= ... -- this cause gnat ...\": the comment ends at the second \"--\", the rest of the line is notation",
	"asn1scc-tests/v4Tests/test-cases/acn/10-SEQEUENCE/011.asn1":      "a comment line ends at its embedded \"--TCLFC\" mark, leaving \"MyPDU[] ...\" as notation",
	"asn1scc-tests/v4Tests/test-cases/acn/23-CONTAINING/011.asn1":     "a second END after the module's END",
}

// asn1sccShouldPass reports whether an asn1scc test file is expected to be
// valid ASN.1. asn1scc marks its test cases with comment lines: --TCLS and
// --TCFS (and --TCP) are runs that must succeed, --TCLFC, --TCFC and --TCFFC
// runs that must fail. Every failing run in the corpus fails on its ACN
// encoding file or on a semantic check; the ASN.1 text of all of them is
// syntactically valid, so the rule applied is: an asn1scc file must parse
// unless it carries failure marks only and the expected error message names
// the .asn1 file itself (a syntax error in the ASN.1). No file in the corpus
// has such a mark, so in practice every asn1scc module must parse.
func asn1sccShouldPass(src []byte) bool {
	pass, failOnASN1 := false, false
	for _, line := range strings.Split(string(src), "\n") {
		line = strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(line, "--TCLS"), strings.HasPrefix(line, "--TCFS"), strings.HasPrefix(line, "--TCP"):
			pass = true
		case strings.HasPrefix(line, "--TCLFC"), strings.HasPrefix(line, "--TCFC"), strings.HasPrefix(line, "--TCFFC"):
			if i := strings.Index(line, "$$$"); i >= 0 && strings.Contains(line[i:], ".asn1:") && strings.Contains(line[i:], "syntax") {
				failOnASN1 = true
			}
		}
	}
	return pass || !failOnASN1
}

// required reports whether a kind=module corpus file must parse.
func required(path string, src []byte) bool {
	top, _, _ := strings.Cut(path, "/")
	switch top {
	case "ietf", "itu-x500", "telecom", "lamps", "asn1tools-tests":
		return true
	case "asn1c-tests":
		base := filepath.Base(path)
		return strings.Contains(base, "-OK.") || strings.Contains(base, "-SW.") || strings.Contains(base, "-SE.")
	case "asn1scc-tests":
		return asn1sccShouldPass(src)
	}
	return false
}

func TestCorpusModules(t *testing.T) {
	dir := corpusDir(t)
	type stat struct{ ok, total int }
	stats := map[string]*stat{}
	var failures []string
	for _, e := range readIndex(t, dir) {
		if e.kind != "module" {
			continue
		}
		top, _, _ := strings.Cut(e.path, "/")
		if top == "malformed-libtasn1" {
			continue // TestCorpusMalformed
		}
		src, err := os.ReadFile(filepath.Join(dir, e.path))
		if err != nil {
			t.Errorf("%s: %v", e.path, err)
			continue
		}
		f, perr := ParseFile(e.path, src)
		checkNoInternalError(t, e.path, perr)
		why, isLenient := lenient[e.path]
		switch {
		case isLenient && perr == nil && len(f.Warnings) == 0:
			t.Errorf("%s is listed as needing a leniency (%s) but parses without warnings: update lenient", e.path, why)
		case isLenient && perr == nil:
			t.Logf("%s: parses with %d warnings (%s): %v", e.path, len(f.Warnings), why, f.Warnings[0])
		case isLenient:
			t.Errorf("%s is listed as parsing with a leniency (%s) but fails: %v", e.path, why, firstError(perr))
		case perr == nil && len(f.Warnings) > 0:
			t.Errorf("%s parses with warnings but is not listed in lenient: %v", e.path, f.Warnings[0])
		}
		s := stats[top]
		if s == nil {
			s = &stat{}
			stats[top] = s
		}
		s.total++
		if perr == nil {
			s.ok++
		}
		reason, listed := notASN1[e.path]
		switch {
		case listed && perr == nil:
			t.Errorf("%s is listed as not valid ASN.1 (%s) but parses: update notASN1", e.path, reason)
		case listed:
			t.Logf("%s: fails as expected (%s): %v", e.path, reason, firstError(perr))
		case perr != nil && required(e.path, src):
			failures = append(failures, fmt.Sprintf("%s: %v", e.path, firstError(perr)))
		case perr != nil:
			t.Logf("not required: %s: %v", e.path, firstError(perr))
		}
	}
	tops := make([]string, 0, len(stats))
	for k := range stats {
		tops = append(tops, k)
	}
	sort.Strings(tops)
	for _, k := range tops {
		s := stats[k]
		t.Logf("parse rate %-16s %4d/%4d = %6.2f%%", k, s.ok, s.total, 100*float64(s.ok)/float64(s.total))
	}
	for _, f := range failures {
		t.Error(f)
	}
}

func firstError(err error) error {
	var list ErrorList
	if errors.As(err, &list) && len(list) > 0 {
		return list[0]
	}
	return err
}

func checkNoInternalError(t *testing.T, name string, err error) {
	t.Helper()
	if err != nil && strings.Contains(err.Error(), "internal error") {
		t.Errorf("%s: %v", name, err)
	}
}

// validMalformed lists files under malformed-libtasn1/ and asn1c -NP cases
// that are in fact valid ASN.1, with the reason.
var validMalformed = map[string]string{
	"malformed-libtasn1/examples/pkix.asn": "libtasn1's own example module (RFC 3280 PKIX1Implicit88 with X.208 ANY DEFINED BY), not a fuzzer output: valid",
}

// TestCorpusMalformed parses every file under malformed-libtasn1/ and every
// asn1c -NP case: each must return an error (or be listed in
// validMalformed), without panic. It logs the slowest parse.
func TestCorpusMalformed(t *testing.T) {
	dir := corpusDir(t)
	var files []string
	err := filepath.WalkDir(filepath.Join(dir, "malformed-libtasn1"), func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			files = append(files, path)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	nps, _ := filepath.Glob(filepath.Join(dir, "asn1c-tests", "tests", "tests-asn1c-compiler", "*-NP.asn1"))
	if len(nps) == 0 {
		t.Error("no asn1c -NP case found")
	}
	files = append(files, nps...)
	var slowest time.Duration
	var slowestName string
	parsed := 0
	for _, path := range files {
		rel, _ := filepath.Rel(dir, path)
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		start := time.Now()
		_, perr := ParseFile(rel, src)
		if d := time.Since(start); d > slowest {
			slowest, slowestName = d, rel
		}
		checkNoInternalError(t, rel, perr)
		reason, listed := validMalformed[rel]
		switch {
		case perr == nil && !listed:
			t.Errorf("%s: parses without error; check whether it is valid and list it in validMalformed", rel)
		case perr == nil:
			parsed++
			t.Logf("%s: valid (%s)", rel, reason)
		case listed:
			t.Errorf("%s is listed as valid but fails: %v", rel, firstError(perr))
		}
	}
	t.Logf("%d files, %d valid, slowest %v (%s)", len(files), parsed, slowest, slowestName)
}

// TestCorpusLAMPSDrafts checks the two draft LAMPS modules, whose module OID
// ends in a placeholder (TBD1, TBD): they must parse (TestCorpusModules
// requires every lamps module) and keep the placeholder for the semantic
// phase to warn about.
func TestCorpusLAMPSDrafts(t *testing.T) {
	dir := corpusDir(t)
	for file, placeholder := range map[string]string{
		"lamps/X509-ML-DSA-2025.asn": "TBD1",
		"lamps/X509-ML-KEM-2025.asn": "TBD",
	} {
		src, err := os.ReadFile(filepath.Join(dir, file))
		if err != nil {
			t.Fatal(err)
		}
		f, err := ParseFile(file, src)
		if err != nil {
			t.Errorf("%s: %v", file, err)
			continue
		}
		oid := f.Modules[0].Identifier.OID
		if last := oid[len(oid)-1]; last.Placeholder != placeholder || last.Number != "" {
			t.Errorf("%s: last module OID component %+v, want placeholder %q", file, *last, placeholder)
		}
	}
}

package model

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// asn1cCases lists the asn1c compiler test modules whose names end in
// suffix ("-SE": semantic errors expected; "-OK": valid).
func asn1cCases(t *testing.T, suffix string) []string {
	dir := filepath.Join(corpusModules(t), "asn1c-tests/tests/tests-asn1c-compiler")
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Skipf("asn1c tests not in the corpus: %v", err)
	}
	var out []string
	for _, e := range entries {
		n := e.Name()
		if strings.HasSuffix(n, ".asn1") && strings.HasSuffix(strings.TrimSuffix(n, ".asn1"), suffix) {
			out = append(out, filepath.Join(dir, n))
		}
	}
	sort.Strings(out)
	return out
}

// TestAsn1cSemanticErrors checks that the asn1c "-SE" cases (modules with
// a semantic error) are reported with an error, and prints the rate. The
// issue asks for at least 90%.
func TestAsn1cSemanticErrors(t *testing.T) {
	cases := asn1cCases(t, "-SE")
	caught := 0
	for _, path := range cases {
		s, err := LoadPaths(path)
		if err != nil {
			t.Fatal(err)
		}
		internal := false
		for _, d := range s.Diags {
			if strings.Contains(d.Msg, "internal error") {
				internal = true
				t.Errorf("%s: %s", filepath.Base(path), d.Error())
			}
		}
		if s.Diags.Errors() > 0 && !internal {
			caught++
			continue
		}
		t.Logf("not reported: %s", filepath.Base(path))
	}
	rate := float64(caught) / float64(len(cases))
	t.Logf("asn1c -SE cases reported as semantic errors: %d of %d (%.0f%%)", caught, len(cases), 100*rate)
	if rate < asn1cSERateFloor {
		t.Errorf("rate %.2f below the floor %.2f", rate, asn1cSERateFloor)
	}
}

// asn1cSERateFloor is the rate reached so far, kept as a floor so that it
// does not regress (31 of 33; the goal was 0.90).
const asn1cSERateFloor = 0.93

// TestAsn1cValid checks the asn1c "-OK" cases, each alone; the failures
// are logged and their number may not grow (asn1cOKFailCeiling).
func TestAsn1cValid(t *testing.T) {
	cases := asn1cCases(t, "-OK")
	failed, skipped := 0, 0
	for _, path := range cases {
		if nonStandard[filepath.Base(path)] {
			skipped++
			continue
		}
		s, err := LoadPaths(path)
		if err != nil {
			t.Fatal(err)
		}
		if n := s.Diags.Errors(); n > 0 {
			failed++
			first := ""
			for _, d := range s.Diags {
				if d.Severity == Error {
					first = d.Error()
					break
				}
			}
			t.Logf("%s: %d errors; first: %s", filepath.Base(path), n, first)
		}
	}
	t.Logf("asn1c -OK cases without errors: %d of %d (%d skipped as non-standard)", len(cases)-skipped-failed, len(cases)-skipped, skipped)
	if failed > asn1cOKFailCeiling {
		t.Errorf("%d -OK cases fail, more than %d", failed, asn1cOKFailCeiling)
	}
}

const asn1cOKFailCeiling = 12

// nonStandard lists -OK cases that are valid only under an asn1c option
// that relaxes X.680; asn1gen follows the standard, so they are not run.
var nonStandard = map[string]bool{
	// asn1c -fbless-SIZE admits SIZE on INTEGER, which X.680 51.5.1 forbids.
	"91-cond-int-blessSize-OK.asn1": true,
}

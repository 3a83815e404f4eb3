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

// TestAsn1cValid checks the asn1c "-OK" cases, each alone: every case
// checks without errors, except those that X.680 rejects (invalidOK),
// which must keep reporting the error named there.
func TestAsn1cValid(t *testing.T) {
	cases := asn1cCases(t, "-OK")
	clean, skipped, invalid := 0, 0, 0
	for _, path := range cases {
		base := filepath.Base(path)
		if nonStandard[base] {
			skipped++
			continue
		}
		s, err := LoadPaths(path)
		if err != nil {
			t.Fatal(err)
		}
		var errs []string
		for _, d := range s.Diags {
			if d.Severity == Error {
				errs = append(errs, d.Error())
			}
		}
		if want, ok := invalidOK[base]; ok {
			invalid++
			found := false
			for _, e := range errs {
				found = found || strings.Contains(e, want)
			}
			if !found {
				t.Errorf("%s: want an error containing %q (the case is not valid X.680); got %q", base, want, errs)
			}
			continue
		}
		if len(errs) > 0 {
			t.Errorf("%s: %d errors:\n%s", base, len(errs), strings.Join(errs, "\n"))
			continue
		}
		clean++
	}
	t.Logf("asn1c -OK cases without errors: %d of %d; %d rejected as invalid X.680 (invalidOK), %d skipped as non-standard",
		clean, len(cases)-skipped-invalid, invalid, skipped)
}

// nonStandard lists -OK cases that are valid only under an asn1c option
// that relaxes X.680; asn1gen follows the standard, so they are not run.
var nonStandard = map[string]bool{
	// asn1c -fbless-SIZE admits SIZE on INTEGER, which X.680 51.5.1 forbids.
	"91-cond-int-blessSize-OK.asn1": true,
}

// invalidOK lists the -OK cases that are not valid ASN.1, with the error
// each must report. asn1c labels them -OK because its parser and fixer
// accept them (its tests exercise parsing, not X.680 conformance); a
// compiler that generates code from them would have to guess.
var invalidOK = map[string]string{
	// X.680 13.3: every reference is defined; MessageTypes, CAPS and
	// Uppercase are not, and there is no component messageId for
	// "@.messageId".
	"152-value-and-type-references-OK.asn1": "undefined reference MessageTypes",
	// X.681 11.4: the field settings of the default syntax are separated
	// by commas (one is missing after "{ PosPair | NegPair }"); Pair,
	// PosPair and NegPair are not defined either.
	"18-class-OK.asn1": "object does not match the syntax of class FUNCTION",
	// X.680 13.3: the object set ExtensionAttributeTable is not defined.
	"34-class-OK.asn1": "undefined reference ExtensionAttributeTable",
	// X.680 13.16: the imported modules ModuleB and ModuleC are not given.
	"49-real-life-OK.asn1": "module ModuleB not found",
	// X.680 18.3: a BOOLEAN value is TRUE or FALSE, not 1.
	"50-constraint-OK.asn1": "1 is not a valid BOOLEAN value",
	// X.680 25.6.1 (extension additions count as OPTIONAL): the addition
	// ignored-in-SecondType and the root component one-4 after the second
	// "..." are both INTEGER, so a BER decoder cannot tell them apart.
	"55-components-of-OK.asn1": "ignored-in-SecondType and one-4 have the same tag",
	// X.680 32.3: the first arc "v" is not defined (nor a well-known name).
	"64-oid-constr-OK.asn1": "undefined reference v",
	// X.683 9 and X.680 18.3: TestType{BOOLEAN} gives the BOOLEAN
	// component the DEFAULT 0, and AutoType{BOOLEAN} the constraint (0).
	"84-param-tags-OK.asn1": "0 is not a valid BOOLEAN value",
}

package parser

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// TestLeniencies checks the warnings of the three leniencies of ParseFile
// (message and position), that strict readings win whenever they parse,
// and that errors stay errors where no leniency applies.
func TestLeniencies(t *testing.T) {
	tests := []struct {
		name     string
		src      string
		warnings []string
		errs     []string
	}{
		{
			name: "valid file has no warnings",
			src:  "M DEFINITIONS ::= BEGIN\nT ::= INTEGER (-5..5) -- c -- \nv REAL ::= -1.5E3\nEND\n",
		},
		{
			name:     "plus before a number",
			src:      "M DEFINITIONS ::= BEGIN\nv INTEGER ::= +5\nEND\n",
			warnings: []string{"t.asn:2:15: '+' sign is not ASN.1 notation (X.680 12.8/12.9); read as a positive number"},
		},
		{
			name: "plus before a realnumber in a range",
			src:  "M DEFINITIONS ::= BEGIN\nR ::= REAL(-1.0E95..+1.E95)\nI ::= INTEGER (+0..+10)\nEND\n",
			warnings: []string{
				"t.asn:2:21: '+' sign is not ASN.1 notation (X.680 12.8/12.9); read as a positive number",
				"t.asn:3:16: '+' sign is not ASN.1 notation (X.680 12.8/12.9); read as a positive number",
				"t.asn:3:20: '+' sign is not ASN.1 notation (X.680 12.8/12.9); read as a positive number",
			},
		},
		{
			name: "plus apart from its number is an error",
			src:  "M DEFINITIONS ::= BEGIN\nv INTEGER ::= + 5\nEND\n",
			errs: []string{"t.asn:2:15: unexpected character '+'"},
		},
		{
			name: "strict comment reading kept when it parses",
			src:  "M DEFINITIONS ::= BEGIN\nT ::= -- a -- INTEGER\nEND\n",
		},
		{
			name:     "comment read to the end of the line when strict fails",
			src:      "M DEFINITIONS ::= BEGIN\n-- T ::= INTEGER -- this is prose\nT ::= INTEGER\nEND\n",
			warnings: []string{"t.asn:2:18: comment closed by '--' is read to the end of the line, as many tools do"},
		},
		{
			name:     "a warning per differing line",
			src:      "M DEFINITIONS ::= BEGIN\nS ::= SEQUENCE {\n a INTEGER, -- one -- two\n b BOOLEAN -- three -- four\n}\n-- five -- -- six\nEND\n",
			warnings: []string{"t.asn:3:20: comment closed by '--' is read to the end of the line, as many tools do", "t.asn:4:21: comment closed by '--' is read to the end of the line, as many tools do"},
		},
		{
			name: "strict errors reported when the lenient reading fails too",
			src:  "M DEFINITIONS ::= BEGIN\n-- T ::= INTEGER -- prose\nU ::=\nEND\n",
			// The end-of-line reading would fail with "expected a type".
			errs: []string{"t.asn:4:1: unexpected \"END\", expected a value"},
		},
		{
			name:     "text after the last END",
			src:      "M DEFINITIONS ::= BEGIN\nT ::= INTEGER\nEND\n\n--TCLS MyPDU[]\nEND\n",
			warnings: []string{"t.asn:6:1: text after the last module's END is ignored"},
		},
		{
			name:     "text after two modules",
			src:      "M DEFINITIONS ::= BEGIN\nEND\nN DEFINITIONS ::= BEGIN\nEND\nsome [notes] here\n",
			warnings: []string{"t.asn:5:1: text after the last module's END is ignored"},
		},
		{
			name: "a second module is parsed, with its errors",
			src:  "M DEFINITIONS ::= BEGIN\nEND\nN DEFINITIONS ::= BEGIN\nT ::=\nEND\n",
			errs: []string{"t.asn:5:1: unexpected \"END\", expected a type"},
		},
		{
			name: "junk between modules is an error",
			src:  "M DEFINITIONS ::= BEGIN\nEND\njunk\nN DEFINITIONS ::= BEGIN\nEND\n",
			errs: []string{"t.asn:3:1: unexpected \"junk\", expected a module definition"},
		},
		{
			// RFC 3281's AttributeCertificateInfo as published.
			name:     "comma at the end of a comment",
			src:      "M DEFINITIONS ::= BEGIN\nS ::= SEQUENCE {\n version V  -- version is v2,\n holder H }\nEND\n",
			warnings: []string{"t.asn:3:29: ',' inside the comment is read as the separator it stands for (a published defect, e.g. RFC 3281)"},
		},
		{
			name: "a comma in a comment where none is missing stays a comment",
			src:  "M DEFINITIONS ::= BEGIN\nS ::= SEQUENCE {\n version V, -- prose,\n holder H }\nEND\n",
		},
		{
			name: "a missing comma without one in a comment is an error",
			src:  "M DEFINITIONS ::= BEGIN\nS ::= SEQUENCE {\n version V -- prose\n holder H }\nEND\n",
			errs: []string{"t.asn:4:2: unexpected \"holder\", expected \",\" or \"}\""},
		},
		{
			// RFC 8018's PBKDF2-PRFs and SupportingAlgorithms as published.
			name: "commas between the objects of a set",
			src:  "M DEFINITIONS ::= BEGIN\nS C ::= {\n {A}, {B},\n {C} | {D}, | {E},\n ...\n}\nEND\n",
			warnings: []string{
				"t.asn:3:5: ',' between the elements of a set is read as '|' (a published defect, e.g. RFC 8018)",
				"t.asn:3:10: ',' between the elements of a set is read as '|' (a published defect, e.g. RFC 8018)",
				"t.asn:4:11: ',' before '|' in a set is ignored (a published defect, e.g. RFC 8018)",
			},
		},
		{
			name:     "commas after the extension marker",
			src:      "M DEFINITIONS ::= BEGIN\nS C ::= { {A}, ..., {B}, {C} }\nEND\n",
			warnings: []string{"t.asn:2:24: ',' between the elements of a set is read as '|' (a published defect, e.g. RFC 8018)"},
		},
		{
			name: "extension markers and separators of a valid set are kept",
			src:  "M DEFINITIONS ::= BEGIN\nS C ::= { {A} | {B}, ..., {C} }\nT C ::= { ..., {A} }\nU C ::= { {A}, ... }\nEND\n",
		},
		{
			name: "a comma in a constraint stays an error",
			src:  "M DEFINITIONS ::= BEGIN\nT ::= INTEGER (1, 2)\nEND\n",
			errs: []string{"t.asn:2:17: unexpected \",\", expected \")\""},
		},
		{
			name: "a macro after the last module is still reported",
			src:  "M DEFINITIONS ::= BEGIN\nEND\nX MACRO ::= BEGIN END\n",
			errs: []string{"t.asn:3:1: MACRO notation (X.208) is not supported: \"X\" is defined outside a module"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, err := ParseFile("t.asn", []byte(tt.src))
			var errs []string
			if err != nil {
				for _, e := range err.(ErrorList) {
					errs = append(errs, e.Error())
				}
			}
			if diff := cmp.Diff(tt.errs, errs); diff != "" {
				t.Errorf("errors (-want +got):\n%s", diff)
			}
			var warns []string
			for _, w := range f.Warnings {
				warns = append(warns, w.Error())
			}
			if diff := cmp.Diff(tt.warnings, warns); diff != "" {
				t.Errorf("warnings (-want +got):\n%s", diff)
			}
		})
	}
}

// TestLenientTrees checks that each leniency yields the tree of the strict
// notation it stands for.
func TestLenientTrees(t *testing.T) {
	tests := []struct{ lenient, strict string }{
		{"M DEFINITIONS ::= BEGIN\nR ::= REAL(-1.0E95..+1.E95)\nv INTEGER ::= +7\nEND\n",
			"M DEFINITIONS ::= BEGIN\nR ::= REAL(-1.0E95..1.E95)\nv INTEGER ::= 7\nEND\n"},
		{"M DEFINITIONS ::= BEGIN\n-- T ::= INTEGER -- prose\nT ::= BOOLEAN\nEND\n",
			"M DEFINITIONS ::= BEGIN\nT ::= BOOLEAN\nEND\n"},
		{"M DEFINITIONS ::= BEGIN\nT ::= BOOLEAN\nEND\nEND\n",
			"M DEFINITIONS ::= BEGIN\nT ::= BOOLEAN\nEND\n"},
		{"M DEFINITIONS ::= BEGIN\nS ::= SEQUENCE { a A -- a,\n b B }\nEND\n",
			"M DEFINITIONS ::= BEGIN\nS ::= SEQUENCE { a A,\n b B }\nEND\n"},
		{"M DEFINITIONS ::= BEGIN\nS C ::= { {A}, {B} ^ {C}, | {D}, ..., {E}, {F} }\nEND\n",
			"M DEFINITIONS ::= BEGIN\nS C ::= { {A} | {B} ^ {C} | {D}, ..., {E} | {F} }\nEND\n"},
	}
	opts := cmp.Options{ignorePos, cmpopts.IgnoreFields(File{}, "Warnings")}
	for _, tt := range tests {
		lf, err := ParseFile("t.asn", []byte(tt.lenient))
		if err != nil {
			t.Fatalf("%q: %v", tt.lenient, err)
		}
		if len(lf.Warnings) == 0 {
			t.Errorf("%q: no warnings", tt.lenient)
		}
		sf, err := ParseFile("t.asn", []byte(tt.strict))
		if err != nil {
			t.Fatalf("%q: %v", tt.strict, err)
		}
		if diff := cmp.Diff(sf, lf, opts); diff != "" {
			t.Errorf("%q (-strict +lenient):\n%s", tt.lenient, diff)
		}
		if out := string(printFile(t, lf)); out != string(printFile(t, sf)) {
			t.Errorf("%q prints as %q", tt.lenient, out)
		}
	}
}

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// defects holds the four published defects that -lenient accepts (see
// model.Options.Lenient and testdata/gen/lenient.txtar).
const defects = `D DEFINITIONS ::= BEGIN
IMPORTS NAddress FROM Addr GSN-Address FROM MS;
NAddress ::= OCTET STRING
Stamp ::= GeneralizedTime (SIZE (12..19))
C ::= CLASS { &id INTEGER UNIQUE, &Value }
Set C ::= { { &id 1, &Value INTEGER } }
Observed ::= CHOICE { id [0] INTEGER, value C.&Value ({Set}) }
R ::= SEQUENCE { a NAddress, g GSN-Address, s Stamp, o Observed }
END
Addr DEFINITIONS ::= BEGIN NAddress ::= OCTET STRING END
MS DEFINITIONS ::= BEGIN EXPORTS Other; IMPORTS GSN-Address FROM Common; Other ::= INTEGER END
Common DEFINITIONS ::= BEGIN GSN-Address ::= OCTET STRING END
`

// TestLenientFlag checks -lenient of check and gen: without it each defect
// is a located error and nothing is written; with it each is a located
// warning naming the rule relaxed, and gen writes the package.
func TestLenientFlag(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "d.asn"), []byte(defects), 0o644); err != nil {
		t.Fatal(err)
	}
	errs := "d.asn:2:28: GSN-Address is not exported by module MS (the EXPORTS rule of X.680 13; -lenient imports it all the same)\n" +
		"d.asn:3:1: NAddress is both imported (at d.asn:2:9) and defined in module D (X.680 13.13; -lenient uses the definition)\n" +
		"d.asn:4:28: a SIZE constraint does not apply to GeneralizedTime (X.680 51.5.1; -lenient ignores it)\n" +
		"d.asn:7:39: alternatives of the CHOICE: value is an untagged open type, whose tag is indeterminate, so it cannot be told from the others (X.680 29.2); tag it (-lenient decodes as value an element that no other alternative's tag selects)\n"
	warns := "d.asn:2:28: warning: GSN-Address is not exported by module MS (the EXPORTS rule of X.680 13, relaxed by -lenient): it is imported all the same [-accept lenient:D]\n" +
		"d.asn:3:1: warning: NAddress is both imported (at d.asn:2:9) and defined in module D (X.680 13.13, relaxed by -lenient): the definition is used, the import is not [-accept lenient:D]\n" +
		"d.asn:4:28: warning: a SIZE constraint does not apply to GeneralizedTime (X.680 51.5.1, relaxed by -lenient): it is ignored [-accept lenient:D]\n" +
		"d.asn:7:39: warning: alternatives of the CHOICE: value is an untagged open type, whose tag is indeterminate, so it cannot be told from the others (X.680 29.2, relaxed by -lenient): an element that has none of the other alternatives' tags is decoded as value [-accept lenient:D]\n"
	tests := []struct {
		name           string
		args           []string
		code           int
		stdout, stderr string
		written        bool
	}{
		{"check", []string{"check", "d.asn"}, 1, errs, "", false},
		{"check -lenient", []string{"check", "-lenient", "d.asn"}, 0, warns, "", false},
		{"gen", []string{"gen", "-o", "out1", "-package", "d", "d.asn"}, 1, "", errs, false},
		{"gen -lenient", []string{"gen", "-q", "-lenient", "-o", "out2", "-package", "d", "d.asn"}, 0, "", warns, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, stderr := runCmd(t, dir, nil, tt.args...)
			if code != tt.code {
				t.Errorf("exit status %d, want %d", code, tt.code)
			}
			if diff := cmp.Diff(tt.stdout, stdout); diff != "" {
				t.Errorf("stdout (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.stderr, stderr); diff != "" {
				t.Errorf("stderr (-want +got):\n%s", diff)
			}
			if tt.args[0] == "check" {
				return
			}
			out := filepath.Join(dir, tt.args[len(tt.args)-4], "d.go")
			src, err := os.ReadFile(out)
			if (err == nil) != tt.written {
				t.Fatalf("%s written: %v, want %v", out, err == nil, tt.written)
			}
			if tt.written && !strings.Contains(string(src), "Observed_Value") {
				t.Errorf("%s has no alternative value", out)
			}
		})
	}
}

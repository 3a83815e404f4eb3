package rfc5280_test

import (
	"os"
	"regexp"
	"strconv"
	"testing"

	"github.com/asn1gen/asn1gen/runtime/der"
	"github.com/asn1gen/asn1gen/runtime/oids"
)

// Each entry of commonoids.go holds the OID its comment gives in dotted
// form, and the table is registered.
func TestCommonOIDs(t *testing.T) {
	src, err := os.ReadFile("commonoids.go")
	if err != nil {
		t.Fatal(err)
	}
	entry := regexp.MustCompile(`\{OID: ("(?:[^"\\]|\\.)*"), Name: "([^"]+)"\}, +// ([0-9.]+)\n`)
	matches := entry.FindAllStringSubmatch(string(src), -1)
	if len(matches) < 20 {
		t.Fatalf("%d entries read from commonoids.go", len(matches))
	}
	for _, m := range matches {
		contents, err := strconv.Unquote(m[1])
		if err != nil {
			t.Fatal(err)
		}
		want, err := der.ParseOIDString(m[3])
		if err != nil {
			t.Fatal(err)
		}
		if contents != string(want) {
			t.Errorf("%s: the OID is %v, the comment says %s", m[2], der.OID(contents), m[3])
		}
		if got := oids.Name(want); got != m[2] {
			t.Errorf("oids.Name(%s) = %q, want %q", m[3], got, m[2])
		}
	}
}

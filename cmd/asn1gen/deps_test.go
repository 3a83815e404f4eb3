package main

import (
	"os/exec"
	"strings"
	"testing"
)

// TestNoGeneratedDeps keeps the command line off the generated packages:
// it is the generator of those packages, so it must build when one of them
// does not (make generate is how they are mended), and a fresh machine
// should not compile them to run it. The OID names of the dump come from
// internal/oidnames.
func TestNoGeneratedDeps(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", ".").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	for _, dep := range strings.Fields(string(out)) {
		if strings.HasPrefix(dep, "github.com/asn1gen/asn1gen/generated/") {
			t.Errorf("cmd/asn1gen depends on %s", dep)
		}
	}
}

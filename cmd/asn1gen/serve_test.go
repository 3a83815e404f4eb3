package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestServeUsage checks the errors that stop asn1gen serve before it
// listens.
func TestServeUsage(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"-dir", t.TempDir()}, "holds no asn1gen.wasm: run make web"},
		{[]string{"extra"}, "usage: asn1gen serve"},
	} {
		var stdout, stderr bytes.Buffer
		if code := runServe(tt.args, &stdout, &stderr); code != 2 || !strings.Contains(stderr.String(), tt.want) {
			t.Errorf("asn1gen serve %v: exit status %d, stderr %q; want 2 and %q", tt.args, code, stderr.String(), tt.want)
		}
	}
}

package names

import (
	"go/token"
	"testing"
)

// FuzzNames checks that any input, valid ASN.1 or not, yields usable Go
// identifiers and that Exported is stable under a second application.
func FuzzNames(f *testing.F) {
	for _, tt := range nameTests {
		f.Add(tt.asn1)
	}
	f.Fuzz(func(t *testing.T, s string) {
		e := Exported(s)
		if !token.IsIdentifier(e) || !token.IsExported(e) {
			t.Fatalf("Exported(%q) = %q", s, e)
		}
		if e2 := Exported(e); e2 != e {
			t.Fatalf("Exported(Exported(%q)) = %q, want %q", s, e2, e)
		}
		u := Unexported(s)
		if !token.IsIdentifier(u) || token.IsExported(u) || IsReserved(u) {
			t.Fatalf("Unexported(%q) = %q", s, u)
		}
	})
}

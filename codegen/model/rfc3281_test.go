package model

import (
	"strings"
	"testing"
)

// TestRFC3281AsPublished checks that modules/, whose rfc5652/ keeps RFC
// 3281's PKIXAttributeCertificate verbatim, checks with warnings only: the
// comma written inside a comment is read with a warning (parser.ParseFile),
// the 1988 imports with their old OIDs are bound by name with a warning,
// and AttributeCertificateInfo has all its components.
func TestRFC3281AsPublished(t *testing.T) {
	s, err := LoadPathsWith(Options{ImportFrom: mustImportFrom(t, rfc7292ImportFrom...)}, moduleDirs()...)
	if err != nil {
		t.Fatal(err)
	}
	if s.Diags.Errors() > 0 {
		t.Fatalf("errors:\n%s", s.Diags)
	}
	var comma, oid int
	for _, d := range s.Diags {
		if !strings.HasSuffix(d.Pos.Filename, "PKIXAttributeCertificate.asn") {
			continue
		}
		switch {
		case strings.Contains(d.Msg, "inside the comment is read as the separator"):
			comma++
		case strings.Contains(d.Msg, "is imported with OID"):
			oid++
		}
	}
	if comma != 1 || oid != 2 {
		t.Errorf("want 1 comma and 2 OID-mismatch warnings, got %d and %d:\n%s", comma, oid, s.Diags)
	}
	m := s.Module("PKIXAttributeCertificate")
	if m == nil || m.Lookup("AttributeCertificateInfo") == nil {
		t.Fatal("no PKIXAttributeCertificate.AttributeCertificateInfo")
	}
	var names []string
	for _, c := range m.Lookup("AttributeCertificateInfo").Type.Components {
		names = append(names, c.Name)
	}
	want := "version holder issuer signature serialNumber attrCertValidityPeriod attributes issuerUniqueID extensions"
	if got := strings.Join(names, " "); got != want {
		t.Errorf("components %q, want %q", got, want)
	}
}

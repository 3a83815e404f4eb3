package names

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

type nameCall struct{ asn1, qualifier string }

func allocate(s *Scope, calls []nameCall) []string {
	var out []string
	for _, c := range calls {
		out = append(out, s.Name(c.asn1, c.qualifier))
	}
	return out
}

func TestScopeName(t *testing.T) {
	tests := []struct {
		name     string
		reserved []string
		calls    []nameCall
		want     []string
	}{{
		name:  "distinct",
		calls: []nameCall{{"Certificate", "PKIX1Explicit-2009"}, {"KeyUsage", "PKIX1Implicit-2009"}},
		want:  []string{"Certificate", "KeyUsage"},
	}, {
		name: "same type in two modules",
		calls: []nameCall{
			{"Version", "PKIX1Explicit-2009"},
			{"Version", "CryptographicMessageSyntax-2009"},
			{"Version", "PKIXCMP-2009"},
		},
		want: []string{"Version", "CryptographicMessageSyntax2009Version", "PKIXCMP2009Version"},
	}, {
		name:  "mapping collision in one module",
		calls: []nameCall{{"a-b", "M"}, {"aB", "M"}, {"AB", "M"}},
		want:  []string{"AB", "MAB", "MAB_2"},
	}, {
		name:  "id-x and idX without qualifier",
		calls: []nameCall{{"id-x", ""}, {"idX", ""}, {"ID-X", ""}},
		want:  []string{"IDX", "IDX_2", "IDX_3"},
	}, {
		name:  "repeated call returns the same name",
		calls: []nameCall{{"Name", "A"}, {"Name", "B"}, {"Name", "A"}, {"Name", "B"}},
		want:  []string{"Name", "BName", "Name", "BName"},
	}, {
		name:     "reserved helper names",
		reserved: []string{"RuntimeVersion", "Version"},
		calls:    []nameCall{{"Version", "PKIX1Explicit-2009"}, {"runtime-version", ""}},
		want:     []string{"PKIX1Explicit2009Version", "RuntimeVersion_2"},
	}, {
		name:  "suffix kept apart from trailing digits",
		calls: []nameCall{{"SIB1", ""}, {"sIB1", ""}, {"SIB12", ""}},
		want:  []string{"SIB1", "SIB1_2", "SIB12"},
	}, {
		name:  "qualified name taken by a type",
		calls: []nameCall{{"MBar", ""}, {"Bar", ""}, {"Bar", "M"}},
		want:  []string{"MBar", "Bar", "MBar_2"},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := allocate(NewScope(tt.reserved...), tt.calls)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("names mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func TestScopeLookupReserveUnique(t *testing.T) {
	s := NewScope()
	if !s.Reserve("Marshal") || s.Reserve("Marshal") {
		t.Error("Reserve: want true then false")
	}
	if _, ok := s.Lookup("Certificate", "M"); ok {
		t.Error("Lookup before Name: found")
	}
	n := s.Name("Certificate", "M")
	if got, ok := s.Lookup("Certificate", "M"); !ok || got != n {
		t.Errorf("Lookup = %q, %v; want %q, true", got, ok, n)
	}
	got := []string{
		s.Unique(ConstName("KeyUsage", "digitalSignature")),
		s.Unique("KeyUsageDigitalSignature"),
		s.Unique("Certificate"),
		s.Unique("Marshal"),
	}
	want := []string{"KeyUsageDigitalSignature", "KeyUsageDigitalSignature_2", "Certificate_2", "Marshal_2"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Unique mismatch (-want +got):\n%s", diff)
	}
	for _, n := range want {
		if !s.Taken(n) {
			t.Errorf("Taken(%q) = false after Unique", n)
		}
	}
}

// TestScopeDeterministic checks that the names depend only on the call
// sequence: two scopes fed the same sequence agree, and a different order
// changes only who keeps the plain name.
func TestScopeDeterministic(t *testing.T) {
	calls := []nameCall{
		{"Version", "A"}, {"Version", "B"}, {"a-b", "A"}, {"aB", "A"},
		{"Name", "A"}, {"Name", "B"}, {"Name", "C"}, {"BName", "C"},
	}
	first := allocate(NewScope(), calls)
	for i := 0; i < 20; i++ {
		if diff := cmp.Diff(first, allocate(NewScope(), calls)); diff != "" {
			t.Fatalf("run %d differs (-first +run):\n%s", i, diff)
		}
	}
	seen := map[string]bool{}
	for _, n := range first {
		if seen[n] {
			t.Errorf("duplicate name %q in %v", n, first)
		}
		seen[n] = true
	}
	want := []string{"Version", "BVersion", "AB", "AAB", "Name", "BName", "CName", "CBName"}
	if diff := cmp.Diff(want, first); diff != "" {
		t.Errorf("names mismatch (-want +got):\n%s", diff)
	}
}

func TestFieldNamer(t *testing.T) {
	methods := []string{"Raw", "UnmarshalDER", "UnmarshalBER", "MarshalDER", "AppendDER", "String"}
	tests := []struct {
		name   string
		fields []string
		want   []string
	}{{
		name:   "TBSCertificate",
		fields: []string{"version", "serialNumber", "signature", "issuer", "validity", "subject", "subjectPublicKeyInfo", "issuerUniqueID", "subjectUniqueID", "extensions"},
		want:   []string{"Version", "SerialNumber", "Signature", "Issuer", "Validity", "Subject", "SubjectPublicKeyInfo", "IssuerUniqueID", "SubjectUniqueID", "Extensions"},
	}, {
		name:   "fields named like methods",
		fields: []string{"raw", "string", "marshalDER", "appendDER"},
		want:   []string{"Raw_", "String_", "MarshalDER_", "AppendDER_"},
	}, {
		name:   "mapping collisions among fields",
		fields: []string{"a-b", "aB", "AB", "string", "string-"},
		want:   []string{"AB", "AB_", "AB_2", "String_", "String_2"},
	}, {
		name:   "field named like its type",
		fields: []string{"certificate", "Certificate-"},
		want:   []string{"Certificate", "Certificate_"},
	}, {
		name:   "keywords are fine as exported fields",
		fields: []string{"type", "range", "func"},
		want:   []string{"Type", "Range", "Func"},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := NewFieldNamer(methods...)
			var got []string
			for _, id := range tt.fields {
				got = append(got, f.Field(id))
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("fields mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

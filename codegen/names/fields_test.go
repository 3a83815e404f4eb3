package names

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

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

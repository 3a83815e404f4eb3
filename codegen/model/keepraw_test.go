package model

import (
	"path/filepath"
	"sort"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// keepRawNames lists the assignments marked KeepRaw as "Module.Type".
func keepRawNames(s *Set) []string {
	var out []string
	for _, m := range s.Modules {
		for _, a := range m.Assignments {
			if a.KeepRaw {
				out = append(out, a.QualifiedName())
			}
		}
	}
	sort.Strings(out)
	return out
}

func TestKeepRaw(t *testing.T) {
	root := corpusModules(t)
	tests := []struct {
		name string
		dirs []string
		opts Options
		want []string
	}{
		{"RFC 5280 1988", []string{"ietf/IETF_PKI_RFC5280"}, Options{},
			[]string{"PKIX1Explicit88.TBSCertList", "PKIX1Explicit88.TBSCertificate"}},
		{"overridden", []string{"ietf/IETF_PKI_RFC5280"}, Options{NoDeriveKeepRaw: true, KeepRaw: []string{"PKIX1Explicit88.TBSCertificate", "Name"}},
			[]string{"PKIX1Explicit88.Name", "PKIX1Explicit88.TBSCertificate"}},
		{"RFC 5912 SIGNED and CMS", []string{"ietf/IETF_PKI_RFC5912"}, Options{KeepRaw: []string{"OCSP-2009.TBSRequest"}}, []string{
			"AttributeCertificateVersion1-2009.AttributeCertificateInfoV1",
			"CryptographicMessageSyntax-2009.AuthAttributes",
			"CryptographicMessageSyntax-2009.ExtendedCertificateInfo",
			"CryptographicMessageSyntax-2009.SignedAttributes",
			"OCSP-2009.ResponseData",
			"OCSP-2009.TBSRequest", // by name: its signature is in another type
			"PKCS-10.CertificationRequestInfo",
			"PKIX1Explicit-2009.TBSCertList",
			"PKIX1Explicit-2009.TBSCertificate",
			"PKIXAttributeCertificate-2009.AttributeCertificateInfo",
			"PKIXCRMF-2009.POPOSigningKeyInput",
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var paths []string
			for _, d := range tt.dirs {
				paths = append(paths, filepath.Join(root, d))
			}
			s, err := LoadPathsWith(tt.opts, paths...)
			if err != nil {
				t.Fatal(err)
			}
			if s.Diags.Errors() > 0 {
				t.Fatalf("errors:\n%s", s.Diags)
			}
			if diff := cmp.Diff(tt.want, keepRawNames(s)); diff != "" {
				t.Errorf("KeepRaw (-want +got):\n%s", diff)
			}
		})
	}
}

package model

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// modulesDir is the repository's modules/ folder, the ASN.1 sources the
// pre-generated packages are built from (see modules/README.md).
const modulesDir = "../../modules"

// moduleFolders lists each folder of modules/ with the modules it still
// lacks: those are imported but not available from a published text in
// the corpus. A complete folder (missing empty) must check without error;
// an incomplete one may report only "module M not found" for exactly its
// missing modules, so that an unrelated error, or a missing module that
// has since been added, makes the test fail and this table be updated.
//
// published lists the errors that a module carries as published (errata),
// as "file:line:col: message" suffixes. Modules are never edited to please
// the compiler, so such an error stays until the compiler reads the
// published text (see modules/README.md).
var moduleFolders = []struct {
	dir       string
	missing   []string
	published []string
}{
	{"rfc5280", nil, nil},
	// RFC 3281 appendix B puts the comma after "version AttCertVersion"
	// inside the comment that follows it (fixed in RFC 5755, whose module
	// has another name), so AttributeCertificateInfo does not parse.
	{"rfc5652", nil, []string{
		"PKIXAttributeCertificate.asn:51:38: undefined reference AttributeCertificateInfo",
		"PKIXAttributeCertificate.asn:58:14: unexpected \"holder\", expected \",\" or \"}\"",
	}},
	// PKCS-7 (RFC 2315), PKCS-8 (RFC 5208) and PKCS-9 (RFC 2985): their
	// RFC texts are not in the corpus.
	{"rfc7292", []string{"PKCS-7", "PKCS-8", "PKCS-9"}, nil},
}

// knownPublished reports whether diagnostic text s ends with one of the
// published errors.
func knownPublished(s string, published []string) bool {
	for _, p := range published {
		if strings.HasSuffix(s, p) {
			return true
		}
	}
	return false
}

var notFoundRE = regexp.MustCompile(`^module (\S+) not found \(imported by `)

func TestModulesFolders(t *testing.T) {
	for _, tc := range moduleFolders {
		t.Run(tc.dir, func(t *testing.T) {
			dir := filepath.Join(modulesDir, tc.dir)
			set, err := LoadPaths(dir)
			if err != nil {
				t.Fatalf("LoadPaths(%s): %v", dir, err)
			}
			if len(set.Modules) == 0 {
				t.Fatalf("LoadPaths(%s): no modules", dir)
			}
			var missing, published []string
			var other Diagnostics
			for _, d := range set.Diags {
				if d.Severity != Error {
					continue
				}
				if m := notFoundRE.FindStringSubmatch(d.Msg); m != nil {
					missing = append(missing, m[1])
					continue
				}
				if s := d.Error(); knownPublished(s, tc.published) {
					published = append(published, s)
					continue
				}
				other = append(other, d)
			}
			if len(published) != len(tc.published) {
				t.Errorf("LoadPaths(%s): errors of the published text: got %q, want one each of %q", dir, published, tc.published)
			}
			if len(other) > 0 {
				t.Errorf("LoadPaths(%s): unexpected errors:\n%s", dir, other.String())
			}
			sort.Strings(missing)
			missing = compactStrings(missing)
			if diff := cmp.Diff(tc.missing, missing); diff != "" {
				t.Errorf("LoadPaths(%s): modules not found (-want +got):\n%s", dir, diff)
			}
			if set.Diags.Errors() > 0 {
				t.Logf("diagnostics of %s:\n%s", dir, set.Diags.String())
			}
		})
	}
}

// TestModulesFiles checks the conventions of modules/: each file holds one
// module, is named after it, and starts with a comment naming its source
// (the published document it was extracted, copied or transcribed from).
func TestModulesFiles(t *testing.T) {
	for _, tc := range moduleFolders {
		dir := filepath.Join(modulesDir, tc.dir)
		set, err := LoadPaths(dir)
		if err != nil {
			t.Fatalf("LoadPaths(%s): %v", dir, err)
		}
		perFile := map[string][]string{}
		for _, m := range set.Modules {
			perFile[m.File] = append(perFile[m.File], m.Name)
		}
		files, err := Files(dir)
		if err != nil {
			t.Fatalf("Files(%s): %v", dir, err)
		}
		for _, f := range files {
			names := perFile[f]
			want := strings.TrimSuffix(filepath.Base(f), ".asn")
			if len(names) != 1 || names[0] != want {
				t.Errorf("%s: modules %q, want exactly [%q]", f, names, want)
			}
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			first, _, _ := bytes.Cut(src, []byte("\n"))
			if !bytes.HasPrefix(first, []byte("-- ")) || !sourceRE.Match(first) {
				t.Errorf("%s: first line %q does not name its source", f, first)
			}
		}
	}
}

// sourceRE matches the source comment of a module file: the document it
// was extracted from (an RFC text) or copied from (a repository).
var sourceRE = regexp.MustCompile(`^-- (Extracted by asn1gen extract from rfc\d+\.txt|Copied byte for byte from the )`)

func compactStrings(l []string) []string {
	var out []string
	for i, s := range l {
		if i == 0 || s != l[i-1] {
			out = append(out, s)
		}
	}
	return out
}

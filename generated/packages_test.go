package generated

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/asn1gen/asn1gen/generated/rfc5280"
	"github.com/asn1gen/asn1gen/generated/rfc5652"
	"github.com/asn1gen/asn1gen/generated/rfc7292"
)

// The X.509 types of CMS and PKCS #12 are rfc5280's own, not copies: these
// assignments compile only while the fields hold rfc5280's types.
var (
	_ *rfc5280.Certificate     = rfc5652.CertificateChoices{}.Certificate
	_ *rfc5280.Certificate     = rfc7292.CertTypes{}.X509Certificate
	_ *rfc5280.CertificateList = rfc7292.CRLTypes{}.X509CRL
	_ rfc5652.ContentInfo      = rfc7292.PFX{}.AuthSafe
)

// TestEachAssignmentOnce checks, from the manifests, that no ASN.1 type
// assignment or instance is declared as a Go type by two generated
// packages, and that each package says which packages it uses.
func TestEachAssignmentOnce(t *testing.T) {
	owner := map[string]string{}
	var twice []string
	for _, pkg := range packages {
		m := readManifest(t, pkg)
		n := 0
		for key := range m.Types {
			// Types written in place ("Module.T/Component") and unions
			// ("union ...") belong to the type or site that holds them.
			if strings.Contains(key, "/") || strings.HasPrefix(key, "union ") {
				continue
			}
			n++
			if other, ok := owner[key]; ok {
				twice = append(twice, key+" in "+other+" and "+pkg)
			}
			owner[key] = pkg
		}
		if n < 30 { // a sanity check: rfc7292 (with -roots) has 36
			t.Errorf("%s: only %d named types in the manifest", pkg, n)
		}
	}
	sort.Strings(twice)
	for _, d := range twice {
		t.Errorf("declared twice: %s", d)
	}
	uses := map[string][]string{}
	for _, pkg := range packages {
		uses[pkg] = readManifest(t, pkg).Uses
	}
	const base = "github.com/asn1gen/asn1gen/generated/"
	if len(uses["rfc5280"]) != 0 || strings.Join(uses["rfc5652"], ",") != base+"rfc5280" ||
		strings.Join(uses["rfc7292"], ",") != base+"rfc5280,"+base+"rfc5652" {
		t.Errorf("uses: %v", uses)
	}
}

// TestModulesOnce checks that every module is in one package's manifest.
func TestModulesOnce(t *testing.T) {
	owner := map[string]string{}
	for _, pkg := range packages {
		for _, mod := range readManifest(t, pkg).Modules {
			if other, ok := owner[mod.Name]; ok {
				t.Errorf("module %s in %s and %s", mod.Name, other, pkg)
			}
			owner[mod.Name] = pkg
		}
	}
}

// pkgManifest is what the tests read of a package's asn1gen.manifest (the
// format is codegen/manifest's; generated code and its tests do not
// import the generator).
type pkgManifest struct {
	Uses    []string
	Modules []struct{ Name string }
	Types   map[string]string // ASN.1 identity → Go name
}

func readManifest(t *testing.T, pkg string) *pkgManifest {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(pkg, "asn1gen.manifest"))
	if err != nil {
		t.Fatal(err)
	}
	m := &pkgManifest{Types: map[string]string{}}
	lines := strings.Split(string(data), "\n")
	for i := 0; i < len(lines); i++ {
		word, rest, _ := strings.Cut(lines[i], " ")
		switch word {
		case "use":
			m.Uses = append(m.Uses, rest)
		case "module":
			name, _, _ := strings.Cut(rest, " ")
			m.Modules = append(m.Modules, struct{ Name string }{name})
		case "type":
			goName, key, _ := strings.Cut(rest, " ")
			m.Types[key] = goName
		case "source":
			var n int
			if _, err := fmt.Sscanf(rest[strings.LastIndex(rest, " ")+1:], "%d", &n); err != nil {
				t.Fatalf("%s: %q: %v", pkg, lines[i], err)
			}
			i += n // the module text
		}
	}
	return m
}

package model

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/asn1gen/asn1gen/internal/rfcextract"
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
	// importFrom binds the imports of modules that have no published
	// ASN.1 text (Options.ImportFrom; asn1gen's -import-from).
	importFrom []string
}{
	{"rfc5280", nil, nil, nil},
	// RFC 3281's module (comma inside a comment) is read leniently by the
	// parser, with a warning.
	{"rfc5652", nil, nil, nil},
	// The rfc7292 folder checks with its bindings (rfc7292ImportFrom) and
	// with warnings only: PKCS-9 (RFC 2985, 2000) imports PKCS15Token from
	// PKCS-15, which has no published ASN.1 text (bound to ANY), and was
	// written for the 1997 X.500 modules: the 2016 UsefulDefinitions no
	// longer defines upperBounds, which PKCS-9 uses only as the
	// AssignedIdentifier of its import from UpperBounds (a warning), and
	// the 2016 Attribute takes a parameter (PKCS-9's is bound to RFC
	// 5280's). RFC 8018's PKCS5v2-1 separates the objects of two object
	// sets with ",", which the parser reads as "|" with a warning.
	{"rfc7292", nil, nil, rfc7292ImportFrom},
	// NGAP (3GPP TS 38.413): six modules that import from each other.
	{"ngap", nil, nil, nil},
	// S1AP (3GPP TS 36.413): six modules that import from each other, and
	// SonTransfer-IEs.
	{"s1ap", nil, nil, nil},
	// NR RRC (3GPP TS 38.331): one self-contained module.
	{"nrrrc", nil, nil, nil},
	// ETSI ITS (ITS-Container, CAM, DENM): CAM and DENM import from
	// ITS-Container, which imports nothing.
	{"etsi-its", nil, nil, nil},
	// IEEE 1609.2 and ETSI TS 103 097: Ieee1609Dot2 and the ETSI extension
	// module import from each other; the import OIDs disagree as
	// published (warnings, accepted by generated/ieee1609dot2's line).
	{"ieee1609dot2", nil, nil, nil},
	// IEEE 1609.2.1 (certificate management) and 1609.2's CRL modules:
	// they import from ieee1609dot2, by OIDs of later editions (warnings,
	// accepted by generated/ts102941's line).
	{"ieee1609dot2dot1", nil, nil, nil},
	// ETSI TS 102 941 (trust and privacy management): imports from
	// ieee1609dot2 and ieee1609dot2dot1, with OIDs of other editions.
	{"ts102941", nil, nil, nil},
}

// moduleDirs returns the folders of modules/, which are checked together.
func moduleDirs() []string {
	var dirs []string
	for _, tc := range moduleFolders {
		dirs = append(dirs, filepath.Join(modulesDir, tc.dir))
	}
	return dirs
}

// rfc7292ImportFrom binds the imports of PKCS-12, PKCS-9 and PKCS-1 whose
// modules have no published ASN.1 text to the modules that define the
// same types and values (see modules/README.md): PKCS-7 (RFC 2315 has no
// module) and CryptographicMessageSyntax (RFC 2630, CMS 1997) to RFC
// 5652's CryptographicMessageSyntax2004 and PKCS-7's DigestInfo to PKCS-1,
// PKCS-8 (RFC 5208) to RFC 5958's AsymmetricKeyPackageModuleV1, which
// obsoletes it, and NIST-SHA2 (published by NIST only on its web pages)
// to X.509's AlgorithmObjectIdentifiers, which assigns the same OIDs.
// PKCS-15's PKCS15Token (RSA Laboratories' PKCS #15, no published module)
// is an open type (ANY), and PKCS-9's Attribute, the plain SEQUENCE of the
// 1997 X.501, is RFC 5280's (the 2016 InformationFramework's is
// parameterized; the X.500 modules of the folder keep it).
var rfc7292ImportFrom = []string{
	"PKCS-7.ContentInfo=CryptographicMessageSyntax2004",
	"PKCS-7.DigestInfo=PKCS-1",
	"PKCS-8.PrivateKeyInfo=AsymmetricKeyPackageModuleV1",
	"PKCS-8.EncryptedPrivateKeyInfo=AsymmetricKeyPackageModuleV1",
	"CryptographicMessageSyntax.ContentInfo=CryptographicMessageSyntax2004",
	"CryptographicMessageSyntax.SignerInfo=CryptographicMessageSyntax2004",
	"NIST-SHA2.id-sha256=AlgorithmObjectIdentifiers",
	"NIST-SHA2.id-sha384=AlgorithmObjectIdentifiers",
	"NIST-SHA2.id-sha512=AlgorithmObjectIdentifiers",
	"PKCS-15.PKCS15Token=ANY",
	"PKCS-9:InformationFramework.Attribute=PKIX1Explicit88",
}

// notInCorpus lists the module files (folder/file) whose source is not in
// the corpus, so TestModulesSources cannot compare them with it; each
// names its source in its first line and in modules/README.md.
var notInCorpus = map[string]string{
	"rfc5280/KEMAlgorithmInformation-2023.asn": "RFC 9629 section 6.1 as its last draft, lamps-wg/cms-kemri",
	// The corpus has older editions only (asn1tools' CAM 1.3.2 and
	// ITS-Container 1.2.1).
	"etsi-its/CAM-PDU-Descriptions.asn":  "ETSI EN 302 637-2 V1.4.1, github.com/riebl/vanetza",
	"etsi-its/DENM-PDU-Descriptions.asn": "ETSI EN 302 637-3 V1.3.1, github.com/riebl/vanetza",
	"etsi-its/ITS-Container.asn":         "ETSI TS 102 894-2 V1.3.1, github.com/riebl/vanetza",
	// The corpus has 1609.2 and the extension module, not TS 103 097's
	// main module.
	"ieee1609dot2/EtsiTs103097Module.asn": "ETSI TS 103 097 V2.1.1, github.com/riebl/vanetza",
	// The corpus copies pycrate's ETSI_ITS_IEEE1609_2 folder, not its
	// ETSI_ITS_IEEE1609_2_1 (1609.2.1 and the CRL modules), nor TS 102 941.
	"ieee1609dot2dot1/Ieee1609Dot2Crl.asn":                  "IEEE 1609.2.1 / 1609.2 CRL, github.com/P1sec/pycrate",
	"ieee1609dot2dot1/Ieee1609Dot2CrlBaseTypes.asn":         "IEEE 1609.2.1 / 1609.2 CRL, github.com/P1sec/pycrate",
	"ieee1609dot2dot1/Ieee1609Dot2Dot1AcaEeInterface.asn":   "IEEE 1609.2.1 / 1609.2 CRL, github.com/P1sec/pycrate",
	"ieee1609dot2dot1/Ieee1609Dot2Dot1AcaLaInterface.asn":   "IEEE 1609.2.1 / 1609.2 CRL, github.com/P1sec/pycrate",
	"ieee1609dot2dot1/Ieee1609Dot2Dot1AcaMaInterface.asn":   "IEEE 1609.2.1 / 1609.2 CRL, github.com/P1sec/pycrate",
	"ieee1609dot2dot1/Ieee1609Dot2Dot1AcaRaInterface.asn":   "IEEE 1609.2.1 / 1609.2 CRL, github.com/P1sec/pycrate",
	"ieee1609dot2dot1/Ieee1609Dot2Dot1Acpc.asn":             "IEEE 1609.2.1 / 1609.2 CRL, github.com/P1sec/pycrate",
	"ieee1609dot2dot1/Ieee1609Dot2Dot1CamRaInterface.asn":   "IEEE 1609.2.1 / 1609.2 CRL, github.com/P1sec/pycrate",
	"ieee1609dot2dot1/Ieee1609Dot2Dot1CertManagement.asn":   "IEEE 1609.2.1 / 1609.2 CRL, github.com/P1sec/pycrate",
	"ieee1609dot2dot1/Ieee1609Dot2Dot1EcaEeInterface.asn":   "IEEE 1609.2.1 / 1609.2 CRL, github.com/P1sec/pycrate",
	"ieee1609dot2dot1/Ieee1609Dot2Dot1EeMaInterface.asn":    "IEEE 1609.2.1 / 1609.2 CRL, github.com/P1sec/pycrate",
	"ieee1609dot2dot1/Ieee1609Dot2Dot1EeRaInterface.asn":    "IEEE 1609.2.1 / 1609.2 CRL, github.com/P1sec/pycrate",
	"ieee1609dot2dot1/Ieee1609Dot2Dot1LaMaInterface.asn":    "IEEE 1609.2.1 / 1609.2 CRL, github.com/P1sec/pycrate",
	"ieee1609dot2dot1/Ieee1609Dot2Dot1LaRaInterface.asn":    "IEEE 1609.2.1 / 1609.2 CRL, github.com/P1sec/pycrate",
	"ieee1609dot2dot1/Ieee1609Dot2Dot1MaRaInterface.asn":    "IEEE 1609.2.1 / 1609.2 CRL, github.com/P1sec/pycrate",
	"ieee1609dot2dot1/Ieee1609Dot2Dot1Protocol.asn":         "IEEE 1609.2.1 / 1609.2 CRL, github.com/P1sec/pycrate",
	"ts102941/EtsiTs102941BaseTypes.asn":                    "ETSI TS 102 941 V2.2.1, github.com/riebl/vanetza",
	"ts102941/EtsiTs102941MessagesCa.asn":                   "ETSI TS 102 941 V2.2.1, github.com/riebl/vanetza",
	"ts102941/EtsiTs102941MessagesItss-OptionalPrivacy.asn": "ETSI TS 102 941 V2.2.1, github.com/riebl/vanetza",
	"ts102941/EtsiTs102941MessagesItss.asn":                 "ETSI TS 102 941 V2.2.1, github.com/riebl/vanetza",
	"ts102941/EtsiTs102941TrustLists.asn":                   "ETSI TS 102 941 V2.2.1, github.com/riebl/vanetza",
	"ts102941/EtsiTs102941TypesAuthorization.asn":           "ETSI TS 102 941 V2.2.1, github.com/riebl/vanetza",
	"ts102941/EtsiTs102941TypesAuthorizationValidation.asn": "ETSI TS 102 941 V2.2.1, github.com/riebl/vanetza",
	"ts102941/EtsiTs102941TypesCaManagement.asn":            "ETSI TS 102 941 V2.2.1, github.com/riebl/vanetza",
	"ts102941/EtsiTs102941TypesEnrolment.asn":               "ETSI TS 102 941 V2.2.1, github.com/riebl/vanetza",
	"ts102941/EtsiTs102941TypesLinkCertificate.asn":         "ETSI TS 102 941 V2.2.1, github.com/riebl/vanetza",
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

// TestModulesFolders checks modules/ as one closure: each module file is
// in exactly one folder (the package that generates it, or its family's
// when no package does: see modules/README.md), so a folder alone imports
// from the others.
func TestModulesFolders(t *testing.T) {
	var dirs, missingWant, publishedWant, importFrom []string
	for _, tc := range moduleFolders {
		dirs = append(dirs, filepath.Join(modulesDir, tc.dir))
		missingWant = append(missingWant, tc.missing...)
		publishedWant = append(publishedWant, tc.published...)
		importFrom = append(importFrom, tc.importFrom...)
	}
	sort.Strings(missingWant)
	set, err := LoadPathsWith(Options{ImportFrom: mustImportFrom(t, importFrom...)}, dirs...)
	if err != nil {
		t.Fatalf("LoadPaths(%s): %v", dirs, err)
	}
	if len(set.Modules) == 0 {
		t.Fatalf("LoadPaths(%s): no modules", dirs)
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
		if s := d.Error(); knownPublished(s, publishedWant) {
			published = append(published, s)
			continue
		}
		other = append(other, d)
	}
	if len(published) != len(publishedWant) {
		t.Errorf("errors of the published text: got %q, want one each of %q", published, publishedWant)
	}
	if len(other) > 0 {
		t.Errorf("unexpected errors:\n%s", other.String())
	}
	sort.Strings(missing)
	missing = compactStrings(missing)
	if diff := cmp.Diff(missingWant, missing); diff != "" {
		t.Errorf("modules not found (-want +got):\n%s", diff)
	}
	if set.Diags.Errors() > 0 {
		t.Logf("diagnostics:\n%s", set.Diags.String())
	}
}

// TestModulesOnce checks that no two files of modules/ have the same
// content: each module is kept once, in the folder of the package that
// generates it, and the packages share it with -use.
func TestModulesOnce(t *testing.T) {
	seen := map[string]string{}
	for _, tc := range moduleFolders {
		files, err := Files(filepath.Join(modulesDir, tc.dir))
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			if other, ok := seen[string(src)]; ok {
				t.Errorf("%s has the content of %s", f, other)
			}
			seen[string(src)] = f
		}
	}
}

// TestModulesFiles checks the conventions of modules/: each file holds one
// module, is named after it, and starts with a comment naming its source
// (the published document it was extracted, copied or transcribed from).
func TestModulesFiles(t *testing.T) {
	for _, tc := range moduleFolders {
		dir := filepath.Join(modulesDir, tc.dir)
		// Modules are indexed even where their imports do not resolve.
		set, err := LoadPathsWith(Options{}, dir)
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

var (
	extractedRE = regexp.MustCompile(`^-- Extracted by asn1gen extract from (rfc\d+\.txt), (section|appendix) (\S+) \(lines (\d+)-(\d+)\)(; RFC text from Debian (doc-rfc-[a-z-]+) (\S+))?\.$`)
	corpusRefRE = regexp.MustCompile(`via the asn1gen corpus (modules/[^;,\s]*)`)
	pycrateRE   = regexp.MustCompile(`pycrate_asn1dir/(\S+\.asn)`)
)

// TestModulesSources checks that every module file is its source, verbatim:
// an extracted file is what asn1gen extract makes of the named RFC text in
// the corpus (same module, section and lines), and a copied file is its
// corpus copy byte for byte, after the one source line. It needs the
// corpus ($ASN1GEN_CORPUS).
func TestModulesSources(t *testing.T) {
	root := os.Getenv("ASN1GEN_CORPUS")
	if root == "" {
		t.Skip("ASN1GEN_CORPUS not set")
	}
	rfcs := corpusRFCTexts(t, filepath.Join(root, "modules", "ietf"))
	extracted := map[string][]rfcextract.Module{}
	for _, tc := range moduleFolders {
		files, err := Files(filepath.Join(modulesDir, tc.dir))
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			key := tc.dir + "/" + filepath.Base(f)
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			first, body, _ := bytes.Cut(src, []byte("\n"))
			name := strings.TrimSuffix(filepath.Base(f), ".asn")
			if m := extractedRE.FindSubmatch(first); m != nil {
				rfc := string(m[1])
				text, ok := rfcs[rfc]
				if !ok && len(m[6]) > 0 {
					// Taken from Debian's doc-rfc packages, not stored in
					// the corpus: compared where they are installed.
					if text, ok = debianRFCText(t, rfc); !ok {
						t.Logf("%s: not compared (%s of %s %s is not installed; set %s)", key, rfc, m[7], m[8], debianRFCEnv)
						continue
					}
				}
				if !ok {
					t.Errorf("%s: %s is not in the corpus", key, rfc)
					continue
				}
				mods, ok := extracted[rfc]
				if !ok {
					mods, err = rfcextract.Extract(rfc, text)
					if err != nil {
						t.Errorf("%s: extract %s: %v", key, rfc, err)
					}
					extracted[rfc] = mods
				}
				want := fmt.Sprintf("%s %s lines %s-%s", name, m[3], m[4], m[5])
				found := false
				for _, mod := range mods {
					if fmt.Sprintf("%s %s lines %d-%d", mod.Name, mod.Section, mod.StartLine, mod.EndLine) != want {
						continue
					}
					found = true
					if sec := mod.Section; (sec[0] >= 'A' && sec[0] <= 'Z') != (string(m[2]) == "appendix") {
						t.Errorf("%s: %s names %s %s", key, rfc, m[2], sec)
					}
					if !bytes.Equal(body, mod.Text) {
						t.Errorf("%s: differs from module %s of %s (lines %d-%d) as extracted", key, mod.Name, rfc, mod.StartLine, mod.EndLine)
					}
				}
				if !found {
					t.Errorf("%s: %s has no module %s", key, rfc, want)
				}
				continue
			}
			if why, ok := notInCorpus[key]; ok {
				t.Logf("%s: not compared (%s)", key, why)
				continue
			}
			m := corpusRefRE.FindSubmatch(first)
			if m == nil {
				t.Errorf("%s: first line names no source in the corpus: %q", key, first)
				continue
			}
			path := filepath.Join(root, string(m[1]))
			if info, err := os.Stat(path); err == nil && info.IsDir() {
				p := pycrateRE.FindSubmatch(first)
				if p == nil {
					t.Errorf("%s: corpus folder %s but no file named", key, m[1])
					continue
				}
				path = filepath.Join(path, string(p[1]))
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Errorf("%s: %v", key, err)
				continue
			}
			if !bytes.Equal(body, want) {
				t.Errorf("%s: differs from its corpus copy %s", key, path)
			}
		}
	}
}

// debianRFCEnv names the directory of Debian's doc-rfc packages
// (/usr/share/doc/RFC when they are installed), which holds the RFC texts
// that modules/ takes from them and the corpus does not store.
const debianRFCEnv = "ASN1GEN_DEBIAN_RFC"

// debianRFCText reads rfc ("rfc2985.txt") from the doc-rfc directory:
// $ASN1GEN_DEBIAN_RFC, else /usr/share/doc/RFC, in its links/ folder,
// gzipped as Debian installs it.
func debianRFCText(t *testing.T, rfc string) ([]byte, bool) {
	t.Helper()
	dir := os.Getenv(debianRFCEnv)
	if dir == "" {
		dir = "/usr/share/doc/RFC"
	}
	f, err := os.Open(filepath.Join(dir, "links", rfc+".gz"))
	if err != nil {
		return nil, false
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatalf("%s: %v", f.Name(), err)
	}
	data, err := io.ReadAll(zr)
	if err != nil {
		t.Fatalf("%s: %v", f.Name(), err)
	}
	return data, true
}

// corpusRFCTexts maps "rfcNNNN.txt" to the text of that RFC in the corpus
// (stored there as rfcNNNN.txt or IETF_PKI_rfcNNNN.txt).
func corpusRFCTexts(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	re := regexp.MustCompile(`(?i)(rfc\d+\.txt)$`)
	out := map[string][]byte{}
	paths, err := filepath.Glob(filepath.Join(dir, "*", "*.txt"))
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range paths {
		m := re.FindStringSubmatch(filepath.Base(p))
		if m == nil {
			continue
		}
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		out[strings.ToLower(m[1])] = data
	}
	return out
}

// TestModulesSharedCopies checks that a module kept in more than one folder
// is the same file in each, so that the folders agree.
func TestModulesSharedCopies(t *testing.T) {
	seen := map[string]string{} // file name -> first folder
	content := map[string][]byte{}
	for _, tc := range moduleFolders {
		files, err := Files(filepath.Join(modulesDir, tc.dir))
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			base := filepath.Base(f)
			if dir, ok := seen[base]; ok {
				if !bytes.Equal(data, content[base]) {
					t.Errorf("%s/%s differs from %s/%s", tc.dir, base, dir, base)
				}
				continue
			}
			seen[base] = tc.dir
			content[base] = data
		}
	}
}

// edition2022Dir is IEEE 1609.2.1-2022 with the 1609.2-2022 modules it
// imports: an edition that no package is generated from, whose module
// names are those of ieee1609dot2 and ieee1609dot2dot1, so it is not in
// moduleFolders' closure (modules/ieee1609dot2dot1-2022/SOURCES.md).
const edition2022Dir = "ieee1609dot2dot1-2022"

// TestModulesEdition2022 checks edition2022Dir as TestModulesFiles checks
// a folder (one module per file, named after it, a source line) and
// resolves it twice, with TS 103 097's extension module and then with TS
// 102 941 V2.2.1 and TS 103 097's main module, whose imports from 1609.2.1
// 3.1 it satisfies: each gives the same two errors, both of Ieee1609Dot2
// 2.6 as published ({@.id} in a CHOICE nested in the SEQUENCE whose id
// it means), and nothing else; with -accept at-level:Ieee1609Dot2 each
// has no error, and the two tables are keyed by the SEQUENCEs' id.
func TestModulesEdition2022(t *testing.T) {
	dir := filepath.Join(modulesDir, edition2022Dir)
	files, err := Files(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != 18 {
		t.Errorf("%s: %d files, want 18", dir, len(files))
	}
	set, err := LoadPathsWith(Options{}, dir)
	if err != nil {
		t.Fatal(err)
	}
	perFile := map[string][]string{}
	for _, m := range set.Modules {
		perFile[m.File] = append(perFile[m.File], m.Name)
	}
	for _, f := range files {
		want := strings.TrimSuffix(filepath.Base(f), ".asn")
		if names := perFile[f]; len(names) != 1 || names[0] != want {
			t.Errorf("%s: modules %q, want exactly [%q]", f, names, want)
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if first, _, _ := bytes.Cut(src, []byte("\n")); !sourceRE.Match(first) {
			t.Errorf("%s: first line %q does not name its source", f, first)
		}
	}
	const why = `component relation @.id: the CHOICE in which it is written has no component id (X.682 10.7: "@." starts from the innermost SEQUENCE, SET or CHOICE); the enclosing SEQUENCE's id is @..id [-accept at-level:Ieee1609Dot2]`
	published := []string{
		edition2022Dir + "/Ieee1609Dot2.asn:1384:56: " + why,
		edition2022Dir + "/Ieee1609Dot2.asn:1421:54: " + why,
	}
	etsi := filepath.Join(modulesDir, "ieee1609dot2")
	for name, paths := range map[string][]string{
		"1609.2.1-2022": {dir, filepath.Join(etsi, "EtsiTs103097ExtensionModule.asn")},
		"TS 102 941":    {dir, filepath.Join(etsi, "EtsiTs103097ExtensionModule.asn"), filepath.Join(etsi, "EtsiTs103097Module.asn"), filepath.Join(modulesDir, "ts102941")},
	} {
		for _, accept := range [][]string{nil, {"at-level:Ieee1609Dot2"}} {
			set, err := LoadPathsWith(Options{Accept: accept}, paths...)
			if err != nil {
				t.Fatal(err)
			}
			var errs []string
			for _, d := range set.Diags {
				if d.Severity == Error {
					errs = append(errs, strings.TrimPrefix(filepath.ToSlash(d.Error()), filepath.ToSlash(modulesDir)+"/"))
				}
			}
			want := published
			if accept != nil {
				want = nil
			}
			if diff := cmp.Diff(want, errs); diff != "" {
				t.Errorf("%s, -accept %q: errors (-want +got):\n%s", name, accept, diff)
			}
			if accept == nil {
				continue
			}
			for typ, alt := range map[string]string{"CertIssueExtension": "specific", "CertRequestExtension": "content"} {
				tab := component(t, set, "Ieee1609Dot2", typ, "permissions", alt).Table()
				if tab == nil || tab.Key != component(t, set, "Ieee1609Dot2", typ, "id") || len(tab.Entries) == 0 {
					t.Errorf("%s, -accept %q: %s.permissions.%s is not an open type keyed by %s.id: %+v", name, accept, typ, alt, typ, tab)
				}
			}
		}
	}
}

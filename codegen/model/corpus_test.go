package model

import (
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/asn1gen/asn1gen/parser"
)

// corpusClosures are module sets of the corpus (directories or files under
// $ASN1GEN_CORPUS/modules) that check as one set. mustPass marks those the
// model handles today: the test fails if they report an error. missing
// lists the imported modules that the corpus does not hold: such a set may
// report "module M not found" for exactly those, and no other error.
var corpusClosures = []struct {
	name     string
	paths    []string
	mustPass bool
	missing  []string
}{
	{"RFC 5280 1988", []string{"ietf/IETF_PKI_RFC5280"}, true, nil},
	{"RFC 5912", []string{"ietf/IETF_PKI_RFC5912"}, true, nil},
	{"RFC 5911", []string{"ietf/IETF_PKI_RFC5911"}, true, nil},
	{"RFC 6268", []string{"ietf/IETF_PKI_RFC6268"}, true, nil},
	{"RFC 5958", []string{"ietf/IETF_PKI_RFC5958"}, true, nil},
	{"RFC 5911+5912+6268", []string{"ietf/IETF_PKI_RFC5911", "ietf/IETF_PKI_RFC5912", "ietf/IETF_PKI_RFC6268"}, true, nil},
	{"X.509 2016", []string{"itu-x500/ITUT_X509_2016-10"}, true, nil},
	{"X.500 2016", []string{"itu-x500"}, true, nil},
	{"LAMPS ML-DSA", []string{"lamps/X509-ML-DSA-2025.asn", "ietf/IETF_PKI_RFC5912"}, true, nil},
	// KEMAlgorithmInformation-2023 is RFC 9629's module.
	{"LAMPS ML-KEM", []string{"lamps/X509-ML-KEM-2025.asn", "ietf/IETF_PKI_RFC5912"}, false, []string{"KEMAlgorithmInformation-2023"}},
	{"NR RRC", []string{"telecom/3GPP_NR_RRC_38331"}, true, nil},
	{"NGAP", []string{"telecom/3GPP_NR_NGAP_38413"}, true, nil},
	{"S1AP", []string{"telecom/3GPP_EUTRAN_S1AP_36413"}, true, nil},
	// TCAPMessages and DialoguePDUs are ITU-T Q.773's modules.
	{"MAP", []string{"telecom/3GPP_MAP_29002"}, false, []string{"DialoguePDUs", "TCAPMessages"}},
	{"IEEE 1609.2", []string{"telecom/ETSI_ITS_IEEE1609_2"}, true, nil},
}

// missingModuleRE matches the error of bindImports for a missing module.
var missingModuleRE = regexp.MustCompile(`^module (\S+) not found \(imported by `)

func corpusModules(tb testing.TB) string {
	root := os.Getenv("ASN1GEN_CORPUS")
	if root == "" {
		tb.Skip("ASN1GEN_CORPUS not set")
	}
	return filepath.Join(root, "modules")
}

func TestCorpusClosures(t *testing.T) {
	dir := corpusModules(t)
	passed := 0
	for _, c := range corpusClosures {
		var paths []string
		for _, p := range c.paths {
			paths = append(paths, filepath.Join(dir, p))
		}
		s, err := LoadPaths(paths...)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		nerr := s.Diags.Errors()
		t.Logf("%s: %d modules, %d errors, %d warnings", c.name, len(s.Modules), nerr, len(s.Diags)-nerr)
		if nerr == 0 {
			passed++
			if len(c.missing) > 0 {
				t.Errorf("%s checks without errors: remove %q from its missing modules", c.name, c.missing)
			}
			continue
		}
		if c.missing != nil {
			var missing []string
			for _, d := range s.Diags {
				if d.Severity != Error {
					continue
				}
				if m := missingModuleRE.FindStringSubmatch(d.Msg); m != nil {
					missing = append(missing, m[1])
					continue
				}
				t.Errorf("%s: %s", c.name, d.Error())
			}
			sort.Strings(missing)
			missing = slices.Compact(missing)
			if diff := cmp.Diff(c.missing, missing); diff != "" {
				t.Errorf("%s: modules not found (-want +got):\n%s", c.name, diff)
			}
			continue
		}
		shown := 0
		for _, d := range s.Diags {
			if d.Severity == Error && shown < 10 {
				t.Logf("  %s", d.Error())
				shown++
			}
		}
		if c.mustPass {
			t.Errorf("%s must check without errors; got %d", c.name, nerr)
		}
	}
	t.Logf("%d of %d closures check without errors", passed, len(corpusClosures))
}

func BenchmarkCheckRFC5912(b *testing.B) {
	dir := filepath.Join(corpusModules(b), "ietf/IETF_PKI_RFC5912")
	benchCheck(b, dir)
}

func BenchmarkCheckRFC5911And5912And6268(b *testing.B) {
	dir := corpusModules(b)
	benchCheck(b, filepath.Join(dir, "ietf/IETF_PKI_RFC5911"), filepath.Join(dir, "ietf/IETF_PKI_RFC5912"), filepath.Join(dir, "ietf/IETF_PKI_RFC6268"))
}

func BenchmarkCheckNRRRC(b *testing.B) {
	benchCheck(b, filepath.Join(corpusModules(b), "telecom/3GPP_NR_RRC_38331"))
}

func benchCheck(b *testing.B, dirs ...string) {
	names, err := Files(dirs...)
	if err != nil {
		b.Fatal(err)
	}
	var srcs []Source
	size := 0
	for _, n := range names {
		src, err := os.ReadFile(n)
		if err != nil {
			b.Fatal(err)
		}
		srcs = append(srcs, Source{Name: n, Src: src})
		size += len(src)
	}
	b.SetBytes(int64(size))
	b.ReportAllocs()
	for b.Loop() {
		if s := Check(srcs...); s.Diags.Errors() != 0 {
			b.Fatalf("errors:\n%s", s.Diags)
		}
	}
}

// ituRoots are the first arcs of the OIDs of the ITU-T's modules and of
// those registered under its arcs (3GPP and ETSI under {itu-t
// identified-organization etsi(0)}), as names or numbers.
var ituRoots = map[string]bool{"itu-t": true, "ccitt": true, "0": true, "joint-iso-itu-t": true, "joint-iso-ccitt": true, "2": true}

// TestCorpusITUT checks every module of the corpus whose OID is under
// itu-t or joint-iso-itu-t, together with the modules it imports,
// directly or not (its import closure), when the corpus holds them all:
// the closure must check without errors. A module name defined in several
// files is taken from the importer's folder first (the X.509 and X.520
// editions of the X.500 modules), else from the first file. Closures that
// are part of a larger one are checked within it.
func TestCorpusITUT(t *testing.T) {
	dir := corpusModules(t)
	files, err := Files(dir)
	if err != nil {
		t.Fatal(err)
	}
	type module struct {
		name, file string
		itu        bool
		imports    []string
	}
	var all []*module
	byName := map[string][]*module{}
	for _, f := range files {
		if strings.HasPrefix(f, filepath.Join(dir, "malformed-libtasn1")+string(filepath.Separator)) {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		pf, _ := parser.ParseFile(f, src)
		if pf == nil {
			continue
		}
		for _, md := range pf.Modules {
			if md == nil || md.Identifier == nil {
				continue
			}
			m := &module{name: md.Identifier.Name, file: f}
			if oid := md.Identifier.OID; len(oid) > 0 {
				m.itu = ituRoots[oid[0].Name] || ituRoots[oid[0].Number]
			}
			if md.Imports != nil {
				for _, from := range md.Imports.From {
					m.imports = append(m.imports, from.Module.Name)
				}
			}
			all = append(all, m)
			byName[m.name] = append(byName[m.name], m)
		}
	}
	var closures [][]string // sorted file lists
	itu, incomplete := 0, 0
	for _, m := range all {
		if !m.itu {
			continue
		}
		itu++
		seen := map[string]bool{m.name: true}
		in := map[string]bool{m.file: true}
		var missing []string
		for queue := []*module{m}; len(queue) > 0; queue = queue[1:] {
			for _, name := range queue[0].imports {
				if seen[name] {
					continue
				}
				seen[name] = true
				cands := byName[name]
				if len(cands) == 0 {
					missing = append(missing, name)
					continue
				}
				pick := cands[0]
				for _, c := range cands {
					if filepath.Dir(c.file) == filepath.Dir(m.file) {
						pick = c
						break
					}
				}
				in[pick.file] = true
				queue = append(queue, pick)
			}
		}
		if len(missing) > 0 {
			incomplete++
			t.Logf("%s (%s): closure incomplete, %v not in the corpus", m.name, strings.TrimPrefix(m.file, dir+"/"), missing)
			continue
		}
		closures = append(closures, slices.Sorted(maps.Keys(in)))
	}
	// Check the closures that no other one contains.
	subset := func(a, b []string) bool {
		for _, f := range a {
			if _, ok := slices.BinarySearch(b, f); !ok {
				return false
			}
		}
		return true
	}
	var checked [][]string
	for i, c := range closures {
		inner := false
		for j, d := range closures {
			if i != j && len(d) >= len(c) && subset(c, d) && (len(d) > len(c) || j < i) {
				inner = true
				break
			}
		}
		if !inner {
			checked = append(checked, c)
		}
	}
	clean := 0
	for _, c := range checked {
		s, err := LoadPaths(c...)
		if err != nil {
			t.Fatal(err)
		}
		if n := s.Diags.Errors(); n > 0 {
			t.Errorf("%s and its imports (%d files): %d errors, the first: %s", strings.TrimPrefix(c[0], dir+"/"), len(c), n, s.Diags.Err())
			continue
		}
		clean++
	}
	t.Logf("%d ITU-T modules, %d with their import closure in the corpus (%d incomplete); the %d largest closures: %d check without errors",
		itu, itu-incomplete, incomplete, len(checked), clean)
}

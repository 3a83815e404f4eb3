package gen

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"sync"
	"testing"
	"time"

	"github.com/asn1gen/asn1gen/codegen/model"
)

// corpusSets are the module sets of the corpus ($ASN1GEN_CORPUS/modules)
// that the semantic model accepts (codegen/model/corpus_test.go, the
// closures it must pass). anyMap is an ANY mapping file (relative to
// codegen/model) for 1988 modules.
//
// Every set is vetted (go vet type-checks the whole package). build
// marks the sets also compiled by default: the others are contained in a
// built set (RFC 5911, 5912 and 6268 in their union, X.509 in X.500) or
// take minutes to compile (the 3GPP sets: NR RRC about 4.5 minutes and
// 4.4 GB on two cores). -corpusbuild=all compiles every set,
// -corpusbuild=none none.
var corpusSets = []struct {
	pkg    string
	name   string
	paths  []string
	anyMap string
	build  bool
}{
	{"rfc5280x1988", "RFC 5280 1988", []string{"ietf/IETF_PKI_RFC5280"}, "../model/testdata/rfc5280-1988.anymap", true},
	{"rfc5912", "RFC 5912", []string{"ietf/IETF_PKI_RFC5912"}, "", false},
	{"rfc5911", "RFC 5911", []string{"ietf/IETF_PKI_RFC5911"}, "", false},
	{"rfc6268", "RFC 6268", []string{"ietf/IETF_PKI_RFC6268"}, "", false},
	{"rfc5958", "RFC 5958", []string{"ietf/IETF_PKI_RFC5958"}, "", true},
	{"cms", "RFC 5911+5912+6268", []string{"ietf/IETF_PKI_RFC5911", "ietf/IETF_PKI_RFC5912", "ietf/IETF_PKI_RFC6268"}, "", true},
	{"mldsa", "LAMPS ML-DSA", []string{"lamps/X509-ML-DSA-2025.asn", "ietf/IETF_PKI_RFC5912"}, "", false},
	{"x509", "X.509 2016", []string{"itu-x500/ITUT_X509_2016-10"}, "", false},
	{"x500", "X.500 2016", []string{"itu-x500"}, "", true},
	{"nrrrc", "NR RRC", []string{"telecom/3GPP_NR_RRC_38331"}, "", false},
	{"ngap", "NGAP", []string{"telecom/3GPP_NR_NGAP_38413"}, "", false},
	{"s1ap", "S1AP", []string{"telecom/3GPP_EUTRAN_S1AP_36413"}, "", false},
	{"ieee16092", "IEEE 1609.2", []string{"telecom/ETSI_ITS_IEEE1609_2"}, "", true},
}

// corpusKnown are the sets whose generated Go fails to build or vet
// because of a generator bug reduced in testdata/gen: a failure skips the
// set with the bug's line, a pass says to remove the entry.
// (From 50b7017 to 25d707e X.509 2016, X.500 2016 and NR RRC were here:
// testdata/gen/list-of-list-of-lists.txtar.)
var corpusKnown = map[string]string{}

var corpusBuild = flag.String("corpusbuild", "", "TestCorpusSets: compile all sets, none, or (empty) the default selection")

// corpusSetsAtOnce is how many sets TestCorpusSets works on at a time
// (one with -corpusbuild=all, whose NR RRC compile alone peaks at about
// 4.4 GB). Two at a time the test's process tree peaked at 1.8 GB
// (one at a time 1.3 GB, NR RRC's vet), sampled every half second.
const corpusSetsAtOnce = 2

// TestCorpusSets generates Go for every module set of the corpus that
// the model accepts and builds and vets it in a temporary module, logging
// the generation time, the size of the output, and the time and peak
// memory (of the go command and the compiler or vet it waits for) of the
// build and of vet. Each package gets a file with a fresh comment so that
// the build cache does not hide the compile. The sets run two at a time
// (corpusSetsAtOnce), one checking and generating at a time, so the
// allocation logged is the set's own; a build or vet may share the cores
// with the other set's, so next to its wall time (which grows when it
// does) the log gives its CPU time (user and system, of the go command
// and the compiler or vet), which does not. It needs $ASN1GEN_CORPUS and
// is skipped with -short.
//
//	ASN1GEN_CORPUS=/work/shared/corpus go test ./codegen/gen -run CorpusSets -v -timeout 30m
func TestCorpusSets(t *testing.T) {
	root := os.Getenv("ASN1GEN_CORPUS")
	if root == "" {
		t.Skip("ASN1GEN_CORPUS not set")
	}
	if testing.Short() {
		t.Skip("builds every corpus module set; skipped with -short")
	}
	goTool(t)
	dir := t.TempDir()
	writeModule(t, dir, "corpus.example")
	nonce := time.Now().UnixNano()
	atOnce := corpusSetsAtOnce
	if *corpusBuild == "all" {
		atOnce = 1
	}
	sem := make(chan struct{}, atOnce)
	var genMu sync.Mutex // one set checked and generated at a time
	for _, c := range corpusSets {
		t.Run(c.pkg, func(t *testing.T) {
			t.Parallel()
			sem <- struct{}{}
			defer func() { <-sem }()
			genMu.Lock()
			locked := true
			defer func() {
				if locked {
					genMu.Unlock()
				}
			}()
			var paths []string
			for _, p := range c.paths {
				paths = append(paths, filepath.Join(root, "modules", p))
			}
			names, err := model.Files(paths...)
			if err != nil {
				t.Fatal(err)
			}
			var srcs []model.Source
			for _, n := range names {
				src, err := os.ReadFile(n)
				if err != nil {
					t.Fatal(err)
				}
				srcs = append(srcs, model.Source{Name: n, Src: src})
			}
			var opts model.Options
			if c.anyMap != "" {
				if opts.AnyMap, err = model.ReadAnyMap(c.anyMap); err != nil {
					t.Fatal(err)
				}
			}
			start := time.Now()
			set := model.CheckWith(opts, srcs...)
			check := time.Since(start)
			if set.Diags.Errors() > 0 {
				t.Fatalf("%s: the model reports errors:\n%s", c.name, set.Diags)
			}
			nmod := len(set.Modules)
			var ms runtime.MemStats
			runtime.ReadMemStats(&ms)
			before := ms.TotalAlloc
			start = time.Now()
			files, err := Generate(set, Config{Package: c.pkg})
			genTime := time.Since(start)
			runtime.ReadMemStats(&ms)
			if err != nil {
				t.Fatalf("%s: %v", c.name, err)
			}
			size := 0
			pdir := filepath.Join(dir, c.pkg)
			for _, f := range files {
				size += len(f.Content)
				writeFile(t, filepath.Join(pdir, f.Name), f.Content)
			}
			writeFile(t, filepath.Join(pdir, "nonce.go"), []byte(fmt.Sprintf("package %s\n\n// build %d\n", c.pkg, nonce)))
			files, set, srcs = nil, nil, nil
			debug.FreeOSMemory()
			genMu.Unlock()
			locked = false
			built := "not built"
			if *corpusBuild == "all" || *corpusBuild == "" && c.build {
				bout, bst, berr := runGo(t, dir, "build", "./"+c.pkg)
				if berr != nil {
					if known := corpusKnown[c.pkg]; known != "" {
						t.Skipf("%s\n%s: go build: %v\n%s", known, c.name, berr, head(bout, 10))
					}
					t.Fatalf("%s: go build: %v\n%s", c.name, berr, head(bout, 40))
				}
				built = fmt.Sprintf("build %v (%v CPU), %d MiB peak", bst.wall.Round(10*time.Millisecond), bst.cpu.Round(10*time.Millisecond), bst.maxRSS>>10)
			}
			vout, vst, verr := runGo(t, dir, "vet", "./"+c.pkg)
			t.Logf("%-18s %3d modules: check %v, generate %v (%d MiB allocated), %d KiB of Go; %s; vet %v (%v CPU), %d MiB peak",
				c.name, nmod, check.Round(time.Millisecond), genTime.Round(time.Millisecond), (ms.TotalAlloc-before)>>20,
				size>>10, built, vst.wall.Round(10*time.Millisecond), vst.cpu.Round(10*time.Millisecond), vst.maxRSS>>10)
			known := corpusKnown[c.pkg]
			switch {
			case verr != nil && known != "":
				t.Skipf("%s\n%s: go vet: %v\n%s", known, c.name, verr, head(vout, 10))
			case verr != nil:
				t.Errorf("%s: go vet: %v\n%s", c.name, verr, head(vout, 40))
			case known != "":
				t.Logf("%s builds and vets now: remove it from corpusKnown (%s)", c.name, known)
			}
		})
	}
}

// head returns the first n lines of s.
func head(s string, n int) string {
	lines := 0
	for i := range s {
		if s[i] == '\n' {
			if lines++; lines == n {
				return s[:i+1] + "...\n"
			}
		}
	}
	return s
}

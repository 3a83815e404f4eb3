package gen

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/asn1gen/asn1gen/codegen/emit/oercodec"
	"github.com/asn1gen/asn1gen/codegen/model"
	"github.com/asn1gen/asn1gen/codegen/plan"
	"github.com/dave/jennifer/jen"
)

// TestCorpusOERCoverage measures how much of the corpus the OER emitter
// handles: for every module set of corpusSets it emits the OER codecs of
// each type on its own (a fresh emitter per type, so that one refusal
// does not hide the next) and logs, per set and over all sets, how many
// types are refused and for which construct. It fails if a set cannot be
// planned, or if the number of types refused over all sets is not
// oerRefused: more is a construct handled before and refused again,
// fewer one handled now (lower the pin). The numbers are the README's
// (section OER). It needs $ASN1GEN_CORPUS and is skipped with -short.
//
//	ASN1GEN_CORPUS=/work/shared/corpus go test ./codegen/gen -run CorpusOERCoverage -v
func TestCorpusOERCoverage(t *testing.T) {
	refused := emitterCoverage(t, plan.Codecs{OER: true}, func(p *plan.Plan, gt *plan.Type) error {
		e := oercodec.New(p)
		e.Type(jen.NewFile("m"), gt)
		return e.Err()
	}, oerConstruct)
	if refused != oerRefused {
		t.Errorf("%d types refused over all sets, pinned at %d: a refusal came back, or one went (lower oerRefused and the README's count)", refused, oerRefused)
	}
}

// emitterCoverage is the walk of TestCorpusOERCoverage and
// TestCorpusJERCoverage: for every module set of corpusSets, planned with
// codecs, it emits each type with methods of its own on its own (emit,
// which returns the emitter's error) and logs, per set and over all
// sets, how many types are refused and for which construct (construct
// of the error). It returns the number refused over all sets: the sets
// overlap (X.509 is in X.500, RFC 5911 and 5912 in their union), so each
// type counts once, by module and name.
func emitterCoverage(t *testing.T, codecs plan.Codecs, emit func(*plan.Plan, *plan.Type) error, construct func(error) string) int {
	t.Helper()
	root := os.Getenv("ASN1GEN_CORPUS")
	if root == "" {
		t.Skip("ASN1GEN_CORPUS not set")
	}
	if testing.Short() {
		t.Skip("plans every corpus module set; skipped with -short")
	}
	total := map[string]string{}
	for _, c := range corpusSets {
		set := loadCorpusSet(t, root, c.paths, c.anyMap)
		p, err := plan.New(set, nil, nil)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		p.Codecs = codecs
		why := map[string]int{}
		n, bad := 0, 0
		for _, g := range p.Groups() {
			for _, gt := range g.Types {
				if gt.Alias != nil || gt.Pkg != "" {
					continue // no methods of its own
				}
				n++
				key := g.Module + "." + gt.Name
				total[key] = ""
				if err := emit(p, gt); err != nil {
					bad++
					why[construct(err)]++
					total[key] = construct(err)
				}
			}
		}
		t.Logf("%-18s %5d types, %4d refused%s", c.name, n, bad, oerTable(why))
	}
	why := map[string]int{}
	refused := 0
	for _, c := range total {
		if c != "" {
			why[c]++
			refused++
		}
	}
	t.Logf("all sets           %5d types, %4d refused%s", len(total), refused, oerTable(why))
	return refused
}

// oerRefused is the number of corpus types the OER emitter refuses (92
// before untagged CHOICEs, open type definitions and the DEFAULT values
// compared by their encodings, 17 before der.Integer lower bounds, 14
// before NULL : NULL as a DEFAULT open type value, 13 before EXTERNAL and
// INSTANCE OF, 4 before the model evaluated open type values and values
// through object fields, 1 before an open type CONTAINING ... ENCODED BY
// der over a table without typed rows: X.509's Extension, whose
// extnValue the OER codecs keep as its DER octets).
const oerRefused = 0

// TestCorpusOERVet generates the OER codecs alone (-codecs oer) of the
// corpus module sets but the 3GPP ones (whose OER codecs
// TestCorpusOERCoverage emits, and which take minutes to type-check), and
// vets each package in a temporary module: emitting without error does
// not make code that compiles. A set with a type the emitter refuses is
// skipped, naming it. It needs
// $ASN1GEN_CORPUS and is skipped with -short.
//
//	ASN1GEN_CORPUS=/work/shared/corpus go test ./codegen/gen -run CorpusOERVet -v
func TestCorpusOERVet(t *testing.T) {
	root := os.Getenv("ASN1GEN_CORPUS")
	if root == "" {
		t.Skip("ASN1GEN_CORPUS not set")
	}
	if testing.Short() {
		t.Skip("vets the OER codecs of corpus module sets; skipped with -short")
	}
	goTool(t)
	dir := t.TempDir()
	writeModule(t, dir, "corpusoer.example")
	for _, c := range corpusSets {
		switch c.pkg {
		case "nrrrc", "ngap", "s1ap":
			continue
		}
		t.Run(c.pkg, func(t *testing.T) {
			set := loadCorpusSet(t, root, c.paths, c.anyMap)
			files, err := Generate(set, Config{Package: c.pkg, Codecs: plan.Codecs{OER: true}})
			if err != nil && strings.HasPrefix(err.Error(), "asn1gen: -codecs oer: ") {
				t.Skipf("%s: %v", c.name, err)
			}
			if err != nil {
				t.Fatalf("%s: %v", c.name, err)
			}
			for _, f := range files {
				writeFile(t, filepath.Join(dir, c.pkg, f.Name), f.Content)
			}
			if out, _, err := runGo(t, dir, "vet", "./"+c.pkg); err != nil {
				t.Errorf("%s: go vet: %v\n%s", c.name, err, head(out, 40))
			}
		})
	}
}

// oerConstruct is the construct an error of the OER emitter names,
// without the type.
func oerConstruct(err error) string {
	s := strings.TrimPrefix(err.Error(), "asn1gen: -codecs oer: ")
	s = strings.TrimSuffix(s, " is not supported by the OER emitter yet")
	if i := strings.Index(s, ": "); i >= 0 {
		s = s[i+2:]
	}
	return s
}

// oerTable lists the constructs of why, most refused first.
func oerTable(why map[string]int) string {
	keys := make([]string, 0, len(why))
	for k := range why {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if why[keys[i]] != why[keys[j]] {
			return why[keys[i]] > why[keys[j]]
		}
		return keys[i] < keys[j]
	})
	var b strings.Builder
	for _, k := range keys {
		fmt.Fprintf(&b, "\n\t%5d  %s", why[k], k)
	}
	return b.String()
}

// loadCorpusSet checks the modules of paths (under root/modules), with
// the ANY mapping anyMap if not empty; the model must accept them.
func loadCorpusSet(t *testing.T, root string, paths []string, anyMap string) *model.Set {
	t.Helper()
	return loadPatchedSet(t, root, paths, anyMap, nil)
}

// loadPatchedSet is loadCorpusSet with the text of each module file
// changed by patch, when not nil, before it is checked.
func loadPatchedSet(t *testing.T, root string, paths []string, anyMap string, patch func(t *testing.T, name string, src []byte) []byte) *model.Set {
	t.Helper()
	var full []string
	for _, p := range paths {
		full = append(full, filepath.Join(root, "modules", p))
	}
	names, err := model.Files(full...)
	if err != nil {
		t.Fatal(err)
	}
	var srcs []model.Source
	for _, n := range names {
		src, err := os.ReadFile(n)
		if err != nil {
			t.Fatal(err)
		}
		if patch != nil {
			src = patch(t, n, src)
		}
		srcs = append(srcs, model.Source{Name: n, Src: src})
	}
	var opts model.Options
	if anyMap != "" {
		if opts.AnyMap, err = model.ReadAnyMap(anyMap); err != nil {
			t.Fatal(err)
		}
	}
	set := model.CheckWith(opts, srcs...)
	if set.Diags.Errors() > 0 {
		t.Fatalf("%v: the model reports errors:\n%s", paths, set.Diags)
	}
	return set
}

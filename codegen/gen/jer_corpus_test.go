package gen

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/asn1gen/asn1gen/codegen/emit/jercodec"
	"github.com/asn1gen/asn1gen/codegen/model"
	"github.com/asn1gen/asn1gen/codegen/plan"
	"github.com/dave/jennifer/jen"
)

// TestJERInteropCorpus is TestJERInterop, with the OER round trip, for
// every module set of corpusSets: asn1ct compiles each module on its own
// (erlc -bjer; jerCompile caches its output in the temporary directory),
// draws values of each type of the modules it compiles and encodes them
// in JER; the package generated with -codecs jer,oer decodes them,
// writes them in CANONICAL-OER, decodes that strictly (COER), must get
// the same octets and the same JER again, and asn1ct must read the Go
// JER back to its value. It logs per set and over all sets (each type
// counted once by module and name) the types exchanged and, by reason,
// those left out, and fails if a count is not the one pinned in
// jerCorpusPins: more types exchanged or fewer left out is progress
// (raise the pin), the other way a regression. The numbers are the
// README's (section JER). It needs $ASN1GEN_CORPUS, erlc and escript,
// and runs with $ASN1GEN_JER_CORPUS set (make test-long: make test
// leaves it out, as it does the other long cross-checks), =all for the
// sets of jerCorpusSlow too; it is skipped with -short.
// ASN1GEN_JER_COUNT sets the values per type (jerCorpusCount).
//
//	ASN1GEN_CORPUS=/work/shared/corpus ASN1GEN_JER_CORPUS=1 go test ./codegen/gen -run JERInteropCorpus -v -timeout 30m
func TestJERInteropCorpus(t *testing.T) {
	root := os.Getenv("ASN1GEN_CORPUS")
	if root == "" {
		t.Skip("ASN1GEN_CORPUS not set")
	}
	if os.Getenv("ASN1GEN_JER_CORPUS") == "" || testing.Short() {
		t.Skip("set ASN1GEN_JER_CORPUS=1 (make test-long), or =all for the slow sets too: exchanges the types of every corpus module set with asn1ct")
	}
	count := jerCorpusCount
	if n, err := strconv.Atoi(os.Getenv("ASN1GEN_JER_COUNT")); err == nil && n > 0 {
		count = n
	}
	// total is what became of each type over all sets, by module and
	// name: "" exchanged, else why not.
	total := map[string]string{}
	// The sets with the most modules first: a set whose modules (by name
	// and text) are all in a set exchanged before is skipped (RFC 5911,
	// 5912 and 6268 are in their union, X.509 in X.500).
	order := make([]int, len(corpusSets))
	loaded := make([]*model.Set, len(corpusSets))
	for i, c := range corpusSets {
		order[i], loaded[i] = i, loadCorpusSet(t, root, c.paths, c.anyMap)
	}
	sort.SliceStable(order, func(i, j int) bool { return len(loaded[order[i]].Modules) > len(loaded[order[j]].Modules) })
	done := map[string]string{} // module name and text hash: set
	for _, i := range order {
		c, set := corpusSets[i], loaded[i]
		t.Run(c.pkg, func(t *testing.T) {
			if why := jerCorpusSlow[c.pkg]; why != "" && os.Getenv("ASN1GEN_JER_CORPUS") != "all" {
				t.Skipf("%s: %s; ASN1GEN_JER_CORPUS=all exchanges it", c.name, why)
			}
			keys := moduleKeys(set)
			if in := jerContained(keys, done); in != "" {
				t.Skipf("%s: its %d modules are those of %s", c.name, len(keys), in)
			}
			for _, k := range keys {
				done[k] = c.name
			}
			tally := jerInterop(t, jerSet{set: set, count: count, oer: true, use: useAll, partial: true})
			for _, key := range tally.exchanged {
				total[key] = ""
			}
			for key, why := range tally.left {
				if _, ok := total[key]; !ok {
					total[key] = why
				}
			}
			got := jerCount{len(tally.exchanged), len(tally.left)}
			if want := jerCorpusPins[c.pkg]; got != want {
				t.Errorf("%s: %d types exchanged, %d left out; pinned at %d, %d", c.name, got.exchanged, got.left, want.exchanged, want.left)
			}
		})
	}
	if t.Failed() || os.Getenv("ASN1GEN_JER_CORPUS") == "all" {
		return // the pin over all sets is that of the default selection
	}
	why := map[string]int{}
	var got jerCount
	for _, w := range total {
		if w == "" {
			got.exchanged++
			continue
		}
		why[w]++
		got.left++
	}
	t.Logf("all sets: %d types exchanged, %d values each; %d left out:%s", got.exchanged, count, got.left, oerTable(why))
	if want := jerCorpusPins[""]; got != want {
		t.Errorf("all sets: %d types exchanged, %d left out; pinned at %d, %d", got.exchanged, got.left, want.exchanged, want.left)
	}
}

// jerCorpusSlow are the sets TestJERInteropCorpus leaves out unless
// ASN1GEN_JER_CORPUS=all, with why: make test-long has about ten minutes
// for the test on two cores.
var jerCorpusSlow = map[string]string{
	"nrrrc": "erlc 49 s, its package with JER and OER 4 min 21 s to build (4.3 GB peak) and the driver 8 min 51 s over its 1,698 types (5 values each) on the shared 2-core machine",
	"x500":  "erlc 46 s, build 25 s, and the driver 2 min 44 s over 347 types when the draws of the recursive types (Criteria, Refinement) stop at 5 s, a limit that makes the counts depend on the load, and over 10 min with a limit of heap alone",
	"x509":  "as X.500 (its modules are X.500's)",
}

// moduleKeys returns the name and the hash of the text of each module of
// set.
func moduleKeys(set *model.Set) []string {
	var keys []string
	for _, m := range set.Modules {
		src, md := set.SourceText(m.File), m.AST
		sum := sha256.Sum256(src[md.Pos.Offset:md.End.Offset])
		keys = append(keys, m.Name+" "+hex.EncodeToString(sum[:8]))
	}
	return keys
}

// jerContained returns the set of done that holds every module of keys,
// or "" if none does.
func jerContained(keys []string, done map[string]string) string {
	in := ""
	for _, k := range keys {
		switch {
		case done[k] == "":
			return ""
		case in == "":
			in = done[k]
		case done[k] != in:
			return ""
		}
	}
	return in
}

// jerCorpusCount is the number of values TestJERInteropCorpus draws per
// type.
const jerCorpusCount = 5

// jerCount is how many types a set exchanged with asn1ct and how many it
// left out.
type jerCount struct{ exchanged, left int }

// jerCorpusPins are the counts of TestJERInteropCorpus, by set (corpusSets'
// pkg; "" over all sets).
var jerCorpusPins = map[string]jerCount{
	"cms":          {105, 434},
	"rfc6268":      {66, 245},
	"rfc5911":      {78, 266},
	"mldsa":        {52, 319},
	"rfc5958":      {44, 160},
	"s1ap":         {317, 385},
	"ngap":         {297, 761},
	"ieee16092":    {107, 10},
	"rfc5280x1988": {71, 55},
	"":             {901, 1658},
}

// TestCorpusJERCoverage is TestCorpusOERCoverage for the JER emitter: for
// every module set of corpusSets it emits the JER codecs of each type on
// its own and logs, per set and over all sets, how many types are refused
// and for which construct, and fails if the number refused over all sets
// (each type counted once by module and name) is not jerRefusedCount.
//
//	ASN1GEN_CORPUS=/work/shared/corpus go test ./codegen/gen -run CorpusJERCoverage -v
func TestCorpusJERCoverage(t *testing.T) {
	refused := emitterCoverage(t, plan.Codecs{JER: true}, func(p *plan.Plan, gt *plan.Type) error {
		e := jercodec.New(p)
		e.Type(jen.NewFile("m"), gt)
		return e.Err()
	}, jerConstruct)
	if refused != jerRefusedCount {
		t.Errorf("%d types refused over all sets, pinned at %d: a refusal came back, or one went (lower jerRefusedCount and the README's count)", refused, jerRefusedCount)
	}
}

// jerRefusedCount is the number of corpus types the JER emitter refuses
// (10 before INSTANCE OF, EXTERNAL and strings CONTAINING ... ENCODED BY
// der: 6 EXTERNAL and 2 INSTANCE OF in X.500 and X.509 2016, which also
// has X.509's Extension, and PKIX's GeneralName).
const jerRefusedCount = 0

// jerConstruct is the construct of a refusal of the JER emitter, without
// the codec and the type.
func jerConstruct(err error) string {
	s := strings.TrimPrefix(err.Error(), "asn1gen: -codecs jer: ")
	s = strings.TrimSuffix(s, " is not supported by the JER emitter yet")
	if i := strings.Index(s, ": "); i >= 0 {
		s = s[i+2:]
	}
	return s
}

package gen

import (
	"bufio"
	"encoding/hex"
	"errors"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/asn1gen/asn1gen/codegen/model"
	"github.com/asn1gen/asn1gen/codegen/plan"
	"github.com/asn1gen/asn1gen/internal/oerdump"
)

// oerDraws is the number of encodings TestCorpusOERRoundTrip draws per
// type ($ASN1GEN_OER_DRAWS overrides it).
const oerDraws = 20

// oerRoundTripPins are, per set, the types TestCorpusOERRoundTrip
// round-trips, those of them that also go through JER, and the types it
// leaves out: a change either way fails it (raise a pin with what made
// more types pass, lower it only with a reason). The types that must
// hold an INSTANCE OF or EXTERNAL (the PKIX sets' GeneralName.otherName),
// which the codecs keep as their own encodings, go through OER alone, as
// do the types that hold an open type drawn as octets only (without a
// table, or whose table has no row with a type, but for X.509 2016's
// extnValue, CONTAINING an open type ENCODED BY der, whose octets JER
// writes in hex) and those written in place with no JER methods of their
// own. The types left out are the unions of open types, drawn
// within the SEQUENCE that holds their key.
var oerRoundTripPins = map[string][3]int{
	"rfc5280x1988": {115, 99, 2},
	"rfc5912":      {516, 395, 78},
	"rfc5911":      {453, 352, 65},
	"rfc6268":      {392, 316, 68},
	"rfc5958":      {261, 214, 44},
	"cms":          {722, 557, 110},
	"mldsa":        {525, 401, 78},
	"x509":         {1109, 747, 18},
	"x500":         {1109, 747, 18},
	"ieee16092":    {104, 102, 2},
	// X.509 2016 with its ExtensionSet filled (x509Extensions): extnValue
	// holds the DER of the values of 33 of its 34 rows (not
	// subjectDirectoryAttributes, whose attributes are open types the
	// drawer writes no DER of), and Extension round-trips too, through
	// OER alone while the JER emitter refuses extnValue.
	"x509ext": {1110, 583, 18},
	// With ASN1GEN_OER_ROUNDTRIP=3gpp. NR RRC's types written in place
	// have no JER methods of their own.
	"nrrrc": {6409, 2265, 0},
	"ngap":  {2153, 1447, 566},
	"s1ap":  {1290, 983, 310},
}

// TestCorpusOERRoundTrip draws random CANONICAL-OER encodings of every
// type of every corpus module set (and of X.509 2016 with its
// ExtensionSet filled, x509Extensions) from the schema alone
// (oerdump.Schema.Draw, which knows nothing of the generated code), reads
// each with the schema dump in canonical mode (it must find no issue),
// then generates the set's package with -codecs oer,jer and, in a harness
// built in a temporary module, decodes each encoding strictly
// (oer.Options{Canonical: true}): re-encoded, it must give the same
// octets; written as JER and read back, the value must encode to the same
// octets again. Types the drawer leaves out are logged with the reason
// and counted. A set whose types are those of a set round-tripped before
// (oerSameTypes: X.500 2016, X.509 2016's modules and UpperBounds, which
// defines values only) takes that set's result, logged as such, which
// its own pin then checks. It runs with $ASN1GEN_OER_ROUNDTRIP set (make test-long:
// 3 minutes on the shared two cores at load 10, 112 CPU-s), the 3GPP
// sets with it set to 3gpp (11 minutes more, most of it compiling NR
// RRC). It needs $ASN1GEN_CORPUS and is
// skipped with -short.
//
//	ASN1GEN_CORPUS=/work/shared/corpus ASN1GEN_OER_ROUNDTRIP=1 go test ./codegen/gen -run CorpusOERRoundTrip -v -timeout 30m
func TestCorpusOERRoundTrip(t *testing.T) {
	root := os.Getenv("ASN1GEN_CORPUS")
	if root == "" {
		t.Skip("ASN1GEN_CORPUS not set")
	}
	mode := os.Getenv("ASN1GEN_OER_ROUNDTRIP")
	if mode == "" || testing.Short() {
		t.Skip("set ASN1GEN_OER_ROUNDTRIP=1 (make test-long), or =3gpp for the 3GPP sets too: builds every corpus module set with OER and JER")
	}
	goTool(t)
	draws := oerDraws
	if s := os.Getenv("ASN1GEN_OER_DRAWS"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil {
			t.Fatal(err)
		}
		draws = n
	}
	harness, err := os.ReadFile("testdata/oer/roundtrip.go.txt")
	if err != nil {
		t.Fatal(err)
	}
	var ran []oerRan // the sets round-tripped, passed
	for _, c := range oerCorpusSets() {
		switch c.pkg {
		case "nrrrc", "ngap", "s1ap":
			if mode != "3gpp" {
				continue
			}
		}
		t.Run(c.pkg, func(t *testing.T) {
			set := c.load(t, root)
			keys := moduleKeys(set)
			if r, extra := oerSameTypes(set, keys, ran); r != nil {
				// X.500 2016: X.509 2016's modules and UpperBounds.
				t.Logf("%s: the same %d types as %s: its %d modules are those of %s and %s (no type defined, none imported); its round trip is that of %s",
					c.name, r.types, r.name, len(keys), r.name, strings.Join(extra, ", "), r.name)
				if pin, ok := oerRoundTripPins[c.pkg]; ok && pin != r.pin {
					t.Errorf("%d types pass (%d through JER) and %d are left out (those of %s), pinned at %v", r.pin[0], r.pin[1], r.pin[2], r.name, pin)
				}
				return
			}
			out, passed, jer, noJER := oerRoundTrip(t, set, draws, harness)
			note := fmt.Sprintf("%d hold an open type drawn as octets only", out.untyped)
			if noJER != "" {
				note += "; the JER emitter refuses " + noJER
			}
			t.Logf("%s: %d types: %d round-trip %d encodings each (%d through JER too; %s), %d left out%s",
				c.name, out.types, passed, draws, jer, note, len(out.left), oerTable(out.why))
			for _, l := range out.left {
				t.Log("left out: " + l)
			}
			got := [3]int{passed, jer, len(out.left)}
			if pin, ok := oerRoundTripPins[c.pkg]; ok && pin != got {
				t.Errorf("%d types pass (%d through JER) and %d are left out, pinned at %v", passed, jer, len(out.left), pin)
			}
			if !t.Failed() {
				ran = append(ran, oerRan{c.name, keys, out.types, got})
			}
		})
	}
}

// oerRan is a set TestCorpusOERRoundTrip round-tripped: its modules (by
// name and text, moduleKeys), its types, and what its pin counts.
type oerRan struct {
	name  string
	keys  []string
	types int
	pin   [3]int
}

// oerSameTypes returns the set of ran whose types are those of set
// (keys, its moduleKeys) and the modules set has more, or nil: set
// holds each of its modules, the same text, and its other modules
// define no type and are imported by none, so that they change no type
// (only, by the names they take, the Go names of some).
func oerSameTypes(set *model.Set, keys []string, ran []oerRan) (*oerRan, []string) {
	for i := range ran {
		r := &ran[i]
		extra := map[string]*model.Module{}
		for j, k := range keys {
			if !slices.Contains(r.keys, k) {
				extra[set.Modules[j].Name] = set.Modules[j]
			}
		}
		if len(extra) == 0 || len(keys)-len(extra) != len(r.keys) {
			continue // no module more (the same set), or one of r's missing or changed
		}
		ok := true
		var names []string
		for name, m := range extra {
			names = append(names, name)
			for _, a := range m.Assignments {
				ok = ok && a.Kind != model.KindType && a.Kind != model.KindValueSet
			}
		}
		for _, m := range set.Modules {
			for _, imp := range m.Imports {
				ok = ok && extra[imp.Name] == nil && (imp.Module == nil || extra[imp.Module.Name] == nil)
			}
		}
		if ok {
			slices.Sort(names)
			return r, names
		}
	}
	return nil, nil
}

// oerRoundTrip draws encodings (draws of each) of every type of set, checks each with
// the schema dump, and runs them through the packages of the set
// (roundTripPackages) in the harness, built in a temporary module: it
// returns what was drawn, the types that round-trip (through JER too)
// and what the JER emitter refuses. A type drawn that does not
// round-trip is an error.
func oerRoundTrip(t *testing.T, set *model.Set, draws int, harness []byte) (out *drawnSet, passed, jer int, noJER string) {
	t.Helper()
	var pkgs []roundTripPackage
	pkgs, noJER = roundTripPackages(t, set)
	dir := t.TempDir()
	writeModule(t, dir, "example.com/oerroundtrip")
	out = &drawnSet{why: map[string]int{}}
	var vectors, registry []string
	imports := "\"github.com/asn1gen/asn1gen/runtime/oer\"\n"
	done := map[string]bool{}
	for i, pk := range pkgs {
		for _, f := range pk.files {
			writeFile(t, filepath.Join(dir, pk.name, f.Name), f.Content)
		}
		imports += "\n\t\"example.com/oerroundtrip/" + pk.name + "\""
		v, r := drawCorpusSet(t, pk.p, draws, pk.name, out, done, i == len(pkgs)-1)
		vectors, registry = append(vectors, v...), append(registry, r...)
	}
	sort.Strings(registry)
	main := strings.Replace(string(harness), "\"github.com/asn1gen/asn1gen/runtime/oer\"\n", imports+"\n", 1) +
		"\nvar types = map[string]func() oer.Value{\n" + strings.Join(registry, "\n") + "\n}\n"
	writeFile(t, filepath.Join(dir, "main.go"), []byte(main))
	bin := filepath.Join(dir, "harness")
	if out, _, err := runGo(t, dir, "build", "-o", bin, "."); err != nil {
		t.Fatalf("go build: %v\n%s", err, head(out, 40))
	}
	cmd := exec.Command(bin)
	cmd.Stdin = strings.NewReader(strings.Join(vectors, "\n") + "\n")
	res, err := cmd.Output()
	if err != nil {
		t.Fatalf("harness: %v", err)
	}
	ok := map[string]string{}
	sc := bufio.NewScanner(strings.NewReader(string(res)))
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		switch f := strings.Fields(sc.Text()); {
		case len(f) == 4 && f[0] == "ok":
			ok[f[1]] = f[3]
		case len(f) > 0 && f[0] == "FAIL":
			t.Error(head(sc.Text(), 2000))
		}
	}
	for _, name := range out.drawn {
		switch ok[name] {
		case "oer,jer":
			jer++
			passed++
		case "oer":
			passed++
		default:
			t.Errorf("%s: no round trip passed", name)
		}
	}
	return out, passed, jer, noJER
}

// derOpenRoundTrip is X.509 2016's Extension over a set whose rows have
// types of each construct the drawer writes in DER (oerdump's derRow):
// explicit and implicit tags, DEFAULT and OPTIONAL components, a CHOICE,
// a SET, SET OF and SEQUENCE OF, named bits, strings and times; and one
// it does not (REAL), which it does not pick.
const derOpenRoundTrip = `X DEFINITIONS IMPLICIT TAGS ::= BEGIN
EXTENSION ::= CLASS { &id OBJECT IDENTIFIER UNIQUE, &ExtnType } WITH SYNTAX { SYNTAX &ExtnType IDENTIFIED BY &id }
Extension ::= SEQUENCE {
  extnId     EXTENSION.&id({ExtensionSet}),
  critical   BOOLEAN DEFAULT FALSE,
  extnValue  OCTET STRING (CONTAINING EXTENSION.&ExtnType({ExtensionSet}{@extnId}) ENCODED BY der),
  ... }
Extensions ::= SEQUENCE SIZE (1..MAX) OF Extension
ExtensionSet EXTENSION ::= { basicConstraints | keyUsage | subjectKeyIdentifier | altNames | policies | validity | attrs | real, ... }
basicConstraints EXTENSION ::= { SYNTAX BasicConstraints IDENTIFIED BY {2 5 29 19} }
BasicConstraints ::= SEQUENCE { cA BOOLEAN DEFAULT FALSE, pathLenConstraint INTEGER (0..MAX) OPTIONAL }
keyUsage EXTENSION ::= { SYNTAX KeyUsage IDENTIFIED BY {2 5 29 15} }
KeyUsage ::= BIT STRING { digitalSignature(0), nonRepudiation(1), keyEncipherment(2) }
subjectKeyIdentifier EXTENSION ::= { SYNTAX OCTET STRING IDENTIFIED BY {2 5 29 14} }
altNames EXTENSION ::= { SYNTAX GeneralNames IDENTIFIED BY {2 5 29 17} }
GeneralNames ::= SEQUENCE SIZE (1..MAX) OF GeneralName
GeneralName ::= CHOICE {
  rfc822Name     [1] IA5String,
  dNSName        [2] IA5String,
  directoryName  [4] EXPLICIT Name,
  registeredID   [8] OBJECT IDENTIFIER }
Name ::= SEQUENCE OF SET SIZE (1..MAX) OF AttributeTypeAndValue
AttributeTypeAndValue ::= SEQUENCE { type OBJECT IDENTIFIER, value PrintableString (SIZE (1..64)) }
policies EXTENSION ::= { SYNTAX SEQUENCE SIZE (1..MAX) OF PolicyInformation IDENTIFIED BY {2 5 29 32} }
PolicyInformation ::= SEQUENCE { policyIdentifier OBJECT IDENTIFIER, qualifier UTF8String (SIZE (1..200)) OPTIONAL }
validity EXTENSION ::= { SYNTAX Validity IDENTIFIED BY {2 5 29 16} }
Validity ::= SET { notAfter [1] GeneralizedTime, notBefore [0] UTCTime OPTIONAL, kind [2] ENUMERATED { a, b, c } }
attrs EXTENSION ::= { SYNTAX SEQUENCE OF SEQUENCE { n INTEGER (-5..300), s NumericString (SIZE (2)) } IDENTIFIED BY {2 5 29 9} }
real EXTENSION ::= { SYNTAX REAL IDENTIFIED BY {2 5 29 99} }
der OBJECT IDENTIFIER ::= {joint-iso-itu-t asn1(1) ber-derived(2) distinguished-encoding(1)}
END
`

// TestOERRoundTripDEROpen runs TestCorpusOERRoundTrip's round trip over
// derOpenRoundTrip: the drawer writes the DER of the rows' values
// (oerdump's derRow), which the dump reads, and the generated codecs
// decode strictly with the union's DER methods and encode to the same
// octets. Every type round-trips, through OER alone (the JER emitter
// refuses extnValue), but the union, drawn within Extension.
func TestOERRoundTripDEROpen(t *testing.T) {
	goTool(t)
	if testing.Short() {
		t.Skip("builds a module with the go command; skipped with -short")
	}
	harness, err := os.ReadFile("testdata/oer/roundtrip.go.txt")
	if err != nil {
		t.Fatal(err)
	}
	set := model.Check(model.Source{Name: "x.asn", Src: []byte(derOpenRoundTrip)})
	if err := set.Diags.Err(); err != nil {
		t.Fatal(err)
	}
	out, passed, _, _ := oerRoundTrip(t, set, 200, harness)
	for _, l := range out.left {
		t.Log("left out: " + l)
	}
	if len(out.left) != 1 || passed != len(out.drawn) || !slices.Contains(out.drawn, "y.Extension") || !slices.Contains(out.drawn, "y.Extensions") {
		t.Errorf("%d types drawn (%v), %d round-trip, %d left out; want all but the union", len(out.drawn), out.drawn, passed, len(out.left))
	}
}

// roundTripPackage is a package of the harness: its name, the plan it is
// generated from and its files.
type roundTripPackage struct {
	name  string
	p     *plan.Plan
	files []File
}

// roundTripPackages generates the packages of set for the harness: x,
// every type with -codecs oer,jer; or, when the JER emitter refuses a
// type, x with the types that do not reach one it refuses (found by
// refusal after refusal) and y, every type with -codecs oer alone.
// noJER lists what the JER emitter refuses.
func roundTripPackages(t *testing.T, set *model.Set) (pkgs []roundTripPackage, noJER string) {
	p, err := plan.New(set, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	files, err := Generate(set, Config{Package: "x", Codecs: plan.Codecs{OER: true, JER: true}})
	if err == nil {
		return []roundTripPackage{{"x", p, files}}, ""
	}
	const pre = "asn1gen: -codecs jer: "
	if !strings.HasPrefix(err.Error(), pre) {
		t.Fatal(err)
	}
	// The types refused, by ASN.1 name, and the roots that reach none.
	refused := map[string]bool{}
	var refusals []string
	for len(refusals) < 20 && err != nil && strings.HasPrefix(err.Error(), pre) {
		msg := strings.TrimPrefix(err.Error(), pre)
		refusals = append(refusals, msg)
		name, _, _ := strings.Cut(msg, ":")
		name, _, _ = strings.Cut(name, ".")
		if refused[name] {
			break // no progress
		}
		refused[name] = true
		var roots []string
		for _, m := range set.Modules {
			for _, a := range m.Assignments {
				if gt := p.ByAsg[a]; a.Kind == model.KindType && gt != nil && !reachesASN1(gt, refused) {
					roots = append(roots, m.Name+"."+a.Name)
				}
			}
		}
		if len(roots) == 0 {
			break
		}
		files, err = Generate(set, Config{Package: "x", Codecs: plan.Codecs{OER: true, JER: true}, Roots: roots})
		if err == nil {
			px, err := plan.New(set, roots, nil)
			if err != nil {
				t.Fatal(err)
			}
			pkgs = append(pkgs, roundTripPackage{"x", px, files})
		}
	}
	files, err = Generate(set, Config{Package: "y", Codecs: plan.Codecs{OER: true}})
	if err != nil {
		t.Fatal(err)
	}
	return append(pkgs, roundTripPackage{"y", p, files}), strings.Join(refusals, "; ")
}

// reachesASN1 reports whether gt is, holds or uses (through its fields,
// elements, bases and the rows of its open types) a type whose ASN.1
// name is in names.
func reachesASN1(gt *plan.Type, names map[string]bool) bool {
	seen := map[*plan.Type]bool{}
	var walk func(gt *plan.Type) bool
	walk = func(gt *plan.Type) bool {
		if gt == nil || seen[gt] {
			return false
		}
		seen[gt] = true
		if names[gt.ASN1] {
			return true
		}
		fields := slices.Clone(gt.Fields)
		if gt.Elem != nil {
			fields = append(fields, gt.Elem)
		}
		if gt.Union != nil {
			for _, r := range gt.Union.Rows {
				if r.Field != nil {
					fields = append(fields, r.Field)
				}
			}
		}
		for _, f := range fields {
			if walk(f.Named) {
				return true
			}
			if f.Union != nil && walk(f.Union.Type) {
				return true
			}
		}
		return walk(gt.Base) || walk(gt.Alias)
	}
	return walk(gt)
}

// drawnSet is what drawCorpusSet drew: the types, the qualified Go names
// of those drawn, the types left out with the reason, and the reasons
// counted.
type drawnSet struct {
	types int
	// untyped counts the types drawn without TypedRows only: they hold
	// an open type of a table without a row with a type.
	untyped int
	drawn   []string
	left    []string
	why     map[string]int
}

// drawCorpusSet draws n encodings of each type that p declares with
// methods of its own (an open type's union is drawn within its SEQUENCE)
// but those done (by ASN.1 identity) in a package before, checks
// each with the schema dump, and returns them as the harness's input
// (lines of the Go name qualified by pkg, "jer" or "oer" for an encoding
// not to go through JER, and the hex) with its registry. last: the
// package has every type, which out counts.
func drawCorpusSet(t *testing.T, p *plan.Plan, n int, pkg string, out *drawnSet, done map[string]bool, last bool) (lines, registry []string) {
	s := oerdump.New(p)
	leave := func(gt *plan.Type, why string) {
		out.left = append(out.left, gt.ASN1+" ("+gt.Name+"): "+why)
		// Counted by the construct, without the field that has it.
		if i := strings.LastIndex(why, ": "); i >= 0 {
			why = why[i+2:]
		}
		out.why[why]++
	}
	for _, g := range p.Groups() {
		for _, gt := range g.Types {
			if gt.Alias != nil || gt.Pkg != "" {
				continue
			}
			key := gt.Key // the type's ASN.1 identity, whatever its Go name
			if key == "" {
				key = g.Module + "." + gt.Name
			}
			if last {
				out.types++
			}
			if done[key] {
				continue
			}
			done[key] = true
			if gt.Union != nil {
				if last {
					leave(gt, "an open type's union, drawn within the SEQUENCE that holds its key")
				} else {
					delete(done, key) // counted with the last package
				}
				continue
			}
			h := fnv.New64a()
			h.Write([]byte(key))
			rnd := rand.New(rand.NewPCG(h.Sum64(), 1))
			name := pkg + "." + gt.Name
			var got []string
			var why string
			typed := true
			for i := 0; i < n && why == ""; i++ {
				// Every other draw with TypedRows: those go through JER
				// too; the others may hold the octets of keys a table
				// does not list, which JER cannot write.
				opts := &oerdump.DrawOptions{TypedRows: typed && i%2 == 1}
				var b []byte
				var err error
				for try := 0; try < 5; try++ {
					if b, err = s.Draw(gt, rnd, opts); err == nil || errors.Is(err, oerdump.ErrNotDrawn) {
						break
					}
				}
				if err != nil && opts.TypedRows && errors.Is(err, oerdump.ErrNotDrawn) {
					typed = false
					out.untyped++
					i--
					continue
				}
				if err != nil {
					why = err.Error()
					break
				}
				res := s.Decode(b, gt, &oerdump.Options{Canonical: true})
				if len(res.Issues) > 0 {
					t.Errorf("%s: the dump reads the drawn %x with issues: %+v", gt.ASN1, b, res.Issues[0])
					why = "the dump disagrees with the drawer"
					break
				}
				mode := "jer"
				if !opts.TypedRows {
					mode = "oer"
				}
				got = append(got, name+" "+mode+" "+hex.EncodeToString(b))
			}
			if why != "" {
				leave(gt, why)
				continue
			}
			out.drawn = append(out.drawn, name)
			lines = append(lines, got...)
			registry = append(registry, fmt.Sprintf("%q: func() oer.Value { return new(%s) },", name, name))
		}
	}
	return lines, registry
}

// TestCorpusOERDraw is the first half of TestCorpusOERRoundTrip, without
// generating or building: it draws 5 encodings of every type of every
// corpus set (the 3GPP ones included) and reads each with the OER dump in
// canonical mode, which must find no issue, and checks that the types
// drawn are those TestCorpusOERRoundTrip pins. It needs $ASN1GEN_CORPUS
// and is skipped with -short.
func TestCorpusOERDraw(t *testing.T) {
	root := os.Getenv("ASN1GEN_CORPUS")
	if root == "" {
		t.Skip("ASN1GEN_CORPUS not set")
	}
	if testing.Short() {
		t.Skip("plans every corpus module set; skipped with -short")
	}
	for _, c := range oerCorpusSets() {
		t.Run(c.pkg, func(t *testing.T) {
			set := c.load(t, root)
			p, err := plan.New(set, nil, nil)
			if err != nil {
				t.Fatal(err)
			}
			out := &drawnSet{why: map[string]int{}}
			drawCorpusSet(t, p, 5, "x", out, map[string]bool{}, true)
			t.Logf("%s: %d types, %d drawn, %d left out", c.name, out.types, len(out.drawn), len(out.left))
			if pin, ok := oerRoundTripPins[c.pkg]; ok && (pin[0] != len(out.drawn) || pin[2] != len(out.left)) {
				t.Errorf("%d types drawn and %d left out, pinned at %d and %d", len(out.drawn), len(out.left), pin[0], pin[2])
			}
		})
	}
}

// oerCorpusSet is a module set of TestCorpusOERRoundTrip and
// TestCorpusOERDraw: its pin, its name and how it is loaded.
type oerCorpusSet struct {
	pkg, name string
	load      func(t *testing.T, root string) *model.Set
}

// oerCorpusSets are corpusSets and x509Extensions.
func oerCorpusSets() []oerCorpusSet {
	var sets []oerCorpusSet
	for _, c := range corpusSets {
		sets = append(sets, oerCorpusSet{c.pkg, c.name, func(t *testing.T, root string) *model.Set {
			return loadCorpusSet(t, root, c.paths, c.anyMap)
		}})
	}
	return append(sets, oerCorpusSet{"x509ext", "X.509 2016, ExtensionSet filled", func(t *testing.T, root string) *model.Set {
		return loadPatchedSet(t, root, []string{"itu-x500/ITUT_X509_2016-10"}, "", x509Extensions)
	}})
}

// x509ExtensionObjects are the extensions that X.509 2016's
// CertificateExtensions module defines.
var x509ExtensionObjects = []string{
	"aAissuingDistributionPoint", "authorityKeyIdentifier", "authorizationValidation", "baseUpdateTime",
	"basicConstraints", "cRLDistributionPoints", "cRLNumber", "cRLStreamIdentifier", "certificateIssuer",
	"certificatePolicies", "crlScope", "deltaCRLIndicator", "deltaInfo", "expiredCertsOnCRL", "extKeyUsage",
	"freshestCRL", "holdInstructionCode", "inhibitAnyPolicy", "invalidityDate", "issuerAltName",
	"issuingDistributionPoint", "keyUsage", "nameConstraints", "orderedList", "policyConstraints",
	"policyMappings", "privateKeyUsagePeriod", "reasonCode", "revokedGroups", "statusReferrals",
	"subjectAltName", "subjectDirectoryAttributes", "subjectKeyIdentifier", "toBeRevoked",
}

// x509Extensions patches AuthenticationFramework, whose ExtensionSet X.509
// 2016 leaves to the specifications that use it ({...}), to list the
// extensions of CertificateExtensions (imported from it), as a profile
// would: Extension.extnValue, an OCTET STRING (CONTAINING
// EXTENSION.&ExtnType({ExtensionSet}{@extnId}) ENCODED BY der), then has
// rows, the DER of whose values the OER codecs read and write.
func x509Extensions(t *testing.T, name string, src []byte) []byte {
	if filepath.Base(name) != "AuthenticationFramework.asn" {
		return src
	}
	const set, imports = "ExtensionSet EXTENSION ::= {...}", "CertificatePairExactAssertion\n      FROM CertificateExtensions certificateExtensions"
	s := string(src)
	if strings.Count(s, set) != 1 || strings.Count(s, imports) != 1 {
		t.Fatalf("%s: no %q or no %q to patch", name, set, imports)
	}
	s = strings.Replace(s, set, "ExtensionSet EXTENSION ::= { "+strings.Join(x509ExtensionObjects, " | ")+", ... }", 1)
	s = strings.Replace(s, imports, "CertificatePairExactAssertion, "+strings.Join(x509ExtensionObjects, ", ")+"\n      FROM CertificateExtensions certificateExtensions", 1)
	return []byte(s)
}

// TestOERSameTypes checks the sets whose round trip
// TestCorpusOERRoundTrip takes from an earlier one: those that hold its
// modules and more that define no type and that no module imports (as
// X.500 2016 holds X.509 2016's and UpperBounds).
func TestOERSameTypes(t *testing.T) {
	const (
		a      = "A DEFINITIONS ::= BEGIN T ::= INTEGER (0..ub) ub INTEGER ::= 5 END\n"
		a2     = "A DEFINITIONS ::= BEGIN T ::= INTEGER (0..ub) ub INTEGER ::= 6 END\n"
		values = "B DEFINITIONS ::= BEGIN ub INTEGER ::= 9 v BOOLEAN ::= TRUE END\n"
		types  = "C DEFINITIONS ::= BEGIN U ::= BOOLEAN END\n"
		vset   = "D DEFINITIONS ::= BEGIN S INTEGER ::= { 1 | 2 } END\n"
		uses   = "E DEFINITIONS ::= BEGIN IMPORTS ub FROM B; w INTEGER ::= ub END\n"
	)
	load := func(t *testing.T, texts ...string) *model.Set {
		t.Helper()
		var srcs []model.Source
		for i, s := range texts {
			srcs = append(srcs, model.Source{Name: fmt.Sprintf("m%d.asn", i), Src: []byte(s)})
		}
		set := model.Check(srcs...)
		if err := set.Diags.Err(); err != nil {
			t.Fatal(err)
		}
		return set
	}
	first := load(t, a)
	ran := []oerRan{{name: "first", keys: moduleKeys(first), types: 1}}
	for _, tc := range []struct {
		name  string
		texts []string
		extra []string // nil: not the same types
	}{
		{"values only", []string{values, a}, []string{"B"}},
		{"a type more", []string{a, types}, nil},
		{"a value set more", []string{a, vset}, nil},
		{"values imported", []string{a, values, uses}, nil},
		{"a module changed", []string{a2, values}, nil},
		{"the same modules", []string{a}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			set := load(t, tc.texts...)
			r, extra := oerSameTypes(set, moduleKeys(set), ran)
			if (r != nil) != (tc.extra != nil) {
				t.Fatalf("same types as %v, want %v", r, tc.extra != nil)
			}
			if diff := cmp.Diff(tc.extra, extra); diff != "" {
				t.Errorf("modules more (-want +got):\n%s", diff)
			}
		})
	}
}

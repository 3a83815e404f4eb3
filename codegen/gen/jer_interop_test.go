package gen

import (
	"bufio"
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/asn1gen/asn1gen/codegen/emit/jercodec"
	"github.com/asn1gen/asn1gen/codegen/emit/oercodec"
	"github.com/asn1gen/asn1gen/codegen/model"
	"github.com/asn1gen/asn1gen/codegen/plan"
	"github.com/dave/jennifer/jen"
)

// jerSet is a module set that jerInterop exchanges with Erlang's asn1ct.
type jerSet struct {
	set   *model.Set
	count int // values drawn per type
	// oer adds the OER codecs to the package and, to each value the
	// generated code decodes from asn1ct's JER, the round trip
	// MarshalOER, strict (COER) decode, same octets and same JER again.
	oer bool
	// use says whether the type assignment name (of module mod) is
	// exchanged: "ok", or why not, logged and counted ("" for silence).
	use func(mod, name string) string
	// partial: a module asn1ct cannot compile leaves its types out,
	// counted, instead of failing the test.
	partial bool
}

// Reasons jerInterop leaves a type out for, besides jerSet.use's.
const (
	jerNoCompile     = "asn1ct (5.0.21) cannot compile its module"
	jerNoDraw        = "asn1ct draws no value it encodes in JER"
	jerTooBig        = "asn1ct draws values too big to exchange (8 MB of heap or 64 KB of JSON: the lists of recursive types)"
	jerBoolItem      = "an ENUMERATED item true or false, which asn1ct (5.0.21) writes as a JSON literal, not as a string (X.697 22)"
	jerNoType        = "no Go type of its own (an open type's union, or no type in the plan)"
	jerRefused       = "the JER or OER emitter refuses it, or a type it uses"
	jerContaining    = "a string CONTAINING a type, which asn1ct (5.0.21) writes as its octets, not as {\"containing\": value} (X.697 24, 25)"
	jerContainingDER = "a string CONTAINING a type ENCODED BY der, whose octets asn1ct (5.0.21) draws at random, not as the DER of a value of the type"
	jerExternal      = "an EXTERNAL, which asn1ct (5.0.21) writes as X.690 8.18.1's sequence (direct-reference, indirect-reference, data-value-descriptor, encoding), not as X.680 37.5's associated type (identification, data-value-descriptor, data-value)"
	// ASN1_OPEN_TYPE in asn1ct's JER: the octets of the value as a
	// string, which asn1ct:value draws as "\n\topen_type".
	jerOpenType = "an open type with a table, whose value asn1ct (5.0.21) writes in JER as a string of octets, not as the JSON of the value its key selects (X.697 41)"
)

// jerTally is what jerInterop did, by type ("Module.Type"): the types
// exchanged, and those left out with the reason.
type jerTally struct {
	exchanged []string
	left      map[string]string
}

// jerInterop generates the package of js.set with -codecs jer (and oer
// with js.oer), builds the harness over it (testdata/jer/harness.go.txt),
// compiles each module with erlc -bjer (jerCompile) and runs the driver
// (testdata/jer/driver.escript) on the type assignments js.use accepts:
// per type, asn1ct draws values and encodes them, the generated code
// decodes and re-encodes them, the two JSON texts must be the same JSON
// value, and asn1ct must decode the Go text to the same value. Types
// with a string CONTAINING a type (asn1ct ignores contents constraints)
// or an open type with a table are left out, as are those an emitter
// refuses; the package holds the others and what they use. It skips the
// test without erlc and escript and with -short.
func jerInterop(t *testing.T, js jerSet) jerTally {
	t.Helper()
	erlc, escript := erlangTools(t)
	// erlc compiles while the package is generated and built.
	type compiled struct {
		dir    string
		failed map[string]string
		took   time.Duration
		err    error
	}
	erlDone := make(chan compiled, 1)
	start := time.Now()
	go func() {
		dir, failed, err := jerCompile(erlc, js.set)
		erlDone <- compiled{dir, failed, time.Since(start), err}
	}()
	codecs := plan.Codecs{JER: true, OER: js.oer}
	p, err := plan.New(js.set, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	p.Codecs = codecs
	refused := jerRefusedTypes(p, js.oer)
	tally := jerTally{left: map[string]string{}}
	var args, roots []string
	asgs := map[string]*model.Assignment{}
	for _, m := range js.set.Modules {
		for _, a := range m.Assignments {
			if a.Kind != model.KindType || a.Params != nil {
				continue
			}
			gt := p.ByAsg[a]
			why := js.use(m.Name, a.Name)
			var construct string
			switch {
			case why != "ok":
			case gt == nil || gt.Union != nil:
				why = jerNoType
			case walkTypes(gt, func(gt *plan.Type) bool { construct = refused[gt]; return construct != "" }):
				why = jerRefused + ": " + construct
			case reaches(gt, func(f *plan.Field) bool { return boolItem(f.Type) }) || walkTypes(gt, func(gt *plan.Type) bool { return boolItem(gt.Body) }):
				why = jerBoolItem
			case reaches(gt, func(f *plan.Field) bool { return builtinKind(f, model.TypeExternal) }) || walkTypes(gt, func(gt *plan.Type) bool { return bodyKind(gt, model.TypeExternal) }):
				why = jerExternal
			case reaches(gt, func(f *plan.Field) bool { return f.Octets && oercodec.EncodedBy(f) != "" }):
				why = jerContainingDER
			case reaches(gt, func(f *plan.Field) bool { return f.Octets }):
				why = jerContaining
			case reaches(gt, func(f *plan.Field) bool { return f.Union != nil }):
				why = jerOpenType
			}
			key := m.Name + "." + a.Name
			if why != "ok" {
				if why != "" {
					tally.left[key] = why
				}
				continue
			}
			arg := m.Name + ":" + a.Name
			args = append(args, arg)
			roots = append(roots, key)
			asgs[arg] = a
		}
	}
	bin := jerHarness(t, js.set, roots, args, asgs, codecs)
	built := time.Since(start)
	erl := <-erlDone
	if erl.err != nil {
		t.Fatal(erl.err)
	}
	// The types of the modules asn1ct cannot compile.
	var exchanged []string
	for _, arg := range args {
		mod, name, _ := strings.Cut(arg, ":")
		if why := erl.failed[mod]; why != "" {
			if !js.partial {
				t.Fatalf("erlc -bjer %s.asn: %s", mod, why)
			}
			tally.left[mod+"."+name] = jerNoCompile
			continue
		}
		exchanged = append(exchanged, arg)
	}
	for mod, why := range erl.failed {
		t.Logf("asn1ct cannot compile %s: %s", mod, why)
	}
	driver, err := filepath.Abs("testdata/jer/driver.escript")
	if err != nil {
		t.Fatal(err)
	}
	ok := map[string]bool{}
	var slow []jerTime
	start = time.Now()
	if len(exchanged) > 0 {
		cmd := exec.Command(escript, append([]string{driver, erl.dir, bin, strconv.Itoa(js.count)}, exchanged...)...)
		cmd.Stderr = os.Stderr
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("driver: %v\n%s", err, head(string(out), 40))
		}
		sc := bufio.NewScanner(strings.NewReader(string(out)))
		sc.Buffer(nil, 1<<24)
		for sc.Scan() {
			line := sc.Text()
			switch f := strings.Fields(line); {
			case len(f) >= 2 && f[0] == "ok":
				ok[f[1]] = true
				if len(f) >= 4 {
					ms, _ := strconv.Atoi(strings.TrimSuffix(f[3], "ms"))
					slow = append(slow, jerTime{f[1], ms})
				}
			case len(f) >= 2 && f[0] == "skip":
				arg := strings.TrimSuffix(f[1], ":")
				ok[arg] = true
				why := jerNoDraw
				if strings.Contains(line, "too big") {
					why = jerTooBig
				}
				tally.left[strings.Replace(arg, ":", ".", 1)] = why
				t.Log(line)
			case len(f) > 0 && f[0] == "FAIL":
				if len(line) > 4000 {
					line = line[:4000] + "..."
				}
				t.Error(line)
			}
		}
	}
	for _, arg := range exchanged {
		key := strings.Replace(arg, ":", ".", 1)
		switch {
		case !ok[arg]:
			t.Errorf("%s: not ok", arg)
		case tally.left[key] == "":
			tally.exchanged = append(tally.exchanged, key)
		}
	}
	reasons := map[string]int{}
	for key, why := range tally.left {
		reasons[why]++
		if why != jerNoCompile && why != jerNoDraw && why != jerTooBig {
			t.Logf("%s left out: %s", key, why)
		}
	}
	slices.SortFunc(slow, func(a, b jerTime) int { return b.ms - a.ms })
	t.Logf("erlc %v (%s), generate and go build %v, driver %v (slowest: %v)", erl.took.Round(time.Second), erl.dir,
		built.Round(time.Second), time.Since(start).Round(time.Second), slow[:min(len(slow), 5)])
	t.Logf("%d types exchanged, %d values each; %d left out:%s", len(tally.exchanged), js.count, len(tally.left), oerTable(reasons))
	return tally
}

// jerTime is the time the driver took over the values of a type.
type jerTime struct {
	arg string
	ms  int
}

func (j jerTime) String() string { return fmt.Sprintf("%s %dms", j.arg, j.ms) }

// jerRefusedTypes returns the types of p whose JER codecs (and OER
// codecs with oer) the emitters refuse, emitted one at a time, with the
// error.
func jerRefusedTypes(p *plan.Plan, oer bool) map[*plan.Type]string {
	refused := map[*plan.Type]string{}
	for _, g := range p.Groups() {
		for _, gt := range g.Types {
			je := jercodec.New(p)
			je.Type(jen.NewFile("m"), gt)
			err := je.Err()
			if err == nil && oer {
				oe := oercodec.New(p)
				oe.Type(jen.NewFile("m"), gt)
				err = oe.Err()
			}
			if err != nil {
				// The construct, without the codec and the type.
				c := strings.TrimSuffix(err.Error(), " is not supported by the JER emitter yet")
				c = strings.TrimSuffix(c, " is not supported by the OER emitter yet")
				if i := strings.LastIndex(c, ": "); i >= 0 {
					c = c[i+2:]
				}
				refused[gt] = c
			}
		}
	}
	return refused
}

// jerHarness generates the package of the types roots of set with
// codecs and builds the harness over it, with the registry of the types
// args (Module:Type), whose assignments are asgs, and returns the
// harness binary.
func jerHarness(t *testing.T, set *model.Set, roots, args []string, asgs map[string]*model.Assignment, codecs plan.Codecs) string {
	t.Helper()
	dir := t.TempDir()
	bin := filepath.Join(dir, "harness")
	if len(roots) == 0 {
		return bin // nothing to exchange: the driver does not run
	}
	files, err := Generate(set, Config{Package: "x", Codecs: codecs, Roots: roots})
	if err != nil {
		t.Fatal(err)
	}
	writeModule(t, dir, "example.com/jertest")
	for _, f := range files {
		writeFile(t, filepath.Join(dir, "x", f.Name), f.Content)
	}
	harness, err := os.ReadFile("testdata/jer/harness.go.txt")
	if err != nil {
		t.Fatal(err)
	}
	// The Go names are those of the plan of the roots, as Generate's.
	p, err := plan.New(set, roots, nil)
	if err != nil {
		t.Fatal(err)
	}
	var registry, noOER []string
	setOf := map[string][]int{}
	for _, arg := range args {
		gt := p.ByAsg[asgs[arg]]
		registry = append(registry, fmt.Sprintf("%q: func() value { return new(x.%s) },", arg, gt.Name))
		setOf[arg] = setOfLevels(gt)
		if heldAsText(gt) {
			noOER = append(noOER, fmt.Sprintf("%q: true,", arg))
		}
	}
	// The identifiers of the DEFAULT components, which asn1ct writes and
	// the Go encoder leaves out when they hold their default value, and
	// the SET OF levels of the components' types, by identifier (their
	// union where identifiers are shared).
	defaults := map[string]bool{}
	for _, gt := range p.Types {
		for _, f := range gt.Fields {
			if f.Comp != nil && f.Comp.Default != nil {
				defaults[fmt.Sprintf("%q: true,", f.ASN1)] = true
			}
			for _, d := range setOfLevels(f.Named) {
				if !slices.Contains(setOf[f.ASN1], d) {
					setOf[f.ASN1] = append(setOf[f.ASN1], d)
				}
			}
		}
	}
	var defs, levels []string
	for d := range defaults {
		defs = append(defs, d)
	}
	for k, lv := range setOf {
		if len(lv) > 0 {
			slices.Sort(lv)
			levels = append(levels, fmt.Sprintf("%q: %#v,", k, lv))
		}
	}
	sort.Strings(defs)
	sort.Strings(levels)
	main := strings.Replace(string(harness), "\"github.com/asn1gen/asn1gen/runtime/oer\"",
		"\"example.com/jertest/x\"\n\t\"github.com/asn1gen/asn1gen/runtime/oer\"", 1) +
		"\nvar types = map[string]func() value{\n" + strings.Join(registry, "\n") + "\n}\n" +
		"\nvar defaults = map[string]bool{\n" + strings.Join(defs, "\n") + "\n}\n" +
		"\nvar setOf = map[string][]int{\n" + strings.Join(levels, "\n") + "\n}\n" +
		"\nvar noOER = map[string]bool{\n" + strings.Join(noOER, "\n") + "\n}\n" +
		fmt.Sprintf("\nconst checkOER = %t\n", codecs.OER)
	writeFile(t, filepath.Join(dir, "main.go"), []byte(main))
	if out, _, err := runGo(t, dir, "build", "-o", bin, "."); err != nil {
		t.Fatalf("go build: %v\n%s", err, head(out, 40))
	}
	return bin
}

// jerCompile compiles each module of set with erlc -bjer as an Erlang
// module of its name, in the order of their imports, and jsx.erl (the
// JSON codec asn1ct's JER code calls), in a directory under
// os.TempDir() named by the hash of what goes in (the modules' texts,
// jsx.erl, the asn1 application's version): a later run with the same
// input reuses it. It returns the directory and the modules erlc
// rejects, with the first line of erlc's complaint. asn1ct (5.0.21) has
// no WITH SUCCESSORS or WITH DESCENDANTS (X.680 13.19) on an import:
// they are taken out of the texts it gets, which changes which OIDs
// match, not a type.
func jerCompile(erlc string, set *model.Set) (string, map[string]string, error) {
	jsx, err := os.ReadFile("testdata/jer/jsx.erl")
	if err != nil {
		return "", nil, err
	}
	real, err := filepath.EvalSymlinks(erlc)
	if err != nil {
		return "", nil, err
	}
	asn1, _ := filepath.Glob(filepath.Join(filepath.Dir(real), "../lib/asn1-*"))
	mods := moduleOrder(set)
	texts := map[string][]byte{}
	h := sha256.New()
	fmt.Fprintf(h, "jer 1\n%s\n%q\n", jsx, asn1)
	successors := regexp.MustCompile(`WITH (SUCCESSORS|DESCENDANTS)`)
	for _, m := range mods {
		// asn1ct finds a module in the file of its name.
		src, md := set.SourceText(m.File), m.AST
		if md.End.Offset <= md.Pos.Offset || md.End.Offset > len(src) {
			return "", nil, fmt.Errorf("%s: no text of module %s", m.File, m.Name)
		}
		text := string(src[md.Pos.Offset:md.End.Offset]) + "END\n" // End is where END is
		texts[m.Name] = successors.ReplaceAll([]byte(text), nil)
		fmt.Fprintf(h, "%s %d\n%s\n", m.Name, len(texts[m.Name]), texts[m.Name])
	}
	dir := filepath.Join(os.TempDir(), "asn1gen-jer-"+hex.EncodeToString(h.Sum(nil))[:20])
	if _, err := os.Stat(filepath.Join(dir, "failed.txt")); err == nil {
		failed, err := readFailed(dir)
		return dir, failed, err
	}
	tmp, err := os.MkdirTemp(os.TempDir(), "asn1gen-jer-tmp")
	if err != nil {
		return "", nil, err
	}
	defer os.RemoveAll(tmp)
	if err := os.WriteFile(filepath.Join(tmp, "jsx.erl"), jsx, 0o644); err != nil {
		return "", nil, err
	}
	if out, err := erlcIn(tmp, erlc, "jsx.erl"); err != nil {
		return "", nil, fmt.Errorf("erlc jsx.erl: %v\n%s", err, out)
	}
	for name, text := range texts {
		if err := os.WriteFile(filepath.Join(tmp, name+".asn"), text, 0o644); err != nil {
			return "", nil, err
		}
	}
	// In the order of the imports, and again while a pass compiles one
	// more (modules that import each other).
	failed := map[string]string{}
	todo := mods
	for progress := true; progress && len(todo) > 0; {
		progress = false
		var left []*model.Module
		for _, m := range todo {
			out, err := erlcIn(tmp, erlc, "-bjer", "-I", ".", m.Name+".asn")
			if err != nil {
				failed[m.Name] = firstLine(out, err)
				left = append(left, m)
				continue
			}
			delete(failed, m.Name)
			progress = true
		}
		todo = left
	}
	var lines []string
	for m, why := range failed {
		lines = append(lines, m+"\t"+why+"\n")
	}
	sort.Strings(lines)
	if err := os.WriteFile(filepath.Join(tmp, "failed.txt"), []byte(strings.Join(lines, "")), 0o644); err != nil {
		return "", nil, err
	}
	if err := os.Rename(tmp, dir); err != nil {
		if _, serr := os.Stat(filepath.Join(dir, "failed.txt")); serr != nil {
			return "", nil, err
		}
		// Another run made it first.
	}
	return dir, failed, nil
}

// readFailed reads the failed.txt of a directory jerCompile made.
func readFailed(dir string) (map[string]string, error) {
	b, err := os.ReadFile(filepath.Join(dir, "failed.txt"))
	if err != nil {
		return nil, err
	}
	failed := map[string]string{}
	for line := range strings.Lines(string(b)) {
		m, why, _ := strings.Cut(strings.TrimSuffix(line, "\n"), "\t")
		failed[m] = why
	}
	return failed, nil
}

// erlcIn runs erlc with args in dir.
func erlcIn(dir, erlc string, args ...string) (string, error) {
	cmd := exec.Command(erlc, args...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// firstLine is the first line of erlc's output that says what is wrong
// (not one of its notices of renamed definitions), or err.
func firstLine(out string, err error) string {
	for line := range strings.Lines(out) {
		line = strings.TrimSpace(line)
		if line != "" && !strings.HasPrefix(line, "NOTICE") && !strings.HasPrefix(line, "Due to") {
			return line
		}
	}
	return err.Error()
}

// moduleOrder returns the modules of set, each after those it imports
// from (but in a cycle).
func moduleOrder(set *model.Set) []*model.Module {
	var out []*model.Module
	seen := map[*model.Module]bool{}
	var visit func(m *model.Module)
	visit = func(m *model.Module) {
		if seen[m] {
			return
		}
		seen[m] = true
		for _, im := range m.Imports {
			if im.Module != nil {
				visit(im.Module)
			}
		}
		out = append(out, m)
	}
	for _, m := range set.Modules {
		visit(m)
	}
	return out
}

// boolItem reports whether t is an ENUMERATED with an item named true or
// false.
func boolItem(t *model.Type) bool {
	if t == nil || t.Underlying().Kind != model.TypeEnumerated {
		return false
	}
	for _, nn := range t.Underlying().NamedNumbers {
		if nn.Name == "true" || nn.Name == "false" {
			return true
		}
	}
	return false
}

// builtinKind reports whether the field f is of the built-in type kind
// written in place.
func builtinKind(f *plan.Field, kind model.TypeKind) bool {
	return f.Named == nil && f.Union == nil && f.Type != nil && f.Type.Underlying().Kind == kind
}

// bodyKind reports whether gt is defined as the built-in type kind.
func bodyKind(gt *plan.Type, kind model.TypeKind) bool {
	return gt.Body != nil && gt.Body.Underlying().Kind == kind
}

// heldAsText reports whether a value of gt may hold an INSTANCE OF or
// EXTERNAL, which the codecs keep as their own encoding: one decoded
// from JER cannot be written in OER.
func heldAsText(gt *plan.Type) bool {
	return reaches(gt, func(f *plan.Field) bool {
		return builtinKind(f, model.TypeInstanceOf) || builtinKind(f, model.TypeExternal)
	}) || walkTypes(gt, func(gt *plan.Type) bool {
		return bodyKind(gt, model.TypeInstanceOf) || bodyKind(gt, model.TypeExternal)
	})
}

// setOfLevels returns the levels of the lists gt is (through the types
// it aliases or constrains) that are SET OF: 0 if gt is one, 1 if its
// elements are, and so on.
func setOfLevels(gt *plan.Type) []int {
	var lv []int
	for d := 0; gt != nil; d++ {
		for gt.Alias != nil || gt.Base != nil && gt.Elem == nil {
			gt = cmp.Or(gt.Alias, gt.Base)
		}
		switch gt.Kind {
		case model.TypeSetOf:
			lv = append(lv, d)
		case model.TypeSequenceOf:
		default:
			return lv
		}
		if gt.Elem == nil {
			return lv
		}
		gt = gt.Elem.Named
	}
	return lv
}

// reaches reports whether gt has a field for which is is true among its
// fields, or its element's, or those of the types they hold.
func reaches(gt *plan.Type, is func(*plan.Field) bool) bool {
	return walkTypes(gt, func(gt *plan.Type) bool {
		if gt.Elem != nil && is(gt.Elem) {
			return true
		}
		for _, f := range gt.Fields {
			if is(f) {
				return true
			}
		}
		return false
	})
}

// walkTypes reports whether is is true of gt or of a type it holds: the
// types of its fields and element, its base and the type it aliases.
func walkTypes(gt *plan.Type, is func(*plan.Type) bool) bool {
	seen := map[*plan.Type]bool{}
	var walk func(gt *plan.Type) bool
	walk = func(gt *plan.Type) bool {
		if gt == nil || seen[gt] {
			return false
		}
		seen[gt] = true
		if is(gt) {
			return true
		}
		for _, f := range gt.Fields {
			if walk(f.Named) {
				return true
			}
		}
		if gt.Elem != nil && walk(gt.Elem.Named) {
			return true
		}
		return walk(gt.Base) || walk(gt.Alias)
	}
	return walk(gt)
}

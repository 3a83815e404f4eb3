package gen

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/asn1gen/asn1gen/codegen/model"
)

// TestPERInterop generates the package of testdata/per/PerTest.asn with
// -per and exchanges random values of each of its types with Erlang's
// asn1ct (erlc -buper and -bper): asn1ct encodes, the generated code
// decodes and re-encodes, and the bytes and the values must be the same
// (testdata/per/driver.escript). It skips without erlc and escript.
func TestPERInterop(t *testing.T) {
	src, err := os.ReadFile("testdata/per/PerTest.asn")
	if err != nil {
		t.Fatal(err)
	}
	perInterop(t, "PerTest", []model.Source{{Name: "PerTest.asn", Src: src}}, nil, 150, func(a string) []string {
		switch a {
		case "V2", "C2":
			return nil // the later versions of V1 and C1
		case "V1", "C1":
			return []string{a, a + "=" + strings.Replace(a, "1", "2", 1)}
		}
		return []string{a}
	})
}

// TestPERInteropRRC is TestPERInterop for the messages of NR RRC (TS
// 38.331) in the shared corpus, UNALIGNED as RRC uses PER and ALIGNED.
// The package of the messages' types takes minutes and gigabytes to
// compile: the test runs only with ASN1GEN_PER_RRC=1.
func TestPERInteropRRC(t *testing.T) {
	if os.Getenv("ASN1GEN_PER_RRC") == "" {
		t.Skip("set ASN1GEN_PER_RRC=1 to exchange NR RRC messages with asn1ct")
	}
	corpus := os.Getenv("ASN1GEN_CORPUS")
	file := filepath.Join(corpus, "modules/telecom/3GPP_NR_RRC_38331/NR-RRC-Definitions.asn")
	src, err := os.ReadFile(file)
	if corpus == "" || err != nil {
		t.Skip("no corpus (ASN1GEN_CORPUS)")
	}
	messages := []string{"BCCH-BCH-Message", "BCCH-DL-SCH-Message", "DL-CCCH-Message", "DL-DCCH-Message",
		"PCCH-Message", "UL-CCCH-Message", "UL-CCCH1-Message", "UL-DCCH-Message"}
	if m := os.Getenv("ASN1GEN_PER_RRC"); m != "1" {
		messages = strings.Split(m, ",") // ASN1GEN_PER_RRC=DL-CCCH-Message,...
	}
	perInterop(t, "NR-RRC-Definitions", []model.Source{{Name: "NR-RRC-Definitions.asn", Src: src}}, messages, 20, func(a string) []string {
		if slices.Contains(messages, a) {
			return []string{a}
		}
		return nil
	})
}

// perInterop generates the package of srcs (the module mod first) with
// -per, restricted to roots if set, builds the harness over it and runs
// the driver on the types args returns for each type assignment of mod.
func perInterop(t *testing.T, mod string, srcs []model.Source, roots []string, count int, args func(string) []string) {
	goTool(t)
	if testing.Short() {
		t.Skip("runs the go command and Erlang; skipped with -short")
	}
	erlc, err := exec.LookPath("erlc")
	if err != nil {
		t.Skip("erlc not installed (apt-get install erlang-asn1 erlang-dev)")
	}
	escript, err := exec.LookPath("escript")
	if err != nil {
		t.Skip("escript not installed")
	}
	set := model.Check(srcs...)
	files, err := Generate(set, Config{Package: "x", PER: true, Roots: roots})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	writeModule(t, dir, "example.com/pertest")
	writeFile(t, filepath.Join(dir, "x", "x.go"), files[0].Content)

	// The harness: testdata/per/harness.go.txt and the registry of the
	// types, with the DEFAULT components (which asn1ct decodes as their
	// value when absent) and the UTF8Strings (which it holds as binaries).
	p, err := newPlan(set, roots, nil)
	if err != nil {
		t.Fatal(err)
	}
	var types, defaults, utf8s, records, driverArgs []string
	isUTF8 := func(t *model.Type) bool {
		u := t.Underlying()
		return u.Kind == model.TypeCharacterString && u.Name == "UTF8String"
	}
	for _, gt := range p.types {
		if (gt.kind == model.TypeSequence || gt.kind == model.TypeSet) && gt.alias == nil {
			records = append(records, fmt.Sprintf("%q: true,", gt.name))
		}
		if gt.body != nil && isUTF8(gt.body) {
			utf8s = append(utf8s, fmt.Sprintf("%q: true,", gt.name))
		}
		for _, f := range gt.fields {
			if f.comp != nil && f.comp.Default != nil {
				defaults = append(defaults, fmt.Sprintf("%q: true,", gt.name+"."+f.name))
			}
			if f.gt == nil && isUTF8(f.t) {
				utf8s = append(utf8s, fmt.Sprintf("%q: true,", gt.name+"."+f.name))
			}
		}
	}
	sort.Strings(defaults)
	sort.Strings(utf8s)
	sort.Strings(records)
	for _, m := range set.Modules {
		if m.Name != mod {
			continue
		}
		for _, a := range m.Assignments {
			if a.Kind != model.KindType {
				continue
			}
			as := args(a.Name)
			if len(as) == 0 {
				continue
			}
			driverArgs = append(driverArgs, as...)
			types = append(types, fmt.Sprintf("%q: func() per.Value { return new(x.%s) },", a.Name, p.named(a).name))
		}
	}
	harness, err := os.ReadFile("testdata/per/harness.go.txt")
	if err != nil {
		t.Fatal(err)
	}
	main := strings.Replace(string(harness), "\"github.com/asn1gen/asn1gen/runtime/der\"", "\"example.com/pertest/x\"\n\t\"github.com/asn1gen/asn1gen/runtime/der\"", 1) +
		"\nvar types = map[string]func() per.Value{\n" + strings.Join(types, "\n") + "\n}\n" +
		"\nvar defaults = map[string]bool{\n" + strings.Join(defaults, "\n") + "\n}\n" +
		"\nvar utf8Strings = map[string]bool{\n" + strings.Join(utf8s, "\n") + "\n}\n" +
		"\nvar records = map[string]bool{\n" + strings.Join(records, "\n") + "\n}\n"
	writeFile(t, filepath.Join(dir, "main.go"), []byte(main))
	bin := filepath.Join(dir, "harness")
	if out, _, err := runGo(t, dir, "build", "-o", bin, "."); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}

	// asn1ct: the module in UNALIGNED, and renamed in ALIGNED, so that
	// one Erlang node loads both.
	erl := filepath.Join(dir, "erl")
	src := string(srcs[0].Src)
	writeFile(t, filepath.Join(erl, mod+".asn"), []byte(src))
	writeFile(t, filepath.Join(erl, mod+"A.asn"), []byte(strings.Replace(src, mod+" DEFINITIONS", mod+"A DEFINITIONS", 1)))
	for _, c := range [][]string{{"-buper", mod + ".asn"}, {"-bper", mod + "A.asn"}} {
		cmd := exec.Command(erlc, c[0], c[1])
		cmd.Dir = erl
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("erlc %s: %v\n%s", c[0], err, out)
		}
	}
	driver, err := filepath.Abs("testdata/per/driver.escript")
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(escript, append([]string{driver, erl, mod, mod + "A", bin, strconv.Itoa(count)}, driverArgs...)...)
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("driver: %v\n%s", err, out)
	}
	if name := os.Getenv("ASN1GEN_PER_LOG"); name != "" {
		// The whole of the driver's output, whose lines the errors below
		// cut short.
		writeFile(t, name, out)
	}
	ok := map[string]bool{}
	sc := bufio.NewScanner(strings.NewReader(string(out)))
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		line := sc.Text()
		switch f := strings.Fields(line); {
		case len(f) >= 2 && f[0] == "ok":
			ok[f[1]] = true
		case len(f) >= 2 && f[0] == "skip":
			ok[strings.TrimSuffix(f[1], ":")] = true
			t.Log(line)
		case len(f) > 0 && f[0] == "FAIL":
			if len(line) > 4000 {
				line = line[:4000] + "..."
			}
			t.Error(line)
		}
	}
	for _, a := range driverArgs {
		if !ok[strings.SplitN(a, "=", 2)[0]] {
			t.Errorf("%s: not ok", a)
		}
	}
	t.Logf("%d types, %d values each in both variants", len(driverArgs), count)
}

// TestPERUnsupported: what the PER emitter does not handle fails the
// generation with an error naming the type and the construct.
func TestPERUnsupported(t *testing.T) {
	for _, c := range []struct{ asn1, want string }{
		{"T ::= SEQUENCE { r REAL }", "asn1gen: -per: T.r: the type REAL is not supported by the PER emitter yet"},
		{"T ::= GeneralizedTime", "asn1gen: -per: T: the type GeneralizedTime is not supported by the PER emitter yet"},
		{"T ::= INTEGER (-1..18446744073709551615)", "asn1gen: -per: T: an INTEGER range with a bound beyond 64 bits is not supported by the PER emitter yet"},
		{"T ::= SEQUENCE { a OCTET STRING (SIZE(4)) (CONTAINING U) }\nU ::= SEQUENCE { b BOOLEAN }",
			"asn1gen: -per: T.a: OCTET STRING (SIZE ...) (CONTAINING ...) is not supported by the PER emitter yet"},
		{"C ::= CLASS { &id INTEGER UNIQUE, &Type }\nS C ::= { { &id 1, &Type BOOLEAN } }\nT ::= SEQUENCE { id C.&id ({S}), v BIT STRING (CONTAINING C.&Type ({S}{@id})) }",
			"asn1gen: -per: T.v: BIT STRING (CONTAINING an open type) is not supported by the PER emitter yet"},
		{"C ::= CLASS { &id INTEGER UNIQUE, &Type }\nS C ::= { { &id 1, &Type BOOLEAN } }\nT ::= SEQUENCE { id C.&id ({S}), v OCTET STRING (SIZE(1..9)) (CONTAINING C.&Type ({S}{@id})) }",
			"asn1gen: -per: T.v: OCTET STRING (SIZE ...) (CONTAINING an open type) is not supported by the PER emitter yet"},
	} {
		src := "M DEFINITIONS AUTOMATIC TAGS ::= BEGIN\n" + c.asn1 + "\nEND\n"
		set := model.Check(model.Source{Name: "m.asn", Src: []byte(src)})
		if err := set.Diags.Err(); err != nil {
			t.Fatalf("%s: %v", c.asn1, err)
		}
		_, err := Generate(set, Config{Package: "m", PER: true})
		if err == nil || err.Error() != c.want {
			t.Errorf("%s:\n got %v\nwant %s", c.asn1, err, c.want)
		}
		if _, err := Generate(set, Config{Package: "m"}); err != nil {
			t.Errorf("%s: without -per: %v", c.asn1, err)
		}
	}
}

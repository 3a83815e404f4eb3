package gen

import (
	"bufio"
	"errors"
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
	"github.com/asn1gen/asn1gen/codegen/plan"
)

// TestPERInterop generates the package of testdata/per/PerTest.asn with
// -per and exchanges random values of each of its types with Erlang's
// asn1ct (erlc -buper and -bper): asn1ct encodes, the generated code
// decodes and re-encodes, and the bytes and the values must be the same
// (testdata/per/driver.escript). It skips without erlc and escript.
func TestPERInterop(t *testing.T) {
	t.Parallel() // beside the other exchanges with asn1ct: erlangTools
	src, err := os.ReadFile("testdata/per/PerTest.asn")
	if err != nil {
		t.Fatal(err)
	}
	h := perInterop(t, "PerTest", []model.Source{{Name: "PerTest.asn", Src: src}}, nil, 150, func(a string) []string {
		switch a {
		case "V2", "C2":
			return nil // the later versions of V1 and C1
		case "SerialSizedRefs", "NarrowedRef":
			return nil // asn1ct ignores these components' own SIZE (PerTest.asn)
		case "V1", "C1":
			return []string{a, a + "=" + strings.Replace(a, "1", "2", 1)}
		}
		return []string{a}
	})

	// Errors name the type and the field path, as the DER ones do, and
	// the offset in bits (UNALIGNED).
	p := startLines(t, h.bin)
	for _, c := range []struct{ typ, hex, want string }{
		{"Nums", "A0", "ERR decode: asn1: Nums.o at bit 3: "},                           // s is 5; o needs 8 bits, 5 are left
		{"Rec2", "80", "ERR decode: asn1: Rec2.v at bit 1: "},                           // w present; v's length needs 8 bits
		{"List", "00", "ERR decode: asn1: List[0].v at bit 4: "},                        // one Rec2, whose v is cut short
		{"Small", "A000", "ERR decode: asn1: Small at bit 3: 1 octets after the value"}, // trailing data
		// ext absent, fixed 00 00, ranged of 3 octets (10) at bit 19,
		// whose Pair ends 16 bits in: its third octet is left over.
		{"Contained", "000040000000", "ERR decode: asn1: Contained.ranged at bit 35: "},
		// plain absent, fixed 16 zero bits, ranged of 9 bits (000001):
		// no whole number of octets, where its bits start.
		{"BitsContained", "00000200", "ERR decode: asn1: BitsContained.ranged at bit 23: BIT STRING: contained encoding of 9 bits"},
	} {
		if got := p.ask("U " + c.typ + " " + c.hex); !strings.HasPrefix(got, c.want) {
			t.Errorf("%s %s: got %q, want %q...", c.typ, c.hex, got, c.want)
		}
	}
}

// TestPEROpenInterop is TestPERInterop for testdata/per/PerOpen.asn, the
// open types with tables of the 3GPP protocols, whose values the driver
// draws itself (ASN1GEN_PER_DRAW=tables: asn1ct:value does not relate an
// IE's value to its id). Message, Item and Cause decode the values of
// later versions whose object sets have more objects: the IEs they do not
// know stay raw and are written back unchanged.
func TestPEROpenInterop(t *testing.T) {
	src, err := os.ReadFile("testdata/per/PerOpen.asn")
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv("ASN1GEN_PER_DRAW", "tables")
	perInterop(t, "PerOpen", []model.Source{{Name: "PerOpen.asn", Src: src}}, nil, 100, func(a string) []string {
		switch a {
		case "Message", "Item":
			return []string{a, a + "=" + a + "2"}
		case "ProtocolIE-ID", "ProtocolExtensionID", "ProcedureCode", "Criticality", "Presence", "Name",
			"ItemList", "Cause", "Single", "PairMessage", "PDU", "InitiatingMessage", "SuccessfulOutcome",
			"OidValue", "KeyLater":
			return []string{a}
		}
		// The parameterized containers, the later versions of Message and
		// Item, Wrapped and Values: asn1ct holds an OCTET STRING
		// (CONTAINING an open type) as octets, and the elements of a
		// SEQUENCE OF an open type as encodings, not as values of the rows'
		// types.
		return nil
	})
}

// TestPERInteropNGAP is TestPERInterop for NGAP (TS 38.413) in the shared
// corpus, ALIGNED as NGAP uses PER: random NGAP-PDUs and IEs, drawn as in
// TestPEROpenInterop. erlc takes minutes over the six modules and the
// package takes a minute to compile: the test runs only with
// ASN1GEN_PER_NGAP=1 (or a comma-separated list of types).
func TestPERInteropNGAP(t *testing.T) {
	if os.Getenv("ASN1GEN_PER_NGAP") == "" {
		t.Skip("set ASN1GEN_PER_NGAP=1 to exchange NGAP messages with asn1ct")
	}
	corpus := os.Getenv("ASN1GEN_CORPUS")
	dir := filepath.Join(corpus, "modules/telecom/3GPP_NR_NGAP_38413")
	files, err := filepath.Glob(filepath.Join(dir, "*.asn"))
	if corpus == "" || err != nil || len(files) == 0 {
		t.Skip("no corpus (ASN1GEN_CORPUS)")
	}
	var srcs []model.Source
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		srcs = append(srcs, model.Source{Name: filepath.Base(f), Src: b})
	}
	types := []string{"NGAP-PDU", "GlobalRANNodeID", "UserLocationInformation", "PDUSessionResourceSetupRequestTransfer",
		"QosFlowSetupRequestItem", "Cause", "SupportedTAList"}
	if m := os.Getenv("ASN1GEN_PER_NGAP"); m != "1" {
		types = strings.Split(m, ",")
	}
	t.Setenv("ASN1GEN_PER_DRAW", "tables")
	// One Erlang module of the six (asn1ct's .set.asn), ALIGNED only.
	compile := func(erlc, erl string) (string, string, error) {
		if err := os.MkdirAll(erl, 0o755); err != nil {
			return "", "", err
		}
		var names []string
		for _, s := range srcs {
			if err := os.WriteFile(filepath.Join(erl, s.Name), s.Src, 0o644); err != nil {
				return "", "", err
			}
			names = append(names, s.Name)
		}
		if err := os.WriteFile(filepath.Join(erl, "NGAP.set.asn"), []byte(strings.Join(names, "\n")+"\n"), 0o644); err != nil {
			return "", "", err
		}
		cmd := exec.Command(erlc, "-bper", "NGAP.set.asn")
		cmd.Dir = erl
		if out, err := cmd.CombinedOutput(); err != nil {
			return "", "", fmt.Errorf("erlc -bper: %v\n%s", err, out)
		}
		return "-", "NGAP", nil
	}
	perInteropWith(t, "", srcs, nil, 30, func(a string) []string {
		if slices.Contains(types, a) {
			return []string{a}
		}
		return nil
	}, compile)
}

// TestPERInteropETSI is TestPERInterop for the ETSI ITS messages CAM and
// DENM of modules/etsi-its (with the ITS-Container they import),
// UNALIGNED as C-ITS stations send them: asn1ct draws random values,
// encodes them, and the generated code decodes and re-encodes them, and
// the other way round. The three modules are small (erlc takes 3 s), so
// it runs by default, unlike NGAP and NR RRC.
func TestPERInteropETSI(t *testing.T) {
	t.Parallel() // beside the other exchanges with asn1ct: erlangTools
	dir := "../../modules/etsi-its"
	files, err := filepath.Glob(filepath.Join(dir, "*.asn"))
	if err != nil || len(files) != 3 {
		t.Fatalf("%s: %d modules, %v", dir, len(files), err)
	}
	var srcs []model.Source
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		srcs = append(srcs, model.Source{Name: filepath.Base(f), Src: b})
	}
	messages := []string{"CAM", "DENM"}
	// One Erlang module of the three (asn1ct's .set.asn), UNALIGNED only.
	compile := func(erlc, erl string) (string, string, error) {
		if err := os.MkdirAll(erl, 0o755); err != nil {
			return "", "", err
		}
		var names []string
		for _, s := range srcs {
			if err := os.WriteFile(filepath.Join(erl, s.Name), s.Src, 0o644); err != nil {
				return "", "", err
			}
			names = append(names, s.Name)
		}
		if err := os.WriteFile(filepath.Join(erl, "ETSI.set.asn"), []byte(strings.Join(names, "\n")+"\n"), 0o644); err != nil {
			return "", "", err
		}
		cmd := exec.Command(erlc, "-buper", "ETSI.set.asn")
		cmd.Dir = erl
		if out, err := cmd.CombinedOutput(); err != nil {
			return "", "", fmt.Errorf("erlc -buper: %v\n%s", err, out)
		}
		return "ETSI", "-", nil
	}
	perInteropWith(t, "", srcs, nil, 200, func(a string) []string {
		if slices.Contains(messages, a) {
			return []string{a}
		}
		return nil
	}, compile)
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
func perInterop(t *testing.T, mod string, srcs []model.Source, roots []string, count int, args func(string) []string) perHarness {
	return perInteropWith(t, mod, srcs, roots, count, args, nil)
}

// perErl compiles the modules for asn1ct in the directory erl and returns
// the Erlang modules of the UNALIGNED and the ALIGNED variant ("-" for a
// variant not exchanged).
type perErl func(erlc, erl string) (umod, amod string, err error)

// perInteropWith is perInterop with the modules compiled by compile (nil:
// mod, the first of srcs, in both variants); mod "" takes the types of
// every module.
func perInteropWith(t *testing.T, mod string, srcs []model.Source, roots []string, count int, args func(string) []string, compile perErl) perHarness {
	h := buildPERHarness(t, mod, srcs, roots, args, compile)
	driver, err := filepath.Abs("testdata/per/driver.escript")
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(h.escript, append([]string{driver, h.erl, h.umod, h.amod, h.bin, strconv.Itoa(count)}, h.args...)...)
	// The OCTET STRING (CONTAINING ...) components: asn1ct ignores
	// contents constraints and draws random octets for them, which the
	// Go side rejects (see the driver's check/6); NR RRC's DL-CCCH-Message
	// (masterCellGroup of RRCSetup) and DL-DCCH-Message have such fields.
	// generated/nrrrc's TestAsn1ctContainedOctets holds asn1ct's bytes of
	// such messages, and asn1ct's own decode of the octets fails too.
	cmd.Env = append(os.Environ(), "PER_CONTAINING="+strings.Join(h.containing, ","))
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
		case len(f) >= 2 && f[0] == "note":
			t.Log(line)
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
	for _, a := range h.args {
		if !ok[strings.SplitN(a, "=", 2)[0]] {
			t.Errorf("%s: not ok", a)
		}
	}
	t.Logf("%d types, %d values each in both variants", len(h.args), count)
	return h
}

// perHarness is what buildPERHarness makes: the Go harness (bin), the
// directory of the modules compiled by erlc (erl) and their Erlang modules
// of the UNALIGNED and ALIGNED variants (umod, amod), the driver arguments
// of the types (args), the OCTET STRING (CONTAINING ...) components
// (containing) and the escript to run the driver with.
type perHarness struct {
	bin, erl, escript, umod, amod string
	args, containing              []string
}

// buildPERHarness generates the package of srcs (the module mod first)
// with -per, restricted to roots if set, builds the harness over it, and
// compiles the modules with compile (nil: mod in UNALIGNED as mod and in
// ALIGNED as modA). It skips the test without the go command, erlc or
// escript, and with -short.
func buildPERHarness(t *testing.T, mod string, srcs []model.Source, roots []string, args func(string) []string, compile perErl) perHarness {
	erlc, escript := erlangTools(t)
	set := model.Check(srcs...)
	files, err := Generate(set, Config{Package: "x", Codecs: harnessCodecs, Roots: roots})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	writeModule(t, dir, "example.com/pertest")
	for _, f := range files {
		writeFile(t, filepath.Join(dir, "x", f.Name), f.Content)
	}

	// The harness: testdata/per/harness.go.txt and the registry of the
	// types, with the DEFAULT components (which asn1ct decodes as their
	// value when absent) and the UTF8Strings (which it holds as binaries).
	p, err := plan.New(set, roots, nil)
	if err != nil {
		t.Fatal(err)
	}
	var types, defaults, utf8s, records, times, unions, containing, containingComps, driverArgs, namedBits []string
	isUTF8 := func(t *model.Type) bool {
		u := t.Underlying()
		return u.Kind == model.TypeCharacterString && u.Name == "UTF8String"
	}
	// bitNames is the registry entry of a BIT STRING with named bits: its
	// names by bit number ("" where a bit has none).
	bitNames := func(key string, t *model.Type) {
		u := t.Underlying()
		if u.Kind != model.TypeBitString || len(u.NamedNumbers) == 0 {
			return
		}
		var top int64
		for _, nn := range u.NamedNumbers {
			top = max(top, nn.Value)
		}
		names := make([]string, top+1)
		for _, nn := range u.NamedNumbers {
			names[nn.Value] = nn.Name
		}
		namedBits = append(namedBits, fmt.Sprintf("%q: %#v,", key, names))
	}
	for _, gt := range p.Types {
		if gt.Body != nil {
			bitNames(gt.Name, gt.Body)
		}
		if u := gt.Union; u != nil {
			var rows []string
			for _, ue := range u.Rows {
				if ue.Field != nil {
					rows = append(rows, fmt.Sprintf("%d: %q,", ue.Kind.Value, ue.Field.Name))
					if ue.Field.Octets {
						containing = append(containing, fmt.Sprintf("%q: true,", gt.Name+"."+ue.Field.Name))
					}
				}
			}
			unions = append(unions, fmt.Sprintf("%q: {%s},", gt.Name, strings.Join(rows, " ")))
		}
		if (gt.Kind == model.TypeSequence || gt.Kind == model.TypeSet) && gt.Alias == nil {
			records = append(records, fmt.Sprintf("%q: true,", gt.Name))
		}
		if gt.Body != nil && isUTF8(gt.Body) {
			utf8s = append(utf8s, fmt.Sprintf("%q: true,", gt.Name))
		}
		if gt.Body != nil && gt.Body.Underlying().Kind == model.TypeTime {
			times = append(times, fmt.Sprintf("%q: %q,", gt.Name, gt.Body.Underlying().Name))
		}
		for _, f := range gt.Fields {
			if f.Comp != nil && f.Comp.Default != nil {
				defaults = append(defaults, fmt.Sprintf("%q: true,", gt.Name+"."+f.Name))
			}
			if f.Octets {
				containing = append(containing, fmt.Sprintf("%q: true,", gt.Name+"."+f.Name))
			}
			if f.Named == nil && f.Type != nil {
				bitNames(gt.Name+"."+f.Name, f.Type)
			}
			if f.Named == nil && isUTF8(f.Type) {
				utf8s = append(utf8s, fmt.Sprintf("%q: true,", gt.Name+"."+f.Name))
			}
			if f.Named == nil && f.Type.Underlying().Kind == model.TypeTime {
				times = append(times, fmt.Sprintf("%q: %q,", gt.Name+"."+f.Name, f.Type.Underlying().Name))
			}
			if f.Octets && f.Comp != nil && !slices.Contains(containingComps, f.ASN1) {
				containingComps = append(containingComps, f.ASN1)
			}
		}
	}
	sort.Strings(defaults)
	sort.Strings(namedBits)
	sort.Strings(utf8s)
	sort.Strings(records)
	sort.Strings(times)
	sort.Strings(unions)
	sort.Strings(containing)
	containing = slices.Compact(containing) // rows that share a field
	for _, m := range set.Modules {
		if m.Name != mod && mod != "" {
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
			types = append(types, fmt.Sprintf("%q: func() per.Value { return new(x.%s) },", a.Name, p.ByAsg[a].Name))
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
		"\nvar records = map[string]bool{\n" + strings.Join(records, "\n") + "\n}\n" +
		"\nvar times = map[string]string{\n" + strings.Join(times, "\n") + "\n}\n" +
		"\nvar unionFields = map[string]map[int64]string{\n" + strings.Join(unions, "\n") + "\n}\n" +
		"\nvar containing = map[string]bool{\n" + strings.Join(containing, "\n") + "\n}\n" +
		"\nvar namedBits = map[string][]string{\n" + strings.Join(namedBits, "\n") + "\n}\n"
	writeFile(t, filepath.Join(dir, "main.go"), []byte(main))
	// asn1ct: the module in UNALIGNED, and renamed in ALIGNED, so that
	// one Erlang node loads both. erlc takes minutes on NR RRC: both
	// variants compile in the background while the go command builds the
	// harness.
	erl := filepath.Join(dir, "erl")
	if compile == nil {
		compile = func(erlc, erl string) (string, string, error) {
			return mod, mod + "A", compileBothVariants(erlc, erl, mod, srcs[0].Src)
		}
	}
	type compiled struct {
		umod, amod string
		err        error
	}
	erlDone := make(chan compiled, 1)
	go func() {
		u, a, err := compile(erlc, erl)
		erlDone <- compiled{u, a, err}
	}()
	bin := filepath.Join(dir, "harness")
	if out, _, err := runGo(t, dir, "build", "-o", bin, "."); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	done := <-erlDone
	if done.err != nil {
		t.Fatal(done.err)
	}
	umod, amod := done.umod, done.amod
	sort.Strings(containingComps)
	return perHarness{bin: bin, erl: erl, escript: escript, umod: umod, amod: amod, args: driverArgs, containing: containingComps}
}

// erlangTools returns erlc and escript for a test that exchanges values
// with asn1ct, skipping it without them, without the go command and with
// -short.
//
// The tests of make test that exchange values with asn1ct (TestPERInterop,
// TestPERInteropETSI, TestPERAsn1c and the TestJERInterop ones) run in
// parallel: each spends most of its time in processes of one core (erlc,
// the escript driver and the harness it drives, taking turns), and
// codegen/gen's is the last test binary that make test waits for, with
// the other core idle. Two run at a time (go test's -parallel, GOMAXPROCS
// by default); each has its own directories, and jerCompile's cache is
// written by rename.
func erlangTools(t *testing.T) (erlc, escript string) {
	t.Helper()
	goTool(t)
	if testing.Short() {
		t.Skip("runs the go command and Erlang; skipped with -short")
	}
	erlc, err := exec.LookPath("erlc")
	if err != nil {
		t.Skip("erlc not installed (apt-get install erlang-asn1 erlang-dev): no cross-check with asn1ct")
	}
	escript, err = exec.LookPath("escript")
	if err != nil {
		t.Skip("escript not installed: no cross-check with asn1ct")
	}
	return erlc, escript
}

// compileBothVariants compiles the module mod, whose text is src, with
// asn1ct in the directory erl: as mod in UNALIGNED PER (erlc -buper), and
// renamed modA in ALIGNED (erlc -bper), the two at once.
func compileBothVariants(erlc, erl, mod string, src []byte) error {
	if err := os.MkdirAll(erl, 0o755); err != nil {
		return err
	}
	renamed := strings.Replace(string(src), mod+" DEFINITIONS", mod+"A DEFINITIONS", 1)
	if err := os.WriteFile(filepath.Join(erl, mod+".asn"), src, 0o644); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(erl, mod+"A.asn"), []byte(renamed), 0o644); err != nil {
		return err
	}
	errs := make(chan error, 2)
	for _, c := range [][]string{{"-buper", mod + ".asn"}, {"-bper", mod + "A.asn"}} {
		go func() {
			cmd := exec.Command(erlc, c[0], c[1])
			cmd.Dir = erl
			if out, err := cmd.CombinedOutput(); err != nil {
				errs <- fmt.Errorf("erlc %s: %v\n%s", c[0], err, out)
				return
			}
			errs <- nil
		}()
	}
	return errors.Join(<-errs, <-errs)
}

// TestPERUnsupported: what the PER emitter does not handle fails the
// generation with an error naming the type and the construct.
func TestPERUnsupported(t *testing.T) {
	for _, c := range []struct{ asn1, want string }{
		{`T ::= TIME (SETTINGS "Colour=Red")`, `asn1gen: -per: T: TIME (SETTINGS "Colour=Red") is not supported by the PER emitter yet`},
		{"T ::= SEQUENCE { a OCTET STRING (CONTAINING U ENCODED BY { joint-iso-itu-t asn1(1) basic-encoding(1) }) }\nU ::= SEQUENCE { b BOOLEAN }",
			"asn1gen: -per: T.a: CONTAINING ... ENCODED BY is not supported by the PER emitter yet"},
		// A universal tag precedes a context-specific one (X.680 8.6),
		// whatever the order of the classes' constants in the model.
		{"T ::= CHOICE { b [0] BOOLEAN, n INTEGER }", "asn1gen: -per: T: a CHOICE whose alternatives are not in the canonical order of their tags is not supported by the PER emitter yet"},
		{"T ::= SET { b [0] BOOLEAN, n INTEGER }", "asn1gen: -per: T: a SET whose components are not in the canonical order of their tags is not supported by the PER emitter yet"},
		{"T ::= SEQUENCE { p Psid (35) }\nPsid ::= INTEGER (0..MAX)",
			"asn1gen: -per: T.p: a component constraining a named INTEGER held as der.Integer is not supported by the PER emitter yet"},
	} {
		src := "M DEFINITIONS AUTOMATIC TAGS ::= BEGIN\n" + c.asn1 + "\nEND\n"
		set := model.Check(model.Source{Name: "m.asn", Src: []byte(src)})
		if err := set.Diags.Err(); err != nil {
			t.Fatalf("%s: %v", c.asn1, err)
		}
		_, err := Generate(set, Config{Package: "m", Codecs: perCodecs})
		if err == nil || err.Error() != c.want {
			t.Errorf("%s:\n got %v\nwant %s", c.asn1, err, c.want)
		}
		if _, err := Generate(set, Config{Package: "m"}); err != nil {
			t.Errorf("%s: without -per: %v", c.asn1, err)
		}
	}
}

// perCodecs are the codecs of the PER tests that generate without
// building: both variants, and DER, so that a construct PER refuses is
// told from one the package refuses in any codec.
var perCodecs = plan.Codecs{DER: true, APER: true, UPER: true}

// harnessCodecs are the codecs of the interop harnesses' packages: both
// variants and no DER, which the harness does not call (the NR RRC
// package with DER took 2.9 GB to compile).
var harnessCodecs = plan.Codecs{APER: true, UPER: true}

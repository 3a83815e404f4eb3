package gen

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/asn1gen/asn1gen/codegen/model"
)

// TestPERAsn1c cross-checks the UNALIGNED PER of the generated code of
// testdata/per/PerTest.asn with asn1c (asn1c -gen-PER, Debian's 0.9.28;
// the C side is testdata/per/asn1c_driver.c). asn1ct draws random values
// of each type and encodes them (driver.escript dump); for each, the Go
// side decodes and encodes it, asn1c decodes the Go encoding and encodes
// it again, the bytes must be identical, and the Go decode of asn1c's
// bytes must be the value. testdata/per/asn1c.txt lists the types asn1c
// cannot take and the ones where it departs from X.691. It skips without
// asn1c, a C compiler, erlc or escript.
func TestPERAsn1c(t *testing.T) {
	t.Parallel() // beside the other exchanges with asn1ct: erlangTools
	src, err := os.ReadFile("testdata/per/PerTest.asn")
	if err != nil {
		t.Fatal(err)
	}
	notes := readAsn1cNotes(t, "testdata/per/asn1c.txt")
	asn1cCheck(t, "PerTest", src, notes, nil, 100, nil)
}

// TestPERAsn1cRRC is TestPERAsn1c for messages of NR RRC (TS 38.331) in
// the shared corpus, on the part of the module they need (moduleSubset):
// BCCH-BCH-Message, PCCH-Message, UL-CCCH-Message and UL-CCCH1-Message.
// asn1c 0.9.28 cannot take the others: it cannot parse DL-DCCH-Message's
// part (a CHOICE with an extension addition group, which X.680 allows and
// asn1c's grammar does not), and for BCCH-DL-SCH-Message, DL-CCCH-Message
// and UL-DCCH-Message it writes C that does not compile (an instance of a
// parameterized type, SetupRelease { PDCCH-ConfigCommon }, becomes a
// struct without a name). It runs only with ASN1GEN_PER_RRC set (or set
// to a comma-separated list of messages); testdata/per/asn1c-rrc.txt
// holds the notes.
func TestPERAsn1cRRC(t *testing.T) {
	if os.Getenv("ASN1GEN_PER_RRC") == "" {
		t.Skip("set ASN1GEN_PER_RRC=1 to cross-check NR RRC messages with asn1c")
	}
	corpus := os.Getenv("ASN1GEN_CORPUS")
	src, err := os.ReadFile(filepath.Join(corpus, "modules/telecom/3GPP_NR_RRC_38331/NR-RRC-Definitions.asn"))
	if corpus == "" || err != nil {
		t.Skip("no corpus (ASN1GEN_CORPUS)")
	}
	messages := []string{"BCCH-BCH-Message", "MIB", "PCCH-Message", "UL-CCCH-Message", "UL-CCCH1-Message"}
	if m := os.Getenv("ASN1GEN_PER_RRC"); m != "1" {
		messages = strings.Split(m, ",")
	}
	set := model.Check(model.Source{Name: "NR-RRC-Definitions.asn", Src: src})
	sub := moduleSubset(set, "NR-RRC-Definitions", messages)
	notes := readAsn1cNotes(t, "testdata/per/asn1c-rrc.txt")

	// The real messages of testdata/per/nr-rrc.txt of these types go
	// through both sides too.
	real, err := os.ReadFile("../../testdata/per/nr-rrc.txt")
	if err != nil {
		t.Fatal(err)
	}
	var extra []string
	typ := ""
	for _, line := range strings.Split(string(real), "\n") {
		switch {
		case strings.HasPrefix(line, "# type: "):
			typ = strings.TrimPrefix(line, "# type: ")
		case line != "" && !strings.HasPrefix(line, "#"):
			if slices.Contains(messages, typ) {
				extra = append(extra, typ+" "+strings.ToUpper(line))
			}
			typ = ""
		}
	}
	t.Logf("%d real messages of nr-rrc.txt", len(extra))
	asn1cCheck(t, "NR-RRC-Definitions", []byte(sub), notes, messages, 100, extra)
}

// asn1cNotes are the lines of testdata/per/asn1c.txt: the types left out
// and the ones asn1c encodes otherwise than X.691, with the reasons.
type asn1cNotes struct{ skip, differs map[string]string }

func readAsn1cNotes(t *testing.T, name string) asn1cNotes {
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	n := asn1cNotes{skip: map[string]string{}, differs: map[string]string{}}
	for i, line := range strings.Split(string(b), "\n") {
		f := strings.Fields(line)
		if len(f) == 0 || strings.HasPrefix(f[0], "#") {
			continue
		}
		if len(f) < 3 || f[0] != "skip" && f[0] != "differs" {
			t.Fatalf("%s:%d: not \"skip|differs TYPE reason\"", name, i+1)
		}
		reason := strings.Join(f[2:], " ")
		if f[0] == "skip" {
			n.skip[f[1]] = reason
		} else {
			n.differs[f[1]] = reason
		}
	}
	return n
}

// asn1cCheck runs the cross-check on the module mod (src): types, if set,
// are the types to exchange, else every type assignment of mod but the
// skipped ones; count values of each drawn by asn1ct, then the extra
// lines "TYPE HEX" (real messages).
func asn1cCheck(t *testing.T, mod string, src []byte, notes asn1cNotes, types []string, count int, extra []string) {
	asn1c, err := exec.LookPath("asn1c")
	if err != nil {
		t.Skip("asn1c not installed (apt-get install asn1c)")
	}
	cc, err := exec.LookPath("cc")
	if err != nil {
		t.Skip("no C compiler (cc)")
	}
	h := buildPERHarness(t, mod, []model.Source{{Name: mod + ".asn", Src: src}}, types, func(a string) []string {
		if notes.skip[a] != "" || types != nil && !slices.Contains(types, a) {
			return nil
		}
		return []string{a}
	}, nil)

	// asn1ct's values, encoded in UNALIGNED PER.
	driver, err := filepath.Abs("testdata/per/driver.escript")
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(h.escript, append([]string{driver, "dump", h.erl, mod, strconv.Itoa(count)}, h.args...)...)
	cmd.Stderr = os.Stderr
	dump, err := cmd.Output()
	if err != nil {
		t.Fatalf("driver dump: %v", err)
	}

	// asn1c: the module without the skipped types, and the C driver.
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, mod+".asn"), []byte(withoutAssignments(string(src), notes.skip)))
	start := time.Now()
	gen := exec.Command(asn1c, "-gen-PER", "-fcompound-names", "-fno-include-deps", "-pdu=all", mod+".asn")
	gen.Dir = dir
	if out, err := gen.CombinedOutput(); err != nil {
		t.Fatalf("asn1c: %v\n%s", err, out)
	}
	asn1cTime := time.Since(start)
	cdrv, err := filepath.Abs("testdata/per/asn1c_driver.c")
	if err != nil {
		t.Fatal(err)
	}
	ccArgs := []string{"-O1", "-w", "-I.", "-o", "driver", cdrv}
	files, err := filepath.Glob(filepath.Join(dir, "*.c"))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if filepath.Base(f) != "converter-sample.c" {
			ccArgs = append(ccArgs, filepath.Base(f))
		}
	}
	start = time.Now()
	build := exec.Command(cc, append(ccArgs, "-lm")...)
	build.Dir = dir
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("cc: %v\n%s", err, out)
	}
	t.Logf("asn1c: %d C files generated in %v, built in %v", len(files), asn1cTime.Round(time.Millisecond), time.Since(start).Round(time.Millisecond))

	goSide := startLines(t, h.bin)
	cSide := startLines(t, filepath.Join(dir, "driver"))
	exchanged, differed := map[string]int{}, map[string]int{}
	sc := bufio.NewScanner(strings.NewReader(string(dump) + strings.Join(extra, "\n")))
	sc.Buffer(nil, 1<<26)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) != 2 {
			continue
		}
		typ, hex := f[0], f[1]
		fail := func(format string, args ...any) {
			msg := fmt.Sprintf("%s %s: ", typ, short(hex)) + fmt.Sprintf(format, args...)
			if reason := notes.differs[typ]; reason != "" {
				differed[typ]++
				if differed[typ] <= 3 {
					t.Logf("%s (known: %s)", msg, reason)
				}
				return
			}
			t.Error(msg)
		}
		g := strings.Fields(goSide.ask("U " + typ + " " + hex))
		if len(g) != 3 || g[0] != "OK" {
			t.Errorf("%s %s: Go: %s", typ, short(hex), strings.Join(g, " "))
			continue
		}
		goHex, goTerm := g[1], g[2]
		if goHex != hex {
			t.Errorf("%s %s: the Go side re-encodes it as %s", typ, short(hex), short(goHex))
			continue
		}
		c := strings.Fields(cSide.ask(typ + " " + goHex))
		exchanged[typ]++
		if len(c) != 2 || c[0] != "OK" {
			fail("asn1c decoding the Go encoding %s: %s", short(goHex), strings.Join(c, " "))
			continue
		}
		if c[1] != goHex {
			fail("asn1c re-encodes the Go encoding %s as %s", short(goHex), short(c[1]))
			continue
		}
		g2 := strings.Fields(goSide.ask("U " + typ + " " + c[1]))
		if len(g2) != 3 || g2[0] != "OK" || g2[2] != goTerm {
			fail("Go decodes asn1c's %s as %s, not %s", short(c[1]), strings.Join(g2, " "), short(goTerm))
		}
	}
	total := 0
	for _, a := range h.args {
		if exchanged[a] == 0 {
			t.Errorf("%s: no value exchanged", a)
		}
		total += exchanged[a]
	}
	t.Logf("%d types, %d values exchanged with asn1c, %d identical both ways; %d types skipped, %d values differing in the known deviations",
		len(h.args), total, total-sum(differed), len(notes.skip), sum(differed))
	for typ := range notes.differs {
		if slices.Contains(h.args, typ) && differed[typ] == 0 {
			t.Logf("%s: listed as differing in asn1c.txt, but all %d values were identical", typ, exchanged[typ])
		}
	}
}

func sum(m map[string]int) int {
	n := 0
	for _, v := range m {
		n += v
	}
	return n
}

func short(s string) string {
	if len(s) > 200 {
		return s[:200] + "..."
	}
	return s
}

// withoutAssignments returns the module text src without the assignments
// of the names in drop: from the line that starts "Name ::=" (at the start
// of a line, as PerTest.asn writes them) to the next assignment, comment
// line or END.
func withoutAssignments(src string, drop map[string]string) string {
	start := regexp.MustCompile(`^([A-Za-z][\w-]*)\s.*::=`)
	var out []string
	skip := false
	for _, line := range strings.Split(src, "\n") {
		if m := start.FindStringSubmatch(line); m != nil {
			skip = drop[m[1]] != ""
		} else if strings.HasPrefix(line, "--") || strings.HasPrefix(line, "END") {
			skip = false
		}
		if !skip {
			out = append(out, line)
		}
	}
	return strings.Join(out, "\n")
}

// lineProc is a process that answers each line on its stdin with one on
// its stdout.
type lineProc struct {
	in  io.WriteCloser
	out *bufio.Scanner
}

func startLines(t *testing.T, bin string) *lineProc {
	cmd := exec.Command(bin)
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { in.Close(); cmd.Wait() })
	sc := bufio.NewScanner(out)
	sc.Buffer(nil, 1<<26)
	return &lineProc{in: in, out: sc}
}

func (p *lineProc) ask(line string) string {
	if _, err := io.WriteString(p.in, line+"\n"); err != nil {
		return "ERR write: " + err.Error()
	}
	if !p.out.Scan() {
		return "ERR no answer"
	}
	return p.out.Text()
}

// moduleSubset returns the module mod of set cut down to the assignments
// that roots need: the roots and, recursively, every assignment whose
// name occurs in the text of one already taken (a name that is also a
// component's does no harm: it only takes one assignment more).
func moduleSubset(set *model.Set, mod string, roots []string) string {
	var m *model.Module
	for _, x := range set.Modules {
		if x.Name == mod {
			m = x
		}
	}
	byName := map[string]*model.Assignment{}
	for _, a := range m.Assignments {
		if a.Instance == nil {
			byName[a.Name] = a
		}
	}
	ident := regexp.MustCompile(`[A-Za-z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)*`)
	taken := map[string]bool{}
	queue := append([]string(nil), roots...)
	for len(queue) > 0 {
		name := queue[0]
		queue = queue[1:]
		a := byName[name]
		if a == nil || taken[name] {
			continue
		}
		taken[name] = true
		queue = append(queue, ident.FindAllString(a.Source, -1)...)
	}
	var b strings.Builder
	b.WriteString(mod + " DEFINITIONS AUTOMATIC TAGS ::= BEGIN\n\n")
	for _, a := range m.Assignments {
		if taken[a.Name] && a.Instance == nil {
			b.WriteString(a.Source + "\n\n")
		}
	}
	b.WriteString("END\n")
	return b.String()
}

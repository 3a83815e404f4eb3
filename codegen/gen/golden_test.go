package gen

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/asn1gen/asn1gen/codegen/manifest"
	"github.com/asn1gen/asn1gen/codegen/model"
	"github.com/asn1gen/asn1gen/codegen/plan"
	"github.com/google/go-cmp/cmp"
)

var update = flag.Bool("update", false, "rewrite the golden outputs in testdata/gen")

// goldenDir holds the golden cases: one txtar archive per case (see
// loadCase for its layout).
const goldenDir = "../../testdata/gen"

// goldenCase is one archive of testdata/gen. Its comment holds lines
//
//	flags: -package NAME -roots T,T -keep-raw T,T -no-keep-raw -anymap FILE -fuzz -per -lenient -accept K,K -stream P,P -view T,T
//	skip: generator bug: one line
//
// (each optional; other lines describe the case). Its files are the ASN.1
// modules (*.asn, in order), an ANY mapping named by -anymap, the
// expected output want/NAME.go (and want/NAME_fuzz_test.go, want/NAME_stream.go, or want/error
// when generation fails), which -update rewrites, and test/*_test.go,
// tests of the generated package run by TestGoldenBuild together with
// testdata/gen/common_test.go.
type goldenCase struct {
	name  string // archive name without .txtar
	file  string
	ar    *archive
	pkg   string
	flags []string
	skip  string
	cfg   Config
	opts  model.Options
	srcs  []model.Source
}

func loadCases(t *testing.T) []*goldenCase {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join(goldenDir, "*.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	if len(paths) == 0 {
		t.Fatalf("no cases in %s", goldenDir)
	}
	var out []*goldenCase
	for _, p := range paths {
		c, err := loadCase(p)
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		out = append(out, c)
	}
	return out
}

var nonIdent = regexp.MustCompile(`[^a-z0-9]`)

func loadCase(path string) (*goldenCase, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	name := strings.TrimSuffix(filepath.Base(path), ".txtar")
	c := &goldenCase{name: name, file: path, ar: parseArchive(data)}
	c.pkg = nonIdent.ReplaceAllString(strings.ToLower(name), "")
	for _, line := range strings.Split(string(c.ar.comment), "\n") {
		if v, ok := strings.CutPrefix(line, "flags:"); ok {
			c.flags = append(c.flags, strings.Fields(v)...)
		}
		if v, ok := strings.CutPrefix(line, "skip:"); ok {
			c.skip = strings.TrimSpace(v)
		}
	}
	for i := 0; i < len(c.flags); i++ {
		arg := func() (string, error) {
			if i+1 >= len(c.flags) {
				return "", fmt.Errorf("flag %s needs a value", c.flags[i])
			}
			i++
			return c.flags[i], nil
		}
		var v string
		switch c.flags[i] {
		case "-package":
			if v, err = arg(); err == nil {
				c.pkg = v
			}
		case "-roots":
			if v, err = arg(); err == nil {
				c.cfg.Roots = strings.Split(v, ",")
			}
		case "-keep-raw":
			if v, err = arg(); err == nil {
				c.opts.KeepRaw = strings.Split(v, ",")
			}
		case "-no-keep-raw":
			c.opts.NoDeriveKeepRaw = true
		case "-lenient":
			c.opts.Lenient = true
		case "-accept":
			if v, err = arg(); err == nil {
				c.opts.Accept = strings.Split(v, ",")
			}
		case "-fuzz":
			c.cfg.Fuzz = true
		case "-per":
			c.cfg.Codecs = plan.Codecs{DER: true, APER: true, UPER: true}
		case "-codecs":
			if v, err = arg(); err == nil {
				c.cfg.Codecs, err = plan.ParseCodecs(v)
			}
		case "-view":
			if v, err = arg(); err == nil {
				c.cfg.Views = strings.Split(v, ",")
			}
		case "-unread":
			if v, err = arg(); err == nil {
				c.cfg.Unread = strings.Split(v, ",")
			}
		case "-stream":
			if v, err = arg(); err == nil {
				c.cfg.Streams = append(c.cfg.Streams, strings.Split(v, ",")...)
			}
		case "-anymap":
			if v, err = arg(); err == nil {
				m := c.ar.file(v)
				if m == nil {
					return nil, fmt.Errorf("-anymap %s: no such file in the archive", v)
				}
				c.opts.AnyMap, err = model.ParseAnyMap(v, m)
			}
		default:
			err = fmt.Errorf("unknown flag %s", c.flags[i])
		}
		if err != nil {
			return nil, err
		}
	}
	var files []string
	for _, f := range c.ar.files {
		if strings.HasSuffix(f.name, ".asn") {
			c.srcs = append(c.srcs, model.Source{Name: f.name, Src: f.data})
			files = append(files, f.name)
		}
	}
	if len(c.srcs) == 0 {
		return nil, fmt.Errorf("no .asn file")
	}
	c.cfg.Package = c.pkg
	cmdLine := append([]string{"asn1gen", "gen", "-o", ".", "-package", c.pkg}, withoutPackage(c.flags)...)
	c.cfg.Command = strings.Join(append(cmdLine, files...), " ")
	return c, nil
}

func withoutPackage(flags []string) []string {
	var out []string
	for i := 0; i < len(flags); i++ {
		if flags[i] == "-package" {
			i++
			continue
		}
		out = append(out, flags[i])
	}
	return out
}

// generate checks the case's modules and generates its package: the
// files by archive name (want/NAME.go), or want/error.
func (c *goldenCase) generate() map[string][]byte {
	set := model.CheckWith(c.opts, c.srcs...)
	files, err := Generate(set, c.cfg)
	if err != nil {
		return map[string][]byte{"want/error": []byte(err.Error() + "\n")}
	}
	out := map[string][]byte{}
	for _, f := range files {
		if f.Name == manifest.FileName {
			// The manifest repeats the modules of the archive (and their
			// comments can read as archive markers): use_test.go tests it.
			continue
		}
		out["want/"+f.Name] = f.Content
	}
	return out
}

// TestGolden generates every case of testdata/gen and compares the output
// with the golden files (go test ./codegen/gen -update rewrites them).
// Each case is generated twice from freshly checked modules: the output
// must be byte-identical.
func TestGolden(t *testing.T) {
	for _, c := range loadCases(t) {
		t.Run(c.name, func(t *testing.T) {
			got := c.generate()
			again := c.generate()
			if diff := cmp.Diff(got, again); diff != "" {
				t.Errorf("two generations differ (-first +second):\n%s", diff)
			}
			if *update {
				c.rewrite(t, got)
				return
			}
			want := map[string][]byte{}
			for _, f := range c.ar.files {
				if strings.HasPrefix(f.name, "want/") {
					want[f.name] = f.data
				}
			}
			for _, name := range sortedKeys(got, want) {
				w, g := string(want[name]), string(got[name])
				if w != g {
					t.Errorf("%s: %s differs from the golden file (-want +got); rerun with -update if the change is intended:\n%s",
						c.file, name, cmp.Diff(strings.Split(w, "\n"), strings.Split(g, "\n")))
				}
			}
		})
	}
}

func sortedKeys(ms ...map[string][]byte) []string {
	seen := map[string]bool{}
	var out []string
	for _, m := range ms {
		for k := range m {
			if !seen[k] {
				seen[k] = true
				out = append(out, k)
			}
		}
	}
	sort.Strings(out)
	return out
}

// rewrite replaces the want/ files of the archive by got and writes it.
func (c *goldenCase) rewrite(t *testing.T, got map[string][]byte) {
	var files []archiveFile
	for _, f := range c.ar.files {
		if !strings.HasPrefix(f.name, "want/") {
			files = append(files, f)
		}
	}
	for _, name := range sortedKeys(got) {
		files = append(files, archiveFile{name: name, data: got[name]})
	}
	old := c.ar.format()
	c.ar.files = files
	if data := c.ar.format(); !bytes.Equal(data, old) {
		if err := os.WriteFile(c.file, data, 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("updated %s", c.file)
	}
}

// TestGoldenBuild writes every case's generated package, with its tests
// and testdata/gen/common_test.go, into one temporary module that
// requires this checkout, and runs go vet and go test there: every golden
// output compiles and vets, and the round-trip tests pass.
func TestGoldenBuild(t *testing.T) {
	goTool(t)
	if testing.Short() {
		t.Skip("builds a module with the go command; skipped with -short")
	}
	common, err := os.ReadFile(filepath.Join(goldenDir, "common_test.go"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	writeModule(t, dir, "gentest.example")
	cases := loadCases(t)
	var built []*goldenCase
	for _, c := range cases {
		got := c.generate()
		if _, failed := got["want/error"]; failed {
			continue
		}
		pdir := filepath.Join(dir, c.name)
		for name, data := range got {
			writeFile(t, filepath.Join(pdir, strings.TrimPrefix(name, "want/")), data)
		}
		for _, f := range c.ar.files {
			if strings.HasPrefix(f.name, "test/") {
				writeFile(t, filepath.Join(pdir, strings.TrimPrefix(f.name, "test/")), f.data)
			}
		}
		writeFile(t, filepath.Join(pdir, "common_test.go"),
			bytes.Replace(common, []byte("package gentest"), []byte("package "+c.pkg), 1))
		built = append(built, c)
	}
	vetOut, vst, vetErr := runGo(t, dir, "vet", "./...")
	t.Logf("go vet of %d packages: %v, peak RSS %d MiB", len(built), vst.wall.Round(1e7), vst.maxRSS>>10)
	// go test's own vet pass (a subset of go vet's analyzers) is off: go
	// vet has just checked every package and its tests, and the subset
	// would type-check each package once more.
	testOut, tst, testErr := runGo(t, dir, "test", "-vet=off", "-count=1", "./...")
	t.Logf("go test of %d packages: %v, peak RSS %d MiB", len(built), tst.wall.Round(1e7), tst.maxRSS>>10)
	attributed := false
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if !containsCase(built, c) {
				t.Skip("generation fails (want/error)")
			}
			var msgs []string
			if lines := linesOf(vetOut, c.name+"/", "gentest.example/"+c.name); vetErr != nil && lines != "" {
				msgs = append(msgs, "go vet:\n"+lines)
			}
			if !strings.Contains(testOut, "ok  \tgentest.example/"+c.name+"\t") {
				msgs = append(msgs, "go test:\n"+packageOutput(testOut, "gentest.example/"+c.name))
			}
			if len(msgs) > 0 {
				attributed = true
			}
			switch {
			case c.skip != "" && len(msgs) > 0:
				t.Skipf("%s\n%s", c.skip, strings.Join(msgs, "\n"))
			case c.skip != "":
				t.Skipf("%s: passes now, remove the skip line of %s", c.skip, c.file)
			case len(msgs) > 0:
				t.Error(strings.Join(msgs, "\n"))
			}
		})
	}
	if !attributed && vetErr != nil {
		t.Errorf("go vet: %v\n%s", vetErr, vetOut)
	}
	if !attributed && testErr != nil {
		t.Errorf("go test: %v\n%s", testErr, testOut)
	}
}

func containsCase(l []*goldenCase, c *goldenCase) bool {
	for _, x := range l {
		if x == c {
			return true
		}
	}
	return false
}

// linesOf returns the lines of out that mention one of subs at the start
// of a word (a file name "pkg/x.go:1:2:" or a package path).
func linesOf(out string, subs ...string) string {
	var b strings.Builder
	for _, line := range strings.Split(out, "\n") {
		for _, s := range subs {
			if strings.HasPrefix(line, s) || strings.Contains(line, " "+s) || strings.Contains(line, "/"+s) {
				b.WriteString(line + "\n")
				break
			}
		}
	}
	return b.String()
}

// packageOutput returns the part of go test's output about pkg: the lines
// up to its result line (ok, FAIL) since the previous result line.
func packageOutput(out, pkg string) string {
	lines := strings.Split(out, "\n")
	var b strings.Builder
	start := 0
	for i, line := range lines {
		if strings.HasPrefix(line, "ok  \t") || strings.HasPrefix(line, "FAIL\t") || strings.HasPrefix(line, "?   \t") {
			if f := strings.Fields(line); len(f) > 1 && f[1] == pkg {
				// Build errors of other packages ("# other" blocks) come
				// before the results: leave them out.
				skipping := false
				for _, l := range lines[start : i+1] {
					switch {
					case strings.HasPrefix(l, "# "):
						skipping = !strings.Contains(l, pkg+" ") && !strings.HasSuffix(l, pkg)
					case strings.HasPrefix(l, "--- ") || strings.HasPrefix(l, "=== ") || strings.HasPrefix(l, "FAIL") ||
						strings.HasPrefix(l, "ok ") || strings.HasPrefix(l, "panic"):
						skipping = false
					}
					if !skipping {
						b.WriteString(l + "\n")
					}
				}
			}
			start = i + 1
		}
	}
	if b.Len() == 0 {
		return out
	}
	return b.String()
}

// TestGoldenRoots checks what the -roots case leaves out: the types not
// reachable from the roots, and the values.
func TestGoldenRoots(t *testing.T) {
	c, err := loadCase(filepath.Join(goldenDir, "roots.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	src := string(c.generate()["want/roots.go"])
	for _, want := range []string{"type Top struct", "type Used struct", "type Top_List []Elem", "type Elem int64", "type Other bool"} {
		if !strings.Contains(src, want) {
			t.Errorf("-roots output lacks %q", want)
		}
	}
	for _, absent := range []string{"Unused", "IDUnused"} {
		if strings.Contains(src, absent) {
			t.Errorf("-roots output has %s", absent)
		}
	}
}

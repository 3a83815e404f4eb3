package modules

import (
	"bufio"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestSetsMatchGenerate checks that each set lists the files and the
// model options of the //go:generate line of its generated package, with
// those of the packages it uses (-use) first: the playground then checks
// a set as `asn1gen gen` did.
func TestSetsMatchGenerate(t *testing.T) {
	for _, s := range Sets {
		t.Run(s.Name, func(t *testing.T) {
			files, flags := generateLine(t, s.Package)
			if diff := cmp.Diff(files, s.Files); diff != "" {
				t.Errorf("files (-generate line +Sets):\n%s", diff)
			}
			if diff := cmp.Diff(flags, s.Flags); diff != "" {
				t.Errorf("flags (-generate line +Sets):\n%s", diff)
			}
			for _, name := range s.Files {
				if _, err := fs.Stat(FS, name); err != nil {
					t.Errorf("%s is not embedded: %v", name, err)
				}
			}
		})
	}
}

// TestSamples checks that each set's sample is a block of the test data
// of ../testdata/oer or ../testdata/per, which record its source and
// licence, of the set's type and encoding.
func TestSamples(t *testing.T) {
	files, err := filepath.Glob("../testdata/[op]er/*.txt")
	if err != nil || len(files) == 0 {
		t.Fatalf("no test data: %v", err)
	}
	for _, s := range Sets {
		if s.Sample == "" {
			continue
		}
		found := false
		for _, name := range files {
			b, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			typ, variant := "", ""
			for _, line := range strings.Split(string(b), "\n") {
				if v, ok := strings.CutPrefix(line, "# type: "); ok {
					typ = v
				}
				if v, ok := strings.CutPrefix(line, "# variant: "); ok {
					variant = v
				}
				if strings.TrimSpace(line) == s.Sample {
					found = true
					if !strings.HasSuffix(s.Type, "."+typ) || variant != s.Encoding {
						t.Errorf("%s: the sample is a %s in %s in %s, the set decodes a %s in %s", s.Name, typ, variant, name, s.Type, s.Encoding)
					}
				}
			}
		}
		if !found {
			t.Errorf("%s: the sample is no block of %v", s.Name, files)
		}
	}
}

// generateLine reads the asn1gen gen line of generated/pkg/doc.go and
// returns its module files (paths in this directory, directories
// expanded as asn1gen expands them) and its model options, with those of
// the -use packages first.
func generateLine(t *testing.T, pkg string) ([]string, []Flag) {
	t.Helper()
	dir := filepath.Join("..", "generated", pkg)
	f, err := os.Open(filepath.Join(dir, "doc.go"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var args []string
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), "//go:generate go run ../../cmd/asn1gen gen "); ok {
			args = strings.Fields(rest)
		}
	}
	if args == nil {
		t.Fatalf("%s/doc.go has no asn1gen gen line", dir)
	}
	var files []string
	values := map[string][]string{}
	add := func(name, value string) {
		for _, item := range strings.Split(value, ",") {
			if !slices.Contains(values[name], item) {
				values[name] = append(values[name], item)
			}
		}
	}
	var own []string
	for i := 0; i < len(args); i++ {
		switch a := args[i]; a {
		case "-o", "-package", "-view", "-stream", "-roots", "-codecs", "-unread":
			i++ // generation options, not the model's
		case "-use":
			i++
			for _, use := range strings.Split(args[i], ",") {
				uf, ufl := generateLine(t, path.Base(use))
				for _, f := range uf {
					if !slices.Contains(files, f) {
						files = append(files, f)
					}
				}
				for _, fl := range ufl {
					add(fl.Name, fl.Value)
				}
			}
		default:
			if strings.HasPrefix(a, "-") {
				i++
				add(a, args[i])
				continue
			}
			rel, ok := strings.CutPrefix(a, "../../modules/")
			if !ok {
				t.Fatalf("%s: module file %s outside modules/", pkg, a)
			}
			own = append(own, expand(t, rel)...)
		}
	}
	files = append(files, own...)
	var flags []Flag
	for name, v := range values {
		flags = append(flags, Flag{name, strings.Join(v, ",")})
	}
	sort.Slice(flags, func(i, j int) bool { return flags[i].Name < flags[j].Name })
	return files, flags
}

// expand returns a file itself, a directory's .asn and .asn1 files in
// lexical order.
func expand(t *testing.T, rel string) []string {
	info, err := os.Stat(rel)
	if err != nil {
		t.Fatal(err)
	}
	if !info.IsDir() {
		return []string{rel}
	}
	var out []string
	entries, err := os.ReadDir(rel)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if n := e.Name(); strings.HasSuffix(n, ".asn") || strings.HasSuffix(n, ".asn1") {
			out = append(out, rel+"/"+n)
		}
	}
	return out
}

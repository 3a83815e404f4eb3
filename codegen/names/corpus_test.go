package names

import (
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"testing"
)

var (
	// X.680 12.37-12.38: a comment runs from "--" to the next "--" or the
	// end of the line; /* */ comments may span lines.
	lineComment  = regexp.MustCompile(`--.*?(--|$)`)
	blockComment = regexp.MustCompile(`(?s)/\*.*?\*/`)
	// X.680 12.2-12.3: letters, digits and single hyphens, no final hyphen.
	wordRE = regexp.MustCompile(`[A-Za-z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)*`)
	// A module header (X.680 13.1) and an assignment of a reference
	// (X.680 15.1, 16.1, 17.1; parameter lists of X.683 allowed).
	moduleRE     = regexp.MustCompile(`(?m)^\s*([A-Z][A-Za-z0-9-]*)\s*(?:\{[^}]*\})?\s*DEFINITIONS`)
	assignmentRE = regexp.MustCompile(`(?m)^\s*([A-Za-z][A-Za-z0-9-]*)\s*(?:\{[^}]*\})?\s*(?:[A-Z][A-Za-z0-9 -]*)?::=`)
	typeAssignRE = regexp.MustCompile(`(?m)^\s*([A-Z][A-Za-z0-9-]*)\s*(?:\{[^}]*\})?\s*::=`)
)

type corpusModule struct {
	name  string
	words []string // every identifier and reference, in source order
	types []string // type (and class) references assigned, in source order
	refs  []string // every assigned reference, in source order
}

func loadCorpus(t *testing.T) []corpusModule {
	t.Helper()
	root := os.Getenv("ASN1GEN_CORPUS")
	if root == "" {
		t.Skip("ASN1GEN_CORPUS not set")
	}
	var files []string
	for _, dir := range []string{"ietf/IETF_PKI_RFC5912", "telecom/3GPP_NR_RRC_38331"} {
		m, err := filepath.Glob(filepath.Join(root, "modules", dir, "*.asn"))
		if err != nil {
			t.Fatal(err)
		}
		if len(m) == 0 {
			t.Fatalf("no modules in %s", dir)
		}
		files = append(files, m...)
	}
	sort.Strings(files)
	var mods []corpusModule
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		src := blockComment.ReplaceAllString(string(b), " ")
		src = lineComment.ReplaceAllString(src, " ")
		hdr := moduleRE.FindStringSubmatch(src)
		if hdr == nil {
			t.Fatalf("%s: no module header", f)
		}
		m := corpusModule{name: hdr[1], words: wordRE.FindAllString(src, -1)}
		for _, a := range assignmentRE.FindAllStringSubmatch(src, -1) {
			m.refs = append(m.refs, a[1])
		}
		for _, a := range typeAssignRE.FindAllStringSubmatch(src, -1) {
			m.types = append(m.types, a[1])
		}
		mods = append(mods, m)
	}
	return mods
}

// TestCorpusNames maps every identifier and reference of the RFC 5912 and
// NR RRC modules and checks that each result is a usable Go identifier, and
// that one Scope gives every assigned reference of the whole set (as if all
// modules went into one Go package) a distinct name.
func TestCorpusNames(t *testing.T) {
	mods := loadCorpus(t)
	words, types, refs := 0, 0, 0
	for _, m := range mods {
		for _, w := range m.words {
			words++
			checkExported(t, w, Exported(w))
			u := Unexported(w)
			if !token.IsIdentifier(u) || token.IsExported(u) || IsReserved(u) {
				t.Errorf("%s: Unexported(%q) = %q: not a usable unexported identifier", m.name, w, u)
			}
		}
		types += len(m.types)
		refs += len(m.refs)
	}
	if types < 1000 || refs < 3000 {
		t.Fatalf("corpus too small: %d type assignments, %d assignments; the regexps miss the modules", types, refs)
	}

	s := NewScope()
	byGo := map[string]string{}
	plain := 0
	for _, m := range mods {
		for _, r := range m.refs {
			if _, ok := s.Lookup(r, m.name); ok {
				continue // assigned twice in one module (a lenient source); one name
			}
			g := s.Name(r, m.name)
			checkExported(t, r, g)
			if prev, dup := byGo[g]; dup {
				t.Errorf("Scope gave %q to both %s and %s.%s", g, prev, m.name, r)
			}
			byGo[g] = m.name + "." + r
			if g == Exported(r) {
				plain++
			} else if testing.Verbose() {
				t.Logf("%s.%s -> %s", m.name, r, g)
			}
		}
	}
	t.Logf("%d modules, %d words, %d type assignments, %d assignments; %d unique Go names, %d kept the plain name",
		len(mods), words, types, refs, len(byGo), plain)
}

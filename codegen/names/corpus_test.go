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
// that one Namer gives every assigned reference of the whole set (as if all
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

	// One Namer for the whole set, as if all modules went into one Go
	// package (no imports known: a name two modules define is qualified).
	var nmods []Module
	var decls []Decl
	keys := map[string]bool{}
	for _, m := range mods {
		nmods = append(nmods, Module{Name: m.name})
		for _, r := range m.refs {
			k := m.name + "." + r
			if keys[k] {
				continue // assigned twice in one module (a lenient source); one name
			}
			keys[k] = true
			decls = append(decls, Decl{Key: k, Name: Exported(r), Module: m.name})
		}
	}
	n := NewNamer(nmods)
	n.Assignments(decls)
	byGo := map[string]string{}
	plain := 0
	for _, d := range decls {
		g := n.Name(d.Key)
		checkExported(t, d.Key, g)
		if prev, dup := byGo[g]; dup {
			t.Errorf("Namer gave %q to both %s and %s", g, prev, d.Key)
		}
		byGo[g] = d.Key
		if g == d.Name {
			plain++
		} else if testing.Verbose() {
			t.Logf("%s -> %s", d.Key, g)
		}
	}
	t.Logf("%d modules, %d words, %d type assignments, %d assignments; %d unique Go names, %d kept the plain name",
		len(mods), words, types, refs, len(byGo), plain)
}

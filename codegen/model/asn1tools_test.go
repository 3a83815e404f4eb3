package model

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/asn1gen/asn1gen/parser"
)

// asn1toolsFile is what a file of asn1tools-tests defines and imports.
type asn1toolsFile struct {
	path    string
	modules []string
	imports []string // module names, in order, without duplicates
}

// asn1toolsIndex parses every file under dir for its module names and
// imports, and indexes the files by the modules they define.
func asn1toolsIndex(t *testing.T, dir string) ([]*asn1toolsFile, map[string][]*asn1toolsFile) {
	t.Helper()
	names, err := Files(dir)
	if err != nil {
		t.Skipf("asn1tools tests not in the corpus: %v", err)
	}
	var files []*asn1toolsFile
	byModule := map[string][]*asn1toolsFile{}
	for _, name := range names {
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		f, _ := parser.ParseFile(name, src)
		af := &asn1toolsFile{path: name}
		seen := map[string]bool{}
		if f != nil {
			for _, md := range f.Modules {
				if md == nil || md.Identifier == nil {
					continue
				}
				af.modules = append(af.modules, md.Identifier.Name)
				if md.Imports == nil {
					continue
				}
				for _, from := range md.Imports.From {
					if n := from.Module.Name; !seen[n] {
						seen[n] = true
						af.imports = append(af.imports, n)
					}
				}
			}
		}
		for _, m := range af.modules {
			byModule[m] = append(byModule[m], af)
		}
		files = append(files, af)
	}
	return files, byModule
}

// asn1toolsClosure returns the files that f needs: f, and for each module
// imported but not yet defined, the file that defines it (one in the same
// folder first, else the first in path order; from elsewhere in the corpus,
// extra, when asn1tools-tests has none), transitively. borrowed lists the
// modules that files of asn1tools-tests import from extra, and missing "M (imported by file)" for the
// modules no file defines.
func asn1toolsClosure(f *asn1toolsFile, byModule, extra map[string][]*asn1toolsFile, root string) (closure, borrowed, missing []string) {
	defined := map[string]bool{}
	in := map[*asn1toolsFile]bool{}
	queue := []*asn1toolsFile{f}
	in[f] = true
	for len(queue) > 0 {
		cur := queue[0]
		queue = queue[1:]
		closure = append(closure, cur.path)
		for _, m := range cur.modules {
			defined[m] = true
		}
		for _, imp := range cur.imports {
			if defined[imp] {
				continue
			}
			cands := byModule[imp]
			if len(cands) == 0 && len(extra[imp]) > 0 {
				cands = extra[imp]
				if strings.HasPrefix(cur.path, root+string(filepath.Separator)) {
					borrowed = append(borrowed, imp) // imported by a file of asn1tools-tests
				}
			}
			if len(cands) == 0 {
				rel, _ := filepath.Rel(root, cur.path)
				missing = append(missing, imp+" (imported by "+rel+")")
				defined[imp] = true // reported once
				continue
			}
			pick := cands[0]
			for _, c := range cands {
				if filepath.Dir(c.path) == filepath.Dir(f.path) {
					pick = c
					break
				}
			}
			defined[imp] = true
			if !in[pick] {
				in[pick] = true
				queue = append(queue, pick)
			}
		}
	}
	sort.Strings(closure)
	return closure, borrowed, missing
}

// asn1toolsInvalid lists the complete files of asn1tools-tests that are
// not valid ASN.1, with an error each must report. asn1tools reads them
// for PER and JER, where tags do not matter, and does not check
// references it does not use.
var asn1toolsInvalid = map[string]string{
	// X.680 51.5.1: SIZE does not apply to INTEGER (Integer4); X.680
	// 25.6.1: Sequence15 has three DEFAULT BIT STRING components in a row;
	// X.680 13.3: "choice CHOICE { foo A } ::= foo : bar" names neither a
	// defined type A nor a value bar.
	"tests/files/all_types.asn": "a SIZE constraint does not apply to INTEGER",
	// X.680 25.6.1 (extension additions count as OPTIONAL): in Sequence6
	// the addition b and the root component c after the second "..." are
	// both BOOLEAN.
	"tests/files/extensibility_implied.asn": "b and c have the same tag [UNIVERSAL 1]",
}

// TestAsn1toolsClosures checks every file of asn1tools-tests whose imports
// are available in asn1tools-tests (its closure is complete): it must check
// without errors, except the invalid files above, which must report their
// error. Incomplete files are listed with the modules they miss.
//
// A file whose imports are elsewhere in the corpus (the X.500 modules of
// itu-x500 for PKCS-10) is completed from there, checked the same way, and
// counted apart.
func TestAsn1toolsClosures(t *testing.T) {
	root := filepath.Join(corpusModules(t), "asn1tools-tests")
	files, byModule := asn1toolsIndex(t, root)
	extra := map[string][]*asn1toolsFile{}
	for _, dir := range []string{"ietf", "itu-x500", "lamps", "telecom"} {
		_, idx := asn1toolsIndex(t, filepath.Join(corpusModules(t), dir))
		for m, l := range idx {
			extra[m] = append(extra[m], l...)
		}
	}
	complete, completed, incomplete, invalid := 0, 0, 0, 0
	for _, f := range files {
		rel, _ := filepath.Rel(root, f.path)
		closure, borrowed, missing := asn1toolsClosure(f, byModule, extra, root)
		if len(missing) > 0 {
			incomplete++
			t.Logf("incomplete: %s: missing %s", rel, strings.Join(missing, ", "))
			continue
		}
		if len(borrowed) > 0 {
			completed++
			t.Logf("completed from the corpus: %s: %s", rel, strings.Join(borrowed, ", "))
		}
		s, err := LoadPaths(closure...)
		if err != nil {
			t.Fatal(err)
		}
		var errs []string
		for _, d := range s.Diags {
			if d.Severity == Error {
				errs = append(errs, d.Error())
			}
		}
		if want, ok := asn1toolsInvalid[filepath.ToSlash(rel)]; ok {
			invalid++
			found := false
			for _, e := range errs {
				found = found || strings.Contains(e, want)
			}
			if !found {
				t.Errorf("%s: want an error containing %q; got %q", rel, want, errs)
			}
			continue
		}
		complete++
		if len(errs) > 0 {
			t.Errorf("%s (closure of %d files): %d errors:\n%s", rel, len(closure), len(errs), strings.Join(errs, "\n"))
		}
	}
	t.Logf("asn1tools-tests: %d files checked clean (%d of them completed from the rest of the corpus), %d invalid as published, %d incomplete (of %d)",
		complete, completed, invalid, incomplete, len(files))
}

package rfcextract

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"strings"
	"testing"
)

// corpusDir returns the modules folder of the shared corpus, or skips the
// test when ASN1GEN_CORPUS is not set.
func corpusDir(t *testing.T) string {
	t.Helper()
	root := os.Getenv("ASN1GEN_CORPUS")
	if root == "" {
		t.Skip("ASN1GEN_CORPUS is not set")
	}
	return filepath.Join(root, "modules")
}

// indexRow is one row of the corpus's modules/INDEX.tsv.
type indexRow struct {
	path  string // relative to modules/
	kind  string
	names []string // module names the indexer found ("-": none)
}

func readIndex(t *testing.T, dir string) []indexRow {
	t.Helper()
	f, err := os.Open(filepath.Join(dir, "INDEX.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var rows []indexRow
	sc := bufio.NewScanner(f)
	first := true
	for sc.Scan() {
		if first { // the column names
			first = false
			continue
		}
		cols := strings.Split(sc.Text(), "\t")
		if len(cols) < 3 {
			t.Fatalf("INDEX.tsv: short row %q", sc.Text())
		}
		r := indexRow{path: cols[0], kind: cols[1]}
		if cols[2] != "-" && cols[2] != "" {
			r.names = strings.Split(cols[2], ",")
		}
		rows = append(rows, r)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return rows
}

// pycrateFolder returns the folder of pycrate's module files for an RFC
// text: the text's own folder under ietf/, or for the RFC 4511 text kept
// with asn1c's tests, pycrate's LDAP folder.
func pycrateFolder(text string) (string, bool) {
	switch {
	case strings.HasPrefix(text, "ietf/"):
		return path.Dir(text), true
	case text == "asn1c-tests/examples/rfc4511.txt":
		return "ietf/IETF_LDAP_RFC4511", true
	}
	return "", false
}

// notInAnyText lists the module files beside RFC texts whose module is not
// published in any RFC text of the corpus, with the reason. The test fails
// if one of them turns out to be found (the entry would be stale) or if a
// module outside this list is found nowhere.
var notInAnyText = map[string]string{
	"ietf/IETF_PKI_RFC3447/NIST-HASH.asn": "pycrate's own helper module for the SHA-2 OIDs that PKCS-1 " +
		"references; RFC 3447 defines no such module",
}

// TestCorpusRFCTexts extracts every RFC text of the corpus and checks the
// module names against the index and against pycrate's module files beside
// the text. It also compares each extracted module with pycrate's copy,
// token by token with comments and white space ignored, and logs the
// differences (pycrate edited some modules, so they do not fail the test).
func TestCorpusRFCTexts(t *testing.T) {
	dir := corpusDir(t)
	rows := readIndex(t, dir)

	// Extract every text first: a module file beside one RFC may come
	// from another.
	type textMods struct {
		path string
		mods []Module
	}
	var texts []textMods
	foundIn := map[string][]string{} // module name -> texts declaring it
	for _, r := range rows {
		if r.kind != "rfc-text" {
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, r.path))
		if err != nil {
			t.Fatal(err)
		}
		mods, err := Extract(path.Base(r.path), data)
		if err != nil {
			t.Errorf("%s: %v", r.path, err)
			continue
		}
		var names []string
		for _, m := range mods {
			names = append(names, fmt.Sprintf("%s (%d-%d, %s)", m.Name, m.StartLine, m.EndLine, m.Section))
			foundIn[m.Name] = append(foundIn[m.Name], r.path)
			checkModuleInvariants(t, r.path, m)
			// No page furniture is left in a module.
			for i, l := range strings.Split(string(m.Text), "\n") {
				if footerRE.MatchString(l) || headerRE.MatchString(l) || strings.Contains(l, "\f") {
					t.Errorf("%s: module %s: line %d is page furniture: %q", r.path, m.Name, i+1, l)
				}
			}
		}
		t.Logf("%s: %d modules: %s", r.path, len(mods), strings.Join(names, ", "))
		texts = append(texts, textMods{r.path, mods})

		// Every name the indexer found in the text must be extracted.
		got := map[string]bool{}
		for _, m := range mods {
			got[m.Name] = true
		}
		for _, n := range r.names {
			if !got[n] {
				t.Errorf("%s: module %s (listed in INDEX.tsv) not extracted", r.path, n)
			}
		}
	}

	usedException := map[string]bool{}
	for _, tm := range texts {
		folder, ok := pycrateFolder(tm.path)
		if !ok {
			continue
		}
		byName := map[string][]Module{}
		for _, m := range tm.mods {
			byName[m.Name] = append(byName[m.Name], m)
		}
		for _, r := range rows {
			if r.kind != "module" || path.Dir(r.path) != folder {
				continue
			}
			for _, n := range r.names {
				mods, ok := byName[n]
				if !ok {
					if reason, ok := notInAnyText[r.path]; ok {
						usedException[r.path] = true
						t.Logf("%s: %s is not from this text: %s", tm.path, r.path, reason)
						if len(foundIn[n]) > 0 {
							t.Errorf("%s: module %s is found in %v: remove its entry from notInAnyText", r.path, n, foundIn[n])
						}
						continue
					}
					if len(foundIn[n]) > 0 {
						t.Logf("%s: %s comes from another RFC (%s)", tm.path, path.Base(r.path), strings.Join(foundIn[n], ", "))
						continue
					}
					t.Errorf("%s: module %s of %s is found in no RFC text", tm.path, n, r.path)
					continue
				}
				pyc, err := os.ReadFile(filepath.Join(dir, r.path))
				if err != nil {
					t.Fatal(err)
				}
				// With several modules of the same name (RFC 4998 gives ERS in
				// 1988 and in 1997 syntax), compare with the closest.
				best := -1
				var bestSummary string
				for _, m := range mods {
					d, summary := compareTokens(normalizedTokens(m.Text), normalizedTokens(pyc))
					if best < 0 || d < best {
						best, bestSummary = d, summary
					}
				}
				if best == 0 {
					t.Logf("%s: %s: same tokens as pycrate's %s", tm.path, n, path.Base(r.path))
				} else {
					t.Logf("%s: %s: %d tokens differ from pycrate's %s: %s", tm.path, n, best, path.Base(r.path), bestSummary)
				}
			}
		}
	}
	for p := range notInAnyText {
		if !usedException[p] {
			t.Errorf("notInAnyText entry %s was not needed", p)
		}
	}
}

// checkModuleInvariants checks what holds for every extracted module: its
// first line starts with its name, its last line holds END alone, and
// extracting its own text gives it back unchanged.
func checkModuleInvariants(t *testing.T, src string, m Module) {
	t.Helper()
	// X.680 12.1.6's white space may precede the name (the lexer's).
	if !bytes.HasPrefix(bytes.TrimLeft(m.Text, " \t\f\r\v"), []byte(m.Name)) {
		t.Errorf("%s: module %s: text does not start with its name: %.40q", src, m.Name, m.Text)
	}
	ls := strings.Split(strings.TrimSuffix(string(m.Text), "\n"), "\n")
	if toks, _ := lexLine(ls[len(ls)-1], lexState{}); len(toks) != 1 || toks[0].text != "END" {
		t.Errorf("%s: module %s: last line %q is not END", src, m.Name, ls[len(ls)-1])
	}
	again, err := Extract("again", m.Text)
	if err != nil {
		t.Errorf("%s: module %s: extracting the extracted text: %v", src, m.Name, err)
		return
	}
	if len(again) != 1 || !bytes.Equal(again[0].Text, m.Text) {
		t.Errorf("%s: module %s: extracting the extracted text does not give it back", src, m.Name)
	}
}

// normalizedTokens returns the tokens of an ASN.1 text, without comments
// and white space.
func normalizedTokens(text []byte) []string {
	var out []string
	st := lexState{}
	for _, l := range strings.Split(string(text), "\n") {
		var toks []token
		toks, st = lexLine(l, st)
		for _, t := range toks {
			out = append(out, t.text)
		}
	}
	return out
}

// maxEdits bounds the diff: beyond it the texts are reported as very
// different, which keeps the diff linear in practice.
const maxEdits = 4000

// compareTokens returns the number of tokens to delete from a and insert
// from b to turn a into b (Myers' O((N+M)D) algorithm, "An O(ND)
// Difference Algorithm and Its Variations", 1986), and a short description
// of the first difference.
func compareTokens(a, b []string) (int, string) {
	d := editDistance(a, b)
	if d == 0 {
		return 0, ""
	}
	p := 0
	for p < len(a) && p < len(b) && a[p] == b[p] {
		p++
	}
	ctx := func(s []string) string {
		end := min(p+6, len(s))
		return strings.Join(s[p:end], " ")
	}
	summary := fmt.Sprintf("first at token %d: RFC %q, pycrate %q", p, ctx(a), ctx(b))
	if d > maxEdits {
		return d, "more than " + fmt.Sprint(maxEdits) + " edits; " + summary
	}
	return d, summary
}

func editDistance(a, b []string) int {
	n, m := len(a), len(b)
	maxD := min(n+m, maxEdits)
	off := maxD + 1
	v := make([]int, 2*maxD+3)
	for d := 0; d <= maxD; d++ {
		for k := -d; k <= d; k += 2 {
			var x int
			if k == -d || (k != d && v[off+k-1] < v[off+k+1]) {
				x = v[off+k+1] // down: insert from b
			} else {
				x = v[off+k-1] + 1 // right: delete from a
			}
			y := x - k
			for x < n && y < m && a[x] == b[y] {
				x, y = x+1, y+1
			}
			v[off+k] = x
			if x >= n && y >= m {
				return d
			}
		}
	}
	return maxD + 1
}

func TestEditDistance(t *testing.T) {
	tests := []struct {
		a, b string
		want int
	}{
		{"", "", 0},
		{"a b c", "a b c", 0},
		{"a b c", "a c", 1},
		{"a c", "a b c", 1},
		{"a b c", "x y z", 6},
		{"A ::= SEQUENCE { b INTEGER }", "A ::= SEQUENCE { b INTEGER , ... }", 2},
	}
	for _, tt := range tests {
		if got := editDistance(strings.Fields(tt.a), strings.Fields(tt.b)); got != tt.want {
			t.Errorf("editDistance(%q, %q) = %d, want %d", tt.a, tt.b, got, tt.want)
		}
	}
}

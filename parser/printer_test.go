package parser

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// ignorePos compares trees without their positions (Pos fields of nodes and
// tokens, BraceValue.End, ModuleDefinition.End): printing moves everything.
var ignorePos = cmpopts.IgnoreTypes(Pos{})

// printFile prints f and fails the test on an error.
func printFile(t testing.TB, f *File) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := Fprint(&b, f); err != nil {
		t.Fatalf("Fprint: %v", err)
	}
	return b.Bytes()
}

// checkRoundTrip parses the printed text of f and returns a description of
// the first failed property, or "": parse(print(f)) must equal f (positions
// aside) and printing it again must give the same bytes.
func checkRoundTrip(t testing.TB, f *File) string {
	t.Helper()
	out := printFile(t, f)
	g, err := ParseFile(f.Name, out)
	if err != nil {
		return fmt.Sprintf("printed text does not parse: %v\n%s", err.(ErrorList).String(), numbered(out))
	}
	if again := printFile(t, g); !bytes.Equal(out, again) {
		return fmt.Sprintf("printing is not idempotent (-first +second):\n%s", cmp.Diff(string(out), string(again)))
	}
	// go-cmp compares slices through an edit-distance step that compares
	// nested slices again at each level: on the largest modules (RRC) it
	// takes seconds per megabyte. With positions cleared, reflect.DeepEqual
	// decides the same equality in linear time (the tree has no unexported
	// fields); go-cmp then explains a difference. Positions are cleared only
	// now because the printer keeps "[[" adjacency from them.
	clearPositions(reflect.ValueOf(f))
	clearPositions(reflect.ValueOf(g))
	if !reflect.DeepEqual(f, g) {
		return "parse(print(x)) differs " + firstDifference(f, g)
	}
	return ""
}

// firstDifference narrows two different trees down to the first module
// header or assignment that differs and returns its go-cmp diff.
func firstDifference(f, g *File) string {
	if len(f.Modules) != len(g.Modules) {
		return fmt.Sprintf("in module count: %d, reparsed %d", len(f.Modules), len(g.Modules))
	}
	for i, m := range f.Modules {
		n := g.Modules[i]
		for j := 0; j < len(m.Assignments) && j < len(n.Assignments); j++ {
			if a, b := m.Assignments[j], n.Assignments[j]; !reflect.DeepEqual(a, b) {
				return fmt.Sprintf("in assignment %d of module %s (-parsed +reparsed):\n%s", j, m.Identifier.Name, cmp.Diff(a, b, ignorePos))
			}
		}
		mh, nh := *m, *n
		mh.Assignments, nh.Assignments = nil, nil
		if len(m.Assignments) != len(n.Assignments) {
			return fmt.Sprintf("in module %s: %d assignments, reparsed %d", m.Identifier.Name, len(m.Assignments), len(n.Assignments))
		}
		if !reflect.DeepEqual(mh, nh) {
			return fmt.Sprintf("in the header of module %s (-parsed +reparsed):\n%s", m.Identifier.Name, cmp.Diff(mh, nh, ignorePos))
		}
	}
	return fmt.Sprintf("(-parsed +reparsed):\n%s", cmp.Diff(f, g, ignorePos))
}

var posReflectType = reflect.TypeOf(Pos{})

// clearPositions sets every Pos in the tree v to the zero Pos.
func clearPositions(v reflect.Value) {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			clearPositions(v.Elem())
		}
	case reflect.Slice:
		for i := 0; i < v.Len(); i++ {
			clearPositions(v.Index(i))
		}
	case reflect.Struct:
		if v.Type() == posReflectType {
			v.Set(reflect.Zero(posReflectType))
			return
		}
		for i := 0; i < v.NumField(); i++ {
			clearPositions(v.Field(i))
		}
	}
}

// numbered prefixes each line with its number, to read parse errors.
func numbered(b []byte) string {
	var s strings.Builder
	for i, l := range strings.Split(string(b), "\n") {
		fmt.Fprintf(&s, "%5d  %s\n", i+1, l)
	}
	return s.String()
}

// TestCorpusRoundTrip prints every corpus file that parses without error
// (modules of every source, and the mutated and extracted files that
// happen to be valid), parses the text again and compares the trees, then
// checks that printing is idempotent.
func TestCorpusRoundTrip(t *testing.T) {
	dir := corpusDir(t)
	counts := map[string][2]int{} // kind: {round-tripped, parsed}
	var failures []string
	for _, e := range readIndex(t, dir) {
		src, err := os.ReadFile(filepath.Join(dir, e.path))
		if err != nil {
			t.Errorf("%s: %v", e.path, err)
			continue
		}
		f, perr := ParseFile(e.path, src)
		if perr != nil {
			continue
		}
		c := counts[e.kind]
		c[1]++
		if msg := checkRoundTrip(t, f); msg != "" {
			failures = append(failures, e.path+": "+msg)
		} else {
			c[0]++
		}
		counts[e.kind] = c
	}
	kinds := make([]string, 0, len(counts))
	total := [2]int{}
	for k, c := range counts {
		kinds = append(kinds, k)
		total[0] += c[0]
		total[1] += c[1]
	}
	sort.Strings(kinds)
	for _, k := range kinds {
		t.Logf("round trip %-22s %4d/%4d parsed files", k, counts[k][0], counts[k][1])
	}
	t.Logf("round trip total %d/%d parsed files", total[0], total[1])
	if total[1] == 0 {
		t.Error("no corpus file parsed")
	}
	for i, f := range failures {
		if i == 5 {
			t.Errorf("... and %d more failures", len(failures)-i)
			break
		}
		t.Error(f)
	}
}

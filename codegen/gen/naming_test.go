package gen

import (
	"bytes"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"sort"
	"strings"
	"testing"

	"github.com/asn1gen/asn1gen/codegen/model"
	"github.com/google/go-cmp/cmp"
)

// TestGoldenFileOrder generates every golden case of more than one module
// file with the files in every other order (at most 24): the package must
// declare the same names with the same declarations, only perhaps in
// another order. Names are a function of identity (codegen/names), never
// of file order.
func TestGoldenFileOrder(t *testing.T) {
	n := 0
	for _, c := range loadCases(t) {
		if len(c.srcs) < 2 || c.skip != "" {
			continue
		}
		n++
		t.Run(c.name, func(t *testing.T) {
			want := declsOf(t, generateFrom(t, c, c.srcs))
			for _, perm := range permutations(len(c.srcs))[1:] {
				srcs := make([]model.Source, len(perm))
				var order []string
				for i, j := range perm {
					srcs[i] = c.srcs[j]
					order = append(order, c.srcs[j].Name)
				}
				got := declsOf(t, generateFrom(t, c, srcs))
				if diff := cmp.Diff(want, got); diff != "" {
					t.Fatalf("files in the order %v: declarations differ (-given order +this order):\n%s", order, diff)
				}
			}
		})
	}
	if n < 3 {
		t.Fatalf("only %d golden cases have several module files", n)
	}
}

func generateFrom(t *testing.T, c *goldenCase, srcs []model.Source) []File {
	t.Helper()
	set := model.CheckWith(c.opts, srcs...)
	files, err := Generate(set, c.cfg)
	if err != nil {
		t.Fatalf("generate: %v", err)
	}
	return files
}

// declsOf returns the package-level declarations of the generated Go
// files, each as gofmt prints it (with its doc comment), sorted.
func declsOf(t *testing.T, files []File) []string {
	t.Helper()
	var out []string
	for _, file := range files {
		if strings.HasSuffix(file.Name, ".go") {
			out = append(out, fileDecls(t, file.Content)...)
		}
	}
	sort.Strings(out)
	return out
}

// fileDecls returns the package-level declarations of a Go file.
func fileDecls(t *testing.T, src []byte) []string {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "x.go", src, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, d := range f.Decls {
		start := d.Pos()
		switch d := d.(type) {
		case *ast.GenDecl:
			if d.Doc != nil {
				start = d.Doc.Pos()
			}
		case *ast.FuncDecl:
			if d.Doc != nil {
				start = d.Doc.Pos()
			}
		}
		text := src[fset.Position(start).Offset:fset.Position(d.End()).Offset]
		if b, err := format.Source(text); err == nil {
			text = b
		}
		out = append(out, string(bytes.TrimSpace(text)))
	}
	return out
}

// permutations returns the permutations of 0..n-1, the identity first, at
// most 24.
func permutations(n int) [][]int {
	var out [][]int
	var rec func(p []int, used []bool)
	rec = func(p []int, used []bool) {
		if len(out) >= 24 {
			return
		}
		if len(p) == n {
			out = append(out, append([]int(nil), p...))
			return
		}
		for i := 0; i < n; i++ {
			if !used[i] {
				used[i] = true
				rec(append(p, i), used)
				used[i] = false
			}
		}
	}
	rec(nil, make([]bool, n))
	return out
}

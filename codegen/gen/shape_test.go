package gen

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
)

// TestCodegenShape keeps codegen's source in pieces a person can read: no
// file over 1,000 lines and no function over 100 (tests apart).
func TestCodegenShape(t *testing.T) {
	const maxFile, maxFunc = 1000, 100
	fset := token.NewFileSet()
	err := filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") || strings.Contains(path, "testdata") {
			return err
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		if n := fset.File(f.Pos()).LineCount(); n > maxFile {
			t.Errorf("%s: %d lines, more than %d", path, n, maxFile)
		}
		for _, decl := range f.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok {
				continue
			}
			if n := fset.Position(fn.End()).Line - fset.Position(fn.Pos()).Line + 1; n > maxFunc {
				t.Errorf("%s: %s is %d lines long, more than %d", fset.Position(fn.Pos()), fn.Name.Name, n, maxFunc)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

package generated

import (
	"flag"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/asn1gen/asn1gen/generated/rfc5280"
	"github.com/asn1gen/asn1gen/generated/rfc5652"
	"github.com/asn1gen/asn1gen/generated/rfc7292"
)

var update = flag.Bool("update", false, "rewrite testdata/long-names.txt")

// packages are the generated packages, by directory.
var packages = []string{"rfc5280", "rfc5652", "rfc7292"}

// maxName is the length over which an exported name is long.
const maxName = 40

// parsePackage parses the non-test Go files of a generated package
// (generated code and the helpers beside it: the package's API).
func parsePackage(t *testing.T, dir string) []*ast.File {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	var files []*ast.File
	for _, p := range paths {
		if strings.HasSuffix(p, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, p, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	if len(files) == 0 {
		t.Fatalf("%s: no Go files", dir)
	}
	return files
}

// exportedNames returns the exported declarations of files: types,
// functions, methods (as Type.Method), struct fields (as Type.Field),
// constants and variables, each as "kind name".
func exportedNames(files []*ast.File) []string {
	var out []string
	add := func(kind, name, full string) {
		if ast.IsExported(name) {
			out = append(out, kind+" "+full)
		}
	}
	for _, f := range files {
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if recv := recvType(d); recv != "" {
					add("method", d.Name.Name, recv+"."+d.Name.Name)
				} else {
					add("func", d.Name.Name, d.Name.Name)
				}
			case *ast.GenDecl:
				for _, s := range d.Specs {
					switch s := s.(type) {
					case *ast.TypeSpec:
						add("type", s.Name.Name, s.Name.Name)
						if st, ok := s.Type.(*ast.StructType); ok {
							for _, fl := range st.Fields.List {
								for _, n := range fl.Names {
									add("field", n.Name, s.Name.Name+"."+n.Name)
								}
							}
						}
					case *ast.ValueSpec:
						kind := "var"
						if d.Tok == token.CONST {
							kind = "const"
						}
						for _, n := range s.Names {
							add(kind, n.Name, n.Name)
						}
					}
				}
			}
		}
	}
	return out
}

func recvType(d *ast.FuncDecl) string {
	if d.Recv == nil || len(d.Recv.List) != 1 {
		return ""
	}
	typ := d.Recv.List[0].Type
	if s, ok := typ.(*ast.StarExpr); ok {
		typ = s.X
	}
	if id, ok := typ.(*ast.Ident); ok {
		return id.Name
	}
	return ""
}

// TestLongNames lists the exported declarations whose own name (a
// method's or field's, not its type's) is longer than 40 characters in
// the three packages, against testdata/long-names.txt (go test
// ./generated -update rewrites it): a new long name fails the test until it
// is looked at. Names come from ASN.1 by identity (codegen/names), so a
// long one is made of long ASN.1 names: a CHOICE alternative of a type
// (KeyAgreeRecipientIdentifier_IssuerAndSerialNumber), an instance
// (AlgorithmIdentifier_KeyAgreementAlgorithmSet), a name two modules
// define, qualified with a module (CMSAuthEnvelopedData2010_...).
func TestLongNames(t *testing.T) {
	var long []string
	for _, pkg := range packages {
		for _, n := range exportedNames(parsePackage(t, pkg)) {
			name := n[strings.LastIndexAny(n, " .")+1:]
			if len(name) > maxName {
				long = append(long, pkg+" "+n)
			}
		}
	}
	sort.Strings(long)
	got := strings.Join(long, "\n") + "\n"
	const golden = "testdata/long-names.txt"
	if *update {
		if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(string(want), got); diff != "" {
		t.Errorf("exported names over %d characters changed (-%s +now; go test ./generated -update):\n%s", maxName, golden, diff)
	}
	t.Logf("%d exported declarations over %d characters", len(long), maxName)
}

// TestStringOnDiscriminants checks that every discriminant (the type of a
// Choice or Kind field), every ENUMERATED type and every INTEGER type
// with named numbers, that is every exported type of the packages with
// typed constants, has a String method.
func TestStringOnDiscriminants(t *testing.T) {
	for _, pkg := range packages {
		files := parsePackage(t, pkg)
		methods := map[string]bool{}
		need := map[string]string{} // type → why
		for _, f := range files {
			for _, d := range f.Decls {
				switch d := d.(type) {
				case *ast.FuncDecl:
					if r := recvType(d); r != "" && d.Name.Name == "String" {
						methods[r] = true
					}
				case *ast.GenDecl:
					for _, s := range d.Specs {
						switch s := s.(type) {
						case *ast.TypeSpec:
							st, ok := s.Type.(*ast.StructType)
							if !ok {
								continue
							}
							for _, fl := range st.Fields.List {
								id, ok := fl.Type.(*ast.Ident)
								for _, n := range fl.Names {
									if ok && (n.Name == "Choice" || n.Name == "Kind") {
										need[id.Name] = s.Name.Name + "." + n.Name
									}
								}
							}
						case *ast.ValueSpec:
							if id, ok := s.Type.(*ast.Ident); ok && d.Tok == token.CONST && ast.IsExported(id.Name) {
								need[id.Name] = "constant " + s.Names[0].Name
							}
						}
					}
				}
			}
		}
		if len(need) < 10 { // a sanity check: rfc7292 has 11, the others more
			t.Fatalf("%s: only %d types with constants or discriminants found", pkg, len(need))
		}
		for typ, why := range need {
			if !methods[typ] {
				t.Errorf("%s: %s (%s) has no String method", pkg, typ, why)
			}
		}
	}
}

// TestDiscriminantStrings checks what the String methods print, unset
// discriminants included.
func TestDiscriminantStrings(t *testing.T) {
	for _, tt := range []struct {
		got  interface{ String() string }
		want string
	}{
		{rfc5280.GeneralNameChoice(0), "none"},
		{rfc5280.GeneralName_DNSName, "dNSName"},
		{rfc5280.GeneralNameChoice(42), "GeneralNameChoice(42)"},
		{rfc5280.ExtensionKind(0), "none"},
		{rfc5280.ExtSubjectAltName, "ext-SubjectAltName"},
		{rfc5280.AtX520CommonName, "at-x520CommonName"},
		{rfc5280.CRLReason_KeyCompromise, "keyCompromise"},
		{rfc5280.CRLReason(7), "7"},
		{rfc5280.Version_V3, "v3"},
		{rfc5652.CtSignedData, "ct-SignedData"},
		{rfc5652.CMSVersion_V3, "v3"},
		{rfc7292.BagTypeKind_CertBag, "certBag"},
		{rfc7292.PFX_V3, "v3"},
	} {
		if s := tt.got.String(); s != tt.want {
			t.Errorf("%T(%d).String() = %q, want %q", tt.got, tt.got, s, tt.want)
		}
	}
}

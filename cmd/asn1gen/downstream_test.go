package main

import (
	"crypto/x509"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// The packages the downstream test generates: plainASN1 is a module of its
// own (X.509 in the 1988 syntax, with open types left raw), useASN1 one that
// imports Certificate from the 2009 PKIX modules, generated with -use.
const (
	plainASN1 = `MiniX509 DEFINITIONS EXPLICIT TAGS ::= BEGIN
Certificate ::= SEQUENCE {
    tbsCertificate     TBSCertificate,
    signatureAlgorithm AlgorithmIdentifier,
    signature          BIT STRING }
TBSCertificate ::= SEQUENCE {
    version              [0] INTEGER DEFAULT 0,
    serialNumber         INTEGER,
    signature            AlgorithmIdentifier,
    issuer               Name,
    validity             Validity,
    subject              Name,
    subjectPublicKeyInfo SubjectPublicKeyInfo,
    issuerUniqueID       [1] IMPLICIT BIT STRING OPTIONAL,
    subjectUniqueID      [2] IMPLICIT BIT STRING OPTIONAL,
    extensions           [3] SEQUENCE SIZE (1..MAX) OF Extension OPTIONAL }
AlgorithmIdentifier ::= SEQUENCE {
    algorithm  OBJECT IDENTIFIER,
    parameters ANY DEFINED BY algorithm OPTIONAL }
SubjectPublicKeyInfo ::= SEQUENCE {
    algorithm        AlgorithmIdentifier,
    subjectPublicKey BIT STRING }
Name ::= SEQUENCE OF SET OF AttributeTypeAndValue
AttributeTypeAndValue ::= SEQUENCE { type OBJECT IDENTIFIER, value ANY DEFINED BY type }
Validity ::= SEQUENCE { notBefore Time, notAfter Time }
Time ::= CHOICE { utcTime UTCTime, generalTime GeneralizedTime }
Extension ::= SEQUENCE {
    extnID    OBJECT IDENTIFIER,
    critical  BOOLEAN DEFAULT FALSE,
    extnValue OCTET STRING }
END
`
	useASN1 = `Chains DEFINITIONS IMPLICIT TAGS ::= BEGIN
IMPORTS Certificate FROM PKIX1Explicit-2009
    {iso(1) identified-organization(3) dod(6) internet(1) security(5) mechanisms(5) pkix(7) id-mod(0) id-mod-pkix1-explicit-02(51)};
Chain ::= SEQUENCE OF Certificate
END
`
	// decodeMain decodes the certificate named by its argument with both
	// packages and prints what each read.
	decodeMain = `package main

import (
	"fmt"
	"os"
	"time"

	plain "example.com/myproto/plain"
	use "example.com/myproto/use"
	"github.com/asn1gen/asn1gen/runtime/der"
)

func main() {
	b, err := os.ReadFile(os.Args[1])
	if err != nil {
		panic(err)
	}
	var c plain.Certificate
	if err := c.UnmarshalDER(b); err != nil {
		fmt.Println("plain:", err)
		os.Exit(1)
	}
	fmt.Println("plain", c.TBSCertificate.SerialNumber.String(), c.TBSCertificate.Validity.NotAfter.Value.Time().Format(time.RFC3339))
	// a Chain of one certificate: SEQUENCE OF rfc5280.Certificate
	var chain use.Chain
	if err := chain.UnmarshalDER(append([]byte{0x30, 0x82, byte(len(b) >> 8), byte(len(b))}, b...)); err != nil {
		fmt.Println("use:", err)
		os.Exit(1)
	}
	tbs := &chain[0].ToBeSigned
	fmt.Println("use", der.Integer(tbs.SerialNumber).String(), tbs.Validity.NotAfter.Value.Time().Format(time.RFC3339))
}
`
)

// recipeBlock is a fenced code block of the README's downstream recipe.
type recipeBlock struct{ lang, text string }

// readmeRecipe returns the code blocks between the README's markers
// <!-- downstream-recipe --> and <!-- /downstream-recipe -->.
func readmeRecipe(t *testing.T, readme string) []recipeBlock {
	t.Helper()
	_, rest, ok := strings.Cut(readme, "<!-- downstream-recipe -->")
	if !ok {
		t.Fatal("README.md has no <!-- downstream-recipe --> marker")
	}
	section, _, ok := strings.Cut(rest, "<!-- /downstream-recipe -->")
	if !ok {
		t.Fatal("README.md has no <!-- /downstream-recipe --> marker")
	}
	var blocks []recipeBlock
	for {
		_, after, ok := strings.Cut(section, "```")
		if !ok {
			break
		}
		info, body, _ := strings.Cut(after, "\n")
		text, rest, ok := strings.Cut(body, "```")
		if !ok {
			t.Fatal("README.md: a code block of the recipe is not closed")
		}
		blocks = append(blocks, recipeBlock{strings.TrimSpace(info), text})
		section = rest
	}
	return blocks
}

// TestDownstreamRecipe runs the README's recipe for a module of one's own
// in an empty temporary module, as written but for the path of the local
// clone (this checkout): the sh blocks' go commands in order, each go
// block's //go:generate line in a package of its own (plain/ with a module
// of its own, use/ with one that imports X.509 types), then go vet, and a
// program that decodes a certificate with both packages.
//
// The go commands run as a user's do (-mod=readonly: only go get and go
// mod tidy change go.mod). They need the module proxy the environment
// names (GOPROXY), and the test skips when the go command cannot reach it.
// Behind that proxy it puts an empty one, to which the go command falls
// back on any error: asn1gen's module path is served by no proxy
// (proxy.golang.org answers 404, others 403, and a 403 would stop go get
// before the replace applies), so it reads as not found and the
// replacement is used.
func TestDownstreamRecipe(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the go command with the module proxy")
	}
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("go command not on PATH")
	}
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	readme, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	blocks := readmeRecipe(t, string(readme))

	proxy, err := exec.Command(goCmd, "env", "GOPROXY").Output()
	if err != nil {
		t.Fatal(err)
	}
	envProxy := strings.TrimSpace(string(proxy))
	var proxies []string // the proxies of GOPROXY, without direct and off (which end the list)
	for _, p := range strings.FieldsFunc(envProxy, func(r rune) bool { return r == ',' || r == '|' }) {
		if p == "direct" || p == "off" {
			break
		}
		proxies = append(proxies, p)
	}
	if len(proxies) == 0 {
		t.Skipf("GOPROXY=%q: the recipe needs a module proxy", envProxy)
	}
	tmp := t.TempDir()
	empty := filepath.Join(tmp, "emptyproxy")
	if err := os.Mkdir(empty, 0o755); err != nil {
		t.Fatal(err)
	}
	proxies = append(proxies, (&url.URL{Scheme: "file", Path: filepath.ToSlash(empty)}).String())
	env := append(os.Environ(), "GOFLAGS=-mod=readonly", "GOWORK=off", "GOTOOLCHAIN=local", "GOPROXY="+strings.Join(proxies, "|"))
	// A list query needs the proxy itself (a download may come from the
	// module cache).
	reach := exec.Command(goCmd, "list", "-m", "-versions", "github.com/google/go-cmp")
	reach.Dir, reach.Env = tmp, append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
	if out, err := reach.CombinedOutput(); err != nil {
		t.Skipf("the go command cannot reach the module proxy (GOPROXY=%s): %v\n%s", envProxy, err, out)
	}

	dir := filepath.Join(tmp, "myproto")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	runGo := func(args ...string) string {
		t.Helper()
		cmd := exec.Command(goCmd, args...)
		cmd.Dir, cmd.Env = dir, env
		start := time.Now()
		out, err := cmd.CombinedOutput()
		t.Logf("go %s: %v", strings.Join(args, " "), time.Since(start).Round(10*time.Millisecond))
		if err != nil {
			t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return string(out)
	}
	// runBlock runs the go commands of an sh block: one a line, or
	// several joined by &&; # starts a comment.
	runBlock := func(text string) {
		t.Helper()
		for _, line := range strings.Split(text, "\n") {
			line, _, _ = strings.Cut(line, "#")
			for _, c := range strings.Split(line, "&&") {
				args := strings.Fields(c)
				if len(args) == 0 {
					continue
				}
				if args[0] != "go" {
					t.Fatalf("README.md: the recipe runs %q, not a go command", c)
				}
				for i, a := range args {
					// the clone beside the module is this checkout
					args[i] = strings.ReplaceAll(a, "=../asn1gen", "="+root)
				}
				runGo(args[1:]...)
			}
		}
	}

	var directives []string
	ran := 0
	for _, b := range blocks {
		switch b.lang {
		case "sh":
			if len(directives) > 0 {
				// the go:generate lines go in before the commands that follow them
				writePackages(t, dir, directives)
				directives = nil
			}
			runBlock(b.text)
			ran++
		case "go":
			line := strings.TrimSpace(b.text)
			if !strings.HasPrefix(line, "//go:generate go tool asn1gen gen ") || strings.Contains(line, "\n") {
				t.Fatalf("README.md: a go block of the recipe is not one //go:generate go tool asn1gen gen line:\n%s", b.text)
			}
			directives = append(directives, line)
		default:
			t.Fatalf("README.md: a code block of the recipe is %q, want sh or go", b.lang)
		}
	}
	if ran < 2 || len(directives) > 0 {
		t.Fatalf("README.md: the recipe has %d sh blocks (want the set-up, then the commands after the //go:generate lines)", ran)
	}

	runGo("vet", "./...")
	gomod, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"\ntool github.com/asn1gen/asn1gen/cmd/asn1gen\n", "github.com/asn1gen/asn1gen v0.0.0-00010101000000-000000000000", "replace github.com/asn1gen/asn1gen => " + root} {
		if !strings.Contains(string(gomod), want) {
			t.Errorf("go.mod lacks %q:\n%s", want, gomod)
		}
	}
	if src, err := os.ReadFile(filepath.Join(dir, "use", "x.go")); err != nil {
		t.Error(err)
	} else if strings.Contains(string(src), "type Certificate ") || !strings.Contains(string(src), `"github.com/asn1gen/asn1gen/generated/rfc5280"`) {
		t.Error("use/x.go declares Certificate or does not import generated/rfc5280")
	}
	if v := runGo("tool", "asn1gen", "version"); !strings.HasPrefix(v, "asn1gen v0.0.0-00010101000000-000000000000 => "+root+" ") {
		t.Errorf("go tool asn1gen version = %q, want the replaced module", v)
	}

	// The program decodes a certificate with both packages.
	certDER, err := os.ReadFile(filepath.Join(root, "testdata", "dump", "lets-encrypt-x3-cross-signed.der"))
	if err != nil {
		t.Fatal(err)
	}
	cert, err := x509.ParseCertificate(certDER)
	if err != nil {
		t.Fatal(err)
	}
	// (the module path is the recipe's)
	writeFiles(t, dir, map[string]string{"decode/main.go": strings.ReplaceAll(decodeMain, "example.com/myproto/", modulePathOf(gomod)+"/")})
	got := runGo("run", "./decode", filepath.Join(root, "testdata", "dump", "lets-encrypt-x3-cross-signed.der"))
	read := cert.SerialNumber.String() + " " + cert.NotAfter.UTC().Format(time.RFC3339)
	if want := "plain " + read + "\nuse " + read + "\n"; got != want {
		t.Errorf("the program printed:\n%s\nwant:\n%s", got, want)
	}
}

// writePackages writes a package for each //go:generate line of the
// recipe: one without -use into plain/ with a module of its own, one with
// -use (of generated/rfc5280) into use/ with a module that imports
// Certificate.
func writePackages(t *testing.T, dir string, directives []string) {
	t.Helper()
	files := map[string]string{}
	for _, d := range directives {
		pkg, module := "plain", plainASN1
		if strings.Contains(d, " -use ") {
			pkg, module = "use", useASN1
		}
		if _, dup := files[pkg+"/doc.go"]; dup {
			t.Fatalf("README.md: two //go:generate lines for the %s package of the test", pkg)
		}
		files[pkg+"/doc.go"] = "// Package x is generated from x.asn.\npackage x\n\n" + d + "\n"
		files[pkg+"/x.asn"] = module
	}
	if len(files) != 4 {
		t.Fatalf("README.md: the recipe's //go:generate lines %q are not one for a module of one's own and one with -use of generated/rfc5280", directives)
	}
	writeFiles(t, dir, files)
}

func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, text := range files {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

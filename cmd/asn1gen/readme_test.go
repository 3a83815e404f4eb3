package main

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/printer"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode"
)

// readmeFile is the README, from this package's directory.
const readmeFile = "../../README.md"

// readmeShLine is a command of a ```sh block of the README: the line
// number, the command and the comment after it (with the comment-only
// lines that continue it).
type readmeShLine struct {
	line         int
	cmd, comment string
}

// readmeShLines returns the lines of the README's sh blocks outside the
// downstream recipe (which TestDownstreamRecipe runs), comment-only lines
// joined to the command before them.
func readmeShLines(t *testing.T, readme string) []readmeShLine {
	t.Helper()
	var (
		out             []readmeShLine
		inBlock, recipe bool
		lang            string // of the open block
		last            = -1   // the command that a comment-only line continues
	)
	for i, line := range strings.Split(readme, "\n") {
		trimmed := strings.TrimSpace(line)
		switch {
		case trimmed == "<!-- downstream-recipe -->":
			recipe = true
		case trimmed == "<!-- /downstream-recipe -->":
			recipe = false
		case strings.HasPrefix(trimmed, "```"):
			if !inBlock {
				inBlock, lang, last = true, strings.TrimPrefix(trimmed, "```"), -1
			} else {
				inBlock = false
			}
		case !inBlock || lang != "sh" || recipe || trimmed == "":
		case strings.HasPrefix(trimmed, "#"):
			if last < 0 {
				t.Errorf("README.md:%d: a comment line continues no command", i+1)
				continue
			}
			out[last].comment = strings.TrimSpace(out[last].comment + " " + strings.TrimSpace(strings.TrimPrefix(trimmed, "#")))
		default:
			cmd, comment, _ := strings.Cut(trimmed, " #")
			out = append(out, readmeShLine{line: i + 1, cmd: strings.TrimSpace(cmd), comment: strings.TrimSpace(comment)})
			last = len(out) - 1
		}
	}
	return out
}

// exitStatus is the end of a command's comment that gives the exit status
// it must have.
var exitStatus = regexp.MustCompile(`exit status (\d+)$`)

// TestReadmeCommands runs every asn1gen command of the README's sh blocks
// (`go run ./cmd/asn1gen ...` or `asn1gen ...`) from the repository root
// through run, in order, and wants exit status 0, or N when the comment
// ends with "exit status N". make lines are left to make, the downstream
// recipe to TestDownstreamRecipe, and a line whose comment says "needs the
// network" is not run; any other line (another program, shell syntax) is
// an error, so that no command of the README goes untested. Arguments
// under out/ are written to a temporary directory (one for the whole
// README, so that a command can use what an earlier one wrote).
func TestReadmeCommands(t *testing.T) {
	readme, err := os.ReadFile(readmeFile)
	if err != nil {
		t.Fatal(err)
	}
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "out")
	seen := map[string]bool{}
	for _, l := range readmeShLines(t, string(readme)) {
		if strings.HasPrefix(l.cmd, "make ") || strings.Contains(l.comment, "needs the network") {
			continue
		}
		if i := strings.IndexAny(l.cmd, "|&;<>$`'\"*?()\\"); i >= 0 {
			t.Errorf("README.md:%d: %q: shell syntax (%q) in a command that the test runs without a shell", l.line, l.cmd, l.cmd[i])
			continue
		}
		args := strings.Fields(l.cmd)
		switch {
		case len(args) > 3 && args[0] == "go" && args[1] == "run" && args[2] == "./cmd/asn1gen":
			args = args[3:]
		case len(args) > 1 && args[0] == "asn1gen":
			args = args[1:]
		default:
			t.Errorf("README.md:%d: %q is not an asn1gen command: run it from a test, or mark it \"# needs the network\"", l.line, l.cmd)
			continue
		}
		want := 0
		if m := exitStatus.FindStringSubmatch(l.comment); m != nil {
			want, _ = strconv.Atoi(m[1])
		}
		for i, a := range args {
			if a == "out" || strings.HasPrefix(a, "out/") {
				args[i] = filepath.Join(out, strings.TrimPrefix(strings.TrimPrefix(a, "out"), "/"))
			}
		}
		seen[args[0]] = true
		t.Run(fmt.Sprintf("%d_%s", l.line, args[0]), func(t *testing.T) {
			code, stdout, stderr := runCmd(t, root, nil, args...)
			if code != want {
				t.Errorf("README.md:%d: asn1gen %s: exit status %d, want %d\nstdout:\n%s\nstderr:\n%s", l.line, strings.Join(args, " "), code, want, stdout, stderr)
			}
		})
	}
	for _, c := range []string{"gen", "check", "dump", "extract", "version"} {
		if !seen[c] {
			t.Errorf("README.md runs no asn1gen %s command", c)
		}
	}
}

// taskTableEnd is the line of the README by which the task table must end
// (the first screen).
const taskTableEnd = 60

// mdLink is a Markdown link [text](target).
var mdLink = regexp.MustCompile(`\[([^\]]*)\]\(([^)\s]+)\)`)

// goSig is a Go signature of the task table: pkg.Func(...) or
// (*pkg.Type).Method(...) / (pkg.Type).Method(...).
var goSig = regexp.MustCompile(`^(?:\((\*?)([a-z0-9]+)\.([A-Z]\w*)\)\.([A-Z]\w*)|([a-z0-9]+)\.([A-Z]\w*))(\(.*)$`)

// TestReadmeTasks checks the README's task table: it ends within the
// first screen (taskTableEnd lines); every row links to a runnable
// example, an existing file and, when the link names an Example function,
// a function of that file with an // Output: comment; and every Go
// signature of its call column is the declaration in the code (parsed on
// both sides and printed alike). Every other relative link and #anchor of
// the README must resolve too.
func TestReadmeTasks(t *testing.T) {
	data, err := os.ReadFile(readmeFile)
	if err != nil {
		t.Fatal(err)
	}
	readme := string(data)
	lines := strings.Split(readme, "\n")
	start := -1
	for i, l := range lines {
		if strings.HasPrefix(l, "| task | call | runnable example |") {
			start = i
			break
		}
	}
	if start < 0 {
		t.Fatal("README.md has no task table (| task | call | runnable example |)")
	}
	end := start
	for end < len(lines) && strings.HasPrefix(lines[end], "|") {
		end++
	}
	if end > taskTableEnd {
		t.Errorf("README.md: the task table ends on line %d, after the first %d lines", end, taskTableEnd)
	}
	rows := lines[start+2 : end]
	if len(rows) < 10 {
		t.Errorf("README.md: the task table has %d rows", len(rows))
	}
	for i, row := range rows {
		n := start + 3 + i
		cells := strings.Split(strings.Trim(row, "|"), " | ")
		if len(cells) != 3 {
			t.Errorf("README.md:%d: %d cells, want task | call | runnable example", n, len(cells))
			continue
		}
		checkCalls(t, n, cells[1])
		links := mdLink.FindAllStringSubmatch(cells[2], -1)
		if len(links) == 0 {
			t.Errorf("README.md:%d: no link to a runnable example", n)
		}
		for _, l := range links {
			text, target := strings.Trim(l[1], "`"), l[2]
			if strings.HasPrefix(target, "#") {
				continue // checked with the other anchors below
			}
			src, err := os.ReadFile(filepath.Join("../..", target))
			if err != nil {
				continue // checkLinks reports it
			}
			if strings.HasPrefix(text, "Example") {
				checkExample(t, n, target, src, text)
			}
		}
	}
	checkLinks(t, readme)
}

// checkCalls checks the code spans of a call cell: Go signatures against
// the code, or asn1gen command lines.
func checkCalls(t *testing.T, line int, cell string) {
	t.Helper()
	spans := regexp.MustCompile("`([^`]+)`").FindAllStringSubmatch(cell, -1)
	if len(spans) == 0 {
		t.Errorf("README.md:%d: no call", line)
	}
	for _, s := range spans {
		sig := s[1]
		if strings.HasPrefix(sig, "asn1gen ") || strings.HasPrefix(sig, "//go:generate go tool asn1gen ") {
			continue
		}
		m := goSig.FindStringSubmatch(sig)
		if m == nil {
			t.Errorf("README.md:%d: %q is neither a Go signature (pkg.F(...), (*pkg.T).M(...)) nor an asn1gen command", line, sig)
			continue
		}
		var pkg, src string
		if m[2] != "" { // a method
			pkg = m[2]
			src = fmt.Sprintf("func (%s%s) %s%s", m[1], m[3], m[4], m[7])
		} else {
			pkg = m[5]
			src = fmt.Sprintf("func %s%s", m[6], m[7])
		}
		want, err := parseFuncDecl(src)
		if err != nil {
			t.Errorf("README.md:%d: %q does not parse as Go: %v", line, sig, err)
			continue
		}
		got, err := findFuncDecl(pkg, want)
		if err != nil {
			t.Errorf("README.md:%d: %q: %v", line, sig, err)
			continue
		}
		if ws, gs := funcString(want), funcString(got); ws != gs {
			t.Errorf("README.md:%d: the table has\n\t%s\nthe code\n\t%s", line, ws, gs)
		}
	}
}

// parseFuncDecl parses one function declaration without a body.
func parseFuncDecl(src string) (*ast.FuncDecl, error) {
	f, err := parser.ParseFile(token.NewFileSet(), "", "package p\n"+src+"\n", 0)
	if err != nil {
		return nil, err
	}
	if len(f.Decls) != 1 {
		return nil, fmt.Errorf("%d declarations", len(f.Decls))
	}
	fd, ok := f.Decls[0].(*ast.FuncDecl)
	if !ok {
		return nil, fmt.Errorf("not a function")
	}
	return fd, nil
}

// readmePackageDirs are where the packages that the task table names are.
var readmePackageDirs = []string{"generated", "runtime"}

// findFuncDecl finds the declaration of the function or method like want
// in package pkg (its non-test files).
func findFuncDecl(pkg string, want *ast.FuncDecl) (*ast.FuncDecl, error) {
	var dir string
	for _, d := range readmePackageDirs {
		if fi, err := os.Stat(filepath.Join("../..", d, pkg)); err == nil && fi.IsDir() {
			dir = filepath.Join("../..", d, pkg)
			break
		}
	}
	if dir == "" {
		return nil, fmt.Errorf("no package %s under %v", pkg, readmePackageDirs)
	}
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		return nil, err
	}
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Name.Name != want.Name.Name || (fd.Recv == nil) != (want.Recv == nil) {
				continue
			}
			if fd.Recv != nil && recvType(fd) != recvType(want) {
				continue
			}
			return fd, nil
		}
	}
	if want.Recv != nil {
		return nil, fmt.Errorf("package %s has no method %s.%s", pkg, strings.TrimPrefix(recvType(want), "*"), want.Name.Name)
	}
	return nil, fmt.Errorf("package %s has no function %s", pkg, want.Name.Name)
}

// recvType is the receiver's type of a method, "*T" or "T".
func recvType(fd *ast.FuncDecl) string {
	var b bytes.Buffer
	printer.Fprint(&b, token.NewFileSet(), fd.Recv.List[0].Type)
	return b.String()
}

// funcString prints a declaration's receiver type, name and signature
// (parameter names included), without the receiver's name and the body.
func funcString(fd *ast.FuncDecl) string {
	var b bytes.Buffer
	b.WriteString("func ")
	if fd.Recv != nil {
		b.WriteString("(" + recvType(fd) + ") ")
	}
	b.WriteString(fd.Name.Name)
	var sig bytes.Buffer
	printer.Fprint(&sig, token.NewFileSet(), fd.Type)
	b.WriteString(strings.TrimPrefix(sig.String(), "func"))
	return b.String()
}

// checkExample checks that file (src) declares the Example function name
// with an // Output: comment.
func checkExample(t *testing.T, line int, file string, src []byte, name string) {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, file, src, parser.ParseComments)
	if err != nil {
		t.Errorf("README.md:%d: %s: %v", line, file, err)
		return
	}
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Recv != nil || fd.Name.Name != name {
			continue
		}
		for _, cg := range f.Comments {
			if cg.Pos() > fd.Body.Lbrace && cg.End() < fd.Body.Rbrace {
				for _, c := range cg.List {
					if strings.HasPrefix(c.Text, "// Output:") || strings.HasPrefix(c.Text, "// Unordered output:") {
						return
					}
				}
			}
		}
		t.Errorf("README.md:%d: %s in %s has no // Output: comment: it does not run as a test", line, name, file)
		return
	}
	t.Errorf("README.md:%d: %s declares no %s", line, file, name)
}

// checkLinks checks that every relative link of the README names an
// existing file and every #anchor a heading.
func checkLinks(t *testing.T, readme string) {
	t.Helper()
	anchors := map[string]bool{}
	inCode := false
	for _, l := range strings.Split(readme, "\n") {
		if strings.HasPrefix(l, "```") {
			inCode = !inCode
		}
		if !inCode && strings.HasPrefix(l, "#") {
			anchors[headingAnchor(strings.TrimLeft(l, "#"))] = true
		}
	}
	for i, l := range strings.Split(readme, "\n") {
		for _, m := range mdLink.FindAllStringSubmatch(l, -1) {
			target := m[2]
			switch {
			case strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:"):
			case strings.HasPrefix(target, "#"):
				if !anchors[target[1:]] {
					t.Errorf("README.md:%d: link %s: no such heading", i+1, target)
				}
			default:
				path, _, _ := strings.Cut(target, "#")
				if _, err := os.Stat(filepath.Join("../..", path)); err != nil {
					t.Errorf("README.md:%d: link %s: %v", i+1, target, err)
				}
			}
		}
	}
}

// headingAnchor is the anchor GitHub gives a heading: lower case, spaces
// to hyphens, punctuation but hyphens and underscores dropped.
func headingAnchor(h string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(strings.TrimSpace(h)) {
		switch {
		case r == ' ':
			b.WriteByte('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

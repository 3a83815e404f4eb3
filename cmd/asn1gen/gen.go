package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/asn1gen/asn1gen/codegen/gen"
	"github.com/asn1gen/asn1gen/codegen/manifest"
	"github.com/asn1gen/asn1gen/codegen/plan"
)

func init() {
	register(command{name: "gen", short: "generate a Go package from ASN.1 modules", run: runGen})
}

const genUsage = `usage: asn1gen gen -o DIR [-package NAME] [-codecs der,aper,uper,oer,jer | -per] [-use IMPORTPATH,...] [-roots T,T]
	[-view T,T] [-stream Type.component...,...] [-fuzz] [-q] [-lenient] [-v] [-anymap FILE] [-keep-raw T,T | -no-keep-raw]
	[-import-from [In:]M.Sym=Module|ANY,...] [-extend Module.Set=Module.Set2,...] [-extensible Module.Set,...]
	[-containing Module.obj=Module.Type,...] [-accept kind:Module,...] FILE|DIR...

Checks the modules like 'asn1gen check' and writes one Go package to DIR, a
Go type for every type of the set (or only those reachable from -roots)
with the codecs -codecs names: der (DER and BER: UnmarshalDER, MarshalDER;
the default), aper (ALIGNED PER: UnmarshalAPER, MarshalAPER), uper
(UNALIGNED PER: UnmarshalUPER, MarshalUPER), per (both PER variants), oer
(BASIC-OER and CANONICAL-OER: UnmarshalOER, MarshalOER), jer (JSON, X.697:
UnmarshalJSON, MarshalJSON, which encoding/json calls); -per adds both PER
variants to them. PER, OER and JER generation fail, naming the type and
construct, on what the PER, OER or JER codecs do not handle.

The files: NAME.go (the Go types), NAME_der.go (the DER and BER codecs),
NAME_per.go (the PER codecs), NAME_oer.go (the OER codecs) and NAME_jer.go (the JER codecs); a large one is split into a file per
module, named after it (NAME_per_ngap_ies.go for NGAP-IEs), and a large
module into numbered parts (NAME_per_ngap_ies_1.go), NAME.go then holding
the package level; no file reaches 1 MB. Also asn1gen.manifest (what -use
reads); with -view NAME_view.go, lazy views of the types named and of what
they reach (package runtime/view: shallow parses, fields decoded on
access); with -stream NAME_stream.go (below); with -fuzz
NAME_fuzz_test.go, a fuzz target per type. -view and -stream need the der
codec. Generated files of DIR that this run does not write are removed.
Unless -q, gen prints one line when the package is written: its types,
lines, files and the time taken.

-stream Type.component[.component...] (or Module.Type...; repeatable, or a
comma list) writes NAME_stream.go with a stream reader, TypeStream, of the
SEQUENCE OF or SET OF component the path reaches from the named SEQUENCE
through SEQUENCE components: it reads a value too large to hold from an
io.Reader one element at a time (see the package runtime/stream):

	-stream PKIX1Explicit-2009.CertificateList.toBeSigned.revokedCertificates

-unread Type (or Module.Type; a comma list) names extensible SEQUENCEs
whose decoders leave unread what a rule of the package says, when the
decode tolerates der.TolerateX509Unread: the eager decode and the view's
shallow parse call the hand-written methods unreadAdditions before the
type's extension additions, and the decode of an addition that fails calls
unreadComponent (rfc5280: the components of TBSCertificate that
crypto/x509 does not read).

-use takes Go packages that asn1gen generated before: their modules are
checked with FILE... (which must not repeat them) and their types are
referred to as pkg.Type instead of being generated again. The packages are
found with the go command from the current directory, so that the module's
requirements apply. Run from //go:generate, asn1gen being a tool of the
module (go get -tool github.com/asn1gen/asn1gen/cmd/asn1gen):

	//go:generate go tool asn1gen gen -o . -package x -use github.com/asn1gen/asn1gen/generated/rfc5280 x.asn

When stderr is a terminal, a generation that takes more than a second
shows what it is doing there.
Exit status: 0 written, 1 errors in the modules, 2 usage or I/O error.

Flags:
`

// genFlags are the flags of gen that say what to generate from the set
// (setFlags say which set).
type genFlags struct {
	out, pkg, roots, views string
	unread                 string
	codecs                 string
	fuzz, per, quiet       bool
	streams                listFlag
}

func (g *genFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&g.out, "o", "", "output `directory`")
	fs.StringVar(&g.pkg, "package", "", "Go package `name` (default: the output directory's name)")
	fs.StringVar(&g.roots, "roots", "", "comma-separated `types` (Type or Module.Type): emit only what they use")
	fs.BoolVar(&g.fuzz, "fuzz", false, "also write a fuzz target per type")
	fs.Var(&g.streams, "stream", "`path` Type.component... of a SEQUENCE OF or SET OF to read as a stream (repeatable, or a comma list)")
	fs.StringVar(&g.views, "view", "", "comma-separated `types` (Type or Module.Type) that get lazy views (ParseTypeView)")
	fs.StringVar(&g.unread, "unread", "", "comma-separated extensible SEQUENCE `types` whose decoders call the package's unreadAdditions and unreadComponent (der.TolerateX509Unread)")
	fs.BoolVar(&g.per, "per", false, "also generate the PER codecs (X.691 ALIGNED and UNALIGNED): -codecs der,aper,uper")
	fs.BoolVar(&g.quiet, "q", false, "print nothing when the package is written (else a line: types, lines, files, time)")
	fs.StringVar(&g.codecs, "codecs", "", "comma-separated `codecs` the package carries: der (DER and BER), aper, uper, per (both), oer, jer; default der")
}

func runGen(args []string, stdout, stderr io.Writer) int {
	start := time.Now()
	fset := flag.NewFlagSet("gen", flag.ContinueOnError)
	fset.SetOutput(stderr)
	var g genFlags
	g.register(fset)
	var sf setFlags
	sf.register(fset)
	fset.Usage = func() {
		fmt.Fprint(stderr, genUsage)
		fset.PrintDefaults()
	}
	if code, ok := parseFlags(fset, args); !ok {
		return code
	}
	if fset.NArg() == 0 || g.out == "" {
		fset.Usage()
		return 2
	}
	prog := startProgress(stderr, "asn1gen gen")
	defer prog.end()
	prog.set("reading and checking the modules", 0, false)
	l, err := sf.load(fset.Args())
	prog.pause()
	if err != nil {
		fmt.Fprint(stderr, usageError("gen", err))
		return 2
	}
	set := l.set
	fmt.Fprint(stderr, sf.shown(set.Diags).String())
	if set.Diags.Errors() > 0 {
		return 1
	}
	// The options that shape the model, recorded in the manifest for the
	// packages that will use this one.
	flags, extra := sf.manifestFlags(l)
	name := g.pkg
	if name == "" {
		abs, err := filepath.Abs(g.out)
		if err != nil {
			fmt.Fprintf(stderr, "asn1gen gen: %v\n", err)
			return 2
		}
		name = strings.ReplaceAll(filepath.Base(abs), "-", "")
	}
	what := fmt.Sprintf("generating Go from %d modules", len(set.Modules))
	if len(set.Modules) == 1 {
		what = "generating Go from 1 module"
	}
	prog.set(what, 0, false)
	codecs := plan.DefaultCodecs
	if g.codecs != "" {
		if codecs, err = plan.ParseCodecs(g.codecs); err != nil {
			fmt.Fprintf(stderr, "asn1gen gen: %v\n", err)
			return 2
		}
	}
	if g.per {
		codecs.APER, codecs.UPER = true, true
	}
	outFiles, err := gen.Generate(set, gen.Config{Package: name, Roots: splitList(g.roots), Fuzz: g.fuzz, Codecs: codecs, Streams: g.streams, Views: splitList(g.views), Unread: splitList(g.unread),
		Command: "asn1gen gen " + strings.Join(args, " "), Uses: splitList(sf.use), Used: l.used, Flags: flags, Extra: extra,
		SourcePaths: sourcePaths(g.out, l.files)})
	prog.pause()
	if err != nil {
		fmt.Fprintf(stderr, "asn1gen gen: %v\n", err)
		return 1
	}
	var total int64
	for _, f := range outFiles {
		total += int64(len(f.Content))
	}
	prog.set(fmt.Sprintf("writing %d files", len(outFiles)), total, true)
	if err := os.MkdirAll(g.out, 0o755); err != nil {
		prog.pause()
		fmt.Fprintf(stderr, "asn1gen gen: %v\n", err)
		return 2
	}
	var written int64
	for _, f := range outFiles {
		if err := os.WriteFile(filepath.Join(g.out, f.Name), f.Content, 0o644); err != nil {
			prog.pause()
			fmt.Fprintf(stderr, "asn1gen gen: %v\n", err)
			return 2
		}
		written += int64(len(f.Content))
		prog.reach(written)
	}
	if err := removeStale(g.out, name, outFiles); err != nil {
		fmt.Fprintf(stderr, "asn1gen gen: %v\n", err)
		return 2
	}
	if !g.quiet {
		fmt.Fprintln(stdout, summary(name, outFiles, time.Since(start)))
	}
	return 0
}

// listFlag is a flag that may be repeated, each value a comma list.
type listFlag []string

func (l *listFlag) String() string { return strings.Join(*l, ",") }

func (l *listFlag) Set(s string) error {
	*l = append(*l, splitList(s)...)
	return nil
}

// splitList splits a comma-separated flag value, dropping empty items.
func splitList(s string) []string {
	var out []string
	for _, item := range strings.Split(s, ",") {
		if item = strings.TrimSpace(item); item != "" {
			out = append(out, item)
		}
	}
	return out
}

// removeStale removes the Go files of dir that asn1gen generated before
// and this generation did not write (a file of a section that a smaller
// output no longer splits, or of a codec no longer asked for): files whose
// first line is the generated-code line, which hand-written files beside
// them do not have. Under go generate, which reads the package's files one
// after the other and fails on one that vanished, a file after the one
// with the directive is emptied instead, to a file that declares nothing.
func removeStale(dir, pkg string, written []gen.File) error {
	keep := map[string]bool{}
	for _, f := range written {
		keep[f.Name] = true
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, ".go") || keep[name] {
			continue
		}
		path := filepath.Join(dir, name)
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if !bytes.HasPrefix(data, []byte(gen.Header+"\n")) {
			continue
		}
		if underGoGenerate(dir) && name > os.Getenv("GOFILE") {
			stub := gen.Header + "\n\n// asn1gen no longer writes this file; it could not remove it while go generate\n// read the package. Remove it.\n\npackage " + pkg + "\n"
			if err := os.WriteFile(path, []byte(stub), 0o644); err != nil {
				return err
			}
			continue
		}
		if err := os.Remove(path); err != nil {
			return err
		}
	}
	return nil
}

// underGoGenerate reports whether go generate runs asn1gen for the
// package in dir (it sets GOFILE and runs in the package's directory).
func underGoGenerate(dir string) bool {
	if os.Getenv("GOFILE") == "" {
		return false
	}
	abs, err1 := filepath.Abs(dir)
	wd, err2 := os.Getwd()
	return err1 == nil && err2 == nil && abs == wd
}

// summary is the line gen prints for a package written: its name, the Go
// types it declares (those its manifest records), its lines of Go and its
// files, and the time taken.
//
//	rfc5280: 1,157 types, 28,480 lines of Go in 4 files, 1.2 s
func summary(pkg string, files []gen.File, took time.Duration) string {
	types, lines, goFiles := 0, 0, 0
	for _, f := range files {
		switch {
		case f.Name == manifest.FileName:
			if m, err := manifest.Parse(f.Name, f.Content); err == nil {
				types = len(m.Types)
			}
		case strings.HasSuffix(f.Name, ".go"):
			goFiles++
			lines += bytes.Count(f.Content, []byte("\n"))
		}
	}
	return fmt.Sprintf("%s: %s types, %s lines of Go in %d files, %.1f s", pkg, thousands(types), thousands(lines), goFiles, took.Seconds())
}

// thousands writes n with commas between groups of three digits.
func thousands(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// sourcePaths returns, for the module files that lie in the Go module of
// the output directory out, their paths relative to out (slash-separated):
// the manifest refers to them, as the module's copy in a module cache or a
// checkout has them beside the package, instead of copying megabytes of
// modules into it. Files elsewhere, or without a go.mod above out, are
// copied.
func sourcePaths(out string, files []string) map[string]string {
	dir, err := filepath.Abs(out)
	if err != nil {
		return nil
	}
	root := dir
	for {
		if _, err := os.Stat(filepath.Join(root, "go.mod")); err == nil {
			break
		}
		parent := filepath.Dir(root)
		if parent == root {
			return nil
		}
		root = parent
	}
	paths := map[string]string{}
	for _, f := range files {
		abs, err := filepath.Abs(f)
		if err != nil {
			continue
		}
		if in, err := filepath.Rel(root, abs); err != nil || in == ".." || strings.HasPrefix(in, "../") {
			continue
		}
		if rel, err := filepath.Rel(dir, abs); err == nil {
			paths[f] = filepath.ToSlash(rel)
		}
	}
	return paths
}

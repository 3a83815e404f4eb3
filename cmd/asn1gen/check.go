package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"

	"github.com/asn1gen/asn1gen/codegen/model"
	"github.com/asn1gen/asn1gen/parser"
)

func init() {
	register(command{name: "check", short: "check ASN.1 modules (-syntax-only: parse them)", run: runCheck})
}

const checkUsage = `usage: asn1gen check [-syntax-only] [-lenient] [-v] [-anymap FILE] [-keep-raw T,T | -no-keep-raw]
	[-import-from [In:]M.Sym=Module|ANY,...] [-extend Module.Set=Module.Set2,...]
	[-extensible Module.Set,...] [-accept kind:Module,...] FILE|DIR...

Checks every FILE, and every *.asn and *.asn1 file under each DIR
(recursively), as one set of modules: parses them, binds IMPORTS across the
set, resolves every name, evaluates values and constraints, computes tags
and checks them. Prints each error as "file:line:col: message" and each
warning as "file:line:col: warning: message".

With -syntax-only, only parses each file. -anymap reads open-type tables
for 1988 "ANY DEFINED BY" (and OCTET STRING) components from FILE, one
"Module.Type.component[@keyComponent] KEY TARGET" a line. -keep-raw names
types (Module.Type or Type) whose received encoding decoders keep, besides
the signed data found in the schema; -no-keep-raw turns that derivation off.
-import-from binds the symbol Sym that modules import from M to its
definition in Module (for modules without a published ASN.1 text; each
binding is a warning at its import); "Importer:M.Sym=Module" binds only the
import of module Importer, and "M.Sym=ANY" makes the type Sym an open type
(for a module that is not available at all). -extend adds the objects of the object
set Module.Set2 to the extensible object set Module.Set, so that the tables
drawn from Set have their rows. -extensible declares the object set
Module.Set extensible, as if it ended with "...", so that the tables drawn
from it keep the value of a key it does not list (a warning at the set).
-lenient accepts four defects of published modules that X.680 forbids,
each with a warning that names the rule relaxed: a name both imported and
defined (the definition is used), an import that the other module does
not export, an untagged open type among the alternatives of a CHOICE
(decoded when no other alternative's tag matches), and SIZE on
GeneralizedTime or UTCTime (ignored).

A warning or note about what a module's text says and the user cannot
change (a published defect, a draft's placeholder, an import of another
edition of a module) ends with the key that accepts it, as in
"[-accept import-oid:PKCS-12]": -accept takes a list of such keys, and
an accepted warning is no longer printed. The warnings of -import-from
and -extensible are accepted by the flag that causes them. -v prints the
accepted ones too. A key that accepts nothing is an error.
Exit status: 0 no errors (warnings allowed), 1 errors, 2 usage or I/O error.

Flags:
`

func runCheck(args []string, stdout, stderr io.Writer) int {
	fset := flag.NewFlagSet("check", flag.ContinueOnError)
	fset.SetOutput(stderr)
	syntaxOnly := fset.Bool("syntax-only", false, "only parse the modules")
	anyMap := fset.String("anymap", "", "open-type `table` file for ANY DEFINED BY components")
	keepRaw := fset.String("keep-raw", "", "comma-separated `types` whose received encoding is kept")
	noKeepRaw := fset.Bool("no-keep-raw", false, "do not derive keep-raw types from the schema")
	importFrom := fset.String("import-from", "", "comma-separated `bindings` [In:]M.Sym=Module|ANY of imported symbols")
	extend := fset.String("extend", "", "comma-separated `extensions` Module.Set=Module.Set2 of object sets")
	extensible := fset.String("extensible", "", "comma-separated object `sets` Module.Set to declare extensible")
	containing := fset.String("containing", "", "comma-separated `bindings` Module.object=Module.Type: the object's OCTET STRING holds that type")
	lenient := fset.Bool("lenient", false, "accept four published defects, each with a warning")
	accept := fset.String("accept", "", "comma-separated `keys` kind:Module of the warnings to accept")
	verbose := fset.Bool("v", false, "also print the warnings that flags accept")
	fset.Usage = func() {
		fmt.Fprint(stderr, checkUsage)
		fset.PrintDefaults()
	}
	if err := fset.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fset.NArg() == 0 {
		fset.Usage()
		return 2
	}
	files, err := model.Files(fset.Args()...)
	if err != nil {
		fmt.Fprintf(stderr, "asn1gen check: %v\n", err)
		return 2
	}
	if !*syntaxOnly {
		opts := model.Options{NoDeriveKeepRaw: *noKeepRaw, Lenient: *lenient, Accept: splitList(*accept)}
		if err := bindFlags(&opts, *importFrom, *extend, *extensible, *containing); err != nil {
			fmt.Fprintf(stderr, "asn1gen check: %v\n", err)
			return 2
		}
		if *keepRaw != "" {
			for _, name := range strings.Split(*keepRaw, ",") {
				if name = strings.TrimSpace(name); name != "" {
					opts.KeepRaw = append(opts.KeepRaw, name)
				}
			}
		}
		if *anyMap != "" {
			m, err := model.ReadAnyMap(*anyMap)
			if err != nil {
				fmt.Fprintf(stderr, "asn1gen check: %v\n", err)
				return 2
			}
			opts.AnyMap = m
		}
		return checkSemantics(files, opts, *verbose, stdout, stderr)
	}
	status := 0
	for _, name := range files {
		src, err := os.ReadFile(name)
		if err != nil {
			fmt.Fprintf(stderr, "asn1gen check: %v\n", err)
			status = 2
			continue
		}
		f, err := parser.ParseFile(name, src)
		var diags model.Diagnostics
		if err != nil {
			var list parser.ErrorList
			if !errors.As(err, &list) {
				list = parser.ErrorList{{Pos: parser.Pos{Filename: name, Line: 1, Column: 1}, Msg: err.Error()}}
			}
			for _, e := range list {
				diags = append(diags, &model.Diagnostic{Pos: e.Pos, Severity: model.Error, Msg: e.Msg})
			}
			if status == 0 {
				status = 1
			}
		}
		if f != nil {
			diags = mergeWarnings(diags, f.Warnings)
		}
		fmt.Fprint(stdout, diags.String())
	}
	return status
}

// bindFlags parses the -import-from, -extend and -extensible lists into
// opts.
func bindFlags(opts *model.Options, importFrom, extend, extensible, containing string) error {
	for _, item := range splitList(importFrom) {
		b, err := model.ParseImportFrom(item)
		if err != nil {
			return fmt.Errorf("-import-from: %v", err)
		}
		opts.ImportFrom = append(opts.ImportFrom, b)
	}
	for _, item := range splitList(extend) {
		e, err := model.ParseExtend(item)
		if err != nil {
			return fmt.Errorf("-extend: %v", err)
		}
		opts.Extend = append(opts.Extend, e)
	}
	for _, item := range splitList(extensible) {
		r, err := model.ParseSetRef(item)
		if err != nil {
			return fmt.Errorf("-extensible: %v", err)
		}
		opts.Extensible = append(opts.Extensible, r)
	}
	for _, item := range splitList(containing) {
		c, err := model.ParseContaining(item)
		if err != nil {
			return fmt.Errorf("-containing: %v", err)
		}
		opts.Containing = append(opts.Containing, c)
	}
	return nil
}

// mergeWarnings adds the parser's warnings (the leniencies it applied) to
// diags as warnings, in position order, skipping any already present.
func mergeWarnings(diags model.Diagnostics, warns parser.ErrorList) model.Diagnostics {
	seen := make(map[string]bool, len(diags))
	for _, d := range diags {
		seen[d.Error()] = true
	}
	for _, w := range warns {
		d := &model.Diagnostic{Pos: w.Pos, Severity: model.Warning, Msg: w.Msg}
		if !seen[d.Error()] {
			seen[d.Error()] = true
			diags = append(diags, d)
		}
	}
	sort.SliceStable(diags, func(i, j int) bool {
		a, b := diags[i].Pos, diags[j].Pos
		if a.Filename != b.Filename {
			return a.Filename < b.Filename
		}
		return a.Offset < b.Offset
	})
	return diags
}

// checkSemantics runs the parser and the semantic model on the files as one
// module set.
func checkSemantics(files []string, opts model.Options, verbose bool, stdout, stderr io.Writer) int {
	srcs := make([]model.Source, 0, len(files))
	for _, name := range files {
		src, err := os.ReadFile(name)
		if err != nil {
			fmt.Fprintf(stderr, "asn1gen check: %v\n", err)
			return 2
		}
		srcs = append(srcs, model.Source{Name: name, Src: src})
	}
	// The set's diagnostics include the parser's warnings.
	set := model.CheckWith(opts, srcs...)
	fmt.Fprint(stdout, shown(set.Diags, verbose).String())
	if set.Diags.Errors() > 0 {
		return 1
	}
	return 0
}

// shown returns the diagnostics to print: all of them with -v, otherwise
// those that no flag asked for or accepted.
func shown(d model.Diagnostics, verbose bool) model.Diagnostics {
	if verbose {
		return d
	}
	return d.Shown()
}

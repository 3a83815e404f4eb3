// Command oidtable writes the table of OBJECT IDENTIFIER names that a
// generated package registers with runtime/oids: every OBJECT IDENTIFIER
// value its modules define, under its ASN.1 name, read from the package's
// asn1gen.manifest (which carries the module sources and the generation's
// options) and evaluated by the same model as `asn1gen gen`.
//
// It stands in for the generator until `asn1gen gen` writes the table
// itself, and runs from the //go:generate line of the file it writes, after
// the package's gen line (go generate runs the files of a package in name
// order, and the gen line is in doc.go):
//
//	go run ../../internal/oidtable [-o oidnames.go]
//
// in the package's directory. With -copy FILE it also writes the table into
// FILE, a file of package internal/oidnames, from which the command line
// gets the names without importing (and compiling) the generated packages:
//
//	go run ../../internal/oidtable -copy ../../internal/oidnames/NAME.go
//
// The packages the manifest uses are located
// with the go command, as `asn1gen gen -use` does, so that the values the
// modules import from them evaluate; only the package's own modules are
// listed.
package main

import (
	"bytes"
	"cmp"
	"flag"
	"fmt"
	"go/format"
	"os"
	"os/exec"
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/asn1gen/asn1gen/codegen/manifest"
	"github.com/asn1gen/asn1gen/codegen/model"
	"github.com/asn1gen/asn1gen/parser"
	"github.com/asn1gen/asn1gen/runtime/der"
)

func main() {
	out := flag.String("o", "oidnames.go", "output `file`")
	copyTo := flag.String("copy", "", "also write the table into `file` of package internal/oidnames")
	flag.Parse()
	src, dup, err := generate(".", *copyTo)
	if err == nil {
		err = os.WriteFile(*out, src, 0o644)
	}
	if err == nil && *copyTo != "" {
		err = os.WriteFile(*copyTo, dup, 0o644)
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "oidtable: %v\n", err)
		os.Exit(1)
	}
}

// entry is one name of the table.
type entry struct {
	oid    der.OID
	dotted string
	name   string
	module string
}

// generate returns the Go source of the table of the package in dir, and
// when copyTo is not "" the source of its copy in package internal/oidnames
// (the file copyTo, named in the package's go:generate line).
func generate(dir, copyTo string) (src, dup []byte, err error) {
	importPath, err := goList(dir)
	if err != nil {
		return nil, nil, err
	}
	m, err := manifest.ReadDir(importPath, dir)
	if err != nil {
		return nil, nil, err
	}
	set, err := load(m, dir)
	if err != nil {
		return nil, nil, err
	}
	entries, err := collect(set, m)
	if err != nil {
		return nil, nil, err
	}
	if src, err = format.Source(render(m, entries, copyTo)); err != nil || copyTo == "" {
		return src, nil, err
	}
	dup, err = format.Source(renderCopy(m, entries))
	return src, dup, err
}

// goList returns the import path of the package in dir.
func goList(dir string) (string, error) {
	cmd := exec.Command("go", "list", "-f", "{{.ImportPath}}", ".")
	cmd.Dir = dir
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("go list: %v", err)
	}
	return strings.TrimSpace(string(out)), nil
}

// load checks the package's modules with the modules of the packages it
// uses and the options their generations recorded, as `asn1gen gen -use`
// does.
func load(m *manifest.Manifest, dir string) (*model.Set, error) {
	used, err := manifest.LoadAll(m.Uses, func(p string) (*manifest.Manifest, error) { return manifest.Locate(p, dir) })
	if err != nil {
		return nil, err
	}
	var opts model.Options
	var srcs []model.Source
	for _, u := range append(used, m) {
		for _, f := range u.Flags {
			if err := applyFlag(&opts, f, u.Sources); err != nil {
				return nil, fmt.Errorf("%s: flag %s: %v", u.ImportPath, f.Name, err)
			}
		}
		pkg := u.ImportPath
		if u == m {
			pkg = "" // the modules whose names are listed
		}
		seen := map[string]bool{}
		for _, mod := range u.Modules {
			if !seen[mod.File] {
				seen[mod.File] = true
				srcs = append(srcs, model.Source{Name: path.Join(u.ImportPath, mod.File), Src: u.Sources[mod.File], Package: pkg})
			}
		}
	}
	set := model.CheckWith(opts, srcs...)
	if set.Diags.Errors() > 0 {
		return nil, fmt.Errorf("the modules do not check:\n%s", set.Diags.Shown())
	}
	return set, nil
}

// applyFlag adds one recorded generation option to opts, as
// cmd/asn1gen's loadUses does for the packages of -use.
func applyFlag(opts *model.Options, f manifest.Flag, files map[string][]byte) error {
	for _, item := range splitList(f.Value) {
		var err error
		switch f.Name {
		case "-import-from":
			var b model.ImportBinding
			b, err = model.ParseImportFrom(item)
			opts.ImportFrom = append(opts.ImportFrom, b)
		case "-extend":
			var e model.SetExtension
			e, err = model.ParseExtend(item)
			opts.Extend = append(opts.Extend, e)
		case "-extensible":
			var r model.SetRef
			r, err = model.ParseSetRef(item)
			opts.Extensible = append(opts.Extensible, r)
		case "-containing":
			var c model.Containment
			c, err = model.ParseContaining(item)
			opts.Containing = append(opts.Containing, c)
		case "-keep-raw":
			opts.KeepRaw = append(opts.KeepRaw, item)
		case "-lenient":
			opts.Lenient = true
		case "-anymap":
			data, ok := files[item]
			if !ok {
				return fmt.Errorf("no table %s", item)
			}
			var am []model.AnyMapping
			am, err = model.ParseAnyMap(item, data)
			opts.AnyMap = append(opts.AnyMap, am...)
		default:
			return fmt.Errorf("unknown option")
		}
		if err != nil {
			return err
		}
	}
	return nil
}

func splitList(s string) []string {
	var out []string
	for _, item := range strings.Split(s, ",") {
		if item = strings.TrimSpace(item); item != "" {
			out = append(out, item)
		}
	}
	return out
}

// collect returns the OBJECT IDENTIFIER values that the package's own
// modules define, and then the information objects whose UNIQUE field (the
// &id of TYPE-IDENTIFIER, EXTENSION, ALGORITHM, ...) is an OID, by the
// object's name: PKCS-12's bag types are objects whose OIDs have no value
// name ("pkcs8ShroudedKeyBag BAG-TYPE ::= {... IDENTIFIED BY {bagtypes 2}}").
// The result is sorted by OID; the names of one OID are values before
// objects, each in the order of the manifest's modules and then of their
// sources, so that the first is the value name of the package's main
// module. Templates (parameterized assignments) have no value of their own
// and are left out.
func collect(set *model.Set, m *manifest.Manifest) ([]entry, error) {
	var values, objects []entry
	seen := map[string]bool{}
	add := func(list *[]entry, o der.OID, name, module string) {
		if key := string(o) + "\x00" + name; !seen[key] {
			seen[key] = true
			*list = append(*list, entry{oid: o, dotted: o.String(), name: name, module: module})
		}
	}
	for _, mod := range m.Modules {
		var sm *model.Module
		for _, c := range set.Modules {
			if c.Name == mod.Name && c.Package == "" {
				sm = c
			}
		}
		if sm == nil {
			return nil, fmt.Errorf("module %s of the manifest is not in the set", mod.Name)
		}
		for _, a := range sm.Assignments {
			if a.Params != nil {
				continue
			}
			switch {
			case a.Kind == model.KindValue && a.Value != nil && a.Value.Kind == model.ValueOID:
				o, err := der.OIDFromArcs(a.Value.OID...)
				if err != nil {
					return nil, fmt.Errorf("%s.%s: %v", sm.Name, a.Name, err)
				}
				add(&values, o, a.Name, sm.Name)
			case a.Kind == model.KindObject && a.Object != nil && a.Object.Class != nil && a.Object.Class.AST != nil:
				for _, f := range a.Object.Class.AST.Fields {
					spec, ok := f.(*parser.FixedTypeValueFieldSpec)
					if !ok || !spec.Unique {
						continue
					}
					if v := a.Object.Values[spec.Name]; v != nil && v.Kind == model.ValueOID {
						o, err := der.OIDFromArcs(v.OID...)
						if err != nil {
							return nil, fmt.Errorf("%s.%s: %v", sm.Name, a.Name, err)
						}
						add(&objects, o, a.Name, sm.Name)
					}
				}
			}
		}
	}
	out := append(values, objects...)
	slices.SortStableFunc(out, func(a, b entry) int { return cmp.Compare(string(a.oid), string(b.oid)) })
	return out, nil
}

// render writes the file: the table as static data and the init function
// that registers it.
func render(m *manifest.Manifest, entries []entry, copyTo string) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "// Code generated by internal/oidtable from asn1gen.manifest. DO NOT EDIT.\n\n")
	fmt.Fprintf(&b, "// Until asn1gen gen writes this table itself, the line below rebuilds it\n")
	fmt.Fprintf(&b, "// after the gen line of doc.go (go generate runs files in name order).\n")
	if copyTo != "" {
		fmt.Fprintf(&b, "// The copy is the command line's (see package internal/oidnames).\n")
		fmt.Fprintf(&b, "//go:generate go run ../../internal/oidtable -copy %s\n\n", copyTo)
	} else {
		fmt.Fprintf(&b, "//go:generate go run ../../internal/oidtable\n\n")
	}
	fmt.Fprintf(&b, "package %s\n\n", m.Package)
	writeTable(&b, m, entries, "oidNames", "the package's modules")
	return b.Bytes()
}

// renderCopy writes the copy of the table in package internal/oidnames.
func renderCopy(m *manifest.Manifest, entries []entry) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "// Code generated by internal/oidtable from %s/asn1gen.manifest. DO NOT EDIT.\n\n", m.ImportPath)
	fmt.Fprintf(&b, "package oidnames\n\n")
	writeTable(&b, m, entries, m.Package, "the modules of\n// "+m.ImportPath)
	return b.Bytes()
}

// writeTable writes the import, the init function that registers the
// table and the table itself, the variable name, whose modules owner says.
func writeTable(b *bytes.Buffer, m *manifest.Manifest, entries []entry, name, owner string) {
	fmt.Fprintf(b, "import \"github.com/asn1gen/asn1gen/runtime/oids\"\n\n")
	fmt.Fprintf(b, "func init() { oids.Register(&%s) }\n\n", name)
	fmt.Fprintf(b, "// %s holds the %d names of the OBJECT IDENTIFIER values and the\n", name, len(entries))
	fmt.Fprintf(b, "// information objects that %s define, sorted by OID\n", owner)
	fmt.Fprintf(b, "// (see package oids); the comments give each one's dotted form and module.\n")
	fmt.Fprintf(b, "var %s = oids.Table{\n\tPackage: %q,\n\tEntries: []oids.Entry{\n", name, m.ImportPath)
	for _, e := range entries {
		fmt.Fprintf(b, "\t\t{OID: %s, Name: %s}, // %s %s\n", strconv.Quote(string(e.oid)), strconv.Quote(e.name), e.dotted, e.module)
	}
	fmt.Fprintf(b, "\t},\n}\n")
}

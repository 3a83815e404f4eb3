package model

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/asn1gen/asn1gen/parser"
)

// Source is one input file: its name (used in positions) and its text.
type Source struct {
	Name string
	Src  []byte
	// Package is the Go import path of the generated package that holds
	// the file's modules (asn1gen gen -use), "" for the modules being
	// generated. The warnings of such modules are not reported: they were
	// the concern of that package's generation.
	Package string
}

// Files expands paths: a file stands for itself, a directory for its *.asn
// and *.asn1 files, recursively, in lexical order.
func Files(paths ...string) ([]string, error) {
	var files []string
	for _, arg := range paths {
		info, err := os.Stat(arg)
		if err != nil {
			return nil, err
		}
		if !info.IsDir() {
			files = append(files, arg)
			continue
		}
		found, err := moduleFiles(arg)
		if err != nil {
			return nil, err
		}
		if len(found) == 0 {
			return nil, fmt.Errorf("%s: no .asn or .asn1 files", arg)
		}
		files = append(files, found...)
	}
	return files, nil
}

// LoadPaths reads the files named by paths (see Files) and checks them
// together as one module set. The error reports I/O failures only: syntax
// and semantic errors are in the Set's Diags.
func LoadPaths(paths ...string) (*Set, error) { return LoadPathsWith(Options{}, paths...) }

// LoadPathsWith is LoadPaths with options.
func LoadPathsWith(opts Options, paths ...string) (*Set, error) {
	names, err := Files(paths...)
	if err != nil {
		return nil, err
	}
	srcs := make([]Source, 0, len(names))
	for _, name := range names {
		b, err := os.ReadFile(name)
		if err != nil {
			return nil, err
		}
		srcs = append(srcs, Source{Name: name, Src: b})
	}
	return CheckWith(opts, srcs...), nil
}

// Check parses the sources and resolves them as one module set: imports
// are bound to the modules of the set, every assignment is classified and
// converted, values are evaluated, tags computed and checked. It never
// panics; every problem is a Diagnostic.
func Check(srcs ...Source) *Set { return CheckWith(Options{}, srcs...) }

// CheckWith is Check with options.
func CheckWith(opts Options, srcs ...Source) (set *Set) {
	s := &checker{Set: &Set{byName: map[string][]*Module{}, srcs: map[string][]byte{}, insts: map[string]*Assignment{}}, opts: opts}
	defer func() {
		if r := recover(); r != nil {
			// A bug in the model must not bring the caller down.
			s.errorf(parser.Pos{Line: 1, Column: 1}, "internal error: %v", r)
			s.Diags = sortDiags(s.Diags)
			set = s.Set
		}
	}()
	pkgOf := map[string]string{}
	s.pkgOf = pkgOf
	for _, src := range srcs {
		s.srcs[src.Name] = src.Src
		if src.Package != "" {
			pkgOf[src.Name] = src.Package
		}
		f, err := parser.ParseFile(src.Name, src.Src)
		var list parser.ErrorList
		if errors.As(err, &list) {
			for _, e := range list {
				s.Diags = append(s.Diags, &Diagnostic{Pos: e.Pos, Severity: Error, Msg: e.Msg})
			}
		} else if err != nil {
			s.errorf(parser.Pos{Filename: src.Name, Line: 1, Column: 1}, "%v", err)
		}
		if f != nil {
			// The parser's leniencies (parser.ParseFile) are warnings of
			// the set too, so that Diags tells everything read beyond X.680.
			s.addFile(f)
			for _, w := range f.Warnings {
				d := &Diagnostic{Pos: w.Pos, Severity: Warning, Msg: w.Msg}
				if m := s.moduleAt(w.Pos); w.Kind != "" && m != "" {
					d.Accept = acceptKey(w.Kind, m)
				}
				s.Diags = append(s.Diags, d)
			}
			for _, e := range f.ECNModules {
				what := "encoding definition module"
				if e.Kind == "LINK-DEFINITIONS" {
					what = "encoding link module"
				}
				s.notef(e.Pos, "%s is an X.692 %s (%s), not an ASN.1 module: it specifies encodings other than BER and DER, so it is not read", e.Name, what, e.Kind).Accept = acceptKey("ecn", e.Name)
			}
		}
	}
	s.resolveAll()
	s.describeInstances()
	s.checkExtensions()
	s.checkExtensible()
	s.applyAnyMap()
	s.applyContaining()
	s.markKeepRaw()
	s.applyAccept()
	for _, m := range s.Modules {
		m.Package = pkgOf[m.File]
	}
	if len(pkgOf) > 0 {
		kept := s.Diags[:0]
		for _, d := range s.Diags {
			if d.Severity == Error || pkgOf[d.Pos.Filename] == "" {
				kept = append(kept, d)
			}
		}
		s.Diags = kept
	}
	s.Diags = sortDiags(s.Diags)
	return s.Set
}

// packageLabel names where a module comes from in an error: a used
// package, or the files being generated.
func packageLabel(pkg string) string {
	if pkg == "" {
		return "the files given"
	}
	return "the package " + pkg + " (-use)"
}

func sortDiags(l Diagnostics) Diagnostics {
	sort.SliceStable(l, func(i, j int) bool {
		a, b := l[i].Pos, l[j].Pos
		if a.Filename != b.Filename {
			return a.Filename < b.Filename
		}
		if a.Offset != b.Offset {
			return a.Offset < b.Offset
		}
		return l[i].Msg < l[j].Msg
	})
	out := l[:0]
	for i, d := range l {
		if i > 0 && *out[len(out)-1] == *d {
			continue
		}
		out = append(out, d)
	}
	return out
}

func (s *checker) errorf(pos parser.Pos, format string, args ...any) {
	s.Diags = append(s.Diags, &Diagnostic{Pos: pos, Severity: Error, Msg: fmt.Sprintf(format, args...)})
}

func (s *checker) notef(pos parser.Pos, format string, args ...any) *Diagnostic {
	d := &Diagnostic{Pos: pos, Severity: Note, Msg: fmt.Sprintf(format, args...)}
	s.Diags = append(s.Diags, d)
	return d
}

func (s *checker) warnf(pos parser.Pos, format string, args ...any) *Diagnostic {
	d := &Diagnostic{Pos: pos, Severity: Warning, Msg: fmt.Sprintf(format, args...)}
	s.Diags = append(s.Diags, d)
	return d
}

// moduleAt returns the name of the module whose text holds pos ("" when
// none does), for the keys of Diagnostic.Accept.
func (s *checker) moduleAt(pos parser.Pos) string {
	name := ""
	for _, m := range s.Modules {
		if m.File == pos.Filename && m.AST.Pos.Offset <= pos.Offset {
			if pos.Offset <= m.AST.End.Offset {
				return m.Name
			}
			name = m.Name // text after END: the module before it
		}
	}
	return name
}

// acceptKey is the Diagnostic.Accept of a warning or note of the given
// kind in module.
func acceptKey(kind, module string) string { return kind + ":" + module }

// applyAccept marks the diagnostics that Options.Accept accepts, and
// reports the keys that accept none.
func (s *checker) applyAccept() {
	if len(s.opts.Accept) == 0 {
		return
	}
	used := map[string]bool{}
	for _, k := range s.opts.Accept {
		used[k] = false
	}
	for _, d := range s.Diags {
		if d.Accept == "" || d.AcceptedBy != "" {
			continue
		}
		if _, ok := used[d.Accept]; ok {
			used[d.Accept] = true
			d.AcceptedBy = "-accept " + d.Accept
		}
	}
	for _, k := range s.opts.Accept {
		if !used[k] {
			used[k] = true // once
			s.errorf(flagPos("-accept", parser.Pos{}), "-accept %s accepts nothing: no warning or note of the set has that key", k)
		}
	}
}

// Module returns the module named name (the first one loaded when several
// generations share the name), or nil.
func (s *Set) Module(name string) *Module {
	if l := s.byName[name]; len(l) > 0 {
		return l[0]
	}
	return nil
}

// SourceText returns the text of the source file name as it was given.
func (s *Set) SourceText(name string) []byte { return s.srcs[name] }

// Lookup returns the assignment name defined in the module, or nil.
func (m *Module) Lookup(name string) *Assignment { return m.defs[name] }

// addFile indexes the modules of f and their assignments.
func (s *checker) addFile(f *parser.File) {
	for _, md := range f.Modules {
		if md == nil || md.Identifier == nil {
			continue
		}
		m := &Module{
			Name:                 md.Identifier.Name,
			File:                 f.Name,
			TagDefault:           md.TagDefault,
			ExtensibilityImplied: md.ExtensibilityImplied,
			AST:                  md,
			set:                  s.Set,
			defs:                 map[string]*Assignment{},
			imported:             map[string]*importedSymbol{},
		}
		m.OID = s.definitiveOID(md.Identifier)
		if s.duplicateModule(f, md, m) {
			continue
		}
		s.byName[m.Name] = append(s.byName[m.Name], m)
		s.Modules = append(s.Modules, m)
		for _, ec := range md.EncodingControl {
			// X.680 54: the instructions of a section apply to the encoding
			// rules it names only (XER, PER, ...), and BER and DER have none.
			s.notef(ec.Pos, "ENCODING-CONTROL %s: encoding instructions apply only to the encoding rules they name (X.680 54), so this section does not change BER or DER and is not read", ec.EncodingReference).Accept = acceptKey("encoding-control", m.Name)
		}
		if md.Exports != nil && !md.Exports.All {
			m.exports = map[string]bool{}
			for _, sym := range md.Exports.Symbols {
				m.exports[sym.Name] = true
			}
		}
		s.addAssignments(f, md, m)
		if md.Imports != nil {
			s.addImports(md, m)
		}
	}
}

// duplicateModule reports whether the module m (md, of the file f) is one
// already loaded under its name, so that it is not added again: a copy of
// the same module (OID), as module collections carry the modules they
// import, is one module (with a warning when the texts differ); a module
// defined twice in one file, or given both as a file and in a used
// package, is an error.
func (s *checker) duplicateModule(f *parser.File, md *parser.ModuleDefinition, m *Module) bool {
	text := moduleText(s.srcs[f.Name], md)
	dup := false
	for _, other := range s.byName[m.Name] {
		if po, pm := s.pkgOf[other.File], s.pkgOf[f.Name]; po != pm {
			// A module is generated in one Go package: the user's files
			// must not bring their own copy of a used package's module.
			s.errorf(md.Identifier.Pos, "module %s is also in %s (at %s): %s", m.Name, packageLabel(po), other.AST.Identifier.Pos, "give each module once, either with -use or as a file")
			dup = true
			break
		}
		if other.File == f.Name {
			// Copies of a module across files are merged (below), but a
			// file that defines a module twice is wrong: a module
			// reference names one module (X.680 13.4).
			s.errorf(md.Identifier.Pos, "module %s is defined twice in this file (first at %s)", m.Name, other.AST.Identifier.Pos)
			dup = true
			break
		}
		if other.OID.Equal(m.OID) {
			// Module collections copy the modules they import: the same
			// text loaded twice is one module.
			// Copies that differ (errata applied in one RFC and not in
			// another) are worth a warning; the first loaded is used.
			if moduleText(s.srcs[other.File], other.AST) != text {
				s.warnf(md.Identifier.Pos, "module %s is loaded twice with different text (also at %s); the first is used", m.Name, other.AST.Identifier.Pos)
			}
			dup = true
		}
	}
	return dup
}

// addAssignments adds the assignments of the module m (md, of the file f)
// with their source text and scope. MACRO definitions and uses (X.208) are
// reported and left out, as is an assignment to a name already defined.
func (s *checker) addAssignments(f *parser.File, md *parser.ModuleDefinition, m *Module) {
	src := s.srcs[f.Name]
	for i, as := range md.Assignments {
		a := &Assignment{Module: m, AST: as}
		switch n := as.(type) {
		case *parser.TypeAssignment:
			a.Name, a.Params = n.Name, n.Params
		case *parser.ValueAssignment:
			a.Name, a.Params = n.Name, n.Params
		case *parser.ValueSetTypeAssignment:
			a.Name, a.Params = n.Name, n.Params
		case *parser.ObjectClassAssignment:
			a.Name, a.Params = n.Name, n.Params
		case *parser.MacroDefinition:
			// X.208 macros were withdrawn in 1994 (X.680 replaced them
			// with information object classes, X.681): they are reported,
			// not interpreted.
			s.errorf(n.Pos, "MACRO notation (X.208) is not supported: macro %s cannot be used; define it as an information object class (X.681)", n.Name)
			continue
		case *parser.MacroInstanceAssignment:
			s.errorf(n.Pos, "value %s uses the X.208 macro %s, which is not supported", n.Name, n.Macro)
			continue
		default:
			continue
		}
		a.Pos = as.Position()
		end := md.End.Offset
		if i+1 < len(md.Assignments) {
			end = md.Assignments[i+1].Position().Offset
		}
		a.Source = sourceText(src, a.Pos.Offset, end)
		a.scope = &scope{m: m, params: paramScope(a.Params, nil)}
		if prev := m.defs[a.Name]; prev != nil {
			// X.680 13.12: each reference is assigned at most once in a module.
			s.errorf(a.Pos, "%s is defined twice in module %s (first at %s)", a.Name, m.Name, prev.Pos)
			continue
		}
		m.defs[a.Name] = a
		m.Assignments = append(m.Assignments, a)
	}
}

// addImports records the IMPORTS of the module m (md): each imported
// symbol by name, to be bound once every module is loaded. A symbol both
// imported and defined is an error (a warning with -lenient, and the
// definition is used); one imported from two modules is ambiguous, and its
// uses must name the module.
func (s *checker) addImports(md *parser.ModuleDefinition, m *Module) {
	for _, from := range md.Imports.From {
		imp := &Import{Pos: from.Module.Pos, Name: from.Module.Name, ast: from}
		for _, sym := range from.Symbols {
			imp.Symbols = append(imp.Symbols, sym.Name)
			if m.defs[sym.Name] != nil {
				// X.680 13.13: an imported reference is not defined again.
				if s.opts.Lenient {
					s.warnf(m.defs[sym.Name].Pos, "%s is both imported (at %s) and defined in module %s (X.680 13.13, relaxed by -lenient): the definition is used, the import is not", sym.Name, sym.Pos, m.Name).Accept = acceptKey("lenient", m.Name)
					continue
				}
				s.errorf(m.defs[sym.Name].Pos, "%s is both imported (at %s) and defined in module %s (X.680 13.13; -lenient uses the definition)", sym.Name, sym.Pos, m.Name)
				continue
			}
			if prev := m.imported[sym.Name]; prev != nil {
				// X.680 13.16: the same name from two modules is
				// allowed; uses must then be qualified (Module.name).
				if prev.imp.Name != imp.Name {
					prev.ambiguous = append(prev.ambiguous, imp.Name)
				}
				continue
			}
			m.imported[sym.Name] = &importedSymbol{pos: sym.Pos, name: sym.Name, imp: imp, by: m.Name}
		}
		m.Imports = append(m.Imports, imp)
	}
}

func moduleText(src []byte, md *parser.ModuleDefinition) string {
	if md.End.Offset <= md.Pos.Offset || md.End.Offset > len(src) {
		return ""
	}
	return string(src[md.Pos.Offset:md.End.Offset])
}

// sourceText is src[start:end] without the blank lines and comment lines
// that precede the next assignment.
func sourceText(src []byte, start, end int) string {
	if start < 0 || end > len(src) || start >= end {
		return ""
	}
	lines := strings.Split(string(src[start:end]), "\n")
	for len(lines) > 1 {
		l := strings.TrimSpace(lines[len(lines)-1])
		if l == "" || strings.HasPrefix(l, "--") {
			lines = lines[:len(lines)-1]
			continue
		}
		break
	}
	return strings.TrimRight(strings.Join(lines, "\n"), " \t\r\n")
}

// resolveAll binds the imports, converts every assignment, then evaluates
// kinds, tags, constraints and values and runs the checks.
func (s *checker) resolveAll() {
	for _, m := range s.Modules {
		s.bindImports(m)
	}
	covered := s.bindImportsFrom()
	for _, m := range s.Modules {
		for _, name := range sortedKeys(m.imported) {
			s.resolveImport(m.imported[name], true)
		}
	}
	for _, m := range s.Modules {
		s.checkImportOIDs(m)
	}
	for _, m := range s.Modules {
		s.bindImportsByOID(m, covered)
	}
	// Missing modules are reported once their AssignedIdentifiers are
	// evaluated (checkImportOIDs), to tell whether a module of the set has
	// that OID under another name.
	for _, m := range s.Modules {
		for _, imp := range m.Imports {
			if imp.Module != nil || covered[imp] {
				continue
			}
			oid := s.oidHint(imp)
			if len(imp.unbound) > 0 {
				s.errorf(imp.Pos, "module %s not found (imported by %s)%s; -import-from binds none of %s", imp.Name, m.Name, oid, strings.Join(imp.unbound, ", "))
				continue
			}
			s.errorf(imp.Pos, "module %s not found (imported by %s)%s", imp.Name, m.Name, oid)
		}
	}
	for _, m := range s.Modules {
		for _, a := range m.Assignments {
			s.convert(a)
		}
	}
	for _, m := range s.Modules {
		for _, a := range m.Assignments {
			s.finishAssignment(a)
		}
	}
	// Instances created while finishing are finished too; the keys are
	// sorted so that diagnostics do not depend on map order.
	done := map[*Assignment]bool{}
	for {
		keys := sortedKeys(s.insts)
		progress := false
		for _, k := range keys {
			a := s.insts[k]
			if !done[a] {
				done[a] = true
				progress = true
				s.finishAssignment(a)
			}
		}
		if !progress {
			break
		}
	}
}

func isBuiltinTypeName(name string) bool {
	_, ok := stringTags[name]
	return ok || name == "ObjectDescriptor"
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// bindImports binds each import clause to a module of the set by name
// (X.680 13.16), preferring the one whose OID matches when several modules
// share the name.
//
// When no module has the name, the AssignedIdentifier decides: X.680 13.16
// lets the object identifier identify the module, and a module renamed
// since (asn1c's resolver tests import "Renamed { ... 13 2 }" for a module
// now called ModuleTestResolver2) is still found by it, with a warning.
func (s *checker) bindImports(m *Module) {
	for _, imp := range m.Imports {
		cands := s.byName[imp.Name]
		if len(cands) == 0 {
			if byOID := s.moduleByLiteralOID(imp.ast.Module); byOID != nil {
				imp.Module = byOID
				s.warnf(imp.Pos, "no module is named %s; the module with its OID %s, %s (at %s), is used", imp.Name, byOID.OID, byOID.Name, byOID.AST.Identifier.Pos).Accept = acceptKey("import-renamed", m.Name)
				continue
			}
			continue // reported by resolveAll, after Options.ImportFrom
		}
		imp.Module = cands[0]
	}
}

// moduleByLiteralOID returns the module whose OID is the AssignedIdentifier
// of gm when that is written with numbers (and well-known names) only, so
// that it can be evaluated before any import is bound; nil otherwise.
func (s *checker) moduleByLiteralOID(gm *parser.GlobalModuleReference) *Module {
	if gm == nil || gm.OID == nil {
		return nil
	}
	var oid OID
	for _, c := range gm.OID.Components {
		switch n := c.Number.(type) {
		case *parser.IntegerValue:
			v, err := strconv.ParseUint(n.Text, 10, 64)
			if err != nil {
				return nil
			}
			oid = append(oid, v)
		case nil:
			v, ok := knownArc(oid, c.Name)
			if !ok || c.Module != "" {
				return nil
			}
			oid = append(oid, v)
		default:
			return nil
		}
	}
	return s.moduleWithOID(oid)
}

// moduleWithOID returns the one module of the set whose OID is oid; nil
// when none or several have it.
func (s *checker) moduleWithOID(oid OID) *Module {
	var found *Module
	for _, m := range s.Modules {
		if m.OID.Equal(oid) {
			if found != nil {
				return nil // ambiguous
			}
			found = m
		}
	}
	return found
}

// bindImportsByOID binds the imports of m that no module's name matches
// to the module with the value of their AssignedIdentifier, evaluated by
// checkImportOIDs: the value matters, not how it is written (a defined
// value, "{asn1-mods xsd-module(2)}", where the module writes its OID
// with numbers or names and numbers), which bindImports, binding before
// any value can be evaluated, does only for OIDs written with numbers and
// well-known names. The symbols imported from a module so bound are
// resolved again.
func (s *checker) bindImportsByOID(m *Module, covered map[*Import]bool) {
	for _, imp := range m.Imports {
		if imp.Module != nil || covered[imp] || imp.OID == nil {
			continue
		}
		byOID := s.moduleWithOID(imp.OID)
		if byOID == nil {
			continue // reported by resolveAll, with the modules of that OID
		}
		imp.Module = byOID
		s.warnf(imp.Pos, "no module is named %s; the module with its OID %s, %s (at %s), is used", imp.Name, byOID.OID, byOID.Name, byOID.AST.Identifier.Pos).Accept = acceptKey("import-renamed", m.Name)
		for _, name := range sortedKeys(m.imported) {
			if sym := m.imported[name]; sym.imp == imp && sym.from == nil && sym.opaque == nil {
				sym.state, sym.to = 0, nil
				s.resolveImport(sym, true)
			}
		}
	}
}

// checkImportOIDs evaluates the AssignedIdentifier of each import and
// compares it with the module's own OID. The name decides (X.680 13.16 lets
// the OID identify the module, but RFCs reuse module names across
// generations with new OIDs): a mismatch is a warning.
func (s *checker) checkImportOIDs(m *Module) {
	sc := &scope{m: m}
	for _, imp := range m.Imports {
		gm := imp.ast.Module
		switch {
		case gm.OID != nil:
			imp.OID, _ = s.evalOID(sc, gm.OID.Components, false)
		case gm.Value != nil:
			if sym := m.imported[gm.Value.Name]; gm.Value.Module == "" && sym != nil && sym.missing {
				continue // warned at the import (resolveImport)
			}
			if v := s.evalValue(sc, gm.Value, &Type{Kind: TypeObjectIdentifier}); v != nil && v.Kind == ValueOID {
				imp.OID = v.OID
			}
		}
		if imp.OID == nil || imp.Module == nil {
			continue
		}
		if !imp.OID.Equal(imp.Module.OID) {
			for _, c := range s.byName[imp.Name] {
				if c.OID.Equal(imp.OID) {
					imp.Module = c
					break
				}
			}
		}
		if !imp.OID.Equal(imp.Module.OID) && imp.Module.OID != nil {
			s.warnf(imp.Pos, "module %s is imported with OID %s but declared with OID %s (at %s); bound by name",
				imp.Name, imp.OID, imp.Module.OID, imp.Module.AST.Identifier.Pos).Accept = acceptKey("import-oid", m.Name)
		}
	}
}

// oidHint tells, for an import whose module is not found, which modules
// of the set have the OID of its AssignedIdentifier under another name
// (bindImports binds by OID only when the OID is written with numbers, and
// one module has it), or that none has it; "" when the import has no OID.
func (s *checker) oidHint(imp *Import) string {
	if imp.OID == nil {
		return ""
	}
	var found []string
	for _, m := range s.Modules {
		if m.OID.Equal(imp.OID) {
			found = append(found, fmt.Sprintf("%s (at %s)", m.Name, m.AST.Identifier.Pos))
		}
	}
	switch len(found) {
	case 0:
		return fmt.Sprintf("; no module of the set has its OID %s", imp.OID)
	case 1:
		return fmt.Sprintf("; module %s has its OID %s", found[0], imp.OID)
	}
	return fmt.Sprintf("; modules %s have its OID %s", strings.Join(found, " and "), imp.OID)
}

// assignedIdentifierOf returns the import whose AssignedIdentifier is the
// DefinedValue sym ("FROM UpperBounds upperBounds") when that import's
// module is bound by name, or nil.
func (s *checker) assignedIdentifierOf(sym *importedSymbol) *Import {
	for _, m := range s.Modules {
		if m.imported[sym.name] != sym {
			continue
		}
		for _, imp := range m.Imports {
			if v := imp.ast.Module.Value; v != nil && v.Module == "" && v.Name == sym.name && len(v.Params) == 0 && imp.Module != nil && imp.Module.Name == imp.Name {
				return imp
			}
		}
	}
	return nil
}

// resolveImport returns the assignment an imported symbol denotes,
// following re-exports. report is set on the first pass, which reports
// missing symbols once.
func (s *checker) resolveImport(sym *importedSymbol, report bool) *Assignment {
	switch sym.state {
	case 2:
		return sym.to
	case 1:
		s.errorf(sym.pos, "%s is imported in a cycle of modules that never define it", sym.name)
		sym.state = 2
		return nil
	}
	sym.state = 1
	defer func() { sym.state = 2 }()
	if sym.opaque != nil {
		sym.to = sym.opaque // Options.ImportFrom to ANY
		return sym.to
	}
	from := sym.imp.Module
	if sym.from != nil {
		from = sym.from // Options.ImportFrom
	}
	if from == nil {
		return nil // the missing module is reported once
	}
	if a := from.defs[sym.name]; a != nil {
		sym.to = a
	} else if re := from.imported[sym.name]; re != nil {
		sym.to = s.resolveImport(re, report)
		if sym.to == nil {
			return nil
		}
	} else if isBuiltinTypeName(sym.name) {
		// Modules written for X.208 import the then-new string types from
		// a module that may define them (RFC 5280's 1988 modules); where
		// it does not, the built-in type is meant.
		if report {
			s.warnf(sym.pos, "%s is not defined in module %s; the built-in type is used", sym.name, from.Name).Accept = acceptKey("import-builtin", sym.by)
		}
		return nil
	} else if by := s.assignedIdentifierOf(sym); by != nil {
		// PKCS-9 (2000) imports upperBounds from the 1997 UsefulDefinitions
		// only to write "FROM UpperBounds upperBounds"; the 2016 edition
		// no longer defines it. The value only confirms a module found by
		// name (checkImportOIDs), so its absence does not matter there; any
		// other use is an error (lookup).
		if report {
			s.warnf(sym.pos, "%s is not defined in module %s (imported by %s); it is only the AssignedIdentifier of the import from %s, which is bound by name",
				sym.name, from.Name, sym.by, by.Name).Accept = acceptKey("assigned-identifier", sym.by)
		}
		sym.missing = true
		return nil
	} else {
		hint := ""
		if c := closestName(sym.name, referenceNames(nil, from, false)); c != "" {
			hint = "; did you mean " + c + "?"
		}
		s.errorf(sym.pos, "%s is not defined in module %s (imported by %s%s)", sym.name, from.Name, sym.by, hint)
		return nil
	}
	if from.exports != nil && !from.exports[sym.name] {
		// X.680 13: the symbols of an EXPORTS list are those that
		// other modules may import.
		if s.opts.Lenient {
			s.warnf(sym.pos, "%s is not exported by module %s (the EXPORTS rule of X.680 13, relaxed by -lenient): it is imported all the same", sym.name, from.Name).Accept = acceptKey("lenient", sym.by)
		} else {
			s.errorf(sym.pos, "%s is not exported by module %s (the EXPORTS rule of X.680 13; -lenient imports it all the same)", sym.name, from.Name)
		}
	}
	return sym.to
}

// moduleFiles returns the .asn and .asn1 files under dir, sorted, named
// under dir as given even when dir is a symbolic link (which WalkDir would
// not enter).
func moduleFiles(dir string) ([]string, error) {
	root, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return nil, err
	}
	var found []string
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && (strings.HasSuffix(path, ".asn") || strings.HasSuffix(path, ".asn1")) {
			rel, err := filepath.Rel(root, path)
			if err != nil {
				return err
			}
			found = append(found, filepath.Join(dir, rel))
		}
		return nil
	})
	sort.Strings(found)
	return found, err
}

package model

import (
	"fmt"
	"strings"

	"github.com/asn1gen/asn1gen/parser"
)

// ImportBinding binds one imported symbol to the definition of another
// module of the set (Options.ImportFrom): wherever a module imports Symbol
// from Module, the definition of Symbol in To is used.
//
// It is meant for imports whose module has no published ASN.1 text, or
// whose published text is another generation of the module: RFC 7292's
// PKCS-12 imports ContentInfo and DigestInfo from PKCS-7 (RFC 2315 has no
// ASN.1 module) and PrivateKeyInfo from PKCS-8 (RFC 5208's module is not
// available; RFC 5958's AsymmetricKeyPackageModuleV1, which obsoletes it,
// defines the same types under another module name). The modules are not
// edited: the binding is stated where the set is checked, and each binding
// is reported as a warning at the import it applies to.
//
// To may also be OpaqueBinding ("ANY"), for a type whose module is not
// available at all: the symbol is then an open type, "Symbol ::= ANY"
// (X.208; the model's TypeOpen without a table), which decoders keep as
// the raw element and encoders write back unchanged. PKCS-9 imports
// PKCS15Token from PKCS-15 (RSA Laboratories' PKCS #15, which has no
// published ASN.1 module) only to name the syntax of one attribute. Only a
// type reference (upper-case first letter) can be bound to ANY.
type ImportBinding struct {
	// Pos is where the binding was given (a flag, a file), for diagnostics.
	Pos parser.Pos
	// Module and Symbol are the import: the module name as the importing
	// module writes it, and the symbol.
	Module, Symbol string
	// In, when set, restricts the binding to the imports of that module
	// ("In:Module.Symbol=To"): PKCS-9 (2000) imports the 1997 X.500
	// Attribute, a plain SEQUENCE, from InformationFramework, whose 2016
	// edition parameterizes it, while the 2016 X.500 modules of the same
	// set import the parameterized one.
	In string
	// To is the name of the module of the set whose definition is used,
	// or OpaqueBinding.
	To string
}

// OpaqueBinding is the ImportBinding.To that binds a type to an open
// type ("-import-from PKCS-15.PKCS15Token=ANY"). ANY is a reserved word,
// so no module can have that name.
const OpaqueBinding = "ANY"

func (b ImportBinding) String() string {
	s := b.Module + "." + b.Symbol + "=" + b.To
	if b.In != "" {
		s = b.In + ":" + s
	}
	return s
}

// ParseImportFrom parses "M.Sym=Module" or "Importer:M.Sym=Module", the
// form of asn1gen's -import-from flag (whose value is a comma-separated
// list of them). Module may be ANY (OpaqueBinding).
func ParseImportFrom(s string) (ImportBinding, error) {
	s = strings.TrimSpace(s)
	left, to, ok := strings.Cut(s, "=")
	in := ""
	if i := strings.Index(left, ":"); i >= 0 {
		in, left = left[:i], left[i+1:]
		if in == "" || strings.ContainsAny(in, ".=") {
			ok = false
		}
	}
	mod, sym, ok2 := strings.Cut(left, ".")
	if !ok || !ok2 || mod == "" || sym == "" || to == "" || strings.ContainsAny(sym, ".=:") || strings.ContainsAny(to, ".=:") {
		return ImportBinding{}, fmt.Errorf("%q is not [Importer:]Module.Symbol=Module", s)
	}
	return ImportBinding{Module: mod, Symbol: sym, To: to, In: in}, nil
}

// SetExtension adds the objects of one object set to another
// (Options.Extend): Module.Set gets the objects of FromModule.FromSet as
// extension additions.
//
// X.681 object sets such as RFC 5912's SignatureAlgorithms and
// PublicKeyAlgorithms (PKIX1Explicit-2009) end with an extension marker and
// a comment saying that a system expands them with the algorithms it
// supports ("OtherModule.SignatureAlgs -- RFC XXXX provides additional
// extension algs"). Modules published since, such as X509-ML-DSA-2025,
// define the sets that expand them ("This expands SignatureAlgorithms
// from [RFC 5912]") but cannot change RFC 5912's text. An extension adds
// them at the extension marker without editing either module, before any
// table is computed: every open-type table drawn from Set, such as
// AlgorithmIdentifier's parameters in SIGNED{} and in
// SubjectPublicKeyInfo, then has their rows.
type SetExtension struct {
	Pos              parser.Pos
	Module, Set      string
	FromModule, From string
}

func (e SetExtension) String() string {
	return e.Module + "." + e.Set + "=" + e.FromModule + "." + e.From
}

// ParseExtend parses "Module.Set=Module2.Set2", the form of asn1gen's
// -extend flag (whose value is a comma-separated list of them).
func ParseExtend(s string) (SetExtension, error) {
	left, right, ok := strings.Cut(strings.TrimSpace(s), "=")
	m1, s1, ok1 := strings.Cut(left, ".")
	m2, s2, ok2 := strings.Cut(right, ".")
	if !ok || !ok1 || !ok2 || m1 == "" || s1 == "" || m2 == "" || s2 == "" ||
		strings.ContainsAny(s1, ".=") || strings.ContainsAny(s2, ".=") {
		return SetExtension{}, fmt.Errorf("%q is not Module.Set=Module.Set", s)
	}
	return SetExtension{Module: m1, Set: s1, FromModule: m2, From: s2}, nil
}

// SetRef names an object set that Options.Extensible declares
// extensible: Module.Set.
//
// An object set without an extension marker is closed: a component
// relation constraint drawn from it rejects every key it does not list
// (X.682 10). Some modules close a set for their own use that other
// modules' types reuse more widely: PKCS-1 (RFC 3447) lists in
// PKCS1-v1-5DigestAlgorithms the digests of RSA signatures, and its
// DigestInfo, which PKCS #12 takes from PKCS #7 for the MAC of a PFX
// (whose PKCS #7 AlgorithmIdentifier is open), then rejects the PBMAC1
// MACs of RFC 9579 and any other MAC algorithm. Declaring the set
// extensible, without editing the module, makes such tables extensible:
// a key the set does not list selects no type, and the value is kept as
// received (the generated union's Raw). It is reported as a warning at
// the set's definition; -extend may then add objects to the set.
type SetRef struct {
	Pos         parser.Pos
	Module, Set string
}

func (r SetRef) String() string { return r.Module + "." + r.Set }

// ParseSetRef parses "Module.Set", the form of asn1gen's -extensible flag
// (whose value is a comma-separated list of them).
func ParseSetRef(s string) (SetRef, error) {
	mod, set, ok := strings.Cut(strings.TrimSpace(s), ".")
	if !ok || mod == "" || set == "" || strings.ContainsAny(set, ".=:") || strings.ContainsAny(mod, "=:") {
		return SetRef{}, fmt.Errorf("%q is not Module.Set", s)
	}
	return SetRef{Module: mod, Set: set}, nil
}

// declaredExtensible reports whether Options.Extensible names the object
// set a.
func (s *checker) declaredExtensible(a *Assignment) bool {
	for _, r := range s.opts.Extensible {
		if r.Module == a.Module.Name && r.Set == a.Name {
			return true
		}
	}
	return false
}

// checkExtensible reports each Options.Extensible entry: a warning at the
// set it opens, an error when it names no object set or one that is
// extensible already.
func (s *checker) checkExtensible() {
	for _, r := range s.opts.Extensible {
		pos := flagPos("-extensible", r.Pos)
		m := s.Module(r.Module)
		if m == nil {
			s.errorf(pos, "-extensible %s: module %s not found", r, r.Module)
			continue
		}
		a := m.Lookup(r.Set)
		if a == nil {
			s.errorf(pos, "-extensible %s: %s is not defined in module %s", r, r.Set, r.Module)
			continue
		}
		if k := s.kindOf(a); k != KindObjectSet || len(a.Params) > 0 {
			s.errorf(pos, "-extensible %s: %s.%s is not an object set", r, r.Module, r.Set)
			continue
		}
		s.objectSetAssignment(a, 0)
		if !s.tables().opened[a] {
			s.errorf(pos, "-extensible %s: object set %s.%s is extensible already", r, r.Module, r.Set)
			continue
		}
		s.warnf(a.Pos, "object set %s is declared extensible by -extensible %s: its tables keep the values of the keys it does not list", r.Set, r).AcceptedBy = "-extensible " + r.String()
	}
}

// flagPos is the position of the i-th item of a command-line option, for
// bindings and extensions given without one.
func flagPos(name string, pos parser.Pos) parser.Pos {
	if pos.Filename != "" {
		return pos
	}
	return parser.Pos{Filename: name, Line: 1, Column: 1}
}

// bindImportsFrom applies Options.ImportFrom to the imports of every
// module, after bindImports: a bound symbol is resolved in the binding's
// module instead of the import's. An import of a module that is not in the
// set is an error only for the symbols no binding covers.
func (s *checker) bindImportsFrom() map[*Import]bool {
	covered := map[*Import]bool{}
	if len(s.opts.ImportFrom) == 0 {
		return covered
	}
	used := make([]bool, len(s.opts.ImportFrom))
	for _, m := range s.Modules {
		for _, imp := range m.Imports {
			var bound, unbound []string
			for _, name := range imp.Symbols {
				sym := m.imported[name]
				if sym == nil || sym.imp != imp {
					continue
				}
				// The first binding for the import wins, one restricted to
				// this module (In) before one for every module.
				var b *ImportBinding
				bi := -1
				for i := range s.opts.ImportFrom {
					x := &s.opts.ImportFrom[i]
					if x.Module != imp.Name || x.Symbol != name || (x.In != "" && x.In != m.Name) {
						continue
					}
					if b == nil || (x.In != "" && b.In == "") {
						b, bi = x, i
					}
				}
				if b != nil {
					used[bi] = true
				}
				if b == nil {
					unbound = append(unbound, name)
					continue
				}
				if b.To == OpaqueBinding {
					if !isTypeReference(name) {
						s.errorf(sym.pos, "-import-from %s: only a type can be bound to %s, and %s is not a type reference", b, OpaqueBinding, name)
						continue
					}
					sym.opaque = s.opaqueAssignment(imp, sym)
					bound = append(bound, name)
					if imp.Module == nil {
						s.warnf(sym.pos, "%s not in the set: %s bound to an open type (ANY) by -import-from", imp.Name, name).AcceptedBy = "-import-from " + b.String()
					} else {
						s.warnf(sym.pos, "%s imported from %s: bound to an open type (ANY) instead by -import-from", name, imp.Name).AcceptedBy = "-import-from " + b.String()
					}
					continue
				}
				to := s.Module(b.To)
				if to == nil {
					s.errorf(imp.Pos, "module %s not found (bound by -import-from %s)", b.To, b)
					continue
				}
				sym.from = to
				bound = append(bound, name)
				if imp.Module == nil {
					s.warnf(sym.pos, "%s not in the set: %s bound to %s by -import-from", imp.Name, name, b.To).AcceptedBy = "-import-from " + b.String()
				} else {
					s.warnf(sym.pos, "%s imported from %s: bound to %s instead by -import-from", name, imp.Name, b.To).AcceptedBy = "-import-from " + b.String()
				}
			}
			if imp.Module == nil && len(bound) > 0 {
				if len(unbound) == 0 {
					covered[imp] = true
				} else {
					// Reported by bindImports' caller with the module.
					imp.unbound = unbound
				}
			}
		}
	}
	for i, u := range used {
		if !u {
			b := s.opts.ImportFrom[i]
			if b.In != "" {
				s.errorf(flagPos("-import-from", b.Pos), "-import-from %s binds nothing: module %s does not import %s from %s", b, b.In, b.Symbol, b.Module)
				continue
			}
			s.errorf(flagPos("-import-from", b.Pos), "-import-from %s binds nothing: no module imports %s from %s", b, b.Symbol, b.Module)
		}
	}
	return covered
}

// isTypeReference reports whether name is a type reference (X.680 12.2:
// it starts with an upper-case letter).
func isTypeReference(name string) bool {
	return name != "" && name[0] >= 'A' && name[0] <= 'Z'
}

// opaqueAssignment returns the assignment "Symbol ::= ANY" that an
// ImportBinding to OpaqueBinding makes of an imported type. It belongs to
// a module of the import's name that is not one of the set's modules
// (Set.Modules does not list it, so it has no file): code generators
// reach it through the references to it, and name it after Symbol.
func (s *checker) opaqueAssignment(imp *Import, sym *importedSymbol) *Assignment {
	if s.opaque == nil {
		s.opaque = map[string]*Module{}
	}
	m := s.opaque[imp.Name]
	if m == nil {
		m = &Module{Name: imp.Name, set: s.Set, defs: map[string]*Assignment{}, imported: map[string]*importedSymbol{}}
		s.opaque[imp.Name] = m
	}
	if a := m.defs[sym.name]; a != nil {
		return a
	}
	ast := &parser.TypeAssignment{Pos: sym.pos, Name: sym.name, Type: &parser.AnyType{Pos: sym.pos}}
	a := &Assignment{Name: sym.name, Module: m, Pos: sym.pos, AST: ast, scope: &scope{m: m},
		Source: sym.name + " ::= ANY -- bound by -import-from " + imp.Name + "." + sym.name + "=" + OpaqueBinding}
	m.defs[a.Name] = a
	m.Assignments = append(m.Assignments, a)
	s.convert(a)
	s.finishAssignment(a)
	return a
}

// extensionsOf returns the extensions (Options.Extend) of the object set a.
func (s *checker) extensionsOf(a *Assignment) []SetExtension {
	var out []SetExtension
	for _, e := range s.opts.Extend {
		if e.Module == a.Module.Name && e.Set == a.Name {
			out = append(out, e)
		}
	}
	return out
}

// extendObjectSet adds to out, the evaluated object set a, the objects of
// the sets that extend it (Options.Extend), after its own objects, as
// extension additions.
func (s *checker) extendObjectSet(a *Assignment, out *ObjectSet, depth int) {
	exts := s.extensionsOf(a)
	if len(exts) == 0 {
		return
	}
	n, _ := a.AST.(*parser.ValueSetTypeAssignment)
	extensible := a.Module.ExtensibilityImplied || (n != nil && n.Set != nil && n.Set.Extensible) || s.declaredExtensible(a)
	seen := map[*Object]bool{}
	for _, o := range out.Objects {
		seen[o] = true
	}
	for _, e := range exts {
		pos := flagPos("-extend", e.Pos)
		if !extensible {
			s.errorf(pos, "-extend %s: object set %s.%s is not extensible (it has no extension marker)", e, e.Module, e.Set)
			continue
		}
		b := s.extendSource(e)
		if b == nil {
			continue
		}
		if !sameClass(a.Class, b.Class) {
			s.errorf(pos, "-extend %s: %s is a set of %s, %s a set of %s", e, e.Set, className(a.Class), e.From, className(b.Class))
			continue
		}
		add := s.objectSetAssignment(b, depth+1)
		for _, o := range add.Objects {
			if !seen[o] {
				seen[o] = true
				out.Objects = append(out.Objects, o)
			}
		}
	}
}

// extendSource returns the object set an extension draws from, reporting
// why when there is none.
func (s *checker) extendSource(e SetExtension) *Assignment {
	pos := flagPos("-extend", e.Pos)
	m := s.Module(e.FromModule)
	if m == nil {
		s.errorf(pos, "-extend %s: module %s not found", e, e.FromModule)
		return nil
	}
	b := m.Lookup(e.From)
	if b == nil {
		s.errorf(pos, "-extend %s: %s is not defined in module %s", e, e.From, e.FromModule)
		return nil
	}
	if k := s.kindOf(b); k != KindObjectSet || len(b.Params) > 0 {
		s.errorf(pos, "-extend %s: %s.%s is not an object set", e, e.FromModule, e.From)
		return nil
	}
	s.convert(b)
	return b
}

// checkExtensions evaluates every extended object set, so that an
// extension of a set no table uses is checked too, and reports an
// extension whose set does not exist.
func (s *checker) checkExtensions() {
	for _, e := range s.opts.Extend {
		pos := flagPos("-extend", e.Pos)
		m := s.Module(e.Module)
		if m == nil {
			s.errorf(pos, "-extend %s: module %s not found", e, e.Module)
			continue
		}
		a := m.Lookup(e.Set)
		if a == nil {
			s.errorf(pos, "-extend %s: %s is not defined in module %s", e, e.Set, e.Module)
			continue
		}
		if k := s.kindOf(a); k != KindObjectSet || len(a.Params) > 0 {
			s.errorf(pos, "-extend %s: %s.%s is not an object set", e, e.Module, e.Set)
			continue
		}
		s.objectSetAssignment(a, 0)
	}
}

func sameClass(a, b *Class) bool {
	if a == nil || b == nil {
		return a == b
	}
	if a == b {
		return true
	}
	if a.AST != nil && a.AST == b.AST {
		return true
	}
	return a.AST == nil && b.AST == nil && a.Name == b.Name && a.Module == b.Module
}

func className(c *Class) string {
	if c == nil {
		return "no class"
	}
	if c.Module != nil && c.Module.Name != "" {
		return c.Module.Name + "." + c.Name
	}
	return c.Name
}

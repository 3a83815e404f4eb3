package names

import (
	"sort"
	"strings"
)

// Module is a module of a Go package, as the collision rule of [Namer] sees
// it: its name and the names of the modules it imports.
type Module struct {
	Name    string
	Imports []string
}

// Decl is a package-level Go declaration to be named.
type Decl struct {
	// Key is the identity of what is named, unique in a Namer, for example
	// "type PKIX1Explicit-2009.Certificate" or "nested <parent key>/version".
	// It must be a function of what the declaration is (module, assignment,
	// path inside the assignment), never of the order in which files were
	// given: the keys of the declarations that want one name decide which
	// one keeps it.
	Key string
	// Name is the Go name wanted: Exported of the ASN.1 name for an
	// assignment, or a name derived from other declarations' Go names.
	Name string
	// Module is the module that defines an assignment ([Namer.Assignments]).
	Module string
	// Rank orders kinds of declarations in a collision that rule 2 of
	// [Namer] leaves (for example types before values): the lower rank
	// keeps the name.
	Rank int
	// Group names declarations that follow one rule (the constants of one
	// type), and Alt is the name each wants instead when any of its group
	// would lose its Name (rule 3 of [Namer]): then the whole group takes
	// its Alt names, so that one rule still names them all.
	Group, Alt string
}

// Namer gives the package-level declarations of one Go package their names,
// in batches: first the ASN.1 assignments, then the names derived from
// them, batch by batch (a type written in place after the type it is
// written in). The zero value is not usable; call [NewNamer].
//
// A name is a pure function of what the declaration is and of the other
// declarations of the package that want the same name; never of the order
// in which the declarations, or the files defining them, were given.
//
// The collision rule, for the declarations of one batch that want one name:
//
//  1. A name taken by an earlier batch (or reserved) stays with it.
//  2. Assignments of several modules ([Namer.Assignments]): if one of the
//     modules is below all the others (each other one imports it, directly
//     or through other modules of the package, and it imports none of
//     them), its assignment keeps the name; every other one takes the
//     qualified name Module_Name, Exported of the module's name, an
//     underscore and the name (OCSP2009_Version beside Version of
//     PKIX1Explicit-2009, which OCSP-2009 imports). When no module is below
//     all the others, every one is qualified.
//  3. Any collision left (two ASN.1 names of one module that map to one Go
//     name, "a-b" and "aB"; derived names that meet): the declaration of
//     the lowest Rank, then of the first Key in byte order, keeps the name.
//     A declaration of a Group that would lose makes its whole group take
//     their Alt names instead; the others append "_" until the name is
//     free (as protoc-gen-go does for a generated name that conflicts).
type Namer struct {
	imports map[string]map[string]bool // module → the modules it imports, transitively
	owner   map[string]string          // Go name → key ("" when reserved)
	names   map[string]string          // key → Go name
}

// NewNamer returns a Namer for a package made of modules, in which the
// given Go names are already taken.
func NewNamer(modules []Module, reserved ...string) *Namer {
	direct := map[string][]string{}
	for _, m := range modules {
		direct[m.Name] = append(direct[m.Name], m.Imports...)
	}
	n := &Namer{imports: map[string]map[string]bool{}, owner: map[string]string{}, names: map[string]string{}}
	for _, m := range modules {
		seen := map[string]bool{}
		stack := append([]string(nil), direct[m.Name]...)
		for len(stack) > 0 {
			x := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if seen[x] {
				continue
			}
			seen[x] = true
			stack = append(stack, direct[x]...)
		}
		n.imports[m.Name] = seen
	}
	for _, r := range reserved {
		n.owner[r] = ""
	}
	return n
}

// Name returns the Go name given to the declaration key, "" if none.
func (n *Namer) Name(key string) string { return n.names[key] }

// Taken reports whether the Go name is given or reserved.
func (n *Namer) Taken(goName string) bool {
	_, ok := n.owner[goName]
	return ok
}

// below reports whether module a is below module b: b imports a, directly
// or not, and a does not import b.
func (n *Namer) below(a, b string) bool {
	return n.imports[b][a] && !n.imports[a][b]
}

// Assignments names a batch of ASN.1 assignments by rules 1-3 of [Namer].
func (n *Namer) Assignments(decls []Decl) {
	byName := map[string][]int{}
	for i, d := range decls {
		byName[d.Name] = append(byName[d.Name], i)
	}
	out := append([]Decl(nil), decls...)
	for _, idx := range byName {
		mods := map[string]bool{}
		for _, i := range idx {
			mods[decls[i].Module] = true
		}
		if len(mods) < 2 {
			continue
		}
		bottom := ""
		for m := range mods {
			ok := true
			for o := range mods {
				if o != m && !n.below(m, o) {
					ok = false
					break
				}
			}
			if ok {
				bottom = m
				break
			}
		}
		for _, i := range idx {
			if d := decls[i]; d.Module != bottom {
				out[i].Name = Exported(d.Module) + "_" + d.Name
			}
		}
	}
	n.batch(out)
}

// Derived names a batch of derived declarations by rules 1 and 3 of
// [Namer].
func (n *Namer) Derived(decls []Decl) { n.batch(decls) }

// batch gives each declaration its wanted name, or resolves the collision
// by rule 3.
func (n *Namer) batch(decls []Decl) {
	sorted := make([]Decl, 0, len(decls))
	for _, d := range decls {
		if _, done := n.names[d.Key]; !done { // else named by an earlier batch
			sorted = append(sorted, d)
		}
	}
	sort.SliceStable(sorted, func(i, j int) bool {
		if sorted[i].Rank != sorted[j].Rank {
			return sorted[i].Rank < sorted[j].Rank
		}
		return sorted[i].Key < sorted[j].Key
	})
	// A group whose member would lose takes its Alt names; that can free
	// or take names others want, so the winners are found again until no
	// further group changes (each changes once).
	alt := map[string]bool{}
	name := func(d Decl) string {
		if d.Group != "" && alt[d.Group] && d.Alt != "" {
			return d.Alt
		}
		return d.Name
	}
	for {
		claimed := map[string]bool{}
		changed := false
		for _, d := range sorted {
			w := name(d)
			if n.Taken(w) || claimed[w] {
				if d.Group != "" && d.Alt != "" && !alt[d.Group] {
					alt[d.Group] = true
					changed = true
				}
				continue
			}
			claimed[w] = true
		}
		if !changed {
			break
		}
	}
	var losers []Decl
	for _, d := range sorted {
		d.Name = name(d)
		if n.Taken(d.Name) {
			losers = append(losers, d)
			continue
		}
		n.owner[d.Name] = d.Key
		n.names[d.Key] = d.Name
	}
	// Every wanted name is given before the losers append underscores, so
	// that a loser never takes the name another declaration wants.
	for _, d := range losers {
		name := d.Name + "_"
		for n.Taken(name) {
			name += "_"
		}
		n.owner[name] = d.Key
		n.names[d.Key] = name
	}
}

// ClassKind returns the Go name of the discriminant type of an information
// object class (X.681 9; class references are written in upper case):
// each hyphen-separated word in lower case, then by the rule of [Exported]
// (so that initialisms stay in upper case), followed by "Kind":
// "SIGNATURE-ALGORITHM" is SignatureAlgorithmKind, "CMS-CONTENT-TYPE"
// CMSContentTypeKind. A class reference in mixed case is taken by
// [Exported] as it is.
func ClassKind(class string) string {
	if strings.ToUpper(class) != class {
		return Exported(class) + "Kind"
	}
	return Exported(strings.ToLower(class)) + "Kind"
}

// Nested returns the name of a declaration that belongs to another, in
// the style of protoc-gen-go: the owner's Go name, an underscore and
// Exported of the ASN.1 identifier ("TBSCertList", "revokedCertificates":
// TBSCertList_RevokedCertificates). Exported never yields an underscore
// before an upper-case letter, so a nested name never collides with the
// name of an assignment.
func Nested(owner, identifier string) string {
	return owner + "_" + Exported(identifier)
}

package names

import "strconv"

// A Scope allocates unique Go identifiers within one Go package (or any other
// Go scope). The zero value is not usable; call [NewScope].
//
// Collision rule of [Scope.Name], in order, the first free candidate wins:
//
//  1. Exported(asn1Name), e.g. "Certificate";
//  2. if qualifier is not empty, Exported(qualifier) + Exported(asn1Name),
//     e.g. "PKIX1Explicit2009Certificate" for qualifier "PKIX1Explicit-2009"
//     (the module that defines the name);
//  3. the candidate of step 2 (or 1 without qualifier) followed by "_2",
//     "_3", ... The underscore keeps the counter apart from digits that end
//     an ASN.1 name ("SIB1_2", never "SIB12").
//
// The result depends only on the sequence of calls, never on map iteration
// order: the caller feeds names in a stable order (for example modules in the
// order given on the command line, assignments in source order, all type
// names before value names and constants) and gets byte-identical names on
// every run. The first name to claim an identifier keeps it.
type Scope struct {
	used  map[string]bool
	names map[scopeKey]string
}

type scopeKey struct{ asn1Name, qualifier string }

// NewScope returns a scope in which the given Go identifiers are already
// taken (for example the names of the generator's own helpers).
func NewScope(reserved ...string) *Scope {
	s := &Scope{used: make(map[string]bool), names: make(map[scopeKey]string)}
	for _, r := range reserved {
		s.used[r] = true
	}
	return s
}

// Reserve marks the Go identifier name as taken, for names the generator
// emits itself. It reports whether name was free.
func (s *Scope) Reserve(name string) bool {
	if s.used[name] {
		return false
	}
	s.used[name] = true
	return true
}

// Taken reports whether the Go identifier name is already allocated or
// reserved.
func (s *Scope) Taken(name string) bool { return s.used[name] }

// Name returns the Go identifier for the ASN.1 name asn1Name defined in the
// module (or other context) qualifier, allocating it by the collision rule
// of [Scope] on the first call. Later calls with the same pair return the
// same identifier, so a reference can be resolved by calling Name again.
func (s *Scope) Name(asn1Name, qualifier string) string {
	k := scopeKey{asn1Name, qualifier}
	if n, ok := s.names[k]; ok {
		return n
	}
	base := Exported(asn1Name)
	n := base
	if s.used[n] && qualifier != "" {
		base = Exported(qualifier) + base
		n = base
	}
	if s.used[n] {
		n = s.suffixed(base)
	}
	s.used[n] = true
	s.names[k] = n
	return n
}

// Lookup returns the identifier that Name allocated for the pair, if any.
func (s *Scope) Lookup(asn1Name, qualifier string) (string, bool) {
	n, ok := s.names[scopeKey{asn1Name, qualifier}]
	return n, ok
}

// Unique allocates the Go identifier goName, or goName followed by "_2",
// "_3", ... when it is taken; for names computed by the caller, such as
// [ConstName] results or [Unexported] locals.
func (s *Scope) Unique(goName string) string {
	n := goName
	if s.used[n] {
		n = s.suffixed(goName)
	}
	s.used[n] = true
	return n
}

// suffixed returns the first free base_k for k = 2, 3, ...
func (s *Scope) suffixed(base string) string {
	for k := 2; ; k++ {
		n := base + "_" + strconv.Itoa(k)
		if !s.used[n] {
			return n
		}
	}
}

// FieldNamer allocates the field names of one Go struct (SEQUENCE, SET or
// CHOICE alternatives).
//
// In Go a field may have the same name as its own struct type, and fields do
// not clash with package-level names, so neither is a collision here: a
// component "certificate" in type Certificate is simply the field
// Certificate. What does clash is a field and a method of the same type
// (and a field the generator adds itself, such as Raw). Those names are
// passed to [NewFieldNamer] as reserved.
//
// Collision rule of [FieldNamer.Field], the first free candidate wins:
// Exported(identifier); then that name followed by "_" (as protoc-gen-go does
// for a field that clashes with a method: String_); then "_2", "_3", ...
// The result depends only on the order of calls; call Field in component
// declaration order.
type FieldNamer struct {
	used map[string]bool
}

// NewFieldNamer returns a FieldNamer for one struct whose generated methods
// and generated fields are reserved, for example
// "Raw", "UnmarshalDER", "UnmarshalBER", "MarshalDER", "AppendDER", "String".
func NewFieldNamer(reserved ...string) *FieldNamer {
	f := &FieldNamer{used: make(map[string]bool)}
	for _, r := range reserved {
		f.used[r] = true
	}
	return f
}

// Field returns a unique exported field name for the ASN.1 component
// identifier (X.680 12.3) and allocates it.
func (f *FieldNamer) Field(identifier string) string {
	base := Exported(identifier)
	n := base
	if f.used[n] {
		n = base + "_"
	}
	for k := 2; f.used[n]; k++ {
		n = base + "_" + strconv.Itoa(k)
	}
	f.used[n] = true
	return n
}

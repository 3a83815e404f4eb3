package names

import "strconv"

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
// Call Field in component declaration order: the order of the components
// in their type is part of what the type is, so the names are still a
// function of the type alone.
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

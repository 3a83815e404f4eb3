package plan

import (
	"fmt"
	"slices"
	"strings"

	"github.com/asn1gen/asn1gen/codegen/manifest"
	"github.com/asn1gen/asn1gen/codegen/model"
	"github.com/asn1gen/asn1gen/codegen/names"
)

// goType is one Go type the generator emits: a named ASN.1 type, an
// instance of a parameterized type, or a type written in place inside
// another (named after its parent and component).
type Type struct {
	Name string // Go name, given by assignNames (naming.go)
	ASN1 string // ASN.1 name, for errors and doc comments
	// pkg is the import path of the package that declares the type when it
	// is another generated package's (Config.Used), "" for a type of this
	// package. key is the type's ASN.1 identity (see identity.go), under
	// which a manifest records its Go name.
	Pkg, Key string

	// What the Go name is a function of (naming.go): the assignment of a
	// named type or instance, or the type this one is written in and the
	// Go form of the component (label). A union has neither: its name
	// comes from its object set.
	asg    *model.Assignment
	parent *Type
	label  string
	// obj is set for a type written in place in an information object
	// (the &Type of ea-postalCode), which is named after the object and
	// the field objField.
	obj      *model.Object
	objField string
	Doc      string // ASN.1 source text of the assignment, if any

	// body is the model type whose structure this Go type has. For a
	// reference that only renames (alias) or re-tags/constrains (base),
	// body is the referring type.
	Body *model.Type
	// top is the type whose tags the top-level Unmarshal/Marshal methods
	// read and write (the assignment's type).
	Top *model.Type
	// kind is the built-in kind of the body.
	Kind model.TypeKind

	// alias: "type name = alias.name"; base: "type name base.name" with
	// methods that delegate to base's and check the extra constraints.
	Alias, Base *Type

	Fields  []*Field // SEQUENCE, SET components; CHOICE alternatives
	Elem    *Field   // SEQUENCE OF, SET OF element
	Union   *Union   // open type with a table
	keepRaw bool
	// consts are the named numbers, enumeration items or named bits.
	Consts []NamedConst
	// choiceType is the discriminant type of a CHOICE.
	ChoiceType string
	// choiceOwner is the CHOICE whose discriminant (type and constants)
	// this one shares, nil when it declares its own (see nameChoices).
	ChoiceOwner *Type
	// choiceSharers are the CHOICEs sharing this one's discriminant.
	ChoiceSharers []*Type
	// template is the parameterized assignment this type is an instance
	// of, nil for other types.
	Template *model.Assignment
	// unknown is the field that keeps unknown extension additions (or an
	// unknown CHOICE alternative), "" when the type is not extensible.
	Unknown string
	Raw     string // the field keeping the received encoding, "" if none
	// Unread: the decoders of this extensible SEQUENCE leave unread what a
	// rule of the package says (asn1gen gen -unread, see
	// der.TolerateX509Unread): they call the hand-written methods
	// unreadAdditions (of the type and of its view) before its extension
	// additions and unreadComponent when one of them fails to decode.
	Unread bool

	children []*Type
	// ctor is the constructor of a BIT STRING type with named bits.
	Ctor string
	// single: a CHOICE whose alternatives all have one Go type keeps the
	// value in one field, Value.
	Single bool

	// intGo is the Go representation of INTEGER bodies: "int64" or
	// "runtime.Integer".
	IntGo string
}

type NamedConst struct {
	Name  string // Go name
	ASN1  string
	Value int64
}

// field is a component of a SEQUENCE or SET, an alternative of a CHOICE,
// or the element of a SEQUENCE OF.
type Field struct {
	Comp  *model.Component // nil for an element
	Name  string           // Go field name
	ASN1  string           // ASN.1 identifier, for error paths
	Has   string           // presence field (OPTIONAL, DEFAULT, extension additions)
	Raw   string           // field keeping the received encoding
	Type  *model.Type      // the component's type (with its tags)
	Named *Type            // named Go type, nil for anonymous built-ins
	Ptr   bool             // stored behind a pointer (breaks a recursive cycle)
	// choiceConst is the discriminant constant of a CHOICE alternative.
	ChoiceConst string
	// alt is the Go name of the component, which names its constant
	// (name becomes "Value" in a homogeneous CHOICE).
	Alt string
	// union is set when the component is an open type resolved through
	// a table whose key is a sibling component.
	Union *Union
	Key   *Field // the sibling holding the key
	// containing is set for an OCTET/BIT STRING that CONTAINS the union,
	// list for a SET OF or SEQUENCE OF the union (Attribute values).
	Containing, List bool
	// deferred: the key is read after the open type (SET, or a key that
	// follows), so the value is resolved after the last component.
	Deferred bool
	// octets: the component is an OCTET STRING or BIT STRING whose
	// contents are the encoding of a value of gt (X.682 11 CONTAINING a
	// type: see containedType); t is the string, inner the contained type.
	Octets bool
	Inner  *model.Type
}

// plan collects the Go types of a module set.
type Plan struct {
	Set *model.Set
	// Codecs are the encodings the package is generated for.
	Codecs Codecs
	namer  *names.Namer // set by assignNames
	Types  []*Type
	ByAsg  map[*model.Assignment]*Type
	// owner maps an instance to the assignment that names it
	// (Certificate ::= SIGNED{TBSCertificate}).
	owner   map[*model.Assignment]*model.Assignment
	inline  map[*model.Type]*Type
	Values  []*Value
	matches map[*Type]string // untagged CHOICE tag matchers, by type
	// top are the types emitted at the top level, in order; the others
	// are emitted after the type whose planning created them (children).
	top []*Type
	cur *Type
	// roots are the types chosen with Config.Roots (nil: all).
	Roots []*Type
	// unions are the open-type unions by key (unionKeyOf); kinds the
	// discriminants by class, in the order made.
	unions map[string]*Union
	kinds  map[string]*Discriminant
	Kinds  []*Discriminant
	// used are the manifests of the packages generated code may refer to,
	// by import path; usedTypes maps an ASN.1 identity to its package.
	used      map[string]*manifest.Manifest
	usedTypes map[string]string
	// emit holds the types this package declares (see markEmitted), seeds
	// the named types it starts from (the roots, or every assignment).
	emit  map[*Type]bool
	seeds []*Type
}

// UsedCodecs returns the codecs that the used package of import path pkg
// carries, as its manifest says; false when the manifest does not say
// (one written before it did) or pkg is not used.
func (p *Plan) UsedCodecs(pkg string) (Codecs, bool) {
	m := p.used[pkg]
	if m == nil || m.Codecs == "" {
		return Codecs{}, false
	}
	c, err := ParseCodecs(m.Codecs)
	return c, err == nil
}

// goValue is a value assignment emitted as a Go constant or variable.
type Value struct {
	Name       string
	Assignment *model.Assignment
}

func New(set *model.Set, roots []string, used []*manifest.Manifest) (*Plan, error) {
	p := &Plan{Set: set, ByAsg: map[*model.Assignment]*Type{},
		owner: map[*model.Assignment]*model.Assignment{}, inline: map[*model.Type]*Type{},
		matches: map[*Type]string{}, unions: map[string]*Union{}, kinds: map[string]*Discriminant{},
		used: map[string]*manifest.Manifest{}, usedTypes: map[string]string{}}
	for _, m := range used {
		p.used[m.ImportPath] = m
		for key := range m.Types {
			p.usedTypes[key] = m.ImportPath
		}
	}
	var asgs []*model.Assignment
	for _, m := range set.Modules {
		for _, a := range m.Assignments {
			if len(a.Params) == 0 && (a.Kind == model.KindType || a.Kind == model.KindValueSet) && a.Type != nil {
				asgs = append(asgs, a)
				if r := a.Type.Ref; r != nil && r.Instance != nil && p.owner[r] == nil && sameTags(a.Type, r.Type) {
					p.owner[r] = a
				}
			}
		}
	}
	if len(roots) > 0 {
		sel, err := SelectRoots(set, roots)
		if err != nil {
			return nil, err
		}
		asgs = sel
	}
	// Named types first, in module and source order; names are given
	// once everything is planned (assignNames), by identity.
	for _, a := range asgs {
		gt := p.named(a)
		p.seeds = append(p.seeds, gt)
		if len(roots) > 0 {
			p.Roots = append(p.Roots, gt)
		}
	}
	for i := 0; i < len(p.Types); i++ { // grows while bodies are planned
		p.cur = p.Types[i]
		p.fill(p.Types[i])
	}
	p.cur = nil
	p.groupChoices()
	if len(roots) == 0 {
		for _, m := range set.Modules {
			if m.Package != "" {
				continue // the used package declares its values
			}
			for _, a := range m.Assignments {
				if a.Kind == model.KindValue && len(a.Params) == 0 && a.Value != nil && emittableValue(a) {
					p.Values = append(p.Values, &Value{Assignment: a})
				}
			}
		}
	}
	p.assignNames()
	if err := p.usePackages(); err != nil {
		return nil, err
	}
	p.markPointers()
	p.markLarge()
	p.shareUnionSlots()
	if err := p.markEmitted(); err != nil {
		return nil, err
	}
	return p, nil
}

// SelectRoots returns the assignments named by roots ("Type" or
// "Module.Type"); what they use is planned on demand.
func SelectRoots(set *model.Set, roots []string) ([]*model.Assignment, error) {
	var out []*model.Assignment
	for _, r := range roots {
		mod, name := "", r
		if i := strings.LastIndex(r, "."); i >= 0 {
			mod, name = r[:i], r[i+1:]
		}
		found := false
		// This package's modules first: a used package's type of the same
		// name is not a root here.
		for _, local := range []bool{true, false} {
			for _, m := range set.Modules {
				if found || (m.Package == "") != local || mod != "" && m.Name != mod {
					continue
				}
				if a := m.Lookup(name); a != nil && len(a.Params) == 0 && (a.Kind == model.KindType || a.Kind == model.KindValueSet) {
					out = append(out, a)
					found = true
				}
			}
		}
		if !found {
			return nil, &rootError{r}
		}
	}
	return out, nil
}

type rootError struct{ name string }

func (e *rootError) Error() string { return "asn1gen: -roots: no type " + e.name }

func sameTags(a, b *model.Type) bool {
	if a == nil || b == nil || len(a.Tags) != len(b.Tags) {
		return false
	}
	for i := range a.Tags {
		if a.Tags[i] != b.Tags[i] {
			return false
		}
	}
	return true
}

// named returns the Go type of a named type or instance, creating it.
func (p *Plan) named(a *model.Assignment) *Type {
	if gt := p.ByAsg[a]; gt != nil {
		return gt
	}
	if o := p.owner[a]; o != nil && o != a {
		// An instance named by an assignment: the assignment's Go type
		// has the instance's body.
		gt := p.named(o)
		p.ByAsg[a] = gt
		return gt
	}
	gt := &Type{ASN1: a.Name, Doc: a.Source, Top: a.Type, asg: a, Key: AssignmentKey(a), Pkg: a.Module.Package}
	if a.Instance != nil {
		gt.ASN1 = a.Instance.Name
		gt.Template = a.Instance
		// An instance is the used package's when that package declares
		// it, and this package's otherwise, whatever module its template
		// is in.
		gt.Pkg = p.usedTypes[gt.Key]
	}
	p.ByAsg[a] = gt
	p.add(gt)
	gt.keepRaw = a.KeepRaw
	t := a.Type
	if r := t.Ref; r != nil && r.Type != nil {
		if p.owner[r] == a {
			// Certificate ::= SIGNED{TBSCertificate}: the body is the
			// instance's.
			p.ByAsg[r] = gt
			gt.Body = r.Type
			gt.Template = r.Instance
			if r.Type.Ref != nil {
				gt.Body = r.Type
				gt.Base = p.named(r.Type.Ref)
				if sameTags(r.Type, r.Type.Ref.Type) && !hasOwnConstraints(r.Type) {
					gt.Alias, gt.Base = gt.Base, nil
				}
			}
			gt.Kind = gt.Body.Kind
			gt.keepRaw = gt.keepRaw || r.KeepRaw
			return gt
		}
		gt.Body = t
		gt.Kind = t.Kind
		target := p.named(r)
		switch {
		case sameTags(t, r.Type) && !hasOwnConstraints(t) && !gt.keepRaw:
			gt.Alias = target
		case !otherInteger(t, target):
			gt.Base = target
		}
		return gt
	}
	gt.Body = t
	gt.Kind = t.Kind
	return gt
}

// otherInteger reports whether t, an INTEGER type that refers to target,
// is held in another Go type than target's, its constraints making it
// fit an int64 where target is a der.Integer (CrlPsid ::= Psid (256),
// with Psid ::= INTEGER (0..MAX)) or the reverse: it is then a Go type of
// its own rather than one based on target's, as the PER, OER and JER
// codecs read and write it by its own constraints.
func otherInteger(t *model.Type, target *Type) bool {
	if t.Kind != model.TypeInteger {
		return false
	}
	root := target
	for root.Alias != nil || root.Base != nil {
		if root.Alias != nil {
			root = root.Alias
		} else {
			root = root.Base
		}
	}
	rep := root.IntGo
	if rep == "" {
		rep = IntegerGo(root.Body)
	}
	return IntegerGo(t) != rep
}

// ConstrainedInt reports whether component f refers to a named INTEGER
// type held as an int64 and constrains its values further (version
// Version (v1), in ETSI TS 102 941, where Version ::= INTEGER {v1(1)}):
// PER and OER encode it by its own constraints (X.691 10.3, X.696 8.2),
// not by the named type's, so their codecs read and write it in place,
// as a value of the named type.
func ConstrainedInt(f *Field) bool {
	return OwnIntConstraint(f) && GoIntOf(f) == "int64" && IntegerGo(f.Type) == "int64"
}

// OwnIntConstraint reports whether component f refers to a named INTEGER
// type and constrains its values further, whatever their Go types: the
// codecs that do not handle it (ConstrainedInt: an int64 in an int64)
// refuse it rather than encode it by the named type's constraints.
func OwnIntConstraint(f *Field) bool {
	return OwnConstraints(f) && f.Type.Kind == model.TypeInteger
}

// OwnConstraints reports whether component f refers to a named type and
// constrains it further (a range, a SIZE or a FROM of its own: version
// Version (v1), name Name (SIZE (1..4))), which the named type's codecs
// do not check.
func OwnConstraints(f *Field) bool {
	t := f.Type
	return f.Named != nil && f.Union == nil && !f.Octets && !f.Ptr &&
		t.Ref != nil && t.Ref.Type != nil && hasOwnConstraints(t)
}

// hasOwnConstraints reports whether a referring type adds constraints of
// its own (X520name ::= DirectoryString (SIZE (1..64))).
func hasOwnConstraints(t *model.Type) bool {
	c := t.Constraints
	if c == nil || t.Ref == nil {
		return false
	}
	rc := t.Ref.Type.Constraints
	if rc == nil {
		return c.Size != nil || c.Value != nil || c.Alphabet != ""
	}
	return !sameRange(c.Size, rc.Size) || !sameRange(c.Value, rc.Value) || !slices.Equal(c.Values, rc.Values) || c.Alphabet != rc.Alphabet
}

func sameRange(a, b *model.Range) bool {
	if a == nil || b == nil {
		return a == b
	}
	return *a == *b
}

// inlineType returns the Go type of a type written in place that needs a
// name of its own (constructed types, ENUMERATED, INTEGER with named
// numbers, BIT STRING with named bits), or nil for an anonymous built-in.
func (p *Plan) inlineType(t *model.Type, parent *Type, label, asn1 string) *Type {
	if gt := p.inline[t]; gt != nil {
		return gt
	}
	switch t.Kind {
	case model.TypeSequence, model.TypeSet, model.TypeChoice, model.TypeSequenceOf, model.TypeSetOf, model.TypeEnumerated:
	case model.TypeInteger, model.TypeBitString:
		if len(t.NamedNumbers) == 0 {
			return nil
		}
	default:
		return nil
	}
	gt := &Type{parent: parent, label: label, ASN1: asn1, Body: t, Top: t, Kind: t.Kind}
	switch {
	case parent != nil:
		gt.Pkg, gt.Key = parent.Pkg, parent.Key+"/"+label
	case p.cur != nil:
		gt.Pkg, gt.Key = p.cur.Pkg, p.cur.Key+"/"+asn1
	}
	p.inline[t] = gt
	p.add(gt)
	return gt
}

// typeOf returns the named Go type of a component's type, planning it: a
// type written in place is named after parent and label (naming.go).
func (p *Plan) typeOf(t *model.Type, parent *Type, label, asn1 string) *Type {
	if t.Ref != nil && t.Ref.Type != nil {
		return p.named(t.Ref)
	}
	return p.inlineType(t, parent, label, asn1)
}

// fill plans the structure of a Go type: its fields, element, union,
// constants.
func (p *Plan) fill(gt *Type) {
	if gt.Alias != nil || gt.Base != nil || gt.Union != nil {
		return
	}
	t := gt.Body
	switch t.Kind {
	case model.TypeSequence, model.TypeSet, model.TypeChoice:
		reserved := []string{"Raw", "Unknown", "Choice", "UnmarshalDER", "UnmarshalBER", "UnmarshalWith", "MarshalDER", "AppendDER", "AppendWith"}
		fn := names.NewFieldNamer(reserved...)
		for _, c := range t.Components {
			f := &Field{Comp: c, ASN1: c.Name, Type: c.Type, Name: fn.Field(c.Name)}
			f.Alt = f.Name
			if ct := containedType(c.Type); ct != nil {
				// A built-in contained type (INTEGER) stays octets.
				if f.Named = p.typeOf(ct, gt, names.Exported(c.Name), gt.ASN1+"."+c.Name); f.Named != nil {
					f.Octets, f.Inner = true, ct
				}
			} else if !unionCandidate(c.Type) {
				f.Named = p.typeOf(c.Type, gt, names.Exported(c.Name), gt.ASN1+"."+c.Name)
			}
			gt.Fields = append(gt.Fields, f)
		}
		for _, f := range gt.Fields {
			c := f.Comp
			if t.Kind != model.TypeChoice && (c.Optional || c.Default != nil || c.Extension) {
				f.Has = fn.Field("has-" + c.Name)
			}
			if c.KeepRaw {
				f.Raw = fn.Field(c.Name + "-raw")
			}
		}
		if t.Kind == model.TypeChoice {
			if homogeneous(gt.Fields) {
				// DirectoryString, Time: every alternative has the same
				// Go type, so one field holds the value and Choice says
				// which alternative (which tag) it is.
				gt.Single = true
				for _, f := range gt.Fields {
					f.Name = "Value"
				}
			}
		}
		if t.Extensible {
			gt.Unknown = "Unknown"
		}
		if gt.keepRaw {
			gt.Raw = "Raw"
		}
		p.planUnions(gt)
		for _, f := range gt.Fields {
			if f.Union == nil && unionCandidate(f.Type) {
				f.Named = p.typeOf(f.Type, gt, names.Exported(f.ASN1), gt.ASN1+"."+f.ASN1)
			}
		}
	case model.TypeSequenceOf, model.TypeSetOf:
		e := t.Elem
		gt.Elem = &Field{Type: e, ASN1: "", Name: "elem"}
		if ct := containedType(e); ct != nil {
			// An element OCTET STRING (CONTAINING T) holds a T, as a
			// component does; a built-in contained type stays octets.
			if gt.Elem.Named = p.typeOf(ct, gt, elemLabel(t), gt.ASN1+".item"); gt.Elem.Named != nil {
				gt.Elem.Octets, gt.Elem.Inner = true, ct
			}
		} else {
			gt.Elem.Named = p.typeOf(e, gt, elemLabel(t), gt.ASN1+".item")
		}
		if gt.keepRaw {
			// A kept SET OF (SignedAttributes) is a slice: the received
			// encoding is on the component that holds it.
			gt.keepRaw = false
		}
	case model.TypeInteger, model.TypeEnumerated, model.TypeBitString:
		for _, nn := range t.NamedNumbers {
			gt.Consts = append(gt.Consts, NamedConst{ASN1: nn.Name, Value: nn.Value})
		}
	}
	if t.Kind == model.TypeInteger {
		gt.IntGo = IntegerGo(t)
	}
	if gt.keepRaw && gt.Raw == "" {
		gt.keepRaw = false // only structs carry a Raw field
	}
}

// integerGo chooses the Go type of an INTEGER: int64 when the values fit
// (a constraint within int64, or named numbers, which make the type an
// enumeration in practice), otherwise the exact two's-complement bytes.
func IntegerGo(t *model.Type) string {
	if c := t.Constraints; c != nil && c.Value != nil {
		if lo, hi := c.Value.Exact(); lo != nil && hi != nil && lo.IsInt64() && hi.IsInt64() {
			return "int64"
		}
	}
	if len(t.NamedNumbers) > 0 {
		return "int64"
	}
	return "Integer"
}

// groupChoices finds the CHOICEs that share a discriminant (type and
// constants, named in naming.go). Instances of one parameterized CHOICE
// whose alternatives have the same identifiers, tags and Go types
// (DirectoryString{ub-name} and DirectoryString{ub-common-name}: only
// constraints differ) share one, named after the template
// (DirectoryStringChoice, DirectoryString_UTF8String): their Go types then
// have one underlying type, so that a value converts from one to another,
// and an open type's rows of such types share one field (shareUnionSlots).
func (p *Plan) groupChoices() {
	groups := map[string][]*Type{}
	var keys []string
	for _, gt := range p.Types {
		if gt.Kind != model.TypeChoice || gt.Alias != nil || gt.Base != nil || gt.Union != nil {
			continue
		}
		key := choiceShape(gt)
		if _, ok := groups[key]; !ok {
			keys = append(keys, key)
		}
		groups[key] = append(groups[key], gt)
	}
	for _, key := range keys {
		g := groups[key]
		owner := g[0]
		owner.ChoiceSharers = g[1:]
		for _, gt := range g[1:] {
			gt.ChoiceOwner = owner
		}
	}
}

// choiceShape returns the key under which CHOICE instances share a
// discriminant: unique to gt unless it is a homogeneous instance of a
// parameterized type.
func choiceShape(gt *Type) string {
	if gt.Template == nil || !gt.Single {
		return fmt.Sprintf("type %p", gt)
	}
	var b strings.Builder
	// Only the types of one package share a discriminant: the names of
	// another package's constants are that package's.
	fmt.Fprintf(&b, "package %s template %p", gt.Pkg, gt.Template)
	for _, f := range gt.Fields {
		fmt.Fprintf(&b, "|%s %v %s", f.ASN1, f.Type.Tags, BuiltinGoString(f.Type))
	}
	return b.String()
}

// homogeneous reports whether every alternative of a CHOICE has the same
// anonymous built-in Go type (string for DirectoryString, der.Time for
// Time), with no field of its own to keep.
func homogeneous(fields []*Field) bool {
	if len(fields) < 2 {
		return false
	}
	first := ""
	for _, f := range fields {
		if f.Named != nil || f.Raw != "" || unionCandidate(f.Type) {
			return false
		}
		switch f.Type.Kind {
		case model.TypeCharacterString, model.TypeTime, model.TypeObjectDescriptor:
		default:
			return false
		}
		g := BuiltinGoString(f.Type)
		if first == "" {
			first = g
		} else if g != first {
			return false
		}
	}
	return true
}

// FieldIndex returns the position of f among gt's fields.
func FieldIndex(gt *Type, f *Field) int {
	for i, x := range gt.Fields {
		if x == f {
			return i
		}
	}
	return -1
}

// GoIntOf returns the Go integer representation of a field of INTEGER kind.
func GoIntOf(f *Field) string {
	if f.Named != nil {
		g := f.Named
		for g.Alias != nil {
			g = g.Alias
		}
		for g.Base != nil {
			g = g.Base
		}
		if g.IntGo == "" {
			return IntegerGo(g.Body)
		}
		return g.IntGo
	}
	return IntegerGo(f.Type)
}

func ResolveAlias(gt *Type) *Type {
	for gt.Alias != nil {
		gt = gt.Alias
	}
	return gt
}

// add records a new Go type: at the top level, or as a child of the type
// being planned.
func (p *Plan) add(gt *Type) {
	p.Types = append(p.Types, gt)
	if p.cur != nil {
		p.cur.children = append(p.cur.children, gt)
	} else {
		p.top = append(p.top, gt)
	}
}

// Ordered returns the types in emission order: top-level types in module
// and source order, each followed by the types its planning created.
// Planning is deterministic, so the order is too.
func (p *Plan) Ordered() []*Type {
	var out []*Type
	var walk func(gt *Type)
	walk = func(gt *Type) {
		out = append(out, gt)
		for _, c := range gt.children {
			walk(c)
		}
	}
	for _, gt := range p.top {
		walk(gt)
	}
	return out
}

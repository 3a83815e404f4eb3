package gen

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/asn1gen/asn1gen/codegen/manifest"
	"github.com/asn1gen/asn1gen/codegen/model"
	"github.com/asn1gen/asn1gen/codegen/names"
)

// goType is one Go type the generator emits: a named ASN.1 type, an
// instance of a parameterized type, or a type written in place inside
// another (named after its parent and component).
type goType struct {
	name string // Go name, given by assignNames (naming.go)
	asn1 string // ASN.1 name, for errors and doc comments
	// pkg is the import path of the package that declares the type when it
	// is another generated package's (Config.Used), "" for a type of this
	// package. key is the type's ASN.1 identity (see identity.go), under
	// which a manifest records its Go name.
	pkg, key string

	// What the Go name is a function of (naming.go): the assignment of a
	// named type or instance, or the type this one is written in and the
	// Go form of the component (label). A union has neither: its name
	// comes from its object set.
	asg    *model.Assignment
	parent *goType
	label  string
	// obj is set for a type written in place in an information object
	// (the &Type of ea-postalCode), which is named after the object and
	// the field objField.
	obj      *model.Object
	objField string
	doc      string // ASN.1 source text of the assignment, if any

	// body is the model type whose structure this Go type has. For a
	// reference that only renames (alias) or re-tags/constrains (base),
	// body is the referring type.
	body *model.Type
	// top is the type whose tags the top-level Unmarshal/Marshal methods
	// read and write (the assignment's type).
	top *model.Type
	// kind is the built-in kind of the body.
	kind model.TypeKind

	// alias: "type name = alias.name"; base: "type name base.name" with
	// methods that delegate to base's and check the extra constraints.
	alias, base *goType

	fields  []*field // SEQUENCE, SET components; CHOICE alternatives
	elem    *field   // SEQUENCE OF, SET OF element
	union   *union   // open type with a table
	keepRaw bool
	// consts are the named numbers, enumeration items or named bits.
	consts []namedConst
	// choiceType is the discriminant type of a CHOICE.
	choiceType string
	// choiceOwner is the CHOICE whose discriminant (type and constants)
	// this one shares, nil when it declares its own (see nameChoices).
	choiceOwner *goType
	// choiceSharers are the CHOICEs sharing this one's discriminant.
	choiceSharers []*goType
	// template is the parameterized assignment this type is an instance
	// of, nil for other types.
	template *model.Assignment
	// unknown is the field that keeps unknown extension additions (or an
	// unknown CHOICE alternative), "" when the type is not extensible.
	unknown string
	raw     string // the field keeping the received encoding, "" if none

	children []*goType
	// ctor is the constructor of a BIT STRING type with named bits.
	ctor string
	// single: a CHOICE whose alternatives all have one Go type keeps the
	// value in one field, Value.
	single bool

	// intGo is the Go representation of INTEGER bodies: "int64" or
	// "runtime.Integer".
	intGo string
}

type namedConst struct {
	name  string // Go name
	asn1  string
	value int64
}

// field is a component of a SEQUENCE or SET, an alternative of a CHOICE,
// or the element of a SEQUENCE OF.
type field struct {
	comp *model.Component // nil for an element
	name string           // Go field name
	asn1 string           // ASN.1 identifier, for error paths
	has  string           // presence field (OPTIONAL, DEFAULT, extension additions)
	raw  string           // field keeping the received encoding
	t    *model.Type      // the component's type (with its tags)
	gt   *goType          // named Go type, nil for anonymous built-ins
	ptr  bool             // stored behind a pointer (breaks a recursive cycle)
	// choiceConst is the discriminant constant of a CHOICE alternative.
	choiceConst string
	// alt is the Go name of the component, which names its constant
	// (name becomes "Value" in a homogeneous CHOICE).
	alt string
	// union is set when the component is an open type resolved through
	// a table whose key is a sibling component.
	union *union
	key   *field // the sibling holding the key
	// containing is set for an OCTET/BIT STRING that CONTAINS the union,
	// list for a SET OF or SEQUENCE OF the union (Attribute values).
	containing, list bool
	// deferred: the key is read after the open type (SET, or a key that
	// follows), so the value is resolved after the last component.
	deferred bool
	// octets: the component is an OCTET STRING or BIT STRING whose
	// contents are the encoding of a value of gt (X.682 11 CONTAINING a
	// type: see containedType); t is the string, inner the contained type.
	octets bool
	inner  *model.Type
}

// union is the Go form of an open type with a compile-time table: the
// received encoding plus a typed field per row of the table (shared by rows
// of one Go layout).
type union struct {
	gt      *goType
	table   *model.OpenTypeTable
	keyKind model.TypeKind
	kindTyp string // discriminant type
	// kind is the discriminant of the table's class, shared by every union
	// of the class (naming.go).
	kind *classKind
	// key identifies the union: every open type over one object set and
	// class field, of one shape, shares it (unionKeyOf).
	key string
	// label names the union of a table without a class (an ANY mapping):
	// the component's Go form.
	label   string
	entries []*unionEntry
	// keyRaw: an INTEGER key of any size (runtime.Integer), compared
	// through Int64.
	keyRaw bool
	// containing: the union is the contents of an OCTET or BIT STRING
	// (Raw holds contents octets, not an element).
	containing bool
}

type unionEntry struct {
	e *model.OpenTypeEntry
	// f is the typed field of the row; nil when the row selects no type.
	// Rows whose values have one Go layout share a field (f.name): see
	// shareUnionSlots.
	f *field
	// kc is the discriminant constant of the row's object.
	kc *kindConst
	// slot is the Go type of the field holding the row's value when it
	// differs from the row's own (a DirectoryString instance kept in the
	// field of another instance); the value is converted, nil otherwise.
	slot      *goType
	constName string
	keyBytes  string // OID contents for OID keys
	keyInt    int64
	comment   string
}

// plan collects the Go types of a module set.
type plan struct {
	set   *model.Set
	namer *names.Namer // set by assignNames
	types []*goType
	byAsg map[*model.Assignment]*goType
	// owner maps an instance to the assignment that names it
	// (Certificate ::= SIGNED{TBSCertificate}).
	owner   map[*model.Assignment]*model.Assignment
	inline  map[*model.Type]*goType
	values  []*goValue
	matches map[*goType]string // untagged CHOICE tag matchers, by type
	// top are the types emitted at the top level, in order; the others
	// are emitted after the type whose planning created them (children).
	top []*goType
	cur *goType
	// roots are the types chosen with Config.Roots (nil: all).
	roots []*goType
	// unions are the open-type unions by key (unionKeyOf); kinds the
	// discriminants by class, in the order made.
	unions   map[string]*union
	kinds    map[string]*classKind
	kindList []*classKind
	// used are the manifests of the packages generated code may refer to,
	// by import path; usedTypes maps an ASN.1 identity to its package.
	used      map[string]*manifest.Manifest
	usedTypes map[string]string
	// emit holds the types this package declares (see markEmitted), seeds
	// the named types it starts from (the roots, or every assignment).
	emit  map[*goType]bool
	seeds []*goType
}

// goValue is a value assignment emitted as a Go constant or variable.
type goValue struct {
	name string
	a    *model.Assignment
}

func newPlan(set *model.Set, roots []string, used []*manifest.Manifest) (*plan, error) {
	p := &plan{set: set, byAsg: map[*model.Assignment]*goType{},
		owner: map[*model.Assignment]*model.Assignment{}, inline: map[*model.Type]*goType{},
		matches: map[*goType]string{}, unions: map[string]*union{}, kinds: map[string]*classKind{},
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
		sel, err := selectRoots(set, roots)
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
			p.roots = append(p.roots, gt)
		}
	}
	for i := 0; i < len(p.types); i++ { // grows while bodies are planned
		p.cur = p.types[i]
		p.fill(p.types[i])
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
					p.values = append(p.values, &goValue{a: a})
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

// selectRoots returns the assignments named by roots ("Type" or
// "Module.Type"); what they use is planned on demand.
func selectRoots(set *model.Set, roots []string) ([]*model.Assignment, error) {
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
func (p *plan) named(a *model.Assignment) *goType {
	if gt := p.byAsg[a]; gt != nil {
		return gt
	}
	if o := p.owner[a]; o != nil && o != a {
		// An instance named by an assignment: the assignment's Go type
		// has the instance's body.
		gt := p.named(o)
		p.byAsg[a] = gt
		return gt
	}
	gt := &goType{asn1: a.Name, doc: a.Source, top: a.Type, asg: a, key: assignmentKey(a), pkg: a.Module.Package}
	if a.Instance != nil {
		gt.asn1 = a.Instance.Name
		gt.template = a.Instance
		// An instance is the used package's when that package declares
		// it, and this package's otherwise, whatever module its template
		// is in.
		gt.pkg = p.usedTypes[gt.key]
	}
	p.byAsg[a] = gt
	p.add(gt)
	gt.keepRaw = a.KeepRaw
	t := a.Type
	if r := t.Ref; r != nil && r.Type != nil {
		if p.owner[r] == a {
			// Certificate ::= SIGNED{TBSCertificate}: the body is the
			// instance's.
			p.byAsg[r] = gt
			gt.body = r.Type
			gt.template = r.Instance
			if r.Type.Ref != nil {
				gt.body = r.Type
				gt.base = p.named(r.Type.Ref)
				if sameTags(r.Type, r.Type.Ref.Type) && !hasOwnConstraints(r.Type) {
					gt.alias, gt.base = gt.base, nil
				}
			}
			gt.kind = gt.body.Kind
			gt.keepRaw = gt.keepRaw || r.KeepRaw
			return gt
		}
		gt.body = t
		gt.kind = t.Kind
		target := p.named(r)
		if sameTags(t, r.Type) && !hasOwnConstraints(t) && !gt.keepRaw {
			gt.alias = target
		} else {
			gt.base = target
		}
		return gt
	}
	gt.body = t
	gt.kind = t.Kind
	return gt
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
	return !sameRange(c.Size, rc.Size) || !sameRange(c.Value, rc.Value) || c.Alphabet != rc.Alphabet
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
func (p *plan) inlineType(t *model.Type, parent *goType, label, asn1 string) *goType {
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
	gt := &goType{parent: parent, label: label, asn1: asn1, body: t, top: t, kind: t.Kind}
	switch {
	case parent != nil:
		gt.pkg, gt.key = parent.pkg, parent.key+"/"+label
	case p.cur != nil:
		gt.pkg, gt.key = p.cur.pkg, p.cur.key+"/"+asn1
	}
	p.inline[t] = gt
	p.add(gt)
	return gt
}

// typeOf returns the named Go type of a component's type, planning it: a
// type written in place is named after parent and label (naming.go).
func (p *plan) typeOf(t *model.Type, parent *goType, label, asn1 string) *goType {
	if t.Ref != nil && t.Ref.Type != nil {
		return p.named(t.Ref)
	}
	return p.inlineType(t, parent, label, asn1)
}

// fill plans the structure of a Go type: its fields, element, union,
// constants.
func (p *plan) fill(gt *goType) {
	if gt.alias != nil || gt.base != nil || gt.union != nil {
		return
	}
	t := gt.body
	switch t.Kind {
	case model.TypeSequence, model.TypeSet, model.TypeChoice:
		reserved := []string{"Raw", "Unknown", "Choice", "UnmarshalDER", "UnmarshalBER", "UnmarshalWith", "MarshalDER", "AppendDER", "AppendWith"}
		fn := names.NewFieldNamer(reserved...)
		for _, c := range t.Components {
			f := &field{comp: c, asn1: c.Name, t: c.Type, name: fn.Field(c.Name)}
			f.alt = f.name
			if ct := containedType(c.Type); ct != nil {
				// A built-in contained type (INTEGER) stays octets.
				if f.gt = p.typeOf(ct, gt, names.Exported(c.Name), gt.asn1+"."+c.Name); f.gt != nil {
					f.octets, f.inner = true, ct
				}
			} else if !unionCandidate(c.Type) {
				f.gt = p.typeOf(c.Type, gt, names.Exported(c.Name), gt.asn1+"."+c.Name)
			}
			gt.fields = append(gt.fields, f)
		}
		for _, f := range gt.fields {
			c := f.comp
			if t.Kind != model.TypeChoice && (c.Optional || c.Default != nil || c.Extension) {
				f.has = fn.Field("has-" + c.Name)
			}
			if c.KeepRaw {
				f.raw = fn.Field(c.Name + "-raw")
			}
		}
		if t.Kind == model.TypeChoice {
			if homogeneous(gt.fields) {
				// DirectoryString, Time: every alternative has the same
				// Go type, so one field holds the value and Choice says
				// which alternative (which tag) it is.
				gt.single = true
				for _, f := range gt.fields {
					f.name = "Value"
				}
			}
		}
		if t.Extensible {
			gt.unknown = "Unknown"
		}
		if gt.keepRaw {
			gt.raw = "Raw"
		}
		p.planUnions(gt)
		for _, f := range gt.fields {
			if f.union == nil && unionCandidate(f.t) {
				f.gt = p.typeOf(f.t, gt, names.Exported(f.asn1), gt.asn1+"."+f.asn1)
			}
		}
	case model.TypeSequenceOf, model.TypeSetOf:
		e := t.Elem
		gt.elem = &field{t: e, asn1: "", name: "elem"}
		gt.elem.gt = p.typeOf(e, gt, elemLabel(t), gt.asn1+".item")
		if gt.keepRaw {
			// A kept SET OF (SignedAttributes) is a slice: the received
			// encoding is on the component that holds it.
			gt.keepRaw = false
		}
	case model.TypeInteger, model.TypeEnumerated, model.TypeBitString:
		for _, nn := range t.NamedNumbers {
			gt.consts = append(gt.consts, namedConst{asn1: nn.Name, value: nn.Value})
		}
	}
	if t.Kind == model.TypeInteger {
		gt.intGo = integerGo(t)
	}
	if gt.keepRaw && gt.raw == "" {
		gt.keepRaw = false // only structs carry a Raw field
	}
}

// integerGo chooses the Go type of an INTEGER: int64 when the values fit
// (a constraint within int64, or named numbers, which make the type an
// enumeration in practice), otherwise the exact two's-complement bytes.
func integerGo(t *model.Type) string {
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

// planUnions finds the open-type components of a struct whose table key
// is a sibling, and plans their union types.
func (p *plan) planUnions(gt *goType) {
	for _, f := range gt.fields {
		tbl, containing := openTable(f.t)
		list := false
		if tbl == nil && (f.t.Kind == model.TypeSetOf || f.t.Kind == model.TypeSequenceOf) && f.t.Ref == nil && f.t.Elem != nil {
			// Attribute.attrValues: SET OF ATTRIBUTE.&Type({Set}{@attrType}).
			if e := f.t.Elem; e.Kind == model.TypeOpen && e.OpenType != nil && len(e.Tags) == 0 {
				tbl, list = e.OpenType, true
			}
		}
		if tbl == nil || tbl.Key == nil {
			continue
		}
		var key *field
		for _, k := range gt.fields {
			if k.comp == tbl.Key {
				key = k
			}
		}
		if key == nil || key.gt != nil && key.gt.kind != model.TypeObjectIdentifier && key.gt.kind != model.TypeInteger {
			continue
		}
		// The value is resolved once the key is read: at once when the key
		// comes first (the usual order), after the last component when it
		// follows or in a SET (any order on the wire).
		deferred := gt.kind == model.TypeSet || fieldIndex(gt, key) > fieldIndex(gt, f)
		if deferred && list {
			continue // the values stay raw elements
		}
		kk := key.t.Kind
		if kk != model.TypeObjectIdentifier && kk != model.TypeInteger {
			continue
		}
		keyRaw := kk == model.TypeInteger && goIntOf(key) != "int64"
		// Each package has its unions: another package's union decodes
		// through unexported methods.
		uk := unionKeyOf(tbl, kk, containing, keyRaw)
		if gt.pkg != "" {
			uk = "package " + gt.pkg + " " + uk
		}
		u := p.unions[uk]
		if u == nil {
			// One union per object set, class field and shape, shared by
			// every open type over them (naming.go names it after the set).
			u = &union{table: tbl, keyKind: kk, containing: containing, keyRaw: keyRaw, key: uk, label: names.Exported(f.asn1)}
			u.gt = &goType{asn1: unionASN1(tbl), kind: model.TypeOpen, union: u, pkg: gt.pkg, key: "union " + uk}
			if tbl.Class == nil {
				// An ANY mapping: one table per component.
				u.gt.asn1 = gt.asn1 + "." + f.asn1
			}
			p.unions[uk] = u
			p.add(u.gt)
			p.planEntries(u, containing)
		}
		f.union, f.key, f.containing, f.list, f.deferred = u, key, containing, list, deferred
		if !list {
			f.gt = u.gt
		}
	}
}

// shareUnionSlots lets the rows of an open type whose values have one Go
// layout share one field, since a value holds one row at a time: the
// attributes of a Name select eleven DirectoryString instances and five
// strings, which as fields of their own made every AttributeTypeAndValue
// 424 bytes, and as two shared fields make it 96. A shared field is named
// after what its rows have in common (DirectoryString, the Go type's name,
// String); a row alone keeps its own name.
func (p *plan) shareUnionSlots() {
	for _, gt := range p.types {
		u := gt.union
		if u == nil {
			continue
		}
		type slot struct {
			name    string // for a shared slot
			typ     *goType
			entries []*unionEntry
		}
		slots := map[string]*slot{}
		var order []*slot
		for _, ue := range u.entries {
			if ue.f == nil {
				continue
			}
			key, name, typ := p.slotKey(ue.f)
			sl := slots[key]
			if sl == nil {
				sl = &slot{name: name, typ: typ}
				slots[key] = sl
				order = append(order, sl)
			}
			sl.entries = append(sl.entries, ue)
		}
		fn := names.NewFieldNamer("Raw", "Kind")
		for _, sl := range order {
			label := sl.entries[0].f.asn1
			if len(sl.entries) > 1 {
				label = sl.name
			}
			name := fn.Field(label)
			for _, ue := range sl.entries {
				ue.f.name = name
				if sl.typ != nil && resolveAlias(ue.f.gt) != sl.typ {
					ue.slot = sl.typ
				}
			}
		}
	}
}

// slotKey returns the key under which rows share a union field, the name
// of a shared field, and the Go type of a field shared through conversion.
func (p *plan) slotKey(f *field) (key, name string, typ *goType) {
	if f.gt == nil {
		g := builtinGo(f.t).GoString()
		return "go " + g, builtinSlotName(g), nil
	}
	gt := resolveAlias(f.gt)
	if !f.ptr && gt.kind == model.TypeChoice && gt.alias == nil && gt.base == nil && (gt.choiceOwner != nil || len(gt.choiceSharers) > 0) {
		owner := gt
		if gt.choiceOwner != nil {
			owner = gt.choiceOwner
		}
		// The field has the Go type of the instance first by name (one an
		// assignment names before one used in place), so that it does not
		// depend on which instance was planned first.
		canon := owner
		for _, o := range owner.choiceSharers {
			if inPlace, cur := o.asg.Instance != nil, canon.asg.Instance != nil; inPlace != cur {
				if !inPlace {
					canon = o
				}
			} else if o.name < canon.name {
				canon = o
			}
		}
		return "choice " + owner.pkg + "." + owner.choiceType, owner.template.Name, canon
	}
	if f.ptr {
		return "ptr " + gt.pkg + "." + gt.name, gt.name, nil
	}
	return "type " + gt.pkg + "." + gt.name, gt.name, nil
}

// builtinSlotName names a union field shared by rows of one built-in Go
// type.
func builtinSlotName(goType string) string {
	switch goType {
	case "string":
		return "String"
	case "[]byte":
		return "Bytes"
	case "bool":
		return "Bool"
	case "int64":
		return "Int"
	}
	if i := strings.LastIndexAny(goType, ".]"); i >= 0 {
		return goType[i+1:] // runtime.OID, time.Time, runtime.BitString
	}
	return goType
}

// groupChoices finds the CHOICEs that share a discriminant (type and
// constants, named in naming.go). Instances of one parameterized CHOICE
// whose alternatives have the same identifiers, tags and Go types
// (DirectoryString{ub-name} and DirectoryString{ub-common-name}: only
// constraints differ) share one, named after the template
// (DirectoryStringChoice, DirectoryString_UTF8String): their Go types then
// have one underlying type, so that a value converts from one to another,
// and an open type's rows of such types share one field (shareUnionSlots).
func (p *plan) groupChoices() {
	groups := map[string][]*goType{}
	var keys []string
	for _, gt := range p.types {
		if gt.kind != model.TypeChoice || gt.alias != nil || gt.base != nil || gt.union != nil {
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
		owner.choiceSharers = g[1:]
		for _, gt := range g[1:] {
			gt.choiceOwner = owner
		}
	}
}

// choiceShape returns the key under which CHOICE instances share a
// discriminant: unique to gt unless it is a homogeneous instance of a
// parameterized type.
func choiceShape(gt *goType) string {
	if gt.template == nil || !gt.single {
		return fmt.Sprintf("type %p", gt)
	}
	var b strings.Builder
	// Only the types of one package share a discriminant: the names of
	// another package's constants are that package's.
	fmt.Fprintf(&b, "package %s template %p", gt.pkg, gt.template)
	for _, f := range gt.fields {
		fmt.Fprintf(&b, "|%s %v %s", f.asn1, f.t.Tags, builtinGo(f.t).GoString())
	}
	return b.String()
}

// homogeneous reports whether every alternative of a CHOICE has the same
// anonymous built-in Go type (string for DirectoryString, time.Time for
// Time), with no field of its own to keep.
func homogeneous(fields []*field) bool {
	if len(fields) < 2 {
		return false
	}
	first := ""
	for _, f := range fields {
		if f.gt != nil || f.raw != "" || unionCandidate(f.t) {
			return false
		}
		switch f.t.Kind {
		case model.TypeCharacterString, model.TypeTime, model.TypeObjectDescriptor:
		default:
			return false
		}
		g := builtinGo(f.t).GoString()
		if first == "" {
			first = g
		} else if g != first {
			return false
		}
	}
	return true
}

// fieldIndex returns the position of f among gt's fields.
func fieldIndex(gt *goType, f *field) int {
	for i, x := range gt.fields {
		if x == f {
			return i
		}
	}
	return -1
}

// unionCandidate reports whether a component's type may become an open
// type union (decided once the sibling key is known).
func unionCandidate(t *model.Type) bool {
	if tbl, _ := openTable(t); tbl != nil {
		return true
	}
	if (t.Kind == model.TypeSetOf || t.Kind == model.TypeSequenceOf) && t.Ref == nil && t.Elem != nil {
		return t.Elem.Kind == model.TypeOpen && t.Elem.OpenType != nil
	}
	return false
}

// goIntOf returns the Go integer representation of a field of INTEGER kind.
func goIntOf(f *field) string {
	if f.gt != nil {
		g := f.gt
		for g.alias != nil {
			g = g.alias
		}
		for g.base != nil {
			g = g.base
		}
		if g.intGo == "" {
			return integerGo(g.body)
		}
		return g.intGo
	}
	return integerGo(f.t)
}

// openTable returns the table of an open type component: on the type
// itself (CLASS.&Type) or on the type an OCTET STRING or BIT STRING
// CONTAINS.
func openTable(t *model.Type) (*model.OpenTypeTable, bool) {
	if t.Kind == model.TypeOpen && t.OpenType != nil {
		return t.OpenType, false
	}
	if (t.Kind == model.TypeOctetString || t.Kind == model.TypeBitString) && t.Constraints != nil {
		if c := t.Constraints.Containing; c != nil && c.Kind == model.TypeOpen && c.OpenType != nil {
			return c.OpenType, true
		}
	}
	return nil, false
}

func (p *plan) planEntries(u *union, containing bool) {
	p.classKindOf(u)
	fn := names.NewFieldNamer("Raw", "Kind")
	prefix := commonPrefix(u.table.Entries)
	for _, e := range u.table.Entries {
		ue := &unionEntry{e: e}
		label := entryLabel(e, prefix)
		if e.Type != nil && !(containing && plainOctetString(e.Type)) {
			ue.f = &field{t: e.Type, name: fn.Field(label), asn1: label}
			if ct := containedType(e.Type); ct != nil {
				if ue.f.gt = p.typeOf(ct, u.gt, names.Exported(label), u.gt.asn1+"."+label); ue.f.gt != nil {
					ue.f.octets, ue.f.inner = true, ct
				}
			} else {
				ue.f.gt = p.typeOf(e.Type, u.gt, names.Exported(label), u.gt.asn1+"."+label)
			}
			if gt := ue.f.gt; gt != nil && gt.parent == u.gt && namedObject(e.Object) && gt.obj == nil {
				gt.obj, gt.objField = e.Object, u.table.Field
			}
		}
		ue.kc = p.kindConstOf(u, e)
		switch u.keyKind {
		case model.TypeObjectIdentifier:
			if e.Key == nil || e.Key.Kind != model.ValueOID {
				continue
			}
			ue.keyBytes = oidContents(e.Key.OID)
			ue.comment = e.Key.OID.String()
		case model.TypeInteger:
			if e.Key == nil || e.Key.Kind != model.ValueInteger || e.Key.Big != nil {
				continue
			}
			ue.keyInt = e.Key.Int
		}
		if e.Object != nil && e.Object.Name != "" {
			ue.comment = e.Object.Name + " " + ue.comment
		}
		u.entries = append(u.entries, ue)
	}
}

// containedType returns the type whose DER an OCTET STRING or BIT STRING
// written in place holds (X.682 11: OCTET STRING (CONTAINING T), or
// -containing; a BIT STRING's contents after its unused-bits octet, 0),
// so that the component is a value of that type; nil for other types.
// Contents in another encoding (ENCODED BY other than BER or DER) stay
// octets, as does an open type (a union: see openTable) and a referenced
// OCTET STRING type, whose Go type is the octets.
func containedType(t *model.Type) *model.Type {
	c := t.Constraints
	if t.Ref != nil || t.Kind != model.TypeOctetString && t.Kind != model.TypeBitString || c == nil || c.Containing == nil || c.Containing.Kind == model.TypeOpen {
		return nil
	}
	if len(c.EncodedBy) > 0 && !berOrDER(c.EncodedBy) {
		return nil
	}
	if len(c.Containing.Tags) == 0 {
		return nil // an untagged CHOICE: no element to read it from
	}
	return c.Containing
}

// berOrDER reports whether an ENCODED BY names BER or DER
// ({joint-iso-itu-t asn1(1) basic-encoding(1)} or distinguished-encoding(2 1)).
func berOrDER(o model.OID) bool {
	s := o.String()
	return s == "2.1.1" || s == "2.1.2.1"
}

// plainOctetString reports whether a table row selects a bare OCTET
// STRING. Inside an OCTET STRING that CONTAINS the open type, such a row
// carries the octets themselves, not the DER of an OCTET STRING: CMS
// writes id-data content so (RFC 5652 5.2, although RFC 5911's ct-Data
// says TYPE OCTET STRING), and no other use of the pattern exists. The
// row keeps the octets in Raw.
func plainOctetString(t *model.Type) bool {
	return t.Ref == nil && t.Kind == model.TypeOctetString && len(t.Tags) == 1 && !t.Tags[0].Explicit
}

// commonPrefix returns the hyphenated prefix all named objects of a table
// share ("ext-" for the extensions of RFC 5912), which field names drop.
func commonPrefix(entries []*model.OpenTypeEntry) string {
	prefix := ""
	for i, e := range entries {
		if e.Object == nil || e.Object.Name == "" {
			return ""
		}
		n := e.Object.Name
		j := strings.Index(n, "-")
		if j < 0 {
			return ""
		}
		if i == 0 {
			prefix = n[:j+1]
		} else if !strings.HasPrefix(n, prefix) || len(n) == len(prefix) {
			return ""
		}
	}
	return prefix
}

func entryLabel(e *model.OpenTypeEntry, prefix string) string {
	if e.Object != nil && e.Object.Name != "" {
		return strings.TrimPrefix(e.Object.Name, prefix)
	}
	if e.Key != nil {
		if e.Key.Ref != nil {
			return e.Key.Ref.Name
		}
		switch e.Key.Kind {
		case model.ValueOID:
			return "oid-" + strings.ReplaceAll(e.Key.OID.String(), ".", "-")
		case model.ValueInteger:
			return "id-" + strings.ReplaceAll(strconv.FormatInt(e.Key.Int, 10), "-", "minus")
		}
	}
	return "entry"
}

// markPointers stores a struct field behind a pointer where fields by value
// would make a Go type contain itself.
func (p *plan) markPointers() {
	state := map[*goType]int{} // 1 on the stack, 2 done
	var visit func(gt *goType)
	visit = func(gt *goType) {
		state[gt] = 1
		for _, f := range p.valueEdges(gt) {
			if f.gt == nil {
				continue
			}
			tgt := resolveAlias(f.gt)
			switch state[tgt] {
			case 1:
				f.ptr = true
			case 0:
				visit(tgt)
			}
		}
		state[gt] = 2
	}
	for _, gt := range p.types {
		if state[gt] == 0 {
			visit(resolveAlias(gt))
		}
	}
}

// valueEdges lists the fields of gt stored by value, including union
// entries (as pseudo-fields), for the cycle check.
func (p *plan) valueEdges(gt *goType) []*field {
	var out []*field
	if gt.base != nil {
		return []*field{{gt: gt.base}}
	}
	out = append(out, gt.fields...)
	if gt.union != nil {
		for _, e := range gt.union.entries {
			if e.f != nil {
				out = append(out, e.f)
			}
		}
	}
	return out
}

func resolveAlias(gt *goType) *goType {
	for gt.alias != nil {
		gt = gt.alias
	}
	return gt
}

// add records a new Go type: at the top level, or as a child of the type
// being planned.
func (p *plan) add(gt *goType) {
	p.types = append(p.types, gt)
	if p.cur != nil {
		p.cur.children = append(p.cur.children, gt)
	} else {
		p.top = append(p.top, gt)
	}
}

// ordered returns the types in emission order: top-level types in module
// and source order, each followed by the types its planning created.
// Planning is deterministic, so the order is too.
func (p *plan) ordered() []*goType {
	var out []*goType
	var walk func(gt *goType)
	walk = func(gt *goType) {
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

// Pointer thresholds, in bytes of the Go value: a CHOICE alternative or a
// row of an open type's table larger than this is stored behind a pointer,
// allocated only when that alternative or row is decoded. Values by field
// make every alternative cost its size in every element (GeneralName would
// carry a whole ORAddress); pointers cost an allocation each. Slices,
// strings, OIDs and small structs stay inline.
const (
	choicePointerSize = 64
	unionPointerSize  = 48
	choiceBudget      = 128
)

// choiceSize is the size of a CHOICE's alternatives together.
func (p *plan) choiceSize(gt *goType, memo map[*goType]int) int {
	n := 0
	for _, f := range gt.fields {
		n += p.fieldSize(f, memo, 0)
	}
	return n
}

// markLarge stores large CHOICE alternatives and table rows behind
// pointers. A CHOICE value is as large as all its alternatives together,
// so when they add up to more than choiceBudget bytes, its largest
// alternatives over unionPointerSize bytes go behind pointers too, until
// they fit or none is left (GeneralName's EDIPartyName, 56 bytes of 224).
func (p *plan) markLarge() {
	memo := map[*goType]int{}
	for _, gt := range p.types {
		for _, f := range gt.fields {
			if gt.kind == model.TypeChoice && !f.ptr && p.fieldSize(f, memo, 0) > choicePointerSize {
				f.ptr = true
			}
		}
		if gt.kind == model.TypeChoice && !gt.single {
			for p.choiceSize(gt, memo) > choiceBudget {
				var largest *field
				for _, f := range gt.fields {
					if n := p.fieldSize(f, memo, 0); !f.ptr && n > unionPointerSize && (largest == nil || n > p.fieldSize(largest, memo, 0)) {
						largest = f
					}
				}
				if largest == nil {
					break
				}
				largest.ptr = true
				clear(memo) // the sizes of what holds gt changed
			}
		}
		if gt.union != nil {
			for _, e := range gt.union.entries {
				if e.f != nil && !e.f.ptr && p.fieldSize(e.f, memo, 0) > unionPointerSize {
					e.f.ptr = true
				}
			}
		}
	}
}

func (p *plan) fieldSize(f *field, memo map[*goType]int, depth int) int {
	if f.ptr {
		return 8
	}
	if f.gt != nil {
		return p.size(f.gt, memo, depth+1)
	}
	return builtinSize(f.t)
}

// size estimates the size of a Go type's values (amd64 layout, padding
// ignored but for booleans rounded to a word).
func (p *plan) size(gt *goType, memo map[*goType]int, depth int) int {
	if n, ok := memo[gt]; ok {
		return n
	}
	if depth > 30 {
		return 8
	}
	memo[gt] = 8 // a cycle is broken by a pointer
	n := 0
	switch {
	case gt.alias != nil:
		n = p.size(gt.alias, memo, depth+1)
	case gt.base != nil:
		n = p.size(gt.base, memo, depth+1)
	case gt.union != nil:
		n = 32
		for _, e := range gt.union.entries {
			if e.f != nil {
				n += p.fieldSize(e.f, memo, depth)
			}
		}
	default:
		switch gt.kind {
		case model.TypeSequence, model.TypeSet, model.TypeChoice:
			fields := gt.fields
			if gt.single {
				fields = fields[:1]
			}
			for _, f := range fields {
				n += p.fieldSize(f, memo, depth)
				if f.has != "" {
					n += 8
				}
				if f.raw != "" {
					n += 24
				}
			}
			if gt.kind == model.TypeChoice {
				n += 8
			}
			if gt.unknown != "" {
				n += 24
			}
			if gt.raw != "" {
				n += 24
			}
		case model.TypeSequenceOf, model.TypeSetOf:
			n = 24
		default:
			n = builtinSize(gt.body)
		}
	}
	memo[gt] = n
	return n
}

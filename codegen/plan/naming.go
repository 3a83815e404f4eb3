package plan

import (
	"sort"
	"strings"

	"github.com/asn1gen/asn1gen/codegen/model"
	"github.com/asn1gen/asn1gen/codegen/names"
)

// This file gives the package-level declarations of a plan their Go names,
// by the rule of codegen/names: a name is a function of what is named
// (module, assignment, path inside the assignment) and of the package's
// other declarations that want the same name, never of the order of the
// files or of first use. Planning records what each name is a function
// of (goType.asg, parent, label; union keys; discriminant constants);
// assignNames runs once everything is planned.

// classKind is the discriminant type of an information object class: the
// Kind of every union over a set of that class, one constant per object.
type Discriminant struct {
	Class *model.Class
	// union is the one union of a table without a class (an ANY mapping),
	// whose discriminant is its own (UnionKind).
	union  *Union
	Name   string
	Consts []*KindConst
	byObj  map[*model.Object]*KindConst
	byKey  map[string]*KindConst // objects without a name, by label
	// first is the first union (in emission order) of the class, after
	// which the type is emitted.
	First *Type
}

// kindConst is the constant of one information object in a classKind.
type KindConst struct {
	kind    *Discriminant
	obj     *model.Object // nil for an object without a name
	Label   string        // the object's name, or entryLabel's
	home    string        // for an object without a name, the assignment it is written in
	Comment string
	Name    string
	Value   int
}

// elemLabel is the label of the element of a SEQUENCE OF or SET OF: the
// identifier of "SEQUENCE OF identifier Type" (X.680 26.1), or Item.
func elemLabel(t *model.Type) string {
	if t.ElemName != "" {
		return names.Exported(t.ElemName)
	}
	return "Item"
}

// unionKeyOf identifies the union of an open type: its object set (a named
// set, or the key of a set written in place), class, field and key field,
// and the shape of its decoder.
func unionKeyOf(tbl *model.OpenTypeTable, keyKind model.TypeKind, containing, keyRaw bool) string {
	var b strings.Builder
	if o := tbl.Origin; o.Set != nil {
		b.WriteString("set " + o.Set.QualifiedName())
	} else {
		b.WriteString("anon " + o.Key)
	}
	b.WriteString(" " + classKey(tbl.Class) + "." + tbl.Field + " by " + tbl.KeyField)
	b.WriteString(" " + keyKind.String())
	if containing {
		b.WriteString(" containing")
	}
	if keyRaw {
		b.WriteString(" raw")
	}
	if tbl.Extensible {
		b.WriteString(" extensible")
	}
	return b.String()
}

// unionASN1 is the ASN.1 notation of a union's values, for its doc comment
// and errors: EXTENSION.&ExtnType({CertExtensions}).
func unionASN1(tbl *model.OpenTypeTable) string {
	set := "{...}"
	if o := tbl.Origin; o.Set != nil {
		set = "{" + o.Set.Name + "}"
	} else if strings.HasPrefix(o.Key, "{") {
		set = OneLine(o.Key)
	}
	cls := "CLASS"
	if tbl.Class != nil {
		cls = tbl.Class.Name
	}
	return cls + "." + tbl.Field + "(" + set + ")"
}

func classKey(c *model.Class) string {
	if c == nil {
		return "?"
	}
	if c.Module == nil {
		return "builtin." + c.Name
	}
	return c.Module.Name + "." + c.Name
}

// kindConstOf returns the discriminant constant of a table row, making the
// class's discriminant and the constant on first use.
func (p *Plan) kindConstOf(u *Union, e *model.OpenTypeEntry) *KindConst {
	k := p.classKindOf(u)
	comment := ""
	if e.Key != nil && e.Key.Kind == model.ValueOID {
		comment = e.Key.OID.String()
	}
	if o := e.Object; namedObject(o) {
		if c := k.byObj[o]; c != nil {
			return c
		}
		c := &KindConst{kind: k, obj: o, Label: o.Name, Comment: strings.TrimSpace(o.Name + " " + comment)}
		k.byObj[o] = c
		k.Consts = append(k.Consts, c)
		return c
	}
	label := entryLabel(e, "")
	if c := k.byKey[label]; c != nil {
		// Objects of one key written in several sets are one constant,
		// named after the first of the sets by name (not by planning
		// order, which follows the files').
		c.home = min(c.home, p.enclosing(e.Object))
		return c
	}
	c := &KindConst{kind: k, Label: label, Comment: strings.TrimSpace(label + " " + comment), home: p.enclosing(e.Object)}
	k.byKey[label] = c
	k.Consts = append(k.Consts, c)
	return c
}

// enclosing returns the name of the assignment an object without a name is
// written in.
func (p *Plan) enclosing(o *model.Object) string {
	if o == nil {
		return "X"
	}
	var best *model.Assignment
	for _, m := range p.Set.Modules {
		for _, a := range m.Assignments {
			if a.Pos.Filename == o.Pos.Filename && a.Pos.Offset <= o.Pos.Offset && (best == nil || a.Pos.Offset > best.Pos.Offset) {
				best = a
			}
		}
	}
	if best == nil {
		return "X"
	}
	return best.Name
}

// classKindOf returns the discriminant of a union's class, making it on
// first use.
func (p *Plan) classKindOf(u *Union) *Discriminant {
	key := classKey(u.Table.Class)
	if u.Table.Class == nil {
		key = "union " + u.key
	}
	if u.Type.Pkg != "" {
		key = "package " + u.Type.Pkg + " " + key // each package declares its discriminants
	}
	k := p.kinds[key]
	if k == nil {
		k = &Discriminant{Class: u.Table.Class, byObj: map[*model.Object]*KindConst{}, byKey: map[string]*KindConst{}, First: u.Type}
		if u.Table.Class == nil {
			k.union = u
		}
		p.kinds[key] = k
		p.Kinds = append(p.Kinds, k)
	}
	u.Kind = k
	return k
}

// namedObject reports whether an object has a name of its own (an object
// assignment, not an instance of a parameterized object).
func namedObject(o *model.Object) bool {
	return o != nil && o.Name != "" && o.Module != nil && !strings.ContainsAny(o.Name, "{}")
}

// nameEnt is one declaration to name: an assignment (decl, named in the
// first batch) or a name derived from others (deps, want), named in the
// batch after the last of its dependencies.
type nameEnt struct {
	key  string
	decl *names.Decl
	rank int
	deps []*nameEnt
	want func() string
	// group and alt: see names.Decl.
	group string
	alt   func() string
	set   []func(string)
	level int // -1 while computing
	name  string
}

type namingPass struct {
	p      *Plan
	ents   []*nameEnt
	byKey  map[string]*nameEnt
	byType map[*Type]*nameEnt
	// instSites and unionSites are the sites of instances with actuals
	// written in place and of unions over sets written in place
	// (findSites).
	instSites  map[*model.Assignment]site
	unionSites map[*Union]site
}

func (np *namingPass) ent(key string) *nameEnt {
	e := np.byKey[key]
	if e == nil {
		e = &nameEnt{key: key}
		np.byKey[key] = e
		np.ents = append(np.ents, e)
	}
	return e
}

// assignment declares the name of an ASN.1 assignment. In a collision
// that the modules do not decide, types keep the name before object sets,
// values and objects (asgRank).
func (np *namingPass) assignment(kind string, a *model.Assignment, set func(string)) *nameEnt {
	e := np.ent(kind + " " + a.QualifiedName())
	if e.decl == nil {
		e.decl = &names.Decl{Key: e.key, Name: names.Exported(a.Name), Module: a.Module.Name, Rank: asgRank[kind]}
	}
	if set != nil {
		e.set = append(e.set, set)
	}
	return e
}

var asgRank = map[string]int{"type": 0, "set": 1, "kind": 2, "value": 3, "object": 4}

// objectEnt declares the name of a named information object: the name of
// its discriminant constant (ext-SubjectAltName: ExtSubjectAltName).
func (np *namingPass) objectEnt(o *model.Object) *nameEnt {
	e := np.ent("object " + o.Module.Name + "." + o.Name)
	if e.decl == nil {
		e.decl = &names.Decl{Key: e.key, Name: names.Exported(o.Name), Module: o.Module.Name, Rank: asgRank["object"]}
	}
	return e
}

// derived declares a derived name.
func (np *namingPass) derived(key string, rank int, deps []*nameEnt, want func() string, set func(string)) *nameEnt {
	e := np.ent(key)
	e.rank, e.deps, e.want = rank, deps, want
	if set != nil {
		e.set = append(e.set, set)
	}
	return e
}

// assignNames gives every package-level declaration of the plan its name.
// The types of used packages are not named here: their manifests give
// their names (usePackages), and they take none from this package.
func (p *Plan) assignNames() {
	np := &namingPass{p: p, byKey: map[string]*nameEnt{}, byType: map[*Type]*nameEnt{}}
	np.findSites()
	for _, u := range p.Unions() {
		if o := u.Table.Origin.Set; o != nil && u.Type.Pkg == "" {
			np.assignment("set", o, nil) // before the instances that name it
		}
	}
	for _, gt := range p.Types {
		if gt.Pkg == "" {
			np.typeEnt(gt)
		}
	}
	for _, v := range p.Values {
		v := v
		np.assignment("value", v.Assignment, func(s string) { v.Name = s })
	}
	for _, gt := range p.Types {
		if gt.Pkg == "" {
			np.constEnts(gt)
		}
	}
	np.kindEnts()
	np.run()
	for _, k := range p.Kinds {
		sort.Slice(k.Consts, func(i, j int) bool { return k.Consts[i].Name < k.Consts[j].Name })
		for i, c := range k.Consts {
			c.Value = i + 1
		}
	}
	for _, u := range p.Unions() {
		u.KindType = u.Kind.Name
		for _, ue := range u.Rows {
			ue.Const = ue.Kind.Name
		}
	}
}

// foreign reports whether k is the discriminant of another package's
// unions (classKindOf keeps each package's apart).
func (k *Discriminant) foreign() bool { return k.First != nil && k.First.Pkg != "" }

// Unions returns the unions in planning order.
func (p *Plan) Unions() []*Union {
	var out []*Union
	for _, gt := range p.Types {
		if gt.Union != nil {
			out = append(out, gt.Union)
		}
	}
	return out
}

// typeEnt declares the name of a Go type.
func (np *namingPass) typeEnt(gt *Type) *nameEnt {
	if e := np.byType[gt]; e != nil {
		return e
	}
	set := func(s string) { gt.Name = s }
	var e *nameEnt
	switch {
	case gt.Union != nil:
		e = np.unionEnt(gt)
	case gt.asg != nil && gt.asg.Instance == nil:
		e = np.assignment("type", gt.asg, set)
	case gt.asg != nil:
		e = np.instanceEnt(gt.asg, set)
	case gt.obj != nil:
		// A type written in an object: the object's name, '_' and the
		// field (the &Type of ea-postalCode: EaPostalCode_Type).
		oe := np.objectEnt(gt.obj)
		field := names.Exported(gt.objField)
		e = np.derived(oe.key+"/"+gt.objField, 0, []*nameEnt{oe}, func() string { return oe.name + "_" + field }, set)
	case gt.parent != nil:
		parent := np.typeEnt(gt.parent)
		e = np.derived(parent.key+"/"+gt.label, 0, []*nameEnt{parent}, func() string { return parent.name + "_" + gt.label }, set)
	default:
		e = np.derived("type ?"+gt.ASN1, 0, nil, func() string { return names.Exported(gt.ASN1) }, set)
	}
	np.byType[gt] = e
	return e
}

// instanceEnt declares the name of an instance of a parameterized type:
// Template_Actual, the template's name and the Go names of the actual
// parameters that are not classes, joined by underscores
// (AlgorithmIdentifier{SIGNATURE-ALGORITHM, {SignatureAlgorithms}}:
// AlgorithmIdentifier_SignatureAlgorithms; DirectoryString{ub-name}:
// DirectoryString_UbName). A built-in type or a number is named by its
// text (Pair{IA5String}: Pair_IA5String; Bounded{3}: Bounded_3); any other
// actual written in place after the type it is written in (see findSites):
// Extensions{{re-ocsp-nonce, ...}} in TBSRequest is Extensions_TBSRequest.
func (np *namingPass) instanceEnt(a *model.Assignment, set func(string)) *nameEnt {
	key := "inst " + a.Name
	if e := np.byKey[key]; e != nil {
		if set != nil {
			e.set = append(e.set, set)
		}
		return e
	}
	var deps []*nameEnt
	// Each part of the name, and of the name taken when two instances of
	// the template are named after one type (AlgID_Signed_AnySig).
	type part struct{ name, alt func() string }
	var parts []part
	group := ""
	for _, arg := range a.Args {
		if arg.Class {
			continue
		}
		if arg.Ref == nil && arg.Literal != "" {
			n := literalName(arg.Literal)
			parts = append(parts, part{func() string { return n }, func() string { return n }})
			continue
		}
		if arg.Ref == nil {
			if st, ok := np.instSites[a]; ok {
				se := np.typeEnt(st.gt)
				deps = append(deps, se)
				parts = append(parts, part{func() string { return se.name }, func() string { return joinLabel(se.name, st.label) }})
				group = "site " + se.key + " " + a.Instance.QualifiedName()
			} else {
				n := np.enclosing(arg.Pos.Filename, arg.Pos.Offset)
				parts = append(parts, part{func() string { return n }, func() string { return n }})
			}
			continue
		}
		if re := np.refEnt(arg.Ref); re != nil {
			deps = append(deps, re)
			parts = append(parts, part{func() string { return re.name }, func() string { return re.name }})
			continue
		}
		n := names.Exported(arg.Ref.Name)
		parts = append(parts, part{func() string { return n }, func() string { return n }})
	}
	tmpl := names.Exported(a.Instance.Name)
	join := func(alt bool) string {
		s := tmpl
		for _, p := range parts {
			if alt {
				s += "_" + p.alt()
			} else {
				s += "_" + p.name()
			}
		}
		return s
	}
	e := np.derived(key, 0, deps, func() string { return join(false) }, set)
	if group != "" {
		e.group, e.alt = group, func() string { return join(true) }
	}
	return e
}

// literalName is the Go form of an actual that is a built-in type or a
// number: the type's reserved words in Exported form, each word in lower
// case first when it is all upper case (IA5String, Integer, OctetString),
// or the number (Minus for a sign: Bounded{3} is Bounded_3).
func literalName(lit string) string {
	if strings.HasPrefix(lit, "-") {
		return "Minus" + lit[1:]
	}
	if lit[0] >= '0' && lit[0] <= '9' {
		return lit
	}
	var b strings.Builder
	for _, w := range strings.FieldsFunc(lit, func(r rune) bool { return r == ' ' || r == '-' }) {
		if strings.ToUpper(w) == w {
			w = strings.ToLower(w)
		}
		b.WriteString(names.Exported(w))
	}
	return b.String()
}

// refEnt returns the declaration an actual parameter refers to, nil when
// the package declares nothing for it.
func (np *namingPass) refEnt(a *model.Assignment) *nameEnt {
	if gt := np.p.ByAsg[a]; gt != nil {
		return np.typeEnt(gt)
	}
	for _, v := range np.p.Values {
		if v.Assignment == a {
			return np.assignment("value", a, nil)
		}
	}
	if e := np.byKey["set "+a.QualifiedName()]; e != nil {
		return e
	}
	if a.Instance != nil && (a.Kind == model.KindType || a.Kind == model.KindValueSet) {
		return np.instanceEnt(a, nil)
	}
	return nil
}

// enclosing names an actual written in place that no emitted type uses:
// after the assignment it is written in.
func (np *namingPass) enclosing(file string, offset int) string {
	var best *model.Assignment
	for _, m := range np.p.Set.Modules {
		for _, a := range m.Assignments {
			if a.Pos.Filename == file && a.Pos.Offset <= offset && (best == nil || a.Pos.Offset > best.Pos.Offset) {
				best = a
			}
		}
	}
	if best == nil {
		return "X"
	}
	return names.Exported(best.Name)
}

// site is where an actual written in place is written: a named type (not
// an instance) and the path of the component inside it (Go form, parts
// joined by underscores).
type site struct {
	gt    *Type
	label string
}

// less orders the sites of one actual: by module, assignment and path.
func (a site) less(b site) bool {
	if a.gt.asg.Module.Name != b.gt.asg.Module.Name {
		return a.gt.asg.Module.Name < b.gt.asg.Module.Name
	}
	if a.gt.asg.Name != b.gt.asg.Name {
		return a.gt.asg.Name < b.gt.asg.Name
	}
	return a.label < b.label
}

// findSites finds, for each instance with an actual parameter written in
// place, the named type (not an instance) it is written in, which names
// that actual: of the named types whose fields use the instance, the first
// by module, assignment name and path; an instance used only inside other
// instances (Extension{{...}} inside Extensions{{...}}) takes their site.
// The same text written in two places is one actual (the model keeps one
// instance), and its name must not depend on which place was read first.
// A union takes the site of the types that hold it (it names the union of
// a set written in place, and the unions of a set that needs several).
func (np *namingPass) findSites() {
	direct := map[*model.Assignment]site{}
	within := map[*model.Assignment][]*model.Assignment{}
	unionDirect := map[*Union]site{}
	unionWithin := map[*Union][]*model.Assignment{}
	use := func(a *model.Assignment, s site) {
		if a == nil || a.Instance == nil {
			return
		}
		if s.gt.asg.Instance != nil {
			within[a] = append(within[a], s.gt.asg)
		} else if cur, ok := direct[a]; !ok || s.less(cur) {
			direct[a] = s
		}
	}
	for _, gt := range np.p.Types {
		root, path := gt, ""
		for root.parent != nil {
			path = joinLabel(root.label, path)
			root = root.parent
		}
		if root.asg == nil {
			continue // a union's rows
		}
		if gt == root && gt.asg.Instance == nil {
			if r := gt.asg.Type.Ref; r != nil {
				use(r, site{root, path}) // X ::= T{...}
			}
		}
		for _, t := range []*Type{gt.Alias, gt.Base} {
			if t != nil {
				use(t.asg, site{root, path})
			}
		}
		fields := gt.Fields
		if gt.Elem != nil {
			fields = append(fields[:len(fields):len(fields)], gt.Elem)
		}
		for _, f := range fields {
			label := "Item"
			if f.Comp != nil {
				label = names.Exported(f.ASN1)
			}
			s := site{root, joinLabel(path, label)}
			if f.Named != nil {
				use(f.Named.asg, s)
			}
			if u := f.Union; u != nil {
				if root.asg.Instance != nil {
					unionWithin[u] = append(unionWithin[u], root.asg)
				} else if cur, ok := unionDirect[u]; !ok || s.less(cur) {
					unionDirect[u] = s
				}
			}
		}
	}
	np.instSites = map[*model.Assignment]site{}
	busy := map[*model.Assignment]bool{}
	var siteOf func(a *model.Assignment) (site, bool)
	siteOf = func(a *model.Assignment) (site, bool) {
		if s, ok := np.instSites[a]; ok {
			return s, true
		}
		if busy[a] {
			return site{}, false
		}
		busy[a] = true
		best, found := direct[a]
		for _, o := range within[a] {
			if s, ok := siteOf(o); ok && (!found || s.less(best)) {
				best, found = s, true
			}
		}
		if found {
			np.instSites[a] = best
		}
		return best, found
	}
	for a := range direct {
		siteOf(a)
	}
	for a := range within {
		siteOf(a)
	}
	np.unionSites = map[*Union]site{}
	for _, u := range np.p.Unions() {
		best, found := unionDirect[u]
		for _, o := range unionWithin[u] {
			if s, ok := siteOf(o); ok && (!found || s.less(best)) {
				best, found = s, true
			}
		}
		if found {
			np.unionSites[u] = best
		}
	}
}

func joinLabel(a, b string) string {
	switch {
	case a == "":
		return b
	case b == "":
		return a
	}
	return a + "_" + b
}

// unionEnt declares the name of a union: its object set's name (the set's
// ASN.1 name, CertExtensions), or when the set's tables constrain several
// fields or shapes, the set's name, '_' and the field (CertExtensions_ExtnType).
// A set written in place takes the name of the type it is written in
// (findSites), '_' and the field (BasicOCSPResponse_Params).
func (np *namingPass) unionEnt(gt *Type) *nameEnt {
	u := gt.Union
	set := func(s string) { gt.Name = s }
	field := names.Exported(u.Table.Field)
	if u.Table.Class == nil {
		field = u.label
	}
	if o := u.Table.Origin; o.Set != nil {
		n := 0
		for _, v := range np.p.Unions() {
			if v.Table.Origin.Set == o.Set {
				n++
			}
		}
		se := np.assignment("set", o.Set, nil)
		if n == 1 {
			se.set = append(se.set, set)
			return se
		}
		// The set's open types need several unions (an open type, and one
		// the contents of an OCTET STRING; several fields): each is named
		// after the type and component that hold it (ContentInfo_Content,
		// EncapsulatedContentInfo_EContent).
		if st, ok := np.unionSites[u]; ok {
			te := np.typeEnt(st.gt)
			return np.derived("union "+u.key, 0, []*nameEnt{te}, func() string { return joinLabel(te.name, st.label) }, set)
		}
		return np.derived("union "+u.key, 0, []*nameEnt{se}, func() string { return se.name + "_" + field }, set)
	}
	if st, ok := np.unionSites[u]; ok {
		se := np.typeEnt(st.gt)
		e := np.derived("union "+u.key, 0, []*nameEnt{se}, func() string { return se.name + "_" + field }, set)
		e.group = "site " + se.key + " " + field
		e.alt = func() string { return joinLabel(se.name, st.label) + "_" + field }
		return e
	}
	n := np.enclosing(u.Table.Origin.Pos.Filename, u.Table.Origin.Pos.Offset)
	return np.derived("union "+u.key, 0, nil, func() string { return n + "_" + field }, set)
}

// scopeEnt is the declaration whose name prefixes the constants of gt:
// gt itself, or for a type written in place the type it is written in (as
// protoc-gen-go prefixes the values of a nested enum with the enclosing
// message), or the object it is written in.
func (np *namingPass) scopeEnt(gt *Type) *nameEnt {
	switch {
	case gt.obj != nil:
		return np.objectEnt(gt.obj)
	case gt.parent != nil:
		return np.typeEnt(gt.parent)
	}
	return np.typeEnt(gt)
}

// constEnts declares the names of a type's constants, discriminant type and
// constructor. The constants of one type follow one rule: Scope_Item
// (scopeEnt; GeneralName_DNSName, CRLReason_KeyCompromise), or when any of
// them would collide with another declaration (MLDSA44PrivateKey_Both, the
// type of the alternative both written in place), every one of them
// Type_Item for a type written in place, and TChoice_Alternative for a
// CHOICE (MLDSA44PrivateKeyChoice_Both).
func (np *namingPass) constEnts(gt *Type) {
	te := np.byType[gt]
	if len(gt.Consts) > 0 {
		se := np.scopeEnt(gt)
		for i := range gt.Consts {
			c := &gt.Consts[i]
			label := names.Exported(c.ASN1)
			e := np.derived(te.key+"/item "+c.ASN1, 2, []*nameEnt{te, se}, func() string { return se.name + "_" + label }, func(s string) { c.Name = s })
			e.group = te.key + "/items"
			if se != te {
				e.alt = func() string { return te.name + "_" + label }
			}
		}
		if gt.Kind == model.TypeBitString && gt.Alias == nil && gt.Base == nil {
			np.derived(te.key+"/new", 3, []*nameEnt{te}, func() string { return "New" + te.name }, func(s string) { gt.Ctor = s })
		}
	}
	if gt.Kind != model.TypeChoice || gt.Alias != nil || gt.Base != nil || gt.Union != nil || gt.ChoiceOwner != nil {
		return
	}
	// The discriminant: TChoice. Instances that share one (groupChoices)
	// take the template's name (DirectoryStringChoice,
	// DirectoryString_UTF8String).
	se := np.scopeEnt(gt)
	scope := func() string { return se.name }
	sdeps := []*nameEnt{te, se}
	key := te.key
	if len(gt.ChoiceSharers) > 0 {
		// The group is known by the template and its first instance.
		first := gt.asg.Name
		for _, o := range gt.ChoiceSharers {
			first = min(first, o.asg.Name)
		}
		tmpl := names.Exported(gt.Template.Name)
		scope, sdeps, key = func() string { return tmpl }, nil, "template "+gt.Template.QualifiedName()+" "+first
	}
	setType := func(s string) {
		gt.ChoiceType = s
		for _, o := range gt.ChoiceSharers {
			o.ChoiceType = s
		}
	}
	typeName := func() string { return te.name + "Choice" }
	if len(gt.ChoiceSharers) > 0 {
		typeName = func() string { return scope() + "Choice" }
	}
	ct := np.derived(key+"/choice", 1, sdeps, typeName, setType)
	for i, f := range gt.Fields {
		i, label := i, names.Exported(f.ASN1)
		setConst := func(s string) {
			gt.Fields[i].ChoiceConst = s
			for _, o := range gt.ChoiceSharers {
				o.Fields[i].ChoiceConst = s
			}
		}
		e := np.derived(key+"/alt "+f.ASN1, 2, append([]*nameEnt{ct}, sdeps...), func() string { return scope() + "_" + label }, setConst)
		e.group = key + "/alts"
		e.alt = func() string { return ct.name + "_" + label }
	}
}

// kindEnts declares the names of the discriminants of classes and of their
// constants: a named object's constant takes the object's name
// (ext-SubjectAltName: ExtSubjectAltName), one without a name the
// discriminant's name, '_' and its label (DigestAlgorithmKind_IDSha1).
func (np *namingPass) kindEnts() {
	owners := map[*model.Object]*KindConst{}
	for _, k := range np.p.Kinds {
		if k.foreign() {
			continue
		}
		for _, c := range k.Consts {
			if c.obj == nil {
				continue
			}
			if o := owners[c.obj]; o == nil || classKey(k.Class) < classKey(o.kind.Class) {
				owners[c.obj] = c
			}
		}
	}
	for _, k := range np.p.Kinds {
		k := k
		if k.foreign() {
			continue
		}
		if k.union != nil {
			// A table without a class: UnionKind, constants Union_Label.
			ue := np.typeEnt(k.union.Type)
			np.derived(ue.key+"/kind", 1, []*nameEnt{ue}, func() string { return ue.name + "Kind" }, func(s string) { k.Name = s })
			for _, c := range k.Consts {
				c, label := c, names.Exported(c.Label)
				np.derived(ue.key+"/kind "+c.Label, 2, []*nameEnt{ue}, func() string { return ue.name + "_" + label }, func(s string) { c.Name = s })
			}
			continue
		}
		// The class's name decides (the module rule of codegen/names, as
		// for an assignment): SIGNATURE-ALGORITHM: SignatureAlgorithmKind.
		ke := np.ent("kind " + classKey(k.Class))
		mod := "Builtin"
		if k.Class.Module != nil {
			mod = k.Class.Module.Name
		}
		ke.decl = &names.Decl{Key: ke.key, Name: names.ClassKind(k.Class.Name), Module: mod, Rank: asgRank["kind"]}
		ke.set = append(ke.set, func(s string) { k.Name = s })
		for _, c := range k.Consts {
			c := c
			setC := func(s string) { c.Name = s }
			if c.obj != nil && owners[c.obj] == c {
				// The constants of a class's objects follow one rule: when
				// one of them is taken (object certBag, type CertBag), all
				// are ClassKind_Object (BagTypeKind_CertBag).
				e := np.objectEnt(c.obj)
				e.decl.Group = ke.key
				e.decl.Alt = ke.decl.Name + "_" + e.decl.Name
				e.set = append(e.set, setC)
				continue
			}
			// An object without a name is named after the assignment it is
			// written in (the object set), and its label.
			prefix := names.Exported(c.home)
			label := names.Exported(c.Label)
			np.derived(ke.key+"/"+c.home+"."+c.Label, 2, nil, func() string { return prefix + "_" + label }, setC)
		}
	}
}

// run names the declarations: the assignments first, then the derived
// names, each in the batch after its dependencies'.
func (np *namingPass) run() {
	var mods []names.Module
	for _, m := range np.p.Set.Modules {
		nm := names.Module{Name: m.Name}
		for _, imp := range m.Imports {
			if imp.Module != nil {
				nm.Imports = append(nm.Imports, imp.Module.Name)
			}
		}
		mods = append(mods, nm)
	}
	n := names.NewNamer(mods)
	np.p.namer = n
	var level func(e *nameEnt) int
	level = func(e *nameEnt) int {
		if e.decl != nil {
			return 0
		}
		if e.level > 0 {
			return e.level
		}
		e.level = -1
		l := 1
		for _, d := range e.deps {
			if dl := level(d); dl >= l {
				l = dl + 1
			}
		}
		e.level = l
		return l
	}
	batches := map[int][]*nameEnt{}
	maxLevel := 0
	for _, e := range np.ents {
		l := level(e)
		batches[l] = append(batches[l], e)
		maxLevel = max(maxLevel, l)
	}
	for l := 0; l <= maxLevel; l++ {
		var decls []names.Decl
		for _, e := range batches[l] {
			if e.decl != nil {
				decls = append(decls, *e.decl)
			} else {
				d := names.Decl{Key: e.key, Name: e.want(), Rank: e.rank, Group: e.group}
				if e.alt != nil {
					d.Alt = e.alt()
				}
				decls = append(decls, d)
			}
		}
		if l == 0 {
			n.Assignments(decls)
		} else {
			n.Derived(decls)
		}
		for _, e := range batches[l] {
			e.name = n.Name(e.key)
			for _, set := range e.set {
				set(e.name)
			}
		}
	}
}

package model

import (
	"github.com/asn1gen/asn1gen/parser"
)

// consAST is a constraint as written, with the scope it is read in.
type consAST struct {
	c  *parser.Constraint
	sc *scope
}

// conv converts a type of the syntax tree read in scope sc. It always
// returns a new *Type (never nil), so callers may add tags and constraints.
func (s *checker) conv(sc *scope, pt parser.Type) *Type {
	switch n := pt.(type) {
	case nil:
		return &Type{Kind: TypeInvalid}
	case *parser.BooleanType:
		return &Type{Kind: TypeBoolean, Pos: n.Pos}
	case *parser.IntegerType:
		return s.convInteger(sc, n)
	case *parser.EnumeratedType:
		return s.convEnumerated(sc, n)
	case *parser.RealType:
		return &Type{Kind: TypeReal, Pos: n.Pos}
	case *parser.BitStringType:
		return s.convBitString(sc, n)
	case *parser.OctetStringType:
		return &Type{Kind: TypeOctetString, Pos: n.Pos}
	case *parser.NullType:
		return &Type{Kind: TypeNull, Pos: n.Pos}
	case *parser.ObjectIdentifierType:
		return &Type{Kind: TypeObjectIdentifier, Pos: n.Pos}
	case *parser.RelativeOIDType:
		return &Type{Kind: TypeRelativeOID, Pos: n.Pos}
	case *parser.OIDIRIType:
		return &Type{Kind: TypeOIDIRI, Pos: n.Pos}
	case *parser.RelativeOIDIRIType:
		return &Type{Kind: TypeRelativeOIDIRI, Pos: n.Pos}
	case *parser.EmbeddedPDVType:
		return &Type{Kind: TypeEmbeddedPDV, Pos: n.Pos}
	case *parser.ExternalType:
		return &Type{Kind: TypeExternal, Pos: n.Pos}
	case *parser.RestrictedCharacterStringType:
		// RFC 5280's 1988 modules define UniversalString, BMPString and
		// UTF8String themselves ("UniversalString ::= [UNIVERSAL 28]
		// IMPLICIT OCTET STRING"): a definition in scope wins.
		if t := s.localOverride(sc, n.Name, n.Pos); t != nil {
			return t
		}
		return &Type{Kind: TypeCharacterString, Pos: n.Pos, Name: n.Name}
	case *parser.UnrestrictedCharacterStringType:
		return &Type{Kind: TypeUnrestrictedCharacterString, Pos: n.Pos}
	case *parser.UsefulType:
		return s.convUseful(sc, n)
	case *parser.TimeType:
		return &Type{Kind: TypeTime, Pos: n.Pos, Name: n.Name}
	case *parser.SequenceType:
		return s.convComponents(sc, n.Pos, TypeSequence, &n.Components)
	case *parser.SetType:
		return s.convComponents(sc, n.Pos, TypeSet, &n.Components)
	case *parser.ChoiceType:
		return s.convChoice(sc, n)
	case *parser.SequenceOfType:
		t := &Type{Kind: TypeSequenceOf, Pos: n.Pos, Elem: s.conv(sc, n.Type), ElemName: n.Name}
		s.addOfConstraints(t, sc, n.Constraint, n.Size)
		return t
	case *parser.SetOfType:
		t := &Type{Kind: TypeSetOf, Pos: n.Pos, Elem: s.conv(sc, n.Type), ElemName: n.Name}
		s.addOfConstraints(t, sc, n.Constraint, n.Size)
		return t
	case *parser.TaggedType:
		return s.convTagged(sc, n)
	case *parser.EncodingPrefixedType:
		return s.conv(sc, n.Type)
	case *parser.SelectionType:
		return s.convSelection(sc, n)
	case *parser.AnyType:
		// X.208 ANY: an open type (X.680 31.2.7 c: always tagged explicitly).
		return &Type{Kind: TypeOpen, Pos: n.Pos, DefinedBy: n.DefinedBy}
	case *parser.InstanceOfType:
		t := &Type{Kind: TypeInstanceOf, Pos: n.Pos}
		t.Class = s.classOfRef(sc, n.Class)
		return t
	case *parser.TypeReference:
		return s.convRef(sc, n)
	case *parser.ObjectClassFieldType:
		return s.convFieldType(sc, n)
	case *parser.ConstrainedType:
		t := s.conv(sc, n.Type)
		for _, c := range n.Constraints {
			t.cons = append(t.cons, consAST{c: c, sc: sc})
		}
		return t
	}
	s.errorf(pt.Position(), "unsupported type notation %T", pt)
	return &Type{Kind: TypeInvalid, Pos: pt.Position()}
}

// convInteger converts an INTEGER type with its named numbers, which must
// differ in name and number.
func (s *checker) convInteger(sc *scope, n *parser.IntegerType) *Type {
	t := &Type{Kind: TypeInteger, Pos: n.Pos}
	for _, nn := range n.NamedNumbers {
		t.NamedNumbers = append(t.NamedNumbers, s.namedNumber(sc, nn, false))
	}
	s.checkNamedNumbers(t.NamedNumbers, "named number")
	return t
}

// convBitString converts a BIT STRING type with its named bits, which must
// differ in name and number and be bit numbers (not negative).
func (s *checker) convBitString(sc *scope, n *parser.BitStringType) *Type {
	t := &Type{Kind: TypeBitString, Pos: n.Pos}
	for _, nn := range n.NamedBits {
		nb := s.namedNumber(sc, nn, false)
		if nb.Value < 0 {
			// X.680 22.2: a named bit is a bit number, not negative.
			s.errorf(nn.Pos, "named bit %s has the negative number %d", nb.Name, nb.Value)
		}
		t.NamedNumbers = append(t.NamedNumbers, nb)
	}
	s.checkNamedNumbers(t.NamedNumbers, "named bit")
	return t
}

// convUseful converts a useful type (X.680 45-48): ObjectDescriptor, or
// GeneralizedTime or UTCTime. As for the character string types, a
// definition of the same name in scope wins.
func (s *checker) convUseful(sc *scope, n *parser.UsefulType) *Type {
	if t := s.localOverride(sc, n.Name, n.Pos); t != nil {
		return t
	}
	if n.Name == "ObjectDescriptor" {
		return &Type{Kind: TypeObjectDescriptor, Pos: n.Pos, Name: n.Name}
	}
	return &Type{Kind: TypeTime, Pos: n.Pos, Name: n.Name}
}

// convTagged converts a tagged type: the inner type with the tag put in
// front of its own, IMPLICIT or EXPLICIT as written or, without a keyword,
// as the module's TagDefault says. The tags are resolved later, from the
// tagging recorded here.
func (s *checker) convTagged(sc *scope, n *parser.TaggedType) *Type {
	inner := s.conv(sc, n.Type)
	op := tagOp{pos: n.Pos, class: tagClassOf(n.Tag.Class), mode: n.Mode, keyword: n.Mode == parser.TagModeImplicit}
	op.number = s.tagNumber(sc, n.Tag)
	if op.mode == parser.TagModeDefault {
		// X.680 31.2.7: without a keyword the module's TagDefault
		// decides; AUTOMATIC TAGS tags implicitly like IMPLICIT TAGS.
		switch sc.m.TagDefault {
		case parser.TagDefaultImplicit, parser.TagDefaultAutomatic:
			op.mode = parser.TagModeImplicit
		default:
			op.mode = parser.TagModeExplicit
		}
	}
	inner.tagging = append([]tagOp{op}, inner.tagging...)
	inner.Pos = n.Pos
	return inner
}

// localOverride returns a reference to a type assignment named like a
// built-in string or useful type when one is in scope.
func (s *checker) localOverride(sc *scope, name string, pos parser.Pos) *Type {
	a := s.lookup(sc, "", name, pos, false)
	if a == nil || s.kindOf(a) != KindType {
		return nil
	}
	return &Type{Pos: pos, Ref: a}
}

func (s *checker) addOfConstraints(t *Type, sc *scope, c *parser.Constraint, size *parser.SizeConstraint) {
	if c != nil {
		t.cons = append(t.cons, consAST{c: c, sc: sc})
	}
	if size != nil {
		spec := &parser.ElementSetSpecs{Pos: size.Pos, Root: &parser.ElementSetSpec{Pos: size.Pos,
			Unions: []*parser.Intersections{{Pos: size.Pos, Elements: []*parser.IntersectionElements{{Pos: size.Pos, Elems: size}}}}}}
		t.cons = append(t.cons, consAST{c: &parser.Constraint{Pos: size.Pos, Spec: spec}, sc: sc})
	}
}

func (s *checker) tagNumber(sc *scope, tag *parser.Tag) int64 {
	v := s.evalValue(sc, tag.Number, &Type{Kind: TypeInteger})
	if v == nil || v.Kind != ValueInteger {
		return 0
	}
	if v.Int < 0 {
		// X.680 31.2: ClassNumber is a non-negative number.
		s.errorf(tag.Pos, "tag number %d is negative", v.Int)
	}
	return v.Int
}

func (s *checker) namedNumber(sc *scope, nn *parser.NamedNumber, ext bool) *NamedNumber {
	out := &NamedNumber{Name: nn.Name, Pos: nn.Pos, Extension: ext}
	if v := s.evalValue(sc, nn.Value, &Type{Kind: TypeInteger}); v != nil && v.Kind == ValueInteger {
		out.Value = v.Int
	}
	return out
}

// checkNamedNumbers enforces X.680 19.4/19.5 and 22.4: distinct names and
// distinct numbers.
func (s *checker) checkNamedNumbers(list []*NamedNumber, what string) {
	names := map[string]*NamedNumber{}
	nums := map[int64]*NamedNumber{}
	for _, nn := range list {
		if p := names[nn.Name]; p != nil {
			s.errorf(nn.Pos, "%s %s is defined twice (first at %s)", what, nn.Name, p.Pos)
		}
		if p := nums[nn.Value]; p != nil {
			s.errorf(nn.Pos, "%s %s has the number %d of %s", what, nn.Name, nn.Value, p.Name)
		}
		names[nn.Name], nums[nn.Value] = nn, nn
	}
}

// convEnumerated numbers the items (X.680 20.2-20.3): items without a
// number take the smallest numbers not used in the root; an addition
// without a number takes the number above every earlier item. A numbered
// addition only has to differ from every earlier item and exceed the
// earlier additions (X.680 20.7, whose example "{a, b(3), ..., c(1)}" is
// valid): it may be below numbers of the root.
func (s *checker) convEnumerated(sc *scope, n *parser.EnumeratedType) *Type {
	t := &Type{Kind: TypeEnumerated, Pos: n.Pos, Extensible: n.Extensible}
	for _, m := range n.ExtraMarkers {
		s.errorf(m.Pos, "second extension marker in ENUMERATED (X.680 20.1 admits one)")
	}
	used := map[int64]bool{}
	var root []*NamedNumber
	for _, it := range n.Root {
		nn := &NamedNumber{Name: it.Name, Pos: it.Pos}
		if it.Number != nil {
			if v := s.evalValue(sc, it.Number, &Type{Kind: TypeInteger}); v != nil && v.Kind == ValueInteger {
				nn.Value = v.Int
				used[v.Int] = true
			}
		}
		root = append(root, nn)
	}
	next := int64(0)
	for i, it := range n.Root {
		if it.Number != nil {
			continue
		}
		for used[next] {
			next++
		}
		root[i].Value = next
		used[next] = true
	}
	t.NamedNumbers = root
	var max int64 = -1 << 63
	for _, nn := range root {
		if nn.Value > max {
			max = nn.Value
		}
	}
	var maxAdd int64 = -1 << 63
	haveAdd := false
	for _, it := range n.Additional {
		nn := &NamedNumber{Name: it.Name, Pos: it.Pos, Extension: true}
		if it.Number != nil {
			if v := s.evalValue(sc, it.Number, &Type{Kind: TypeInteger}); v != nil && v.Kind == ValueInteger {
				nn.Value = v.Int
			}
			if haveAdd && nn.Value < maxAdd {
				// X.680 20.7: each addition is numbered above the earlier
				// additions (an equal number, like a clash with the root, is reported below).
				s.errorf(it.Pos, "enumeration addition %s must be numbered above %d, the number of an earlier addition", it.Name, maxAdd)
			}
		} else {
			nn.Value = max + 1
			for used[nn.Value] {
				nn.Value++
			}
		}
		used[nn.Value] = true
		if nn.Value > max {
			max = nn.Value
		}
		if !haveAdd || nn.Value > maxAdd {
			maxAdd = nn.Value
		}
		haveAdd = true
		t.NamedNumbers = append(t.NamedNumbers, nn)
	}
	s.checkNamedNumbers(t.NamedNumbers, "enumeration item")
	return t
}

// convComponents converts a SEQUENCE or SET body: COMPONENTS OF expansion
// (X.680 25.4) and automatic tagging (X.680 25.3).
func (s *checker) convComponents(sc *scope, pos parser.Pos, kind TypeKind, l *parser.ComponentTypeLists) *Type {
	t := &Type{Kind: kind, Pos: pos, Extensible: l.Extension != nil || sc.m.ExtensibilityImplied}
	// X.680 25.3: automatic tagging is decided before the COMPONENTS OF
	// transformation, from the root components only.
	auto := sc.m.TagDefault == parser.TagDefaultAutomatic
	for _, list := range [][]*parser.ComponentType{l.Root, l.Root2} {
		for _, ct := range list {
			if ct.NamedType != nil && isTagged(ct.NamedType.Type) {
				auto = false
			}
		}
	}
	var root1, adds, root2 []*Component
	root1 = s.convComponentList(sc, kind, l.Root, false, 0, "")
	for i, ea := range l.Additions {
		switch e := ea.(type) {
		case *parser.ComponentType:
			adds = append(adds, s.convComponentList(sc, kind, []*parser.ComponentType{e}, true, 0, "")...)
		case *parser.ExtensionAdditionGroup:
			adds = append(adds, s.convComponentList(sc, kind, e.Components, true, i+1, e.Version)...)
		}
	}
	root2 = s.convComponentList(sc, kind, l.Root2, false, 0, "")
	if auto {
		// X.680 25.4: root components are numbered first (in textual
		// order), then the extension additions.
		n := int64(0)
		for _, list := range [][]*Component{root1, root2, adds} {
			for _, c := range list {
				c.Type = autoTag(c.Type, n, c.Pos)
				n++
			}
		}
	}
	t.Components = append(append(append(t.Components, root1...), adds...), root2...)
	t.Root2 = len(root2)
	s.checkComponentNames(t.Components, "component")
	return t
}

// autoTag returns a copy of t with the automatic tag [n] (X.680 25.4: an
// implicit tag, explicit where 31.2.7 requires).
func autoTag(t *Type, n int64, pos parser.Pos) *Type {
	c := *t
	c.tagging = append([]tagOp{{pos: pos, class: ClassContext, number: n, mode: parser.TagModeImplicit, automatc: true}}, t.tagging...)
	return &c
}

func isTagged(t parser.Type) bool {
	for {
		switch n := t.(type) {
		case *parser.TaggedType:
			return true
		case *parser.EncodingPrefixedType:
			t = n.Type
		default:
			return false
		}
	}
}

func (s *checker) convComponentList(sc *scope, kind TypeKind, list []*parser.ComponentType, ext bool, group int, version string) []*Component {
	var out []*Component
	for _, ct := range list {
		if ct.ComponentsOf != nil {
			out = append(out, s.componentsOf(sc, kind, ct)...)
			continue
		}
		if ct.NamedType == nil {
			continue
		}
		c := &Component{Name: ct.NamedType.Name, Pos: ct.Pos, Optional: ct.Optional, Extension: ext, Group: group, Version: version}
		c.Type = s.conv(sc, ct.NamedType.Type)
		if ct.Default != nil {
			c.defaultAST, c.defaultScope = ct.Default, sc
		}
		out = append(out, c)
	}
	return out
}

// componentsOf copies the root components of the referenced SEQUENCE or SET
// (X.680 25.4 "COMPONENTS OF Type": the extension root only).
func (s *checker) componentsOf(sc *scope, kind TypeKind, ct *parser.ComponentType) []*Component {
	t := s.conv(sc, ct.ComponentsOf)
	u := s.underlyingConverted(t)
	if u == nil || u.Kind != kind {
		s.errorf(ct.Pos, "COMPONENTS OF needs a %s type", kind)
		return nil
	}
	var out []*Component
	for _, c := range u.Components {
		if c.Extension {
			continue
		}
		cp := *c
		cp.Pos = ct.Pos
		cp.ComponentsOf = true
		out = append(out, &cp)
	}
	return out
}

// underlyingConverted follows references, converting the assignments on
// the way; nil on a cycle.
func (s *checker) underlyingConverted(t *Type) *Type {
	for i := 0; t != nil && t.Ref != nil && i < 100; i++ {
		if t.Ref.state == 1 {
			s.errorf(t.Pos, "%s is used in its own definition", t.Ref.Name)
			return nil
		}
		s.convert(t.Ref)
		t = t.Ref.Type
	}
	return t
}

func (s *checker) checkComponentNames(list []*Component, what string) {
	seen := map[string]*Component{}
	for _, c := range list {
		if c.Name == "" {
			continue
		}
		if p := seen[c.Name]; p != nil {
			// X.680 25.6, 29.4: identifiers are distinct.
			s.errorf(c.Pos, "%s %s is defined twice (first at %s)", what, c.Name, p.Pos)
			continue
		}
		seen[c.Name] = c
	}
}

func (s *checker) convChoice(sc *scope, n *parser.ChoiceType) *Type {
	l := &n.Alternatives
	t := &Type{Kind: TypeChoice, Pos: n.Pos, Extensible: l.Extension != nil || sc.m.ExtensibilityImplied}
	auto := sc.m.TagDefault == parser.TagDefaultAutomatic
	for _, nt := range l.Root {
		if isTagged(nt.Type) {
			auto = false
		}
	}
	for _, nt := range l.Root {
		t.Components = append(t.Components, &Component{Name: nt.Name, Pos: nt.Pos, Type: s.conv(sc, nt.Type)})
	}
	for i, ea := range l.Additions {
		switch e := ea.(type) {
		case *parser.NamedType:
			t.Components = append(t.Components, &Component{Name: e.Name, Pos: e.Pos, Type: s.conv(sc, e.Type), Extension: true})
		case *parser.ExtensionAdditionAlternativesGroup:
			for _, nt := range e.Alternatives {
				t.Components = append(t.Components, &Component{Name: nt.Name, Pos: nt.Pos, Type: s.conv(sc, nt.Type),
					Extension: true, Group: i + 1, Version: e.Version})
			}
		}
	}
	if auto {
		// X.680 29.3: automatic tagging of the alternatives, as 25.4.
		for i, c := range t.Components {
			c.Type = autoTag(c.Type, int64(i), c.Pos)
		}
	}
	s.checkComponentNames(t.Components, "alternative")
	return t
}

// convSelection resolves "name < Type" to the alternative's type (X.680 30).
func (s *checker) convSelection(sc *scope, n *parser.SelectionType) *Type {
	u := s.underlyingConverted(s.conv(sc, n.Type))
	if u == nil {
		return &Type{Kind: TypeInvalid, Pos: n.Pos}
	}
	if u.Kind != TypeChoice {
		s.errorf(n.Pos, "selection %s < needs a CHOICE type", n.Name)
		return &Type{Kind: TypeInvalid, Pos: n.Pos}
	}
	for _, c := range u.Components {
		if c.Name == n.Name {
			cp := *c.Type
			cp.tagging = append([]tagOp(nil), c.Type.tagging...)
			return &cp
		}
	}
	s.errorf(n.Pos, "the CHOICE has no alternative %s", n.Name)
	return &Type{Kind: TypeInvalid, Pos: n.Pos}
}

// convRef resolves a type reference: a dummy, a type, a value set (a
// constrained type), or an instance of a parameterized type.
func (s *checker) convRef(sc *scope, r *parser.TypeReference) *Type {
	if b := sc.dummy(r.Module, r.Name); b != nil {
		if b.actual == nil {
			return &Type{Kind: TypeDummy, Pos: r.Pos, Name: r.Name}
		}
		if bv, ok := b.actual.(*parser.BraceValue); ok && b.param.Governor != nil && !s.isClassRef(sc, b.param.Governor) {
			// X.683 8.3: a value set dummy ("IA5String:Extra") bound to
			// "{...}" stands for the governor constrained to the set.
			spec, err := bv.ElementSetSpecs()
			if err != nil {
				s.errorf(bv.Pos, "actual parameter for %s is not a value set: %v", r.Name, err)
				return &Type{Kind: TypeInvalid, Pos: r.Pos}
			}
			t := s.conv(sc, b.param.Governor)
			t.cons = append(t.cons, consAST{c: &parser.Constraint{Pos: bv.Pos, Spec: spec}, sc: b.sc})
			t.Pos = r.Pos
			return t
		}
		at, ok := b.actual.(parser.Type)
		if !ok {
			s.errorf(r.Pos, "parameter %s is a value, used as a type", r.Name)
			return &Type{Kind: TypeInvalid, Pos: r.Pos}
		}
		t := s.conv(b.sc, at)
		t.actual = true
		return t
	}
	a := s.lookup(sc, r.Module, r.Name, r.Pos, false)
	if a == nil {
		if r.Module == "" && isBuiltinClass(r.Name) {
			s.errorf(r.Pos, "%s is a class, not a type", r.Name)
		} else {
			s.lookup(sc, r.Module, r.Name, r.Pos, true)
		}
		return &Type{Kind: TypeInvalid, Pos: r.Pos}
	}
	switch k := s.kindOf(a); k {
	case KindType, KindValueSet:
	default:
		s.errorf(r.Pos, "%s is a %s, not a type", r.Name, k)
		return &Type{Kind: TypeInvalid, Pos: r.Pos}
	}
	if len(a.Params) > 0 {
		inst := s.instanceOf(a, sc, r.Name, r.Params, r.Pos)
		if inst == nil {
			return &Type{Kind: TypeInvalid, Pos: r.Pos}
		}
		return &Type{Pos: r.Pos, Ref: inst}
	}
	if len(r.Params) > 0 {
		s.errorf(r.Pos, "%s is not parameterized", r.Name)
	}
	return &Type{Pos: r.Pos, Ref: a}
}

// convFieldType resolves "Ref.&field" in a type position (X.681 14, 15).
func (s *checker) convFieldType(sc *scope, n *parser.ObjectClassFieldType) *Type {
	class := s.classOfRef(sc, n.Ref)
	if class == nil || class.AST == nil || len(n.Fields) == 0 {
		if class == nil {
			if _, isType := n.Ref.(*parser.TypeReference); isType {
				if r := n.Ref.(*parser.TypeReference); sc.dummy(r.Module, r.Name) == nil {
					if a := s.lookup(sc, r.Module, r.Name, r.Pos, false); a != nil {
						s.errorf(n.Pos, "%s is a %s, not a class, object or object set", r.Name, s.kindOf(a))
					}
				}
			}
		}
		t := &Type{Kind: TypeOpen, Pos: n.Pos}
		if len(n.Fields) > 0 {
			// The class is a dummy of a template: keep the field name so
			// that component relations can be checked there too.
			t.Field = n.Fields[0]
		}
		return t
	}
	f := class.Field(n.Fields[0])
	if f == nil {
		s.errorf(n.Pos, "class %s has no field %s", class.Name, n.Fields[0])
		return &Type{Kind: TypeInvalid, Pos: n.Pos}
	}
	var t *Type
	switch f := f.(type) {
	case *parser.FixedTypeValueFieldSpec:
		if len(n.Fields) == 1 && !s.isClassRef(class.sc, f.Type) {
			t = s.conv(class.sc, f.Type)
		}
	case *parser.FixedTypeValueSetFieldSpec:
		if len(n.Fields) == 1 && !s.isClassRef(class.sc, f.Type) {
			t = s.conv(class.sc, f.Type)
		}
	}
	if t == nil {
		// X.681 14.2: a type field (or a value field whose type is given
		// by a type field) is an open type.
		t = &Type{Kind: TypeOpen, Pos: n.Pos}
	}
	t.Class, t.Field = class, n.Fields[0]
	t.Pos = n.Pos
	return t
}

package model

import "github.com/asn1gen/asn1gen/parser"

// InstanceArg is what one actual parameter of an instance denotes, so that
// code generation can name the instance by identity (codegen/names) rather
// than by parsing the instance key back.
type InstanceArg struct {
	// Ref is the assignment the actual names: a type, value, value set,
	// class, object or object set reference, "{Set}" for an object set
	// reference in braces, and a dummy of an enclosing instance followed to
	// its actual. Ref is an instance for a parameterized reference
	// (SIGNED{TBSCertificate} as an actual). nil when the actual is written
	// in place (a set of objects, a built-in type, a number).
	Ref *Assignment
	// Class is set when the actual is an information object class (a class
	// assignment, or TYPE-IDENTIFIER and ABSTRACT-SYNTAX, which have none).
	Class bool
	// Literal is, for an actual written in place that is a built-in type
	// alone ("IA5String", "INTEGER", "OCTET STRING": no constraint, tag or
	// named numbers) or a number ("3", "-1"), its text; "" otherwise.
	Literal string
	// Key is the canonical text of the actual (equal keys denote equal
	// actuals; see instanceKey) and Pos where it is written: for an actual
	// that is a dummy of an enclosing instance, where that instance's actual
	// is written.
	Key string
	Pos parser.Pos
}

// SetOrigin tells which object set a table constraint draws from.
type SetOrigin struct {
	// Set is the object set assignment the constraint names ({CertExtensions},
	// or a dummy bound to it); an instance for a parameterized set. nil for a
	// set written in place.
	Set *Assignment
	// Key identifies a set written in place: equal keys, the same set (the
	// canonical text of the actual it was bound to, or its position when it
	// is written in the constraint itself). "" when Set is not nil.
	Key string
	// Pos is where the set is written.
	Pos parser.Pos
}

// instanceArgs describes the actuals of an instance read in scope sc.
func (s *checker) instanceArgs(sc *scope, actuals []parser.Setting) []InstanceArg {
	out := make([]InstanceArg, len(actuals))
	for i, act := range actuals {
		bsc, st := s.followDummy(sc, act, 0)
		arg := InstanceArg{Pos: st.Position()}
		arg.Ref, arg.Class = s.denotes(bsc, st, 0)
		if arg.Ref == nil && !arg.Class {
			arg.Key = s.settingKey(bsc, st)
			arg.Literal = literalArg(st)
		} else if arg.Ref != nil {
			arg.Key = arg.Ref.QualifiedName()
		}
		out[i] = arg
	}
	return out
}

// followDummy follows a dummy reference (possibly in braces) to the actual
// it is bound to, and that actual's scope.
func (s *checker) followDummy(sc *scope, st parser.Setting, depth int) (*scope, parser.Setting) {
	for ; depth < maxKeyDepth; depth++ {
		var module, name string
		switch r := st.(type) {
		case *parser.TypeReference:
			module, name = r.Module, r.Name
			if len(r.Params) > 0 {
				return sc, st
			}
		case *parser.ValueReference:
			module, name = r.Module, r.Name
			if len(r.Params) > 0 {
				return sc, st
			}
		case *parser.BraceValue:
			if inner := singleElement(r); inner != nil {
				if nsc, nst := s.followDummy(sc, inner, depth+1); nst != inner {
					return nsc, nst
				}
			}
			return sc, st
		default:
			return sc, st
		}
		b := sc.dummy(module, name)
		if b == nil || b.actual == nil {
			return sc, st
		}
		sc, st = b.sc, b.actual
	}
	return sc, st
}

// denotes returns the assignment a setting names (see InstanceArg.Ref), and
// whether it is a class.
func (s *checker) denotes(sc *scope, st parser.Setting, depth int) (*Assignment, bool) {
	if depth > maxKeyDepth {
		return nil, false
	}
	var module, name string
	var params []parser.Setting
	var pos parser.Pos
	switch r := st.(type) {
	case *parser.TypeReference:
		module, name, params, pos = r.Module, r.Name, r.Params, r.Pos
	case *parser.ValueReference:
		module, name, params, pos = r.Module, r.Name, r.Params, r.Pos
	case *parser.BraceValue:
		if inner := singleElement(r); inner != nil {
			a, class := s.denotes(sc, inner, depth+1)
			if a != nil && s.kindOf(a) == KindObjectSet {
				return a, class
			}
		}
		return nil, false
	default:
		return nil, false
	}
	if b := sc.dummy(module, name); b != nil {
		if b.actual == nil {
			return nil, false
		}
		return s.denotes(b.sc, b.actual, depth+1)
	}
	a := s.lookup(sc, module, name, pos, false)
	if a == nil {
		return nil, module == "" && isBuiltinClass(name)
	}
	if len(a.Params) > 0 {
		if len(params) == 0 {
			return nil, false
		}
		inst := s.insts[s.instanceKey(a, sc, params)]
		return inst, inst != nil && s.kindOf(inst) == KindClass
	}
	return a, s.kindOf(a) == KindClass
}

// singleElement returns the one element of "{X}" or "{X, ...}", the
// reference X, or nil when the braces hold anything else.
func singleElement(bv *parser.BraceValue) parser.Setting {
	spec, err := bv.ElementSetSpecs()
	if err != nil {
		return nil
	}
	return specElement(spec)
}

// specElement returns the reference an element set spec consists of
// ("X" or "X, ..."), or nil.
func specElement(spec *parser.ElementSetSpecs) parser.Setting {
	if spec == nil || spec.Root == nil || spec.Additional != nil || spec.Root.AllExcept != nil ||
		len(spec.Root.Unions) != 1 || len(spec.Root.Unions[0].Elements) != 1 {
		return nil
	}
	ie := spec.Root.Unions[0].Elements[0]
	if ie.Except != nil {
		return nil
	}
	switch e := ie.Elems.(type) {
	case *parser.SingleValue:
		switch v := e.Value.(type) {
		case *parser.ValueReference, *parser.BraceValue:
			return v
		}
	case *parser.ContainedSubtype:
		if r, ok := e.Type.(*parser.TypeReference); ok && !e.Includes {
			return r
		}
	}
	return nil
}

// setOrigin tells which object set a table constraint's spec, read in sc,
// draws from.
func (s *checker) setOrigin(sc *scope, spec *parser.ElementSetSpecs) SetOrigin {
	el := specElement(spec)
	if el == nil {
		return SetOrigin{Key: spec.Pos.String(), Pos: spec.Pos}
	}
	bsc, st := s.followDummy(sc, el, 0)
	if a, _ := s.denotes(bsc, st, 0); a != nil && s.kindOf(a) == KindObjectSet {
		return SetOrigin{Set: a, Pos: st.Position()}
	}
	if st == el {
		return SetOrigin{Key: spec.Pos.String(), Pos: spec.Pos}
	}
	return SetOrigin{Key: s.settingKey(bsc, st), Pos: st.Position()}
}

// describeInstances fills Args of every instance, once all are made.
func (s *checker) describeInstances() {
	for _, k := range sortedKeys(s.insts) {
		a := s.insts[k]
		if a.Instance == nil || a.scope == nil {
			continue
		}
		for _, p := range a.Instance.Params {
			b := a.scope.params[p.Name]
			if b == nil || b.actual == nil {
				a.Args = append(a.Args, InstanceArg{})
				continue
			}
			a.Args = append(a.Args, s.instanceArgs(b.sc, []parser.Setting{b.actual})...)
		}
	}
}

// literalArg returns the text of an actual that is a built-in type alone or
// a number (see InstanceArg.Literal), "" otherwise.
func literalArg(st parser.Setting) string {
	switch n := st.(type) {
	case *parser.BooleanType:
		return "BOOLEAN"
	case *parser.IntegerType:
		if n.NamedNumbers == nil {
			return "INTEGER"
		}
	case *parser.RealType:
		return "REAL"
	case *parser.BitStringType:
		if n.NamedBits == nil {
			return "BIT STRING"
		}
	case *parser.OctetStringType:
		return "OCTET STRING"
	case *parser.NullType:
		return "NULL"
	case *parser.ObjectIdentifierType:
		return "OBJECT IDENTIFIER"
	case *parser.RelativeOIDType:
		return "RELATIVE-OID"
	case *parser.RestrictedCharacterStringType:
		return n.Name
	case *parser.UsefulType:
		return n.Name
	case *parser.TimeType:
		return n.Name
	case *parser.IntegerValue:
		return n.Text
	}
	return ""
}

package model

import (
	"github.com/asn1gen/asn1gen/parser"
)

// objectFields returns the field settings of an object assignment (X.681
// 11), read against the class's WITH SYNTAX or the default syntax. A
// reference to another object yields that object's fields.
func (s *checker) objectFields(a *Assignment) []*parser.FieldSetting {
	if len(a.Params) > 0 {
		return nil
	}
	if o := s.objectAssignment(a); o != nil {
		return o.Settings
	}
	return nil
}

// valueFromObject evaluates "object.&field" (X.681 15) where the object is
// a plain object reference, or an object taken from its object fields
// ("object.&objectField.&field"); other forms are left unevaluated.
func (s *checker) valueFromObject(sc *scope, fo *parser.ValueFromObject, gov *Type) *Value {
	out := &Value{Kind: ValueUnevaluated, Pos: fo.Pos, AST: fo}
	r, ok := fo.Ref.(*parser.ValueReference)
	if !ok || len(r.Params) > 0 || len(fo.Fields) == 0 || sc.dummy(r.Module, r.Name) != nil {
		return out
	}
	if n := len(fo.Fields); n > 1 {
		// RFC 5911's kwa-aes128-wrap.&smimeCaps.&id: the object of the
		// object fields, then its value field as written (a class
		// default is left unevaluated).
		o := s.objectOf(sc, &parser.ValueFromObject{Pos: fo.Pos, Ref: fo.Ref, Fields: fo.Fields[:n-1]}, nil, 0)
		if o == nil {
			return out
		}
		st := o.setting(fo.Fields[n-1])
		if st == nil {
			return out
		}
		v, ok := st.Setting.(parser.Value)
		if !ok {
			s.errorf(fo.Pos, "field %s is not a value", fo.Fields[n-1])
			return nil
		}
		ev := s.evalValue(o.sc, v, gov)
		if ev == nil {
			return nil
		}
		cp := *ev
		cp.Pos = fo.Pos
		return &cp
	}
	a := s.lookup(sc, r.Module, r.Name, r.Pos, true)
	if a == nil {
		return nil
	}
	if k := s.kindOf(a); k != KindObject {
		s.errorf(r.Pos, "%s is a %s, not an object", r.Name, k)
		return nil
	}
	for _, f := range s.objectFields(a) {
		if f.Name != fo.Fields[0] {
			continue
		}
		v, ok := f.Setting.(parser.Value)
		if !ok {
			s.errorf(fo.Pos, "field %s of %s is not a value", f.Name, a.Name)
			return nil
		}
		ev := s.evalValue(a.scope, v, gov)
		if ev != nil {
			cp := *ev
			cp.Pos = fo.Pos
			return &cp
		}
		return nil
	}
	if a.Class != nil && a.Class.AST != nil {
		spec := a.Class.Field(fo.Fields[0])
		if spec == nil {
			s.errorf(fo.Pos, "class %s has no field %s", a.Class.Name, fo.Fields[0])
			return nil
		}
		if d, ok := spec.(*parser.FixedTypeValueFieldSpec); ok && d.Default != nil {
			return s.evalValue(a.Class.sc, d.Default, gov)
		}
		s.errorf(fo.Pos, "object %s has no field %s", a.Name, fo.Fields[0])
		return nil
	}
	return out
}

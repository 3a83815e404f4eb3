package model

import (
	"fmt"
	"slices"
	"strings"

	"github.com/asn1gen/asn1gen/parser"
)

// Object is an information object (X.681 11): its class and its field
// settings as written, read against the class's syntax. Objects that take
// part in a table have Values and Types filled in.
type Object struct {
	// Name is the object reference, "" for an object written in place in
	// an object set.
	Name   string
	Module *Module
	Pos    parser.Pos
	Class  *Class
	// Settings are the field settings as written (defaults not included).
	Settings []*parser.FieldSetting
	// Values are the fixed-type and variable-type value fields, evaluated,
	// with the class defaults applied (X.681 9.5: a DEFAULT applies where
	// the object has no setting); keyed by field name ("&id").
	Values map[string]*Value
	// Types are the type fields, with defaults applied.
	Types map[string]*Type

	sc     *scope
	filled bool
}

// ObjectSet is an evaluated object set (X.681 12): its objects in textual
// order without duplicates, and whether it is extensible.
type ObjectSet struct {
	Objects []*Object
	// Extensible is set when the set, or a set it draws objects from, has
	// an extension marker: decoders must accept keys outside the table.
	Extensible bool
}

// OpenTypeTable is the table of a component relation constraint (X.682
// 10.7) computed at compile time: for each object of the set, the value of
// the key component and what it selects for the constrained component.
type OpenTypeTable struct {
	// Class and Field are the constrained field ("&ExtnType").
	Class *Class
	Field string
	// KeyPath is the @-reference: Level counts the dots after "@" (0 for a
	// path from the outermost type) and KeyPath the component names.
	KeyLevel int
	KeyPath  []string
	// Key is the component the path designates and KeyField the field its
	// type is drawn from ("&id").
	Key      *Component
	KeyField string
	Entries  []*OpenTypeEntry
	// Extensible tells that the object set is extensible: a key not in
	// Entries is not an error.
	Extensible bool
	// Origin is the object set the table is drawn from.
	Origin SetOrigin
}

// OpenTypeEntry is one row of an OpenTypeTable.
type OpenTypeEntry struct {
	Key *Value
	// Type is the type selected when the constrained field is a type field
	// (an open type); nil when the object has no such field (for example
	// an algorithm without parameters).
	Type *Type
	// Value is the value of the constrained field when it is a value field
	// (e.g. &Critical of EXTENSION).
	Value *Value
	// Object is the object of the row (its other fields are in Values and
	// Types, e.g. &paramPresence of AlgorithmInformation-2009).
	Object *Object
}

// Lookup returns the entry whose key equals v, or nil.
func (t *OpenTypeTable) Lookup(v *Value) *OpenTypeEntry {
	if t == nil || v == nil {
		return nil
	}
	k := valueKey(v)
	for _, e := range t.Entries {
		if valueKey(e.Key) == k {
			return e
		}
	}
	return nil
}

// valueKey is a canonical text for values used as table keys.
func valueKey(v *Value) string {
	if v == nil {
		return "<nil>"
	}
	switch v.Kind {
	case ValueOID, ValueRelativeOID:
		return "oid:" + v.OID.String()
	case ValueInteger, ValueEnumerated:
		if v.Big != nil {
			return "int:" + v.Big.String()
		}
		return fmt.Sprintf("int:%d", v.Int)
	case ValueString:
		return "str:" + v.String
	case ValueBoolean:
		return fmt.Sprintf("bool:%v", v.Bool)
	case ValueOctetString, ValueBitString:
		return fmt.Sprintf("bytes:%x/%d", v.Bytes, v.BitLen)
	}
	return fmt.Sprintf("%d@%s", v.Kind, v.Pos)
}

// keyText prints a key value for messages: an OID dotted, an integer in
// decimal, anything else as valueKey does.
func keyText(v *Value) string {
	switch v.Kind {
	case ValueOID, ValueRelativeOID:
		return v.OID.String()
	case ValueInteger, ValueEnumerated:
		if v.Big != nil {
			return v.Big.String()
		}
		return fmt.Sprint(v.Int)
	}
	return valueKey(v)
}

// tableState is the memo of objects and object sets.
type tableState struct {
	objects map[*Assignment]*Object
	sets    map[*Assignment]*ObjectSet
	inSet   map[*Assignment]bool
	fields  map[fieldKey]*Type
	// opened lists the sets that Options.Extensible made extensible.
	opened map[*Assignment]bool
}

type fieldKey struct {
	c    *Class
	name string
}

func (s *checker) tables() *tableState {
	if s.tbl == nil {
		s.tbl = &tableState{objects: map[*Assignment]*Object{}, sets: map[*Assignment]*ObjectSet{},
			inSet: map[*Assignment]bool{}, fields: map[fieldKey]*Type{}, opened: map[*Assignment]bool{}}
	}
	return s.tbl
}

// maxTableDepth bounds the nesting of object and set references, which a
// faulty module could make cyclic through parameters.
const maxTableDepth = 64

// objectAssignment evaluates a named object (X.681 11.1).
func (s *checker) objectAssignment(a *Assignment) *Object {
	ts := s.tables()
	if o, ok := ts.objects[a]; ok {
		return o
	}
	ts.objects[a] = nil // an object defined as itself ends here
	s.convert(a)
	o := s.objectBody(a, a.scope, a.Class, 0)
	ts.objects[a] = o
	a.Object = o
	return o
}

// objectBody reads the right-hand side of an object assignment in scope sc.
func (s *checker) objectBody(a *Assignment, sc *scope, class *Class, depth int) *Object {
	n, ok := a.AST.(*parser.ValueAssignment)
	if !ok || class == nil || class.AST == nil {
		return nil
	}
	o := s.objectOf(sc, n.Value, class, depth+1)
	if o == nil {
		return nil
	}
	if o.Name == "" {
		o.Name, o.Module, o.Pos = a.Name, a.Module, a.Pos
	}
	return o
}

// objectOf evaluates an object notation governed by class (X.681 11.3):
// a reference (possibly to a dummy or a parameterized object), an object in
// braces, or an object taken from another object's field.
func (s *checker) objectOf(sc *scope, v parser.Setting, class *Class, depth int) *Object {
	if depth > maxTableDepth {
		s.errorf(v.Position(), "objects nested too deeply")
		return nil
	}
	switch n := v.(type) {
	case *parser.BraceValue:
		if class == nil || class.AST == nil {
			return nil
		}
		settings, err := n.Object(class.AST)
		if err != nil {
			s.errorf(n.Pos, "object does not match the syntax of class %s: %v", class.Name, err)
			return nil
		}
		return &Object{Module: sc.m, Pos: n.Pos, Class: class, Settings: settings, sc: sc}
	case *parser.ValueReference:
		if b := sc.dummy(n.Module, n.Name); b != nil {
			if b.actual == nil {
				return nil
			}
			return s.objectOf(b.sc, b.actual, class, depth+1)
		}
		a := s.lookup(sc, n.Module, n.Name, n.Pos, true)
		if a == nil {
			return nil
		}
		if k := s.kindOf(a); k != KindObject {
			s.errorf(n.Pos, "%s is a %s, not an object", n.Name, k)
			return nil
		}
		if len(a.Params) == 0 {
			if len(n.Params) > 0 {
				s.errorf(n.Pos, "%s is not parameterized", n.Name)
			}
			return s.objectAssignment(a)
		}
		// X.683 9: a parameterized object, evaluated once per instance.
		inst := s.instanceOf(a, sc, n.Name, n.Params, n.Pos)
		if inst == nil {
			return nil
		}
		return s.objectAssignment(inst)
	case *parser.ValueFromObject:
		// X.681 15: an object field of an object.
		from := s.objectOf(sc, n.Ref, nil, depth+1)
		for _, f := range n.Fields {
			if from == nil {
				return nil
			}
			st := from.setting(f)
			spec := from.Class.Field(f)
			fd, ok := spec.(*parser.FixedTypeValueFieldSpec)
			if st == nil || !ok {
				s.errorf(n.Pos, "%s is not an object field set in the object", f)
				return nil
			}
			fc := s.classOfRef(from.Class.sc, fd.Type)
			from = s.objectOf(from.sc, st.Setting, fc, depth+1)
		}
		return from
	}
	return nil
}

func (o *Object) setting(name string) *parser.FieldSetting {
	for _, f := range o.Settings {
		if f.Name == name {
			return f
		}
	}
	return nil
}

// objectSetAssignment evaluates a named object set once; a set that
// refers to itself yields what was collected before the cycle.
func (s *checker) objectSetAssignment(a *Assignment, depth int) *ObjectSet {
	ts := s.tables()
	if os, ok := ts.sets[a]; ok {
		return os
	}
	if ts.inSet[a] {
		s.errorf(a.Pos, "object set %s is defined in terms of itself", a.Name)
		return &ObjectSet{}
	}
	ts.inSet[a] = true
	defer delete(ts.inSet, a)
	s.convert(a)
	n, ok := a.AST.(*parser.ValueSetTypeAssignment)
	out := &ObjectSet{}
	if ok && n.Set != nil && len(a.Params) == 0 {
		out = s.objectSetOf(a.scope, n.Set, a.Class, depth+1)
		s.extendObjectSet(a, out, depth)
	}
	if !out.Extensible && s.declaredExtensible(a) {
		out.Extensible = true // Options.Extensible
		ts.opened[a] = true
	}
	ts.sets[a] = out
	a.ObjectSet = out
	return out
}

// objectSetOf evaluates an ObjectSetSpec (X.681 12.3) governed by class.
func (s *checker) objectSetOf(sc *scope, spec *parser.ElementSetSpecs, class *Class, depth int) *ObjectSet {
	out := &ObjectSet{Extensible: spec.Extensible}
	if depth > maxTableDepth {
		s.errorf(spec.Pos, "object sets nested too deeply")
		return out
	}
	seen := map[*Object]bool{}
	add := func(set *ObjectSet) {
		if set == nil {
			return
		}
		// X.680 50.5 (and X.681 12.7): a set drawn from an extensible set
		// is extensible too, so that its table accepts unknown keys.
		out.Extensible = out.Extensible || set.Extensible
		for _, o := range set.Objects {
			if !seen[o] {
				seen[o] = true
				out.Objects = append(out.Objects, o)
			}
		}
	}
	if spec.Root != nil {
		add(s.objectElementSet(sc, spec.Root, class, depth))
	}
	if spec.Additional != nil {
		add(s.objectElementSet(sc, spec.Additional, class, depth))
	}
	return out
}

func (s *checker) objectElementSet(sc *scope, spec *parser.ElementSetSpec, class *Class, depth int) *ObjectSet {
	out := &ObjectSet{}
	if spec.AllExcept != nil {
		s.warnf(spec.Pos, "ALL EXCEPT in an object set is not evaluated")
		return out
	}
	seen := map[*Object]bool{}
	for _, in := range spec.Unions {
		var cur *ObjectSet
		for _, ie := range in.Elements {
			es := s.objectElement(sc, ie.Elems, class, depth)
			if ie.Except != nil {
				ex := s.objectElement(sc, ie.Except, class, depth)
				es = filterSet(es, ex, false)
			}
			if cur == nil {
				cur = es
			} else {
				// X.681 12.3: intersections keep the objects in both.
				cur = filterSet(cur, es, true)
			}
		}
		if cur == nil {
			continue
		}
		out.Extensible = out.Extensible || cur.Extensible
		for _, o := range cur.Objects {
			if !seen[o] {
				seen[o] = true
				out.Objects = append(out.Objects, o)
			}
		}
	}
	return out
}

// filterSet keeps the objects of a that are (keep) or are not (!keep) in b.
func filterSet(a, b *ObjectSet, keep bool) *ObjectSet {
	in := map[*Object]bool{}
	for _, o := range b.Objects {
		in[o] = true
	}
	out := &ObjectSet{Extensible: a.Extensible}
	for _, o := range a.Objects {
		if in[o] == keep {
			out.Objects = append(out.Objects, o)
		}
	}
	return out
}

// objectElement evaluates one ObjectSetElements (X.681 12.10): an object,
// an object set reference (possibly a dummy or a parameterized set), a
// set drawn from objects (ObjectSetFromObjects) or a parenthesized set.
func (s *checker) objectElement(sc *scope, e parser.Element, class *Class, depth int) *ObjectSet {
	switch e := e.(type) {
	case *parser.ElementSetSpec:
		return s.objectElementSet(sc, e, class, depth+1)
	case *parser.SingleValue:
		if r, ok := e.Value.(*parser.ValueReference); ok {
			if b := sc.dummy(r.Module, r.Name); b != nil && b.actual != nil {
				return s.setFromSetting(b.sc, b.actual, class, depth+1)
			}
		}
		if bv, ok := e.Value.(*parser.BraceValue); ok && !isObjectBrace(bv, class) {
			// "{{Set}}": a nested set written as a value.
			return s.setFromSetting(sc, bv, class, depth+1)
		}
		if fo, ok := e.Value.(*parser.ValueFromObject); ok {
			if set := s.setFromObjects(sc, fo.Ref, fo.Fields, fo.Pos, class, depth); set != nil {
				return set
			}
		}
		if o := s.objectOf(sc, e.Value, class, depth+1); o != nil {
			return &ObjectSet{Objects: []*Object{o}}
		}
		return &ObjectSet{}
	case *parser.ContainedSubtype:
		return s.setFromSetting(sc, e.Type, class, depth+1)
	}
	s.errorf(e.Position(), "not an object set element")
	return &ObjectSet{}
}

// isObjectBrace tells an object in braces (it reads in the class's syntax)
// from a nested set such as "{Set}".
func isObjectBrace(bv *parser.BraceValue, class *Class) bool {
	if class == nil || class.AST == nil {
		return false
	}
	_, err := bv.Object(class.AST)
	return err == nil
}

// setFromSetting evaluates a setting that denotes an object set: "{...}",
// a reference to a set (or to a dummy bound to one), or Set.&field.
func (s *checker) setFromSetting(sc *scope, st parser.Setting, class *Class, depth int) *ObjectSet {
	if depth > maxTableDepth {
		s.errorf(st.Position(), "object sets nested too deeply")
		return &ObjectSet{}
	}
	switch n := st.(type) {
	case *parser.BraceValue:
		spec, err := n.ElementSetSpecs()
		if err != nil {
			s.errorf(n.Pos, "not an object set: %v", err)
			return &ObjectSet{}
		}
		return s.objectSetOf(sc, spec, class, depth+1)
	case *parser.TypeReference:
		if b := sc.dummy(n.Module, n.Name); b != nil {
			if b.actual == nil {
				return &ObjectSet{}
			}
			return s.setFromSetting(b.sc, b.actual, class, depth+1)
		}
		a := s.lookup(sc, n.Module, n.Name, n.Pos, true)
		if a == nil {
			return &ObjectSet{}
		}
		switch k := s.kindOf(a); k {
		case KindObjectSet:
		case KindObject:
			return &ObjectSet{Objects: []*Object{s.objectAssignment(a)}}
		default:
			s.errorf(n.Pos, "%s is a %s, not an object set", n.Name, k)
			return &ObjectSet{}
		}
		if len(a.Params) == 0 {
			return s.objectSetAssignment(a, depth+1)
		}
		// X.683 9: a parameterized object set, evaluated once per instance.
		inst := s.instanceOf(a, sc, n.Name, n.Params, n.Pos)
		if inst == nil {
			return &ObjectSet{}
		}
		return s.objectSetAssignment(inst, depth+1)
	case *parser.ValueReference:
		if b := sc.dummy(n.Module, n.Name); b != nil && b.actual != nil {
			return s.setFromSetting(b.sc, b.actual, class, depth+1)
		}
		if o := s.objectOf(sc, n, class, depth+1); o != nil {
			return &ObjectSet{Objects: []*Object{o}}
		}
		return &ObjectSet{}
	case *parser.ObjectClassFieldType:
		if set := s.setFromObjects(sc, n.Ref, n.Fields, n.Pos, class, depth); set != nil {
			return set
		}
	case *parser.ValueFromObject:
		if set := s.setFromObjects(sc, n.Ref, n.Fields, n.Pos, class, depth); set != nil {
			return set
		}
	}
	s.errorf(st.Position(), "not an object set")
	return &ObjectSet{}
}

// setFromObjects evaluates ObjectSetFromObjects (X.681 15.1): "Set.&field"
// or "object.&field" where the field is an object or object set field;
// the result is the union over the objects. nil when ref is not an object
// or object set, or the field is not an object (set) field.
func (s *checker) setFromObjects(sc *scope, ref parser.Setting, fields []string, pos parser.Pos, class *Class, depth int) *ObjectSet {
	var from *ObjectSet
	switch r := ref.(type) {
	case *parser.TypeReference:
		if b := sc.dummy(r.Module, r.Name); b == nil {
			a := s.lookup(sc, r.Module, r.Name, r.Pos, false)
			if a == nil || s.kindOf(a) != KindObjectSet {
				return nil
			}
		}
		from = s.setFromSetting(sc, r, nil, depth+1)
	case *parser.ValueReference:
		o := s.objectOf(sc, r, nil, depth+1)
		if o == nil {
			return nil
		}
		from = &ObjectSet{Objects: []*Object{o}}
	default:
		return nil
	}
	for _, f := range fields {
		next := &ObjectSet{Extensible: from.Extensible}
		seen := map[*Object]bool{}
		for _, o := range from.Objects {
			if o == nil || o.Class == nil {
				continue
			}
			spec := o.Class.Field(f)
			var sub *ObjectSet
			switch fd := spec.(type) {
			case *parser.FixedTypeValueFieldSpec:
				fc := s.classOfRef(o.Class.sc, fd.Type)
				if fc == nil {
					return nil
				}
				if st := o.setting(f); st != nil {
					if x := s.objectOf(o.sc, st.Setting, fc, depth+1); x != nil {
						sub = &ObjectSet{Objects: []*Object{x}}
					}
				} else if fd.Default != nil {
					if x := s.objectOf(o.Class.sc, fd.Default, fc, depth+1); x != nil {
						sub = &ObjectSet{Objects: []*Object{x}}
					}
				}
			case *parser.FixedTypeValueSetFieldSpec:
				fc := s.classOfRef(o.Class.sc, fd.Type)
				if fc == nil {
					return nil
				}
				if st := o.setting(f); st != nil {
					sub = s.setFromSetting(o.sc, st.Setting, fc, depth+1)
				} else if fd.Default != nil {
					sub = s.objectSetOf(o.Class.sc, fd.Default, fc, depth+1)
				}
			default:
				if spec == nil {
					s.errorf(pos, "class %s has no field %s", o.Class.Name, f)
				}
				return nil
			}
			if sub == nil {
				continue
			}
			next.Extensible = next.Extensible || sub.Extensible
			for _, x := range sub.Objects {
				if !seen[x] {
					seen[x] = true
					next.Objects = append(next.Objects, x)
				}
			}
		}
		from = next
	}
	return from
}

// fieldGovernor is the type of a fixed-type value field, converted once.
func (s *checker) fieldGovernor(c *Class, name string, spec *parser.FixedTypeValueFieldSpec) *Type {
	ts := s.tables()
	k := fieldKey{c, name}
	if t, ok := ts.fields[k]; ok {
		return t
	}
	var t *Type
	if !s.isClassRef(c.sc, spec.Type) {
		t = s.conv(c.sc, spec.Type)
		s.finishType(t)
	}
	ts.fields[k] = t
	return t
}

// fillObject evaluates the value and type fields of o, applying the class
// defaults (X.681 9.5, 11.7).
func (s *checker) fillObject(o *Object) {
	if o == nil || o.filled || o.Class == nil || o.Class.AST == nil {
		return
	}
	o.filled = true
	o.Values, o.Types = map[string]*Value{}, map[string]*Type{}
	// Type fields first: variable-type value fields take their governor
	// from them.
	for _, spec := range o.Class.AST.Fields {
		f, ok := spec.(*parser.TypeFieldSpec)
		if !ok {
			continue
		}
		if st := o.setting(f.Name); st != nil {
			pt, ok := st.Setting.(parser.Type)
			if !ok {
				s.errorf(st.Pos, "field %s needs a type", f.Name)
				continue
			}
			t := s.conv(o.sc, pt)
			s.finishType(t)
			o.Types[f.Name] = t
		} else if f.Default != nil {
			t := s.conv(o.Class.sc, f.Default)
			s.finishType(t)
			o.Types[f.Name] = t
		} else if !f.Optional {
			// X.681 11.7: a field without OPTIONAL or DEFAULT is set.
			s.errorf(o.Pos, "object %s has no setting for the mandatory field %s", o.describe(), f.Name)
		}
	}
	for _, spec := range o.Class.AST.Fields {
		var gov *Type
		var def parser.Value
		var optional bool
		switch f := spec.(type) {
		case *parser.FixedTypeValueFieldSpec:
			gov = s.fieldGovernor(o.Class, f.Name, f)
			if gov == nil {
				continue // an object field
			}
			def, optional = f.Default, f.Optional
		case *parser.VariableTypeValueFieldSpec:
			gov = o.Types[f.TypeField[0]]
			if gov == nil || len(f.TypeField) != 1 {
				continue
			}
			def, optional = f.Default, f.Optional
		default:
			continue
		}
		name := fieldName(spec)
		if st := o.setting(name); st != nil {
			v, ok := st.Setting.(parser.Value)
			if !ok {
				s.errorf(st.Pos, "field %s needs a value", name)
				continue
			}
			if ev := s.evalValue(o.sc, v, gov); ev != nil {
				o.Values[name] = ev
			}
		} else if def != nil {
			if ev := s.evalValue(o.Class.sc, def, gov); ev != nil {
				o.Values[name] = ev
			}
		} else if !optional {
			s.errorf(o.Pos, "object %s has no setting for the mandatory field %s", o.describe(), name)
		}
	}
}

func (o *Object) describe() string {
	if o.Name != "" {
		return o.Name
	}
	return "{...}"
}

// resolveTables computes the tables of the component relation and simple
// table constraints in the type tree of an assignment (X.682 10). root is
// the outermost type, to which "@" paths refer (X.682 10.7); eval is false
// for templates, whose object sets are dummies: only the paths are checked.
func (s *checker) resolveTables(root *Type, eval bool) {
	s.walkTables(root, nil, false, eval, 0)
}

// walkTables resolves the tables of the constraints in t's type tree.
// stack holds the SEQUENCE, SET and CHOICE types around t up to the
// outermost one that "@" paths start from, and inActual tells that this
// one is an actual parameter (Type.actual).
func (s *checker) walkTables(t *Type, stack []*Type, inActual, eval bool, depth int) {
	if t == nil || depth > 200 {
		return
	}
	if t.actual {
		// X.682 10.7: the paths start from the type in which the
		// constraint is written, here the actual parameter, wherever the
		// template puts it.
		stack, inActual = nil, true
	}
	if c := t.Constraints; c != nil {
		if c.Table != nil && c.Table.owner == t {
			s.resolveTable(t, stack, inActual, eval)
		}
		if c.Containing != nil {
			s.walkTables(c.Containing, stack, inActual, eval, depth+1)
		}
	}
	if t.Ref != nil {
		return // the referenced assignment is walked on its own
	}
	switch t.Kind {
	case TypeSequence, TypeSet, TypeChoice:
		inner := append(append([]*Type(nil), stack...), t)
		for _, c := range t.Components {
			s.walkTables(c.Type, inner, inActual, eval, depth+1)
		}
	case TypeSequenceOf, TypeSetOf:
		s.walkTables(t.Elem, stack, inActual, eval, depth+1)
	}
}

// resolveTable evaluates the object set of t's table constraint and, for a
// component relation constraint, the table from key to selected field.
func (s *checker) resolveTable(t *Type, stack []*Type, inActual, eval bool) {
	tc := t.Constraints.Table
	var key *Component
	var keyField string
	keyLevel := 0
	for _, at := range tc.AtNotations {
		comp, level := s.atComponent(at, stack, inActual)
		if comp == nil {
			continue
		}
		if key == nil {
			key, keyLevel = comp, level
			keyField = comp.Type.Field
			if keyField == "" {
				if u := s.underlying(comp.Type); u != nil {
					keyField = u.Field
				}
			}
			if keyField == "" {
				// X.682 10.9: the referenced component is constrained by the
				// same object set (its type is CLASS.&field).
				s.errorf(at.Pos, "@%s names %s, which is not an information object class field", strings.Join(at.Components, "."), comp.Name)
				key = nil
			}
		}
	}
	if !eval || tc.Set != nil {
		return
	}
	class := t.Class
	if class == nil {
		return
	}
	tc.Set = s.objectSetOf(tc.sc, tc.ObjectSet, class, 0)
	if len(tc.AtNotations) == 0 {
		// A simple table constraint (X.682 10.3): the permitted values
		// of the field.
		seen := map[string]bool{}
		for _, o := range tc.Set.Objects {
			s.fillObject(o)
			if o == nil {
				continue
			}
			if v := o.Values[t.Field]; v != nil && !seen[valueKey(v)] {
				seen[valueKey(v)] = true
				tc.Values = append(tc.Values, v)
			}
		}
		return
	}
	if key == nil {
		return
	}
	tab := &OpenTypeTable{Class: class, Field: t.Field, KeyLevel: keyLevel,
		KeyPath: tc.AtNotations[0].Components, Key: key, KeyField: keyField, Extensible: tc.Set.Extensible,
		Origin: s.setOrigin(tc.sc, tc.ObjectSet)}
	typeField := t.Field
	switch f := class.Field(t.Field).(type) {
	case *parser.VariableTypeValueFieldSpec:
		// "&value &Type": the value's type is selected by &Type.
		if len(f.TypeField) == 1 {
			typeField = f.TypeField[0]
		}
	}
	seen := map[string]*OpenTypeEntry{}
	for _, o := range tc.Set.Objects {
		if o == nil {
			continue
		}
		s.fillObject(o)
		k := o.Values[keyField]
		if k == nil {
			continue
		}
		e := &OpenTypeEntry{Key: k, Type: o.Types[typeField], Value: o.Values[t.Field], Object: o}
		if prev := seen[valueKey(k)]; prev != nil {
			if prev.Object != o && prev.Object.Name != o.Name {
				// X.681 9.8: UNIQUE fields identify one object of a set. A
				// published defect: RFC 5911's cea-aes192-GCM and
				// cea-aes256-GCM repeat the IDENTIFIER of cea-aes128-GCM.
				// Reported at the object, once for all the tables drawn
				// from its sets.
				why := ""
				if f, ok := class.Field(keyField).(*parser.FixedTypeValueFieldSpec); ok && f.Unique {
					why = ", though the field is UNIQUE (X.681 9.8)"
				}
				s.warnf(o.Pos, "object %s has the same %s, %s, as object %s (at %s)%s: tables select %s for that key",
					o.describe(), keyField, keyText(k), prev.Object.describe(), prev.Object.Pos, why, prev.Object.describe()).Accept = acceptKey("duplicate-key", s.moduleAt(o.Pos))
			}
			continue
		}
		seen[valueKey(k)] = e
		tab.Entries = append(tab.Entries, e)
	}
	t.OpenType = tab
}

// atComponent finds the component an AtNotation names (X.682 10.7): from
// the outermost type for "@a.b", from the type Level-1 levels out of the
// innermost one for "@.a" ("@." is the innermost). inActual tells that the
// outermost type is an actual parameter (Type.actual). It returns the
// component and the level it was found from, the AtNotation's own unless
// the at-level kind of Options.Accept read it otherwise (atLevel).
func (s *checker) atComponent(at *parser.AtNotation, stack []*Type, inActual bool) (*Component, int) {
	path := atPath(at.Level, at.Components)
	if len(stack) == 0 {
		if inActual {
			// "WRAP{C.&Type({Set}{@kind})}" in a SEQUENCE that has kind:
			// the key is outside the instance, and instances do not
			// depend on where they are used (they are shared).
			s.errorf(at.Pos, "component relation %s in an actual parameter refers outside it, to the type in which the parameterized type is used: write the SEQUENCE, SET or CHOICE that holds the key in the actual parameter", path)
			return nil, 0
		}
		s.errorf(at.Pos, "component relation %s outside a SEQUENCE, SET or CHOICE", path)
		return nil, 0
	}
	var cur *Type
	if at.Level == 0 {
		cur = stack[0]
	} else {
		i := len(stack) - at.Level
		if i < 0 {
			if inActual {
				s.errorf(at.Pos, "component relation %s goes out of the actual parameter in which it is written", path)
				return nil, 0
			}
			s.errorf(at.Pos, "component relation %s goes out of the outermost type", path)
			return nil, 0
		}
		cur = stack[i]
	}
	comp, why := s.componentAt(cur, at.Components)
	if comp == nil && at.Level > 0 {
		if c, level, ok := s.atLevel(at, stack, cur); ok {
			return c, level // found or reported
		}
	}
	if why != "" {
		s.errorf(at.Pos, "component relation %s: %s", path, why)
	}
	return comp, at.Level
}

// atPath writes an AtNotation: "@" and level dots before the names.
func atPath(level int, names []string) string {
	return "@" + strings.Repeat(".", level) + strings.Join(names, ".")
}

// componentAt follows names from the type cur, each a component of a
// SEQUENCE, SET or CHOICE. When they name none, it returns why (""
// when a type is not known, which is reported where it is defined).
func (s *checker) componentAt(cur *Type, names []string) (*Component, string) {
	var comp *Component
	for i, name := range names {
		u := s.underlying(cur)
		if u == nil {
			return nil, ""
		}
		if u.Kind != TypeSequence && u.Kind != TypeSet && u.Kind != TypeChoice {
			return nil, strings.Join(names[:i], ".") + " is not a SEQUENCE, SET or CHOICE"
		}
		comp = nil
		for _, c := range u.Components {
			if c.Name == name {
				comp = c
				break
			}
		}
		if comp == nil {
			return nil, "there is no component " + name
		}
		cur = comp.Type
	}
	return comp, ""
}

// atLevel reads a relative AtNotation whose start, a CHOICE, has no
// component of its first name, with the Level counting the enclosing
// SEQUENCE and SET types only, as if "@." began at the innermost SEQUENCE
// or SET: IEEE 1609.2-2022's CertIssueExtension writes "@.id" in an
// alternative of a CHOICE nested in the SEQUENCE whose id it means, where
// X.682 10.7 would need "@..id". With the key "at-level:Module" in
// Options.Accept that is the reading, with a warning that the key
// accepts, and it returns the component and the level X.682 would write;
// without the key it reports the error, naming the key, and returns nil.
// ok is false when that reading names no component either: nothing is
// reported, the caller reports the AtNotation's own error.
func (s *checker) atLevel(at *parser.AtNotation, stack []*Type, start *Type) (*Component, int, bool) {
	if u := s.underlying(start); u == nil || u.Kind != TypeChoice {
		return nil, 0, false
	}
	levels := 0
	for i := len(stack) - 1; i >= 0; i-- {
		u := s.underlying(stack[i])
		if u == nil || u.Kind == TypeChoice {
			continue
		}
		if levels++; levels < at.Level {
			continue
		}
		comp, _ := s.componentAt(stack[i], at.Components)
		if comp == nil {
			return nil, 0, false
		}
		level := len(stack) - i
		path, as := atPath(at.Level, at.Components), atPath(level, at.Components)
		key := acceptKey("at-level", s.moduleAt(at.Pos))
		if !slices.Contains(s.opts.Accept, key) {
			s.Diags = append(s.Diags, &Diagnostic{Pos: at.Pos, Severity: Error, Accept: key,
				Msg: fmt.Sprintf("component relation %s: the CHOICE in which it is written has no component %s (X.682 10.7: \"@.\" starts from the innermost SEQUENCE, SET or CHOICE); the enclosing %s's %s is %s", path, at.Components[0], u.Kind, at.Components[0], as)})
			return nil, 0, true
		}
		s.warnf(at.Pos, "component relation %s: the CHOICE in which it is written has no component %s (X.682 10.7: \"@.\" starts from the innermost SEQUENCE, SET or CHOICE); read as %s, the %s of the enclosing %s", path, at.Components[0], as, at.Components[0], u.Kind).Accept = key
		return comp, level, true
	}
	return nil, 0, false
}

// Table returns the open-type table that governs the component's value:
// the table of its own type, of the element of a SET OF or SEQUENCE OF
// (Attribute values), or of the type a CONTAINING constraint puts in an
// OCTET STRING or BIT STRING (Extension.extnValue). nil when there is none.
func (c *Component) Table() *OpenTypeTable {
	if c == nil || c.Type == nil {
		return nil
	}
	for _, t := range []*Type{c.Type, c.Type.Elem} {
		if t == nil {
			continue
		}
		if t.OpenType != nil {
			return t.OpenType
		}
		if t.Constraints != nil && t.Constraints.Containing != nil && t.Constraints.Containing.OpenType != nil {
			return t.Constraints.Containing.OpenType
		}
	}
	return nil
}

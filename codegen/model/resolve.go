package model

import (
	"strings"
	"sync"

	"github.com/asn1gen/asn1gen/parser"
)

// scope is where a reference is looked up: a module and, inside a
// parameterized assignment, its dummy references (X.683 8.4).
type scope struct {
	m      *Module
	params map[string]*binding
}

// binding is a dummy reference: unbound in a template, bound to an actual
// parameter (read in the scope of the reference) in an instance.
type binding struct {
	param  *parser.Parameter
	actual parser.Setting
	sc     *scope
}

func paramScope(params []*parser.Parameter, actuals []parser.Setting) map[string]*binding {
	if len(params) == 0 {
		return nil
	}
	m := make(map[string]*binding, len(params))
	for i, p := range params {
		b := &binding{param: p}
		if i < len(actuals) {
			b.actual = actuals[i]
		}
		m[p.Name] = b
	}
	return m
}

func (sc *scope) dummy(module, name string) *binding {
	if module != "" || sc.params == nil {
		return nil
	}
	return sc.params[name]
}

// lookup finds the assignment a reference denotes (X.680 13: local
// definitions, then imports; "Module.name" in the named module). It reports
// an undefined reference when report is set.
func (s *checker) lookup(sc *scope, module, name string, pos parser.Pos, report bool) *Assignment {
	m := sc.m
	if module != "" && module != m.Name {
		var target *Module
		for _, imp := range m.Imports {
			if imp.Name == module {
				target = imp.Module
				break
			}
		}
		if target == nil {
			target = s.Module(module)
		}
		if sym := m.imported[name]; sym != nil && (sym.from != nil || sym.opaque != nil) && sym.imp.Name == module {
			// "PKCS-7.ContentInfo" where Options.ImportFrom binds it.
			return s.resolveImport(sym, false)
		}
		if target == nil {
			if report {
				s.errorf(pos, "module %s of %s.%s not found", module, module, name)
			}
			return nil
		}
		m = target
	}
	if a := m.defs[name]; a != nil {
		return a
	}
	if sym := m.imported[name]; sym != nil {
		if len(sym.ambiguous) > 0 && module == "" {
			if report {
				s.errorf(pos, "%s is imported from %s and %s: write Module.%s", name, sym.imp.Name, strings.Join(sym.ambiguous, " and "), name)
			}
			return nil
		}
		a := s.resolveImport(sym, false)
		if a == nil && sym.missing && report {
			s.errorf(pos, "%s is not defined in module %s (imported by %s at %s)", name, sym.imp.Name, sym.by, sym.pos)
		}
		return a
	}
	if report {
		if module != "" {
			s.errorf(pos, "%s is not defined in module %s%s", name, m.Name, didYouMean(name, referenceNames(nil, m, false)))
		} else {
			s.errorf(pos, "undefined reference %s%s", name, didYouMean(name, referenceNames(sc, m, true)))
		}
	}
	return nil
}

// isBuiltinClass reports whether name is one of the classes X.681 Annex A
// and X.680 predefine.
func isBuiltinClass(name string) bool {
	return name == "TYPE-IDENTIFIER" || name == "ABSTRACT-SYNTAX"
}

// kindOf classifies an assignment by what its governor or right-hand side
// denotes (see "Ambiguities" in parser/doc.go).
func (s *checker) kindOf(a *Assignment) AssignmentKind {
	switch a.kindState {
	case 2:
		return a.Kind
	case 1:
		return KindType // a cycle of references; convert reports it
	}
	a.kindState = 1
	k := KindInvalid
	switch n := a.AST.(type) {
	case *parser.ObjectClassAssignment:
		k = KindClass
	case *parser.TypeAssignment:
		k = KindType
		if s.isClassRef(a.scope, n.Type) {
			k = KindClass
		}
	case *parser.ValueAssignment:
		k = KindValue
		if s.isClassRef(a.scope, n.Type) {
			k = KindObject
		}
	case *parser.ValueSetTypeAssignment:
		k = KindValueSet
		if s.isClassRef(a.scope, n.Type) {
			k = KindObjectSet
		}
	}
	a.Kind, a.kindState = k, 2
	return k
}

// isClassRef reports whether t is a reference to a class.
func (s *checker) isClassRef(sc *scope, t parser.Type) bool {
	r, ok := t.(*parser.TypeReference)
	if !ok {
		return false
	}
	if b := sc.dummy(r.Module, r.Name); b != nil {
		if b.actual != nil {
			return s.isClassRef(b.sc, settingType(b.actual))
		}
		return false
	}
	target := s.lookup(sc, r.Module, r.Name, r.Pos, false)
	if target == nil {
		return isBuiltinClass(r.Name) && r.Module == ""
	}
	return s.kindOf(target) == KindClass
}

func settingType(st parser.Setting) parser.Type {
	t, _ := st.(parser.Type)
	return t
}

// convert builds the model of one assignment (structure only; kinds, tags,
// constraints and values are evaluated by finishAssignment).
func (s *checker) convert(a *Assignment) {
	switch a.state {
	case 2:
		return
	case 1:
		s.errorf(a.Pos, "%s is defined in terms of itself", a.Name)
		return
	}
	a.state = 1
	defer func() { a.state = 2 }()
	switch s.kindOf(a) {
	case KindType:
		n := a.AST.(*parser.TypeAssignment)
		a.Type = s.conv(a.scope, n.Type)
	case KindValue:
		n := a.AST.(*parser.ValueAssignment)
		a.Type = s.conv(a.scope, n.Type)
	case KindValueSet:
		n := a.AST.(*parser.ValueSetTypeAssignment)
		// X.680 16.6: a value set assignment defines a type, the governor
		// constrained to the set.
		a.Type = s.conv(a.scope, n.Type)
		if n.Set != nil {
			a.Type.cons = append(a.Type.cons, consAST{c: &parser.Constraint{Pos: n.Set.Pos, Spec: n.Set}, sc: a.scope})
		}
	case KindClass:
		a.Class = s.classOfAssignment(a)
	case KindObject:
		n := a.AST.(*parser.ValueAssignment)
		a.Class = s.classOfRef(a.scope, n.Type)
	case KindObjectSet:
		n := a.AST.(*parser.ValueSetTypeAssignment)
		a.Class = s.classOfRef(a.scope, n.Type)
	}
}

// classOfAssignment returns the class a class assignment defines.
func (s *checker) classOfAssignment(a *Assignment) *Class {
	if a.Class != nil {
		return a.Class
	}
	switch n := a.AST.(type) {
	case *parser.ObjectClassAssignment:
		a.Class = &Class{Name: a.Name, Module: a.Module, Pos: a.Pos, AST: n.Class, sc: a.scope}
	case *parser.TypeAssignment:
		if a.state == 1 && a.Class == nil {
			// classOfRef below may come back here through a cycle.
			a.Class = &Class{Name: a.Name, Module: a.Module, Pos: a.Pos}
		}
		c := s.classOfRef(a.scope, n.Type)
		if c != nil {
			a.Class = &Class{Name: a.Name, Module: a.Module, Pos: a.Pos, AST: c.AST, sc: c.sc}
		}
	}
	return a.Class
}

// classOfRef returns the class a reference denotes: a class, or the class
// governing an object or object set.
func (s *checker) classOfRef(sc *scope, st parser.Setting) *Class {
	var module, name string
	var pos parser.Pos
	var actuals []parser.Setting
	switch r := st.(type) {
	case *parser.TypeReference:
		module, name, pos, actuals = r.Module, r.Name, r.Pos, r.Params
	case *parser.ValueReference:
		module, name, pos, actuals = r.Module, r.Name, r.Pos, r.Params
	default:
		return nil
	}
	if b := sc.dummy(module, name); b != nil {
		if b.actual != nil {
			return s.classOfRef(b.sc, b.actual)
		}
		if b.param.Governor != nil {
			return s.classOfRef(sc, b.param.Governor)
		}
		return nil
	}
	target := s.lookup(sc, module, name, pos, false)
	if target == nil {
		if module == "" && isBuiltinClass(name) {
			return builtinClass(name)
		}
		s.lookup(sc, module, name, pos, true)
		return nil
	}
	if len(target.Params) > 0 && len(actuals) > 0 {
		// X.683 9: a parameterized class (or the class of a parameterized
		// object or object set), read in its instance.
		if inst := s.instanceOf(target, sc, name, actuals, pos); inst != nil {
			return inst.Class
		}
		return nil
	}
	switch s.kindOf(target) {
	case KindClass:
		if target.state == 0 {
			s.convert(target)
		}
		return s.classOfAssignment(target)
	case KindObject, KindObjectSet:
		s.convert(target)
		return target.Class
	}
	return nil
}

var (
	builtinOnce    sync.Once
	builtinClasses map[string]*Class
)

// builtinClass returns TYPE-IDENTIFIER (X.681 Annex A) or ABSTRACT-SYNTAX
// (X.681 Annex B), parsed once from their definitions.
func builtinClass(name string) *Class {
	builtinOnce.Do(func() {
		const src = `Builtin DEFINITIONS ::= BEGIN
TYPE-IDENTIFIER ::= CLASS { &id OBJECT IDENTIFIER UNIQUE, &Type }
	WITH SYNTAX { &Type IDENTIFIED BY &id }
ABSTRACT-SYNTAX ::= CLASS { &id OBJECT IDENTIFIER UNIQUE, &Type, &property BIT STRING {handles-invalid-encodings(0)} DEFAULT {} }
	WITH SYNTAX { &Type IDENTIFIED BY &id [HAS PROPERTY &property] }
END`
		builtinClasses = map[string]*Class{}
		f, _ := parser.ParseFile("builtin", []byte(src))
		if f == nil || len(f.Modules) == 0 {
			return
		}
		m := &Module{Name: "Builtin", defs: map[string]*Assignment{}, imported: map[string]*importedSymbol{}}
		for _, as := range f.Modules[0].Assignments {
			if n, ok := as.(*parser.ObjectClassAssignment); ok {
				builtinClasses[n.Name] = &Class{Name: n.Name, Module: m, AST: n.Class, sc: &scope{m: m}}
			}
		}
	})
	return builtinClasses[name]
}

func fieldName(f parser.FieldSpec) string {
	switch f := f.(type) {
	case *parser.TypeFieldSpec:
		return f.Name
	case *parser.FixedTypeValueFieldSpec:
		return f.Name
	case *parser.VariableTypeValueFieldSpec:
		return f.Name
	case *parser.FixedTypeValueSetFieldSpec:
		return f.Name
	case *parser.VariableTypeValueSetFieldSpec:
		return f.Name
	}
	return ""
}

// instanceKey identifies an instantiation by its template and what each
// actual parameter denotes, so that equal uses share one instance (X.683).
func (s *checker) instanceKey(tmpl *Assignment, sc *scope, actuals []parser.Setting) string {
	var b strings.Builder
	b.WriteString(tmpl.QualifiedName())
	b.WriteByte('{')
	for i, act := range actuals {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(s.settingKey(sc, act))
	}
	b.WriteByte('}')
	return b.String()
}

// settingKey is a canonical key of what an actual parameter denotes:
// references by the assignment they resolve to (dummies by their actuals),
// braces by their tokens with each reference resolved, and anything else by
// its source position plus the bindings of the scope it is read in, since
// only those can change its meaning. Equal keys denote equal actuals.
func (s *checker) settingKey(sc *scope, st parser.Setting) string {
	return s.settingKeyDepth(sc, st, 0)
}

func (s *checker) settingKeyDepth(sc *scope, st parser.Setting, depth int) string {
	if depth > maxKeyDepth {
		// Actuals bound to actuals this deep come from a definition that
		// instantiates itself with ever new actuals: instantiate reports
		// it rather than folding different instances into one key.
		s.keyTruncated = true
		return st.Position().String()
	}
	ref := func(module, name string, pos parser.Pos, params []parser.Setting) string {
		if b := sc.dummy(module, name); b != nil && b.actual != nil {
			return s.settingKeyDepth(b.sc, b.actual, depth+1)
		}
		k := name
		if a := s.lookup(sc, module, name, pos, false); a != nil {
			k = a.QualifiedName()
		} else if module != "" {
			k = module + "." + name
		}
		if len(params) > 0 {
			var parts []string
			for _, p := range params {
				parts = append(parts, s.settingKeyDepth(sc, p, depth+1))
			}
			k += "{" + strings.Join(parts, ",") + "}"
		}
		return k
	}
	switch r := st.(type) {
	case *parser.TypeReference:
		return ref(r.Module, r.Name, r.Pos, r.Params)
	case *parser.ValueReference:
		return ref(r.Module, r.Name, r.Pos, r.Params)
	case *parser.BraceValue:
		parts := make([]string, 0, len(r.Tokens))
		for i, t := range r.Tokens {
			switch {
			case (t.Type == parser.TokUpper || t.Type == parser.TokLower) &&
				(i == 0 || r.Tokens[i-1].Type != parser.TokDot) &&
				(i+1 == len(r.Tokens) || r.Tokens[i+1].Type != parser.TokDot):
				parts = append(parts, ref("", t.Value, t.Pos, nil))
			default:
				parts = append(parts, t.Value)
			}
		}
		if len(parts) == 1 && strings.HasPrefix(parts[0], "{") {
			// "{Set}" where Set is a dummy bound to "{...}": the same set.
			return parts[0]
		}
		return "{" + strings.Join(parts, " ") + "}"
	}
	k := s.literalKey(sc, st)
	if len(sc.params) > 0 {
		var parts []string
		for _, name := range sortedKeys(sc.params) {
			if b := sc.params[name]; b.actual != nil {
				parts = append(parts, name+"="+s.settingKeyDepth(b.sc, b.actual, depth+1))
			}
		}
		k += "[" + strings.Join(parts, ",") + "]"
	}
	return k
}

// maxInstanceDepth bounds the nesting of instantiations: a parameterized
// definition that instantiates itself with ever new actual parameters
// ("T{X} ::= SEQUENCE { a T{SEQUENCE OF X} }") has no finite expansion,
// and is reported instead of recursing without end.
const maxInstanceDepth = 64

// maxKeyDepth bounds the nesting of actual parameters bound to dummies
// that instanceKey follows (3GPP protocol IEs nest three or four deep).
const maxKeyDepth = 16

// literalKey is the canonical text of an actual parameter that is neither
// a reference nor a brace (a built-in type, a number, a string, ...), so
// that "Tree{IA5String}" written twice is one instance: the text as the
// parser prints it, after "Module." when it holds references (they are
// read in sc's module). The position is used when it cannot be printed.
func (s *checker) literalKey(sc *scope, st parser.Setting) string {
	var b strings.Builder
	if err := parser.FprintNode(&b, st); err != nil || b.Len() == 0 || b.Len() > 1000 {
		return st.Position().String()
	}
	text := strings.Join(strings.Fields(b.String()), " ")
	toks, err := parser.Tokenize("", []byte(text))
	if err != nil {
		return st.Position().String()
	}
	for _, t := range toks {
		if t.Type == parser.TokUpper || t.Type == parser.TokLower {
			return sc.m.Name + "." + text
		}
	}
	return text
}

// instantiate returns the instance of a parameterized assignment for the
// actual parameters (X.683 9): a type, value set, value, class, object or
// object set, read in a scope where each dummy is bound to its actual
// (read in sc). Instances are memoized by what the actuals denote
// (instanceKey), and the memo entry exists before the body is converted,
// so an instance that refers to itself, directly or through other
// instances, finds it and recursion stays finite. Values, objects and
// object sets of the instance are evaluated on demand (valueOf,
// objectAssignment, objectSetAssignment), memoized per instance. It returns
// nil, after reporting it, when instances nest beyond maxInstanceDepth.
func (s *checker) instantiate(tmpl *Assignment, sc *scope, actuals []parser.Setting, pos parser.Pos) *Assignment {
	s.keyTruncated = false
	key := s.instanceKey(tmpl, sc, actuals)
	if a := s.insts[key]; a != nil && !s.keyTruncated {
		return a
	}
	if s.instDepth >= maxInstanceDepth || s.keyTruncated {
		s.errorf(pos, "instances of %s nest without end: the parameterized definition has no finite expansion", tmpl.Name)
		return nil
	}
	s.instDepth++
	defer func() { s.instDepth-- }()
	a := &Assignment{
		Name:      tmpl.Name + "{" + strings.TrimPrefix(key, tmpl.QualifiedName()+"{"),
		Kind:      s.kindOf(tmpl),
		kindState: 2,
		Module:    tmpl.Module,
		Pos:       tmpl.Pos,
		Source:    tmpl.Source,
		Instance:  tmpl,
		Actuals:   actuals,
		AST:       tmpl.AST,
		state:     1,
	}
	params := paramScope(tmpl.Params, actuals)
	for _, b := range params {
		if b.actual != nil {
			b.sc = sc
		}
	}
	a.scope = &scope{m: tmpl.Module, params: params}
	for _, b := range sc.params {
		if b.actual == nil {
			// Used inside a template: the instance depends on unbound
			// dummies, so its object sets are not evaluated.
			a.abstract = true
		}
	}
	s.insts[key] = a
	switch n := tmpl.AST.(type) {
	case *parser.TypeAssignment:
		if a.Kind == KindClass {
			// "CLASS-A{...} ::= CLASS-B{...}": the class the body denotes,
			// read with the dummies bound.
			if c := s.classOfRef(a.scope, n.Type); c != nil {
				a.Class = &Class{Name: a.Name, Module: a.Module, Pos: a.Pos, AST: c.AST, sc: c.sc}
			}
			break
		}
		a.Type = s.conv(a.scope, n.Type)
	case *parser.ValueSetTypeAssignment:
		if a.Kind == KindObjectSet {
			a.Class = s.classOfRef(a.scope, n.Type)
			break
		}
		a.Type = s.conv(a.scope, n.Type)
		if n.Set != nil {
			a.Type.cons = append(a.Type.cons, consAST{c: &parser.Constraint{Pos: n.Set.Pos, Spec: n.Set}, sc: a.scope})
		}
	case *parser.ValueAssignment:
		if a.Kind == KindObject {
			a.Class = s.classOfRef(a.scope, n.Type)
			break
		}
		a.Type = s.conv(a.scope, n.Type)
	case *parser.ObjectClassAssignment:
		// X.683 8.2: a parameterized class; its fields are read with the
		// dummies bound.
		a.Class = &Class{Name: a.Name, Module: a.Module, Pos: a.Pos, AST: n.Class, sc: a.scope}
	}
	a.state = 2
	return a
}

// instanceOf checks the actual parameters of a reference to the
// parameterized assignment tmpl (one per dummy, X.683 9.3) and returns the
// instance, or nil after reporting a mismatch.
func (s *checker) instanceOf(tmpl *Assignment, sc *scope, name string, actuals []parser.Setting, pos parser.Pos) *Assignment {
	if len(actuals) != len(tmpl.Params) {
		s.errorf(pos, "%s takes %d parameters, got %d", name, len(tmpl.Params), len(actuals))
		return nil
	}
	return s.instantiate(tmpl, sc, actuals, pos)
}

package model

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// paramsModule exercises X.683 instantiation of each kind of
// parameterized assignment: value, value set, class, object, object set,
// and types taking object sets.
const paramsModule = `P DEFINITIONS AUTOMATIC TAGS ::= BEGIN
mkid{INTEGER:n} OBJECT IDENTIFIER ::= { 1 2 n }
id5 OBJECT IDENTIFIER ::= mkid{5}
id5b OBJECT IDENTIFIER ::= mkid{5}
id6 OBJECT IDENTIFIER ::= mkid{6}

Small{INTEGER:top} ::= INTEGER (0..top)
Small8 ::= Small{8}
Pick{INTEGER:n} INTEGER ::= { 1 | n }
P5 ::= Pick{5}
Digits{IA5String:Extra} IA5String ::= { FROM ("0" | "1" | Extra) }
D ::= Digits{{"2" | "3"}}

BOX{Content} ::= CLASS { &id INTEGER UNIQUE, &content Content }
box1 BOX{BOOLEAN} ::= { &id 1, &content TRUE }
box2 BOX{IA5String} ::= { &id 2, &content "x" }

ALG ::= CLASS { &id OBJECT IDENTIFIER UNIQUE, &Params OPTIONAL }
	WITH SYNTAX { IDENTIFIER &id [PARAMS &Params] }
a1 ALG ::= { IDENTIFIER {1 2 1} PARAMS INTEGER }
a2 ALG ::= { IDENTIFIER {1 2 2} }
a3 ALG ::= { IDENTIFIER {1 2 3} PARAMS BOOLEAN }
mk{OBJECT IDENTIFIER:oid} ALG ::= { IDENTIFIER oid PARAMS NULL }
a4 ALG ::= mk{{1 2 4}}
Algs{ALG:extra} ALG ::= { a1 | a2 | extra, ... }
MyAlgs ALG ::= { Algs{a3} }
AlgId{ALG:Set} ::= SEQUENCE { id ALG.&id({Set}), params ALG.&Params({Set}{@id}) OPTIONAL }
T ::= AlgId{{Algs{a3}}}
U ::= AlgId{{MyAlgs}}
V ::= AlgId{{Algs{a4}}}
END`

func TestParameterizedInstances(t *testing.T) {
	s := checkSrc(paramsModule)
	if len(s.Diags) != 0 {
		t.Fatalf("diagnostics:\n%s", s.Diags)
	}
	m := s.Module("P")

	// Values: evaluated in their instance, one instance per actual.
	for name, want := range map[string]string{"id5": "1.2.5", "id5b": "1.2.5", "id6": "1.2.6"} {
		if v := m.Lookup(name).Value; v == nil || v.OID.String() != want {
			t.Errorf("%s = %+v, want %s", name, v, want)
		}
	}
	i5, i5b, i6 := m.Lookup("id5").Value.Ref, m.Lookup("id5b").Value.Ref, m.Lookup("id6").Value.Ref
	if i5 == nil || i5 != i5b || i5 == i6 || i5.Instance != m.Lookup("mkid") {
		t.Errorf("mkid instances: id5 %p, id5b %p, id6 %p", i5, i5b, i6)
	}

	// Value sets and types with value parameters.
	if c := m.Lookup("Small8").Type.Ref.Type.Constraints; c == nil || c.Value == nil || *c.Value != (Range{Min: 0, Max: 8}) {
		t.Errorf("Small{8} constraints = %+v", c)
	}
	if c := m.Lookup("P5").Type.Ref.Type.Constraints; c == nil || c.Value == nil || *c.Value != (Range{Min: 1, Max: 5}) {
		t.Errorf("Pick{5} constraints = %+v", c)
	}
	if c := m.Lookup("D").Type.Ref.Type.Constraints; c == nil || c.Alphabet != "0123" {
		t.Errorf("Digits{...} constraints = %+v", c)
	}

	// Classes: each instance reads its field types with the dummy bound.
	for name, want := range map[string]ValueKind{"box1": ValueBoolean, "box2": ValueString} {
		o := m.Lookup(name).Object
		if o == nil {
			t.Fatalf("%s: no object", name)
		}
		(&checker{Set: s}).fillObject(o) // objects not in a table are filled on demand
		if v := o.Values["&content"]; v == nil || v.Kind != want {
			t.Errorf("%s.&content = %+v, want kind %v", name, v, want)
		}
	}
	if c1, c2 := m.Lookup("box1").Class, m.Lookup("box2").Class; c1 == nil || c1 == c2 || c1.AST != c2.AST {
		t.Errorf("BOX instances: %p %p", c1, c2)
	}

	// Objects and object sets: tables of the types that use them.
	for _, tc := range []struct {
		typ  string
		want []string
	}{
		{"T", []string{"oid:1.2.1 -> INTEGER (a1)", "oid:1.2.2 -> - (a2)", "oid:1.2.3 -> BOOLEAN (a3)"}},
		{"U", []string{"oid:1.2.1 -> INTEGER (a1)", "oid:1.2.2 -> - (a2)", "oid:1.2.3 -> BOOLEAN (a3)"}},
		// a4 is the object of the instance mk{{1 2 4}}.
		{"V", []string{"oid:1.2.1 -> INTEGER (a1)", "oid:1.2.2 -> - (a2)", "oid:1.2.4 -> NULL (mk{{1 2 4}})"}},
	} {
		c := m.Lookup(tc.typ).Type.Ref.Type.Components[1]
		tab := c.Table()
		if tab == nil {
			t.Fatalf("%s.params has no table", tc.typ)
		}
		if diff := cmp.Diff(tc.want, tableRows(tab)); diff != "" {
			t.Errorf("%s table (-want +got):\n%s", tc.typ, diff)
		}
		if !tab.Extensible {
			t.Errorf("%s table is not extensible", tc.typ)
		}
	}

	// Algs{a3} is one instance, evaluated once, whether used directly
	// (T) or through MyAlgs.
	var algs []*Assignment
	for _, a := range s.AllInstances() {
		if a.Instance == m.Lookup("Algs") {
			algs = append(algs, a)
		}
	}
	if len(algs) != 2 {
		t.Fatalf("Algs instances: %d, want 2 (with a3 and with a4)", len(algs))
	}
	for _, a := range algs {
		if a.Kind != KindObjectSet || a.ObjectSet == nil || len(a.ObjectSet.Objects) != 3 {
			t.Errorf("%s: kind %v, set %+v", a.Name, a.Kind, a.ObjectSet)
		}
	}
	if got := m.Lookup("MyAlgs").ObjectSet.Objects; len(got) != 3 || got[2] != m.Lookup("a3").Object {
		t.Errorf("MyAlgs objects = %v", got)
	}
}

// TestParameterizedRecursion checks instances that refer to themselves:
// the memo makes a recursive type finite; a value defined as its own
// instance is reported; a definition that grows its actuals without end is
// reported instead of recursing forever.
func TestParameterizedRecursion(t *testing.T) {
	s := checkSrc(`R DEFINITIONS AUTOMATIC TAGS ::= BEGIN
Tree{Label} ::= SEQUENCE { label Label, kids SEQUENCE OF Tree{Label} }
Names ::= Tree{IA5String}
Both ::= SEQUENCE { a Tree{IA5String}, b Names }
loop{INTEGER:n} INTEGER ::= loop{n}
x INTEGER ::= loop{1}
END`)
	var msgs []string
	for _, d := range s.Diags {
		msgs = append(msgs, d.Error())
	}
	want := []string{"m0.asn:5:1: value loop{1} is defined in terms of itself"}
	if diff := cmp.Diff(want, msgs); diff != "" {
		t.Errorf("diagnostics (-want +got):\n%s", diff)
	}
	m := s.Module("R")
	names := m.Lookup("Names").Type.Ref
	if names == nil || names.Instance != m.Lookup("Tree") {
		t.Fatalf("Names is not an instance of Tree: %+v", names)
	}
	if kids := names.Type.Components[1].Type.Elem; kids.Ref != names {
		t.Errorf("Tree{IA5String}.kids element refers to %v, want the instance itself", kids.Ref)
	}
	if a := m.Lookup("Both").Type.Components[0].Type.Ref; a != names {
		t.Errorf("Both.a is a second instance of Tree{IA5String}")
	}

	grow := checkSrc(`G DEFINITIONS AUTOMATIC TAGS ::= BEGIN
Grow{T} ::= SEQUENCE { a T, b Grow{SEQUENCE OF T} OPTIONAL }
G ::= Grow{INTEGER}
END`)
	if n := grow.Diags.Errors(); n != 1 || !strings.Contains(grow.Diags[0].Msg, "nest without end") {
		t.Errorf("Grow: want one error that instances nest without end; got\n%s", grow.Diags)
	}

	// The same with an object set that adds itself with a new actual.
	sets := checkSrc(`S DEFINITIONS ::= BEGIN
C ::= CLASS { &id INTEGER UNIQUE }
o C ::= { &id 1 }
More{C:x} C ::= { x | More{{x | x}} }
All C ::= { More{o} }
T ::= SEQUENCE { id C.&id({All}) }
END`)
	if sets.Diags.Errors() == 0 {
		t.Errorf("More: want an error for the endless object set; got\n%s", sets.Diags)
	}
	for _, d := range sets.Diags {
		if strings.Contains(d.Msg, "internal error") {
			t.Errorf("More: %s", d.Error())
		}
	}
}

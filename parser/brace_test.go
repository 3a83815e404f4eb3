package parser

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// braceOf parses "v T ::= {...}" and returns the BraceValue.
func braceOf(t *testing.T, body string) *BraceValue {
	t.Helper()
	f, err := ParseFile("b.asn", []byte("M DEFINITIONS ::= BEGIN\n"+body+"\nEND\n"))
	if err != nil {
		t.Fatalf("ParseFile: %v", err)
	}
	as := f.Modules[0].Assignments
	b, ok := as[len(as)-1].(*ValueAssignment).Value.(*BraceValue)
	if !ok {
		t.Fatalf("last assignment has no BraceValue")
	}
	return b
}

func classOf(t *testing.T, src string) *ObjectClassDefn {
	t.Helper()
	f, err := ParseFile("c.asn", []byte("M DEFINITIONS ::= BEGIN\n"+src+"\nEND\n"))
	if err != nil {
		t.Fatalf("ParseFile: %v", err)
	}
	return f.Modules[0].Assignments[0].(*ObjectClassAssignment).Class
}

func TestBraceReaders(t *testing.T) {
	oid, err := ParseObjectIdentifierValue(braceOf(t, `v OidT ::= { iso(1) member-body(2) us(840) 113549 }`))
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(`ObjectIdentifierValue{Components:[ObjIdComponent{Name:"iso" Number:IntegerValue{Text:"1"}} ObjIdComponent{Name:"member-body" Number:IntegerValue{Text:"2"}} `+
		`ObjIdComponent{Name:"us" Number:IntegerValue{Text:"840"}} ObjIdComponent{Number:IntegerValue{Text:"113549"}}]}`, dump(oid)); diff != "" {
		t.Errorf("OID (-want +got):\n%s", diff)
	}

	named, err := braceOf(t, `v S ::= { a 1, b { 2, 3 }, c alt : TRUE }`).NamedValues()
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff("[NamedValue{Name:\"a\" Value:IntegerValue{Text:\"1\"}} NamedValue{Name:\"b\" Value:BraceValue{Tokens:`2 , 3`}} "+
		`NamedValue{Name:"c" Value:ChoiceValue{Name:"alt" Value:BooleanValue{Value:true}}}]`, dump(named)); diff != "" {
		t.Errorf("NamedValues (-want +got):\n%s", diff)
	}

	vals, err := braceOf(t, `v S ::= { 1, -2, "x", bit1 }`).Values()
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(`[IntegerValue{Text:"1"} IntegerValue{Text:"-2"} CStringValue{Value:"x"} ValueReference{Name:"bit1"}]`, dump(vals)); diff != "" {
		t.Errorf("Values (-want +got):\n%s", diff)
	}

	set, err := braceOf(t, `v S ::= { A | b, ... }`).ElementSetSpecs()
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(`ElementSetSpecs{Root:ElementSetSpec{Unions:[Intersections{Elements:[IntersectionElements{Elems:ContainedSubtype{Type:TypeReference{Name:"A"}}}]} `+
		`Intersections{Elements:[IntersectionElements{Elems:SingleValue{Value:ValueReference{Name:"b"}}}]}]} Extensible:true}`, dump(set)); diff != "" {
		t.Errorf("ElementSetSpecs (-want +got):\n%s", diff)
	}

	// Errors are positioned in the source and name the offending token.
	_, err = braceOf(t, `v S ::= { a 1 b 2 }`).NamedValues()
	if diff := cmp.Diff("b.asn:2:15: unexpected \"b\", expected \"}\"\n", err.(ErrorList).String()); diff != "" {
		t.Errorf("error (-want +got):\n%s", diff)
	}
}

func TestObjects(t *testing.T) {
	// The class of RFC 5912's ALGORITHM-like definitions.
	alg := classOf(t, `ALG ::= CLASS { &id OBJECT IDENTIFIER UNIQUE, &Params OPTIONAL, &Set CLS OPTIONAL, &smime SMIME OPTIONAL }
		WITH SYNTAX { IDENTIFIER &id [PARAMS [TYPE &Params]] [OBJECTS &Set] [SMIME-CAPS &smime] }`)
	tests := []struct {
		name, body, want string
	}{
		{"all groups", `a ALG ::= { IDENTIFIER id-a PARAMS TYPE SEQUENCE { x INTEGER } OBJECTS { o1 | o2 } SMIME-CAPS { IDENTIFIED BY id-a } }`,
			"[FieldSetting{Name:\"&id\" Setting:ValueReference{Name:\"id-a\"}} FieldSetting{Name:\"&Params\" Setting:SequenceType{Components:ComponentTypeLists{Root:[ComponentType{NamedType:NamedType{Name:\"x\" Type:IntegerType{}}}]}}} " +
				"FieldSetting{Name:\"&Set\" Setting:BraceValue{Tokens:`o1 | o2`}} FieldSetting{Name:\"&smime\" Setting:BraceValue{Tokens:`IDENTIFIED BY id-a`}}]"},
		{"optional groups left out", `a ALG ::= { IDENTIFIER { 1 2 3 } SMIME-CAPS capA }`,
			"[FieldSetting{Name:\"&id\" Setting:BraceValue{Tokens:`1 2 3`}} FieldSetting{Name:\"&smime\" Setting:ValueReference{Name:\"capA\"}}]"},
		{"nested group word without its content", `a ALG ::= { IDENTIFIER id-a PARAMS }`,
			`[FieldSetting{Name:"&id" Setting:ValueReference{Name:"id-a"}}]`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := braceOf(t, tt.body).Object(alg)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, dump(got)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}

	_, err := braceOf(t, `a ALG ::= { PARAMS TYPE INTEGER }`).Object(alg)
	if diff := cmp.Diff("b.asn:2:13: unexpected \"PARAMS\", expected \"IDENTIFIER\"\n", err.(ErrorList).String()); diff != "" {
		t.Errorf("defined syntax error (-want +got):\n%s", diff)
	}

	// Default syntax, with and without the class.
	def := classOf(t, `TI ::= CLASS { &id OBJECT IDENTIFIER UNIQUE, &Type }`)
	b := braceOf(t, `o TI ::= { &id id-o, &Type INTEGER (0..7) }`)
	want := `[FieldSetting{Name:"&id" Setting:ValueReference{Name:"id-o"}} FieldSetting{Name:"&Type" Setting:ConstrainedType{Type:IntegerType{} Constraints:[Constraint{Spec:` +
		ses(`ValueRange{Lower:RangeEndpoint{Value:IntegerValue{Text:"0"}} Upper:RangeEndpoint{Value:IntegerValue{Text:"7"}}}`) + `}]}}]`
	for i, read := range []func() ([]*FieldSetting, error){func() ([]*FieldSetting, error) { return b.Object(def) }, b.DefaultSyntaxObject} {
		got, err := read()
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(want, dump(got)); diff != "" {
			t.Errorf("default syntax %d (-want +got):\n%s", i, diff)
		}
	}
	_, err = braceOf(t, `o TI ::= { &nope 1 }`).Object(def)
	if diff := cmp.Diff("b.asn:2:12: \"&nope\" is not a field of the class\n", err.(ErrorList).String()); diff != "" {
		t.Errorf("unknown field (-want +got):\n%s", diff)
	}
}

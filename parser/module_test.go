package parser

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// moduleHeader dumps a module without its assignments.
func moduleHeader(m *ModuleDefinition) string {
	c := *m
	c.Assignments = nil
	return dump(&c)
}

func TestModules(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want []string // one dump per module (assignments left out)
	}{
		{"bare", `M DEFINITIONS ::= BEGIN END`,
			[]string{`ModuleDefinition{Identifier:ModuleIdentifier{Name:"M"}}`}},
		{"oid, iri, tags, extensibility", `Mod-1 { iso(1) standard 8571 x(2) } "/ISO/Registration/A"
			DEFINITIONS XER INSTRUCTIONS AUTOMATIC TAGS EXTENSIBILITY IMPLIED ::= BEGIN END`,
			[]string{`ModuleDefinition{Identifier:ModuleIdentifier{Name:"Mod-1" OID:[DefinitiveObjIdComponent{Name:"iso" Number:"1"} DefinitiveObjIdComponent{Name:"standard"} ` +
				`DefinitiveObjIdComponent{Number:"8571"} DefinitiveObjIdComponent{Name:"x" Number:"2"}] IRI:"/ISO/Registration/A"} EncodingReference:"XER" TagDefault:AUTOMATIC TAGS ExtensibilityImplied:true}`}},
		{"exports", `A DEFINITIONS IMPLICIT TAGS ::= BEGIN EXPORTS ALL; END
			B DEFINITIONS EXPLICIT TAGS ::= BEGIN EXPORTS T, v, P{}; END
			C DEFINITIONS ::= BEGIN EXPORTS ; END`,
			[]string{`ModuleDefinition{Identifier:ModuleIdentifier{Name:"A"} TagDefault:IMPLICIT TAGS Exports:Exports{All:true}}`,
				`ModuleDefinition{Identifier:ModuleIdentifier{Name:"B"} TagDefault:EXPLICIT TAGS Exports:Exports{Symbols:[Symbol{Name:"T"} Symbol{Name:"v"} Symbol{Name:"P" Parameterized:true}]}}`,
				`ModuleDefinition{Identifier:ModuleIdentifier{Name:"C"} Exports:Exports{}}`}},
		// After "FROM Mod", "{" is the module's OID; a lower-case identifier
		// is an AssignedIdentifier unless "," or FROM follows it (X.680 13.16).
		{"imports and the AssignedIdentifier ambiguity", `M DEFINITIONS ::= BEGIN
			IMPORTS
				T, u FROM A { iso 1 }
				v FROM B id-b
				w, X{} FROM C
				y FROM D Ref.id-d
				Z FROM E WITH SUCCESSORS
				a FROM F;
			END`,
			[]string{`ModuleDefinition{Identifier:ModuleIdentifier{Name:"M"} Imports:Imports{From:[` +
				`SymbolsFromModule{Symbols:[Symbol{Name:"T"} Symbol{Name:"u"}] Module:GlobalModuleReference{Name:"A" OID:ObjectIdentifierValue{Components:[ObjIdComponent{Name:"iso"} ObjIdComponent{Number:IntegerValue{Text:"1"}}]}}} ` +
				`SymbolsFromModule{Symbols:[Symbol{Name:"v"}] Module:GlobalModuleReference{Name:"B" Value:ValueReference{Name:"id-b"}}} ` +
				`SymbolsFromModule{Symbols:[Symbol{Name:"w"} Symbol{Name:"X" Parameterized:true}] Module:GlobalModuleReference{Name:"C"}} ` +
				`SymbolsFromModule{Symbols:[Symbol{Name:"y"}] Module:GlobalModuleReference{Name:"D" Value:ValueReference{Module:"Ref" Name:"id-d"}}} ` +
				`SymbolsFromModule{Symbols:[Symbol{Name:"Z"}] Module:GlobalModuleReference{Name:"E"} SelectionOption:"SUCCESSORS"} ` +
				`SymbolsFromModule{Symbols:[Symbol{Name:"a"}] Module:GlobalModuleReference{Name:"F"}}]}}`}},
		{"a bare module followed by an identifier that is the next symbol", `M DEFINITIONS ::= BEGIN
			IMPORTS a FROM A b, c FROM B ; END`,
			[]string{`ModuleDefinition{Identifier:ModuleIdentifier{Name:"M"} Imports:Imports{From:[` +
				`SymbolsFromModule{Symbols:[Symbol{Name:"a"}] Module:GlobalModuleReference{Name:"A"}} ` +
				`SymbolsFromModule{Symbols:[Symbol{Name:"b"} Symbol{Name:"c"}] Module:GlobalModuleReference{Name:"B"}}]}}`}},
		// X.680 13.1 requires a number; drafts write a placeholder until the
		// arc is assigned (the LAMPS ML-DSA and ML-KEM modules).
		{"draft placeholder in the module OID", `Draft { iso(1) id-mod-x(TBD1) } DEFINITIONS ::= BEGIN END`,
			[]string{`ModuleDefinition{Identifier:ModuleIdentifier{Name:"Draft" OID:[DefinitiveObjIdComponent{Name:"iso" Number:"1"} ` +
				`DefinitiveObjIdComponent{Name:"id-mod-x" Placeholder:"TBD1"}]}}`}},
		{"encoding control", `M DEFINITIONS ::= BEGIN T ::= INTEGER ENCODING-CONTROL XER GLOBAL-DEFAULTS MODIFIED-ENCODINGS END`,
			[]string{"ModuleDefinition{Identifier:ModuleIdentifier{Name:\"M\"} EncodingControl:[EncodingControlSection{EncodingReference:\"XER\" Tokens:`GLOBAL-DEFAULTS MODIFIED-ENCODINGS`}]}"}},
		// X.680 54: the section's notation is the encoding's (X.693 and
		// X.694 targets "T.*", "T.*.c"); an ASN.1 module resumes at END.
		{"encoding control with XER wildcards", `M DEFINITIONS ::= BEGIN T ::= INTEGER
			ENCODING-CONTROL XER ANY-ELEMENT AnyType.elem-list.* UNTAGGED CommAddresses.*.phone
			ENCODING-CONTROL PER-X % # ?
			END
			N DEFINITIONS ::= BEGIN END`,
			[]string{"ModuleDefinition{Identifier:ModuleIdentifier{Name:\"M\"} EncodingControl:[" +
				"EncodingControlSection{EncodingReference:\"XER\" Tokens:`ANY-ELEMENT AnyType . elem-list . * UNTAGGED CommAddresses . * . phone`} " +
				"EncodingControlSection{EncodingReference:\"PER-X\" Tokens:`% # ?`}]}",
				`ModuleDefinition{Identifier:ModuleIdentifier{Name:"N"}}`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, err := ParseFile("t.asn", []byte(tt.src))
			if err != nil {
				t.Fatalf("ParseFile: %v", err.(ErrorList).String())
			}
			var got []string
			for _, m := range f.Modules {
				got = append(got, moduleHeader(m))
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func TestPositions(t *testing.T) {
	src := "M DEFINITIONS ::= BEGIN\n  T ::= SEQUENCE {\n\ta INTEGER }\nEND\n"
	f, err := ParseFile("p.asn", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	m := f.Modules[0]
	ta := m.Assignments[0].(*TypeAssignment)
	comp := ta.Type.(*SequenceType).Components.Root[0]
	got := []Pos{m.Pos, ta.Pos, ta.Type.Position(), comp.Position(), comp.NamedType.Type.Position(), m.End}
	want := []Pos{
		{Filename: "p.asn", Offset: 0, Line: 1, Column: 1},
		{Filename: "p.asn", Offset: 26, Line: 2, Column: 3},
		{Filename: "p.asn", Offset: 32, Line: 2, Column: 9},
		{Filename: "p.asn", Offset: 44, Line: 3, Column: 2},
		{Filename: "p.asn", Offset: 46, Line: 3, Column: 4},
		{Filename: "p.asn", Offset: 56, Line: 4, Column: 1},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func TestErrors(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want string // ErrorList.String()
	}{
		{"recovery at the next assignment", "M DEFINITIONS ::= BEGIN\nA ::= SEQUENCE { a }\nB ::= INTEGER\nC ::= INTEGER (1..)\nD ::= BOOLEAN\nEND\n",
			"e.asn:2:20: unexpected \"}\", expected a type\ne.asn:4:19: unexpected \")\", expected a value\n"},
		{"recovery at the next module", "M DEFINITIONS ::= BEGIN\nA ::= INTEGER\nEND\nN DEFINITIONS = BEGIN END\nO DEFINITIONS ::= BEGIN B ::= } END\n",
			"e.asn:4:15: unexpected \"=\", expected \"::=\"\ne.asn:5:31: unexpected \"}\", expected a type\n"},
		{"participle productions", "M {iso x(y)} DEFINITIONS ::= BEGIN END\nN DEFINITIONS ::= BEGIN EXPORTS a b; C ::= CLASS { &a INTEGER } WITH SYNTAX { [ A &a } END\n",
			"e.asn:1:10: unexpected \"y\", expected a number or a reference\ne.asn:2:35: unexpected \"b\", expected \";\"\ne.asn:2:86: unexpected \"}\", expected \"]\"\n"},
		// The placeholder leniency is for the module identifier only, and only
		// in the NameAndNumberForm.
		{"placeholders elsewhere", "M { iso TBD } DEFINITIONS ::= BEGIN END\nN DEFINITIONS ::= BEGIN\nIMPORTS a FROM A { iso a(TBD) };\nx OBJECT IDENTIFIER ::= { iso a(TBD) }\nEND\n",
			"e.asn:1:9: unexpected \"TBD\", expected \"}\"\ne.asn:3:26: unexpected \"TBD\", expected a number or a value reference\ne.asn:4:33: unexpected \"TBD\", expected a number or a value reference\n"},
		// Macros are recorded inside a module (TestMacros); outside one, or
		// unterminated, they are errors.
		{"macro definition outside a module", "OBJECT-TYPE MACRO ::= BEGIN TYPE NOTATION ::= \"SYNTAX\" type(Syntax) END\nM DEFINITIONS ::= BEGIN\nA ::= INTEGER\nEND\n",
			"e.asn:1:1: MACRO notation (X.208) is not supported: \"OBJECT-TYPE\" is defined outside a module\n"},
		{"macro substance", "M DEFINITIONS ::= BEGIN\nX MACRO ::= 1\nEND\n",
			"e.asn:2:13: unexpected \"1\", expected BEGIN or a macro reference\n"},
		{"macro instance without value", "M DEFINITIONS ::= BEGIN\nsysDescr OBJECT-TYPE SYNTAX INTEGER\nEND\n",
			"e.asn:3:1: unexpected \"END\", expected \"::=\" after the notation of macro OBJECT-TYPE\n"},
		{"lexical errors", "M DEFINITIONS ::= BEGIN\nA ::= INTEGER (1 # 2)\nb BIT STRING ::= '012'B\nc IA5String ::= \"open\nEND\n",
			"e.asn:2:18: unexpected character '#'\ne.asn:3:18: malformed bstring or hstring \"'012'B\"\ne.asn:4:17: string literal not terminated\ne.asn:6:1: unexpected end of file, expected END or an assignment\n"},
		{"unterminated comment and brace", "M DEFINITIONS ::= BEGIN\na S ::= { b 1\nEND /* x",
			"e.asn:3:1: unexpected \"END\", expected \"}\" to close \"{\" at e.asn:2:9\ne.asn:3:5: comment not terminated\n"},
		{"empty input", "  -- nothing\n", "e.asn:2:1: no module definition found\n"},
		{"garbage", "}}}} ((( ::= ::=", "e.asn:1:1: unexpected \"}\", expected a module definition\n"},
		{"deep nesting", "M DEFINITIONS ::= BEGIN\nA ::= " + strings.Repeat("SEQUENCE OF ", 1000) + "INTEGER\nEND\n",
			"e.asn:2:4807: nesting too deep at \"SEQUENCE\"\n"},
		{"negative bit number", "M DEFINITIONS ::= BEGIN\nT ::= BIT STRING { one(-2) }\nEND\n",
			"e.asn:2:24: unexpected \"-\", expected a bit number (X.680 22.1: number or DefinedValue, not negative)\n"},
		{"syntax list literal", "M DEFINITIONS ::= BEGIN\nC ::= CLASS { &a INTEGER } WITH SYNTAX { INTEGER &a }\nEND\n",
			"e.asn:2:42: \"INTEGER\" is not a word or \",\" and cannot be a literal of a syntax list (X.681 10.6)\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseFile("e.asn", []byte(tt.src))
			list, ok := err.(ErrorList)
			if !ok {
				t.Fatalf("error %v (%T), want an ErrorList", err, err)
			}
			if diff := cmp.Diff(tt.want, list.String()); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func TestTooManyErrors(t *testing.T) {
	_, err := ParseFile("j.asn", []byte(strings.Repeat("#", 500)))
	list := err.(ErrorList)
	if len(list) != maxErrors+1 || list[maxErrors].Msg != "too many errors" || list[0].Msg != "unexpected character '#'" {
		t.Errorf("got %d errors, first %v, last %v", len(list), list[0], list[len(list)-1])
	}
}

// TestECNModules checks that X.692 modules (ENCODING-DEFINITIONS,
// LINK-DEFINITIONS), with their own lexical items ("#INT"), are recognized
// by their headers and skipped without errors, and that the ASN.1 modules
// around them are parsed.
func TestECNModules(t *testing.T) {
	src := `A DEFINITIONS ::= BEGIN T ::= INTEGER END
MyEDM {iso standard 1 edm(1)} ENCODING-DEFINITIONS ::= BEGIN
EXPORTS #MyInt;
IMPORTS #INT FROM Builtin;
#MyInt ::= #INT
END
MyELM LINK-DEFINITIONS ::= BEGIN
ENCODE A.T WITH myEncodings COMPLETED BY per-basic-unaligned
END
B DEFINITIONS ::= BEGIN U ::= BOOLEAN END
`
	f, err := ParseFile("e.asn", []byte(src))
	if err != nil {
		t.Fatalf("ParseFile: %v", err)
	}
	var got []string
	for _, m := range f.Modules {
		got = append(got, m.Identifier.Name)
	}
	for _, e := range f.ECNModules {
		got = append(got, fmt.Sprintf("%s %s %s", e.Pos, e.Name, e.Kind))
	}
	want := []string{"A", "B", "e.asn:2:1 MyEDM ENCODING-DEFINITIONS", "e.asn:7:1 MyELM LINK-DEFINITIONS"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("modules (-want +got):\n%s", diff)
	}
	if len(f.Warnings) != 0 {
		t.Errorf("warnings: %v", f.Warnings)
	}
	// A file of ECN modules only holds no ASN.1 module, and that is no error.
	if _, err := ParseFile("e.asn", []byte("E ENCODING-DEFINITIONS ::= BEGIN #X ::= #INT END")); err != nil {
		t.Errorf("ECN module alone: %v", err)
	}
	// "#" stays an error in an ASN.1 module.
	if _, err := ParseFile("e.asn", []byte("A DEFINITIONS ::= BEGIN #X ::= INTEGER END")); err == nil {
		t.Error("'#' in an ASN.1 module parses")
	}
}

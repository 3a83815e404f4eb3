package parser

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// parseBody parses assignments wrapped in a module and returns the dump of
// each assignment, one a line.
func parseBody(t *testing.T, body string) string {
	t.Helper()
	f, err := ParseFile("t.asn", []byte("M DEFINITIONS ::= BEGIN\n"+body+"\nEND\n"))
	if err != nil {
		t.Fatalf("ParseFile: %v", err.(ErrorList).String())
	}
	var lines []string
	for _, a := range f.Modules[0].Assignments {
		lines = append(lines, dump(a))
	}
	return strings.Join(lines, "\n")
}

type astTest struct {
	name string
	src  string
	want string
}

func runASTTests(t *testing.T, tests []astTest) {
	t.Helper()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := parseBody(t, tt.src)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("%s\n(-want +got):\n%s", tt.src, diff)
			}
		})
	}
}

func TestTypes(t *testing.T) {
	runASTTests(t, []astTest{
		{"simple builtins", `T ::= SEQUENCE { a BOOLEAN, b REAL, c NULL, d OCTET STRING, e OBJECT IDENTIFIER,
			f RELATIVE-OID, g OID-IRI, h RELATIVE-OID-IRI, i CHARACTER STRING, j EMBEDDED PDV, k EXTERNAL,
			l UTF8String, m IA5String, n TIME, o DATE-TIME, p DURATION, q UTCTime, r GeneralizedTime, s ObjectDescriptor }`,
			`TypeAssignment{Name:"T" Type:SequenceType{Components:ComponentTypeLists{Root:[` +
				`ComponentType{NamedType:NamedType{Name:"a" Type:BooleanType{}}} ComponentType{NamedType:NamedType{Name:"b" Type:RealType{}}} ` +
				`ComponentType{NamedType:NamedType{Name:"c" Type:NullType{}}} ComponentType{NamedType:NamedType{Name:"d" Type:OctetStringType{}}} ` +
				`ComponentType{NamedType:NamedType{Name:"e" Type:ObjectIdentifierType{}}} ComponentType{NamedType:NamedType{Name:"f" Type:RelativeOIDType{}}} ` +
				`ComponentType{NamedType:NamedType{Name:"g" Type:OIDIRIType{}}} ComponentType{NamedType:NamedType{Name:"h" Type:RelativeOIDIRIType{}}} ` +
				`ComponentType{NamedType:NamedType{Name:"i" Type:UnrestrictedCharacterStringType{}}} ComponentType{NamedType:NamedType{Name:"j" Type:EmbeddedPDVType{}}} ` +
				`ComponentType{NamedType:NamedType{Name:"k" Type:ExternalType{}}} ComponentType{NamedType:NamedType{Name:"l" Type:RestrictedCharacterStringType{Name:"UTF8String"}}} ` +
				`ComponentType{NamedType:NamedType{Name:"m" Type:RestrictedCharacterStringType{Name:"IA5String"}}} ComponentType{NamedType:NamedType{Name:"n" Type:TimeType{Name:"TIME"}}} ` +
				`ComponentType{NamedType:NamedType{Name:"o" Type:TimeType{Name:"DATE-TIME"}}} ComponentType{NamedType:NamedType{Name:"p" Type:TimeType{Name:"DURATION"}}} ` +
				`ComponentType{NamedType:NamedType{Name:"q" Type:UsefulType{Name:"UTCTime"}}} ComponentType{NamedType:NamedType{Name:"r" Type:UsefulType{Name:"GeneralizedTime"}}} ` +
				`ComponentType{NamedType:NamedType{Name:"s" Type:UsefulType{Name:"ObjectDescriptor"}}}]}}}`},
		{"integer named numbers", `T ::= INTEGER { a(1), b(-2), c(ub-x) }`,
			`TypeAssignment{Name:"T" Type:IntegerType{NamedNumbers:[NamedNumber{Name:"a" Value:IntegerValue{Text:"1"}} ` +
				`NamedNumber{Name:"b" Value:IntegerValue{Text:"-2"}} NamedNumber{Name:"c" Value:ValueReference{Name:"ub-x"}}]}}`},
		{"enumerated with extension and exception", `E ::= ENUMERATED { a, b(5), ... ! 7, c }`,
			`TypeAssignment{Name:"E" Type:EnumeratedType{Root:[EnumerationItem{Name:"a"} EnumerationItem{Name:"b" Number:IntegerValue{Text:"5"}}] ` +
				`Extensible:true Exception:ExceptionSpec{Value:IntegerValue{Text:"7"}} Additional:[EnumerationItem{Name:"c"}]}}`},
		{"enumerated with a second extension marker", `E ::= ENUMERATED { a, ..., b, ..., c }`,
			`TypeAssignment{Name:"E" Type:EnumeratedType{Root:[EnumerationItem{Name:"a"}] ` +
				`Extensible:true Additional:[EnumerationItem{Name:"b"} EnumerationItem{Name:"c"}] ExtraMarkers:[ExtraExtensionMarker{Index:1}]}}`},
		{"bit string named bits", `B ::= BIT STRING { x(0), y(n) } (SIZE(2))`,
			`TypeAssignment{Name:"B" Type:ConstrainedType{Type:BitStringType{NamedBits:[NamedNumber{Name:"x" Value:IntegerValue{Text:"0"}} ` +
				`NamedNumber{Name:"y" Value:ValueReference{Name:"n"}}]} Constraints:[Constraint{Spec:ElementSetSpecs{Root:ElementSetSpec{Unions:[Intersections{Elements:[` +
				`IntersectionElements{Elems:SizeConstraint{Constraint:Constraint{Spec:ElementSetSpecs{Root:ElementSetSpec{Unions:[Intersections{Elements:[` +
				`IntersectionElements{Elems:SingleValue{Value:IntegerValue{Text:"2"}}}]}]}}}}}]}]}}}]}}`},
		{"sequence components", `S ::= SEQUENCE { a INTEGER OPTIONAL, b BOOLEAN DEFAULT TRUE, COMPONENTS OF T, c [0] IMPLICIT INTEGER DEFAULT -1 }`,
			`TypeAssignment{Name:"S" Type:SequenceType{Components:ComponentTypeLists{Root:[` +
				`ComponentType{NamedType:NamedType{Name:"a" Type:IntegerType{}} Optional:true} ` +
				`ComponentType{NamedType:NamedType{Name:"b" Type:BooleanType{}} Default:BooleanValue{Value:true}} ` +
				`ComponentType{ComponentsOf:TypeReference{Name:"T"}} ` +
				`ComponentType{NamedType:NamedType{Name:"c" Type:TaggedType{Tag:Tag{Number:IntegerValue{Text:"0"}} Mode:IMPLICIT Type:IntegerType{}}} Default:IntegerValue{Text:"-1"}}]}}}`},
		{"extension, exception, version brackets, second root", `S ::= SEQUENCE { a INTEGER, ... ! INTEGER : 4, [[2: b BOOLEAN, c NULL ]], d REAL, ..., e OCTET STRING }`,
			`TypeAssignment{Name:"S" Type:SequenceType{Components:ComponentTypeLists{Root:[ComponentType{NamedType:NamedType{Name:"a" Type:IntegerType{}}}] ` +
				`Extension:ExtensionAndException{Exception:ExceptionSpec{Type:IntegerType{} Value:IntegerValue{Text:"4"}}} ` +
				`Additions:[ExtensionAdditionGroup{Version:"2" Components:[ComponentType{NamedType:NamedType{Name:"b" Type:BooleanType{}}} ComponentType{NamedType:NamedType{Name:"c" Type:NullType{}}}]} ` +
				`ComponentType{NamedType:NamedType{Name:"d" Type:RealType{}}}] EndMarker:true Root2:[ComponentType{NamedType:NamedType{Name:"e" Type:OctetStringType{}}}]}}}`},
		{"version bracket closing after a tag", `S ::= SEQUENCE { ..., [[ a [1] INTEGER]] }`,
			`TypeAssignment{Name:"S" Type:SequenceType{Components:ComponentTypeLists{Extension:ExtensionAndException{} Additions:[ExtensionAdditionGroup{Components:[` +
				`ComponentType{NamedType:NamedType{Name:"a" Type:TaggedType{Tag:Tag{Number:IntegerValue{Text:"1"}} Type:IntegerType{}}}}]}]}}}`},
		{"empty sequence and set", `S ::= SEQUENCE {}
			T ::= SET { ... }`,
			`TypeAssignment{Name:"S" Type:SequenceType{}}
TypeAssignment{Name:"T" Type:SetType{Components:ComponentTypeLists{Extension:ExtensionAndException{}}}}`},
		{"sequence of forms", `A ::= SEQUENCE OF INTEGER
			B ::= SEQUENCE SIZE(1..MAX) OF name Type
			C ::= SET (SIZE(2)) OF T
			D ::= SET OF a < Ch`,
			`TypeAssignment{Name:"A" Type:SequenceOfType{Type:IntegerType{}}}
TypeAssignment{Name:"B" Type:SequenceOfType{Size:SizeConstraint{Constraint:Constraint{Spec:ElementSetSpecs{Root:ElementSetSpec{Unions:[Intersections{Elements:[IntersectionElements{Elems:ValueRange{Lower:RangeEndpoint{Value:IntegerValue{Text:"1"}} Upper:RangeEndpoint{Max:true}}}]}]}}}} Name:"name" Type:TypeReference{Name:"Type"}}}
TypeAssignment{Name:"C" Type:SetOfType{Constraint:Constraint{Spec:ElementSetSpecs{Root:ElementSetSpec{Unions:[Intersections{Elements:[IntersectionElements{Elems:SizeConstraint{Constraint:Constraint{Spec:ElementSetSpecs{Root:ElementSetSpec{Unions:[Intersections{Elements:[IntersectionElements{Elems:SingleValue{Value:IntegerValue{Text:"2"}}}]}]}}}}}]}]}}} Type:TypeReference{Name:"T"}}}
TypeAssignment{Name:"D" Type:SetOfType{Type:SelectionType{Name:"a" Type:TypeReference{Name:"Ch"}}}}`},
		{"choice with extensions", `C ::= CHOICE { a INTEGER, ..., [[3: b NULL ]], c BOOLEAN, ... }`,
			`TypeAssignment{Name:"C" Type:ChoiceType{Alternatives:AlternativeTypeLists{Root:[NamedType{Name:"a" Type:IntegerType{}}] Extension:ExtensionAndException{} ` +
				`Additions:[ExtensionAdditionAlternativesGroup{Version:"3" Alternatives:[NamedType{Name:"b" Type:NullType{}}]} NamedType{Name:"c" Type:BooleanType{}}] EndMarker:true}}}`},
		{"tags", `A ::= [APPLICATION 3] IMPLICIT INTEGER
			B ::= [PRIVATE 1] BOOLEAN
			C ::= [5] EXPLICIT NULL
			D ::= [UNIVERSAL tag-n] REAL
			E ::= [TAG: APPLICATION 2] NULL
			F ::= [XER:ATTRIBUTE] INTEGER`,
			`TypeAssignment{Name:"A" Type:TaggedType{Tag:Tag{Class:APPLICATION Number:IntegerValue{Text:"3"}} Mode:IMPLICIT Type:IntegerType{}}}
TypeAssignment{Name:"B" Type:TaggedType{Tag:Tag{Class:PRIVATE Number:IntegerValue{Text:"1"}} Type:BooleanType{}}}
TypeAssignment{Name:"C" Type:TaggedType{Tag:Tag{Number:IntegerValue{Text:"5"}} Mode:EXPLICIT Type:NullType{}}}
TypeAssignment{Name:"D" Type:TaggedType{Tag:Tag{Class:UNIVERSAL Number:ValueReference{Name:"tag-n"}} Type:RealType{}}}
TypeAssignment{Name:"E" Type:TaggedType{Tag:Tag{EncodingReference:"TAG" Class:APPLICATION Number:IntegerValue{Text:"2"}} Type:NullType{}}}
TypeAssignment{Name:"F" Type:EncodingPrefixedType{EncodingReference:"XER" Instruction:` + "`ATTRIBUTE`" + ` Type:IntegerType{}}}`},
		{"1988 ANY and unnamed components", `A ::= SEQUENCE { t OBJECT IDENTIFIER, v ANY DEFINED BY t, INTEGER, ANY }`,
			`TypeAssignment{Name:"A" Type:SequenceType{Components:ComponentTypeLists{Root:[ComponentType{NamedType:NamedType{Name:"t" Type:ObjectIdentifierType{}}} ` +
				`ComponentType{NamedType:NamedType{Name:"v" Type:AnyType{DefinedBy:"t"}}} ComponentType{NamedType:NamedType{Type:IntegerType{}}} ComponentType{NamedType:NamedType{Type:AnyType{}}}]}}}`},
		{"references", `A ::= Mod.T
			B ::= SIGNED{TBSCertificate}
			C ::= Extensions{{CertExtensions}}
			D ::= INSTANCE OF TYPE-IDENTIFIER
			E ::= TYPE-IDENTIFIER.&Type
			F ::= CLS.&obj.&Type ({Set}{@.id})
			G ::= obj.&Type`,
			`TypeAssignment{Name:"A" Type:TypeReference{Module:"Mod" Name:"T"}}
TypeAssignment{Name:"B" Type:TypeReference{Name:"SIGNED" Params:[TypeReference{Name:"TBSCertificate"}]}}
TypeAssignment{Name:"C" Type:TypeReference{Name:"Extensions" Params:[BraceValue{Tokens:` + "`CertExtensions`" + `}]}}
TypeAssignment{Name:"D" Type:InstanceOfType{Class:TypeReference{Name:"TYPE-IDENTIFIER"}}}
TypeAssignment{Name:"E" Type:ObjectClassFieldType{Ref:TypeReference{Name:"TYPE-IDENTIFIER"} Fields:["&Type"]}}
TypeAssignment{Name:"F" Type:ConstrainedType{Type:ObjectClassFieldType{Ref:TypeReference{Name:"CLS"} Fields:["&obj" "&Type"]} Constraints:[Constraint{Spec:TableConstraint{ObjectSet:ElementSetSpecs{Root:ElementSetSpec{Unions:[Intersections{Elements:[IntersectionElements{Elems:ContainedSubtype{Type:TypeReference{Name:"Set"}}}]}]}} AtNotations:[AtNotation{Level:1 Components:["id"]}]}}]}}
TypeAssignment{Name:"G" Type:ObjectClassFieldType{Ref:ValueReference{Name:"obj"} Fields:["&Type"]}}`},
		{"legacy reserved names", `BMPString ::= [UNIVERSAL 30] IMPLICIT OCTET STRING`,
			`TypeAssignment{Name:"BMPString" Type:TaggedType{Tag:Tag{Class:UNIVERSAL Number:IntegerValue{Text:"30"}} Mode:IMPLICIT Type:OctetStringType{}}}`},
	})
}

// ses wraps element dumps into the ElementSetSpecs dump of a one-union,
// one-intersection root.
func ses(elems string) string {
	return `ElementSetSpecs{Root:ElementSetSpec{Unions:[Intersections{Elements:[IntersectionElements{Elems:` + elems + `}]}]}}`
}

func TestConstraints(t *testing.T) {
	runASTTests(t, []astTest{
		{"single value and ranges", `A ::= INTEGER (5)
			B ::= INTEGER (MIN..0)
			C ::= INTEGER (0<..<10)
			D ::= INTEGER (-5..MAX)
			E ::= REAL (0.5..1.5e3)`,
			`TypeAssignment{Name:"A" Type:ConstrainedType{Type:IntegerType{} Constraints:[Constraint{Spec:` + ses(`SingleValue{Value:IntegerValue{Text:"5"}}`) + `}]}}
TypeAssignment{Name:"B" Type:ConstrainedType{Type:IntegerType{} Constraints:[Constraint{Spec:` + ses(`ValueRange{Lower:RangeEndpoint{Min:true} Upper:RangeEndpoint{Value:IntegerValue{Text:"0"}}}`) + `}]}}
TypeAssignment{Name:"C" Type:ConstrainedType{Type:IntegerType{} Constraints:[Constraint{Spec:` + ses(`ValueRange{Lower:RangeEndpoint{Value:IntegerValue{Text:"0"} Open:true} Upper:RangeEndpoint{Value:IntegerValue{Text:"10"} Open:true}}`) + `}]}}
TypeAssignment{Name:"D" Type:ConstrainedType{Type:IntegerType{} Constraints:[Constraint{Spec:` + ses(`ValueRange{Lower:RangeEndpoint{Value:IntegerValue{Text:"-5"}} Upper:RangeEndpoint{Max:true}}`) + `}]}}
TypeAssignment{Name:"E" Type:ConstrainedType{Type:RealType{} Constraints:[Constraint{Spec:` + ses(`ValueRange{Lower:RangeEndpoint{Value:RealValue{Text:"0.5"}} Upper:RangeEndpoint{Value:RealValue{Text:"1.5e3"}}}`) + `}]}}`},
		{"size, from, pattern, settings, includes", `A ::= IA5String (SIZE(1..8) ^ FROM("a".."z") ^ PATTERN "[a-z]+")
			B ::= T (INCLUDES U)
			C ::= DATE (SETTINGS "Basic=Date")`,
			`TypeAssignment{Name:"A" Type:ConstrainedType{Type:RestrictedCharacterStringType{Name:"IA5String"} Constraints:[Constraint{Spec:ElementSetSpecs{Root:ElementSetSpec{Unions:[Intersections{Elements:[` +
				`IntersectionElements{Elems:SizeConstraint{Constraint:Constraint{Spec:` + ses(`ValueRange{Lower:RangeEndpoint{Value:IntegerValue{Text:"1"}} Upper:RangeEndpoint{Value:IntegerValue{Text:"8"}}}`) + `}}} ` +
				`IntersectionElements{Elems:PermittedAlphabet{Constraint:Constraint{Spec:` + ses(`ValueRange{Lower:RangeEndpoint{Value:CStringValue{Value:"a"}} Upper:RangeEndpoint{Value:CStringValue{Value:"z"}}}`) + `}}} ` +
				`IntersectionElements{Elems:PatternConstraint{Value:CStringValue{Value:"[a-z]+"}}}]}]}}}]}}
TypeAssignment{Name:"B" Type:ConstrainedType{Type:TypeReference{Name:"T"} Constraints:[Constraint{Spec:` + ses(`ContainedSubtype{Includes:true Type:TypeReference{Name:"U"}}`) + `}]}}
TypeAssignment{Name:"C" Type:ConstrainedType{Type:TimeType{Name:"DATE"} Constraints:[Constraint{Spec:` + ses(`PropertySettings{Settings:"Basic=Date"}`) + `}]}}`},
		{"set operators and extensibility", `A ::= INTEGER (1 | 2 UNION 3, ..., 4)
			B ::= INTEGER (ALL EXCEPT 0)
			C ::= INTEGER ((1..10) EXCEPT 5 INTERSECTION (2..8))
			D ::= INTEGER (1..2, ...)`,
			`TypeAssignment{Name:"A" Type:ConstrainedType{Type:IntegerType{} Constraints:[Constraint{Spec:ElementSetSpecs{Root:ElementSetSpec{Unions:[` +
				`Intersections{Elements:[IntersectionElements{Elems:SingleValue{Value:IntegerValue{Text:"1"}}}]} ` +
				`Intersections{Elements:[IntersectionElements{Elems:SingleValue{Value:IntegerValue{Text:"2"}}}]} ` +
				`Intersections{Elements:[IntersectionElements{Elems:SingleValue{Value:IntegerValue{Text:"3"}}}]}]} Extensible:true ` +
				`Additional:ElementSetSpec{Unions:[Intersections{Elements:[IntersectionElements{Elems:SingleValue{Value:IntegerValue{Text:"4"}}}]}]}}}]}}
TypeAssignment{Name:"B" Type:ConstrainedType{Type:IntegerType{} Constraints:[Constraint{Spec:ElementSetSpecs{Root:ElementSetSpec{AllExcept:SingleValue{Value:IntegerValue{Text:"0"}}}}}]}}
TypeAssignment{Name:"C" Type:ConstrainedType{Type:IntegerType{} Constraints:[Constraint{Spec:ElementSetSpecs{Root:ElementSetSpec{Unions:[Intersections{Elements:[` +
				`IntersectionElements{Elems:ElementSetSpec{Unions:[Intersections{Elements:[IntersectionElements{Elems:ValueRange{Lower:RangeEndpoint{Value:IntegerValue{Text:"1"}} Upper:RangeEndpoint{Value:IntegerValue{Text:"10"}}}}]}]} Except:SingleValue{Value:IntegerValue{Text:"5"}}} ` +
				`IntersectionElements{Elems:ElementSetSpec{Unions:[Intersections{Elements:[IntersectionElements{Elems:ValueRange{Lower:RangeEndpoint{Value:IntegerValue{Text:"2"}} Upper:RangeEndpoint{Value:IntegerValue{Text:"8"}}}}]}]}}]}]}}}]}}
TypeAssignment{Name:"D" Type:ConstrainedType{Type:IntegerType{} Constraints:[Constraint{Spec:ElementSetSpecs{Root:ElementSetSpec{Unions:[Intersections{Elements:[IntersectionElements{Elems:ValueRange{Lower:RangeEndpoint{Value:IntegerValue{Text:"1"}} Upper:RangeEndpoint{Value:IntegerValue{Text:"2"}}}}]}]} Extensible:true}}]}}`},
		{"inner type constraints", `A ::= S (WITH COMPONENTS { ..., a (1..2) PRESENT, b ABSENT })
			B ::= S (WITH COMPONENTS { a OPTIONAL, b })
			C ::= SEQUENCE OF INTEGER (WITH COMPONENT (0..7))`,
			`TypeAssignment{Name:"A" Type:ConstrainedType{Type:TypeReference{Name:"S"} Constraints:[Constraint{Spec:` + ses(`MultipleTypeConstraints{Partial:true Components:[`+
				`NamedConstraint{Name:"a" Constraint:Constraint{Spec:`+ses(`ValueRange{Lower:RangeEndpoint{Value:IntegerValue{Text:"1"}} Upper:RangeEndpoint{Value:IntegerValue{Text:"2"}}}`)+`} Presence:PRESENT} `+
				`NamedConstraint{Name:"b" Presence:ABSENT}]}`) + `}]}}
TypeAssignment{Name:"B" Type:ConstrainedType{Type:TypeReference{Name:"S"} Constraints:[Constraint{Spec:` + ses(`MultipleTypeConstraints{Components:[NamedConstraint{Name:"a" Presence:OPTIONAL} NamedConstraint{Name:"b"}]}`) + `}]}}
TypeAssignment{Name:"C" Type:SequenceOfType{Type:ConstrainedType{Type:IntegerType{} Constraints:[Constraint{Spec:` + ses(`SingleTypeConstraint{Constraint:Constraint{Spec:`+ses(`ValueRange{Lower:RangeEndpoint{Value:IntegerValue{Text:"0"}} Upper:RangeEndpoint{Value:IntegerValue{Text:"7"}}}`)+`}}`) + `}]}}}`},
		{"contents, user-defined, exception", `A ::= OCTET STRING (CONTAINING Cert ENCODED BY der)
			B ::= BIT STRING (ENCODED BY per)
			C ::= INTEGER (CONSTRAINED BY { -- must be prime -- })
			D ::= INTEGER (CONSTRAINED BY { INTEGER : x, Y })
			E ::= INTEGER (1..4, ... ! 99)`,
			`TypeAssignment{Name:"A" Type:ConstrainedType{Type:OctetStringType{} Constraints:[Constraint{Spec:ContentsConstraint{Type:TypeReference{Name:"Cert"} EncodedBy:ValueReference{Name:"der"}}}]}}
TypeAssignment{Name:"B" Type:ConstrainedType{Type:BitStringType{} Constraints:[Constraint{Spec:ContentsConstraint{EncodedBy:ValueReference{Name:"per"}}}]}}
TypeAssignment{Name:"C" Type:ConstrainedType{Type:IntegerType{} Constraints:[Constraint{Spec:UserDefinedConstraint{}}]}}
TypeAssignment{Name:"D" Type:ConstrainedType{Type:IntegerType{} Constraints:[Constraint{Spec:UserDefinedConstraint{Tokens:` + "`INTEGER : x , Y`" + `}}]}}
TypeAssignment{Name:"E" Type:ConstrainedType{Type:IntegerType{} Constraints:[Constraint{Spec:ElementSetSpecs{Root:ElementSetSpec{Unions:[Intersections{Elements:[IntersectionElements{Elems:ValueRange{Lower:RangeEndpoint{Value:IntegerValue{Text:"1"}} Upper:RangeEndpoint{Value:IntegerValue{Text:"4"}}}}]}]} Extensible:true} Exception:ExceptionSpec{Value:IntegerValue{Text:"99"}}}]}}`},
		{"table constraints and relative references", `S ::= SEQUENCE {
				id  CLS.&id ({Objs}),
				val CLS.&Type ({Objs}{@id, @.x, @..y.z}) }`,
			`TypeAssignment{Name:"S" Type:SequenceType{Components:ComponentTypeLists{Root:[` +
				`ComponentType{NamedType:NamedType{Name:"id" Type:ConstrainedType{Type:ObjectClassFieldType{Ref:TypeReference{Name:"CLS"} Fields:["&id"]} Constraints:[Constraint{Spec:` + ses("SingleValue{Value:BraceValue{Tokens:`Objs`}}") + `}]}}} ` +
				`ComponentType{NamedType:NamedType{Name:"val" Type:ConstrainedType{Type:ObjectClassFieldType{Ref:TypeReference{Name:"CLS"} Fields:["&Type"]} Constraints:[Constraint{Spec:TableConstraint{ObjectSet:` + ses(`ContainedSubtype{Type:TypeReference{Name:"Objs"}}`) + ` ` +
				`AtNotations:[AtNotation{Components:["id"]} AtNotation{Level:1 Components:["x"]} AtNotation{Level:2 Components:["y" "z"]}]}}]}}}]}}}`},
		{"types and values as elements", `A ::= CHOICE { a INTEGER } (a < C | T | Mod.val | v : 5 | {1 2})`,
			`TypeAssignment{Name:"A" Type:ConstrainedType{Type:ChoiceType{Alternatives:AlternativeTypeLists{Root:[NamedType{Name:"a" Type:IntegerType{}}]}} Constraints:[Constraint{Spec:ElementSetSpecs{Root:ElementSetSpec{Unions:[` +
				`Intersections{Elements:[IntersectionElements{Elems:ContainedSubtype{Type:SelectionType{Name:"a" Type:TypeReference{Name:"C"}}}}]} ` +
				`Intersections{Elements:[IntersectionElements{Elems:ContainedSubtype{Type:TypeReference{Name:"T"}}}]} ` +
				`Intersections{Elements:[IntersectionElements{Elems:SingleValue{Value:ValueReference{Module:"Mod" Name:"val"}}}]} ` +
				`Intersections{Elements:[IntersectionElements{Elems:SingleValue{Value:ChoiceValue{Name:"v" Value:IntegerValue{Text:"5"}}}}]} ` +
				"Intersections{Elements:[IntersectionElements{Elems:SingleValue{Value:BraceValue{Tokens:`1 2`}}}]}]}}}]}}"},
	})
}

func TestClasses(t *testing.T) {
	runASTTests(t, []astTest{
		{"every field kind", `CLS ::= CLASS {
				&Type,
				&Opt OPTIONAL,
				&Def DEFAULT NULL,
				&id OBJECT IDENTIFIER UNIQUE,
				&val &Type OPTIONAL,
				&code INTEGER DEFAULT 0,
				&VSet INTEGER DEFAULT {1 | 2},
				&VarSet &Type OPTIONAL,
				&obj OTHER-CLASS,
				&Objs OTHER-CLASS OPTIONAL,
				&chained &obj.&Type
			}`,
			`ObjectClassAssignment{Name:"CLS" Class:ObjectClassDefn{Fields:[TypeFieldSpec{Name:"&Type"} TypeFieldSpec{Name:"&Opt" Optional:true} TypeFieldSpec{Name:"&Def" Default:NullType{}} ` +
				`FixedTypeValueFieldSpec{Name:"&id" Type:ObjectIdentifierType{} Unique:true} VariableTypeValueFieldSpec{Name:"&val" TypeField:["&Type"] Optional:true} ` +
				`FixedTypeValueFieldSpec{Name:"&code" Type:IntegerType{} Default:IntegerValue{Text:"0"}} ` +
				`FixedTypeValueSetFieldSpec{Name:"&VSet" Type:IntegerType{} Default:ElementSetSpecs{Root:ElementSetSpec{Unions:[Intersections{Elements:[IntersectionElements{Elems:SingleValue{Value:IntegerValue{Text:"1"}}}]} Intersections{Elements:[IntersectionElements{Elems:SingleValue{Value:IntegerValue{Text:"2"}}}]}]}}} ` +
				`VariableTypeValueSetFieldSpec{Name:"&VarSet" TypeField:["&Type"] Optional:true} FixedTypeValueFieldSpec{Name:"&obj" Type:TypeReference{Name:"OTHER-CLASS"}} ` +
				`FixedTypeValueSetFieldSpec{Name:"&Objs" Type:TypeReference{Name:"OTHER-CLASS"} Optional:true} VariableTypeValueFieldSpec{Name:"&chained" TypeField:["&obj" "&Type"]}]}}`},
		{"with syntax and nested optional groups", `ALG ::= CLASS { &id OBJECT IDENTIFIER, &Params OPTIONAL, &paramPresence ParamOptions DEFAULT absent }
			WITH SYNTAX { IDENTIFIER &id [PARAMS [TYPE &Params]] [ARE &paramPresence] , }`,
			`ObjectClassAssignment{Name:"ALG" Class:ObjectClassDefn{Fields:[FixedTypeValueFieldSpec{Name:"&id" Type:ObjectIdentifierType{}} TypeFieldSpec{Name:"&Params" Optional:true} ` +
				`FixedTypeValueFieldSpec{Name:"&paramPresence" Type:TypeReference{Name:"ParamOptions"} Default:ValueReference{Name:"absent"}}] ` +
				`Syntax:SyntaxList{Items:[SyntaxLiteral{Text:"IDENTIFIER"} SyntaxField{Name:"&id"} SyntaxOptionalGroup{Items:[SyntaxLiteral{Text:"PARAMS"} SyntaxOptionalGroup{Items:[SyntaxLiteral{Text:"TYPE"} SyntaxField{Name:"&Params"}]}]} ` +
				`SyntaxOptionalGroup{Items:[SyntaxLiteral{Text:"ARE"} SyntaxField{Name:"&paramPresence"}]} SyntaxLiteral{Text:","}]}}}`},
		{"objects and object sets", `obj CLS ::= { &id id-x, &Type INTEGER }
			Objs CLS ::= { obj | other, ..., { &id id-y } }
			Empty CLS ::= { ... }
			alias CLS ::= obj
			Alias ::= TYPE-IDENTIFIER`,
			"ValueAssignment{Name:\"obj\" Type:TypeReference{Name:\"CLS\"} Value:BraceValue{Tokens:`&id id-x , &Type INTEGER`}}\n" +
				`ValueSetTypeAssignment{Name:"Objs" Type:TypeReference{Name:"CLS"} Set:ElementSetSpecs{Root:ElementSetSpec{Unions:[Intersections{Elements:[IntersectionElements{Elems:SingleValue{Value:ValueReference{Name:"obj"}}}]} ` +
				`Intersections{Elements:[IntersectionElements{Elems:SingleValue{Value:ValueReference{Name:"other"}}}]}]} Extensible:true ` +
				"Additional:ElementSetSpec{Unions:[Intersections{Elements:[IntersectionElements{Elems:SingleValue{Value:BraceValue{Tokens:`&id id-y`}}}]}]}}}\n" +
				`ValueSetTypeAssignment{Name:"Empty" Type:TypeReference{Name:"CLS"} Set:ElementSetSpecs{Extensible:true}}
ValueAssignment{Name:"alias" Type:TypeReference{Name:"CLS"} Value:ValueReference{Name:"obj"}}
TypeAssignment{Name:"Alias" Type:TypeReference{Name:"TYPE-IDENTIFIER"}}`},
	})
}

func TestValues(t *testing.T) {
	runASTTests(t, []astTest{
		{"literals", `a INTEGER ::= -42
			b REAL ::= -1.5e-3
			c BOOLEAN ::= FALSE
			d NULL ::= NULL
			e REAL ::= PLUS-INFINITY
			f IA5String ::= "say ""hi"""
			g BIT STRING ::= '0101 1'B
			h OCTET STRING ::= 'DE AD'H
			i REAL ::= NOT-A-NUMBER`,
			`ValueAssignment{Name:"a" Type:IntegerType{} Value:IntegerValue{Text:"-42"}}
ValueAssignment{Name:"b" Type:RealType{} Value:RealValue{Text:"-1.5e-3"}}
ValueAssignment{Name:"c" Type:BooleanType{} Value:BooleanValue{}}
ValueAssignment{Name:"d" Type:NullType{} Value:NullValue{}}
ValueAssignment{Name:"e" Type:RealType{} Value:SpecialRealValue{Name:"PLUS-INFINITY"}}
ValueAssignment{Name:"f" Type:RestrictedCharacterStringType{Name:"IA5String"} Value:CStringValue{Value:"say \"hi\""}}
ValueAssignment{Name:"g" Type:BitStringType{} Value:BStringValue{Digits:"01011"}}
ValueAssignment{Name:"h" Type:OctetStringType{} Value:HStringValue{Digits:"DEAD"}}
ValueAssignment{Name:"i" Type:RealType{} Value:SpecialRealValue{Name:"NOT-A-NUMBER"}}`},
		{"object identifiers", `id OBJECT IDENTIFIER ::= { iso(1) member-body(2) 840 rsadsi(113549) }
			id-x OBJECT IDENTIFIER ::= { id-pkix 1 }
			id-y RELATIVE-OID ::= { Mod.base x(n) }
			id-z MyOID ::= { 1 2 }`,
			`ValueAssignment{Name:"id" Type:ObjectIdentifierType{} Value:ObjectIdentifierValue{Components:[ObjIdComponent{Name:"iso" Number:IntegerValue{Text:"1"}} ` +
				`ObjIdComponent{Name:"member-body" Number:IntegerValue{Text:"2"}} ObjIdComponent{Number:IntegerValue{Text:"840"}} ObjIdComponent{Name:"rsadsi" Number:IntegerValue{Text:"113549"}}]}}
ValueAssignment{Name:"id-x" Type:ObjectIdentifierType{} Value:ObjectIdentifierValue{Components:[ObjIdComponent{Name:"id-pkix"} ObjIdComponent{Number:IntegerValue{Text:"1"}}]}}
ValueAssignment{Name:"id-y" Type:RelativeOIDType{} Value:ObjectIdentifierValue{Components:[ObjIdComponent{Module:"Mod" Name:"base"} ObjIdComponent{Name:"x" Number:ValueReference{Name:"n"}}]}}
ValueAssignment{Name:"id-z" Type:TypeReference{Name:"MyOID"} Value:BraceValue{Tokens:` + "`1 2`" + `}}`},
		{"structured and referenced values", `s S ::= { a 1, b { c TRUE } }
			c C ::= alt : { x 1 }
			o Open ::= INTEGER : 5
			r INTEGER ::= Mod.other
			f INTEGER ::= obj.&code
			p P ::= val{ 3, T }
			e S ::= { }
			w OCTET STRING ::= CONTAINING { a 1 }`,
			"ValueAssignment{Name:\"s\" Type:TypeReference{Name:\"S\"} Value:BraceValue{Tokens:`a 1 , b { c TRUE }`}}\n" +
				"ValueAssignment{Name:\"c\" Type:TypeReference{Name:\"C\"} Value:ChoiceValue{Name:\"alt\" Value:BraceValue{Tokens:`x 1`}}}\n" +
				`ValueAssignment{Name:"o" Type:TypeReference{Name:"Open"} Value:OpenTypeValue{Type:IntegerType{} Value:IntegerValue{Text:"5"}}}
ValueAssignment{Name:"r" Type:IntegerType{} Value:ValueReference{Module:"Mod" Name:"other"}}
ValueAssignment{Name:"f" Type:IntegerType{} Value:ValueFromObject{Ref:ValueReference{Name:"obj"} Fields:["&code"]}}
ValueAssignment{Name:"p" Type:TypeReference{Name:"P"} Value:ValueReference{Name:"val" Params:[IntegerValue{Text:"3"} TypeReference{Name:"T"}]}}
ValueAssignment{Name:"e" Type:TypeReference{Name:"S"} Value:BraceValue{}}
` + "ValueAssignment{Name:\"w\" Type:OctetStringType{} Value:ContainingValue{Value:BraceValue{Tokens:`a 1`}}}"},
	})
}

func TestParameterized(t *testing.T) {
	runASTTests(t, []astTest{
		{"parameterized assignments", `SIGNED{ToBeSigned} ::= SEQUENCE { tbs ToBeSigned, sig BIT STRING }
			Ext{EXTENSION:ExtSet} ::= SEQUENCE { id EXTENSION.&id({ExtSet}) }
			Bounded{INTEGER:ub, T} ::= SEQUENCE SIZE(1..ub) OF T
			val{INTEGER:n} INTEGER ::= n
			Set{CLS:base} CLS ::= { base, ... }
			G{T, T:dflt} ::= SEQUENCE { a T DEFAULT dflt }`,
			`TypeAssignment{Name:"SIGNED" Params:[Parameter{Name:"ToBeSigned"}] Type:SequenceType{Components:ComponentTypeLists{Root:[ComponentType{NamedType:NamedType{Name:"tbs" Type:TypeReference{Name:"ToBeSigned"}}} ComponentType{NamedType:NamedType{Name:"sig" Type:BitStringType{}}}]}}}
TypeAssignment{Name:"Ext" Params:[Parameter{Governor:TypeReference{Name:"EXTENSION"} Name:"ExtSet"}] Type:SequenceType{Components:ComponentTypeLists{Root:[ComponentType{NamedType:NamedType{Name:"id" Type:ConstrainedType{Type:ObjectClassFieldType{Ref:TypeReference{Name:"EXTENSION"} Fields:["&id"]} Constraints:[Constraint{Spec:` + ses("SingleValue{Value:BraceValue{Tokens:`ExtSet`}}") + `}]}}}]}}}
TypeAssignment{Name:"Bounded" Params:[Parameter{Governor:IntegerType{} Name:"ub"} Parameter{Name:"T"}] Type:SequenceOfType{Size:SizeConstraint{Constraint:Constraint{Spec:` + ses(`ValueRange{Lower:RangeEndpoint{Value:IntegerValue{Text:"1"}} Upper:RangeEndpoint{Value:ValueReference{Name:"ub"}}}`) + `}} Type:TypeReference{Name:"T"}}}
ValueAssignment{Name:"val" Params:[Parameter{Governor:IntegerType{} Name:"n"}] Type:IntegerType{} Value:ValueReference{Name:"n"}}
ValueSetTypeAssignment{Name:"Set" Params:[Parameter{Governor:TypeReference{Name:"CLS"} Name:"base"}] Type:TypeReference{Name:"CLS"} Set:ElementSetSpecs{Root:ElementSetSpec{Unions:[Intersections{Elements:[IntersectionElements{Elems:SingleValue{Value:ValueReference{Name:"base"}}}]}]} Extensible:true}}
TypeAssignment{Name:"G" Params:[Parameter{Name:"T"} Parameter{Governor:TypeReference{Name:"T"} Name:"dflt"}] Type:SequenceType{Components:ComponentTypeLists{Root:[ComponentType{NamedType:NamedType{Name:"a" Type:TypeReference{Name:"T"}} Default:ValueReference{Name:"dflt"}}]}}}`},
	})
}

// TestMacros covers the X.208 macro forms the parser records: definitions
// and the value assignments that instantiate a macro, and the X.680 value
// assignments next to which the macro-instance rule must not fire.
func TestMacros(t *testing.T) {
	runASTTests(t, []astTest{
		{"definitions", `OBJECT-TYPE MACRO ::= BEGIN TYPE NOTATION ::= "SYNTAX" type(TYPE ObjectSyntax) VALUE NOTATION ::= value(VALUE ObjectName) END
			EMPTY MACRO ::= BEGIN END
			SAME MACRO ::= OBJECT-TYPE
			OTHER MACRO ::= Mod.OBJECT-TYPE
			A ::= INTEGER`,
			"MacroDefinition{Name:\"OBJECT-TYPE\" Body:`TYPE NOTATION ::= \"SYNTAX\" type ( TYPE ObjectSyntax ) VALUE NOTATION ::= value ( VALUE ObjectName )`}\n" +
				"MacroDefinition{Name:\"EMPTY\" Body:``}\n" +
				`MacroDefinition{Name:"SAME" Reference:"OBJECT-TYPE"}
MacroDefinition{Name:"OTHER" Reference:"Mod.OBJECT-TYPE"}
TypeAssignment{Name:"A" Type:IntegerType{}}`},
		// RFC 1156 writes its MIB objects as OBJECT-TYPE instances; the
		// notation may hold braces (named numbers) and a reserved word (SYNTAX)
		// or a reference (ENTERPRISE) first.
		{"instances", `sysDescr OBJECT-TYPE
				SYNTAX  OCTET STRING
				ACCESS  read-only
				STATUS  mandatory
				::= { system 1 }
			ifType OBJECT-TYPE SYNTAX INTEGER { other(1), regular1822(2) } ACCESS read-only STATUS mandatory ::= { ifEntry 3 }
			coldStart TRAP-TYPE ENTERPRISE snmp ::= 0`,
			"MacroInstanceAssignment{Name:\"sysDescr\" Macro:\"OBJECT-TYPE\" Tokens:`SYNTAX OCTET STRING ACCESS read-only STATUS mandatory` Value:BraceValue{Tokens:`system 1`}}\n" +
				"MacroInstanceAssignment{Name:\"ifType\" Macro:\"OBJECT-TYPE\" Tokens:`SYNTAX INTEGER { other ( 1 ) , regular1822 ( 2 ) } ACCESS read-only STATUS mandatory` Value:BraceValue{Tokens:`ifEntry 3`}}\n" +
				"MacroInstanceAssignment{Name:\"coldStart\" Macro:\"TRAP-TYPE\" Tokens:`ENTERPRISE snmp` Value:IntegerValue{Text:\"0\"}}"},
		// A type reference followed by "::=", "(", "{" or "." continues an
		// X.680 type, and X.208 ANY DEFINED BY is a type: all stay
		// ValueAssignments.
		{"ordinary value assignments", `a INTEGER ::= 1
			b T ::= { x 1 }
			c T (SIZE(1)) ::= "x"
			d P{ INTEGER } ::= 2
			e CLS.&id ::= 3
			f Mod.T ::= 4
			g ANY DEFINED BY h ::= 5
			i OPERATION ::= 6`,
			"ValueAssignment{Name:\"a\" Type:IntegerType{} Value:IntegerValue{Text:\"1\"}}\n" +
				"ValueAssignment{Name:\"b\" Type:TypeReference{Name:\"T\"} Value:BraceValue{Tokens:`x 1`}}\n" +
				`ValueAssignment{Name:"c" Type:ConstrainedType{Type:TypeReference{Name:"T"} Constraints:[Constraint{Spec:` + ses(`SizeConstraint{Constraint:Constraint{Spec:`+ses(`SingleValue{Value:IntegerValue{Text:"1"}}`)+`}}`) + `}]} Value:CStringValue{Value:"x"}}
ValueAssignment{Name:"d" Type:TypeReference{Name:"P" Params:[IntegerType{}]} Value:IntegerValue{Text:"2"}}
ValueAssignment{Name:"e" Type:ObjectClassFieldType{Ref:TypeReference{Name:"CLS"} Fields:["&id"]} Value:IntegerValue{Text:"3"}}
ValueAssignment{Name:"f" Type:TypeReference{Module:"Mod" Name:"T"} Value:IntegerValue{Text:"4"}}
ValueAssignment{Name:"g" Type:AnyType{DefinedBy:"h"} Value:IntegerValue{Text:"5"}}
ValueAssignment{Name:"i" Type:TypeReference{Name:"OPERATION"} Value:IntegerValue{Text:"6"}}`},
	})
}

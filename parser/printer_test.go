package parser

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// ignorePos compares trees without their positions (Pos fields of nodes and
// tokens, BraceValue.End, ModuleDefinition.End): printing moves everything.
var ignorePos = cmpopts.IgnoreTypes(Pos{})

// printFile prints f and fails the test on an error.
func printFile(t testing.TB, f *File) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := Fprint(&b, f); err != nil {
		t.Fatalf("Fprint: %v", err)
	}
	return b.Bytes()
}

// checkRoundTrip parses the printed text of f and returns a description of
// the first failed property, or "": parse(print(f)) must equal f (positions
// aside) and printing it again must give the same bytes.
func checkRoundTrip(t testing.TB, f *File) string {
	t.Helper()
	out := printFile(t, f)
	g, err := ParseFile(f.Name, out)
	if err != nil {
		return fmt.Sprintf("printed text does not parse: %v\n%s", err.(ErrorList).String(), numbered(out))
	}
	if len(g.Warnings) > 0 {
		// The printer writes X.680 notation: reading it needs no leniency.
		return fmt.Sprintf("printed text parses with warnings: %v\n%s", g.Warnings.String(), numbered(out))
	}
	if again := printFile(t, g); !bytes.Equal(out, again) {
		return fmt.Sprintf("printing is not idempotent (-first +second):\n%s", cmp.Diff(string(out), string(again)))
	}
	// go-cmp compares slices through an edit-distance step that compares
	// nested slices again at each level: on the largest modules (RRC) it
	// takes seconds per megabyte. With positions cleared, reflect.DeepEqual
	// decides the same equality in linear time (the tree has no unexported
	// fields); go-cmp then explains a difference. Positions are cleared only
	// now because the printer keeps "[[" adjacency from them.
	// The warnings of f are about its source text, not about its tree.
	fc := *f
	fc.Warnings = nil
	f = &fc
	clearPositions(reflect.ValueOf(f))
	clearPositions(reflect.ValueOf(g))
	if !reflect.DeepEqual(f, g) {
		return "parse(print(x)) differs " + firstDifference(f, g)
	}
	return ""
}

// firstDifference narrows two different trees down to the first module
// header or assignment that differs and returns its go-cmp diff.
func firstDifference(f, g *File) string {
	if len(f.Modules) != len(g.Modules) {
		return fmt.Sprintf("in module count: %d, reparsed %d", len(f.Modules), len(g.Modules))
	}
	for i, m := range f.Modules {
		n := g.Modules[i]
		for j := 0; j < len(m.Assignments) && j < len(n.Assignments); j++ {
			if a, b := m.Assignments[j], n.Assignments[j]; !reflect.DeepEqual(a, b) {
				return fmt.Sprintf("in assignment %d of module %s (-parsed +reparsed):\n%s", j, m.Identifier.Name, cmp.Diff(a, b, ignorePos))
			}
		}
		mh, nh := *m, *n
		mh.Assignments, nh.Assignments = nil, nil
		if len(m.Assignments) != len(n.Assignments) {
			return fmt.Sprintf("in module %s: %d assignments, reparsed %d", m.Identifier.Name, len(m.Assignments), len(n.Assignments))
		}
		if !reflect.DeepEqual(mh, nh) {
			return fmt.Sprintf("in the header of module %s (-parsed +reparsed):\n%s", m.Identifier.Name, cmp.Diff(mh, nh, ignorePos))
		}
	}
	return fmt.Sprintf("(-parsed +reparsed):\n%s", cmp.Diff(f, g, ignorePos))
}

var posReflectType = reflect.TypeOf(Pos{})

// clearPositions sets every Pos in the tree v to the zero Pos.
func clearPositions(v reflect.Value) {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			clearPositions(v.Elem())
		}
	case reflect.Slice:
		for i := 0; i < v.Len(); i++ {
			clearPositions(v.Index(i))
		}
	case reflect.Struct:
		if v.Type() == posReflectType {
			v.Set(reflect.Zero(posReflectType))
			return
		}
		for i := 0; i < v.NumField(); i++ {
			clearPositions(v.Field(i))
		}
	}
}

// numbered prefixes each line with its number, to read parse errors.
func numbered(b []byte) string {
	var s strings.Builder
	for i, l := range strings.Split(string(b), "\n") {
		fmt.Fprintf(&s, "%5d  %s\n", i+1, l)
	}
	return s.String()
}

// TestFprint checks the canonical text of small modules (golden strings),
// then the round trip and idempotence on each.
func TestFprint(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want string
	}{
		{"module headers, exports and imports (AssignedIdentifier forms, placeholder)",
			`Mod-1 { iso(1) standard 8571 x(2) } "/ISO/Registration/A"
  DEFINITIONS XER INSTRUCTIONS AUTOMATIC TAGS EXTENSIBILITY IMPLIED ::= BEGIN
  EXPORTS T, v, P{};
  IMPORTS T, u FROM A { iso 1 } v FROM B id-b w, X{} FROM C y FROM D Ref.id-d
    Z FROM E WITH SUCCESSORS a FROM F;
  END
Draft { iso(1) mod(0) id-mod-x(TBD1) } DEFINITIONS IMPLICIT TAGS ::= BEGIN EXPORTS ALL; IMPORTS ; END
Empty DEFINITIONS ::= BEGIN EXPORTS ; END
`,
			`Mod-1 { iso(1) standard 8571 x(2) } "/ISO/Registration/A"
DEFINITIONS XER INSTRUCTIONS AUTOMATIC TAGS EXTENSIBILITY IMPLIED ::=
BEGIN

EXPORTS T, v, P{};

IMPORTS
    T, u
        FROM A { iso 1 }
    v
        FROM B id-b
    w, X{}
        FROM C
    y
        FROM D Ref.id-d
    Z
        FROM E WITH SUCCESSORS
    a
        FROM F;

END

Draft { iso(1) mod(0) id-mod-x(TBD1) }
DEFINITIONS IMPLICIT TAGS ::=
BEGIN

EXPORTS ALL;

IMPORTS;

END

Empty DEFINITIONS ::=
BEGIN

EXPORTS;

END
`},
		{"types: components, extensions, version brackets, tags, X.208 forms",
			`M DEFINITIONS ::= BEGIN
S ::= SEQUENCE { a INTEGER OPTIONAL, longerName BOOLEAN DEFAULT TRUE, COMPONENTS OF T,
  c [0] IMPLICIT INTEGER DEFAULT -1, ... ! INTEGER : 4, [[2: b BOOLEAN, c NULL ]], d REAL, [[ e [APPLICATION 3] EXPLICIT OCTET STRING ]], ..., z OCTET STRING }
E ::= SET { }
C ::= CHOICE { a INTEGER, b [PRIVATE 1] BIT STRING { x(0), y(n) }, ..., [[3: c UTF8String ]], d NULL, ... }
En ::= ENUMERATED { a, b(5), ... ! 7, c }
I ::= INTEGER { a(1), b(-2), c(ub-x) } (a..c, ...)
L ::= SEQUENCE SIZE (1..MAX) OF item INTEGER
L2 ::= SET (SIZE (2)) OF SEQUENCE { a INTEGER }
Old ::= SEQUENCE { INTEGER, a < Choice, ANY DEFINED BY a, [1] ANY }
X ::= [XER:ATTRIBUTE] INTEGER
Y ::= [ TAG: 5 ] INTEGER
Io ::= INSTANCE OF TYPE-IDENTIFIER
F ::= CLASS-X.&Type.&id
P ::= Mod.Ref { INTEGER, { a | b }, 5 }
Misc ::= SEQUENCE { a OBJECT IDENTIFIER, b RELATIVE-OID, c OID-IRI, d RELATIVE-OID-IRI, e EMBEDDED PDV,
  f EXTERNAL, g CHARACTER STRING, h GeneralizedTime, i DATE-TIME, j REAL, k NULL }
END
`,
			`M DEFINITIONS ::=
BEGIN

S ::= SEQUENCE {
    a          INTEGER OPTIONAL,
    longerName BOOLEAN DEFAULT TRUE,
    COMPONENTS OF T,
    c          [0] IMPLICIT INTEGER DEFAULT -1,
    ... ! INTEGER : 4,
    [[2:
        b BOOLEAN,
        c NULL
    ]],
    d          REAL,
    [[
        e [APPLICATION 3] EXPLICIT OCTET STRING
    ]],
    ...,
    z          OCTET STRING
}

E ::= SET {}

C ::= CHOICE {
    a INTEGER,
    b [PRIVATE 1] BIT STRING { x(0), y(n) },
    ...,
    [[3:
        c UTF8String
    ]],
    d NULL,
    ...
}

En ::= ENUMERATED { a, b(5), ... ! 7, c }

I ::= INTEGER { a(1), b(-2), c(ub-x) } (a..c, ...)

L ::= SEQUENCE SIZE (1..MAX) OF item INTEGER

L2 ::= SET (SIZE (2)) OF SEQUENCE {
    a INTEGER
}

Old ::= SEQUENCE {
    INTEGER,
    a < Choice,
    ANY DEFINED BY a,
    [1] ANY
}

X ::= [XER:ATTRIBUTE] INTEGER

Y ::= [TAG:5] INTEGER

Io ::= INSTANCE OF TYPE-IDENTIFIER

F ::= CLASS-X.&Type.&id

P ::= Mod.Ref{INTEGER, { a | b }, 5}

Misc ::= SEQUENCE {
    a OBJECT IDENTIFIER,
    b RELATIVE-OID,
    c OID-IRI,
    d RELATIVE-OID-IRI,
    e EMBEDDED PDV,
    f EXTERNAL,
    g CHARACTER STRING,
    h GeneralizedTime,
    i DATE-TIME,
    j REAL,
    k NULL
}

END
`},
		{"constraints and element sets",
			`M DEFINITIONS ::= BEGIN
A ::= INTEGER (1..10 | 20<..<30 ^ (MIN..0) EXCEPT -5, ..., 100..MAX ! -1)
B ::= IA5String (SIZE (1..64)) (FROM ("a".."z" | "A".."Z")) (PATTERN "[a-z]+")
C ::= REAL (-1.5..2.5e3 | 1...5)
D ::= OCTET STRING (CONTAINING S ENCODED BY der) (ENCODED BY ber)
G ::= S (WITH COMPONENTS { ..., a (1) PRESENT, b ABSENT, c OPTIONAL, d }) (WITH COMPONENT (SIZE (1)))
H ::= T (ALL EXCEPT (1 | 2)) (INCLUDES U) (CONSTRAINED BY { -- comment -- }) (CONSTRAINED BY { INTEGER, x })
J ::= TIME (SETTINGS "Basic=Date Date=YMD Year=Basic")
K ::= SEQUENCE { id ALG.&id ({Set}), v ALG.&Type ({Set}{@id, @.x, @..y.z}) }
END
`,
			`M DEFINITIONS ::=
BEGIN

A ::= INTEGER (1..10 | 20<..<30 ^ (MIN..0) EXCEPT -5, ..., 100..MAX ! -1)

B ::= IA5String (SIZE (1..64)) (FROM ("a".."z" | "A".."Z")) (PATTERN "[a-z]+")

C ::= REAL (-1.5..2.5e3 | 1...5)

D ::= OCTET STRING (CONTAINING S ENCODED BY der) (ENCODED BY ber)

G ::= S (WITH COMPONENTS { ..., a (1) PRESENT, b ABSENT, c OPTIONAL, d })
    (WITH COMPONENT (SIZE (1)))

H ::= T (ALL EXCEPT (1 | 2)) (INCLUDES U) (CONSTRAINED BY {})
    (CONSTRAINED BY { INTEGER, x })

J ::= TIME (SETTINGS "Basic=Date Date=YMD Year=Basic")

K ::= SEQUENCE {
    id ALG.&id ({Set}),
    v  ALG.&Type ({Set}{@id, @.x, @..y.z})
}

END
`},
		{"classes, object sets, parameterized assignments",
			`M DEFINITIONS ::= BEGIN
ALGORITHM ::= CLASS { &id OBJECT IDENTIFIER UNIQUE, &Value OPTIONAL, &Params DEFAULT NULL,
  &paramPresence ParamOptions DEFAULT absent, &val &Value, &Set OBJECT-CLASS OPTIONAL,
  &VSet &Value DEFAULT { 1 | 2 }, &vs INTEGER DEFAULT 5, &FixedSet INTEGER DEFAULT { 3 } }
  WITH SYNTAX { IDENTIFIER &id [VALUE &Value] [PARAMS [TYPE &Params] ARE &paramPresence] [SETS &Set, &VSet] }
ALG2 ::= CLASS { &id INTEGER } WITH SYNTAX { ID &id }
Set ALGORITHM ::= { alg1 | alg2 | { IDENTIFIER id-x PARAMS ARE absent }, ... , alg3 }
Empty ALGORITHM ::= { }
Ext ALGORITHM ::= { ... }
alg1 ALGORITHM ::= { IDENTIFIER id-alg1 VALUE SEQUENCE { a INTEGER, ..., [[ b BOOLEAN ]] } PARAMS TYPE NULL ARE required }
id ALGORITHM.&id ::= alg1.&id
Param{ALGORITHM:Set, INTEGER:n, T} ::= SEQUENCE { a T (SIZE (1..n)) }
val{T} T ::= 5
VS{T} T ::= { 1 | 2 }
END
`,
			`M DEFINITIONS ::=
BEGIN

ALGORITHM ::= CLASS {
    &id            OBJECT IDENTIFIER UNIQUE,
    &Value         OPTIONAL,
    &Params        DEFAULT NULL,
    &paramPresence ParamOptions DEFAULT absent,
    &val           &Value,
    &Set           OBJECT-CLASS OPTIONAL,
    &VSet          &Value DEFAULT { 1 | 2 },
    &vs            INTEGER DEFAULT 5,
    &FixedSet      INTEGER DEFAULT { 3 }
} WITH SYNTAX {
    IDENTIFIER &id
    [VALUE &Value]
    [PARAMS [TYPE &Params] ARE &paramPresence]
    [SETS &Set, &VSet]
}

ALG2 ::= CLASS {
    &id INTEGER
} WITH SYNTAX { ID &id }

Set ALGORITHM ::= {
    alg1 | alg2 | { IDENTIFIER id-x PARAMS ARE absent },
    ...,
    alg3
}

Empty ALGORITHM ::= {}

Ext ALGORITHM ::= { ... }

alg1 ALGORITHM ::= {
    IDENTIFIER id-alg1 VALUE SEQUENCE { a INTEGER, ..., [[b BOOLEAN]] } PARAMS
    TYPE NULL ARE required
}

id ALGORITHM.&id ::= alg1.&id

Param{ALGORITHM:Set, INTEGER:n, T} ::= SEQUENCE {
    a T (SIZE (1..n))
}

val{T} T ::= 5

VS{T} T ::= { 1 | 2 }

END
`},
		{"values (one-line value assignments stay together)",
			`M DEFINITIONS ::= BEGIN
i INTEGER ::= -42
r REAL ::= -1.5e3
pi REAL ::= PLUS-INFINITY
b BOOLEAN ::= TRUE
n NULL ::= NULL
s UTF8String ::= "say ""hi"""
folded IA5String ::= "line one
   line two"
bs BIT STRING ::= '0101 1'B
hs OCTET STRING ::= '0F A0'H
oid OBJECT IDENTIFIER ::= { iso(1) member-body(2) us(840) Mod.rsadsi 113549 pkcs(x) }
c Choice ::= alt : 5
o ALG.&Type ::= INTEGER : 5
cv OCTET STRING ::= CONTAINING { a 1 }
ref INTEGER ::= Mod.other
pv INTEGER ::= param{5, INTEGER}
fo INTEGER ::= obj.&id.&sub
seq S ::= { a 1, b { c TRUE, d { 1, 2, 3 } }, e '00'H, f -5, g obj.&id, h x.y, i "s", j 1..5 }
long S ::= { name "a long string value", list { first, second, third, fourth, fifth, sixth, seventh }, flag FALSE }
brackets S ::= { t SEQUENCE { a INTEGER, ..., [[ b BOOLEAN ]] }, u [ [ 0 ] ] }
END
`,
			`M DEFINITIONS ::=
BEGIN

i INTEGER ::= -42
r REAL ::= -1.5e3
pi REAL ::= PLUS-INFINITY
b BOOLEAN ::= TRUE
n NULL ::= NULL
s UTF8String ::= "say ""hi"""
folded IA5String ::= "line oneline two"
bs BIT STRING ::= '01011'B
hs OCTET STRING ::= '0FA0'H

oid OBJECT IDENTIFIER ::= { iso(1) member-body(2) us(840) Mod.rsadsi 113549
    pkcs(x) }

c Choice ::= alt : 5
o ALG.&Type ::= INTEGER : 5
cv OCTET STRING ::= CONTAINING { a 1 }
ref INTEGER ::= Mod.other
pv INTEGER ::= param{5, INTEGER}
fo INTEGER ::= obj.&id.&sub

seq S ::= {
    a 1,
    b { c TRUE, d { 1, 2, 3 } },
    e '00'H,
    f -5,
    g obj.&id,
    h x.y,
    i "s",
    j 1..5
}

long S ::= {
    name "a long string value",
    list { first, second, third, fourth, fifth, sixth, seventh },
    flag FALSE
}

brackets S ::= { t SEQUENCE { a INTEGER, ..., [[b BOOLEAN]] }, u [ [0] ] }

END
`},
		{"ENCODING-CONTROL sections",
			`M DEFINITIONS ::= BEGIN
T ::= INTEGER
ENCODING-CONTROL XER GLOBAL-DEFAULTS MODIFIED-ENCODINGS ATTRIBUTE T
ENCODING-CONTROL PER { a, b }
END
`,
			`M DEFINITIONS ::=
BEGIN

T ::= INTEGER

ENCODING-CONTROL XER
    GLOBAL-DEFAULTS MODIFIED-ENCODINGS ATTRIBUTE T

ENCODING-CONTROL PER
    { a, b }

END
`},
		{"ENCODING-CONTROL section with XER wildcards",
			`M DEFINITIONS ::= BEGIN
T ::= INTEGER
ENCODING-CONTROL XER ANY-ELEMENT AnyType.elem-list.* UNTAGGED CommAddresses.*.phone
END
`,
			`M DEFINITIONS ::=
BEGIN

T ::= INTEGER

ENCODING-CONTROL XER
    ANY-ELEMENT AnyType.elem-list.* UNTAGGED CommAddresses.*.phone

END
`},
		{"wrapping at 80 columns",
			`M DEFINITIONS ::= BEGIN
EXPORTS AlphaType, BetaType, GammaType, DeltaType, EpsilonType, ZetaType, EtaType, ThetaType;
Colour ::= ENUMERATED { red, orange, yellow, green, blue, indigo, violet, ultraviolet, ... }
Short ::= ENUMERATED { red, green }
Objs OBJECT-CLASS ::= { object-one | object-two | object-three | object-four | object-five | object-six }
Big ::= SEQUENCE { extnValue OCTET STRING (CONTAINING EXTENSION.&ExtnType ({ExtensionSet}{@extnId}) ENCODED BY der) }
List ::= SEQUENCE (SIZE (1..maxNumberOfElementsInTheList)) OF VeryLongElementTypeName-r17
Params ::= AlgorithmIdentifier { DIGEST-ALGORITHM-TYPE, { DigestAlgorithmSet | OtherDigestAlgorithms } }
Con ::= OCTET STRING (CONTAINING SEQUENCE { a INTEGER, b BOOLEAN })
END
`,
			`M DEFINITIONS ::=
BEGIN

EXPORTS AlphaType, BetaType, GammaType, DeltaType, EpsilonType, ZetaType,
    EtaType, ThetaType;

Colour ::= ENUMERATED {
    red,
    orange,
    yellow,
    green,
    blue,
    indigo,
    violet,
    ultraviolet,
    ...
}

Short ::= ENUMERATED { red, green }

Objs OBJECT-CLASS ::= {
    object-one | object-two | object-three | object-four | object-five |
    object-six
}

Big ::= SEQUENCE {
    extnValue OCTET STRING
        (CONTAINING EXTENSION.&ExtnType ({ExtensionSet}{@extnId})
            ENCODED BY der)
}

List ::= SEQUENCE (SIZE (1..maxNumberOfElementsInTheList)) OF
    VeryLongElementTypeName-r17

Params ::= AlgorithmIdentifier{
    DIGEST-ALGORITHM-TYPE,
    { DigestAlgorithmSet | OtherDigestAlgorithms }
}

Con ::= OCTET STRING (CONTAINING SEQUENCE {
    a INTEGER,
    b BOOLEAN
})

END
`},
		{"X.208 macro definitions and instances",
			`RFC1155-SMI DEFINITIONS ::= BEGIN
OBJECT-TYPE MACRO ::= BEGIN
    TYPE NOTATION ::= "SYNTAX" type (TYPE ObjectSyntax) "ACCESS" Access
    VALUE NOTATION ::= value (VALUE ObjectName)
    Access ::= "read-only" | "read-write"
END
EMPTY MACRO ::= BEGIN END
OTHER MACRO ::= Mod.OBJECT-TYPE
sysDescr OBJECT-TYPE
        SYNTAX  OCTET STRING
        ACCESS  read-only
        STATUS  mandatory
        ::= { system 1 }
ifType OBJECT-TYPE SYNTAX INTEGER { other(1), regular1822(2) } ACCESS read-only STATUS mandatory ::= { ifEntry 3 }
END
`,
			`RFC1155-SMI DEFINITIONS ::=
BEGIN

OBJECT-TYPE MACRO ::= BEGIN
    TYPE NOTATION ::= "SYNTAX" type(TYPE ObjectSyntax) "ACCESS" Access VALUE
        NOTATION ::= value(VALUE ObjectName) Access ::= "read-only" |
        "read-write"
END

EMPTY MACRO ::= BEGIN
END

OTHER MACRO ::= Mod.OBJECT-TYPE

sysDescr OBJECT-TYPE
    SYNTAX OCTET STRING ACCESS read-only STATUS mandatory
    ::= { system 1 }

ifType OBJECT-TYPE
    SYNTAX INTEGER { other(1), regular1822(2) } ACCESS read-only STATUS
        mandatory
    ::= { ifEntry 3 }

END
`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, err := ParseFile("t.asn", []byte(tt.src))
			if err != nil {
				t.Fatalf("ParseFile: %v", err.(ErrorList).String())
			}
			if diff := cmp.Diff(tt.want, string(printFile(t, f))); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
			if msg := checkRoundTrip(t, f); msg != "" {
				t.Error(msg)
			}
		})
	}
}

// TestCorpusRoundTrip prints every corpus file that parses without error
// (modules of every source, and the mutated and extracted files that
// happen to be valid), parses the text again and compares the trees, then
// checks that printing is idempotent.
func TestCorpusRoundTrip(t *testing.T) {
	dir := corpusDir(t)
	counts := map[string][2]int{} // kind: {round-tripped, parsed}
	var failures []string
	for _, e := range readIndex(t, dir) {
		src, err := os.ReadFile(filepath.Join(dir, e.path))
		if err != nil {
			t.Errorf("%s: %v", e.path, err)
			continue
		}
		f, perr := ParseFile(e.path, src)
		if perr != nil {
			continue
		}
		c := counts[e.kind]
		c[1]++
		if msg := checkRoundTrip(t, f); msg != "" {
			failures = append(failures, e.path+": "+msg)
		} else {
			c[0]++
		}
		counts[e.kind] = c
	}
	kinds := make([]string, 0, len(counts))
	total := [2]int{}
	for k, c := range counts {
		kinds = append(kinds, k)
		total[0] += c[0]
		total[1] += c[1]
	}
	sort.Strings(kinds)
	for _, k := range kinds {
		t.Logf("round trip %-22s %4d/%4d parsed files", k, counts[k][0], counts[k][1])
	}
	t.Logf("round trip total %d/%d parsed files", total[0], total[1])
	if total[1] == 0 {
		t.Error("no corpus file parsed")
	}
	for i, f := range failures {
		if i == 5 {
			t.Errorf("... and %d more failures", len(failures)-i)
			break
		}
		t.Error(f)
	}
}

// otherNode is a Node the printer does not know.
type otherNode struct{}

func (otherNode) Position() Pos { return Pos{} }

func TestFprintNode(t *testing.T) {
	f, err := ParseFile("t.asn", []byte(`M DEFINITIONS ::= BEGIN
		T ::= SEQUENCE { a INTEGER (0..7), b CHOICE { x NULL, y BOOLEAN } OPTIONAL }
		v T ::= { a 5, b y : TRUE }
		END`))
	if err != nil {
		t.Fatal(err)
	}
	ta := f.Modules[0].Assignments[0].(*TypeAssignment)
	seq := ta.Type.(*SequenceType)
	a := seq.Components.Root[0]
	b := seq.Components.Root[1]
	va := f.Modules[0].Assignments[1].(*ValueAssignment)
	tests := []struct {
		name string
		node Node
		want string
	}{
		{"assignment", ta, "T ::= SEQUENCE {\n    a INTEGER (0..7),\n    b CHOICE {\n        x NULL,\n        y BOOLEAN\n    } OPTIONAL\n}\n"},
		{"nested type starts at column 1", b.NamedType.Type, "CHOICE {\n    x NULL,\n    y BOOLEAN\n}\n"},
		{"component", a, "a INTEGER (0..7)\n"},
		{"constraint", a.NamedType.Type.(*ConstrainedType).Constraints[0], "(0..7)\n"},
		{"element set spec without parentheses", a.NamedType.Type.(*ConstrainedType).Constraints[0].Spec.(*ElementSetSpecs).Root, "0..7\n"},
		{"brace value", va.Value, "{ a 5, b y : TRUE }\n"},
		{"module", f.Modules[0], "M DEFINITIONS ::=\nBEGIN\n\nT ::= SEQUENCE {\n    a INTEGER (0..7),\n    b CHOICE {\n        x NULL,\n        y BOOLEAN\n    } OPTIONAL\n}\n\nv T ::= { a 5, b y : TRUE }\n\nEND\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b bytes.Buffer
			if err := FprintNode(&b, tt.node); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, b.String()); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
	for _, n := range []Node{nil, otherNode{}, &TaggedType{Type: &IntegerType{}}} {
		if err := FprintNode(&bytes.Buffer{}, n); err == nil {
			t.Errorf("FprintNode(%T) succeeded, want an error", n)
		}
	}
}

// TestFprintBuiltTree prints a tree built by a program (no positions) and
// parses it back. Tokens without positions are taken as adjacent where
// "[[" matters.
func TestFprintBuiltTree(t *testing.T) {
	tok := func(k tokenKind, v string) Token { return Token{Type: k, Value: v} }
	f := &File{Name: "built.asn", Modules: []*ModuleDefinition{{
		Identifier: &ModuleIdentifier{Name: "Built", OID: []*DefinitiveObjIdComponent{{Name: "iso", Number: "1"}, {Number: "3"}}},
		TagDefault: TagDefaultAutomatic,
		Assignments: []Assignment{
			&TypeAssignment{Name: "Rec", Type: &SequenceType{Components: ComponentTypeLists{
				Root:      []*ComponentType{{NamedType: &NamedType{Name: "id", Type: &IntegerType{}}}},
				Extension: &ExtensionAndException{},
				Additions: []ExtensionAddition{&ExtensionAdditionGroup{Version: "2", Components: []*ComponentType{
					{NamedType: &NamedType{Name: "note", Type: &RestrictedCharacterStringType{Name: "UTF8String"}}, Optional: true},
				}}},
			}}},
			&ValueAssignment{Name: "obj", Type: &TypeReference{Name: "CLS"}, Value: &BraceValue{Tokens: []Token{
				tok(TokUpper, "TYPE"), tok(kwSEQUENCE, "SEQUENCE"), tok(TokLBrace, "{"), tok(TokLower, "a"), tok(kwINTEGER, "INTEGER"),
				tok(TokComma, ","), tok(TokEllipsis, "..."), tok(TokComma, ","), tok(TokLBracket, "["), tok(TokLBracket, "["),
				tok(TokLower, "b"), tok(kwBOOLEAN, "BOOLEAN"), tok(TokRBracket, "]"), tok(TokRBracket, "]"), tok(TokRBrace, "}"),
			}}},
		},
	}}}
	want := `Built { iso(1) 3 }
DEFINITIONS AUTOMATIC TAGS ::=
BEGIN

Rec ::= SEQUENCE {
    id INTEGER,
    ...,
    [[2:
        note UTF8String OPTIONAL
    ]]
}

obj CLS ::= { TYPE SEQUENCE { a INTEGER, ..., [[b BOOLEAN]] } }

END
`
	out := printFile(t, f)
	if diff := cmp.Diff(want, string(out)); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	g, err := ParseFile("built.asn", out)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(f, g, ignorePos); diff != "" {
		t.Errorf("parse(print(tree)) (-built +parsed):\n%s", diff)
	}
}

// FuzzPrint checks the printer's properties on any input the parser
// accepts: the printed text parses to the same tree and printing is
// idempotent.
func FuzzPrint(f *testing.F) {
	seeds := []string{
		"M DEFINITIONS ::= BEGIN T ::= INTEGER END",
		"M {iso 1 a(TBD)} DEFINITIONS AUTOMATIC TAGS ::= BEGIN IMPORTS a FROM B c; S ::= SEQUENCE { a INTEGER OPTIONAL, ..., [[2: b BOOLEAN ]] } END",
		"M DEFINITIONS ::= BEGIN C ::= CLASS { &id INTEGER UNIQUE, &T } WITH SYNTAX { ID &id [TYPE &T] } o C ::= { ID 1 TYPE NULL } END",
		"M DEFINITIONS ::= BEGIN S ::= SEQUENCE { id C.&id ({Os}), v C.&T ({Os}{@.id}) } Os C ::= { o | p, ... } END",
		"M DEFINITIONS ::= BEGIN v S ::= { a { 1 2 }, b \"x\"\"y\", c '0F'H, d [[x]], e - 1 .. < 2.5, f @..a } T ::= REAL (1...2 | 20<..<MAX, ... ! 3) END",
		"M DEFINITIONS ::= BEGIN A ::= [XER:ATTRIBUTE [x]] SET SIZE(1..2) OF x IA5String (FROM(\"a\"..\"z\")) ENCODING-CONTROL XER { a } b END",
	}
	for _, s := range seeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		file, err := ParseFile("fuzz.asn", src)
		if err != nil {
			return
		}
		if msg := checkRoundTrip(t, file); msg != "" {
			t.Fatalf("%q: %s", src, msg)
		}
	})
}

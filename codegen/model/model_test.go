package model

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// checkSrc checks inline modules; each source is named m0.asn, m1.asn, ...
func checkSrc(srcs ...string) *Set {
	var in []Source
	for i, s := range srcs {
		in = append(in, Source{Name: fmt.Sprintf("m%d.asn", i), Src: []byte(s)})
	}
	return Check(in...)
}

func diagLines(s *Set) []string {
	var out []string
	for _, d := range s.Diags {
		out = append(out, d.Error())
	}
	return out
}

func tagString(tags []Tag) string {
	var parts []string
	for _, t := range tags {
		parts = append(parts, t.String())
	}
	return strings.Join(parts, " ")
}

// componentTags describes the tags of each component of the named type as
// "name: tags".
func componentTags(t *testing.T, s *Set, module, typ string) []string {
	t.Helper()
	m := s.Module(module)
	if m == nil || m.Lookup(typ) == nil {
		t.Fatalf("no %s.%s; diags:\n%s", module, typ, s.Diags)
	}
	u := m.Lookup(typ).Type.Underlying()
	var out []string
	for _, c := range u.Components {
		out = append(out, c.Name+": "+tagString(c.Type.Tags))
	}
	return out
}

func TestTagging(t *testing.T) {
	tests := []struct {
		name  string
		src   string
		typ   string
		want  []string
		diags []string
	}{
		{
			// X.680 25.3/25.4: no root component is tagged, so all are
			// tagged [0], [1], ... in order, implicitly except the CHOICE
			// (X.680 31.2.7 c); the root components are numbered before the
			// extension additions.
			name: "automatic",
			src: `M DEFINITIONS AUTOMATIC TAGS ::= BEGIN
T ::= SEQUENCE { a INTEGER, b BOOLEAN, c CHOICE { x INTEGER, y BOOLEAN }, ..., d IA5String, ..., e NULL }
END`,
			typ:  "T",
			want: []string{"a: [0]", "b: [1]", "c: [2] EXPLICIT", "d: [4]", "e: [3]"},
		},
		{
			// X.680 25.3: one tagged root component turns automatic tagging
			// off for the whole list; the tag default is then IMPLICIT.
			name: "automatic off when a component is tagged",
			src: `M DEFINITIONS AUTOMATIC TAGS ::= BEGIN
T ::= SEQUENCE { a INTEGER, b [5] BOOLEAN, c OCTET STRING OPTIONAL }
END`,
			typ:  "T",
			want: []string{"a: [UNIVERSAL 2]", "b: [5]", "c: [UNIVERSAL 4]"},
		},
		{
			name: "automatic CHOICE",
			src: `M DEFINITIONS AUTOMATIC TAGS ::= BEGIN
T ::= CHOICE { a INTEGER, b SEQUENCE OF INTEGER }
END`,
			typ:  "T",
			want: []string{"a: [0]", "b: [1]"},
		},
		{
			name: "explicit default",
			src: `M DEFINITIONS ::= BEGIN
T ::= SEQUENCE { a [0] INTEGER, b [1] IMPLICIT INTEGER, c [APPLICATION 2] EXPLICIT U }
U ::= [PRIVATE 7] IMPLICIT BOOLEAN
END`,
			typ:  "T",
			want: []string{"a: [0] EXPLICIT [UNIVERSAL 2]", "b: [1]", "c: [APPLICATION 2] EXPLICIT [PRIVATE 7]"},
		},
		{
			// X.680 31.2.7 c: under IMPLICIT TAGS a tag on an untagged CHOICE
			// or open type is explicit; on a tagged CHOICE it replaces the
			// tag.
			name: "implicit default and CHOICE",
			src: `M DEFINITIONS IMPLICIT TAGS ::= BEGIN
T ::= SEQUENCE { a [0] C, b [1] TC, c [2] ANY, d [3] INTEGER }
C ::= CHOICE { x INTEGER, y BOOLEAN }
TC ::= [9] CHOICE { x INTEGER, y BOOLEAN }
END`,
			typ:  "T",
			want: []string{"a: [0] EXPLICIT", "b: [1] EXPLICIT", "c: [2] EXPLICIT", "d: [3]"},
		},
		{
			name: "IMPLICIT on an untagged CHOICE is an error",
			src: `M DEFINITIONS ::= BEGIN
T ::= SEQUENCE { a [0] IMPLICIT C }
C ::= CHOICE { x INTEGER, y BOOLEAN }
END`,
			typ:   "T",
			want:  []string{"a: [0] EXPLICIT"},
			diags: []string{"m0.asn:2:20: IMPLICIT tag on an untagged CHOICE (X.680 31.2.9)"},
		},
		{
			// Issue 24: "IMPLICIT tag on an untagged invalid", a
			// follow-on error printed before its cause.
			name: "IMPLICIT on a type that does not resolve",
			src: `M DEFINITIONS ::= BEGIN
T ::= SEQUENCE { a [0] IMPLICIT C, b [1] IMPLICIT Q }
C ::= Undefined
Q ::= R
R ::= Q
END`,
			typ:   "T",
			want:  []string{"a: [0] EXPLICIT", "b: [1] EXPLICIT"},
			diags: []string{"m0.asn:3:7: undefined reference Undefined", "m0.asn:4:1: Q is defined in terms of itself"},
		},
		{
			// RFC 5280's 1988 modules define the string types themselves.
			name: "redefined universal type",
			src: `M DEFINITIONS IMPLICIT TAGS ::= BEGIN
T ::= SEQUENCE { a UniversalString, b BMPString }
UniversalString ::= [UNIVERSAL 28] IMPLICIT OCTET STRING
END`,
			typ:  "T",
			want: []string{"a: [UNIVERSAL 28]", "b: [UNIVERSAL 30]"},
		},
		{
			// X.680 25.3: the decision is taken on the components as
			// written (COMPONENTS OF is not a tagged NamedType), and the
			// tags are given after the COMPONENTS OF transformation: the
			// copied [1] BOOLEAN is re-tagged [2] (an implicit tag replaces
			// the outermost one), while U itself, which has a tagged
			// component, is not tagged automatically.
			name: "COMPONENTS OF before automatic tagging",
			src: `M DEFINITIONS AUTOMATIC TAGS ::= BEGIN
T ::= SEQUENCE { a IA5String, COMPONENTS OF U, b UniversalString }
U ::= SEQUENCE { one INTEGER, two [1] BOOLEAN, ..., three NULL }
END`,
			typ:  "T",
			want: []string{"a: [0]", "one: [1]", "two: [2]", "b: [3]"},
		},
		{
			// X.680 25.4 with version brackets: additions and groups are
			// numbered after the whole root, in textual order.
			name: "automatic tags of extension groups",
			src: `M DEFINITIONS AUTOMATIC TAGS ::= BEGIN
T ::= SEQUENCE { a INTEGER, ..., [[2: b BOOLEAN, c NULL ]], d OCTET STRING, ..., e REAL }
END`,
			typ:  "T",
			want: []string{"a: [0]", "b: [2]", "c: [3]", "d: [4]", "e: [1]"},
		},
		{
			// X.680 27 and 25.3: a SET is tagged automatically like a
			// SEQUENCE; a SEQUENCE OF keeps its universal tag inside.
			name: "automatic SET",
			src: `M DEFINITIONS AUTOMATIC TAGS ::= BEGIN
T ::= SET { a INTEGER, b SEQUENCE OF INTEGER, c ENUMERATED { x, y } }
END`,
			typ:  "T",
			want: []string{"a: [0]", "b: [1]", "c: [2]"},
		},
		{
			name: "COMPONENTS OF copies the root",
			src: `M DEFINITIONS AUTOMATIC TAGS ::= BEGIN
T ::= SEQUENCE { x BOOLEAN, COMPONENTS OF U }
U ::= SEQUENCE { a INTEGER, ..., b NULL }
END`,
			typ:  "T",
			want: []string{"x: [0]", "a: [1]"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := checkSrc(tt.src)
			if diff := cmp.Diff(tt.diags, diagLines(s)); diff != "" {
				t.Errorf("diagnostics (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.want, componentTags(t, s, "M", tt.typ)); diff != "" {
				t.Errorf("tags (-want +got):\n%s", diff)
			}
		})
	}
}

func TestDiagnostics(t *testing.T) {
	tests := []struct {
		name string
		srcs []string
		want []string
	}{
		{
			name: "CHOICE alternatives clash",
			srcs: []string{`M DEFINITIONS ::= BEGIN
C ::= CHOICE { a INTEGER, b [0] BOOLEAN, c INTEGER }
D ::= CHOICE { x C, y [0] NULL }
END`},
			want: []string{
				"m0.asn:2:42: alternatives of the CHOICE: a and c have the same tag [UNIVERSAL 2] (X.680 29.2)",
				"m0.asn:3:21: alternatives of the CHOICE: x and y have the same tag [0] (X.680 29.2)",
			},
		},
		{
			name: "SET components clash",
			srcs: []string{`M DEFINITIONS IMPLICIT TAGS ::= BEGIN
S ::= SET { a [1] INTEGER, b [1] BOOLEAN, c INTEGER OPTIONAL }
END`},
			want: []string{"m0.asn:2:28: components of the SET: a and b have the same tag [1] (X.680 27.3)"},
		},
		{
			// X.680 27.3 with 29: an untagged CHOICE in a SET brings the
			// tags of its alternatives.
			name: "untagged CHOICE in a SET clashes through its alternatives",
			srcs: []string{`M DEFINITIONS ::= BEGIN
S ::= SET { a INTEGER, c CHOICE { x BOOLEAN, y INTEGER } }
END`},
			want: []string{"m0.asn:2:24: components of the SET: a and c have the same tag [UNIVERSAL 2] (X.680 27.3)"},
		},
		{
			name: "SEQUENCE optional run",
			srcs: []string{`M DEFINITIONS ::= BEGIN
S ::= SEQUENCE { a INTEGER OPTIONAL, b INTEGER, c BOOLEAN OPTIONAL, d [0] NULL, e BOOLEAN }
END`},
			want: []string{"m0.asn:2:38: components of the SEQUENCE: a and b have the same tag [UNIVERSAL 2] (X.680 25.6.1)"},
		},
		{
			name: "second extension marker in ENUMERATED",
			srcs: []string{`M DEFINITIONS ::= BEGIN
E ::= ENUMERATED { a, ..., b, ..., c }
END`},
			want: []string{"m0.asn:2:31: second extension marker in ENUMERATED (X.680 20.1 admits one)"},
		},
		{
			name: "missing module",
			srcs: []string{`A DEFINITIONS ::= BEGIN
IMPORTS T FROM Missing { 1 2 3 };
U ::= T
END`},
			want: []string{"m0.asn:2:16: module Missing not found (imported by A); no module of the set has its OID 1.2.3"},
		},
		{
			name: "missing symbol",
			srcs: []string{`A DEFINITIONS ::= BEGIN
IMPORTS T, V FROM B;
U ::= T
END`, `B DEFINITIONS ::= BEGIN
EXPORTS T;
T ::= INTEGER
V ::= BOOLEAN
END`},
			want: []string{"m0.asn:2:12: V is not exported by module B (the EXPORTS rule of X.680 13; -lenient imports it all the same)"},
		},
		{
			name: "undefined symbol in imported module",
			srcs: []string{`A DEFINITIONS ::= BEGIN
IMPORTS T FROM B;
END`, `B DEFINITIONS ::= BEGIN
END`},
			want: []string{"m0.asn:2:9: T is not defined in module B (imported by A)"},
		},
		{
			// RFC 3281 imports PKIX1Explicit88 with id-pkix1-explicit-88(1)
			// where RFC 5280 declares (18).
			name: "OID mismatch is a warning",
			srcs: []string{`AC DEFINITIONS ::= BEGIN
IMPORTS Name FROM PKIX1Explicit88 { iso(1) identified-organization(3) dod(6) internet(1) security(5) mechanisms(5) pkix(7) id-mod(0) id-pkix1-explicit-88(1) };
H ::= SEQUENCE { n Name }
END`, `PKIX1Explicit88 { iso(1) identified-organization(3) dod(6) internet(1) security(5) mechanisms(5) pkix(7) id-mod(0) id-pkix1-explicit(18) }
DEFINITIONS EXPLICIT TAGS ::= BEGIN
Name ::= SEQUENCE OF INTEGER
END`},
			want: []string{"m0.asn:2:19: warning: module PKIX1Explicit88 is imported with OID 1.3.6.1.5.5.7.0.1 but declared with OID 1.3.6.1.5.5.7.0.18 (at m1.asn:1:1); bound by name [-accept import-oid:AC]"},
		},
		{
			// X.680 13.16: the AssignedIdentifier identifies the module;
			// a module renamed since is found by its OID (asn1c's
			// 13-resolver-OK), also for Module.name references.
			name: "import of a renamed module by its OID",
			srcs: []string{`A DEFINITIONS ::= BEGIN
IMPORTS T, v FROM Renamed { 1 3 9999 2 };
U ::= SEQUENCE { t T, u Renamed.T DEFAULT v }
END`, `B { 1 3 9999 2 } DEFINITIONS ::= BEGIN
T ::= INTEGER
v T ::= 7
END`},
			want: []string{"m0.asn:2:19: warning: no module is named Renamed; the module with its OID 1.3.9999.2, B (at m1.asn:1:1), is used [-accept import-renamed:A]"},
		},
		{
			// X.680 20.7 and its examples: an addition may be numbered below
			// the root's numbers, not below an earlier addition, and no
			// number is used twice.
			name: "ENUMERATED addition numbers",
			srcs: []string{`A DEFINITIONS ::= BEGIN
Fine ::= ENUMERATED { a, b(3), ..., c(1) }
Fine2 ::= ENUMERATED { a, z(25), ..., d, e(30) }
Down ::= ENUMERATED { a, ..., c(5), d(4) }
Same ::= ENUMERATED { a, b, ..., c, d(2) }
END`},
			want: []string{
				"m0.asn:4:37: enumeration addition d must be numbered above 5, the number of an earlier addition",
				"m0.asn:5:37: enumeration item d has the number 2 of c",
			},
		},
		{
			name: "circular imports",
			srcs: []string{`A DEFINITIONS ::= BEGIN
IMPORTS U FROM B;
T ::= SEQUENCE { u U OPTIONAL }
END`, `B DEFINITIONS ::= BEGIN
IMPORTS T FROM A;
U ::= SEQUENCE OF T
END`},
		},
		{
			name: "duplicate and undefined names",
			srcs: []string{`A DEFINITIONS ::= BEGIN
T ::= INTEGER
T ::= BOOLEAN
U ::= SEQUENCE { a Nope, b INTEGER (0..ub) }
v INTEGER ::= w
END`},
			want: []string{
				"m0.asn:3:1: T is defined twice in module A (first at m0.asn:2:1)",
				"m0.asn:4:20: undefined reference Nope",
				"m0.asn:4:40: undefined reference ub",
				"m0.asn:5:15: undefined reference w",
			},
		},
		{
			name: "DEFAULT values are type-checked",
			srcs: []string{`A DEFINITIONS ::= BEGIN
T ::= SEQUENCE { v Version DEFAULT v1, f BOOLEAN DEFAULT 3, k KeyUsage DEFAULT {digitalSignature, nope} }
Version ::= INTEGER { v1(0), v2(1) }
KeyUsage ::= BIT STRING { digitalSignature(0), nonRepudiation(1) }
END`},
			want: []string{
				"m0.asn:2:58: 3 is not a valid BOOLEAN value",
				"m0.asn:2:99: nope is not a named bit of the type",
			},
		},
		{
			// X.208 macros are parsed but not interpreted: the definition and
			// each instance is one error at its node; the rest of the module
			// is checked.
			name: "X.208 macros",
			srcs: []string{`SMI DEFINITIONS ::= BEGIN
OBJECT-TYPE MACRO ::= BEGIN TYPE NOTATION ::= "SYNTAX" type(TYPE ObjectSyntax) VALUE NOTATION ::= value(VALUE ObjectName) END
ObjectName ::= OBJECT IDENTIFIER
system OBJECT IDENTIFIER ::= { 1 3 6 1 2 1 1 }
sysDescr OBJECT-TYPE
        SYNTAX  OCTET STRING
        ACCESS  read-only
        STATUS  mandatory
        ::= { system 1 }
END`},
			want: []string{
				"m0.asn:2:1: MACRO notation (X.208) is not supported: macro OBJECT-TYPE cannot be used; define it as an information object class (X.681)",
				"m0.asn:5:1: value sysDescr uses the X.208 macro OBJECT-TYPE, which is not supported",
			},
		},
		{
			// The LAMPS drafts write "(TBD1)" until the arc is assigned. The
			// module OID is then unknown: no arc 0 is made up, and an import
			// naming the module by another OID is not reported as a
			// mismatch (it cannot be confirmed either way).
			name: "draft placeholder in the module OID",
			srcs: []string{`Draft { iso(1) identified-organization(3) id-mod-x(TBD1) } DEFINITIONS ::= BEGIN
T ::= INTEGER
END`, `User DEFINITIONS ::= BEGIN
IMPORTS T FROM Draft { iso(1) identified-organization(3) id-mod-x(0) };
U ::= SEQUENCE { t T }
END`},
			want: []string{"m0.asn:1:43: warning: module OID has the draft placeholder TBD1 where a number belongs [-accept draft-oid:Draft]"},
		},
		{
			// Issue 24: ITU-T's X.694 XSD module constrains DURATION with
			// WITH COMPONENTS on the components of DURATION-EQUIVALENT
			// (X.680 38.4.4); the names are checked, and TIME has no
			// components.
			name: "WITH COMPONENTS on DURATION",
			srcs: []string{`XSD DEFINITIONS AUTOMATIC TAGS ::= BEGIN
GenericTimeTypeChoice{Type1, Type2} ::= CHOICE { time Type1, string Type2 }
Duration ::= GenericTimeTypeChoice {
            DURATION
                  ((WITH COMPONENTS {...,
                                     seconds ABSENT,
                                     fractional-part ABSENT})|
                   (WITH COMPONENTS {...,
                                     seconds PRESENT})),
            VisibleString (FROM ("0".."9" | "DHMPSTY:.+-"))}
D ::= DURATION
D2 ::= D (WITH COMPONENTS {..., weeks ABSENT, fractional-part (WITH COMPONENTS {number-of-digits (1..3)})})
D3 ::= DURATION (WITH COMPONENTS {..., decades ABSENT})
T ::= TIME (WITH COMPONENTS {..., seconds ABSENT})
END`},
			want: []string{
				"m0.asn:13:40: DURATION has no component decades: WITH COMPONENTS names those of DURATION-EQUIVALENT (years, months, weeks, days, hours, minutes, seconds, fractional-part; X.680 38.4.4)",
				"m0.asn:14:13: a WITH COMPONENTS constraint does not apply to TIME (X.680 51.8.3)",
			},
		},
		{
			name: "constraint applicability",
			srcs: []string{`A DEFINITIONS ::= BEGIN
I ::= INTEGER (SIZE(0..4))
S ::= OCTET STRING (FROM("a".."z"))
B ::= BOOLEAN (TRUE..FALSE)
L ::= SEQUENCE OF INTEGER (WITH COMPONENTS { a })
Q ::= SEQUENCE { a INTEGER } (WITH COMPONENT (0..1))
P ::= INTEGER (PATTERN "a*")
Fine ::= SEQUENCE (SIZE(1..4)) OF IA5String (FROM("a".."z") ^ SIZE(1..8))
R ::= REAL (0..10)
END`},
			want: []string{
				"m0.asn:2:16: a SIZE constraint does not apply to INTEGER (X.680 51.5.1)",
				"m0.asn:3:21: a permitted alphabet (FROM) does not apply to OCTET STRING (X.680 51.7.1)",
				"m0.asn:4:16: a value range does not apply to BOOLEAN (X.680 51.4.1)",
				"m0.asn:5:28: a WITH COMPONENTS constraint does not apply to INTEGER (X.680 51.8.3)",
				"m0.asn:6:31: a WITH COMPONENT constraint does not apply to SEQUENCE (X.680 51.8.2)",
				"m0.asn:7:16: a PATTERN constraint does not apply to INTEGER (X.680 51.9.1)",
			},
		},
		{
			// Copies of a module in different files are merged; a file that
			// defines the same module twice is an error.
			name: "module defined twice in one file",
			srcs: []string{`M { 1 2 3 } DEFINITIONS ::= BEGIN
END
M { 1 2 3 } DEFINITIONS ::= BEGIN
END`, `M { 1 2 3 } DEFINITIONS ::= BEGIN
END`},
			want: []string{"m0.asn:3:1: module M is defined twice in this file (first at m0.asn:1:1)"},
		},
		{
			name: "untagged open type where tags must differ",
			srcs: []string{`A DEFINITIONS ::= BEGIN
T ::= SEQUENCE { i INTEGER OPTIONAL, any ANY }
U ::= SEQUENCE { i INTEGER, any ANY, t [0] ANY OPTIONAL, b BOOLEAN }
C ::= CHOICE { i INTEGER, any ANY }
S ::= SET { any ANY }
END`},
			want: []string{
				"m0.asn:2:38: components of the SEQUENCE: any is an untagged open type, whose tag is indeterminate, so it cannot be told from the others (X.680 25.6.1); tag it",
				"m0.asn:4:27: alternatives of the CHOICE: any is an untagged open type, whose tag is indeterminate, so it cannot be told from the others (X.680 29.2); tag it (-lenient decodes as any an element that no other alternative's tag selects)",
			},
		},
		{
			name: "string value of another string type",
			srcs: []string{`A DEFINITIONS AUTOMATIC TAGS ::= BEGIN
T ::= SEQUENCE { a UTF8String DEFAULT g, b UniversalString DEFAULT p, c PR DEFAULT p, d T61String DEFAULT t }
g GeneralString ::= "Cyprus"
p PrintableString ::= "Rwanda"
t TeletexString ::= "Malta"
PR ::= PrintableString
END`},
			want: []string{"m0.asn:2:39: g is a GeneralString value, which does not map to UTF8String (X.680 B.5: values map only between character string types of fixed character sets)"},
		},
		{
			name: "characters outside the string type",
			srcs: []string{`A DEFINITIONS ::= BEGIN
Fine ::= NumericString (FROM(" ".."9"))
Bad ::= NumericString (FROM("0".."9" | "#"))
R ::= PrintableString (FROM("a".."~"))
p PrintableString ::= "a@b"
i IA5String ::= "café"
END`},
			want: []string{
				"m0.asn:3:40: '#' is not a character of NumericString (X.680 41, Table 9)",
				"m0.asn:4:29: '~' is not a character of PrintableString (X.680 41, Table 10)",
				"m0.asn:5:23: '@' is not a character of PrintableString (X.680 41, Table 10)",
				"m0.asn:6:17: 'é' is not a character of IA5String (X.680 41, Table 8)",
			},
		},
		{
			name: "value range beyond the parent type",
			srcs: []string{`A DEFINITIONS ::= BEGIN
Int ::= INTEGER (1..32) (MIN..63)
Sub ::= Int (5)
Far ::= Int (0 | 4)
Ext ::= INTEGER (1..32, ...) (1..64)
Ok ::= Int (2..MAX)
END`},
			want: []string{
				"m0.asn:2:25: 63 is not a value of the parent type, which is constrained to 1..32 (X.680 51.4)",
				"m0.asn:4:13: 0 is not a value of the parent type, which is constrained to 1..32 (X.680 51.4)",
			},
		},
		{
			name: "reference cycle",
			srcs: []string{`A DEFINITIONS ::= BEGIN
T ::= U
U ::= T
END`},
			want: []string{"m0.asn:3:1: U is defined in terms of itself"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := checkSrc(tt.srcs...)
			if diff := cmp.Diff(tt.want, diagLines(s)); diff != "" {
				t.Errorf("diagnostics (-want +got):\n%s", diff)
			}
		})
	}
}

func TestValues(t *testing.T) {
	s := checkSrc(`A DEFINITIONS ::= BEGIN
IMPORTS id-pkix FROM B;
id-pe OBJECT IDENTIFIER ::= { id-pkix 1 }
id-ce OBJECT IDENTIFIER ::= { joint-iso-ccitt ds(5) 29 }
id-x OBJECT IDENTIFIER ::= { iso member-body us(840) arc }
arc INTEGER ::= 113549
rel RELATIVE-OID ::= { 3 arc }
t BOOLEAN ::= TRUE
h OCTET STRING ::= 'CAFE'H
b BIT STRING ::= '101'B
s IA5String ::= "hi"
ku KeyUsage ::= { keyCertSign, digitalSignature }
KeyUsage ::= BIT STRING { digitalSignature(0), keyCertSign(5) }
v Version ::= v3
Version ::= INTEGER { v1(0), v3(2) }
c C ::= b : 5
C ::= CHOICE { a BOOLEAN, b INTEGER }
q Q ::= { x 1, y { 2, 3 } }
nations Nations ::= { nation "Austria", nation "Australia" }
Nations ::= SEQUENCE OF nation VisibleString
Q ::= SEQUENCE { x INTEGER, y SEQUENCE OF INTEGER, z BOOLEAN OPTIONAL }
END`, `B DEFINITIONS ::= BEGIN
id-pkix OBJECT IDENTIFIER ::= { iso(1) identified-organization(3) dod(6) internet(1) security(5) mechanisms(5) pkix(7) }
END`)
	if len(s.Diags) != 0 {
		t.Fatalf("diagnostics:\n%s", s.Diags)
	}
	describe := func(v *Value) string {
		switch v.Kind {
		case ValueOID, ValueRelativeOID:
			return v.OID.String()
		case ValueInteger:
			return fmt.Sprint(v.Int)
		case ValueBoolean:
			return fmt.Sprint(v.Bool)
		case ValueOctetString:
			return fmt.Sprintf("%x", v.Bytes)
		case ValueBitString:
			return fmt.Sprintf("%x/%d %v", v.Bytes, v.BitLen, v.Names)
		case ValueString:
			return v.String
		case ValueChoice:
			return fmt.Sprintf("%s:%d", v.Name, v.Elems[0].Int)
		case ValueList:
			var parts []string
			for _, e := range v.Elems {
				parts = append(parts, e.String)
			}
			return strings.Join(parts, ",")
		case ValueSequence:
			var parts []string
			for _, f := range v.Fields {
				parts = append(parts, f.Name)
			}
			return fmt.Sprintf("%v %d", parts, len(v.Fields[1].Value.Elems))
		}
		return "?"
	}
	want := map[string]string{
		"id-pe": "1.3.6.1.5.5.7.1",
		"id-ce": "2.5.29",
		"id-x":  "1.2.840.113549",
		"arc":   "113549",
		"rel":   "3.113549",
		"t":     "true",
		"h":     "cafe",
		"b":     "a0/3 []",
		"s":     "hi",
		"ku":    "84/6 [keyCertSign digitalSignature]",
		"v":     "2",
		"c":     "b:5",
		"q":     "[x y] 2",
		// X.680 26.3: the elements may carry the element's identifier.
		"nations": "Austria,Australia",
	}
	got := map[string]string{}
	for _, a := range s.Module("A").Assignments {
		if a.Kind == KindValue {
			got[a.Name] = describe(a.Value)
		}
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("values (-want +got):\n%s", diff)
	}
}

func TestRecursiveAndParameterized(t *testing.T) {
	s := checkSrc(`A DEFINITIONS IMPLICIT TAGS ::= BEGIN
Tree ::= SEQUENCE { value INTEGER, children SEQUENCE OF Tree }
List{T} ::= SEQUENCE { head T, tail List{T} OPTIONAL }
Ints ::= List{INTEGER}
SIGNED{ToBeSigned} ::= SEQUENCE { toBeSigned ToBeSigned, signature BIT STRING }
Cert ::= SIGNED{TBS}
Crl ::= SIGNED{TBS}
TBS ::= SEQUENCE { serial INTEGER (1..MAX), name IA5String (SIZE (1..64)) }
END`)
	if len(s.Diags) != 0 {
		t.Fatalf("diagnostics:\n%s", s.Diags)
	}
	m := s.Module("A")
	tree := m.Lookup("Tree").Type
	if got := tree.Components[1].Type.Elem.Ref; got != m.Lookup("Tree") {
		t.Errorf("Tree.children element refers to %v, want Tree", got)
	}
	ints := m.Lookup("Ints").Type.Ref
	if ints == nil || ints.Instance != m.Lookup("List") {
		t.Fatalf("Ints is not an instance of List: %+v", ints)
	}
	tail := ints.Type.Components[1].Type
	if tail.Ref != ints {
		t.Errorf("List{INTEGER}.tail refers to %v, want the instance itself", tail.Ref)
	}
	if k := ints.Type.Components[0].Type.Kind; k != TypeInteger {
		t.Errorf("List{INTEGER}.head is %v", k)
	}
	cert, crl := m.Lookup("Cert").Type.Ref, m.Lookup("Crl").Type.Ref
	if cert == nil || cert != crl {
		t.Errorf("SIGNED{TBS} is instantiated twice: %p %p", cert, crl)
	}
	tbs := m.Lookup("TBS").Type
	c := tbs.Components[1].Type.Constraints
	if c == nil || c.Size == nil || *c.Size != (Range{Min: 1, Max: 64}) {
		t.Errorf("TBS.name size constraint = %+v", c)
	}
	if got := m.Lookup("Cert").Source; got != "Cert ::= SIGNED{TBS}" {
		t.Errorf("Cert source = %q", got)
	}
}

// TestPlaceholderOID checks that a module OID with a draft placeholder is
// left unknown rather than evaluated with a made-up arc, while a module
// with numbers only gets its OID.
func TestPlaceholderOID(t *testing.T) {
	s := checkSrc(`Draft { iso(1) member-body(2) id-mod-x(TBD1) } DEFINITIONS ::= BEGIN END`,
		`Final { iso(1) member-body(2) id-mod-x(7) } DEFINITIONS ::= BEGIN END`)
	for _, tt := range []struct {
		module string
		isNil  bool
		want   string
	}{{"Draft", true, ""}, {"Final", false, "1.2.7"}} {
		m := s.Module(tt.module)
		if m == nil {
			t.Fatalf("no module %s; diags:\n%s", tt.module, s.Diags)
		}
		if (m.OID == nil) != tt.isNil || m.OID.String() != tt.want {
			t.Errorf("module %s: OID %q (nil %v), want %q (nil %v)", tt.module, m.OID, m.OID == nil, tt.want, tt.isNil)
		}
	}
}

// TestAlphabetRange checks that a range of characters runs over the
// characters of the string type only (X.680 51.4.3).
func TestAlphabetRange(t *testing.T) {
	s := checkSrc(`A DEFINITIONS ::= BEGIN
N ::= NumericString (FROM(" ".."9"))
P ::= PrintableString (FROM("+".."0"))
END`)
	if len(s.Diags) != 0 {
		t.Fatalf("diagnostics: %v", s.Diags)
	}
	for _, tc := range []struct{ name, want string }{{"N", " 0123456789"}, {"P", "+,-./0"}} {
		got := s.Module("A").Lookup(tc.name).Type.Constraints.Alphabet
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%s alphabet (-want +got):\n%s", tc.name, diff)
		}
	}
}

// TestBigRanges checks that range endpoints outside int64 are kept exactly
// (Min and Max saturate; BigMin and BigMax hold them), through single
// values, open endpoints, unions and intersections.
func TestBigRanges(t *testing.T) {
	s := checkSrc(`A DEFINITIONS ::= BEGIN
U64 ::= INTEGER (0..18446744073709551615)
Open ::= INTEGER (-18446744073709551616<..<18446744073709551616)
Union ::= INTEGER (0..5 | 18446744073709551615)
Inter ::= INTEGER (0..18446744073709551615) (1..MAX)
Small ::= INTEGER (0..18446744073709551615) (0..255)
Edge ::= INTEGER (-9223372036854775808..9223372036854775807)
High ::= INTEGER (18446744073709551616..18446744073709551620)
Low ::= INTEGER (-18446744073709551620..-18446744073709551616)
END`)
	if d := diagLines(s); len(d) != 0 {
		t.Fatalf("diagnostics: %v", d)
	}
	for _, tt := range []struct{ name, lo, hi string }{
		{"U64", "0", "18446744073709551615"},
		{"Open", "-18446744073709551615", "18446744073709551615"},
		{"Union", "0", "18446744073709551615"},
		{"Inter", "1", "18446744073709551615"},
		{"Small", "0", "255"},
		{"Edge", "-9223372036854775808", "9223372036854775807"},
		// Both endpoints beyond one limit of int64.
		{"High", "18446744073709551616", "18446744073709551620"},
		{"Low", "-18446744073709551620", "-18446744073709551616"},
	} {
		c := s.Module("A").Lookup(tt.name).Type.Constraints
		if c == nil || c.Value == nil {
			t.Errorf("%s: no value constraint", tt.name)
			continue
		}
		lo, hi := c.Value.Exact()
		if lo.String() != tt.lo || hi.String() != tt.hi {
			t.Errorf("%s: range %v..%v, want %s..%s", tt.name, lo, hi, tt.lo, tt.hi)
		}
		if got, want := c.Value.Big(), tt.name != "Small"; got != want {
			t.Errorf("%s: Big() = %v", tt.name, got)
		}
	}
}

// TestEncodingControlNote checks that an ENCODING-CONTROL section, whatever
// its encoding reference and notation ("*" of XER targets), is a note and
// not an error: its instructions do not apply to BER and DER (X.680 54).
func TestEncodingControlNote(t *testing.T) {
	s := checkSrc(`M DEFINITIONS ::= BEGIN
AnyType ::= SEQUENCE { elem-list SEQUENCE OF elem UTF8String }
ENCODING-CONTROL XER
    ANY-ELEMENT AnyType.elem-list.*
ENCODING-CONTROL PER-OTHER # ?
END`)
	want := []string{
		"m0.asn:3:1: note: ENCODING-CONTROL XER: encoding instructions apply only to the encoding rules they name (X.680 54), so this section does not change BER or DER and is not read [-accept encoding-control:M]",
		"m0.asn:5:1: note: ENCODING-CONTROL PER-OTHER: encoding instructions apply only to the encoding rules they name (X.680 54), so this section does not change BER or DER and is not read [-accept encoding-control:M]",
	}
	if diff := cmp.Diff(want, diagLines(s)); diff != "" {
		t.Errorf("diagnostics (-want +got):\n%s", diff)
	}
	if n := s.Diags.Errors(); n != 0 {
		t.Errorf("%d errors", n)
	}
}

// TestECNModuleNote checks that an X.692 module is one note, not a syntax
// error at its first token, and that the ASN.1 modules of the set check.
func TestECNModuleNote(t *testing.T) {
	s := checkSrc(`MyEDM {iso standard 1 edm(1)} ENCODING-DEFINITIONS ::= BEGIN
EXPORTS #MyInt;
#MyInt ::= #INT
END
MyELM LINK-DEFINITIONS ::= BEGIN
ENCODE M.T WITH myEncodings COMPLETED BY per-basic-unaligned
END
M DEFINITIONS ::= BEGIN T ::= INTEGER END`)
	want := []string{
		"m0.asn:1:1: note: MyEDM is an X.692 encoding definition module (ENCODING-DEFINITIONS), not an ASN.1 module: it specifies encodings other than BER and DER, so it is not read [-accept ecn:MyEDM]",
		"m0.asn:5:1: note: MyELM is an X.692 encoding link module (LINK-DEFINITIONS), not an ASN.1 module: it specifies encodings other than BER and DER, so it is not read [-accept ecn:MyELM]",
	}
	if diff := cmp.Diff(want, diagLines(s)); diff != "" {
		t.Errorf("diagnostics (-want +got):\n%s", diff)
	}
	if s.Module("M") == nil || s.Module("M").Lookup("T") == nil {
		t.Error("module M is not loaded")
	}
}

// TestValuesThroughObjectsAndOpenTypes evaluates the values that RFC 5911
// and 5912 give as DEFAULTs: a value field of an object taken from an
// object field (kwa-aes128-wrap.&smimeCaps.&id, X.681 15), and open type
// values written Type : Value (X.681 14.6), which keep their type.
func TestValuesThroughObjectsAndOpenTypes(t *testing.T) {
	s := checkSrc(`A DEFINITIONS ::= BEGIN
CAPS ::= CLASS { &id OBJECT IDENTIFIER UNIQUE, &Type OPTIONAL } WITH SYNTAX { [TYPE &Type] IDENTIFIED BY &id }
WRAP ::= CLASS { &id OBJECT IDENTIFIER UNIQUE, &caps CAPS OPTIONAL } WITH SYNTAX { IDENTIFIER &id [CAPS &caps] }
wrap WRAP ::= { IDENTIFIER { 1 2 3 } CAPS { IDENTIFIED BY { 1 2 4 } } }
capsID OBJECT IDENTIFIER ::= wrap.&caps.&id
Alg ::= SEQUENCE { algorithm OBJECT IDENTIFIER, parameters TYPE-IDENTIFIER.&Type OPTIONAL }
Hash ::= SEQUENCE { n INTEGER }
sha1 Alg ::= { algorithm { 1 3 14 3 2 26 }, parameters NULL : NULL }
mgf Alg ::= { algorithm { 1 2 840 113549 1 1 8 }, parameters Hash : { n 5 } }
END`)
	if len(s.Diags) != 0 {
		t.Fatalf("diagnostics:\n%s", s.Diags)
	}
	m := s.Module("A")
	if v := m.Lookup("capsID").Value; v == nil || v.Kind != ValueOID || v.OID.String() != "1.2.4" {
		t.Errorf("capsID = %+v, want the OID 1.2.4", v)
	}
	params := func(name string) *Value {
		v := m.Lookup(name).Value
		if v == nil || v.Kind != ValueSequence || len(v.Fields) != 2 {
			t.Fatalf("%s = %+v, want a SEQUENCE value of two components", name, v)
		}
		return v.Fields[1].Value
	}
	if p := params("sha1"); p.OpenType == nil || p.OpenType.Kind != TypeNull || len(p.Elems) != 1 || p.Elems[0].Kind != ValueNull {
		t.Errorf("sha1's parameters = %+v, want NULL : NULL", p)
	}
	p := params("mgf")
	if p.OpenType == nil || p.OpenType.Ref == nil || p.OpenType.Ref.Name != "Hash" || len(p.Elems) != 1 {
		t.Fatalf("mgf's parameters = %+v, want a value of Hash", p)
	}
	if e := p.Elems[0]; e.Kind != ValueSequence || len(e.Fields) != 1 || e.Fields[0].Value.Int != 5 {
		t.Errorf("mgf's parameters' value = %+v, want { n 5 }", e)
	}
	// A value that does not match its type is an error.
	bad := checkSrc(`A DEFINITIONS ::= BEGIN
Alg ::= SEQUENCE { parameters TYPE-IDENTIFIER.&Type }
x Alg ::= { parameters BOOLEAN : 5 }
END`)
	if len(bad.Diags) == 0 {
		t.Errorf("BOOLEAN : 5 accepted")
	}
}

package oerdump

import (
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/asn1gen/asn1gen/codegen/model"
)

const featuresModule = `T DEFINITIONS AUTOMATIC TAGS ::= BEGIN
S ::= SEQUENCE {
  a INTEGER (0..255),
  b INTEGER DEFAULT 5,
  f BIT STRING {x(0), y(1)} (SIZE(8)),
  g BIT STRING {p(0), q(1), r(2)},
  ...,
  c BOOLEAN
}
EndEntityType ::= BIT STRING { app(0), enroll(1) } (SIZE (8))
D ::= SEQUENCE {
  e EndEntityType DEFAULT {app},
  o OCTET STRING (SIZE (2)) DEFAULT '0102'H,
  n INTEGER (0..255)
}
H ::= SEQUENCE { h OCTET STRING (CONTAINING P) }
P ::= SEQUENCE { a INTEGER (0..255) }
END
`

// TestFeatures dumps hand-made encodings (X.696) of a SEQUENCE with a
// DEFAULT component, named bits and extension additions, and checks the
// leaves, the errors and the JER.
func TestFeatures(t *testing.T) {
	set := model.CheckWith(model.Options{}, model.Source{Name: "t.asn", Src: []byte(featuresModule)})
	if set.Diags.Errors() > 0 {
		t.Fatal(set.Diags.String())
	}
	s, root, err := Load(set, "S", nil)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name      string
		hex       string
		canonical bool
		leaves    string // field=value of the leaves, in order
		errors    string // path@offset kind, of the errors
		jer       string
	}{
		{"named bits, trailing 0 bits left out of the JER", "000780020540", false,
			"a=7 f='10000000'B(x) g='010'B(q)", "",
			`{"a":7,"f":"80","g":{"value":"40","length":2}}`},
		{"DEFAULT with its default, BASIC-OER: left out of the JER", "40070105800100", false,
			"a=7 b=5 f='10000000'B(x) g=''B", "",
			`{"a":7,"f":"80","g":{"value":"","length":0}}`},
		{"DEFAULT with its default, CANONICAL-OER: an error", "40070105800100", true,
			"a=7 b=5", "S.b@2 non-canonical", ""},
		{"an addition", "8007800100020780" + "01ff", true,
			"a=7 f='10000000'B(x) g=''B c=TRUE", "",
			`{"a":7,"f":"80","g":{"value":"","length":0},"c":true}`},
		{"an addition of a later version: skipped", "8007800100020640" + "0100", false,
			"a=7 f='10000000'B(x) g=''B =", "",
			`{"a":7,"f":"80","g":{"value":"","length":0}}`},
		{"the field of an addition cut short", "8007800100020780" + "02ff", false,
			"a=7 f='10000000'B(x) g=''B", "S.c@8 truncated", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, err := hex.DecodeString(tt.hex)
			if err != nil {
				t.Fatal(err)
			}
			res := s.Decode(b, root, &Options{Canonical: tt.canonical})
			var leaves []string
			for _, c := range res.Elements[0].Children {
				l := c.Field + "=" + c.Value
				if c.Name != "" {
					l += "(" + c.Name + ")"
				}
				leaves = append(leaves, l)
			}
			var errs []string
			for _, is := range res.Issues {
				errs = append(errs, is.Path+"@"+strconv.Itoa(is.Offset)+" "+is.Kind)
			}
			got := []string{strings.Join(leaves, " "), strings.Join(errs, ", ")}
			if diff := cmp.Diff([]string{tt.leaves, tt.errors}, got); diff != "" {
				t.Errorf("leaves and errors (-want +got):\n%s", diff)
			}
			j, err := JER(res)
			if tt.jer == "" {
				if err == nil {
					t.Errorf("JER of a value with errors: %s", j)
				}
				return
			}
			if err != nil || string(j) != tt.jer {
				t.Errorf("JER = %s, %v; want %s", j, err, tt.jer)
			}
		})
	}
}

// TestDefaultEncodings: a DEFAULT component of any type (a BIT STRING
// with named bits, as IEEE 1609.2's eeType EndEntityType DEFAULT {app};
// an OCTET STRING) whose value is its default is left out of the JER in
// BASIC-OER and an error in CANONICAL-OER (X.696 16.2), as the generated
// codecs decide: the octets read are the default's CANONICAL-OER encoding.
func TestDefaultEncodings(t *testing.T) {
	set := model.CheckWith(model.Options{}, model.Source{Name: "t.asn", Src: []byte(featuresModule)})
	if set.Diags.Errors() > 0 {
		t.Fatal(set.Diags.String())
	}
	s, root, err := Load(set, "D", nil)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, hex string
		canonical bool
		errors    string
		jer       string
	}{
		// the preamble (e, o present), e in 8 bits, n
		{"eeType {app}, BASIC-OER", "80 80 07", false, "", `{"n":7}`},
		{"eeType {app}, CANONICAL-OER", "80 80 07", true, "D.e@1 non-canonical", ""},
		{"eeType {enroll}", "80 40 07", true, "", `{"e":"40","n":7}`},
		{"eeType {app, enroll}", "80 c0 07", true, "", `{"e":"C0","n":7}`},
		{"o '0102'H, BASIC-OER", "40 0102 07", false, "", `{"n":7}`},
		{"o '0102'H, CANONICAL-OER", "40 0102 07", true, "D.o@1 non-canonical", ""},
		{"o '0103'H", "40 0103 07", true, "", `{"o":"0103","n":7}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, err := hex.DecodeString(strings.ReplaceAll(tt.hex, " ", ""))
			if err != nil {
				t.Fatal(err)
			}
			res := s.Decode(b, root, &Options{Canonical: tt.canonical})
			var errs []string
			for _, is := range res.Issues {
				errs = append(errs, is.Path+"@"+strconv.Itoa(is.Offset)+" "+is.Kind)
			}
			if got := strings.Join(errs, ", "); got != tt.errors {
				t.Errorf("errors %q, want %q", got, tt.errors)
			}
			j, err := JER(res)
			if tt.jer == "" {
				if err == nil {
					t.Errorf("JER of a value with errors: %s", j)
				}
				return
			}
			if err != nil || string(j) != tt.jer {
				t.Errorf("JER = %s, %v; want %s", j, err, tt.jer)
			}
		})
	}
}

// TestContainingJER: the JER of an OCTET STRING (CONTAINING P) is
// {"containing": value} (X.697 24), as the generated MarshalJSON writes
// it; in OER the string is a length and P's encoding (X.696 14).
func TestContainingJER(t *testing.T) {
	set := model.CheckWith(model.Options{}, model.Source{Name: "t.asn", Src: []byte(featuresModule)})
	if set.Diags.Errors() > 0 {
		t.Fatal(set.Diags.String())
	}
	s, root, err := Load(set, "H", nil)
	if err != nil {
		t.Fatal(err)
	}
	res := s.Decode([]byte{0x01, 0x07}, root, &Options{Canonical: true})
	const want = `{"h":{"containing":{"a":7}}}`
	if j, err := JER(res); err != nil || string(j) != want {
		t.Errorf("JER = %s, %v; want %s", j, err, want)
	}
}

// TestSetOrder: a SET's components are read in the canonical order of
// their tags (X.680 8.6, X.696 18), universal before application before
// context-specific, an untagged CHOICE placed by its least tag, whatever
// the order of their definition.
func TestSetOrder(t *testing.T) {
	const src = `M DEFINITIONS AUTOMATIC TAGS ::= BEGIN
Z ::= SET { b [0] BOOLEAN, n INTEGER (0..255), c CHOICE { x [APPLICATION 1] BOOLEAN, y [PRIVATE 2] BOOLEAN } }
END`
	set := model.CheckWith(model.Options{}, model.Source{Name: "m.asn", Src: []byte(src)})
	if set.Diags.Errors() > 0 {
		t.Fatal(set.Diags.String())
	}
	s, root, err := Load(set, "Z", nil)
	if err != nil {
		t.Fatal(err)
	}
	// n = 5 (one octet, X.696 10.3), c = x (tag octet 41: APPLICATION 1,
	// X.696 20.2) TRUE, b = FALSE.
	res := s.Decode([]byte{0x05, 0x41, 0xff, 0x00}, root, &Options{Canonical: true})
	var got []string
	for _, c := range res.Elements[0].Children {
		got = append(got, fmt.Sprintf("%s@%d", c.Field, c.Offset))
	}
	for _, is := range res.Issues {
		got = append(got, is.Path+" "+is.Kind)
	}
	if diff := cmp.Diff([]string{"n@0", "c.x@1", "b@3"}, got); diff != "" {
		t.Errorf("components (-want +got):\n%s", diff)
	}
}

// TestContainedDER: an OCTET STRING (CONTAINING T ENCODED BY der) holds a
// length and the DER of T, which the DER schema dump reads: its elements
// are the string's, at their offsets in the OER input, and a non-DER
// encoding is an error there, with the path through T that the generated
// codecs report (testdata/gen/oer-der.txtar). The offset is the DER
// schema dump's, the element at fault (8), where a generated decoder
// names its contents octet (10).
func TestContainedDER(t *testing.T) {
	const src = `M DEFINITIONS IMPLICIT TAGS ::= BEGIN
Inner ::= SEQUENCE { n INTEGER (0..255), ok BOOLEAN }
Outer ::= SEQUENCE {
  id     INTEGER (0..255),
  inner  OCTET STRING (CONTAINING Inner ENCODED BY der),
  loose  OCTET STRING (CONTAINING Inner ENCODED BY ber) OPTIONAL
}
der OBJECT IDENTIFIER ::= {joint-iso-itu-t asn1(1) ber-derived(2) distinguished-encoding(1)}
ber OBJECT IDENTIFIER ::= {joint-iso-itu-t asn1(1) basic-encoding(1)}
END`
	set := model.CheckWith(model.Options{}, model.Source{Name: "m.asn", Src: []byte(src)})
	if set.Diags.Errors() > 0 {
		t.Fatal(set.Diags.String())
	}
	s, root, err := Load(set, "Outer", nil)
	if err != nil {
		t.Fatal(err)
	}
	// The DER of Inner{5, TRUE} (X.690 8.2, 11.1), and with TRUE as 01,
	// BER only.
	const innerDER, innerBER = "3006020105" + "0101ff", "3006020105" + "010101"
	for _, tt := range []struct {
		name, hex string
		got       []string // field@offset=value of the elements, then path@offset kind of the errors
	}{
		// The preamble (loose absent), id, inner's length 8 at 2 and
		// its DER from 3: the SEQUENCE, n's element at 5, ok's at 8.
		{"DER", "0007" + "08" + innerDER,
			[]string{"id@1=7", "inner@2=", "@3=", "n@5=5", "ok@8=TRUE"}},
		{"BER where DER is required", "0007" + "08" + innerBER,
			[]string{"id@1=7", "inner@2=", "@3=", "n@5=5", "ok@8=TRUE", "Outer.inner.Inner.ok@8 non-canonical"}},
		{"BER where BER is allowed", "8007" + "08" + innerDER + "08" + innerBER,
			[]string{"id@1=7", "inner@2=", "@3=", "n@5=5", "ok@8=TRUE", "loose@11=", "@12=", "n@14=5", "ok@17=TRUE"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			b, err := hex.DecodeString(tt.hex)
			if err != nil {
				t.Fatal(err)
			}
			res := s.Decode(b, root, nil)
			var got []string
			var walk func(ns []*Node)
			walk = func(ns []*Node) {
				for _, c := range ns {
					got = append(got, fmt.Sprintf("%s@%d=%s", c.Field, c.Offset, c.Value))
					walk(c.Children)
				}
			}
			walk(res.Elements[0].Children)
			for _, is := range res.Issues {
				got = append(got, is.Path+"@"+strconv.Itoa(is.Offset)+" "+is.Kind)
			}
			if diff := cmp.Diff(tt.got, got); diff != "" {
				t.Errorf("elements and errors (-want +got):\n%s", diff)
			}
		})
	}
}

// derOpenModule has X.509 2016's Extension over a set with rows.
const derOpenModule = `M DEFINITIONS IMPLICIT TAGS ::= BEGIN
EXTENSION ::= CLASS { &id OBJECT IDENTIFIER UNIQUE, &ExtnType } WITH SYNTAX { SYNTAX &ExtnType IDENTIFIED BY &id }
Extension ::= SEQUENCE {
  extnId     EXTENSION.&id({ExtensionSet}),
  critical   BOOLEAN DEFAULT FALSE,
  extnValue  OCTET STRING (CONTAINING EXTENSION.&ExtnType({ExtensionSet}{@extnId}) ENCODED BY der),
  ... }
ExtensionSet EXTENSION ::= { basicConstraints | policies | subjectKeyIdentifier | realTime, ... }
basicConstraints EXTENSION ::= { SYNTAX BasicConstraints IDENTIFIED BY {2 5 29 19} }
BasicConstraints ::= SEQUENCE { cA BOOLEAN DEFAULT FALSE, pathLenConstraint INTEGER (0..MAX) OPTIONAL }
policies EXTENSION ::= { SYNTAX SEQUENCE SIZE (1..MAX) OF OBJECT IDENTIFIER IDENTIFIED BY {2 5 29 32} }
subjectKeyIdentifier EXTENSION ::= { SYNTAX OCTET STRING IDENTIFIED BY {2 5 29 14} }
realTime EXTENSION ::= { SYNTAX REAL IDENTIFIED BY {2 5 29 99 1} }
der OBJECT IDENTIFIER ::= {joint-iso-itu-t asn1(1) ber-derived(2) distinguished-encoding(1)}
END`

// TestContainedDEROpen: an OCTET STRING (CONTAINING an open type ENCODED
// BY der), X.509 2016's Extension.extnValue, holds a length and the DER of
// the value of the row its key selects, which the DER schema dump reads
// as the generated union reads it with its DER methods
// (testdata/gen/oer-der-open.txtar): a row of an assigned type and one
// written in the object, a row without a type and a key the extensible
// set does not list (their octets raw), and a non-DER encoding, an error
// at the element at fault in the OER input.
func TestContainedDEROpen(t *testing.T) {
	set := model.CheckWith(model.Options{}, model.Source{Name: "m.asn", Src: []byte(derOpenModule)})
	if set.Diags.Errors() > 0 {
		t.Fatal(set.Diags.String())
	}
	s, root, err := Load(set, "Extension", nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name, hex string
		got       []string // field@offset=value of the elements, then path@offset kind of the errors
	}{
		// The preamble, extnId (a length and 55 1d 13) at 1, extnValue's
		// length 8 at 5 and the DER of BasicConstraints{TRUE, 0} from 6:
		// the SEQUENCE, cA's element at 8, pathLenConstraint's at 11.
		{"assigned type", "00" + "03551d13" + "08" + "30060101ff020100",
			[]string{"extnId@1=2.5.29.19", "extnValue@5=", "@6=", "cA@8=TRUE", "pathLenConstraint@11=0"}},
		// SEQUENCE OF OBJECT IDENTIFIER {1.2.3}, written in the object.
		{"type in the object", "00" + "03551d20" + "06" + "3004" + "06022a03",
			[]string{"extnId@1=2.5.29.32", "extnValue@5=", "@6=", "@8=1.2.3"}},
		{"row without a type", "00" + "03551d0e" + "04" + "04020102",
			[]string{"extnId@1=2.5.29.14", "extnValue@5="}},
		{"key not in the set", "00" + "03551d63" + "02" + "abcd",
			[]string{"extnId@1=2.5.29.99", "extnValue@5="}},
		// cA's TRUE as 01: DER requires ff (X.690 11.1).
		{"not DER", "00" + "03551d13" + "08" + "3006010101020100",
			[]string{"extnId@1=2.5.29.19", "extnValue@5=", "@6=", "cA@8=TRUE", "pathLenConstraint@11=0", "Extension.extnValue.BasicConstraints.cA@8 non-canonical"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			b, err := hex.DecodeString(tt.hex)
			if err != nil {
				t.Fatal(err)
			}
			res := s.Decode(b, root, &Options{Canonical: true})
			var got []string
			var walk func(ns []*Node)
			walk = func(ns []*Node) {
				for _, c := range ns {
					got = append(got, fmt.Sprintf("%s@%d=%s", c.Field, c.Offset, c.Value))
					walk(c.Children)
				}
			}
			walk(res.Elements[0].Children)
			for _, is := range res.Issues {
				got = append(got, is.Path+"@"+strconv.Itoa(is.Offset)+" "+is.Kind)
			}
			if diff := cmp.Diff(tt.got, got); diff != "" {
				t.Errorf("elements and errors (-want +got):\n%s", diff)
			}
		})
	}
}

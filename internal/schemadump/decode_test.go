package schemadump

import (
	"bytes"
	"encoding/json"
	"encoding/pem"
	"os"
	"strings"
	"testing"

	"github.com/asn1gen/asn1gen/runtime/der"
	"github.com/google/go-cmp/cmp"
)

// TestDecode reads encodings of the types of testdata/test.asn, each made
// to exercise one way of reading, and compares what the dump says of each
// element (the text form without its offset columns) and the errors.
func TestDecode(t *testing.T) {
	s := loadTest(t)
	pair := seq(oid("1.2.3.1"), integer(5))
	ber := &Options{BER: true}
	tests := []struct {
		name   string
		typ    string
		data   []byte
		opts   *Options
		lines  []string
		issues []string
	}{
		{"key before the value", "Pair", pair, nil, []string{
			"Pair",
			"  id OBJECT IDENTIFIER 1.2.3.1 (id-int)",
			"  value INTEGER 5  -- kind-int",
		}, nil},
		{"another row", "Pair", seq(oid("1.2.3.2"), utf8s("hi")), nil, []string{
			"Pair",
			"  id OBJECT IDENTIFIER 1.2.3.2 (id-str)",
			"  value UTF8String \"hi\"  -- kind-str",
		}, nil},
		{"row without a type, value absent", "Pair", seq(oid("1.2.3.3")), nil, []string{
			"Pair",
			"  id OBJECT IDENTIFIER 1.2.3.3 (id-none)",
		}, nil},
		{"row without a type, value present", "Pair", seq(oid("1.2.3.3"), integer(1)), nil, []string{
			"Pair",
			"  id OBJECT IDENTIFIER 1.2.3.3 (id-none)",
			"  value KIND.&Type INTEGER 1  -- kind-none defines no &Type",
		}, nil},
		{"key outside an extensible table", "Pair", seq(oid("1.2.3.9"), integer(1)), nil, []string{
			"Pair",
			"  id OBJECT IDENTIFIER 1.2.3.9",
			"  value KIND.&Type INTEGER 1  -- 1.2.3.9 is not in Kinds (extensible)",
		}, nil},
		{"value not of the row's type", "Pair", seq(oid("1.2.3.1"), utf8s("x")), nil, []string{
			"Pair",
			"  id OBJECT IDENTIFIER 1.2.3.1 (id-int)",
			"  value KIND.&Type UTF8String \"x\"  -- not a value of INTEGER, the type of kind-int  !! INTEGER: expected INTEGER, got UTF8String",
		}, []string{"Pair.value@7 tag mismatch: INTEGER: expected INTEGER, got UTF8String"}},
		{"key after the value", "Reversed", seq(tlv(0xa0, utf8s("x")), oid("1.2.3.2")), nil, []string{
			"Reversed",
			"  value [0] EXPLICIT KIND.&Type",
			"    UTF8String \"x\"  -- kind-str",
			"  id OBJECT IDENTIFIER 1.2.3.2 (id-str)",
		}, nil},
		{"key after the value, outside a closed table", "Reversed", seq(tlv(0xa0, utf8s("x")), oid("1.2.3.9")), nil, []string{
			"Reversed",
			"  value [0] EXPLICIT KIND.&Type",
			"    KIND.&Type UTF8String \"x\"  -- 1.2.3.9 is not in ClosedKinds  !! KIND.&Type: key not in the object set of the table constraint (X.682 10)",
			"  id OBJECT IDENTIFIER 1.2.3.9",
		}, []string{"Reversed.value@4 constraint violated: KIND.&Type: key not in the object set of the table constraint (X.682 10)"}},
		{"key in a SET, after the value", "Unordered", set(tlv(0xa0, integer(7)), tlv(0x81, oidContents("1.2.3.1"))), nil, []string{
			"Unordered",
			"  value [0] EXPLICIT KIND.&Type",
			"    INTEGER 7  -- kind-int",
			"  id [1] OBJECT IDENTIFIER 1.2.3.1 (id-int)",
		}, nil},
		{"SET out of order", "Unordered", set(tlv(0x81, oidContents("1.2.3.1")), tlv(0xa0, integer(7))), nil, []string{
			"Unordered",
			"  id [1] OBJECT IDENTIFIER 1.2.3.1 (id-int)",
			"  value [0] EXPLICIT KIND.&Type  !! Unordered: SET components not in ascending tag order (X.690 10.3)",
			"    INTEGER 7  -- kind-int",
		}, []string{"Unordered.value@7 non-canonical: Unordered: SET components not in ascending tag order (X.690 10.3)"}},
		{"open type in an OCTET STRING", "Wrapped", seq(oid("1.2.3.1"), octets(integer(300))), nil, []string{
			"Wrapped",
			"  id OBJECT IDENTIFIER 1.2.3.1 (id-int)",
			"  octets OCTET STRING, containing:",
			"    INTEGER 300  -- kind-int",
		}, nil},
		{"octets after the contained value", "Wrapped", seq(oid("1.2.3.1"), octets(integer(300), integer(1))), nil, []string{
			"Wrapped",
			"  id OBJECT IDENTIFIER 1.2.3.1 (id-int)",
			"  octets OCTET STRING, containing:",
			"    INTEGER 300  -- kind-int",
			"    INTEGER 1  !! INTEGER: octets after the contained value (X.682 11.3)",
		}, []string{"Wrapped.octets@13 trailing data: INTEGER: octets after the contained value (X.682 11.3)"}},
		{"a list of values of one key", "Values", seq(oid("1.2.3.2"), set(utf8s("a"), utf8s("b"))), nil, []string{
			"Values",
			"  id OBJECT IDENTIFIER 1.2.3.2 (id-str)",
			"  values SET OF",
			"    UTF8String \"a\"  -- kind-str",
			"    UTF8String \"b\"  -- kind-str",
		}, nil},
		{"SET OF out of order", "Values", seq(oid("1.2.3.2"), set(utf8s("b"), utf8s("a"))), nil, []string{
			"Values",
			"  id OBJECT IDENTIFIER 1.2.3.2 (id-str)",
			"  values SET OF  !! SET OF: SET OF elements not in ascending order (X.690 11.6)",
			"    UTF8String \"b\"  -- kind-str",
			"    UTF8String \"a\"  -- kind-str",
		}, []string{"Values.values@12 non-canonical: SET OF: SET OF elements not in ascending order (X.690 11.6)"}},
		{"SET OF out of order, BER", "Values", seq(oid("1.2.3.2"), set(utf8s("b"), utf8s("a"))), ber, []string{
			"Values",
			"  id OBJECT IDENTIFIER 1.2.3.2 (id-str)",
			"  values SET OF  !! not DER: SET OF elements not in ascending order (X.690 11.6)",
			"    UTF8String \"b\"  -- kind-str",
			"    UTF8String \"a\"  -- kind-str",
		}, nil},
		{"every optional component, and an unknown extension", "Record",
			seq(utf8s("abc"), tlv(0x03, []byte{5, 0xa0}), tlv(0x0a, []byte{2}), tlv(0x80, []byte{3}), tlv(0x81, pair),
				tlv(0x83, []byte{0xff}), set(integer(1), integer(2)), utf8s("ext")), nil, []string{
				"Record",
				"  name UTF8String \"abc\"",
				"  flags Flags unused=5 a0 '101'B (a, c)",
				"  color Color 2 (blue)",
				"  small [0] INTEGER 3",
				"  inner [1] OCTET STRING, containing:",
				"    Pair",
				"      id OBJECT IDENTIFIER 1.2.3.1 (id-int)",
				"      value INTEGER 5  -- kind-int",
				"  choice.nested.yes [3] BOOLEAN TRUE",
				"  list SET OF",
				"    INTEGER 1",
				"    INTEGER 2",
				"  UTF8String \"ext\"  -- an extension addition this schema does not know",
			}, nil},
		{"values the schema does not allow", "Record",
			seq(integer(0), utf8s("abcdefghij"), tlv(0x03, []byte{4, 0x40}), tlv(0x0a, []byte{7}), tlv(0x80, []byte{11}), tlv(0x84)), nil, []string{
				"Record",
				"  version INTEGER 0 (v1)  !! Record: component equal to its DEFAULT value is encoded (X.690 11.5)",
				"  name UTF8String \"abcdefghij\"  !! UTF8String: SIZE 10 outside (1..8) (X.680 51)",
				"  flags Flags unused=4 40 '0100'B (b)  !! BIT STRING: trailing zero bits in a named bit list (X.690 11.2.2)",
				"  color Color 7  !! ENUMERATED: value 7 is not an item of the enumeration (X.680 20)",
				"  small [0] INTEGER 11  !! INTEGER: value 11 outside (0..10) (X.680 51)",
				"  choice.nested.no [4] NULL",
			}, []string{
				"Record.version@2 non-canonical: Record: component equal to its DEFAULT value is encoded (X.690 11.5)",
				"Record.name@5 constraint violated: UTF8String: SIZE 10 outside (1..8) (X.680 51)",
				"Record.flags@17 non-canonical: BIT STRING: trailing zero bits in a named bit list (X.690 11.2.2)",
				"Record.color@21 invalid value: ENUMERATED: value 7 is not an item of the enumeration (X.680 20)",
				"Record.small@24 constraint violated: INTEGER: value 11 outside (0..10) (X.680 51)",
			}},
		{"DEFAULT encoded, BER", "Record", seq(integer(0), utf8s("a"), integer(3)), ber, []string{
			"Record",
			"  version INTEGER 0 (v1)  !! not DER: component equal to its DEFAULT value is encoded (X.690 11.5)",
			"  name UTF8String \"a\"",
			"  choice.num INTEGER 3",
		}, nil},
		{"a constructed BOOLEAN", "Record", seq(utf8s("a"), tlv(0xa3, boolean(true))), nil, []string{
			"Record",
			"  name UTF8String \"a\"",
			"  choice.nested.yes [3] BOOLEAN  !! BOOLEAN: constructed encoding of a primitive type (X.690 8.1.2.5)",
			"    BOOLEAN TRUE",
		}, []string{"Record.choice.nested.yes@5 malformed: BOOLEAN: constructed encoding of a primitive type (X.690 8.1.2.5)"}},
		{"missing component", "Record", seq(utf8s("a")), nil, []string{
			"Record  !! Record: missing component with tag INTEGER (X.680 25)",
			"  name UTF8String \"a\"",
		}, []string{"Record.choice@5 truncated: Record: missing component with tag INTEGER (X.680 25)"}},
		{"no alternative", "Record", seq(utf8s("a"), tlv(0x85)), nil, []string{
			"Record",
			"  name UTF8String \"a\"",
			"  choice [5]  !! Alt: no alternative has tag [5] (X.680 29)",
		}, []string{"Record.choice@5 tag mismatch: Alt: no alternative has tag [5] (X.680 29)"}},
		{"element after the last component", "Strict", seq(integer(1), boolean(true), integer(2)), nil, []string{
			"Strict",
			"  a INTEGER 1",
			"  b BOOLEAN TRUE",
			"  INTEGER 2  !! Strict: element after the last component (X.680 25)",
		}, []string{"Strict@8 trailing data: Strict: element after the last component (X.680 25)"}},
		{"wrong tag, the rest raw", "Strict", seq(boolean(true), integer(2)), nil, []string{
			"Strict",
			"  a BOOLEAN TRUE  !! INTEGER: expected INTEGER, got BOOLEAN",
			"  INTEGER 2",
		}, []string{"Strict.a@2 tag mismatch: INTEGER: expected INTEGER, got BOOLEAN"}},
		{"SET: order, duplicate", "Both", set(tlv(0x81, []byte{0}), tlv(0x80, []byte{1}), tlv(0x80, []byte{1})), nil, []string{
			"Both",
			"  y [1] BOOLEAN FALSE",
			"  x [0] INTEGER 1  !! Both: SET components not in ascending tag order (X.690 10.3)",
			"  x [0] 01  !! Both: SET component occurs twice (X.680 27)",
		}, []string{
			"Both.x@5 non-canonical: Both: SET components not in ascending tag order (X.690 10.3)",
			"Both.x@8 malformed: Both: SET component occurs twice (X.680 27)",
		}},
		{"SET: missing component", "Both", set(tlv(0x80, []byte{1})), nil, []string{
			"Both  !! Both: missing component with tag [1] (X.680 25)",
			"  x [0] INTEGER 1",
		}, []string{"Both.y@5 truncated: Both: missing component with tag [1] (X.680 25)"}},
		{"unknown alternative of an extensible CHOICE", "Open", tlv(0x85, []byte{1}), nil, []string{
			"[5] 01  -- an alternative of Open this schema does not know (extensible CHOICE)",
		}, nil},
		{"recursion", "Tree", seq(integer(1), seq(seq(integer(2), seq()), seq(integer(3), seq()))), nil, []string{
			"Tree",
			"  value INTEGER 1",
			"  children SEQUENCE OF Tree",
			"    Tree",
			"      value INTEGER 2",
			"      children SEQUENCE OF Tree",
			"    Tree",
			"      value INTEGER 3",
			"      children SEQUENCE OF Tree",
		}, nil},
		{"an element cut short", "Tree", []byte{0x30, 0x05, 0x02, 0x01, 0x01, 0x30, 0x09}, nil, []string{
			"Tree",
			"  value INTEGER 1",
			"  children ?  !! input ends inside the contents (9 octets announced) (X.690 8.1.3)",
		}, []string{"Tree.children@5 truncated: input ends inside the contents (9 octets announced) (X.690 8.1.3)"}},
		// A truncated input: what the data have, each element they cut
		// short marked, then one error where they end.
		{"the data end inside the last component", "Strict", seq(integer(1), boolean(true))[:7], nil, []string{
			"Strict  !! truncated",
			"  a INTEGER 1",
			"  b BOOLEAN  !! truncated",
		}, []string{"Strict.b@7 truncated: the data ends inside the contents of BOOLEAN at 5: 1 octets announced, 0 present (X.690 8.1.3)"}},
		{"... between components", "Strict", seq(integer(1), boolean(true))[:5], nil, []string{
			"Strict  !! truncated",
			"  a INTEGER 1",
		}, []string{"Strict@5 truncated: the data ends inside the contents of SEQUENCE at 0: 6 octets announced, 3 present (X.690 8.1.3)"}},
		{"... inside a header", "Strict", seq(integer(1), boolean(true))[:6], nil, []string{
			"Strict  !! truncated",
			"  a INTEGER 1",
		}, []string{"Strict.b@6 truncated: the data ends inside the identifier and length octets of the element at offset 5 (X.690 8.1.2, 8.1.3)"}},
		{"... inside the first header", "Strict", []byte{0x30, 0x81}, nil, nil,
			[]string{"Strict@2 truncated: the data ends inside the identifier and length octets of the element at offset 0 (X.690 8.1.2, 8.1.3)"}},
		{"... deep in a recursion", "Tree", seq(integer(1), seq(seq(integer(2), seq()), seq(integer(3), seq())))[:19], nil, []string{
			"Tree  !! truncated",
			"  value INTEGER 1",
			"  children SEQUENCE OF Tree  !! truncated",
			"    Tree",
			"      value INTEGER 2",
			"      children SEQUENCE OF Tree",
			"    Tree  !! truncated",
			"      value INTEGER 3",
		}, []string{"Tree.children[1]@19 truncated: the data ends inside the contents of SEQUENCE at 14: 5 octets announced, 3 present (X.690 8.1.3)"}},
		{"... in an element the schema does not know", "Open", tlv(0x85, []byte{1, 2, 3})[:3], nil, []string{
			"[5] 01  -- an alternative of Open this schema does not know (extensible CHOICE)  !! truncated",
		}, []string{"Open@3 truncated: the data ends inside the contents of [5] at 0: 3 octets announced, 1 present (X.690 8.1.3) (in [5] at 0)"}},
		{"octets after the value", "Tree", append(seq(integer(1), seq()), 0x02, 0x01, 0x07), nil, []string{
			"Tree",
			"  value INTEGER 1",
			"  children SEQUENCE OF Tree",
			"INTEGER 7  -- after the Tree",
		}, []string{"Tree@7 trailing data: Tree: unexpected octets after the value (X.690 8.1.1)"}},
		{"indefinite length in DER", "Pair", []byte{0x30, 0x80, 0x06, 0x03, 0x2a, 0x03, 0x01, 0x02, 0x81, 0x01, 0x05, 0, 0}, nil,
			nil, []string{"Pair@0 non-canonical: indefinite length (X.690 10.1)"}},
		{"indefinite length in BER", "Pair", []byte{0x30, 0x80, 0x06, 0x03, 0x2a, 0x03, 0x01, 0x02, 0x81, 0x01, 0x05, 0, 0}, ber, []string{
			"Pair  !! not DER: indefinite length (X.690 10.1)",
			"  id OBJECT IDENTIFIER 1.2.3.1 (id-int)",
			"  value INTEGER 5  -- kind-int  !! not DER: length not in the minimal form (X.690 10.1)",
			"  EOC",
		}, nil},
		{"a contained value in segments", "Wrapped",
			[]byte{0x30, 0x80, 0x06, 0x03, 0x2a, 0x03, 0x01, 0x24, 0x80, 0x04, 0x02, 0x02, 0x02, 0x04, 0x02, 0x01, 0x2c, 0, 0, 0, 0}, ber, []string{
				"Wrapped  !! not DER: indefinite length (X.690 10.1)",
				"  id OBJECT IDENTIFIER 1.2.3.1 (id-int)",
				"  octets OCTET STRING, containing:  -- read from its 2 segments joined  !! not DER: indefinite length (X.690 10.1); constructed string (X.690 10.2)",
				"    INTEGER 300  -- kind-int",
				"    EOC",
				"  EOC",
			}, nil},
		{"empty input", "Pair", nil, nil, nil, []string{"Pair@0 truncated: empty input (X.690 8.1.1)"}},
		{"a BIT STRING containing a value", "Signed", seq(oid("1.2.3.1"), tlv(0x03, []byte{0}, integer(9))), nil, []string{
			"Signed",
			"  id OBJECT IDENTIFIER 1.2.3.1 (id-int)",
			"  sig BIT STRING, containing:",
			"    INTEGER 9  -- kind-int",
		}, nil},
		{"... with unused bits", "Signed", seq(oid("1.2.3.1"), tlv(0x03, []byte{1, 0x02, 0x01, 0x08})), nil, []string{
			"Signed",
			"  id OBJECT IDENTIFIER 1.2.3.1 (id-int)",
			"  sig BIT STRING unused=1 020108 '00000010000000010000100'B  !! BIT STRING: contained encoding with unused bits (X.682 11.2)",
		}, []string{"Signed.sig@9 invalid value: BIT STRING: contained encoding with unused bits (X.682 11.2)"}},
		{"... whose row gives no type: the bits are the value", "Signed", seq(oid("1.2.3.3"), tlv(0x03, []byte{1, 0x02, 0x01, 0x08})), nil, []string{
			"Signed",
			"  id OBJECT IDENTIFIER 1.2.3.3 (id-none)",
			"  sig BIT STRING unused=1 020108 '00000010000000010000100'B  -- kind-none",
		}, nil},
		{"SIZE of a list", "Sized", seq(integer(1), integer(2), integer(3)), nil, []string{
			"Sized  !! Sized: SIZE 3 outside (1..2) (X.680 51)",
			"  INTEGER 1",
			"  INTEGER 2",
			"  INTEGER 3",
		}, []string{"Sized@0 constraint violated: Sized: SIZE 3 outside (1..2) (X.680 51)"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := s.Decode(tt.data, typeOf(t, s, tt.typ), tt.opts)
			if diff := cmp.Diff(tt.lines, lines(t, res, tt.opts)); diff != "" {
				t.Errorf("lines (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.issues, issues(res)); diff != "" {
				t.Errorf("issues (-want +got):\n%s", diff)
			}
		})
	}
}

// TestOffsets checks the offset columns where they are computed rather
// than read: the value in BER segments starts at its first octet in the
// first segment, and an open type read after its key is in its place.
func TestOffsets(t *testing.T) {
	s := loadTest(t)
	tests := []struct {
		name string
		typ  string
		data []byte
		opts *Options
		want []int // offsets, in document order
	}{
		{"segments", "Wrapped", []byte{0x30, 0x80, 0x06, 0x03, 0x2a, 0x03, 0x01, 0x24, 0x80, 0x04, 0x02, 0x02, 0x02, 0x04, 0x02, 0x01, 0x2c, 0, 0, 0, 0},
			&Options{BER: true}, []int{0, 2, 7, 11}},
		{"deferred", "Reversed", seq(tlv(0xa0, utf8s("x")), oid("1.2.3.2")), nil, []int{0, 2, 4, 7}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := s.Decode(tt.data, typeOf(t, s, tt.typ), tt.opts)
			var got []int
			var walk func([]*Node)
			walk = func(ns []*Node) {
				for _, n := range ns {
					got = append(got, n.Offset)
					walk(n.Children)
				}
			}
			walk(res.Elements)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("offsets (-want +got):\n%s", diff)
			}
		})
	}
}

// TestRules reads OCTET STRINGs as a Rule says: at a component, and at
// every element of a list ("[]").
func TestRules(t *testing.T) {
	s := loadTest(t)
	var rules []Rule
	for _, text := range []string{"Holder.data=Pair", "Test.Holder.more[]=Test.Pair"} {
		r, err := s.ParseRule(text, "-contains")
		if err != nil {
			t.Fatal(err)
		}
		rules = append(rules, r)
	}
	pair := seq(oid("1.2.3.1"), integer(5))
	data := seq(octets(pair), seq(octets(pair), octets(integer(1))))
	opts := &Options{Rules: rules}
	res := s.Decode(data, typeOf(t, s, "Holder"), opts)
	want := []string{
		"Holder",
		"  data OCTET STRING, containing:  -- -contains",
		"    Pair",
		"      id OBJECT IDENTIFIER 1.2.3.1 (id-int)",
		"      value INTEGER 5  -- kind-int",
		"  more SEQUENCE OF",
		"    OCTET STRING, containing:  -- -contains",
		"      Pair",
		"        id OBJECT IDENTIFIER 1.2.3.1 (id-int)",
		"        value INTEGER 5  -- kind-int",
		"    OCTET STRING, containing:  -- -contains",
		"      INTEGER 1  !! Pair: expected SEQUENCE, got INTEGER",
	}
	if diff := cmp.Diff(want, lines(t, res, opts)); diff != "" {
		t.Errorf("lines (-want +got):\n%s", diff)
	}
	if got := len(res.Issues); got != 1 {
		t.Errorf("%d issues, want 1 (the octets that are no Pair): %v", got, issues(res))
	}
	for _, bad := range []string{"Holder", "Holder.data", "Holder.data=Nothing", "Nothing.data=Pair", "Holder..data=Pair"} {
		if _, err := s.ParseRule(bad, "-contains"); err == nil {
			t.Errorf("ParseRule(%q) accepted it", bad)
		}
	}
	if got, want := rules[1].String(), "Test.Holder.more[]=Test.Pair"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
}

func TestType(t *testing.T) {
	s := loadTest(t)
	for _, tt := range []struct{ name, want, err string }{
		{"Pair", "Test.Pair", ""},
		{"Test.Pair", "Test.Pair", ""},
		{"Nope.Pair", "", "no module Nope"},
		{"Test.Nope", "", "module Test defines no Nope"},
		{"Nope", "", "no module of the schema defines Nope"},
		{"id-int", "", "is a value, not a type"},
		{"KIND", "", "is a class, not a type"},
	} {
		a, err := s.Type(tt.name)
		switch {
		case tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err)):
			t.Errorf("Type(%q): error %v, want one with %q", tt.name, err, tt.err)
		case tt.err == "" && err != nil:
			t.Errorf("Type(%q): %v", tt.name, err)
		case tt.err == "" && a.QualifiedName() != tt.want:
			t.Errorf("Type(%q) = %s, want %s", tt.name, a.QualifiedName(), tt.want)
		}
	}
}

// TestJSON checks the JSON form's fields on one value.
func TestJSON(t *testing.T) {
	s := loadTest(t)
	res := s.Decode(seq(oid("1.2.3.1"), octets(integer(300))), typeOf(t, s, "Wrapped"), nil)
	var b bytes.Buffer
	if err := JSON(&b, []Block{{Type: res.Type, Elements: res.Elements, Errors: res.Issues}}); err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Blocks []struct {
			Type     string
			Elements []map[string]any
		}
	}
	if err := json.Unmarshal(b.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	root := doc.Blocks[0].Elements[0]
	octetsNode := root["children"].([]any)[1].(map[string]any)
	inner := octetsNode["children"].([]any)[0].(map[string]any)
	got := map[string]any{"type": doc.Blocks[0].Type, "root.type": root["type"], "root.module": root["module"],
		"octets.field": octetsNode["field"], "octets.containing": octetsNode["containing"],
		"inner.value": inner["value"], "inner.object": inner["object"], "inner.kind": inner["kind"], "inner.offset": inner["offset"]}
	want := map[string]any{"type": "Test.Wrapped", "root.type": "Wrapped", "root.module": "Test",
		"octets.field": "octets", "octets.containing": true,
		"inner.value": "300", "inner.object": "kind-int", "inner.kind": "INTEGER", "inner.offset": 9.0}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("JSON (-want +got):\n%s", diff)
	}
}

// TestOIDName checks the names of OBJECT IDENTIFIERs: the schema's first,
// then Options.OIDName's.
func TestOIDName(t *testing.T) {
	s := loadTest(t)
	names := map[string]string{"1.2.3.1": "other-name", "1.2.3.9": "nine"}
	opts := &Options{OIDName: func(o der.OID) string { return names[o.String()] }}
	for _, tt := range []struct {
		data []byte
		want []string
	}{
		{seq(oid("1.2.3.1"), integer(5)), []string{
			"Pair",
			"  id OBJECT IDENTIFIER 1.2.3.1 (id-int)",
			"  value INTEGER 5  -- kind-int",
		}},
		{seq(oid("1.2.3.9"), seq(oid("1.2.3.9"))), []string{
			"Pair",
			"  id OBJECT IDENTIFIER 1.2.3.9 (nine)",
			"  value KIND.&Type SEQUENCE  -- nine is not in Kinds (extensible)",
			"    OBJECT IDENTIFIER 1.2.3.9 (nine)",
		}},
	} {
		res := s.Decode(tt.data, typeOf(t, s, "Pair"), opts)
		if diff := cmp.Diff(tt.want, lines(t, res, opts)); diff != "" {
			t.Errorf("lines (-want +got):\n%s", diff)
		}
	}
}

// TestDecodeTruncated decodes every prefix of a certificate: each shows
// the lines of the whole dump that the prefix holds (the elements it cuts
// short marked, their values shown as octets) and one error, where the
// data end.
func TestDecodeTruncated(t *testing.T) {
	s := loadCert(t)
	b, err := os.ReadFile("../../generated/rfc5280/testdata/alt1-cert.pem")
	if err != nil {
		t.Fatal(err)
	}
	p, _ := pem.Decode(b)
	if p == nil {
		t.Fatal("alt1-cert.pem: no PEM block")
	}
	a := typeOf(t, s, "PKIX1Explicit-2009.Certificate")
	whole := s.Decode(p.Bytes, a, nil)
	if len(whole.Issues) > 0 {
		t.Fatalf("the whole certificate: %q", issues(whole))
	}
	wholeLines := lines(t, whole, nil)
	for k := 1; k < len(p.Bytes); k++ {
		res := s.Decode(p.Bytes[:k], a, nil)
		if len(res.Issues) != 1 || res.Issues[0].Offset != k || res.Issues[0].Kind != "truncated" ||
			!strings.HasPrefix(res.Issues[0].Message, "the data ends ") {
			t.Fatalf("cut at %d: issues %q, want one: the data end at %d", k, issues(res), k)
		}
		got := lines(t, res, nil)
		if len(got) > len(wholeLines) {
			t.Fatalf("cut at %d: %d lines, the whole certificate %d", k, len(got), len(wholeLines))
		}
		for i, l := range got {
			if strings.HasSuffix(l, "  !! truncated") {
				// the element cut short: its line up to the value
				l = strings.TrimSuffix(l, "  !! truncated")
				if typ, _, _ := strings.Cut(l, " "); !strings.HasPrefix(wholeLines[i], typ) {
					t.Errorf("cut at %d: line %d is %q, the whole dump's %q", k, i, got[i], wholeLines[i])
				}
				continue
			}
			if l != wholeLines[i] {
				t.Errorf("cut at %d: line %d is %q, the whole dump's %q", k, i, l, wholeLines[i])
			}
		}
	}
}

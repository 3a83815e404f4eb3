package gen

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/asn1gen/asn1gen/codegen/model"
	"github.com/asn1gen/asn1gen/codegen/plan"
)

// TestOERUnsupported: what the OER emitter does not handle fails the
// generation with an error naming the type and the construct, and the
// same module generates without the oer codec.
func TestOERUnsupported(t *testing.T) {
	const pre = "asn1gen: -codecs oer: "
	const post = " is not supported by the OER emitter yet"
	for _, c := range []struct{ asn1, want string }{
		{"T ::= SET OF INTEGER", ""},
		{"T ::= SET { b [1] BOOLEAN, a [0] INTEGER }", ""},
		{"T ::= SET { b [1] BOOLEAN, a CHOICE { x [2] NULL, y [3] NULL } }", ""},
		{"T ::= CHOICE { a [0] BOOLEAN, b U }\nU ::= CHOICE { c [1] NULL, d [2] NULL }", ""},
		{"T ::= CHOICE { a [0] BOOLEAN, ..., b U }\nU ::= CHOICE { c [1] NULL, d [2] NULL }", "T.b: an untagged CHOICE as an extension addition of a CHOICE"},
		{"T ::= SEQUENCE { a U DEFAULT { b 1 } }\nU ::= SEQUENCE { b INTEGER }", ""},
		{"T ::= SEQUENCE { a U DEFAULT { b 1.5 } }\nU ::= SEQUENCE { b REAL }", "T.a: a DEFAULT value the generated code cannot compare (a value of the type REAL)"},
		{"T ::= TYPE-IDENTIFIER.&Type", ""},
		{"T ::= SEQUENCE { a EXTERNAL, b INSTANCE OF TYPE-IDENTIFIER }", ""},
		{"T ::= EXTERNAL", ""},
		{"T ::= SEQUENCE { a EMBEDDED PDV }", "T.a: the type EMBEDDED PDV"},
		{"T ::= SEQUENCE { a REAL }", "T.a: the type REAL"},
		{"T ::= SEQUENCE { a GeneralString, b TeletexString (SIZE (1..4)), c ObjectDescriptor }", ""},
		{"T ::= SEQUENCE { a GeneralizedTime, b UTCTime }", ""},
		{"T ::= SEQUENCE { a DATE }", "T.a: the type DATE"},
		{"T ::= SEQUENCE { p Psid (35) }\nPsid ::= INTEGER (0..MAX)", "T.p: a component constraining a named INTEGER held as der.Integer"},
		{"T ::= DURATION", "T: the type DURATION"},
		{"T ::= INTEGER (0..18446744073709551615)", ""},
		{"T ::= INTEGER (-1..18446744073709551615)", "T: an INTEGER constrained beyond int64"},
		{"T ::= INTEGER (0..18446744073709551616)", "T: an INTEGER constrained beyond int64"},
		{"T ::= SEQUENCE { a OCTET STRING, b TYPE-IDENTIFIER.&Type }", ""},
		{"T ::= SEQUENCE { a INTEGER { one(1) } (MIN..5) }", "T.a: an INTEGER with an upper bound and no lower bound"},
		{"T ::= SEQUENCE { a INTEGER (MIN..5) }", "T.a: an INTEGER held as der.Integer with an upper bound"},
		{"T ::= INTEGER (1..MAX)", ""},
		{"T ::= SEQUENCE { a SET OF INTEGER (-1000..MAX) }", ""},
		{"T ::= SEQUENCE { a OCTET STRING (CONTAINING U) }\nU ::= SEQUENCE { b BOOLEAN }", ""},
		{"T ::= SEQUENCE { a OCTET STRING (CONTAINING U) (SIZE (1..8)) }\nU ::= SEQUENCE { b BOOLEAN }", "T.a: a BIT STRING (CONTAINING a type), or an OCTET STRING (CONTAINING a type) with a SIZE,"},
		{"T ::= SEQUENCE { a BIT STRING (CONTAINING U) }\nU ::= SEQUENCE { b BOOLEAN }", "T.a: a BIT STRING (CONTAINING a type), or an OCTET STRING (CONTAINING a type) with a SIZE,"},
		// ENCODED BY PER: the contents stay octets (no DER codec reads
		// them); an open type so contained is refused, the encoding named.
		{"T ::= SEQUENCE { a OCTET STRING (CONTAINING U ENCODED BY { joint-iso-itu-t asn1(1) packed-encoding(3) basic(0) aligned(0) }) }\nU ::= SEQUENCE { b BOOLEAN }", ""},
		{"T ::= SEQUENCE { id C.&id ({S}), v OCTET STRING (CONTAINING C.&Type ({S}{@id}) ENCODED BY { joint-iso-itu-t asn1(1) packed-encoding(3) basic(0) aligned(0) }) }\nC ::= CLASS { &id INTEGER UNIQUE, &Type }\nS C ::= { { &id 1, &Type BOOLEAN } }",
			"T.v: CONTAINING ... ENCODED BY 2.1.3.0.0 (an encoding other than BER and DER)"},
		// ENCODED BY der or BER over a table with a typed row: the rows'
		// DER (testdata/gen/oer-der-open.txtar); over an empty extensible
		// one (X.509 2016's Extension), the contents stay in Raw.
		{"T ::= SEQUENCE { id C.&id ({S}), v OCTET STRING (CONTAINING C.&Type ({S}{@id}) ENCODED BY { joint-iso-itu-t asn1(1) ber-derived(2) distinguished-encoding(1) }) }\nC ::= CLASS { &id INTEGER UNIQUE, &Type }\nS C ::= { { &id 1, &Type BOOLEAN } }", ""},
		{"T ::= SEQUENCE { id C.&id ({S}), v OCTET STRING (CONTAINING C.&Type ({S}{@id}) ENCODED BY { joint-iso-itu-t asn1(1) basic-encoding(1) }) }\nC ::= CLASS { &id INTEGER UNIQUE, &Type }\nS C ::= { { &id 1, &Type BOOLEAN } }", ""},
		{"T ::= SEQUENCE { id C.&id ({S}), v OCTET STRING (CONTAINING C.&Type ({S}{@id}) ENCODED BY { joint-iso-itu-t asn1(1) ber-derived(2) distinguished-encoding(1) }) }\nC ::= CLASS { &id INTEGER UNIQUE, &Type }\nS C ::= { ... }", ""},
		// One open type in strings ENCODED BY der and in strings of OER:
		// its union has one pair of OER methods.
		{"T ::= SEQUENCE { id C.&id ({S}), v OCTET STRING (CONTAINING C.&Type ({S}{@id}) ENCODED BY { joint-iso-itu-t asn1(1) ber-derived(2) distinguished-encoding(1) }) }\nU ::= SEQUENCE { id C.&id ({S}), v OCTET STRING (CONTAINING C.&Type ({S}{@id})) }\nC ::= CLASS { &id INTEGER UNIQUE, &Type }\nS C ::= { { &id 1, &Type BOOLEAN } }",
			"T.v: an open type with typed rows that strings of different encodings (ENCODED BY) contain"},
		{"T ::= CHOICE { a U, b BOOLEAN }\nU ::= CHOICE { c INTEGER, d NULL }", ""},
		{"T ::= SEQUENCE { v C.&Type ({S}{@id}), id C.&id ({S}) }\nC ::= CLASS { &id INTEGER UNIQUE, &Type }\nS C ::= { { &id 1, &Type BOOLEAN } }",
			""},
		{"T ::= SEQUENCE { id C.&id ({S}), v C.&Type ({S}{@id}) }\nC ::= CLASS { &id INTEGER UNIQUE, &Type }\nS C ::= { { &id 1, &Type BOOLEAN } }", ""},
		{"T ::= SEQUENCE { id C.&id ({S}), v SEQUENCE OF C.&Type ({S}{@id}) }\nC ::= CLASS { &id INTEGER UNIQUE, &Type }\nS C ::= { { &id 1, &Type BOOLEAN } }", ""},
		{"T ::= SEQUENCE { id C.&id ({S}), v SET OF C.&Type ({S}{@id}) }\nC ::= CLASS { &id INTEGER UNIQUE, &Type }\nS C ::= { { &id 1, &Type BOOLEAN } }", ""},
		// The key after the list: the plan keeps the values' octets (no
		// union), which OER reads as open type fields.
		{"T ::= SEQUENCE { v SEQUENCE OF C.&Type ({S}{@id}), id C.&id ({S}) }\nC ::= CLASS { &id INTEGER UNIQUE, &Type }\nS C ::= { { &id 1, &Type BOOLEAN } }", ""},
		{"T ::= SEQUENCE { b BIT STRING { x(0), y(1) } DEFAULT {y} }", ""},
		{"T ::= SEQUENCE { id C.&id ({S}), v OCTET STRING (CONTAINING C.&Type ({S}{@id})) }\nC ::= CLASS { &id INTEGER UNIQUE, &Type }\nS C ::= { { &id 1, &Type BOOLEAN } }", ""},
		{"T ::= SEQUENCE { id C.&id ({S}), v BIT STRING (CONTAINING C.&Type ({S}{@id})) }\nC ::= CLASS { &id INTEGER UNIQUE, &Type }\nS C ::= { { &id 1, &Type BOOLEAN } }",
			"T.v: a BIT STRING (CONTAINING a type), or an OCTET STRING (CONTAINING a type) with a SIZE,"},
		{"T ::= SEQUENCE { b BIT STRING DEFAULT '01'B }", ""},
	} {
		src := "M DEFINITIONS AUTOMATIC TAGS ::= BEGIN\n" + c.asn1 + "\nEND\n"
		set := model.Check(model.Source{Name: "m.asn", Src: []byte(src)})
		if err := set.Diags.Err(); err != nil {
			t.Fatalf("%s: %v", c.asn1, err)
		}
		_, err := Generate(set, Config{Package: "m", Codecs: plan.Codecs{OER: true}})
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s: %v", c.asn1, err)
		case c.want != "" && (err == nil || !strings.HasPrefix(err.Error(), pre) || !strings.Contains(err.Error(), c.want+post)):
			t.Errorf("%s:\n got %v\nwant %s%s%s", c.asn1, err, pre, c.want, post)
		}
		if _, err := Generate(set, Config{Package: "m"}); err != nil {
			t.Errorf("%s: without oer: %v", c.asn1, err)
		}
	}
}

// TestOERContainedDER: an OCTET STRING (CONTAINING U ENCODED BY der or
// BER) is read and written with U's DER codecs: -codecs oer alone gives
// the package the DER codecs of U and of the types U's use (V), and of
// no other type (T, W); -codecs der,oer those of every type.
func TestOERContainedDER(t *testing.T) {
	for _, by := range []string{"ber-derived(2) distinguished-encoding(1)", "basic-encoding(1)"} {
		src := "M DEFINITIONS AUTOMATIC TAGS ::= BEGIN\nT ::= SEQUENCE { a OCTET STRING (CONTAINING U ENCODED BY { joint-iso-itu-t asn1(1) " + by + " }) }\n" +
			"U ::= SEQUENCE { b BOOLEAN, v V }\nV ::= SEQUENCE OF INTEGER\nW ::= SEQUENCE { c BOOLEAN }\nEND\n"
		set := model.Check(model.Source{Name: "m.asn", Src: []byte(src)})
		if err := set.Diags.Err(); err != nil {
			t.Fatalf("%s: %v", by, err)
		}
		for _, c := range []struct {
			codecs plan.Codecs
			want   []string
		}{
			{plan.Codecs{OER: true}, []string{"U", "V"}},
			{plan.Codecs{DER: true, OER: true}, []string{"T", "U", "V", "W"}},
		} {
			files, err := Generate(set, Config{Package: "m", Codecs: c.codecs})
			if err != nil {
				t.Fatalf("%s, %+v: %v", by, c.codecs, err)
			}
			var got []string
			for _, f := range files {
				if f.Name != "m_der.go" {
					continue
				}
				for _, l := range strings.Split(string(f.Content), "\n") {
					if rest, ok := strings.CutPrefix(l, "func (v *"); ok && strings.Contains(l, ") DecodeASN1(") {
						got = append(got, rest[:strings.Index(rest, ")")])
					}
				}
			}
			if diff := cmp.Diff(c.want, got); diff != "" {
				t.Errorf("%s, %+v: the types with DER codecs (-want +got):\n%s", by, c.codecs, diff)
			}
		}
	}
}

// TestOERCodecs: -codecs oer parses, prints back and selects the OER
// section alone.
func TestOERCodecs(t *testing.T) {
	c, err := plan.ParseCodecs("oer")
	if err != nil || c != (plan.Codecs{OER: true}) || c.String() != "oer" {
		t.Fatalf("ParseCodecs(oer) = %+v, %v", c, err)
	}
	if c, _ := plan.ParseCodecs("der,oer"); c.String() != "der,oer" {
		t.Errorf("der,oer prints as %q", c)
	}
	src := "M DEFINITIONS AUTOMATIC TAGS ::= BEGIN\nT ::= SEQUENCE { a BOOLEAN }\nEND\n"
	files, err := Generate(model.Check(model.Source{Name: "m.asn", Src: []byte(src)}), Config{Package: "m", Codecs: c})
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, f := range files {
		names = append(names, f.Name)
	}
	if got := strings.Join(names, " "); got != "m.go m_oer.go asn1gen.manifest" {
		t.Errorf("files %s", got)
	}
}

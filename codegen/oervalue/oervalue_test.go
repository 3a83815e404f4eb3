package oervalue

import (
	"encoding/hex"
	"testing"

	"github.com/asn1gen/asn1gen/codegen/model"
	"github.com/asn1gen/asn1gen/codegen/plan"
)

// TestEncode encodes the DEFAULT values of a SEQUENCE's components in
// CANONICAL-OER, each derived by hand from X.696.
func TestEncode(t *testing.T) {
	const src = `M DEFINITIONS AUTOMATIC TAGS ::= BEGIN
EndEntityType ::= BIT STRING { app(0), enroll(1) } (SIZE (8))
D ::= SEQUENCE {
  e  EndEntityType DEFAULT {app},
  f  BIT STRING { a(0), b(1) } DEFAULT {b},
  o  OCTET STRING (SIZE (2)) DEFAULT '0102'H,
  s  SEQUENCE { x INTEGER (0..7), y BOOLEAN DEFAULT TRUE } DEFAULT { x 1 },
  i  INTEGER (0..255) DEFAULT 9,
  l  SEQUENCE OF INTEGER (0..255) DEFAULT { 1, 2 },
  c  CHOICE { n INTEGER (0..255), b BOOLEAN } DEFAULT b : TRUE
}
END`
	set := model.CheckWith(model.Options{}, model.Source{Name: "m.asn", Src: []byte(src)})
	if set.Diags.Errors() > 0 {
		t.Fatal(set.Diags.String())
	}
	p, err := plan.New(set, []string{"D"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"e": "80",     // 8 bits: app set (X.696 15.2, no length)
		"f": "020640", // without the trailing 0 bit of {b}: a length of 2, 6 unused bits, 01
		"o": "0102",   // a fixed SIZE: no length (X.696 14.1)
		"s": "0001",   // the preamble, y left out as its default (X.696 16.2), x
		"i": "09",     // one octet (X.696 10.3)
		"l": "01020102",
		"c": "81ff", // the tag [1] (X.696 20), TRUE
	}
	fields := p.Roots[0].Fields
	if len(fields) != len(want) {
		t.Fatalf("%d components, want %d", len(fields), len(want))
	}
	for _, f := range fields {
		b, err := Encode(f.Type, f.Comp.Default)
		if err != nil || hex.EncodeToString(b) != want[f.ASN1] {
			t.Errorf("%s: %x, %v; want %s", f.ASN1, b, err, want[f.ASN1])
		}
	}
}

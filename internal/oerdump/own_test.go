package oerdump

import (
	"encoding/hex"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/asn1gen/asn1gen/codegen/model"
)

// TestOwnSize dumps components that constrain the named type they refer
// to by their effective SIZE, as the generated codecs read them (X.696
// 13.1, 14.1, 27.2: a fixed SIZE, no length), and a list's quantity,
// which does not depend on its SIZE (17.1): oct ab cd, b a0, text "abc",
// l 01 02 05 03.
func TestOwnSize(t *testing.T) {
	const module = `T DEFINITIONS AUTOMATIC TAGS ::= BEGIN
Oct ::= OCTET STRING
Bits ::= BIT STRING
Text ::= IA5String
L ::= SEQUENCE OF INTEGER (0..7)
S ::= SEQUENCE { oct Oct (SIZE (2)), b Bits (SIZE (4)), text Text (SIZE (3)), l L (SIZE (2)) }
END
`
	set := model.CheckWith(model.Options{}, model.Source{Name: "t.asn", Src: []byte(module)})
	if set.Diags.Errors() > 0 {
		t.Fatal(set.Diags.String())
	}
	s, root, err := Load(set, "S", nil)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := hex.DecodeString("abcda0616263" + "01020503")
	res := s.Decode(b, root, &Options{Canonical: true})
	if len(res.Issues) > 0 {
		t.Fatalf("issues: %+v", res.Issues)
	}
	var leaves []string
	for _, c := range res.Elements[0].Children {
		leaves = append(leaves, c.Field+"="+c.Value)
	}
	if diff := cmp.Diff("oct=abcd b='1010'B text=abc l=", strings.Join(leaves, " ")); diff != "" {
		t.Errorf("leaves (-want +got):\n%s", diff)
	}
}

package oerdump

import (
	"encoding/hex"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/asn1gen/asn1gen/codegen/model"
)

// constructsModule has what the walker reads as the generated decoders
// do since the drawer met them in the corpus: an untagged CHOICE as a
// CHOICE alternative, EXTERNAL, INSTANCE OF, an open type as a type of
// its own and an INTEGER held as der.Integer with a lower bound.
const constructsModule = `T DEFINITIONS ::= BEGIN
C ::= CHOICE { a [0] INTEGER, u U }
U ::= CHOICE { x [1] BOOLEAN, y [2] NULL, v V }
V ::= CHOICE { z [3] IA5String }
E ::= EXTERNAL
I ::= INSTANCE OF TYPE-IDENTIFIER
O ::= TYPE-IDENTIFIER.&Type
L ::= INTEGER (1..MAX)
END
`

// TestConstructs dumps hand-made encodings (X.696) of the constructs of
// constructsModule.
func TestConstructs(t *testing.T) {
	set := model.CheckWith(model.Options{}, model.Source{Name: "t.asn", Src: []byte(constructsModule)})
	if set.Diags.Errors() > 0 {
		t.Fatal(set.Diags.String())
	}
	tests := []struct {
		typ, hex string
		want     string // the root's field, value and hex
	}{
		{"C", "800105", "a 5 "},
		{"C", "81ff", "u.x TRUE "},
		{"C", "82", "u.y  "},
		{"C", "83026869", "u.v.z hi "},
		{"E", "80012a8101ab", "  80012a8101ab"},
		{"I", "012a0100", "  012a0100"},
		{"O", "0100", "  00"},
		{"L", "01ff", " 255 "},
	}
	for _, tt := range tests {
		t.Run(tt.typ+" "+tt.hex, func(t *testing.T) {
			s, root, err := Load(set, tt.typ, nil)
			if err != nil {
				t.Fatal(err)
			}
			b, err := hex.DecodeString(tt.hex)
			if err != nil {
				t.Fatal(err)
			}
			res := s.Decode(b, root, &Options{Canonical: true})
			if len(res.Issues) > 0 {
				t.Fatalf("issues: %+v", res.Issues)
			}
			n := res.Elements[0]
			if diff := cmp.Diff(tt.want, n.Field+" "+n.Value+" "+n.Hex); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
	// A tag that no alternative has, at any depth.
	s, root, err := Load(set, "C", nil)
	if err != nil {
		t.Fatal(err)
	}
	if res := s.Decode([]byte{0x84}, root, &Options{Canonical: true}); len(res.Issues) != 1 || res.Issues[0].Kind != "invalid value" {
		t.Errorf("tag [4]: issues %+v, want one of kind invalid value", res.Issues)
	}
}

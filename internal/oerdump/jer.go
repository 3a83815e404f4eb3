package oerdump

import (
	"bytes"
	"errors"

	"github.com/asn1gen/asn1gen/internal/jertext"
)

// JER returns the value of res as JER (X.697), the JSON a generated
// type's MarshalJSON writes for it, on one line: SEQUENCE and SET as
// objects of the components present (but a DEFAULT one with its default
// value, as the canonical check finds it), CHOICE as an object of the
// alternative, lists as arrays, open types as the value of their row, a
// string CONTAINING a type as {"containing": value}, and the primitives
// as runtime/jer writes them. A dump with errors, a value the schema did
// not read (a key outside its table, an addition of a later version) and
// a string CONTAINING a type ENCODED BY der (whose JER the generated
// codecs do not write either) have no JER: the error says where.
func JER(res *Result) ([]byte, error) {
	if len(res.Issues) > 0 {
		return nil, errors.New("the value did not decode: " + res.Issues[0].Message)
	}
	if len(res.Elements) == 0 {
		return nil, errors.New("no value")
	}
	var b bytes.Buffer
	if err := jertext.Append(&b, res.Elements[0], res.Elements[0].Type, jerInfo); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// jerInfo is what jertext needs of n.
func jerInfo(n *Node) jertext.Info[*Node] {
	return jertext.Info[*Node]{
		Alts: n.alts, Form: n.form, Leaf: n.leaf,
		Member: jertext.Member(n.Field, n.alts),
		// an addition of a later version, which a decoder skips; a
		// DEFAULT component with its default value
		Skip:     n.Raw && n.form == jertext.None && n.Field == "" || n.isDefault,
		Children: n.Children, Offset: n.Offset,
	}
}

package perdump

import (
	"bytes"
	"errors"
	"strconv"

	"github.com/asn1gen/asn1gen/codegen/model"
	"github.com/asn1gen/asn1gen/internal/jertext"
)

// JER returns the value of res as JER (X.697), the JSON a generated
// type's MarshalJSON writes for it, on one line (internal/jertext). A
// dump with errors, a value the schema did not read (a key outside its
// table, an alternative of a later version) has no JER: the error says
// where. A string CONTAINING a type is {"containing": value}, a time type
// the string of its value notation (X.697 24, 25, 40). Extension additions of a later version are
// left out, as the generated code leaves them out.
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

// AddJER sets the JER of the value read (JER), or why it has none.
func (res *Result) AddJER() {
	b, err := JER(res)
	if err != nil {
		res.JER, res.JERError = nil, err.Error()
		return
	}
	res.JER, res.JERError = b, ""
}

// jerInfo is what jertext needs of n.
func jerInfo(n *Node) jertext.Info[*Node] {
	return jertext.Info[*Node]{
		Alts: n.alts, Form: n.form, Leaf: n.leaf,
		Member: jertext.Member(n.Field, n.alts),
		// an addition of a later version, which a decoder keeps apart;
		// a DEFAULT component with its default value
		Skip:     n.Raw && n.form == jertext.None && n.Field == "" || n.isDefault,
		Children: n.Children, Offset: n.Offset, Bits: true,
	}
}

// isDefault reports whether the value read into n is def, for the kinds
// whose value the dump holds as a number or a BOOLEAN.
func isDefault(n *Node, def *model.Value) bool {
	switch def.Kind {
	case model.ValueBoolean:
		return n.Value == map[bool]string{true: "TRUE", false: "FALSE"}[def.Bool]
	case model.ValueInteger, model.ValueEnumerated:
		if def.Big != nil {
			return n.Value == def.Big.String()
		}
		return n.Value == strconv.FormatInt(def.Int, 10)
	}
	return false
}

package oerdump

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"

	"github.com/asn1gen/asn1gen/runtime/der"
)

// JER returns the value of res as JER (X.697), the JSON a generated
// type's MarshalJSON writes for it, on one line: SEQUENCE and SET as
// objects of the components present (but those of an INTEGER, ENUMERATED
// or BOOLEAN DEFAULT with their default value), CHOICE as an object of the
// alternative, lists as arrays, open types as the value of their row,
// and the primitives as runtime/jer writes them. A dump with errors, a
// value the schema did not read (a key outside its table, an addition
// of a later version) and a string that contains a value (whose form of
// X.697 the generated codecs do not write either) have no JER: the
// error says where.
func JER(res *Result) ([]byte, error) {
	if len(res.Issues) > 0 {
		return nil, errors.New("the value did not decode: " + res.Issues[0].Message)
	}
	if len(res.Elements) == 0 {
		return nil, errors.New("no value")
	}
	var b bytes.Buffer
	if err := appendJER(&b, res.Elements[0], res.Elements[0].Type); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// WriteJER writes the JER of res to w, indented, with a newline.
func WriteJER(w io.Writer, res *Result) error {
	b, err := JER(res)
	if err != nil {
		return err
	}
	var out bytes.Buffer
	if err := json.Indent(&out, b, "", "  "); err != nil {
		return err
	}
	out.WriteByte('\n')
	_, err = w.Write(out.Bytes())
	return err
}

// appendJER writes the JER of n; path names it in errors.
func appendJER(b *bytes.Buffer, n *Node, path string) error {
	for _, alt := range n.alts {
		b.WriteString(`{"` + alt + `":`)
	}
	switch n.form {
	case formLeaf:
		if n.leaf == nil {
			return noJER(n, path, "a value of a type without a JER form here")
		}
		b.Write(n.leaf)
	case formObject:
		b.WriteByte('{')
		first := true
		for _, c := range n.Children {
			if c.Raw && c.form == formNone && c.Field == "" || c.isDefault {
				continue // an addition of a later version, which a decoder skips; a default value
			}
			if !first {
				b.WriteByte(',')
			}
			first = false
			name := c.Field
			if len(c.alts) > 0 {
				name = name[:len(name)-len(joinAlts(c.alts))-1]
			}
			b.WriteString(`"` + name + `":`)
			if err := appendJER(b, c, path+"."+name); err != nil {
				return err
			}
		}
		b.WriteByte('}')
	case formArray:
		b.WriteByte('[')
		for i, c := range n.Children {
			if i > 0 {
				b.WriteByte(',')
			}
			if err := appendJER(b, c, path+"[]"); err != nil {
				return err
			}
		}
		b.WriteByte(']')
	case formOpen:
		if len(n.Children) != 1 {
			return noJER(n, path, "an open type the schema did not read")
		}
		if err := appendJER(b, n.Children[0], path); err != nil {
			return err
		}
	case formContained:
		return noJER(n, path, "a string that contains a value (X.697 24, 25: not written)")
	default:
		return noJER(n, path, "a value the schema did not read")
	}
	for range n.alts {
		b.WriteByte('}')
	}
	return nil
}

// joinAlts is the alternatives as a node's field adds them.
func joinAlts(alts []string) string {
	s := alts[0]
	for _, a := range alts[1:] {
		s += "." + a
	}
	return s
}

func noJER(n *Node, path, why string) error {
	return der.WithField(der.NewError(der.KindUnsupported, n.Offset, "JER", why, "X.697"), path)
}

package perdump

import (
	"io"

	"github.com/asn1gen/asn1gen/internal/dumptext"
)

// TextOptions control the text form.
type TextOptions struct {
	// Full prints long values whole instead of shortened.
	Full bool
}

// Text writes the text form of res to w: one line per element, its
// offset and length in bits, then indented by depth the component name,
// the type, the value and the notes (see the package documentation).
func Text(w io.Writer, res *Result, opts *TextOptions) error {
	if opts == nil {
		opts = &TextOptions{}
	}
	return dumptext.Write(w, res.Elements, (*Node).line, func(n *Node) []*Node { return n.Children }, dumptext.Units{Offset: "bit", Length: "bits"}, opts.Full)
}

// line is what the text form shows of n.
func (n *Node) line() dumptext.Line {
	return dumptext.Line{
		Offset: n.Offset, Length: n.Length, Depth: n.Depth,
		Field: n.Field, Index: n.Index, Type: n.Type,
		Value: n.Value, Quoted: n.quoted, Name: n.Name, Raw: n.Raw, Hex: n.Hex,
		Addition: n.Addition, Object: n.Object, Note: n.Note, Error: n.Error,
	}
}

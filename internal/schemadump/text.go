package schemadump

import (
	"bufio"
	"bytes"
	"encoding/hex"
	"encoding/json"
	"io"
	"strconv"

	"github.com/asn1gen/asn1gen/internal/asn1dump"
)

// Text writes the text form of res to w: one line per element, the
// columns of the plain dump (offset, depth, header length, content length,
// cons or prim) and then, indented by depth, what the schema says the
// element is (see the package documentation).
func Text(w io.Writer, res *Result, opts *Options) error {
	if opts == nil {
		opts = &Options{}
	}
	t := textWriter{w: bufio.NewWriter(w), full: opts.Full, progress: opts.Progress}
	t.measure(res.Elements)
	t.list(res.Elements)
	return t.w.Flush()
}

type textWriter struct {
	w        *bufio.Writer
	full     bool
	progress func(int)
	cols     asn1dump.Columns
	buf      []byte
}

func (t *textWriter) measure(nodes []*Node) {
	t.cols = asn1dump.NewColumns()
	var walk func([]*Node)
	walk = func(ns []*Node) {
		for _, n := range ns {
			t.cols.Fit(n.Offset, n.Depth, n.HeaderLen, n.Length, n.Indefinite)
			walk(n.Children)
		}
	}
	walk(nodes)
}

func (t *textWriter) list(nodes []*Node) {
	for _, n := range nodes {
		t.node(n)
	}
}

func (t *textWriter) node(n *Node) {
	if t.progress != nil {
		t.progress(n.Offset)
	}
	length := "inf"
	if !n.Indefinite {
		length = strconv.Itoa(n.Length)
	}
	b := t.cols.Append(t.buf[:0], n.Offset, n.Depth, n.HeaderLen, length, n.Constructed)
	indent := len(b) + 2
	b = appendDescription(b, n)
	var wrap []byte
	if n.elem != nil && !n.Containing {
		// (the octets of a containing string are the lines below)
		b, wrap = asn1dump.AppendValue(b, n.elem, t.full)
	}
	if n.Kind == "BIT STRING" && n.Name != "" {
		// the named bits set (the plain dump shows the bits)
		b = append(b, " ("...)
		b = append(b, n.Name...)
		b = append(b, ')')
	}
	switch {
	case n.Containing:
		b = append(b, ", containing:"...)
	case n.Encapsulates:
		b = append(b, ", encapsulates:"...)
	}
	for _, note := range []string{n.Object, n.Note} {
		if note != "" {
			b = append(b, "  -- "...)
			b = append(b, note...)
		}
	}
	for _, mark := range []struct{ what, why string }{{"not DER: ", n.NonDER}, {"invalid: ", n.Invalid}, {"", n.Error}} {
		if mark.why != "" {
			b = append(b, "  !! "...)
			b = append(b, mark.what...)
			b = append(b, mark.why...)
		}
	}
	if n.Truncated {
		b = append(b, "  !! truncated"...)
	}
	b = append(b, '\n')
	for len(wrap) > 0 {
		k := min(len(wrap), asn1dump.WrapBytes)
		for range indent {
			b = append(b, ' ')
		}
		b = hex.AppendEncode(b, wrap[:k])
		b = append(b, '\n')
		wrap = wrap[k:]
	}
	t.buf = b
	t.w.Write(b)
	t.list(n.Children)
	if n.Indefinite {
		// X.690 8.1.5: the end-of-contents octets
		b = t.cols.Append(t.buf[:0], n.Offset+n.HeaderLen+n.Length, n.Depth+1, 2, "0", false)
		b = append(b, "EOC\n"...)
		t.buf = b
		t.w.Write(b)
	}
}

// appendDescription appends what the element is: the component name,
// then the type as the schema writes it (with the tag when it is not the
// type's UNIVERSAL one), or for elements read without the schema the tag.
func appendDescription(b []byte, n *Node) []byte {
	start := len(b)
	sep := func() {
		if len(b) > start {
			b = append(b, ' ')
		}
	}
	if n.Field != "" {
		b = append(b, n.Field...)
	}
	switch {
	case n.Explicit:
		sep()
		b = append(b, n.Tag...)
		b = append(b, " EXPLICIT "...)
		b = append(b, n.Type...)
	case n.Raw:
		if n.Type != "" {
			sep()
			b = append(b, n.Type...)
		}
		sep()
		b = append(b, n.Tag...)
	case n.inner:
		// inside EXPLICIT tags, whose line names the type: the built-in
		// type, as the plain dump shows it
		sep()
		if n.wireTag {
			b = append(b, n.Tag...)
			b = append(b, ' ')
		}
		b = append(b, n.Kind...)
	default:
		sep()
		if n.wireTag {
			b = append(b, n.Tag...)
			b = append(b, ' ')
		}
		b = append(b, n.Type...)
	}
	return b
}

// Block is one block of input in the JSON form: the whole input, or one
// PEM block.
type Block struct {
	// PEM is the type of the PEM block ("CERTIFICATE"); absent for DER or
	// BER input.
	PEM string `json:"pem,omitempty"`
	// Encrypted: an encrypted PEM block (Proc-Type: 4,ENCRYPTED), not read.
	Encrypted bool `json:"encrypted,omitempty"`
	// Type is the type decoded, "Module.Type".
	Type string `json:"type,omitempty"`
	// Elements are the top-level elements (Result.Elements).
	Elements []*Node `json:"elements"`
	// Errors are the errors found (Result.Issues).
	Errors []Issue `json:"errors,omitempty"`
}

// JSON writes {"blocks": blocks} to w, indented, with a final newline.
func JSON(w io.Writer, blocks []Block) error { return WriteJSON(w, blocks, " ") }

// WriteJSON writes {"blocks": blocks} to w as encoding/json does, each
// level indented by indent: "" writes it on one line, which a program that
// parses it reads faster (the browser playground: the dump of a 1 MB CRL
// is 87 MB indented, 42 MB not). Nil Elements are written as [].
func WriteJSON(w io.Writer, blocks []Block, indent string) error {
	compact := AppendJSON(nil, blocks)
	if indent == "" {
		_, err := w.Write(compact)
		return err
	}
	// what json.Encoder does with SetIndent: indent the compact form
	var buf bytes.Buffer
	buf.Grow(2 * len(compact))
	if err := json.Indent(&buf, compact, "", indent); err != nil {
		return err
	}
	_, err := buf.WriteTo(w)
	return err
}

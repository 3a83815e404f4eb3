package oerdump

import (
	"bufio"
	"io"
	"strconv"
	"strings"
)

// TextOptions control the text form.
type TextOptions struct {
	// Full prints long values whole instead of shortened.
	Full bool
}

// maxValue is the length of a value shown without TextOptions.Full.
const maxValue = 96

// Text writes the text form of res to w: one line per element, its
// offset and length in octets, then indented by depth the component name,
// the type, the value and the notes (see the package documentation).
func Text(w io.Writer, res *Result, opts *TextOptions) error {
	if opts == nil {
		opts = &TextOptions{}
	}
	t := textWriter{w: bufio.NewWriter(w), full: opts.Full}
	t.measure(res.Elements)
	t.w.WriteString(pad("offset", t.offW) + " " + pad("length", t.lenW) + "\n")
	for _, n := range res.Elements {
		t.node(n)
	}
	return t.w.Flush()
}

type textWriter struct {
	w          *bufio.Writer
	full       bool
	offW, lenW int
}

func (t *textWriter) measure(nodes []*Node) {
	t.offW, t.lenW = 6, 6
	var walk func([]*Node)
	walk = func(ns []*Node) {
		for _, n := range ns {
			t.offW = max(t.offW, len(strconv.Itoa(n.Offset)))
			t.lenW = max(t.lenW, len(strconv.Itoa(n.Length)))
			walk(n.Children)
		}
	}
	walk(nodes)
}

func pad(s string, w int) string {
	if len(s) >= w {
		return s
	}
	return strings.Repeat(" ", w-len(s)) + s
}

func (t *textWriter) node(n *Node) {
	var b strings.Builder
	b.WriteString(pad(strconv.Itoa(n.Offset), t.offW))
	b.WriteByte(' ')
	b.WriteString(pad(strconv.Itoa(n.Length), t.lenW))
	b.WriteString("  ")
	b.WriteString(strings.Repeat("  ", n.Depth))
	var parts []string
	switch {
	case n.Field != "":
		parts = append(parts, n.Field)
	case n.Index != nil:
		parts = append(parts, "["+strconv.Itoa(*n.Index)+"]")
	}
	if n.Type != "" {
		parts = append(parts, n.Type)
	}
	if v := t.value(n); v != "" {
		parts = append(parts, v)
	}
	b.WriteString(strings.Join(parts, " "))
	if n.Addition && !n.Raw {
		b.WriteString("  -- extension addition")
	}
	for _, note := range []string{n.Object, n.Note} {
		if note != "" {
			b.WriteString("  -- " + note)
		}
	}
	if n.Error != "" {
		b.WriteString("  !! " + n.Error)
	}
	b.WriteByte('\n')
	t.w.WriteString(b.String())
	for _, c := range n.Children {
		t.node(c)
	}
}

// value is the value of n as a line shows it: quoted for a string, with
// its name in parentheses.
func (t *textWriter) value(n *Node) string {
	v := n.Value
	if n.Raw {
		v = n.Hex
	}
	if !t.full && len(v) > maxValue {
		v = v[:maxValue] + "... (" + strconv.Itoa(len(v)) + " characters)"
	}
	if n.quoted {
		v = strconv.Quote(v)
	}
	if n.Name != "" {
		v += " (" + n.Name + ")"
	}
	return strings.TrimSpace(v)
}

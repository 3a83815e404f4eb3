// Package dumptext writes the text form of the schema dumps of a bit- or
// octet-oriented encoding (internal/perdump, internal/oerdump): one line
// per element, its offset and length in the dump's unit, then indented
// by depth the component name, the type, the value and the notes.
package dumptext

import (
	"bufio"
	"io"
	"strconv"
	"strings"
)

// Line is what the text form shows of one element.
type Line struct {
	Offset, Length, Depth int
	// Field is the component name; Index, when there is none, the
	// position in a SEQUENCE OF or SET OF.
	Field string
	Index *int
	Type  string
	// Value is the value of a primitive, Quoted if it is a character
	// string, Name its named number, item or bits; Hex the octets of a
	// Raw element, shown in place of the value.
	Value  string
	Quoted bool
	Name   string
	Raw    bool
	Hex    string
	// Addition marks an extension addition; Object and Note are notes,
	// Error the element's error.
	Addition bool
	Object   string
	Note     string
	Error    string
}

// Units name the columns of the offset and length ("bit", "bits" or
// "offset", "length").
type Units struct{ Offset, Length string }

// maxValue is the length of a value shown unless the text is full.
const maxValue = 96

// Write writes the text form of the elements roots to w: a header line
// of units, then a line per element in depth-first order (line tells
// what an element shows, children its children). full prints long values
// whole instead of shortened.
func Write[N any](w io.Writer, roots []N, line func(N) Line, children func(N) []N, units Units, full bool) error {
	t := writer[N]{w: bufio.NewWriter(w), full: full, line: line, children: children}
	t.offW, t.lenW = len(units.Offset), len(units.Length)
	t.measure(roots)
	t.w.WriteString(pad(units.Offset, t.offW) + " " + pad(units.Length, t.lenW) + "\n")
	for _, n := range roots {
		t.node(n)
	}
	return t.w.Flush()
}

type writer[N any] struct {
	w          *bufio.Writer
	full       bool
	offW, lenW int
	line       func(N) Line
	children   func(N) []N
}

func (t *writer[N]) measure(ns []N) {
	for _, n := range ns {
		l := t.line(n)
		t.offW = max(t.offW, len(strconv.Itoa(l.Offset)))
		t.lenW = max(t.lenW, len(strconv.Itoa(l.Length)))
		t.measure(t.children(n))
	}
}

func pad(s string, w int) string {
	if len(s) >= w {
		return s
	}
	return strings.Repeat(" ", w-len(s)) + s
}

func (t *writer[N]) node(n N) {
	l := t.line(n)
	var b strings.Builder
	b.WriteString(pad(strconv.Itoa(l.Offset), t.offW))
	b.WriteByte(' ')
	b.WriteString(pad(strconv.Itoa(l.Length), t.lenW))
	b.WriteString("  ")
	b.WriteString(strings.Repeat("  ", l.Depth))
	var parts []string
	switch {
	case l.Field != "":
		parts = append(parts, l.Field)
	case l.Index != nil:
		parts = append(parts, "["+strconv.Itoa(*l.Index)+"]")
	}
	if l.Type != "" {
		parts = append(parts, l.Type)
	}
	if v := t.value(l); v != "" {
		parts = append(parts, v)
	}
	b.WriteString(strings.Join(parts, " "))
	if l.Addition && !l.Raw {
		b.WriteString("  -- extension addition")
	}
	for _, note := range []string{l.Object, l.Note} {
		if note != "" {
			b.WriteString("  -- " + note)
		}
	}
	if l.Error != "" {
		b.WriteString("  !! " + l.Error)
	}
	b.WriteByte('\n')
	t.w.WriteString(b.String())
	for _, c := range t.children(n) {
		t.node(c)
	}
}

// value is the value of l as a line shows it: quoted for a string, with
// its name in parentheses.
func (t *writer[N]) value(l Line) string {
	v := l.Value
	if l.Raw {
		v = l.Hex
	}
	if !t.full && len(v) > maxValue {
		v = v[:maxValue] + "... (" + strconv.Itoa(len(v)) + " characters)"
	}
	if l.Quoted {
		v = strconv.Quote(v)
	}
	if l.Name != "" {
		v += " (" + l.Name + ")"
	}
	return strings.TrimSpace(v)
}

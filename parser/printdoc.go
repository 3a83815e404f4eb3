package parser

import "unicode/utf8"

// This file is the layout engine of the printer: a small document algebra
// in the manner of Wadler's "A prettier printer" (as Prettier implements
// it). The printer (printer.go) turns nodes into documents; render decides
// where lines break so that the text fits in printWidth columns where it
// can.
//
// Documents:
//
//	docText          literal text (no newline, except inside a multi-line cstring token)
//	docCat           a sequence
//	docLine          a line break: lineSpace (" " when flat), lineSoft ("" when
//	                 flat) or lineHard (always a break)
//	docIndent        its content indented one level more, always: blocks whose
//	                 lines are hard breaks (SEQUENCE bodies, CLASS bodies, ...)
//	docNestBreak     its content indented one level more when its enclosing group
//	                 is broken (continuation lines of groups and fills)
//	docGroup         flat (every line a space or nothing) when it fits on the
//	                 rest of the line up to the next break, broken otherwise
//	docFill          content, separator, content, ...: a separator breaks only when
//	                 the next content does not fit (word wrap)
//
// Unlike Prettier, a hard line does not force its enclosing groups to break:
// "(CONTAINING SEQUENCE {" stays on one line and the SEQUENCE body is
// indented from the line that opened it, which is how ASN.1 is written.

const (
	printWidth  = 80 // columns the printer tries to stay within
	indentWidth = 4  // spaces per indentation level
)

type doc any

type (
	docText      string
	docCat       []doc
	docLine      uint8
	docIndent    struct{ d doc }
	docNestBreak struct{ d doc }
	docGroup     struct{ d doc }
	docFill      []doc
)

const (
	lineSpace docLine = iota // " " when flat, a break otherwise
	lineSoft                 // "" when flat, a break otherwise
	lineHard                 // always a break
)

type layoutMode uint8

const (
	modeBreak layoutMode = iota
	modeFlat
)

type layoutCmd struct {
	ind  int
	mode layoutMode
	d    doc
}

// render lays d out. Lines carry no trailing white space and the text ends
// with a newline.
func render(d doc) []byte {
	var out []byte
	col := 0
	stack := []layoutCmd{{0, modeBreak, d}}
	push := func(c layoutCmd) { stack = append(stack, c) }
	for len(stack) > 0 {
		c := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		switch x := c.d.(type) {
		case nil:
		case docText:
			out = append(out, x...)
			col += utf8.RuneCountInString(string(x))
		case docCat:
			for i := len(x) - 1; i >= 0; i-- {
				push(layoutCmd{c.ind, c.mode, x[i]})
			}
		case docIndent:
			push(layoutCmd{c.ind + indentWidth, c.mode, x.d})
		case docNestBreak:
			ind := c.ind
			if c.mode == modeBreak {
				ind += indentWidth
			}
			push(layoutCmd{ind, c.mode, x.d})
		case docGroup:
			m := c.mode
			if m == modeBreak && fits(layoutCmd{c.ind, modeFlat, x.d}, stack, printWidth-col) {
				m = modeFlat
			}
			push(layoutCmd{c.ind, m, x.d})
		case docFill:
			renderFill(x, c, printWidth-col, push)
		case docLine:
			if x != lineHard && c.mode == modeFlat {
				if x == lineSpace {
					out = append(out, ' ')
					col++
				}
				continue
			}
			out = trimSpace(out)
			out = append(out, '\n')
			for i := 0; i < c.ind; i++ {
				out = append(out, ' ')
			}
			col = c.ind
		}
	}
	out = trimSpace(out)
	if len(out) > 0 && out[len(out)-1] != '\n' {
		out = append(out, '\n')
	}
	return out
}

// renderFill pushes the commands for the fill x (Prettier's algorithm): the
// first content flat if it fits, the separator after it flat if the next
// content fits too, and the rest of the fill for later.
func renderFill(x docFill, c layoutCmd, rem int, push func(layoutCmd)) {
	if len(x) == 0 {
		return
	}
	content := x[0]
	mode := func(flat bool) layoutMode {
		if flat {
			return modeFlat
		}
		return modeBreak
	}
	contentFits := fits(layoutCmd{c.ind, modeFlat, content}, nil, rem)
	if len(x) == 1 {
		push(layoutCmd{c.ind, mode(contentFits), content})
		return
	}
	sep := x[1]
	if len(x) == 2 {
		push(layoutCmd{c.ind, mode(contentFits), sep})
		push(layoutCmd{c.ind, mode(contentFits), content})
		return
	}
	push(layoutCmd{c.ind, c.mode, x[2:]})
	bothFit := fits(layoutCmd{c.ind, modeFlat, docCat{content, sep, x[2]}}, nil, rem)
	push(layoutCmd{c.ind, mode(bothFit), sep})
	push(layoutCmd{c.ind, mode(contentFits), content})
}

// fits reports whether next, laid out flat, and then the commands of rest
// (from the top of the stack) up to their first line break fit in w
// columns.
func fits(next layoutCmd, rest []layoutCmd, w int) bool {
	f := fitter{w: w}
	if f.walk(next.d, next.mode) {
		return f.broke
	}
	for i := len(rest) - 1; i >= 0; i-- {
		if f.walk(rest[i].d, rest[i].mode) {
			return f.broke
		}
	}
	return true
}

type fitter struct {
	w     int
	broke bool // stopped at a line break (rather than by running out of width)
}

// walk measures d in mode m; it returns true when the measure is decided:
// a line break was reached (broke) or the width ran out.
func (f *fitter) walk(d doc, m layoutMode) bool {
	switch x := d.(type) {
	case docText:
		f.w -= utf8.RuneCountInString(string(x))
		return f.w < 0
	case docCat:
		for _, e := range x {
			if f.walk(e, m) {
				return true
			}
		}
	case docFill:
		for _, e := range x {
			if f.walk(e, m) {
				return true
			}
		}
	case docIndent:
		return f.walk(x.d, m)
	case docNestBreak:
		return f.walk(x.d, m)
	case docGroup:
		return f.walk(x.d, m)
	case docLine:
		if x == lineHard || m == modeBreak {
			f.broke = true
			return true
		}
		if x == lineSpace {
			f.w--
			return f.w < 0
		}
	}
	return false
}

func trimSpace(b []byte) []byte {
	for len(b) > 0 && (b[len(b)-1] == ' ' || b[len(b)-1] == '\t') {
		b = b[:len(b)-1]
	}
	return b
}

package asn1dump

import (
	"bufio"
	"encoding/hex"
	"io"
	"strconv"
	"unicode/utf8"
)

// Shortening limits of the text form (without Options.Full).
const (
	maxBytes  = 32 // binary values up to this many octets are shown whole...
	headBytes = 16 // ...longer ones by their first headBytes octets
	maxRunes  = 64 // strings are cut after this many characters
	wrapBytes = 32 // octets per continuation line with Options.Full
)

// Text writes the text form of elems to w, one line per element (see the
// package documentation).
func Text(w io.Writer, elems []Element, opts *Options) error {
	if opts == nil {
		opts = &Options{}
	}
	t := textWriter{w: bufio.NewWriter(w), opts: opts}
	t.measure(elems)
	t.list(elems)
	return t.w.Flush()
}

type textWriter struct {
	w    *bufio.Writer
	opts *Options
	cols Columns
	buf  []byte
}

func (t *textWriter) measure(elems []Element) {
	t.cols = NewColumns()
	var walk func([]Element)
	walk = func(es []Element) {
		for i := range es {
			e := &es[i]
			t.cols.Fit(e.Offset, e.Depth, e.HeaderLen, e.Length, e.Indefinite)
			walk(e.Children)
			walk(e.Encapsulates)
		}
	}
	walk(elems)
}

func (t *textWriter) list(elems []Element) {
	for i := range elems {
		t.element(&elems[i])
	}
}

func (t *textWriter) element(e *Element) {
	if t.opts.Progress != nil {
		t.opts.Progress(e.Offset)
	}
	length := "inf"
	if !e.Indefinite {
		length = strconv.Itoa(e.Length)
	}
	b := t.cols.Append(t.buf[:0], e.Offset, e.Depth, e.HeaderLen, length, e.Constructed)
	indent := len(b) + 2
	b = append(b, e.Tag...)
	var wrap []byte
	switch {
	case len(e.Encapsulates) > 0:
		b = append(b, ", encapsulates:"...)
	case !e.Constructed:
		b, wrap = t.value(b, e)
	}
	if e.NonDER != "" {
		b = append(b, "  !! not DER: "...)
		b = append(b, e.NonDER...)
	}
	if e.Invalid != "" {
		b = append(b, "  !! invalid: "...)
		b = append(b, e.Invalid...)
	}
	if e.Truncated {
		b = append(b, "  !! truncated"...)
	}
	b = append(b, '\n')
	// Options.Full: long binaries go on continuation lines.
	for len(wrap) > 0 {
		n := min(len(wrap), wrapBytes)
		for range indent {
			b = append(b, ' ')
		}
		b = hex.AppendEncode(b, wrap[:n])
		b = append(b, '\n')
		wrap = wrap[n:]
	}
	t.buf = b
	t.w.Write(b)
	t.list(e.Children)
	t.list(e.Encapsulates)
	if e.Indefinite && !e.Truncated {
		// X.690 8.1.5: the end-of-contents octets, two zero octets
		b = t.cols.Append(t.buf[:0], e.Offset+e.HeaderLen+e.Length, e.Depth+1, 2, "0", false)
		b = append(b, "EOC\n"...)
		t.buf = b
		t.w.Write(b)
	}
}

// value appends the value of a primitive element. With Options.Full, a
// binary too long for one line is returned as wrap, for continuation lines.
func (t *textWriter) value(b []byte, e *Element) (_ []byte, wrap []byte) {
	d := &e.show
	switch d.kind {
	case showPlain:
		b = append(b, ' ')
		b = append(b, e.Value...)
		if e.Name != "" {
			b = append(b, " ("...)
			b = append(b, e.Name...)
			b = append(b, ')')
		}
	case showString:
		b = append(b, ' ')
		b = t.appendString(b, e.Value)
	case showTime:
		b = append(b, ' ')
		b = append(b, d.raw...)
		b = append(b, " ("...)
		b = append(b, e.Value...)
		b = append(b, ')')
	case showBinary:
		if d.label != "" {
			b = append(b, ' ')
			b = append(b, d.label...)
		}
		switch {
		case len(d.bin) == 0:
		case t.opts.Full && len(d.bin) > maxBytes:
			b = append(b, " ("...)
			b = strconv.AppendInt(b, int64(len(d.bin)), 10)
			b = append(b, " bytes)"...)
			wrap = d.bin
		case len(d.bin) > maxBytes:
			b = append(b, ' ')
			b = append(b, d.hexPrefix...)
			b = hex.AppendEncode(b, d.bin[:headBytes])
			b = append(b, "... ("...)
			b = strconv.AppendInt(b, int64(len(d.bin)), 10)
			b = append(b, " bytes)"...)
		default:
			b = append(b, ' ')
			b = append(b, d.hexPrefix...)
			b = hex.AppendEncode(b, d.bin)
		}
		if d.after != "" {
			b = append(b, ' ')
			b = append(b, d.after...)
		}
	}
	return b, wrap
}

// appendString appends s quoted in Go syntax (so that control characters
// and invalid UTF-8 stay visible and on one line), cut after maxRunes
// characters unless Options.Full.
func (t *textWriter) appendString(b []byte, s string) []byte {
	n := utf8.RuneCountInString(s)
	if t.opts.Full || n <= maxRunes {
		return strconv.AppendQuote(b, s)
	}
	cut, i := 0, 0
	for cut = range s {
		if i == maxRunes {
			break
		}
		i++
	}
	b = strconv.AppendQuote(b, s[:cut])
	b = append(b, "... ("...)
	b = strconv.AppendInt(b, int64(n), 10)
	return append(b, " chars)"...)
}

package asn1dump

import "strconv"

// Columns are the widths of a dump's leading columns (offset, depth,
// header length, length), from the largest values of the whole tree so
// that every line of one dump aligns. The schema-aware dump prints the same
// columns.
type Columns struct{ off, depth, hl, length int }

// NewColumns returns the narrowest columns, one digit each.
func NewColumns() Columns { return Columns{1, 1, 1, 1} }

// Fit widens c for an element at offset off and depth with header length hl
// and contents length (for an indefinite length, "inf" and the line of its
// end-of-contents octets).
func (c *Columns) Fit(off, depth, hl, length int, indefinite bool) {
	c.off = max(c.off, digits(off))
	c.depth = max(c.depth, digits(depth))
	c.hl = max(c.hl, digits(hl))
	if indefinite {
		c.length = max(c.length, len("inf"))
		c.off = max(c.off, digits(off+hl+length))
		c.depth = max(c.depth, digits(depth+1))
	} else {
		c.length = max(c.length, digits(length))
	}
}

// Append appends "   0 d=0 hl=2 l=inf cons: " and the indentation of depth.
func (c Columns) Append(b []byte, off, depth, hl int, length string, cons bool) []byte {
	b = appendPadded(b, strconv.Itoa(off), c.off, true)
	b = append(b, " d="...)
	b = appendPadded(b, strconv.Itoa(depth), c.depth, false)
	b = append(b, " hl="...)
	b = appendPadded(b, strconv.Itoa(hl), c.hl, false)
	b = append(b, " l="...)
	b = appendPadded(b, length, c.length, true)
	if cons {
		b = append(b, " cons: "...)
	} else {
		b = append(b, " prim: "...)
	}
	for range depth {
		b = append(b, "  "...)
	}
	return b
}

func digits(n int) int { return len(strconv.Itoa(n)) }

func appendPadded(b []byte, s string, width int, right bool) []byte {
	if right {
		for i := len(s); i < width; i++ {
			b = append(b, ' ')
		}
	}
	b = append(b, s...)
	if !right {
		for i := len(s); i < width; i++ {
			b = append(b, ' ')
		}
	}
	return b
}

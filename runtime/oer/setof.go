package oer

import (
	"bytes"
	"slices"
)

// CANONICAL-OER writes the elements of a SET OF in the ascending order of
// their encodings, compared as octet strings, the shorter padded at its
// end with 0 octets (X.696 19, as X.690 11.6 for DER); BASIC-OER takes
// them in any order. The Writer puts them in that order once they are
// written (SetOfMark), and a canonical Reader checks it (SetOfOrder).

// comparePadded compares two encodings of elements of a SET OF in the
// order of CANONICAL-OER: a shorter one is as if padded with 0 octets.
func comparePadded(a, b []byte) int {
	n := min(len(a), len(b))
	if c := bytes.Compare(a[:n], b[:n]); c != 0 {
		return c
	}
	switch {
	case len(a) > n && !allZero(a[n:]):
		return 1
	case len(b) > n && !allZero(b[n:]):
		return -1
	}
	return 0
}

// compareSetOf is comparePadded with its ties (a longer encoding whose
// extra octets are all 0) broken by length: the Writer's order is one for
// any values.
func compareSetOf(a, b []byte) int {
	if c := comparePadded(a, b); c != 0 {
		return c
	}
	return len(a) - len(b)
}

func allZero(b []byte) bool {
	for _, c := range b {
		if c != 0 {
			return false
		}
	}
	return true
}

// SetOfMark collects the encodings of the elements of a SET OF that a
// Writer writes, to put them in CANONICAL-OER's order:
//
//	m := w.BeginSetOf(len(v))
//	for i := range v {
//		w.Encode(&v[i], "")
//		w.EndElement(&m)
//	}
//	w.EndSetOf(&m)
type SetOfMark struct {
	start int
	ends  []int
}

// BeginSetOf starts the n elements of a SET OF (after its quantity).
func (w *Writer) BeginSetOf(n int) SetOfMark {
	return SetOfMark{start: len(w.buf), ends: make([]int, 0, n)}
}

// EndElement ends the encoding of an element of the SET OF of m.
func (w *Writer) EndElement(m *SetOfMark) { m.ends = append(m.ends, len(w.buf)) }

// EndSetOf puts the encodings of the elements of m in ascending order.
func (w *Writer) EndSetOf(m *SetOfMark) {
	if len(m.ends) < 2 || m.ends[len(m.ends)-1] != len(w.buf) {
		return // nothing to order, or the encoding failed and is thrown away
	}
	elems := make([][]byte, len(m.ends))
	at := m.start
	for i, end := range m.ends {
		elems[i], at = w.buf[at:end], end
	}
	if slices.IsSortedFunc(elems, compareSetOf) {
		return
	}
	sorted := make([]byte, 0, len(w.buf)-m.start)
	for _, e := range slices.SortedStableFunc(slices.Values(elems), compareSetOf) {
		sorted = append(sorted, e...)
	}
	copy(w.buf[m.start:], sorted)
}

// SetOfOrder follows the elements of a SET OF that a Reader reads, to
// check CANONICAL-OER's order:
//
//	o := r.BeginSetOf()
//	for i := range s {
//		r.Decode(&s[i], "")
//		r.InOrder(&o, "SET OF")
//		...
//	}
type SetOfOrder struct{ start, end int }

// BeginSetOf starts the elements of a SET OF (after its quantity).
func (r *Reader) BeginSetOf() SetOfOrder { return SetOfOrder{r.pos, r.pos} }

// InOrder ends an element of the SET OF of o, of type typ: with
// Options.Canonical, an element whose encoding is less than the one
// before it is a KindNonCanonical error at its first octet, kept as the
// decode's error.
func (r *Reader) InOrder(o *SetOfOrder, typ string) {
	if r.err != nil {
		return
	}
	if r.canonical && comparePadded(r.buf[o.start:o.end], r.buf[o.end:r.pos]) > 0 {
		r.Fail(r.nonCanonical(o.end, typ, "element before the one it follows in ascending order of encodings", "X.696 19"), "")
		return
	}
	o.start, o.end = o.end, r.pos
}

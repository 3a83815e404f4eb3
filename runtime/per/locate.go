package per

import "sort"

// Errors locate what they report in the caller's input. Octets that were
// reassembled from fragments (joinFragments) are no longer where they
// were: the length octets between the fragments are gone, and fragments
// nested in fragments were moved again. A fragMap keeps, for each
// fragment, where it begins in the reassembled octets and where it came
// from, so that a Reader over reassembled octets (an open type field or
// contained encoding of 16K octets or more) locates its errors in the
// input, not in the reassembly.

// fragMap locates the bits of octets reassembled from fragments: fragment
// i begins at bit dst[i] of them and came from bit src[i] of the octets
// of the Reader that read it, counted in that Reader's coordinates (its
// base plus its position), which parent locates in turn (nil: the
// caller's input).
type fragMap struct {
	dst, src []int
	parent   *fragMap
}

// locate returns the offset in the caller's input of bit x of the octets
// m describes (the input's own bit x when m is nil). A bit past the last
// fragment, where an error at the end of the octets points, is as far
// past the last fragment's first bit in the input.
func (m *fragMap) locate(x int) int {
	for ; m != nil; m = m.parent {
		i := max(sort.SearchInts(m.dst, x+1)-1, 0) // the last fragment at or before x
		x = m.src[i] + x - m.dst[i]
	}
	return x
}

// fieldPlace is where the octets that ReadOpenField or ReadStringContents
// last returned lie, for Field: at bit base of the octets loc describes.
// Only octets that are not in the caller's input as they are (reassembled,
// or inside reassembled octets) have one; first tells them apart.
type fieldPlace struct {
	first *byte
	loc   *fragMap
	base  int
}

// at returns the offset in the caller's input of bit pos of r's octets.
func (r *Reader) at(pos int) int {
	if r.loc == nil {
		return r.base + pos
	}
	return r.loc.locate(r.base + pos)
}

// placeField notes where b, octets that ReadOpenField or
// ReadStringContents is about to return, lie, for Field: reassembled by m
// if it is not nil, else from bit coord of r's coordinates on. Octets in
// the caller's input as they are need no note: Field places them by the
// offset returned with them.
func (r *Reader) placeField(b []byte, coord int, m *fragMap) {
	r.field = nil
	loc := r.loc
	if m != nil {
		loc, coord = m, 0
	}
	if loc != nil && len(b) > 0 {
		r.field = &fieldPlace{first: &b[0], loc: loc, base: coord}
	}
}

// beginMapping makes joinFragments note where the fragments of the next
// string it reassembles came from; endMapping returns the map, nil if the
// string did not come in fragments.
func (r *Reader) beginMapping() { r.mapping, r.joined = true, nil }

func (r *Reader) endMapping() *fragMap {
	m := r.joined
	r.mapping, r.joined = false, nil
	return m
}

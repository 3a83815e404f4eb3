package per

import "github.com/asn1gen/asn1gen/runtime/der"

// The open types of a table constraint (X.682 10, X.691 10.2): the value
// of ProtocolIE-Field.value is the complete encoding of the type that the
// id selects, in an open type field. Generated code reads the field's
// octets first (ReadOpenField), keeps them (the union's Raw: a key not in
// the table, or a row without a type, is written back unchanged with
// WriteOpenBytes), and decodes the row's type from them with a Reader of
// its own (Field, EndField), whose errors keep their absolute offsets.
// Reading the octets first also serves a key that comes after the open
// type: the value is decoded once the key is read.

// ReadOpenField reads an open type field (X.691 10.2, 11.2) and returns
// its octets and the offset in bits of the first one in the outermost
// input, for Field. The octets alias the input when they start on an octet
// boundary (always in the ALIGNED variant); otherwise, and when the field
// is fragmented (16K octets or more), they are a copy, charged to the
// budget, or inside the copy of a field around it (joinFragments); the
// offset of a fragmented field is that of its first length octet. An
// empty field is an error: an empty encoding is one zero octet (X.691
// 11.1).
func (r *Reader) ReadOpenField() ([]byte, int, error) {
	const typ = "open type"
	r.Align() // the length of an unconstrained count starts on an octet (11.9.3.5)
	at := r.pos
	if i := at >> 3; at&7 == 0 && at+8 <= r.end {
		// The common case, read as below in short: a length in one
		// octet (1 to 127) and the octets, in the input, aliased.
		if n := int(r.buf[i]); n > 0 && n < 0x80 && 8*n <= r.end-at-8 {
			b := r.buf[i+1 : i+1+n : i+1+n]
			r.pos = at + 8 + 8*n
			r.placeField(b, r.base+at+8, nil)
			return b, r.at(at + 8), nil
		}
	}
	r.beginMapping()
	b, err := r.readOctets(0, -1, typ)
	m := r.endMapping()
	if err != nil {
		return nil, 0, err
	}
	if len(b) == 0 {
		return nil, 0, r.errAt(at, der.KindMalformed, typ, "empty field: an empty encoding is one zero octet", "X.691 11.1")
	}
	if m == nil {
		at = r.pos - 8*len(b) // not fragmented: the octets end where r is
	}
	r.placeField(b, r.base+at, m)
	return b, r.at(at), nil
}

// Field returns a Reader over b, the octets of an open type field that
// ReadOpenField (or ReadStringContents) of r returned with the offset at:
// it reads in r's variant, with r's options, nesting depth and allocation
// budget, and its errors count from the start of r's outermost input.
// EndField ends it. When b is a copy that this decode made, the fragmented
// strings inside it are reassembled in place (joinFragments): f.Rewrote
// tells.
func (r *Reader) Field(b []byte, at int) Reader {
	apart := len(b) > 0 && r.fresh == &b[0]
	var loc *fragMap
	if f := r.field; f != nil && len(b) > 0 && f.first == &b[0] {
		// Reassembled, or in reassembled octets: at is where they
		// begin in the input, but not where each of their bits is.
		loc, at = f.loc, f.base
	}
	r.field = nil
	return Reader{buf: b, end: 8 * len(b), base: at, loc: loc, aligned: r.aligned, depth: r.depth, alloc: r.alloc, skip: r.skip, owned: r.owned || apart, apart: apart, tol: r.tol, dev: r.dev}
}

// Rewrote reports whether r, made by Field, reassembled a fragmented
// string in place in its octets, which are no longer those of its field.
func (r *Reader) Rewrote() bool { return r.rewrote }

// EndField checks that the value f read filled its field, whose octets
// past the value are padding of its last octet, or the one zero octet of
// an empty encoding (X.691 11.1), and charges r what f allocated. Unless
// f read a copy, r's octets hold f's: f's rewriting is r's.
func (r *Reader) EndField(f *Reader) error {
	r.alloc = f.alloc
	r.rewrote = r.rewrote || f.rewrote && !f.apart
	want := max((f.pos+7)/8, 1)
	if len(f.buf) != want { // more: the reads are bounded by the field
		return f.errAt(f.pos, der.KindTrailingData, "open type", itoa(len(f.buf)-want)+" octets after the value in its field", "X.691 11.1")
	}
	return nil
}

// UnknownKey returns the error of a key that is not in the table of a table
// constraint whose object set is not extensible (X.682 10), at the field of
// the value, whose offset at ReadOpenField returned.
func UnknownKey(at int, typ string) error {
	e := der.UnknownKey(at, typ)
	e.(*der.Error).Bits = true
	return e
}

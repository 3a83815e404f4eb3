package per

import "github.com/asn1gen/asn1gen/runtime/der"

// Contents constraints (X.682 11): the value of an OCTET STRING or BIT
// STRING (CONTAINING T) is the complete encoding of a value of T in the
// variant of the whole (X.691 11.1 makes T an outermost type there: its
// encoding is padded to an octet boundary, one zero octet if empty). The
// contents constraint is not PER-visible; a SIZE constraint on the string
// is, and counts the octets, or for a BIT STRING the bits (X.691 16, 17),
// of that encoding. A BIT STRING holds a whole number of octets then.
//
// Contents names such a string (and its size) to the methods below.
//
// The octets are read first and T is decoded from them with a Reader of
// its own (Field), as an open type's: a fixed-size string of one or two
// octets is not octet-aligned even in the ALIGNED variant, and T's own
// octet boundaries count from the start of its encoding.

// Contents is the string that holds the complete encoding of a value
// under a contents constraint: an OCTET STRING of Size octets, or a BIT
// STRING of Size bits if Bits.
type Contents struct {
	Size Size
	Bits bool
}

// ReadStringContents reads the string c whose octets are the complete
// encoding of a value, and returns them with the offset in bits of the
// first one in the outermost input, for Field: that of the length
// determinant when they came in fragments (they are a copy then). They
// may be empty: under a key that selects no type they are only octets. A
// BIT STRING must hold a whole number of octets.
func (r *Reader) ReadStringContents(c Contents) ([]byte, int, error) {
	start := r.pos
	var b []byte
	var err error
	n := 0 // bits
	r.beginMapping()
	if !c.Bits {
		b, err = r.ReadOctetString(c.Size)
		n = 8 * len(b)
	} else {
		var v der.BitString
		if v, err = r.ReadBitString(c.Size); err == nil && v.BitLength%8 != 0 {
			err = r.errAt(r.pos-v.BitLength, der.KindInvalidValue, "BIT STRING", "contained encoding of "+itoa(v.BitLength)+" bits, not a whole number of octets", "X.691 11.1")
		}
		b, n = v.Bytes[:v.BitLength/8], v.BitLength
	}
	m := r.endMapping()
	if err != nil {
		return nil, 0, err
	}
	// The bits end where r is, unless they came in fragments: then the
	// offset is that of the length determinant.
	at := r.pos - n
	if m != nil {
		at = start
	}
	r.placeField(b, r.base+at, m)
	return b, r.at(at), nil
}

// ReadContained reads the string c holding the complete encoding of v and
// decodes v from it, between Enter and Leave (a recursive type may contain
// itself through a contents constraint as through a pointer). The
// encoding must fill the octets. With TolerateOpenTypeErrors, octets that
// are no encoding of v are a Deviation, which keeps them (Raw); v holds
// what was decoded before the defect.
func (r *Reader) ReadContained(v Value, c Contents) error {
	b, at, err := r.ReadStringContents(c)
	if err != nil {
		return err
	}
	if len(b) == 0 {
		e := der.NewError(der.KindMalformed, at, "contained value", "no octets: an empty encoding is one zero octet", "X.691 11.1")
		e.Bits = true
		return e
	}
	f := r.Field(b, at)
	if err := f.Enter("contained value"); err != nil {
		return err
	}
	err = v.DecodePER(&f)
	if err == nil {
		f.Leave()
		err = r.EndField(&f)
	}
	if err != nil {
		r.alloc = min(r.alloc, f.alloc)
		return r.deviate(der.TolerateOpenTypeErrors, err, b)
	}
	return nil
}

// EndContained ends what BeginOpen began as the contents of the string c:
// the complete encoding written since, one zero octet if empty, becomes
// its octets. An encoding whose length is outside c's size is an error,
// which leaves w as it was before BeginOpen.
func (w *Writer) EndContained(o OpenField, c Contents) error {
	if w.n == 8*o.start { // an empty encoding is one zero octet (11.1)
		w.buf = append(w.buf, 0)
	}
	w.scratch = append(w.scratch[:0], w.buf[o.start:]...)
	w.buf, w.n, w.base = w.buf[:o.start], o.mark, o.base
	return w.WriteStringContents(w.scratch, c)
}

// WriteStringContents writes b, the complete encoding of a value (kept raw
// by a decode), as the string c.
func (w *Writer) WriteStringContents(b []byte, c Contents) error {
	if c.Bits {
		return w.WriteBitString(der.BitString{Bytes: b, BitLength: 8 * len(b)}, c.Size)
	}
	return w.WriteOctetString(b, c.Size)
}

// WriteContained writes the complete encoding of v as the string c.
func (w *Writer) WriteContained(v Value, c Contents) error {
	o := w.BeginOpen()
	if err := v.EncodePER(w); err != nil {
		w.buf, w.n, w.base = w.buf[:o.start], o.mark, o.base
		return err
	}
	return w.EndContained(o, c)
}

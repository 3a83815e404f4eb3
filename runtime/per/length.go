package per

import "github.com/asn1gen/asn1gen/runtime/der"

// Length determinants, X.691 11.9.

// Fragment is the unit of fragmentation (X.691 11.9.3.8): a length of
// 16K items or more is sent as fragments of 1, 2, 3 or 4 times 16K items,
// each after an octet 11xxxxxx, then a length below 16K for the rest.
const Fragment = 16 << 10

// ReadLength reads a length determinant of a count in lb..ub (ub < 0: no
// upper bound; the caller handles a fixed count, which has none). Below
// 64K it is a constrained whole number (11.9.3.3, 11.9.4.1); otherwise
// the octet forms of 11.9.3.5 to 11.9.3.8, which are octet-aligned in the
// ALIGNED variant. more reports a fragment: n items follow, then another
// length determinant (read with ReadLength(0, -1)) for the rest. The
// caller checks the total against lb..ub, and the items against the
// input left before it allocates for them.
func (r *Reader) ReadLength(lb, ub int) (n int, more bool, err error) {
	if ub >= 0 && ub < 1<<16 {
		v, err := r.readRange(uint64(ub-lb), "length")
		return lb + int(v), false, err
	}
	return r.readUnconstrainedLength("length")
}

// readUnconstrainedLength reads the octet forms of a length (11.9.3.5 to
// 11.9.3.8): 0xxxxxxx below 128, 10xxxxxx xxxxxxxx below 16K, 11000mmm a
// fragment of m times 16K.
func (r *Reader) readUnconstrainedLength(typ string) (n int, more bool, err error) {
	r.Align()
	at := r.pos
	if err := r.need(8, typ); err != nil {
		return 0, false, err
	}
	b := int(r.bits(8))
	switch {
	case b < 0x80:
		return b, false, nil
	case b < 0xc0:
		if err := r.need(8, typ); err != nil {
			return 0, false, err
		}
		n = (b&0x3f)<<8 | int(r.bits(8))
		if n < 0x80 {
			return 0, false, r.errAt(at, der.KindNonCanonical, typ, "length below 128 in two octets", "X.691 11.9.3.6")
		}
		return n, false, nil
	}
	m := b & 0x3f
	if m < 1 || m > 4 {
		return 0, false, r.errAt(at, der.KindMalformed, typ, "fragment of "+itoa(m)+" times 16K", "X.691 11.9.3.8.1")
	}
	return m * Fragment, true, nil
}

// WriteLength writes the length determinant of n items in lb..ub (see
// ReadLength) and returns how many items the caller writes next: n, or
// the size of the first fragment, after which the caller calls
// WriteLength(rest, 0, -1) for the rest, until a call returns all of it.
// The returned count is less than n exactly when a fragment was written.
func (w *Writer) WriteLength(n, lb, ub int) int {
	if ub >= 0 && ub < 1<<16 {
		w.writeRange(uint64(n-lb), uint64(ub-lb))
		return n
	}
	return w.writeUnconstrainedLength(n)
}

// writeUnconstrainedLength writes the octet forms of a length, a fragment
// when n >= 16K (the largest that fits, 11.9.3.8.1), and returns the count
// it covers.
func (w *Writer) writeUnconstrainedLength(n int) int {
	w.Align()
	switch {
	case n < 0x80:
		w.WriteBits(uint64(n), 8)
		return n
	case n < Fragment:
		w.WriteBits(uint64(0x8000|n), 16)
		return n
	}
	m := min(n/Fragment, 4)
	w.WriteBits(uint64(0xc0|m), 8)
	return m * Fragment
}

// ReadSmallLength reads a normally small length (X.691 11.9.3.4), n >= 1:
// the bit 0 and n-1 in six bits up to 64, else the bit 1 and an
// unconstrained length. It counts the bits of the bitmap of extension
// additions of a SEQUENCE or SET (19.8).
func (r *Reader) ReadSmallLength() (int, error) {
	big, err := r.ReadBool()
	if err != nil {
		return 0, err
	}
	if !big {
		if err := r.need(6, "length"); err != nil {
			return 0, err
		}
		return int(r.bits(6)) + 1, nil
	}
	at := r.pos
	n, more, err := r.readUnconstrainedLength("length")
	if err != nil {
		return 0, err
	}
	if more {
		return 0, r.errAt(at, der.KindUnsupported, "length", "fragmented bitmap of extension additions", "")
	}
	if n <= 64 {
		return 0, r.errAt(at, der.KindNonCanonical, "length", "normally small length up to 64 not in six bits", "X.691 11.9.3.4")
	}
	return n, nil
}

// WriteSmallLength writes a normally small length n >= 1.
func (w *Writer) WriteSmallLength(n int) {
	if n <= 64 {
		w.WriteBits(uint64(n-1), 7)
		return
	}
	w.WriteBool(true)
	w.writeUnconstrainedLength(n)
}

// readLengthOctets reads an unconstrained length and the octets it counts,
// reassembling fragments (joinFragments); the octets of a single fragment
// alias the input when they start on an octet boundary.
func (r *Reader) readLengthOctets(typ string) ([]byte, error) {
	return r.readOctets(0, -1, typ)
}

// readOctets reads the length determinant of a count of octets in
// lb..ub (not fixed) and the octets.
func (r *Reader) readOctets(lb, ub int, typ string) ([]byte, error) {
	at := r.pos
	n, more, err := r.ReadLength(lb, ub)
	if err != nil {
		return nil, err
	}
	r.Align()
	if !more {
		if err := r.need(8*n, typ); err != nil {
			return nil, err
		}
		if err := r.checkSize(at, n, lb, ub, typ); err != nil {
			return nil, err
		}
		return r.octets(n, typ)
	}
	out, n, err := r.joinFragments(at, n, 8, typ)
	if err != nil {
		return nil, err
	}
	if err := r.checkSize(at, n, lb, ub, typ); err != nil {
		return nil, err
	}
	return out, nil
}

// checkSize reports a count outside lb..ub (ub < 0: no upper bound), which
// only the octet forms of a length can carry.
func (r *Reader) checkSize(at, n, lb, ub int, typ string) error {
	if n < lb || ub >= 0 && n > ub {
		return r.errAt(at, der.KindConstraint, typ, "size "+itoa(n)+" outside its SIZE constraint", "X.691 11.9.4.2")
	}
	return nil
}

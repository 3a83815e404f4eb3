package per

import (
	"unicode/utf8"

	"github.com/asn1gen/asn1gen/runtime/der"
)

// Size describes the effective SIZE constraint of a string or SEQUENCE OF
// as PER sees it (X.691 11.9.4, 16, 17, 30): Lb..Ub, Ub < 0 when there is
// no upper bound, and Ext when the constraint is extensible, which puts an
// extension bit before the length. The zero Size is no constraint at all.
type Size struct {
	Lb, Ub int
	Ext    bool
}

// Unsized is the Size of a string without a PER-visible SIZE constraint.
var Unsized = Size{Lb: 0, Ub: -1}

// fixed reports a fixed count below 64K, which has no length determinant.
func (s Size) fixed() bool { return s.Lb == s.Ub && s.Ub < 1<<16 }

// Within reports whether n is in the root of s.
func (s Size) Within(n int) bool { return n >= s.Lb && (s.Ub < 0 || n <= s.Ub) }

// readExt reads the extension bit of an extensible size and returns the
// size that then applies: none if the count is outside the root (out),
// which the caller checks with checkOut once it has the count.
func (r *Reader) readExt(s Size) (eff Size, out bool, err error) {
	if !s.Ext {
		return s, false, nil
	}
	if out, err = r.ReadBool(); err != nil || !out {
		return s, false, err
	}
	// Outside the root: a semi-constrained length (X.691 11.9.3.5 on).
	return Unsized, true, nil
}

// checkOut reports a count n of the root of s read with the extension bit
// set (out), which X.691 gives the bit 0 (16.6, 17.3, 20.4, 30.4).
func (r *Reader) checkOut(at, n int, s Size, out bool) error {
	if out && s.Within(n) {
		return r.errInRoot(at)
	}
	return nil
}

// nextLength reads the length after a fragment of prev items: a fragment
// of fewer than 64K items is the last one (X.691 11.9.3.8: the largest
// fragments first), so that only a length below 16K may follow it.
func (r *Reader) nextLength(prev int, typ string) (n int, more bool, err error) {
	at := r.pos
	n, more, err = r.readUnconstrainedLength(typ)
	if err == nil && more && prev < 4*Fragment {
		err = r.errAt(at, der.KindNonCanonical, typ, "fragment after a fragment of "+itoa(prev)+" items", "X.691 11.9.3.8")
	}
	return n, more, err
}

// writeExt writes the extension bit of an extensible size for a count n
// and returns the size that applies.
func (w *Writer) writeExt(s Size, n int) (Size, error) {
	if s.Within(n) {
		if s.Ext {
			w.WriteBool(false)
		}
		return s, nil
	}
	if !s.Ext {
		return s, errValue(der.KindConstraint, "SIZE", "size "+itoa(n)+" outside its SIZE constraint", "X.680 51.5")
	}
	w.WriteBool(true)
	return Unsized, nil
}

// ReadOctetString reads an OCTET STRING of size s (X.691 17): no length
// for a fixed size below 64K, octet-aligned (ALIGNED) from three octets
// on (17.6, 17.7), else a length determinant and the octets (17.8),
// fragments reassembled. The octets alias the input unless they were
// fragmented or, in the UNALIGNED variant, not on an octet boundary.
func (r *Reader) ReadOctetString(s Size) ([]byte, error) {
	const typ = "OCTET STRING"
	root := s
	at := r.pos
	s, outside, err := r.readExt(s)
	if err != nil {
		return nil, err
	}
	if s.fixed() {
		if s.Ub > 2 {
			r.Align()
		}
		if err := r.need(8*s.Ub, typ); err != nil {
			return nil, err
		}
		return r.octets(s.Ub, typ)
	}
	b, err := r.readOctets(s.Lb, s.Ub, typ)
	if err == nil {
		err = r.checkOut(at, len(b), root, outside)
	}
	return b, err
}

// WriteOctetString writes b as an OCTET STRING of size s; a size outside
// a constraint that is not extensible is an error.
func (w *Writer) WriteOctetString(b []byte, s Size) error {
	s, err := w.writeExt(s, len(b))
	if err != nil {
		return err
	}
	if s.fixed() {
		if s.Ub > 2 {
			w.Align()
		}
		w.writeOctets(b)
		return nil
	}
	w.writeLengthOctets(b, s.Lb, s.Ub)
	return nil
}

// writeLengthOctets writes a length determinant in lb..ub and b's octets,
// in fragments from 16K octets on when ub is 64K or more.
func (w *Writer) writeLengthOctets(b []byte, lb, ub int) {
	for {
		k := w.WriteLength(len(b), lb, ub)
		w.Align()
		w.writeOctets(b[:k])
		if k == len(b) && (k < Fragment || ub >= 0 && ub < 1<<16) {
			return
		}
		// After a fragment the rest has a length of its own, zero if
		// the fragment ended the octets (11.9.3.8.3).
		b, lb, ub = b[k:], 0, -1
	}
}

// ReadBitString reads a BIT STRING of size s (X.691 16): no length for a
// fixed size below 64K, octet-aligned (ALIGNED) from 17 bits on (16.9,
// 16.10), else a length determinant and the bits (16.11). The bits alias
// the input when they fill whole octets from an octet boundary; otherwise
// they are copied, with zero padding bits.
func (r *Reader) ReadBitString(s Size) (der.BitString, error) {
	const typ = "BIT STRING"
	root := s
	s, outside, err := r.readExt(s)
	if err != nil {
		return der.BitString{}, err
	}
	if s.fixed() {
		if s.Ub > 16 {
			r.Align()
		}
		return r.readBitsOf(s.Ub, typ)
	}
	at := r.pos
	n, more, err := r.ReadLength(s.Lb, s.Ub)
	if err != nil {
		return der.BitString{}, err
	}
	r.Align()
	if !more {
		if err := r.checkSize(at, n, s.Lb, s.Ub, typ); err != nil {
			return der.BitString{}, err
		}
		if err := r.checkOut(at, n, root, outside); err != nil {
			return der.BitString{}, err
		}
		return r.readBitsOf(n, typ)
	}
	// Fragments of 16K bits and more: whole octets each, until the last.
	out, total, err := r.joinFragments(at, n, 1, typ)
	if err != nil {
		return der.BitString{}, err
	}
	if err := r.checkSize(at, total, s.Lb, s.Ub, typ); err != nil {
		return der.BitString{}, err
	}
	if err := r.checkOut(at, total, root, outside); err != nil {
		return der.BitString{}, err
	}
	return der.BitString{Bytes: out, BitLength: total}, nil
}

// ReadNamedBitString reads a BIT STRING with named bits (X.691 16.2,
// 16.3): as ReadBitString, but a value with a trailing 0 bit beyond the
// lower bound of s is not the canonical one, which has the fewest bits
// that carry the value (NamedBits).
func (r *Reader) ReadNamedBitString(s Size) (der.BitString, error) {
	at := r.pos
	v, err := r.ReadBitString(s)
	if err == nil && v.BitLength > s.Lb && v.Bytes[(v.BitLength-1)/8]&(0x80>>((v.BitLength-1)%8)) == 0 {
		err = r.errAt(at, der.KindNonCanonical, "BIT STRING", "named bits with a trailing 0 bit", "X.691 16.2")
	}
	return v, err
}

// readBitsOf reads n bits as a BitString.
func (r *Reader) readBitsOf(n int, typ string) (der.BitString, error) {
	if err := r.need(n, typ); err != nil {
		return der.BitString{}, err
	}
	if n%8 == 0 && r.pos%8 == 0 {
		b, err := r.octets(n/8, typ)
		return der.BitString{Bytes: b, BitLength: n}, err
	}
	if err := r.Alloc((n+7)/8, typ); err != nil {
		return der.BitString{}, err
	}
	b := make([]byte, (n+7)/8)
	r.copyBits(b, n)
	r.noteCopy(b)
	return der.BitString{Bytes: b, BitLength: n}, nil
}

// WriteBitString writes v as a BIT STRING of size s. Trailing zero bits of
// a BIT STRING with named bits are the caller's to remove (16.2, 16.3).
func (w *Writer) WriteBitString(v der.BitString, s Size) error {
	n := v.BitLength
	if n < 0 || (n+7)/8 > len(v.Bytes) {
		return errValue(der.KindInvalidValue, "BIT STRING", "BitLength beyond Bytes", "")
	}
	s, err := w.writeExt(s, n)
	if err != nil {
		return err
	}
	if s.fixed() {
		if s.Ub > 16 {
			w.Align()
		}
		w.writeBitsFrom(v.Bytes, n)
		return nil
	}
	lb, ub, b := s.Lb, s.Ub, v.Bytes
	for {
		k := w.WriteLength(n, lb, ub)
		w.Align()
		w.writeBitsFrom(b, k)
		if k == n && (k < Fragment || ub >= 0 && ub < 1<<16) {
			return nil
		}
		// Fragments are multiples of 16K bits: whole octets.
		b, n, lb, ub = b[k/8:], n-k, 0, -1
	}
}

// ReadOID reads an OBJECT IDENTIFIER (X.691 24): an unconstrained length
// and the contents octets of its BER encoding (X.690 8.19), which are
// checked as DER checks them.
func (r *Reader) ReadOID() (der.OID, error) {
	at := r.pos
	b, err := r.readLengthOctets("OBJECT IDENTIFIER")
	if err != nil {
		return nil, err
	}
	if len(b) == 0 {
		return nil, r.errAt(at, der.KindMalformed, "OBJECT IDENTIFIER", "no subidentifier", "X.690 8.19.2")
	}
	if err := r.checkSubids(at, b, "OBJECT IDENTIFIER"); err != nil {
		return nil, err
	}
	return der.OID(b), nil
}

// ReadRelativeOID reads a RELATIVE-OID (X.691 25), as ReadOID.
func (r *Reader) ReadRelativeOID() (der.RelativeOID, error) {
	at := r.pos
	b, err := r.readLengthOctets("RELATIVE-OID")
	if err != nil {
		return nil, err
	}
	if err := r.checkSubids(at, b, "RELATIVE-OID"); err != nil {
		return nil, err
	}
	return der.RelativeOID(b), nil
}

// checkSubids checks that b is a series of minimal subidentifiers
// (X.690 8.19.2): none starts with 0x80 and the last octet ends one.
func (r *Reader) checkSubids(at int, b []byte, typ string) error {
	first := true
	for i, c := range b {
		if first && c == 0x80 {
			return r.errAt(at, der.KindInvalidValue, typ, "subidentifier not in the fewest octets", "X.690 8.19.2")
		}
		first = c < 0x80
		if i == len(b)-1 && !first {
			return r.errAt(at, der.KindMalformed, typ, "last subidentifier unterminated", "X.690 8.19.2")
		}
	}
	return nil
}

// WriteOID writes an OBJECT IDENTIFIER.
func (w *Writer) WriteOID(o der.OID) { w.writeLengthOctets(o, 0, -1) }

// WriteRelativeOID writes a RELATIVE-OID.
func (w *Writer) WriteRelativeOID(o der.RelativeOID) { w.writeLengthOctets(o, 0, -1) }

// Open is what BeginOpen saves of a Reader while it reads the value of an
// open type field.
type Open struct {
	buf            []byte
	pos, end, base int
	loc            *fragMap
	start          int  // first bit of the field, in the reader's buf while it reads it
	joined         bool // the field was fragmented: the reader reads its reassembly
	owned, rewrote bool // the reader's, before the field
}

// BeginOpen reads the length of an open type field (X.691 10.2, 11.2) and
// limits r to the field, which holds the complete encoding of one value:
// generated code reads the value, then calls EndOpen. A field of 16K
// octets or more comes in fragments, which r reassembles and reads; its
// errors are located in the input all the same.
func (r *Reader) BeginOpen() (Open, error) {
	const typ = "open type"
	saved := Open{buf: r.buf, pos: r.pos, end: r.end, base: r.base, loc: r.loc, owned: r.owned, rewrote: r.rewrote}
	at := r.pos
	n, more, err := r.readUnconstrainedLength(typ)
	if err != nil {
		return saved, err
	}
	if more {
		r.pos = at
		r.beginMapping()
		b, err := r.readLengthOctets(typ)
		m := r.endMapping()
		if err != nil {
			return saved, err
		}
		saved.pos, saved.joined = r.pos, true
		r.base, r.loc = 0, m
		r.buf, r.pos, r.end = b, 0, 8*len(b)
		r.owned = true // a copy, or moved in place in one
		return saved, nil
	}
	if err := r.need(8*n, typ); err != nil {
		return saved, err
	}
	saved.pos = r.pos + 8*n
	saved.start = r.pos
	r.end = r.pos + 8*n
	return saved, nil
}

// EndOpen checks that the value read used its field, whose octets past
// the value are padding to an octet boundary, or the one zero octet of an
// empty encoding (X.691 11.1), then moves r past the field.
func (r *Reader) EndOpen(o Open) error {
	used, size := r.pos-o.start, r.end-o.start
	if o.joined {
		used, size = r.pos, r.end
	}
	want := (used + 7) &^ 7
	if want == 0 {
		want = 8
	}
	if size != want {
		return r.errAt(r.pos, der.KindMalformed, "open type", "value of "+itoa(used)+" bits in a field of "+itoa(size/8)+" octets", "X.691 11.1")
	}
	if used == 0 && r.octetAt(r.end-8) != 0 {
		return r.errEmpty(r.end - 8)
	}
	if o.joined && !o.owned {
		// The field was a copy: rewriting it left r's octets as they
		// were.
		r.rewrote = o.rewrote
	}
	r.buf, r.pos, r.end, r.base, r.loc, r.owned = o.buf, o.pos, o.end, o.base, o.loc, o.owned
	return nil
}

// octetAt returns the 8 bits of r.buf from bit pos, which need not be on
// an octet boundary (an UNALIGNED field); pos+8 must be within r.buf.
func (r *Reader) octetAt(pos int) byte {
	i, s := pos>>3, uint(pos&7)
	b := r.buf[i] << s
	if s != 0 {
		b |= r.buf[i+1] >> (8 - s)
	}
	return b
}

// ReadOpenValue reads an open type field holding the encoding of v
// (BeginOpen, v.DecodePER, EndOpen): an extension addition (X.691 19.9).
// With TolerateOpenTypeErrors, a field that holds no encoding of v is a
// Deviation (see skipOpen).
func (r *Reader) ReadOpenValue(v Value) error {
	o, err := r.BeginOpen()
	if err != nil {
		return err
	}
	kept := r.err
	if err := v.DecodePER(r); err != nil {
		return r.skipOpen(o, kept, err)
	}
	if err := r.EndOpen(o); err != nil {
		return r.skipOpen(o, kept, err)
	}
	return nil
}

// ReadOpenBytes reads an open type field and returns its octets, the
// complete encoding of a value this decode has no type for (an unknown
// extension addition or alternative, an unknown key of a table
// constraint), for WriteOpenBytes to write back unchanged.
func (r *Reader) ReadOpenBytes() ([]byte, error) {
	at := r.pos
	b, err := r.readLengthOctets("open type")
	if err == nil && len(b) == 0 {
		err = r.errAt(at, der.KindMalformed, "open type", "empty field: an empty encoding is one zero octet", "X.691 11.1")
	}
	return b, err
}

// ReadUTF8String reads a UTF8String (X.691 30.6): an unconstrained length
// and the octets, which must be UTF-8. SIZE constraints of the type are not
// PER-visible (X.691 10.9.3.3): the caller checks them.
func (r *Reader) ReadUTF8String() (string, error) {
	at := r.pos
	b, err := r.readLengthOctets("UTF8String")
	if err != nil {
		return "", err
	}
	if !utf8.Valid(b) {
		return "", r.errAt(at, der.KindInvalidValue, "UTF8String", "not UTF-8", "X.680 41.16")
	}
	return string(b), nil
}

// ReadOctetText reads a character string that is not known-multiplier
// (GeneralString, GraphicString, TeletexString, VideotexString; X.691
// 30.6): its octets as they are.
func (r *Reader) ReadOctetText() (string, error) {
	b, err := r.readLengthOctets("character string")
	return string(b), err
}

// WriteOctetText writes the octets of a string that is not known-multiplier.
func (w *Writer) WriteOctetText(s string) {
	w.Align()
	n := len(s)
	for {
		k := w.writeUnconstrainedLength(n)
		w.Align()
		if at := len(s) - n; w.n&7 == 0 {
			w.buf = append(w.buf, s[at:at+k]...)
			w.n += 8 * k
		} else {
			for i := range k {
				w.WriteBits(uint64(s[at+i]), 8)
			}
		}
		if k < Fragment {
			return
		}
		n -= k
	}
}

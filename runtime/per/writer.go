package per

import "github.com/asn1gen/asn1gen/runtime/der"

// Writer writes a PER encoding. The zero Writer writes the UNALIGNED
// variant; NewWriter chooses. Its buffer grows by append, and Reset keeps
// it for the next encoding.
type Writer struct {
	buf     []byte // the octets written, the last one possibly partial
	n       int    // bits written
	base    int    // bit at which the field being written starts (WriteOpen)
	aligned bool
	scratch []byte // WriteOpen's copy of the field, reused
	err     error  // the first error of the methods of stickywrite.go
}

// NewWriter returns a Writer of the ALIGNED variant if aligned is true, else
// of the UNALIGNED one, that appends to dst[:0].
func NewWriter(dst []byte, aligned bool) Writer {
	return Writer{buf: dst[:0], aligned: aligned}
}

// Aligned reports whether w writes the ALIGNED variant.
func (w *Writer) Aligned() bool { return w.aligned }

// Reset empties w, keeping its buffer.
func (w *Writer) Reset() { w.buf, w.n, w.base, w.err = w.buf[:0], 0, 0, nil }

// Len returns the number of bits written.
func (w *Writer) Len() int { return w.n - w.base }

// Bytes returns the complete encoding (X.691 11.1): the bits written,
// padded with zero bits to an octet boundary, or one zero octet if no bit
// was written. It aliases w's buffer.
func (w *Writer) Bytes() []byte {
	if w.n == w.base {
		w.buf = append(w.buf, 0)
		w.n += 8
	}
	return w.buf
}

// Align writes zero bits up to the next octet boundary in the ALIGNED
// variant (X.691 10.7); it does nothing in the UNALIGNED one.
func (w *Writer) Align() {
	if w.aligned {
		w.pad()
	}
}

// pad moves to the next octet boundary: the padding bits are already zero.
func (w *Writer) pad() {
	w.n = (w.n + 7) &^ 7
}

// WriteBool writes one bit.
func (w *Writer) WriteBool(b bool) {
	if w.n&7 == 0 {
		w.buf = append(w.buf, 0)
	}
	if b {
		w.buf[len(w.buf)-1] |= 0x80 >> (w.n & 7)
	}
	w.n++
}

// WritePreamble writes the preamble of a SEQUENCE or SET (X.691 19.2):
// one bit per OPTIONAL or DEFAULT component, set if it is present.
func (w *Writer) WritePreamble(present ...bool) {
	for _, p := range present {
		w.WriteBool(p)
	}
}

// WriteBits writes the n low-order bits of v, 0 <= n <= 64, high-order
// bit first.
func (w *Writer) WriteBits(v uint64, n int) {
	for n > 0 {
		free := 8 - w.n&7
		if free == 8 {
			w.buf = append(w.buf, 0)
		}
		take := min(free, n)
		b := byte(v>>(n-take)) & (1<<take - 1)
		w.buf[len(w.buf)-1] |= b << (free - take)
		w.n += take
		n -= take
	}
}

// writeOctets writes b, by append where w is on an octet boundary.
func (w *Writer) writeOctets(b []byte) {
	if w.n&7 == 0 {
		w.buf = append(w.buf, b...)
		w.n += 8 * len(b)
		return
	}
	for _, c := range b {
		w.WriteBits(uint64(c), 8)
	}
}

// writeBitsFrom writes the first n bits of b (left-aligned).
func (w *Writer) writeBitsFrom(b []byte, n int) {
	w.writeOctets(b[:n/8])
	if r := n % 8; r > 0 {
		w.WriteBits(uint64(b[n/8]>>(8-r)), r)
	}
}

// errValue returns an encoder's error: the value cannot be encoded.
//
//go:noinline
func errValue(k der.Kind, typ, msg, rule string) error {
	e := der.NewError(k, -1, typ, msg, rule)
	e.Bits = true
	return e
}

// OpenField is what BeginOpen saves of a Writer while it writes the value
// of an open type field.
type OpenField struct{ mark, start, base int }

// BeginOpen starts an open type field (X.691 10.2, 11.2): what is written
// until EndOpen is the complete encoding of one value, which EndOpen puts
// after its length, as the octets of an OCTET STRING with an unconstrained
// length (fragmented from 16K octets on). The value is written to w
// itself, so that the Writer's buffer is the only one.
func (w *Writer) BeginOpen() OpenField {
	// The field starts on an octet boundary of its own (10.1): it is
	// written after the octets written so far, then moved behind its
	// length.
	o := OpenField{mark: w.n, start: len(w.buf), base: w.base}
	w.n, w.base = 8*o.start, 8*o.start
	return o
}

// EndOpen ends the open type field that BeginOpen began.
func (w *Writer) EndOpen(o OpenField) {
	if w.n == 8*o.start { // an empty encoding is one zero octet (11.1)
		w.buf = append(w.buf, 0)
	}
	w.base = o.base
	if w.aligned || o.mark&7 == 0 {
		// The length starts on the field's first octet: it goes in
		// front of the octets, which move by its size.
		w.insertLength(o.start)
		return
	}
	w.scratch = append(w.scratch[:0], w.buf[o.start:]...)
	w.buf, w.n = w.buf[:o.start], o.mark
	w.writeLengthOctets(w.scratch, 0, -1)
}

// WriteOpen writes an open type field holding what f writes.
func (w *Writer) WriteOpen(f func(w *Writer) error) error {
	o := w.BeginOpen()
	if err := f(w); err != nil {
		w.buf, w.n, w.base = w.buf[:o.start], o.mark, o.base
		return err
	}
	w.EndOpen(o)
	return nil
}

// WriteOpenValue writes an open type field holding the encoding of v, as
// WriteOpen does with v.EncodePER: an extension addition (X.691 19.9).
func (w *Writer) WriteOpenValue(v Value) error {
	o := w.BeginOpen()
	if err := v.EncodePER(w); err != nil {
		w.buf, w.n, w.base = w.buf[:o.start], o.mark, o.base
		return err
	}
	w.EndOpen(o)
	return nil
}

// WriteOpenBytes writes an open type field whose contents are b, the
// complete encoding of a value (kept raw by a decode).
func (w *Writer) WriteOpenBytes(b []byte) {
	if len(b) == 0 {
		b = []byte{0}
	}
	w.writeLengthOctets(b, 0, -1)
}

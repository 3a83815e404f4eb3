package oer

import (
	"bytes"

	"github.com/asn1gen/asn1gen/runtime/der"
)

// Writer writes an OER encoding by appending to a byte slice. It writes
// CANONICAL-OER, which is also valid BASIC-OER: the shortest lengths and
// numbers, 0xFF for TRUE, zero padding bits. Reset keeps its buffer for
// the next encoding.
//
// The methods that cannot fail return nothing; those that can (a value
// outside its constraint or not fitting its fixed size) return the error
// without keeping it and write nothing: generated code keeps the first
// one with Fail, a component per line,
//
//	w.Fail(w.WriteIntRange(v.B, 0, 15), "b")
//
// and what is written after it is thrown away with the rest.
type Writer struct {
	buf []byte
	err error // the first error that Fail kept
}

// NewWriter returns a Writer that appends to dst[:0].
func NewWriter(dst []byte) Writer { return Writer{buf: dst[:0]} }

// Reset empties w, keeping its buffer.
func (w *Writer) Reset() { w.buf, w.err = w.buf[:0], nil }

// Len returns the number of octets written.
func (w *Writer) Len() int { return len(w.buf) }

// Bytes returns the octets written; they alias w's buffer.
func (w *Writer) Bytes() []byte { return w.buf }

// Err returns the first error that Fail kept, or nil.
func (w *Writer) Err() error { return w.err }

// Fail keeps err as the encoding's error, field (unless "") first in its
// path, unless the encoding has failed already with another error.
func (w *Writer) Fail(err error, field string) {
	if err == nil || w.err != nil && w.err != err {
		return
	}
	if field != "" {
		err = der.WithField(err, field)
	}
	w.err = err
}

// Encodes reports whether v encodes to b. CANONICAL-OER has one encoding
// per value, so that is whether v equals the value b encodes: generated
// code leaves out a DEFAULT component equal to its default so (X.696
// 16.2). v is encoded at the end of w's buffer and taken back, leaving w
// as it was; a value that cannot be encoded does not encode to b.
func (w *Writer) Encodes(v Value, b []byte) bool {
	if w.err != nil {
		return false
	}
	n := len(w.buf)
	err := v.EncodeOER(w)
	eq := err == nil && w.err == nil && bytes.Equal(w.buf[n:], b)
	w.buf, w.err = w.buf[:n], nil
	return eq
}

// errValue returns an encoder's error: the value cannot be encoded (it
// has no offset in any input).
//
//go:noinline
func errValue(k der.Kind, typ, msg, rule string) error {
	return der.NewError(k, -1, typ, msg, rule)
}

// octetsOf returns the number of octets of v as an unsigned number in the
// fewest octets, at least 1.
func octetsOf(v uint64) int {
	k := 1
	for v > 0xff {
		v >>= 8
		k++
	}
	return k
}

// appendUint appends the k low-order octets of v, big-endian.
func appendUint(dst []byte, v uint64, k int) []byte {
	for i := k - 1; i >= 0; i-- {
		dst = append(dst, byte(v>>(8*i)))
	}
	return dst
}

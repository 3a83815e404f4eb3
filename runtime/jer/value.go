package jer

import (
	"sync"

	"github.com/asn1gen/asn1gen/runtime/der"
)

// Value is what a type generated for JER implements: DecodeJER reads the
// value from r, EncodeJER writes it to w.
type Value interface {
	DecodeJER(r *Reader) error
	EncodeJER(w *Writer) error
}

// Unmarshal decodes b, the complete JER encoding of a value, into v: text
// after the value other than whitespace is a KindTrailingData error. An
// error is a *der.Error at a byte offset, its path the ASN.1 name of v's
// type (as UnmarshalJSON's) and the components and elements within;
// a type defined as a built-in type (Uint8 ::= INTEGER (0..255)) leaves
// its name out, the error naming the built-in type.
func Unmarshal(b []byte, v Value, opts *Options) error {
	r := NewReader(b, opts)
	err := v.DecodeJER(&r)
	if err == nil {
		err = r.Finish()
	}
	if err != nil && r.root != "" {
		err = der.WithField(err, r.root)
	}
	return err
}

// Root completes the decode of a value of the type typ (its ASN.1 name)
// by the entry point of generated code: err is what DecodeJER returned;
// without one, Finish checks the rest of the input. The error gets typ
// first in its path.
//
//	func (v *T) UnmarshalJSON(b []byte) error {
//		r := jer.NewReader(b, nil)
//		return r.Root(v.DecodeJER(&r), "T")
//	}
func (r *Reader) Root(err error, typ string) error {
	if err == nil {
		if err = r.Finish(); err == nil {
			return nil
		}
	}
	return der.WithField(err, typ)
}

// Marshal returns the JER encoding of v. It encodes into a buffer of a
// pool, which grows once to the size of the values encoded, and returns
// a copy of the exact size: one allocation where growing a new slice
// would make a dozen (encoding/json does the same).
func Marshal(v Value) ([]byte, error) {
	w := writers.Get().(*Writer)
	w.buf, w.err = w.buf[:0], nil
	err := v.EncodeJER(w)
	var out []byte
	if err == nil {
		out = make([]byte, len(w.buf))
		copy(out, w.buf) // make and copy: the compiler leaves out the clearing

	}
	if cap(w.buf) <= maxPooled {
		writers.Put(w)
	}
	return out, err
}

// writers are the Writers of Marshal; maxPooled bounds the buffers they
// keep, so that one huge value does not pin its buffer.
var writers = sync.Pool{New: func() any { return &Writer{buf: make([]byte, 0, 1024)} }}

const maxPooled = 64 << 10

// Append appends the JER encoding of v to dst.
func Append(dst []byte, v Value) ([]byte, error) {
	w := Writer{buf: dst}
	if err := v.EncodeJER(&w); err != nil {
		return dst, err
	}
	return w.buf, nil
}

// Decode decodes the component field, v, of a generated type.
func (r *Reader) Decode(v Value, field string) {
	if r.err == nil {
		if err := v.DecodeJER(r); err != nil {
			r.err = err
			if field != "" {
				r.err = der.WithField(err, field)
			}
		}
	}
}

// Encode encodes the component field, v, of a generated type.
func (w *Writer) Encode(v Value, field string) {
	if w.err == nil {
		if err := v.EncodeJER(w); err != nil {
			w.err = err
			if field != "" {
				w.err = der.WithField(err, field)
			}
		}
	}
}

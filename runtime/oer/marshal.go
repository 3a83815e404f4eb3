package oer

import "github.com/asn1gen/asn1gen/runtime/der"

// Value is what a type generated for OER is to implement: DecodeOER reads
// the value from r, EncodeOER writes it to w, as package per's Value does
// for PER.
type Value interface {
	DecodeOER(r *Reader) error
	EncodeOER(w *Writer) error
}

// Unmarshal decodes b, a complete encoding, into v: octets after the
// value are a KindTrailingData error.
func Unmarshal(b []byte, v Value, opts *Options) error {
	r := NewReader(b, opts)
	if err := v.DecodeOER(&r); err != nil {
		return err
	}
	return r.Finish()
}

// Root completes the decode of a value of the type typ (its ASN.1 name)
// by the entry point of generated code, as per.Reader.Root does: err is
// what DecodeOER returned; without one, Finish checks the rest of the
// input. The error gets typ first in its path.
//
//	func (v *T) UnmarshalOER(b []byte) error {
//		r := oer.NewReader(b, nil)
//		return r.Root(v.DecodeOER(&r), "T")
//	}
func (r *Reader) Root(err error, typ string) error {
	if err == nil {
		if err = r.Finish(); err == nil {
			return nil
		}
	}
	return der.WithField(err, typ)
}

// Marshal returns the complete encoding of v, in CANONICAL-OER.
func Marshal(v Value) ([]byte, error) { return Append(nil, v) }

// Append appends the complete encoding of v to dst.
func Append(dst []byte, v Value) ([]byte, error) {
	w := Writer{buf: dst}
	if err := v.EncodeOER(&w); err != nil {
		return dst, err
	}
	return w.buf, nil
}

// Decode decodes the component field, v, of a generated type.
func (r *Reader) Decode(v Value, field string) {
	if r.err == nil {
		if err := v.DecodeOER(r); err != nil {
			// v's decode kept err in r (or returned it without):
			// field goes first in its path.
			r.err = err
			if field != "" {
				r.err = der.WithField(err, field)
			}
		}
	}
}

// DecodeOpen decodes v, an extension addition (or an alternative of a
// later version), from its open type field, which v must fill.
func (r *Reader) DecodeOpen(v Value, field string) {
	f, ok := r.Open(field)
	if ok {
		f.Decode(v, "")
		r.EndOpen(&f, field)
	}
}

// Encode encodes the component field, v, of a generated type.
func (w *Writer) Encode(v Value, field string) {
	if w.err == nil {
		if err := v.EncodeOER(w); err != nil {
			w.err = err
			if field != "" {
				w.err = der.WithField(err, field)
			}
		}
	}
}

// EncodeOpen encodes v in an open type field (an extension addition).
func (w *Writer) EncodeOpen(v Value, field string) {
	if w.err == nil {
		m := w.BeginOpen()
		w.Encode(v, field)
		w.EndOpen(m)
	}
}

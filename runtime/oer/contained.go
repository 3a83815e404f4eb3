package oer

import (
	"errors"

	"github.com/asn1gen/asn1gen/runtime/der"
)

// DecodeDER decodes v from an OCTET STRING (CONTAINING T ENCODED BY der),
// the component field: a length determinant and the DER encoding of a
// value of T, which must fill the string (X.682 11.3, X.696 14). With ber
// (ENCODED BY the basic encoding) the contents may be BER. An error of the
// DER decode gets its offset in r's input and field first in its path,
// after the type's name.
func (r *Reader) DecodeDER(v der.Value, ber bool, field string) {
	if r.err != nil {
		return
	}
	b, at, err := r.ReadOpen()
	if err == nil {
		var opts *der.Options
		if ber {
			opts = &der.Options{BER: true}
		}
		dr := der.NewPooledReader(b, opts)
		err = rebase(dr.Released(v.DecodeASN1(&dr, 0)), at)
	}
	r.Fail(err, field)
}

// rebase moves the offset of err, the error of a decode of contents that
// start at offset at of the outermost input, into that input.
func rebase(err error, at int) error {
	var e *der.Error
	if errors.As(err, &e) && e.Offset >= 0 && !e.Bits {
		e.Offset += at
	}
	return err
}

// EncodeDER encodes v in an OCTET STRING (CONTAINING T ENCODED BY der or
// by the basic encoding), the component field: a length determinant and
// the DER encoding of v (DER is BER too).
func (w *Writer) EncodeDER(v der.Value, field string) {
	if w.err != nil {
		return
	}
	m := w.BeginOpen()
	b, err := der.Append(w.buf, v, nil)
	if err != nil {
		w.Fail(err, field)
		return
	}
	w.buf = b
	w.EndOpen(m)
}

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
// after the type's name. What the DER decode allocates is charged to r's
// budget (Options.MaxAlloc), so that contents cannot take more than the
// OER decode around them may; its nesting has DER's own depth limit.
func (r *Reader) DecodeDER(v der.Value, ber bool, field string) {
	if r.err != nil {
		return
	}
	b, at, err := r.ReadOpen()
	if err == nil && r.alloc <= 0 {
		// der.Options.MaxAlloc 0 would select DER's default budget.
		err = der.NewError(der.KindLimit, at, "", "decode would allocate more than its limit", "")
	}
	if err == nil {
		dr := der.NewPooledReader(b, &der.Options{BER: ber, MaxAlloc: r.alloc})
		err = v.DecodeASN1(&dr, 0)
		r.alloc = dr.AllocLeft()
		err = rebase(dr.Released(err), at)
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

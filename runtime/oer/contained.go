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
	if err != nil {
		r.Fail(err, field)
		return
	}
	r.decodeDER(b, at, ber, field, func(dr *der.Reader) error { return v.DecodeASN1(dr, 0) })
}

// DecodeDERWith decodes the contents b, already read, of an OCTET STRING
// (CONTAINING an open type ENCODED BY der) at offset at of r's input with
// decode, which reads them from a DER Reader over b (with ber, BER): the
// union of an open type read by the row its key selects (X.509 2016's
// Extension.extnValue). The contents are charged and located as
// DecodeDER's are.
func (r *Reader) DecodeDERWith(b []byte, at int, ber bool, field string, decode func(*der.Reader) error) {
	if r.err != nil {
		return
	}
	r.decodeDER(b, at, ber, field, decode)
}

// decodeDER decodes the contents b at offset at with decode, charging
// what it allocates to r's budget and moving its error into r's input.
func (r *Reader) decodeDER(b []byte, at int, ber bool, field string, decode func(*der.Reader) error) {
	if r.alloc <= 0 {
		// der.Options.MaxAlloc 0 would select DER's default budget.
		r.Fail(der.NewError(der.KindLimit, at, "", "decode would allocate more than its limit", ""), field)
		return
	}
	dr := der.NewPooledReader(b, &der.Options{BER: ber, MaxAlloc: r.alloc})
	err := decode(&dr)
	r.alloc = dr.AllocLeft()
	r.Fail(rebase(dr.Released(err), at), field)
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

// EncodeDERWith is EncodeDER for a value that encode writes to a DER
// Builder: the union of an open type, by the row its Kind selects or as
// its Raw contents (DecodeDERWith).
func (w *Writer) EncodeDERWith(encode func(*der.Builder), field string) {
	if w.err != nil {
		return
	}
	m := w.BeginOpen()
	db := der.NewBuilder(w.buf)
	encode(db)
	b, err := db.Bytes()
	if err != nil {
		w.Fail(err, field)
		return
	}
	w.buf = b
	w.EndOpen(m)
}

package per

import (
	"sync"

	"github.com/asn1gen/asn1gen/runtime/der"
)

// Value is what every type generated with -per implements: DecodePER reads
// the value from r and EncodePER writes it to w, in the variant of the
// reader or writer, so that one pair of methods serves APER and UPER and
// the code of one generated package reads and writes the types of another.
type Value interface {
	DecodePER(r *Reader) error
	EncodePER(w *Writer) error
}

// Unmarshal decodes b, a complete encoding (X.691 11.1) in the ALIGNED
// variant if aligned, else in the UNALIGNED one, into v, a pointer to a
// generated type. The octets after the value must be the padding of its
// last octet, or the one zero octet of an empty encoding; any other is an
// error of KindTrailingData. With opts.Deviations, a successful decode
// appends the defects its tolerances accepted, with their paths from v's
// fields on (see der.Deviation); a failed one appends none.
func Unmarshal[T any, P interface {
	*T
	Value
}](b []byte, v P, aligned bool, opts *Options) error {
	r := NewReader(b, aligned, opts)
	mark := 0
	if r.dev != nil {
		mark = len(*opts.Deviations)
	}
	err := v.DecodePER(&r)
	if err == nil {
		err = r.Finish()
	}
	switch {
	case r.dev == nil:
	case err != nil:
		*opts.Deviations = (*opts.Deviations)[:mark]
	case len(*opts.Deviations) > mark:
		findPaths[T, P](b, aligned, opts, (*opts.Deviations)[mark:], r.dev.Listed())
	}
	return err
}

// UnmarshalRoot is what the entry points of generated code, UnmarshalAPER
// and UnmarshalUPER, call: Unmarshal of b into v, a value of the type typ
// (its ASN.1 name), whose errors have typ first in their paths (Root).
//
//	func (v *T) UnmarshalUPER(b []byte) error { return per.UnmarshalRoot(b, v, false, "T") }
//
// Its Reader comes from a pool: v's DecodePER, an interface call, would
// move a Reader of its own to the heap, an allocation of some 150 bytes
// per decode.
func UnmarshalRoot(b []byte, v Value, aligned bool, typ string) error {
	r := rootReaders.Get().(*Reader)
	*r = NewReader(b, aligned, nil)
	err := r.Root(v.DecodePER(r), typ)
	*r = Reader{} // keeps neither b nor what the decode made
	rootReaders.Put(r)
	return err
}

// rootReaders are the Readers of UnmarshalRoot.
var rootReaders = sync.Pool{New: func() any { return new(Reader) }}

// Root completes the decode of a value of the type typ (its ASN.1 name) by
// the entry points of generated code, UnmarshalAPER and UnmarshalUPER, as
// der.Reader.Root does for DER: err is what DecodePER returned; without
// one, Finish checks the rest of the input. The error gets typ as the
// first element of its path, which generated code has filled with the
// fields and elements inside ("Rec.inner.x", "List[0].v").
//
//	func (v *T) UnmarshalUPER(b []byte) error {
//		r := per.NewReader(b, false, nil)
//		return r.Root(v.DecodePER(&r), "T")
//	}
func (r *Reader) Root(err error, typ string) error {
	if err == nil {
		if err = r.Finish(); err == nil {
			return nil
		}
	}
	return der.WithField(err, typ)
}

// Finish checks that r, made by NewReader, has read its whole input (see
// Unmarshal); with TolerateTrailingData, octets after the value are a
// Deviation.
func (r *Reader) Finish() error {
	want := (r.pos + 7) / 8
	if want == 0 {
		want = 1
	}
	if len(r.buf) < want {
		return r.truncated("", 8*want-r.end)
	}
	if len(r.buf) > want {
		err := r.errAt(r.pos, der.KindTrailingData, "", itoa(len(r.buf)-want)+" octets after the value", "X.691 11.1")
		return r.deviate(der.TolerateTrailingData, err, r.buf[want:])
	}
	if r.pos == 0 && r.buf[0] != 0 {
		return r.errEmpty(0)
	}
	return nil
}

// errEmpty reports the octet of an empty encoding at bit pos that is not
// zero. X.691 11.1 makes the complete encoding of a value of no bits one
// zero octet: the octet is not padding (which a Reader does not check),
// but the whole encoding.
//
//go:noinline
func (r *Reader) errEmpty(pos int) error {
	return r.errAt(pos, der.KindNonCanonical, "", "encoding of no bits not a zero octet", "X.691 11.1")
}

// Marshal returns the complete encoding of v in the ALIGNED variant if
// aligned, else in the UNALIGNED one.
func Marshal(v Value, aligned bool) ([]byte, error) { return Append(nil, v, aligned) }

// Append appends the complete encoding of v to dst.
func Append(dst []byte, v Value, aligned bool) ([]byte, error) {
	w := Writer{buf: dst, n: 8 * len(dst), base: 8 * len(dst), aligned: aligned}
	if err := v.EncodePER(&w); err != nil {
		return dst, err
	}
	if w.n == w.base {
		w.buf = append(w.buf, 0)
	}
	return w.buf, nil
}

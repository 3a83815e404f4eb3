package per

import (
	"github.com/asn1gen/asn1gen/runtime/der"
	"github.com/asn1gen/asn1gen/runtime/isotime"
)

// What generated encoders call: as a Reader does for decoders (see
// sticky.go), a Writer keeps the first error of an encoding, with the
// field path, and after it the methods below do nothing, so that a
// component costs one line:
//
//	func (v *T) EncodePER(w *per.Writer) error {
//		x := per.Additions(v.Unknown)
//		w.WriteBool(x.On())
//		w.WritePreamble(v.HasA)
//		w.EncodeOptional(v.HasA, &v.A, "a")
//		w.Int(v.B, 0, 15, false, "b")
//		w.Extensions(x, v.Unknown)
//		return w.Err()
//	}
//
// Methods that cannot fail (WriteBool, WriteOID, ...) are called as they
// are: after an error their bits are thrown away with the rest.

// Err returns the first error of the encoding, or nil.
func (w *Writer) Err() error { return w.err }

// Fail keeps err as the encoding's error, field (unless "") first in its
// path, unless the encoding has failed already with another error. The
// error a nested value's encoding kept and returned gets field prepended.
//
// The check of err is inlined where Fail is called, so that a write that
// succeeds costs no call.
func (w *Writer) Fail(err error, field string) {
	if err != nil {
		w.fail(err, field)
	}
}

func (w *Writer) fail(err error, field string) {
	if w.err != nil && w.err != err {
		return // err is not this value's, but a later one's
	}
	if field != "" {
		err = der.WithField(err, field)
	}
	w.err = err
}

// Encode encodes the component field, v, of a generated type.
func (w *Writer) Encode(v Value, field string) {
	if w.err != nil {
		return
	}
	if err := v.EncodePER(w); err != nil {
		w.err = der.WithField(err, field)
	}
}

// EncodeOptional is Encode for a component that is encoded when present.
//
// Out of line, as the other methods here: generated code calls it for
// components, and inlined there it made much of a package's code.
//
//go:noinline
func (w *Writer) EncodeOptional(present bool, v Value, field string) {
	// Not through Encode: a frame less per nesting level.
	if present && w.err == nil {
		if err := v.EncodePER(w); err != nil {
			w.err = der.WithField(err, field)
		}
	}
}

// EncodeNested encodes the component field held by pointer p, of the
// generated type typ, which must not be nil.
func EncodeNested[T any, P interface {
	*T
	Value
}](w *Writer, p P, typ, field string) {
	if w.err != nil {
		return
	}
	if p == nil {
		w.Fail(der.NilValue(typ), field)
		return
	}
	w.Encode(p, field)
}

// EncodeOpen encodes v in an open type field (WriteOpenValue).
func (w *Writer) EncodeOpen(v Value, field string) {
	if w.err == nil {
		w.Fail(w.WriteOpenValue(v), field)
	}
}

// EncodeContained encodes v as the contents of the string c
// (WriteContained).
func (w *Writer) EncodeContained(v Value, c Contents, field string) {
	if w.err == nil {
		w.Fail(w.WriteContained(v, c), field)
	}
}

// EncodeList encodes list, a SEQUENCE OF or SET OF of size s whose
// elements have a generated type (WriteList); it is the whole of the list
// type's EncodePER.
func EncodeList[E any, P interface {
	*E
	Value
}](w *Writer, list []E, s Size) error {
	if w.err == nil {
		w.Fail(WriteList[E, P](w, list, s), "")
	}
	return w.err
}

// EncodeEach encodes list, a SEQUENCE OF or SET OF of size s whose
// elements elem encodes (see DecodeEach).
func EncodeEach[E any](w *Writer, list []E, s Size, field string, elem func(w *Writer, e *E)) error {
	if w.err != nil {
		return w.err
	}
	c, err := w.BeginCount(len(list), s)
	if err != nil {
		w.Fail(err, field)
		return w.err
	}
	for i := range list {
		c.Next(w, i)
		if elem(w, &list[i]); w.err != nil {
			w.err = der.WithIndex(w.err, i)
			if field != "" {
				w.err = der.WithField(w.err, field)
			}
			return w.err
		}
	}
	c.End(w)
	return nil
}

// Extended writes the extension bit of an extensible SEQUENCE or SET,
// set when x (made by Additions) has an addition (X.691 19.1).
//
// It stays out of line, as does Preamble: generated encoders call them
// for every SEQUENCE, and WriteBool inlined there made most of their code.
//
//go:noinline
func (w *Writer) Extended(x Ext) { w.WriteBool(x.On()) }

// Preamble writes the preamble of a SEQUENCE or SET (X.691 19.2): a bit
// for each OPTIONAL or DEFAULT component, set when it is present.
//
//go:noinline
func (w *Writer) Preamble(present ...bool) {
	for _, p := range present {
		w.WriteBool(p)
	}
}

// Extensions writes, after the root components, the extension additions
// that x (made by Additions) says are present: the bitmap, then what the
// caller writes for each (BeginAddition, EncodeAddition), then the
// additions of u, the value's Unknown (WriteUnknown), which EndExtensions
// writes.
//
// Out of line, as the other methods here: generated code calls it for
// components, and inlined there it made much of a package's code.
//
//go:noinline
func (w *Writer) Extensions(x Ext, u []byte) {
	if w.err == nil && x.On() {
		w.WriteBitmap(x, u)
	}
}

// BeginAddition begins the open type field of addition i when x says it is
// present (and the encoding has not failed); EndOpen ends it.
//
// Out of line, as the other methods here: generated code calls it for
// components, and inlined there it made much of a package's code.
//
//go:noinline
func (w *Writer) BeginAddition(x Ext, i int) (OpenField, bool) {
	if w.err != nil || !x.On() || !x.Has(i) {
		return OpenField{}, false
	}
	return w.BeginOpen(), true
}

// EncodeAddition encodes addition i, a value v of a generated type, in its
// open type field when x says it is present.
func (w *Writer) EncodeAddition(x Ext, i int, v Value, field string) {
	if w.err == nil && x.On() && x.Has(i) {
		w.EncodeOpen(v, field)
	}
}

// EndExtensions writes the additions u holds, those of a later version
// (WriteUnknown), when x says the value has extensions.
func (w *Writer) EndExtensions(x Ext, u []byte) {
	if w.err == nil && x.On() {
		w.Fail(w.WriteUnknown(u), "")
	}
}

// UnknownAlternative writes the alternative of a later version that u
// holds (WriteUnknownAlternative).
func (w *Writer) UnknownAlternative(u []byte, root int) {
	if w.err == nil {
		w.Fail(w.WriteUnknownAlternative(u, root), "")
	}
}

// OpenValue writes the value of an open type in its field: v, or when v is
// nil (a key not in the table, a row without a type) raw, the octets kept.
func (w *Writer) OpenValue(v Value, raw []byte, field string) {
	if w.err != nil {
		return
	}
	if v == nil {
		w.WriteOpenBytes(raw)
		return
	}
	w.EncodeOpen(v, field)
}

// ContainedValue writes the value of an open type that the string c
// contains: v, or when v is nil raw, the octets kept.
func (w *Writer) ContainedValue(v Value, raw []byte, c Contents, field string) {
	if w.err != nil {
		return
	}
	if v == nil {
		w.Fail(w.WriteStringContents(raw, c), field)
		return
	}
	w.EncodeContained(v, c, field)
}

// NoValue is the Value of a row of an open type whose field holds no value
// (a nil pointer): encoding it fails with der.NilValue.
type NoValue string

// DecodePER fails: a NoValue is for encoders.
func (n NoValue) DecodePER(r *Reader) error { return der.NilValue(string(n)) }

// EncodePER fails with der.NilValue for the type n names.
func (n NoValue) EncodePER(w *Writer) error { return der.NilValue(string(n)) }

// The built-in types, each written by the Write method of the same name
// (see there), which checks the value against the type's PER-visible
// constraints.

// Int writes an INTEGER (lb..ub), ext if the range is extensible.
func (w *Writer) Int(v, lb, ub int64, ext bool, field string) {
	if w.err == nil {
		w.Fail(w.WriteInt(v, lb, ub, ext), field)
	}
}

// IntIf is Int for an OPTIONAL component, written when present.
//
// Out of line, as the other methods here: generated code calls it for
// components, and inlined there it made much of a package's code.
//
//go:noinline
func (w *Writer) IntIf(present bool, v, lb, ub int64, ext bool, field string) {
	if present {
		w.Int(v, lb, ub, ext, field)
	}
}

// IntLb writes an INTEGER (lb..MAX).
func (w *Writer) IntLb(v, lb int64, ext bool, field string) {
	if w.err == nil {
		w.Fail(w.WriteIntLb(v, lb, ext), field)
	}
}

// BigInt writes an INTEGER held exactly.
func (w *Writer) BigInt(v der.Integer, lb int64, hasLb bool, ub int64, hasUb, ext bool, field string) {
	if w.err == nil {
		w.Fail(w.WriteBigInt(v, lb, hasLb, ub, hasUb, ext), field)
	}
}

// WideRange writes an INTEGER whose range has a span of 64 bits.
func (w *Writer) WideRange(v der.Integer, lb int64, span uint64, ext bool, field string) {
	if w.err == nil {
		w.Fail(w.WriteWideRange(v, lb, span, ext), field)
	}
}

// BigRange writes an INTEGER with bounds beyond int64.
func (w *Writer) BigRange(v der.Integer, lo, hi string, ext bool, field string) {
	if w.err == nil {
		w.Fail(w.WriteBigRange(v, lo, hi, ext), field)
	}
}

// Enum writes an ENUMERATED whose items are numbered 0, 1, 2, ...
func (w *Writer) Enum(v int64, root, adds int, ext bool, field string) {
	if w.err == nil {
		w.Fail(w.WriteEnum(v, root, adds, ext), field)
	}
}

// EnumIf is Enum for an OPTIONAL component, written when present.
//
// Out of line, as the other methods here: generated code calls it for
// components, and inlined there it made much of a package's code.
//
//go:noinline
func (w *Writer) EnumIf(present bool, v int64, root, adds int, ext bool, field string) {
	if present {
		w.Enum(v, root, adds, ext, field)
	}
}

// OctetString writes an OCTET STRING of size s.
func (w *Writer) OctetString(b []byte, s Size, field string) {
	if w.err == nil {
		w.Fail(w.WriteOctetString(b, s), field)
	}
}

// BitString writes a BIT STRING of size s.
func (w *Writer) BitString(v der.BitString, s Size, field string) {
	if w.err == nil {
		w.Fail(w.WriteBitString(v, s), field)
	}
}

// KnownString writes a known-multiplier character string of alphabet a and
// size sz; typ names its type.
func (w *Writer) KnownString(a *Alphabet, s string, sz Size, typ, field string) {
	if w.err == nil {
		w.Fail(w.WriteKnownString(a, s, sz, typ), field)
	}
}

// UTCTime writes a UTCTime.
func (w *Writer) UTCTime(t der.Time, field string) {
	if w.err == nil {
		w.Fail(w.WriteUTCTime(t), field)
	}
}

// GeneralizedTime writes a GeneralizedTime.
func (w *Writer) GeneralizedTime(t der.Time, field string) {
	if w.err == nil {
		w.Fail(w.WriteGeneralizedTime(t), field)
	}
}

// Date writes a DATE.
func (w *Writer) Date(v isotime.Date, field string) {
	if w.err == nil {
		w.Fail(w.WriteDate(v), field)
	}
}

// TimeOfDay writes a TIME-OF-DAY.
func (w *Writer) TimeOfDay(v isotime.TimeOfDay, field string) {
	if w.err == nil {
		w.Fail(w.WriteTimeOfDay(v), field)
	}
}

// DateTime writes a DATE-TIME.
func (w *Writer) DateTime(v isotime.DateTime, field string) {
	if w.err == nil {
		w.Fail(w.WriteDateTime(v), field)
	}
}

// Duration writes a DURATION.
func (w *Writer) Duration(v isotime.Duration, field string) {
	if w.err == nil {
		w.Fail(w.WriteDuration(v), field)
	}
}

// Time writes a TIME.
func (w *Writer) Time(v isotime.Time, field string) {
	if w.err == nil {
		w.Fail(w.WriteTime(v), field)
	}
}

// TimeWith writes a TIME of the subtype whose property settings are
// settings.
func (w *Writer) TimeWith(v isotime.Time, settings, field string) {
	if w.err == nil {
		w.Fail(w.WriteTimeWith(v, settings), field)
	}
}

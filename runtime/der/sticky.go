package der

// What generated decoders and encoders call for the common components: a
// Reader keeps the first error of the components read with the methods
// below, with the field path, and after it they do nothing, so that a
// component costs one line (the bufio.Scanner and "errors are values"
// pattern). End returns the kept error or Finish's, so a SEQUENCE's decode
// ends as before:
//
//	s, err := r.ReadConstructed(t, "Validity")
//	if err != nil {
//		return err
//	}
//	s.Field(v.NotBefore.DecodeASN1(&s, NoTag), "notBefore")
//	v.Version = s.Int64(TagInteger, "version")
//	return s.End("Validity")
//
// The Read methods do not look at the kept error: generated code checks it
// (Err) before a component it reads with them. After an error, a
// component's DecodeASN1 may still run (Field ignores its error): it reads
// within the reader's window, as on any input.

// Err returns the first error kept by the methods of this file, or nil.
func (r *Reader) Err() error { return r.err }

// End is Finish for a reader read with the methods of this file: the
// error they kept, or Finish's.
func (r *Reader) End(typ string) error {
	if r.err != nil {
		return r.err
	}
	if r.pos >= r.end {
		return nil
	}
	return r.trailing(typ)
}

// Fail keeps err as the reader's error, field (unless "") first in its
// path, unless the reader has failed already with another error, and
// returns the error kept. The error a nested value's decode returned gets
// field prepended.
func (r *Reader) Fail(err error, field string) error {
	if err == nil || r.err != nil && r.err != err {
		return r.err
	}
	if field != "" {
		err = WithField(err, field)
	}
	r.err = err
	return err
}

// Field keeps err, the error the decode of the component field returned,
// with field first in its path, unless the reader has failed already (the
// decode then read after the first error: its error is not the first).
// Generated code calls the component's DecodeASN1 directly, which keeps
// the reader on the stack, where an interface call would not:
//
//	s.Field(v.Subject.DecodeASN1(&s, der.NoTag), "subject")
func (r *Reader) Field(err error, field string) {
	if err != nil && r.err == nil {
		r.err = WithField(err, field)
	}
}

// Check keeps err, the outcome of a constraint's check (CheckSize,
// CheckRange, ...), unless the decode skips the constraints or tolerates
// their violations (see Constraint).
func (r *Reader) Check(err error, field string) {
	if err != nil && r.err == nil && !r.SkipConstraints() {
		r.Fail(r.Constraint(WithField(err, field)), "")
	}
}

// The built-in types, each read by the Read method of the same name (see
// there) and kept on error.

// keep returns x after keeping err.
func keep[T any](r *Reader, x T, err error, field string) T {
	if err != nil {
		r.Fail(err, field)
	}
	return x
}

// Boolean reads a BOOLEAN with tag t.
func (r *Reader) Boolean(t Tag, field string) bool {
	if r.err != nil {
		return false
	}
	x, err := r.ReadBoolean(t)
	return keep(r, x, err, field)
}

// Int64 reads an INTEGER with tag t that fits in an int64.
func (r *Reader) Int64(t Tag, field string) int64 {
	if r.err != nil {
		return 0
	}
	x, err := r.ReadInt64(t)
	return keep(r, x, err, field)
}

// Enumerated reads an ENUMERATED with tag t.
func (r *Reader) Enumerated(t Tag, field string) int64 {
	if r.err != nil {
		return 0
	}
	x, err := r.ReadEnumerated(t)
	return keep(r, x, err, field)
}

// Integer reads an INTEGER with tag t of any size.
func (r *Reader) Integer(t Tag, field string) Integer {
	if r.err != nil {
		return nil
	}
	x, err := r.ReadInteger(t)
	return keep(r, x, err, field)
}

// Null reads a NULL with tag t.
func (r *Reader) Null(t Tag, field string) struct{} {
	if r.err == nil {
		r.Fail(r.ReadNull(t), field)
	}
	return struct{}{}
}

// OID reads an OBJECT IDENTIFIER with tag t.
func (r *Reader) OID(t Tag, field string) OID {
	if r.err != nil {
		return nil
	}
	x, err := r.ReadOID(t)
	return keep(r, x, err, field)
}

// RelativeOID reads a RELATIVE-OID with tag t.
func (r *Reader) RelativeOID(t Tag, field string) RelativeOID {
	if r.err != nil {
		return nil
	}
	x, err := r.ReadRelativeOID(t)
	return keep(r, x, err, field)
}

// BitString reads a BIT STRING with tag t.
func (r *Reader) BitString(t Tag, field string) BitString {
	if r.err != nil {
		return BitString{}
	}
	x, err := r.ReadBitString(t)
	return keep(r, x, err, field)
}

// OctetString reads an OCTET STRING with tag t.
func (r *Reader) OctetString(t Tag, field string) []byte {
	if r.err != nil {
		return nil
	}
	x, err := r.ReadOctetString(t)
	return keep(r, x, err, field)
}

// UTCTime reads a UTCTime with tag t.
func (r *Reader) UTCTime(t Tag, field string) Time {
	if r.err != nil {
		return Time{}
	}
	x, err := r.ReadUTCTime(t)
	return keep(r, x, err, field)
}

// GeneralizedTime reads a GeneralizedTime with tag t.
func (r *Reader) GeneralizedTime(t Tag, field string) Time {
	if r.err != nil {
		return Time{}
	}
	x, err := r.ReadGeneralizedTime(t)
	return keep(r, x, err, field)
}

// Text reads a character string of the universal type kind with tag t.
func (r *Reader) Text(t, kind Tag, field string) string {
	if r.err != nil {
		return ""
	}
	x, err := r.ReadText(t, kind)
	return keep(r, x, err, field)
}

// Check keeps err, the outcome of a constraint's check, with field first in
// its path, unless the encoding skips the constraints.
func (b *Builder) Check(err error, field string) {
	if err != nil && !b.SkipConstraints() {
		b.SetError(WithField(err, field))
	}
}

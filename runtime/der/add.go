package der

import "time"

// Builder encoders: each appends one DER element with tag t (the universal
// tag or an IMPLICIT tag). A value that has no encoding (a UTCTime in 2050,
// a string outside its character set) records the Builder's error.

// AddBoolean appends a BOOLEAN.
func (b *Builder) AddBoolean(t Tag, v bool) {
	b.buf = appendBoolean(AppendHeader(b.buf, t, false, 1), v)
}

// AddInt64 appends an INTEGER or ENUMERATED.
func (b *Builder) AddInt64(t Tag, v int64) {
	m := b.Begin(t, false)
	b.buf = appendInt64(b.buf, v)
	b.End(m)
}

// AddInteger appends an INTEGER in its minimal form.
func (b *Builder) AddInteger(t Tag, v Integer) {
	m := b.Begin(t, false)
	b.buf = appendInteger(b.buf, v)
	b.End(m)
}

// AddBitString appends a BIT STRING with zero padding bits.
func (b *Builder) AddBitString(t Tag, v BitString) {
	m := b.Begin(t, false)
	var err error
	if b.buf, err = appendBitString(b.buf, v); err != nil {
		b.SetError(err)
	}
	b.End(m)
}

// AddNull appends a NULL.
func (b *Builder) AddNull(t Tag) { b.buf = AppendHeader(b.buf, t, false, 0) }

// AddOID appends an OBJECT IDENTIFIER (OIDs are valid by construction; an
// invalid one records an error).
func (b *Builder) AddOID(t Tag, v OID) { b.addSubids(t, v, "OBJECT IDENTIFIER", "X.690 8.19.2") }

// AddRelativeOID appends a RELATIVE-OID.
func (b *Builder) AddRelativeOID(t Tag, v RelativeOID) {
	b.addSubids(t, v, "RELATIVE-OID", "X.690 8.20.2")
}

// addSubids appends an element with tag t whose contents are the
// subidentifiers v, checked.
func (b *Builder) addSubids(t Tag, v []byte, typ, rule string) {
	m := b.Begin(t, false)
	b.buf = append(b.buf, v...)
	if err := checkSubids(v, typ, rule); err != nil {
		b.SetError(err)
	}
	b.End(m)
}

// AddUTCTime appends a UTCTime (years 1950 to 2049).
func (b *Builder) AddUTCTime(t Tag, v time.Time) { b.addTime(t, v, true) }

// AddGeneralizedTime appends a GeneralizedTime.
func (b *Builder) AddGeneralizedTime(t Tag, v time.Time) { b.addTime(t, v, false) }

// addTime appends a UTCTime or a GeneralizedTime.
func (b *Builder) addTime(t Tag, v time.Time, utc bool) {
	m := b.Begin(t, false)
	var err error
	if utc {
		b.buf, err = appendUTCTime(b.buf, v)
	} else {
		b.buf, err = appendGeneralizedTime(b.buf, v)
	}
	if err != nil {
		b.SetError(err)
	}
	b.End(m)
}

// AddText appends a character string of type kind (see ReadText) with tag t
// (TagUTF8String, TagPrintableString...) holding s; see AppendString.
func (b *Builder) AddText(t, kind Tag, s string) {
	m := b.Begin(t, false)
	var err error
	if b.buf, err = appendString(b.buf, kind, s, b.Tolerates(ToleratePrintableString)); err != nil {
		b.SetError(err)
	}
	b.End(m)
}

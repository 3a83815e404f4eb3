package der

import "time"

// Typed reads: one method per universal type, each taking the tag to expect
// (the universal tag, or the tag of an IMPLICIT tagging) and parsing the
// contents with the content parser of the type, strict DER unless the
// Reader is in BER mode. Errors carry the absolute offset of the contents
// and the ASN.1 type name. A read that fails on the identifier or length
// leaves the Reader unchanged; one that fails on the contents has consumed
// the element (there is no other alternative to try once the tag matched).
// Types that BER lets be constructed (strings, times) are read with
// ReadString, so that their segments are joined.

// The hot reads are written out rather than built on one generic helper
// taking the parser as a func value: through that indirect call the
// contents, and with them the Reader's shared state, would escape to the
// heap, and a decode could no longer run without allocating.

// ReadBoolean reads a BOOLEAN.
func (r *Reader) ReadBoolean(t Tag) (bool, error) {
	c, off, err := r.ReadPrimitive(t, "BOOLEAN")
	if err != nil {
		return false, err
	}
	v, err := parseBoolean(c, !r.ber)
	return v, at(err, off)
}

// ReadInt64 reads an INTEGER that must fit in an int64.
func (r *Reader) ReadInt64(t Tag) (int64, error) { return r.readInt64(t, "INTEGER") }

// ReadEnumerated reads an ENUMERATED.
func (r *Reader) ReadEnumerated(t Tag) (int64, error) { return r.readInt64(t, "ENUMERATED") }

func (r *Reader) readInt64(t Tag, typ string) (int64, error) {
	c, off, err := r.ReadPrimitive(t, typ)
	if err != nil {
		return 0, err
	}
	v, err := parseInt64(c, !r.ber, typ)
	return v, at(err, off)
}

// ReadInteger reads an INTEGER of any size, aliasing the input.
func (r *Reader) ReadInteger(t Tag) (Integer, error) {
	c, off, err := r.ReadPrimitive(t, "INTEGER")
	if err != nil {
		return nil, err
	}
	v, err := parseInteger(c, !r.ber)
	return v, at(err, off)
}

// ReadNull reads a NULL.
func (r *Reader) ReadNull(t Tag) error {
	c, off, err := r.ReadPrimitive(t, "NULL")
	if err != nil {
		return err
	}
	return at(parseNull(c), off)
}

// ReadOID reads an OBJECT IDENTIFIER, aliasing the input.
func (r *Reader) ReadOID(t Tag) (OID, error) {
	c, off, err := r.ReadPrimitive(t, "OBJECT IDENTIFIER")
	if err != nil {
		return nil, err
	}
	v, err := parseOID(c)
	return v, at(err, off)
}

// ReadRelativeOID reads a RELATIVE-OID, aliasing the input.
func (r *Reader) ReadRelativeOID(t Tag) (RelativeOID, error) {
	c, off, err := r.ReadPrimitive(t, "RELATIVE-OID")
	if err != nil {
		return nil, err
	}
	v, err := parseRelativeOID(c)
	return v, at(err, off)
}

// ReadBitString reads a BIT STRING.
func (r *Reader) ReadBitString(t Tag) (BitString, error) {
	c, off, err := r.ReadString(t, "BIT STRING")
	if err != nil {
		return BitString{}, err
	}
	v, err := parseBitString(c, !r.ber)
	return v, at(err, off)
}

// ReadOctetString reads an OCTET STRING; the result aliases the input
// unless BER segments were joined.
func (r *Reader) ReadOctetString(t Tag) ([]byte, error) {
	c, _, err := r.ReadString(t, "OCTET STRING")
	return c, err
}

// ReadUTCTime reads a UTCTime.
func (r *Reader) ReadUTCTime(t Tag) (time.Time, error) { return r.readTime(t, true) }

// ReadGeneralizedTime reads a GeneralizedTime.
func (r *Reader) ReadGeneralizedTime(t Tag) (time.Time, error) { return r.readTime(t, false) }

func (r *Reader) readTime(t Tag, utc bool) (time.Time, error) {
	if v, ok := r.readDERTime(t, utc); ok {
		return v, nil
	}
	typ := "GeneralizedTime"
	if utc {
		typ = "UTCTime"
	}
	c, off, err := r.ReadString(t, typ)
	if err != nil {
		return time.Time{}, err
	}
	if v, ok := derTime(c, utc); ok {
		return v, nil
	}
	v, err := parseTime(c, !r.ber && !r.Tolerates(TolerateTimeForms), utc)
	return v, at(err, off)
}

// at locates a content parser's error at the absolute offset of the
// contents.
func at(err error, off int) error {
	if err != nil {
		return AtOffset(err, off)
	}
	return nil
}

// ReadText reads a character string of type kind (TagUTF8String,
// TagPrintableString, ...: the restricted character string types and
// ObjectDescriptor) with tag t into a Go string, checked against the type's
// character set and converted to UTF-8 (see strings.go).
func (r *Reader) ReadText(t, kind Tag) (string, error) {
	c, off, err := r.ReadString(t, kind.String())
	if err != nil {
		return "", err
	}
	s, err := decodeString(kind, c, r.Tolerates(ToleratePrintableString), r.s, len(r.in)-r.pos+len(c))
	return s, at(err, off)
}

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

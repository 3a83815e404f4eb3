package der

// Builder encoders: each appends one DER element with tag t (the universal
// tag or an IMPLICIT tag). A value that has no encoding (a UTCTime in 2050,
// a string outside its character set) records the Builder's error.

// AddBoolean appends a BOOLEAN.
func (b *Builder) AddBoolean(t Tag, v bool) {
	b.buf = appendBoolean(AppendHeader(b.buf, t, false, 1), v)
}

// AddInt64 appends an INTEGER or ENUMERATED.
func (b *Builder) AddInt64(t Tag, v int64) {
	var a [8]byte
	b.AddPrimitive(t, appendInt64(a[:0], v))
}

// AddInteger appends an INTEGER in its minimal form, dropping the
// redundant octets a BER decode may have kept.
func (b *Builder) AddInteger(t Tag, v Integer) {
	if v = v.minimal(); len(v) == 0 {
		v = Integer{0}
	}
	b.AddPrimitive(t, v)
}

// AddBitString appends a BIT STRING with zero padding bits.
func (b *Builder) AddBitString(t Tag, v BitString) {
	b.buf = AppendHeader(b.buf, t, false, 1+(v.BitLength+7)/8)
	var err error
	if b.buf, err = appendBitString(b.buf, v); err != nil {
		b.SetError(err)
	}
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
	if err := checkSubids(v, typ, rule); err != nil {
		b.SetError(err)
	}
	b.AddPrimitive(t, v)
}

// AddUTCTime appends a UTCTime (years 1950 to 2049).
func (b *Builder) AddUTCTime(t Tag, v Time) { b.addTime(t, v, true) }

// AddGeneralizedTime appends a GeneralizedTime.
func (b *Builder) AddGeneralizedTime(t Tag, v Time) { b.addTime(t, v, false) }

// addTime appends a UTCTime or a GeneralizedTime.
func (b *Builder) addTime(t Tag, v Time, utc bool) {
	var m int
	if t.Number() < 31 { // Begin's common case, inlined
		b.buf = append(b.buf, byte(t>>32)<<6|byte(t), 0)
		m = len(b.buf) - 1
	} else {
		m = b.Begin(t, false)
	}
	buf, err := appendTime(b.buf, v, utc)
	if err != nil {
		b.SetError(err)
	}
	buf[m] = byte(len(buf) - m - 1) // at most 25 octets: no fix-up
	b.buf = buf
}

// AddText appends a character string of type kind (see ReadText) with tag t
// (TagUTF8String, TagPrintableString...) holding s: its octets, checked
// against the character set of kind, or for the types of other encodings
// (TeletexString, BMPString...) s converted to them.
func (b *Builder) AddText(t, kind Tag, s string) {
	var err error
	if w := ucsWidth(kind); w == 0 {
		err = checkText(kind, octets(s), b.Tolerates(ToleratePrintableString))
		b.AddPrimitive(t, octets(s))
	} else {
		m := b.Begin(t, false)
		b.buf, err = appendUCS(b.buf, kind, s, w)
		b.End(m)
	}
	if err != nil {
		b.SetError(err)
	}
}

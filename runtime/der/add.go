package der

import (
	"bytes"
	"encoding/binary"
	"slices"
)

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
	// checkSubids's common case here, without its call: terminated, and
	// no 0x80 octet that could lead a subidentifier.
	if len(v) == 0 || v[len(v)-1] >= 0x80 || bytes.IndexByte(v, 0x80) >= 0 {
		if err := checkSubids(v, typ, rule); err != nil {
			b.SetError(err)
		}
	}
	b.AddPrimitive(t, v)
}

// AddUTCTime appends a UTCTime (years 1950 to 2049).
func (b *Builder) AddUTCTime(t Tag, v Time) { b.addTime(t, v, true) }

// AddGeneralizedTime appends a GeneralizedTime.
func (b *Builder) AddGeneralizedTime(t Tag, v Time) { b.addTime(t, v, false) }

// addTime appends a UTCTime or a GeneralizedTime.
func (b *Builder) addTime(t Tag, v Time, utc bool) {
	if t.Number() < 31 && v.ns == 0 && b.addWholeTime(byte(t>>32)<<6|byte(t), v, utc) {
		return
	}
	m := b.Begin(t, false)
	buf, err := appendTime(b.buf, v, utc)
	if err != nil {
		b.SetError(err)
	}
	buf[m] = byte(len(buf) - m - 1) // at most 25 octets: no fix-up
	b.buf = buf
}

// addWholeTime is addTime's fast path, for a time without a fraction of a
// second in a year the type holds, with the identifier octet id: the
// whole element in place, its digits four pairs a word straight from the
// fields of v (see appendTime for the general writer). It reports false,
// having written nothing, for the other times.
func (b *Builder) addWholeTime(id byte, v Time, utc bool) bool {
	u := v.v + 1<<26 + 1<<22 + 1<<17 // the fields from 1 (see Time)
	year := u >> 26
	date := uint64(u>>22&15)<<16 | uint64(u>>17&31)<<32                // month, day
	clock := uint64(u>>12&31) | uint64(u>>6&63)<<16 | uint64(u&63)<<32 // hour, minute, second
	buf := slices.Grow(b.buf, 18)
	n := len(buf)
	d := buf[n : n+18]
	if utc {
		yy := uint64(year - 1950)
		if yy > 99 {
			return false
		}
		if yy += 50; yy >= 100 { // 1950 is 50, 2049 is 49
			yy -= 100
		}
		d[0], d[1] = id, 13
		binary.LittleEndian.PutUint64(d[2:], asciiPairs4(yy|date|clock<<48))
		binary.LittleEndian.PutUint32(d[10:], uint32(asciiPairs4(clock>>16)))
		d[14] = 'Z'
		b.buf = buf[:n+15]
		return true
	}
	if uint64(year) > 9999 {
		return false
	}
	cc := uint64(year) / 100
	d[0], d[1] = id, 15
	binary.LittleEndian.PutUint64(d[2:], asciiPairs4(cc|(uint64(year)-cc*100)<<16|date<<16))
	binary.LittleEndian.PutUint64(d[10:], asciiPairs4(clock)) // the last lane's "00" beyond the Z is cut
	d[16] = 'Z'
	b.buf = buf[:n+17]
	return true
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

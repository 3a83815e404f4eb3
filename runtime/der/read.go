package der

import (
	"bytes"
	"errors"
	"unsafe"
)

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
	if c, ok := r.shortInteger(t); ok {
		if v, ok := Integer(c).Int64(); ok && r.s.elem() {
			r.pos += 2 + len(c)
			return v, nil
		}
	}
	c, off, err := r.ReadPrimitive(t, typ)
	if err != nil {
		return 0, err
	}
	v, err := parseInt64(c, !r.ber, typ)
	return v, at(err, off)
}

// ReadInteger reads an INTEGER of any size, aliasing the input.
func (r *Reader) ReadInteger(t Tag) (Integer, error) {
	if c, ok := r.shortInteger(t); ok && r.s.elem() {
		r.pos += 2 + len(c)
		return Integer(c), nil
	}
	c, off, err := r.ReadPrimitive(t, "INTEGER")
	if err != nil {
		return nil, err
	}
	v, err := parseInteger(c, !r.ber)
	return v, at(err, off)
}

// shortInteger returns the contents of the INTEGER or ENUMERATED with tag
// t at the reader's position, consuming nothing and charging nothing, if
// the element has the common form: a tag number below 31, a length in one
// octet and contents in the fewest octets (X.690 8.3.2), which every
// decode accepts; ok is false for every other element, which the general
// path (ReadPrimitive, then the contents' checks) reads or reports.
func (r *Reader) shortInteger(t Tag) (c []byte, ok bool) {
	want, low := identifier(t, false)
	b := r.in[r.pos:r.end]
	if !low || want == 0 || len(b) < 3 || b[0] != want || b[1] >= 0x80 {
		return nil, false
	}
	l := int(b[1])
	if l == 0 || l > len(b)-2 || l > 1 && redundant(b[2], b[3]) {
		return nil, false
	}
	return b[2 : 2+l : 2+l], true
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
	c, err := r.readSubids(t, "OBJECT IDENTIFIER", "X.690 8.19.2")
	return OID(c), err
}

// ReadRelativeOID reads a RELATIVE-OID, aliasing the input.
func (r *Reader) ReadRelativeOID(t Tag) (RelativeOID, error) {
	c, err := r.readSubids(t, "RELATIVE-OID", "X.690 8.20.2")
	return RelativeOID(c), err
}

// readSubids reads a primitive element of type typ whose contents are
// subidentifiers (see checkSubids) and returns them; nil on an error.
func (r *Reader) readSubids(t Tag, typ, rule string) ([]byte, error) {
	// The common header (see readString) and the common contents (see
	// checkSubids) read here, with no further call but IndexByte's.
	want, low := identifier(t, false)
	if b := r.in[r.pos:r.end]; len(b) >= 3 && b[1] < 0x80 && b[0] == want && low && want != 0 {
		if l := int(b[1]); l > 0 && l <= len(b)-2 && b[1+l] < 0x80 && bytes.IndexByte(b[2:2+l], 0x80) < 0 && r.s.elem() {
			r.pos += 2 + l
			return b[2 : 2+l : 2+l], nil
		}
	}
	c, off, err := r.ReadPrimitive(t, typ)
	if err == nil {
		err = at(checkSubids(c, typ, rule), off)
	}
	if err != nil {
		return nil, err
	}
	return c, nil
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

// ReadUTCTime reads a UTCTime (X.680 47) into a Time (in UTC). The
// two-digit year YY is 19YY when YY >= 50 and 20YY otherwise (RFC 5280
// 4.1.2.5.1). DER requires "YYMMDDhhmmssZ" (X.690 11.8); BER (or
// TolerateTimeForms) also accepts missing seconds, a "+hhmm"/"-hhmm" offset
// from UTC and "240000" for the midnight ending a day.
func (r *Reader) ReadUTCTime(t Tag) (Time, error) { return r.readTime(t, true) }

// ReadGeneralizedTime reads a GeneralizedTime (X.680 46) into a Time (in
// UTC). DER requires "YYYYMMDDhhmmss[.f]Z" with the fraction of seconds
// without trailing zeros and '.' as the decimal sign (X.690 11.7). BER (or
// TolerateTimeForms) also accepts missing minutes or seconds, a fraction of
// the last element present (hour, minute or second) with '.' or ',', and a
// "+hh" or "+hhmm" offset from UTC. A local time without an offset cannot
// be placed in UTC and is a KindUnsupported error, as is a fraction finer
// than a nanosecond and a leap second (time.Time has neither).
func (r *Reader) ReadGeneralizedTime(t Tag) (Time, error) { return r.readTime(t, false) }

func (r *Reader) readTime(t Tag, utc bool) (Time, error) {
	// The DER form without a fraction with the common header (see tlv), as
	// one step here (a CRL entry's revocation date); readLongTime reads
	// every other element, consuming nothing before.
	want, low := identifier(t, false)
	b := r.in[r.pos:r.end]
	if hl, l, ok := tlv(b); ok && low && b[0] == want {
		if v, ok := derTime(b[hl:hl+l], utc); ok && r.s.elem() {
			r.pos += hl + l
			return v, nil
		}
	}
	return r.readLongTime(t, utc)
}

// readLongTime is readTime for the elements its fast path leaves.
func (r *Reader) readLongTime(t Tag, utc bool) (Time, error) {
	typ := "GeneralizedTime"
	if utc {
		typ = "UTCTime"
	}
	p := r.pos
	c, off, err := r.ReadString(t, typ)
	if err != nil {
		return Time{}, err
	}
	if v, ok := derTime(c, utc); ok {
		return v, nil
	}
	v, err := parseTime(c, !r.ber, utc)
	if err != nil {
		return r.badTime(c, p, off, utc, at(err, off))
	}
	return TimeOf(v), nil
}

// badTime handles err, the error of the time whose contents c at offset
// off were just read, from its element at p: a BER form
// (TolerateTimeForms), parsed as BER then, and a time that is invalid or
// that time.Time cannot hold (TolerateInvalidTimes), read as the zero
// time, the element kept in the Deviation. Out of line: it runs on error
// paths only.
//
//go:noinline
func (r *Reader) badTime(c []byte, p, off int, utc bool, err error) (Time, error) {
	if errors.Is(err, ErrNonCanonical) {
		if err = r.Deviate(TolerateTimeForms, err); err != nil {
			return Time{}, err
		}
		v, err2 := parseTime(c, false, utc)
		if err2 == nil {
			return TimeOf(v), nil
		}
		err = at(err2, off)
	}
	if errors.Is(err, ErrInvalidValue) || errors.Is(err, ErrUnsupported) {
		return Time{}, r.deviate(TolerateInvalidTimes, err, p, r.pos)
	}
	return Time{}, err
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
	p := r.pos
	c, off, err := r.readString(t, "", kind, true)
	if err != nil {
		return "", err
	}
	s, err := decodeString(kind, c, false, r.s, len(r.in)-r.pos+len(c))
	if err != nil {
		return r.badText(kind, c, p, at(err, off))
	}
	return s, nil
}

// badText handles err, the error of the contents c of a string of type
// kind: '&' and '*' in a PrintableString (ToleratePrintableString),
// characters outside the type's character set (TolerateAlphabet). The
// string holds the octets as received; that of a BMPString or
// UniversalString whose octets are no characters is empty, its element
// (at p) kept in the Deviation. Out of line: it runs on error paths only.
//
//go:noinline
func (r *Reader) badText(kind Tag, c []byte, p int, err error) (string, error) {
	if !errors.Is(err, ErrInvalidValue) {
		return "", err
	}
	if kind == TagPrintableString && checkCharset(c, &printableX509Set, kind) == nil {
		if err := r.Deviate(ToleratePrintableString, err); err != nil {
			return "", err
		}
		return r.text(c), nil
	}
	if w := ucsWidth(kind); w > 1 {
		return "", r.deviate(TolerateAlphabet, err, p, r.pos)
	}
	if err := r.Deviate(TolerateAlphabet, err); err != nil {
		return "", err
	}
	return r.text(c), nil
}

// text returns c, the octets of a string just read that are its text, as
// decodeString does: aliasing the input (Options.AliasStrings) or in the
// decode's text chunk.
func (r *Reader) text(c []byte) string {
	if len(c) == 0 {
		return ""
	}
	if r.s.opts.AliasStrings {
		return unsafe.String(&c[0], len(c))
	}
	return r.s.keepText(c, len(r.in)-r.pos+len(c))
}

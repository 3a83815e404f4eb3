package der

import "errors"

// join joins the segments of the constructed string with tag t at off,
// whose contents are [cs, ce) (see ReadString). It walks them twice with
// the Reader: once to check and measure them (a single segment is returned
// as it is), and once to copy them into one allocation of the joined size.
func (r *Reader) join(t Tag, off, cs, ce int) ([]byte, error) {
	j := joiner{bit: -1}
	if t == TagBitString {
		j.bit = 1
	} else if t.Class() == ClassUniversal {
		j.bit = 0
	}
	if err := j.walk(r.sub(cs, ce)); err != nil || j.segs == 1 {
		return r.in[j.first[0]:j.first[1]:j.first[1]], err
	}
	n := j.total + max(j.bit, 0) // BIT STRING: the unused-bits octet
	if err := r.s.charge(n, off); err != nil {
		return nil, err
	}
	j.out, j.fill = make([]byte, 0, n), true
	if j.bit == 1 {
		j.out = append(j.out, j.unused) // X.690 8.6.4: those of the last segment
	}
	j.segs = 0 // (the second walk charges the elements again, as re-reads are)
	return j.out, j.walk(r.sub(cs, ce))
}

// joiner holds what the walks of join learn and fill.
type joiner struct {
	bit    int    // 1: BIT STRING segments, 0: OCTET STRING, -1: not yet known
	segs   int    // primitive segments seen
	total  int    // their contents octets, unused-bits octets excluded
	first  [2]int // the window of the first segment's contents (offsets: a slice stored through *j would make the decode state escape)
	unused byte   // unused bits of the last BIT STRING segment
	fill   bool   // second walk: copy into out
	out    []byte
}

// walk visits the segments in r. (It takes r by value and reads with
// readElement: with ReadAny, or the address of a sub-reader, the decode
// state of every ReadString would escape.)
func (j *joiner) walk(r Reader) error {
	for !r.Empty() {
		var h Header
		c, err := r.readElement(&h, true)
		if err != nil {
			return err
		}
		t, off := h.Tag, h.Offset
		if j.bit < 0 && t == TagBitString {
			j.bit = 1
		} else if j.bit < 0 {
			j.bit = 0
		}
		want := TagOctetString
		if j.bit == 1 {
			want = TagBitString
		}
		switch {
		case t != want:
			// X.690 8.6.4.1, 8.7.3.2, 8.23.6: segments carry the
			// UNIVERSAL tag of BIT STRING or OCTET STRING.
			return NewError(KindMalformed, off, "", "segment of a constructed string is not a "+want.String(), "X.690 8.7.3.2")
		case h.Constructed:
			cs := off + h.HeaderLen
			if err := j.walk(r.sub(cs, cs+len(c))); err != nil {
				return err
			}
			continue
		case j.segs == 0:
			j.first = [2]int{r.pos - len(c), r.pos}
		}
		if j.bit == 1 {
			// X.690 8.6.4.1/8.6.2: every segment has its unused-bits
			// octet, and only the last may have unused bits.
			if len(c) == 0 || c[0] > 7 {
				return NewError(KindMalformed, off, "", "BIT STRING segment without a valid unused-bits octet", "X.690 8.6.2.2")
			}
			if j.segs > 0 && j.unused != 0 {
				return NewError(KindMalformed, off, "", "unused bits in a BIT STRING segment that is not the last", "X.690 8.6.4")
			}
			j.unused, c = c[0], c[1:]
		}
		j.segs++
		j.total += len(c)
		if j.fill {
			j.out = append(j.out, c...)
		}
	}
	return nil
}

// Kept-raw elements: what generated code keeps as received, without a
// type to decode it with (an open type whose key selects no type, an
// unknown extension addition, an unknown extension's value). They are
// checked with the rules that need no schema, so that a successful strict
// decode means the whole input is DER, and a BER decode rejects what is
// not BER, at offsets in the input.

// The universal types whose encoding is always primitive (X.690 8.2.1,
// 8.3.1, 8.4, 8.5.1, 8.8.1, 8.19.1, 8.20.1) or always constructed (8.9.1,
// 8.11.1, 8.18.1, and the SEQUENCEs behind EMBEDDED PDV and CHARACTER
// STRING, 8.22, 8.24); X.690 8.1.2.5: bit 6 says which.
const primitiveOnly = 1<<TagBoolean | 1<<TagInteger | 1<<TagNull | 1<<TagOID | 1<<TagReal | 1<<TagEnumerated | 1<<TagRelativeOID

const constructedOnly = 1<<TagExternal | 1<<TagEmbeddedPDV | 1<<TagSequence | 1<<TagSet | 1<<TagCharacterString

// KeepDER returns raw, elements (or the contents of an OCTET STRING that
// contains one) read by r and kept to be written back as they are, in DER
// form, after checking them with the rules that need no schema (see
// checkRaw): unchanged when r reads DER or they have DER's forms already,
// else normalized (one copy, charged to the allocation budget; see package
// tree's NormalizeBER) when r reads BER, so that re-encoding a BER input
// gives DER. Errors have offsets in r's input when raw is a part of it.
func (r *Reader) KeepDER(raw []byte) ([]byte, error) {
	w := *r
	w.in, w.pos, w.end = r.locate(raw, -1)
	shaped, err := w.checkRaw(nil)
	if err != nil || shaped {
		return raw, err
	}
	if err := r.alloc(len(raw) + len(raw)/8 + 16); err != nil {
		return nil, err
	}
	// The BER forms normalized, in one allocation; the elements are read
	// again (charged again, as re-reads are).
	b := Builder{buf: make([]byte, 0, len(raw)+8)}
	if _, err := w.checkRaw(&b); err != nil {
		return nil, err
	}
	return b.Bytes()
}

// checkRaw checks the elements of r's window with the rules of X.690 that
// the universal tags decide without a schema: the headers (BER: clause 8;
// DER: also 10.1, definite and minimal lengths), the form of the universal
// types (8.1.2.5; DER: primitive strings, 10.2), and the contents of
// BOOLEAN, INTEGER, ENUMERATED, BIT STRING, NULL, OBJECT IDENTIFIER,
// RELATIVE-OID, UTCTime and GeneralizedTime (DER: the forms of clause 11,
// those of times unless TolerateTimeForms). It charges the element budget
// and enters constructed elements within the depth limit. shaped reports
// whether the elements have every form b would get (in DER, always when
// err is nil). The rules that need the schema stay unchecked: SET and SET
// OF order, DEFAULT values, named bits, character sets.
//
// If b is not nil, the elements (BER) are written to b re-encoded in DER
// as far as that is possible without the schema (the forms package tree's
// NormalizeBER lists): definite minimal lengths, universal strings
// primitive (their segments joined and checked as one), BOOLEAN TRUE 0xFF,
// BIT STRING padding zero. (r is taken by value and read with
// readElement: with ReadAny, or the address of a sub-reader, the state
// would escape.)
func (r Reader) checkRaw(b *Builder) (shaped bool, err error) {
	shaped = true
	for !r.Empty() {
		var h Header
		c, err := r.readElement(&h, true)
		if err != nil {
			return false, err
		}
		t, cs, u := h.Tag, h.Offset+h.HeaderLen, h.Tag.Class() == ClassUniversal && h.Tag < 32
		// BER only (DER has rejected these):
		shaped = shaped && h.Length >= 0 && h.HeaderLen == HeaderLen(t, h.Length) && !(h.Constructed && t.IsString())
		switch {
		case u && h.Constructed && primitiveOnly>>t&1 != 0:
			return false, NewError(KindMalformed, h.Offset, t.String(), "constructed encoding of a primitive type", "X.690 8.1.2.5")
		case u && !h.Constructed && constructedOnly>>t&1 != 0:
			return false, NewError(KindMalformed, h.Offset, t.String(), "primitive encoding of a constructed type", "X.690 8.1.2.5")
		case h.Constructed && t.IsString() && !r.ber:
			return false, NewError(KindNonCanonical, h.Offset, t.String(), "constructed string", "X.690 10.2")
		case h.Constructed && t.IsString() && b != nil:
			if c, err = r.join(t, h.Offset, cs, cs+len(c)); err != nil { // X.690 10.2
				return false, err
			}
			h.Constructed = false
		}
		m, ok := 0, true
		if b != nil {
			m = b.Begin(t, h.Constructed)
		}
		if h.Constructed {
			ok, err = r.sub(cs, cs+len(c)).checkRaw(b)
		} else if u {
			ok, err = r.checkContents(t, c, cs)
		}
		if err != nil {
			return false, err
		}
		if shaped = shaped && ok; b != nil && !h.Constructed {
			b.buf = append(b.buf, c...)
			switch t {
			case TagBoolean: // X.690 11.1: TRUE is 0xFF
				b.buf = appendBoolean(b.buf[:len(b.buf)-1], c[0] != 0)
			case TagBitString: // X.690 11.2.1: the unused bits are zero
				b.buf[len(b.buf)-1] &^= byte(1)<<c[0] - 1
			}
		}
		if b != nil {
			b.End(m)
		}
	}
	return shaped, nil
}

// checkContents checks the contents c, at offset cs, of a primitive
// element with the universal tag t (see checkRaw) and reports whether they
// have DER's form of BOOLEAN and BIT STRING.
func (r *Reader) checkContents(t Tag, c []byte, cs int) (shaped bool, err error) {
	shaped, err = r.checkValue(t, c, cs)
	return shaped, at(err, cs)
}

// checkValue is checkContents with errors at offset -1 (but a deviation's
// at cs).
func (r *Reader) checkValue(t Tag, c []byte, cs int) (shaped bool, err error) {
	switch t {
	case TagBoolean:
		_, err = parseBoolean(c, !r.ber)
		return err == nil && c[0]+1 <= 1, err // 0x00 or 0xFF
	case TagInteger, TagEnumerated:
		err = checkInteger(c, !r.ber, t.String())
	case TagBitString:
		_, err = parseBitString(c, !r.ber)
		return err == nil && c[len(c)-1]&(1<<c[0]-1) == 0, err
	case TagNull:
		err = parseNull(c)
	case TagOID:
		err = checkSubids(c, "OBJECT IDENTIFIER", "X.690 8.19.2")
	case TagRelativeOID:
		err = checkSubids(c, "RELATIVE-OID", "X.690 8.20.2")
	case TagUTCTime, TagGeneralizedTime:
		// A valid time that time.Time cannot hold (a leap second) is no
		// defect of the encoding.
		if _, err = parseTime(c, !r.ber, t == TagUTCTime); errors.Is(err, ErrNonCanonical) && r.Tolerates(TolerateTimeForms) {
			// A BER form, listed with the offset of the contents.
			if err = r.Deviate(TolerateTimeForms, at(err, cs)); err == nil {
				_, err = parseTime(c, false, t == TagUTCTime)
			}
		}
		if errors.Is(err, ErrUnsupported) {
			err = nil
		}
	}
	return true, err
}

// ReadRawDER is ReadRaw for an element kept to be written back (an open
// type without a table, an unknown extension): the element in DER form,
// see KeepDER.
func (r *Reader) ReadRawDER() ([]byte, error) {
	raw, err := r.ReadRaw()
	if err == nil {
		raw, err = r.KeepDER(raw)
	}
	return raw, err
}

// ReadRestDER reads every element left in the reader and returns their
// encodings in DER form (see KeepDER): the unknown extension additions at
// the end of an extensible SEQUENCE, which encoding writes back as they
// came. With TolerateUnreadAdditions, what does not read as elements is
// kept as it is (but a limit error is returned: see TolerateError).
func (r *Reader) ReadRestDER() ([]byte, error) {
	raw, err := r.KeepDER(r.rest())
	if err != nil && r.TolerateError(TolerateUnreadAdditions, err) {
		raw, err = r.rest(), nil
	}
	if err == nil {
		r.pos = r.end
	}
	return raw, err
}

package der

// normalizeBER re-encodes the elements of in, a BER encoding, in DER as
// far as that is possible without the schema (the forms package tree's
// NormalizeBER lists), into one new allocation. Errors have the offset in
// in; nesting is bounded by DefaultMaxDepth.
func normalizeBER(in []byte) ([]byte, error) {
	b := Builder{buf: make([]byte, 0, len(in)+8)}
	if _, err := normalize(&b, NewReader(in, &Options{BER: true}), false); err != nil {
		return nil, err
	}
	return b.Bytes()
}

// normalize re-encodes the elements of r (only the first if one) into b and
// returns where it stopped. It takes r by value and reads with readElement:
// with ReadAny, or the address of a sub-reader, the state would escape.
func normalize(b *Builder, r Reader, one bool) (int, error) {
	for !r.Empty() {
		p := r.pos
		var h Header
		var c []byte
		var err error
		t, ok := r.PeekTag()
		constructed := ok && r.in[p]&0x20 != 0
		if constructed && t.IsString() {
			// ReadString joins the segments (X.690 10.2).
			c, _, err = r.ReadString(t, "")
			constructed = false
		} else {
			c, err = r.readElement(&h, true)
			t, constructed = h.Tag, h.Constructed
		}
		if err != nil {
			return 0, err
		}
		m := b.Begin(t, constructed)
		switch {
		case constructed:
			cs := h.Offset + h.HeaderLen
			_, err = normalize(b, r.sub(cs, cs+len(c)), false)
		case t == TagBoolean:
			// X.690 8.2.1: one octet; 11.1: TRUE is 0xFF.
			if len(c) != 1 {
				return 0, NewError(KindMalformed, p, "BOOLEAN", "contents are not one octet", "X.690 8.2.1")
			}
			b.buf = appendBoolean(b.buf, c[0] != 0)
		case t == TagBitString:
			// X.690 8.6.2: an initial octet with the number of unused
			// bits, 0 to 7, which is 0 when there are no further octets;
			// 11.2.1: the unused bits are zero.
			if len(c) == 0 || c[0] > 7 || len(c) == 1 && c[0] != 0 {
				return 0, NewError(KindMalformed, p, "BIT STRING", "invalid unused-bits octet", "X.690 8.6.2")
			}
			b.buf = append(b.buf, c...)
			b.buf[len(b.buf)-1] &^= byte(1)<<c[0] - 1
		default:
			b.buf = append(b.buf, c...)
		}
		if err != nil {
			return 0, err
		}
		if b.End(m); one {
			break
		}
	}
	return r.pos, nil
}

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
	// The first walk read these elements: the second needs no budget.
	var s state
	free := r.free(&s)
	j.segs = 0
	return j.out, j.walk(free.sub(cs, ce))
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

// KeepDER returns raw, elements (or the contents of an OCTET STRING that
// contains one) read by r and kept to be written back as they are, in DER
// form: unchanged when r reads DER or they have DER's forms already, else
// normalized without the schema (one copy, charged to the allocation
// budget; see package tree's NormalizeBER) when r reads BER, so that
// re-encoding a BER input gives DER.
func (r *Reader) KeepDER(raw []byte) ([]byte, error) {
	if !r.ber || len(raw) == 0 || derShaped(raw, 0) {
		return raw, nil
	}
	if err := r.alloc(len(raw) + len(raw)/8 + 16); err != nil {
		return nil, err
	}
	return normalizeBER(raw)
}

// ReadRawDER is ReadRaw for an element kept to be written back (an open
// type without a table, an unknown extension): the element in DER form,
// see KeepDER.
func (r *Reader) ReadRawDER() ([]byte, error) {
	raw, err := r.ReadRaw()
	if err != nil {
		return nil, err
	}
	return r.KeepDER(raw)
}

// ReadRestDER reads every element left in the reader and returns their
// encodings in DER form (see KeepDER): the unknown extension additions at
// the end of an extensible SEQUENCE, which encoding writes back as they
// came. With TolerateUnreadAdditions, what does not read as elements is
// kept as it is.
func (r *Reader) ReadRestDER() ([]byte, error) {
	start := r.pos
	raw, err := r.readRest()
	if err == nil {
		raw, err = r.KeepDER(raw)
	}
	if err != nil && r.Tolerates(TolerateUnreadAdditions) {
		r.pos = r.end
		return r.in[start:r.end:r.end], nil
	}
	return raw, err
}

// derShaped reports whether b, a sequence of elements at the given depth,
// already has every form normalizeBER would change: definite minimal
// lengths, primitive universal strings, BOOLEAN 00 or FF, BIT STRING
// padding zero (and a valid unused-bits octet, which normalizeBER checks).
// A BER decode keeps such elements without a copy. The headers are parsed
// as BER, so that a form DER rejects costs no error (an allocation).
func derShaped(b []byte, depth int) bool {
	for len(b) > 0 {
		var h Header
		if depth > DefaultMaxDepth || parseHeader(&h, b, 0, true) != nil || h.Length < 0 || h.HeaderLen != HeaderLen(h.Tag, h.Length) {
			return false
		}
		c := b[h.HeaderLen : h.HeaderLen+h.Length]
		switch t := h.Tag; {
		case h.Constructed && t.IsString():
			return false
		case t == TagBoolean && (len(c) != 1 || c[0] != 0 && c[0] != 0xff):
			return false
		case t == TagBitString && !h.Constructed && (len(c) == 0 || c[0] > 7 || c[len(c)-1]&(1<<c[0]-1) != 0):
			return false
		}
		if h.Constructed && !derShaped(c, depth+1) {
			return false
		}
		b = b[h.HeaderLen+h.Length:]
	}
	return true
}

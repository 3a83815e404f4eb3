package der

import "strconv"

// withType names the ASN.1 type in err if it names none yet.
func withType(err error, typ string) error {
	if e, ok := err.(*Error); ok && e.Type == "" {
		e.Type = typ
	}
	return err
}

// parseHeader parses the identifier and length octets at the start of b, the
// input at absolute offset off. It checks that a definite length fits in b
// and, unless ber, the DER rules on headers (X.690 10.1).
func parseHeader(h *Header, b []byte, off int, ber bool) error {
	if err := parseIdentifierLength(h, b, off, ber); err != nil {
		return err
	}
	if h.Length > len(b)-h.HeaderLen {
		return NewError(KindTruncated, off, "", "input ends inside the contents ("+strconv.Itoa(h.Length)+" octets announced)", "X.690 8.1.3")
	}
	return nil
}

// parseIdentifierLength is parseHeader without the check that the contents
// fit in b: b may hold the header only (the stream decoder reads it first).
func parseIdentifierLength(h *Header, b []byte, off int, ber bool) (err error) {
	if len(b) < 2 {
		return NewError(KindTruncated, off, "", "input ends in the identifier or length octets", "X.690 8.1.1")
	}
	c := b[0]
	h.Tag = Tag(c>>6)<<32 | Tag(c&0x1f)
	h.Constructed = c&0x20 != 0
	h.Offset = off
	i := 1
	if c&0x1f == 0x1f {
		var n uint32
		if n, i, err = parseHighTag(b, off); err != nil {
			return err
		}
		h.Tag = Tag(c>>6)<<32 | Tag(n)
		if i >= len(b) {
			return NewError(KindTruncated, off, "", "input ends before the length octets", "X.690 8.1.3")
		}
	} else if c&0xdf == 0 {
		// X.680 8.6 Table 1: UNIVERSAL 0 is reserved for the encoding
		// rules; X.690 8.1.5 uses it for end-of-contents only, which
		// callers handle before calling parseHeader.
		return NewError(KindMalformed, off, "", "unexpected end-of-contents or UNIVERSAL 0 tag", "X.690 8.1.5")
	}
	l := b[i]
	i++
	if l < 0x80 {
		// X.690 8.1.3.4: short form.
		h.Length = int(l)
	} else {
		h.Length, i, err = parseLongLength(b, i, l, off, h.Constructed, ber)
		if err != nil {
			return err
		}
	}
	h.HeaderLen = i
	return nil
}

// parseHighTag parses the tag number of the high-tag-number form (X.690
// 8.1.2.4) and returns it with the length of the identifier octets.
func parseHighTag(b []byte, off int) (uint32, int, error) {
	var n uint32
	for i := 1; i < len(b); i++ {
		c := b[i]
		// X.690 8.1.2.4.2 c): bits 7 to 1 of the first subsequent octet
		// shall not all be zero. This is a BER rule, not only DER.
		if i == 1 && c == 0x80 {
			return 0, 0, NewError(KindMalformed, off, "", "tag number with a leading zero octet", "X.690 8.1.2.4.2")
		}
		if n > 0xffffffff>>7 {
			return 0, 0, NewError(KindUnsupported, off, "", "tag number does not fit in 32 bits", "X.690 8.1.2.4")
		}
		n = n<<7 | uint32(c&0x7f)
		if c < 0x80 {
			// X.690 8.1.2.2: numbers 0 to 30 use the single-octet
			// form; the high form for them is not BER either.
			if n < 31 {
				return 0, 0, NewError(KindMalformed, off, "", "tag number below 31 in the high-tag-number form", "X.690 8.1.2.2")
			}
			return n, i + 1, nil
		}
	}
	return 0, 0, NewError(KindTruncated, off, "", "input ends inside the identifier octets", "X.690 8.1.2.4")
}

// parseLongLength parses the length octets after the initial octet l (at
// b[i-1]) when l >= 0x80: the indefinite form or the long form.
func parseLongLength(b []byte, i int, l byte, off int, constructed, ber bool) (length, end int, err error) {
	switch {
	case l == 0x80:
		// X.690 8.1.3.6: indefinite form; 8.1.3.2 a): primitive
		// encodings always use the definite form.
		if !constructed {
			return 0, 0, NewError(KindMalformed, off, "", "indefinite length on a primitive encoding", "X.690 8.1.3.2")
		}
		if !ber {
			return 0, 0, NewError(KindNonCanonical, off, "", "indefinite length", "X.690 10.1")
		}
		return -1, i, nil
	case l == 0xff:
		// X.690 8.1.3.5 c): the value 0xFF is reserved.
		return 0, 0, NewError(KindMalformed, off, "", "reserved length octet 0xFF", "X.690 8.1.3.5")
	}
	n := int(l & 0x7f)
	if len(b)-i < n {
		return 0, 0, NewError(KindTruncated, off, "", "input ends inside the length octets", "X.690 8.1.3.5")
	}
	v := 0
	for _, c := range b[i : i+n] {
		if v > maxInt>>8 {
			// No input in memory can be this long.
			return 0, 0, NewError(KindTruncated, off, "", "length exceeds the input", "X.690 8.1.3.5")
		}
		v = v<<8 | int(c)
	}
	// X.690 10.1: the minimum number of length octets (so the short form
	// below 128 and no leading zero octet). BER leaves it to the sender
	// (X.690 8.1.3.5 Note 2).
	if v < 0x80 || b[i] == 0 {
		if !ber {
			return 0, 0, NewError(KindNonCanonical, off, "", "length not in the minimal form", "X.690 10.1")
		}
	}
	return v, i + n, nil
}

// indefLen returns the number of contents octets of an indefinite-length
// element whose contents start at b (absolute offset off), up to but
// excluding its end-of-contents octets (X.690 8.1.5). depth is the nesting
// depth of those contents. Definite-length elements inside are skipped
// without looking into them.
func indefLen(b []byte, off, depth, maxDepth int) (int, error) {
	if depth > maxDepth {
		return 0, NewError(KindLimit, off, "", "nesting deeper than "+strconv.Itoa(maxDepth), "Options.MaxDepth")
	}
	i := 0
	for {
		if len(b)-i >= 2 && b[i] == 0 && b[i+1] == 0 {
			return i, nil
		}
		if len(b) == i {
			return 0, NewError(KindTruncated, off+i, "", "input ends before the end-of-contents octets", "X.690 8.1.5")
		}
		var h Header
		if err := parseHeader(&h, b[i:], off+i, true); err != nil {
			return 0, err
		}
		i += h.HeaderLen
		if h.Length >= 0 {
			i += h.Length
			continue
		}
		if depth >= maxDepth { // the error names the element too deep, as ReadConstructed does
			return 0, NewError(KindLimit, h.Offset, "", "nesting deeper than "+strconv.Itoa(maxDepth), "Options.MaxDepth")
		}
		n, err := indefLen(b[i:], off+i, depth+1, maxDepth)
		if err != nil {
			return 0, err
		}
		i += n + 2
	}
}

// ParseHeader parses the identifier and length octets at the start of b,
// whose contents b need not hold: what a decoder reading a stream needs
// before it reads the contents. off is the offset of b in the input, for
// errors. The DER rules on headers apply unless ber.
func ParseHeader(b []byte, off int, ber bool) (Header, error) {
	var h Header
	err := parseIdentifierLength(&h, b, off, ber)
	return h, err
}

package der

import (
	"bytes"
	"encoding/binary"
	"strconv"
	"strings"
	"unicode/utf8"
	"unsafe"
)

// The restricted character string types (X.680 41) and what is checked:
//
//	NumericString    digits and SPACE (X.680 41.2, Table 9)
//	PrintableString  A-Z a-z 0-9 SPACE ' ( ) + , - . / : = ? (X.680 41.4, Table 10)
//	IA5String        0x00-0x7F (International Alphabet No. 5)
//	VisibleString    0x20-0x7E (ISO 646, no control characters)
//	GraphicString    ESC, 0x20-0x7E and 0xA0-0xFF: graphic G sets with their
//	                 ISO 2022 designations; C0/C1 controls other than ESC and
//	                 DEL are rejected. Escape sequences are not interpreted.
//	ObjectDescriptor as GraphicString (X.680 44.3)
//	GeneralString    nothing: G and C sets, so every octet may occur
//	TeletexString    nothing: T.61 has C sets and escape sequences too
//	VideotexString   nothing, as TeletexString
//	UTF8String       valid UTF-8 (no surrogates, no overlong forms)
//	BMPString        UCS-2 big-endian: an even length, no surrogates
//	UniversalString  UCS-4 big-endian: a multiple of 4, code points up to
//	                 U+10FFFF, no surrogates
//
// Conversion to a Go string (UTF-8): the octets as they are for the
// ASCII-based types, GeneralString and GraphicString (Kerberos, LDAP and
// X.400 use them for ASCII or UTF-8 text); TeletexString and
// VideotexString are read as Latin-1 (ISO 8859-1) and converted to UTF-8,
// because that is what real certificates put in them and the mapping is
// lossless: encoding the string again gives the same octets. BMPString and
// UniversalString are converted from UCS-2 and UCS-4.

// charset is a set of octets.
// A table of octets (1 for a member) rather than a bitmap: one load an
// octet, and eight octets checked with one test (see checkCharset).
type charset [256]byte

func (c *charset) has(b byte) bool { return c[b] != 0 }

// makeCharset returns the set of the inclusive ranges given as pairs.
func makeCharset(ranges string) charset {
	var c charset
	for i := 0; i+1 < len(ranges); i += 2 {
		for b := int(ranges[i]); b <= int(ranges[i+1]); b++ {
			c[b] = 1
		}
	}
	return c
}

var (
	numericSet   = makeCharset("09  ")
	printableSet = makeCharset("AZaz09  ')+/::==??")
	// printableX509Set adds '&' and '*' (ToleratePrintableString).
	printableX509Set = makeCharset("AZaz09  ')+/::==??&&**")
	ia5Set           = makeCharset("\x00\x7f")
	visibleSet       = makeCharset(" ~")
	graphicSet       = makeCharset("\x1b\x1b ~\xa0\xff")
	// textSets are the sets of the types checked octet by octet, by tag.
	textSets = [...]*charset{TagNumericString: &numericSet, TagPrintableString: &printableSet,
		TagIA5String: &ia5Set, TagVisibleString: &visibleSet, TagGraphicString: &graphicSet,
		TagObjectDescriptor: &graphicSet}
)

// checkCharset checks that the octets b of the type kind are in set.
func checkCharset(b []byte, set *charset, kind Tag) error {
	i := 0
	if set == &ia5Set && len(b) >= 8 {
		// IA5String holds the DNS names, URIs and e-mail addresses: the
		// high bits of eight octets at a time (the last eight overlapping
		// the others), the octet that fails found below.
		v := binary.LittleEndian.Uint64(b[len(b)-8:])
		for ; i+8 <= len(b); i += 8 {
			v |= binary.LittleEndian.Uint64(b[i:])
		}
		if v&0x8080808080808080 == 0 {
			return nil
		}
		i = 0
	}
	// Eight octets a test (names are mostly PrintableStrings), the octet
	// that fails found below.
	for ; i+8 <= len(b); i += 8 {
		c := b[i : i+8]
		if set[c[0]]&set[c[1]]&set[c[2]]&set[c[3]]&set[c[4]]&set[c[5]]&set[c[6]]&set[c[7]] == 0 {
			break
		}
	}
	for ; i < len(b); i++ {
		if c := b[i]; !set.has(c) {
			rule := "X.680 41" + map[Tag]string{TagNumericString: ".2", TagPrintableString: ".4"}[kind]
			return errValue(kind.String(), "octet 0x"+strconv.FormatUint(uint64(c), 16)+" at index "+strconv.Itoa(i)+
				" not in the character set", rule)
		}
	}
	return nil
}

// ucsWidth returns the octets per character of the types that hold UCS-2
// (BMPString) or UCS-4 (UniversalString), and 1 for the Latin-1 ones
// (TeletexString, VideotexString, see above); 0 for the others.
func ucsWidth(kind Tag) int {
	switch kind {
	case TagBMPString:
		return 2
	case TagUniversalString:
		return 4
	case TagTeletexString, TagVideotexString:
		return 1
	}
	return 0
}

// ucs checks UCS-2 (w = 2), UCS-4 (w = 4) or Latin-1 (w = 1) big-endian
// contents of the type kind and, if sb is not nil, writes
// them to it in UTF-8.
func ucs(sb *strings.Builder, b []byte, kind Tag, w int) error {
	if len(b)%w != 0 {
		return errValue(kind.String(), "length not a multiple of "+strconv.Itoa(w), "X.690 8.23")
	}
	for i := 0; i < len(b); i += w {
		var r rune
		for _, c := range b[i : i+w] {
			r = r<<8 | rune(c)
		}
		if r > utf8.MaxRune || r < 0 || r >= 0xd800 && r <= 0xdfff {
			return errValue(kind.String(), "not a character at index "+strconv.Itoa(i), "X.690 8.23")
		}
		if sb != nil {
			sb.WriteRune(r)
		}
	}
	return nil
}

// checkString checks the contents b of the character string type kind
// (TagPrintableString...), see the table above, without converting them;
// x509 admits '&' and '*' in a PrintableString (ToleratePrintableString).
func checkString(kind Tag, b []byte, x509 bool) error {
	switch kind {
	case TagBMPString, TagUniversalString:
		return ucs(nil, b, kind, ucsWidth(kind))
	}
	return checkText(kind, b, x509)
}

// checkText checks the types whose contents are octets of their text, the
// UTF-8 and octet-based ones (x509: see checkString).
func checkText(kind Tag, b []byte, x509 bool) error {
	if set := textSet(kind, x509); set != nil {
		return checkCharset(b, set, kind)
	}
	switch kind {
	case TagUTF8String:
		return checkUTF8(b)
	case TagTeletexString, TagVideotexString, TagGeneralString:
		return nil
	}
	return errUnsupported(kind.String(), "not a character string type", "")
}

// textSet returns the set of the type kind if it is checked octet by
// octet, else nil (x509: see checkString). It inlines.
func textSet(kind Tag, x509 bool) *charset {
	if kind >= Tag(len(textSets)) {
		return nil
	}
	if set := textSets[kind]; !x509 || set != &printableSet {
		return set
	}
	return &printableX509Set
}

// checkUTF8 checks the contents b of a UTF8String.
func checkUTF8(b []byte) error {
	if !utf8.Valid(b) {
		return errValue("UTF8String", "not valid UTF-8", "X.690 8.23")
	}
	return nil
}

// decodeString checks the contents b of the character string type kind
// and returns them as a Go (UTF-8) string (x509: see checkString). With a
// decode's state s, a string whose octets are its text aliases b
// (Options.AliasStrings) or is copied into the decode's text chunk
// (state.keepText; rest is the number of input octets from b on).
func decodeString(kind Tag, b []byte, x509 bool, s *state, rest int) (string, error) {
	// The types checked octet by octet and UTF8String, those of nearly
	// every string (names, DNS names, URIs), checked here as checkText
	// does, without the calls of the general case below.
	if set := textSet(kind, x509); set != nil || kind == TagUTF8String {
		var err error
		if set != nil {
			err = checkCharset(b, set, kind)
		} else {
			err = checkUTF8(b)
		}
		switch {
		case err != nil:
			return "", err
		case s == nil:
			return string(b), nil
		case s.opts.AliasStrings:
			return unsafe.String(unsafe.SliceData(b), len(b)), nil
		}
		return s.keepText(b, rest), nil
	}
	w := ucsWidth(kind)
	if w == 0 || w == 1 && !bytes.ContainsFunc(b, func(r rune) bool { return r >= 0x80 }) {
		if err := checkString(kind, b, x509); err != nil {
			return "", err
		}
		switch {
		case s == nil:
			return string(b), nil // the octets as they are, or Latin-1 that is ASCII
		case w == 0 && s.opts.AliasStrings:
			return unsafe.String(unsafe.SliceData(b), len(b)), nil
		}
		return s.keepText(b, rest), nil
	}
	var sb strings.Builder
	sb.Grow(len(b) * 3 / w)
	if err := ucs(&sb, b, kind, w); err != nil {
		return "", err
	}
	return sb.String(), nil
}

// octets returns the octets of s, which must not be written to.
func octets(s string) []byte { return unsafe.Slice(unsafe.StringData(s), len(s)) }

// appendUCS appends the contents of the character string type kind
// holding s (UTF-8) converted to Latin-1, UCS-2 or UCS-4 (w octets a
// character, see ucsWidth); characters outside the type are an error.
func appendUCS(dst []byte, kind Tag, s string, w int) ([]byte, error) {
	if !utf8.ValidString(s) {
		return dst, errValue(kind.String(), "Go string not valid UTF-8", "")
	}
	for i, r := range s {
		if w < 4 && int(r) >= 1<<(8*w) {
			return dst, errValue(kind.String(), "character at index "+strconv.Itoa(i)+" outside the character set", "X.690 8.23")
		}
		dst = appendBigEndian(dst, uint64(r), w)
	}
	return dst, nil
}

package rfc5280

import (
	"encoding/hex"
	"strings"
	"unicode/utf8"

	"github.com/asn1gen/asn1gen/runtime/der"
)

// String returns n in the string form of RFC 4514 (LDAP distinguished
// names), as crypto/x509's pkix.Name.String and OpenSSL's -nameopt RFC2253
// print one: the relative distinguished names last to first, separated by
// ",", the attributes of a multi-valued one joined by "+", each as
// TYPE=value:
//
//	CN=www.example.com,O=Example\, Inc.,C=US
//
// The type is the short name of RFC 4514 section 3 (CN, L, ST, O, OU, C,
// STREET, DC, UID), or SERIALNUMBER or POSTALCODE (the descriptors
// serialNumber and postalCode of RFC 4519, upper-cased as crypto/x509
// does); any other type is its dotted OID. The value of a named type held
// in a character string is the text, with the characters of RFC 4514
// section 2.4 escaped (a leading space or "#", a trailing space, one of
// "+,;<>\ and NUL as \00; octets that are not UTF-8 as \xx in hex); any other
// value, and the value of every type in dotted form, is "#" and the hex of
// its encoding (RFC 4514 section 2.4).
//
// The attributes are printed in the order of the encoding.
// pkix.Name.String differs in a few ways, which the corpus test counts: it
// moves attributes into its own order (C, ST, L, STREET, POSTALCODE, O, OU,
// CN, SERIALNUMBER, with the other types first in the encoding, so last in
// the string), merges the values of one type into one multi-valued RDN,
// prints DC and UID in dotted form, leaves NUL unescaped and drops
// attributes whose value encoding/asn1 does not decode (UniversalString).
func (n Name) String() string {
	var b []byte
	for i := len(n.RdnSequence) - 1; i >= 0; i-- {
		if len(b) > 0 {
			b = append(b, ',')
		}
		for j := range n.RdnSequence[i] {
			if j > 0 {
				b = append(b, '+')
			}
			b = n.RdnSequence[i][j].appendRFC4514(b)
		}
	}
	return string(b)
}

// CommonName returns the value of the last commonName attribute of n in
// encoding order (the most specific, which crypto/x509 puts in
// Name.CommonName), "" when there is none or its value is not a string.
func (n Name) CommonName() string {
	for i := len(n.RdnSequence) - 1; i >= 0; i-- {
		rdn := n.RdnSequence[i]
		for j := len(rdn) - 1; j >= 0; j-- {
			if rdn[j].Type.Equal(IDAtCommonName) {
				if s, ok := rdn[j].Text(); ok {
					return s
				}
			}
		}
	}
	return ""
}

// String returns a in the string form of RFC 4514, TYPE=value (see
// Name.String).
func (a SingleAttribute_SupportedAttributes) String() string {
	return string(a.appendRFC4514(nil))
}

// Text returns the value of a as text when it is a character string
// (DirectoryString, PrintableString, IA5String, ... of any attribute type,
// known to the table of SupportedAttributes or not), and false otherwise.
func (a SingleAttribute_SupportedAttributes) Text() (string, bool) {
	v := &a.Value
	if v.Raw == nil { // built in code, not decoded
		switch {
		case v.Kind == 0:
			return "", false
		case v.DirectoryString.Choice != 0:
			return v.DirectoryString.Value, true
		}
		return v.String, true
	}
	r := der.NewReader(v.Raw, X509Options())
	t, ok := r.PeekTag()
	if !ok || !isCharacterString(t) {
		return "", false
	}
	s, err := r.ReadText(t, t)
	if err != nil || !r.Empty() {
		return "", false
	}
	return s, true
}

// isCharacterString reports whether t is the tag of a restricted character
// string type (X.680 41).
func isCharacterString(t der.Tag) bool {
	switch t {
	case der.TagUTF8String, der.TagNumericString, der.TagPrintableString, der.TagTeletexString,
		der.TagVideotexString, der.TagIA5String, der.TagGraphicString, der.TagVisibleString,
		der.TagGeneralString, der.TagUniversalString, der.TagBMPString:
		return true
	}
	return false
}

// rfc4514Types are the attribute types printed by a short name: RFC 4514
// section 3's table, and serialNumber and postalCode, which crypto/x509
// names too (RFC 4519 registers both descriptors).
var rfc4514Types = map[string]string{
	"U\x04\x03":                     "CN",           // 2.5.4.3
	"U\x04\x07":                     "L",            // 2.5.4.7
	"U\x04\x08":                     "ST",           // 2.5.4.8
	"U\x04\n":                       "O",            // 2.5.4.10
	"U\x04\v":                       "OU",           // 2.5.4.11
	"U\x04\x06":                     "C",            // 2.5.4.6
	"U\x04\t":                       "STREET",       // 2.5.4.9
	"\t\x92&\x89\x93\xf2,d\x01\x19": "DC",           // 0.9.2342.19200300.100.1.25
	"\t\x92&\x89\x93\xf2,d\x01\x01": "UID",          // 0.9.2342.19200300.100.1.1
	"U\x04\x05":                     "SERIALNUMBER", // 2.5.4.5
	"U\x04\x11":                     "POSTALCODE",   // 2.5.4.17
}

// appendRFC4514 appends TYPE=value (see Name.String).
func (a *SingleAttribute_SupportedAttributes) appendRFC4514(b []byte) []byte {
	name, named := rfc4514Types[string(a.Type)]
	if named {
		b = append(b, name...)
	} else {
		b = a.Type.AppendText(b)
	}
	b = append(b, '=')
	if named {
		if s, ok := a.Text(); ok {
			return appendEscaped(b, s)
		}
	}
	// RFC 4514 2.4: "#" and the hex of the BER encoding of the value.
	enc := a.Value.Raw
	if enc == nil {
		if full, err := der.Marshal(a, nil); err == nil {
			r := der.NewReader(full, nil)
			if s, err := r.ReadConstructed(der.TagSequence, ""); err == nil && s.Skip() == nil {
				enc, _ = s.ReadRaw()
			}
		}
	}
	b = append(b, '#')
	return hex.AppendEncode(b, enc)
}

// appendEscaped appends s with the escapes of RFC 4514 section 2.4.
func appendEscaped(b []byte, s string) []byte {
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == 0:
			b = append(b, `\00`...)
		case strings.IndexByte(`"+,;<>\`, c) >= 0,
			c == '#' && i == 0,
			c == ' ' && (i == 0 || i == len(s)-1):
			b = append(b, '\\', c)
		case c >= utf8.RuneSelf:
			if r, n := utf8.DecodeRuneInString(s[i:]); r != utf8.RuneError || n > 1 {
				b = append(b, s[i:i+n]...)
				i += n
				continue
			}
			b = append(b, '\\', hexDigits[c>>4], hexDigits[c&15])
		default:
			b = append(b, c)
		}
		i++
	}
	return b
}

const hexDigits = "0123456789abcdef"

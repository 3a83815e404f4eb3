package der

import "strconv"

// Class is the class of an ASN.1 tag (X.680 8.1), in the numbering of the two
// high bits of an identifier octet (X.690 8.1.2.2).
type Class uint8

const (
	ClassUniversal       Class = 0
	ClassApplication     Class = 1
	ClassContextSpecific Class = 2
	ClassPrivate         Class = 3
)

func (c Class) String() string {
	if c <= ClassPrivate {
		return [...]string{"UNIVERSAL", "APPLICATION", "CONTEXT", "PRIVATE"}[c]
	}
	return "Class(" + strconv.Itoa(int(c)) + ")"
}

// Tag identifies an ASN.1 type on the wire (X.690 8.1.2): its class in
// bits 32 and 33 and its number, of any size that fits in 32 bits (high tag
// numbers, X.690 8.1.2.4, included), in the low 32 bits. A packed integer,
// so that tags are constants and compare in one instruction: a UNIVERSAL
// tag is its number (TagSequence is Tag(16)), and Context, Application and
// Private inline.
//
// The zero Tag, UNIVERSAL 0, is reserved for end-of-contents (X.680 8.6)
// and is never a type's tag: generated DecodeASN1 and EncodeASN1 methods
// read it as "the type's own tag, at the root of an encoding" (see
// Unmarshal).
type Tag uint64

// Universal tags (X.680 8.4, Table 1).
const (
	TagBoolean          Tag = 1
	TagInteger          Tag = 2
	TagBitString        Tag = 3
	TagOctetString      Tag = 4
	TagNull             Tag = 5
	TagOID              Tag = 6
	TagObjectDescriptor Tag = 7
	TagExternal         Tag = 8
	TagReal             Tag = 9
	TagEnumerated       Tag = 10
	TagEmbeddedPDV      Tag = 11
	TagUTF8String       Tag = 12
	TagRelativeOID      Tag = 13
	TagTime             Tag = 14
	TagSequence         Tag = 16
	TagSet              Tag = 17
	TagNumericString    Tag = 18
	TagPrintableString  Tag = 19
	TagTeletexString    Tag = 20
	TagVideotexString   Tag = 21
	TagIA5String        Tag = 22
	TagUTCTime          Tag = 23
	TagGeneralizedTime  Tag = 24
	TagGraphicString    Tag = 25
	TagVisibleString    Tag = 26
	TagGeneralString    Tag = 27
	TagUniversalString  Tag = 28
	TagCharacterString  Tag = 29
	TagBMPString        Tag = 30
	TagDate             Tag = 31
	TagTimeOfDay        Tag = 32
	TagDateTime         Tag = 33
	TagDuration         Tag = 34
	TagOIDIRI           Tag = 35
	TagRelativeOIDIRI   Tag = 36
)

// NewTag returns the tag of class c and number n.
func NewTag(c Class, n uint32) Tag { return Tag(c&3)<<32 | Tag(n) }

// Context returns the context-specific tag [n].
func Context(n uint32) Tag { return Tag(ClassContextSpecific)<<32 | Tag(n) }

// Application returns the tag [APPLICATION n].
func Application(n uint32) Tag { return Tag(ClassApplication)<<32 | Tag(n) }

// Private returns the tag [PRIVATE n].
func Private(n uint32) Tag { return Tag(ClassPrivate)<<32 | Tag(n) }

// Or returns t, or own if t is zero: the tag an EncodeASN1 method writes
// for t (zero asks for the type's own tag).
func (t Tag) Or(own Tag) Tag {
	if t == 0 {
		return own
	}
	return t
}

// Class returns the class of t.
func (t Tag) Class() Class { return Class(t >> 32 & 3) }

// Number returns the number of t.
func (t Tag) Number() uint32 { return uint32(t) }

var universalNames = [...]string{
	1: "BOOLEAN", 2: "INTEGER", 3: "BIT STRING", 4: "OCTET STRING", 5: "NULL",
	6: "OBJECT IDENTIFIER", 7: "ObjectDescriptor", 8: "EXTERNAL", 9: "REAL",
	10: "ENUMERATED", 11: "EMBEDDED PDV", 12: "UTF8String", 13: "RELATIVE-OID",
	14: "TIME", 16: "SEQUENCE", 17: "SET", 18: "NumericString",
	19: "PrintableString", 20: "TeletexString", 21: "VideotexString",
	22: "IA5String", 23: "UTCTime", 24: "GeneralizedTime", 25: "GraphicString",
	26: "VisibleString", 27: "GeneralString", 28: "UniversalString",
	29: "CHARACTER STRING", 30: "BMPString", 31: "DATE", 32: "TIME-OF-DAY",
	33: "DATE-TIME", 34: "DURATION", 35: "OID-IRI", 36: "RELATIVE-OID-IRI",
}

// String writes the tag in ASN.1 notation: the type name for known UNIVERSAL
// tags ("UTCTime"), otherwise "[UNIVERSAL 15]", "[APPLICATION 3]", "[0]".
func (t Tag) String() string {
	if t < Tag(len(universalNames)) && universalNames[t] != "" {
		return universalNames[t]
	}
	n := strconv.FormatUint(uint64(t.Number()), 10)
	if t.Class() == ClassContextSpecific {
		return "[" + n + "]"
	}
	return "[" + t.Class().String() + " " + n + "]"
}

// stringTags has bit n set for the UNIVERSAL types that BER may encode in
// the constructed form and DER may not (X.690 10.2): BIT STRING, OCTET
// STRING, ObjectDescriptor and the restricted character strings, including
// UTCTime and GeneralizedTime (X.680 47, 46: VisibleString underneath).
const stringTags = 1<<TagBitString | 1<<TagOctetString | 1<<TagObjectDescriptor | 1<<TagUTF8String |
	1<<TagNumericString | 1<<TagPrintableString | 1<<TagTeletexString | 1<<TagVideotexString |
	1<<TagIA5String | 1<<TagUTCTime | 1<<TagGeneralizedTime | 1<<TagGraphicString |
	1<<TagVisibleString | 1<<TagGeneralString | 1<<TagUniversalString | 1<<TagBMPString

// IsString reports whether t is the UNIVERSAL tag of a string type, which
// BER may encode in the constructed form and DER may not (X.690 10.2).
func (t Tag) IsString() bool { return t < 32 && stringTags>>t&1 != 0 }

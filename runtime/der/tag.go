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

// Tag identifies an ASN.1 type on the wire: a class and a number of any size
// that fits in 32 bits (high tag numbers, X.690 8.1.2.4, included).
type Tag struct {
	Class  Class
	Number uint32
}

// Universal tag numbers (X.680 8.4, Table 1).
const (
	TagBoolean          = 1
	TagInteger          = 2
	TagBitString        = 3
	TagOctetString      = 4
	TagNull             = 5
	TagOID              = 6
	TagObjectDescriptor = 7
	TagExternal         = 8
	TagReal             = 9
	TagEnumerated       = 10
	TagEmbeddedPDV      = 11
	TagUTF8String       = 12
	TagRelativeOID      = 13
	TagTime             = 14
	TagSequence         = 16
	TagSet              = 17
	TagNumericString    = 18
	TagPrintableString  = 19
	TagTeletexString    = 20
	TagVideotexString   = 21
	TagIA5String        = 22
	TagUTCTime          = 23
	TagGeneralizedTime  = 24
	TagGraphicString    = 25
	TagVisibleString    = 26
	TagGeneralString    = 27
	TagUniversalString  = 28
	TagCharacterString  = 29
	TagBMPString        = 30
	TagDate             = 31
	TagTimeOfDay        = 32
	TagDateTime         = 33
	TagDuration         = 34
	TagOIDIRI           = 35
	TagRelativeOIDIRI   = 36
)

// Universal returns the UNIVERSAL tag with number n.
func Universal(n uint32) Tag { return Tag{ClassUniversal, n} }

// Context returns the context-specific tag [n].
func Context(n uint32) Tag { return Tag{ClassContextSpecific, n} }

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
	if t.Class == ClassUniversal && int(t.Number) < len(universalNames) && universalNames[t.Number] != "" {
		return universalNames[t.Number]
	}
	n := strconv.FormatUint(uint64(t.Number), 10)
	if t.Class == ClassContextSpecific {
		return "[" + n + "]"
	}
	return "[" + t.Class.String() + " " + n + "]"
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
func (t Tag) IsString() bool {
	return t.Class == ClassUniversal && t.Number < 32 && stringTags>>t.Number&1 != 0
}

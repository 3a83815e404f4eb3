// Package oer reads and writes ASN.1 values in the Octet Encoding Rules
// (ITU-T X.696), BASIC-OER and CANONICAL-OER (COER, as IEEE 1609.2 and
// ETSI ITS, the V2X protocols, use it), for the code that asn1gen is to
// generate: as with package per, a value can only be read with its type at
// hand, so generated code calls one primitive per component, in the order
// of the schema. The primitives are:
//
//   - length determinants (X.696 8.6): ReadLength, WriteLength;
//   - BOOLEAN (9): ReadBool, WriteBool; NULL has no octets (15);
//   - INTEGER (10): the fixed sizes of 1, 2, 4 or 8 octets of a
//     constraint whose bounds fit them, unsigned with a lower bound >= 0
//     (UintSize, ReadFixedUint) and two's complement with a negative one
//     (IntSize, ReadFixedInt), the same with the range checked
//     (ReadUintRange, ReadIntRange), and the variable size after a
//     length, unsigned (ReadUint, ReadIntLb) or signed (ReadInt), of any
//     size with math/big (ReadBigInt);
//   - ENUMERATED (11): ReadEnumerated, the short form 0..127 and the long
//     form;
//   - BIT STRING (13) and OCTET STRING (14), of a fixed size without a
//     length (ReadFixedBitString, ReadFixedOctetString) or after one
//     (ReadBitString, ReadOctetString), aliasing the input;
//   - SEQUENCE and SET (16): the preamble of presence bits, the extension
//     bit first (ReadPreamble), the presence bitmap of the extension
//     additions (ReadExtensions), then each addition present as an open
//     type field;
//   - SEQUENCE OF and SET OF (17, 19): the quantity field (ReadQuantity),
//     and MakeSlice, which charges the elements to the budget; the order
//     of a SET OF's elements that CANONICAL-OER fixes (SetOfMark writes
//     it, SetOfOrder checks it);
//   - CHOICE (20): the tag of the alternative (ReadTag, as a der.Tag);
//   - OBJECT IDENTIFIER and RELATIVE-OID (21, 22): a length and the BER
//     contents octets, as der.OID and der.RelativeOID;
//   - restricted character strings (27): the known-multiplier types
//     IA5String, VisibleString, NumericString, PrintableString, BMPString
//     and UniversalString of a fixed size without a length
//     (ReadFixedString), and those, UTF8String and the types that are not
//     known-multiplier (GeneralString, GraphicString, ObjectDescriptor,
//     TeletexString, VideotexString: their BER contents octets) after a
//     length in octets (ReadString), as Go strings (UTF-8, or the octets
//     of GeneralString and GraphicString as package der holds them);
//   - UTCTime and GeneralizedTime, VisibleStrings (27) of their DER form
//     (ReadUTCTime, ReadGeneralizedTime), as der.Time;
//   - open types (30): ReadOpen returns the field's octets, Field reads
//     them with a Reader of its own whose errors keep their offsets in the
//     outermost input, EndField checks that the value filled them.
//
// Each Read method has its Write counterpart. The Read methods return
// their error; the methods of sticky.go (Bool, IntRange, OctetString,
// Preamble, ...) keep the first error of a decode with its field path, as
// package per's do. A generated type is to implement Value (DecodeOER,
// EncodeOER); Unmarshal, Marshal and Reader.Root are its entry points,
// Decode, Encode, DecodeOpen and EncodeOpen its components. Not covered:
// REAL (12), the time types DATE, TIME-OF-DAY, DATE-TIME, DURATION and
// TIME, EMBEDDED PDV, EXTERNAL and CHARACTER STRING; which constraints
// are OER-visible (X.696 8.2: an extensible one is not) and which form a
// type takes is the generator's choice, not this package's.
//
// A Writer makes the canonical encoding: the shortest lengths, numbers in
// the fewest octets, TRUE as 0xFF, zero padding and unused bits, the short
// forms of ENUMERATED values and tags, which are also valid BASIC-OER. A
// Reader accepts any valid BASIC-OER unless Options.Canonical is set:
// CANONICAL-OER is enforced on decode only then, and each form that
// BASIC-OER allows and CANONICAL-OER does not is a KindNonCanonical
// error. Not checked in either mode: the DEFAULT components left out,
// which are the schema's (and so the generated code's) to check.
//
// Errors are *der.Error, of the Kinds of package der (errors.Is with
// der.ErrTruncated, der.ErrNonCanonical, ...), with Offset counting octets
// from the start of the outermost input: the offset of the item at fault
// (the length determinant of a string that the input cuts short, the
// first octet of a fixed-size field), or of the octet at fault where one
// is (padding bits, a character outside its set). Generated code adds the
// field path with Fail or der.WithField. Every length is checked against
// the input left before anything is read, and what a decode allocates is
// charged to a budget linear in the input (Options.MaxAlloc). Decoding
// never panics, and the octets of strings alias the input.
//
// The package imports only the standard library and package der.
package oer

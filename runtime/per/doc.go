// Package per reads and writes ASN.1 values in the Packed Encoding Rules
// (ITU-T X.691), BASIC-PER in both its variants, ALIGNED (APER, as NGAP,
// S1AP, F1AP, E1AP, XnAP and E2AP use it) and UNALIGNED (UPER, as NR and
// LTE RRC use it), for the code that asn1gen generates with -per.
//
// PER has no tags and no lengths for what the schema fixes, so a value can
// only be read with its type at hand: generated code calls one primitive
// of this package per X.691 encoding procedure, in the order of the
// schema. The primitives are:
//
//   - whole numbers (X.691 11.5 to 11.8): ReadConstrained and
//     WriteConstrained (lb..ub, the bit-field, 1-octet, 2-octet and
//     indefinite-length cases of the ALIGNED variant), ReadSemiConstrained,
//     ReadUnconstrained (int64) and ReadUnconstrainedInteger (der.Integer,
//     any size), ReadSmall (normally small non-negative whole numbers, 11.6);
//   - length determinants (11.9): ReadLength returns one count and whether
//     a fragment (16K, 32K, 48K or 64K items) follows, for the element
//     counts of SEQUENCE OF; ReadSmallLength is the normally small length
//     of an extension bitmap;
//   - BOOLEAN, NULL (nothing), ENUMERATED (ReadEnumerated), extension
//     bits (ReadBool), SEQUENCE preambles (ReadBits);
//   - OCTET STRING and BIT STRING with their SIZE (ReadOctetString,
//     ReadBitString: no octet alignment for fixed sizes up to 16 bits,
//     X.691 16.9 and 17.6; fragments reassembled);
//   - known-multiplier character strings (X.691 30) through an Alphabet,
//     the effective PermittedAlphabet with its character width per variant
//     and the index re-mapping of 30.5.4; other strings as octets (30.6);
//   - OBJECT IDENTIFIER and RELATIVE-OID (X.691 24 and 25: the BER
//     contents octets after a length) as der.OID and der.RelativeOID;
//   - REAL (X.691 15: the DER contents octets after a length, through
//     package float) as float64: ReadReal, WriteReal;
//   - UTCTime and GeneralizedTime as VisibleStrings in their DER form
//     (ReadUTCTime, ReadGeneralizedTime, as der.Time), and DATE,
//     TIME-OF-DAY and DATE-TIME in the encodings X.691 32 defines for them
//     (ReadDate, ReadTimeOfDay, ReadDateTime, as package isotime's
//     values). DURATION and TIME are not handled;
//   - open type fields (10.2): BeginOpen limits the Reader to the field and
//     EndOpen checks that the value filled it, so that the value inside
//     reports its errors at their absolute offsets; Writer.BeginOpen and
//     EndOpen put what is written between them in a field (WriteOpen
//     takes a function), which is also how OCTET STRING (CONTAINING T) is
//     read and written; with a SIZE, or in a BIT STRING, the string's
//     length counts the octets (bits) of the contained encoding: a
//     Contents names the string to ReadContained, WriteContained,
//     ReadStringContents and WriteStringContents (X.682 11, X.691 11.1);
//   - extension additions (19.9): ReadBitmap, then an open type field per
//     addition present; ReadUnknown keeps the additions a type does not
//     know in the form its doc describes. An encoder works out the
//     additions present first (Additions, an Ext), then writes the
//     extension bit (Ext.On), the bitmap (WriteBitmap) and the fields
//     (Ext.Has, WriteUnknown). A CHOICE's unknown alternative:
//     AppendUnknownAlternative, WriteUnknownAlternative;
//   - the helpers generated code calls instead of repeating the steps:
//     ReadInt, ReadIntLb, ReadIntAny, ReadBigInt, ReadWideRange and
//     ReadBigRange (INTEGER by its bounds, 13.2), ReadEnum (an ENUMERATED numbered 0, 1, ...), ReadCount and
//     Grow (SEQUENCE OF), each with its Write counterpart, and NamedBits;
//     ReadList and WriteList (a SEQUENCE OF of a generated type, generic
//     over it), ReadNested (a value held by pointer, between Enter and
//     Leave), ReadOpenValue and WriteOpenValue (an extension addition of
//     a generated type), WritePreamble. They keep the output of gen -per
//     short: NR RRC's package compiles in minutes and gigabytes.
//
// The Writer mirrors the Reader: Write... for every Read.... A Writer makes
// the canonical encoding (X.691 10.1.3 and 11.9.3.8: the shortest length
// forms, the largest fragments); a Reader accepts only those forms, so a
// successful decode re-encodes to the same bits: whole numbers and lengths
// in the fewest octets, normally small numbers and lengths in their short
// form when they fit, constrained numbers and indices within their range,
// a value of an extensible constraint's root with the extension bit 0, a
// fragment of fewer than 64K items only as the last one of a string, an
// extension bit set only with an addition present, an addition group
// marked present only with a member present (X.691 19.9, checked by
// Extensions.GroupPreamble), an empty encoding (or open type value) as
// one zero octet, and nothing after the complete encoding
// (KindNonCanonical, KindInvalidValue, KindTrailingData). It
// ignores the value of padding bits, which X.691 does not ask a decoder
// to check and which carry nothing. Not checked: the order of the
// fragments of the element count of a SEQUENCE OF (the count's lengths
// are read by generated code, one call each), a REAL read in base 10
// (valid CER/DER, which X.691 15 allows; it is written back in base 2),
// and the DEFAULT components and SET OF order that only CANONICAL-PER
// fixes (BASIC-PER lets an encoder choose).
//
// One choice of the encoder is not the schema's to make: the length of the
// bitmap of extension additions. X.691 19.7 gives it one bit per addition
// of the type being encoded, so an encoder of an older version of the
// schema writes fewer bits, a newer one more, and 19.8 has the decoder
// accept either. A decoded value keeps the length received (with the
// additions it does not know, in its Unknown field: see ReadUnknown), and
// re-encodes to the bits received, as a relay of RRC or NGAP messages
// must (asn1ct re-encodes such a message with its own length, so to
// different bytes); a value built in Go, with no Unknown, writes its
// type's length, the canonical bitmap. The length received is kept while
// it can hold the value: once a Go change makes an addition present that
// the received bitmap has no bit for, the type's length is written, and
// once it makes every addition absent, no bitmap. A bitmap with no
// addition present is an error: X.691 19.1 sets the extension bit only
// when some addition is present.
//
// A tolerant decode, Unmarshal with Tolerant(&devs) (or Options.Tolerate
// and Options.Deviations), is package der's tolerant mode (see there):
// characters outside a string's alphabet kept (srsRAN's AMFName of the one
// character 0x11), invalid times read as the zero time, octets after the
// complete encoding and contained encodings that do not decode kept in
// the der.Deviation that lists each, with its offset in bits and its
// field path; the limits are never tolerated.
//
// Errors are *der.Error, of the Kinds of package der (errors.Is with
// der.ErrTruncated, der.ErrConstraint, ...), with Bits set: Offset counts
// bits from the start of the outermost encoding. Generated code adds the
// field path with der.WithField, and its entry points the type's name
// (Reader.Root). Every length is checked against the input
// left before anything is allocated, and what a decode allocates is charged
// to a budget linear in the input (see Reader.Alloc). Decoding never panics.
//
// The package imports only the standard library and packages der, float
// and isotime (for the contents of REAL and the time types), uses no
// reflection, and its primitives do not allocate (except to reassemble a
// fragmented or unaligned string, which they then charge).
package per

package tree

import "github.com/asn1gen/asn1gen/runtime/der"

// NormalizeBER re-encodes in, which must hold exactly one BER element, in
// DER as far as that is possible without knowing the schema, and returns the
// encoding: in itself when it already has every form below, otherwise a new
// one (in is not modified). Its output is always accepted by the strict
// decoders at the level of headers and string forms (Parse with BER off),
// and normalizing it again returns it unchanged.
//
// It fixes:
//   - lengths: the indefinite form becomes the definite form, and every
//     length uses the fewest octets (X.690 10.1);
//   - constructed strings of the UNIVERSAL string types (BIT STRING, OCTET
//     STRING, ObjectDescriptor, the restricted character strings, UTCTime,
//     GeneralizedTime) become primitive, their segments joined (X.690 10.2);
//   - UNIVERSAL BOOLEAN TRUE becomes the octet 0xFF (X.690 11.1);
//   - the unused bits of a UNIVERSAL BIT STRING become zero (X.690 11.2.1).
//
// It does not, because each needs the schema or the abstract value:
//   - reorder the components of a SET (X.690 10.3) or the elements of a
//     SET OF (X.690 11.6): both have the tag UNIVERSAL 17 and a SET is
//     ordered by tags, not by encodings;
//   - join constructed strings under IMPLICIT tags (e.g. [0] IMPLICIT OCTET
//     STRING): the tag does not say that the type is a string;
//   - remove the trailing zero bits of a BIT STRING with named bits (X.690
//     11.2.2), or re-encode a REAL (11.3), a UTCTime or GeneralizedTime in
//     a non-UTC or abbreviated form (11.7, 11.8), or a DEFAULT value that
//     is present (11.5);
//   - check or fix the contents of other types (an INTEGER with redundant
//     leading octets is not valid BER either, and is left as it is).
//
// It checks what it re-encodes as a BER decode checks the elements it
// keeps raw (der.Reader.KeepDER): the headers, the forms of the universal
// types and the contents of BOOLEAN, INTEGER, ENUMERATED, BIT STRING,
// NULL, OBJECT IDENTIFIER, RELATIVE-OID, UTCTime and GeneralizedTime.
//
// Errors have the offset in in. The limits of opts apply (nil: the
// defaults; its BER field is ignored): MaxDepth bounds the nesting,
// MaxElements the elements read (the outermost twice, the others twice
// when a form needs re-encoding, and the segments of constructed strings
// once more), MaxAlloc the output and the joined strings. The output is at
// most a few octets per indefinite-length element longer than the input,
// and is the only allocation.
//
// It is what a BER decode of generated code does to the elements it keeps
// to write back (der.Reader.ReadRawDER), which is where it is implemented.
func NormalizeBER(in []byte, opts *der.Options) ([]byte, error) {
	if len(in) == 0 {
		return nil, der.NewError(der.KindTruncated, 0, "", "no element", "X.690 8.1.1")
	}
	var o der.Options
	if opts != nil {
		o = *opts
	}
	o.BER = true
	r := der.NewPooledReader(in, &o) // (NewReader's state would escape with the output)
	defer r.Release()
	out, err := r.ReadRawDER()
	if err != nil {
		return nil, err
	}
	if !r.Empty() {
		return nil, der.NewError(der.KindTrailingData, r.Offset(), "", "unexpected octets after the element", "X.690 8.1.1")
	}
	return out, nil
}

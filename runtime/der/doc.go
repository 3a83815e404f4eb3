// Package der reads and writes ASN.1 values in DER and BER (ITU-T X.690)
// for the code that asn1gen generates. Most of it is for generated code;
// users of generated packages touch only a few parts:
//
//   - the entry points, for any generated type (a pointer to it):
//     Unmarshal(b, &v, opts), Marshal(&v, opts) and Append(dst, &v, opts).
//     Every generated type also has UnmarshalDER and MarshalDER, which call
//     them without options;
//   - Options: BER (Options{BER: true}), the limits that keep hostile
//     input in bounds, SkipConstraints, AliasStrings, and the DER defects a
//     decode tolerates (TolerateX509 is what crypto/x509 accepts);
//   - the errors: every failure is an *Error carrying a Kind (ErrTruncated,
//     ErrNonCanonical, ... for errors.Is), the absolute byte offset in the
//     input, the field path ("Certificate.toBeSigned.validity.notBefore"),
//     the expected and actual tag and the X.690 rule that was broken, and
//     a Hint when the input has another form than the decode asked for
//     (PEM; BER in a DER decode);
//   - the value types of generated fields: Integer (an INTEGER of any
//     size), BitString, OID and RelativeOID, and Tag.
//
// Generated code calls the rest: a Reader with one typed read per
// universal type (ReadBoolean, ReadOID, ReadText, ...), a Builder with the
// matching adds, constraint checks, the allocation helpers that keep a
// decode's memory linear in its input, and the error constructors that
// name what is wrong. Each generated type implements Value: DecodeASN1 and
// EncodeASN1, with the tag as a parameter, so that the code of one
// generated package reads and writes the types of another. Generated code
// refers to Version1, so that it does not compile against a der that lacks
// what it needs.
//
// Two packages beside this one hold the types that few modules use, so
// that only the code generated from those modules imports them: package
// float (REAL) and package isotime (DATE, TIME-OF-DAY, DATE-TIME,
// DURATION, TIME). Package tree decodes any input without a schema.
//
// The package imports only the standard library, uses no reflection and
// never panics on any input. Decoding is zero-copy: values that are byte
// strings alias the input, so callers must not modify the input while
// decoded values are in use. Strict DER is the default; BER (indefinite
// lengths, constructed strings, non-minimal forms) is accepted only when a
// decode asks for it. What a decode keeps raw, without a type to read it
// with (an open type whose key selects no type, unknown extension
// additions), is checked with the rules that need no schema (KeepDER), so
// that a successful strict decode means that the whole input is DER.
package der

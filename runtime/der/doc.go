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
//     decode tolerates (TolerateX509 is what crypto/x509 accepts), each
//     listed as a Deviation when Options.Deviations asks for them;
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
//
// # The tolerant mode
//
// A pipeline that must not drop an input whose outer structure is sound
// (a CT log ingester, a network function talking to its peers' encoders)
// decodes with Tolerant, in one line:
//
//	var devs []der.Deviation
//	err := der.Unmarshal(b, &cert, der.Tolerant(&devs))
//
// The decode then accepts every defect of Tolerance (TolerateAll), keeps
// what it cannot read raw (an open type's Raw, a bad time's element in
// the Deviation), and lists each defect with its Kind, its offset in b,
// its field path and the rule it breaks, as the strict decode's error
// would have said; a Linter of the decoded type adds the rules that its
// standard states beside the schema (rfc5280: serial numbers that are not
// positive, CT precertificate poison). It still fails on what makes the
// structure unsound (a truncated element, a wrong tag), with the strict
// decode's error, and a limit (depth, elements, allocation, deviations)
// is never tolerated. Strict DER stays the default and lists nothing; the
// Tolerate flags without Options.Deviations accept their defects without a
// word, as before. Package per has the same mode (per.Tolerant). Only
// Unmarshal finds the deviations' whole paths: a decode through a Reader
// of NewReader, a lazy view or a stream lists them with the part of the
// path known where they were met.
package der

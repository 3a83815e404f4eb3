// Package jer reads and writes ASN.1 values in the JSON Encoding Rules
// (ITU-T X.697) for the code that asn1gen generates: a value is read and
// written with its type at hand, one primitive per component, without
// reflection. The mapping, by the clauses of X.697 (02/2021):
//
//   - BOOLEAN (20): true, false (Reader.Bool, Writer.Bool);
//   - INTEGER (21): a JSON number without fraction or exponent, of any
//     size with math/big (Int, IntRange, Uint, BigInt);
//   - ENUMERATED (22): the identifier of the item as a JSON string
//     (Name; generated code maps it to the item);
//   - REAL (23): a JSON number, or the strings "INF", "-INF", "NaN" and
//     "-0" for the special values (Real);
//   - BIT STRING (24): a fixed-size one as the hex digits of its octets
//     (its last bits padded with 0), any other as an object {"value":
//     hex, "length": bits} (BitString);
//   - OCTET STRING (25): the hex digits of its octets (OctetString);
//     with a contents constraint, {"containing": value} (Containing),
//     or, with ENCODED BY der or BER, the octets of the contained
//     value's DER, which DecodeDER and EncodeDER read and write with
//     the contained type's DER codecs (and so for a BIT STRING, 24);
//   - NULL (26): null;
//   - SEQUENCE and SET (27, 29): an object with a member per component
//     present, named by its identifier; absent OPTIONAL components have
//     no member, and a DEFAULT component whose value is the default may
//     have none (the Writer's callers leave it out); Object and Next
//     iterate the members in any order;
//   - SEQUENCE OF and SET OF (28, 30): an array (Array, NextElem);
//   - CHOICE (31): an object with one member named by the alternative;
//   - OBJECT IDENTIFIER and RELATIVE-OID (32, 33): the dotted arcs as a
//     string (OID, RelativeOID);
//   - restricted character strings (38): a JSON string (String, which
//     checks the characters of the known-multiplier types and a SIZE in
//     characters);
//   - open types (41): the JER encoding of the value, kept as its JSON
//     text (Raw) when generated code cannot decode it;
//   - INSTANCE OF: the encoding of its associated SEQUENCE (X.681 annex
//     C), {"type-id": OID, "value": open type}, and EXTERNAL (37): that
//     of X.680 37.5's associated type, both kept as their JSON text,
//     checked member by member (InstanceOf, External, WriteInstanceOf,
//     WriteExternal).
//
// Members of an extensible SEQUENCE or SET that the type does not know
// are extension additions of a later version, which a decoder skips
// (Skip); in a type that is not extensible they are errors. JSON itself
// is RFC 8259: the Reader accepts its whitespace and string escapes and
// rejects anything else (a duplicate member, a number with a fraction
// where an INTEGER is due, invalid UTF-8 in a string, text after the
// value).
//
// A Reader keeps the first error of a decode with its offset (in bytes
// from the start of the input) and field path, and then every method does
// nothing, as the readers of runtime/oer and runtime/per do. Errors are
// *der.Error values of the Kinds of package der. What a decode allocates
// (strings, octets, slices) is charged to a budget linear in the input
// (Options.MaxAlloc), nesting is bounded (Options.MaxDepth, for the
// recursive types and for the values a decoder skips), and decoding never
// panics.
//
// A Writer appends to a byte slice and escapes strings itself; its output
// is compact JSON (no whitespace).
//
// The package imports only the standard library and package der.
package jer

// Package schemadump decodes DER or BER with a schema, for people: the
// decoder behind `asn1gen dump -schema` and `asn1gen dump -use`. It walks
// the model of a type (codegen/model: components, tags, element types,
// constraints, and the tables of X.682 component relation constraints) over
// a der.Reader walk of the input, and shows each element with what the
// schema says it is, beside the offsets and lengths the plain dump
// (internal/asn1dump) prints:
//
//	  0 d=0 hl=4 l=897 cons: Certificate
//	  4 d=1 hl=4 l=617 cons:   toBeSigned TBSCertificate
//	  8 d=2 hl=2 l=  3 cons:     version [0] EXPLICIT Version
//	 10 d=3 hl=2 l=  1 prim:       INTEGER 2 (v3)
//	 13 d=2 hl=2 l=  1 prim:     serialNumber CertificateSerialNumber 2
//	 16 d=2 hl=2 l= 13 cons:     signature AlgorithmIdentifier
//	 18 d=3 hl=2 l=  9 prim:       algorithm OBJECT IDENTIFIER 1.2.840.113549.1.1.11 (sha256WithRSAEncryption)
//	 ...
//	 42 d=5 hl=2 l= 12 prim:           value.uTF8String UTF8String "Test NC CA 1"  -- at-x520CommonName
//	 ...
//	547 d=5 hl=2 l=  2 prim:           extnValue OCTET STRING, containing:
//	549 d=6 hl=2 l=  0 cons:             BasicConstraints  -- ext-BasicConstraints
//
// # Reading a line
//
// After the columns of the plain dump (offset, depth, header and content
// lengths, cons or prim) and the indentation of the depth, a line reads like
// the component in the ASN.1 module, then the value:
//
//   - the component name ("toBeSigned"); the alternative chosen in an
//     untagged CHOICE is added with a dot ("issuer.rdnSequence",
//     "notBefore.utcTime"), or stands alone for an element of a SEQUENCE OF
//     or SET OF (which have no name);
//   - the type as the module writes it: a type reference ("TBSCertificate";
//     a parameterized type by its name alone, "AlgorithmIdentifier"), or a
//     built-in type written in place ("OBJECT IDENTIFIER", "SEQUENCE OF
//     Extension"), preceded by the tag when it is not the UNIVERSAL tag of
//     the type ("dNSName [2] IA5String");
//   - an EXPLICIT tag is an element of its own: its line says "[3]
//     EXPLICIT Extensions" and the line of the value inside names the
//     built-in type only ("SEQUENCE OF"), or for an open type inside the
//     tag, the type its table selected ("SignedData");
//   - the value as the plain dump shows it (same decoding, same
//     shortening; -full prints long values whole), with the names the
//     modules give: the value assignment of an OBJECT IDENTIFIER (or the
//     information object it identifies), the named number of an INTEGER or
//     ENUMERATED ("2 (v3)"), the named bits set in a BIT STRING;
//   - ", containing:" when the children are the value the contents of an
//     OCTET STRING or BIT STRING hold by the schema (CONTAINING, an open type
//     in the string, or a Rule), ", encapsulates:" when they are only a
//     guess (the contents parse as an encoding and the schema says nothing
//     of them, as the plain dump guesses);
//   - "-- object": the information object whose table row the key selected
//     for an open type ("-- ext-KeyUsage"), and other notes: why an element
//     is shown without the schema, which Rule gave the type;
//   - "!! not DER: why", "!! invalid: why" as in the plain dump, and "!!
//     what" for what the schema expected instead.
//
// # Open types
//
// An open type (CLASS.&Type, and an OCTET STRING or BIT STRING CONTAINING
// one) is read as the type that the row of its table selects by the value
// of the key component (Component.Table, OpenTypeTable.Lookup): an
// extension's extnValue by its extnID, an attribute's values by its type, a
// CMS content by its content type, a PKCS #12 bag by its bag id,
// algorithm parameters by the algorithm. A key read after its open type (a
// key that follows, or any key in a SET) is waited for: the value is read
// when the SEQUENCE or SET ends, and shown in its place. A key that is not
// in the table, an object without the type field, an open type without a
// table are shown as the plain dump shows them, with a note that says why;
// a key outside a table that is not extensible is also an error (X.682 10).
//
// Where the modules say only in prose what an OCTET STRING holds, a Rule
// says it: the data of a PKCS #12 authSafe are an AuthenticatedSafe, whose
// unencrypted parts are SafeContents (RFC 7292 4.1; KnownRules), and
// Options.Rules adds more (`asn1gen dump -contains`). The values in a BER
// OCTET STRING in segments are read from the joined segments, with their
// offsets mapped back to the input.
//
// # Errors
//
// Decoding never panics and reads what it can: an error (a missing
// component, an unexpected tag, an invalid value, a framing error) ends the
// reading of the element it is in, whose remaining contents are shown
// without the schema, and reading goes on after that element. Each error is
// an Issue with its offset and its field path in the form of generated
// code's errors ("Certificate.toBeSigned.extensions[2].extnValue"), in
// Result.Issues, and is marked on its element. Without Options.BER the
// input must be DER: a non-DER header ends its element, a non-DER value
// (a DEFAULT value encoded, a SET OF out of order) is an error that leaves
// the value shown; with it, each is marked "!! not DER".
//
// Data that end inside an element (a truncated file) are read as far as
// they go: each element the end cuts short is shown with its length as
// announced and what the data have of it, marked "!! truncated" (its
// components read with the schema, a primitive's octets shown), no
// component is missing for lack of data, and one Issue, of kind
// "truncated" at the offset where the data end, names the innermost
// element cut short. An element that runs past the end of a whole element
// holding it is an error at its own offset, as before.
//
// The checks are those of generated decoders: tags, the presence of
// components (in the way generated code decides it for optional components
// and untagged open types), SET component order and duplicates, SET OF
// order, DEFAULT values encoded (BOOLEAN, INTEGER, ENUMERATED), named bit
// trailing zeros, ENUMERATED items, SIZE and value range and permitted
// alphabet constraints without extension markers, and the contained
// encoding filling its string.
//
// # JSON
//
// JSON writes the same tree as Block values (see Node for the fields):
// `asn1gen dump -schema -json` prints {"blocks": [{"pem", "type",
// "elements", "errors"}]}.
package schemadump

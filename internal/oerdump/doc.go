// Package oerdump walks an OER encoding (ITU-T X.696, BASIC-OER or
// CANONICAL-OER) with its schema, for people: the decoder behind `asn1gen
// dump -oer` and `-coer` and the OER decodes of the browser playground.
// It reads a type's encoding from the same plan the generated OER codecs
// are made from (codegen/plan), with the primitives of runtime/oer's
// Reader, so that it reads the octets a generated decoder reads and fails
// where it fails; a test checks it against the generated IEEE 1609.2
// decoder (generated/ieee1609dot2) on every real certificate and SPDU of
// testdata/oer and on mutants of them, and its JER against the generated
// MarshalJSON. The dump of the EU TLM certificate of testdata/oer
// (`asn1gen dump -use .../generated/ieee1609dot2 -type
// EtsiTs103097Certificate`):
//
//	EtsiTs103097Module.EtsiTs103097Certificate in CANONICAL-OER: 191 octets (from hex), 191 read
//	offset length
//	     0    191  EtsiTs103097Certificate
//	     1      1    version Uint8 3
//	     2      1    type CertificateType 0 (explicit)
//	     3      2    issuer.self HashAlgorithm 1 (sha384)  -- extension addition
//	     5     87    toBeSigned ToBeSignedCertificate
//	     6     11      id.name Hostname "EU-TLM_L2"
//	    17      3      cracaId HashedId3 000000
//	    20      2      crlSeries CrlSeries 0
//	    22      7      validityPeriod ValidityPeriod
//	    22      4        start Time32 619826403
//	    26      3        duration.years Uint16 4
//	...
//
// # Reading a line
//
// A line gives the offset of the element's first octet in the input and
// its length in octets (its preamble, tag, quantity and length
// determinants included), then indented by its depth the component name
// (a CHOICE adds the alternative with a dot; an element of a list is its
// index), the type as the module writes it, the value (a number with its
// named number or item, TRUE or FALSE, a string quoted, octets in hex,
// bits as '0101'B, an OBJECT IDENTIFIER dotted), "-- object" for the row
// an open type's key selected, "-- extension addition", and "!! why" on
// the element an error is in. Absent OPTIONAL and DEFAULT components
// have no line.
//
// # Errors
//
// The walk never panics and stops at the first error, as a generated
// decoder does: the tree shows what was read before it, and the Issue
// has the offset in octets and the field path generated decoders give
// ("Ieee1609Dot2Data.content.signedData.tbsData"). Octets after the value
// are shown raw, with an error. Every length is checked against the input
// before anything is read, and a dump makes at most Options.MaxNodes
// elements. The generated decoders also count the bytes of their Go
// values against a budget (oer.Options.MaxAlloc), which the dump has not:
// on hostile input where that budget stops the decoder, the dump stops at
// its own limit or at the first error after.
//
// Refused as the emitter refuses them (errors of kind "unsupported"): the
// constructs codegen/emit/oercodec does not generate, among them
// CONTAINING ... ENCODED BY an encoding other than DER and BER, and a
// string with a SIZE that contains a value. An OCTET STRING (CONTAINING T
// ENCODED BY der), T an assignment, is read as the generated codecs read
// it with T's DER codecs: its contents by the DER schema dump
// (internal/schemadump, BER under the basic encoding), whose elements
// become the string's at their offsets in the OER input, and whose first
// error (at the element at fault, where a generated decoder names the
// octet) ends the walk. An OCTET STRING (CONTAINING an open type ENCODED
// BY der), X.509 2016's Extension.extnValue, is read the same way as the
// DER of the value of the row its key selects, as the generated union
// reads it with its DER methods. With Options.Canonical, a DEFAULT component present with its
// default value is an error: an INTEGER, ENUMERATED or BOOLEAN compared
// by its value, any component by its octets, which are then the
// CANONICAL-OER encoding of the default (codegen/oervalue; a BIT STRING
// with named bits, as eeType DEFAULT {app}, a SEQUENCE value).
//
// # Drawing encodings
//
// Schema.Draw runs the walk the other way: from the same plan and with
// runtime/oer's Writer, never the generated codecs, it writes a random
// CANONICAL-OER encoding of a type (values within the root of each
// constraint, sometimes beyond that of an extensible one, extension
// additions of the schema sometimes, an open type
// holding a value of the row its key selects, a DEFAULT component left
// out when equal to its default), which Decode must read without issue.
// codegen/gen's TestCorpusOERRoundTrip feeds what it draws for every
// corpus type to the generated codecs. Of an open type CONTAINED ENCODED
// BY der it writes the DER of the row's value with runtime/der's Builder
// (values within the root of each constraint, no DEFAULT component nor
// extension addition), a row whose type it has no DER for (REAL, an open
// type inside) not picked. It does not draw a string CONTAINING a type
// ENCODED BY der, nor extension
// additions of a later version; with DrawOptions.TypedRows, no open type
// as octets (without a table, or with a key its table does not list).
//
// # JSON and JER
//
// JSON writes {"blocks": [{"type", "variant", "octets", "read",
// "elements", "errors", "jer", "jerError"}]}, the shape of `asn1gen dump
// -aper -json` with offsets in octets, and the value as JER (X.697 JSON,
// as a generated MarshalJSON writes it) when Result.AddJER has set it.
package oerdump

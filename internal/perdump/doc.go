// Package perdump walks a PER encoding (ITU-T X.691, ALIGNED or
// UNALIGNED) with its schema, for people: the decoder behind `asn1gen
// dump -aper` and `-uper`. It reads a type's encoding from the same plan
// the generated PER codecs are made from (codegen/plan: PERConstraints,
// Additions, EnumItems, the unions of open types with their rows), with
// the primitives of runtime/per's Reader, so that it reads exactly the
// bits a generated decoder reads and fails where it fails; a test checks
// it against the generated NGAP, S1AP and NR RRC decoders on every real
// message of testdata/per. The dump of an NGSetupRequest
// (testdata/dump-per/ngap-setup.hex):
//
//	NGAP-PDU-Descriptions.NGAP-PDU in ALIGNED PER: 70 octets (from hex), 560 bits read
//	bit bits
//	  0  560  initiatingMessage InitiatingMessage
//	  3   13    procedureCode ProcedureCode 21 (id-NGSetup)
//	 16    2    criticality Criticality 0 (reject)
//	 18  542    value NGAP-ELEMENTARY-PROCEDURE.&InitiatingMessage  -- nGSetup
//	 32  528      NGSetupRequest
//	 33  527        protocolIEs ProtocolIE-Container
//	 56  104          [0] ProtocolIE-Field
//	 56   16            id ProtocolIE-ID 27 (id-GlobalRANNodeID)
//	 72    2            criticality Criticality 0 (reject)
//	 74   86            value NGAP-PROTOCOL-IES.&Value  -- id-GlobalRANNodeID
//	 88   72              globalGNB-ID GlobalGNB-ID
//	 92   28                pLMNIdentity PLMNIdentity 224265
//	120   40                gNB-ID.gNB-ID BIT STRING '00000000000000000000000000000001'B
//	160  224          [1] ProtocolIE-Field
//	160   16            id ProtocolIE-ID 82 (id-RANNodeName)
//	176    2            criticality Criticality 1 (ignore)
//	178  206            value NGAP-PROTOCOL-IES.&Value  -- id-RANNodeName
//	192  192              RANNodeName "UERANSIM-gnb-222-456-1"
//	...
//
// # Reading a line
//
// A line gives the offset of the element's first bit in the input and its
// length in bits, then indented by its depth:
//
//   - the component name ("procedureCode"); the alternative chosen in a
//     CHOICE is added with a dot ("gNB-ID.gNB-ID"), and stands alone for
//     the type read ("initiatingMessage"); an element of a SEQUENCE OF or
//     SET OF is its index ("[0]");
//   - the type as the module writes it: a type reference ("ProtocolIE-ID",
//     a parameterized type by its name), a built-in type ("BIT STRING",
//     "SEQUENCE OF RLC-BearerConfig"), an open type by its class field
//     ("NGAP-PROTOCOL-IES.&Value"), whose value (the type of the row its
//     key selected) is the line below;
//   - the value: a number, with the named number or enumeration item in
//     parentheses ("0 (reject)"), or the name of the value assignment of a
//     table's key ("27 (id-GlobalRANNodeID)"); TRUE or FALSE; a character
//     string quoted; an OCTET STRING in hex; a BIT STRING as '0101'B (in
//     hex beyond 64 bits), with its named bits set; an OBJECT IDENTIFIER
//     in dotted form with its name when a generated package registers one;
//     long values are shortened unless TextOptions.Full;
//   - "-- object": the information object whose row the key selected (its
//     name, or the name of the key's value), "-- extension addition" for an
//     addition or an alternative of the extension, and other notes:
//     "containing" for an OCTET or BIT STRING whose value is the encoding
//     it contains (the line below), an unknown addition or alternative
//     (its octets, in hex), a key outside its table;
//   - "!! why" on the element an error is in.
//
// An element's bits are all of its encoding: its preamble, extension
// bit, index or count, length determinants and the padding the ALIGNED
// variant puts before them. A component absent (OPTIONAL, or DEFAULT and
// so taking its default) has no line.
//
// # Errors
//
// The walk never panics and stops at the first error, as a generated
// decoder does: the tree shows what was read before it, and the Issue (in
// Result.Issues, marked "!!" on its element) has the offset in bits in the
// input and the field path that generated decoders give
// ("NGAP-PDU.initiatingMessage.value.protocolIEs[0].value"). Data that
// end inside an open type field (a truncated message) are read as far as
// they go, and the element where they end is marked "!! data end"; the
// error stays the field's. Octets after the value are shown raw, with an
// error. Every length is checked against the input before anything is
// allocated, and a dump makes at most Options.MaxNodes elements (by
// default linear in the input).
//
// Not read (errors of kind "unsupported", where the emitter refuses to
// generate a codec): CONTAINING ... ENCODED BY, an INTEGER constrained
// beyond int64 whose span does not fit in 64 bits and that has both
// bounds, one extensible constraint on both SIZE and FROM of a
// known-multiplier string. Checks that generated decoders leave to their
// callers (the constraints PER does not encode) are not made either.
//
// # Rules
//
// An OCTET STRING whose contents only prose defines (NR RRC's
// ue-CapabilityRAT-Container holds a UE-NR-Capability when its rat-Type
// is nr) is shown as octets, unless a schemadump.Rule given to Load says
// what it holds (`asn1gen dump -contains`): the octets are then read as
// the complete encoding of a value of that type in the same variant,
// marked "-- containing, by -contains". A container of another variant
// (the UPER RRC message in an APER NGAP container) is not read that way.
//
// # JSON
//
// JSON writes {"blocks": [{"type", "variant", "bits", "octets",
// "elements", "errors", "jer", "jerError"}]}, the shape of `asn1gen dump
// -schema -json`, with the fields of Node and Issue, and the value as JER
// (X.697, as a generated MarshalJSON writes it: TestJER checks it on the
// ETSI ITS messages) when Result.AddJER has set it.
package perdump

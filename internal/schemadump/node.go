package schemadump

import (
	"github.com/asn1gen/asn1gen/codegen/model"
	"github.com/asn1gen/asn1gen/internal/asn1dump"
)

// Node is one element of the input as the schema reads it: its position
// and header (as `asn1gen dump` prints them), what the schema says it is
// and its value. The JSON field names are part of the documented output of
// `asn1gen dump -schema -json`:
//
//	offset        absolute offset of the identifier octet in the block
//	depth         nesting depth of the element in the dump, 0 at the top
//	headerLength  octets of identifier and length
//	length        content octets (for an indefinite length: before the end-of-contents octets)
//	indefinite    true for the indefinite length form (BER only)
//	tag           the tag on the wire in ASN.1 notation: "SEQUENCE", "[0]", "[APPLICATION 3]"
//	constructed   constructed (true) or primitive (false) form
//	field         the component name; CHOICE alternatives are added with dots ("issuer.rdnSequence")
//	index         the position of an element of a SEQUENCE OF or SET OF, from 0
//	type          the type as the schema writes it: a type reference ("TBSCertificate", the
//	              name of a parameterized type without its actual parameters) or a built-in
//	              type ("OBJECT IDENTIFIER", "SEQUENCE OF Extension")
//	module        the module defining type, for a type reference
//	kind          the built-in type underneath ("SEQUENCE", "INTEGER", "UTF8String")
//	explicit      the element is the EXPLICIT tag around the value (its only child)
//	object        for an open type: the information object whose row the key selected
//	              ("ext-KeyUsage", "sa-sha256WithRSAEncryption")
//	hex, value, name, unusedBits   as in the plain dump (internal/asn1dump.Element); name also
//	              holds the named number of an INTEGER or ENUMERATED and the named bits set in a
//	              BIT STRING ("digitalSignature, keyCertSign")
//	containing    the children are the value the contents of this OCTET STRING or BIT STRING
//	              hold by the schema (CONTAINING, or an open type in it)
//	encapsulates  the children are a guess: the contents parse as an encoding, and the
//	              schema says nothing about them
//	raw           not read by the schema: an unknown extension or alternative, a key outside
//	              the table, an open type without a table, or what follows an error
//	note          why the element is raw, or what else the schema says of it
//	nonDER        why the encoding is valid BER but not DER
//	invalid       why the contents are not a valid value of the type
//	error         what the schema expected here instead (also listed in the block's errors)
//	truncated     the data end inside the element: length is as announced, the value
//	              or children are what the data have of it
//	children      the elements inside: components, elements, the value inside EXPLICIT tags
//	              or inside an OCTET STRING or BIT STRING
type Node struct {
	Offset       int     `json:"offset"`
	Depth        int     `json:"depth"`
	HeaderLen    int     `json:"headerLength"`
	Length       int     `json:"length"`
	Indefinite   bool    `json:"indefinite,omitempty"`
	Tag          string  `json:"tag"`
	Constructed  bool    `json:"constructed"`
	Field        string  `json:"field,omitempty"`
	Index        *int    `json:"index,omitempty"`
	Type         string  `json:"type,omitempty"`
	Module       string  `json:"module,omitempty"`
	Kind         string  `json:"kind,omitempty"`
	Explicit     bool    `json:"explicit,omitempty"`
	Object       string  `json:"object,omitempty"`
	Hex          string  `json:"hex,omitempty"`
	Value        string  `json:"value,omitempty"`
	Name         string  `json:"name,omitempty"`
	UnusedBits   *int    `json:"unusedBits,omitempty"`
	Containing   bool    `json:"containing,omitempty"`
	Encapsulates bool    `json:"encapsulates,omitempty"`
	Raw          bool    `json:"raw,omitempty"`
	Note         string  `json:"note,omitempty"`
	NonDER       string  `json:"nonDER,omitempty"`
	Invalid      string  `json:"invalid,omitempty"`
	Error        string  `json:"error,omitempty"`
	Truncated    bool    `json:"truncated,omitempty"`
	Children     []*Node `json:"children,omitempty"`

	// elem is the plain dump's reading of a primitive, for its value text.
	elem *asn1dump.Element
	// key is the value of a BOOLEAN, INTEGER, ENUMERATED or OBJECT
	// IDENTIFIER, for table lookups and DEFAULT checks.
	key *model.Value
	// inner marks the value inside EXPLICIT tags, whose line shows the
	// built-in type (the wrapper's line shows the type's name).
	inner bool
	// wireTag tells whether Tag is worth printing beside the type: it is
	// not the UNIVERSAL tag of the type.
	wireTag bool
	// space maps the offsets of the children, read from the joined
	// segments of this string, to the input's (segments.go).
	space *segMap
}

// Issue is an error found while decoding: a value or encoding the schema
// or DER does not allow, located by offset and by field path.
type Issue struct {
	// Offset is the absolute offset in the block of the element (or
	// octet) at fault.
	Offset int `json:"offset"`
	// Path is the field path from the type decoded, as the errors of
	// generated code write it: "Certificate.toBeSigned.extensions[2].extnValue".
	Path string `json:"path"`
	// Kind classifies the error as der.Kind does: "tag mismatch",
	// "malformed", "non-canonical", "invalid value", ...
	Kind string `json:"kind"`
	// Message says what is wrong, with the clause broken.
	Message string `json:"message"`
	// NonDER: the encoding is valid BER but not DER (-ber accepts it).
	NonDER bool `json:"nonDER,omitempty"`

	// space holds the joined segments the issue was found in, innermost
	// last (segments.go).
	space []*segMap
}

// Result is the dump of one block of input with a schema.
type Result struct {
	// Type is the type decoded, "Module.Type".
	Type string `json:"type"`
	// Elements are the top-level elements: the value of Type, then
	// anything after it (raw).
	Elements []*Node `json:"elements"`
	// Issues are the errors, in the order found (document order, except
	// for open types whose key follows them).
	Issues []Issue `json:"errors,omitempty"`

	// jer holds what JER needs of the nodes, with Options.JER (jer.go):
	// beside them, so that a node of a dump without it is no larger.
	jer map[*Node]*jerNode
}

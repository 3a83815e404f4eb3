package oerdump

import (
	"encoding/json"
	"io"

	"github.com/asn1gen/asn1gen/internal/jertext"
)

// Node is one element of an OER encoding as the schema reads it. The JSON
// field names are part of the documented output of `asn1gen dump -oer
// -json` (and -coer), those of `asn1gen dump -aper -json` with offsets in
// octets:
//
//	offset    offset in octets of the element's first octet in the input
//	length    length in octets of the element: its preamble, tag, quantity
//	          and length determinants included
//	depth     nesting depth in the dump, 0 at the top
//	field     the component name; the alternative chosen in a CHOICE is added
//	          with a dot ("signer.certificate"), and stands alone at the top
//	index     the position of an element of a SEQUENCE OF or SET OF, from 0
//	type      the type as the module writes it ("Psid", "SEQUENCE OF
//	          PsidSsp", an open type by its class field)
//	kind      the built-in type underneath ("SEQUENCE", "INTEGER")
//	value     the value of a primitive: a number, TRUE or FALSE, a string
//	          (quoted in the text form), the octets of an OCTET STRING in
//	          hex, the bits of a BIT STRING ('0101'B, or in hex with its
//	          length beyond 64 bits), an OBJECT IDENTIFIER in dotted form
//	name      the named number of an INTEGER, the item of an ENUMERATED, the
//	          named bits set in a BIT STRING, the value assignment of a key
//	object    for an open type: the information object whose row the key
//	          selected (its name, or the name of its key's value)
//	addition  the element is an extension addition (X.696 16.4, 20)
//	raw       not read with the schema: an extension addition of a later
//	          version, a key outside an extensible table; hex holds its
//	          octets
//	hex       the octets of a raw element
//	note      what else the dump says of the element
//	error     the error met in this element (also listed in the errors)
//	children  the components, elements, the alternative's components, the
//	          value inside an open type field or a string that contains it
type Node struct {
	Offset   int     `json:"offset"`
	Length   int     `json:"length"`
	Depth    int     `json:"depth"`
	Field    string  `json:"field,omitempty"`
	Index    *int    `json:"index,omitempty"`
	Type     string  `json:"type,omitempty"`
	Kind     string  `json:"kind,omitempty"`
	Value    string  `json:"value,omitempty"`
	Name     string  `json:"name,omitempty"`
	Object   string  `json:"object,omitempty"`
	Addition bool    `json:"addition,omitempty"`
	Raw      bool    `json:"raw,omitempty"`
	Hex      string  `json:"hex,omitempty"`
	Note     string  `json:"note,omitempty"`
	Error    string  `json:"error,omitempty"`
	Children []*Node `json:"children,omitempty"`

	// quoted: Value is a character string, printed quoted.
	quoted bool
	// oid holds the contents of an OBJECT IDENTIFIER, a key of a table.
	oid string
	// The JER of the value (jer.go): alts are the alternatives chosen
	// (a CHOICE of a CHOICE has two), form the shape of what they hold,
	// and leaf the JER text of a primitive.
	alts []string
	form jertext.Form
	leaf []byte
	// isDefault: a DEFAULT component with its default value, which JER
	// leaves out.
	isDefault bool
}

// Issue is an error met in the walk, located by its offset in octets in
// the input and by its field path, as generated decoders write them
// ("Ieee1609Dot2Data.content.signedData.signer.certificate[0]").
type Issue struct {
	Offset  int    `json:"offset"`
	Path    string `json:"path"`
	Kind    string `json:"kind"`
	Message string `json:"message"`
}

// Result is the dump of one OER encoding.
type Result struct {
	// Type is the type read, "Module.Type"; Variant "BASIC-OER" or
	// "CANONICAL-OER".
	Type    string `json:"type"`
	Variant string `json:"variant"`
	// Octets counts the octets of the input, Read those the walk read
	// (up to the first error that stopped it).
	Octets int `json:"octets"`
	Read   int `json:"read"`
	// Elements holds the value read (one element), and a raw element for
	// octets after it.
	Elements []*Node `json:"elements"`
	// Issues are the errors, in the order met.
	Issues []Issue `json:"errors,omitempty"`
	// JER is the value as JER (X.697), JERError why it has none; AddJER
	// sets them.
	JER      json.RawMessage `json:"jer,omitempty"`
	JERError string          `json:"jerError,omitempty"`
}

// AddJER sets the JER of the value read (JER), or why it has none.
func (res *Result) AddJER() {
	b, err := JER(res)
	if err != nil {
		res.JER, res.JERError = nil, err.Error()
		return
	}
	res.JER, res.JERError = b, ""
}

// JSON writes results as {"blocks": [...]}, one block per input, the
// shape of `asn1gen dump -aper -json`.
func JSON(w io.Writer, results []*Result) error { return WriteJSON(w, results, "  ") }

// WriteJSON writes results as JSON does, each level indented by indent:
// "" writes them on one line, for a program that parses them.
func WriteJSON(w io.Writer, results []*Result, indent string) error {
	enc := json.NewEncoder(w)
	if indent != "" {
		enc.SetIndent("", indent)
	}
	enc.SetEscapeHTML(false)
	return enc.Encode(struct {
		Blocks []*Result `json:"blocks"`
	}{results})
}

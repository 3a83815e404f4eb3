// Package asn1dump formats a decoded ASN.1 tree (tree.Node) for people and
// for programs: the text form of `asn1gen dump` and its JSON form.
//
// The text form follows `openssl asn1parse` and dumpasn1: one line per
// element with its offset, depth, header length, content length, the tag, a
// "cons" or "prim" marker and the value of primitives; an EOC line closes
// each indefinite-length element. Every non-DER encoding is marked
// "!! not DER: <reason>" and every invalid value "!! invalid: <reason>":
//
//	 0 d=0 hl=2 l=inf cons: SEQUENCE  !! not DER: indefinite length (X.690 10.1)
//	 2 d=1 hl=2 l=  9 prim:   OBJECT IDENTIFIER 1.2.840.113549.1.7.1 (id-data)
//	13 d=1 hl=2 l=inf cons:   [0]  !! not DER: indefinite length (X.690 10.1)
//	...
//	53 d=1 hl=2 l=  0 prim:   EOC
//
// The contents of an OCTET STRING, or of a BIT STRING without unused bits,
// that are themselves one complete, plausible encoding are shown nested under
// it, marked ", encapsulates:" (the way dumpasn1 shows extnValue and
// subjectPublicKey).
//
// Output is deterministic: it depends on the input bytes and the Options only.
package asn1dump

import (
	"encoding/hex"

	"github.com/asn1gen/asn1gen/runtime/der"
	"github.com/asn1gen/asn1gen/runtime/tree"
)

// Options control what Annotate decodes and how Text shortens values.
type Options struct {
	// BER: the tree was parsed with BER allowed. Encapsulated contents are
	// then parsed as BER too.
	BER bool
	// Full prints every byte of long binary values and every character of
	// long strings; otherwise they are shortened (the JSON form is never
	// shortened).
	Full bool
	// NoEncapsulated turns off the search for encodings nested in OCTET
	// STRING and BIT STRING contents.
	NoEncapsulated bool
	// OIDName names an OBJECT IDENTIFIER ("" when it does not know it);
	// nil names none. `asn1gen dump` passes oids.Name, which knows the
	// OIDs of the generated packages it links (runtime/oids).
	OIDName func(der.OID) string
	// Progress, if set, is called with the offset of each element as
	// Annotate and Text reach it (a command shows how far a long dump
	// is); encapsulated elements count too.
	Progress func(offset int)
}

// Element is one annotated element of the tree: the position and header of a
// tree.Node and its value decoded for display. Its JSON field names are
// part of the documented output of `asn1gen dump -json`:
//
//	offset        absolute offset of the identifier octet in the dumped block
//	depth         nesting depth, 0 for top-level elements (encapsulated elements continue the count)
//	headerLength  octets of identifier and length
//	length        content octets; for an indefinite length those before the end-of-contents octets
//	indefinite    true for the indefinite length form (BER only)
//	class         "UNIVERSAL", "APPLICATION", "CONTEXT" or "PRIVATE"
//	number        tag number
//	tag           the tag in ASN.1 notation: "SEQUENCE", "[0]", "[APPLICATION 3]"
//	constructed   constructed (true) or primitive (false) form
//	hex           primitives: the content octets in lower-case hex (never shortened)
//	value         primitives: the decoded value as text (see below); absent for binary contents
//	name          OBJECT IDENTIFIER: its ASN.1 name, when Options.OIDName knows it
//	unusedBits    BIT STRING: the number of unused bits in the last octet
//	nonDER        why the encoding is valid BER but not DER (X.690 clauses 10 and 11)
//	invalid       why the contents are not a valid value of the UNIVERSAL type
//	truncated     true when the element runs past the end of the input or of the element holding it
//	              (in the partial tree of an input that does not parse); a primitive's hex is what there is
//	children      elements of a constructed encoding
//	encapsulates  elements encoded in the contents of an OCTET STRING or BIT STRING
//
// value holds: TRUE or FALSE for BOOLEAN; decimal for INTEGER and ENUMERATED;
// dotted arcs for OBJECT IDENTIFIER and RELATIVE-OID; the characters (UTF-8)
// of character strings; RFC 3339 in UTC for UTCTime and GeneralizedTime; the
// characters of the other time types; Go's 'g' format (or "PLUS-INFINITY",
// "MINUS-INFINITY", "NOT-A-NUMBER", "-0") for REAL.
type Element struct {
	Offset       int       `json:"offset"`
	Depth        int       `json:"depth"`
	HeaderLen    int       `json:"headerLength"`
	Length       int       `json:"length"`
	Indefinite   bool      `json:"indefinite,omitempty"`
	Class        string    `json:"class"`
	Number       uint32    `json:"number"`
	Tag          string    `json:"tag"`
	Constructed  bool      `json:"constructed"`
	Hex          string    `json:"hex,omitempty"`
	Value        string    `json:"value,omitempty"`
	Name         string    `json:"name,omitempty"`
	UnusedBits   *int      `json:"unusedBits,omitempty"`
	NonDER       string    `json:"nonDER,omitempty"`
	Invalid      string    `json:"invalid,omitempty"`
	Truncated    bool      `json:"truncated,omitempty"`
	Children     []Element `json:"children,omitempty"`
	Encapsulates []Element `json:"encapsulates,omitempty"`

	// show is how the text form prints the value.
	show display
}

// displayKind selects the text rendering of a primitive value.
type displayKind uint8

const (
	showNothing displayKind = iota // NULL, EOC, constructed elements
	showPlain                      // Value as is (numbers, OIDs, booleans)
	showString                     // Value quoted, shortened to maxRunes
	showBinary                     // bin as hex, shortened to maxBytes
	showTime                       // raw characters, then Value in parentheses
)

type display struct {
	kind displayKind
	// showBinary: label comes first ("unused=3"), then hexPrefix ("0x")
	// and bin in hex, then after (the bits in bstring notation, the
	// printable text of an OCTET STRING).
	label, hexPrefix string
	bin              []byte
	after            string
	raw              string // showTime: the characters as encoded
}

// Annotate decodes the values of a tree returned by tree.ParseAll (or
// ParseTree) for display. Offsets are those of the nodes.
func Annotate(nodes []tree.Node, opts *Options) []Element {
	if opts == nil {
		opts = &Options{}
	}
	return annotateList(nodes, 0, 0, opts)
}

// AnnotateTo sets *e to what Annotate returns for the node n alone: for a
// caller that keeps many elements, in slabs of its own (the schema dump
// keeps one for each primitive it shows).
func AnnotateTo(e *Element, n *tree.Node, opts *Options) {
	if opts == nil {
		opts = &Options{}
	}
	*e = annotate(n, 0, 0, opts)
}

// annotateList annotates sibling nodes at depth; base is added to their
// offsets (nonzero for encapsulated contents parsed on their own).
func annotateList(nodes []tree.Node, base, depth int, opts *Options) []Element {
	if len(nodes) == 0 {
		return nil
	}
	out := make([]Element, len(nodes))
	for i := range nodes {
		out[i] = annotate(&nodes[i], base, depth, opts)
	}
	return out
}

func annotate(n *tree.Node, base, depth int, opts *Options) Element {
	e := Element{
		Offset:      base + n.Offset,
		Depth:       depth,
		HeaderLen:   n.HeaderLen,
		Length:      n.Length,
		Indefinite:  n.Indefinite,
		Class:       n.Tag.Class().String(),
		Number:      n.Tag.Number(),
		Tag:         n.Tag.String(),
		Constructed: n.Constructed,
		NonDER:      n.NonDER,
		Truncated:   n.Truncated,
	}
	if opts.Progress != nil {
		opts.Progress(e.Offset)
	}
	if n.Constructed {
		e.Children = annotateList(n.Children, base, depth+1, opts)
		if rule := primitiveOnly(n.Tag); rule != "" {
			e.Invalid = "the encoding shall be primitive (" + rule + ")"
		}
		return e
	}
	e.Hex = hex.EncodeToString(n.Content)
	if n.Truncated { // a part of the contents has no value to decode
		e.show = display{kind: showBinary, bin: n.Content}
		return e
	}
	if rule := constructedOnly(n.Tag); rule != "" {
		e.Invalid = "the encoding shall be constructed (" + rule + ")"
		e.show = display{kind: showBinary, bin: n.Content}
		return e
	}
	decodeValue(&e, n, opts)
	if !opts.NoEncapsulated && e.Invalid == "" {
		e.Encapsulates = encapsulated(n, base, depth, opts)
	}
	return e
}

// primitiveOnly returns the clause of X.690 that requires the primitive
// form for t, or "" (the string types may be constructed in BER, which the
// tree marks in NonDER).
func primitiveOnly(t der.Tag) string {
	switch t {
	case der.TagBoolean:
		return "X.690 8.2.1"
	case der.TagInteger:
		return "X.690 8.3.1"
	case der.TagEnumerated:
		return "X.690 8.4"
	case der.TagReal:
		return "X.690 8.5.1"
	case der.TagNull:
		return "X.690 8.8.1"
	case der.TagOID:
		return "X.690 8.19.1"
	case der.TagRelativeOID:
		return "X.690 8.20.1"
	}
	return ""
}

// constructedOnly returns the clause of X.690 that requires the
// constructed form for t, or "". (EXTERNAL, EMBEDDED PDV and CHARACTER
// STRING are constructed too, being SEQUENCEs underneath; their primitive
// form is left to the decoders that know them.)
func constructedOnly(t der.Tag) string {
	switch t {
	case der.TagSequence:
		return "X.690 8.9.1"
	case der.TagSet:
		return "X.690 8.11.1"
	}
	return ""
}

// encapsulated returns the elements encoded in the contents of an OCTET
// STRING or of a BIT STRING without unused bits, or nil. Random bytes parse
// as an encoding only by chance, so the contents must hold exactly one
// element whose tree, values included, is entirely valid, and DER unless
// BER was asked for; a lone primitive must be of a known UNIVERSAL type.
func encapsulated(n *tree.Node, base, depth int, opts *Options) []Element {
	content, skip := n.Content, 0
	switch n.Tag {
	case der.TagOctetString:
	case der.TagBitString:
		if len(content) == 0 || content[0] != 0 {
			return nil
		}
		content, skip = content[1:], 1
	default:
		return nil
	}
	if len(content) < 2 {
		return nil
	}
	nodes, err := tree.ParseAll(content, &der.Options{BER: opts.BER})
	if err != nil || len(nodes) != 1 {
		return nil
	}
	top := &nodes[0]
	if !top.Constructed && !knownUniversal(top.Tag) {
		return nil
	}
	elems := annotateList(nodes, base+n.Offset+n.HeaderLen+skip, depth+1, opts)
	for _, is := range Issues(elems) {
		if !is.NonDER || !opts.BER {
			return nil
		}
	}
	return elems
}

func knownUniversal(t der.Tag) bool {
	s := t.String()
	return s != "" && s[0] != '['
}

// Issue is one non-DER encoding or invalid value found in a tree.
type Issue struct {
	Offset int
	Tag    string
	NonDER bool // true: valid BER but not DER; false: invalid value
	Msg    string
	// Encapsulated: the element was found inside the contents of an OCTET
	// STRING or BIT STRING, which DER does not govern.
	Encapsulated bool
}

// Issues lists the non-DER encodings and invalid values of elems in document
// order (encapsulated elements included).
func Issues(elems []Element) []Issue {
	var out []Issue
	var walk func([]Element, bool)
	walk = func(es []Element, encap bool) {
		for i := range es {
			e := &es[i]
			if e.NonDER != "" {
				out = append(out, Issue{Offset: e.Offset, Tag: e.Tag, NonDER: true, Msg: e.NonDER, Encapsulated: encap})
			}
			if e.Invalid != "" {
				out = append(out, Issue{Offset: e.Offset, Tag: e.Tag, Msg: e.Invalid, Encapsulated: encap})
			}
			walk(e.Children, encap)
			walk(e.Encapsulates, true)
		}
	}
	walk(elems, false)
	return out
}

package asn1dump

import (
	"encoding/json"
	"errors"
	"io"

	"github.com/asn1gen/asn1gen/runtime/der"
)

// Block is the dump of one block of input: the whole input, or one PEM block.
// `asn1gen dump -json` prints {"blocks": [Block...]}, with the field names
// below (and those of Element).
type Block struct {
	// PEM is the type of the PEM block ("CERTIFICATE"); absent for DER or
	// BER input.
	PEM string `json:"pem,omitempty"`
	// Encrypted: the PEM block is encrypted (Proc-Type: 4,ENCRYPTED) and
	// was not parsed.
	Encrypted bool `json:"encrypted,omitempty"`
	// Elements are the top-level elements: those before the error, if any.
	Elements []Element `json:"elements"`
	// Error says why the block could not be parsed.
	Error *ErrorInfo `json:"error,omitempty"`
}

// ErrorInfo is a parse error in the JSON form.
type ErrorInfo struct {
	Offset  int    `json:"offset"`  // absolute offset in the block; -1 if unknown
	Kind    string `json:"kind"`    // "malformed", "truncated", "non-canonical", "limit exceeded", ... (der.Kind)
	Message string `json:"message"` // the whole error text, offset and X.690 clause included
}

// NewErrorInfo describes err, a *der.Error or any other error.
func NewErrorInfo(err error) *ErrorInfo {
	info := &ErrorInfo{Offset: -1, Kind: "error", Message: err.Error()}
	var e *der.Error
	if errors.As(err, &e) {
		info.Offset = e.Offset
		info.Kind = e.Kind.String()
	}
	return info
}

// JSON writes {"blocks": blocks} to w, indented, with a final newline.
func JSON(w io.Writer, blocks []Block) error {
	doc := struct {
		Blocks []Block `json:"blocks"`
	}{Blocks: make([]Block, len(blocks))}
	for i, b := range blocks {
		if b.Elements == nil {
			b.Elements = []Element{}
		}
		doc.Blocks[i] = b
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", " ")
	enc.SetEscapeHTML(false)
	return enc.Encode(doc)
}

package schemadump

import (
	"slices"
	"strconv"
	"unicode/utf8"
)

// AppendJSON appends {"blocks": blocks} to b on one line with a final
// newline: what encoding/json writes for it (field names and omitempty as
// the struct tags of Block, Node and Issue say, no HTML escaping, nil
// Elements as []), byte for byte, without reflection. The dump of a 1 MB CRL is 42 MB of JSON:
// encoding/json took twice as long to write it, with twice the memory
// (TestAppendJSONMatchesEncodingJSON holds the two together).
func AppendJSON(b []byte, blocks []Block) []byte {
	// Growing b once by the size to come saves the copies and the
	// cleared memory of growing it step by step, half the time of
	// writing a large dump.
	b = slices.Grow(b, jsonSize(blocks))
	b = append(b, `{"blocks":[`...)
	for i := range blocks {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendBlock(b, &blocks[i], nil)
	}
	return append(b, "]}\n"...)
}

// AppendPartialJSON appends blocks as AppendJSON does, without the final
// newline, keeping of the children of each node only the first
// keep(node): a node that loses children has "childCount", their number,
// before its "children" (absent when it keeps none). The block's
// elements, the children of no node, are all kept. The browser
// playground sends a part of a large tree this way, and the rest on
// demand (AppendNodesJSON).
func AppendPartialJSON(b []byte, blocks []Block, keep func(*Node) int) []byte {
	b = append(b, `{"blocks":[`...)
	for i := range blocks {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendBlock(b, &blocks[i], keep)
	}
	return append(b, "]}"...)
}

// AppendNodesJSON appends the JSON array of nodes, each as
// AppendPartialJSON writes it, cut by keep (all children with nil keep).
func AppendNodesJSON(b []byte, nodes []*Node, keep func(*Node) int) []byte {
	return appendNodes(b, nodes, keep)
}

// jsonSize is about the length of the JSON of blocks: exact for the
// strings that need no escapes, a little more for the numbers and the
// fields written.
func jsonSize(blocks []Block) int {
	size := 16
	for i := range blocks {
		blk := &blocks[i]
		size += 64 + len(blk.PEM) + len(blk.Type) + nodesSize(blk.Elements)
		for j := range blk.Errors {
			is := &blk.Errors[j]
			size += 64 + len(is.Path) + len(is.Kind) + len(is.Message)
		}
	}
	return size
}

// nodeOverhead is the length of a node's field names, numbers and
// punctuation when it has a tag, a type, a kind and a value: a third more
// than most have.
const nodeOverhead = 140

func nodesSize(nodes []*Node) int {
	size := 2
	for _, n := range nodes {
		if n == nil {
			size += 5
			continue
		}
		size += nodeOverhead + len(n.Tag) + len(n.Field) + len(n.Type) + len(n.Module) + len(n.Kind) +
			len(n.Object) + len(n.Hex) + len(n.Value) + len(n.Name) + len(n.Note) + len(n.NonDER) +
			len(n.Invalid) + len(n.Error) + nodesSize(n.Children)
	}
	return size
}

func appendBlock(b []byte, blk *Block, keep func(*Node) int) []byte {
	b = append(b, '{')
	if blk.PEM != "" {
		b = appendJSONString(append(b, `"pem":`...), blk.PEM)
		b = append(b, ',')
	}
	if blk.Encrypted {
		b = append(b, `"encrypted":true,`...)
	}
	if blk.Type != "" {
		b = appendJSONString(append(b, `"type":`...), blk.Type)
		b = append(b, ',')
	}
	b = appendNodes(append(b, `"elements":`...), blk.Elements, keep) // [] when nil
	if len(blk.Errors) > 0 {
		b = append(b, `,"errors":[`...)
		for i := range blk.Errors {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendIssue(b, &blk.Errors[i])
		}
		b = append(b, ']')
	}
	return append(b, '}')
}

func appendIssue(b []byte, is *Issue) []byte {
	b = strconv.AppendInt(append(b, `{"offset":`...), int64(is.Offset), 10)
	b = appendJSONString(append(b, `,"path":`...), is.Path)
	b = appendJSONString(append(b, `,"kind":`...), is.Kind)
	b = appendJSONString(append(b, `,"message":`...), is.Message)
	if is.NonDER {
		b = append(b, `,"nonDER":true`...)
	}
	return append(b, '}')
}

func appendNodes(b []byte, nodes []*Node, keep func(*Node) int) []byte {
	b = append(b, '[')
	for i, n := range nodes {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendNode(b, n, keep)
	}
	return append(b, ']')
}

// appendNode appends n's object: the fields in the order of Node's
// declaration, those tagged omitempty only when set; its children cut by
// keep (AppendPartialJSON), all of them with nil keep.
func appendNode(b []byte, n *Node, keep func(*Node) int) []byte {
	if n == nil {
		return append(b, "null"...)
	}
	b = strconv.AppendInt(append(b, `{"offset":`...), int64(n.Offset), 10)
	b = strconv.AppendInt(append(b, `,"depth":`...), int64(n.Depth), 10)
	b = strconv.AppendInt(append(b, `,"headerLength":`...), int64(n.HeaderLen), 10)
	b = strconv.AppendInt(append(b, `,"length":`...), int64(n.Length), 10)
	b = appendTrue(b, `,"indefinite":true`, n.Indefinite)
	b = appendJSONString(append(b, `,"tag":`...), n.Tag)
	b = strconv.AppendBool(append(b, `,"constructed":`...), n.Constructed)
	b = appendNonEmpty(b, `,"field":`, n.Field)
	if n.Index != nil {
		b = strconv.AppendInt(append(b, `,"index":`...), int64(*n.Index), 10)
	}
	b = appendNonEmpty(b, `,"type":`, n.Type)
	b = appendNonEmpty(b, `,"module":`, n.Module)
	b = appendNonEmpty(b, `,"kind":`, n.Kind)
	b = appendTrue(b, `,"explicit":true`, n.Explicit)
	b = appendNonEmpty(b, `,"object":`, n.Object)
	b = appendNonEmpty(b, `,"hex":`, n.Hex)
	b = appendNonEmpty(b, `,"value":`, n.Value)
	b = appendNonEmpty(b, `,"name":`, n.Name)
	if n.UnusedBits != nil {
		b = strconv.AppendInt(append(b, `,"unusedBits":`...), int64(*n.UnusedBits), 10)
	}
	b = appendTrue(b, `,"containing":true`, n.Containing)
	b = appendTrue(b, `,"encapsulates":true`, n.Encapsulates)
	b = appendTrue(b, `,"raw":true`, n.Raw)
	b = appendNonEmpty(b, `,"note":`, n.Note)
	b = appendNonEmpty(b, `,"nonDER":`, n.NonDER)
	b = appendNonEmpty(b, `,"invalid":`, n.Invalid)
	b = appendNonEmpty(b, `,"error":`, n.Error)
	b = appendTrue(b, `,"truncated":true`, n.Truncated)
	kids := n.Children
	if keep != nil && len(kids) > 0 {
		if k := keep(n); k < len(kids) {
			b = strconv.AppendInt(append(b, `,"childCount":`...), int64(len(kids)), 10)
			kids = kids[:max(k, 0)]
		}
	}
	if len(kids) > 0 {
		b = appendNodes(append(b, `,"children":`...), kids, keep)
	}
	return append(b, '}')
}

func appendTrue(b []byte, field string, v bool) []byte {
	if v {
		b = append(b, field...)
	}
	return b
}

func appendNonEmpty(b []byte, key, s string) []byte {
	if s == "" {
		return b
	}
	return appendJSONString(append(b, key...), s)
}

const lowerHex = "0123456789abcdef"

// appendJSONString appends s quoted as encoding/json quotes a string
// without HTML escaping: the control characters, quote and backslash
// escaped (\b \f \n \r \t by their letters), each invalid UTF-8 octet as
// \ufffd, and U+2028 and U+2029 as \u escapes.
func appendJSONString(b []byte, s string) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, `\b`...)
			case '\f':
				b = append(b, `\f`...)
			case '\n':
				b = append(b, `\n`...)
			case '\r':
				b = append(b, `\r`...)
			case '\t':
				b = append(b, `\t`...)
			default:
				b = append(b, '\\', 'u', '0', '0', lowerHex[c>>4], lowerHex[c&0xf])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', lowerHex[r&0xf])
		default:
			i += size
			continue
		}
		i += size
		start = i
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

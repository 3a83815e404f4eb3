package playground

import (
	"fmt"

	"github.com/asn1gen/asn1gen/internal/asn1dump"
	"github.com/asn1gen/asn1gen/internal/schemadump"
	"github.com/asn1gen/asn1gen/runtime/oids"
)

// Tree is a DER or BER decode kept in the engine, which the page reads a
// part at a time: the dump of a 1 MB CRL has 200,000 elements and 42 MB
// of JSON, of which the page shows a screenful. JSON gives the top of the
// tree, Children the rest on demand, Locate the element at an octet; the
// nodes are those of Decode's JSON (the tree of `asn1gen dump -schema
// -json`), each written whole but for its children.
type Tree struct {
	blocks []schemadump.Block
}

// Default sizes of the parts of a Tree the page asks for: the nodes of
// the first answer, and the children of a node at a time (the page
// renders as many at a time).
const (
	TreeBudget = 2000
	TreeChunk  = 200
)

// DecodeTree decodes data as Decode does, for DER and BER, and keeps the
// result for the page to read from.
func (c *Compiled) DecodeTree(typ, encoding string, data []byte) (*Tree, error) {
	if encoding != DER && encoding != BER {
		return nil, fmt.Errorf("encoding %q: a tree is kept for der and ber", encoding)
	}
	blocks, err := c.decodeBlocks(typ, encoding, data)
	if err != nil {
		return nil, err
	}
	return &Tree{blocks: blocks}, nil
}

// decodeBlocks is the DER and BER decode of Decode: one block per PEM
// block of data, or data whole.
func (c *Compiled) decodeBlocks(typ, encoding string, data []byte) ([]schemadump.Block, error) {
	if c.Errors > 0 {
		return nil, fmt.Errorf("the modules have %d error(s)", c.Errors)
	}
	if c.schema == nil {
		c.schema = schemadump.New(c.set)
	}
	a, err := c.schema.Type(typ)
	if err != nil {
		return nil, err
	}
	opts := &schemadump.Options{BER: encoding == BER, OIDName: oids.Name, JSONOnly: true}
	blocks, _ := asn1dump.SplitPEM(data)
	out := []schemadump.Block{}
	for _, b := range blocks {
		if b.Encrypted {
			out = append(out, schemadump.Block{PEM: b.Label, Encrypted: true})
			continue
		}
		res := c.schema.Decode(b.Data, a, opts)
		out = append(out, schemadump.Block{PEM: b.Label, Type: res.Type, Elements: res.Elements, Errors: res.Issues})
	}
	return out, nil
}

// JSON returns the document of Decode's JSON, on one line, with about
// budget nodes below the blocks' elements, at most chunk children of a
// node, chosen breadth first: the top of the tree. A node whose children
// were cut has "childCount" (schemadump.AppendPartialJSON). The errors
// are all there.
func (t *Tree) JSON(budget, chunk int) []byte {
	var roots []*schemadump.Node
	for i := range t.blocks {
		roots = append(roots, t.blocks[i].Elements...)
	}
	return schemadump.AppendPartialJSON(nil, t.blocks, choose(roots, budget, chunk))
}

// Children returns the JSON array of the children [from, from+n) of the
// node at path in block (path: the index of each node from the block's
// elements down; an empty path: the elements themselves), their own
// children cut as JSON cuts them.
func (t *Tree) Children(block int, path []int, from, n, budget, chunk int) ([]byte, error) {
	list, err := t.list(block, path)
	if err != nil {
		return nil, err
	}
	if from < 0 || n < 0 || from > len(list) {
		return nil, fmt.Errorf("children [%d, %d+%d) of %d", from, from, n, len(list))
	}
	list = list[from:min(len(list), from+n)]
	return schemadump.AppendNodesJSON(nil, list, choose(list, budget, chunk)), nil
}

// list returns the children of the node at path in block.
func (t *Tree) list(block int, path []int) ([]*schemadump.Node, error) {
	if block < 0 || block >= len(t.blocks) {
		return nil, fmt.Errorf("block %d of %d", block, len(t.blocks))
	}
	list := t.blocks[block].Elements
	for depth, i := range path {
		if i < 0 || i >= len(list) || list[i] == nil {
			return nil, fmt.Errorf("no node at %v (depth %d)", path, depth)
		}
		list = list[i].Children
	}
	return list, nil
}

// Locate returns the path of the innermost node of block whose octets
// hold the octet at offset: at each level, the first node whose header,
// contents and end-of-contents octets hold it. Nil when no element holds
// it.
func (t *Tree) Locate(block, offset int) []int {
	if block < 0 || block >= len(t.blocks) {
		return nil
	}
	var path []int
	list := t.blocks[block].Elements
	for {
		hit := -1
		for i, n := range list {
			if n != nil && n.Offset <= offset && offset < nodeEnd(n) {
				hit = i
				break
			}
		}
		if hit < 0 {
			return path
		}
		path = append(path, hit)
		list = list[hit].Children
	}
}

// nodeEnd is the offset after the octets of n, as the page marks them.
func nodeEnd(n *schemadump.Node) int {
	end := n.Offset + n.HeaderLen + max(n.Length, 0)
	if n.Indefinite {
		end += 2
	}
	return end
}

// choose picks the nodes sent below roots: breadth first, at most chunk
// children of a node, until budget nodes are chosen. It returns how many
// children of a node to keep: 0 for the nodes it did not reach.
func choose(roots []*schemadump.Node, budget, chunk int) func(*schemadump.Node) int {
	keep := map[*schemadump.Node]int{}
	queue := append([]*schemadump.Node(nil), roots...)
	for len(queue) > 0 && budget > 0 {
		n := queue[0]
		queue = queue[1:]
		if n == nil {
			continue
		}
		k := min(len(n.Children), chunk, budget)
		keep[n] = k
		budget -= k
		queue = append(queue, n.Children[:k]...)
	}
	return func(n *schemadump.Node) int { return keep[n] }
}

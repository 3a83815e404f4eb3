//go:build js && wasm && !playgroundgen

package main

import (
	"encoding/json"
	"fmt"
	"syscall/js"

	"github.com/asn1gen/asn1gen/internal/playground"
)

// tree is the DER or BER decode of the last decode call, which children
// and locate read; treeID counts the decodes, so that a request about an
// older one fails instead of reading the wrong tree.
var (
	tree   *playground.Tree
	treeID int
)

// register adds decode, children and locate, the functions of
// asn1gen.wasm.
func register(api js.Value) {
	api.Set("decode", js.FuncOf(func(_ js.Value, args []js.Value) any {
		data := make([]byte, args[2].Get("length").Int())
		js.CopyBytesToGo(data, args[2])
		return decode(args[0].String(), args[1].String(), data)
	}))
	api.Set("children", js.FuncOf(func(_ js.Value, args []js.Value) any {
		return children(args[0].Int(), args[1].Int(), args[2].String(), args[3].Int(), args[4].Int())
	}))
	api.Set("locate", js.FuncOf(func(_ js.Value, args []js.Value) any {
		return locate(args[0].Int(), args[1].Int(), args[2].Int())
	}))
}

// decode returns the JSON of the decode on one line: for DER and BER the
// top of the tree (playground.Tree.JSON) with "tree", the id that
// children and locate take; for PER the whole tree.
func decode(typ, encoding string, data []byte) string {
	return call(func() (any, error) {
		if compiled == nil {
			return nil, fmt.Errorf("no modules compiled")
		}
		tree = nil
		treeID++
		if encoding != playground.DER && encoding != playground.BER {
			return compiled.DecodeCompact(typ, encoding, data)
		}
		t, err := compiled.DecodeTree(typ, encoding, data)
		if err != nil {
			return nil, err
		}
		tree = t
		doc := t.JSON(playground.TreeBudget, playground.TreeChunk)
		// {"blocks":...} -> {"tree":id,"blocks":...}
		return append(fmt.Appendf(nil, `{"tree":%d,`, treeID), doc[1:]...), nil
	})
}

// treeOf returns the tree of the decode id.
func treeOf(id int) (*playground.Tree, error) {
	if tree == nil || id != treeID {
		return nil, fmt.Errorf("the decode %d is no longer in the engine", id)
	}
	return tree, nil
}

// children returns the JSON array of the children [from, from+n) of the
// node at pathJSON (a JSON array of indices) in block of the decode id.
func children(id, block int, pathJSON string, from, n int) string {
	return call(func() (any, error) {
		t, err := treeOf(id)
		if err != nil {
			return nil, err
		}
		var path []int
		if err := json.Unmarshal([]byte(pathJSON), &path); err != nil {
			return nil, err
		}
		return t.Children(block, path, from, n, playground.TreeBudget, playground.TreeChunk)
	})
}

// locate returns the path of the innermost node that holds the octet at
// offset in block of the decode id: a JSON array of indices.
func locate(id, block, offset int) string {
	return call(func() (any, error) {
		t, err := treeOf(id)
		if err != nil {
			return nil, err
		}
		path := t.Locate(block, offset)
		if path == nil {
			path = []int{}
		}
		return path, nil
	})
}

package runtime

import (
	"bytes"
	"encoding/pem"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
	"testing/iotest"

	"github.com/google/go-cmp/cmp"
)

// maxSeed caps the size of a seed from the corpus, to keep fuzzing fast.
const maxSeed = 64 << 10

// addSeeds adds a few inline seeds and, when ASN1GEN_CORPUS is set, every
// file under $ASN1GEN_CORPUS/der (each block of a PEM file decoded) of at
// most maxSeed octets.
func addSeeds(f *testing.F) {
	for _, s := range []string{
		"30 0a 16 05 53 6d 69 74 68 01 01 ff",
		"30 80 06 01 01 a0 80 24 80 04 01 aa 04 01 bb 00 00 00 00 00 00",
		"23 80 03 03 00 0a 3b 03 05 04 5f 29 1c d0 00 00",
		"bf 81 49 81 03 9f 1f 00",
		"31 06 02 01 02 02 01 01",
		"04 82 00 05 01 02 03 04 05",
		"01 01 01 03 02 07 ff",
	} {
		f.Add(hx(s))
	}
	root := os.Getenv("ASN1GEN_CORPUS")
	if root == "" {
		return
	}
	err := filepath.WalkDir(filepath.Join(root, "der"), func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		blocks := 0
		for rest := data; ; {
			var p *pem.Block
			if p, rest = pem.Decode(rest); p == nil {
				break
			}
			if blocks++; len(p.Bytes) <= maxSeed {
				f.Add(p.Bytes)
			}
		}
		if blocks == 0 && len(data) <= maxSeed {
			f.Add(data)
		}
		return nil
	})
	if err != nil {
		f.Fatal(err)
	}
}

// fuzzOpts lifts the element budget: walkReader reads elements twice.
func fuzzOpts(ber bool) *Options { return &Options{BER: ber, MaxElements: 1 << 30} }

// walkReader reads every element of r recursively with ReadRaw, ReadElement
// and ReadAny, checks that they agree and that the raw encodings of the
// elements concatenate to the window, and returns the headers in order.
func walkReader(t *testing.T, r Reader, in []byte, hs *[]Header) error {
	start := r.Offset()
	var cat []byte
	for !r.Empty() {
		rr, ra := r, r
		raw, rawErr := rr.ReadRaw()
		var sub Reader
		tag, constructed, ac, anyErr := ra.ReadAny(&sub)
		h, c, err := r.ReadElement()
		var e *Error
		if err == nil && errors.As(anyErr, &e) && e.Rule == "Options.MaxDepth" {
			return anyErr // ReadAny enters the element, ReadElement does not
		}
		if (err == nil) != (rawErr == nil) || (err == nil) != (anyErr == nil) {
			t.Fatalf("ReadElement error %v, ReadRaw error %v, ReadAny error %v", err, rawErr, anyErr)
		}
		if err != nil {
			return err
		}
		if rr.Offset() != r.Offset() || ra.Offset() != r.Offset() || tag != h.Tag || constructed != h.Constructed || !bytes.Equal(ac, c) {
			t.Fatalf("ReadAny, ReadRaw and ReadElement disagree at %d", h.Offset)
		}
		if h.Offset+len(raw) != r.Offset() || !bytes.Equal(raw, in[h.Offset:r.Offset()]) {
			t.Fatalf("raw element at %d is not the input", h.Offset)
		}
		if len(c) > 0 && &c[0] != &in[h.Offset+h.HeaderLen] {
			t.Fatalf("contents at %d are not aliased", h.Offset)
		}
		cat = append(cat, raw...)
		*hs = append(*hs, h)
		if h.Constructed {
			if sub.Offset() != h.Offset+h.HeaderLen || len(sub.rest()) != len(c) {
				t.Fatalf("ReadAny sub-reader of element at %d is wrong", h.Offset)
			}
			if err := walkReader(t, sub, in, hs); err != nil {
				return err
			}
		}
	}
	if !bytes.Equal(cat, in[start:r.Offset()]) {
		t.Fatalf("elements at %d do not concatenate to their window", start)
	}
	return nil
}

// FuzzReader walks any input with the Reader, strict and BER. It must not
// panic; when the strict walk succeeds, the BER walk gives the same headers,
// every header is the one the writer produces (DER headers are unique), and
// a strict tree of the input has one node per element.
func FuzzReader(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, in []byte) {
		var derH, berH []Header
		derErr := walkReader(t, NewReader(in, fuzzOpts(false)), in, &derH)
		berErr := walkReader(t, NewReader(in, fuzzOpts(true)), in, &berH)
		for _, err := range []error{derErr, berErr} {
			var e *Error
			if err != nil && (!errors.As(err, &e) || e.Offset < 0 || e.Offset > len(in)) {
				t.Fatalf("error without a valid offset: %v", err)
			}
		}
		if derErr != nil {
			return
		}
		if berErr != nil {
			t.Fatalf("DER walk succeeds, BER walk fails: %v", berErr)
		}
		if diff := cmp.Diff(derH, berH); diff != "" {
			t.Fatalf("BER headers differ from DER (-DER +BER):\n%s", diff)
		}
		for _, h := range derH {
			if hdr := AppendHeader(nil, h.Tag, h.Constructed, h.Length); !bytes.Equal(hdr, in[h.Offset:h.Offset+h.HeaderLen]) {
				t.Fatalf("header at %d is %x, DER writes %x", h.Offset, in[h.Offset:h.Offset+h.HeaderLen], hdr)
			}
		}
		if nodes, err := ParseTrees(in, nil); err == nil {
			if n := countNodes(nodes); n != len(derH) {
				t.Fatalf("tree has %d nodes, walk read %d elements", n, len(derH))
			}
		}
	})
}

// nodesEqual compares trees much faster than cmp on large inputs.
func nodesEqual(a, b []Node) bool {
	if len(a) != len(b) || (a == nil) != (b == nil) {
		return false
	}
	for i := range a {
		x, y := &a[i], &b[i]
		if x.Tag != y.Tag || x.Constructed != y.Constructed || x.Indefinite != y.Indefinite || x.Offset != y.Offset ||
			x.HeaderLen != y.HeaderLen || x.Length != y.Length || x.NonDER != y.NonDER ||
			!bytes.Equal(x.Content, y.Content) || (x.Content == nil) != (y.Content == nil) || !nodesEqual(x.Children, y.Children) {
			return false
		}
	}
	return true
}

func countNodes(nodes []Node) int {
	n := len(nodes)
	for i := range nodes {
		n += countNodes(nodes[i].Children)
	}
	return n
}

// checkTiles checks that nodes tile in[off:] as the tree says: each element
// starts where the previous one ended, children tile their parent's contents
// and primitive contents are the input octets. It returns the end offset.
func checkTiles(t *testing.T, in []byte, nodes []Node, off int) int {
	for i := range nodes {
		n := &nodes[i]
		if n.Offset != off {
			t.Fatalf("node at %d, expected at %d", n.Offset, off)
		}
		cs := n.Offset + n.HeaderLen
		if n.Constructed {
			if end := checkTiles(t, in, n.Children, cs); end != cs+n.Length {
				t.Fatalf("children of node at %d end at %d, contents at %d", n.Offset, end, cs+n.Length)
			}
		} else if !bytes.Equal(n.Content, in[cs:cs+n.Length]) {
			t.Fatalf("contents of node at %d are not the input", n.Offset)
		}
		off = cs + n.Length
		if n.Indefinite {
			off += 2
		}
	}
	return off
}

// FuzzParseTree parses any input into trees, strict and BER, and with the
// streaming decoder. It must not panic; trees tile the input; the streaming
// decoder gives the same trees or the same error; a strict tree parses the
// same in BER, without marks, and re-encodes to the input.
func FuzzParseTree(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, in []byte) {
		var trees [2][]Node
		for i, ber := range []bool{false, true} {
			nodes, err := ParseTrees(in, &Options{BER: ber})
			streamed, serr := streamAll(iotest.HalfReader(bytes.NewReader(in)), &Options{BER: ber})
			if err != nil {
				var e *Error
				if !errors.As(err, &e) || e.Offset < 0 || e.Offset > len(in) {
					t.Fatalf("error without a valid offset: %v", err)
				}
				if diff := cmp.Diff(errOf(t, err), errOf(t, serr)); diff != "" {
					t.Fatalf("BER %v: errors differ (-ParseTrees +TreeDecoder):\n%s\n%v\n%v", ber, diff, err, serr)
				}
				continue
			}
			if serr != nil {
				t.Fatalf("BER %v: TreeDecoder fails where ParseTrees succeeds: %v", ber, serr)
			}
			if !nodesEqual(nodes, streamed) {
				t.Fatalf("BER %v: trees differ (-ParseTrees +TreeDecoder):\n%s", ber, cmp.Diff(nodes, streamed))
			}
			if end := checkTiles(t, in, nodes, 0); end != len(in) {
				t.Fatalf("trees end at %d of %d", end, len(in))
			}
			trees[i] = nodes
		}
		if trees[0] == nil {
			return
		}
		if !nodesEqual(trees[0], trees[1]) {
			t.Fatalf("BER tree of DER input differs (-DER +BER):\n%s", cmp.Diff(trees[0], trees[1]))
		}
		var out []byte
		var enc func([]Node)
		enc = func(ns []Node) {
			for i := range ns {
				out = AppendHeader(out, ns[i].Tag, ns[i].Constructed, ns[i].Length)
				enc(ns[i].Children)
				out = append(out, ns[i].Content...)
			}
		}
		enc(trees[0])
		if !bytes.Equal(out, in) {
			t.Fatalf("DER tree re-encodes to %x", out)
		}
	})
}

// FuzzNormalizeBER normalizes any input. It must not panic; when it
// succeeds, the input is a BER tree, the output is a DER tree and
// normalizing it again changes nothing.
func FuzzNormalizeBER(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, in []byte) {
		orig := bytes.Clone(in)
		out, err := NormalizeBER(in)
		if !bytes.Equal(in, orig) {
			t.Fatal("input modified")
		}
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || e.Offset < 0 || e.Offset > len(in) {
				t.Fatalf("error without a valid offset: %v", err)
			}
			return
		}
		if _, err := ParseTree(in, &Options{BER: true}); err != nil {
			t.Fatalf("normalized input that is not one BER element: %v", err)
		}
		if _, err := ParseTree(out, nil); err != nil {
			t.Fatalf("output is not DER: %v\n%x", err, out)
		}
		again, err := NormalizeBER(out)
		if err != nil || !bytes.Equal(again, out) {
			t.Fatalf("normalizing the output again: %x, %v\nfirst: %x", again, err, out)
		}
	})
}

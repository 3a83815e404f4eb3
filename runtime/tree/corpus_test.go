package tree_test

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/asn1gen/asn1gen/internal/corpustest"
	"github.com/asn1gen/asn1gen/runtime/der"
	"github.com/asn1gen/asn1gen/runtime/tree"
)

// corpusInput is one thing to decode: a whole file, or one block of a PEM file.
type corpusInput struct {
	name   string // path under der/, with "#n" for the n-th PEM block
	folder string // first path element under der/
	data   []byte
	// text: FILES.tsv says the file is text (notes, S/MIME, Go source),
	// not an encoding; it is decoded anyway, for the no-panic check, but
	// counted apart.
	text bool
}

// corpusInputs returns the encodings of $ASN1GEN_CORPUS/der, text files
// included (see corpustest.Walk).
func corpusInputs(t *testing.T) []corpusInput {
	var inputs []corpusInput
	for _, b := range corpustest.Walk(t) {
		folder, _, _ := strings.Cut(b.Name, "/")
		inputs = append(inputs, corpusInput{name: b.Name, folder: folder, data: b.Data, text: b.Text})
	}
	return inputs
}

// parseTrees calls tree.ParseAll and turns a panic into an error, so
// that one bad input fails the test with its name instead of killing it.
func parseTrees(b []byte, opts *der.Options) (nodes []tree.Node, panicked any, err error) {
	defer func() {
		if p := recover(); p != nil {
			panicked = p
		}
	}()
	nodes, err = tree.ParseAll(b, opts)
	return nodes, nil, err
}

// streamTrees decodes b with the streaming TreeDecoder.
func streamTrees(b []byte, opts *der.Options) (nodes []tree.Node, panicked any, err error) {
	defer func() {
		if p := recover(); p != nil {
			panicked = p
		}
	}()
	d := tree.NewDecoder(bytes.NewReader(b), opts)
	for {
		n, err := d.Next()
		if errors.Is(err, io.EOF) {
			return nodes, nil, nil
		}
		if err != nil {
			return nodes, nil, err
		}
		nodes = append(nodes, *n)
	}
}

type corpusClass int

const (
	classDER corpusClass = iota
	classBEROnly
	classMalformed
)

// TestCorpusTrees decodes every file of the shared corpus with the generic
// tree decoder, strict and then BER, and classifies it: DER (the strict
// parse succeeds), BER-only (only the BER parse succeeds) or malformed
// (both fail). It fails on a panic, on a tree whose offsets and lengths do
// not add up, on a DER tree that does not re-encode to its input, on a
// BER-only tree without a NonDER mark, and when the streaming decoder
// disagrees with ParseTrees on a DER input.
func TestCorpusTrees(t *testing.T) {
	inputs := corpusInputs(t)
	var total [3]int
	perFolder := map[string]*[3]int{}
	text := 0
	for _, in := range inputs {
		if in.text {
			text++
			if _, p, _ := parseTrees(in.data, &der.Options{BER: true}); p != nil {
				t.Errorf("%s: ParseTrees (BER) panicked on text: %v", in.name, p)
			}
			continue
		}
		nodes, p, derErr := parseTrees(in.data, nil)
		if p != nil {
			t.Errorf("%s: ParseTrees (DER) panicked: %v", in.name, p)
			continue
		}
		class := classDER
		if derErr != nil {
			var berNodes []tree.Node
			var berErr error
			berNodes, p, berErr = parseTrees(in.data, &der.Options{BER: true})
			if p != nil {
				t.Errorf("%s: ParseTrees (BER) panicked: %v", in.name, p)
				continue
			}
			if berErr != nil {
				class = classMalformed
				checkLocated(t, in, berErr)
				t.Logf("malformed: %s: %v", in.name, berErr)
			} else {
				class = classBEROnly
				checkTrees(t, in, berNodes, true)
				if !anyNonDER(berNodes) {
					t.Errorf("%s: strict parse fails (%v) but the BER tree marks no node as non-DER", in.name, derErr)
				}
			}
			checkLocated(t, in, derErr)
		} else {
			checkTrees(t, in, nodes, false)
			checkReencode(t, in, nodes)
			// the BER parse of DER input is the same tree, unmarked
			berNodes, p, berErr := parseTrees(in.data, &der.Options{BER: true})
			switch {
			case p != nil:
				t.Errorf("%s: ParseTrees (BER) panicked on DER input: %v", in.name, p)
			case berErr != nil:
				t.Errorf("%s: DER input rejected in BER mode: %v", in.name, berErr)
			default:
				if diff := diffTrees(nodes, berNodes); diff != "" {
					t.Errorf("%s: BER tree of DER input differs (-DER +BER):\n%s", in.name, diff)
				}
			}
			streamed, p, err := streamTrees(in.data, nil)
			switch {
			case p != nil:
				t.Errorf("%s: TreeDecoder panicked: %v", in.name, p)
			case err != nil:
				t.Errorf("%s: TreeDecoder failed on DER that ParseTrees accepts: %v", in.name, err)
			default:
				if diff := diffTrees(nodes, streamed); diff != "" {
					t.Errorf("%s: TreeDecoder and ParseTrees differ (-ParseTrees +TreeDecoder):\n%s", in.name, diff)
				}
			}
		}
		total[class]++
		c := perFolder[in.folder]
		if c == nil {
			c = new([3]int)
			perFolder[in.folder] = c
		}
		c[class]++
	}
	t.Logf("%d inputs: %d DER, %d BER-only, %d malformed; %d text files (FILES.tsv) decoded for panics only",
		len(inputs), total[classDER], total[classBEROnly], total[classMalformed], text)
	folders := make([]string, 0, len(perFolder))
	for f := range perFolder {
		folders = append(folders, f)
	}
	sort.Strings(folders)
	for _, f := range folders {
		c := perFolder[f]
		t.Logf("  %-34s %5d DER %5d BER-only %5d malformed", f, c[classDER], c[classBEROnly], c[classMalformed])
	}
	if total[classDER] == 0 || total[classBEROnly] == 0 || total[classMalformed] == 0 {
		// the corpus has certificates, RFC 4134 BER examples and fuzzed
		// files: an empty class means the decoder is wrong
		t.Errorf("a class is empty: %v", total)
	}
}

// checkLocated fails unless err is a *der.Error with an offset inside
// the input (or at its end, for truncation).
func checkLocated(t *testing.T, in corpusInput, err error) {
	t.Helper()
	var e *der.Error
	if !errors.As(err, &e) {
		t.Errorf("%s: error is %T, not *der.Error: %v", in.name, err, err)
		return
	}
	if e.Offset < 0 || e.Offset > len(in.data) {
		t.Errorf("%s: error offset %d outside the input (%d bytes): %v", in.name, e.Offset, len(in.data), err)
	}
}

// checkTrees checks that the nodes tile the input exactly: each element
// starts where the previous ended (after its end-of-contents octets for an
// indefinite length), children tile their parent's contents, primitive
// contents alias the right octets, and DER trees carry no NonDER mark.
func checkTrees(t *testing.T, in corpusInput, nodes []tree.Node, ber bool) {
	t.Helper()
	end := checkSiblings(t, in, nodes, 0, ber)
	if end != len(in.data) {
		t.Errorf("%s: top-level elements end at %d, input has %d bytes", in.name, end, len(in.data))
	}
}

// checkSiblings checks nodes starting at off and returns the offset after
// the last one.
func checkSiblings(t *testing.T, in corpusInput, nodes []tree.Node, off int, ber bool) int {
	t.Helper()
	for i := range nodes {
		n := &nodes[i]
		if n.Offset != off {
			t.Errorf("%s: element %s at %d, expected at %d", in.name, n.Tag, n.Offset, off)
			return -1
		}
		if !ber && (n.NonDER != "" || n.Indefinite) {
			t.Errorf("%s: DER tree marks %s at %d: indefinite=%v NonDER=%q", in.name, n.Tag, n.Offset, n.Indefinite, n.NonDER)
		}
		start := n.Offset + n.HeaderLen
		if n.Constructed {
			if got := checkSiblings(t, in, n.Children, start, ber); got != start+n.Length {
				t.Errorf("%s: children of %s at %d end at %d, contents end at %d", in.name, n.Tag, n.Offset, got, start+n.Length)
				return -1
			}
		} else if start+n.Length > len(in.data) || !bytes.Equal(n.Content, in.data[start:start+n.Length]) {
			t.Errorf("%s: contents of %s at %d do not match the input", in.name, n.Tag, n.Offset)
			return -1
		}
		off = start + n.Length
		if n.Indefinite {
			off += 2 // X.690 8.1.5: end-of-contents octets
		}
	}
	return off
}

// checkReencode writes a DER tree back with der.AppendHeader and checks
// that the result is the input: the tree lost nothing, and the writer's
// headers are the minimal ones the strict reader demands.
func checkReencode(t *testing.T, in corpusInput, nodes []tree.Node) {
	t.Helper()
	var out []byte
	var enc func([]tree.Node)
	enc = func(ns []tree.Node) {
		for i := range ns {
			n := &ns[i]
			out = der.AppendHeader(out, n.Tag, n.Constructed, n.Length)
			if n.Constructed {
				enc(n.Children)
			} else {
				out = append(out, n.Content...)
			}
		}
	}
	enc(nodes)
	if !bytes.Equal(out, in.data) {
		i := 0
		for i < len(out) && i < len(in.data) && out[i] == in.data[i] {
			i++
		}
		t.Errorf("%s: re-encoded DER tree differs from the input at offset %d", in.name, i)
	}
}

// diffTrees compares two trees node by node and returns a go-cmp diff of the
// first pair of nodes that differ, children aside, or "" if the trees are
// equal. (cmp.Diff on a whole tree is far too slow for the corpus's
// 100,000-entry CRL.)
func diffTrees(a, b []tree.Node) string {
	if len(a) != len(b) {
		return fmt.Sprintf("%d sibling nodes, then %d", len(a), len(b))
	}
	for i := range a {
		x, y := &a[i], &b[i]
		if x.Tag != y.Tag || x.Constructed != y.Constructed || x.Indefinite != y.Indefinite ||
			x.Offset != y.Offset || x.HeaderLen != y.HeaderLen || x.Length != y.Length ||
			!bytes.Equal(x.Content, y.Content) || (x.Content == nil) != (y.Content == nil) || x.NonDER != y.NonDER {
			return fmt.Sprintf("node at offset %d:\n%s", x.Offset,
				cmp.Diff(*x, *y, cmpopts.IgnoreFields(tree.Node{}, "Children")))
		}
		if d := diffTrees(x.Children, y.Children); d != "" {
			return d
		}
	}
	return ""
}

func anyNonDER(nodes []tree.Node) bool {
	for i := range nodes {
		if nodes[i].NonDER != "" || nodes[i].Indefinite || anyNonDER(nodes[i].Children) {
			return true
		}
	}
	return false
}

package tree_test

import (
	"bytes"
	"errors"
	"testing"
	"testing/iotest"

	"github.com/google/go-cmp/cmp"

	"github.com/asn1gen/asn1gen/runtime/der"
	"github.com/asn1gen/asn1gen/runtime/internal/rtest"
	"github.com/asn1gen/asn1gen/runtime/tree"
)

// nodesEqual compares trees much faster than cmp on large inputs.
func nodesEqual(a, b []tree.Node) bool {
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

func countNodes(nodes []tree.Node) int {
	n := len(nodes)
	for i := range nodes {
		n += countNodes(nodes[i].Children)
	}
	return n
}

// walkCount reads the elements of r and those inside them with ReadAny
// and returns how many there are.
func walkCount(r *der.Reader) (int, error) {
	n := 0
	var sub der.Reader
	for !r.Empty() {
		_, constructed, _, err := r.ReadAny(&sub)
		if err != nil {
			return n, err
		}
		n++
		if constructed {
			m, err := walkCount(&sub)
			if n += m; err != nil {
				return n, err
			}
		}
	}
	return n, nil
}

// checkTiles checks that nodes tile in[off:] as the tree says: each element
// starts where the previous one ended, children tile their parent's contents
// and primitive contents are the input octets. It returns the end offset.
func checkTiles(t *testing.T, in []byte, nodes []tree.Node, off int) int {
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

// FuzzParseTree checks checkParseTree on any input, seeded with
// rtest.Seeds.
func FuzzParseTree(f *testing.F) {
	rtest.AddSeeds(f)
	f.Fuzz(checkParseTree)
}

// FuzzNormalizeBER checks checkNormalizeBER on any input, seeded with
// rtest.Seeds.
func FuzzNormalizeBER(f *testing.F) {
	rtest.AddSeeds(f)
	f.Fuzz(checkNormalizeBER)
}

// TestFuzzCorpus checks checkParseTree and checkNormalizeBER on every
// encoding of the shared corpus, the seeds the fuzz targets had before
// they were cut to a few.
func TestFuzzCorpus(t *testing.T) {
	for _, in := range rtest.CorpusInputs(t) {
		t.Run(in.Name, func(t *testing.T) {
			checkParseTree(t, in.Data)
			checkNormalizeBER(t, in.Data)
		})
	}
}

// checkParseTree parses in into trees, strict and BER, and with the
// streaming decoder. It must not panic; trees tile the input; the
// streaming decoder gives the same trees or the same error; a strict tree
// has a node per element a Reader reads, parses the same in BER, without
// marks, and re-encodes to the input.
func checkParseTree(t *testing.T, in []byte) {
	var trees [2][]tree.Node
	for i, ber := range []bool{false, true} {
		nodes, err := tree.ParseAll(in, &der.Options{BER: ber})
		streamed, serr := streamAll(iotest.HalfReader(bytes.NewReader(in)), &der.Options{BER: ber})
		if err != nil {
			var e *der.Error
			if !errors.As(err, &e) || e.Offset < 0 || e.Offset > len(in) {
				t.Fatalf("error without a valid offset: %v", err)
			}
			if diff := cmp.Diff(errOf(t, err), errOf(t, serr)); diff != "" {
				t.Fatalf("BER %v: errors differ (-ParseAll +Decoder):\n%s\n%v\n%v", ber, diff, err, serr)
			}
			// The partial tree: ParseAll's error, every node inside the input.
			partial, perr := tree.ParsePrefix(in, &der.Options{BER: ber})
			if diff := cmp.Diff(errOf(t, err), errOf(t, perr)); diff != "" {
				t.Fatalf("BER %v: errors differ (-ParseAll +ParsePrefix):\n%s", ber, diff)
			}
			checkInside(t, partial, len(in))
			continue
		}
		if serr != nil {
			t.Fatalf("BER %v: Decoder fails where ParseAll succeeds: %v", ber, serr)
		}
		if !nodesEqual(nodes, streamed) {
			t.Fatalf("BER %v: trees differ (-ParseAll +Decoder):\n%s", ber, cmp.Diff(nodes, streamed))
		}
		if end := checkTiles(t, in, nodes, 0); end != len(in) {
			t.Fatalf("trees end at %d of %d", end, len(in))
		}
		trees[i] = nodes
	}
	if trees[0] == nil {
		return
	}
	r := der.NewReader(in, nil)
	if n, err := walkCount(&r); err != nil || n != countNodes(trees[0]) {
		t.Fatalf("strict tree has %d nodes, a Reader walk reads %d elements (%v)", countNodes(trees[0]), n, err)
	}
	if !nodesEqual(trees[0], trees[1]) {
		t.Fatalf("BER tree of DER input differs (-DER +BER):\n%s", cmp.Diff(trees[0], trees[1]))
	}
	var out []byte
	var enc func([]tree.Node)
	enc = func(ns []tree.Node) {
		for i := range ns {
			out = der.AppendHeader(out, ns[i].Tag, ns[i].Constructed, ns[i].Length)
			enc(ns[i].Children)
			out = append(out, ns[i].Content...)
		}
	}
	enc(trees[0])
	if !bytes.Equal(out, in) {
		t.Fatalf("DER tree re-encodes to %x", out)
	}

}

// checkNormalizeBER normalizes in. It must not panic; when it succeeds,
// the input is a BER tree, the output is a DER tree and normalizing it
// again changes nothing.
func checkNormalizeBER(t *testing.T, in []byte) {
	orig := bytes.Clone(in)
	out, err := tree.NormalizeBER(in, nil)
	if !bytes.Equal(in, orig) {
		t.Fatal("input modified")
	}
	if err != nil {
		var e *der.Error
		if !errors.As(err, &e) || e.Offset < 0 || e.Offset > len(in) {
			t.Fatalf("error without a valid offset: %v", err)
		}
		return
	}
	if _, err := tree.Parse(in, &der.Options{BER: true}); err != nil {
		t.Fatalf("normalized input that is not one BER element: %v", err)
	}
	if _, err := tree.Parse(out, nil); err != nil {
		t.Fatalf("output is not DER: %v\n%x", err, out)
	}
	again, err := tree.NormalizeBER(out, nil)
	if err != nil || !bytes.Equal(again, out) {
		t.Fatalf("normalizing the output again: %x, %v\nfirst: %x", again, err, out)
	}

}

// checkInside fails unless every node of a partial tree lies inside an
// input of n octets, its contents no longer than announced.
func checkInside(t *testing.T, nodes []tree.Node, n int) {
	t.Helper()
	for _, nd := range nodes {
		if nd.Offset < 0 || nd.Offset+nd.HeaderLen > n || nd.Length >= 0 && len(nd.Content) > nd.Length {
			t.Fatalf("node at %d (header %d, length %d, %d octets of contents) outside %d octets", nd.Offset, nd.HeaderLen, nd.Length, len(nd.Content), n)
		}
		checkInside(t, nd.Children, n)
	}
}

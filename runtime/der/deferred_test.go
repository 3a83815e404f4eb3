package der

import (
	"bytes"
	"math/rand/v2"
	"slices"
	"testing"
)

// tnode is a random element for TestBuilderDeferredLengths: a primitive
// with contents, or a constructed element (a SET OF if set) with children.
type tnode struct {
	tag      Tag
	contents []byte
	children []*tnode
	set      bool
}

// randTree returns a random element of depth at most depth whose sizes
// straddle deferFrom, with runs of large siblings (more than the Builder
// defers at once).
func randTree(rng *rand.Rand, depth int) *tnode {
	if depth == 0 || rng.IntN(4) == 0 {
		sizes := []int{0, 1, 127, 128, 255, 256, deferFrom - 3, deferFrom, deferFrom + 1, 70000}
		n := sizes[rng.IntN(len(sizes))]
		if rng.IntN(2) == 0 {
			n = rng.IntN(3 * deferFrom)
		}
		c := make([]byte, n)
		seed := byte(rng.Uint32())
		for i := range c {
			c[i] = seed + byte(i*7)
		}
		return &tnode{tag: TagOctetString, contents: c}
	}
	nd := &tnode{tag: TagSequence, set: rng.IntN(5) == 0}
	if nd.set {
		nd.tag = TagSet
	}
	for range rng.IntN(10) {
		nd.children = append(nd.children, randTree(rng, depth-1))
	}
	if nd.set {
		// Distinct first octets, so that the order of the encodings is
		// that of the tags.
		for i, c := range nd.children {
			c.tag = Context(uint32(i))
		}
	}
	return nd
}

func large(seed byte) *tnode {
	return &tnode{tag: TagOctetString, contents: bytes.Repeat([]byte{seed}, deferFrom+int(seed))}
}

func seq(children ...*tnode) *tnode { return &tnode{tag: TagSequence, children: children} }

// write encodes nd with the Builder.
func (nd *tnode) write(b *Builder) {
	if nd.children == nil && !nd.set && nd.tag != TagSequence {
		b.AddPrimitive(nd.tag, nd.contents)
		return
	}
	m := b.Begin(nd.tag, true)
	// A SET OF is written out of order, for EndSetOf to sort.
	kids := slices.Clone(nd.children)
	if nd.set {
		slices.Reverse(kids)
	}
	for _, c := range kids {
		c.write(b)
	}
	if nd.set {
		b.EndSetOf(m)
	} else {
		b.End(m)
	}
}

// der encodes nd bottom-up, each length known before its header: the
// reference for the Builder.
func (nd *tnode) der() []byte {
	if nd.children == nil && !nd.set && nd.tag != TagSequence {
		return append(AppendHeader(nil, nd.tag, false, len(nd.contents)), nd.contents...)
	}
	var parts [][]byte
	for _, c := range nd.children {
		parts = append(parts, c.der())
	}
	if nd.set {
		slices.SortFunc(parts, bytes.Compare)
	}
	contents := bytes.Join(parts, nil)
	return append(AppendHeader(nil, nd.tag, true, len(contents)), contents...)
}

// TestBuilderDeferredLengths checks that the Builder, whose long-form
// lengths of large elements are written late, writes what a bottom-up
// encoder writes, for random trees: nested large elements, more large
// siblings than it defers at once, SET OFs of large elements, and Len on
// the way.
func TestBuilderDeferredLengths(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	deferredSome := false
	trees := []*tnode{
		// More large siblings than the Builder defers at once, after a
		// large element (whose length must wait: a sibling is open).
		seq(large(1), seq(large(2), large(3), large(4), large(5), large(6), large(7), large(8), large(9), large(10), large(11), large(12))),
		// Large elements nested deeper than it defers at once.
		seq(seq(seq(seq(seq(seq(seq(seq(seq(seq(large(1)))))))))), large(2)),
	}
	for range 120 {
		trees = append(trees, randTree(rng, 1+len(trees)%5))
	}
	for i, nd := range trees {
		var b Builder
		b.AddPrimitive(TagNull, nil)
		nd.write(&b)
		want := append([]byte{5, 0}, nd.der()...)
		deferredSome = deferredSome || b.pending > 0
		if b.Len() != len(want) {
			t.Fatalf("tree %d: Len %d, want %d", i, b.Len(), len(want))
		}
		got, err := b.Bytes()
		if err != nil {
			t.Fatalf("tree %d: %v", i, err)
		}
		if !bytes.Equal(got, want) {
			at := 0
			for at < min(len(got), len(want)) && got[at] == want[at] {
				at++
			}
			t.Fatalf("tree %d: %d octets, want %d; first difference at %d", i, len(got), len(want), at)
		}
		if b.pending != 0 || b.extra != 0 {
			t.Fatalf("tree %d: %d lengths still deferred after Bytes", i, b.pending)
		}
	}
	if !deferredSome {
		t.Fatal("no tree deferred a length: the test does not reach the code it is for")
	}
}

// ber encodes nd with indefinite lengths for its constructed elements.
func (nd *tnode) ber() []byte {
	if nd.children == nil && !nd.set && nd.tag != TagSequence {
		return nd.der()
	}
	out := []byte{byte(nd.tag.Class())<<6 | 0x20 | byte(nd.tag.Number()), 0x80}
	for _, c := range nd.children {
		out = append(out, c.ber()...)
	}
	return append(out, 0, 0)
}

// TestNormalizeBERLarge checks the normalizer on inputs whose definite
// lengths the Builder writes late: indefinite-length trees with large
// contents become their bottom-up DER.
func TestNormalizeBERLarge(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	trees := []*tnode{seq(large(1), seq(large(2), large(3)), large(4))}
	for len(trees) < 40 {
		if nd := randTree(rng, 4); !hasSet(nd) {
			trees = append(trees, nd)
		}
	}
	for i, nd := range trees {
		got, err := normalizeBER(nd.ber())
		if err != nil {
			t.Fatalf("tree %d: %v", i, err)
		}
		if want := nd.der(); !bytes.Equal(got, want) {
			t.Fatalf("tree %d: %d octets, want %d", i, len(got), len(want))
		}
	}
}

// hasSet reports whether nd holds a SET (which the normalizer, knowing no
// schema, does not sort).
func hasSet(nd *tnode) bool {
	if nd.set {
		return true
	}
	for _, c := range nd.children {
		if hasSet(c) {
			return true
		}
	}
	return false
}

package playground

import (
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/asn1gen/asn1gen/internal/corpustest"
)

// treeInputs are DER and BER inputs of the built-in sets, with errors,
// PEM blocks, containing and encapsulated values.
var treeInputs = []struct{ set, typ, encoding, file string }{
	{"x509", "PKIX1Explicit-2009.Certificate", DER, "../../testdata/dump/IGC_A.pem"},
	{"x509", "PKIX1Explicit-2009.Certificate", DER, "../../testdata/dump/openssl-bad_cert.der"},
	{"x509", "PKIX1Explicit-2009.Certificate", BER, "../../testdata/dump/lets-encrypt-x3-cross-signed.der"},
	{"cms", "CryptographicMessageSyntax-2010.ContentInfo", BER, "../../testdata/dump/rfc4134-4.5.ber"},
	{"pkcs12", "PKCS-12.PFX", BER, "../../testdata/dump-schema/no_encryption.p12"},
}

// TestTreeExpandsToDecode reads the tree of a decode as the page does, a
// part at a time (JSON, then Children for every node cut), and checks
// that the whole is the document of Decode: the same nodes and errors
// (Decode is `asn1gen dump -json`'s, cmd/asn1gen's
// TestPlaygroundDecodeMatchesDump).
func TestTreeExpandsToDecode(t *testing.T) {
	compiled := map[string]*Compiled{}
	for _, in := range treeInputs {
		data, err := os.ReadFile(in.file)
		if err != nil {
			t.Fatal(err)
		}
		c := compiled[in.set]
		if c == nil {
			c = compileSet(t, in.set)
			compiled[in.set] = c
		}
		for _, size := range [][2]int{{1, 1}, {7, 3}, {TreeBudget, TreeChunk}} {
			t.Run(fmt.Sprintf("%s %d %d", in.file, size[0], size[1]), func(t *testing.T) {
				checkTree(t, c, in.typ, in.encoding, data, size[0], size[1])
			})
		}
	}
}

// TestTreeCorpus is TestTreeExpandsToDecode on a sample of the
// certificates, CRLs, CMS messages and PKCS #12 files of the shared
// corpus, with the CRL of the browser test.
func TestTreeCorpus(t *testing.T) {
	blobs := corpustest.Blobs(t)
	kinds := []struct{ set, typ, guess string }{
		{"x509", "PKIX1Explicit-2009.Certificate", "X509-Certificate"},
		{"x509", "PKIX1Explicit-2009.CertificateList", "X509-CRL"},
		{"cms", "CryptographicMessageSyntax-2010.ContentInfo", "CMS-"},
		{"pkcs12", "PKCS-12.PFX", "PKCS12-PFX"},
	}
	for _, k := range kinds {
		c := compileSet(t, k.set)
		var match []corpustest.Blob
		for _, b := range blobs {
			if strings.HasPrefix(b.Guess, k.guess) && b.PEMType == "" && len(b.Data) < 1<<20 {
				match = append(match, b)
			}
		}
		step := max(1, len(match)/8)
		for i := 0; i < len(match); i += step {
			t.Run(match[i].Name, func(t *testing.T) {
				checkTree(t, c, k.typ, BER, match[i].Data, 50, 20)
			})
		}
	}
	t.Run("CRL", func(t *testing.T) {
		checkTree(t, compileSet(t, "x509"), "PKIX1Explicit-2009.CertificateList", DER, readCRL(t), TreeBudget, TreeChunk)
	})
}

// checkTree compares the tree of data, read budget nodes and chunk
// children at a time, with Decode's document, and checks Locate on the
// offset of every node.
func checkTree(t *testing.T, c *Compiled, typ, encoding string, data []byte, budget, chunk int) {
	t.Helper()
	want, err := c.DecodeCompact(typ, encoding, data)
	if err != nil {
		t.Fatal(err)
	}
	tree, err := c.DecodeTree(typ, encoding, data)
	if err != nil {
		t.Fatal(err)
	}
	var doc, wantDoc map[string]any
	if err := json.Unmarshal(tree.JSON(budget, chunk), &doc); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(want, &wantDoc); err != nil {
		t.Fatal(err)
	}
	calls := 0
	for i, b := range doc["blocks"].([]any) {
		elems, _ := b.(map[string]any)["elements"].([]any)
		expand(t, tree, i, nil, elems, chunk, budget, &calls)
	}
	// the documents with their keys in order, one field a line: cmp.Diff
	// on the maps themselves takes minutes when they differ
	if diff := cmp.Diff(indented(t, wantDoc), indented(t, doc)); diff != "" {
		t.Errorf("the tree read in parts (+) differs from Decode (-):\n%s", diff)
	}
	if budget < 10 && calls == 0 {
		t.Errorf("budget %d: no node was cut", budget)
	}
	seen := 0
	for i, b := range wantDoc["blocks"].([]any) {
		elems, _ := b.(map[string]any)["elements"].([]any)
		checkLocate(t, tree, i, nil, elems, &seen)
	}
}

func indented(t *testing.T, doc any) string {
	t.Helper()
	b, err := json.MarshalIndent(doc, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// locateEvery: checkLocate tries every node of a small tree, and about
// every locateEvery-th of a large one (Locate scans the siblings of each
// level).
const locateEvery = 97

// expand reads the children of every node of list that has fewer than
// its childCount, n at a time, and removes childCount.
func expand(t *testing.T, tree *Tree, block int, path []int, list []any, n, budget int, calls *int) {
	t.Helper()
	for i, v := range list {
		node, ok := v.(map[string]any)
		if !ok {
			continue
		}
		p := append(slices.Clone(path), i)
		kids, _ := node["children"].([]any)
		if count, ok := node["childCount"].(float64); ok {
			delete(node, "childCount")
			if int(count) <= len(kids) {
				t.Fatalf("node %v: childCount %v with %d children", p, count, len(kids))
			}
			for len(kids) < int(count) {
				part, err := tree.Children(block, p, len(kids), n, budget, n)
				if err != nil {
					t.Fatal(err)
				}
				*calls++
				var more []any
				if err := json.Unmarshal(part, &more); err != nil {
					t.Fatal(err)
				}
				if len(more) == 0 {
					t.Fatalf("node %v: no children from %d of %v", p, len(kids), count)
				}
				kids = append(kids, more...)
			}
			node["children"] = kids
		}
		expand(t, tree, block, p, kids, n, budget, calls)
	}
}

// checkLocate checks that Locate finds each node of list that has
// octets, or a node inside it that starts at the same octet, from the
// node's offset.
func checkLocate(t *testing.T, tree *Tree, block int, path []int, list []any, seen *int) {
	t.Helper()
	for i, v := range list {
		node, ok := v.(map[string]any)
		if !ok {
			continue
		}
		*seen++
		kids, _ := node["children"].([]any)
		if *seen > 2000 && *seen%locateEvery != 0 {
			checkLocate(t, tree, block, append(slices.Clone(path), i), kids, seen)
			continue
		}
		p := append(slices.Clone(path), i)
		off := int(node["offset"].(float64))
		if node["headerLength"].(float64)+max(node["length"].(float64), 0) == 0 {
			// no octets (what an error left): nothing to click
			checkLocate(t, tree, block, p, kids, seen)
			continue
		}
		got := tree.Locate(block, off)
		if len(got) < len(p) || !slices.Equal(got[:len(p)], p) {
			// an earlier sibling's octets may hold off (the contents of a
			// string it contains): the first in document order wins
			if !earlier(got, p) {
				t.Errorf("Locate(%d) = %v, want %v or a node inside it", off, got, p)
			}
		} else {
			at, err := tree.list(block, got[:len(got)-1])
			if err != nil || at[got[len(got)-1]].Offset != off {
				t.Errorf("Locate(%d) = %v: not a node at %d", off, got, off)
			}
		}
		checkLocate(t, tree, block, p, kids, seen)
	}
}

// earlier reports whether path a comes before path b in document order
// without being inside it.
func earlier(a, b []int) bool {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return a[i] < b[i]
		}
	}
	return false
}

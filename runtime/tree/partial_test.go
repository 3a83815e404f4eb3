package tree_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/asn1gen/asn1gen/runtime/der"
	"github.com/asn1gen/asn1gen/runtime/tree"
)

// outline writes nodes one per line: offset, tag, length ("inf" for the
// indefinite form), a "!" for a truncated element, and the contents of
// primitives in hex, indented by depth.
func outline(nodes []tree.Node) string {
	var b strings.Builder
	var walk func([]tree.Node, int)
	walk = func(nodes []tree.Node, depth int) {
		for _, n := range nodes {
			l := fmt.Sprint(n.Length)
			if n.Indefinite {
				l = "inf"
			}
			fmt.Fprintf(&b, "%s%d %v l=%s", strings.Repeat("  ", depth), n.Offset, n.Tag, l)
			if n.Truncated {
				b.WriteString(" !")
			}
			if !n.Constructed {
				fmt.Fprintf(&b, " %x", n.Content)
			}
			b.WriteString("\n")
			walk(n.Children, depth+1)
		}
	}
	walk(nodes, 0)
	return b.String()
}

func TestParsePrefix(t *testing.T) {
	tests := []struct {
		name string
		in   string
		ber  bool
		want string // the outline of the nodes
		err  *wantErr
	}{
		{name: "whole input", in: "30 03 02 01 05 05 00", want: "0 SEQUENCE l=3\n  2 INTEGER l=1 05\n5 NULL l=0 \n"},
		{name: "truncated primitive", in: "04 05 61 62", want: "0 OCTET STRING l=5 ! 6162\n",
			err: &wantErr{der.KindTruncated, "X.690 8.1.3", 0}},
		{name: "truncated inside the second child", in: "30 09 02 01 05 30 04 01 01 ff",
			want: "0 SEQUENCE l=9 !\n  2 INTEGER l=1 05\n  5 SEQUENCE l=4 !\n    7 BOOLEAN l=1 ff\n",
			err:  &wantErr{der.KindTruncated, "X.690 8.1.3", 0}},
		{name: "after a good element, a bad header", in: "05 00 30 04 02 81 01 05",
			want: "0 NULL l=0 \n2 SEQUENCE l=4\n",
			err:  &wantErr{der.KindNonCanonical, "X.690 10.1", 4}},
		{name: "a child longer than its parent", in: "30 04 30 05 02 01 05 05 00",
			want: "0 SEQUENCE l=4\n  2 SEQUENCE l=5 !\n    4 INTEGER l=1 ! \n",
			err:  &wantErr{der.KindTruncated, "X.690 8.1.3", 2}},
		{name: "indefinite without its end (BER)", in: "30 80 02 01 05 31 80 05 00", ber: true,
			want: "0 SEQUENCE l=inf !\n  2 INTEGER l=1 05\n  5 SET l=inf !\n    7 NULL l=0 \n",
			err:  &wantErr{der.KindTruncated, "X.690 8.1.5", 9}},
		{name: "indefinite then trailing garbage (BER)", in: "30 80 05 00 00 00 ff", ber: true,
			want: "0 SEQUENCE l=inf\n  2 NULL l=0 \n",
			err:  &wantErr{der.KindTruncated, "X.690 8.1.1", 6}},
		{name: "indefinite in DER", in: "05 00 30 80 05 00 00 00", want: "0 NULL l=0 \n",
			err: &wantErr{der.KindNonCanonical, "X.690 10.1", 2}},
		{name: "constructed string in DER: shown up to it", in: "30 06 02 01 05 24 01 04", want: "0 SEQUENCE l=6\n  2 INTEGER l=1 05\n",
			err: &wantErr{der.KindNonCanonical, "X.690 10.2", 5}},
	}
	for _, tt := range tests {
		nodes, err := tree.ParsePrefix(hx(tt.in), &der.Options{BER: tt.ber})
		if diff := cmp.Diff(tt.err, errOf(t, err)); diff != "" {
			t.Errorf("%s: error %v (-want +got):\n%s", tt.name, err, diff)
		}
		if diff := cmp.Diff(tt.want, outline(nodes)); diff != "" {
			t.Errorf("%s: nodes (-want +got):\n%s", tt.name, diff)
		}
		if _, perr := tree.ParseAll(hx(tt.in), &der.Options{BER: tt.ber}); fmt.Sprint(perr) != fmt.Sprint(err) {
			t.Errorf("%s: error %v, ParseAll's %v", tt.name, err, perr)
		}
	}
}

// TestParsePrefixDepth checks that the walk stays within the depth limit:
// the element too deep, where the error is, is not shown.
func TestParsePrefixDepth(t *testing.T) {
	in := hx(strings.Repeat("30 80 ", 10) + "05")
	nodes, err := tree.ParsePrefix(in, &der.Options{BER: true, MaxDepth: 3})
	if err == nil {
		t.Fatal("no error")
	}
	depth := 0
	for n := nodes; len(n) > 0; n = n[0].Children {
		depth++
	}
	if depth != 3 {
		t.Errorf("%d levels, want 3:\n%s", depth, outline(nodes))
	}
}

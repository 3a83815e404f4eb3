package jertext

import (
	"bytes"
	"errors"
	"testing"

	"github.com/asn1gen/asn1gen/runtime/der"
)

// node is a tree of the test: what Info reports of it.
type node struct {
	field    string
	alts     []string
	form     Form
	leaf     string
	skip     bool
	children []*node
}

func info(n *node) Info[*node] {
	in := Info[*node]{Alts: n.alts, Form: n.form, Member: Member(n.field, n.alts), Skip: n.skip, Children: n.children, Offset: 7}
	if n.leaf != "" {
		in.Leaf = []byte(n.leaf)
	}
	return in
}

func TestAppend(t *testing.T) {
	tree := &node{form: Object, children: []*node{
		{field: "a", leaf: "1"},
		{field: "b.x.y", alts: []string{"x", "y"}, leaf: `"z"`},
		{field: "later", form: None, skip: true},
		{field: "c", form: Array, children: []*node{{leaf: "true"}, {form: Open, children: []*node{{leaf: "null"}}}}},
		{field: "d", form: Containing, children: []*node{{form: Object, children: []*node{{field: "n", leaf: "5"}}}}},
	}}
	var b bytes.Buffer
	if err := Append(&b, tree, "T", info); err != nil {
		t.Fatal(err)
	}
	if want := `{"a":1,"b":{"x":{"y":"z"}},"c":[true,null],"d":{"containing":{"n":5}}}`; b.String() != want {
		t.Errorf("Append = %s, want %s", b.String(), want)
	}
	bad := &node{form: Object, children: []*node{{field: "s", form: Contained}}}
	err := Append(&bytes.Buffer{}, bad, "T", info)
	var e *der.Error
	if !errors.As(err, &e) || e.Path() != "T.s" || e.Offset != 7 || e.Kind != der.KindUnsupported {
		t.Errorf("Append of a string containing a value: %v, want an unsupported error at T.s, offset 7", err)
	}
}

func TestMember(t *testing.T) {
	for _, tt := range []struct {
		field string
		alts  []string
		want  string
	}{
		{"signer", nil, "signer"},
		{"signer.certificate", []string{"certificate"}, "signer"},
		{"a.b.c", []string{"b", "c"}, "a"},
		{"alt", []string{"alt"}, "alt"},
	} {
		if got := Member(tt.field, tt.alts); got != tt.want {
			t.Errorf("Member(%q, %q) = %q, want %q", tt.field, tt.alts, got, tt.want)
		}
	}
}

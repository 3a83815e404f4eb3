package schemadump

import (
	"strconv"

	"github.com/asn1gen/asn1gen/codegen/model"
	"github.com/asn1gen/asn1gen/runtime/der"
	"github.com/asn1gen/asn1gen/runtime/tree"
)

// A BER OCTET STRING may come in segments (X.690 8.7.3), and the value it
// contains runs across them: it is read from the joined octets, and the
// offsets of what it holds are mapped back to the octets in the segments,
// so that every offset shown is one of the input. (An element that starts
// in one segment and ends in another has its start right; its length counts
// the joined octets.)

// segMap maps offsets in joined octets to those of the octets in their
// segments, in the space around them.
type segMap struct{ segs []seg }

type seg struct{ joined, in, n int }

func (m *segMap) to(off int) int {
	for _, s := range m.segs {
		if off >= s.joined && off < s.joined+s.n {
			return s.in + off - s.joined
		}
	}
	if len(m.segs) > 0 {
		last := m.segs[len(m.segs)-1]
		return last.in + last.n + off - (last.joined + last.n)
	}
	return off
}

// joined reads the value that the OCTET STRING n in segments (contents,
// at the offset given by h) holds, of type contained or as rule says.
// False when the segments do not join (the caller shows them).
func (d *decoder) joined(n *Node, h *der.Header, contents []byte, t, contained *model.Type) bool {
	if obj, plain := d.plainOctets(contained); contained != nil && plain {
		n.Object = obj
		return false // the octets are the value (CMS data): the segments show them
	}
	nodes, err := tree.ParseAll(contents, &der.Options{BER: true})
	if err != nil {
		return false
	}
	base := h.Offset + h.HeaderLen
	m := &segMap{}
	var joined []byte
	var flatten func([]tree.Node) bool
	flatten = func(list []tree.Node) bool {
		for i := range list {
			s := &list[i]
			if s.Tag != der.TagOctetString {
				return false // X.690 8.7.3.2: the segments are OCTET STRINGs
			}
			if s.Constructed {
				if !flatten(s.Children) {
					return false
				}
				continue
			}
			m.segs = append(m.segs, seg{joined: len(joined), in: base + s.Offset + s.HeaderLen, n: len(s.Content)})
			joined = append(joined, s.Content...)
		}
		return true
	}
	if !flatten(nodes) {
		return false
	}
	n.space = m
	d.space = append(d.space, m)
	defer func() { d.space = d.space[:len(d.space)-1] }()
	jr := der.NewReader(joined, &der.Options{BER: d.opts.BER})
	if contained != nil {
		d.contained(&jr, n, &der.Header{}, joined, t, contained)
	} else {
		d.hinted(&jr, n)
	}
	if len(m.segs) > 1 {
		n.Note = joinNote(n.Note, "read from its "+strconv.Itoa(len(m.segs))+" segments joined")
	}
	return true
}

// remap maps the offsets of nodes in joined octets (below a node with a
// space) to the input's; chain holds the spaces around, innermost first.
func remap(nodes []*Node, chain []*segMap) {
	for _, n := range nodes {
		n.Offset = through(chain, n.Offset)
		inner := chain
		if n.space != nil {
			inner = append([]*segMap{n.space}, chain...)
		}
		remap(n.Children, inner)
	}
}

func through(chain []*segMap, off int) int {
	for _, m := range chain {
		off = m.to(off)
	}
	return off
}

// remapIssues maps the offsets of issues found in joined octets.
func remapIssues(issues []Issue) {
	for i := range issues {
		is := &issues[i]
		for j := len(is.space) - 1; j >= 0; j-- {
			is.Offset = is.space[j].to(is.Offset)
		}
		is.space = nil
	}
}

// plainOctets reports whether the open type contained, inside an OCTET
// STRING, is its octets by the key read already (a row without a type, or
// a bare OCTET STRING: CMS id-data) and no rule says otherwise.
func (d *decoder) plainOctets(contained *model.Type) (obj string, plain bool) {
	if contained == nil {
		return "", false
	}
	u := underlying(contained)
	tbl := contained.OpenType
	if tbl == nil {
		tbl = u.OpenType
	}
	if u.Kind != model.TypeOpen || tbl == nil || d.ruleAt() != nil {
		return "", false
	}
	key, _ := d.key(tbl)
	if key == nil {
		return "", false
	}
	e := d.lookup(tbl, key)
	if e == nil || e.Type != nil && !plainOctetString(e.Type) {
		return "", false
	}
	return objectName(e), true
}

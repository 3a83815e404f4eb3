package corpustest

import (
	"hash/fnv"
	"math/rand/v2"
)

// Mutants returns n deterministic mutants of b, a DER encoding: the same b
// and n give the same mutants on every run. Most mutations edit the
// element tree and then re-encode it with the lengths of the enclosing
// elements fixed, so that the mutant stays well formed outside the edited
// element (octets after the last component of a SEQUENCE, a non-minimal or
// indefinite length, a component deleted, repeated or swapped, a tag
// changed, contents changed); the rest edit octets of the encoding (a bit
// flipped, an octet set, inserted or deleted, the input cut short).
// Primitive OCTET STRINGs and BIT STRINGs whose contents are DER are
// mutated inside too (extension values, public keys).
func Mutants(b []byte, n int) [][]byte {
	h := fnv.New64a()
	h.Write(b)
	rng := rand.New(rand.NewPCG(h.Sum64(), uint64(len(b))))
	out := make([][]byte, 0, n)
	for len(out) < n {
		root, ok := parseTLVs(b)
		if !ok || rng.IntN(8) == 0 {
			out = append(out, mutateOctets(rng, b))
			continue
		}
		var all []*tlv
		for _, e := range root {
			all = e.walk(all)
		}
		mutateTree(rng, all)
		var m []byte
		for _, e := range root {
			m = e.encode(m)
		}
		out = append(out, m)
	}
	return out
}

// tlv is an element of the tree Mutants edits.
type tlv struct {
	id       []byte // identifier octets
	kids     []*tlv // constructed, or primitive with DER contents (encap)
	contents []byte // primitive
	encap    byte   // primitive with DER contents: 0 none, 1 OCTET STRING, 2 BIT STRING (a leading 0 octet)
	trailer  []byte // octets appended to the contents
	extraLen int    // octets added to the length's minimal form
	indef    bool   // indefinite length (constructed only)
}

func (e *tlv) constructed() bool { return e.id[0]&0x20 != 0 }

// parseTLVs parses b as a series of DER (or BER definite) elements.
func parseTLVs(b []byte) ([]*tlv, bool) {
	var out []*tlv
	for len(b) > 0 {
		e, rest, ok := parseTLV(b)
		if !ok {
			return nil, false
		}
		out = append(out, e)
		b = rest
	}
	return out, true
}

func parseTLV(b []byte) (*tlv, []byte, bool) {
	if len(b) < 2 {
		return nil, nil, false
	}
	i := 1
	if b[0]&0x1f == 0x1f {
		for i < len(b) && b[i]&0x80 != 0 {
			i++
		}
		if i++; i >= len(b) {
			return nil, nil, false
		}
	}
	id := b[:i]
	l := int(b[i])
	i++
	if l&0x80 != 0 {
		n := l & 0x7f
		if n == 0 || n > 4 || i+n > len(b) {
			return nil, nil, false
		}
		l = 0
		for _, c := range b[i : i+n] {
			l = l<<8 | int(c)
		}
		i += n
	}
	if l < 0 || l > len(b)-i {
		return nil, nil, false
	}
	e := &tlv{id: id}
	c := b[i : i+l]
	switch {
	case e.constructed():
		kids, ok := parseTLVs(c)
		if !ok {
			return nil, nil, false
		}
		e.kids = kids
	case id[0] == 0x04 && len(c) > 1 && c[0]&0x20 != 0:
		if kids, ok := parseTLVs(c); ok {
			e.kids, e.encap = kids, 1
			break
		}
		e.contents = c
	case id[0] == 0x03 && len(c) > 2 && c[0] == 0 && c[1]&0x20 != 0:
		if kids, ok := parseTLVs(c[1:]); ok {
			e.kids, e.encap = kids, 2
			break
		}
		e.contents = c
	default:
		e.contents = c
	}
	return e, b[i+l:], true
}

// walk appends e and the elements inside it to all, in encoding order.
func (e *tlv) walk(all []*tlv) []*tlv {
	all = append(all, e)
	for _, k := range e.kids {
		all = k.walk(all)
	}
	return all
}

// encode appends e to dst, with the lengths of the elements it holds.
func (e *tlv) encode(dst []byte) []byte {
	var c []byte
	switch {
	case e.encap == 2:
		c = append(c, 0)
		fallthrough
	case e.kids != nil || e.encap != 0:
		for _, k := range e.kids {
			c = k.encode(c)
		}
	default:
		c = append(c, e.contents...)
	}
	c = append(c, e.trailer...)
	dst = append(dst, e.id...)
	if e.indef && e.constructed() {
		dst = append(dst, 0x80)
		dst = append(dst, c...)
		return append(dst, 0, 0)
	}
	var l []byte
	for n := len(c); n > 0; n >>= 8 {
		l = append([]byte{byte(n)}, l...)
	}
	switch {
	case len(l) == 1 && l[0] < 0x80 && e.extraLen == 0:
		dst = append(dst, l[0])
	case len(c) == 0 && e.extraLen == 0:
		dst = append(dst, 0)
	default:
		pad := make([]byte, e.extraLen)
		dst = append(dst, 0x80|byte(len(pad)+len(l)))
		dst = append(dst, pad...)
		dst = append(dst, l...)
	}
	return append(dst, c...)
}

// interesting octets for contents and tags.
var interesting = []byte{0x00, 0x01, 0x7f, 0x80, 0x81, 0xff, 0x05, 0x30, 0x31, 0x13, 0x0c, 0x17, 0x18, '&', '*'}

// mutateTree applies one or two edits to the elements all.
func mutateTree(rng *rand.Rand, all []*tlv) {
	for range 1 + rng.IntN(2) {
		e := all[rng.IntN(len(all))]
		switch rng.IntN(10) {
		case 0, 1: // octets after the last component
			if !e.constructed() && e.encap == 0 {
				e.contents = append(e.contents[:len(e.contents):len(e.contents)], interesting[rng.IntN(len(interesting))])
				break
			}
			switch rng.IntN(3) {
			case 0: // an element
				e.trailer = []byte{0x05, 0x00}
			case 1: // an element of a context tag
				e.trailer = []byte{0x80 | byte(rng.IntN(4)), 0x01, byte(rng.Uint32())}
			default: // octets that are no element
				e.trailer = []byte{interesting[rng.IntN(len(interesting))]}
			}
		case 2: // a length not in the minimal form
			e.extraLen = 1 + rng.IntN(2)
		case 3: // the indefinite length
			e.indef = true
		case 4, 5: // a component deleted, repeated or moved
			if len(e.kids) == 0 {
				break
			}
			i, j := rng.IntN(len(e.kids)), rng.IntN(len(e.kids))
			switch rng.IntN(3) {
			case 0:
				e.kids = append(e.kids[:i:i], e.kids[i+1:]...)
			case 1:
				e.kids = append(e.kids[:i+1:i+1], e.kids[i:]...)
			default:
				kids := append([]*tlv(nil), e.kids...)
				kids[i], kids[j] = kids[j], kids[i]
				e.kids = kids
			}
		case 6: // another tag
			id := append([]byte(nil), e.id...)
			if rng.IntN(2) == 0 {
				id[0] ^= 1 << rng.IntN(8)
			} else {
				id[0] = id[0]&0x20 | interesting[rng.IntN(len(interesting))]&^0x20
			}
			if id[0]&0x1f != 0x1f {
				e.id = id[:1]
			}
		default: // other contents
			if e.kids != nil || e.encap != 0 || len(e.contents) == 0 {
				break
			}
			c := append([]byte(nil), e.contents...)
			i := rng.IntN(len(c))
			switch rng.IntN(4) {
			case 0:
				c[i] ^= 1 << rng.IntN(8)
			case 1:
				c[i] = interesting[rng.IntN(len(interesting))]
			case 2:
				c = c[:i]
			default:
				c = append(c[:i:i], append([]byte{0x00}, c[i:]...)...)
			}
			e.contents = c
		}
	}
}

// mutateOctets edits the octets of b.
func mutateOctets(rng *rand.Rand, b []byte) []byte {
	m := append([]byte(nil), b...)
	if len(m) == 0 {
		return []byte{interesting[rng.IntN(len(interesting))]}
	}
	i := rng.IntN(len(m))
	switch rng.IntN(5) {
	case 0:
		m[i] ^= 1 << rng.IntN(8)
	case 1:
		m[i] = interesting[rng.IntN(len(interesting))]
	case 2:
		m = append(m[:i:i], append([]byte{interesting[rng.IntN(len(interesting))]}, m[i:]...)...)
	case 3:
		m = append(m[:i:i], m[i+1:]...)
	default:
		m = m[:i]
	}
	return m
}

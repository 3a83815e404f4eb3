package schemadump

import (
	"math"
	"math/big"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/asn1gen/asn1gen/codegen/model"
	"github.com/asn1gen/asn1gen/internal/asn1dump"
	"github.com/asn1gen/asn1gen/internal/jertext"
	"github.com/asn1gen/asn1gen/runtime/der"
	"github.com/asn1gen/asn1gen/runtime/tree"
)

func itoa(v int64) string { return strconv.FormatInt(v, 10) }

// primitive shows the value of the element h of built-in type u (the type
// t stands for). The contents are decoded by the plain dump as the
// UNIVERSAL type u is, whatever the tag on the wire, so that values look
// the same with and without a schema; the schema adds the names of named
// numbers and bits and of OBJECT IDENTIFIER values, its constraints, and
// the value an OCTET STRING or BIT STRING contains.
func (d *decoder) primitive(r *der.Reader, h *der.Header, contents []byte, n *Node, t, u *model.Type) {
	show := h.Tag
	if show.Class() != der.ClassUniversal {
		show = universalTag(u)
	}
	if show == 0 {
		// REAL under a tag unknown to the plain dump and the like: octets
		n.Children = nil
		d.showHex(n, contents)
		return
	}
	contained := containedOf(t)
	var rule *Rule
	if contained == nil && u.Kind == model.TypeOctetString {
		rule = d.ruleAt()
	}
	if h.Constructed {
		if !show.IsString() {
			d.fail(n, der.NewError(der.KindMalformed, h.Offset, typeName(t), "constructed encoding of a primitive type", "X.690 8.1.2.5"))
		} else if !d.opts.BER {
			d.fail(n, der.NewError(der.KindNonCanonical, h.Offset, typeName(t), "constructed string", "X.690 10.2"))
		} else {
			n.NonDER = joinReason(n.NonDER, "constructed string (X.690 10.2)")
		}
		if show == der.TagOctetString && (contained != nil || rule != nil) && d.joined(n, h, contents, t, contained) {
			return
		}
		// the segments, as the plain dump shows them
		n.Children = d.restBytes(h.Offset+h.HeaderLen, contents, true)
		return
	}
	aopts := asn1dump.Options{BER: d.opts.BER, Full: d.opts.Full, NoEncapsulated: d.opts.NoEncapsulated || contained != nil || rule != nil,
		OIDName: d.opts.OIDName}
	tn := tree.Node{Tag: show, Offset: h.Offset, HeaderLen: h.HeaderLen, Length: len(contents), Content: contents}
	// n.elem keeps el, from a slab as the nodes, unless no Text will
	// read it: then el serves each primitive in turn (nothing below uses
	// it once the contained value is read, at the end)
	el := &d.scratch
	if !d.opts.JSONOnly {
		el = d.newElement()
		n.elem = el
	}
	asn1dump.AnnotateTo(el, &tn, &aopts)
	el.Tag = n.Tag
	n.Hex, n.Value, n.Name, n.UnusedBits, n.Invalid = el.Hex, el.Value, el.Name, el.UnusedBits, el.Invalid
	n.NonDER = joinReason(n.NonDER, el.NonDER)
	d.elementIssues(el, n)
	if n.Invalid != "" {
		return
	}
	n.key = d.keyOf(u, contents)
	d.names(n, el, u, contents)
	d.constraints(n, t, u, contents, h.Offset)
	if x := d.jer[n]; x != nil {
		x.leaf = jerLeaf(t, u, contents, d.opts.BER)
	}
	if len(el.Encapsulates) > 0 {
		n.Encapsulates = true
		for i := range el.Encapsulates {
			n.Children = append(n.Children, d.fromElement(&el.Encapsulates[i]))
		}
	}
	switch {
	case contained != nil:
		d.contained(r, n, h, contents, t, contained)
	case rule != nil:
		sub := r.Open(contents, h.Offset+h.HeaderLen)
		d.hinted(&sub, n)
	}
}

// names adds what the schema names in a value: the OBJECT IDENTIFIER
// value, the named number of an INTEGER or ENUMERATED, the named bits set
// in a BIT STRING.
func (d *decoder) names(n *Node, el *asn1dump.Element, u *model.Type, contents []byte) {
	switch u.Kind {
	case model.TypeObjectIdentifier:
		if s := d.s.OIDName(n.Value); s != "" {
			n.Name, el.Name = s, s
		}
	case model.TypeInteger, model.TypeEnumerated:
		if n.key == nil || n.key.Big != nil {
			return
		}
		for _, nn := range u.NamedNumbers {
			if nn.Value == n.key.Int {
				n.Name, el.Name = nn.Name, nn.Name
				return
			}
		}
		if u.Kind == model.TypeEnumerated && !u.Extensible && len(u.NamedNumbers) > 0 {
			d.fail(n, der.CheckEnumerated(n.Offset, typeName(u), n.key.Int))
		}
	case model.TypeBitString:
		if len(u.NamedNumbers) == 0 || len(contents) == 0 {
			return
		}
		bs := der.BitString{Bytes: contents[1:], BitLength: 8*(len(contents)-1) - int(contents[0])}
		named := slices.Clone(u.NamedNumbers)
		slices.SortStableFunc(named, func(a, b *model.NamedNumber) int { return int(a.Value - b.Value) })
		var set []string
		for _, nb := range named {
			if nb.Value >= 0 && nb.Value < math.MaxInt32 && bs.At(int(nb.Value)) == 1 {
				set = append(set, nb.Name)
			}
		}
		n.Name = strings.Join(set, ", ")
		if !d.opts.BER {
			// X.690 11.2.2: DER removes the trailing 0 bits of a named
			// bit list
			if err := der.CheckNamedBits(bs); err != nil {
				d.fail(n, der.AtOffset(err, n.Offset))
			}
		}
	}
}

// constraints checks the SIZE, value range and permitted alphabet of the
// value of n (X.680 51), as generated code does: the constraints written
// on t and on each type it refers to, those with an extension marker
// excepted (X.680 49.8: values outside the root are valid).
func (d *decoder) constraints(n *Node, t, u *model.Type, contents []byte, off int) {
	typ := typeName(t)
	for i := 0; t != nil && i < 100; i++ {
		if c := t.Constraints; c != nil && !c.Extensible {
			if err := checkValue(c, u, contents, off, typ); err != nil {
				d.fail(n, err)
				return
			}
		}
		if t.Ref == nil {
			break
		}
		t = t.Ref.Type
	}
}

// checkValue checks one set of constraints on a primitive value.
func checkValue(c *model.Constraints, u *model.Type, contents []byte, off int, typ string) error {
	if r := c.Size; r != nil {
		size, ok := 0, true
		switch u.Kind {
		case model.TypeOctetString:
			size = len(contents)
		case model.TypeBitString:
			if len(contents) == 0 {
				return nil
			}
			bs := der.BitString{Bytes: contents[1:], BitLength: 8*(len(contents)-1) - int(contents[0])}
			lo := r.Min
			if len(u.NamedNumbers) > 0 {
				// X.690 11.2.2 note 1: only the bits up to the last 1
				// count, against the upper bound
				bs, lo = bs.TrimTrailingZeros(), 0
			}
			if err := der.CheckSize(off, typ, bs.BitLength, lo, r.Max); err != nil {
				return err
			}
			ok = false
		case model.TypeCharacterString:
			size = charCount(u.Name, contents)
		default:
			ok = false
		}
		if ok {
			if err := der.CheckSize(off, typ, size, r.Min, r.Max); err != nil {
				return err
			}
		}
	}
	if r := c.Value; r != nil && u.Kind == model.TypeInteger {
		i := der.Integer(contents)
		if v, ok := i.Int64(); ok && !r.Big() {
			if len(c.Values) > 1 {
				var ranges []int64
				for _, x := range c.Values {
					ranges = append(ranges, x.Min, x.Max)
				}
				return der.CheckValues(off, typ, v, ranges...)
			}
			return der.CheckRange(off, typ, v, r.Min, r.Max)
		}
		if !r.Big() {
			return der.CheckIntegerRange(off, typ, i, r.Min, r.Max)
		}
		lo, hi := r.Exact()
		z := i.Big()
		if lo != nil && z.Cmp(lo) < 0 || hi != nil && z.Cmp(hi) > 0 {
			return der.NewError(der.KindConstraint, off, typ, "value "+i.String()+" outside "+rangeText(lo, hi), "X.680 51")
		}
	}
	if c.Alphabet != "" && u.Kind == model.TypeCharacterString {
		if s, ok := text(u.Name, contents); ok {
			if err := der.CheckAlphabet(off, typ, s, c.Alphabet); err != nil {
				return err
			}
		}
	}
	return nil
}

func rangeText(lo, hi *big.Int) string {
	s := "("
	if lo == nil {
		s += "MIN"
	} else {
		s += lo.String()
	}
	s += ".."
	if hi == nil {
		s += "MAX"
	} else {
		s += hi.String()
	}
	return s + ")"
}

// charCount is the SIZE of a character string: its characters, which
// for the multi-octet encodings are not its octets.
func charCount(name string, contents []byte) int {
	switch name {
	case "UTF8String":
		return utf8.RuneCount(contents)
	case "BMPString":
		return len(contents) / 2
	case "UniversalString":
		return len(contents) / 4
	case "TeletexString", "T61String", "VideotexString":
		if s, ok := text(name, contents); ok {
			return utf8.RuneCountInString(s)
		}
	}
	return len(contents)
}

// text decodes a character string as the runtime does, for the alphabet
// check; false if it does not decode (the dump reported it).
func text(name string, contents []byte) (string, bool) {
	tag := namedTags[name]
	if tag == 0 {
		return "", false
	}
	b := append(der.AppendHeader(nil, tag, false, len(contents)), contents...)
	r := der.NewReader(b, &der.Options{BER: true})
	s, err := r.ReadText(tag, tag)
	return s, err == nil
}

// contained reads the value that the contents of the OCTET STRING or BIT
// STRING n hold, of type ct (X.682 11), or through the table of the open
// type ct.
func (d *decoder) contained(r *der.Reader, n *Node, h *der.Header, contents []byte, t, ct *model.Type) {
	off := h.Offset + h.HeaderLen
	c := contents
	if underlying(t).Kind == model.TypeBitString {
		// X.682 11.2: a BIT STRING that contains an encoding has no
		// unused bits (checked once the type contained is known: an
		// open type's row may have none)
		if len(c) == 0 || c[0] != 0 {
			c = nil
		} else {
			c, off = c[1:], off+1
		}
	}
	u := underlying(ct)
	tbl := ct.OpenType
	if tbl == nil {
		tbl = u.OpenType
	}
	if u.Kind != model.TypeOpen || tbl == nil {
		if d.unusedBits(n, c, off) {
			return
		}
		n.Containing = true
		d.setForm(n, containingForm(t))
		sub := r.Open(c, off)
		d.containedValue(&sub, n, ct, label{index: -1})
		return
	}
	typed := d.siblingKey(tbl)
	if key, owner := d.key(tbl); key == nil && owner != nil {
		restore := d.context()
		owner.deferred = append(owner.deferred, func() {
			defer restore()()
			d.containedOpen(r, n, t, ct, tbl, c, off, typed)
		})
		return
	}
	d.containedOpen(r, n, t, ct, tbl, c, off, typed)
}

// siblingKey reports whether the key of tbl is a component (an OBJECT
// IDENTIFIER or INTEGER) of the SEQUENCE or SET being read: generated
// code then holds the value of a string that contains the open type
// typed (a union), and otherwise the string itself, whose JER is its
// octets (Certificate.signature, keyed by algorithmIdentifier.algorithm).
func (d *decoder) siblingKey(tbl *model.OpenTypeTable) bool {
	if len(d.frames) == 0 || tbl.Key == nil {
		return false
	}
	for _, c := range d.frames[len(d.frames)-1].typ.Components {
		if c == tbl.Key {
			k := underlying(c.Type).Kind
			return k == model.TypeObjectIdentifier || k == model.TypeInteger
		}
	}
	return false
}

// unusedBits reports (and records) a BIT STRING n that should contain an
// encoding and has unused bits: contained is then nil.
func (d *decoder) unusedBits(n *Node, contained []byte, off int) bool {
	if contained != nil || n.Kind != "BIT STRING" {
		return false
	}
	d.fail(n, der.NewError(der.KindInvalidValue, off, "BIT STRING", "contained encoding with unused bits", "X.682 11.2"))
	return true
}

// containedValue reads the one value of type ct in sub into n's children.
func (d *decoder) containedValue(sub *der.Reader, n *Node, ct *model.Type, lbl label) {
	child, err := d.value(sub, ct, ct.Tags, lbl)
	if err != nil {
		n.Children = d.failRest(sub, n, err, "", "")
		return
	}
	n.Children = []*Node{child}
	if !sub.Empty() {
		// X.682 11.3: the contents are the complete encoding of one value
		n.Children = append(n.Children, d.failRest(sub, n, der.NewError(der.KindTrailingData, sub.Offset(), typeName(ct), "octets after the contained value", "X.682 11.3"), "", "")...)
	}
}

// containedOpen reads the value of the open type ct in the contents c (at
// offset off, read by r) of the string n, of type t, through its table,
// by the key read now; typed (siblingKey): its JER is the value's.
func (d *decoder) containedOpen(r *der.Reader, n *Node, t, ct *model.Type, tbl *model.OpenTypeTable, c []byte, off int, typed bool) {
	sub := r.Open(c, off)
	if typed {
		// Unless a row's type is read: octets of another encoding, which
		// the generated codecs keep (Raw) and do not write in JER.
		d.setForm(n, jertext.None)
	}
	key, _ := d.key(tbl)
	if key == nil {
		n.Note = "holds an open type whose key " + keyName(tbl) + " is absent"
		return
	}
	e := d.lookup(tbl, key)
	if e == nil {
		n.Note = d.unknownKey(key, tbl)
		if !tbl.Extensible {
			d.fail(n, der.UnknownKey(n.Offset, typeName(ct)))
		}
		n.Children = d.guess(c, off)
		n.Encapsulates = len(n.Children) > 0
		return
	}
	obj := objectName(e)
	if e.Type == nil || plainOctetString(e.Type) {
		// No type (an algorithm without a value field) or the octets
		// themselves (CMS id-data): shown as they are, or as a rule says.
		n.Object = obj
		if c != nil && d.hinted(&sub, n) {
			return
		}
		n.Children = d.guess(c, off)
		n.Encapsulates = len(n.Children) > 0
		return
	}
	if d.unusedBits(n, c, off) {
		return
	}
	n.Containing = true
	if typed {
		d.setForm(n, containingForm(t))
	}
	d.containedValue(&sub, n, e.Type, label{index: -1, object: obj})
}

// guess shows what the contents c (at offset off) of a string hold when
// the plain dump finds an encoding in them (one complete element, all of
// whose values are valid); nil otherwise or with NoEncapsulated.
func (d *decoder) guess(c []byte, off int) []*Node {
	if d.opts.NoEncapsulated || len(c) == 0 {
		return nil
	}
	// an OCTET STRING of these contents, as the plain dump sees it
	hl := der.HeaderLen(der.TagOctetString, len(c))
	tn := tree.Node{Tag: der.TagOctetString, Offset: off - hl, HeaderLen: hl, Length: len(c), Content: c}
	el := asn1dump.Annotate([]tree.Node{tn}, &asn1dump.Options{BER: d.opts.BER, Full: d.opts.Full, OIDName: d.opts.OIDName})[0]
	var out []*Node
	for i := range el.Encapsulates {
		out = append(out, d.fromElement(&el.Encapsulates[i]))
	}
	return out
}

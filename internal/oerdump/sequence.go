package oerdump

import (
	"bytes"
	"slices"
	"strconv"

	"github.com/asn1gen/asn1gen/codegen/model"
	"github.com/asn1gen/asn1gen/codegen/oervalue"
	"github.com/asn1gen/asn1gen/codegen/plan"
	"github.com/asn1gen/asn1gen/internal/jertext"
	"github.com/asn1gen/asn1gen/runtime/der"
	"github.com/asn1gen/asn1gen/runtime/oer"
)

// sequence reads a SEQUENCE or SET (X.696 16, 18) as the emitter's
// sequenceDecode does: the preamble (the extension bit first, then a bit
// per OPTIONAL or DEFAULT root component), the root components (of a SET
// in the canonical order of their tags), then with the extension bit set
// the presence bitmap of the additions and an open type field for each
// addition present. Additions of a later version are shown as their
// octets.
func (w *walker) sequence(r *oer.Reader, gt *plan.Type, n *Node) error {
	n.form = jertext.Object
	root, adds := components(gt)
	if gt.Kind == model.TypeSet {
		if why := setOrder(gt); why != "" {
			return r.Error(der.KindUnsupported, gt.ASN1, why, "")
		}
	}
	keys := &keySet{gt: gt}
	ext := gt.Body.Extensible
	var bits []bool
	if ext {
		bits = append(bits, false)
	}
	for _, f := range root {
		if plan.PEROptional(f) {
			bits = append(bits, false)
		}
	}
	if len(bits) > 0 {
		if err := r.ReadPreamble(bits); err != nil {
			return err
		}
	}
	extended := ext && bits[0]
	if ext {
		bits = bits[1:]
	}
	for _, f := range root {
		if plan.PEROptional(f) {
			present := bits[0]
			bits = bits[1:]
			if !present {
				continue
			}
		}
		if err := w.component(r, gt, f, f.ASN1, n, keys); err != nil {
			return err
		}
	}
	if !extended {
		return nil
	}
	x, err := r.ReadExtensions()
	if err != nil {
		return err
	}
	for i, a := range adds {
		if x.At(i) == 1 {
			if err := w.addition(r, gt, a, n, keys); err != nil {
				return err
			}
		}
	}
	for i := len(adds); i < x.BitLength; i++ {
		if x.At(i) == 1 {
			if err := w.unknown(r, n, "extension addition "+strconv.Itoa(i)+" of a later version, skipped"); err != nil {
				return err
			}
		}
	}
	return nil
}

// component reads the component f of a SEQUENCE or SET into a new child
// of n, checks a DEFAULT one in CANONICAL-OER, and then resolves the open
// types before it that it is the key of. name ("" in the field of an
// addition, which names it) goes first in the path of f's own errors.
func (w *walker) component(r *oer.Reader, gt *plan.Type, f *plan.Field, name string, n *Node, keys *keySet) error {
	c, err := w.node(r, n, f.ASN1)
	if err != nil {
		return withField(err, name)
	}
	describe(c, f.Type)
	at := r.Offset()
	if err := w.field(r, f, c, keys); err != nil {
		return withField(err, name)
	}
	if def := f.Comp.Default; def != nil && (isDefault(c, def) || w.encodesDefault(f, r.Since(at))) {
		if w.canonical {
			return withField(der.NewError(der.KindNonCanonical, at, gt.ASN1, f.ASN1+" present with its default value", "X.696 16"), name)
		}
		c.isDefault = true
	}
	return w.keyRead(r, f, c, keys)
}

// withField is der.WithField but for name "", which adds nothing.
func withField(err error, name string) error {
	if name == "" || err == nil {
		return err
	}
	return der.WithField(err, name)
}

// encodesDefault reports whether octets, the encoding of component f as
// read, are the CANONICAL-OER encoding of its DEFAULT value: a value of
// any type (eeType EndEntityType DEFAULT {app} in IEEE 1609.2, a BIT
// STRING) has one (X.696 8.1), as the generated codecs compare it.
func (w *walker) encodesDefault(f *plan.Field, octets []byte) bool {
	c := f.Comp
	enc, ok := w.defaults[c]
	if !ok {
		enc, _ = oervalue.Encode(f.Type, c.Default)
		if w.defaults == nil {
			w.defaults = map[*model.Component][]byte{}
		}
		w.defaults[c] = enc
	}
	return enc != nil && bytes.Equal(enc, octets)
}

// isDefault reports whether the value read into n is def, for the kinds
// whose value the dump holds as a number or a BOOLEAN (in BASIC-OER in
// any of its encodings).
func isDefault(n *Node, def *model.Value) bool {
	switch def.Kind {
	case model.ValueBoolean:
		return n.Value == map[bool]string{true: "TRUE", false: "FALSE"}[def.Bool]
	case model.ValueInteger, model.ValueEnumerated:
		if def.Big != nil {
			return n.Value == def.Big.String()
		}
		return n.Value == strconv.FormatInt(def.Int, 10)
	}
	return false
}

// addition reads a present extension addition (X.696 16.4) from its open
// type field: a component, or the preamble and members of a group.
func (w *walker) addition(r *oer.Reader, gt *plan.Type, a plan.Addition, n *Node, keys *keySet) error {
	name := a.Fields[0].ASN1
	if a.Group {
		name = "" // the members name themselves
	}
	b, at, err := r.ReadOpen()
	if err != nil {
		return withField(err, name)
	}
	sub := r.Field(b, at)
	if err := w.additionBody(&sub, gt, a, n, keys); err != nil {
		return withField(err, name)
	}
	return withField(r.EndField(&sub), name)
}

// additionBody reads the components of an addition in its field.
func (w *walker) additionBody(r *oer.Reader, gt *plan.Type, a plan.Addition, n *Node, keys *keySet) error {
	if !a.Group {
		at := len(n.Children)
		err := w.component(r, gt, a.Fields[0], "", n, keys)
		if at < len(n.Children) {
			n.Children[at].Addition = true
		}
		return err
	}
	var bits []bool
	for _, f := range a.Fields {
		if plan.PEROptional(f) {
			bits = append(bits, false)
		}
	}
	if len(bits) > 0 {
		if err := r.ReadPreamble(bits); err != nil {
			return err
		}
	}
	for _, f := range a.Fields {
		if plan.PEROptional(f) {
			present := bits[0]
			bits = bits[1:]
			if !present {
				continue
			}
		}
		at := len(n.Children)
		err := w.component(r, gt, f, f.ASN1, n, keys)
		if at < len(n.Children) {
			n.Children[at].Addition = true
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// unknown reads the open type field of an extension addition that the
// schema does not know, shown as its octets.
func (w *walker) unknown(r *oer.Reader, n *Node, note string) error {
	c, err := w.node(r, n, "")
	if err != nil {
		return err
	}
	b, _, err := r.ReadOpen()
	end(r, c)
	if err != nil {
		return err
	}
	c.Raw, c.Addition, c.Hex, c.Note, c.form = true, true, hexOf(b), note, jertext.None
	return nil
}

// choice reads a CHOICE (X.696 20): the tag of the alternative, then its
// value, an alternative of the extension additions in an open type field.
// The alternative is read into n, whose field gets its name.
func (w *walker) choice(r *oer.Reader, gt *plan.Type, n *Node) error {
	if !tagsDistinct(gt.Fields) {
		return r.Error(der.KindUnsupported, gt.ASN1, "a CHOICE whose alternatives share a tag", "")
	}
	at := r.Offset()
	tag, err := r.ReadTag()
	if err != nil {
		return err
	}
	return w.choiceTagged(r, gt, tag, at, n)
}

// choiceTagged reads the alternative of the CHOICE gt whose tag, read at
// at, is tag: an untagged CHOICE alternative (X.696 20: the tag is that
// of the alternative it chose in turn) goes on in that CHOICE.
func (w *walker) choiceTagged(r *oer.Reader, gt *plan.Type, tag der.Tag, at int, n *Node) error {
	var f *plan.Field
	var inner *plan.Type
	for _, x := range gt.Fields {
		if len(x.Type.Tags) == 0 {
			c := untaggedChoice(x)
			if c == nil || x.Comp.Extension {
				return r.Error(der.KindUnsupported, gt.ASN1, "an untagged open type, or an untagged CHOICE among the extension additions, as a CHOICE alternative", "")
			}
			if choiceHas(c, tag, 0) {
				f, inner = x, c
				break
			}
			continue
		}
		if wireTag(x.Type.Tags[0]) == tag {
			f = x
			break
		}
	}
	if f == nil {
		if gt.Body.Extensible {
			return der.NewError(der.KindUnsupported, at, gt.ASN1, "no alternative of this version has this tag", "X.696 20")
		}
		return der.NewError(der.KindInvalidValue, at, gt.ASN1, "no alternative has this tag", "X.696 20")
	}
	if inner != nil {
		if n.Field == "" {
			n.Field = f.ASN1
		} else {
			n.Field += "." + f.ASN1
		}
		n.alts = append(n.alts, f.ASN1)
		if !tagsDistinct(inner.Fields) {
			return der.WithField(r.Error(der.KindUnsupported, inner.ASN1, "a CHOICE whose alternatives share a tag", ""), f.ASN1)
		}
		return der.WithField(w.choiceTagged(r, inner, tag, at, n), f.ASN1)
	}
	if n.Field == "" {
		n.Field = f.ASN1
	} else {
		n.Field += "." + f.ASN1
	}
	n.alts = append(n.alts, f.ASN1)
	describe(n, f.Type)
	if !f.Comp.Extension {
		return der.WithField(w.field(r, f, n, nil), f.ASN1)
	}
	n.Addition = true
	b, bat, err := r.ReadOpen()
	if err != nil {
		return der.WithField(err, f.ASN1)
	}
	sub := r.Field(b, bat)
	if err := w.field(&sub, f, n, nil); err != nil {
		return der.WithField(err, f.ASN1)
	}
	return der.WithField(r.EndField(&sub), f.ASN1)
}

// untaggedChoice returns the CHOICE type of the untagged alternative f,
// nil when f is not a CHOICE.
func untaggedChoice(f *plan.Field) *plan.Type {
	if f.Named == nil {
		return nil
	}
	gt := plan.ResolveAlias(f.Named)
	for gt.Base != nil && structural(gt.Kind) {
		gt = plan.ResolveAlias(gt.Base)
	}
	if gt.Kind != model.TypeChoice {
		return nil
	}
	return gt
}

// choiceHas reports whether an alternative of the CHOICE gt, or of an
// untagged CHOICE among them, has the tag.
func choiceHas(gt *plan.Type, tag der.Tag, depth int) bool {
	if depth > 32 {
		return false
	}
	for _, x := range gt.Fields {
		if len(x.Type.Tags) > 0 && wireTag(x.Type.Tags[0]) == tag {
			return true
		}
		if c := untaggedChoice(x); len(x.Type.Tags) == 0 && c != nil && choiceHas(c, tag, depth+1) {
			return true
		}
	}
	return false
}

// wireTag is the tag an OER CHOICE writes for t (X.696 8.7).
func wireTag(t model.Tag) der.Tag {
	c := der.ClassContextSpecific
	switch t.Class {
	case model.ClassUniversal:
		c = der.ClassUniversal
	case model.ClassApplication:
		c = der.ClassApplication
	case model.ClassPrivate:
		c = der.ClassPrivate
	}
	return der.Tag(c)<<32 | der.Tag(uint32(t.Number))
}

// tagsDistinct reports whether the alternatives' tags differ.
func tagsDistinct(fields []*plan.Field) bool {
	seen := map[der.Tag]bool{}
	for _, f := range fields {
		if len(f.Type.Tags) == 0 {
			continue
		}
		t := wireTag(f.Type.Tags[0])
		if seen[t] {
			return false
		}
		seen[t] = true
	}
	return true
}

// components returns the root components of gt in the order OER writes
// them (a SET's in the canonical order of their tags, X.680 8.6 and X.696
// 18, an untagged CHOICE by the least tag of its alternatives, as the
// emitter sorts them), and its extension additions.
func components(gt *plan.Type) (root []*plan.Field, adds []plan.Addition) {
	root, adds = plan.Additions(gt)
	if gt.Kind == model.TypeSet {
		root = slices.Clone(root)
		slices.SortStableFunc(root, func(a, b *plan.Field) int {
			ta, tb := a.Type.FirstTags(), b.Type.FirstTags()
			if len(ta) == 0 || len(tb) == 0 {
				return 0
			}
			switch la, lb := model.LeastTag(ta), model.LeastTag(tb); {
			case la.Less(lb):
				return -1
			case lb.Less(la):
				return 1
			}
			return 0
		})
	}
	return root, adds
}

// setOrder returns why the root components of the SET gt cannot be put
// in the order of their tags, "" if they can (the emitter's check).
func setOrder(gt *plan.Type) string {
	root, _ := plan.Additions(gt)
	for _, f := range root {
		if len(f.Type.FirstTags()) == 0 {
			return "a SET with an untagged open type among its root components"
		}
	}
	sorted, _ := components(gt)
	if slices.Equal(root, sorted) {
		return ""
	}
	for _, f := range gt.Fields {
		if f.Union != nil {
			return "a SET whose components are not in the canonical order of their tags, with an open type"
		}
	}
	return ""
}

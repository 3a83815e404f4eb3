package oerdump

import (
	"errors"
	"strconv"
	"strings"

	"github.com/asn1gen/asn1gen/codegen/manifest"
	"github.com/asn1gen/asn1gen/codegen/model"
	"github.com/asn1gen/asn1gen/codegen/plan"
	"github.com/asn1gen/asn1gen/internal/jertext"
	"github.com/asn1gen/asn1gen/internal/schemadump"
	"github.com/asn1gen/asn1gen/runtime/der"
	"github.com/asn1gen/asn1gen/runtime/oer"
)

// Schema is the plan of a module set's types, as the generator makes it
// (codegen/plan), for walking their OER encodings.
type Schema struct {
	plan *plan.Plan
}

// Load plans the type typ ("Module.Type" or "Type") of set, and what it
// uses, as asn1gen gen -roots typ would: the same plan generated OER
// codecs are made from. used are the manifests of the packages the set's
// modules come from (nil for none).
func Load(set *model.Set, typ string, used []*manifest.Manifest) (*Schema, *plan.Type, error) {
	p, err := plan.New(set, []string{typ}, used)
	if err != nil {
		return nil, nil, err
	}
	return &Schema{plan: p}, p.Roots[0], nil
}

// Options control a dump.
type Options struct {
	// Canonical reads CANONICAL-OER: the forms BASIC-OER allows and it
	// does not are errors (oer.Options.Canonical), as are DEFAULT
	// components present with their default value.
	Canonical bool
	// MaxNodes caps the elements of one dump; 0 selects a limit linear in
	// the input (DefaultNodesPerOctet per octet plus DefaultNodeSlack, at
	// most DefaultMaxNodes).
	MaxNodes int
}

// Limits of the elements of one dump (Options.MaxNodes). An element takes
// an octet at least but for NULL and empty lists.
const (
	DefaultNodesPerOctet = 8
	DefaultNodeSlack     = 1 << 16
	DefaultMaxNodes      = 1 << 21
)

// Decode walks data, the complete OER encoding of a value of t, and
// returns the tree of what it read with the errors met. It never panics:
// an error ends the reading, as in a generated decoder.
func (s *Schema) Decode(data []byte, t *plan.Type, opts *Options) *Result {
	if opts == nil {
		opts = &Options{}
	}
	variant := "BASIC-OER"
	if opts.Canonical {
		variant = "CANONICAL-OER"
	}
	key := t.Key
	if key == "" {
		key = t.ASN1
	}
	res := &Result{Type: key, Variant: variant, Octets: len(data)}
	w := &walker{res: res, budget: opts.MaxNodes, canonical: opts.Canonical, set: s.plan.Set}
	if w.budget <= 0 {
		w.budget = min(DefaultNodesPerOctet*len(data)+DefaultNodeSlack, DefaultMaxNodes)
	}
	r := oer.NewReader(data, &oer.Options{Canonical: opts.Canonical})
	root := &Node{Type: t.ASN1, Kind: schemadump.KindName(t.Body)}
	res.Elements = []*Node{root}
	err := w.named(&r, t, root)
	res.Read = r.Offset()
	if err == nil {
		if err = r.Finish(); err != nil && errors.Is(err, der.ErrTrailingData) {
			n := &Node{Offset: r.Offset(), Length: r.Left(), Raw: true, Hex: hexOf(data[r.Offset():]), Note: "after the value", form: jertext.None}
			res.Elements = append(res.Elements, n)
		}
	}
	if err != nil {
		w.fail(root, der.WithField(err, t.ASN1))
	}
	return res
}

// walker is the state of one Decode.
type walker struct {
	res       *Result
	budget    int // elements that may still be made
	canonical bool
	// set is the module set, whose DER schema dump der, made when first
	// needed, reads contents ENCODED BY der.
	set *model.Set
	der *schemadump.Schema
	// defaults are the CANONICAL-OER encodings of the DEFAULT values of
	// the components read (nil: one the dump cannot encode).
	defaults map[*model.Component][]byte
}

// node makes a new child of parent for the element at r's position,
// named field, within the dump's element budget.
func (w *walker) node(r *oer.Reader, parent *Node, field string) (*Node, error) {
	if w.budget--; w.budget < 0 {
		return nil, r.Error(der.KindLimit, "", "the dump would have more elements than its limit", "")
	}
	n := &Node{Offset: r.Offset(), Field: field, Depth: parent.Depth + 1}
	parent.Children = append(parent.Children, n)
	return n, nil
}

// end sets the length of n, read up to where r is.
func end(r *oer.Reader, n *Node) { n.Length = r.Offset() - n.Offset }

// fail records err, with its path complete, as an issue and marks the
// innermost element it is in.
func (w *walker) fail(root *Node, err error) {
	is := Issue{Offset: -1, Message: err.Error()}
	var e *der.Error
	if errors.As(err, &e) {
		is.Offset, is.Path, is.Kind = e.Offset, e.Path(), e.Kind.String()
		is.Message = e.Msg
		if e.Type != "" {
			is.Message = e.Type + ": " + is.Message
		}
		if e.Rule != "" {
			is.Message += " (" + e.Rule + ")"
		}
	}
	w.res.Issues = append(w.res.Issues, is)
	n := root
	for len(n.Children) > 0 && n.Children[len(n.Children)-1].Offset <= is.Offset {
		n = n.Children[len(n.Children)-1]
	}
	if n.Error == "" {
		n.Error = is.Message
	}
}

// describe fills the type columns of n from t, the type of a component
// as the module writes it.
func describe(n *Node, t *model.Type) {
	if t == nil {
		return
	}
	n.Type = schemadump.TypeName(t)
	n.Kind = schemadump.KindName(t)
}

// named reads a value of the Go type gt into n (X.696 10 to 30), as gt's
// DecodeOER does.
func (w *walker) named(r *oer.Reader, gt *plan.Type, n *Node) error {
	gt = plan.ResolveAlias(gt)
	if gt.Base != nil && structural(gt.Kind) {
		// Constraints on a SEQUENCE, SET, CHOICE or ENUMERATED are not
		// OER-visible (X.696 8.2): the base type's codec is the codec.
		return w.named(r, gt.Base, n)
	}
	defer end(r, n)
	switch gt.Kind {
	case model.TypeSequence, model.TypeSet:
		return w.sequence(r, gt, n)
	case model.TypeChoice:
		return w.choice(r, gt, n)
	case model.TypeSequenceOf, model.TypeSetOf:
		elem := gt
		for elem.Elem == nil && elem.Base != nil {
			elem = plan.ResolveAlias(elem.Base)
		}
		if elem.Elem == nil {
			return r.Error(der.KindUnsupported, gt.ASN1, "a list without an element type", "")
		}
		if err := r.Enter(gt.ASN1); err != nil {
			return err
		}
		defer r.Leave()
		return w.list(r, gt.ASN1, gt.Body, n, func(r *oer.Reader, c *Node) error { return w.field(r, elem.Elem, c, nil) })
	case model.TypeEnumerated:
		return w.enum(r, gt, n)
	case model.TypeNull:
		n.leaf = []byte("null")
		return nil
	}
	return w.builtin(r, gt.Body, n)
}

func structural(k model.TypeKind) bool {
	return k == model.TypeSequence || k == model.TypeSet || k == model.TypeChoice || k == model.TypeEnumerated
}

// field reads f (a component, alternative, element or open type row)
// into n, as the emitter's readField does; keys are the keys read so far
// in the SEQUENCE that holds f.
func (w *walker) field(r *oer.Reader, f *plan.Field, n *Node, keys *keySet) error {
	switch {
	case f.Union != nil:
		return w.unionField(r, f, n, keys)
	case f.Named == nil && f.Type.Underlying().Kind == model.TypeOpen:
		// An open type without a table the key resolves: the octets of
		// its field, the complete encoding of a value (X.696 30).
		defer end(r, n)
		b, _, err := r.ReadOpen()
		if err == nil {
			n.Raw, n.Hex, n.Note, n.form = true, hexOf(b), "open type without a table", jertext.None
		}
		return err
	case f.Named == nil:
		defer end(r, n)
		return w.builtin(r, f.Type, n)
	case plan.ConstrainedInt(f):
		// version Version (v1): by the component's own constraints, not
		// the named type's (X.696 8.2), as the emitter reads it.
		defer end(r, n)
		return w.builtin(r, f.Type, n)
	case plan.OwnIntConstraint(f):
		defer end(r, n)
		return r.Error(der.KindUnsupported, f.ASN1, "a component constraining a named INTEGER held as der.Integer", "")
	case (plan.OwnSize(f) || plan.OwnStringChecks(f)) && f.Type.Underlying().Kind != model.TypeSequenceOf && f.Type.Underlying().Kind != model.TypeSetOf:
		// oct Oct (SIZE (2)): by the component's effective SIZE (X.696
		// 13, 14, 27) and permitted alphabet, as the emitter reads it; a
		// list's quantity does not depend on its SIZE.
		defer end(r, n)
		return w.builtin(r, f.Type, n)
	case f.Octets:
		return w.contained(r, f, n)
	case f.Ptr:
		// A pointer breaks a recursive cycle: one level deeper.
		if err := r.Enter(f.Named.ASN1); err != nil {
			return err
		}
		if err := w.named(r, f.Named, n); err != nil {
			return err
		}
		r.Leave()
		return nil
	}
	return w.named(r, f.Named, n)
}

// contained reads an OCTET STRING (CONTAINING T) without a SIZE: a length
// and the OER encoding of T, which must fill it, as an open type field
// (X.696 14, 30); ENCODED BY der (or BER), the DER (BER) of T, read by
// the DER schema dump (derContents). Other strings that contain a value
// are refused, as the emitter refuses them.
func (w *walker) contained(r *oer.Reader, f *plan.Field, n *Node) error {
	defer end(r, n)
	by, ok := encodedBy(f)
	if !ok || by != "" && f.Inner.Ref == nil {
		return r.Error(der.KindUnsupported, f.ASN1, "CONTAINING ... ENCODED BY", "")
	}
	if plan.ContentsBySize(f) {
		return r.Error(der.KindUnsupported, f.ASN1, "a BIT STRING (CONTAINING a type), or an OCTET STRING (CONTAINING a type) with a SIZE", "")
	}
	if by != "" {
		return w.derContents(r, f, n, by == "BER")
	}
	b, at, err := r.ReadOpen()
	if err != nil {
		return err
	}
	n.Note, n.form = "containing", jertext.Containing
	inner, err := w.node(r, n, "")
	if err != nil {
		return err
	}
	inner.Offset = at
	describe(inner, f.Inner)
	sub := r.Field(b, at)
	if f.Ptr {
		if err := sub.Enter(f.Named.ASN1); err != nil {
			return err
		}
	}
	if err := w.named(&sub, f.Named, inner); err != nil {
		return err
	}
	return r.EndField(&sub)
}

// encodedBy returns "DER" or "BER" for a string f that contains a value
// (of a type or an open type) ENCODED BY der or by the basic encoding,
// "" for one without ENCODED BY, and false for ENCODED BY another
// encoding, which the OER emitter refuses or keeps as octets.
func encodedBy(f *plan.Field) (string, bool) {
	c := f.Type.Constraints
	if c == nil || c.EncodedBy == nil {
		return "", true
	}
	switch c.EncodedBy.String() {
	case "2.1.1":
		return "BER", true
	case "2.1.2.1":
		return "DER", true
	}
	return "", false
}

// derContents reads an OCTET STRING (CONTAINING T ENCODED BY der), T an
// assignment: a length and the DER of T (BER with ber), which the DER
// schema dump (internal/schemadump) reads, as the generated OER codecs
// read it with T's DER codecs. Its elements become n's children, at their
// offsets in the OER input; its first error ends the walk, there.
func (w *walker) derContents(r *oer.Reader, f *plan.Field, n *Node, ber bool) error {
	b, at, err := r.ReadOpen()
	if err != nil {
		return err
	}
	return w.derValue(r, f.Inner.Ref, b, at, n, ber)
}

// derValue reads b, the contents at octet at of a string ENCODED BY der
// (BER with ber), as the DER of a value of the type a, with the DER
// schema dump: its elements become n's children, at their offsets in the
// OER input; its first error ends the walk, there.
func (w *walker) derValue(r *oer.Reader, a *model.Assignment, b []byte, at int, n *Node, ber bool) error {
	n.Note, n.form = "containing, ENCODED BY der", jertext.Contained
	if ber {
		n.Note = "containing, ENCODED BY ber"
	}
	if w.der == nil {
		w.der = schemadump.New(w.set)
	}
	res := w.der.Decode(b, a, &schemadump.Options{BER: ber, NoEncapsulated: true})
	for _, c := range res.Elements {
		if err := w.adopt(r, n, c, at); err != nil {
			return err
		}
	}
	if len(res.Issues) > 0 {
		is := res.Issues[0]
		off := at
		if is.Offset >= 0 {
			off += is.Offset
		}
		err := error(der.NewError(der.KindMalformed, off, "", is.Message, ""))
		if is.NonDER {
			err = der.NewError(der.KindNonCanonical, off, "", is.Message, "")
		}
		return der.WithField(err, is.Path)
	}
	return nil
}

// adopt makes d, an element of the DER schema dump of contents at offset
// at of the OER input, and its children children of parent.
func (w *walker) adopt(r *oer.Reader, parent *Node, d *schemadump.Node, at int) error {
	n, err := w.node(r, parent, d.Field)
	if err != nil {
		return err
	}
	n.Offset, n.Length = at+d.Offset, d.HeaderLen+d.Length
	n.Index, n.Type, n.Kind, n.Value, n.Name, n.Object = d.Index, d.Type, d.Kind, d.Value, d.Name, d.Object
	n.Raw, n.Hex, n.Note, n.Error, n.form = d.Raw, d.Hex, d.Note, d.Error, jertext.None
	if d.NonDER != "" {
		n.Note = strings.TrimSpace(n.Note + " non-DER: " + d.NonDER)
	}
	for _, c := range d.Children {
		if err := w.adopt(r, n, c, at); err != nil {
			return err
		}
	}
	return nil
}

// list reads a SEQUENCE OF or SET OF of the type body (X.696 17, 19): the
// quantity, its SIZE checked, and each element by read. A SET OF's
// elements are in ascending order of their encodings in CANONICAL-OER.
func (w *walker) list(r *oer.Reader, typ string, body *model.Type, n *Node, read func(*oer.Reader, *Node) error) error {
	n.form = jertext.Array
	at := r.Offset()
	count, err := r.ReadQuantity()
	if err != nil {
		return err
	}
	if pc := plan.PERConstraints(body); pc.Sized && !pc.SizeExt && (count < pc.SizeLb || pc.SizeUb >= 0 && count > pc.SizeUb) {
		ub := "MAX"
		if pc.SizeUb >= 0 {
			ub = strconv.Itoa(pc.SizeUb)
		}
		return der.NewError(der.KindConstraint, at, typ, "size not in "+strconv.Itoa(pc.SizeLb)+".."+ub, "X.680 51.5")
	}
	if count > w.budget {
		return r.Error(der.KindLimit, "SEQUENCE OF", "the dump would have more elements than its limit", "")
	}
	set := body.Underlying().Kind == model.TypeSetOf
	order := r.BeginSetOf()
	for i := range count {
		c, err := w.node(r, n, "")
		if err != nil {
			return der.WithIndex(err, i)
		}
		c.Index = new(int)
		*c.Index = i
		if err := read(r, c); err != nil {
			return der.WithIndex(err, i)
		}
		if set {
			r.InOrder(&order, typ)
			if err := r.Err(); err != nil {
				return der.WithIndex(err, i)
			}
		}
	}
	return nil
}

// enum reads an ENUMERATED (X.696 11): the item's number, which must be
// an item's (of this version, when the enumeration is extensible).
func (w *walker) enum(r *oer.Reader, gt *plan.Type, n *Node) error {
	root, adds, ext := plan.EnumItems(gt)
	at := r.Offset()
	v, err := r.ReadEnumerated()
	if err != nil {
		return err
	}
	for i, nn := range append(root[:len(root):len(root)], adds...) {
		if nn.Value == v {
			n.Value, n.Name, n.Addition = strconv.FormatInt(v, 10), nn.Name, i >= len(root)
			n.leaf = []byte(strconv.Quote(nn.Name))
			return nil
		}
	}
	if ext {
		return der.NewError(der.KindUnsupported, at, gt.ASN1, "no item of this version has this number", "X.696 11")
	}
	return der.NewError(der.KindInvalidValue, at, gt.ASN1, "no item has this number", "X.696 11")
}

package perdump

import (
	"errors"
	"strconv"

	"github.com/asn1gen/asn1gen/codegen/model"
	"github.com/asn1gen/asn1gen/codegen/plan"
	"github.com/asn1gen/asn1gen/internal/jertext"
	"github.com/asn1gen/asn1gen/internal/schemadump"
	"github.com/asn1gen/asn1gen/runtime/der"
	"github.com/asn1gen/asn1gen/runtime/per"
)

// Options control a dump.
type Options struct {
	// Aligned selects the ALIGNED variant (APER), else UNALIGNED (UPER).
	Aligned bool
	// MaxNodes caps the elements of one dump; 0 selects a limit linear in
	// the input (DefaultNodesPerOctet per octet plus DefaultNodeSlack, at
	// most DefaultMaxNodes).
	MaxNodes int
}

// Limits of the elements of one dump (Options.MaxNodes): PER is dense (a
// SEQUENCE OF NULL of 64K elements takes three octets), so the budget is
// generous per octet, and capped.
const (
	DefaultNodesPerOctet = 64
	DefaultNodeSlack     = 1 << 16
	DefaultMaxNodes      = 1 << 21
)

// Decode walks data, the complete PER encoding of a value of t, and
// returns the tree of what it read with the errors met. It never panics:
// an error ends the reading of the element it is in (and of the elements
// around it, as in a generated decoder), except inside an open type field
// (an extension addition, an open type's value, a contained encoding),
// whose length says where reading goes on.
func (s *Schema) Decode(data []byte, t *plan.Type, opts *Options) *Result {
	if opts == nil {
		opts = &Options{}
	}
	variant := "UNALIGNED"
	if opts.Aligned {
		variant = "ALIGNED"
	}
	res := &Result{Type: s.typeKey(t), Variant: variant, Octets: len(data)}
	w := &walker{s: s, res: res, budget: opts.MaxNodes, root: t.ASN1}
	if w.budget <= 0 {
		w.budget = min(DefaultNodesPerOctet*len(data)+DefaultNodeSlack, DefaultMaxNodes)
	}
	r := per.NewReader(data, opts.Aligned, nil)
	root := &Node{Type: t.ASN1, Kind: schemadump.KindName(t.Body)}
	res.Elements = []*Node{root}
	w.enterRoot(t)
	err := w.named(&r, t, root)
	res.Bits = r.Offset()
	if err == nil {
		err = r.Finish()
		if err != nil && errors.Is(err, der.ErrTrailingData) {
			w.trailing(&r, data)
			err = nil
		}
	}
	if err != nil {
		w.fail(root, der.WithField(err, t.ASN1))
	}
	return res
}

// walker is the state of one Decode.
type walker struct {
	s      *Schema
	res    *Result
	budget int    // elements that may still be made
	root   string // the ASN.1 name of the type read, first in paths
	// path and refs are where the walk is, for the rules (rules.go).
	path []string
	refs []namedAt
}

// node makes a new child of parent for the element at r's position,
// named field, within the dump's element budget.
func (w *walker) node(r *per.Reader, parent *Node, field string) (*Node, error) {
	if w.budget--; w.budget < 0 {
		return nil, r.Error(der.KindLimit, "", "the dump would have more elements than its limit", "")
	}
	n := &Node{Offset: r.Offset(), Field: field, Depth: parent.Depth + 1}
	parent.Children = append(parent.Children, n)
	return n, nil
}

// end sets the length of n, read up to where r is.
func end(r *per.Reader, n *Node) { n.Length = r.Offset() - n.Offset }

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
	for !n.cut && len(n.Children) > 0 && n.Children[len(n.Children)-1].Offset <= is.Offset {
		n = n.Children[len(n.Children)-1]
	}
	if n.Error == "" {
		n.Error = is.Message
	}
}

// trailing shows the octets after the value as a raw element.
func (w *walker) trailing(r *per.Reader, data []byte) {
	from := (r.Offset() + 7) / 8
	if from == 0 {
		from = 1
	}
	n := &Node{Offset: 8 * from, Length: 8 * (len(data) - from), Raw: true, Hex: hexOf(data[from:]), Note: "after the value", form: jertext.None}
	w.res.Elements = append(w.res.Elements, n)
	msg := strconv.Itoa(len(data)-from) + " octets after the value"
	w.res.Issues = append(w.res.Issues, Issue{Offset: 8 * from, Path: w.root, Kind: der.KindTrailingData.String(), Message: msg + " (X.691 11.1)"})
	n.Error = msg
}

// describe fills the type columns of n from t, the type of a component
// as the module writes it.
func (w *walker) describe(n *Node, t *model.Type) {
	if t == nil {
		return
	}
	n.Type = schemadump.TypeName(t)
	n.Kind = schemadump.KindName(t)
}

// named reads a value of the Go type gt into n (X.691 19 to 23 for the
// structures, 12 to 32 for the others), as gt's DecodePER does.
func (w *walker) named(r *per.Reader, gt *plan.Type, n *Node) error {
	gt = plan.ResolveAlias(gt)
	if gt.Base != nil && structural(gt.Kind) {
		// Constraints on a SEQUENCE, SET, CHOICE or ENUMERATED are not
		// PER-visible: the base type's codec is the codec.
		return w.named(r, gt.Base, n)
	}
	defer end(r, n)
	switch gt.Kind {
	case model.TypeSequence, model.TypeSet:
		return w.sequence(r, gt, n)
	case model.TypeChoice:
		return w.choice(r, gt, n)
	case model.TypeSequenceOf, model.TypeSetOf:
		n.form = jertext.Array
		elem := gt
		for elem.Elem == nil && elem.Base != nil {
			elem = plan.ResolveAlias(elem.Base)
		}
		if elem.Elem == nil {
			return r.Error(der.KindUnsupported, gt.ASN1, "a list without an element type", "")
		}
		return w.list(r, gt.Body, elem.Elem, n, nil)
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
func (w *walker) field(r *per.Reader, f *plan.Field, n *Node, keys *keySet) error {
	switch {
	case f.Union != nil:
		return w.unionField(r, f, n, keys)
	case f.Octets:
		return w.contained(r, f, n)
	case f.Named == nil && f.Type.Underlying().Kind == model.TypeOpen:
		// An open type without a table the key resolves: the octets of
		// its field, the complete encoding of a value (X.691 10.2).
		at := r.Offset()
		b, err := r.ReadOpenBytes()
		if err == nil {
			n.Raw, n.Hex, n.Note, n.form = true, hexOf(b), "open type without a table", jertext.None
			n.Offset = at
		}
		end(r, n)
		return err
	case f.Named == nil:
		defer end(r, n)
		return w.builtin(r, f.Type, n)
	case plan.ConstrainedInt(f):
		// version Version (v1): by the component's own constraints, not
		// the named type's (X.691 10.3), as the emitter reads it.
		defer end(r, n)
		return w.builtin(r, f.Type, n)
	case plan.OwnIntConstraint(f):
		defer end(r, n)
		return r.Error(der.KindUnsupported, f.ASN1, "a component constraining a named INTEGER held as der.Integer", "")
	case plan.OwnSize(f):
		// oct Oct (SIZE (2)): by the component's effective SIZE and
		// alphabet (X.691 10.9, 30), as the emitter reads it.
		defer end(r, n)
		if k := f.Type.Underlying().Kind; k == model.TypeSequenceOf || k == model.TypeSetOf {
			n.form = jertext.Array
			return w.list(r, f.Type, plan.ListElem(f.Named), n, nil)
		}
		return w.builtin(r, f.Type, n)
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

// contained reads an OCTET or BIT STRING (CONTAINING T) whose octets are
// the complete encoding of a value of T in the same variant (X.691 11.1,
// X.682 11): with a SIZE, or as a BIT STRING, a string whose length counts
// the octets of T's encoding; an OCTET STRING without one, an open type
// field.
func (w *walker) contained(r *per.Reader, f *plan.Field, n *Node) error {
	if c := f.Type.Constraints; c != nil && c.EncodedBy != nil {
		return r.Error(der.KindUnsupported, f.ASN1, "CONTAINING ... ENCODED BY", "")
	}
	var b []byte
	var at int
	var err error
	save := *r
	if plan.ContentsBySize(f) {
		c, cerr := contentsOf(f.Type)
		if cerr != "" {
			return r.Error(der.KindUnsupported, f.ASN1, cerr, "")
		}
		b, at, err = r.ReadStringContents(c)
	} else {
		b, at, err = r.ReadOpenField()
		if err != nil {
			w.partial(save, err, n, "the field", func(r *per.Reader, raw []byte, at int) error {
				return w.containedValue(r, f, raw, at, n)
			})
		}
	}
	end(r, n)
	if err != nil {
		return err
	}
	return w.containedValue(r, f, b, at, n)
}

// containedValue reads b, the octets at bit at of the input that a string
// holds, as the value it contains into n.
func (w *walker) containedValue(r *per.Reader, f *plan.Field, b []byte, at int, n *Node) error {
	n.Note, n.form = "containing", jertext.Containing
	inner, err := w.node(r, n, "")
	if err != nil {
		return err
	}
	inner.Offset = at
	w.describe(inner, f.Inner)
	if err := r.Enter(f.Named.ASN1); err != nil {
		return err
	}
	sub := r.Field(b, at)
	if err := w.named(&sub, f.Named, inner); err != nil {
		return err
	}
	r.Leave()
	return r.EndField(&sub)
}

// contentsOf is the per.Contents of the string t whose octets are the
// complete encoding of a value; a non-empty string says what is not
// supported.
func contentsOf(t *model.Type) (per.Contents, string) {
	b := plan.PERConstraints(t)
	return per.Contents{Size: sizeOf(b), Bits: t.Underlying().Kind == model.TypeBitString}, b.Unsupported
}

// sizeOf is the per.Size of PER-visible constraints.
func sizeOf(b plan.PERBounds) per.Size {
	if !b.Sized {
		return per.Unsized
	}
	return per.Size{Lb: b.SizeLb, Ub: b.SizeUb, Ext: b.SizeExt}
}

// list reads a SEQUENCE OF or SET OF of the type body whose elements are
// elem (X.691 20, 22): the count, through the fragments of a long list,
// and the elements; each is read by read, or as elem.
func (w *walker) list(r *per.Reader, body *model.Type, elem *plan.Field, n *Node, read func(*per.Reader, *Node) error) error {
	b := plan.PERConstraints(body)
	if b.Unsupported != "" {
		return r.Error(der.KindUnsupported, "", b.Unsupported, "")
	}
	size := sizeOf(b)
	i := 0
	for first, more := true, true; more; first = false {
		count, m, err := r.ReadCount(size, first)
		if err != nil {
			return err
		}
		more = m
		if count > w.budget {
			return r.Error(der.KindLimit, "SEQUENCE OF", "the dump would have more elements than its limit", "")
		}
		for k := 0; k < count; k, i = k+1, i+1 {
			if err := w.element(r, elem, n, i, read); err != nil {
				return der.WithIndex(err, i)
			}
		}
	}
	return nil
}

// element reads element i of a list of elem into a new child of n, by
// read, or as elem.
func (w *walker) element(r *per.Reader, elem *plan.Field, n *Node, i int, read func(*per.Reader, *Node) error) error {
	c, err := w.node(r, n, "")
	if err != nil {
		return err
	}
	c.Index = new(int)
	*c.Index = i
	w.describe(c, elem.Type)
	defer w.leave(w.enter("["+strconv.Itoa(i)+"]", elem.Type))
	if read != nil {
		return read(r, c)
	}
	return w.field(r, elem, c, nil)
}

// enum reads an ENUMERATED (X.691 14): the index of the item among the
// root's, sorted by value, or after the extension bit among the
// additions'.
func (w *walker) enum(r *per.Reader, gt *plan.Type, n *Node) error {
	root, adds, ext := plan.EnumItems(gt)
	at := r.Offset()
	i, inExt, err := r.ReadIndex(len(root), ext)
	if err != nil {
		return err
	}
	var nn *model.NamedNumber
	switch {
	case !inExt && i < len(root):
		nn = root[i]
	case inExt && i < len(adds):
		nn = adds[i]
		n.Addition = true
	case inExt:
		e := der.NewError(der.KindUnsupported, at, "ENUMERATED", "an enumeration addition this version does not know", "X.691 14")
		e.Bits = true
		return e
	default:
		return r.Error(der.KindInvalidValue, gt.ASN1, "no item has this index", "X.691 14")
	}
	n.Value, n.Name = strconv.FormatInt(nn.Value, 10), nn.Name
	n.leaf = []byte(strconv.Quote(nn.Name))
	return nil
}

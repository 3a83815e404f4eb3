package perdump

import (
	"strconv"

	"github.com/asn1gen/asn1gen/codegen/model"
	"github.com/asn1gen/asn1gen/codegen/plan"
	"github.com/asn1gen/asn1gen/internal/jertext"
	"github.com/asn1gen/asn1gen/runtime/der"
	"github.com/asn1gen/asn1gen/runtime/per"
)

// sequence reads a SEQUENCE or SET (X.691 19, 21) as the emitter's
// sequenceDecode does: the extension bit, the preamble of the OPTIONAL
// and DEFAULT root components, the root components, then the bitmap and
// the open type fields of the extension additions.
func (w *walker) sequence(r *per.Reader, gt *plan.Type, n *Node) error {
	n.form = jertext.Object
	root, adds := plan.Additions(gt)
	keys := &keySet{gt: gt}
	extended := false
	if gt.Body.Extensible {
		b, err := r.ReadBool()
		if err != nil {
			return err
		}
		extended = b
	}
	present, err := preamble(r, root)
	if err != nil {
		return err
	}
	for i, f := range root {
		if !present[i] {
			continue
		}
		if err := w.component(r, f, n, keys); err != nil {
			return der.WithField(err, f.ASN1)
		}
	}
	if !extended {
		return nil
	}
	bm, err := r.ReadBitmap()
	if err != nil {
		return err
	}
	for i, a := range adds {
		if !bm.Has(i) {
			continue
		}
		if err := w.addition(r, a, n, keys); err != nil {
			return der.WithField(err, a.Fields[0].ASN1)
		}
	}
	for i := len(adds); i < bm.Len(); i++ {
		if !bm.Has(i) {
			continue
		}
		if err := w.unknown(r, n, "unknown extension addition "+strconv.Itoa(i)); err != nil {
			return der.WithIndex(err, i)
		}
	}
	return nil
}

// preamble reads the presence bits of the OPTIONAL and DEFAULT components
// of fields (X.691 19.2) and returns whether each of fields is present.
func preamble(r *per.Reader, fields []*plan.Field) ([]bool, error) {
	present := make([]bool, len(fields))
	var opt []int
	for i, f := range fields {
		present[i] = !plan.PEROptional(f)
		if !present[i] {
			opt = append(opt, i)
		}
	}
	for len(opt) > 0 {
		k := min(len(opt), 64)
		bits, err := r.ReadBits(k)
		if err != nil {
			return nil, err
		}
		for j, i := range opt[:k] {
			present[i] = bits>>(k-1-j)&1 == 1
		}
		opt = opt[k:]
	}
	return present, nil
}

// component reads the component f of a SEQUENCE or SET into a new child
// of n, and then the open types before it that it is the key of.
func (w *walker) component(r *per.Reader, f *plan.Field, n *Node, keys *keySet) error {
	c, err := w.node(r, n, f.ASN1)
	if err != nil {
		return err
	}
	w.describe(c, f.Type)
	m := w.enter(f.ASN1, f.Type)
	err = w.field(r, f, c, keys)
	w.leave(m)
	if err != nil {
		return err
	}
	c.isDefault = f.Comp != nil && f.Comp.Default != nil && isDefault(c, f.Comp.Default)
	return w.keyRead(r, f, c, keys)
}

// addition reads a present extension addition (X.691 19.9): a component,
// or the components of an addition group with their preamble, in an open
// type field.
func (w *walker) addition(r *per.Reader, a plan.Addition, n *Node, keys *keySet) error {
	save := *r
	o, err := r.BeginOpen()
	if err != nil {
		w.partial(save, err, n, "the field of the addition "+a.Fields[0].ASN1, func(r *per.Reader, raw []byte, at int) error {
			sub := r.Field(raw, at)
			return w.additionBody(&sub, a, n, keys)
		})
		return err
	}
	if err := w.additionBody(r, a, n, keys); err != nil {
		return err
	}
	return r.EndOpen(o)
}

// additionBody reads the components of an addition in its field.
func (w *walker) additionBody(r *per.Reader, a plan.Addition, n *Node, keys *keySet) error {
	fields := a.Fields
	var err error
	present := []bool{true}
	if a.Group {
		// The mandatory members are present with the group.
		if present, err = preamble(r, fields); err != nil {
			return err
		}
	}
	for i, f := range fields {
		if !present[i] {
			continue
		}
		at := len(n.Children)
		if err := w.component(r, f, n, keys); err != nil {
			if a.Group && i > 0 {
				return der.WithField(err, f.ASN1)
			}
			return err
		}
		n.Children[at].Addition = true
	}
	return nil
}

// unknown reads the open type field of an extension addition or CHOICE
// alternative that the schema does not know, shown as its octets.
func (w *walker) unknown(r *per.Reader, n *Node, note string) error {
	c, err := w.node(r, n, "")
	if err != nil {
		return err
	}
	b, err := r.ReadOpenBytes()
	end(r, c)
	if err != nil {
		return err
	}
	c.Raw, c.Addition, c.Hex, c.Note, c.form = true, true, hexOf(b), note, jertext.None
	return nil
}

// choice reads a CHOICE (X.691 23): the index of the alternative, the
// root's a constrained whole number, an addition's (after the extension
// bit) a normally small number and the alternative in an open type field.
// The alternative is read into n, whose field gets its name.
func (w *walker) choice(r *per.Reader, gt *plan.Type, n *Node) error {
	var root, adds []*plan.Field
	for _, f := range gt.Fields {
		if f.Comp.Extension {
			adds = append(adds, f)
		} else {
			root = append(root, f)
		}
	}
	i, inExt, err := r.ReadIndex(len(root), gt.Body.Extensible)
	if err != nil {
		return err
	}
	var f *plan.Field
	switch {
	case !inExt && i < len(root):
		f = root[i]
	case inExt && i < len(adds):
		f = adds[i]
		n.Addition = true
	case inExt:
		// An alternative of a later version.
		c, err := w.node(r, n, "")
		if err != nil {
			return err
		}
		b, err := r.ReadOpenBytes()
		end(r, c)
		if err != nil {
			return err
		}
		c.Raw, c.Addition, c.Hex, c.Note, c.form = true, true, hexOf(b), "unknown alternative "+strconv.Itoa(i)+" of the extension", jertext.None
		return nil
	default:
		return r.Error(der.KindInvalidValue, gt.ASN1, "no alternative has this index", "X.691 23")
	}
	if n.Field == "" {
		n.Field = f.ASN1
	} else {
		n.Field += "." + f.ASN1
	}
	n.alts = append(n.alts, f.ASN1)
	w.describe(n, f.Type)
	defer w.leave(w.enter(f.ASN1, f.Type))
	if !inExt {
		return der.WithField(w.field(r, f, n, nil), f.ASN1)
	}
	save := *r
	o, err := r.BeginOpen()
	if err == nil {
		if err = w.field(r, f, n, nil); err == nil {
			err = r.EndOpen(o)
		}
	} else {
		w.partial(save, err, n, "the field", func(r *per.Reader, raw []byte, at int) error {
			sub := r.Field(raw, at)
			return w.field(&sub, f, n, nil)
		})
	}
	return der.WithField(err, f.ASN1)
}

// keySet holds the keys of the open types of one SEQUENCE or SET read so
// far, and the open types whose key follows them, waiting for it.
type keySet struct {
	gt      *plan.Type
	keys    map[*plan.Field]key
	pending []pendingField
}

// key is the value of a key component: an INTEGER's (or ENUMERATED's), or
// the contents of an OBJECT IDENTIFIER.
type key struct {
	n   int64
	oid string
	ok  bool
	at  *Node // the key's element, whose value the row names
}

// pendingField is an open type whose key follows it: its octets, read,
// and its element.
type pendingField struct {
	f   *plan.Field
	raw []byte
	at  int
	n   *Node
}

// keyRead records the value of f if it is a key, and reads the open types
// before it that wait for it (the emitter's resolveDeferred).
func (w *walker) keyRead(r *per.Reader, f *plan.Field, n *Node, keys *keySet) error {
	if keys == nil {
		return nil
	}
	isKey := false
	for _, g := range keys.gt.Fields {
		isKey = isKey || g.Key == f
	}
	if !isKey {
		return nil
	}
	if keys.keys == nil {
		keys.keys = map[*plan.Field]key{}
	}
	k := key{ok: true, at: n}
	if n.Kind == "OBJECT IDENTIFIER" {
		k.oid = n.oid
	} else if v, err := strconv.ParseInt(n.Value, 10, 64); err == nil {
		k.n = v
	} else {
		k.ok = false // beyond int64: in no row
	}
	keys.keys[f] = k
	var rest []pendingField
	for _, p := range keys.pending {
		if p.f.Key != f {
			rest = append(rest, p)
			continue
		}
		// p's key is read now.
		if err := w.resolve(r, p.f, k, p.raw, p.at, p.n); err != nil {
			return der.WithField(err, p.f.ASN1)
		}
	}
	keys.pending = rest
	return nil
}

// unionField reads the open type f with a table (X.682 10, X.691 10.2):
// the field's octets (or the string that contains them), then the value
// of the row its key selects; a list of them; or, when the key follows,
// the octets now and the value once the key is read.
func (w *walker) unionField(r *per.Reader, f *plan.Field, n *Node, keys *keySet) error {
	if f.List {
		n.form = jertext.Array
		read := func(r *per.Reader, c *Node) error { return w.unionValue(r, f, c, keys) }
		defer end(r, n)
		return w.list(r, f.Type, f, n, read)
	}
	return w.unionValue(r, f, n, keys)
}

// unionValue reads one value of the open type f into n.
func (w *walker) unionValue(r *per.Reader, f *plan.Field, n *Node, keys *keySet) error {
	n.form = jertext.Open
	var raw []byte
	var at int
	var err error
	save := *r
	if f.Containing {
		c, cerr := contentsOf(f.Type)
		if cerr != "" {
			return r.Error(der.KindUnsupported, f.ASN1, cerr, "")
		}
		raw, at, err = r.ReadStringContents(c)
	} else {
		raw, at, err = r.ReadOpenField()
	}
	end(r, n)
	deferred := keys != nil && !f.List && plan.FieldIndex(keys.gt, f.Key) > plan.FieldIndex(keys.gt, f)
	if err != nil {
		if !f.Containing && !deferred {
			w.partial(save, err, n, "the field", func(r *per.Reader, raw []byte, at int) error {
				return w.resolve(r, f, w.keyOf(f, keys), raw, at, n)
			})
		}
		return err
	}
	if deferred {
		keys.pending = append(keys.pending, pendingField{f: f, raw: raw, at: at, n: n})
		return nil
	}
	return w.resolve(r, f, w.keyOf(f, keys), raw, at, n)
}

// keyOf is the key of the open type f read so far.
func (w *walker) keyOf(f *plan.Field, keys *keySet) key {
	var k key
	if keys != nil {
		k = keys.keys[f.Key]
	}
	if keys == nil || !k.ok && k.at == nil {
		k.ok = true // an absent key decodes as its zero value
	}
	return k
}

// resolve reads raw, the octets of the open type f at bit at of the
// input, as the value of the row key selects, into n (the union's
// resolvePER).
func (w *walker) resolve(r *per.Reader, f *plan.Field, k key, raw []byte, at int, n *Node) error {
	u := f.Union
	var row *plan.Row
	for _, ue := range u.Rows {
		if k.ok && (u.KeyKind == model.TypeInteger && ue.KeyInt == k.n || u.KeyKind != model.TypeInteger && ue.KeyBytes != "" && ue.KeyBytes == k.oid) {
			row = ue
			break
		}
	}
	if row == nil {
		n.Raw, n.Hex, n.Note, n.form = true, hexOf(raw), "key not in the table", jertext.None
		if !u.Table.Extensible {
			return per.UnknownKey(at, u.Type.ASN1)
		}
		return nil
	}
	n.Object = objectName(row.Entry)
	if n.Object == "" && k.at != nil {
		n.Object = "the row of the key " + k.at.Value // an object without a name
	}
	if k.at != nil && k.at.Name == "" && row.Entry.Key != nil && row.Entry.Key.Ref != nil {
		k.at.Name = row.Entry.Key.Ref.Name
	}
	if row.Field == nil {
		n.Raw, n.Hex, n.Note, n.form = true, hexOf(raw), "the object has no type", jertext.None
		return nil
	}
	c, err := w.node(r, n, "")
	if err != nil {
		return err
	}
	c.Offset = at
	w.describe(c, row.Field.Type)
	sub := r.Field(raw, at)
	if err := w.field(&sub, row.Field, c, nil); err != nil {
		return err
	}
	return r.EndField(&sub)
}

// objectName names the information object of a row: its own name, or
// that of its key's value.
func objectName(e *model.OpenTypeEntry) string {
	switch {
	case e == nil:
		return ""
	case e.Object != nil && e.Object.Name != "":
		return e.Object.Name
	case e.Key != nil && e.Key.Ref != nil:
		return e.Key.Ref.Name
	}
	return ""
}

package oerdump

import (
	"strconv"

	"github.com/asn1gen/asn1gen/codegen/model"
	"github.com/asn1gen/asn1gen/codegen/plan"
	"github.com/asn1gen/asn1gen/internal/jertext"
	"github.com/asn1gen/asn1gen/runtime/der"
	"github.com/asn1gen/asn1gen/runtime/oer"
)

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
func (w *walker) keyRead(r *oer.Reader, f *plan.Field, n *Node, keys *keySet) error {
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
		if err := w.resolve(r, p.f, k, p.raw, p.at, p.n); err != nil {
			return der.WithField(err, p.f.ASN1)
		}
	}
	keys.pending = rest
	return nil
}

// unionField reads the open type f with a table (X.682 10, X.696 30): the
// field's octets, then the value of the row its key selects; a list of
// them, each in its field; or, when the key follows, the octets now and
// the value once the key is read.
func (w *walker) unionField(r *oer.Reader, f *plan.Field, n *Node, keys *keySet) error {
	defer end(r, n)
	if f.Containing && plan.ContentsBySize(f) {
		return r.Error(der.KindUnsupported, f.ASN1, "a BIT STRING (CONTAINING a type), or an OCTET STRING (CONTAINING a type) with a SIZE", "")
	}
	if _, ok := encodedBy(f); f.Containing && !ok {
		return r.Error(der.KindUnsupported, f.ASN1, "CONTAINING ... ENCODED BY", "")
	}
	if f.List {
		where := f.ASN1
		if keys != nil {
			where = keys.gt.ASN1 + "." + f.ASN1
		}
		return w.list(r, where, f.Type, n, func(r *oer.Reader, c *Node) error {
			defer end(r, c)
			return w.unionValue(r, f, c, keys)
		})
	}
	return w.unionValue(r, f, n, keys)
}

// unionValue reads one value of the open type f into n.
func (w *walker) unionValue(r *oer.Reader, f *plan.Field, n *Node, keys *keySet) error {
	n.form = jertext.Open
	raw, at, err := r.ReadOpen()
	if err != nil {
		return err
	}
	if keys != nil && !f.List && plan.FieldIndex(keys.gt, f.Key) > plan.FieldIndex(keys.gt, f) {
		keys.pending = append(keys.pending, pendingField{f: f, raw: raw, at: at, n: n})
		return nil
	}
	var k key
	if keys != nil {
		k = keys.keys[f.Key]
	}
	if keys == nil || !k.ok && k.at == nil {
		k.ok = true // an absent key decodes as its zero value
	}
	return w.resolve(r, f, k, raw, at, n)
}

// resolve reads raw, the octets of the open type f at octet at of the
// input, as the value of the row key selects, into n (the union's
// resolveOER).
func (w *walker) resolve(r *oer.Reader, f *plan.Field, k key, raw []byte, at int, n *Node) error {
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
			return der.UnknownKey(at, u.Type.ASN1)
		}
		return nil
	}
	n.Object = objectName(row.Entry)
	if n.Object == "" && k.at != nil {
		n.Object = "the row of the key " + k.at.Value // an object without a name
	}
	if k.at != nil && k.at.Name == "" && row.Entry != nil && row.Entry.Key != nil && row.Entry.Key.Ref != nil {
		k.at.Name = row.Entry.Key.Ref.Name
	}
	if row.Field == nil {
		n.Raw, n.Hex, n.Note, n.form = true, hexOf(raw), "the object has no type", jertext.None
		return nil
	}
	if by, _ := encodedBy(f); f.Containing && by != "" {
		// The contents are the DER of the row's value, which the
		// generated union reads with its DER methods.
		a := rowAssignment(row, u)
		if a == nil {
			return r.Error(der.KindUnsupported, f.ASN1, "CONTAINING ... ENCODED BY a row of a type without a module", "")
		}
		return w.derValue(r, a, raw, at, n, by == "BER")
	}
	c, err := w.node(r, n, "")
	if err != nil {
		return err
	}
	c.Offset = at
	describe(c, row.Field.Type)
	sub := r.Field(raw, at)
	if err := w.field(&sub, row.Field, c, nil); err != nil {
		return err
	}
	return r.EndField(&sub)
}

// rowAssignment returns the assignment the DER schema dump reads the
// value of row with: the row's type, named after the type it refers to
// (in that type's module) or, written in the object (SYNTAX SEQUENCE OF
// ...), after the row (in the object's module, or the class's); nil
// without a module.
func rowAssignment(row *plan.Row, u *plan.Union) *model.Assignment {
	a := &model.Assignment{Name: row.Field.ASN1, Kind: model.KindType, Type: row.Field.Type}
	switch t := row.Field.Type; {
	case t.Ref != nil && t.Ref.Module != nil:
		a.Name, a.Module = t.Ref.Name, t.Ref.Module
	case row.Entry != nil && row.Entry.Object != nil && row.Entry.Object.Module != nil:
		a.Module = row.Entry.Object.Module
	case u.Table.Class != nil && u.Table.Class.Module != nil:
		a.Module = u.Table.Class.Module
	default:
		return nil
	}
	return a
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

package oerdump

import (
	"bytes"
	"errors"
	"math/big"
	"slices"

	"github.com/asn1gen/asn1gen/codegen/model"
	"github.com/asn1gen/asn1gen/codegen/plan"
	"github.com/asn1gen/asn1gen/runtime/der"
	"github.com/asn1gen/asn1gen/runtime/oer"
)

// sequence draws a SEQUENCE or SET as the walker's sequence reads it: the
// preamble, the root components present (a SET's in the order of their
// tags), and sometimes extension additions, each in an open type field
// after the presence bitmap.
func (d *drawer) sequence(gt *plan.Type) ([]byte, error) {
	root, adds := components(gt)
	if gt.Kind == model.TypeSet {
		if why := setOrder(gt); why != "" {
			return nil, notDrawn(gt.ASN1 + ": " + why)
		}
	}
	rows, keys, err := d.chooseRows(gt)
	if err != nil {
		return nil, err
	}
	var bits []bool
	var body []byte
	for _, f := range root {
		b, present, err := d.component(f, rows, keys, !plan.PEROptional(f))
		if err != nil {
			return nil, der.WithField(err, f.ASN1)
		}
		if plan.PEROptional(f) {
			bits = append(bits, present)
		}
		body = append(body, b...)
	}
	ext := gt.Body.Extensible
	var fields []byte
	x := der.BitString{Bytes: make([]byte, (len(adds)+7)/8), BitLength: len(adds)}
	extended := false
	if ext && len(adds) > 0 && !d.deep() && d.rnd.IntN(3) == 0 {
		for i, a := range adds {
			if d.rnd.IntN(2) == 0 {
				continue
			}
			b, ok, err := d.addition(a, rows, keys)
			if err != nil {
				return nil, err
			}
			if ok {
				x.Bytes[i/8] |= 0x80 >> (i % 8)
				fields = append(fields, open(b)...)
				extended = true
			}
		}
	}
	if ext {
		bits = append([]bool{extended}, bits...)
	}
	out, err := preamble(bits)
	if err != nil {
		return nil, err
	}
	out = append(out, body...)
	if !extended {
		return out, nil
	}
	b, err := write(func(w *oer.Writer) error { return w.WriteExtensions(x) })
	return append(append(out, b...), fields...), err
}

// preamble returns the preamble of bits, nothing for none.
func preamble(bits []bool) ([]byte, error) {
	return write(func(w *oer.Writer) error {
		if len(bits) > 0 {
			w.WritePreamble(bits...)
		}
		return nil
	})
}

// chooseRows picks, for each open type with a table in gt, the row of a
// random object of its set, one per key component (the open types that
// share a key take their rows with that key): the key is then written
// with the row's value. keys maps a key component to its row. Of an open
// type CONTAINED ENCODED BY der, a row with a type whose DER the drawer
// does not write (derDrawable) is not picked.
func (d *drawer) chooseRows(gt *plan.Type) (rows map[*plan.Field]*plan.Row, keys map[*plan.Field]*plan.Row, err error) {
	for _, f := range gt.Fields {
		if f.Union == nil || f.Key == nil {
			continue
		}
		if rows == nil {
			rows, keys = map[*plan.Field]*plan.Row{}, map[*plan.Field]*plan.Row{}
		}
		if k, ok := keys[f.Key]; ok {
			rows[f] = sameKey(f.Union, k)
			continue
		}
		// Of an open type CONTAINED ENCODED BY der (or BER), the rows
		// with a type whose DER derRow draws.
		by, _ := encodedBy(f)
		der := f.Containing && by != ""
		var cands []*plan.Row
		for _, r := range f.Union.Rows {
			if (f.Union.KeyKind == model.TypeInteger || r.KeyBytes != "") && (!d.typed || r.Field != nil) && (!der || r.Field == nil || d.derDrawable(r.Field)) {
				cands = append(cands, r)
			}
		}
		if len(cands) == 0 {
			keys[f.Key] = nil
			continue
		}
		r := cands[d.rnd.IntN(len(cands))]
		rows[f], keys[f.Key] = r, r
	}
	return rows, keys, nil
}

// sameKey returns the row of u with k's key, nil if none.
func sameKey(u *plan.Union, k *plan.Row) *plan.Row {
	if k == nil {
		return nil
	}
	for _, r := range u.Rows {
		if r.KeyInt == k.KeyInt && r.KeyBytes == k.KeyBytes {
			return r
		}
	}
	return nil
}

// component draws the component f of a SEQUENCE or SET: present when
// must, or by chance; a key of an open type always, with its row's value.
// A DEFAULT component drawn with its default value is left out (X.696
// 16.2), as is one whose default the drawer cannot encode.
func (d *drawer) component(f *plan.Field, rows, keys map[*plan.Field]*plan.Row, must bool) ([]byte, bool, error) {
	row, isKey := keys[f]
	if !must && !isKey && (d.deep() || d.rnd.IntN(2) == 0) {
		return nil, false, nil
	}
	var def []byte
	if f.Comp != nil && f.Comp.Default != nil {
		var ok bool
		if def, ok = d.defaultOctets(f); !ok {
			return nil, false, nil
		}
	}
	if isKey && row != nil {
		d.force = row
	}
	b, err := d.field(f, rows)
	if d.force != nil {
		d.force = nil
		if err == nil {
			err = notDrawn("a key of an open type that is neither an INTEGER nor an OBJECT IDENTIFIER")
		}
	}
	if err != nil && d.typed && !must && errors.Is(err, ErrNotDrawn) {
		return nil, false, nil // left out, with TypedRows
	}
	if err != nil {
		return nil, false, err
	}
	if def != nil && bytes.Equal(b, def) {
		return nil, false, nil
	}
	return b, true, nil
}

// addition draws an extension addition: a component, or the preamble and
// members of a group; ok is false when nothing of it is present.
func (d *drawer) addition(a plan.Addition, rows, keys map[*plan.Field]*plan.Row) (b []byte, ok bool, err error) {
	if !a.Group {
		f := a.Fields[0]
		b, ok, err = d.component(f, rows, keys, true)
		return b, ok, der.WithField(err, f.ASN1)
	}
	var bits []bool
	var body []byte
	for _, f := range a.Fields {
		opt := plan.PEROptional(f)
		c, present, err := d.component(f, rows, keys, !opt)
		if err != nil {
			return nil, false, der.WithField(err, f.ASN1)
		}
		if opt {
			bits = append(bits, present)
		}
		ok = ok || present
		body = append(body, c...)
	}
	if !ok {
		return nil, false, nil
	}
	b, err = preamble(bits)
	return append(b, body...), true, err
}

// unionField draws the open type f with a table: the value of its row's
// type in an open type field, a list of them, or octets when the row has
// no type or there is no row.
func (d *drawer) unionField(f *plan.Field, rows map[*plan.Field]*plan.Row) ([]byte, error) {
	if f.Containing && plan.ContentsBySize(f) {
		return nil, notDrawn(f.ASN1 + ": a string CONTAINING a type with a SIZE")
	}
	row := rows[f]
	if row == nil && !f.Union.Table.Extensible {
		return nil, notDrawn(f.ASN1 + ": an open type whose table has no row to draw")
	}
	if d.typed && (row == nil || row.Field == nil) && !encodedOctets(f) {
		return nil, notDrawn(f.ASN1 + ": an open type whose table has no row with a type")
	}
	by, _ := encodedBy(f)
	value := func() ([]byte, error) {
		if row == nil || row.Field == nil {
			return open(d.octets(d.rnd.IntN(4))), nil
		}
		draw := d.field
		if f.Containing && by != "" {
			// The DER of the row's value (ENCODED BY der, or BER).
			draw = func(f *plan.Field, _ map[*plan.Field]*plan.Row) ([]byte, error) { return d.derRow(f) }
		}
		b, err := draw(row.Field, nil)
		if err != nil {
			return nil, err
		}
		return open(b), nil
	}
	if f.List {
		return d.list(f.Type, value)
	}
	return value()
}

// encodedOctets reports whether f is an OCTET STRING (CONTAINING an open
// type ENCODED BY der or BER): every codec keeps the contents of a row
// without a type in Raw as octets, which JER writes in hex (X.697 25).
func encodedOctets(f *plan.Field) bool {
	c := f.Type.Constraints
	if !f.Containing || c == nil || c.EncodedBy == nil || f.Type.Underlying().Kind != model.TypeOctetString {
		return false
	}
	by := c.EncodedBy.String()
	return by == "2.1.1" || by == "2.1.2.1"
}

// choice draws a CHOICE: an alternative's tag and value, an extension
// addition's in an open type field. Past the depth it takes an
// alternative of a built-in type, or one not held by pointer, when there
// is one.
func (d *drawer) choice(gt *plan.Type) ([]byte, error) {
	if !tagsDistinct(gt.Fields) {
		return nil, notDrawn(gt.ASN1 + ": a CHOICE whose alternatives share a tag")
	}
	alts := gt.Fields
	if d.deep() {
		alts = shallow(alts)
	}
	if len(alts) == 0 {
		return nil, notDrawn(gt.ASN1 + ": a CHOICE without alternatives")
	}
	// With TypedRows, the alternatives in a random order until one can
	// be drawn.
	var f *plan.Field
	var b []byte
	var err error
	for _, i := range d.rnd.Perm(len(alts)) {
		f = alts[i]
		b, err = d.field(f, nil)
		if err == nil || !d.typed || !errors.Is(err, ErrNotDrawn) {
			break
		}
	}
	if err != nil {
		return nil, der.WithField(err, f.ASN1)
	}
	if len(f.Type.Tags) == 0 {
		if f.Comp.Extension {
			return nil, notDrawn(gt.ASN1 + ": an untagged alternative among the extension additions")
		}
		return b, nil // an untagged CHOICE writes its own tag
	}
	tag, err := write(func(w *oer.Writer) error { w.WriteTag(wireTag(f.Type.Tags[0])); return nil })
	if f.Comp.Extension {
		b = open(b)
	}
	return append(tag, b...), err
}

// shallow returns the alternatives of a built-in type, or else those not
// held by pointer, or else all: where a draw past its depth goes.
func shallow(alts []*plan.Field) []*plan.Field {
	var leaves, direct []*plan.Field
	for _, f := range alts {
		switch {
		case f.Named == nil || !structural(plan.ResolveAlias(f.Named).Kind) && !list(plan.ResolveAlias(f.Named).Kind):
			leaves = append(leaves, f)
		case !f.Ptr:
			direct = append(direct, f)
		}
	}
	switch {
	case len(leaves) > 0:
		return leaves
	case len(direct) > 0:
		return direct
	}
	return alts
}

func list(k model.TypeKind) bool { return k == model.TypeSequenceOf || k == model.TypeSetOf }

// drawnType is the model type whose value the drawer writes for f: the
// component's own with a constraint of its own on an INTEGER, else its
// named type's.
func drawnType(f *plan.Field) *model.Type {
	if f.Named == nil || plan.ConstrainedInt(f) {
		return f.Type
	}
	gt := plan.ResolveAlias(f.Named)
	for gt.Base != nil && structural(gt.Kind) {
		gt = plan.ResolveAlias(gt.Base)
	}
	return gt.Body
}

// defaultOctets returns the CANONICAL-OER encoding of the DEFAULT value
// of f, written as the drawer writes a value of its type; false when the
// drawer does not encode values of that kind.
func (d *drawer) defaultOctets(f *plan.Field) ([]byte, bool) {
	return d.valueOctets(drawnType(f), f.Comp.Default, 0)
}

// valueOctets returns the encoding of the value v of the type t, as the
// drawer writes a value drawn; false when it does not encode v.
func (d *drawer) valueOctets(t *model.Type, v *model.Value, depth int) ([]byte, bool) {
	u := t.Underlying()
	if depth > 32 || v == nil {
		return nil, false
	}
	switch {
	case (u.Kind == model.TypeSequence || u.Kind == model.TypeSet) && v.Kind == model.ValueSequence:
		return d.sequenceValue(u, v, depth)
	case u.Kind == model.TypeChoice && v.Kind == model.ValueChoice:
		return d.choiceValue(u, v, depth)
	case list(u.Kind) && v.Kind == model.ValueList && u.Elem != nil:
		return d.listValue(u, v, depth)
	case u.Kind == model.TypeOpen && v.OpenType != nil && len(v.Elems) == 1:
		// Type : Value (X.681 14.6), in an open type field.
		b, ok := d.valueOctets(v.OpenType, v.Elems[0], depth+1)
		return open(b), ok
	}
	b := boundsOf(t)
	if b.unsupported != "" {
		return nil, false
	}
	ok := true
	out, err := write(func(w *oer.Writer) error {
		switch {
		case u.Kind == model.TypeNull:
		case u.Kind == model.TypeBoolean && v.Kind == model.ValueBoolean:
			w.WriteBool(v.Bool)
		case u.Kind == model.TypeEnumerated && v.Kind == model.ValueEnumerated:
			w.WriteEnumerated(v.Int)
		case u.Kind == model.TypeInteger && v.Kind == model.ValueInteger && v.Big == nil:
			return defaultInteger(w, t, b, v.Int, &ok)
		case u.Kind == model.TypeOctetString && v.Kind == model.ValueOctetString:
			if b.fixed {
				return w.WriteFixedOctetString(v.Bytes, b.n)
			}
			return w.WriteOctetString(v.Bytes, b.size)
		case u.Kind == model.TypeBitString && (v.Kind == model.ValueBitString || v.Kind == model.ValueList && len(v.Elems) == 0):
			return d.defaultBits(w, t, b, v, &ok)
		case u.Kind == model.TypeCharacterString && v.Kind == model.ValueString:
			st, known := stringTypes[u.Name]
			switch {
			case !known:
				ok = false
			case unsizedString(st):
				return w.WriteString(st, v.String, oer.Unsized)
			case b.fixed:
				return w.WriteFixedString(st, v.String, b.n)
			default:
				return w.WriteString(st, v.String, b.size)
			}
		case u.Kind == model.TypeObjectIdentifier && v.Kind == model.ValueOID && len(v.OID) > 0:
			o, err := der.OIDFromArcs(v.OID...)
			if err != nil {
				return err
			}
			w.WriteOID(o)
		default:
			ok = false
		}
		return nil
	})
	return out, ok && err == nil
}

// sequenceValue writes a SEQUENCE or SET value as sequence writes one
// drawn: the preamble, then the root components given (a SET's in the
// order of their tags), one equal to its DEFAULT left out. A value of an
// extension addition is not encoded.
func (d *drawer) sequenceValue(u *model.Type, v *model.Value, depth int) ([]byte, bool) {
	given := map[string]*model.Value{}
	for _, nv := range v.Fields {
		given[nv.Name] = nv.Value
	}
	var root []*model.Component
	for _, c := range u.Components {
		if c.Extension {
			if given[c.Name] != nil {
				return nil, false
			}
			continue
		}
		if u.Kind == model.TypeSet && len(c.Type.FirstTags()) == 0 {
			return nil, false
		}
		root = append(root, c)
	}
	if u.Kind == model.TypeSet {
		slices.SortStableFunc(root, func(a, b *model.Component) int {
			ta, tb := model.LeastTag(a.Type.FirstTags()), model.LeastTag(b.Type.FirstTags())
			switch {
			case ta.Less(tb):
				return -1
			case tb.Less(ta):
				return 1
			}
			return 0
		})
	}
	var bits []bool
	if u.Extensible {
		bits = append(bits, false)
	}
	var body []byte
	for _, c := range root {
		cv := given[c.Name]
		var b []byte
		if cv != nil {
			var ok bool
			if b, ok = d.valueOctets(c.Type, cv, depth+1); !ok {
				return nil, false
			}
			if c.Default != nil {
				def, ok := d.valueOctets(c.Type, c.Default, depth+1)
				if !ok {
					return nil, false
				}
				if bytes.Equal(b, def) {
					cv = nil
				}
			}
		} else if !c.Optional && c.Default == nil {
			return nil, false
		}
		if c.Optional || c.Default != nil {
			bits = append(bits, cv != nil)
		}
		if cv != nil {
			body = append(body, b...)
		}
	}
	out, err := preamble(bits)
	return append(out, body...), err == nil
}

// choiceValue writes a CHOICE value as choice writes one drawn.
func (d *drawer) choiceValue(u *model.Type, v *model.Value, depth int) ([]byte, bool) {
	if len(v.Elems) != 1 {
		return nil, false
	}
	for _, c := range u.Components {
		if c.Name != v.Name {
			continue
		}
		b, ok := d.valueOctets(c.Type, v.Elems[0], depth+1)
		if !ok {
			return nil, false
		}
		if len(c.Type.Tags) == 0 {
			return b, !c.Extension && c.Type.Underlying().Kind == model.TypeChoice
		}
		if c.Extension {
			b = open(b)
		}
		tag, err := write(func(w *oer.Writer) error { w.WriteTag(wireTag(c.Type.Tags[0])); return nil })
		return append(tag, b...), err == nil
	}
	return nil, false
}

// listValue writes a SEQUENCE OF or SET OF value as list writes one
// drawn: the quantity, then the elements, a SET OF's in order.
func (d *drawer) listValue(u *model.Type, v *model.Value, depth int) ([]byte, bool) {
	var elems [][]byte
	for _, e := range v.Elems {
		b, ok := d.valueOctets(u.Elem, e, depth+1)
		if !ok {
			return nil, false
		}
		elems = append(elems, b)
	}
	if u.Kind == model.TypeSetOf {
		slices.SortStableFunc(elems, comparePadded)
	}
	out, _ := write(func(w *oer.Writer) error { w.WriteQuantity(len(elems)); return nil })
	for _, e := range elems {
		out = append(out, e...)
	}
	return out, true
}

// defaultInteger writes the INTEGER v by the bounds b of t, as integer
// writes a value drawn.
func defaultInteger(w *oer.Writer, t *model.Type, b bounds, v int64, ok *bool) error {
	if plan.IntegerGo(t) != "int64" {
		switch {
		case b.wide:
			return w.WriteUintRange(uint64(v), uint64(b.lb), b.wideUb)
		case b.hasUb || b.hasLb && b.lb != 0:
			*ok = false
			return nil
		}
		return w.WriteBigInt(big.NewInt(v), !b.hasLb)
	}
	switch {
	case b.hasLb && b.hasUb:
		return w.WriteIntRange(v, b.lb, b.ub)
	case b.hasUb:
		*ok = false
	case b.hasLb:
		return w.WriteIntLb(v, b.lb)
	default:
		w.WriteInt(v)
	}
	return nil
}

// defaultBits writes the BIT STRING value v of t as bitString writes a
// value drawn: with named bits, without its trailing 0 bits.
func (d *drawer) defaultBits(w *oer.Writer, t *model.Type, b bounds, v *model.Value, ok *bool) error {
	u := t.Underlying()
	bits := der.BitString{Bytes: v.Bytes, BitLength: v.BitLen}
	if len(v.Names) > 0 {
		n := 0
		at := map[string]int{}
		for _, nn := range u.NamedNumbers {
			at[nn.Name] = int(nn.Value)
		}
		for _, name := range v.Names {
			i, known := at[name]
			if !known {
				*ok = false
				return nil
			}
			n = max(n, i+1)
		}
		bits = der.BitString{Bytes: make([]byte, (n+7)/8), BitLength: n}
		for _, name := range v.Names {
			bits.Bytes[at[name]/8] |= 0x80 >> (at[name] % 8)
		}
	}
	lb, _ := d.size(t, plan.PERConstraints(t))
	if b.fixed {
		lb = b.n
	}
	if len(u.NamedNumbers) > 0 {
		bits = trimNamedBits(bits, lb)
	}
	if b.fixed {
		return w.WriteFixedBitString(bits, b.n)
	}
	return w.WriteBitString(bits, b.size)
}

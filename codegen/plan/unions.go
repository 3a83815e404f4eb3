// Open types resolved through a table whose key is a sibling component:
// their unions, the rows of a union, and rows sharing one field.

package plan

import (
	"strconv"
	"strings"

	"github.com/asn1gen/asn1gen/codegen/model"
	"github.com/asn1gen/asn1gen/codegen/names"
)

// union is the Go form of an open type with a compile-time table: the
// received encoding plus a typed field per row of the table (shared by rows
// of one Go layout).
type Union struct {
	Type     *Type
	Table    *model.OpenTypeTable
	KeyKind  model.TypeKind
	KindType string // discriminant type
	// kind is the discriminant of the table's class, shared by every union
	// of the class (naming.go).
	Kind *Discriminant
	// key identifies the union: every open type over one object set and
	// class field, of one shape, shares it (unionKeyOf).
	key string
	// label names the union of a table without a class (an ANY mapping):
	// the component's Go form.
	label string
	Rows  []*Row
	// keyRaw: an INTEGER key of any size (runtime.Integer), compared
	// through Int64.
	KeyRaw bool
	// containing: the union is the contents of an OCTET or BIT STRING
	// (Raw holds contents octets, not an element).
	Containing bool
}

type Row struct {
	Entry *model.OpenTypeEntry
	// f is the typed field of the row; nil when the row selects no type.
	// Rows whose values have one Go layout share a field (f.name): see
	// shareUnionSlots.
	Field *Field
	// kc is the discriminant constant of the row's object.
	Kind *KindConst
	// slot is the Go type of the field holding the row's value when it
	// differs from the row's own (a DirectoryString instance kept in the
	// field of another instance); the value is converted, nil otherwise.
	Slot     *Type
	Const    string
	KeyBytes string // OID contents for OID keys
	KeyInt   int64
	Comment  string
}

// planUnions finds the open-type components of a struct whose table key
// is a sibling, and plans their union types.
func (p *Plan) planUnions(gt *Type) {
	for _, f := range gt.Fields {
		tbl, containing := openTable(f.Type)
		list := false
		if tbl == nil && (f.Type.Kind == model.TypeSetOf || f.Type.Kind == model.TypeSequenceOf) && f.Type.Ref == nil && f.Type.Elem != nil {
			// Attribute.attrValues: SET OF ATTRIBUTE.&Type({Set}{@attrType}).
			if e := f.Type.Elem; e.Kind == model.TypeOpen && e.OpenType != nil && len(e.Tags) == 0 {
				tbl, list = e.OpenType, true
			}
		}
		if tbl == nil || tbl.Key == nil {
			continue
		}
		var key *Field
		for _, k := range gt.Fields {
			if k.Comp == tbl.Key {
				key = k
			}
		}
		if key == nil || key.Named != nil && key.Named.Kind != model.TypeObjectIdentifier && key.Named.Kind != model.TypeInteger {
			continue
		}
		// The value is resolved once the key is read: at once when the key
		// comes first (the usual order), after the last component when it
		// follows or in a SET (any order on the wire).
		deferred := gt.Kind == model.TypeSet || FieldIndex(gt, key) > FieldIndex(gt, f)
		if deferred && list {
			continue // the values stay raw elements
		}
		kk := key.Type.Kind
		if kk != model.TypeObjectIdentifier && kk != model.TypeInteger {
			continue
		}
		keyRaw := kk == model.TypeInteger && GoIntOf(key) != "int64"
		// Each package has its unions: another package's union decodes
		// through unexported methods.
		uk := unionKeyOf(tbl, kk, containing, keyRaw)
		if gt.Pkg != "" {
			uk = "package " + gt.Pkg + " " + uk
		}
		u := p.unions[uk]
		if u == nil {
			// One union per object set, class field and shape, shared by
			// every open type over them (naming.go names it after the set).
			u = &Union{Table: tbl, KeyKind: kk, Containing: containing, KeyRaw: keyRaw, key: uk, label: names.Exported(f.ASN1)}
			u.Type = &Type{ASN1: unionASN1(tbl), Kind: model.TypeOpen, Union: u, Pkg: gt.Pkg, Key: "union " + uk}
			if tbl.Class == nil {
				// An ANY mapping: one table per component.
				u.Type.ASN1 = gt.ASN1 + "." + f.ASN1
			}
			p.unions[uk] = u
			p.add(u.Type)
			p.planEntries(u, containing)
		}
		f.Union, f.Key, f.Containing, f.List, f.Deferred = u, key, containing, list, deferred
		if !list {
			f.Named = u.Type
		}
	}
}

// shareUnionSlots lets the rows of an open type whose values have one Go
// layout share one field, since a value holds one row at a time: the
// attributes of a Name select eleven DirectoryString instances and five
// strings, which as fields of their own made every AttributeTypeAndValue
// 424 bytes, and as two shared fields make it 96. A shared field is named
// after what its rows have in common (DirectoryString, the Go type's name,
// String); a row alone keeps its own name.
func (p *Plan) shareUnionSlots() {
	for _, gt := range p.Types {
		u := gt.Union
		if u == nil {
			continue
		}
		type slot struct {
			name    string // for a shared slot
			typ     *Type
			entries []*Row
		}
		slots := map[string]*slot{}
		var order []*slot
		for _, ue := range u.Rows {
			if ue.Field == nil {
				continue
			}
			key, name, typ := p.slotKey(ue.Field)
			sl := slots[key]
			if sl == nil {
				sl = &slot{name: name, typ: typ}
				slots[key] = sl
				order = append(order, sl)
			}
			sl.entries = append(sl.entries, ue)
		}
		fn := names.NewFieldNamer("Raw", "Kind")
		for _, sl := range order {
			label := sl.entries[0].Field.ASN1
			if len(sl.entries) > 1 {
				label = sl.name
			}
			name := fn.Field(label)
			for _, ue := range sl.entries {
				ue.Field.Name = name
				if sl.typ != nil && ResolveAlias(ue.Field.Named) != sl.typ {
					ue.Slot = sl.typ
				}
			}
		}
	}
}

// slotKey returns the key under which rows share a union field, the name
// of a shared field, and the Go type of a field shared through conversion.
func (p *Plan) slotKey(f *Field) (key, name string, typ *Type) {
	if f.Named == nil {
		g := BuiltinGoString(f.Type)
		return "go " + g, builtinSlotName(g), nil
	}
	gt := ResolveAlias(f.Named)
	if !f.Ptr && gt.Kind == model.TypeChoice && gt.Alias == nil && gt.Base == nil && (gt.ChoiceOwner != nil || len(gt.ChoiceSharers) > 0) {
		owner := gt
		if gt.ChoiceOwner != nil {
			owner = gt.ChoiceOwner
		}
		// The field has the Go type of the instance first by name (one an
		// assignment names before one used in place), so that it does not
		// depend on which instance was planned first.
		canon := owner
		for _, o := range owner.ChoiceSharers {
			if inPlace, cur := o.asg.Instance != nil, canon.asg.Instance != nil; inPlace != cur {
				if !inPlace {
					canon = o
				}
			} else if o.Name < canon.Name {
				canon = o
			}
		}
		return "choice " + owner.Pkg + "." + owner.ChoiceType, owner.Template.Name, canon
	}
	if f.Ptr {
		return "ptr " + gt.Pkg + "." + gt.Name, gt.Name, nil
	}
	return "type " + gt.Pkg + "." + gt.Name, gt.Name, nil
}

// builtinSlotName names a union field shared by rows of one built-in Go
// type.
func builtinSlotName(goType string) string {
	switch goType {
	case "string":
		return "String"
	case "[]byte":
		return "Bytes"
	case "bool":
		return "Bool"
	case "int64":
		return "Int"
	}
	if i := strings.LastIndexAny(goType, ".]"); i >= 0 {
		return goType[i+1:] // runtime.OID, der.Time, runtime.BitString
	}
	return goType
}

// unionCandidate reports whether a component's type may become an open
// type union (decided once the sibling key is known).
func unionCandidate(t *model.Type) bool {
	if tbl, _ := openTable(t); tbl != nil {
		return true
	}
	if (t.Kind == model.TypeSetOf || t.Kind == model.TypeSequenceOf) && t.Ref == nil && t.Elem != nil {
		return t.Elem.Kind == model.TypeOpen && t.Elem.OpenType != nil
	}
	return false
}

// openTable returns the table of an open type component: on the type
// itself (CLASS.&Type) or on the type an OCTET STRING or BIT STRING
// CONTAINS.
func openTable(t *model.Type) (*model.OpenTypeTable, bool) {
	if t.Kind == model.TypeOpen && t.OpenType != nil {
		return t.OpenType, false
	}
	if (t.Kind == model.TypeOctetString || t.Kind == model.TypeBitString) && t.Constraints != nil {
		if c := t.Constraints.Containing; c != nil && c.Kind == model.TypeOpen && c.OpenType != nil {
			return c.OpenType, true
		}
	}
	return nil, false
}

func (p *Plan) planEntries(u *Union, containing bool) {
	p.classKindOf(u)
	fn := names.NewFieldNamer("Raw", "Kind")
	prefix := commonPrefix(u.Table.Entries)
	for _, e := range u.Table.Entries {
		ue := &Row{Entry: e}
		label := entryLabel(e, prefix)
		if e.Type != nil && !(containing && plainOctetString(e.Type)) {
			ue.Field = &Field{Type: e.Type, Name: fn.Field(label), ASN1: label}
			if ct := containedType(e.Type); ct != nil {
				if ue.Field.Named = p.typeOf(ct, u.Type, names.Exported(label), u.Type.ASN1+"."+label); ue.Field.Named != nil {
					ue.Field.Octets, ue.Field.Inner = true, ct
				}
			} else {
				ue.Field.Named = p.typeOf(e.Type, u.Type, names.Exported(label), u.Type.ASN1+"."+label)
			}
			if gt := ue.Field.Named; gt != nil && gt.parent == u.Type && namedObject(e.Object) && gt.obj == nil {
				gt.obj, gt.objField = e.Object, u.Table.Field
			}
		}
		ue.Kind = p.kindConstOf(u, e)
		switch u.KeyKind {
		case model.TypeObjectIdentifier:
			if e.Key == nil || e.Key.Kind != model.ValueOID {
				continue
			}
			ue.KeyBytes = OIDContents(e.Key.OID)
			ue.Comment = e.Key.OID.String()
		case model.TypeInteger:
			if e.Key == nil || e.Key.Kind != model.ValueInteger || e.Key.Big != nil {
				continue
			}
			ue.KeyInt = e.Key.Int
		}
		if e.Object != nil && e.Object.Name != "" {
			ue.Comment = e.Object.Name + " " + ue.Comment
		}
		u.Rows = append(u.Rows, ue)
	}
}

// containedType returns the type whose DER an OCTET STRING or BIT STRING
// written in place holds (X.682 11: OCTET STRING (CONTAINING T), or
// -containing; a BIT STRING's contents after its unused-bits octet, 0),
// so that the component is a value of that type; nil for other types.
// Contents in another encoding (ENCODED BY other than BER or DER) stay
// octets, as does an open type (a union: see openTable) and a referenced
// OCTET STRING type, whose Go type is the octets.
func containedType(t *model.Type) *model.Type {
	c := t.Constraints
	if t.Ref != nil || t.Kind != model.TypeOctetString && t.Kind != model.TypeBitString || c == nil || c.Containing == nil || c.Containing.Kind == model.TypeOpen {
		return nil
	}
	if len(c.EncodedBy) > 0 && !berOrDER(c.EncodedBy) {
		return nil
	}
	if len(c.Containing.Tags) == 0 {
		return nil // an untagged CHOICE: no element to read it from
	}
	return c.Containing
}

// berOrDER reports whether an ENCODED BY names BER or DER
// ({joint-iso-itu-t asn1(1) basic-encoding(1)} or distinguished-encoding(2 1)).
func berOrDER(o model.OID) bool {
	s := o.String()
	return s == "2.1.1" || s == "2.1.2.1"
}

// plainOctetString reports whether a table row selects a bare OCTET
// STRING. Inside an OCTET STRING that CONTAINS the open type, such a row
// carries the octets themselves, not the DER of an OCTET STRING: CMS
// writes id-data content so (RFC 5652 5.2, although RFC 5911's ct-Data
// says TYPE OCTET STRING), and no other use of the pattern exists. The
// row keeps the octets in Raw.
func plainOctetString(t *model.Type) bool {
	return t.Ref == nil && t.Kind == model.TypeOctetString && len(t.Tags) == 1 && !t.Tags[0].Explicit
}

// commonPrefix returns the hyphenated prefix all named objects of a table
// share ("ext-" for the extensions of RFC 5912), which field names drop.
func commonPrefix(entries []*model.OpenTypeEntry) string {
	prefix := ""
	for i, e := range entries {
		if e.Object == nil || e.Object.Name == "" {
			return ""
		}
		n := e.Object.Name
		j := strings.Index(n, "-")
		if j < 0 {
			return ""
		}
		if i == 0 {
			prefix = n[:j+1]
		} else if !strings.HasPrefix(n, prefix) || len(n) == len(prefix) {
			return ""
		}
	}
	return prefix
}

func entryLabel(e *model.OpenTypeEntry, prefix string) string {
	if e.Object != nil && e.Object.Name != "" {
		return strings.TrimPrefix(e.Object.Name, prefix)
	}
	if e.Key != nil {
		if e.Key.Ref != nil {
			return e.Key.Ref.Name
		}
		switch e.Key.Kind {
		case model.ValueOID:
			return "oid-" + strings.ReplaceAll(e.Key.OID.String(), ".", "-")
		case model.ValueInteger:
			return "id-" + strings.ReplaceAll(strconv.FormatInt(e.Key.Int, 10), "-", "minus")
		}
	}
	return "entry"
}

package schemadump

import (
	"math"
	"strings"

	"github.com/asn1gen/asn1gen/codegen/model"
	"github.com/asn1gen/asn1gen/runtime/der"
)

// typeName is a type as the schema writes it: the name of the type it
// refers to (of the parameterized type, for an instance), or the built-in
// type written in place.
func typeName(t *model.Type) string {
	if t == nil {
		return "?"
	}
	if a := t.Ref; a != nil {
		if a.Instance != nil {
			return a.Instance.Name
		}
		return a.Name
	}
	u := t
	switch u.Kind {
	case model.TypeSequenceOf, model.TypeSetOf:
		s := "SEQUENCE OF"
		if u.Kind == model.TypeSetOf {
			s = "SET OF"
		}
		if u.Elem != nil && u.Elem.Ref != nil {
			s += " " + typeName(u.Elem)
		}
		return s
	case model.TypeOpen:
		if u.Class != nil && u.Field != "" {
			return u.Class.Name + "." + u.Field
		}
		if u.DefinedBy != "" {
			return "ANY DEFINED BY " + u.DefinedBy
		}
		return "ANY"
	}
	return kindName(u)
}

// typeModule is the module of the type typeName names, "" for a built-in.
func typeModule(t *model.Type) string {
	if t == nil || t.Ref == nil {
		return ""
	}
	a := t.Ref
	if a.Instance != nil {
		a = a.Instance
	}
	if a.Module == nil {
		return ""
	}
	return a.Module.Name
}

// kindName is the built-in type that t is or stands for.
func kindName(t *model.Type) string {
	u := underlying(t)
	switch u.Kind {
	case model.TypeCharacterString, model.TypeTime, model.TypeObjectDescriptor:
		if u.Name != "" {
			return u.Name
		}
	case model.TypeOpen:
		return "open type"
	case model.TypeInvalid:
		return "invalid type"
	}
	return u.Kind.String()
}

func underlying(t *model.Type) *model.Type {
	if u := t.Underlying(); u != nil {
		return u
	}
	return t
}

// wireTag is a tag of the model as the runtime writes it.
func wireTag(t model.Tag) der.Tag {
	n := uint32(math.MaxUint32) // a number that no header holds
	if t.Number >= 0 && t.Number < math.MaxUint32 {
		n = uint32(t.Number)
	}
	switch t.Class {
	case model.ClassUniversal:
		return der.NewTag(der.ClassUniversal, n)
	case model.ClassApplication:
		return der.Application(n)
	case model.ClassPrivate:
		return der.Private(n)
	}
	return der.Context(n)
}

// firstTags returns the tags an encoding of t can start with; any is set
// when it can start with any tag (an untagged open type).
func firstTags(t *model.Type, depth int) (tags []der.Tag, any bool) {
	if len(t.Tags) > 0 {
		return []der.Tag{wireTag(t.Tags[0])}, false
	}
	u := t.Underlying()
	if u == nil || u.Kind != model.TypeChoice || depth > 32 {
		return nil, true
	}
	for _, c := range u.Components {
		ft, fany := firstTags(c.Type, depth+1)
		if fany {
			return nil, true
		}
		tags = append(tags, ft...)
	}
	return tags, false
}

// firstTag is a tag an encoding of t starts with, for errors; 0 if any.
func firstTag(t *model.Type) der.Tag {
	if tags, _ := firstTags(t, 0); len(tags) > 0 {
		return tags[0]
	}
	return 0
}

func hasTag(tags []der.Tag, t der.Tag) bool {
	for _, x := range tags {
		if x == t {
			return true
		}
	}
	return false
}

// universalTag is the UNIVERSAL tag of the built-in type u, with which the
// plain dump decodes and shows a value; 0 for types it does not show.
func universalTag(u *model.Type) der.Tag {
	switch u.Kind {
	case model.TypeBoolean:
		return der.TagBoolean
	case model.TypeInteger:
		return der.TagInteger
	case model.TypeEnumerated:
		return der.TagEnumerated
	case model.TypeReal:
		return der.TagReal
	case model.TypeBitString:
		return der.TagBitString
	case model.TypeOctetString:
		return der.TagOctetString
	case model.TypeNull:
		return der.TagNull
	case model.TypeObjectIdentifier:
		return der.TagOID
	case model.TypeRelativeOID:
		return der.TagRelativeOID
	case model.TypeOIDIRI:
		return der.TagOIDIRI
	case model.TypeRelativeOIDIRI:
		return der.TagRelativeOIDIRI
	case model.TypeObjectDescriptor:
		return der.TagObjectDescriptor
	case model.TypeCharacterString, model.TypeTime:
		return namedTags[u.Name]
	}
	return 0
}

// namedTags are the UNIVERSAL tags of the character string and time types
// (X.680 8.4, Table 1), by their reserved words.
var namedTags = map[string]der.Tag{
	"UTF8String": der.TagUTF8String, "NumericString": der.TagNumericString,
	"PrintableString": der.TagPrintableString, "TeletexString": der.TagTeletexString,
	"T61String": der.TagTeletexString, "VideotexString": der.TagVideotexString,
	"IA5String": der.TagIA5String, "GraphicString": der.TagGraphicString,
	"VisibleString": der.TagVisibleString, "ISO646String": der.TagVisibleString,
	"GeneralString": der.TagGeneralString, "UniversalString": der.TagUniversalString,
	"BMPString": der.TagBMPString, "UTCTime": der.TagUTCTime,
	"GeneralizedTime": der.TagGeneralizedTime, "TIME": der.TagTime, "DATE": der.TagDate,
	"TIME-OF-DAY": der.TagTimeOfDay, "DATE-TIME": der.TagDateTime, "DURATION": der.TagDuration,
}

// containedOf returns the type whose encoding an OCTET STRING or BIT
// STRING type holds by a CONTAINING constraint (X.682 11), on the type or
// on a type it refers to; nil if none, or if ENCODED BY names other rules
// than BER or DER (whose octets are then shown as they are).
func containedOf(t *model.Type) *model.Type {
	for i := 0; t != nil && i < 100; i++ {
		if c := t.Constraints; c != nil && c.Containing != nil {
			if len(c.EncodedBy) > 0 {
				// {joint-iso-itu-t asn1(1) basic-encoding(1)} or
				// distinguished-encoding(2 1)
				if s := c.EncodedBy.String(); s != "2.1.1" && s != "2.1.2.1" {
					return nil
				}
			}
			return c.Containing
		}
		if t.Ref == nil {
			return nil
		}
		t = t.Ref.Type
	}
	return nil
}

// plainOctetString reports whether a table row selects a bare OCTET
// STRING. Inside an OCTET STRING that CONTAINS the open type, such a row
// carries the octets themselves, not the DER of an OCTET STRING: CMS writes
// id-data content so (RFC 5652 5.2; codegen/gen reads it the same way).
func plainOctetString(t *model.Type) bool {
	return t.Ref == nil && t.Kind == model.TypeOctetString && len(t.Tags) == 1 && !t.Tags[0].Explicit
}

// keyName is the @-path of a table's key, for messages.
func keyName(tbl *model.OpenTypeTable) string {
	return "@" + strings.Repeat(".", tbl.KeyLevel) + strings.Join(tbl.KeyPath, ".")
}

// tableName names the object set of a table, for messages.
func tableName(tbl *model.OpenTypeTable) string {
	if a := tbl.Origin.Set; a != nil {
		if a.Instance != nil {
			return a.Instance.Name
		}
		return a.Name
	}
	if tbl.Class != nil {
		return "its set of " + tbl.Class.Name
	}
	return "its object set"
}

// objectName names the object of a table row: its reference, or "" for
// an object written in place.
func objectName(e *model.OpenTypeEntry) string {
	if e.Object != nil && e.Object.Name != "" {
		return e.Object.Name
	}
	return ""
}

// keyText writes a key value read from the input.
func (d *decoder) keyText(v *model.Value) string {
	switch v.Kind {
	case model.ValueOID:
		return v.OID.String()
	case model.ValueInteger, model.ValueEnumerated:
		if v.Big != nil {
			return v.Big.String()
		}
		return itoa(v.Int)
	case model.ValueBoolean:
		if v.Bool {
			return "TRUE"
		}
		return "FALSE"
	}
	return "?"
}

// keyOf is the value of a primitive of kind u read from contents, for
// tables and DEFAULTs; nil for other kinds or values that do not fit.
func keyOf(u *model.Type, contents []byte) *model.Value {
	switch u.Kind {
	case model.TypeObjectIdentifier:
		var arcs model.OID
		for a, ok := range der.OID(contents).Arcs() {
			if !ok {
				return nil
			}
			arcs = append(arcs, a)
		}
		return &model.Value{Kind: model.ValueOID, OID: arcs}
	case model.TypeInteger, model.TypeEnumerated:
		kind := model.ValueInteger
		if u.Kind == model.TypeEnumerated {
			kind = model.ValueEnumerated
		}
		i := der.Integer(contents)
		if v, ok := i.Int64(); ok {
			return &model.Value{Kind: kind, Int: v}
		}
		return &model.Value{Kind: kind, Big: i.Big()}
	case model.TypeBoolean:
		if len(contents) != 1 {
			return nil
		}
		return &model.Value{Kind: model.ValueBoolean, Bool: contents[0] != 0}
	}
	return nil
}

// equalValue reports whether a value read from the input equals a
// DEFAULT of the schema (BOOLEAN, INTEGER, ENUMERATED).
func equalValue(v, def *model.Value) bool {
	switch def.Kind {
	case model.ValueBoolean:
		return v.Kind == model.ValueBoolean && v.Bool == def.Bool
	case model.ValueInteger, model.ValueEnumerated:
		if v.Kind != model.ValueInteger && v.Kind != model.ValueEnumerated {
			return false
		}
		if v.Big != nil || def.Big != nil {
			return v.Big != nil && def.Big != nil && v.Big.Cmp(def.Big) == 0
		}
		return v.Int == def.Int
	}
	return false
}

// TypeName returns t as a module writes it, as a Node's type shows it:
// a type reference ("TBSCertificate"), or a built-in type ("SEQUENCE OF
// Extension"). The PER dump (internal/perdump) names types the same way.
func TypeName(t *model.Type) string { return typeName(t) }

// KindName returns the built-in type underneath t, as a Node's kind shows
// it ("SEQUENCE", "UTF8String").
func KindName(t *model.Type) string { return kindName(t) }

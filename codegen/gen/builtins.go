package gen

import (
	"github.com/asn1gen/asn1gen/codegen/model"
	"github.com/asn1gen/asn1gen/runtime/der"
	"github.com/dave/jennifer/jen"
)

// builtin is how generated code holds, reads and writes one built-in type:
// the one table that the type plan and every emitter consult, instead of a
// switch over the kinds in each (msgp's Primitive plays this part).
type builtin struct {
	// goType is the Go type of a value (a jennifer statement maker, since
	// statements are not reusable).
	goType func() *jen.Statement
	// pkg is the import path of the functions that read and write the
	// type, "" for der.Reader and der.Builder methods.
	pkg string
	// read and add are the method (or function of pkg) names: r.Read(t)
	// returning the value and an error (NULL: the error only), and
	// b.Add(t, v) (NULL: b.Add(t)); a function of pkg takes r or b first.
	read, add string
	// text is the universal tag of a character string type (and
	// ObjectDescriptor): ReadText and AddText take it as the kind.
	text der.Tag
	// size is the size of a Go value in bytes, for the layout of CHOICE
	// alternatives and union rows (plan.go's pointer thresholds).
	size int
}

func goBool() *jen.Statement   { return jen.Bool() }
func goInt64() *jen.Statement  { return jen.Int64() }
func goBytes() *jen.Statement  { return jen.Index().Byte() }
func goString() *jen.Statement { return jen.String() }
func goTime() *jen.Statement   { return jen.Qual("time", "Time") }
func goRT(name string) func() *jen.Statement {
	return func() *jen.Statement { return rt(name) }
}
func goIsotime(name string) func() *jen.Statement {
	return func() *jen.Statement { return jen.Qual(isotimePath, name) }
}

// text is the entry of a character string type with universal tag tag.
func text(tag der.Tag) *builtin {
	return &builtin{goType: goString, read: "ReadText", add: "AddText", text: tag, size: 16}
}

// builtins holds the built-in types by the key builtinKey gives.
var builtins = map[string]*builtin{
	"BOOLEAN":           {goType: goBool, read: "ReadBoolean", add: "AddBoolean", size: 8},
	"INTEGER int64":     {goType: goInt64, read: "ReadInt64", add: "AddInt64", size: 8},
	"INTEGER":           {goType: goRT("Integer"), read: "ReadInteger", add: "AddInteger", size: 24},
	"ENUMERATED":        {goType: goInt64, read: "ReadEnumerated", add: "AddInt64", size: 8},
	"REAL":              {goType: jen.Float64, pkg: floatPath, read: "Read", add: "Add", size: 8},
	"BIT STRING":        {goType: goRT("BitString"), read: "ReadBitString", add: "AddBitString", size: 32},
	"OCTET STRING":      {goType: goBytes, read: "ReadOctetString", add: "AddPrimitive", size: 24},
	"NULL":              {goType: func() *jen.Statement { return jen.Struct() }, read: "ReadNull", add: "AddNull", size: 0},
	"OBJECT IDENTIFIER": {goType: goRT("OID"), read: "ReadOID", add: "AddOID", size: 24},
	"RELATIVE-OID":      {goType: goRT("RelativeOID"), read: "ReadRelativeOID", add: "AddRelativeOID", size: 24},
	"ObjectDescriptor":  text(der.TagObjectDescriptor),
	"UTF8String":        text(der.TagUTF8String),
	"NumericString":     text(der.TagNumericString),
	"PrintableString":   text(der.TagPrintableString),
	"TeletexString":     text(der.TagTeletexString),
	"T61String":         text(der.TagTeletexString),
	"VideotexString":    text(der.TagVideotexString),
	"IA5String":         text(der.TagIA5String),
	"GraphicString":     text(der.TagGraphicString),
	"VisibleString":     text(der.TagVisibleString),
	"ISO646String":      text(der.TagVisibleString),
	"GeneralString":     text(der.TagGeneralString),
	"UniversalString":   text(der.TagUniversalString),
	"BMPString":         text(der.TagBMPString),
	"UTCTime":           {goType: goTime, read: "ReadUTCTime", add: "AddUTCTime", size: 24},
	"GeneralizedTime":   {goType: goTime, read: "ReadGeneralizedTime", add: "AddGeneralizedTime", size: 24},
	"DATE":              {goType: goIsotime("Date"), pkg: isotimePath, read: "ReadDate", add: "AddDate", size: 24},
	"TIME-OF-DAY":       {goType: goIsotime("TimeOfDay"), pkg: isotimePath, read: "ReadTimeOfDay", add: "AddTimeOfDay", size: 24},
	"DATE-TIME":         {goType: goIsotime("DateTime"), pkg: isotimePath, read: "ReadDateTime", add: "AddDateTime", size: 24},
	"DURATION":          {goType: goIsotime("Duration"), pkg: isotimePath, read: "ReadDuration", add: "AddDuration", size: 24},
	"TIME":              {goType: goIsotime("Time"), pkg: isotimePath, read: "ReadTime", add: "AddTime", size: 24},
}

// rawElement is how types without a codec of their own are held: the
// element's whole encoding (open types without a table, EXTERNAL, EMBEDDED
// PDV, CHARACTER STRING, INSTANCE OF, OID-IRI).
var rawElement = &builtin{goType: goBytes, size: 24}

// builtinKey is the key of t in builtins: its kind, or for the kinds of
// several types (strings, times) its name; an INTEGER held as int64 is
// told apart from one held exactly.
func builtinKey(t *model.Type) string {
	switch t.Kind {
	case model.TypeBoolean:
		return "BOOLEAN"
	case model.TypeInteger:
		if integerGo(t) == "int64" {
			return "INTEGER int64"
		}
		return "INTEGER"
	case model.TypeEnumerated:
		return "ENUMERATED"
	case model.TypeReal:
		return "REAL"
	case model.TypeBitString:
		return "BIT STRING"
	case model.TypeOctetString:
		return "OCTET STRING"
	case model.TypeNull:
		return "NULL"
	case model.TypeObjectIdentifier:
		return "OBJECT IDENTIFIER"
	case model.TypeRelativeOID:
		return "RELATIVE-OID"
	case model.TypeObjectDescriptor:
		return "ObjectDescriptor"
	case model.TypeCharacterString, model.TypeTime:
		return t.Name
	}
	return ""
}

// builtinOf returns the entry of t, and whether t has a codec of its own
// (else the entry is rawElement).
func builtinOf(t *model.Type) (*builtin, bool) {
	if b := builtins[builtinKey(t)]; b != nil {
		return b, true
	}
	return rawElement, false
}

// builtinGo is the Go type of an anonymous built-in type.
func builtinGo(t *model.Type) *jen.Statement {
	b, _ := builtinOf(t)
	return b.goType()
}

// builtinSize is the size in bytes of the Go value of a built-in type.
func builtinSize(t *model.Type) int {
	b, _ := builtinOf(t)
	return b.size
}

// readCall is the call that reads a built-in value of type t, tagged tag,
// from r: it returns the value and an error (for NULL, the error only).
func (b *builtin) readCall(r rd, tag jen.Code) *jen.Statement {
	switch {
	case b.pkg != "":
		return jen.Qual(b.pkg, b.read).Call(r.arg(), tag)
	case b.text != 0:
		return r.id().Dot(b.read).Call(tag, rt(universalNames[b.text]))
	}
	return r.id().Dot(b.read).Call(tag)
}

// addCall is the call that writes the built-in value x, tagged tag, to the
// Builder b.
func (b *builtin) addCall(tag, x jen.Code) *jen.Statement {
	bld := jen.Id("b")
	switch {
	case b.pkg != "":
		return jen.Qual(b.pkg, b.add).Call(bld, tag, x)
	case b.text != 0:
		return bld.Dot(b.add).Call(tag, rt(universalNames[b.text]), x)
	case b.add == "AddNull":
		return bld.Dot(b.add).Call(tag)
	case b.add == "":
		return bld.Dot("AddRaw").Call(x)
	}
	return bld.Dot(b.add).Call(tag, x)
}

package plan

import (
	"path"

	"github.com/asn1gen/asn1gen/codegen/model"
	"github.com/asn1gen/asn1gen/runtime/der"
)

// The runtime packages whose types generated values have: der always,
// float and isotime for the types that need them (REAL; the X.680 time
// types).
const (
	DERPath     = "github.com/asn1gen/asn1gen/runtime/der"
	FloatPath   = "github.com/asn1gen/asn1gen/runtime/float"
	IsotimePath = "github.com/asn1gen/asn1gen/runtime/isotime"
)

// Builtin is how generated code holds, reads and writes one built-in type:
// the one table that the plan and every emitter consult, instead of a
// switch over the kinds in each (msgp's Primitive plays this part).
type Builtin struct {
	// GoPkg and GoName are the Go type of a value: GoName alone for a
	// predeclared or composite type (int64, []byte, struct{}), otherwise
	// the type GoName of the package GoPkg (der.Integer, der.Time).
	GoPkg, GoName string
	// Pkg is the import path of the functions that read and write the
	// type in DER, "" for der.Reader and der.Builder methods.
	Pkg string
	// Read and Add are the method (or function of Pkg) names: r.Read(t)
	// returning the value and an error (NULL: the error only), and
	// b.Add(t, v) (NULL: b.Add(t)); a function of Pkg takes r or b first.
	Read, Add string
	// Text is the universal tag of a character string type (and
	// ObjectDescriptor): ReadText and AddText take it as the kind.
	Text der.Tag
	// Size is the size of a Go value in bytes, for the layout of CHOICE
	// alternatives and union rows (the pointer thresholds of layout.go).
	Size int
}

// GoString is the Go type as source text, its package named by the last
// element of its path: int64, []byte, der.Integer, der.Time.
func (b *Builtin) GoString() string {
	if b.GoPkg == "" {
		return b.GoName
	}
	return path.Base(b.GoPkg) + "." + b.GoName
}

func text(tag der.Tag) *Builtin {
	return &Builtin{GoName: "string", Read: "ReadText", Add: "AddText", Text: tag, Size: 16}
}

func isotimeType(name string) *Builtin {
	return &Builtin{GoPkg: IsotimePath, GoName: name, Pkg: IsotimePath, Read: "Read" + name, Add: "Add" + name, Size: 24}
}

// builtins holds the built-in types by the key builtinKey gives.
var builtins = map[string]*Builtin{
	"BOOLEAN":           {GoName: "bool", Read: "ReadBoolean", Add: "AddBoolean", Size: 8},
	"INTEGER int64":     {GoName: "int64", Read: "ReadInt64", Add: "AddInt64", Size: 8},
	"INTEGER":           {GoPkg: DERPath, GoName: "Integer", Read: "ReadInteger", Add: "AddInteger", Size: 24},
	"ENUMERATED":        {GoName: "int64", Read: "ReadEnumerated", Add: "AddInt64", Size: 8},
	"REAL":              {GoName: "float64", Pkg: FloatPath, Read: "Read", Add: "Add", Size: 8},
	"BIT STRING":        {GoPkg: DERPath, GoName: "BitString", Read: "ReadBitString", Add: "AddBitString", Size: 32},
	"OCTET STRING":      {GoName: "[]byte", Read: "ReadOctetString", Add: "AddPrimitive", Size: 24},
	"NULL":              {GoName: "struct{}", Read: "ReadNull", Add: "AddNull", Size: 0},
	"OBJECT IDENTIFIER": {GoPkg: DERPath, GoName: "OID", Read: "ReadOID", Add: "AddOID", Size: 24},
	"RELATIVE-OID":      {GoPkg: DERPath, GoName: "RelativeOID", Read: "ReadRelativeOID", Add: "AddRelativeOID", Size: 24},
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
	// A der.Time is 16 bytes; Size stays the 24 of the time.Time that
	// times were before, which keeps the layout of CHOICEs and unions as
	// it was (a smaller size would move PrivateKeyUsagePeriod into the
	// CertExtensions union, 32 bytes more per Extension).
	"UTCTime":         {GoPkg: DERPath, GoName: "Time", Read: "ReadUTCTime", Add: "AddUTCTime", Size: 24},
	"GeneralizedTime": {GoPkg: DERPath, GoName: "Time", Read: "ReadGeneralizedTime", Add: "AddGeneralizedTime", Size: 24},
	"DATE":            isotimeType("Date"),
	"TIME-OF-DAY":     isotimeType("TimeOfDay"),
	"DATE-TIME":       isotimeType("DateTime"),
	"DURATION":        isotimeType("Duration"),
	"TIME":            isotimeType("Time"),
}

// RawElement is how types without a codec of their own are held: the
// element's whole encoding (open types without a table, EXTERNAL, EMBEDDED
// PDV, CHARACTER STRING, INSTANCE OF, OID-IRI).
var RawElement = &Builtin{GoName: "[]byte", Size: 24}

// builtinKey is the key of t in builtins: its kind, or for the kinds of
// several types (strings, times) its name; an INTEGER held as int64 is
// told apart from one held exactly.
func builtinKey(t *model.Type) string {
	switch t.Kind {
	case model.TypeBoolean:
		return "BOOLEAN"
	case model.TypeInteger:
		if IntegerGo(t) == "int64" {
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

// BuiltinOf returns the entry of t, and whether t has a codec of its own
// (else the entry is RawElement).
func BuiltinOf(t *model.Type) (*Builtin, bool) {
	if b := builtins[builtinKey(t)]; b != nil {
		return b, true
	}
	return RawElement, false
}

// BuiltinNamed returns the entry of key ("INTEGER int64", "INTEGER", ...).
func BuiltinNamed(key string) *Builtin { return builtins[key] }

// builtinSize is the size in bytes of the Go value of a built-in type.
func builtinSize(t *model.Type) int {
	b, _ := BuiltinOf(t)
	return b.Size
}

// BuiltinGoString is the Go type of an anonymous built-in type as source
// text (see Builtin.GoString).
func BuiltinGoString(t *model.Type) string {
	b, _ := BuiltinOf(t)
	return b.GoString()
}

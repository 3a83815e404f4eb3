package emit

import (
	"fmt"
	"strings"

	"github.com/asn1gen/asn1gen/codegen/model"
	"github.com/asn1gen/asn1gen/codegen/plan"
	"github.com/dave/jennifer/jen"
)

// BuiltinGo is the Go type of an anonymous built-in type.
func BuiltinGo(t *model.Type) *jen.Statement {
	b, _ := plan.BuiltinOf(t)
	return BuiltinJen(b)
}

// BuiltinJen is the Go type of a built-in's values.
func BuiltinJen(b *plan.Builtin) *jen.Statement {
	if b.GoPkg == "" {
		return jen.Id(b.GoName)
	}
	return jen.Qual(b.GoPkg, b.GoName)
}

// Ref is a reference to the Go type gt: its name, qualified by its package
// when another package declares it.
func Ref(gt *plan.Type) *jen.Statement {
	if gt.Pkg == "" {
		return jen.Id(gt.Name)
	}
	return jen.Qual(gt.Pkg, gt.Name)
}

// DocComment returns the doc comment of a type: a sentence, then the ASN.1
// production as a code block.
func DocComment(gt *plan.Type, what string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s is %s.", gt.Name, what)
	if gt.Doc != "" {
		b.WriteString("\n\n")
		for _, line := range strings.Split(strings.TrimRight(gt.Doc, "\n"), "\n") {
			b.WriteString("\t" + strings.TrimRight(line, " \t") + "\n")
		}
	}
	return strings.TrimRight(b.String(), "\n")
}

func Describe(gt *plan.Type) string {
	switch {
	case gt.Union != nil:
		return fmt.Sprintf("the open type %s: the encoding received and the value its key selects from the table", gt.ASN1)
	case gt.Doc == "":
		return fmt.Sprintf("the type of %s", gt.ASN1)
	}
	return fmt.Sprintf("the ASN.1 type %s", gt.ASN1)
}

// GoType returns the Go type expression of a field.
func GoType(f *plan.Field) *jen.Statement {
	if f.List {
		return jen.Index().Add(Ref(f.Union.Type))
	}
	if f.Named != nil {
		if f.Ptr {
			return jen.Op("*").Add(Ref(f.Named))
		}
		return Ref(f.Named)
	}
	return BuiltinGo(f.Type)
}

// ComponentText describes a component as ASN.1 writes it.
func ComponentText(c *model.Component) string {
	s := c.Name + " " + TypeText(c.Type)
	switch {
	case c.Optional:
		s += " OPTIONAL"
	case c.Default != nil:
		s += " DEFAULT " + ValueText(c.Default)
	}
	if c.Extension {
		s += " (extension addition)"
	}
	return s
}

func TypeText(t *model.Type) string {
	var b strings.Builder
	for _, tag := range t.Tags {
		if tag.Class == model.ClassUniversal {
			continue
		}
		b.WriteString(tag.String() + " ")
	}
	switch {
	case t.Ref != nil:
		b.WriteString(t.Ref.Name)
	case t.Kind == model.TypeCharacterString || t.Kind == model.TypeTime:
		b.WriteString(t.Name)
	case t.Kind == model.TypeOpen && t.Class != nil:
		b.WriteString(t.Class.Name + "." + t.Field)
	case t.Kind == model.TypeInstanceOf && t.Class != nil:
		b.WriteString("INSTANCE OF " + t.Class.Name)
	case t.Kind == model.TypeOpen:
		b.WriteString("ANY")
	default:
		b.WriteString(t.Kind.String())
	}
	return b.String()
}

func ValueText(v *model.Value) string {
	if v.Ref != nil {
		return v.Ref.Name
	}
	switch v.Kind {
	case model.ValueBoolean:
		if v.Bool {
			return "TRUE"
		}
		return "FALSE"
	case model.ValueInteger, model.ValueEnumerated:
		if v.Name != "" {
			return v.Name
		}
		return fmt.Sprint(v.Int)
	case model.ValueOID:
		return "{" + v.OID.String() + "}"
	case model.ValueBitString:
		if len(v.Names) > 0 || v.BitLen == 0 {
			return "{" + strings.Join(v.Names, ", ") + "}"
		}
	case model.ValueString:
		return fmt.Sprintf("%q", v.String)
	}
	return "(value)"
}

// DenseEnum reports whether the items of an enumeration are 0, 1, 2, ...
// in order, so that tables index them.
func DenseEnum(consts []plan.NamedConst) bool {
	for i, c := range consts {
		if c.Value != int64(i) {
			return false
		}
	}
	return len(consts) > 0
}

// FieldDst is the expression of a field of v.
func FieldDst(f *plan.Field) func() *jen.Statement {
	return func() *jen.Statement { return jen.Id("v").Dot(f.Name) }
}

// OptionalComponent reports whether a component may be absent.
func OptionalComponent(f *plan.Field) bool {
	return f.Comp.Optional || f.Comp.Default != nil || f.Comp.Extension
}

// DeferOff names the variable that keeps where a deferred open type's
// value starts.
func DeferOff(f *plan.Field) string { return "at" + f.Name }

// UnionKeyArg is the key argument of a union's decode: the key component
// converted to []byte (OIDs) or int64.
func UnionKeyArg(f *plan.Field) jen.Code {
	k := jen.Id("v").Dot(f.Key.Name)
	if f.Key.Ptr {
		k = jen.Op("*").Add(k)
	}
	if f.Union.KeyKind == model.TypeObjectIdentifier {
		return jen.Index().Byte().Call(k)
	}
	if f.Union.KeyRaw {
		return RT("Integer").Call(k)
	}
	return jen.Int64().Call(k)
}

// KindText names the built-in type of u, without tags.
func KindText(u *model.Type) string {
	if u.Name != "" && (u.Kind == model.TypeCharacterString || u.Kind == model.TypeTime || u.Kind == model.TypeObjectDescriptor) {
		return u.Name
	}
	return u.Kind.String()
}

// Place is where a component, alternative, element or open type row is
// held, as the codecs read and write it: the expression of the value
// (v.A, *e) and of its address (&v.A, e).
type Place struct {
	Val, Addr func() *jen.Statement
}

// FieldPlace is the place of the component or alternative f of v.
func FieldPlace(f *plan.Field) Place {
	return Place{
		Val:  func() *jen.Statement { return jen.Id("v").Dot(f.Name) },
		Addr: func() *jen.Statement { return jen.Op("&").Id("v").Dot(f.Name) },
	}
}

// ElemPlace is the place of the element e of a list's loop or element
// function.
var ElemPlace = Place{
	Val:  func() *jen.Statement { return jen.Op("*").Id("e") },
	Addr: func() *jen.Statement { return jen.Id("e") },
}

// PrimitiveGo is the Go type of the builtin that the primitive type gt is
// defined over, for the conversion of *v in its codec methods.
func PrimitiveGo(gt *plan.Type) *jen.Statement {
	if gt.Kind == model.TypeInteger {
		if plan.GoIntOf(Self(gt)) == "int64" {
			return jen.Int64()
		}
		return RT("Integer")
	}
	return BuiltinGo(gt.Body)
}

// Structural reports whether k is a kind whose constraints no encoding
// rule's codec sees (SEQUENCE, SET, CHOICE, ENUMERATED): a type defined
// by constraining such a type takes its base type's codec.
func Structural(k model.TypeKind) bool {
	return k == model.TypeSequence || k == model.TypeSet || k == model.TypeChoice || k == model.TypeEnumerated
}

package emit

import (
	"strconv"

	"github.com/asn1gen/asn1gen/codegen/model"
	"github.com/asn1gen/asn1gen/codegen/plan"
	"github.com/dave/jennifer/jen"
)

// DefaultValue is the Go expression of a component's DEFAULT value, for
// the kinds whose defaults occur in practice (BOOLEAN, INTEGER, ENUMERATED,
// character strings, BIT STRING); false otherwise, in which case an
// absent component is left at its zero value.
func DefaultValue(f *plan.Field) (jen.Code, bool) {
	v := f.Comp.Default
	if v == nil {
		return nil, false
	}
	conv := func(c jen.Code) jen.Code {
		if f.Named != nil {
			return Ref(f.Named).Call(c)
		}
		return c
	}
	switch v.Kind {
	case model.ValueBoolean:
		return conv(jen.Lit(v.Bool)), true
	case model.ValueInteger, model.ValueEnumerated:
		if v.Big != nil {
			return nil, false
		}
		if plan.GoIntOf(f) != "int64" && f.Type.Kind == model.TypeInteger {
			return conv(jen.Id(IntegerDefault(v.Int))), true
		}
		if f.Named != nil {
			if c := ConstNamed(f.Named, v); c != "" {
				return jen.Id(c), true
			}
		}
		return conv(Num(v.Int)), true
	case model.ValueString:
		if f.Type.Kind == model.TypeCharacterString {
			return conv(jen.Lit(v.String)), true
		}
	case model.ValueBitString:
		if f.Type.Kind == model.TypeBitString && (v.BitLen == 0 && len(v.Names) == 0) {
			return conv(RT("BitString").Values()), true
		}
		if bits, ok := defaultBits(f); ok {
			// The value as written, of the SIZE's lower bound at least
			// (X.680 22.7: a named-bit value is padded with 0 bits to it).
			n := len(bits)
			if pc := plan.PERConstraints(f.Type); pc.Sized && pc.SizeLb > n {
				n = pc.SizeLb
			}
			octets := make([]jen.Code, (n+7)/8)
			for i := range octets {
				var o byte
				for j := 0; j < 8 && 8*i+j < len(bits); j++ {
					if bits[8*i+j] {
						o |= 0x80 >> j
					}
				}
				octets[i] = jen.Lit(int(o))
			}
			return conv(RT("BitString").Values(jen.Dict{
				jen.Id("Bytes"):     jen.Index().Byte().Values(octets...),
				jen.Id("BitLength"): jen.Lit(n),
			})), true
		}
	}
	return nil, false
}

// defaultBits returns the bits of a BIT STRING component's DEFAULT value
// without its trailing 0 bits, which a type with named bits ignores
// (X.680 22.7), as do the comparisons of IsDefault: a named-bit list
// ({app}) by the numbers of the type's named bits, or a bstring or hstring.
// The value must not be empty (DefaultValue's BIT STRING {}).
func defaultBits(f *plan.Field) ([]bool, bool) {
	v := f.Comp.Default
	var bits []bool
	set := func(i int) {
		for len(bits) <= i {
			bits = append(bits, false)
		}
		bits[i] = true
	}
	if len(v.Names) > 0 {
		named := f.Type.Underlying().NamedNumbers
	names:
		for _, name := range v.Names {
			for _, nb := range named {
				if nb.Name == name && nb.Value >= 0 && nb.Value < 1<<16 {
					set(int(nb.Value))
					continue names
				}
			}
			return nil, false // not a named bit of the type
		}
	} else {
		for i := 0; i < v.BitLen && i/8 < len(v.Bytes); i++ {
			if v.Bytes[i/8]&(0x80>>(i%8)) != 0 {
				set(i)
			}
		}
	}
	return bits, len(bits) > 0
}

// bitsEqual is the condition that the BIT STRING x, without its trailing
// 0 bits, is bits:
//
//	func() bool { t := der.BitString(x).TrimTrailingZeros(); return t.BitLength == 1 && t.At(0) == 1 }()
func bitsEqual(x jen.Code, bits []bool) jen.Code {
	cond := jen.Id("t").Dot("BitLength").Op("==").Lit(len(bits))
	for i, b := range bits {
		bit := 0
		if b {
			bit = 1
		}
		cond = cond.Op("&&").Id("t").Dot("At").Call(jen.Lit(i)).Op("==").Lit(bit)
	}
	return jen.Func().Params().Bool().Block(
		jen.Id("t").Op(":=").Add(RT("BitString")).Call(x).Dot("TrimTrailingZeros").Call(),
		jen.Return(cond)).Call()
}

// IntegerDefault names the package variable holding the INTEGER DEFAULT
// value n (a der.Integer is a slice: a variable, so that a decode does
// not allocate it each time).
func IntegerDefault(n int64) string {
	if n < 0 {
		return "defaultIntegerMinus" + strconv.FormatInt(-n, 10)
	}
	return "defaultInteger" + strconv.FormatInt(n, 10)
}

// ConstNamed returns the constant of a named number equal to v, if any.
func ConstNamed(gt *plan.Type, v *model.Value) string {
	gt = BodyOf(gt)
	for _, c := range gt.Consts {
		if c.Value == v.Int && (v.Name == "" || v.Name == c.ASN1) {
			return c.Name
		}
	}
	return ""
}

// IsDefault is the condition "the value of x equals the component's
// DEFAULT", nil when it cannot be tested.
func IsDefault(f *plan.Field, x func() *jen.Statement) jen.Code {
	v := f.Comp.Default
	def, ok := DefaultValue(f)
	if !ok {
		return nil
	}
	switch v.Kind {
	case model.ValueInteger, model.ValueEnumerated:
		if plan.GoIntOf(f) != "int64" && f.Type.Kind == model.TypeInteger {
			return jen.Func().Params().Bool().Block(
				jen.List(jen.Id("n"), jen.Id("ok")).Op(":=").Add(RT("Integer")).Call(x()).Dot("Int64").Call(),
				jen.Return(jen.Id("ok").Op("&&").Id("n").Op("==").Lit(v.Int))).Call()
		}
	case model.ValueBitString:
		if bits, ok := defaultBits(f); ok {
			return bitsEqual(x(), bits)
		}
		return RT("BitString").Call(x()).Dot("TrimTrailingZeros").Call().Dot("BitLength").Op("==").Lit(0)
	case model.ValueBoolean:
		if v.Bool {
			return BoolOf(f, x)
		}
		return jen.Op("!").Add(BoolOf(f, x))
	}
	return jen.Add(x()).Op("==").Add(def)
}

// NotDefault is the negation of isDefault, written without double
// negations.
func NotDefault(f *plan.Field, x func() *jen.Statement) jen.Code {
	v := f.Comp.Default
	def, ok := DefaultValue(f)
	if !ok {
		return nil
	}
	switch v.Kind {
	case model.ValueBoolean:
		if v.Bool {
			return jen.Op("!").Add(BoolOf(f, x))
		}
		return BoolOf(f, x)
	case model.ValueInteger, model.ValueEnumerated:
		if plan.GoIntOf(f) != "int64" && f.Type.Kind == model.TypeInteger {
			return jen.Op("!").Add(IsDefault(f, x))
		}
	case model.ValueBitString:
		if bits, ok := defaultBits(f); ok {
			return jen.Op("!").Add(bitsEqual(x(), bits))
		}
		return RT("BitString").Call(x()).Dot("TrimTrailingZeros").Call().Dot("BitLength").Op("!=").Lit(0)
	}
	return jen.Add(x()).Op("!=").Add(def)
}

// BoolOf is x as a bool: converted when its Go type is a named type.
func BoolOf(f *plan.Field, x func() *jen.Statement) *jen.Statement {
	if f.Named != nil {
		return jen.Bool().Call(x())
	}
	return x()
}

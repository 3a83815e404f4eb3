package emit

import (
	"fmt"

	"github.com/asn1gen/asn1gen/codegen/model"
	"github.com/asn1gen/asn1gen/codegen/plan"
	"github.com/dave/jennifer/jen"
)

// keyCase is a case of the switch on a union's key: the row that decoding
// selects for the key, and the case's label.
type KeyCase struct {
	Row   *plan.Row
	Label jen.Code
}

// KeyCases returns the cases of the switch on u's key, one per key: the
// first row of a key is the one decoding selects (a later row with the same
// key is unreachable), and a row without a key has no case.
func KeyCases(u *plan.Union) []KeyCase {
	var out []KeyCase
	seen := map[string]bool{}
	for _, ue := range u.Rows {
		k, label := ue.KeyBytes, jen.Code(jen.Lit(ue.KeyBytes))
		if u.KeyKind == model.TypeInteger {
			k, label = fmt.Sprint(ue.KeyInt), Num(ue.KeyInt)
		} else if k == "" {
			continue
		}
		if seen[k] {
			continue
		}
		seen[k] = true
		out = append(out, KeyCase{ue, label})
	}
	return out
}

// KeyParam returns the key parameter of u's decode methods, the expression
// their switch tests, and the argument that passes the key on: key []byte
// (an OID's contents), key int64, or raw der.Integer (an INTEGER key of any
// size, which the method body turns into key).
func KeyParam(u *plan.Union) (param, sw, arg *jen.Statement) {
	if u.KeyKind != model.TypeInteger {
		return jen.Id("key").Index().Byte(), jen.String().Call(jen.Id("key")), jen.Id("key")
	}
	if u.KeyRaw {
		return jen.Id("raw").Add(RT("Integer")), jen.Id("key"), jen.Id("raw")
	}
	return jen.Id("key").Int64(), jen.Id("key"), jen.Id("key")
}

// UnionSlots returns the rows of u that select a type, grouped by the
// field that holds their values, in the order of the rows.
func UnionSlots(u *plan.Union) [][]*plan.Row {
	var slots [][]*plan.Row
	at := map[string]int{}
	for _, ue := range u.Rows {
		if ue.Field == nil {
			continue
		}
		i, ok := at[ue.Field.Name]
		if !ok {
			i = len(slots)
			at[ue.Field.Name] = i
			slots = append(slots, nil)
		}
		slots[i] = append(slots[i], ue)
	}
	return slots
}

// UnionSlot returns the expression of a row's value in a union's field:
// the field, or the field converted to the row's type when the field has
// the type of another row with the same layout.
func UnionSlot(ue *plan.Row) *jen.Statement {
	field := jen.Id("u").Dot(ue.Field.Name)
	if ue.Slot == nil {
		return field
	}
	return jen.Parens(jen.Op("*").Add(Ref(ue.Field.Named))).Call(jen.Op("&").Add(field))
}

// slotNote tells, for a field that rows of several Go types share, how to
// read a row's value as its own type.
func SlotNote(sl []*plan.Row) string {
	for _, ue := range sl {
		if ue.Slot != nil {
			return fmt.Sprintf("\nThe rows' types differ only in constraints and share the layout of %s; the value\nconverts to a row's own type, as in %s(value.%s).",
				ue.Slot.Name, ue.Field.Named.Name, ue.Field.Name)
		}
	}
	return ""
}

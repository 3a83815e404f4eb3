// Package jertext writes the JER (X.697) text of a value from the tree a
// schema dump made of it (internal/oerdump, internal/perdump): each dump
// keeps, beside its tree, the JER of every primitive as runtime/jer wrote
// it and the shape of every constructed value, and Append puts them
// together as a generated MarshalJSON would write the value: SEQUENCE and
// SET as objects of their members, CHOICE as an object of the
// alternative, lists as arrays, open types as the value of their row, a
// string CONTAINING a type as {"containing": value}. internal/schemadump
// writes the JER of DER and BER values with it too.
package jertext

import (
	"bytes"

	"github.com/asn1gen/asn1gen/runtime/der"
)

// Form is the JER shape of a node's value.
type Form uint8

const (
	Leaf      Form = iota // Info.Leaf holds the JER text
	Object                // a SEQUENCE or SET: an object of the children
	Array                 // a SEQUENCE OF or SET OF: an array of the children
	Open                  // an open type: the value of its one child
	Contained             // a string that contains a value, in a form JER does not write
	None                  // no JER: a value the schema did not read
	// Containing is an OCTET STRING or BIT STRING (CONTAINING T) without
	// ENCODED BY: {"containing": the value of its one child} (X.697 24,
	// 25), as the generated codecs write it.
	Containing
)

// Info is what Append needs of a node of a dump's tree.
type Info[N any] struct {
	// Alts are the CHOICE alternatives chosen that the node holds (a
	// CHOICE of a CHOICE has two), outermost first; Form is the shape of
	// what the innermost holds, Leaf its JER text when Form is Leaf.
	Alts []string
	Form Form
	Leaf []byte
	// Member is the node's name as a member of its SEQUENCE or SET; Skip
	// leaves it out (an addition of a later version, a DEFAULT value).
	Member string
	Skip   bool
	// Children are the node's children; Offset its offset in the input,
	// in bits when Bits, for errors.
	Children []N
	Offset   int
	Bits     bool
}

// Append writes the JER of n to b; path names n in errors, and info
// tells what n and its children are. A value without a JER (Form None or
// Contained, a Leaf without text) is an error of kind
// der.KindUnsupported at its offset, with its path.
func Append[N any](b *bytes.Buffer, n N, path string, info func(N) Info[N]) error {
	in := info(n)
	for _, alt := range in.Alts {
		b.WriteString(`{"` + alt + `":`)
	}
	switch in.Form {
	case Leaf:
		if in.Leaf == nil {
			return noJER(in, path, "a value of a type without a JER form here")
		}
		b.Write(in.Leaf)
	case Object:
		b.WriteByte('{')
		first := true
		for _, c := range in.Children {
			ci := info(c)
			if ci.Skip {
				continue
			}
			if !first {
				b.WriteByte(',')
			}
			first = false
			b.WriteString(`"` + ci.Member + `":`)
			if err := Append(b, c, path+"."+ci.Member, info); err != nil {
				return err
			}
		}
		b.WriteByte('}')
	case Array:
		b.WriteByte('[')
		for i, c := range in.Children {
			if i > 0 {
				b.WriteByte(',')
			}
			if err := Append(b, c, path+"[]", info); err != nil {
				return err
			}
		}
		b.WriteByte(']')
	case Open:
		if len(in.Children) != 1 {
			return noJER(in, path, "an open type the schema did not read")
		}
		if err := Append(b, in.Children[0], path, info); err != nil {
			return err
		}
	case Containing:
		if len(in.Children) != 1 {
			return noJER(in, path, "a string whose contents the schema did not read")
		}
		b.WriteString(`{"containing":`)
		if err := Append(b, in.Children[0], path, info); err != nil {
			return err
		}
		b.WriteByte('}')
	case Contained:
		return noJER(in, path, "a string that contains a value (X.697 24, 25: not written)")
	default:
		return noJER(in, path, "a value the schema did not read")
	}
	for range in.Alts {
		b.WriteByte('}')
	}
	return nil
}

// Member is the name of a node as a member of its SEQUENCE: its field
// without the alternatives a dump adds to it ("signer.certificate" is
// the member signer).
func Member(field string, alts []string) string {
	for range alts {
		i := len(field) - 1
		for i >= 0 && field[i] != '.' {
			i--
		}
		if i < 0 {
			return field
		}
		field = field[:i]
	}
	return field
}

func noJER[N any](in Info[N], path, why string) error {
	e := der.NewError(der.KindUnsupported, in.Offset, "JER", why, "X.697")
	e.Bits = in.Bits
	return der.WithField(e, path)
}

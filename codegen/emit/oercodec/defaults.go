package oercodec

import (
	"bytes"
	"fmt"

	"github.com/asn1gen/asn1gen/codegen/emit"
	"github.com/asn1gen/asn1gen/codegen/model"
	"github.com/asn1gen/asn1gen/codegen/oervalue"
	"github.com/asn1gen/asn1gen/codegen/plan"
	"github.com/dave/jennifer/jen"
)

// DEFAULT values that the Go types cannot compare with == (a SEQUENCE,
// SET, CHOICE or list value: ServiceControls DEFAULT {}, DayTime DEFAULT
// {hour 0}, Filter DEFAULT and:{}) are compared by their encodings:
// CANONICAL-OER has one encoding per value (X.696 8.1), so a component
// equals its default exactly when it encodes to the default's octets,
// which the generator works out from the model's value, with runtime/oer's
// Writer, and declares as a package variable (Tail):
//
//	var oerDefault1 = []byte{0x00, 0x00} // the DEFAULT of Band.start
//
// The encoder leaves out a component that encodes to them (X.696 16.2:
// CANONICAL-OER omits a DEFAULT component equal to its default; the
// Writer tries the encoding at the end of its buffer and takes it back),
// and a canonical decoder rejects one whose octets are them. An absent component
// is left at its zero value, HasX false, as the other codecs leave it.
// A type of a used package (-use) that carries OER is compared the same
// way: its own encoder writes the octets worked out from the model.

// encodedDefault returns the package variable of the CANONICAL-OER
// encoding of the DEFAULT value of f, declaring it on first use; "" (after
// fail) when the generator cannot compare f's values by their encodings.
func (e *Emitter) encodedDefault(f *plan.Field, where string) string {
	return e.encodedDefaultAs(f, f.Type, where)
}

// encoderDefault returns the variable that the encoder compares f's
// encoding with (encodesDefault): that of encodedDefault, but for a
// component read and written by its own SIZE (ownSize) the encoding of
// the default as a value of the named type, whose codec oer.Writer.Encodes
// calls.
func (e *Emitter) encoderDefault(f *plan.Field, where string) string {
	if ownSize(f) {
		return e.encodedDefaultAs(f, f.Type.Ref.Type, where+" as a value of "+f.Named.ASN1)
	}
	return e.encodedDefault(f, where)
}

// encodedDefaultAs is encodedDefault with the default encoded as a value
// of t.
func (e *Emitter) encodedDefaultAs(f *plan.Field, t *model.Type, where string) string {
	if f.Named == nil || f.Named.Pkg != "" && !e.usedOER(f.Named.Pkg) || f.Union != nil || f.Octets {
		e.fail(where, "a DEFAULT value the generated code cannot compare")
		return ""
	}
	b, err := oervalue.Encode(t, f.Comp.Default)
	if err != nil {
		e.fail(where, "a DEFAULT value the generated code cannot compare ("+err.Error()+")")
		return ""
	}
	for _, d := range e.defaults {
		if bytes.Equal(d.octets, b) {
			return d.name
		}
	}
	name := fmt.Sprintf("oerDefault%d", len(e.defaults)+1)
	e.defaults = append(e.defaults, encodedDef{name: name, octets: b, text: "the DEFAULT of " + where})
	return name
}

// encodedDef is the package variable of a DEFAULT value's encoding.
type encodedDef struct {
	name   string
	octets []byte
	text   string // the first component that has it
}

// encodesDefault is the encoder's condition that component f, whose
// default's encoding is the variable def, equals its default: it encodes
// to def, tried at the end of the Writer's buffer (oer.Writer.Encodes).
//
//	w.Encodes(&v.A, oerDefault1)
func encodesDefault(f *plan.Field, def string) *jen.Statement {
	if f.Ptr {
		return jen.Id("v").Dot(f.Name).Op("!=").Nil().Op("&&").Add(w()).Dot("Encodes").Call(jen.Id("v").Dot(f.Name), jen.Id(def))
	}
	return w().Dot("Encodes").Call(jen.Op("&").Id("v").Dot(f.Name), jen.Id(def))
}

// defaultsTail declares the encodings of the DEFAULT values, when some
// component uses them.
func (e *Emitter) defaultsTail(f *jen.File) {
	if len(e.defaults) == 0 {
		return
	}
	emit.Comment(f, "The CANONICAL-OER encodings of the DEFAULT values that the encoders and canonical decoders compare components with (X.696 16.2).")
	f.Var().DefsFunc(func(g *jen.Group) {
		for _, d := range e.defaults {
			var octets []jen.Code
			for _, c := range d.octets {
				octets = append(octets, jen.Id(fmt.Sprintf("0x%02x", c)))
			}
			g.Id(d.name).Op("=").Index().Byte().Values(octets...).Comment(d.text)
		}
	})
}

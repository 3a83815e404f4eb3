// Package percodec emits the PER codecs (ITU-T X.691) of the types of a
// plan: every Go type gets
//
//	func (v *T) DecodePER(r *per.Reader) error
//	func (v *T) EncodePER(w *per.Writer) error
//
// one pair for both variants (the reader and the writer know which), and
// the named structures (SEQUENCE, SET, CHOICE and lists) the entry points
// of the variants the package carries (UnmarshalAPER and MarshalAPER,
// UnmarshalUPER and MarshalUPER); per.Unmarshal and per.Marshal read and
// write a value of any type. A
// component costs one line of each: the Reader and Writer of runtime/per
// keep the first error with its bit offset and field path, and later calls
// do nothing (runtime/per's sticky.go). A construct the emitter does not
// handle fails the generation with an error naming the type and the
// construct: it never emits code that would encode wrongly.
package percodec

import (
	"fmt"
	"strings"

	"github.com/asn1gen/asn1gen/codegen/emit"
	"github.com/asn1gen/asn1gen/codegen/model"
	"github.com/asn1gen/asn1gen/codegen/plan"
	"github.com/dave/jennifer/jen"
)

// RuntimePath is the import path of the runtime of PER codecs.
const RuntimePath = "github.com/asn1gen/asn1gen/runtime/per"

func pr(name string) *jen.Statement { return jen.Qual(RuntimePath, name) }

// r and w are the reader and writer of generated code.
func r() *jen.Statement { return jen.Id("r") }
func w() *jen.Statement { return jen.Id("w") }

// Emitter writes the PER codecs of the types of a plan.
type Emitter struct {
	emit.Temps
	// Codecs say which variants get entry points and fuzz targets.
	Codecs plan.Codecs
	per    perState
}

// New returns an Emitter of the PER variants of codecs.
func New(codecs plan.Codecs) *Emitter {
	return &Emitter{Codecs: codecs, per: perState{alphabets: map[string]string{}}}
}

// variants are the PER variants of e's codecs, ALIGNED first.
func (e *Emitter) variants() []variant {
	var out []variant
	if e.Codecs.APER {
		out = append(out, variant{"APER", "ALIGNED", true})
	}
	if e.Codecs.UPER {
		out = append(out, variant{"UPER", "UNALIGNED", false})
	}
	return out
}

// variant is ALIGNED or UNALIGNED PER: the suffix of its entry points, the
// word X.691 has for it, and the aligned argument of the runtime.
type variant struct {
	name, text string
	aligned    bool
}

// Err returns the first construct the emitter met that it does not handle:
// the generation must fail with it.
func (e *Emitter) Err() error { return e.per.err }

// perState is what the PER emitter collects over a generation: the
// alphabets of constrained character strings (package variables) and the
// first unsupported construct met.
type perState struct {
	alphabets map[string]string // characters -> variable name
	err       error
	// deferred maps, while a SEQUENCE's decoder is emitted, each key
	// component to the open types before it that it resolves
	// (perDeferDecode).
	deferred map[*plan.Field][]*plan.Field
}

// perFail records that the PER emitter cannot encode construct in where.
func (e *Emitter) perFail(where, construct string) {
	if e.per.err == nil {
		e.per.err = fmt.Errorf("asn1gen: -per: %s: %s is not supported by the PER emitter yet", where, construct)
	}
}

// Type emits the PER methods of gt.
// Type emits the PER methods of gt.
func (e *Emitter) Type(f *jen.File, gt *plan.Type) {
	if gt.Alias != nil {
		return // the aliased type has them
	}
	if gt.Union != nil {
		e.union(f, gt)
		return
	}
	if inPlaceEnum(gt) {
		return // read and written where it is written (readField)
	}
	e.Reset()
	recv := jen.Id("v").Op("*").Id(gt.Name)
	rp := jen.Id("r").Op("*").Add(pr("Reader"))
	wp := jen.Id("w").Op("*").Add(pr("Writer"))
	if gt.Base != nil && emit.Structural(gt.Kind) {
		// Constraints on a SEQUENCE, SET or CHOICE are not PER-visible:
		// the base type's codec is the codec.
		base := jen.Parens(jen.Op("*").Add(emit.Ref(gt.Base))).Call(jen.Id("v"))
		emit.Comment(f, "DecodePER reads v from r (X.691); per.Unmarshal calls it.")
		f.Func().Params(recv.Clone()).Id("DecodePER").Params(rp).Error().Add(emit.OneLineBody(jen.Return(base.Clone().Dot("DecodePER").Call(r()))))
		emit.Comment(f, "EncodePER writes v to w (X.691); per.Marshal calls it.")
		f.Func().Params(recv.Clone()).Id("EncodePER").Params(wp).Error().Add(emit.OneLineBody(jen.Return(base.Clone().Dot("EncodePER").Call(w()))))
		e.entryPoints(f, gt)
		return
	}
	var dec, enc jen.Code
	switch gt.Kind {
	case model.TypeSequence, model.TypeSet:
		if gt.Kind == model.TypeSet && !e.perTagOrder(gt.Fields) {
			e.perFail(gt.ASN1, "a SET whose components are not in the canonical order of their tags")
		}
		dec, enc = e.sequenceDecode(gt), e.sequenceEncode(gt)
	case model.TypeChoice:
		dec, enc = e.choiceDecode(gt), e.choiceEncode(gt)
	case model.TypeSequenceOf, model.TypeSetOf:
		dec, enc = e.listCodec(gt)
	case model.TypeEnumerated:
		dec, enc = e.enumCodec(gt)
	default:
		dec, enc = e.primitiveCodec(gt)
	}
	if dec == nil {
		return // perFail has said why
	}
	emit.Comment(f, "DecodePER reads v from r (X.691); per.Unmarshal calls it.")
	f.Func().Params(recv.Clone()).Id("DecodePER").Params(rp).Error().Add(dec)
	emit.Comment(f, "EncodePER writes v to w (X.691); per.Marshal calls it.")
	f.Func().Params(recv.Clone()).Id("EncodePER").Params(wp).Error().Add(enc)
	e.entryPoints(f, gt)
}

// primitiveCodec is the codec of a type defined as a built-in type:
//
//	*v = ProtocolIEID(r.Int(0, 65535, false, ""))
//	return r.Err()
func (e *Emitter) primitiveCodec(gt *plan.Type) (dec, enc jen.Code) {
	if gt.Kind == model.TypeNull {
		return emit.OneLineBody(jen.Return(jen.Nil())), emit.OneLineBody(jen.Return(jen.Nil()))
	}
	read, ok := e.readBuiltin(gt.Body, jen.Lit(""), gt.ASN1)
	if !ok {
		return nil, nil
	}
	dec = jen.Block(
		jen.Op("*").Id("v").Op("=").Id(gt.Name).Call(read),
		jen.Return(r().Dot("Err").Call()))
	enc = jen.BlockFunc(func(g *jen.Group) {
		e.writeBuiltin(g, gt.Body, func() *jen.Statement { return emit.PrimitiveGo(gt).Call(jen.Op("*").Id("v")) }, jen.Lit(""), gt.ASN1)
		g.Return(w().Dot("Err").Call())
	})
	return dec, enc
}

// entryPoints emits the entry points of the package's variants on the
// named types (assignments and instances) of a structure, SEQUENCE, SET,
// CHOICE or a list of them, what a message or a container's contents is:
//
//	func (v *T) UnmarshalUPER(b []byte) error { return per.UnmarshalRoot(b, v, false, "T") }
//	func (v *T) MarshalUPER() ([]byte, error) { return per.Marshal(v, false) }
//
// UnmarshalRoot puts the type's name first in the path of an error, as
// UnmarshalDER does.
func (e *Emitter) entryPoints(f *jen.File, gt *plan.Type) {
	switch gt.Kind {
	case model.TypeSequence, model.TypeSet, model.TypeChoice, model.TypeSequenceOf, model.TypeSetOf:
	default:
		return // a value of another type is read and written with per.Unmarshal and per.Marshal
	}
	if gt.Doc == "" {
		return // a type written in place is read with the type it is written in
	}
	recv := jen.Id("v").Op("*").Id(gt.Name)
	for _, variant := range e.variants() {
		emit.Comment(f, fmt.Sprintf("Unmarshal%s decodes v from b, the complete %s PER encoding of a %s (X.691); v aliases b.", variant.name, variant.text, gt.ASN1))
		f.Func().Params(recv.Clone()).Id("Unmarshal" + variant.name).Params(jen.Id("b").Index().Byte()).Error().Add(emit.OneLineBody(
			jen.Return(pr("UnmarshalRoot").Call(jen.Id("b"), jen.Id("v"), jen.Lit(variant.aligned), jen.Lit(gt.ASN1)))))
		emit.Comment(f, fmt.Sprintf("Marshal%s returns the %s PER encoding of v (X.691).", variant.name, variant.text))
		f.Func().Params(recv.Clone()).Id("Marshal"+variant.name).Params().Params(jen.Index().Byte(), jen.Error()).Add(emit.OneLineBody(
			jen.Return(pr("Marshal").Call(jen.Id("v"), jen.Lit(variant.aligned)))))
	}
}

// Fuzz emits the PER fuzz target of gt (with -fuzz):
//
//	func FuzzTPER(f *testing.F) {
//		f.Fuzz(func(t *testing.T, b []byte) {
//			for _, aligned := range []bool{false, true} {
//				var v T
//				if err := per.Unmarshal(b, &v, aligned, nil); err != nil {
//					var e *der.Error
//					if !errors.As(err, &e) || !e.Bits || e.Offset < 0 {
//						t.Fatalf("error not located: %v", err)
//					}
//					continue
//				}
//				if _, err := per.Marshal(&v, aligned); err != nil {
//					t.Fatalf("re-encoding a decoded value: %v", err)
//				}
//			}
//		})
//	}
func (e *Emitter) Fuzz(f *jen.File, gt *plan.Type) {
	name := "Fuzz" + gt.Name + "PER"
	var aligned []jen.Code
	var texts []string
	for _, v := range e.variants() {
		aligned = append(aligned, jen.Lit(v.aligned))
		texts = append(texts, v.text)
	}
	emit.Comment(f, fmt.Sprintf("%s checks that decoding a %s in %s PER never panics,\nthat every error is located and that what decodes encodes again.", name, gt.ASN1, strings.Join(texts, " and ")))
	f.Func().Id(name).Params(jen.Id("f").Op("*").Qual("testing", "F")).Block(
		jen.Id("f").Dot("Fuzz").Call(jen.Func().Params(jen.Id("t").Op("*").Qual("testing", "T"), jen.Id("b").Index().Byte()).Block(
			jen.For(jen.List(jen.Id("_"), jen.Id("aligned")).Op(":=").Range().Index().Bool().Values(aligned...)).Block(
				jen.Var().Id("v").Id(gt.Name),
				jen.If(jen.Err().Op(":=").Add(pr("Unmarshal")).Call(jen.Id("b"), jen.Op("&").Id("v"), jen.Id("aligned"), jen.Nil()), jen.Err().Op("!=").Nil()).Block(
					jen.Var().Id("e").Op("*").Add(emit.RT("Error")),
					jen.If(jen.Op("!").Qual("errors", "As").Call(jen.Err(), jen.Op("&").Id("e")).Op("||").Op("!").Id("e").Dot("Bits").Op("||").Id("e").Dot("Offset").Op("<").Lit(0)).Block(
						jen.Id("t").Dot("Fatalf").Call(jen.Lit("error not located: %v"), jen.Err())),
					jen.Continue(),
				),
				jen.If(jen.List(jen.Id("_"), jen.Err()).Op(":=").Add(pr("Marshal")).Call(jen.Op("&").Id("v"), jen.Id("aligned")), jen.Err().Op("!=").Nil()).Block(
					jen.Id("t").Dot("Fatalf").Call(jen.Lit("re-encoding a decoded value: %v"), jen.Err())),
			),
		)),
	)
}

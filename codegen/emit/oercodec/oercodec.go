// Package oercodec emits the OER codecs (ITU-T X.696, BASIC-OER and
// CANONICAL-OER) of the types of a plan: every Go type gets
//
//	func (v *T) DecodeOER(r *oer.Reader) error
//	func (v *T) EncodeOER(w *oer.Writer) error
//
// (runtime/oer's Value), and the named structures (SEQUENCE, SET, CHOICE
// and lists) the entry points UnmarshalOER and MarshalOER. The encoders
// write CANONICAL-OER, which is also BASIC-OER; the decoders accept
// BASIC-OER, and check CANONICAL-OER when the Reader is made with
// oer.Options{Canonical: true} (oer.Unmarshal), including what only the
// schema knows (a DEFAULT component present with its default value).
//
// A component costs one line: the Reader of runtime/oer keeps the first
// error with its offset and field path, and later calls do nothing
// (runtime/oer's sticky.go); the Writer's methods that can fail return
// their error, kept with w.Fail. A construct the emitter does not handle
// fails the generation with an error naming the type and the construct:
// it never emits code that would encode wrongly.
package oercodec

import (
	"fmt"

	"github.com/asn1gen/asn1gen/codegen/emit"
	"github.com/asn1gen/asn1gen/codegen/model"
	"github.com/asn1gen/asn1gen/codegen/plan"
	"github.com/dave/jennifer/jen"
)

// RuntimePath is the import path of the runtime of OER codecs.
const RuntimePath = "github.com/asn1gen/asn1gen/runtime/oer"

func or(name string) *jen.Statement { return jen.Qual(RuntimePath, name) }

// w is the writer of generated code; readers are named by their callers
// (r, or o for the contents of an open type field).
func w() *jen.Statement { return jen.Id("w") }

// Emitter writes the OER codecs of the types of a plan.
type Emitter struct {
	err error
	// additions: some SEQUENCE is extensible with additions, and the
	// file needs the helper that makes their presence bitmap (Tail).
	additions bool
	// namedBits: some BIT STRING has named bits, and the file needs the
	// helper that writes them in their canonical form (Tail).
	namedBits bool
	// cur is the type whose methods are being emitted: an open type's
	// key is one of its fields.
	cur *plan.Type
	// deferred maps, while a SEQUENCE's decoder is emitted, each key
	// component to the open types before it that it resolves.
	deferred map[*plan.Field][]*plan.Field
	// defaults are the encodings of the DEFAULT values compared by their
	// encodings (defaults.go).
	defaults []encodedDef
	// compared are, while a SEQUENCE's encoder is emitted, the DEFAULT
	// components compared by their encodings, whose presence a variable
	// holds (declareCompared).
	compared map[*plan.Field]bool
	// p is the plan, which says which codecs the used packages carry.
	p *plan.Plan
	// alphabets are the string types narrowed to a permitted alphabet
	// that the codecs check.
	alphabets emit.Alphabets
}

// New returns an Emitter of the OER codecs of the types of p.
func New(p *plan.Plan) *Emitter {
	return &Emitter{p: p, alphabets: emit.Alphabets{Prefix: "oerAlphabet", Path: RuntimePath}}
}

// Err returns the first construct the emitter met that it does not handle:
// the generation must fail with it.
func (e *Emitter) Err() error { return e.err }

// fail records that the OER emitter cannot encode construct in where.
func (e *Emitter) fail(where, construct string) {
	if e.err == nil {
		e.err = fmt.Errorf("asn1gen: -codecs oer: %s: %s is not supported by the OER emitter yet", where, construct)
	}
}

// Type emits the OER methods of gt.
func (e *Emitter) Type(f *jen.File, gt *plan.Type) {
	if gt.Alias != nil {
		return // the aliased type has them
	}
	if gt.Pkg != "" {
		return // declared by another package
	}
	e.cur = gt
	if gt.Union != nil {
		e.union(f, gt)
		return
	}
	recv := jen.Id("v").Op("*").Id(gt.Name)
	rp := jen.Id("r").Op("*").Add(or("Reader"))
	wp := jen.Id("w").Op("*").Add(or("Writer"))
	if gt.Base != nil && emit.Structural(gt.Kind) {
		// Constraints on a SEQUENCE, SET, CHOICE or ENUMERATED are not
		// OER-visible (X.696 8.2): the base type's codec is the codec.
		base := jen.Parens(jen.Op("*").Add(emit.Ref(gt.Base))).Call(jen.Id("v"))
		emit.Comment(f, "DecodeOER reads v from r (X.696); oer.Unmarshal calls it.")
		f.Func().Params(recv.Clone()).Id("DecodeOER").Params(rp).Error().Add(emit.OneLineBody(jen.Return(base.Clone().Dot("DecodeOER").Call(jen.Id("r")))))
		emit.Comment(f, "EncodeOER writes v to w (X.696); oer.Marshal calls it.")
		f.Func().Params(recv.Clone()).Id("EncodeOER").Params(wp).Error().Add(emit.OneLineBody(jen.Return(base.Clone().Dot("EncodeOER").Call(w()))))
		e.entryPoints(f, gt)
		return
	}
	var dec, enc jen.Code
	switch gt.Kind {
	case model.TypeSequence, model.TypeSet:
		if gt.Kind == model.TypeSet {
			// X.696 18 encodes a SET's root components in the
			// canonical order of their tags (components).
			if why := setOrder(gt); why != "" {
				e.fail(gt.ASN1, why)
				return
			}
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
	if dec == nil || e.err != nil {
		return // fail has said why
	}
	emit.Comment(f, "DecodeOER reads v from r (X.696); oer.Unmarshal calls it.")
	f.Func().Params(recv.Clone()).Id("DecodeOER").Params(rp).Error().Add(dec)
	emit.Comment(f, "EncodeOER writes v to w (X.696); oer.Marshal calls it.")
	f.Func().Params(recv.Clone()).Id("EncodeOER").Params(wp).Error().Add(enc)
	e.entryPoints(f, gt)
}

// primitiveCodec is the codec of a type defined as a built-in type:
//
//	*v = ID(r.IntRange(0, 255, ""))
//	return r.Err()
func (e *Emitter) primitiveCodec(gt *plan.Type) (dec, enc jen.Code) {
	if gt.Kind == model.TypeNull {
		// X.696 15: a NULL has no octets.
		return emit.OneLineBody(jen.Return(jen.Nil())), emit.OneLineBody(jen.Return(jen.Nil()))
	}
	if gt.Body.Underlying().Kind == model.TypeOpen {
		return openCodec(gt)
	}
	read, ok := e.readBuiltin(gt.Body, "r", jen.Lit(""), gt.ASN1)
	if !ok {
		return nil, nil
	}
	dec = jen.Block(
		jen.Op("*").Id("v").Op("=").Id(gt.Name).Call(read),
		jen.Return(jen.Id("r").Dot("Err").Call()))
	enc = jen.BlockFunc(func(g *jen.Group) {
		e.writeBuiltin(g, gt.Body, func() *jen.Statement { return emit.PrimitiveGo(gt).Call(jen.Op("*").Id("v")) }, jen.Lit(""), gt.ASN1)
		g.Return(w().Dot("Err").Call())
	})
	return dec, enc
}

// openCodec is the codec of a type defined as an open type without a
// table (AttributeValue ::= ATTRIBUTE.&Type): an open type field, a
// length determinant and the complete encoding of a value (X.696 30),
// whose octets the value keeps and writes back, as a component's.
//
//	if r.Err() == nil {
//		b, _, err := r.ReadOpen()
//		r.Fail(err, "")
//		*v = T(b)
//	}
//	return r.Err()
func openCodec(gt *plan.Type) (dec, enc jen.Code) {
	dec = jen.Block(
		jen.If(jen.Id("r").Dot("Err").Call().Op("==").Nil()).Block(
			jen.List(jen.Id("b"), jen.Id("_"), jen.Err()).Op(":=").Id("r").Dot("ReadOpen").Call(),
			jen.Id("r").Dot("Fail").Call(jen.Err(), jen.Lit("")),
			jen.Op("*").Id("v").Op("=").Id(gt.Name).Call(jen.Id("b")),
		),
		jen.Return(jen.Id("r").Dot("Err").Call()))
	enc = jen.Block(
		w().Dot("WriteOpen").Call(jen.Op("*").Id("v")),
		jen.Return(w().Dot("Err").Call()))
	return dec, enc
}

// entryPoints emits the entry points on the named types (assignments and
// instances) of a structure, SEQUENCE, SET, CHOICE or a list of them:
//
//	func (v *T) UnmarshalOER(b []byte) error { r := oer.NewReader(b, nil); return r.Root(v.DecodeOER(&r), "T") }
//	func (v *T) MarshalOER() ([]byte, error) { return oer.Marshal(v) }
//
// Root puts the type's name first in the path of an error, as
// UnmarshalDER does.
func (e *Emitter) entryPoints(f *jen.File, gt *plan.Type) {
	switch gt.Kind {
	case model.TypeSequence, model.TypeSet, model.TypeChoice, model.TypeSequenceOf, model.TypeSetOf:
	default:
		return // a value of another type is read and written with oer.Unmarshal and oer.Marshal
	}
	if gt.Doc == "" {
		return // a type written in place is read with the type it is written in
	}
	recv := jen.Id("v").Op("*").Id(gt.Name)
	emit.Comment(f, fmt.Sprintf("UnmarshalOER decodes v from b, the complete BASIC-OER encoding of a %s (X.696); v aliases b.", gt.ASN1))
	f.Func().Params(recv.Clone()).Id("UnmarshalOER").Params(jen.Id("b").Index().Byte()).Error().Block(
		jen.Id("r").Op(":=").Add(or("NewReader")).Call(jen.Id("b"), jen.Nil()),
		jen.Return(jen.Id("r").Dot("Root").Call(jen.Id("v").Dot("DecodeOER").Call(jen.Op("&").Id("r")), jen.Lit(gt.ASN1))))
	emit.Comment(f, "MarshalOER returns the CANONICAL-OER encoding of v (X.696).")
	f.Func().Params(recv.Clone()).Id("MarshalOER").Params().Params(jen.Index().Byte(), jen.Error()).Add(emit.OneLineBody(
		jen.Return(or("Marshal").Call(jen.Id("v")))))
}

// Tail declares the helpers of the encoders that some type uses.
func (e *Emitter) Tail(f *jen.File) {
	e.alphabets.Declare(f)
	if e.namedBits {
		namedBitsHelper(f)
	}
	e.defaultsTail(f)
	if !e.additions {
		return
	}
	emit.Comment(f, "oerAdditions returns the presence bitmap of the extension additions (X.696 16.4) and whether one is present.")
	f.Func().Id("oerAdditions").Params(jen.Id("present").Op("...").Bool()).Params(emit.RT("BitString"), jen.Bool()).Block(
		jen.Id("x").Op(":=").Add(emit.RT("BitString")).Values(jen.Dict{
			jen.Id("Bytes"):     jen.Make(jen.Index().Byte(), jen.Parens(jen.Len(jen.Id("present")).Op("+").Lit(7)).Op("/").Lit(8)),
			jen.Id("BitLength"): jen.Len(jen.Id("present")),
		}),
		jen.Id("on").Op(":=").False(),
		jen.For(jen.List(jen.Id("i"), jen.Id("p")).Op(":=").Range().Id("present")).Block(
			jen.If(jen.Id("p")).Block(
				jen.Id("x").Dot("Bytes").Index(jen.Id("i").Op("/").Lit(8)).Op("|=").Id("0x80").Op(">>").Parens(jen.Id("i").Op("%").Lit(8)),
				jen.Id("on").Op("=").True(),
			),
		),
		jen.Return(jen.Id("x"), jen.Id("on")),
	)
}

// Fuzz emits the OER fuzz target of gt (with -fuzz):
//
//	func FuzzTOER(f *testing.F) {
//		f.Fuzz(func(t *testing.T, b []byte) {
//			for _, canonical := range []bool{false, true} {
//				var v T
//				if err := oer.Unmarshal(b, &v, &oer.Options{Canonical: canonical}); err != nil {
//					var e *der.Error
//					if !errors.As(err, &e) || e.Offset < 0 {
//						t.Fatalf("error not located: %v", err)
//					}
//					continue
//				}
//				if _, err := oer.Marshal(&v); err != nil {
//					t.Fatalf("re-encoding a decoded value: %v", err)
//				}
//			}
//		})
//	}
func (e *Emitter) Fuzz(f *jen.File, gt *plan.Type) {
	name := "Fuzz" + gt.Name + "OER"
	emit.Comment(f, fmt.Sprintf("%s checks that decoding a %s in either OER never panics, locates its errors and re-encodes.", name, gt.ASN1))
	f.Func().Id(name).Params(jen.Id("f").Op("*").Qual("testing", "F")).Block(
		jen.Id("f").Dot("Fuzz").Call(jen.Func().Params(jen.Id("t").Op("*").Qual("testing", "T"), jen.Id("b").Index().Byte()).Block(
			jen.For(jen.List(jen.Id("_"), jen.Id("canonical")).Op(":=").Range().Index().Bool().Values(jen.False(), jen.True())).Block(
				jen.Var().Id("v").Id(gt.Name),
				jen.If(jen.Err().Op(":=").Add(or("Unmarshal")).Call(jen.Id("b"), jen.Op("&").Id("v"), jen.Op("&").Add(or("Options")).Values(jen.Dict{jen.Id("Canonical"): jen.Id("canonical")})), jen.Err().Op("!=").Nil()).Block(
					jen.Var().Id("e").Op("*").Add(emit.RT("Error")),
					jen.If(jen.Op("!").Qual("errors", "As").Call(jen.Err(), jen.Op("&").Id("e")).Op("||").Id("e").Dot("Offset").Op("<").Lit(0)).Block(
						jen.Id("t").Dot("Fatalf").Call(jen.Lit("error not located: %v"), jen.Err())),
					jen.Continue(),
				),
				jen.If(jen.List(jen.Id("_"), jen.Err()).Op(":=").Add(or("Marshal")).Call(jen.Op("&").Id("v")), jen.Err().Op("!=").Nil()).Block(
					jen.Id("t").Dot("Fatalf").Call(jen.Lit("re-encoding a decoded value: %v"), jen.Err())),
			),
		)),
	)
}

// namedBitsHelper declares oerNamedBits, the canonical form of a BIT
// STRING with named bits (per.NamedBits in PER's runtime; the generated
// package of OER alone imports no PER). The padding bits of the copied
// octet are cleared: a value built by hand may have set them.
func namedBitsHelper(f *jen.File) {
	bs := emit.RT("BitString")
	emit.Comment(f, "oerNamedBits returns v without its trailing 0 bits but of lb bits at least (X.680 22.7).")
	f.Func().Id("oerNamedBits").Params(jen.Id("v").Add(bs.Clone()), jen.Id("lb").Int()).Add(bs.Clone()).Block(
		jen.Id("n").Op(":=").Min(jen.Id("v").Dot("BitLength"), jen.Lit(8).Op("*").Len(jen.Id("v").Dot("Bytes"))),
		jen.For(jen.Id("n").Op(">").Lit(0).Op("&&").Id("v").Dot("Bytes").Index(jen.Parens(jen.Id("n").Op("-").Lit(1)).Op("/").Lit(8)).
			Op(">>").Parens(jen.Lit(7).Op("-").Parens(jen.Id("n").Op("-").Lit(1)).Op("%").Lit(8)).Op("&").Lit(1).Op("==").Lit(0)).Block(
			jen.Id("n").Op("--")),
		jen.If(jen.Id("n").Op(">=").Id("lb")).Block(
			jen.Return(bs.Clone().Values(jen.Dict{
				jen.Id("Bytes"):     jen.Id("v").Dot("Bytes").Index(jen.Empty(), jen.Parens(jen.Id("n").Op("+").Lit(7)).Op("/").Lit(8)),
				jen.Id("BitLength"): jen.Id("n"),
			}))),
		jen.Id("b").Op(":=").Make(jen.Index().Byte(), jen.Parens(jen.Id("lb").Op("+").Lit(7)).Op("/").Lit(8)),
		jen.Copy(jen.Id("b"), jen.Id("v").Dot("Bytes").Index(jen.Empty(), jen.Parens(jen.Id("n").Op("+").Lit(7)).Op("/").Lit(8))),
		jen.If(jen.Id("n").Op("%").Lit(8).Op("!=").Lit(0)).Block(
			jen.Id("b").Index(jen.Id("n").Op("/").Lit(8)).Op("&=").Id("0xff").Op("<<").Parens(jen.Lit(8).Op("-").Id("n").Op("%").Lit(8))),
		jen.Return(bs.Clone().Values(jen.Dict{jen.Id("Bytes"): jen.Id("b"), jen.Id("BitLength"): jen.Id("lb")})),
	)
}

// Package jercodec emits the JER codecs (ITU-T X.697, the JSON Encoding
// Rules) of the types of a plan: every Go type gets
//
//	func (v *T) DecodeJER(r *jer.Reader) error
//	func (v *T) EncodeJER(w *jer.Writer) error
//
// (runtime/jer's Value), and the named types (the assignments) the entry
// points of encoding/json, UnmarshalJSON and MarshalJSON, so that a
// struct of the caller's holding a generated type marshals it in JER.
// MarshalJSON has a value receiver: encoding/json calls it on values it
// cannot take the address of.
//
// The decoders read the members of an object in any order, and check
// what the other codecs check: the mandatory components present, the
// value ranges and SIZEs that are not extensible, the characters of the
// known-multiplier strings. A member an extensible SEQUENCE or SET does
// not know is an addition of a later version, skipped (X.697 leaves a
// decoder to ignore it); the encoders leave out a DEFAULT component whose
// value is the default.
//
// A construct the emitter does not handle fails the generation with an
// error naming the type and the construct: it never emits code that would
// encode wrongly.
package jercodec

import (
	"fmt"

	"github.com/asn1gen/asn1gen/codegen/emit"
	"github.com/asn1gen/asn1gen/codegen/model"
	"github.com/asn1gen/asn1gen/codegen/plan"
	"github.com/dave/jennifer/jen"
)

// RuntimePath is the import path of the runtime of JER codecs.
const RuntimePath = "github.com/asn1gen/asn1gen/runtime/jer"

func jr(name string) *jen.Statement { return jen.Qual(RuntimePath, name) }

// w is the writer of generated code, r its reader.
func w() *jen.Statement { return jen.Id("w") }
func r() *jen.Statement { return jen.Id("r") }

// Emitter writes the JER codecs of the types of a plan.
type Emitter struct {
	err error
	// namedBits: some BIT STRING has named bits, and the file needs the
	// helper that writes them in one form (Tail).
	namedBits bool
	// cur is the type whose methods are being emitted.
	cur *plan.Type
	// p is the plan, which says which codecs the used packages carry.
	p *plan.Plan
	// encoded are the unions that strings CONTAINING them ENCODED BY
	// der hold (encodedUnion), found on first use.
	encoded map[*plan.Union]bool
	// alphabets are the string types narrowed to a permitted alphabet
	// that the codecs check.
	alphabets emit.Alphabets
}

// New returns an Emitter of the JER codecs of the types of p.
func New(p *plan.Plan) *Emitter {
	return &Emitter{p: p, alphabets: emit.Alphabets{Prefix: "jerAlphabet", Path: RuntimePath}}
}

// Err returns the first construct the emitter met that it does not handle.
func (e *Emitter) Err() error { return e.err }

// fail records that the JER emitter cannot encode construct in where.
func (e *Emitter) fail(where, construct string) {
	if e.err == nil {
		e.err = fmt.Errorf("asn1gen: -codecs jer: %s: %s is not supported by the JER emitter yet", where, construct)
	}
}

// Type emits the JER methods of gt.
func (e *Emitter) Type(f *jen.File, gt *plan.Type) {
	if gt.Alias != nil || gt.Pkg != "" {
		return // the aliased type has them, or another package declares it
	}
	e.cur = gt
	if gt.Union != nil {
		e.union(f, gt)
		return
	}
	recv := jen.Id("v").Op("*").Id(gt.Name)
	rp := jen.Id("r").Op("*").Add(jr("Reader"))
	wp := jen.Id("w").Op("*").Add(jr("Writer"))
	if gt.Base != nil && emit.Structural(gt.Kind) {
		// Constraints on a SEQUENCE, SET, CHOICE or ENUMERATED leave the
		// base type's codec the codec.
		base := jen.Parens(jen.Op("*").Add(emit.Ref(gt.Base))).Call(jen.Id("v"))
		emit.Comment(f, "DecodeJER reads v from r (X.697).")
		f.Func().Params(recv.Clone()).Id("DecodeJER").Params(rp).Error().Add(emit.OneLineBody(jen.Return(base.Clone().Dot("DecodeJER").Call(r()))))
		emit.Comment(f, "EncodeJER writes v to w (X.697).")
		f.Func().Params(recv.Clone()).Id("EncodeJER").Params(wp).Error().Add(emit.OneLineBody(jen.Return(base.Clone().Dot("EncodeJER").Call(w()))))
		e.entryPoints(f, gt)
		return
	}
	var dec, enc jen.Code
	switch gt.Kind {
	case model.TypeSequence, model.TypeSet:
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
	emit.Comment(f, "DecodeJER reads v from r (X.697).")
	f.Func().Params(recv.Clone()).Id("DecodeJER").Params(rp).Error().Add(dec)
	emit.Comment(f, "EncodeJER writes v to w (X.697).")
	f.Func().Params(recv.Clone()).Id("EncodeJER").Params(wp).Error().Add(enc)
	e.entryPoints(f, gt)
}

// primitiveCodec is the codec of a type defined as a built-in type:
//
//	*v = ID(r.IntRange(0, 255, ""))
//	return r.Err()
func (e *Emitter) primitiveCodec(gt *plan.Type) (dec, enc jen.Code) {
	if gt.Kind == model.TypeNull {
		return jen.Block(r().Dot("Null").Call(jen.Lit("")), jen.Return(r().Dot("Err").Call())),
			jen.Block(w().Dot("Null").Call(), jen.Return(jen.Nil()))
	}
	if gt.Body.Underlying().Kind == model.TypeOpen {
		return jen.Block(jen.Op("*").Id("v").Op("=").Add(r().Dot("Raw").Call(jen.Lit(""))), jen.Return(r().Dot("Err").Call())),
			jen.Block(w().Dot("Open").Call(jen.Op("*").Id("v"), jen.Lit("")), jen.Return(w().Dot("Err").Call()))
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

// entryPoints emits the entry points of encoding/json on the named types
// (the assignments and instances):
//
//	func (v *T) UnmarshalJSON(b []byte) error { r := jer.NewReader(b, nil); return r.Root(v.DecodeJER(&r), "T") }
//	func (v T) MarshalJSON() ([]byte, error) { return jer.Marshal(&v) }
func (e *Emitter) entryPoints(f *jen.File, gt *plan.Type) {
	if gt.Doc == "" {
		return // a type written in place is read with the type it is written in
	}
	emit.Comment(f, fmt.Sprintf("UnmarshalJSON decodes v from b, the JER encoding of a %s (X.697); encoding/json calls it.", gt.ASN1))
	f.Func().Params(jen.Id("v").Op("*").Id(gt.Name)).Id("UnmarshalJSON").Params(jen.Id("b").Index().Byte()).Error().Block(
		jen.Id("r").Op(":=").Add(jr("NewReader")).Call(jen.Id("b"), jen.Nil()),
		jen.Return(r().Dot("Root").Call(jen.Id("v").Dot("DecodeJER").Call(jen.Op("&").Id("r")), jen.Lit(gt.ASN1))))
	emit.Comment(f, "MarshalJSON returns the JER encoding of v (X.697); encoding/json calls it.")
	f.Func().Params(jen.Id("v").Id(gt.Name)).Id("MarshalJSON").Params().Params(jen.Index().Byte(), jen.Error()).Add(emit.OneLineBody(
		jen.Return(jr("Marshal").Call(jen.Op("&").Id("v")))))
}

// Tail declares the helpers of the encoders that some type uses.
func (e *Emitter) Tail(f *jen.File) {
	e.alphabets.Declare(f)
	if !e.namedBits {
		return
	}
	bs := emit.RT("BitString")
	emit.Comment(f, "jerNamedBits returns v without its trailing 0 bits but of lb bits at least (X.680 22.7).")
	f.Func().Id("jerNamedBits").Params(jen.Id("v").Add(bs.Clone()), jen.Id("lb").Int()).Add(bs.Clone()).Block(
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

// Fuzz emits the JER fuzz target of gt (with -fuzz):
//
//	func FuzzTJER(f *testing.F) {
//		f.Fuzz(func(t *testing.T, b []byte) {
//			var v T
//			if err := jer.Unmarshal(b, &v, nil); err != nil {
//				var e *der.Error
//				if !errors.As(err, &e) || e.Offset < 0 {
//					t.Fatalf("error not located: %v", err)
//				}
//				return
//			}
//			if _, err := jer.Marshal(&v); err != nil {
//				t.Fatalf("re-encoding a decoded value: %v", err)
//			}
//		})
//	}
func (e *Emitter) Fuzz(f *jen.File, gt *plan.Type) {
	name := "Fuzz" + gt.Name + "JER"
	emit.Comment(f, fmt.Sprintf("%s checks that decoding a %s in JER never panics, locates its errors and re-encodes.", name, gt.ASN1))
	f.Func().Id(name).Params(jen.Id("f").Op("*").Qual("testing", "F")).Block(
		jen.Id("f").Dot("Fuzz").Call(jen.Func().Params(jen.Id("t").Op("*").Qual("testing", "T"), jen.Id("b").Index().Byte()).Block(
			jen.Var().Id("v").Id(gt.Name),
			jen.If(jen.Err().Op(":=").Add(jr("Unmarshal")).Call(jen.Id("b"), jen.Op("&").Id("v"), jen.Nil()), jen.Err().Op("!=").Nil()).Block(
				jen.Var().Id("e").Op("*").Add(emit.RT("Error")),
				jen.If(jen.Op("!").Qual("errors", "As").Call(jen.Err(), jen.Op("&").Id("e")).Op("||").Id("e").Dot("Offset").Op("<").Lit(0)).Block(
					jen.Id("t").Dot("Fatalf").Call(jen.Lit("error not located: %v"), jen.Err())),
				jen.Return(),
			),
			jen.If(jen.List(jen.Id("_"), jen.Err()).Op(":=").Add(jr("Marshal")).Call(jen.Op("&").Id("v")), jen.Err().Op("!=").Nil()).Block(
				jen.Id("t").Dot("Fatalf").Call(jen.Lit("re-encoding a decoded value: %v"), jen.Err())),
		)),
	)
}

package percodec

// PER codecs (ITU-T X.691), emitted with Config.PER (asn1gen gen -per):
// every Go type gets
//
//	func (v *T) DecodePER(r *per.Reader) error
//	func (v *T) EncodePER(w *per.Writer) error
//
// one pair for both variants (the reader and the writer know which), and
// the entry points UnmarshalAPER, MarshalAPER, UnmarshalUPER and
// MarshalUPER on the types that have UnmarshalDER. A construct the PER
// emitter does not handle yet fails the generation with an error naming
// the type and the construct (perError): it never emits code that would
// encode wrongly.

import (
	"fmt"
	"math"
	"math/big"
	"slices"
	"sort"
	"strings"

	"github.com/asn1gen/asn1gen/codegen/emit"
	"github.com/asn1gen/asn1gen/codegen/model"
	"github.com/asn1gen/asn1gen/codegen/plan"
	"github.com/asn1gen/asn1gen/runtime/der"
	"github.com/asn1gen/asn1gen/runtime/per"
	"github.com/dave/jennifer/jen"
)

// RuntimePath is the import path of the runtime of PER codecs.
const RuntimePath = "github.com/asn1gen/asn1gen/runtime/per"

func pr(name string) *jen.Statement { return jen.Qual(RuntimePath, name) }

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
func (e *Emitter) Type(f *jen.File, gt *plan.Type) {
	if gt.Alias != nil {
		return // the aliased type has them
	}
	if gt.Union != nil {
		e.perUnion(f, gt)
		return
	}
	e.Reset()
	recv := jen.Id("v").Op("*").Id(gt.Name)
	r := jen.Id("r").Op("*").Add(pr("Reader"))
	w := jen.Id("w").Op("*").Add(pr("Writer"))
	if gt.Base != nil && structural(gt.Kind) {
		// Constraints on a SEQUENCE, SET or CHOICE are not PER-visible:
		// the base type's codec is the codec.
		base := jen.Parens(jen.Op("*").Add(emit.Ref(gt.Base))).Call(jen.Id("v"))
		emit.Comment(f, "DecodePER reads v from r (X.691); per.Unmarshal calls it.")
		f.Func().Params(recv.Clone()).Id("DecodePER").Params(r).Error().Add(emit.OneLineBody(jen.Return(base.Clone().Dot("DecodePER").Call(jen.Id("r")))))
		emit.Comment(f, "EncodePER writes v to w (X.691); per.Marshal calls it.")
		f.Func().Params(recv.Clone()).Id("EncodePER").Params(w).Error().Add(emit.OneLineBody(jen.Return(base.Clone().Dot("EncodePER").Call(jen.Id("w")))))
		e.perTop(f, gt)
		return
	}
	var dec, enc func(g *jen.Group)
	switch gt.Kind {
	case model.TypeSequence:
		dec, enc = e.perSequence(gt)
		dec = e.perDeferDecode(gt, dec)
	case model.TypeSet:
		if !e.perTagOrder(gt.Fields) {
			e.perFail(gt.ASN1, "a SET whose components are not in the canonical order of their tags")
		}
		dec, enc = e.perSequence(gt)
		dec = e.perDeferDecode(gt, dec)
	case model.TypeChoice:
		dec, enc = e.perChoice(gt)
	case model.TypeSequenceOf, model.TypeSetOf:
		dec, enc = e.perList(gt)
	case model.TypeEnumerated:
		dec, enc = e.perEnumerated(gt)
	default:
		x := func() *jen.Statement { return jen.Id("x") }
		dec = func(g *jen.Group) {
			ok := e.perRead(g, gt.Body, x, gt.ASN1, emit.PlainReturn, true)
			if ok && gt.Kind != model.TypeNull {
				g.Op("*").Id("v").Op("=").Id(gt.Name).Call(jen.Id("x"))
			}
			g.Return(jen.Nil())
		}
		enc = func(g *jen.Group) {
			if gt.Kind != model.TypeNull {
				g.Id("x").Op(":=").Add(e.perBuiltinGo(gt)).Call(jen.Op("*").Id("v"))
			}
			e.perWrite(g, gt.Body, x, gt.ASN1, emit.PlainReturn)
			g.Return(jen.Nil())
		}
	}
	emit.Comment(f, "DecodePER reads v from r (X.691); per.Unmarshal calls it.")
	f.Func().Params(recv.Clone()).Id("DecodePER").Params(r).Error().BlockFunc(dec)
	emit.Comment(f, "EncodePER writes v to w (X.691); per.Marshal calls it.")
	f.Func().Params(recv.Clone()).Id("EncodePER").Params(w).Error().BlockFunc(enc)
	e.perTop(f, gt)
}

func structural(k model.TypeKind) bool {
	return k == model.TypeSequence || k == model.TypeSet || k == model.TypeChoice || k == model.TypeEnumerated
}

// perBuiltinGo is the Go type of the builtin a primitive type is defined
// over, for the conversion of *v.
func (e *Emitter) perBuiltinGo(gt *plan.Type) *jen.Statement {
	if gt.Kind == model.TypeInteger {
		if plan.GoIntOf(emit.Self(gt)) == "int64" {
			return jen.Int64()
		}
		return emit.RT("Integer")
	}
	return emit.BuiltinGo(gt.Body)
}

// perTop emits the entry points, on the types that have UnmarshalDER:
//
//	func (v *T) UnmarshalAPER(b []byte) error {
//		r := per.NewReader(b, true, nil)
//		return r.Root(v.DecodePER(&r), "T")
//	}
//	func (v *T) MarshalAPER() ([]byte, error) { return per.Marshal(v, true) }
//
// and UnmarshalUPER, MarshalUPER with false. Root puts the type's name
// first in the path of an error, as UnmarshalDER does.
func (e *Emitter) perTop(f *jen.File, gt *plan.Type) {
	if k := gt.Kind; gt.Doc == "" && k != model.TypeSequence && k != model.TypeSet && k != model.TypeChoice {
		return
	}
	recv := jen.Id("v").Op("*").Id(gt.Name)
	for _, variant := range e.variants() {
		emit.Comment(f, fmt.Sprintf("Unmarshal%s decodes v from b, the complete %s PER encoding of a %s (X.691); v aliases b.", variant.name, variant.text, gt.ASN1))
		f.Func().Params(recv.Clone()).Id("Unmarshal"+variant.name).Params(jen.Id("b").Index().Byte()).Error().Block(
			jen.Id("r").Op(":=").Add(pr("NewReader")).Call(jen.Id("b"), jen.Lit(variant.aligned), jen.Nil()),
			jen.Return(jen.Id("r").Dot("Root").Call(jen.Id("v").Dot("DecodePER").Call(jen.Op("&").Id("r")), jen.Lit(gt.ASN1))))
		emit.Comment(f, fmt.Sprintf("Marshal%s returns the %s PER encoding of v (X.691).", variant.name, variant.text))
		f.Func().Params(recv.Clone()).Id("Marshal"+variant.name).Params().Params(jen.Index().Byte(), jen.Error()).Add(emit.OneLineBody(
			jen.Return(pr("Marshal").Call(jen.Id("v"), jen.Lit(variant.aligned)))))
	}
}

// perConstraints are the PER-visible constraints of a built-in type.
type perConstraints struct {
	lb, ub       int64 // value range; MinInt64, MaxInt64 when unbounded
	ext          bool
	size         jen.Code // a per.Size
	sizeLb       int64
	alphabet     jen.Code // a *per.Alphabet
	knownAlpha   bool     // a known-multiplier character string
	unsupported  string
	hasLb, hasUb bool
	// wide: an INTEGER range whose upper bound is beyond int64 and whose
	// span ub-lb fits in 64 bits.
	wide bool
	span uint64
	// big: any other INTEGER range with a bound beyond int64, its bounds
	// as INTEGER contents ("" for MIN and MAX).
	big          bool
	bigLo, bigHi string
}

// knownMultiplier lists the known-multiplier character string types
// (X.691 3.6.16) and the alphabet of each without constraint.
var knownMultiplier = map[string]string{
	"IA5String": "IA5", "PrintableString": "Printable", "VisibleString": "Visible", "ISO646String": "Visible",
	"NumericString": "Numeric", "BMPString": "BMP", "UniversalString": "Universal",
}

// perConstraintsOf evaluates what X.691 sees of the constraints of t.
func (e *Emitter) perConstraintsOf(t *model.Type) perConstraints {
	pc := perConstraints{lb: math.MinInt64, ub: math.MaxInt64, size: pr("Unsized")}
	c := t.Constraints
	u := t.Underlying()
	if c == nil {
		c = &model.Constraints{}
	}
	if v := c.Value; v != nil && u.Kind == model.TypeInteger {
		if v.Big() {
			// A span that fits in 64 bits is a constrained whole number
			// the runtime reads (ReadWideRange): NGAP's usage counts.
			if lo, hi := v.Exact(); lo != nil && hi != nil && lo.IsInt64() && new(big.Int).Sub(hi, lo).IsUint64() {
				pc.wide, pc.span = true, new(big.Int).Sub(hi, lo).Uint64()
			} else {
				// Any other bounds: passed to ReadBigRange as INTEGER
				// contents, "" for MIN and MAX.
				pc.big = true
				if lo != nil {
					pc.bigLo = string(der.IntegerFromBig(lo))
				}
				if hi != nil {
					pc.bigHi = string(der.IntegerFromBig(hi))
				}
			}
		}
		pc.lb, pc.ub = v.Min, v.Max
		pc.hasLb, pc.hasUb = v.Min != math.MinInt64, v.Max != math.MaxInt64
		pc.ext = c.Extensible
	}
	sizeVisible := u.Kind == model.TypeOctetString || u.Kind == model.TypeBitString || u.Kind == model.TypeSequenceOf || u.Kind == model.TypeSetOf
	if u.Kind == model.TypeCharacterString {
		if a, ok := knownMultiplier[u.Name]; ok {
			pc.knownAlpha = true
			sizeVisible = true
			pc.alphabet = pr(a)
			if c.Alphabet != "" && c.Extensible {
				if c.Size != nil {
					pc.unsupported = "an extensible constraint on both SIZE and FROM (the model does not say which is extensible)"
				}
				// X.691 10.3: an extensible PermittedAlphabet is not
				// PER-visible.
			} else if c.Alphabet != "" {
				pc.alphabet = jen.Id(e.perAlphabet(c.Alphabet))
			}
		}
	}
	if s := c.Size; s != nil && sizeVisible {
		if s.Big() || s.Min < 0 {
			pc.unsupported = "a SIZE bound beyond 64 bits"
		}
		ub := s.Max
		if ub == math.MaxInt64 {
			ub = -1
		}
		lb := max(s.Min, 0)
		pc.sizeLb = lb
		ext := c.Extensible && (c.Alphabet == "" || !pc.knownAlpha)
		// per.Size{Lb: 1, Ub: 8}, on one line (jen.Dict would take five)
		keys := []jen.Code{jen.Id("Lb").Op(":").Lit(int(lb)), jen.Id("Ub").Op(":").Lit(int(ub))}
		if ext {
			keys = append(keys, jen.Id("Ext").Op(":").True())
		}
		pc.size = pr("Size").Values(keys...)
		if lb == 0 && ub < 0 && !ext {
			pc.size = pr("Unsized")
		}
	}
	return pc
}

// perAlphabet returns the package variable holding the per.Alphabet of
// the characters chars, declaring it on first use.
func (e *Emitter) perAlphabet(chars string) string {
	if name, ok := e.per.alphabets[chars]; ok {
		return name
	}
	name := fmt.Sprintf("perAlphabet%d", len(e.per.alphabets)+1)
	e.per.alphabets[chars] = name
	return name
}

// Alphabets declares the alphabets: the ranges of their characters.
//
//	var perAlphabet1 = per.NewAlphabet('0', '9', 'A', 'F') // "0123456789ABCDEF"
func (e *Emitter) Alphabets(f *jen.File) {
	if len(e.per.alphabets) == 0 {
		return
	}
	var keys []string
	for k := range e.per.alphabets {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return e.per.alphabets[keys[i]] < e.per.alphabets[keys[j]] })
	sort.SliceStable(keys, func(i, j int) bool { return len(e.per.alphabets[keys[i]]) < len(e.per.alphabets[keys[j]]) })
	emit.Comment(f, "The effective PermittedAlphabets of the character strings (X.691 30), as ranges.")
	f.Var().DefsFunc(func(g *jen.Group) {
		for _, k := range keys {
			runes := []rune(k)
			sort.Slice(runes, func(i, j int) bool { return runes[i] < runes[j] })
			var args []jen.Code
			for i := 0; i < len(runes); {
				j := i
				for j+1 < len(runes) && runes[j+1] <= runes[j]+1 {
					j++
				}
				args = append(args, jen.LitRune(runes[i]), jen.LitRune(runes[j]))
				i = j + 1
			}
			g.Id(e.per.alphabets[k]).Op("=").Add(pr("NewAlphabet")).Call(args...).Comment(fmt.Sprintf("%q", k))
		}
	})
}

// perRead emits the decoding of a value of the built-in type t into the
// new variable dst (x), or, with declare false, into the expression dst.
// It reports false (after perFail) for what it does not handle.
func (e *Emitter) perRead(g *jen.Group, t *model.Type, dst func() *jen.Statement, where string, wrap emit.Wrap, declare bool) bool {
	u := t.Underlying()
	pc := e.perConstraintsOf(t)
	if pc.unsupported != "" {
		e.perFail(where, pc.unsupported)
		return false
	}
	var call *jen.Statement
	r := jen.Id("r")
	switch u.Kind {
	case model.TypeNull:
		return true
	case model.TypeBoolean:
		call = r.Dot("ReadBool").Call()
	case model.TypeInteger:
		if plan.IntegerGo(t) != "int64" {
			if pc.wide {
				call = r.Dot("ReadWideRange").Call(emit.Num(pc.lb), jen.Lit(pc.span), jen.Lit(pc.ext))
				break
			}
			if pc.big {
				call = r.Dot("ReadBigRange").Call(jen.Lit(pc.bigLo), jen.Lit(pc.bigHi), jen.Lit(pc.ext))
				break
			}
			if pc.hasLb && pc.hasUb {
				e.perFail(where, "an INTEGER constrained beyond int64")
				return false
			}
			call = r.Dot("ReadBigInt").Call(emit.Num(pc.lb), jen.Lit(pc.hasLb), jen.Lit(pc.ext))
			break
		}
		switch {
		case pc.hasLb && pc.hasUb:
			call = r.Dot("ReadInt").Call(emit.Num(pc.lb), emit.Num(pc.ub), jen.Lit(pc.ext))
		case pc.hasLb:
			call = r.Dot("ReadIntLb").Call(emit.Num(pc.lb), jen.Lit(pc.ext))
		default:
			call = r.Dot("ReadIntAny").Call(emit.Num(pc.ub), jen.Lit(pc.ext))
		}
	case model.TypeOctetString:
		// An OCTET STRING (CONTAINING T) held as octets (a referenced
		// type, a contained CHOICE or built-in: see containedType) keeps
		// the octets, the encoding of T in the decode's variant.
		call = r.Dot("ReadOctetString").Call(pc.size)
	case model.TypeBitString:
		// A BIT STRING (CONTAINING T) held as bits (see containedType),
		// as an OCTET STRING held as octets, keeps the bits.
		if len(u.NamedNumbers) > 0 {
			call = r.Dot("ReadNamedBitString").Call(pc.size)
			break
		}
		call = r.Dot("ReadBitString").Call(pc.size)
	case model.TypeCharacterString:
		switch {
		case pc.knownAlpha:
			call = r.Dot("ReadKnownString").Call(pc.alphabet, pc.size, jen.Lit(u.Name))
		case u.Name == "UTF8String":
			call = r.Dot("ReadUTF8String").Call()
		case u.Name == "GeneralString" || u.Name == "GraphicString" || u.Name == "TeletexString" || u.Name == "T61String" || u.Name == "VideotexString":
			call = r.Dot("ReadOctetText").Call()
		default:
			e.perFail(where, u.Name)
			return false
		}
	case model.TypeObjectIdentifier:
		call = r.Dot("ReadOID").Call()
	case model.TypeRelativeOID:
		call = r.Dot("ReadRelativeOID").Call()
	case model.TypeReal:
		call = r.Dot("ReadReal").Call()
	case model.TypeObjectDescriptor:
		// [UNIVERSAL 7] IMPLICIT GraphicString (X.680 48): octets.
		call = r.Dot("ReadOctetText").Call()
	case model.TypeTime:
		m, settings, ok := e.perTime(t, where)
		if !ok {
			return false
		}
		call = r.Dot("Read" + m).Call(settings...)
	default:
		e.perFail(where, "the type "+emit.KindText(u))
		return false
	}
	if declare {
		g.List(dst(), jen.Err()).Op(":=").Add(call)
		g.Add(emit.IfErr(wrap))
		return true
	}
	// The callers have err in scope (perSequence declares it).
	g.If(jen.List(dst(), jen.Err()).Op("=").Add(call), jen.Err().Op("!=").Nil()).Block(wrap(jen.Err()))
	return true
}

// perTimeMethods names the per.Reader and per.Writer methods (Read...,
// Write...) of the useful and defined time types: UTCTime and
// GeneralizedTime as VisibleStrings, DATE, TIME-OF-DAY, DATE-TIME and
// DURATION as the SEQUENCEs X.691 32 defines for them.
var perTimeMethods = map[string]string{
	"UTCTime": "UTCTime", "GeneralizedTime": "GeneralizedTime",
	"DATE": "Date", "TIME-OF-DAY": "TimeOfDay", "DATE-TIME": "DateTime",
	"DURATION": "Duration",
}

// perTime returns the method (see perTimeMethods) and its arguments after
// the value for a time type t: TIME is Time, or TimeWith and the property
// settings of the subtype (X.691 32 encodes a TIME by them).
func (e *Emitter) perTime(t *model.Type, where string) (string, []jen.Code, bool) {
	u := t.Underlying()
	if m, ok := perTimeMethods[u.Name]; ok {
		return m, nil, true
	}
	if u.Name != "TIME" {
		e.perFail(where, "the type "+u.Name)
		return "", nil, false
	}
	var settings string
	if c := t.Constraints; c != nil {
		settings = c.Settings
	}
	if settings == "" {
		return "Time", nil, true
	}
	if err := per.CheckTimeSettings(settings); err != nil {
		e.perFail(where, "TIME (SETTINGS \""+settings+"\")")
		return "", nil, false
	}
	return "TimeWith", []jen.Code{jen.Lit(settings)}, true
}

// perInline reports whether perReadField reads f with perRead, assigning
// to an err in scope.
func perInline(f *plan.Field) bool {
	return f.Named == nil && !f.Octets && f.Union == nil && !f.List && f.Type.Underlying().Kind != model.TypeNull
}

// perWrite emits the encoding of src, a value of the built-in type t.
func (e *Emitter) perWrite(g *jen.Group, t *model.Type, src func() *jen.Statement, where string, wrap emit.Wrap) {
	u := t.Underlying()
	pc := e.perConstraintsOf(t)
	if pc.unsupported != "" {
		e.perFail(where, pc.unsupported)
		return
	}
	w := jen.Id("w")
	errCall := func(call jen.Code) {
		g.If(jen.Err().Op(":=").Add(call), jen.Err().Op("!=").Nil()).Block(wrap(jen.Err()))
	}
	switch u.Kind {
	case model.TypeNull:
	case model.TypeBoolean:
		g.Add(w.Dot("WriteBool").Call(src()))
	case model.TypeInteger:
		if plan.IntegerGo(t) != "int64" && pc.wide {
			errCall(w.Dot("WriteWideRange").Call(src(), emit.Num(pc.lb), jen.Lit(pc.span), jen.Lit(pc.ext)))
			return
		}
		if plan.IntegerGo(t) != "int64" && pc.big {
			errCall(w.Dot("WriteBigRange").Call(src(), jen.Lit(pc.bigLo), jen.Lit(pc.bigHi), jen.Lit(pc.ext)))
			return
		}
		if plan.IntegerGo(t) != "int64" {
			errCall(w.Dot("WriteBigInt").Call(src(), emit.Num(pc.lb), jen.Lit(pc.hasLb), emit.Num(pc.ub), jen.Lit(pc.hasUb), jen.Lit(pc.ext)))
			return
		}
		switch {
		case pc.hasLb && pc.hasUb:
			errCall(w.Dot("WriteInt").Call(src(), emit.Num(pc.lb), emit.Num(pc.ub), jen.Lit(pc.ext)))
		case pc.hasLb:
			errCall(w.Dot("WriteIntLb").Call(src(), emit.Num(pc.lb), jen.Lit(pc.ext)))
		default:
			g.Add(w.Dot("WriteIntAny").Call(src(), emit.Num(pc.ub), jen.Lit(pc.ext)))
		}
	case model.TypeOctetString:
		errCall(w.Dot("WriteOctetString").Call(src(), pc.size))
	case model.TypeBitString:
		v := src()
		if len(u.NamedNumbers) > 0 {
			// X.691 16.2, 16.3: no trailing 0 bits, up to the lower bound.
			v = pr("NamedBits").Call(v, jen.Lit(int(pc.sizeLb)))
		}
		errCall(w.Dot("WriteBitString").Call(v, pc.size))
	case model.TypeCharacterString:
		if pc.knownAlpha {
			errCall(w.Dot("WriteKnownString").Call(pc.alphabet, src(), pc.size, jen.Lit(u.Name)))
			return
		}
		g.Add(w.Dot("WriteOctetText").Call(src()))
	case model.TypeObjectIdentifier:
		g.Add(w.Dot("WriteOID").Call(src()))
	case model.TypeRelativeOID:
		g.Add(w.Dot("WriteRelativeOID").Call(src()))
	case model.TypeReal:
		g.Add(w.Dot("WriteReal").Call(src()))
	case model.TypeObjectDescriptor:
		g.Add(w.Dot("WriteOctetText").Call(src()))
	case model.TypeTime:
		if m, settings, ok := e.perTime(t, where); ok {
			errCall(w.Dot("Write" + m).Call(append([]jen.Code{src()}, settings...)...))
		}
	default:
		e.perFail(where, "the type "+emit.KindText(u))
	}
}

// perReadField emits the decoding of a component, alternative or element
// into dst.
func (e *Emitter) perReadField(g *jen.Group, f *plan.Field, dst func() *jen.Statement, where string, wrap emit.Wrap) {
	if len(e.per.deferred[f]) > 0 {
		defer e.perResolve(g, f) // f is the key of open types before it
	}
	switch {
	case f.Union != nil:
		e.perReadUnion(g, f, dst, where, wrap)
		return
	case f.Octets:
		// OCTET STRING (CONTAINING T): the octets are the complete
		// encoding of T in the same variant (X.691 11.1, X.682 11), the
		// form of an open type field when the OCTET STRING has no SIZE.
		if !e.perContaining(f, where) {
			return
		}
		if size, ok := e.perContentsSize(f, where); ok {
			// With a SIZE (PER-visible, unlike the contents constraint)
			// the string's length counts the octets of T's encoding (the
			// bits of a BIT STRING, a whole number of octets), and T is
			// decoded from a Reader of its own: a string of one or two
			// octets is not octet-aligned (X.691 16.9, 17.6).
			//
			//	if err := r.ReadContained(&v.A, per.Contents{Size: per.Size{Lb: 1, Ub: 8}}); err != nil {
			e.perContainingCall(g, f, dst, "ReadContained", size, wrap)
			return
		}
		inner := *f
		inner.Octets, inner.Type = false, f.Inner
		o := e.TmpName("o")
		g.List(jen.Id(o), jen.Err()).Op(":=").Id("r").Dot("BeginOpen").Call()
		g.Add(emit.IfErr(wrap))
		e.perReadField(g, &inner, dst, where, wrap)
		g.If(jen.Err().Op(":=").Id("r").Dot("EndOpen").Call(jen.Id(o)), jen.Err().Op("!=").Nil()).Block(wrap(jen.Err()))
		return
	case f.Named == nil && f.Type.Underlying().Kind == model.TypeOpen:
		// An open type without a table the key resolves (PrivateIE-Field's
		// value, keyed by a CHOICE): the octets of its field, the complete
		// encoding of a value (X.691 10.2), kept and written back.
		g.If(jen.List(dst(), jen.Err()).Op("=").Id("r").Dot("ReadOpenBytes").Call(), jen.Err().Op("!=").Nil()).Block(wrap(jen.Err()))
		return
	}
	if f.Named == nil {
		e.perRead(g, f.Type, dst, where, wrap, false)
		return
	}
	if f.Ptr {
		// A pointer breaks a recursive cycle: Enter bounds the depth.
		//
		//	p1 := new(T)
		//	if err := r.ReadNested(p1, "T"); err != nil {
		//		return der.WithField(err, "x")
		//	}
		//	v.X = p1
		p := e.TmpName("p")
		g.Id(p).Op(":=").New(emit.Ref(f.Named))
		g.If(jen.Err().Op(":=").Id("r").Dot("ReadNested").Call(jen.Id(p), jen.Lit(f.Named.ASN1)), jen.Err().Op("!=").Nil()).Block(wrap(jen.Err()))
		g.Add(dst()).Op("=").Id(p)
		return
	}
	g.If(jen.Err().Op(":=").Add(dst()).Dot("DecodePER").Call(jen.Id("r")), jen.Err().Op("!=").Nil()).Block(wrap(jen.Err()))
}

// perContaining reports whether the OCTET or BIT STRING (CONTAINING T) of
// f is one the emitter handles: not ENCODED BY another encoding.
func (e *Emitter) perContaining(f *plan.Field, where string) bool {
	if c := f.Type.Constraints; c != nil && c.EncodedBy != nil {
		e.perFail(where, "CONTAINING ... ENCODED BY")
		return false
	}
	return true
}

// perContentsSize returns the per.Contents of the string f whose contents
// are a value of a type when it has a PER-visible SIZE or is a BIT STRING;
// false for an OCTET STRING without one: the octets are then an open type
// field's, read in place (BeginOpen).
func (e *Emitter) perContentsSize(f *plan.Field, where string) (jen.Code, bool) {
	if c := f.Type.Constraints; (c == nil || c.Size == nil) && f.Type.Underlying().Kind == model.TypeOctetString {
		return nil, false
	}
	return e.perContents(f.Type, where), true
}

// perContents is the per.Contents of the string t whose octets are the
// complete encoding of a value (X.682 11): its size, and whether it is a
// BIT STRING.
//
//	per.Contents{Size: per.Size{Lb: 1, Ub: 8}, Bits: true}
func (e *Emitter) perContents(t *model.Type, where string) jen.Code {
	pc := e.perConstraintsOf(t)
	if pc.unsupported != "" {
		e.perFail(where, pc.unsupported)
	}
	keys := []jen.Code{jen.Id("Size").Op(":").Add(pc.size)}
	if t.Underlying().Kind == model.TypeBitString {
		keys = append(keys, jen.Id("Bits").Op(":").True())
	}
	return pr("Contents").Values(keys...)
}

// perContainingCall emits the reading (ReadContained) or the writing
// (WriteContained) of the value of a generated type that the string f
// contains, into or from dst, with the string's shape:
//
//	if err := r.ReadContained(&v.A, per.Contents{Size: per.Size{Lb: 1, Ub: 8}}); err != nil {
//		return der.WithField(err, "a")
//	}
//
// A value held by pointer is read into a new one, or written unless nil.
func (e *Emitter) perContainingCall(g *jen.Group, f *plan.Field, dst func() *jen.Statement, method string, contents jen.Code, wrap emit.Wrap) {
	rw := jen.Id("w")
	if method[0] == 'R' {
		rw = jen.Id("r")
	}
	if !f.Ptr {
		g.If(jen.Err().Op(":=").Add(rw).Dot(method).Call(jen.Op("&").Add(dst()), contents), jen.Err().Op("!=").Nil()).Block(wrap(jen.Err()))
		return
	}
	if method[0] == 'W' {
		g.If(dst().Op("==").Nil()).Block(wrap(emit.RT("NilValue").Call(jen.Lit(f.Named.ASN1))))
		g.If(jen.Err().Op(":=").Add(rw).Dot(method).Call(dst(), contents), jen.Err().Op("!=").Nil()).Block(wrap(jen.Err()))
		return
	}
	p := e.TmpName("p")
	g.Id(p).Op(":=").New(emit.Ref(f.Named))
	g.If(jen.Err().Op(":=").Add(rw).Dot(method).Call(jen.Id(p), contents), jen.Err().Op("!=").Nil()).Block(wrap(jen.Err()))
	g.Add(dst()).Op("=").Id(p)
}

// perWriteField emits the encoding of a component, alternative or element.
func (e *Emitter) perWriteField(g *jen.Group, f *plan.Field, src func() *jen.Statement, where string, wrap emit.Wrap) {
	if f.Union != nil {
		e.perWriteUnion(g, f, src, where, wrap)
		return
	}
	if f.Octets && e.perContaining(f, where) {
		if size, ok := e.perContentsSize(f, where); ok {
			e.perContainingCall(g, f, src, "WriteContained", size, wrap)
			return
		}
		inner := *f
		inner.Octets, inner.Type = false, f.Inner
		o := e.TmpName("o")
		g.Id(o).Op(":=").Id("w").Dot("BeginOpen").Call()
		e.perWriteField(g, &inner, src, where, wrap)
		g.Id("w").Dot("EndOpen").Call(jen.Id(o))
		return
	}
	if f.Named == nil && f.Type.Underlying().Kind == model.TypeOpen {
		g.Id("w").Dot("WriteOpenBytes").Call(src())
		return
	}
	if f.Union != nil || f.List || f.Octets {
		return // perReadField has failed
	}
	if f.Named == nil {
		e.perWrite(g, f.Type, src, where, wrap)
		return
	}
	if f.Ptr {
		g.If(src().Op("==").Nil()).Block(wrap(emit.RT("NilValue").Call(jen.Lit(f.Named.ASN1))))
	}
	g.If(jen.Err().Op(":=").Add(src()).Dot("EncodePER").Call(jen.Id("w")), jen.Err().Op("!=").Nil()).Block(wrap(jen.Err()))
}

// perTagOrder reports whether the root components are in the canonical
// order of their tags (X.680 8.6), the order of PER's SET components and
// CHOICE indices (X.691 21, 23): with AUTOMATIC TAGS they always are.
func (e *Emitter) perTagOrder(fields []*plan.Field) bool {
	var last *model.Tag
	for _, f := range fields {
		if f.Comp != nil && f.Comp.Extension {
			continue
		}
		tags := emit.FirstTags(f.Type, 0)
		if len(tags) == 0 {
			return false
		}
		t := tags[0]
		for _, o := range tags[1:] {
			if tagLess(o, t) {
				t = o
			}
		}
		if last != nil && !tagLess(*last, t) {
			return false
		}
		last = &t
	}
	return true
}

func tagLess(a, b model.Tag) bool {
	if a.Class != b.Class {
		return a.Class < b.Class
	}
	return a.Number < b.Number
}

// addition is one extension addition of a SEQUENCE or SET: a component,
// or the components of an addition group [[ ]].
type addition struct {
	fields []*plan.Field
	group  bool
}

func additionsOf(gt *plan.Type) (root []*plan.Field, adds []addition) {
	for _, f := range gt.Fields {
		switch c := f.Comp; {
		case !c.Extension:
			root = append(root, f)
		case c.Group > 0 && len(adds) > 0 && adds[len(adds)-1].group && adds[len(adds)-1].fields[0].Comp.Group == c.Group:
			adds[len(adds)-1].fields = append(adds[len(adds)-1].fields, f)
		default:
			adds = append(adds, addition{fields: []*plan.Field{f}, group: c.Group > 0})
		}
	}
	return root, adds
}

// perOptional reports whether a component has a bit in a preamble.
func perOptional(f *plan.Field) bool { return f.Comp.Optional || f.Comp.Default != nil }

// perPresent is the encoder's condition that component f is encoded: an
// OPTIONAL one when HasX says so, a DEFAULT one when its value is not the
// default (X.691 10.2: canonical PER omits defaults), a mandatory addition
// when HasX says so.
func perPresent(f *plan.Field) jen.Code {
	if f.Comp.Default != nil {
		if ne := emit.NotDefault(f, emit.FieldDst(f)); ne != nil {
			return ne
		}
	}
	if f.Has == "" {
		return jen.True()
	}
	return jen.Id("v").Dot(f.Has)
}

// perSequence emits the codec of a SEQUENCE or SET (X.691 19, 21): the
// extension bit, the preamble of the OPTIONAL and DEFAULT root components,
// the root components, then the bitmap and the open type fields of the
// extension additions, unknown ones kept in Unknown.
func (e *Emitter) perSequence(gt *plan.Type) (dec, enc func(g *jen.Group)) {
	root, adds := additionsOf(gt)
	ext := gt.Body.Extensible
	dec = func(g *jen.Group) {
		g.Op("*").Id("v").Op("=").Id(gt.Name).Values()
		needErr := false
		for _, f := range root {
			needErr = needErr || perInline(f)
		}
		if needErr && !ext && !slices.ContainsFunc(root, perOptional) {
			g.Var().Err().Error()
		}
		if ext {
			g.List(jen.Id("ext"), jen.Err()).Op(":=").Id("r").Dot("ReadBool").Call()
			g.Add(emit.IfErr(emit.PlainReturn))
		}
		e.perPreambleRead(g, root)
		for _, f := range root {
			e.perReadComponent(g, gt, f)
		}
		if !ext {
			g.Return(jen.Nil())
			return
		}
		if len(adds) == 0 && gt.Unknown == "" {
			e.perFail(gt.ASN1, "an extensible SEQUENCE without a field for unknown additions")
			return
		}
		g.If(jen.Op("!").Id("ext")).BlockFunc(func(g *jen.Group) {
			for _, a := range adds {
				for _, f := range a.fields {
					if def, ok := emit.DefaultValue(f); ok {
						g.Id("v").Dot(f.Name).Op("=").Add(def)
					}
				}
			}
			g.Return(jen.Nil())
		})
		emit.Comment(g, "X.691 19.9: the bitmap of the extension additions present, then each in an open type field.")
		g.List(jen.Id("bm"), jen.Err()).Op(":=").Id("r").Dot("ReadBitmap").Call()
		g.Add(emit.IfErr(emit.PlainReturn))
		for i, a := range adds {
			if a.group {
				g.Id(fmt.Sprintf("group%d", i)).Op(":=").Id("bm").Dot("Has").Call(jen.Lit(i))
			} else {
				g.Id("v").Dot(a.fields[0].Has).Op("=").Id("bm").Dot("Has").Call(jen.Lit(i))
			}
		}
		for i, a := range adds {
			cond := jen.Id(fmt.Sprintf("group%d", i))
			if !a.group {
				cond = jen.Id("v").Dot(a.fields[0].Has)
			}
			where := gt.ASN1 + "." + a.fields[0].ASN1
			wrap := emit.WithField(a.fields[0].ASN1)
			g.If(cond).BlockFunc(func(g *jen.Group) {
				if !a.group && perOpenValue(a.fields[0]) {
					// if err := r.ReadOpenValue(&v.X); err != nil {
					g.If(jen.Err().Op(":=").Id("r").Dot("ReadOpenValue").Call(jen.Op("&").Add(emit.FieldDst(a.fields[0])())), jen.Err().Op("!=").Nil()).Block(wrap(jen.Err()))
					return
				}
				o := e.TmpName("o")
				g.List(jen.Id(o), jen.Err()).Op(":=").Id("r").Dot("BeginOpen").Call()
				g.Add(emit.IfErr(wrap))
				if a.group {
					e.perPreambleRead(g, a.fields)
					for _, f := range a.fields {
						if !perOptional(f) {
							g.Id("v").Dot(f.Has).Op("=").True()
						}
						e.perReadComponent(g, gt, f)
					}
				} else {
					e.perReadField(g, a.fields[0], emit.FieldDst(a.fields[0]), where, wrap)
				}
				g.If(jen.Err().Op(":=").Id("r").Dot("EndOpen").Call(jen.Id(o)), jen.Err().Op("!=").Nil()).Block(wrap(jen.Err()))
			}).Do(func(s *jen.Statement) {
				var defs []jen.Code
				for _, f := range a.fields {
					if def, ok := emit.DefaultValue(f); ok {
						defs = append(defs, jen.Id("v").Dot(f.Name).Op("=").Add(def))
					}
				}
				if len(defs) > 0 {
					s.Else().Block(defs...)
				}
			})
		}
		if gt.Unknown != "" {
			// v.Unknown, err = r.ReadUnknown(bm, 3)
			// return err
			g.List(jen.Id("v").Dot(gt.Unknown), jen.Err()).Op("=").Id("r").Dot("ReadUnknown").Call(jen.Id("bm"), jen.Lit(len(adds)))
			g.Return(jen.Err())
			return
		}
		g.If(jen.Id("bm").Dot("Len").Call().Op(">").Lit(len(adds))).Block(
			jen.Return(jen.Id("r").Dot("Error").Call(emit.RT("KindUnsupported"), jen.Lit(gt.ASN1), jen.Lit("extension additions this version does not know"), jen.Lit("X.691 19.9"))))
		g.Return(jen.Nil())
	}
	// The encoder works out the additions present first, once (their
	// conditions also decide the extension bit):
	//
	//	ext := per.Additions(v.Unknown, v.HasA, (v.HasB || v.HasC))
	//	w.WriteBool(ext.On())
	//	... the preamble and the root components ...
	//	if !ext.On() {
	//		return nil
	//	}
	//	w.WriteBitmap(ext, v.Unknown)
	//	if ext.Has(0) {
	//		o := w.BeginOpen()
	//		... addition 0 ...
	//		w.EndOpen(o)
	//	}
	//	return w.WriteUnknown(v.Unknown)
	enc = func(g *jen.Group) {
		if ext {
			if len(adds) > 64 {
				e.perFail(gt.ASN1, "more than 64 extension additions")
				return
			}
			args := []jen.Code{jen.Id("v").Dot(gt.Unknown)}
			for _, a := range adds {
				var cond *jen.Statement
				for _, f := range a.fields {
					c := perPresent(f)
					if len(a.fields) > 1 && f.Comp.Default != nil {
						c = jen.Parens(c) // a comparison with the default
					}
					if cond == nil {
						cond = jen.Add(c)
					} else {
						cond = cond.Op("||").Add(c)
					}
				}
				args = append(args, cond)
			}
			g.Id("ext").Op(":=").Add(pr("Additions")).Call(args...)
			g.Id("w").Dot("WriteBool").Call(jen.Id("ext").Dot("On").Call())
		}
		e.perPreambleWrite(g, root)
		for _, f := range root {
			e.perWriteComponent(g, gt, f)
		}
		if !ext {
			g.Return(jen.Nil())
			return
		}
		g.If(jen.Op("!").Id("ext").Dot("On").Call()).Block(jen.Return(jen.Nil()))
		g.Id("w").Dot("WriteBitmap").Call(jen.Id("ext"), jen.Id("v").Dot(gt.Unknown))
		for i, a := range adds {
			wrap := emit.WithField(a.fields[0].ASN1)
			where := gt.ASN1 + "." + a.fields[0].ASN1
			g.If(jen.Id("ext").Dot("Has").Call(jen.Lit(i))).BlockFunc(func(g *jen.Group) {
				if !a.group && perOpenValue(a.fields[0]) {
					g.If(jen.Err().Op(":=").Id("w").Dot("WriteOpenValue").Call(jen.Op("&").Add(emit.FieldDst(a.fields[0])())), jen.Err().Op("!=").Nil()).Block(wrap(jen.Err()))
					return
				}
				o := e.TmpName("o")
				g.Id(o).Op(":=").Id("w").Dot("BeginOpen").Call()
				if a.group {
					e.perPreambleWrite(g, a.fields)
					for _, f := range a.fields {
						e.perWriteComponent(g, gt, f)
					}
				} else {
					e.perWriteField(g, a.fields[0], emit.FieldDst(a.fields[0]), where, wrap)
				}
				g.Id("w").Dot("EndOpen").Call(jen.Id(o))
			})
		}
		g.Return(jen.Id("w").Dot("WriteUnknown").Call(jen.Id("v").Dot(gt.Unknown)))
	}
	return dec, enc
}

// perOpenValue reports whether an extension addition is a value of a
// generated type held in place, which ReadOpenValue and WriteOpenValue
// read and write in its open type field in one call.
func perOpenValue(f *plan.Field) bool {
	return f.Named != nil && !f.Ptr && !f.Octets && !f.List && f.Union == nil
}

// perPreambleRead emits the reading of the preamble of fields: one bit
// per OPTIONAL or DEFAULT component, into its HasX.
//
//	pre, err := r.ReadBits(2)
//	v.HasA = pre&2 != 0
func (e *Emitter) perPreambleRead(g *jen.Group, fields []*plan.Field) {
	var opt []*plan.Field
	for _, f := range fields {
		if perOptional(f) {
			opt = append(opt, f)
		}
	}
	for len(opt) > 0 {
		chunk := opt[:min(len(opt), 64)]
		opt = opt[len(chunk):]
		pre := e.TmpName("pre")
		g.List(jen.Id(pre), jen.Err()).Op(":=").Id("r").Dot("ReadBits").Call(jen.Lit(len(chunk)))
		g.Add(emit.IfErr(emit.PlainReturn))
		for i, f := range chunk {
			g.Id("v").Dot(f.Has).Op("=").Id(pre).Op("&").Parens(jen.Lit(1).Op("<<").Lit(len(chunk) - 1 - i)).Op("!=").Lit(0)
		}
	}
}

// perPreambleWrite emits the writing of the preamble of fields, one call:
//
//	w.WriteBool(v.HasA)
//	w.WritePreamble(v.HasA, v.HasB, v.C != 5)
func (e *Emitter) perPreambleWrite(g *jen.Group, fields []*plan.Field) {
	var bits []jen.Code
	for _, f := range fields {
		if perOptional(f) {
			bits = append(bits, perPresent(f))
		}
	}
	switch len(bits) {
	case 0:
	case 1:
		g.Id("w").Dot("WriteBool").Call(bits[0])
	default:
		g.Id("w").Dot("WritePreamble").Call(bits...)
	}
}

// perReadComponent emits the decoding of a root component (or a member
// of an addition group) whose presence the preamble gave.
func (e *Emitter) perReadComponent(g *jen.Group, gt *plan.Type, f *plan.Field) {
	where := gt.ASN1 + "." + f.ASN1
	wrap := emit.WithField(f.ASN1)
	emit.Comment(g, emit.ComponentText(f.Comp))
	if !perOptional(f) {
		e.perReadField(g, f, emit.FieldDst(f), where, wrap)
		return
	}
	g.If(jen.Id("v").Dot(f.Has)).BlockFunc(func(g *jen.Group) {
		e.perReadField(g, f, emit.FieldDst(f), where, wrap)
	}).Do(func(s *jen.Statement) {
		if def, ok := emit.DefaultValue(f); ok {
			s.Else().Block(jen.Id("v").Dot(f.Name).Op("=").Add(def))
		}
	})
}

// perWriteComponent emits the encoding of a root component (or a member of
// an addition group).
func (e *Emitter) perWriteComponent(g *jen.Group, gt *plan.Type, f *plan.Field) {
	where := gt.ASN1 + "." + f.ASN1
	wrap := emit.WithField(f.ASN1)
	if !perOptional(f) {
		e.perWriteField(g, f, emit.FieldDst(f), where, wrap)
		return
	}
	g.If(perPresent(f)).BlockFunc(func(g *jen.Group) {
		e.perWriteField(g, f, emit.FieldDst(f), where, wrap)
	})
}

// perChoice emits the codec of a CHOICE (X.691 23): the index of the
// alternative, the root's a constrained whole number, an addition's (after
// the extension bit) a normally small number, and then the addition in an
// open type field. An unknown addition is kept in Unknown.
func (e *Emitter) perChoice(gt *plan.Type) (dec, enc func(g *jen.Group)) {
	var root, adds []*plan.Field
	for _, f := range gt.Fields {
		if f.Comp.Extension {
			adds = append(adds, f)
		} else {
			root = append(root, f)
		}
	}
	if !e.perTagOrder(gt.Fields) {
		e.perFail(gt.ASN1, "a CHOICE whose alternatives are not in the canonical order of their tags")
	}
	ext := gt.Body.Extensible
	dst := func(f *plan.Field) func() *jen.Statement {
		if gt.Single {
			return func() *jen.Statement { return jen.Id("v").Dot("Value") }
		}
		return emit.FieldDst(f)
	}
	dec = func(g *jen.Group) {
		g.Op("*").Id("v").Op("=").Id(gt.Name).Values()
		inExt := "_"
		if ext {
			inExt = "inExt"
		}
		g.List(jen.Id("i"), jen.Id(inExt), jen.Err()).Op(":=").Id("r").Dot("ReadIndex").Call(jen.Lit(len(root)), jen.Lit(ext))
		g.Add(emit.IfErr(emit.PlainReturn))
		cases := func(g *jen.Group, fields []*plan.Field, open bool) {
			for i, f := range fields {
				wrap := emit.WithField(f.ASN1)
				g.Case(jen.Lit(i)).BlockFunc(func(g *jen.Group) {
					g.Id("v").Dot("Choice").Op("=").Id(f.ChoiceConst)
					if open {
						g.List(jen.Id("o"), jen.Err()).Op(":=").Id("r").Dot("BeginOpen").Call()
						g.Add(emit.IfErr(wrap))
					}
					e.perReadField(g, f, dst(f), gt.ASN1+"."+f.ASN1, wrap)
					if open {
						g.Return(jen.Id("r").Dot("EndOpen").Call(jen.Id("o")))
						return
					}
					g.Return(jen.Nil())
				})
			}
		}
		if ext {
			g.If(jen.Id("inExt")).BlockFunc(func(g *jen.Group) {
				if len(adds) > 0 {
					g.Switch(jen.Id("i")).BlockFunc(func(g *jen.Group) { cases(g, adds, true) })
				}
				emit.Comment(g, "An alternative of a later version: kept to be written back.")
				g.List(jen.Id("b"), jen.Err()).Op(":=").Id("r").Dot("ReadOpenBytes").Call()
				g.Add(emit.IfErr(emit.PlainReturn))
				if gt.Unknown != "" {
					g.Id("v").Dot(gt.Unknown).Op("=").Add(pr("AppendUnknownAlternative")).Call(jen.Nil(), jen.Id("i"), jen.Id("b"))
				} else {
					g.Id("_").Op("=").Id("b")
				}
				g.Return(jen.Nil())
			})
		}
		g.Switch(jen.Id("i")).BlockFunc(func(g *jen.Group) { cases(g, root, false) })
		g.Return(jen.Id("r").Dot("Error").Call(emit.RT("KindInvalidValue"), jen.Lit(gt.ASN1), jen.Lit("no alternative has this index"), jen.Lit("X.691 23")))
	}
	enc = func(g *jen.Group) {
		g.Switch(jen.Id("v").Dot("Choice")).BlockFunc(func(g *jen.Group) {
			for i, f := range root {
				wrap := emit.WithField(f.ASN1)
				g.Case(jen.Id(f.ChoiceConst)).BlockFunc(func(g *jen.Group) {
					g.Id("w").Dot("WriteIndex").Call(jen.Lit(i), jen.Lit(len(root)), jen.Lit(ext), jen.False())
					e.perWriteField(g, f, dst(f), gt.ASN1+"."+f.ASN1, wrap)
					g.Return(jen.Nil())
				})
			}
			for i, f := range adds {
				wrap := emit.WithField(f.ASN1)
				g.Case(jen.Id(f.ChoiceConst)).BlockFunc(func(g *jen.Group) {
					g.Id("w").Dot("WriteIndex").Call(jen.Lit(i), jen.Lit(len(root)), jen.True(), jen.True())
					g.Id("o").Op(":=").Id("w").Dot("BeginOpen").Call()
					e.perWriteField(g, f, dst(f), gt.ASN1+"."+f.ASN1, wrap)
					g.Id("w").Dot("EndOpen").Call(jen.Id("o"))
					g.Return(jen.Nil())
				})
			}
		})
		if gt.Unknown != "" {
			g.If(jen.Len(jen.Id("v").Dot(gt.Unknown)).Op(">").Lit(0)).Block(
				jen.Return(jen.Id("w").Dot("WriteUnknownAlternative").Call(jen.Id("v").Dot(gt.Unknown), jen.Lit(len(root)))))
		}
		g.Return(emit.RT("NoChoice").Call(jen.Lit(gt.ASN1)))
	}
	return dec, enc
}

// perList emits the codec of a SEQUENCE OF or SET OF (X.691 20, 22): the
// count (an extension bit if the size is extensible, a length unless it
// is fixed, fragmented from 16K on) and the elements. A SET OF is written
// in the order of its value, as BASIC-PER does (X.691 22.1: only canonical
// PER sorts).
func (e *Emitter) perList(gt *plan.Type) (dec, enc func(g *jen.Group)) {
	pc := e.perConstraintsOf(gt.Body)
	if pc.unsupported != "" {
		e.perFail(gt.ASN1, pc.unsupported)
	}
	elem := gt.Elem
	where := gt.ASN1 + "[]"
	if perOpenValue(elem) {
		// Elements of a generated type held in place: the loops are
		// per.ReadList's and per.WriteList's.
		//
		//	list, err := per.ReadList[E](r, per.Size{Lb: 1, Ub: 8})
		//	*v = list
		//	return err
		//
		//	return per.WriteList(w, *v, per.Size{Lb: 1, Ub: 8})
		dec = func(g *jen.Group) {
			g.List(jen.Id("list"), jen.Err()).Op(":=").Add(pr("ReadList")).Types(emit.Ref(elem.Named)).Call(jen.Id("r"), pc.size)
			g.Op("*").Id("v").Op("=").Id("list")
			g.Return(jen.Err())
		}
		enc = func(g *jen.Group) {
			g.Return(pr("WriteList").Call(jen.Id("w"), jen.Op("*").Id("v"), pc.size))
		}
		return dec, enc
	}
	dec = func(g *jen.Group) {
		g.Var().Id("list").Id(gt.Name)
		g.For(jen.List(jen.Id("first"), jen.Id("more")).Op(":=").List(jen.True(), jen.True()), jen.Id("more"), jen.Id("first").Op("=").False()).BlockFunc(func(g *jen.Group) {
			g.List(jen.Id("n"), jen.Id("m"), jen.Err()).Op(":=").Id("r").Dot("ReadCount").Call(pc.size, jen.Id("first"))
			g.Add(emit.IfErr(emit.PlainReturn))
			g.Id("more").Op("=").Id("m")
			g.Id("start").Op(":=").Len(jen.Id("list"))
			g.If(jen.List(jen.Id("list"), jen.Err()).Op("=").Add(pr("Grow")).Call(jen.Id("r"), jen.Id("list"), jen.Id("n")), jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Err()))
			g.For(jen.Id("i").Op(":=").Id("start"), jen.Id("i").Op("<").Len(jen.Id("list")), jen.Id("i").Op("++")).BlockFunc(func(g *jen.Group) {
				wrap := func(err jen.Code) jen.Code { return jen.Return(emit.RT("WithIndex").Call(err, jen.Id("i"))) }
				e.perReadField(g, elem, func() *jen.Statement { return jen.Id("list").Index(jen.Id("i")) }, where, wrap)
			})
		})
		g.Op("*").Id("v").Op("=").Id("list")
		g.Return(jen.Nil())
	}
	enc = func(g *jen.Group) {
		g.Id("list").Op(":=").Op("*").Id("v")
		g.List(jen.Id("c"), jen.Err()).Op(":=").Id("w").Dot("BeginCount").Call(jen.Len(jen.Id("list")), pc.size)
		g.Add(emit.IfErr(emit.PlainReturn))
		g.For(jen.Id("i").Op(":=").Range().Id("list")).BlockFunc(func(g *jen.Group) {
			g.Id("c").Dot("Next").Call(jen.Id("w"), jen.Id("i"))
			wrap := func(err jen.Code) jen.Code { return jen.Return(emit.RT("WithIndex").Call(err, jen.Id("i"))) }
			e.perWriteField(g, elem, func() *jen.Statement { return jen.Id("list").Index(jen.Id("i")) }, where, wrap)
		})
		g.Id("c").Dot("End").Call(jen.Id("w"))
		g.Return(jen.Nil())
	}
	return dec, enc
}

// perEnumerated emits the codec of an ENUMERATED (X.691 14): the index of
// the item among the root's, sorted by value, or after the extension bit
// among the additions'.
func (e *Emitter) perEnumerated(gt *plan.Type) (dec, enc func(g *jen.Group)) {
	var root, adds []*model.NamedNumber
	for _, nn := range gt.Body.Underlying().NamedNumbers {
		if nn.Extension {
			adds = append(adds, nn)
		} else {
			root = append(root, nn)
		}
	}
	sort.SliceStable(root, func(i, j int) bool { return root[i].Value < root[j].Value })
	sort.SliceStable(adds, func(i, j int) bool { return adds[i].Value < adds[j].Value })
	ext := gt.Body.Underlying().Extensible
	constOf := func(nn *model.NamedNumber) jen.Code {
		for _, c := range emit.BodyOf(gt).Consts {
			if c.ASN1 == nn.Name {
				return jen.Id(c.Name)
			}
		}
		return jen.Id(gt.Name).Call(emit.Num(nn.Value))
	}
	if denseSorted(append(append([]*model.NamedNumber(nil), root...), adds...)) {
		// Items numbered 0, 1, 2, ... (root, then additions): the index
		// is the value.
		//	x, err := r.ReadEnum(3, 1, true)
		//	return w.WriteEnum(int64(*v), 3, 1, true)
		dec = func(g *jen.Group) {
			g.List(jen.Id("x"), jen.Err()).Op(":=").Id("r").Dot("ReadEnum").Call(jen.Lit(len(root)), jen.Lit(len(adds)), jen.Lit(ext))
			g.Op("*").Id("v").Op("=").Id(gt.Name).Call(jen.Id("x"))
			g.Return(jen.Err())
		}
		enc = func(g *jen.Group) {
			g.Return(jen.Id("w").Dot("WriteEnum").Call(jen.Int64().Call(jen.Op("*").Id("v")), jen.Lit(len(root)), jen.Lit(len(adds)), jen.Lit(ext)))
		}
		return dec, enc
	}
	dec = func(g *jen.Group) {
		inExt := "_"
		if ext {
			inExt = "inExt"
		}
		g.List(jen.Id("i"), jen.Id(inExt), jen.Err()).Op(":=").Id("r").Dot("ReadIndex").Call(jen.Lit(len(root)), jen.Lit(ext))
		g.Add(emit.IfErr(emit.PlainReturn))
		if ext {
			g.If(jen.Id("inExt")).BlockFunc(func(g *jen.Group) {
				g.Switch(jen.Id("i")).BlockFunc(func(g *jen.Group) {
					for i, nn := range adds {
						g.Case(jen.Lit(i)).Block(jen.Op("*").Id("v").Op("=").Add(constOf(nn)), jen.Return(jen.Nil()))
					}
				})
				g.Return(jen.Id("r").Dot("Error").Call(emit.RT("KindUnsupported"), jen.Lit(gt.ASN1), jen.Lit("an enumeration addition this version does not know"), jen.Lit("X.691 14")))
			})
		}
		if denseSorted(root) {
			g.Op("*").Id("v").Op("=").Id(gt.Name).Call(jen.Id("i"))
			g.Return(jen.Nil())
			return
		}
		g.Switch(jen.Id("i")).BlockFunc(func(g *jen.Group) {
			for i, nn := range root {
				g.Case(jen.Lit(i)).Block(jen.Op("*").Id("v").Op("=").Add(constOf(nn)), jen.Return(jen.Nil()))
			}
		})
		g.Return(jen.Id("r").Dot("Error").Call(emit.RT("KindInvalidValue"), jen.Lit(gt.ASN1), jen.Lit("no item has this index"), jen.Lit("X.691 14")))
	}
	enc = func(g *jen.Group) {
		g.Switch(jen.Op("*").Id("v")).BlockFunc(func(g *jen.Group) {
			seen := map[int64]bool{}
			for i, nn := range root {
				if seen[nn.Value] {
					continue
				}
				seen[nn.Value] = true
				g.Case(constOf(nn)).Block(jen.Id("w").Dot("WriteIndex").Call(jen.Lit(i), jen.Lit(len(root)), jen.Lit(ext), jen.False()))
			}
			for i, nn := range adds {
				if seen[nn.Value] {
					continue
				}
				seen[nn.Value] = true
				g.Case(constOf(nn)).Block(jen.Id("w").Dot("WriteIndex").Call(jen.Lit(i), jen.Lit(len(root)), jen.True(), jen.True()))
			}
			g.Default().Block(jen.Return(emit.RT("NewError").Call(emit.RT("KindInvalidValue"), jen.Lit(-1), jen.Lit(gt.ASN1),
				jen.Lit("not an item of the enumeration"), jen.Lit("X.680 20"))))
		})
		g.Return(jen.Nil())
	}
	return dec, enc
}

// denseSorted reports whether the items are 0, 1, 2, ... in order.
func denseSorted(items []*model.NamedNumber) bool {
	for i, nn := range items {
		if nn.Value != int64(i) {
			return false
		}
	}
	return true
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

package percodec

import (
	"fmt"
	"sort"

	"github.com/asn1gen/asn1gen/codegen/emit"
	"github.com/asn1gen/asn1gen/codegen/model"
	"github.com/asn1gen/asn1gen/codegen/plan"
	"github.com/asn1gen/asn1gen/runtime/per"
	"github.com/dave/jennifer/jen"
)

// perConstraints are the PER-visible constraints of a built-in type
// (plan.PERConstraints) as the arguments of generated code.
type perConstraints struct {
	lb, ub       int64 // value range; MinInt64, MaxInt64 when unbounded
	ext          bool
	size         jen.Code // a per.Size
	sizeLb       int64
	alphabet     jen.Code // a *per.Alphabet
	knownAlpha   bool     // a known-multiplier character string
	unsupported  string
	hasLb, hasUb bool
	wide         bool
	span         uint64
	big          bool
	bigLo, bigHi string
}

// perConstraintsOf evaluates what X.691 sees of the constraints of t.
func (e *Emitter) perConstraintsOf(t *model.Type) perConstraints {
	b := plan.PERConstraints(t)
	pc := perConstraints{lb: b.Lb, ub: b.Ub, ext: b.Ext, hasLb: b.HasLb, hasUb: b.HasUb,
		wide: b.Wide, span: b.Span, big: b.Big, bigLo: b.BigLo, bigHi: b.BigHi,
		unsupported: b.Unsupported, knownAlpha: b.KnownAlphabet != "", sizeLb: int64(b.SizeLb), size: pr("Unsized")}
	if b.KnownAlphabet != "" {
		pc.alphabet = pr(b.KnownAlphabet)
		if b.Alphabet != "" {
			pc.alphabet = jen.Id(e.perAlphabet(b.Alphabet))
		}
	}
	if b.Sized {
		// per.Size{Lb: 1, Ub: 8}, on one line (jen.Dict would take five)
		keys := []jen.Code{jen.Id("Lb").Op(":").Lit(b.SizeLb), jen.Id("Ub").Op(":").Lit(b.SizeUb)}
		if b.SizeExt {
			keys = append(keys, jen.Id("Ext").Op(":").True())
		}
		pc.size = pr("Size").Values(keys...)
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
			var args []jen.Code
			for _, c := range plan.AlphabetRanges(k) {
				args = append(args, jen.LitRune(c))
			}
			g.Id(e.per.alphabets[k]).Op("=").Add(pr("NewAlphabet")).Call(args...).Comment(fmt.Sprintf("%q", k))
		}
	})
}

// perTimeMethods names the per.Reader and per.Writer methods (Read...,
// Write...) of the useful and defined time types: UTCTime and
// GeneralizedTime as VisibleStrings, DATE, TIME-OF-DAY, DATE-TIME and
// DURATION as the SEQUENCEs X.691 32 defines for them.
var perTimeMethods = plan.PERTimeTypes

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
	if !plan.ContentsBySize(f) {
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

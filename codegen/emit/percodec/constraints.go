package percodec

import (
	"fmt"
	"math"
	"math/big"
	"sort"

	"github.com/asn1gen/asn1gen/codegen/emit"
	"github.com/asn1gen/asn1gen/codegen/model"
	"github.com/asn1gen/asn1gen/codegen/plan"
	"github.com/asn1gen/asn1gen/runtime/der"
	"github.com/asn1gen/asn1gen/runtime/per"
	"github.com/dave/jennifer/jen"
)

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

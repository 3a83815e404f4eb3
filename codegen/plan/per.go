package plan

import (
	"math"
	"math/big"
	"sort"

	"github.com/asn1gen/asn1gen/codegen/model"
	"github.com/asn1gen/asn1gen/runtime/der"
)

// What PER (X.691) sees of a type: its PER-visible constraints, the
// extension additions of a SEQUENCE and the order of an enumeration's
// items. The PER emitter (codegen/emit/percodec) and the PER dump
// (internal/perdump) both read a type's encoding from these, so that the
// dump walks exactly what generated decoders read.

// PERBounds are the PER-visible constraints of a built-in type (X.691
// 10.3 to 10.9).
type PERBounds struct {
	// Lb, Ub bound an INTEGER: math.MinInt64 and math.MaxInt64 when
	// unbounded (HasLb, HasUb false); Ext: the value range is extensible.
	Lb, Ub       int64
	HasLb, HasUb bool
	Ext          bool
	// Wide: an INTEGER range whose upper bound is beyond int64 and whose
	// span Ub-Lb (Span) fits in 64 bits. Big: any other INTEGER range
	// with a bound beyond int64, its bounds as INTEGER contents in BigLo
	// and BigHi ("" for MIN and MAX).
	Wide         bool
	Span         uint64
	Big          bool
	BigLo, BigHi string
	// Size is the effective SIZE of a string or list as per.Size takes
	// it: SizeUb < 0 without an upper bound; Sized is false when there is
	// no PER-visible SIZE (per.Unsized).
	Sized          bool
	SizeLb, SizeUb int
	SizeExt        bool
	// KnownAlphabet names the runtime alphabet of a known-multiplier
	// character string without a PER-visible FROM ("IA5", "Printable",
	// ...; X.691 30); "" for other types. Alphabet holds the characters
	// of a PER-visible permitted alphabet, "" when there is none.
	KnownAlphabet string
	Alphabet      string
	// Unsupported says what PER codecs do not handle here, "" if all is
	// well.
	Unsupported string
}

// KnownMultiplier lists the known-multiplier character string types
// (X.691 3.6.16) and the runtime alphabet of each without constraint.
var KnownMultiplier = map[string]string{
	"IA5String": "IA5", "PrintableString": "Printable", "VisibleString": "Visible", "ISO646String": "Visible",
	"NumericString": "Numeric", "BMPString": "BMP", "UniversalString": "Universal",
}

// PERConstraints evaluates what X.691 sees of the constraints of t.
func PERConstraints(t *model.Type) PERBounds {
	pc := PERBounds{Lb: math.MinInt64, Ub: math.MaxInt64, SizeUb: -1}
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
				pc.Wide, pc.Span = true, new(big.Int).Sub(hi, lo).Uint64()
			} else {
				// Any other bounds: passed to ReadBigRange as INTEGER
				// contents, "" for MIN and MAX.
				pc.Big = true
				if lo != nil {
					pc.BigLo = string(der.IntegerFromBig(lo))
				}
				if hi != nil {
					pc.BigHi = string(der.IntegerFromBig(hi))
				}
			}
		}
		pc.Lb, pc.Ub = v.Min, v.Max
		pc.HasLb, pc.HasUb = v.Min != math.MinInt64, v.Max != math.MaxInt64
		pc.Ext = c.Extensible
	}
	sizeVisible := u.Kind == model.TypeOctetString || u.Kind == model.TypeBitString || u.Kind == model.TypeSequenceOf || u.Kind == model.TypeSetOf
	if u.Kind == model.TypeCharacterString {
		if a, ok := KnownMultiplier[u.Name]; ok {
			pc.KnownAlphabet = a
			sizeVisible = true
			if c.Alphabet != "" && c.Extensible {
				if c.Size != nil {
					pc.Unsupported = "an extensible constraint on both SIZE and FROM (the model does not say which is extensible)"
				}
				// X.691 10.3: an extensible PermittedAlphabet is not
				// PER-visible.
			} else if c.Alphabet != "" {
				pc.Alphabet = c.Alphabet
			}
		}
	}
	if s := c.Size; s != nil && sizeVisible {
		if s.Big() || s.Min < 0 {
			pc.Unsupported = "a SIZE bound beyond 64 bits"
		}
		ub := s.Max
		if ub == math.MaxInt64 {
			ub = -1
		}
		lb := max(s.Min, 0)
		ext := c.Extensible && (c.Alphabet == "" || pc.KnownAlphabet == "")
		pc.SizeLb, pc.SizeUb, pc.SizeExt = int(lb), int(ub), ext
		pc.Sized = !(lb == 0 && ub < 0 && !ext)
	}
	return pc
}

// AlphabetRanges returns the characters of a permitted alphabet as the
// ranges per.NewAlphabet takes: lo, hi pairs, ascending.
func AlphabetRanges(chars string) []rune {
	runes := []rune(chars)
	sort.Slice(runes, func(i, j int) bool { return runes[i] < runes[j] })
	var out []rune
	for i := 0; i < len(runes); {
		j := i
		for j+1 < len(runes) && runes[j+1] <= runes[j]+1 {
			j++
		}
		out = append(out, runes[i], runes[j])
		i = j + 1
	}
	return out
}

// OctetText reports whether a character string type is written as its
// octets with an unconstrained length (X.691 30.6).
func OctetText(name string) bool {
	switch name {
	case "GeneralString", "GraphicString", "TeletexString", "T61String", "VideotexString":
		return true
	}
	return false
}

// PERTimeTypes lists the useful and defined time types that PER codecs
// read with a method of their own: UTCTime and GeneralizedTime as
// VisibleStrings, DATE, TIME-OF-DAY, DATE-TIME and DURATION as the
// SEQUENCEs X.691 32 defines for them (TIME goes by its settings).
var PERTimeTypes = map[string]string{
	"UTCTime": "UTCTime", "GeneralizedTime": "GeneralizedTime",
	"DATE": "Date", "TIME-OF-DAY": "TimeOfDay", "DATE-TIME": "DateTime",
	"DURATION": "Duration",
}

// Addition is one extension addition of a SEQUENCE or SET: a component,
// or the components of an addition group [[ ]].
type Addition struct {
	Fields []*Field
	Group  bool
}

// Additions splits the components of a SEQUENCE or SET into the root's
// and the extension additions (X.691 19).
func Additions(gt *Type) (root []*Field, adds []Addition) {
	for _, f := range gt.Fields {
		switch c := f.Comp; {
		case !c.Extension:
			root = append(root, f)
		case c.Group > 0 && len(adds) > 0 && adds[len(adds)-1].Group && adds[len(adds)-1].Fields[0].Comp.Group == c.Group:
			adds[len(adds)-1].Fields = append(adds[len(adds)-1].Fields, f)
		default:
			adds = append(adds, Addition{Fields: []*Field{f}, Group: c.Group > 0})
		}
	}
	return root, adds
}

// PEROptional reports whether a component has a bit in a preamble
// (X.691 19.2): it is OPTIONAL or has a DEFAULT.
func PEROptional(f *Field) bool { return f.Comp.Optional || f.Comp.Default != nil }

// EnumItems returns the items of the enumeration gt, the root's and the
// additions', each sorted by value (their PER indexes, X.691 14), and
// whether it is extensible.
func EnumItems(gt *Type) (root, adds []*model.NamedNumber, ext bool) {
	for _, nn := range gt.Body.Underlying().NamedNumbers {
		if nn.Extension {
			adds = append(adds, nn)
		} else {
			root = append(root, nn)
		}
	}
	sort.SliceStable(root, func(i, j int) bool { return root[i].Value < root[j].Value })
	sort.SliceStable(adds, func(i, j int) bool { return adds[i].Value < adds[j].Value })
	return root, adds, gt.Body.Underlying().Extensible
}

// ContentsBySize reports whether the OCTET or BIT STRING (CONTAINING T)
// of f is read as a string with its own length (a PER-visible SIZE, or a
// BIT STRING: per.Contents); false for an OCTET STRING without one, whose
// octets are an open type field (X.691 10.2).
func ContentsBySize(f *Field) bool {
	c := f.Type.Constraints
	return !((c == nil || c.Size == nil) && f.Type.Underlying().Kind == model.TypeOctetString)
}

// OwnSize reports whether component f refers to a named OCTET STRING,
// BIT STRING, SEQUENCE OF, SET OF or character string type and constrains
// it further (oct Oct (SIZE (2)), name Name (FROM ("A".."Z"))) so that its
// PER-visible constraints differ from the named type's: its effective
// constraints, the named type's and its own applied in turn (X.680 49.3,
// 49.8), set its length determinant and alphabet (X.691 10.9, 16, 17,
// 20, 30) and its OER length (X.696 13, 14, 27). The codecs read and write
// it in place by them, not by the named type's codec.
func OwnSize(f *Field) bool {
	if !OwnConstraints(f) {
		return false
	}
	switch f.Type.Underlying().Kind {
	case model.TypeOctetString, model.TypeBitString, model.TypeSequenceOf, model.TypeSetOf, model.TypeCharacterString:
	default:
		return false
	}
	if c := f.Type.Constraints; c.Containing != nil || c.EncodedBy != nil {
		return false
	}
	return PERConstraints(f.Type) != PERConstraints(f.Type.Ref.Type)
}

// ListElem returns the element of the list type gt, through the types it
// is defined as (L2 ::= L (SIZE (1..4))); nil if it has none.
func ListElem(gt *Type) *Field {
	gt = ResolveAlias(gt)
	for gt.Elem == nil && gt.Base != nil {
		gt = ResolveAlias(gt.Base)
	}
	return gt.Elem
}

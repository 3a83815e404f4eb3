package asn1dump

import (
	"errors"
	"math"
	"math/big"
	"strconv"
	"strings"
	"time"

	"github.com/asn1gen/asn1gen/runtime/der"
	"github.com/asn1gen/asn1gen/runtime/float"
	"github.com/asn1gen/asn1gen/runtime/isotime"
	"github.com/asn1gen/asn1gen/runtime/tree"
)

// decodeValue fills the value fields of e from the contents of primitive n,
// read with the typed reads that generated code uses (see read). Contents
// are decoded strictly (DER) first; when that fails and BER accepts
// them, the DER failure is recorded in NonDER; when BER fails too, in Invalid
// (whatever Options.BER says: the contents are shown either way, and the
// caller decides what a non-DER value means).
func decodeValue(e *Element, n *tree.Node, opts *Options) {
	c := n.Content
	if n.Tag.Class() != der.ClassUniversal {
		// without a schema the type is unknown: hex, and the text when it
		// is printable (dNSName [2], URI [6] in a GeneralName)
		e.show = display{kind: showBinary, bin: c}
		if printable(c) {
			e.show = display{kind: showString}
			e.Value = string(c)
		}
		return
	}
	tryDER := func(f func(strict bool) error) {
		if derErr := f(true); derErr != nil {
			if berErr := f(false); berErr != nil {
				e.Invalid = reason(berErr)
			} else {
				addNonDER(e, reason(derErr))
			}
		}
	}
	switch n.Tag {
	case 0:
		// X.690 8.1.5: only the end-of-contents octets carry tag 0, and
		// the tree consumes those
		e.Invalid = "UNIVERSAL 0 is reserved for end-of-contents (X.690 8.1.5)"
		e.show = display{kind: showBinary, bin: c}
	case der.TagBoolean:
		tryDER(func(strict bool) error {
			v, err := read(n, strict, (*der.Reader).ReadBoolean)
			if err == nil {
				e.Value = "FALSE"
				if v {
					e.Value = "TRUE"
				}
			}
			return err
		})
		e.show = display{kind: showPlain}
	case der.TagInteger, der.TagEnumerated:
		tryDER(func(strict bool) error {
			v, err := read(n, strict, (*der.Reader).ReadInteger)
			if err == nil {
				e.Value = v.String()
				e.show = integerDisplay(v)
			}
			return err
		})
	case der.TagNull:
		tryDER(func(strict bool) error {
			_, err := read(n, strict, func(r *der.Reader, t der.Tag) (struct{}, error) { return struct{}{}, r.ReadNull(t) })
			return err
		})
	case der.TagOID:
		tryDER(func(strict bool) error {
			v, err := read(n, strict, (*der.Reader).ReadOID)
			if err == nil {
				e.Value = v.String()
				if opts.OIDName != nil {
					e.Name = opts.OIDName(v)
				}
			}
			return err
		})
		e.show = display{kind: showPlain}
	case der.TagRelativeOID:
		tryDER(func(strict bool) error {
			v, err := read(n, strict, (*der.Reader).ReadRelativeOID)
			if err == nil {
				e.Value = v.String()
			}
			return err
		})
		e.show = display{kind: showPlain}
	case der.TagBitString:
		tryDER(func(strict bool) error {
			v, err := read(n, strict, (*der.Reader).ReadBitString)
			if err == nil {
				unused := 8*len(v.Bytes) - v.BitLength
				e.UnusedBits = &unused
				e.show = display{kind: showBinary, label: "unused=" + strconv.Itoa(unused), bin: v.Bytes}
				if v.BitLength <= 32 {
					e.show.after = bstring(v)
				}
			}
			return err
		})
	case der.TagOctetString:
		e.show = display{kind: showBinary, bin: c}
		if printable(c) {
			e.show.after = strconv.Quote(string(c))
		}
	case der.TagReal:
		tryDER(func(strict bool) error {
			v, err := read(n, strict, float.Read)
			if err == nil {
				e.Value = formatReal(v)
			}
			return err
		})
		e.show = display{kind: showPlain}
	case der.TagUTCTime, der.TagGeneralizedTime:
		tryDER(func(strict bool) error {
			readTime := (*der.Reader).ReadGeneralizedTime
			if n.Tag == der.TagUTCTime {
				readTime = (*der.Reader).ReadUTCTime
			}
			v, err := read(n, strict, readTime)
			switch {
			case err == nil:
				e.Value = v.Time().Format(time.RFC3339Nano)
				e.show = display{kind: showTime, raw: string(c)}
			case !strict && errors.Is(err, der.ErrUnsupported):
				// valid, but not a time.Time (a local time without
				// offset, a leap second): the characters as they are
				e.Value = string(c)
				e.show = display{kind: showString}
				return nil
			}
			return err
		})
	case der.TagDate, der.TagTimeOfDay, der.TagDateTime, der.TagDuration, der.TagTime:
		// X.680 38 time types: no DER variants (X.690 8.26)
		if v, err := xtime(n); err != nil {
			e.Invalid = reason(err)
		} else {
			e.Value = v
			e.show = display{kind: showTime, raw: string(c)}
			if v == e.show.raw {
				e.show = display{kind: showString} // TIME
			}
		}
	default:
		if isCharString(n.Tag) {
			s, err := read(n, true, func(r *der.Reader, t der.Tag) (string, error) { return r.ReadText(t, t) })
			if err != nil {
				e.Invalid = reason(err)
			} else {
				e.Value = s
				e.show = display{kind: showString}
			}
		} else {
			// EXTERNAL, EMBEDDED PDV... (constructed types) or tags that
			// X.680 does not define
			e.show = display{kind: showBinary, bin: c}
		}
	}
	if e.Invalid != "" || (e.show.kind == showNothing && n.Tag != der.TagNull) {
		// show what is there
		e.Value = ""
		e.Name = ""
		e.UnusedBits = nil
		e.show = display{kind: showBinary, bin: c}
	}
}

func addNonDER(e *Element, why string) {
	if e.NonDER == "" {
		e.NonDER = why
	} else if !strings.Contains(e.NonDER, why) {
		e.NonDER += "; " + why
	}
}

// reason is the text of a value error without the "asn1: " prefix and
// offset, which the dump line already shows.
func reason(err error) string {
	var e *der.Error
	if errors.As(err, &e) {
		s := e.Msg
		if s == "" {
			s = e.Kind.String()
		}
		if e.Rule != "" {
			s += " (" + e.Rule + ")"
		}
		return s
	}
	return err.Error()
}

// integerDisplay shows integers of up to 8 octets in decimal, longer ones
// (serial numbers, moduli) in hex.
func integerDisplay(v der.Integer) display {
	if _, ok := v.Int64(); ok {
		return display{kind: showPlain}
	}
	if v.Sign() < 0 {
		abs := new(big.Int).Neg(v.Big())
		return display{kind: showBinary, hexPrefix: "-0x", bin: abs.Bytes()}
	}
	return display{kind: showBinary, hexPrefix: "0x", bin: v}
}

// bstring writes the bits of v in X.680 bstring notation: '0101'B.
func bstring(v der.BitString) string {
	var b strings.Builder
	b.WriteByte('\'')
	for i := range v.BitLength {
		b.WriteByte(byte('0' + v.At(i)))
	}
	b.WriteString("'B")
	return b.String()
}

// formatReal writes a REAL as Go's shortest 'g' form, with the special
// values in the spelling of X.680 21.
func formatReal(f float64) string {
	switch {
	case math.IsInf(f, 1):
		return "PLUS-INFINITY"
	case math.IsInf(f, -1):
		return "MINUS-INFINITY"
	case math.IsNaN(f):
		return "NOT-A-NUMBER"
	case f == 0 && math.Signbit(f):
		return "-0"
	}
	return strconv.FormatFloat(f, 'g', -1, 64)
}

// printable reports whether b is non-empty printable ASCII, worth showing
// as text next to (or instead of) its hex.
func printable(b []byte) bool {
	if len(b) == 0 {
		return false
	}
	for _, c := range b {
		if c < 0x20 || c > 0x7e {
			return false
		}
	}
	return true
}

// isCharString reports whether t is the tag of a character string type
// that der.Reader.ReadText reads.
func isCharString(t der.Tag) bool {
	switch t {
	case der.TagUTF8String, der.TagNumericString, der.TagPrintableString,
		der.TagTeletexString, der.TagVideotexString, der.TagIA5String,
		der.TagGraphicString, der.TagVisibleString, der.TagGeneralString,
		der.TagUniversalString, der.TagBMPString, der.TagObjectDescriptor:
		return true
	}
	return false
}

// xtime parses the contents of an X.680 time type and returns its value
// notation ("2024-02-29", "P1Y2M").
func xtime(n *tree.Node) (string, error) {
	switch n.Tag {
	case der.TagDate:
		v, err := read(n, false, isotime.ReadDate)
		return v.String(), err
	case der.TagTimeOfDay:
		v, err := read(n, false, isotime.ReadTimeOfDay)
		return v.String(), err
	case der.TagDateTime:
		v, err := read(n, false, isotime.ReadDateTime)
		return v.String(), err
	case der.TagDuration:
		v, err := read(n, false, isotime.ReadDuration)
		return v.String(), err
	}
	v, err := read(n, false, isotime.ReadTime)
	return string(v), err
}

// read reads the contents of the primitive element n with a typed read of
// package der, float or isotime, strictly (DER) if strict, else in BER.
func read[T any](n *tree.Node, strict bool, read func(*der.Reader, der.Tag) (T, error)) (T, error) {
	in := append(der.AppendHeader(nil, n.Tag, false, len(n.Content)), n.Content...)
	// pooled: through the function value the reader escapes, and a new
	// state for each primitive was a sixth of what a large dump allocated
	r := der.NewPooledReader(in, &der.Options{BER: !strict})
	defer r.Release()
	return read(&r, n.Tag)
}

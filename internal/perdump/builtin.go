package perdump

import (
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"

	"github.com/asn1gen/asn1gen/codegen/model"
	"github.com/asn1gen/asn1gen/codegen/plan"
	"github.com/asn1gen/asn1gen/runtime/der"
	"github.com/asn1gen/asn1gen/runtime/isotime"
	"github.com/asn1gen/asn1gen/runtime/jer"
	"github.com/asn1gen/asn1gen/runtime/oids"
	"github.com/asn1gen/asn1gen/runtime/per"
)

// builtin reads a value of the built-in type t into n (X.691 12 to 32),
// as the emitter's readBuiltin reads it.
func (w *walker) builtin(r *per.Reader, t *model.Type, n *Node) error {
	u := t.Underlying()
	b := plan.PERConstraints(t)
	if b.Unsupported != "" {
		return r.Error(der.KindUnsupported, u.Kind.String(), b.Unsupported, "")
	}
	var jw jer.Writer
	defer func() { n.leaf = jw.Bytes() }()
	switch u.Kind {
	case model.TypeNull:
		jw.Null()
		return nil
	case model.TypeBoolean:
		v, err := r.ReadBool()
		n.Value = strings.ToUpper(strconv.FormatBool(v))
		jw.Bool(v)
		return err
	case model.TypeInteger:
		return w.integer(r, t, b, n, &jw)
	case model.TypeEnumerated:
		// an ENUMERATED written in place without a Go type of its own
		return r.Error(der.KindUnsupported, "ENUMERATED", "an enumeration without a planned type", "")
	case model.TypeOctetString:
		v, err := r.ReadOctetString(sizeOf(b))
		n.Value = hexOf(v)
		jw.Hex(v)
		if err == nil && len(w.s.rules) > 0 {
			if ru := w.ruleAt(); ru != nil {
				return w.ruled(r, ru, v, n)
			}
		}
		return err
	case model.TypeBitString:
		var v der.BitString
		var err error
		if len(u.NamedNumbers) > 0 {
			v, err = r.ReadNamedBitString(sizeOf(b))
		} else {
			v, err = r.ReadBitString(sizeOf(b))
		}
		n.Value, n.Name = bitsText(v), namedBits(u, v)
		n.bits = hexOf(v.Bytes) + "/" + strconv.Itoa(v.BitLength)
		if err == nil {
			jerBits(&jw, u, b, v)
		}
		return err
	case model.TypeCharacterString, model.TypeObjectDescriptor:
		err := w.characters(r, u, b, n)
		if err == nil {
			jw.String(n.Value)
		}
		return err
	case model.TypeObjectIdentifier:
		v, err := r.ReadOID()
		if err == nil {
			n.Value, n.Name, n.oid = v.String(), oids.Name(v), string(v)
			jw.OID(v)
		}
		return err
	case model.TypeRelativeOID:
		v, err := r.ReadRelativeOID()
		n.Value = v.String()
		jw.RelativeOID(v)
		return err
	case model.TypeReal:
		v, err := r.ReadReal()
		n.Value = strconv.FormatFloat(v, 'g', -1, 64)
		jw.Real(v)
		return err
	case model.TypeTime:
		return w.time(r, t, n, &jw)
	}
	return r.Error(der.KindUnsupported, u.Kind.String(), "the type is not supported by the PER codecs", "")
}

// integer reads an INTEGER by its bounds (X.691 13.2) in the runtime's
// procedure that generated code calls for them.
func (w *walker) integer(r *per.Reader, t *model.Type, b plan.PERBounds, n *Node, jw *jer.Writer) error {
	var text string
	var err error
	if plan.IntegerGo(t) != "int64" {
		var v der.Integer
		switch {
		case b.Wide:
			v, err = r.ReadWideRange(b.Lb, b.Span, b.Ext)
		case b.Big:
			v, err = r.ReadBigRange(b.BigLo, b.BigHi, b.Ext)
		case b.HasLb && b.HasUb:
			return r.Error(der.KindUnsupported, "INTEGER", "an INTEGER constrained beyond int64", "")
		default:
			v, err = r.ReadBigInt(b.Lb, b.HasLb, b.Ext)
		}
		if err == nil {
			text = v.String()
			jw.BigInt(v, "")
		}
	} else {
		var v int64
		switch {
		case b.HasLb && b.HasUb:
			v, err = r.ReadInt(b.Lb, b.Ub, b.Ext)
		case b.HasLb:
			v, err = r.ReadIntLb(b.Lb, b.Ext)
		default:
			v, err = r.ReadIntAny(b.Ub, b.Ext)
		}
		text = strconv.FormatInt(v, 10)
		jw.Int(v)
		for _, nn := range t.Underlying().NamedNumbers {
			if nn.Value == v {
				n.Name = nn.Name
				break
			}
		}
	}
	if err == nil {
		n.Value = text
	}
	return err
}

// characters reads a character string: a known-multiplier one through its
// effective PermittedAlphabet (X.691 30.5), UTF8String and the others as
// octets (30.6).
func (w *walker) characters(r *per.Reader, u *model.Type, b plan.PERBounds, n *Node) error {
	var v string
	var err error
	switch {
	case u.Kind == model.TypeObjectDescriptor, plan.OctetText(u.Name):
		v, err = r.ReadOctetText()
	case b.KnownAlphabet != "":
		v, err = r.ReadKnownString(w.s.alphabet(b), sizeOf(b), u.Name)
	case u.Name == "UTF8String":
		v, err = r.ReadUTF8String()
	default:
		return r.Error(der.KindUnsupported, u.Name, "the type is not supported by the PER codecs", "")
	}
	if err == nil {
		n.Value, n.quoted = v, true
	}
	return err
}

// time reads a time type: UTCTime and GeneralizedTime as VisibleStrings,
// the others in the encodings X.691 32 defines for them; jw gets its JER,
// a string (X.697 40).
func (w *walker) time(r *per.Reader, t *model.Type, n *Node, jw *jer.Writer) error {
	u := t.Underlying()
	var v string
	var err error
	switch plan.PERTimeTypes[u.Name] {
	case "UTCTime":
		x, e := r.ReadUTCTime()
		v, err = text(x, e)
		jw.Time(x, true, "")
	case "GeneralizedTime":
		x, e := r.ReadGeneralizedTime()
		v, err = text(x, e)
		jw.Time(x, false, "")
	case "Date":
		x, e := r.ReadDate()
		v, err = text(x, e)
		jw.Date(x, "")
	case "TimeOfDay":
		x, e := r.ReadTimeOfDay()
		v, err = text(x, e)
		jw.TimeOfDay(x, "")
	case "DateTime":
		x, e := r.ReadDateTime()
		v, err = text(x, e)
		jw.DateTime(x, "")
	case "Duration":
		x, e := r.ReadDuration()
		v, err = text(x, e)
		jw.Duration(x, "")
	default:
		if u.Name != "TIME" {
			return r.Error(der.KindUnsupported, u.Name, "the type is not supported by the PER codecs", "")
		}
		// X.691 32 encodes a TIME by the property settings of its subtype.
		settings := ""
		if c := t.Constraints; c != nil {
			settings = c.Settings
		}
		var x isotime.Time
		if settings == "" {
			x, err = r.ReadTime()
		} else if err = per.CheckTimeSettings(settings); err == nil {
			x, err = r.ReadTimeWith(settings)
		}
		v = string(x)
		jw.ISOTime(x, "")
	}
	if err == nil {
		n.Value = v
	}
	return err
}

// jerBits writes v, a BIT STRING of the type u with the PER-visible
// constraints b, as JER (X.697 24), as the generated MarshalJSON does: a
// fixed SIZE as hex digits, any other as {"value", "length"}; named bits
// without their trailing 0 bits, down to the SIZE's lower bound.
func jerBits(jw *jer.Writer, u *model.Type, b plan.PERBounds, v der.BitString) {
	fixed, lb := -1, 0
	if b.Sized && !b.SizeExt {
		lb = b.SizeLb
		if b.SizeUb == b.SizeLb {
			fixed = b.SizeLb
		}
	}
	if len(u.NamedNumbers) > 0 {
		v = trimNamedBits(v, lb)
	}
	jw.BitString(v, fixed, "")
}

// trimNamedBits returns v, a BIT STRING with named bits, in the one form
// JER writes (X.680 22.7): without its trailing 0 bits, but of lb bits
// at least.
func trimNamedBits(v der.BitString, lb int) der.BitString {
	n := min(v.BitLength, 8*len(v.Bytes))
	for n > 0 && v.Bytes[(n-1)/8]>>(7-(n-1)%8)&1 == 0 {
		n--
	}
	if n >= lb {
		return der.BitString{Bytes: v.Bytes[:(n+7)/8], BitLength: n}
	}
	out := make([]byte, (lb+7)/8)
	copy(out, v.Bytes[:(n+7)/8])
	if n%8 != 0 {
		out[n/8] &= 0xff << (8 - n%8)
	}
	return der.BitString{Bytes: out, BitLength: lb}
}

// text returns the text of a value read, or the error of its reading.
func text[T fmt.Stringer](x T, err error) (string, error) {
	if err != nil {
		return "", err
	}
	return x.String(), nil
}

// hexOf writes octets in hex.
func hexOf(b []byte) string { return hex.EncodeToString(b) }

// bitsText writes the bits of a BIT STRING: '0101'B up to 64 bits, else
// their octets in hex and the length.
func bitsText(v der.BitString) string {
	if v.BitLength > 64 {
		return "'" + hexOf(v.Bytes) + "'H (" + strconv.Itoa(v.BitLength) + " bits)"
	}
	var sb strings.Builder
	sb.WriteByte('\'')
	for i := range v.BitLength {
		sb.WriteByte('0' + v.Bytes[i/8]>>(7-i%8)&1)
	}
	sb.WriteString("'B")
	return sb.String()
}

// namedBits lists the named bits set in v.
func namedBits(u *model.Type, v der.BitString) string {
	var names []string
	for _, nn := range u.NamedNumbers {
		if i := int(nn.Value); i >= 0 && i < v.BitLength && v.Bytes[i/8]>>(7-i%8)&1 == 1 {
			names = append(names, nn.Name)
		}
	}
	return strings.Join(names, ", ")
}

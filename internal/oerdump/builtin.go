package oerdump

import (
	"encoding/hex"
	"math/big"
	"strconv"
	"strings"
	"sync"

	"github.com/asn1gen/asn1gen/codegen/model"
	"github.com/asn1gen/asn1gen/codegen/plan"
	"github.com/asn1gen/asn1gen/internal/jertext"
	"github.com/asn1gen/asn1gen/runtime/der"
	"github.com/asn1gen/asn1gen/runtime/jer"
	"github.com/asn1gen/asn1gen/runtime/oer"
	"github.com/asn1gen/asn1gen/runtime/oids"
)

// bounds are the OER-visible constraints of a built-in type (X.696 8.2),
// as the emitter's boundsOf has them: a value range or SIZE with an
// extension marker is not OER-visible, and neither is a permitted
// alphabet.
type bounds struct {
	lb, ub       int64
	hasLb, hasUb bool
	// wide: lb >= 0 and the upper bound wideUb beyond int64.
	wide   bool
	wideUb uint64
	// fixed: a SIZE of one value n, which leaves out the length.
	fixed  bool
	n      int
	size   oer.Size
	sizeLb int
	// unsupported says what the emitter does not handle.
	unsupported string
}

func boundsOf(t *model.Type) bounds {
	b := plan.PERConstraints(t)
	ob := bounds{size: oer.Unsized, unsupported: b.Unsupported}
	if !b.Ext {
		ob.lb, ob.ub, ob.hasLb, ob.hasUb = b.Lb, b.Ub, b.HasLb, b.HasUb
		switch {
		case b.Wide && b.Lb >= 0:
			ob.wide, ob.wideUb = true, uint64(b.Lb)+b.Span
		case b.Wide || b.Big:
			ob.unsupported = "an INTEGER constrained beyond int64"
		}
	}
	if b.Sized && !b.SizeExt {
		ob.sizeLb = b.SizeLb
		if b.SizeUb == b.SizeLb {
			ob.fixed, ob.n = true, b.SizeLb
		} else {
			ob.size = oer.Size{Lb: b.SizeLb, Ub: b.SizeUb}
		}
	}
	return ob
}

// stringTypes are runtime/oer's character string types (X.696 27).
var stringTypes = map[string]*oer.StringType{
	"IA5String": oer.IA5String, "VisibleString": oer.VisibleString, "ISO646String": oer.VisibleString,
	"NumericString": oer.NumericString, "PrintableString": oer.PrintableString,
	"BMPString": oer.BMPString, "UniversalString": oer.UniversalString, "UTF8String": oer.UTF8String,
	"GeneralString": oer.GeneralString, "GraphicString": oer.GraphicString, "TeletexString": oer.TeletexString,
	"T61String": oer.TeletexString, "VideotexString": oer.VideotexString,
}

// unsizedString reports the string types whose SIZE is not OER-visible.
func unsizedString(st *oer.StringType) bool {
	switch st {
	case oer.UTF8String, oer.GeneralString, oer.GraphicString, oer.TeletexString, oer.VideotexString:
		return true
	}
	return false
}

// narrowed holds the string types narrowed to a permitted alphabet
// (narrow), by narrowKey.
var narrowed sync.Map

type narrowKey struct {
	st    *oer.StringType
	chars string
}

// narrow returns st narrowed to the permitted alphabet of the characters
// chars, which the codecs check (plan.CheckedString), as the emitter's
// stringType has it; st itself for "".
func narrow(st *oer.StringType, chars string) *oer.StringType {
	if chars == "" {
		return st
	}
	k := narrowKey{st, chars}
	if t, ok := narrowed.Load(k); ok {
		return t.(*oer.StringType)
	}
	t, _ := narrowed.LoadOrStore(k, st.From(plan.AlphabetRanges(chars)...))
	return t.(*oer.StringType)
}

// builtin reads a value of the built-in type t into n, as the emitter's
// readBuiltin reads it, and keeps its JER text.
func (w *walker) builtin(r *oer.Reader, t *model.Type, n *Node) error {
	u := t.Underlying()
	b := boundsOf(t)
	if b.unsupported != "" {
		return r.Error(der.KindUnsupported, u.Kind.String(), b.unsupported, "")
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
	case model.TypeOctetString:
		var v []byte
		var err error
		if b.fixed {
			v, err = r.ReadFixedOctetString(b.n)
		} else {
			v, err = r.ReadOctetString(b.size)
		}
		n.Value = hexOf(v)
		jw.Hex(v)
		return err
	case model.TypeBitString:
		var v der.BitString
		var err error
		fixed := -1
		if b.fixed {
			v, err = r.ReadFixedBitString(b.n)
			fixed = b.n
		} else {
			v, err = r.ReadBitString(b.size)
		}
		if err == nil {
			n.Value, n.Name = bitsText(v), namedBits(u, v)
			jv := v
			if len(u.NamedNumbers) > 0 {
				jv = trimNamedBits(v, max(fixed, b.sizeLb))
			}
			jw.BitString(jv, fixed, "")
		}
		return err
	case model.TypeCharacterString:
		st, ok := stringTypes[u.Name]
		if !ok {
			return r.Error(der.KindUnsupported, u.Name, "not a known-multiplier character string", "")
		}
		var v string
		var err error
		sc := plan.CheckedString(t)
		switch {
		case unsizedString(st):
			size := oer.Unsized
			if sc.Sized {
				size = oer.Size{Lb: sc.Lb, Ub: sc.Ub}
			}
			v, err = r.ReadString(narrow(st, sc.Alphabet), size)
		case b.fixed:
			v, err = r.ReadFixedString(narrow(st, sc.Alphabet), b.n)
		default:
			v, err = r.ReadString(narrow(st, sc.Alphabet), b.size)
		}
		n.Value, n.quoted = v, true
		jw.String(v)
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
		if err == nil {
			n.Value = v.String()
			jw.RelativeOID(v)
		}
		return err
	case model.TypeObjectDescriptor:
		v, err := r.ReadString(oer.ObjectDescriptor, oer.Unsized)
		n.Value, n.quoted = v, true
		jw.String(v)
		return err
	case model.TypeExternal, model.TypeInstanceOf, model.TypeOpen:
		// Kept as their encodings by the codecs, which read EXTERNAL and
		// INSTANCE OF field by field to find their end (X.691 29, X.681
		// C.8), an open type as its field's octets (X.696 30).
		var v []byte
		var err error
		switch u.Kind {
		case model.TypeExternal:
			v, err = r.ReadExternal()
		case model.TypeInstanceOf:
			v, err = r.ReadInstanceOf()
		default:
			v, _, err = r.ReadOpen()
		}
		if err == nil {
			n.Raw, n.Hex, n.Note, n.form = true, hexOf(v), "kept as its encoding", jertext.None
		}
		return err
	case model.TypeTime:
		switch u.Name {
		case "UTCTime", "GeneralizedTime":
			utc := u.Name == "UTCTime"
			var v der.Time
			var err error
			if utc {
				v, err = r.ReadUTCTime()
			} else {
				v, err = r.ReadGeneralizedTime()
			}
			if err == nil {
				// The VisibleString of its DER form (X.696 27).
				b, _ := der.AppendTime(nil, v, utc)
				n.Value, n.quoted = string(b), true
				jw.Time(v, utc, "")
			}
			return err
		}
	}
	return r.Error(der.KindUnsupported, u.Kind.String(), "the type is not supported by the OER codecs", "")
}

// integer reads an INTEGER by its bounds (X.696 10) in the runtime's
// procedure that generated code calls for them.
func (w *walker) integer(r *oer.Reader, t *model.Type, b bounds, n *Node, jw *jer.Writer) error {
	if plan.IntegerGo(t) != "int64" {
		var z *big.Int
		var err error
		switch {
		case b.wide:
			var v uint64
			v, err = r.ReadUintRange(uint64(b.lb), b.wideUb)
			z = new(big.Int).SetUint64(v)
		case b.hasUb:
			return r.Error(der.KindUnsupported, "INTEGER", "an INTEGER held as der.Integer with an upper bound", "")
		case b.hasLb && b.lb != 0:
			z, err = r.ReadBigIntLb(b.lb)
		default:
			z, err = r.ReadBigInt(!b.hasLb)
		}
		if err != nil {
			return err
		}
		n.Value = z.String()
		jw.BigInt(der.IntegerFromBig(z), "")
		return nil
	}
	var v int64
	var err error
	switch set := plan.ValueSet(t); {
	case b.hasLb && b.hasUb && set != nil && set[0] == b.lb && set[len(set)-1] == b.ub:
		// A value set with gaps, as the emitter's r.IntIn reads it.
		at := r.Offset()
		if v, err = r.ReadIntRange(b.lb, b.ub); err == nil {
			err = der.CheckValues(at, "INTEGER", v, set...)
		}
	case b.hasLb && b.hasUb:
		v, err = r.ReadIntRange(b.lb, b.ub)
	case b.hasUb:
		return r.Error(der.KindUnsupported, "INTEGER", "an INTEGER with an upper bound and no lower bound", "")
	case b.hasLb:
		v, err = r.ReadIntLb(b.lb)
	default:
		v, err = r.ReadInt()
	}
	if err != nil {
		return err
	}
	n.Value = strconv.FormatInt(v, 10)
	jw.Int(v)
	for _, nn := range t.Underlying().NamedNumbers {
		if nn.Value == v {
			n.Name = nn.Name
			break
		}
	}
	return nil
}

// trimNamedBits returns v, a BIT STRING with named bits, in the one form
// JER writes (as the generated MarshalJSON does, X.680 22.7): without its
// trailing 0 bits, but of lb bits at least.
func trimNamedBits(v der.BitString, lb int) der.BitString {
	n := min(v.BitLength, 8*len(v.Bytes))
	for n > 0 && v.Bytes[(n-1)/8]>>(7-(n-1)%8)&1 == 0 {
		n--
	}
	if n >= lb {
		return der.BitString{Bytes: v.Bytes[:(n+7)/8], BitLength: n}
	}
	b := make([]byte, (lb+7)/8)
	copy(b, v.Bytes[:(n+7)/8])
	if n%8 != 0 {
		b[n/8] &= 0xff << (8 - n%8)
	}
	return der.BitString{Bytes: b, BitLength: lb}
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

package oerdump

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"slices"
	"strings"
	"time"

	"github.com/asn1gen/asn1gen/codegen/model"
	"github.com/asn1gen/asn1gen/codegen/plan"
	"github.com/asn1gen/asn1gen/runtime/der"
	"github.com/asn1gen/asn1gen/runtime/oer"
)

// The drawer is the walk of Decode run the other way: it writes a random
// CANONICAL-OER encoding of a value of a type, from the schema alone, as
// the independent side of a round trip through generated codecs (which it
// does not use). It lives beside the walker because it takes the same
// decisions from the same plan (the OER-visible bounds, the order of a
// SET's components, the preamble, the rows of an open type's table), each
// of which Decode must then read back.

// ErrNotDrawn wraps what the drawer does not write (an OCTET STRING
// CONTAINING a type ENCODED BY der, EXTERNAL): the type is left out.
var ErrNotDrawn = errors.New("not drawn")

// New returns the Schema of p, a plan of a whole module set (plan.New),
// for walking and drawing the OER encodings of any of its types.
func New(p *plan.Plan) *Schema { return &Schema{plan: p} }

// DrawOptions control Draw.
type DrawOptions struct {
	// Depth is the nesting beyond which OPTIONAL components are left out,
	// lists get their least size and a CHOICE takes an alternative that
	// ends the recursion when it has one; 0 selects 6.
	Depth int
	// MaxLen bounds the sizes drawn beyond a lower bound; 0 selects 4.
	MaxLen int
	// TypedRows draws an open type only as the value of a row of its
	// table that has a type, never as octets the codecs keep as they are
	// (an open type without a table, a key the table does not list,
	// INSTANCE OF and EXTERNAL, which the codecs keep as their own
	// encodings), which JER cannot write; but the octets of an OCTET
	// STRING (CONTAINING an open type ENCODED BY der), whose JER is
	// their hex: an OPTIONAL component, a list that may be
	// empty or a CHOICE alternative that cannot be drawn so is left out,
	// else the draw fails with ErrNotDrawn.
	TypedRows bool
}

// maxDrawDepth ends a draw that recursion keeps deep (a cycle the depth
// rule cannot leave): the draw fails, and another may not.
const maxDrawDepth = 64

// Draw returns a random CANONICAL-OER encoding of a value of t, a type of
// s's plan: values within the root of each constraint (value ranges,
// SIZE, permitted alphabets) but sometimes beyond that of an extensible
// range or SIZE, the extension additions known to the
// schema drawn sometimes, an open type with a table holding a value of
// the row its key selects, a DEFAULT component left out when it has its
// default value (and always when the drawer cannot tell). An error
// wrapping ErrNotDrawn names a construct the drawer does not write.
func (s *Schema) Draw(t *plan.Type, rnd *rand.Rand, opts *DrawOptions) ([]byte, error) {
	d := &drawer{rnd: rnd, depth: 6, maxLen: 4}
	if opts != nil {
		d.typed = opts.TypedRows
	}
	if opts != nil && opts.Depth > 0 {
		d.depth = opts.Depth
	}
	if opts != nil && opts.MaxLen > 0 {
		d.maxLen = opts.MaxLen
	}
	return d.named(t)
}

// drawer is the state of one Draw.
type drawer struct {
	rnd           *rand.Rand
	depth, maxLen int
	typed         bool // DrawOptions.TypedRows
	level         int
	// force is the value the next INTEGER, ENUMERATED or OBJECT
	// IDENTIFIER drawn must have: the key of an open type's row.
	force *plan.Row
}

// notDrawn is an error wrapping ErrNotDrawn.
func notDrawn(what string) error { return fmt.Errorf("%w: %s", ErrNotDrawn, what) }

// write runs f on a fresh Writer and returns what it wrote.
func write(f func(w *oer.Writer) error) ([]byte, error) {
	w := oer.NewWriter(nil)
	if err := f(&w); err != nil {
		return nil, err
	}
	return w.Bytes(), w.Err()
}

// open returns b in an open type field: its length, then b (X.696 30).
func open(b []byte) []byte {
	out, _ := write(func(w *oer.Writer) error { w.WriteOpen(b); return nil })
	return out
}

// deep reports whether the draw is past its depth: recursion must end.
func (d *drawer) deep() bool { return d.level >= d.depth }

// named draws a value of the Go type gt, as the walker's named reads it.
func (d *drawer) named(gt *plan.Type) ([]byte, error) {
	gt = plan.ResolveAlias(gt)
	if gt.Base != nil && structural(gt.Kind) {
		return d.named(gt.Base)
	}
	if d.level++; d.level > maxDrawDepth {
		return nil, fmt.Errorf("%s: nested beyond %d levels", gt.ASN1, maxDrawDepth)
	}
	defer func() { d.level-- }()
	switch gt.Kind {
	case model.TypeSequence, model.TypeSet:
		return d.sequence(gt)
	case model.TypeChoice:
		return d.choice(gt)
	case model.TypeSequenceOf, model.TypeSetOf:
		elem := gt
		for elem.Elem == nil && elem.Base != nil {
			elem = plan.ResolveAlias(elem.Base)
		}
		if elem.Elem == nil {
			return nil, notDrawn(gt.ASN1 + ": a list without an element type")
		}
		return d.list(gt.Body, func() ([]byte, error) { return d.field(elem.Elem, nil) })
	case model.TypeEnumerated:
		return d.enum(gt)
	case model.TypeNull:
		return nil, nil
	}
	return d.builtin(gt.Body)
}

// field draws f, as the walker's field reads it; rows are the rows chosen
// for the open types of the SEQUENCE that holds f.
func (d *drawer) field(f *plan.Field, rows map[*plan.Field]*plan.Row) ([]byte, error) {
	switch {
	case f.Union != nil:
		return d.unionField(f, rows)
	case f.Named == nil && f.Type.Underlying().Kind == model.TypeOpen:
		// An open type without a table: the encoding of some value; the
		// codecs keep its octets.
		return d.rawOpen(f.ASN1)
	case f.Named == nil, plan.ConstrainedInt(f):
		return d.builtin(f.Type)
	case plan.OwnIntConstraint(f):
		return nil, notDrawn(f.ASN1 + ": a component constraining a named INTEGER held as der.Integer")
	case f.Octets:
		return d.contained(f)
	}
	return d.named(f.Named)
}

// rawOpen draws an open type field of a few random octets, which the
// codecs keep as they are; not with TypedRows.
func (d *drawer) rawOpen(where string) ([]byte, error) {
	if d.typed {
		return nil, notDrawn(where + ": an open type without a table")
	}
	return open(d.octets(d.rnd.IntN(4))), nil
}

// contained draws an OCTET STRING (CONTAINING T) without a SIZE: the OER
// encoding of a value of T in an open type field.
func (d *drawer) contained(f *plan.Field) ([]byte, error) {
	if c := f.Type.Constraints; c != nil && c.EncodedBy != nil {
		return nil, notDrawn(f.ASN1 + ": CONTAINING ... ENCODED BY (the drawer writes no DER)")
	}
	if plan.ContentsBySize(f) {
		return nil, notDrawn(f.ASN1 + ": a string CONTAINING a type with a SIZE")
	}
	b, err := d.named(f.Named)
	if err != nil {
		return nil, err
	}
	return open(b), nil
}

// list draws a SEQUENCE OF or SET OF of the type body: a quantity within
// its SIZE, and each element by elem; a SET OF's elements in ascending
// order of their encodings (X.696 19).
func (d *drawer) list(body *model.Type, elem func() ([]byte, error)) ([]byte, error) {
	lb, ub := d.size(body, plan.PERConstraints(body))
	n := lb
	if !d.deep() {
		n = d.between(lb, ub)
	}
	var elems [][]byte
	for range n {
		b, err := elem()
		if err != nil && d.typed && lb == 0 && errors.Is(err, ErrNotDrawn) {
			n, elems = 0, nil // an empty list, with TypedRows
			break
		}
		if err != nil {
			return nil, err
		}
		elems = append(elems, b)
	}
	if body.Underlying().Kind == model.TypeSetOf {
		slices.SortStableFunc(elems, comparePadded)
	}
	out, _ := write(func(w *oer.Writer) error { w.WriteQuantity(n); return nil })
	for _, e := range elems {
		out = append(out, e...)
	}
	return out, nil
}

// comparePadded orders encodings as CANONICAL-OER orders a SET OF's
// elements: as octet strings, the shorter padded at its end with 0s.
func comparePadded(a, b []byte) int {
	n := max(len(a), len(b))
	pa := append(bytes.Clone(a), make([]byte, n-len(a))...)
	pb := append(bytes.Clone(b), make([]byte, n-len(b))...)
	return bytes.Compare(pa, pb)
}

// size returns the sizes a value of t may be drawn with: the root of its
// SIZE (OER-visible or not), or sometimes, for an extensible SIZE, any
// size; up to MaxLen beyond the lower bound.
func (d *drawer) size(t *model.Type, pc plan.PERBounds) (lb, ub int) {
	lb, ub = 0, -1
	if pc.Sized {
		lb, ub = pc.SizeLb, pc.SizeUb
		if pc.SizeExt && d.rnd.IntN(4) == 0 {
			lb, ub = 0, -1 // beyond the root of an extensible SIZE
		}
	} else if c := t.Constraints; c != nil && c.Size != nil && !c.Size.Big() {
		lb = int(max(c.Size.Min, 0))
		if c.Size.Max != math.MaxInt64 {
			ub = int(c.Size.Max)
		}
	}
	if ub < 0 || ub > lb+d.maxLen {
		ub = lb + d.maxLen
	}
	return lb, ub
}

// between draws an int in [lb, ub], the bounds often.
func (d *drawer) between(lb, ub int) int {
	if ub <= lb {
		return lb
	}
	switch d.rnd.IntN(4) {
	case 0:
		return lb
	case 1:
		return ub
	}
	return lb + d.rnd.IntN(ub-lb+1)
}

// octets draws n random octets.
func (d *drawer) octets(n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(d.rnd.Uint32())
	}
	return b
}

// enum draws an ENUMERATED: the number of an item of the root or of the
// additions (X.696 11), or of the key's row.
func (d *drawer) enum(gt *plan.Type) ([]byte, error) {
	root, adds, _ := plan.EnumItems(gt)
	items := append(root[:len(root):len(root)], adds...)
	if len(items) == 0 {
		return nil, notDrawn(gt.ASN1 + ": an ENUMERATED without items")
	}
	v := items[d.rnd.IntN(len(items))].Value
	if k := d.force; k != nil {
		d.force, v = nil, k.KeyInt
	}
	return write(func(w *oer.Writer) error { w.WriteEnumerated(v); return nil })
}

// builtin draws a value of the built-in type t, as the walker's builtin
// reads it.
func (d *drawer) builtin(t *model.Type) ([]byte, error) {
	u := t.Underlying()
	b := boundsOf(t)
	if b.unsupported != "" {
		return nil, notDrawn(b.unsupported)
	}
	pc := plan.PERConstraints(t)
	return write(func(w *oer.Writer) error {
		switch u.Kind {
		case model.TypeNull:
			return nil
		case model.TypeBoolean:
			w.WriteBool(d.rnd.IntN(2) == 1)
			return nil
		case model.TypeInteger:
			return d.integer(w, t, b, pc)
		case model.TypeOctetString:
			lb, ub := d.size(t, pc)
			v := d.octets(d.between(lb, ub))
			if b.fixed {
				return w.WriteFixedOctetString(v, b.n)
			}
			return w.WriteOctetString(v, b.size)
		case model.TypeBitString:
			return d.bitString(w, t, b, pc)
		case model.TypeCharacterString:
			return d.characters(w, t, b, pc)
		case model.TypeObjectIdentifier:
			return d.oid(w)
		case model.TypeRelativeOID:
			arcs := d.arcs(1 + d.rnd.IntN(4))
			o, err := der.ParseRelativeOIDString(dotted(arcs))
			if err != nil {
				return err
			}
			w.WriteRelativeOID(o)
			return nil
		case model.TypeObjectDescriptor:
			return w.WriteString(oer.ObjectDescriptor, d.text([]rune(" ab-XYZ09"), d.rnd.IntN(5)), oer.Unsized)
		case model.TypeExternal:
			if d.typed {
				return notDrawn("an EXTERNAL, which the codecs keep as their own encoding")
			}
			return d.external(w)
		case model.TypeInstanceOf:
			if d.typed {
				return notDrawn("an INSTANCE OF, whose value is an open type without a table")
			}
			if err := d.oid(w); err != nil {
				return err
			}
			w.WriteOpen(d.octets(d.rnd.IntN(4)))
			return nil
		case model.TypeOpen:
			if d.typed {
				return notDrawn("an open type without a table")
			}
			w.WriteOpen(d.octets(d.rnd.IntN(4)))
			return nil
		case model.TypeTime:
			switch u.Name {
			case "UTCTime":
				return w.WriteUTCTime(d.time(1950, 2049, false))
			case "GeneralizedTime":
				return w.WriteGeneralizedTime(d.time(1, 9999, true))
			}
		}
		return notDrawn(u.Kind.String() + " " + u.Name)
	})
}

// integer draws an INTEGER within the root of its range, written by its
// OER-visible bounds (X.696 10), or the key of the row chosen.
func (d *drawer) integer(w *oer.Writer, t *model.Type, b bounds, pc plan.PERBounds) error {
	k := d.force
	d.force = nil
	if plan.IntegerGo(t) != "int64" {
		switch {
		case b.wide:
			v := d.rnd.Uint64()
			if span := b.wideUb - uint64(b.lb); span < math.MaxUint64 {
				v = uint64(b.lb) + v%(span+1)
			}
			if k != nil {
				v = uint64(k.KeyInt)
			}
			return w.WriteUintRange(v, uint64(b.lb), b.wideUb)
		case b.hasUb:
			return notDrawn("an INTEGER held as der.Integer with an upper bound")
		}
		z := new(big.Int).SetBytes(d.octets(1 + d.rnd.IntN(12)))
		if !b.hasLb && d.rnd.IntN(2) == 0 {
			z.Neg(z)
		}
		if b.hasLb {
			z.Add(z, big.NewInt(b.lb))
		}
		if k != nil {
			z.SetInt64(k.KeyInt)
		}
		if b.hasLb && b.lb != 0 {
			return w.WriteBigIntLb(z, b.lb)
		}
		return w.WriteBigInt(z, !b.hasLb)
	}
	lb, ub := int64(math.MinInt64), int64(math.MaxInt64)
	if pc.Ext && d.rnd.IntN(4) == 0 {
		// Beyond the root of an extensible range (X.680 49.8): any value
		// within the OER-visible bounds, which the range does not set.
		pc.HasLb, pc.HasUb = false, false
	}
	if pc.HasLb {
		lb = pc.Lb
	}
	if pc.HasUb {
		ub = pc.Ub
	}
	v := d.int64In(lb, ub)
	if set := plan.ValueSet(t); set != nil {
		// A value set with gaps: a value of one of its ranges, which
		// the codecs check (X.680 51), not of the hull OER sees.
		i := 2 * d.rnd.IntN(len(set)/2)
		v = d.int64In(set[i], set[i+1])
	}
	if k != nil {
		v = k.KeyInt
	}
	switch {
	case b.hasLb && b.hasUb:
		return w.WriteIntRange(v, b.lb, b.ub)
	case b.hasUb:
		return notDrawn("an INTEGER with an upper bound and no lower bound")
	case b.hasLb:
		return w.WriteIntLb(v, b.lb)
	}
	w.WriteInt(v)
	return nil
}

// int64In draws an int64 in [lb, ub]: a bound, a value near one, or a
// value of a random magnitude.
func (d *drawer) int64In(lb, ub int64) int64 {
	span := uint64(ub) - uint64(lb) // the width of the range, less 1
	var off uint64
	switch d.rnd.IntN(5) {
	case 0:
		return lb
	case 1:
		return ub
	case 2:
		off = d.rnd.Uint64N(min(span, 300) + 1)
	case 3:
		if lb < 0 && ub >= 0 {
			// Around 0, in octets of either sign.
			v := int64(d.rnd.Uint64() >> (1 + d.rnd.IntN(63)))
			if d.rnd.IntN(2) == 0 {
				v = -v - 1
			}
			return max(lb, min(ub, v))
		}
		off = d.rnd.Uint64() >> d.rnd.IntN(64)
		if span < math.MaxUint64 {
			off %= span + 1
		}
	default:
		off = d.rnd.Uint64()
		if span < math.MaxUint64 {
			off %= span + 1
		}
	}
	return int64(uint64(lb) + off)
}

// bitString draws a BIT STRING within its SIZE; one with named bits
// without trailing 0 bits, down to the SIZE's lower bound (the one form
// the encoders write, X.680 22.7).
func (d *drawer) bitString(w *oer.Writer, t *model.Type, b bounds, pc plan.PERBounds) error {
	lb, ub := d.size(t, pc)
	if b.fixed {
		lb, ub = b.n, b.n
	}
	n := d.between(lb, ub)
	v := der.BitString{Bytes: d.octets((n + 7) / 8), BitLength: n}
	if n%8 != 0 {
		v.Bytes[n/8] &= 0xff << (8 - n%8)
	}
	if len(t.Underlying().NamedNumbers) > 0 && !b.fixed {
		v = trimNamedBits(v, lb)
	}
	if b.fixed {
		return w.WriteFixedBitString(v, b.n)
	}
	return w.WriteBitString(v, b.size)
}

// stringAlphabets are characters of each string type that its OER
// encoding and its JER text carry alike.
var stringAlphabets = map[*oer.StringType][]rune{
	oer.IA5String:       []rune("az AZ09\n\t-!~\x00\x7f"),
	oer.VisibleString:   []rune("az AZ09-!~"),
	oer.NumericString:   []rune("0123456789 "),
	oer.PrintableString: []rune("az AZ09'()+,-./:=?"),
	oer.BMPString:       []rune("aZ9 é€中\u00ff\ufffd"),
	oer.UniversalString: []rune("aZ9 é€中\U0001F600\U0010FFFF"),
	oer.UTF8String:      []rune("aZ9 é€中\U0001F600"),
	oer.GeneralString:   []rune("aZ9 -"),
	oer.GraphicString:   []rune("aZ9 -"),
	oer.TeletexString:   []rune("aZ9 -é\u00ff"),
	oer.VideotexString:  []rune("aZ9 -é\u00ff"),
}

// characters draws a character string within its SIZE and its permitted
// alphabet.
func (d *drawer) characters(w *oer.Writer, t *model.Type, b bounds, pc plan.PERBounds) error {
	u := t.Underlying()
	st, ok := stringTypes[u.Name]
	if !ok {
		return notDrawn(u.Name)
	}
	alpha := stringAlphabets[st]
	if c := t.Constraints; c != nil && c.Alphabet != "" {
		alpha = []rune(c.Alphabet)
	}
	lb, ub := d.size(t, pc)
	if b.fixed {
		lb, ub = b.n, b.n
	}
	s := d.text(alpha, d.between(lb, ub))
	switch {
	case unsizedString(st):
		return w.WriteString(st, s, oer.Unsized)
	case b.fixed:
		return w.WriteFixedString(st, s, b.n)
	}
	return w.WriteString(st, s, b.size)
}

// text draws n characters of alpha.
func (d *drawer) text(alpha []rune, n int) string {
	var sb strings.Builder
	for range n {
		sb.WriteRune(alpha[d.rnd.IntN(len(alpha))])
	}
	return sb.String()
}

// arcs draws n arcs, small mostly.
func (d *drawer) arcs(n int) []uint64 {
	a := make([]uint64, n)
	for i := range a {
		a[i] = d.rnd.Uint64() >> (d.rnd.IntN(8) * 8)
		if d.rnd.IntN(2) == 0 {
			a[i] %= 200
		}
	}
	return a
}

func dotted(arcs []uint64) string {
	var sb strings.Builder
	for i, a := range arcs {
		if i > 0 {
			sb.WriteByte('.')
		}
		fmt.Fprint(&sb, a)
	}
	return sb.String()
}

// oid draws an OBJECT IDENTIFIER, or writes the key of the row chosen.
func (d *drawer) oid(w *oer.Writer) error {
	if k := d.force; k != nil {
		d.force = nil
		w.WriteOID(der.OID(k.KeyBytes))
		return nil
	}
	arcs := append([]uint64{uint64(d.rnd.IntN(3)), uint64(d.rnd.IntN(40))}, d.arcs(d.rnd.IntN(5))...)
	o, err := der.OIDFromArcs(arcs...)
	if err != nil {
		return err
	}
	w.WriteOID(o)
	return nil
}

// time draws an instant between the years from and to, in whole seconds
// or, with frac, sometimes with a fraction of a second (milliseconds or
// nanoseconds), as DER writes UTCTime and GeneralizedTime (X.696 27).
func (d *drawer) time(from, to int, frac bool) der.Time {
	ns := 0
	if frac {
		switch d.rnd.IntN(4) {
		case 0:
			ns = d.rnd.IntN(1000) * 1e6
		case 1:
			ns = d.rnd.IntN(1e9)
		}
	}
	return der.Date(from+d.rnd.IntN(to-from+1), time.Month(1+d.rnd.IntN(12)), 1+d.rnd.IntN(28),
		d.rnd.IntN(24), d.rnd.IntN(60), d.rnd.IntN(60), ns)
}

// external draws an EXTERNAL as X.691 29 (and X.696) encodes it: X.690
// 8.18.1's sequence type, its encoding one of its three alternatives.
func (d *drawer) external(w *oer.Writer) error {
	present := []bool{d.rnd.IntN(2) == 0, d.rnd.IntN(2) == 0, d.rnd.IntN(2) == 0}
	w.WritePreamble(present...)
	if present[0] {
		if err := d.oid(w); err != nil {
			return err
		}
	}
	if present[1] {
		if err := w.WriteBigInt(big.NewInt(d.rnd.Int64N(1000)-500), true); err != nil {
			return err
		}
	}
	if present[2] {
		if err := w.WriteString(oer.ObjectDescriptor, d.text([]rune(" ab-XYZ09"), d.rnd.IntN(5)), oer.Unsized); err != nil {
			return err
		}
	}
	switch alt := d.rnd.IntN(3); alt {
	case 0:
		w.WriteTag(der.Context(0))
		w.WriteOpen(d.octets(d.rnd.IntN(4)))
	case 1:
		w.WriteTag(der.Context(1))
		return w.WriteOctetString(d.octets(d.rnd.IntN(4)), oer.Unsized)
	default:
		n := d.rnd.IntN(12)
		v := der.BitString{Bytes: d.octets((n + 7) / 8), BitLength: n}
		if n%8 != 0 {
			v.Bytes[n/8] &= 0xff << (8 - n%8)
		}
		w.WriteTag(der.Context(2))
		return w.WriteBitString(v, oer.Unsized)
	}
	return nil
}

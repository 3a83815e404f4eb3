package per

import (
	"unsafe"

	"github.com/asn1gen/asn1gen/runtime/der"
	"github.com/asn1gen/asn1gen/runtime/isotime"
)

// What generated decoders call. A Reader keeps the first error of a
// decode, with its bit offset and the field path, and after it every
// method below does nothing and returns a zero value (the bufio.Scanner
// and "errors are values" pattern), so that a component costs one line:
//
//	func (v *T) DecodePER(r *per.Reader) error {
//		*v = T{}
//		ext := r.ExtendedPreamble(&v.HasA)
//		r.DecodeOptional(v.HasA, &v.A, "a")
//		v.B = r.Int(0, 15, false, "b")
//		v.Unknown = r.Unknown(ext)
//		return r.Err()
//	}
//
// The field names given make the error's path, as der.WithField does for
// the errors the Read methods return. The Read methods themselves do not
// look at the kept error: they are the primitives these are made of.

// Err returns the first error of the decode, or nil.
func (r *Reader) Err() error { return r.err }

// Fail keeps err as the decode's error, field (unless "") first in its
// path, unless the decode has failed already with another error. The error
// a nested value's decode kept and returned gets field prepended.
//
// The check of err is inlined where Fail is called, so that a read that
// succeeds (nearly all of them) costs no call.
func (r *Reader) Fail(err error, field string) {
	if err != nil {
		r.fail(err, field)
	}
}

func (r *Reader) fail(err error, field string) {
	if r.err != nil && r.err != err {
		return // err is not this value's, but a later one's
	}
	if field != "" {
		err = der.WithField(err, field)
	}
	r.err = err
}

// Invalid fails the decode with an error of kind k at the reader's
// position (a value no item or alternative has, ...).
//
// Out of line, as the other methods here: generated code calls it for
// components, and inlined there it made much of a package's code.
//
//go:noinline
func (r *Reader) Invalid(k der.Kind, typ, msg, rule string) {
	if r.err == nil {
		r.err = r.Error(k, typ, msg, rule)
	}
}

// Decode decodes the component field, v, of a generated type.
func (r *Reader) Decode(v Value, field string) {
	if r.err != nil {
		return
	}
	if err := v.DecodePER(r); err != nil {
		// v's decode kept err in r (or returned it without): field
		// goes first in its path.
		r.err = der.WithField(err, field)
	}
}

// DecodeOptional is Decode for a component that its preamble bit says is
// present or not.
//
// Out of line, as the other methods here: generated code calls it for
// components, and inlined there it made much of a package's code.
//
//go:noinline
func (r *Reader) DecodeOptional(present bool, v Value, field string) {
	// Not through Decode: a frame less per nesting level, which the
	// garbage collector's stack scans pay for too.
	if present && r.err == nil {
		if err := v.DecodePER(r); err != nil {
			r.err = der.WithField(err, field)
		}
	}
}

// DecodeOpen decodes v from an open type field (BeginOpen, DecodePER,
// EndOpen): an extension addition, or the contents of an OCTET STRING
// (CONTAINING T) without a SIZE.
func (r *Reader) DecodeOpen(v Value, field string) {
	if r.err == nil {
		r.Fail(r.ReadOpenValue(v), field)
	}
}

// DecodeContained decodes v from the string c that contains its
// encoding (ReadContained).
func (r *Reader) DecodeContained(v Value, c Contents, field string) {
	if r.err == nil {
		r.Fail(r.ReadContained(v, c), field)
	}
}

// DecodeNested decodes a new value of the generated type T, which breaks
// a recursive cycle (held by pointer), one level deeper (Enter, Leave):
// the type's name typ says which in the error of too deep a nesting. The
// value is charged to the allocation budget (New).
func DecodeNested[T any, P interface {
	*T
	Value
}](r *Reader, typ, field string) *T {
	v := New[T](r, typ, field)
	if v != nil {
		r.Fail(r.ReadNested(P(v), typ), field)
	}
	return v
}

// New returns a new value of T, the type typ, for a component that
// generated code holds by pointer (an OCTET STRING (CONTAINING T): a row
// of a union, an alternative), charged to the decode's allocation budget
// (Options.MaxAlloc) as Row charges a row. Past the budget, or once the
// decode has failed, it returns nil, and the decode fails with the limit
// error at r's position, field (unless "") first in its path; the calls
// that would read into the nil value do nothing then.
func New[T any](r *Reader, typ, field string) *T {
	if r.err != nil {
		return nil
	}
	var zero T
	size := int(unsafe.Sizeof(zero))
	if size > r.alloc {
		r.Fail(r.errAt(r.pos, der.KindLimit, typ, "decode would allocate more than its limit", ""), field)
		return nil
	}
	r.alloc -= size
	return new(T)
}

// DecodeEach decodes v, a SEQUENCE OF or SET OF of size s whose elements
// elem decodes (the built-in types, pointers, open types): the count, then
// the elements through the fragments of a long list. An element's error
// gets its index, then field (unless ""), in its path.
func DecodeEach[S ~[]E, E any](r *Reader, v *S, s Size, field string, elem func(r *Reader, e *E)) error {
	if r.err != nil {
		return r.err
	}
	var list S
	for first, more := true, true; more; first = false {
		n, m, err := r.ReadCount(s, first)
		if err == nil {
			list, err = Grow(r, list, n)
		}
		if err != nil {
			r.Fail(err, field)
			return r.err
		}
		more = m
		for i := len(list) - n; i < len(list); i++ {
			if elem(r, &list[i]); r.err != nil {
				r.err = der.WithIndex(r.err, i)
				if field != "" {
					r.err = der.WithField(r.err, field)
				}
				return r.err
			}
		}
	}
	*v = list
	return nil
}

// DecodeList decodes v, a SEQUENCE OF or SET OF of size s whose elements
// have a generated type (ReadList); it is the whole of the list type's
// DecodePER.
func DecodeList[S ~[]E, E any, P interface {
	*E
	Value
}](r *Reader, v *S, s Size) error {
	if r.err != nil {
		return r.err
	}
	list, err := ReadList[E, P](r, s)
	*v = list
	r.Fail(err, "")
	return r.err
}

// DecodeEnum decodes v, an ENUMERATED whose items are numbered 0, 1, 2, ...
// (root, then adds additions); it is the whole of the type's DecodePER.
func DecodeEnum[T ~int64](r *Reader, v *T, root, adds int, ext bool) error {
	if r.err != nil {
		return r.err
	}
	if root > 0 {
		if x, ok := r.rangeFast(uint64(root-1), ext); ok {
			*v = T(x)
			return nil
		}
	}
	x, err := r.ReadEnum(root, adds, ext)
	*v = T(x)
	r.Fail(err, "")
	return r.err
}

// Extended reads the extension bit of an extensible type (X.691 19.1).
func (r *Reader) Extended() bool {
	if r.err != nil {
		return false
	}
	b, err := r.ReadBool()
	r.Fail(err, "")
	return b
}

// Preamble reads the preamble of a SEQUENCE or SET (X.691 19.2): a bit for
// each OPTIONAL or DEFAULT component, into its presence field.
func (r *Reader) Preamble(present ...*bool) {
	if n := len(present); n <= 57 && n <= r.end-r.pos && r.err == nil {
		// the common preamble, from one load
		w := r.peek()
		for i, p := range present {
			*p = w>>(63-i)&1 == 1
		}
		r.pos += n
		return
	}
	for len(present) > 0 && r.err == nil {
		n := min(len(present), 64)
		bits, err := r.ReadBits(n)
		if err != nil {
			r.Fail(err, "")
			return
		}
		for i, p := range present[:n] {
			*p = bits>>(n-1-i)&1 == 1
		}
		present = present[n:]
	}
}

// ExtendedPreamble reads the extension bit of an extensible SEQUENCE or
// SET and its preamble (Extended, then Preamble), from one load when the
// bits are there, and returns the extension bit.
func (r *Reader) ExtendedPreamble(present ...*bool) bool {
	if n := len(present); n < 57 && n < r.end-r.pos && r.err == nil {
		w := r.peek()
		for i, p := range present {
			*p = w>>(62-i)&1 == 1
		}
		r.pos += n + 1
		return w>>63 == 1
	}
	ext := r.Extended()
	r.Preamble(present...)
	return ext
}

// Index reads the index of a CHOICE's alternative (ReadIndex): in the
// root's root alternatives, or after the extension bit among the
// additions (inExt).
func (r *Reader) Index(root int, ext bool) (i int, inExt bool) {
	if r.err != nil {
		return -1, false
	}
	if root > 0 {
		if v, ok := r.rangeFast(uint64(root-1), ext); ok {
			return int(v), false
		}
	}
	i, inExt, err := r.ReadIndex(root, ext)
	if err != nil {
		r.Fail(err, "")
		return -1, false
	}
	return i, inExt
}

// UnknownAlternative reads the open type field of an alternative of a
// later version, index i of the additions, and returns it in the form a
// CHOICE keeps in Unknown (AppendUnknownAlternative).
func (r *Reader) UnknownAlternative(i int) []byte {
	if r.err != nil {
		return nil
	}
	b, err := r.ReadOpenBytes()
	if err != nil {
		r.Fail(err, "")
		return nil
	}
	return AppendUnknownAlternative(nil, i, b)
}

// Extensions are the extension additions of a SEQUENCE or SET value being
// decoded: the bitmap (X.691 19.7), and the open type field of the
// addition being read.
type Extensions struct {
	r     *Reader
	bm    Bitmap
	open  Open
	at    int    // the index of the addition Begin began
	field string // and its name
}

// Extensions reads the bitmap of the extension additions when ext, the
// extension bit, is set; otherwise no addition is present.
func (r *Reader) Extensions(ext bool) Extensions {
	x := Extensions{r: r}
	if !ext || r.err != nil {
		return x
	}
	bm, err := r.ReadBitmap()
	if err != nil {
		r.Fail(err, "")
		return x
	}
	x.bm = bm
	return x
}

// Begin reports whether addition i is present and, if so, begins its open
// type field, which End ends; field names the addition (for an addition
// group, its first component) in errors.
func (x *Extensions) Begin(i int, field string) bool {
	if x.r.err != nil || !x.bm.Has(i) {
		return false
	}
	var ok bool
	x.open, ok = x.r.Open(field)
	x.at, x.field = i, field
	return ok
}

// GroupPreamble reads, in the field Begin began, the preamble of an
// addition group none of whose members is mandatory (Preamble), and fails
// the decode when it has no member present: X.691 19.9 encodes such a
// group as an absent addition, its bit in the bitmap 0, which is how the
// value would re-encode. The error is at that bit.
//
//go:noinline
func (x *Extensions) GroupPreamble(present ...*bool) {
	r := x.r
	r.Preamble(present...)
	if r.err != nil {
		return
	}
	for _, p := range present {
		if *p {
			return
		}
	}
	e := der.NewError(der.KindNonCanonical, x.bm.offset+x.at, "extension addition group", "present with none of its components", "X.691 19.9")
	e.Bits = true
	r.Fail(e, x.field)
}

// End ends the open type field that Begin began.
//
// Out of line, as the other methods here: generated code calls it for
// components, and inlined there it made much of a package's code.
//
//go:noinline
func (x *Extensions) End(field string) { x.r.Close(x.open, field) }

// Open begins an open type field (BeginOpen) and reports whether it could;
// Close ends it.
func (r *Reader) Open(field string) (Open, bool) {
	if r.err != nil {
		return Open{}, false
	}
	o, err := r.BeginOpen()
	if err != nil {
		r.Fail(err, field)
		return Open{}, false
	}
	return o, true
}

// Close ends the open type field that Open began (EndOpen).
func (r *Reader) Close(o Open, field string) {
	if r.err == nil {
		r.Fail(r.EndOpen(o), field)
	}
}

// EndSub ends f, a Reader over *raw, the octets of an open type's field,
// that Field made, as DecodeField does: f's error, or the octets after its
// value, fail the decode, and *raw becomes nil if f rewrote it.
func (r *Reader) EndSub(f *Reader, raw *[]byte, field string) {
	if r.err != nil {
		return
	}
	err := f.err
	if err == nil {
		err = r.EndField(f)
	}
	if f.rewrote {
		*raw = nil
	}
	r.Fail(err, field)
}

// Value reads addition i, a value v of a generated type, if it is present,
// and reports whether it was.
func (x *Extensions) Value(i int, v Value, field string) bool {
	if x.r.err != nil || !x.bm.Has(i) {
		return false
	}
	x.r.DecodeOpen(v, field)
	return true
}

// Unknown reads the additions from index known on, which the type does not
// know, in the form its Unknown field keeps (ReadUnknown).
func (x *Extensions) Unknown(known int) []byte {
	r := x.r
	if r.err != nil || x.bm.n == 0 {
		return nil
	}
	u, err := r.ReadUnknown(x.bm, known)
	r.Fail(err, "")
	return u
}

// Unknown reads the extension additions of a SEQUENCE or SET that knows
// none, if ext, its extension bit, is set (Extensions), in the form its
// Unknown field keeps them (Extensions.Unknown(0)).
func (r *Reader) Unknown(ext bool) []byte {
	if !ext || r.err != nil {
		return nil
	}
	x := r.Extensions(ext)
	return x.Unknown(0)
}

// OpenField reads the open type field of an open type with a table into
// *raw and returns the offset in bits of its octets, for DecodeField.
func (r *Reader) OpenField(raw *[]byte, field string) int {
	if r.err != nil {
		return 0
	}
	b, at, err := r.ReadOpenField()
	if err != nil {
		r.Fail(err, field)
		return 0
	}
	*raw = b
	return at
}

// StringContents reads the string c that contains an open type into *raw
// and returns the offset in bits of its octets (ReadStringContents).
func (r *Reader) StringContents(raw *[]byte, c Contents, field string) int {
	if r.err != nil {
		return 0
	}
	b, at, err := r.ReadStringContents(c)
	if err != nil {
		r.Fail(err, field)
		return 0
	}
	*raw = b
	return at
}

// DecodeField decodes v, the value of an open type, from *raw, the octets
// of its field at bit at of the input (Field, EndField). A nil v, a row
// without a type, leaves the value in *raw. When the decode reassembled a
// fragmented string in place in the octets (Field), *raw becomes nil:
// they are no longer the field's, and v holds what they held.
//
// The field's Reader is r itself: v's DecodePER, an interface call, would
// move a Reader of its own to the heap, one allocation per field. Octets
// in r's own (an ALIGNED field in the input) are read there, r limited to
// them (decodeInPlace); others with r's state saved on the stack and
// restored after.
func (r *Reader) DecodeField(raw *[]byte, at int, v Value, field string) {
	if r.err != nil || v == nil {
		return
	}
	if start, ok := r.inPlace(*raw, at); ok {
		r.Fail(r.decodeInPlace(v, start, len(*raw)), field)
		return
	}
	f := r.Field(*raw, at)
	outer := *r
	*r = f
	err := v.DecodePER(r)
	if err == nil {
		err = outer.EndField(r)
	}
	rewrote := r.rewrote
	*r = outer
	if rewrote {
		*raw = nil
	}
	r.Fail(err, field)
}

// Row returns the Value of a union's row that the union holds by pointer
// at *slot, as the union's perValue method returns it for DecodeField and
// Writer.OpenValue. With r (a decode) it is a new value, charged to r's
// allocation budget (Options.MaxAlloc) as the elements of a SEQUENCE OF
// are, so that memory stays linear in the input whatever the row's size;
// past the budget *slot stays nil and the Value fails the decode with a
// limit error at the start of the open type field, typ in its message,
// the field in its path. Without r (an encode) it is *slot, or NoValue(typ)
// when nil.
func Row[T any, P interface {
	*T
	Value
}](r *Reader, slot **T, typ string) Value {
	if r == nil {
		if *slot == nil {
			return NoValue(typ)
		}
		return P(*slot)
	}
	if r.err != nil {
		return nil // DecodeField does nothing
	}
	var zero T
	size := int(unsafe.Sizeof(zero))
	if size > r.alloc {
		return overBudget(typ)
	}
	r.alloc -= size
	*slot = new(T)
	return P(*slot)
}

// overBudget is the Value of a union's row held by pointer whose value the
// allocation budget cannot pay for (Row): its decode fails at once.
type overBudget string

// DecodePER fails with a limit error at r's position, the start of the
// open type field.
func (n overBudget) DecodePER(r *Reader) error {
	return r.errAt(r.pos, der.KindLimit, string(n), "decode would allocate more than its limit", "")
}

// EncodePER fails: an overBudget is for decoders.
func (n overBudget) EncodePER(w *Writer) error { return der.NilValue(string(n)) }

// inPlace returns the bit of r's octets where b, the octets of an open
// type field at bit at of the input (ReadOpenField), begin, if they are
// r's own there, on an octet boundary, and r reads the input's octets as
// they are (not reassembled from fragments).
func (r *Reader) inPlace(b []byte, at int) (int, bool) {
	start := at - r.base
	if r.loc != nil || r.owned || len(b) == 0 || start < 0 || start&7 != 0 || start>>3+len(b) > len(r.buf) || &r.buf[start>>3] != &b[0] {
		return 0, false
	}
	return start, true
}

// decodeInPlace decodes v from the n octets of r's own from bit start, an
// open type field, with r limited to them, as BeginOpen limits r to an
// extension addition: the value, its errors and their offsets are those
// of a Reader of Field over the octets and EndField (the octets begin on
// an octet boundary, so the ALIGNED padding is the same; the offsets are
// r's). It returns the error of the value or of the octets after it, and
// restores what a Reader of its own would not have changed of r: its
// position and limit, nesting depth, last copy and kept error; the bytes
// that v's decode allocated stay charged, unless it failed.
func (r *Reader) decodeInPlace(v Value, start, n int) error {
	pos, end, depth, alloc, fresh := r.pos, r.end, r.depth, r.alloc, r.fresh
	r.pos, r.end, r.field = start, start+8*n, nil
	err := v.DecodePER(r)
	if err == nil {
		if want := max((r.pos-start+7)/8, 1); n != want { // more: the reads are bounded by the field
			err = r.errAt(r.pos, der.KindTrailingData, "open type", itoa(n-want)+" octets after the value in its field", "X.691 11.1")
		}
	}
	if err != nil {
		r.alloc = alloc
	}
	r.pos, r.end, r.depth, r.fresh, r.field, r.err = pos, end, depth, fresh, nil, nil
	return err
}

// UnknownKey fails the decode of an open type whose key is not in a table
// that is not extensible (X.682 10), at its field, unless the decode skips
// the constraints.
func (r *Reader) UnknownKey(at int, typ, field string) {
	if r.err == nil && !r.skip {
		r.Fail(UnknownKey(at, typ), field)
	}
}

// The built-in types, each read by the Read method of the same name (see
// there) and kept on error.

// keep returns x after keeping err.
func keep[T any](r *Reader, x T, err error, field string) T {
	r.Fail(err, field)
	return x
}

// Bool reads a BOOLEAN.
func (r *Reader) Bool(field string) bool {
	if r.err != nil {
		return false
	}
	x, err := r.ReadBool()
	return keep(r, x, err, field)
}

// Int reads an INTEGER (lb..ub), ext if the range is extensible.
func (r *Reader) Int(lb, ub int64, ext bool, field string) int64 {
	if r.err != nil {
		return 0
	}
	if v, ok := r.rangeFast(uint64(ub-lb), ext); ok {
		return lb + int64(v)
	}
	x, err := r.ReadInt(lb, ub, ext)
	return keep(r, x, err, field)
}

// IntIf is Int for an OPTIONAL component, read when present (else 0).
//
// Out of line, as the other methods here: generated code calls it for
// components, and inlined there it made much of a package's code.
//
//go:noinline
func (r *Reader) IntIf(present bool, lb, ub int64, ext bool, field string) int64 {
	if !present {
		return 0
	}
	return r.Int(lb, ub, ext, field)
}

// IntLb reads an INTEGER (lb..MAX).
func (r *Reader) IntLb(lb int64, ext bool, field string) int64 {
	if r.err != nil {
		return 0
	}
	x, err := r.ReadIntLb(lb, ext)
	return keep(r, x, err, field)
}

// IntAny reads an INTEGER without a lower bound.
func (r *Reader) IntAny(ub int64, ext bool, field string) int64 {
	if r.err != nil {
		return 0
	}
	x, err := r.ReadIntAny(ub, ext)
	return keep(r, x, err, field)
}

// BigInt reads an INTEGER held exactly.
func (r *Reader) BigInt(lb int64, hasLb, ext bool, field string) der.Integer {
	if r.err != nil {
		return nil
	}
	x, err := r.ReadBigInt(lb, hasLb, ext)
	return keep(r, x, err, field)
}

// WideRange reads an INTEGER whose range has a span of 64 bits.
func (r *Reader) WideRange(lb int64, span uint64, ext bool, field string) der.Integer {
	if r.err != nil {
		return nil
	}
	x, err := r.ReadWideRange(lb, span, ext)
	return keep(r, x, err, field)
}

// BigRange reads an INTEGER with bounds beyond int64.
func (r *Reader) BigRange(lo, hi string, ext bool, field string) der.Integer {
	if r.err != nil {
		return nil
	}
	x, err := r.ReadBigRange(lo, hi, ext)
	return keep(r, x, err, field)
}

// Enum reads an ENUMERATED whose items are numbered 0, 1, 2, ...
func (r *Reader) Enum(root, adds int, ext bool, field string) int64 {
	if r.err != nil {
		return 0
	}
	if root > 0 {
		if v, ok := r.rangeFast(uint64(root-1), ext); ok {
			return int64(v)
		}
	}
	x, err := r.ReadEnum(root, adds, ext)
	return keep(r, x, err, field)
}

// EnumIf is Enum for an OPTIONAL component, read when present (else 0).
//
// Out of line, as the other methods here: generated code calls it for
// components, and inlined there it made much of a package's code.
//
//go:noinline
func (r *Reader) EnumIf(present bool, root, adds int, ext bool, field string) int64 {
	if !present {
		return 0
	}
	return r.Enum(root, adds, ext, field)
}

// OctetString reads an OCTET STRING of size s.
func (r *Reader) OctetString(s Size, field string) []byte {
	if r.err != nil {
		return nil
	}
	x, err := r.ReadOctetString(s)
	return keep(r, x, err, field)
}

// BitString reads a BIT STRING of size s.
func (r *Reader) BitString(s Size, field string) der.BitString {
	if r.err != nil {
		return der.BitString{}
	}
	x, err := r.ReadBitString(s)
	return keep(r, x, err, field)
}

// NamedBitString reads a BIT STRING with named bits of size s.
func (r *Reader) NamedBitString(s Size, field string) der.BitString {
	if r.err != nil {
		return der.BitString{}
	}
	x, err := r.ReadNamedBitString(s)
	return keep(r, x, err, field)
}

// KnownString reads a known-multiplier character string of alphabet a and
// size s; typ names its type.
func (r *Reader) KnownString(a *Alphabet, s Size, typ, field string) string {
	if r.err != nil {
		return ""
	}
	x, err := r.ReadKnownString(a, s, typ)
	return keep(r, x, err, field)
}

// UTF8String reads a UTF8String.
func (r *Reader) UTF8String(field string) string {
	if r.err != nil {
		return ""
	}
	x, err := r.ReadUTF8String()
	return keep(r, x, err, field)
}

// OctetText reads a character string of octets (GeneralString, ...).
func (r *Reader) OctetText(field string) string {
	if r.err != nil {
		return ""
	}
	x, err := r.ReadOctetText()
	return keep(r, x, err, field)
}

// OID reads an OBJECT IDENTIFIER.
func (r *Reader) OID(field string) der.OID {
	if r.err != nil {
		return nil
	}
	x, err := r.ReadOID()
	return keep(r, x, err, field)
}

// RelativeOID reads a RELATIVE-OID.
func (r *Reader) RelativeOID(field string) der.RelativeOID {
	if r.err != nil {
		return nil
	}
	x, err := r.ReadRelativeOID()
	return keep(r, x, err, field)
}

// Real reads a REAL.
func (r *Reader) Real(field string) float64 {
	if r.err != nil {
		return 0
	}
	x, err := r.ReadReal()
	return keep(r, x, err, field)
}

// OpenBytes reads the octets of an open type field (an open type without a
// table).
func (r *Reader) OpenBytes(field string) []byte {
	if r.err != nil {
		return nil
	}
	x, err := r.ReadOpenBytes()
	return keep(r, x, err, field)
}

// UTCTime reads a UTCTime.
func (r *Reader) UTCTime(field string) der.Time {
	if r.err != nil {
		return der.Time{}
	}
	x, err := r.ReadUTCTime()
	return keep(r, x, err, field)
}

// GeneralizedTime reads a GeneralizedTime.
func (r *Reader) GeneralizedTime(field string) der.Time {
	if r.err != nil {
		return der.Time{}
	}
	x, err := r.ReadGeneralizedTime()
	return keep(r, x, err, field)
}

// Date reads a DATE.
func (r *Reader) Date(field string) isotime.Date {
	if r.err != nil {
		return isotime.Date{}
	}
	x, err := r.ReadDate()
	return keep(r, x, err, field)
}

// TimeOfDay reads a TIME-OF-DAY.
func (r *Reader) TimeOfDay(field string) isotime.TimeOfDay {
	if r.err != nil {
		return isotime.TimeOfDay{}
	}
	x, err := r.ReadTimeOfDay()
	return keep(r, x, err, field)
}

// DateTime reads a DATE-TIME.
func (r *Reader) DateTime(field string) isotime.DateTime {
	if r.err != nil {
		return isotime.DateTime{}
	}
	x, err := r.ReadDateTime()
	return keep(r, x, err, field)
}

// Duration reads a DURATION.
func (r *Reader) Duration(field string) isotime.Duration {
	if r.err != nil {
		return isotime.Duration{}
	}
	x, err := r.ReadDuration()
	return keep(r, x, err, field)
}

// Time reads a TIME.
func (r *Reader) Time(field string) isotime.Time {
	if r.err != nil {
		return ""
	}
	x, err := r.ReadTime()
	return keep(r, x, err, field)
}

// TimeWith reads a TIME of the subtype whose property settings are
// settings.
func (r *Reader) TimeWith(settings, field string) isotime.Time {
	if r.err != nil {
		return ""
	}
	x, err := r.ReadTimeWith(settings)
	return keep(r, x, err, field)
}

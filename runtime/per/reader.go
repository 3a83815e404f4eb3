package per

import (
	"encoding/binary"

	"github.com/asn1gen/asn1gen/runtime/der"
)

// Options control one decode. The zero value (or a nil *Options) selects
// the defaults, which are safe for hostile input.
type Options struct {
	// MaxDepth is the deepest nesting of the types that generated code
	// counts with Reader.Enter (recursive ones). 0 selects DefaultMaxDepth.
	MaxDepth int
	// MaxAlloc is the most bytes one decode may allocate (slices of
	// SEQUENCE OF, reassembled strings). 0 selects DefaultAllocFactor
	// bytes per input octet plus DefaultAllocSlack.
	MaxAlloc int
	// SkipConstraints tells generated code to skip the checks of the
	// constraints that PER does not encode (the reader only carries it).
	SkipConstraints bool
	// Tolerate lists the defects this decode accepts, as in package der
	// (der.Options.Tolerate): PER knows TolerateAlphabet, a character
	// outside the alphabet of a known-multiplier string, kept in the
	// string; TolerateInvalidTimes, a UTCTime or GeneralizedTime that is
	// no valid time, read as the zero time; TolerateTrailingData, octets
	// after the complete encoding; and TolerateOpenTypeErrors, an open
	// type field (an extension addition, an OCTET STRING (CONTAINING T))
	// or the contents of a string (CONTAINING T) that hold no encoding of
	// the value's type, kept in the Deviation. Zero: strict.
	Tolerate der.Tolerance
	// Deviations, if not nil, lists what Tolerate let pass, as in package
	// der (der.Deviation): Unmarshal finds their paths. Tolerant makes the
	// options of the tolerant mode.
	Deviations *[]der.Deviation
	// MaxDeviations is the most deviations one decode may list (0:
	// der.DefaultMaxDeviations); one more is a KindLimit error.
	MaxDeviations int
}

// Tolerant returns the options of the tolerant mode, as der.Tolerant does
// for DER: every tolerance (der.TolerateAll), each defect listed in *devs,
// the constraints that PER does not encode unchecked (their violations
// are not listed in PER):
//
//	var devs []der.Deviation
//	err := per.Unmarshal(b, &pdu, true, per.Tolerant(&devs))
func Tolerant(devs *[]der.Deviation) *Options {
	return &Options{Tolerate: der.TolerateAll, SkipConstraints: true, Deviations: devs}
}

// Default limits (see Options). PER is dense: a SEQUENCE OF NULL of 64K
// elements costs one octet, so the allocation budget is larger per octet
// than package der's.
const (
	DefaultMaxDepth    = 64
	DefaultAllocFactor = 256
	DefaultAllocSlack  = 64 << 10
)

// Reader reads a PER encoding. The zero Reader reads nothing; NewReader
// makes one over a complete encoding. A Reader is a value of a few words:
// generated code passes a pointer to the one the entry point made.
type Reader struct {
	buf   []byte
	pos   int           // next bit to read, counted from the start of buf
	end   int           // bits of buf that belong to the field being read
	base  int           // offset in bits of buf in the outermost input (for errors), or in loc's octets
	loc   *fragMap      // where buf's bits came from when they were reassembled; nil: the input
	depth int           // how much deeper Enter may go
	alloc int           // bytes that may still be allocated
	dev   *der.Recorder // lists the deviations (Options.Deviations); nil if not
	err   error         // the first error of the methods of sticky.go
	tol   der.Tolerance // Options.Tolerate
	// The flags, together: field readers are allocated, a size class
	// per word.
	aligned bool
	skip    bool
	// owned: buf is a copy this decode made (see joinFragments), whose
	// fragmented strings are reassembled in place; rewrote: one was,
	// since Field made r; apart: buf is such a copy, not in the buf of
	// the Reader that made r, whose octets r's rewriting leaves as
	// they were; fresh: the first octet of the last copy r made, which
	// Field knows as owned.
	owned   bool
	rewrote bool
	apart   bool
	fresh   *byte
	// field: where the octets ReadOpenField or ReadStringContents
	// returned last lie, if not in the input; mapping: joinFragments
	// notes the fragments it reads in joined (see beginMapping).
	mapping bool
	field   *fieldPlace
	joined  *fragMap
}

// NewReader returns a Reader over b, a complete encoding in the ALIGNED
// variant if aligned is true, else in the UNALIGNED one.
func NewReader(b []byte, aligned bool, opts *Options) Reader {
	var o Options
	if opts != nil {
		o = *opts
	}
	if o.MaxDepth <= 0 {
		o.MaxDepth = DefaultMaxDepth
	}
	if o.MaxAlloc <= 0 {
		o.MaxAlloc = DefaultAllocFactor*len(b) + DefaultAllocSlack
	}
	return Reader{buf: b, end: 8 * len(b), aligned: aligned, depth: o.MaxDepth, alloc: o.MaxAlloc, skip: o.SkipConstraints,
		tol: o.Tolerate, dev: der.NewRecorder(o.Tolerate, o.Deviations, o.MaxDeviations)}
}

// Aligned reports whether r reads the ALIGNED variant.
func (r *Reader) Aligned() bool { return r.aligned }

// SkipConstraints reports whether the decode skips the constraint checks
// that PER does not encode.
func (r *Reader) SkipConstraints() bool { return r.skip }

// Offset returns the offset in bits of the next bit in the outermost input.
func (r *Reader) Offset() int { return r.at(r.pos) }

// Left returns the number of bits left in the field being read.
func (r *Reader) Left() int { return r.end - r.pos }

// Enter counts one level of nesting of a recursive type; Leave undoes it.
func (r *Reader) Enter(typ string) error {
	if r.depth <= 0 {
		return r.errAt(r.pos, der.KindLimit, typ, "nesting deeper than the limit", "")
	}
	r.depth--
	return nil
}

// Leave undoes one Enter.
func (r *Reader) Leave() { r.depth++ }

// ReadNested decodes v, a value of the type typ that generated code holds
// by pointer to break a recursive cycle, between Enter and Leave.
func (r *Reader) ReadNested(v Value, typ string) error {
	if err := r.Enter(typ); err != nil {
		return err
	}
	if err := v.DecodePER(r); err != nil {
		return err
	}
	r.Leave()
	return nil
}

// Alloc charges n bytes that a decode is about to allocate to its budget.
func (r *Reader) Alloc(n int, typ string) error {
	if n < 0 || n > r.alloc {
		return r.errAt(r.pos, der.KindLimit, typ, "decode would allocate more than its limit", "")
	}
	r.alloc -= n
	return nil
}

// errAt returns an error at bit pos of buf.
//
//go:noinline
func (r *Reader) errAt(pos int, k der.Kind, typ, msg, rule string) error {
	e := der.NewError(k, r.at(pos), typ, msg, rule)
	e.Bits = true
	return e
}

// Error returns an error of kind k at the reader's position, for the checks
// of generated code (a value outside its constraint, an unknown index).
func (r *Reader) Error(k der.Kind, typ, msg, rule string) error {
	return r.errAt(r.pos, k, typ, msg, rule)
}

//go:noinline
func (r *Reader) truncated(typ string, n int) error {
	return r.errAt(r.pos, der.KindTruncated, typ, "needs "+itoa(n)+" bits, "+itoa(r.end-r.pos)+" left", "X.691 10")
}

// Align skips to the next octet boundary in the ALIGNED variant (the
// padding bits of X.691 10.7 and 11.1); it does nothing in the UNALIGNED
// one. Octet boundaries count from the start of the outermost encoding or
// of the open type field being read, which both start on one.
func (r *Reader) Align() {
	if r.aligned {
		r.pos = (r.pos + 7) &^ 7
		if r.pos > r.end {
			r.pos = r.end
		}
	}
}

// ReadBool reads one bit: a BOOLEAN (X.691 12), an extension bit or a bit
// of a preamble.
func (r *Reader) ReadBool() (bool, error) {
	if r.pos >= r.end {
		return false, r.truncated("BOOLEAN", 1)
	}
	b := r.buf[r.pos>>3] >> (7 - r.pos&7) & 1
	r.pos++
	return b == 1, nil
}

// ReadBits reads n bits, 0 <= n <= 64, as an unsigned number whose
// high-order bit is the first bit read.
func (r *Reader) ReadBits(n int) (uint64, error) {
	if n < 0 || n > 64 {
		return 0, r.errAt(r.pos, der.KindUnsupported, "", "bit-field wider than 64 bits", "")
	}
	if n > r.end-r.pos {
		return 0, r.truncated("", n)
	}
	return r.bits(n), nil
}

// bits reads n <= 64 bits that are known to be there. Its fast path takes
// them from the 8 octets at the position in one load: they hold n <= 57
// bits whatever the bit offset in the first. (It is not inlined: the call
// of bitsSlow alone is most of the inliner's budget.)
func (r *Reader) bits(n int) uint64 {
	pos, b := r.pos, r.buf
	if i := pos >> 3; n <= 57 && i >= 0 && i+8 <= len(b) {
		r.pos = pos + n
		// >> 1 >> (63-n) is >> (64-n) with shift counts below 64, also
		// for n = 0, which the compiler emits as plain shifts
		return binary.BigEndian.Uint64(b[i:i+8]) << (pos & 7) >> 1 >> (uint(63-n) & 63)
	}
	return r.bitsSlow(n)
}

// bitsSlow is bits for the last 7 octets of the input, or of an open type
// field (a Reader of its own), and for n > 57: it loads the last 8 octets
// when there are 8, else only the octets that hold the bits.
func (r *Reader) bitsSlow(n int) uint64 {
	if n > 57 {
		hi := r.bits(n - 32)
		return hi<<32 | r.bits(32)
	}
	pos, b := r.pos, r.buf
	if j := len(b) - 8; j >= 0 && pos >= 8*j {
		// the bits end in the last 8 octets, which hold them: pos is
		// in them, less than 64 bits from their start
		r.pos = pos + n
		return binary.BigEndian.Uint64(b[j:]) << (uint(pos-8*j) & 63) >> 1 >> (uint(63-n) & 63)
	}
	off := pos & 7
	k := (off + n + 7) >> 3 // octets holding the bits, at most 8
	var w uint64
	for _, c := range r.buf[pos>>3 : pos>>3+k] {
		w = w<<8 | uint64(c)
	}
	r.pos = pos + n
	return w << (64 - 8*k + off) >> 1 >> (uint(63-n) & 63)
}

// octets reads n octets known to be there, aliasing the input when they
// start on an octet boundary and copying them (charged) when not.
func (r *Reader) octets(n int, typ string) ([]byte, error) {
	if r.pos&7 == 0 {
		i := r.pos >> 3
		r.pos += 8 * n
		return r.buf[i : i+n : i+n], nil
	}
	if err := r.Alloc(n, typ); err != nil {
		return nil, err
	}
	b := make([]byte, n)
	r.copyBits(b, 8*n)
	r.noteCopy(b)
	return b, nil
}

// copyBits reads n bits known to be there into dst, left-aligned: from an
// octet boundary by copy, else seven octets per read while 8 or more are
// left (an unaligned OCTET STRING of UPER is copied this way); the eighth
// octet that PutUint64 writes is one of them, written again by the next
// read.
func (r *Reader) copyBits(dst []byte, n int) {
	i := 0
	if r.pos&7 == 0 { // octet-aligned: the octets as they are
		j := r.pos >> 3
		i = copy(dst, r.buf[j:j+n>>3])
		r.pos += n &^ 7
		n &= 7
	}
	for ; n >= 64; n -= 56 {
		binary.BigEndian.PutUint64(dst[i:], r.bits(56)<<8)
		i += 7
	}
	for ; n >= 8; n -= 8 {
		dst[i] = byte(r.bits(8))
		i++
	}
	if n > 0 {
		dst[i] = byte(r.bits(n) << (8 - n))
	}
}

// need reports a truncated input unless n bits are left.
func (r *Reader) need(n int, typ string) error {
	if n < 0 || n > r.end-r.pos {
		return r.truncated(typ, n)
	}
	return nil
}

// itoa is strconv.Itoa without the import in every file.
func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b [20]byte
	i := len(b)
	neg := n < 0
	u := uint64(n)
	if neg {
		u = uint64(-n)
	}
	for u > 0 {
		i--
		b[i] = byte('0' + u%10)
		u /= 10
	}
	if neg {
		i--
		b[i] = '-'
	}
	return string(b[i:])
}

// noteCopy notes b as the last copy r made (see fresh).
func (r *Reader) noteCopy(b []byte) {
	if len(b) > 0 {
		r.fresh = &b[0]
	}
}

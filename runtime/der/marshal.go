package der

import (
	"bytes"
	"errors"
	"sync"
)

// Version1 is the version of the contract between this runtime and the code
// asn1gen generates. Generated code refers to it (const _ = der.Version1)
// so that a generated package paired with a runtime that does not support
// it fails to compile instead of misbehaving. A change generated code
// depends on adds Version2 and the generator refers to that.
const Version1 = 1

// Value is what every generated Go type implements, with a pointer
// receiver: reading and writing a value with a tag. Generated code calls
// these methods for the values it holds, also across packages: a type of
// another generated package under an IMPLICIT tag is read with that tag.
//
// The zero Tag asks for the type's own tag at the root of an encoding: a
// DecodeASN1 then reads the whole input (see Reader.Root) and its errors'
// paths start with the type's name. Nested values always get their tag,
// der.NoTag for a type without one (an untagged CHOICE or open type).
type Value interface {
	DecodeASN1(r *Reader, t Tag) error
	EncodeASN1(b *Builder, t Tag)
}

// NoTag is the tag argument of DecodeASN1 and EncodeASN1 for a nested value
// of a type that has no tag of its own (an untagged CHOICE or open type,
// which X.680 31.2.9 does not let IMPLICIT tag): unlike the zero Tag it asks
// for no root decode. It is not a tag of the wire.
const NoTag Tag = 1 << 34

// Unmarshal decodes v, a pointer to a generated type, from b, which must
// hold exactly one encoding of it: strict DER unless opts.BER, with the
// limits of opts (nil: strict DER, the default limits). *v is reset first.
// The decoded value aliases b: byte slices, OIDs, INTEGERs and kept
// encodings point into it, so b must not change while v is in use.
// Errors are *Error values with the offset and the field path
// ("Certificate.toBeSigned.validity.notBefore"), and a Hint when b is PEM
// (see Hint) or when a decode of the same type with other options accepts
// b: BER in a DER decode, or the tolerances of crypto/x509 (TolerateX509
// with SkipConstraints, what rfc5280.X509Options returns). Unmarshal gives
// such a hint only after that decode succeeded: a failed decode may
// decode b up to three times. With opts.Deviations, a successful decode
// appends the defects its tolerances accepted, with their paths (see
// Deviation), and those of v's Linter; a failed one appends none.
func Unmarshal[T any, P interface {
	*T
	Value
}](b []byte, v P, opts *Options) error {
	var zero T
	*v = zero
	devs := opts != nil && opts.Deviations != nil
	mark := 0
	if devs {
		mark = len(*opts.Deviations)
	}
	seqs, _, err := decode(b, v, opts, 0)
	if err != nil {
		if devs {
			*opts.Deviations = (*opts.Deviations)[:mark]
		}
		if opts != nil && opts.Tolerate&TolerateBER != 0 && !opts.BER && errors.Is(err, ErrNonCanonical) {
			return asBER[T, P](b, v, opts, mark, err)
		}
		return retryHint[T, P](Hint(err, b, opts != nil && opts.BER), b, opts)
	}
	if devs {
		finishDeviations[T, P](b, v, opts, mark, seqs)
	}
	return nil
}

// Unmarshaled returns what Unmarshal(b, v, nil) returns for v, a *T, after
// the decode that a generated UnmarshalDER made of it (a pooled reader
// over b, v.DecodeASN1 called directly) returned err: nil, or err with the
// hints of Unmarshal. Generated code calls DecodeASN1 itself rather than
// through Unmarshal, whose call through the Value interface moves v to the
// heap; the hints need T only, as they decode b again into new values.
func Unmarshaled[T any, P interface {
	*T
	Value
}](b []byte, err error) error {
	if err != nil {
		return retryHint[T, P](Hint(err, b, false), b, nil)
	}
	return nil
}

// asBER decodes v from b again as BER, for Unmarshal with TolerateBER
// after the DER decode failed with derErr, the first BER form of b, which
// it lists first (at mark) when the BER decode succeeds; else it returns
// derErr, with its hints. Out of line: it runs on error paths only.
//
//go:noinline
func asBER[T any, P interface {
	*T
	Value
}](b []byte, v P, opts *Options, mark int, derErr error) error {
	w := *opts
	w.BER = true
	var zero T
	*v = zero
	seqs, _, err := decode(b, v, &w, 0)
	if err != nil {
		*v = zero
		if opts.Deviations != nil {
			*opts.Deviations = (*opts.Deviations)[:mark]
		}
		return retryHint[T, P](Hint(derErr, b, false), b, opts)
	}
	if opts.Deviations == nil {
		return nil
	}
	finishDeviations[T, P](b, v, &w, mark, seqs)
	var e *Error
	if errors.As(derErr, &e) {
		list := *opts.Deviations
		list = append(list, Deviation{})
		copy(list[mark+1:], list[mark:])
		list[mark] = NewDeviation(e, TolerateBER, nil)
		*opts.Deviations = list
	}
	return nil
}

// finishDeviations completes the deviations that the decode of v from b
// with opts listed after the first mark, with the seqs seqs: it finds
// their paths (see Deviation) and adds those of v's Linter. Out of line:
// only a tolerant decode calls it.
//
//go:noinline
func finishDeviations[T any, P interface {
	*T
	Value
}](b []byte, v P, opts *Options, mark int, seqs []int) {
	FindPaths((*opts.Deviations)[mark:], seqs, func(seq int) *Error {
		_, raised, _ := decode(b, P(new(T)), opts, seq)
		return raised
	})
	if l, ok := any(v).(Linter); ok {
		l.Lint(b, opts.Deviations)
	}
}

// decode is Unmarshal without the reset and the hints. It returns the
// seqs of the deviations it listed (see Recorder); raise, if not 0, makes
// it return the deviation raise as its error instead, and raised is that
// error (nil if the decode returned another).
func decode(b []byte, v Value, opts *Options, raise int) (seqs []int, raised *Error, err error) {
	// The decode's state and reader come from a pool: DecodeASN1 is
	// called through an interface, through which the reader would escape
	// to the heap, and a value aliasing the input would take the state
	// with it (escape analysis does not tell the input from the state).
	s := statePool.Get().(*state)
	*s = state{}
	s.root = Reader{in: b, end: len(b), s: s, ber: s.init(opts, len(b))}
	if raise != 0 {
		s.dev = s.dev.Raising(raise)
	}
	err = v.DecodeASN1(&s.root, 0)
	seqs, raised = s.dev.Listed(), raisedBy(s.dev, err)
	s.root.Release()
	return seqs, raised, err
}

// raisedBy returns the error d, made by Raising, returned, if the decode
// returned it as err (the decode's errors come up unwrapped: WithField
// changes them in place); nil if err is another.
func raisedBy(d *Recorder, err error) *Error {
	if r := d.Raised(); r != nil && err == error(r) {
		return r
	}
	return nil
}

// The hints of Unmarshal that name options that accept the input.
const (
	hintBER  = "valid BER, which a decode with der.Options{BER: true} accepts"
	hintX509 = "a decode with the tolerances of crypto/x509 accepts it: rfc5280.X509Options(), " +
		"or der.Options{Tolerate: der.TolerateX509, SkipConstraints: true}"
)

// retryHint gives err, the error of the decode of b as a T with opts, the
// Hint of the options that decode b, if any do: the tolerances of
// crypto/x509 (opts with TolerateX509 and SkipConstraints), and in a DER
// decode that fails on a rule of DER (KindNonCanonical) BER. It decodes b
// again with them to know, so that a hint is given only when it is true:
// an input may break a DER rule first and be no valid BER further on
// (issue 24: 1,219 of 6,455 such hints on mutated certificates were
// false). A limit error, which other options meet too, and an input
// already hinted at (PEM) get no other hint. Out of line: it runs on
// error paths only.
//
//go:noinline
func retryHint[T any, P interface {
	*T
	Value
}](err error, b []byte, opts *Options) error {
	var e *Error
	if !errors.As(err, &e) || e.Hint != "" || e.Kind == KindLimit {
		return err
	}
	var o Options
	if opts != nil {
		o = *opts
	}
	x509 := false
	if o.Tolerate&TolerateX509 != TolerateX509 || !o.SkipConstraints {
		w := o
		w.Tolerate |= TolerateX509
		w.SkipConstraints = true
		w.Deviations = nil
		_, _, werr := decode(b, P(new(T)), &w, 0)
		x509 = werr == nil
	}
	ber := false
	if !o.BER && e.Kind == KindNonCanonical {
		w := o
		w.BER = true
		w.Deviations = nil
		_, _, werr := decode(b, P(new(T)), &w, 0)
		ber = werr == nil
	}
	switch {
	case x509 && ber:
		e.Hint = hintX509 + "; " + hintBER + " too"
	case x509:
		e.Hint = hintX509
	case ber:
		e.Hint = hintBER
	}
	return err
}

// pemProbe is the most octets of an input that Hint reads for a PEM
// header: the blank space before it and the header line (RFC 7468 2).
const pemProbe = 256

// Hint sets the Hint of err, the error of a decode of b, when b is PEM
// (RFC 7468) instead of DER or BER: its first line, after blank space, is
// a "-----BEGIN " header. It reads at most the first pemProbe octets of
// b: its cost does not depend on b's size. Unmarshal calls it, and so do
// the lazy views of package view, whose errors are Unmarshal's but for
// the hints that Unmarshal finds by decoding b again, which need b's type.
// ber, whether the decode was of BER, does not change the hint. Out of
// line: it runs on error paths only.
//
//go:noinline
func Hint(err error, b []byte, ber bool) error {
	var e *Error
	if !errors.As(err, &e) {
		return err
	}
	head := bytes.TrimLeft(b[:min(len(b), pemProbe)], " \t\r\n")
	if bytes.HasPrefix(head, []byte("-----BEGIN ")) {
		line, _, _ := bytes.Cut(head, []byte("\n"))
		if i := bytes.Index(line[len("-----BEGIN "):], []byte("-----")); i >= 0 {
			line = line[:len("-----BEGIN ")+i+len("-----")] // the header, without what follows on its line
		}
		e.Hint = "the input is PEM (" + string(bytes.TrimSpace(line)) + "), not DER: decode it with encoding/pem and pass the block's Bytes"
	}
	return err
}

// Marshal returns the DER encoding of v, a pointer to a generated type.
// Of opts (nil: none) encoding uses SkipConstraints, which writes values
// outside their SIZE, range or alphabet as they are, and Tolerate, which
// writes back the DER defects a tolerant decode kept. It encodes into a
// pooled buffer and returns an exact copy: one allocation.
func Marshal(v Value, opts *Options) ([]byte, error) {
	b := builderPool.Get().(*Builder)
	out, err := b.encode(b.buf[:0], v, opts)
	if err == nil {
		out = bytes.Clone(out)
	}
	if cap(b.buf) > maxPooled {
		b.buf = nil
	}
	builderPool.Put(b)
	return out, err
}

// Append appends the DER encoding of v to dst (see Marshal for opts). It
// allocates only when dst is too small.
func Append(dst []byte, v Value, opts *Options) ([]byte, error) {
	// A pooled Builder, for the reason of Unmarshal's pooled reader: a
	// Builder on this stack would escape through EncodeASN1.
	b := builderPool.Get().(*Builder)
	out, err := b.encode(dst, v, opts)
	b.buf = nil // the caller's
	builderPool.Put(b)
	return out, err
}

// encode makes b, a pooled Builder, append v to dst with opts and returns
// the encoding. Of b's fields it resets those a Builder reads before
// writing (deferred is written before it is read).
func (b *Builder) encode(dst []byte, v Value, opts *Options) ([]byte, error) {
	b.buf, b.err, b.opts, b.pending, b.extra = dst, nil, opts, 0, 0
	v.EncodeASN1(b, 0)
	out, err := b.Bytes()
	b.err, b.opts = nil, nil
	return out, err
}

// builderPool holds the Builders of Marshal and Append; maxPooled is the
// largest buffer Marshal keeps with one for the next encoding.
var builderPool = sync.Pool{New: func() any { return new(Builder) }}

const maxPooled = 64 << 10

// Root ends the decode of a value that is the whole input of r (a
// DecodeASN1 called with t = 0): err, the error of reading it as the type
// typ, gets typ at the start of its path; without an error, nothing may
// follow the value (X.690 8.1.1), unless the decode tolerates it
// (TolerateTrailingData).
func (r *Reader) Root(err error, typ string) error {
	if err != nil {
		return WithField(err, typ)
	}
	if err = r.Finish(typ); err != nil && r.Tolerates(TolerateTrailingData) && errors.Is(err, ErrTrailingData) {
		if err = r.deviate(TolerateTrailingData, err, r.pos, r.end); err == nil {
			r.pos = r.end
		}
	}
	return err
}

// statePool recycles the state of the decodes of Unmarshal and
// NewPooledReader.
var statePool = sync.Pool{New: func() any { return new(state) }}

// NewPooledReader is NewReader with its state taken from a pool, for
// hand-written decoders of many values (the CRL entries of rfc5280's
// CRLReader): a decoded value that aliases the input makes the compiler
// move the state NewReader creates to the heap. Call Release when the
// decode is done (the decoded values do not refer to the state).
func NewPooledReader(b []byte, opts *Options) Reader {
	s := statePool.Get().(*state)
	*s = state{}
	return Reader{in: b, end: len(b), s: s, ber: s.init(opts, len(b))}
}

// Released calls Release and returns err: generated UnmarshalDER methods
// release their reader and pass the decode's error on in one expression,
// r.Released(v.DecodeASN1(&r, 0)).
func (r *Reader) Released(err error) error {
	r.Release()
	return err
}

// Release returns the state of a reader made by NewPooledReader to the
// pool. The reader and its sub-readers must not be used afterwards.
func (r *Reader) Release() {
	if s := r.s; s != nil {
		s.dev.resolve(r.in)
		// The chunks belong to the decoded value; nor keep the input alive.
		s.slabs, s.text, s.root = [len(s.slabs)]slab{}, nil, Reader{}
		r.s = nil
		statePool.Put(s)
	}
}

package per

import (
	"errors"

	"github.com/asn1gen/asn1gen/runtime/der"
)

// The tolerant mode (Options.Tolerate, Options.Deviations) is package
// der's: the same tolerances, the same der.Deviation, its paths found the
// same way (see der.Deviation), with offsets in bits.

// Deviate is called where a decode meets a defect that the tolerance t
// covers, with err, the error a decode without t returns: it returns err
// unless the decode tolerates t (never a limit error), and nil after
// listing err in Options.Deviations (if set) when it does.
func (r *Reader) Deviate(t der.Tolerance, err error) error { return r.deviate(t, err, nil) }

// deviate is Deviate with raw, the octets set aside, for the Deviation.
func (r *Reader) deviate(t der.Tolerance, err error, raw []byte) error {
	if r.tol&t != t || errors.Is(err, der.ErrLimit) {
		return err
	}
	return r.dev.Deviate(t, err, raw)
}

// Tolerates reports whether the decode accepts the defects t.
func (r *Reader) Tolerates(t der.Tolerance) bool { return r.tol&t == t }

// skipOpen handles err, the error of reading the value of the open type
// field that BeginOpen returned o for: an error, unless the decode
// tolerates it (TolerateOpenTypeErrors), which lists it with the field's
// octets as Raw (a copy when they do not start on an octet boundary),
// moves r past the field and gives it back kept, its error before the
// value was read (the value's own reads may have kept err: see Fail).
// The value holds what was decoded before the defect. Out of line: it
// runs on error paths only.
//
//go:noinline
func (r *Reader) skipOpen(o Open, kept, err error) error {
	if !r.Tolerates(der.TolerateOpenTypeErrors) || errors.Is(err, der.ErrLimit) {
		return err
	}
	var raw []byte
	switch {
	case o.joined:
		raw = r.buf // the reassembled fragments
	case o.start%8 == 0:
		raw = r.buf[o.start/8 : o.pos/8 : o.pos/8]
	default:
		r.pos, r.end = o.start, o.pos
		var cerr error
		if raw, cerr = r.octets((o.pos-o.start)/8, "open type"); cerr != nil {
			return cerr
		}
	}
	if err = r.deviate(der.TolerateOpenTypeErrors, err, raw); err != nil {
		return err
	}
	r.buf, r.pos, r.end, r.base, r.loc, r.err = o.buf, o.pos, o.end, o.base, o.loc, kept
	return nil
}

// findPaths sets the paths of list, the deviations that the decode of b
// as a T with opts listed with the seqs seqs, by decoding b again for
// each, stopping at it (see der.Deviation). Out of line: only a tolerant
// decode calls it.
//
//go:noinline
func findPaths[T any, P interface {
	*T
	Value
}](b []byte, aligned bool, opts *Options, list []der.Deviation, seqs []int) {
	der.FindPaths(list, seqs, func(seq int) *der.Error {
		r := NewReader(b, aligned, opts)
		rec := r.dev.Raising(seq)
		r.dev = rec
		err := P(new(T)).DecodePER(&r)
		if err == nil {
			err = r.Finish()
		}
		var e *der.Error
		if errors.As(err, &e) && e == rec.Raised() {
			return e
		}
		return nil
	})
}

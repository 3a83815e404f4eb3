package der

import (
	"errors"
	"strconv"
)

// A Deviation is a defect of the input that a tolerant decode accepted
// (Options.Tolerate) and listed (Options.Deviations): the error a decode
// without the tolerance returns, what the tolerance did with the part at
// fault, and where it is.
//
// A decode finds the field path of an error while the error travels up
// through the generated decode functions (see WithField), and a tolerated
// defect travels nowhere. So Unmarshal, once the decode succeeded, decodes
// the input again for each deviation, that time stopping at it as a
// decode without the tolerance would, and takes the path of that error: a
// strict decode pays nothing for the deviations (it lists none), a
// tolerant one without deviations nothing either, and one with n
// deviations up to n decodes more (n is at most Options.MaxDeviations).
type Deviation struct {
	Kind   Kind   // the Kind of the error a strict decode returns
	Offset int    // in the caller's input, of the element or octet at fault; bits if Bits
	Bits   bool   // Offset counts bits: a PER decode
	Path   string // the field path, "Certificate.toBeSigned.validity.notBefore"
	Type   string // the ASN.1 type being read; may be empty
	Msg    string // what is wrong
	Rule   string // the rule broken, "X.690 11.8"; may be empty
	// Tolerance is the tolerance that accepted the defect; 0 for a rule
	// that the schema does not state, which a Linter checks (a negative
	// serial number).
	Tolerance Tolerance
	// Raw holds the octets set aside when the decoded value does not:
	// the element of an invalid time, the octets after the outermost
	// element, the contents of a string that does not decode as the type
	// it contains (PER). It aliases the input, as the decoded value does.
	// nil when the value keeps what was received (a string with its
	// characters, an open type's Raw).
	Raw []byte
}

// String returns the deviation in the form of an Error's text, without
// the "asn1: " prefix.
func (d Deviation) String() string {
	var s string
	if d.Path != "" {
		s = d.Path + " "
	}
	switch {
	case d.Offset >= 0 && d.Bits:
		s += "at bit " + strconv.Itoa(d.Offset) + ": "
	case d.Offset >= 0:
		s += "at offset " + strconv.Itoa(d.Offset) + ": "
	}
	if d.Type != "" {
		s += d.Type + ": "
	}
	if s += d.Msg; d.Rule != "" {
		s += " (" + d.Rule + ")"
	}
	return s
}

// NewDeviation returns the Deviation of e, the error of a defect that a
// tolerant decode accepts, with e's path (the part of it known so far).
func NewDeviation(e *Error, t Tolerance, raw []byte) Deviation {
	return Deviation{Kind: e.Kind, Offset: e.Offset, Bits: e.Bits, Path: e.Path(), Type: e.Type, Msg: e.Msg, Rule: e.Rule,
		Tolerance: t, Raw: raw}
}

// Tolerant returns the options of the tolerant mode for a DER or BER
// decode, which accepts every defect this package can tolerate
// (TolerateAll: what crypto/x509 and OpenSSL accept) and lists each in
// *devs, the violations of SIZE, range and alphabet constraints too. With
// them a decode fails only on an input whose structure is unsound (or on
// a limit):
//
//	var devs []der.Deviation
//	err := der.Unmarshal(b, &cert, der.Tolerant(&devs))
//
// Each call returns a new value, which the caller may change (BER: true
// accepts BER as well).
func Tolerant(devs *[]Deviation) *Options {
	return &Options{Tolerate: TolerateAll, Deviations: devs}
}

// A Linter checks a decoded value against the rules of its standard that
// the ASN.1 schema does not state, and appends what breaks them to devs,
// with Tolerance 0 (RFC 5280's positive serial numbers, RFC 6962's
// precertificates). Unmarshal calls it on the value it decoded when the
// decode lists deviations (Options.Deviations); b is the input the value
// was decoded from, which it aliases. Hand-written code of a generated
// package implements it.
type Linter interface {
	Lint(b []byte, devs *[]Deviation)
}

// Recorder lists the deviations of one decode: the state of a der.Reader
// holds one, and so does a per.Reader (generated code does not use it).
// Its zero value lists nothing.
type Recorder struct {
	tol   Tolerance
	list  *[]Deviation
	max   int
	seq   int    // deviations met so far
	seqs  []int  // the seq of each deviation listed
	spans []span // the Raw of deviations listed, as offsets (see resolve)
	// raise, in a decode that finds a path, is the seq of the deviation
	// to return as an error, instead of listing it; raised is that error.
	raise  int
	raised *Error
}

// NewRecorder returns a Recorder that lists in *list the defects of t
// that a decode meets, at most max (0: DefaultMaxDeviations); nil if list
// is nil.
func NewRecorder(t Tolerance, list *[]Deviation, max int) *Recorder {
	if list == nil {
		return nil
	}
	return &Recorder{tol: t, list: list, max: max}
}

// span is the Raw of the deviation list[i] as offsets in the input.
type span struct{ i, start, end int }

// Deviate lists err, the error of a defect that the tolerance t (which
// the decode has) accepts, with raw (see Deviation.Raw), and returns nil;
// or the error the decode must return: err itself when this decode finds
// err's path, a KindLimit error past the most deviations. A nil recorder
// or one that lists nothing returns nil.
func (d *Recorder) Deviate(t Tolerance, err error, raw []byte) error {
	return d.deviate(t, err, raw, 0, 0)
}

// deviate is Deviate with Raw either raw or the octets [start, end) of the
// input, set by resolve (package der's readers pass offsets: see
// Reader.deviate).
func (d *Recorder) deviate(t Tolerance, err error, raw []byte, start, end int) error {
	if d == nil || d.list == nil {
		return nil
	}
	var e *Error
	if !errors.As(err, &e) {
		return err
	}
	if e == d.raised { // on its way up: only its path is wanted
		return err
	}
	d.seq++
	limit := d.max
	if limit <= 0 {
		limit = DefaultMaxDeviations
	}
	switch {
	case d.raise == d.seq:
		d.raised = e
		return err
	case d.raise != 0:
		return nil
	case d.seq > limit:
		le := NewError(KindLimit, e.Offset, e.Type, "more deviations than the limit", "Options.MaxDeviations")
		le.Bits = e.Bits
		return le
	}
	if start < end {
		d.spans = append(d.spans, span{len(*d.list), start, end})
	}
	*d.list = append(*d.list, NewDeviation(e, t, raw))
	d.seqs = append(d.seqs, d.seq)
	return nil
}

// resolve sets the Raw of the deviations listed with offsets to those
// octets of in, the decode's input.
func (d *Recorder) resolve(in []byte) {
	if d == nil || d.list == nil {
		return
	}
	for _, s := range d.spans {
		if s.i < len(*d.list) && s.end <= len(in) {
			(*d.list)[s.i].Raw = in[s.start:s.end:s.end]
		}
	}
	d.spans = nil
}

// Listed returns the seqs of the deviations d listed, which FindPaths
// needs: the deviations the decode met, listed or not, count from 1.
func (d *Recorder) Listed() []int {
	if d == nil {
		return nil
	}
	return d.seqs
}

// Raising returns a Recorder for a decode that finds the path of the
// deviation seq of a decode with d's options: it returns that deviation
// as an error (which Raised returns) and lists nothing.
func (d *Recorder) Raising(seq int) *Recorder {
	var none []Deviation
	if d == nil {
		return nil
	}
	return &Recorder{tol: d.tol, list: &none, raise: seq}
}

// Raised returns the error of the deviation that d, made by Raising,
// returned; nil if the decode did not meet it.
func (d *Recorder) Raised() *Error {
	if d == nil {
		return nil
	}
	return d.raised
}

// FindPaths sets the paths of list[i], the deviations of a decode that
// listed them with the seqs seqs[i], to those of the errors that decode
// returns for them: decode(seq) decodes the input again, stopping at the
// deviation seq, and returns its error with the whole path (nil if it
// cannot: a deviation listed while reading alternatives that the decode
// set aside keeps the path it had).
func FindPaths(list []Deviation, seqs []int, decode func(seq int) *Error) {
	for i := range list {
		if i < len(seqs) {
			if e := decode(seqs[i]); e != nil {
				list[i].Path = e.Path()
			}
		}
	}
}

// CheckNamedBits checks, in DER, that s, the value of a BIT STRING with
// named bits at offset off, has no trailing 0 bits (X.690 11.2.2); with
// TolerateNamedBitPadding they are a Deviation, not an error.
func (r *Reader) CheckNamedBits(s BitString, off int) error {
	if r.ber {
		return nil
	}
	if err := CheckNamedBits(s); err != nil {
		return r.Deviate(TolerateNamedBitPadding, AtOffset(err, off))
	}
	return nil
}

// EncodedDefault returns, in DER, the error of the component at offset off
// of a value of the type typ that is encoded although it equals its
// DEFAULT (X.690 11.5); with TolerateExplicitDefault it is a Deviation and
// EncodedDefault returns nil, as it does in BER.
func (r *Reader) EncodedDefault(off int, typ string) error {
	if r.ber {
		return nil
	}
	return r.Deviate(TolerateExplicitDefault, EncodedDefault(off, typ))
}

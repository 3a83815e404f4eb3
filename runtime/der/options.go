package der

import (
	"errors"
	"unsafe"
)

// Options control one decode. The zero value (or a nil *Options) means strict
// DER with the default limits, which are safe for hostile input.
type Options struct {
	// BER accepts BER (X.690 clause 8) as well as DER: indefinite lengths,
	// non-minimal length octets and constructed strings. Each decode chooses.
	BER bool

	// MaxDepth is the deepest nesting of constructed elements allowed.
	// 0 selects DefaultMaxDepth.
	MaxDepth int

	// MaxElements is the most elements one decode may read, re-reads
	// included. 0 sets no limit beyond the input's: every element has at
	// least an identifier and a length octet, so a pass over the input
	// reads at most one element per two octets, and generated code reads
	// each octet a bounded number of times. Not counting saves a store per
	// element, a fifth of a bare walk's time.
	MaxElements int

	// MaxAlloc is the most bytes one decode may allocate (reassembled BER
	// strings, tree nodes, and what generated code charges with
	// Reader.Alloc). 0 selects DefaultAllocFactor bytes per input octet plus
	// DefaultAllocSlack: room for one tree node per two input octets (the
	// densest possible tree) and every BER string reassembled, so the
	// default never rejects a single pass while memory stays linear in the
	// input.
	MaxAlloc int

	// SkipConstraints tells generated code to skip SIZE, range and alphabet
	// checks. The runtime only carries it.
	SkipConstraints bool

	// AliasStrings makes the strings of the types whose octets are their
	// text (UTF8String, PrintableString, IA5String, NumericString,
	// VisibleString, GraphicString, GeneralString, ObjectDescriptor) alias
	// the input, as byte slices do, instead of copying them (into chunks
	// that the strings of a decode share): a decode then allocates no
	// string. The input must not change
	// while such strings are in use (a reused read buffer would change
	// them, map keys included), which is why it is not the default.
	AliasStrings bool

	// Tolerate lists DER defects that this decode accepts although they
	// break a DER rule (see Tolerance). Zero: strict DER.
	Tolerate Tolerance

	// Deviations, if not nil, lists what Tolerate let pass: each defect a
	// tolerance accepts is appended to it as a Deviation, with its offset
	// in the input and its field path (Unmarshal finds the whole path,
	// see Deviation for the cost). nil accepts the same defects without a
	// word. Tolerant makes the options of the tolerant mode.
	Deviations *[]Deviation

	// MaxDeviations is the most deviations one decode may list; one more
	// is a KindLimit error, as for the other limits. 0 selects
	// DefaultMaxDeviations.
	MaxDeviations int
}

// Default limits (see Options).
const (
	// DefaultMaxDepth allows the nesting of every real-world PKI and
	// telecom structure seen in the corpus (certificates nest 8 deep,
	// PKCS#12 about 16) with a wide margin, and keeps recursion shallow.
	DefaultMaxDepth = 64
	// DefaultAllocFactor bytes may be allocated per input octet.
	DefaultAllocFactor = 64
	// DefaultAllocSlack bytes may be allocated on top, for tiny inputs.
	DefaultAllocSlack = 64 << 10
	// DefaultMaxDeviations is far more defects than the certificates and
	// messages of the corpus carry (at most a handful), and bounds the
	// decodes that find the deviations' paths (see Deviation).
	DefaultMaxDeviations = 64
)

const maxInt = int(^uint(0) >> 1)

// state is shared by a Reader and every sub-reader made from it: the options
// in force, with defaults resolved, and what is left of the budgets.
type state struct {
	opts    Options
	elems   int     // elements that may still be read, if limited
	limited bool    // opts.MaxElements was set
	alloc   int     // bytes that may still be allocated
	slabs   [6]slab // MakeSlice's chunks, one element type each
	// text is the unused end of the chunk that decoded strings are
	// copied into (keepText): len is what is used, cap the chunk's end.
	text []byte
	// root is the reader of Unmarshal, kept here so that it is pooled
	// with the state.
	root Reader
	// dev lists the deviations of a decode with Options.Deviations; nil
	// without. A pointer, so that listing one does not make the state
	// escape to the heap (NewReader keeps it on the caller's stack).
	dev *Recorder
}

// Text chunks (state.keepText): the first holds textChunkMin bytes, each
// next one twice the last, up to textChunkMax; a longer string gets an
// allocation of its own.
const (
	textChunkMin = 256
	textChunkMax = 8 << 10
)

// keepText returns a copy of b, the octets of a decoded string that are its
// text, as a string in the decode's text chunk, so that the strings of one
// decode share a few allocations instead of taking one each (a
// certificate's names, alternative names and URIs are a dozen or more).
// Bytes once written are never written again, so the strings are as
// immutable as any. A chunk is never larger than rest, the input octets
// from b on, which bound the text the decode can still meet: a string that
// outlives the others keeps alive at most one chunk, no more than the
// input. Strings are copies of input octets, so their total is bounded by
// the input and they are not charged to MaxAlloc.
func (s *state) keepText(b []byte, rest int) string {
	n := len(b)
	if n == 0 {
		return ""
	}
	if n > textChunkMax/2 {
		return string(b)
	}
	if cap(s.text)-len(s.text) < n {
		c := textChunkMin
		if cap(s.text) > 0 {
			c = min(2*cap(s.text), textChunkMax)
		}
		s.text = make([]byte, 0, max(min(c, rest), n))
	}
	i := len(s.text)
	s.text = append(s.text, b...)
	return unsafe.String(&s.text[i], n)
}

// init resolves the defaults of opts for an input of n octets: zero (or
// negative) limits become the defaults. It returns opts.BER, and is kept out
// of line so that NewReader inlines and its state can live on the caller's
// stack.
//
//go:noinline
func (s *state) init(opts *Options, n int) (ber bool) {
	if opts != nil {
		s.opts = *opts
	}
	o := &s.opts
	if o.MaxDepth <= 0 {
		o.MaxDepth = DefaultMaxDepth
	}
	s.limited = o.MaxElements > 0
	if o.MaxAlloc <= 0 {
		if n > (maxInt-DefaultAllocSlack)/DefaultAllocFactor {
			o.MaxAlloc = maxInt
		} else {
			o.MaxAlloc = n*DefaultAllocFactor + DefaultAllocSlack
		}
	}
	s.elems, s.alloc = o.MaxElements, o.MaxAlloc
	if o.Deviations != nil {
		s.dev = NewRecorder(o.Tolerate, o.Deviations, o.MaxDeviations)
	}
	return o.BER
}

// elem takes one element from the element budget, if there is one; false
// if it is exhausted.
func (s *state) elem() bool {
	if !s.limited {
		return true
	}
	if s.elems <= 0 {
		return false
	}
	s.elems--
	return true
}

// charge takes n bytes from the allocation budget; off locates the error.
func (s *state) charge(n, off int) error {
	if n < 0 || n > s.alloc {
		return NewError(KindLimit, off, "", "allocation budget exhausted", "Options.MaxAlloc")
	}
	s.alloc -= n
	return nil
}

// ElementsLeft returns what is left of the element budget
// (Options.MaxElements; meaningless when it is 0): runtime/stream carries
// it from one decode of a stream to the next.
func (r *Reader) ElementsLeft() int { return r.s.elems }

// AllocLeft returns what is left of the allocation budget
// (Options.MaxAlloc): runtime/oer charges the DER decode of contents
// ENCODED BY der to the budget of the OER decode around it.
func (r *Reader) AllocLeft() int { return r.s.alloc }

// SkipConstraints reports whether the decode was asked to skip SIZE, range
// and alphabet checks (Options.SkipConstraints).
func (r *Reader) SkipConstraints() bool { return r.s.opts.SkipConstraints }

// Constraint returns err, the outcome of a constraint's check (CheckSize,
// CheckRange, ...), unless the decode tolerates violations
// (TolerateConstraints: then it lists err and returns nil).
func (r *Reader) Constraint(err error) error {
	if err == nil {
		return nil
	}
	return r.Deviate(TolerateConstraints, err)
}

// Tolerance is a set of DER defects that a decode accepts when asked
// (Options.Tolerate): rules of X.690 clause 11 that encoders in the field
// break and that crypto/x509 does not check. A tolerated defect is kept in
// the decoded value (the received bits, an explicit DEFAULT with its
// presence field set, the received order) so that linters can see it and
// re-encoding reproduces it where DER allows the value at all.
type Tolerance uint32

const (
	// TolerateNamedBitPadding accepts trailing 0 bits in a BIT STRING
	// with named bits (X.690 11.2.2), e.g. KeyUsage 03 03 07 80 00.
	TolerateNamedBitPadding Tolerance = 1 << iota
	// TolerateExplicitDefault accepts a component encoded although its
	// value equals its DEFAULT (X.690 11.5), e.g. critical FALSE.
	TolerateExplicitDefault
	// TolerateUnsortedSetOf accepts SET OF elements out of order (X.690
	// 11.6), e.g. a multi-valued RelativeDistinguishedName, or an LDAP
	// filter's `and` as the client wrote it; in encoding, a SET OF is
	// written in the order its elements are held.
	TolerateUnsortedSetOf
	// TolerateTimeForms accepts the BER forms of UTCTime and
	// GeneralizedTime (X.690 11.7, 11.8): seconds missing, an offset from
	// UTC instead of Z.
	TolerateTimeForms
	// ToleratePrintableString accepts '&' and '*' in a PrintableString
	// (X.680 41.4 has neither; CAs write them and crypto/x509 allows them).
	ToleratePrintableString
	// TolerateOpenTypeErrors keeps the value of an open type whose key is
	// in the table but whose value does not decode as the type the key
	// selects (an extension with a trailing octet, malformed algorithm
	// parameters): Kind is 0 and Raw holds it as received, as for an
	// unknown key, with nothing else of the value set. A value kept raw
	// (its key selects no type) that fails the checks of KeepDER is kept
	// as received too. A limit error is never tolerated (see
	// TolerateError).
	TolerateOpenTypeErrors
	// TolerateUnreadAdditions keeps what follows the last known component
	// of an extensible type (Unknown) as received when it fails the checks
	// of KeepDER, even when it is not valid BER: crypto/x509 does not read
	// past a certificate's extensions either. A limit error is never
	// tolerated.
	TolerateUnreadAdditions
	// TolerateTrailingOctets accepts octets after the last component of a
	// SEQUENCE or SET that is not extensible, or after the element of an
	// EXPLICIT tag (X.690 8.9.2, 8.14), whether they are elements or not:
	// crypto/x509 reads AlgorithmIdentifier, AttributeTypeAndValue,
	// Extension, Validity, SubjectPublicKeyInfo and the certificate itself
	// no further than the components it knows. Unlike the other
	// tolerances it keeps nothing: the Go type has no field for the
	// octets, so der.Append does not write them back (the signed part of a
	// certificate is kept as received in any case). What follows the
	// outermost element, and the value of an open type, are not covered.
	TolerateTrailingOctets
	// TolerateX509Unread accepts the components of a type that
	// crypto/x509 does not read, whether they decode or not, and keeps
	// them as received: the issuerUniqueID, subjectUniqueID and extensions
	// of a TBSCertificate that crypto/x509.ParseCertificate skips or
	// ignores (extensions in a version 1 or 2 certificate, a unique
	// identifier whose contents are no BIT STRING, a constructed [1] or
	// [2] or a primitive [3] and what follows it). The rule is the
	// generated package's, whose decoders of the type call it (asn1gen gen
	// -unread; rfc5280: X509Options): this package only provides the
	// means, SetAside and SetAsideElement. What crypto/x509 reads is still
	// decoded and checked: a malformed extensions field of a version 3
	// certificate is an error. A limit error is never tolerated.
	TolerateX509Unread

	// TolerateInvalidTimes accepts a UTCTime or GeneralizedTime that is
	// no valid time (month 13, letters, a local time without an offset, a
	// leap second), which OpenSSL reads and shows as a bad time value: the
	// decoded time is the zero Time and the Deviation's Raw holds the
	// element as received. In PER, the same for the VisibleString of a
	// UTCTime or GeneralizedTime.
	TolerateInvalidTimes
	// TolerateAlphabet accepts characters outside the character set of a
	// string type (a control character in a PrintableString, an octet
	// above 0x7F in an IA5String, invalid UTF-8 in a UTF8String): the
	// string holds the octets as received. In PER, a character of a
	// known-multiplier string outside its alphabet (an AMFName of
	// srsRAN's with the character 0x11), which the string keeps.
	TolerateAlphabet
	// TolerateTrailingData accepts octets after the outermost element of
	// the input (after the complete encoding, in PER), which are the
	// Deviation's Raw.
	TolerateTrailingData
	// TolerateConstraints accepts values outside the SIZE, range and
	// alphabet constraints of the schema, as SkipConstraints does, but
	// checks them and lists each violation (a SEQUENCE OF of SIZE
	// (1..MAX) that is empty, a pathLenConstraint of -1).
	TolerateConstraints
	// TolerateBER accepts BER in a DER decode (OpenSSL reads a BOOLEAN
	// TRUE of 0x01 and a constructed extnValue): Unmarshal, when the DER
	// decode fails on a rule of DER (KindNonCanonical), decodes the input
	// again as BER (Options.BER) and lists the first BER form met as the
	// Deviation; the BER forms after it are not listed, nor the DER rules
	// that BER does not have (DEFAULT values encoded, unsorted SET OF).
	// In a BER decode it also accepts a constructed string whose segments
	// are not strings of its type: its contents are the octets received.
	TolerateBER

	// TolerateX509 is what crypto/x509.ParseCertificate accepts among
	// these defects.
	TolerateX509 = TolerateNamedBitPadding | TolerateExplicitDefault | TolerateUnsortedSetOf | TolerateTimeForms |
		ToleratePrintableString | TolerateOpenTypeErrors | TolerateUnreadAdditions | TolerateTrailingOctets |
		TolerateX509Unread

	// TolerateAll is every tolerance: the tolerant mode (see Tolerant).
	TolerateAll = TolerateX509 | TolerateInvalidTimes | TolerateAlphabet | TolerateTrailingData |
		TolerateConstraints | TolerateBER
)

// Tolerates reports whether the decode accepts the DER defects t.
func (r *Reader) Tolerates(t Tolerance) bool { return r.s.opts.Tolerate&t == t }

// TolerateError reports whether the decode accepts the defects t and err,
// the error of the part they cover, may be set aside: never a limit error
// (KindLimit), which says that the input exceeds the budgets of the
// decode, not that a part is malformed. A part set aside is kept raw and
// leaves no half-filled value.
// With Options.Deviations the error is listed as a Deviation.
func (r *Reader) TolerateError(t Tolerance, err error) bool {
	return r.Deviate(t, err) == nil
}

// Deviate is called where a decode meets a defect that the tolerance t
// covers, with err, the error a decode without t returns: it returns err
// unless the decode tolerates t (never a limit error, see TolerateError),
// and nil after listing err in Options.Deviations (if set) when it does.
func (r *Reader) Deviate(t Tolerance, err error) error {
	return r.deviate(t, err, 0, 0)
}

// deviate is Deviate with the octets set aside, [start, end) of the
// input, for the Deviation's Raw (none if start = end). They are passed
// as offsets, which Release (and Unmarshal) turn into Raw: a slice of the
// input stored here would make the reader's state escape to the heap.
func (r *Reader) deviate(t Tolerance, err error, start, end int) error {
	if r.s == nil || r.s.opts.Tolerate&t != t || errors.Is(err, ErrLimit) {
		return err
	}
	return r.s.dev.deviate(t, err, nil, start, end)
}

// SkipConstraints reports whether the encoding was asked to skip SIZE,
// range and alphabet checks.
func (b *Builder) SkipConstraints() bool { return b.opts != nil && b.opts.SkipConstraints }

// Tolerates reports whether the encoding was asked to write back the DER
// defects t as decoded (see Tolerance): a DEFAULT value whose presence
// field is set, named bits with trailing zeros. Without it, encoding
// writes DER.
func (b *Builder) Tolerates(t Tolerance) bool { return b.opts != nil && b.opts.Tolerate&t == t }

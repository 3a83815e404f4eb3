package der

import (
	"errors"
	"strconv"
	"strings"
	"unsafe"
)

// Kind classifies an Error. Each Kind has a sentinel error (ErrTruncated, ...)
// so that callers can write errors.Is(err, der.ErrNonCanonical).
type Kind uint8

const (
	// KindMalformed: the bytes are not a valid BER encoding at all.
	KindMalformed Kind = iota + 1
	// KindTruncated: the input ends inside an element.
	KindTruncated
	// KindNonCanonical: valid BER, but not the DER form (X.690 clauses 10 and 11).
	KindNonCanonical
	// KindTagMismatch: an element carries another tag than the schema expects.
	KindTagMismatch
	// KindInvalidValue: the contents are not a valid value of the type
	// (a BOOLEAN of two octets, a bad date, a character outside the alphabet).
	KindInvalidValue
	// KindConstraint: a value violates a constraint of the schema (SIZE, range).
	KindConstraint
	// KindLimit: a decoding budget (depth, element count, allocation) is exhausted.
	KindLimit
	// KindTrailingData: bytes follow the outermost element.
	KindTrailingData
	// KindUnsupported: a valid encoding this runtime does not handle.
	KindUnsupported
)

var kindNames = [...]string{
	KindMalformed:    "malformed",
	KindTruncated:    "truncated",
	KindNonCanonical: "non-canonical",
	KindTagMismatch:  "tag mismatch",
	KindInvalidValue: "invalid value",
	KindConstraint:   "constraint violated",
	KindLimit:        "limit exceeded",
	KindTrailingData: "trailing data",
	KindUnsupported:  "unsupported",
}

func (k Kind) String() string {
	if int(k) < len(kindNames) && kindNames[k] != "" {
		return kindNames[k]
	}
	return "Kind(" + strconv.Itoa(int(k)) + ")"
}

// kindError is the sentinel for one Kind.
type kindError Kind

func (k kindError) Error() string { return "asn1: " + Kind(k).String() }

// Sentinels for errors.Is.
var (
	ErrMalformed    error = kindError(KindMalformed)
	ErrTruncated    error = kindError(KindTruncated)
	ErrNonCanonical error = kindError(KindNonCanonical)
	ErrTagMismatch  error = kindError(KindTagMismatch)
	ErrInvalidValue error = kindError(KindInvalidValue)
	ErrConstraint   error = kindError(KindConstraint)
	ErrLimit        error = kindError(KindLimit)
	ErrTrailingData error = kindError(KindTrailingData)
	ErrUnsupported  error = kindError(KindUnsupported)
)

// Error is the one error type of the runtime and of generated code.
//
// Its text reads
//
//	asn1: TBSCertificate.validity.notBefore at offset 142: UTCTime: seconds missing (X.690 11.8)
//
// The path is built while the error travels up through the generated decode
// functions (see WithField), so a successful decode pays nothing for it.
type Error struct {
	Kind   Kind
	Offset int    // absolute offset in the input of the element (or octet) at fault; -1 if unknown
	Type   string // the ASN.1 type being read, e.g. "UTCTime"; may be empty
	Msg    string // what is wrong, e.g. "seconds missing"
	Rule   string // the clause broken, e.g. "X.690 11.8"; may be empty
	// Hint says what the caller may do instead when the input is of
	// another form than the decode asked for (PEM, or BER in a DER
	// decode; see Unmarshal); usually empty.
	Hint string
	// Bits says that Offset counts bits, not octets: the errors of
	// package per (PER, X.691, is a string of bits).
	Bits bool
	// Err is the error underneath, for the errors that code beside a
	// decoder finds at a place of the input (a wrong password, an
	// unsupported algorithm, a signature that does not verify: see
	// Locate); Unwrap returns it, so that errors.Is finds its sentinels.
	// nil for the decoders' own errors.
	Err error

	// Expected and Actual are set for KindTagMismatch (HasTags reports it).
	Expected, Actual Tag
	HasTags          bool

	// rpath holds the field path innermost first; Path reverses it.
	rpath []string
}

// NewError returns an *Error of kind k at offset off. typ names the ASN.1
// type being read, msg says what is wrong and rule cites the clause broken.
//
// Out of line: it runs on error paths only (see WithField).
//
//go:noinline
func NewError(k Kind, off int, typ, msg, rule string) *Error {
	return &Error{Kind: k, Offset: off, Type: typ, Msg: msg, Rule: rule}
}

// TagMismatch returns a KindTagMismatch error at offset off.
//
// Out of line: it runs on error paths only (see WithField).
//
//go:noinline
func TagMismatch(off int, typ string, want, got Tag) *Error {
	return &Error{Kind: KindTagMismatch, Offset: off, Type: typ, Msg: "expected " + want.String() + ", got " + got.String(),
		Expected: want, Actual: got, HasTags: true}
}

// Path returns the field path, outermost first, joined by dots.
func (e *Error) Path() string {
	var b strings.Builder
	for i := len(e.rpath) - 1; i >= 0; i-- {
		b.WriteString(e.rpath[i])
		if i > 0 && !strings.HasPrefix(e.rpath[i-1], "[") {
			b.WriteByte('.')
		}
	}
	return b.String()
}

func (e *Error) Error() string {
	s := "asn1: "
	if p := e.Path(); p != "" {
		s += p + " "
	}
	if e.Offset >= 0 && e.Bits {
		s += "at bit " + strconv.Itoa(e.Offset) + ": "
	} else if e.Offset >= 0 {
		s += "at offset " + strconv.Itoa(e.Offset) + ": "
	}
	if e.Type != "" {
		s += e.Type + ": "
	}
	switch {
	case e.Msg == "" && e.Err != nil:
		s += e.Err.Error()
	case e.Msg == "":
		s += e.Kind.String()
	}
	if s += e.Msg; e.Rule != "" {
		s += " (" + e.Rule + ")"
	}
	if e.Hint != "" {
		s += "; " + e.Hint
	}
	return s
}

// Is reports whether target is the sentinel of e's Kind.
func (e *Error) Is(target error) bool {
	k, ok := target.(kindError)
	return ok && Kind(k) == e.Kind
}

// Unwrap returns Err, the error underneath (nil for a decoder's error).
func (e *Error) Unwrap() error { return e.Err }

// Locate gives err a place in the caller's input, for the helpers beside
// generated code (a PKCS #12 or CMS reader) whose errors must read as the
// decoders' do: nil stays nil; an *Error without an offset gets off; any
// other error becomes the Err of a new *Error of kind k at off (its text
// the error's); and path ("PFX.version", "AuthenticatedSafe[1]"; "" for
// none) goes in front of the error's field path.
func Locate(err error, k Kind, off int, path string) error {
	if err == nil {
		return nil
	}
	var e *Error
	if !errors.As(err, &e) {
		e = &Error{Kind: k, Offset: off, Err: err}
		err = e
	} else if e.Offset < 0 {
		e.Offset = off
	}
	if path != "" {
		e.rpath = append(e.rpath, path)
	}
	return err
}

// Rebase moves the offset of err, the error of a decode of part, into
// whole, the caller's input: when part lies in whole (the contents of a
// primitive OCTET STRING), by part's offset in it; otherwise (octets
// reassembled from BER segments, or decrypted) to at, the offset in whole
// of the element part was read from. It returns err; an error that is no
// *Error, or has no offset, is left as it is.
func Rebase(err error, whole, part []byte, at int) error {
	var e *Error
	if !errors.As(err, &e) || e.Offset < 0 || e.Bits {
		return err
	}
	if base, ok := OffsetIn(whole, part); ok {
		e.Offset += base
	} else {
		e.Offset = at
	}
	return err
}

// OffsetIn returns the offset of part in whole when part is a slice of
// whole's array within whole (an empty part is in no slice).
func OffsetIn(whole, part []byte) (int, bool) {
	if len(part) == 0 || len(whole) == 0 {
		return 0, false
	}
	// The addresses of two live slices, compared and never turned back
	// into pointers.
	base := uintptr(unsafe.Pointer(unsafe.SliceData(whole)))
	p := uintptr(unsafe.Pointer(unsafe.SliceData(part)))
	if p < base || p+uintptr(len(part)) > base+uintptr(len(whole)) {
		return 0, false
	}
	return int(p - base), true
}

// WithField prepends a field name to the path of err if it is an *Error and
// returns err. Generated code calls it on its error paths only:
//
//	if err := v.Validity.decode(r); err != nil {
//		return der.WithField(err, "validity")
//	}
//
// It is kept out of line: generated code calls it on the error path of
// every component, and the inlined copies (with those of the other error
// constructors) took 0.5 GB of the 3.6 GB NR RRC's package needed to
// compile.
//
//go:noinline
func WithField(err error, name string) error {
	var e *Error
	if errors.As(err, &e) {
		e.rpath = append(e.rpath, name)
	}
	return err
}

// WithIndex prepends an element index ("[3]") to the path of err.
func WithIndex(err error, i int) error { return WithField(err, "["+strconv.Itoa(i)+"]") }

// AtOffset sets the offset of err if it is an *Error without one and returns
// err. Primitive content parsers report errors with Offset -1 and the reader
// that knows where the contents start fills it in.
//
// It is kept out of line so that the helpers that call it on the error
// path only (at, for every primitive read) inline.
//
//go:noinline
func AtOffset(err error, off int) error {
	var e *Error
	if errors.As(err, &e) && e.Offset < 0 {
		e.Offset = off
	}
	return err
}

// NoAlternative returns the error for a CHOICE none of whose alternatives
// has the tag of the next element (X.680 29), or for a missing element.
func (r *Reader) NoAlternative(typ string) error {
	t, ok := r.PeekTag()
	if !ok {
		return NewError(KindTruncated, r.pos, typ, "no element where a CHOICE value belongs", "X.680 29")
	}
	return NewError(KindTagMismatch, r.pos, typ, "no alternative has tag "+t.String(), "X.680 29")
}

// Missing returns the error for a mandatory component that is absent: the
// reader is empty or the next element has another tag.
func (r *Reader) Missing(typ string, want Tag) error {
	got, ok := r.PeekTag()
	if !ok {
		return NewError(KindTruncated, r.pos, typ, "missing component with tag "+want.String(), "X.680 25")
	}
	return TagMismatch(r.pos, typ, want, got)
}

// EncodedDefault returns the DER error for a component encoded although its
// value equals its DEFAULT (X.690 11.5).
func EncodedDefault(off int, typ string) error {
	return NewError(KindNonCanonical, off, typ, "component equal to its DEFAULT value is encoded", "X.690 11.5")
}

// SetOrder returns the DER error for SET components out of tag order
// (X.690 10.3).
func SetOrder(off int, typ string) error {
	return NewError(KindNonCanonical, off, typ, "SET components not in ascending tag order", "X.690 10.3")
}

// Duplicate returns the error for a SET component that occurs twice (X.680 27).
func Duplicate(off int, typ string) error {
	return NewError(KindMalformed, off, typ, "SET component occurs twice", "X.680 27")
}

// UnknownKey returns the error for an open type whose key is not in a
// table that is not extensible (X.682 10).
func UnknownKey(off int, typ string) error {
	return NewError(KindConstraint, off, typ, "key not in the object set of the table constraint", "X.682 10")
}

// Unexpected returns the error for an element of a SET whose tag belongs to
// none of its components (X.680 27).
func (r *Reader) Unexpected(typ string) error {
	t, _ := r.PeekTag()
	return NewError(KindTagMismatch, r.pos, typ, "no component has tag "+t.String(), "X.680 27")
}

// NoChoice returns the encoder's error for a CHOICE value with no
// alternative chosen.
//
// Out of line: it runs on error paths only (see WithField).
//
//go:noinline
func NoChoice(typ string) error {
	return NewError(KindInvalidValue, -1, typ, "no alternative chosen", "X.680 29")
}

// NilValue returns the encoder's error for a component held by a nil
// pointer where the value says it is present.
//
// Out of line: it runs on error paths only (see WithField).
//
//go:noinline
func NilValue(typ string) error { return NewError(KindInvalidValue, -1, typ, "present but nil", "") }

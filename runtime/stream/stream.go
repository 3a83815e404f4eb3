// Package stream is the runtime of the stream readers asn1gen generates
// with gen -stream: it reads a value too large to hold from an io.Reader,
// one element of one SEQUENCE OF or SET OF at a time, in memory bounded by
// a batch of elements and the parts of the value around the list, whatever
// the length of the list. Users call the generated type
// (rfc5280.CertificateListStream); generated code calls this package.
//
// # What is read, and how
//
// A stream follows a path from a named type through SEQUENCE components to
// the list: CertificateList.toBeSigned.revokedCertificates is the levels
// CertificateList and toBeSigned (a TBSCertList), then the list. Each
// level's components before the path (version, signature, issuer, ...) are
// held whole (the head), then the list is read element by element, then
// the components after it (crlExtensions; algorithmIdentifier, signature)
// are held whole (the tail). Heads, elements and tails are decoded by the
// eager generated code of their types, over buffers that start at the
// nesting depth the whole decode reads them at, so they are checked
// exactly as der.Unmarshal checks the whole value: strict DER, the same
// errors with the same kinds, types and messages, their offsets counted
// in the stream and their paths from the root type
// ("CertificateList.toBeSigned.revokedCertificates.[12345].revocationDate").
//
// # Where a stream's errors differ from a whole decode's
//
// A stream reads forward and cannot look ahead. Every error it reports is
// one the whole decode of the same input reports too (but for the limits
// below), at the same offset and path; it reports it after returning the
// elements before it, and in three cases it meets an error the whole
// decode does not reach because that one reports another first:
//
//   - Truncation. A whole decode first checks that the input holds the
//     outermost element, and reports a truncated input at offset 0. A
//     stream learns that the input is short when it ends: it then reports
//     the same error (offset 0, the root type), after the elements it
//     read whole, or an error it met before the end.
//   - SET OF order. A whole decode checks the order of all the elements
//     of a SET OF before it decodes the first; a stream checks each
//     element against the one before, when it reaches it. So when an
//     element before the first one out of order does not decode, the
//     stream reports that (located inside the element or at its end, at
//     the latest the offset of the one out of order), the whole decode
//     the order.
//   - Limits. MaxDepth and MaxElements of der.Options apply as in a whole
//     decode: the element budget is the whole value's, carried from each
//     decode the stream makes to the next, so that it runs out at the same
//     element. MaxAlloc applies to each decode (the part before the list,
//     each batch of elements, each tail): a stream holds no list, and
//     memory is bounded by MaxElement of this package's Options, the most
//     a stream holds at once: an element, the octets before the first
//     element, each level's components after the list. Beyond it a
//     stream reports a KindLimit error a whole decode does not.
//
// Until the list starts the stream keeps every octet it read, so that
// anything unexpected there (a header that is not DER, a tag that does not
// belong, the list absent) is reported by the whole decode of what it
// holds, which is the whole value when the list is absent: Next then
// returns io.EOF at once and the rest is that decode.
//
// BER is not supported: the stream finds the elements by their lengths.
package stream

import (
	"bufio"
	"bytes"
	"cmp"
	"errors"
	"io"
	"math"
	"strconv"

	"github.com/asn1gen/asn1gen/runtime/der"
)

// Options control a stream. The zero value, or nil, means strict DER with
// der's default limits and DefaultMaxElement.
type Options struct {
	// DER are the options of the decodes the stream makes (nil: strict
	// DER). BER is not supported; the tolerances and SkipConstraints
	// apply as in a whole decode.
	DER *der.Options
	// MaxElement is the most octets a stream holds at once for one part of
	// the value: an element of the list, the octets before the first
	// element, the components of one level after the list. 0 selects
	// DefaultMaxElement.
	MaxElement int
}

// DefaultMaxElement is the default of Options.MaxElement.
const DefaultMaxElement = 1 << 20

// batchSize is about the octets of the elements decoded together: one
// reader over a batch makes the lists inside the elements share
// der.MakeSlice's chunks (an allocation per hundreds of elements, not one
// per element), and the reads from the input are large.
const batchSize = 64 << 10

// Step is what a Level's Locate says of the next element of its contents.
type Step uint8

const (
	// Take: the element is a component before the path, for Head.
	Take Step = iota
	// Enter: the element is the path's component: the next level, or the
	// list.
	Enter
	// Absent: the path's component is absent (it is OPTIONAL); the
	// element belongs to a component after it.
	Absent
)

// Level is one SEQUENCE on the path to the list: the root type, then the
// component of each level that holds the next.
type Level struct {
	// Name is the level's segment of error paths: the root type's ASN.1
	// name, then the identifier of the component.
	Name string
	// Tags are the tags of the level's element, outermost first: its
	// EXPLICIT wrappers, then its own; Types what errors call each
	// ("[0] EXPLICIT", "TBSCertList").
	Tags  []der.Tag
	Types []string
	// Signed is the index in Tags of the header from which the octets of
	// the level's element are signed (sent to Reader.Signed), or -1.
	Signed int
	// Locate says of the next element of the contents, with tag tag, what
	// it is, given j, the state it returned for the element before (0 for
	// the first): it mirrors how the level's decoder assigns elements to
	// components.
	Locate func(j int, tag der.Tag) (int, Step)
	// Head decodes the components before the path from s, which holds
	// them all; nil if there are none.
	Head func(s *der.Reader) error
	// Tail decodes the components after the path from s, which holds the
	// rest of the level's contents, and checks that nothing follows them.
	Tail func(s *der.Reader) error
}

// List is the SEQUENCE OF or SET OF the stream reads element by element.
type List struct {
	// Name is the component's identifier, Tags and Types as in Level.
	Name  string
	Tags  []der.Tag
	Types []string
	// SetOf asks for the DER order of a SET OF (X.690 11.6).
	SetOf bool
	// Size checks the number of elements n against the list's SIZE
	// constraint, off being the end of the list's contents; nil if none.
	Size func(off, n int) error
}

// Schema is what generated code tells the runtime of a stream.
type Schema struct {
	Levels []Level
	List   List
	// Whole decodes b as a whole value of the root type, and returns the
	// number of elements of its list: the value when the list is absent,
	// and the errors of the part before the list.
	Whole func(b []byte, opts *der.Options) (int, error)
}

// state is how far a Reader has read.
type state uint8

const (
	stStart  state = iota // nothing read
	stList                // in the list
	stDone                // all read and decoded
	stFailed              // err
)

// level is the state of a Level while it is read.
type level struct {
	hdrs   []int // the offset of each of its headers, outermost first
	ends   []int // the end of each of its tags' elements, outermost first
	headAt int   // stream offset of head
	head   []byte
	depth  int // nesting depth of its contents
}

// Reader reads one stream. Generated stream types hold one and call its
// methods; it is not for other use.
type Reader struct {
	// Signed, if set before the first read, receives the octets that the
	// signature covers (the signed level's encoding) as they are read.
	Signed io.Writer

	in         *bufio.Reader
	schema     *Schema
	der        *der.Options
	maxElement int
	// The signed octets are [sigFrom, sigTo) of the stream.
	sigFrom, sigTo int
	// rootEnd is the end of the root element, -1 before its header is
	// read; headerLen0 the length of that header.
	rootEnd, headerLen0 int

	st     state
	err    error
	off    int // stream offset of the next unread octet
	levels []level
	// whole holds all of the input read while the list is not found.
	whole     []byte
	keepWhole bool
	listHdrs  []int
	listEnds  []int
	listDepth int
	// elems is what is left of der.Options.MaxElements, if limited: the
	// budget of the whole value, carried from each decode to the next.
	elems   int
	limited bool
	index   int // elements Next has returned
	// lastOrder is the last element of the batch before, for the SET OF
	// order.
	lastOrder []byte
	// batch is room for a nesting prefix (see nest and nestRoom), then
	// the batch's elements, the first at stream offset batchAt; the reader
	// over it starts at batchStart.
	batch      []byte
	batchAt    int
	batchStart int
	root, rd   der.Reader
	inBatch    bool
	poisoned   bool  // the batch is one element whose decode is to fail
	pending    error // an error met filling the batch after whole elements
}

// New returns a Reader of in for a schema (generated code's).
func New(in io.Reader, schema *Schema, opts *Options) *Reader {
	s := &Reader{in: bufio.NewReaderSize(in, batchSize), schema: schema, maxElement: DefaultMaxElement, sigFrom: -1, rootEnd: -1}
	if opts != nil {
		s.der = opts.DER
		if s.der != nil && s.der.MaxElements > 0 {
			s.elems, s.limited = s.der.MaxElements, true
		}
		if opts.MaxElement > 0 {
			s.maxElement = opts.MaxElement
		}
	}
	return s
}

// Offset returns the stream offset of the next octet the reader reads.
func (s *Reader) Offset() int { return s.off }

// Index returns the number of elements Next has returned.
func (s *Reader) Index() int { return s.index }

// Done reports whether the whole value has been read and decoded.
func (s *Reader) Done() bool { return s.st == stDone }

func (s *Reader) fail(err error) error {
	s.st, s.err = stFailed, err
	s.release()
	s.whole, s.batch = nil, nil
	return err
}

func (s *Reader) release() {
	if s.inBatch {
		s.elems = s.rd.ElementsLeft()
		s.root.Release()
		s.inBatch = false
	}
}

// maxDepth is the nesting limit of the decodes.
func (s *Reader) maxDepth() int {
	if s.der != nil && s.der.MaxDepth > 0 {
		return s.der.MaxDepth
	}
	return der.DefaultMaxDepth
}

// Start reads the value up to the list's first element and decodes the
// components before it.
func (s *Reader) Start() error {
	switch s.st {
	case stFailed:
		return s.err
	case stStart:
	default:
		return nil
	}
	if s.der != nil && s.der.BER {
		return s.fail(der.NewError(der.KindUnsupported, 0, s.schema.Levels[0].Name, "a stream reads DER only", ""))
	}
	s.keepWhole = true
	s.levels = make([]level, len(s.schema.Levels))
	depth := 0
	for i := range s.schema.Levels {
		l, lv := &s.schema.Levels[i], &s.levels[i]
		hdrs, ends, ok, err := s.enter(l.Tags, l.Signed, &depth)
		if err != nil {
			return s.fail(err)
		}
		if !ok {
			return s.fallback()
		}
		lv.hdrs, lv.ends, lv.depth, lv.headAt = hdrs, ends, depth, s.off
		end := ends[len(ends)-1]
		for j := 0; ; {
			h, ok, err := s.peekIn(end)
			if err != nil {
				return s.fail(err)
			}
			if !ok {
				return s.fallback() // the level ends, or a header the decoder is to report
			}
			var step Step
			j, step = l.Locate(j, h.Tag)
			if step == Absent {
				return s.fallback()
			}
			if step == Enter {
				break
			}
			if s.off+h.HeaderLen+h.Length > s.maxElement {
				return s.fail(s.limit(s.off, "the octets before the list"))
			}
			if err := s.consume(h.HeaderLen + h.Length); err != nil {
				return s.fail(err)
			}
		}
		lv.head = s.whole[lv.headAt:s.off:s.off]
	}
	hdrs, ends, ok, err := s.enter(s.schema.List.Tags, -1, &depth)
	if err != nil {
		return s.fail(err)
	}
	if !ok {
		return s.fallback()
	}
	s.listHdrs, s.listEnds, s.listDepth = hdrs, ends, depth
	// The headers and the heads, outermost first as the whole decode
	// reads them (and charges them to MaxElements).
	for i := range s.schema.Levels {
		lv := &s.levels[i]
		if err := s.charge(lv.hdrs); err != nil {
			return s.fail(s.path(err, i))
		}
		if f := s.schema.Levels[i].Head; f != nil {
			if err := s.decodePart(lv.head, lv.headAt, lv.depth, f); err != nil {
				return s.fail(s.path(err, i))
			}
		}
	}
	if err := s.charge(s.listHdrs); err != nil {
		return s.fail(s.listPath(err, -1))
	}
	s.keepWhole, s.whole = false, nil
	s.st = stList
	return nil
}

// enter reads the headers of an element with tags, each constructed and
// inside the one before, and returns their ends; ok is false when a header
// is other than the whole decode accepts (for the fallback to report). A
// header from index signed on is the first of the signed octets.
func (s *Reader) enter(tags []der.Tag, signed int, depth *int) (hdrs, ends []int, ok bool, err error) {
	limit := s.innermostEnd()
	for i, t := range tags {
		h, ok, err := s.peekIn(limit)
		if err != nil || !ok {
			return nil, nil, false, err
		}
		if h.Tag != t || !h.Constructed || *depth >= s.maxDepth() || h.Length > math.MaxInt-s.off-h.HeaderLen {
			return nil, nil, false, nil
		}
		*depth++
		end := s.off + h.HeaderLen + h.Length
		if i == signed && s.sigFrom < 0 {
			s.sigFrom, s.sigTo = s.off, end
		}
		if s.off == 0 {
			s.rootEnd, s.headerLen0 = end, h.HeaderLen
		}
		hdrs = append(hdrs, s.off)
		if err := s.consume(h.HeaderLen); err != nil {
			return nil, nil, false, err
		}
		ends = append(ends, end)
		limit = end
	}
	return hdrs, ends, true, nil
}

// charge takes the headers at offsets hdrs, which the stream read itself,
// from the element budget, as the whole decode does when it reads them.
func (s *Reader) charge(hdrs []int) error {
	for _, off := range hdrs {
		if !s.limited {
			return nil
		}
		if s.elems <= 0 {
			return der.NewError(der.KindLimit, off, "", "too many elements", "Options.MaxElements")
		}
		s.elems--
	}
	return nil
}

// innermostEnd is the end of the innermost element entered so far, -1
// before the root's header.
func (s *Reader) innermostEnd() int {
	if s.listEnds != nil {
		return s.listEnds[len(s.listEnds)-1]
	}
	for i := len(s.levels) - 1; i >= 0; i-- {
		if e := s.levels[i].ends; len(e) > 0 {
			return e[len(e)-1]
		}
	}
	return -1
}

// peekIn returns the header of the next element, which must end by end
// (-1: no bound). ok is false when there is no element before end, or its
// header is not DER or does not fit: the decoders report those. err is a
// read error of the input other than its end.
func (s *Reader) peekIn(end int) (h der.Header, ok bool, err error) {
	if end >= 0 && s.off >= end {
		return h, false, nil
	}
	b, err := s.in.Peek(16)
	if len(b) == 0 {
		if err == io.EOF {
			if end >= 0 {
				return h, false, s.truncated()
			}
			return h, false, nil
		}
		return h, false, err
	}
	h, perr := der.ParseHeader(b, s.off, false)
	if perr != nil {
		if err != nil && err != io.EOF {
			return h, false, err
		}
		return h, false, nil
	}
	if end >= 0 && h.Length > end-s.off-h.HeaderLen {
		return h, false, nil
	}
	return h, true, nil
}

// consume reads n octets, kept in whole while the list is not found.
func (s *Reader) consume(n int) error {
	var err error
	if s.keepWhole {
		s.whole, err = s.read(s.whole, n)
		return err
	}
	for n > 0 && err == nil {
		var b []byte
		b, err = s.in.Peek(min(n, batchSize))
		if len(b) > 0 {
			if werr := s.sign(b); werr != nil {
				return werr
			}
			s.off += len(b)
			n -= len(b)
			_, _ = s.in.Discard(len(b))
		}
	}
	if n > 0 {
		return s.readErr(err)
	}
	return nil
}

// read appends the next n octets of the input to dst and sends those
// signed to Signed. After an error dst is returned as it was. It grows dst
// as the octets arrive, so that a length that the input does not hold
// costs no more memory than the input.
func (s *Reader) read(dst []byte, n int) ([]byte, error) {
	if n <= s.in.Buffered() {
		// The common case, in one copy from the read buffer.
		b, _ := s.in.Peek(n)
		if err := s.sign(b); err != nil {
			return dst, err
		}
		dst = append(dst, b...)
		_, _ = s.in.Discard(n)
		s.off += n
		return dst, nil
	}
	old := len(dst)
	got, err := s.readSome(&dst, n)
	if err == nil && got < n {
		err = io.ErrUnexpectedEOF
	}
	if err != nil {
		return dst[:old], s.readErr(err)
	}
	return dst, nil
}

// readSome appends up to n octets of the input to *dst, fewer at its
// end, sends those signed to Signed, and returns how many it read; err is
// a read error other than the end of the input.
func (s *Reader) readSome(dst *[]byte, n int) (int, error) {
	done := 0
	for done < n {
		chunk := min(n-done, batchSize)
		d := append(*dst, make([]byte, chunk)...)
		b := d[len(*dst):]
		got, err := io.ReadFull(s.in, b)
		if werr := s.sign(b[:got]); werr != nil {
			return done, werr
		}
		s.off += got
		done += got
		*dst = d[:len(*dst)+got]
		if err == io.EOF || err == io.ErrUnexpectedEOF {
			return done, nil
		}
		if err != nil {
			return done, err
		}
	}
	return done, nil
}

// sign sends to Signed the part of b, the octets at s.off, that is signed.
func (s *Reader) sign(b []byte) error {
	if s.Signed == nil || s.sigFrom < 0 {
		return nil
	}
	from, to := max(s.off, s.sigFrom), min(s.off+len(b), s.sigTo)
	if from >= to {
		return nil
	}
	_, err := s.Signed.Write(b[from-s.off : to-s.off])
	return err
}

// readErr turns the end of the input into the whole decode's error.
func (s *Reader) readErr(err error) error {
	if err == io.EOF || err == io.ErrUnexpectedEOF {
		return s.truncated()
	}
	return err
}

// truncated is the error of a whole decode of an input that ends before
// the outermost element does: at its header, which announces more octets
// than the input holds, naming the root type.
func (s *Reader) truncated() error {
	root := &s.schema.Levels[0]
	n := s.rootEnd - s.headerLen0
	e := der.NewError(der.KindTruncated, 0, root.Types[0], "input ends inside the contents ("+strconv.Itoa(n)+" octets announced)", "X.690 8.1.3")
	return der.WithField(e, root.Name)
}

// limit is the error of a part larger than Options.MaxElement.
func (s *Reader) limit(off int, what string) error {
	return der.NewError(der.KindLimit, off, "", what+" larger than the "+strconv.Itoa(s.maxElement)+" octets a stream holds", "stream.Options.MaxElement")
}

// path gives err the path of level i: the names of the levels to it.
func (s *Reader) path(err error, i int) error {
	for ; i >= 0; i-- {
		err = der.WithField(err, s.schema.Levels[i].Name)
	}
	return err
}

// listPath gives err the path of the list, and of element i if i >= 0.
func (s *Reader) listPath(err error, i int) error {
	if i >= 0 {
		err = der.WithIndex(err, i)
	}
	return s.path(der.WithField(err, s.schema.List.Name), len(s.schema.Levels)-1)
}

// fallback reports what the stream met before the list as the whole
// decode of the input does: it reads the rest of the root element (at most
// MaxElement octets in all) and decodes what it holds. If that succeeds,
// the list is absent, and the value is the rest.
func (s *Reader) fallback() error {
	want := s.maxElement
	if s.rootEnd >= 0 && s.rootEnd <= s.maxElement {
		want = s.rootEnd
	}
	if _, err := s.readSome(&s.whole, want-len(s.whole)); err != nil {
		return s.fail(err)
	}
	cut := len(s.whole) == want && (s.rootEnd < 0 || s.rootEnd > want)
	if cut {
		// More input than a stream holds: the decode of what it holds
		// tells the error of the root's header, which does not depend on
		// what follows; any other error is unknown.
		if _, err := s.schema.Whole(s.whole, s.der); err != nil && !rootTruncated(err) {
			return s.fail(err)
		}
		return s.fail(s.limit(0, "a value whose list is not found"))
	}
	list, err := s.schema.Whole(s.whole, s.der)
	if err != nil {
		return s.fail(err)
	}
	if list > 0 {
		return s.fail(errors.New("stream: internal error: the whole decode found the list the stream did not"))
	}
	if err := s.trailing(); err != nil {
		return s.fail(err)
	}
	s.st, s.keepWhole = stDone, false
	return nil
}

// rootTruncated reports whether err says that the input ends inside the
// root element, at offset 0.
func rootTruncated(err error) bool {
	var e *der.Error
	return errors.As(err, &e) && e.Kind == der.KindTruncated && e.Offset == 0
}

// trailing checks, after the root element, that the input ends (X.690
// 8.1.1), counting the octets that follow as the whole decode does.
func (s *Reader) trailing() error {
	n, err := io.Copy(io.Discard, s.in)
	if err != nil {
		return err
	}
	if n == 0 {
		return nil
	}
	return der.NewError(der.KindTrailingData, s.off, s.schema.Levels[0].Name, strconv.FormatInt(n, 10)+" unexpected octets after the last element", "X.690 8.1.1")
}

// opts are the options of a decode over a buffer nested depth deep (at
// least 1): the element budget is what is left, and the nesting headers.
func (s *Reader) opts(depth int) *der.Options {
	if !s.limited {
		return s.der
	}
	o := *s.der
	o.MaxElements = s.elems + depth
	return &o
}

// nestRoom is the room a nesting prefix of depth headers takes at most.
func nestRoom(depth int) int { return 6 * depth }

// nest writes, before b[at:], depth SEQUENCE headers each holding the next
// and the last the rest of b, and returns where the first starts: a reader
// over b from there, once it has entered them, reads b[at:] at the depth
// the whole decode does, so that MaxDepth applies alike.
func nest(b []byte, at, depth int) int {
	var h [6]byte
	n := len(b) - at
	for range depth {
		hdr := der.AppendHeader(h[:0], der.TagSequence, true, n)
		at -= len(hdr)
		copy(b[at:], hdr)
		n += len(hdr)
	}
	return at
}

// open returns a pooled reader over b (from start) that has entered the
// depth nesting headers.
func (s *Reader) open(b []byte, start, depth int) (root, r der.Reader) {
	root = der.NewPooledReader(b[start:], s.opts(depth))
	r = root
	for range depth {
		r, _ = r.ReadConstructed(der.TagSequence, "")
	}
	return root, r
}

// decodePart decodes part, the octets at stream offset at, with f over a
// reader at depth; errors are located in the stream.
func (s *Reader) decodePart(part []byte, at, depth int, f func(*der.Reader) error) error {
	room := nestRoom(depth)
	b := make([]byte, room+len(part))
	copy(b[room:], part)
	start := nest(b, room, depth)
	root, r := s.open(b, start, depth)
	err := f(&r)
	if err == nil && !r.Empty() {
		err = errors.New("stream: internal error: a part of the value the stream found is not what its decoder reads")
	}
	s.elems = r.ElementsLeft()
	root.Release()
	return shift(err, at-(room-start))
}

// shift moves the offset of err, in a buffer whose octet 0 is at stream
// offset at, into the stream.
func shift(err error, at int) error {
	var e *der.Error
	if errors.As(err, &e) && e.Offset >= 0 {
		e.Offset += at
	}
	return err
}

// Next returns a reader positioned at the next element of the list, for
// generated code to decode one element from, or io.EOF after the last,
// once the rest of the value is read and decoded. A decode error is to be
// passed to Fail.
func (s *Reader) Next() (*der.Reader, error) {
	if err := s.Start(); err != nil {
		return nil, err
	}
	switch s.st {
	case stDone:
		return nil, io.EOF
	case stFailed:
		return nil, s.err
	}
	if s.poisoned {
		return nil, s.fail(errors.New("stream: internal error: an element the stream could not read decoded"))
	}
	if !s.inBatch || s.rd.Empty() {
		s.release()
		if s.pending != nil {
			return nil, s.fail(s.pending)
		}
		if s.off == s.listEnds[len(s.listEnds)-1] {
			if err := s.finish(); err != nil {
				return nil, s.fail(err)
			}
			return nil, io.EOF
		}
		if err := s.fill(); err != nil {
			return nil, s.fail(err)
		}
	}
	s.index++
	return &s.rd, nil
}

// Fail returns err, the error of decoding the element Next returned,
// located in the stream and with its path, and ends the stream.
func (s *Reader) Fail(err error) error {
	err = shift(err, s.batchAt-(nestRoom(s.listDepth)-s.batchStart))
	return s.fail(s.listPath(err, s.index-1))
}

// fill reads the next batch of elements, whole, and opens a reader over
// it. An error after whole elements waits until they are returned.
func (s *Reader) fill() error {
	end := s.listEnds[len(s.listEnds)-1]
	room := nestRoom(s.listDepth)
	if cap(s.batch) < room {
		s.batch = make([]byte, room, room+batchSize+batchSize/4)
	}
	s.batch, s.batchAt = s.batch[:room], s.off
	ordered := s.schema.List.SetOf && (s.der == nil || s.der.Tolerate&der.TolerateUnsortedSetOf == 0)
	prev := s.lastOrder
	stop := func(err error) error {
		if len(s.batch) == room {
			return err
		}
		s.pending = err
		return nil
	}
	for n := 0; s.off < end && len(s.batch)-room < batchSize; n++ {
		at := s.off
		size, ok := s.short(end)
		if !ok {
			h, ok, err := s.peekIn(end)
			if err != nil {
				if err := stop(err); err != nil {
					return err
				}
				break
			}
			size = h.HeaderLen + h.Length
			if !ok {
				size = -1
			}
		}
		var err error
		if size < 0 {
			if len(s.batch) > room {
				break // the next batch is the element the decoder fails on
			}
			// The remaining octets of the list, bounded: the element's
			// decoder reports what is wrong with its header as the whole
			// decode does.
			if s.batch, err = s.read(s.batch, min(end-s.off, s.maxElement)); err != nil {
				return err
			}
			s.poisoned = true
			break
		}
		if size > s.maxElement {
			if err := stop(s.listPath(s.limit(at, "element"), s.index+n)); err != nil {
				return err
			}
			break
		}
		from := len(s.batch)
		if s.batch, err = s.read(s.batch, size); err != nil {
			if err := stop(err); err != nil {
				return err
			}
			break
		}
		cur := s.batch[from:]
		if ordered && prev != nil && compareSetOf(prev, cur) > 0 {
			// X.690 11.6, as der.Reader.CheckSetOfOrder reports it.
			s.batch = s.batch[:from]
			e := der.NewError(der.KindNonCanonical, at, s.schema.List.Types[len(s.schema.List.Types)-1], "SET OF elements not in ascending order", "X.690 11.6")
			if err := stop(s.listPath(e, -1)); err != nil {
				return err
			}
			break
		}
		prev = cur
	}
	if ordered && prev != nil {
		s.lastOrder = append(s.lastOrder[:0], prev...)
	}
	s.batchStart = nest(s.batch, room, s.listDepth)
	s.root, s.rd = s.open(s.batch, s.batchStart, s.listDepth)
	s.inBatch = true
	return nil
}

// short returns the size of the next element when its header has a
// common DER form, as der.Reader's fast paths read it: a tag number below
// 31 (not UNIVERSAL 0), a length in one to three octets, the element
// inside end. ok is false for every other header, which peekIn reads.
func (s *Reader) short(end int) (size int, ok bool) {
	b, _ := s.in.Peek(4)
	if len(b) < 2 || b[0]&0x1f == 0x1f || b[0]&0xdf == 0 {
		return 0, false
	}
	l, hl := int(b[1]), 2
	switch {
	case l < 0x80:
	case l == 0x81 && len(b) > 2 && b[2] >= 0x80:
		l, hl = int(b[2]), 3
	case l == 0x82 && len(b) > 3 && b[2] != 0:
		l, hl = int(b[2])<<8|int(b[3]), 4
	default:
		return 0, false
	}
	return hl + l, hl+l <= end-s.off
}

// compareSetOf compares two encodings as X.690 11.6 orders them: as octet
// strings, the shorter padded at its end with zero octets.
func compareSetOf(a, b []byte) int {
	n := min(len(a), len(b))
	if c := bytes.Compare(a[:n], b[:n]); c != 0 {
		return c
	}
	return cmp.Compare(len(bytes.TrimRight(a[n:], "\x00")), len(bytes.TrimRight(b[n:], "\x00")))
}

// finish reads and decodes what follows the list, innermost level first,
// as the whole decode does, and checks that the input ends with the root.
func (s *Reader) finish() error {
	l := &s.schema.List
	if l.Size != nil && (s.der == nil || !s.der.SkipConstraints) {
		if err := l.Size(s.off, s.index); err != nil {
			return s.listPath(err, -1)
		}
	}
	if err := s.wrappers(s.listEnds, l.Types, func(err error) error { return s.listPath(err, -1) }); err != nil {
		return err
	}
	for i := len(s.levels) - 1; i >= 0; i-- {
		lv, sl := &s.levels[i], &s.schema.Levels[i]
		end := lv.ends[len(lv.ends)-1]
		if end-s.off > s.maxElement {
			return s.path(s.limit(s.off, "the components after the list"), i)
		}
		at := s.off
		part, err := s.read(nil, end-s.off)
		if err != nil {
			return err
		}
		if err := s.decodePart(part, at, lv.depth, sl.Tail); err != nil {
			return s.path(err, i)
		}
		if err := s.wrappers(lv.ends, sl.Types, func(err error) error { return s.path(err, i) }); err != nil {
			return err
		}
	}
	if err := s.trailing(); err != nil {
		return err
	}
	s.st = stDone
	return nil
}

// wrappers checks that each EXPLICIT wrapper of an element read to its
// end holds nothing after the element inside (X.690 8.14.2), as
// der.Reader.Finish reports it.
func (s *Reader) wrappers(ends []int, types []string, path func(error) error) error {
	for i := len(ends) - 2; i >= 0; i-- {
		if n := ends[i] - ends[i+1]; n > 0 {
			e := der.NewError(der.KindTrailingData, ends[i+1], types[i], strconv.Itoa(n)+" unexpected octets after the last element", "X.690 8.1.1")
			return path(e)
		}
	}
	return nil
}

package rfc5280

import (
	"bufio"
	"errors"
	"io"

	"github.com/asn1gen/asn1gen/runtime/der"
)

// CRLReader reads a CRL from a stream one revoked certificate at a time, in
// memory bounded by a 64 KB batch of entries and a read buffer whatever the
// size of the CRL, for lists too large to hold. It reads DER (definite lengths), checks
// it as der.Unmarshal does a CertificateList, and reports errors with their
// offset in the stream:
//
//	c := rfc5280.NewCRLReader(f, nil)
//	for {
//		e, err := c.Next()
//		if err == io.EOF {
//			break
//		}
//		if err != nil {
//			return err
//		}
//		use(e.UserCertificate, e.RevocationDate.Value)
//	}
//	crl, err := c.CertificateList() // the rest: extensions, signature
type CRLReader struct {
	// TBS, if set before the first read, receives the to-be-signed part of
	// the CRL as it is read: the octets the signature covers, to hash for
	// verifying the signature of a CRL without holding it.
	TBS io.Writer

	r    *bufio.Reader
	opts *der.Options
	off  int // stream offset of the next unread octet

	state                crlState
	err                  error
	inTBS                bool // reading the TBSCertList
	hasEntries           bool
	entries              int // entries read
	entriesEnd, tbsEnd   int
	outerEnd             int
	prefix, suffix, tail []byte // TBSCertList before and after the entries; the signature algorithm and value
	header               TBSCertList
	entry                TBSCertList_RevokedCertificates_Item
	// The entries are read in batches of about batchSize octets and decoded
	// from batch with one reader, so that their lists share MakeSlice's
	// chunks (an allocation per hundreds of entries, not per entry).
	batch   []byte
	batchAt int // stream offset of batch[0]
	batched der.Reader
	pending error // a stream error met while filling a batch
	list    *CertificateList
}

// crlState is how far a CRLReader has read.
type crlState int

const (
	crlStart   crlState = iota // nothing read
	crlEntries                 // the header read, in the entries
	crlDone                    // all read: CertificateList is set
	crlFailed                  // an error: err
)

// maxStreamElement bounds the elements a CRLReader holds: one entry, or one
// field of the TBSCertList around the entries.
const maxStreamElement = 1 << 20

// batchSize is the size of the batches of entries a CRLReader decodes.
const batchSize = 64 << 10

// NewCRLReader returns a CRLReader reading from r. A nil opts means strict
// DER; opts.BER is not supported (the entries are found by their lengths).
func NewCRLReader(r io.Reader, opts *der.Options) *CRLReader {
	return &CRLReader{r: bufio.NewReaderSize(r, 64<<10), opts: opts}
}

// Header returns the fields of the TBSCertList that come before the revoked
// certificates: version, signature algorithm, issuer, thisUpdate and
// nextUpdate. Its RevokedCertificates and CRLExtensions are not set (the
// extensions come after the entries: see CertificateList).
func (c *CRLReader) Header() (*TBSCertList, error) {
	if err := c.start(); err != nil {
		return nil, err
	}
	return &c.header, nil
}

// Next returns the next revoked certificate, or io.EOF after the last. The
// entry, and the slices it holds, are valid until the next call of Next.
// Entries are read ahead in batches of 64 KB; an error of the stream is
// still reported after the entries before it.
func (c *CRLReader) Next() (*TBSCertList_RevokedCertificates_Item, error) {
	if err := c.start(); err != nil {
		return nil, err
	}
	if c.state == crlDone {
		return nil, io.EOF
	}
	if c.off == c.entriesEnd && c.batched.Empty() && c.pending == nil {
		c.batched.Release()
		if err := c.finish(); err != nil {
			return nil, c.fail(err)
		}
		return nil, io.EOF
	}
	if c.batched.Empty() {
		if err := c.fill(); err != nil {
			return nil, c.fail(err)
		}
	}
	c.entry = TBSCertList_RevokedCertificates_Item{}
	if err := c.entry.DecodeASN1(&c.batched, der.TagSequence); err != nil {
		// The path a decode of the whole CRL gives.
		err = der.WithIndex(err, c.entries)
		for _, f := range [...]string{"revokedCertificates", "toBeSigned", "CertificateList"} {
			err = der.WithField(err, f)
		}
		return nil, c.fail(shift(err, c.batchAt))
	}
	c.entries++
	return &c.entry, nil
}

// fill reads the next batch of entries, whole, and starts a reader over it.
// A stream error after some whole entries waits until they are returned.
func (c *CRLReader) fill() error {
	c.batched.Release()
	if c.pending != nil {
		return c.pending
	}
	c.batch, c.batchAt = c.batch[:0], c.off
	for c.off < c.entriesEnd && len(c.batch) < batchSize {
		var err error
		if c.batch, err = c.element(c.batch, c.entriesEnd, "TBSCertList.revokedCertificates.item"); err != nil {
			if len(c.batch) == 0 {
				return err
			}
			c.pending = err
			break
		}
	}
	c.batched = der.NewPooledReader(c.batch, c.opts)
	return nil
}

// CertificateList returns, once Next has returned io.EOF, the CRL without
// its revoked certificates: the TBSCertList fields with the CRL
// extensions, the signature algorithm and the signature. Its ToBeSignedRaw
// is the encoding of that TBSCertList without entries, not the part that
// was signed: set TBS to verify the signature.
func (c *CRLReader) CertificateList() (*CertificateList, error) {
	switch {
	case c.state == crlFailed:
		return nil, c.err
	case c.state != crlDone:
		return nil, errors.New("rfc5280: CRLReader.CertificateList before the last entry was read")
	}
	return c.list, nil
}

func (c *CRLReader) fail(err error) error {
	c.state, c.err = crlFailed, err
	return err
}

// start reads the headers of the CertificateList and of its TBSCertList,
// the fields before the entries, and the header of the entries.
func (c *CRLReader) start() error {
	switch c.state {
	case crlFailed:
		return c.err
	case crlStart:
	default:
		return nil
	}
	if c.opts != nil && c.opts.BER {
		return c.fail(der.NewError(der.KindUnsupported, 0, "CertificateList", "a CRLReader reads DER only", ""))
	}
	outer, err := c.header1(-1, der.TagSequence, "CertificateList")
	if err != nil {
		return c.fail(err)
	}
	c.outerEnd = c.off + outer.Length
	c.inTBS = true // from the TBSCertList header on, the octets go to TBS
	tbs, err := c.header1(c.outerEnd, der.TagSequence, "TBSCertList")
	if err != nil {
		return c.fail(err)
	}
	c.tbsEnd = c.off + tbs.Length
	// The fields up to the entries, by position as TBSCertList.decode
	// finds them: version (an INTEGER, optional), signature, issuer,
	// thisUpdate, nextUpdate (a time, optional); then the entries if the
	// next element is a SEQUENCE.
	for k := 0; c.off < c.tbsEnd; k++ {
		h, err := c.peek(c.tbsEnd, "TBSCertList")
		if err != nil {
			return c.fail(err)
		}
		isTime := h.Tag == der.TagUTCTime || h.Tag == der.TagGeneralizedTime
		if k == 0 && h.Tag != der.TagInteger {
			k++ // no version
		}
		if k == 4 && !isTime {
			k++ // no nextUpdate
		}
		if k == 5 {
			if h.Tag == der.TagSequence {
				if _, err := c.header1(c.tbsEnd, h.Tag, "TBSCertList.revokedCertificates"); err != nil {
					return c.fail(err)
				}
				c.entriesEnd, c.hasEntries = c.off+h.Length, true
			}
			break
		}
		if c.prefix, err = c.element(c.prefix, c.tbsEnd, "TBSCertList"); err != nil {
			return c.fail(err)
		}
	}
	if !c.hasEntries {
		c.entriesEnd = c.off // no entries: Next goes on with what follows
	}
	if err := c.decodeTBS(&c.header); err != nil {
		return c.fail(err)
	}
	c.state = crlEntries
	return nil
}

// finish reads what follows the entries and decodes the CertificateList
// without them.
func (c *CRLReader) finish() error {
	var err error
	for c.off < c.tbsEnd {
		if c.suffix, err = c.element(c.suffix, c.tbsEnd, "TBSCertList"); err != nil {
			return err
		}
	}
	c.inTBS = false // the signed part ends here
	for c.off < c.outerEnd {
		if c.tail, err = c.element(c.tail, c.outerEnd, "CertificateList"); err != nil {
			return err
		}
	}
	if _, err := c.r.ReadByte(); err != io.EOF {
		// X.690 8.1.1: an encoding is exactly one element.
		return der.NewError(der.KindTrailingData, c.off, "CertificateList", "unexpected octets after the CRL", "X.690 8.1.1")
	}
	// The CertificateList around a TBSCertList without the entries, so
	// that its decoder checks the signature algorithm and value.
	tbs := c.tbsWithout()
	body := append(tbs, c.tail...)
	enc := append(der.AppendHeader(nil, der.TagSequence, true, len(body)), body...)
	c.list = new(CertificateList)
	if err := der.Unmarshal(enc, c.list, c.opts); err != nil {
		return err
	}
	clearEntries(&c.list.ToBeSigned)
	c.list.ToBeSignedRaw = nil
	c.state = crlDone
	return nil
}

// placeholderEntries stands for the entries in the TBSCertList that
// decodeTBS and finish decode, so that what follows the entries is read as
// it is in the whole CRL (an element after them is not a nextUpdate): a
// list of one entry, serial 1, revoked 2000-01-01.
var placeholderEntries = []byte{0x30, 0x14, 0x30, 0x12, 0x02, 0x01, 0x01,
	0x17, 0x0d, '0', '0', '0', '1', '0', '1', '0', '0', '0', '0', '0', '0', 'Z'}

// tbsWithout returns the TBSCertList read so far, with placeholderEntries
// for the entries.
func (c *CRLReader) tbsWithout() []byte {
	var mid []byte
	if c.hasEntries {
		mid = placeholderEntries
	}
	n := len(c.prefix) + len(mid) + len(c.suffix)
	b := der.AppendHeader(nil, der.TagSequence, true, n)
	return append(append(append(b, c.prefix...), mid...), c.suffix...)
}

// decodeTBS decodes the TBSCertList read so far into v, without entries.
// Errors are located in the TBSCertList without entries, not in the
// stream.
func (c *CRLReader) decodeTBS(v *TBSCertList) error {
	if err := der.Unmarshal(c.tbsWithout(), v, c.opts); err != nil {
		return err
	}
	clearEntries(v)
	v.Raw = nil
	return nil
}

func clearEntries(v *TBSCertList) {
	v.RevokedCertificates, v.HasRevokedCertificates = nil, false
}

// peek returns the header of the next element, which must end by end.
func (c *CRLReader) peek(end int, typ string) (der.Header, error) {
	b, err := c.r.Peek(10)
	if len(b) == 0 {
		if err == io.EOF {
			err = der.NewError(der.KindTruncated, c.off, typ, "input ends before the element", "X.690 8.1.1")
		}
		return der.Header{}, err
	}
	h, err := der.ParseHeader(b, c.off, false)
	if err != nil {
		return h, err
	}
	if end >= 0 && h.Length > end-c.off-h.HeaderLen {
		return h, der.NewError(der.KindTruncated, c.off, typ, "element longer than what encloses it", "X.690 8.1.3")
	}
	return h, nil
}

// header1 reads the header of a constructed element with tag t.
func (c *CRLReader) header1(end int, t der.Tag, typ string) (der.Header, error) {
	h, err := c.peek(end, typ)
	if err != nil {
		return h, err
	}
	if h.Tag != t || !h.Constructed {
		return h, der.TagMismatch(c.off, typ, t, h.Tag)
	}
	var b [16]byte // the header octets: read for TBS, not kept
	_, err = c.read(b[:0], h.HeaderLen)
	return h, err
}

// element appends the next element, header included, to dst.
func (c *CRLReader) element(dst []byte, end int, typ string) ([]byte, error) {
	h, err := c.peek(end, typ)
	if err != nil {
		return dst, err
	}
	if n := h.HeaderLen + h.Length; n > maxStreamElement {
		return dst, der.NewError(der.KindLimit, c.off, typ, "element larger than a CRLReader holds", "")
	}
	return c.read(dst, h.HeaderLen+h.Length)
}

// read appends the next n octets to dst, and copies them to TBS. After an
// error dst is returned as it was.
func (c *CRLReader) read(dst []byte, n int) ([]byte, error) {
	old := len(dst)
	dst = append(dst, make([]byte, n)...)
	b := dst[old:]
	if _, err := io.ReadFull(c.r, b); err != nil {
		if err == io.EOF || err == io.ErrUnexpectedEOF {
			err = der.NewError(der.KindTruncated, c.off, "", "input ends inside an element", "X.690 8.1.3")
		}
		return dst[:old], err
	}
	if c.TBS != nil && c.inTBS {
		if _, err := c.TBS.Write(b); err != nil {
			return dst[:old], err
		}
	}
	c.off += n
	return dst, nil
}

// shift moves the offset of a decoding error of an element read at stream
// offset at into the stream.
func shift(err error, at int) error {
	var e *der.Error
	if errors.As(err, &e) && e.Offset >= 0 {
		e.Offset += at
	}
	return err
}

package rfc5280

import (
	"io"

	"github.com/asn1gen/asn1gen/runtime/der"
	"github.com/asn1gen/asn1gen/runtime/stream"
)

// CRLReader reads a CRL from a stream one revoked certificate at a time,
// in memory bounded by a batch of entries and the parts of the CRL around
// them, whatever the size of the CRL. It is the generated
// CertificateListStream (asn1gen gen -stream
// PKIX1Explicit-2009.CertificateList.toBeSigned.revokedCertificates) under
// the names it had when it was written by hand: it checks the CRL as
// der.Unmarshal does a CertificateList, with the same errors at the same
// offsets and paths (runtime/stream says where a stream can differ):
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

	s *CertificateListStream
}

// NewCRLReader returns a CRLReader reading from r. A nil opts means strict
// DER; opts.BER is not supported (the entries are found by their lengths).
func NewCRLReader(r io.Reader, opts *der.Options) *CRLReader {
	return &CRLReader{s: NewCertificateListStream(r, &stream.Options{DER: opts})}
}

// Header returns the fields of the TBSCertList that come before the revoked
// certificates: version, signature algorithm, issuer, thisUpdate and
// nextUpdate. The others are not set (the extensions come after the
// entries: see CertificateList).
func (c *CRLReader) Header() (*TBSCertList, error) {
	c.s.Signed = c.TBS
	l, err := c.s.Head()
	if err != nil {
		return nil, err
	}
	h := l.ToBeSigned // a copy: CertificateList sets the rest of l
	return &h, nil
}

// Next returns the next revoked certificate, or io.EOF after the last. The
// entry, and the slices it holds, are valid until the next call of Next.
// Entries are read ahead in batches; an error of the stream is still
// reported after the entries before it.
func (c *CRLReader) Next() (*TBSCertList_RevokedCertificates_Item, error) {
	c.s.Signed = c.TBS
	return c.s.Next()
}

// CertificateList returns the CRL without its revoked certificates, reading
// the entries Next has not returned: the TBSCertList fields with the CRL
// extensions, the signature algorithm and the signature. Its ToBeSignedRaw
// and ToBeSigned.Raw are nil: set TBS to verify the signature.
func (c *CRLReader) CertificateList() (*CertificateList, error) {
	c.s.Signed = c.TBS
	return c.s.Rest()
}

package rfc5652

import (
	"fmt"

	"github.com/asn1gen/asn1gen/runtime/der"
)

// Certificates returns the certificates of a ContentInfo holding a
// SignedData, such as a PKCS #7 certs-only bundle (.p7b, .p7c, the
// "degenerate" SignedData of RFC 5652 5.1 without signers), in the order
// of its certificates field. ber is read in BER mode, so the indefinite
// lengths of streamed files are accepted, and DER too; strip a PEM
// wrapping ("PKCS7", "CMS") with encoding/pem first.
//
// Each element is the encoding of one certificate alternative of
// CertificateChoices: the bytes crypto/x509.ParseCertificate and rfc5280's
// Certificate.UnmarshalDER take, aliasing ber (a copy in DER form only
// for a certificate that is itself BER). The other alternatives (attribute
// certificates, other formats) are skipped. A bundle without certificates
// gives none and no error.
//
// Certificates reads only the envelope (ContentInfo, SignedData up to its
// certificates) and the certificates' outer elements: it does not decode
// the certificates, the signer infos or the content. Decode the
// ContentInfo (der.Unmarshal with Options.BER) for typed access to
// everything. Errors are *der.Error values with the offset in ber and a
// field path; a content type other than signedData is ErrNotSignedData.
func Certificates(ber []byte) ([][]byte, error) {
	r := der.NewReader(ber, &der.Options{BER: true})
	ci, err := r.ReadConstructed(der.TagSequence, "ContentInfo")
	if err != nil {
		return nil, der.WithField(err, "ContentInfo")
	}
	at := ci.Offset()
	ct, err := ci.ReadOID(der.TagOID)
	if err != nil {
		return nil, der.WithField(err, "ContentInfo.contentType")
	}
	if !ct.Equal(IDSignedData) {
		return nil, der.Locate(fmt.Errorf("%w: content type %v", ErrNotSignedData, ct), der.KindInvalidValue, at, "ContentInfo.contentType")
	}
	content, err := ci.ReadConstructed(der.Context(0), "[0] EXPLICIT")
	if err != nil {
		return nil, der.WithField(err, "ContentInfo.content")
	}
	sd, err := content.ReadConstructed(der.TagSequence, "SignedData")
	if err != nil {
		return nil, der.WithField(err, "ContentInfo.content")
	}
	// version, digestAlgorithms, encapContentInfo
	for _, field := range []string{"version", "digestAlgorithms", "encapContentInfo"} {
		if err := sd.Skip(); err != nil {
			return nil, der.WithField(err, "SignedData."+field)
		}
	}
	if !sd.Peek(der.Context(0)) {
		return nil, nil
	}
	set, err := sd.ReadConstructed(der.Context(0), "CertificateSet")
	if err != nil {
		return nil, der.WithField(err, "SignedData.certificates")
	}
	out := make([][]byte, 0, set.Count())
	for i := 0; !set.Empty(); i++ {
		// The certificate alternative is the only untagged one: a
		// SEQUENCE (RFC 5652 10.2.2 CertificateChoices).
		isCert := set.Peek(der.TagSequence)
		raw, err := set.ReadRaw()
		if err != nil {
			return nil, der.WithIndex(der.WithField(err, "SignedData.certificates"), i)
		}
		if !isCert {
			continue
		}
		if raw, err = set.KeepDER(raw); err != nil {
			return nil, der.WithIndex(der.WithField(err, "SignedData.certificates"), i)
		}
		out = append(out, raw)
	}
	return out, nil
}

// CertificateEncodings returns the encoding of every certificate
// alternative of sd.Certificates, in order, as Certificates does (each
// is an rfc5280.Certificate: see its Encoding).
func (sd *SignedData) CertificateEncodings() ([][]byte, error) {
	var out [][]byte
	for i := range sd.Certificates {
		c := &sd.Certificates[i]
		if c.Choice != CertificateChoices_Certificate || c.Certificate == nil {
			continue
		}
		enc, err := c.Certificate.Encoding()
		if err != nil {
			return nil, fmt.Errorf("rfc5652: certificates[%d]: %w", i, err)
		}
		out = append(out, enc)
	}
	return out, nil
}

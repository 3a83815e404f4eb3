package rfc5652

import (
	"fmt"

	"github.com/asn1gen/asn1gen/runtime"
)

// Certificates returns the certificates of a ContentInfo holding a
// SignedData, such as a PKCS #7 certs-only bundle (.p7b, .p7c, the
// "degenerate" SignedData of RFC 5652 5.1 without signers), in the order
// of its certificates field. ber is decoded in BER mode, so the
// indefinite lengths of streamed files are accepted, and DER too; strip a
// PEM wrapping ("PKCS7", "CMS") with encoding/pem first.
//
// Each element is the encoding of one certificate alternative of
// CertificateChoices (see Certificate.Encoding): the bytes
// crypto/x509.ParseCertificate and rfc5280's Certificate.UnmarshalDER
// take. The other alternatives (attribute certificates, other formats) are
// skipped. A bundle without certificates gives none and no error.
func Certificates(ber []byte) ([][]byte, error) {
	var ci ContentInfo
	if err := ci.UnmarshalBER(ber); err != nil {
		return nil, err
	}
	if ci.Content.Kind != ContentInfoContentSignedData {
		return nil, fmt.Errorf("rfc5652: content type %v is not signedData", ci.ContentType)
	}
	return ci.Content.SignedData.CertificateEncodings()
}

// CertificateEncodings returns the encoding of every certificate
// alternative of sd.Certificates, in order, as Certificates does.
func (sd *SignedData) CertificateEncodings() ([][]byte, error) {
	var out [][]byte
	for i := range sd.Certificates {
		c := &sd.Certificates[i]
		if c.Choice != CertificateChoicesCertificate || c.Certificate == nil {
			continue
		}
		der, err := c.Certificate.Encoding()
		if err != nil {
			return nil, fmt.Errorf("rfc5652: certificates[%d]: %w", i, err)
		}
		out = append(out, der)
	}
	return out, nil
}

// Encoding returns the encoding of c with its to-be-signed part as it was
// received (ToBeSignedRaw, the bytes the signature covers) and the
// signature algorithm and value in DER: for a certificate that was DER
// inside its container (BER or not), the received certificate, byte for
// byte. A Certificate that was not decoded (ToBeSignedRaw nil) is encoded
// with MarshalDER. The result is a new slice: it does not alias the input.
func (c *Certificate) Encoding() ([]byte, error) {
	if c.ToBeSignedRaw == nil {
		return c.MarshalDER()
	}
	alg, err := c.AlgorithmIdentifier.AppendDER(make([]byte, 0, 32))
	if err != nil {
		return nil, err
	}
	b := runtime.NewBuilder(make([]byte, 0, len(c.ToBeSignedRaw)+len(alg)+len(c.Signature.Bytes)+16))
	m := b.Begin(runtime.Universal(runtime.TagSequence), true)
	b.AddRaw(c.ToBeSignedRaw)
	b.AddRaw(alg)
	b.AddBitString(runtime.Universal(runtime.TagBitString), c.Signature)
	b.End(m)
	return b.Bytes()
}

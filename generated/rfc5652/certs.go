package rfc5652

import (
	"fmt"

	"github.com/asn1gen/asn1gen/runtime"
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
// ContentInfo (UnmarshalBER) for typed access to everything.
func Certificates(ber []byte) ([][]byte, error) {
	r := runtime.NewReader(ber, &runtime.Options{BER: true})
	ci, err := r.ReadConstructed(runtime.Universal(runtime.TagSequence), "ContentInfo")
	if err != nil {
		return nil, err
	}
	ct, err := ci.ReadOID(runtime.Universal(runtime.TagOID))
	if err != nil {
		return nil, runtime.WithField(err, "ContentInfo.contentType")
	}
	if !ct.Equal(IDSignedData) {
		return nil, fmt.Errorf("rfc5652: content type %v is not signedData", ct)
	}
	content, err := ci.ReadConstructed(runtime.Context(0), "[0] EXPLICIT")
	if err != nil {
		return nil, runtime.WithField(err, "ContentInfo.content")
	}
	sd, err := content.ReadConstructed(runtime.Universal(runtime.TagSequence), "SignedData")
	if err != nil {
		return nil, runtime.WithField(err, "ContentInfo.content")
	}
	// version, digestAlgorithms, encapContentInfo
	for _, field := range []string{"version", "digestAlgorithms", "encapContentInfo"} {
		if err := sd.Skip(); err != nil {
			return nil, runtime.WithField(err, "SignedData."+field)
		}
	}
	if !sd.Peek(runtime.Context(0)) {
		return nil, nil
	}
	set, err := sd.ReadConstructed(runtime.Context(0), "CertificateSet")
	if err != nil {
		return nil, runtime.WithField(err, "SignedData.certificates")
	}
	out := make([][]byte, 0, set.Count())
	for i := 0; !set.Empty(); i++ {
		// The certificate alternative is the only untagged one: a
		// SEQUENCE (RFC 5652 10.2.2 CertificateChoices).
		isCert := set.Peek(runtime.Universal(runtime.TagSequence))
		raw, err := set.ReadRaw()
		if err != nil {
			return nil, runtime.WithIndex(runtime.WithField(err, "SignedData.certificates"), i)
		}
		if !isCert {
			continue
		}
		if raw, err = set.KeepDER(raw); err != nil {
			return nil, runtime.WithIndex(runtime.WithField(err, "SignedData.certificates"), i)
		}
		out = append(out, raw)
	}
	return out, nil
}

// CertificateEncodings returns the encoding of every certificate
// alternative of sd.Certificates, in order, as Certificates does.
func (sd *SignedData) CertificateEncodings() ([][]byte, error) {
	var out [][]byte
	for i := range sd.Certificates {
		c := &sd.Certificates[i]
		if c.Choice != CertificateChoices_Certificate || c.Certificate == nil {
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
	// The algorithm as received: explicit defaults (RSASSA-PSS trailerField)
	// and padded named bits too.
	alg, err := c.AlgorithmIdentifier.AppendWith(make([]byte, 0, 32), &runtime.Options{Tolerate: runtime.TolerateX509, SkipConstraints: true})
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

package rfc7292

import (
	"fmt"

	"github.com/asn1gen/asn1gen/runtime"
)

// Certificates returns the DER of every X.509 certificate in the
// unencrypted bags of a PKCS #12 file: the CertBags (of type
// x509Certificate) of each SafeContents that the file's AuthenticatedSafe
// holds in a ContentInfo of type data, in file order, descending into
// nested SafeContents bags. The parts encrypted with a password
// (encryptedData) or a public key (envelopedData) are skipped: this does
// not decrypt. pfx is decoded in BER mode, so the indefinite lengths and
// constructed OCTET STRINGs of BER files are accepted, and DER too; strip
// a PEM wrapping with encoding/pem first. An authSafe in public-key
// integrity mode (a SignedData) is read through its content.
//
// The PFX's MacData is not read, nor the MAC verified, so a file whose
// MAC algorithm the package does not know (RFC 9579's PBMAC1, which
// PKCS-1's DigestInfo does not list) still gives its certificates. Each
// element is the certificate's encoding as the file holds it, the bytes
// crypto/x509.ParseCertificate takes; it may alias pfx. A file without
// unencrypted certificates gives none and no error.
func Certificates(pfx []byte) ([][]byte, error) {
	as, err := authenticatedSafe(pfx)
	if err != nil {
		return nil, err
	}
	var out [][]byte
	for i := range as {
		c := &as[i].Content
		if c.Kind != CtData {
			continue // encrypted, or a content type of no bags
		}
		var sc SafeContents
		if err := sc.UnmarshalBER(c.Data); err != nil {
			return nil, fmt.Errorf("rfc7292: AuthenticatedSafe[%d]: %w", i, err)
		}
		out = appendBagCertificates(out, sc)
	}
	return out, nil
}

// authenticatedSafe decodes the AuthenticatedSafe of a PFX: the data of
// its authSafe ContentInfo, or of the SignedData's content in public-key
// integrity mode. Only version and authSafe are read.
func authenticatedSafe(pfx []byte) (AuthenticatedSafe, error) {
	r := runtime.NewReader(pfx, &runtime.Options{BER: true})
	s, err := r.ReadConstructed(runtime.Universal(runtime.TagSequence), "PFX")
	if err != nil {
		return nil, fmt.Errorf("rfc7292: %w", err)
	}
	if err := r.Finish("PFX"); err != nil {
		return nil, fmt.Errorf("rfc7292: %w", err)
	}
	version, err := s.ReadInt64(runtime.Universal(runtime.TagInteger))
	if err != nil {
		return nil, fmt.Errorf("rfc7292: PFX.version: %w", err)
	}
	if version != int64(PFX_V3) {
		return nil, fmt.Errorf("rfc7292: PFX.version is %d, not 3", version)
	}
	raw, err := s.ReadRaw()
	if err != nil {
		return nil, fmt.Errorf("rfc7292: PFX.authSafe: %w", err)
	}
	var ci ContentInfo
	if err := ci.UnmarshalBER(raw); err != nil {
		return nil, fmt.Errorf("rfc7292: PFX.authSafe: %w", err)
	}
	var data []byte
	switch c := &ci.Content; c.Kind {
	case CtData:
		data = c.Data
	case CtSignedData:
		e := &c.SignedData.EncapContentInfo
		if e.EContent.Kind != CtData {
			return nil, fmt.Errorf("rfc7292: PFX.authSafe: SignedData content type %v is not data", e.EContentType)
		}
		data = e.EContent.Raw
	default:
		return nil, fmt.Errorf("rfc7292: PFX.authSafe: content type %v is neither data nor signedData", ci.ContentType)
	}
	var as AuthenticatedSafe
	if err := as.UnmarshalBER(data); err != nil {
		return nil, fmt.Errorf("rfc7292: %w", err)
	}
	return as, nil
}

// appendBagCertificates appends the X.509 certificates of the CertBags of
// sc, and of its nested SafeContents bags, to out.
func appendBagCertificates(out [][]byte, sc SafeContents) [][]byte {
	for i := range sc {
		switch v := &sc[i].BagValue; v.Kind {
		case BagTypeKind_CertBag:
			if cv := &v.CertBag.CertValue; cv.Kind == BagTypeKind_X509Certificate {
				out = append(out, cv.X509Certificate)
			}
		case BagTypeKind_SafeContentsBag:
			out = appendBagCertificates(out, v.SafeContentsBag)
		}
	}
	return out
}

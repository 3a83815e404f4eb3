package rfc5280

import (
	"crypto/x509"

	"github.com/asn1gen/asn1gen/runtime/der"
)

// X509Options returns the decoding options that accept what
// crypto/x509.ParseCertificate and ParseRevocationList accept among the
// DER defects of certificates in the field (trailing zero bits in named bit
// lists, encoded DEFAULT values, unsorted SET OF; see der.TolerateX509)
// and skip SIZE and alphabet checks, as crypto/x509 does. Each call returns
// a new value, which the caller may change.
func X509Options() *der.Options {
	return &der.Options{Tolerate: der.TolerateX509, SkipConstraints: true}
}

// Encoding returns the encoding of c with its to-be-signed part as it was
// received (ToBeSignedRaw, the bytes the signature covers) and the
// signature algorithm and value in DER. For a certificate decoded from DER
// it is the input, byte for byte; for one decoded with X509Options, whose
// DER defects MarshalDER would repair, the signature still verifies over
// it. A Certificate that was not decoded (ToBeSignedRaw nil) is encoded
// with MarshalDER. The result is a new slice: it does not alias the input.
func (c *Certificate) Encoding() ([]byte, error) {
	if c.ToBeSignedRaw == nil {
		return c.MarshalDER()
	}
	return signedEncoding(c.ToBeSignedRaw, func(dst []byte) ([]byte, error) {
		return der.Append(dst, &c.AlgorithmIdentifier, X509Options()) // as received: explicit defaults too
	}, c.Signature)
}

// X509 returns c parsed by crypto/x509.ParseCertificate from c.Encoding():
// the received to-be-signed bytes, so RawTBSCertificate and signature
// checks see what the issuer signed. Its Raw fields do not alias c.
func (c *Certificate) X509() (*x509.Certificate, error) {
	enc, err := c.Encoding()
	if err != nil {
		return nil, err
	}
	return x509.ParseCertificate(enc)
}

// Encoding returns the encoding of l with its to-be-signed part as it was
// received, as Certificate.Encoding does for a certificate.
func (l *CertificateList) Encoding() ([]byte, error) {
	if l.ToBeSignedRaw == nil {
		return l.MarshalDER()
	}
	return signedEncoding(l.ToBeSignedRaw, func(dst []byte) ([]byte, error) {
		return der.Append(dst, &l.AlgorithmIdentifier, X509Options())
	}, l.Signature)
}

// X509 returns l parsed by crypto/x509.ParseRevocationList from
// l.Encoding().
func (l *CertificateList) X509() (*x509.RevocationList, error) {
	enc, err := l.Encoding()
	if err != nil {
		return nil, err
	}
	return x509.ParseRevocationList(enc)
}

// signedEncoding writes SEQUENCE { tbs, algorithm, signature } with tbs as
// it is.
func signedEncoding(tbs []byte, appendAlg func([]byte) ([]byte, error), sig der.BitString) ([]byte, error) {
	alg, err := appendAlg(make([]byte, 0, 32))
	if err != nil {
		return nil, err
	}
	b := der.NewBuilder(make([]byte, 0, len(tbs)+len(alg)+len(sig.Bytes)+16))
	m := b.Begin(der.TagSequence, true)
	b.AddRaw(tbs)
	b.AddRaw(alg)
	b.AddBitString(der.TagBitString, sig)
	b.End(m)
	return b.Bytes()
}

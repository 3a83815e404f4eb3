package rfc5652

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/asn1gen/asn1gen/generated/rfc5280"
	"github.com/asn1gen/asn1gen/runtime/der"
)

// Signer is one signer of Sign: a certificate and its private key.
type Signer struct {
	Certificate *x509.Certificate
	// Key is the certificate's private key: *rsa.PrivateKey,
	// *ecdsa.PrivateKey, ed25519.PrivateKey, or any crypto.Signer of such
	// a public key (a hardware token, a KMS).
	Key crypto.Signer
}

// SignOptions are the choices of Sign. The zero value makes an attached
// SignedData of id-data, signed with SHA-256, with the content-type,
// message-digest and signing-time (now) attributes, and carrying the
// signer certificates: what `openssl cms -sign -nodetach -binary` makes.
type SignOptions struct {
	// Detached leaves the content out (RFC 5652 5.2: eContent absent):
	// the receiver has it (S/MIME multipart/signed, .p7s files).
	Detached bool
	// ContentType is eContentType; nil means id-data. Another type
	// requires signed attributes (RFC 5652 5.3).
	ContentType der.OID
	// Hash is the digest algorithm: SHA-256 when 0; SHA-384, SHA-512,
	// SHA3-256, SHA3-384, SHA3-512 too (nothing weaker than SHA-256).
	// For an Ed25519 key it is SHA-512 whatever is asked (RFC 8419 3).
	Hash crypto.Hash
	// PSS signs with RSA keys using RSASSA-PSS (RFC 4056; MGF1 with the
	// same hash, a salt as long as the hash) instead of PKCS #1 v1.5; it
	// changes nothing for other keys.
	PSS bool
	// SigningTime is the signing-time attribute's value (RFC 5652 11.3;
	// UTCTime from 1950 to 2049, GeneralizedTime otherwise, to the
	// second); zero means now.
	SigningTime time.Time
	// NoSigningTime leaves the signing-time attribute out.
	NoSigningTime bool
	// NoAttributes leaves all signed attributes out: the signature is
	// over the content itself (RFC 5652 5.4), as the Linux kernel's
	// module signatures are. Only for id-data.
	NoAttributes bool
	// Attributes are more signed attributes (ESS signing-certificate-v2,
	// S/MIME capabilities, ...), written beside the three above (which
	// they must not repeat: RFC 5652 11 allows one of each).
	Attributes []Attribute_SignedAttributesSet
	// NoCertificates leaves the certificates field out: the receiver
	// knows the signer certificates.
	NoCertificates bool
	// Certificates are included beside the signer certificates (the
	// intermediate CAs a receiver needs to build a chain).
	Certificates []*x509.Certificate
	// SubjectKeyIdentifier identifies signers by their certificates'
	// subject key identifier (version 3 SignerInfo) instead of issuer
	// and serial number; a certificate without one is an error.
	SubjectKeyIdentifier bool
	// Rand is the source of randomness for ECDSA and RSASSA-PSS
	// (crypto/rand when nil).
	Rand io.Reader
}

// Sign returns the DER encoding of a ContentInfo holding a SignedData of
// content by each signer (RFC 5652 5), which `openssl cms -verify` and
// Verify read. opts may be nil.
func Sign(content []byte, signers []Signer, opts *SignOptions) ([]byte, error) {
	ci, err := NewSignedData(content, signers, opts)
	if err != nil {
		return nil, err
	}
	return der.Marshal(ci, nil)
}

// NewSignedData is Sign returning the ContentInfo, for a caller who adds
// what Sign does not write (CRLs, unsigned attributes such as an RFC 3161
// time-stamp token) before encoding it with MarshalDER. A change to a
// signed part (the content, the signed attributes) invalidates the
// signatures.
func NewSignedData(content []byte, signers []Signer, opts *SignOptions) (*ContentInfo, error) {
	if opts == nil {
		opts = &SignOptions{}
	}
	if len(signers) == 0 {
		return nil, errors.New("rfc5652: Sign: no signers")
	}
	ct := opts.ContentType
	if ct == nil {
		ct = IDData
	}
	if opts.NoAttributes && !ct.Equal(IDData) {
		return nil, fmt.Errorf("rfc5652: Sign: content type %v without signed attributes (RFC 5652 5.3: they must be present)", ct)
	}
	sd := &SignedData{EncapContentInfo: EncapsulatedContentInfo{EContentType: ct}}
	if !opts.Detached {
		sd.EncapContentInfo.HasEContent = true
		sd.EncapContentInfo.EContent.Raw = content
		if ct.Equal(IDData) {
			sd.EncapContentInfo.EContent.Kind = CtData
		}
	}
	version := CMSVersion_V1
	if !ct.Equal(IDData) {
		version = CMSVersion_V3 // RFC 5652 5.1
	}
	var certs []*x509.Certificate
	for i, s := range signers {
		si, err := signerInfo(content, ct, s, opts)
		if err != nil {
			return nil, fmt.Errorf("rfc5652: Sign: signers[%d]: %w", i, err)
		}
		if si.Version == CMSVersion_V3 {
			version = CMSVersion_V3
		}
		sd.SignerInfos = append(sd.SignerInfos, si)
		if !containsDigest(sd.DigestAlgorithms, si.DigestAlgorithm.Algorithm) {
			sd.DigestAlgorithms = append(sd.DigestAlgorithms, si.DigestAlgorithm)
		}
		certs = append(certs, s.Certificate)
	}
	sd.Version = version
	if !opts.NoCertificates {
		certs = append(certs, opts.Certificates...)
		seen := map[string]bool{}
		for _, c := range certs {
			if seen[string(c.Raw)] {
				continue
			}
			seen[string(c.Raw)] = true
			sd.Certificates = append(sd.Certificates, certificateChoice(c.Raw))
		}
		sd.HasCertificates = true
	}
	ci := &ContentInfo{ContentType: IDSignedData}
	ci.Content.Kind, ci.Content.SignedData = CtSignedData, sd
	return ci, nil
}

// certificateChoice returns the certificate alternative of
// CertificateChoices for raw. A certificate that is DER re-encodes to
// itself; one with a DER defect crypto/x509 accepts is kept as received
// in Unknown (which encoding writes as it is), since re-encoding it would
// change the bytes its issuer signed.
func certificateChoice(raw []byte) CertificateChoices {
	var c rfc5280.Certificate
	if err := der.Unmarshal(raw, &c, nil); err == nil {
		return CertificateChoices{Choice: CertificateChoices_Certificate, Certificate: &c}
	}
	return CertificateChoices{Unknown: raw}
}

func containsDigest(l SignedData_DigestAlgorithms, o der.OID) bool {
	for _, d := range l {
		if d.Algorithm.Equal(o) {
			return true
		}
	}
	return false
}

// signerInfo makes the SignerInfo of s over content.
func signerInfo(content []byte, ct der.OID, s Signer, opts *SignOptions) (SignerInfo, error) {
	if s.Certificate == nil || s.Key == nil {
		return SignerInfo{}, errors.New("a Signer needs a certificate and a key")
	}
	pub := s.Key.Public()
	if k, ok := pub.(interface{ Equal(crypto.PublicKey) bool }); !ok || !k.Equal(s.Certificate.PublicKey) {
		return SignerInfo{}, errors.New("the key is not the certificate's")
	}
	h := opts.Hash
	if h == 0 {
		h = crypto.SHA256
	}
	var si SignerInfo
	var sch scheme
	switch pub.(type) {
	case *rsa.PublicKey:
		sch = schemePKCS1v15
		// RFC 3370 3.2: rsaEncryption, parameters NULL, as OpenSSL writes.
		si.SignatureAlgorithm = SignatureAlgorithmIdentifier{Algorithm: rfc5280.RSAEncryption, HasParameters: true}
		si.SignatureAlgorithm.Parameters.Raw = []byte{0x05, 0x00}
		if opts.PSS {
			sch = schemePSS
			params, err := appendPSSParams(nil, h)
			if err != nil {
				return SignerInfo{}, err
			}
			si.SignatureAlgorithm = SignatureAlgorithmIdentifier{Algorithm: rfc5280.IDRSASSAPSS, HasParameters: true}
			si.SignatureAlgorithm.Parameters.Raw = params
		}
	case *ecdsa.PublicKey:
		sch = schemeECDSA
		if o, ok := ecdsaOID(h); ok {
			si.SignatureAlgorithm = SignatureAlgorithmIdentifier{Algorithm: o} // RFC 5758 3.2: no parameters
		}
	case ed25519.PublicKey:
		sch, h = schemeEd25519, crypto.SHA512
		si.SignatureAlgorithm = SignatureAlgorithmIdentifier{Algorithm: oidEd25519} // RFC 8410 3: no parameters
	default:
		return SignerInfo{}, fmt.Errorf("%w: a %T key", ErrUnsupportedAlgorithm, pub)
	}
	switch h {
	case crypto.SHA256, crypto.SHA384, crypto.SHA512, crypto.SHA3_256, crypto.SHA3_384, crypto.SHA3_512:
	default:
		return SignerInfo{}, fmt.Errorf("%w: digest %v (SignOptions.Hash: SHA-256 or stronger)", ErrUnsupportedAlgorithm, h)
	}
	o, _ := hashOID(h)
	si.DigestAlgorithm = DigestAlgorithmIdentifier{Algorithm: o} // RFC 5754 2: parameters absent
	if opts.SubjectKeyIdentifier {
		if len(s.Certificate.SubjectKeyId) == 0 {
			return SignerInfo{}, errors.New("the certificate has no subject key identifier")
		}
		si.Version = CMSVersion_V3
		si.Sid = SignerIdentifier{Choice: SignerIdentifier_SubjectKeyIdentifier, SubjectKeyIdentifier: s.Certificate.SubjectKeyId}
	} else {
		si.Version = CMSVersion_V1
		si.Sid.Choice = SignerIdentifier_IssuerAndSerialNumber
		if err := der.Unmarshal(s.Certificate.RawIssuer, &si.Sid.IssuerAndSerialNumber.Issuer, rfc5280.X509Options()); err != nil {
			return SignerInfo{}, fmt.Errorf("the certificate's issuer: %w", err)
		}
		si.Sid.IssuerAndSerialNumber.SerialNumber = rfc5280.CertificateSerialNumber(der.IntegerFromBig(s.Certificate.SerialNumber))
	}
	msg := content
	if !opts.NoAttributes {
		w := h.New()
		w.Write(content)
		attrs := SignedAttributes{
			{AttrType: IDContentType, AttrValues: []SignedAttributesSet{{Kind: AaContentType, ContentType: ContentType(ct)}}},
			{AttrType: IDMessageDigest, AttrValues: []SignedAttributesSet{{Kind: AaMessageDigest, MessageDigest: w.Sum(nil)}}},
		}
		if !opts.NoSigningTime {
			t := opts.SigningTime
			if t.IsZero() {
				t = time.Now()
			}
			t = t.UTC().Truncate(time.Second)
			v := SigningTime{Choice: Time_UTCTime, Value: der.TimeOf(t)}
			if y := t.Year(); y < 1950 || y > 2049 {
				v.Choice = Time_GeneralTime // RFC 5652 11.3
			}
			attrs = append(attrs, Attribute_SignedAttributesSet{AttrType: IDSigningTime, AttrValues: []SignedAttributesSet{{Kind: AaSigningTime, SigningTime: v}}})
		}
		attrs = append(attrs, opts.Attributes...)
		// RFC 5652 5.4: the signature is over the DER of the SET OF;
		// encoding sorts it, as it does under the [0] tag in the
		// SignerInfo, so both hold the same octets.
		enc, err := der.Marshal(&attrs, nil)
		if err != nil {
			return SignerInfo{}, err
		}
		si.SignedAttrs, si.HasSignedAttrs, msg = attrs, true, enc
	}
	rnd := opts.Rand
	if rnd == nil {
		rnd = rand.Reader
	}
	var sig []byte
	var err error
	switch sch {
	case schemeEd25519:
		sig, err = s.Key.Sign(rnd, msg, crypto.Hash(0))
	default:
		w := h.New()
		w.Write(msg)
		var so crypto.SignerOpts = h
		if sch == schemePSS {
			so = &rsa.PSSOptions{SaltLength: rsa.PSSSaltLengthEqualsHash, Hash: h}
		}
		sig, err = s.Key.Sign(rnd, w.Sum(nil), so)
	}
	if err != nil {
		return SignerInfo{}, err
	}
	si.Signature = sig
	return si, nil
}

// ecdsaOID returns the ECDSA signature algorithm with hash h (RFC 5758
// 3.2, RFC 8702 3.3).
func ecdsaOID(h crypto.Hash) (der.OID, bool) {
	switch h {
	case crypto.SHA256:
		return rfc5280.ECDSAWithSHA256, true
	case crypto.SHA384:
		return rfc5280.ECDSAWithSHA384, true
	case crypto.SHA512:
		return rfc5280.ECDSAWithSHA512, true
	case crypto.SHA3_256:
		return oidECDSAWithSHA3_256, true
	case crypto.SHA3_384:
		return oidECDSAWithSHA3_384, true
	case crypto.SHA3_512:
		return oidECDSAWithSHA3_512, true
	}
	return nil, false
}

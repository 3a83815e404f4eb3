package rfc5652

import (
	"bytes"
	"crypto"
	"crypto/dsa" //lint:ignore SA1019 DSA signatures of old messages (RFC 3370 3.1, RFC 4134) still verify; nothing signs with it
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/rsa"
	"crypto/sha1"
	"crypto/subtle"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/asn1"
	"encoding/hex"
	"errors"
	"fmt"
	"math/big"
	"strconv"
	"strings"
	"time"

	"github.com/asn1gen/asn1gen/generated/rfc5280"
	"github.com/asn1gen/asn1gen/runtime/der"
)

// The kinds of verification failure, for errors.Is. Verify wraps them
// (with the details) in a *SignerError that says which SignerInfo failed
// and at which of its fields.
var (
	// ErrNotSignedData: the ContentInfo holds another content type.
	ErrNotSignedData = errors.New("rfc5652: not a SignedData")
	// ErrNoSigners: the SignedData has no SignerInfo (a certs-only
	// bundle, RFC 5652 5.1), so there is nothing to verify.
	ErrNoSigners = errors.New("rfc5652: no SignerInfo")
	// ErrNoContent: the content is detached (no eContent) and
	// VerifyOptions.Content is nil.
	ErrNoContent = errors.New("rfc5652: detached content not given")
	// ErrSignerNotFound: no certificate matches the SignerInfo's sid.
	ErrSignerNotFound = errors.New("rfc5652: signer certificate not found")
	// ErrBadCertificate: the certificate the sid identifies is in the
	// SignedData, but crypto/x509 does not parse it (a DSA key whose
	// parameters are inherited from its issuer, say); the x509 error is
	// in the text.
	ErrBadCertificate = errors.New("rfc5652: signer certificate unusable")
	// ErrAttributes: the attributes break RFC 5652 5.3 or 11: the
	// content-type or message-digest attribute is missing, repeated, has
	// other than one value, or names another content type than
	// eContentType; or one of those, or signing-time, is an unsigned
	// attribute, or a countersignature is a signed one.
	ErrAttributes = errors.New("rfc5652: invalid attributes")
	// ErrDigestMismatch: the message-digest attribute is not the digest of
	// the content (the content was changed, or is not the one signed).
	ErrDigestMismatch = errors.New("rfc5652: message digest does not match the content")
	// ErrSignature: the signature does not verify with the signer
	// certificate's public key (or does not fit its key type).
	ErrSignature = errors.New("rfc5652: signature does not verify")
	// ErrUnsupportedAlgorithm: a digest or signature algorithm this
	// package does not verify (MD5, Ed448, ML-DSA, ...); the error names
	// its OID.
	ErrUnsupportedAlgorithm = errors.New("rfc5652: unsupported algorithm")
	// ErrInsecureAlgorithm: SHA-1, refused unless VerifyOptions.AllowSHA1.
	ErrInsecureAlgorithm = errors.New("rfc5652: insecure algorithm")
	// ErrChain: VerifyOptions.Chain was given and the signer certificate
	// does not chain to its roots; the crypto/x509 error is wrapped too
	// (errors.As with x509.UnknownAuthorityError, ...).
	ErrChain = errors.New("rfc5652: signer certificate not trusted")
	// ErrTooManySigners: more SignerInfos than VerifyOptions.MaxSigners;
	// none is verified.
	ErrTooManySigners = errors.New("rfc5652: more SignerInfos than VerifyOptions.MaxSigners")
)

// DefaultMaxSigners is the number of SignerInfos Verify verifies when
// VerifyOptions.MaxSigners is 0. Neither OpenSSL (CMS_verify) nor
// go.mozilla.org/pkcs7 bounds it, and each SignerInfo costs a public-key
// operation and a search of the certificates (issue 24: 100,000
// SignerInfos took 43-74 s); real messages carry one or two (S/MIME,
// Authenticode, RFC 4134's examples; the corpus has at most 2), and 64
// leaves room for multi-party signatures.
const DefaultMaxSigners = 64

// SignerError is the failure of one SignerInfo.
type SignerError struct {
	// Index is the SignerInfo's position in SignedData.signerInfos.
	Index int
	// Signer is its sid as text: "issuer CN=..., serial 1234" or
	// "subjectKeyIdentifier 0a1b...".
	Signer string
	// Field is the part of the SignerInfo at fault: "digestAlgorithm",
	// "sid" (no certificate, or one that does not chain),
	// "signedAttrs" or "signedAttrs[i]", "unsignedAttrs[i]",
	// "signatureAlgorithm", "signature".
	Field string
	// Err says why; errors.Is finds the Err... kind in it.
	Err error
	// Offset is the offset of Field's element in the input of Verify,
	// which places the errors; -1 from SignedData.Verify, which knows no
	// input (the decoded value does not say where it was read).
	Offset int
}

func (e *SignerError) Error() string {
	at := ""
	if e.Offset >= 0 {
		at = " at offset " + strconv.Itoa(e.Offset)
	}
	return fmt.Sprintf("rfc5652: SignedData.signerInfos[%d] (%s) %s%s: %s", e.Index, e.Signer, e.Field, at, strings.TrimPrefix(e.Err.Error(), "rfc5652: "))
}

func (e *SignerError) Unwrap() error { return e.Err }

// VerifyOptions are the inputs of SignedData verification besides the
// SignedData itself. The zero value verifies an attached content against
// the certificates the SignedData carries, without chain verification.
type VerifyOptions struct {
	// Content is the detached content (RFC 5652 5.2: eContent absent, as
	// in S/MIME multipart/signed and .p7s files): the octets that were
	// signed. nil means none was given: an attached content is verified,
	// a detached one is ErrNoContent. Giving it for a SignedData that
	// carries its content is an error.
	Content []byte
	// Certificates are more certificates among which to find the
	// signers, beside those of the SignedData (whose certificates field
	// is optional: a signer may send none).
	Certificates []*x509.Certificate
	// Chain, when not nil, also verifies each signer certificate with
	// crypto/x509 (x509.Certificate.Verify): the SignedData's certificates
	// and Certificates are added to a copy of Chain.Intermediates, and an
	// empty KeyUsages means any (x509's default is server
	// authentication; set x509.ExtKeyUsageEmailProtection for S/MIME,
	// ExtKeyUsageCodeSigning, ...). CurrentTime zero means now; to check
	// at the signing time, verify once without Chain and read
	// VerifiedSigner.SigningTime.
	//
	// Without Chain, verification shows only that the holder of the
	// key of a certificate signed: anyone can make a certificate.
	Chain *x509.VerifyOptions
	// AllowSHA1 accepts SHA-1 as the digest algorithm (as old S/MIME
	// and RFC 4134's examples use it); without it, SHA-1 is
	// ErrInsecureAlgorithm. MD2, MD4 and MD5 are never accepted.
	AllowSHA1 bool
	// MaxSigners is the most SignerInfos verified; a SignedData with
	// more is ErrTooManySigners before any is. 0 means DefaultMaxSigners.
	MaxSigners int
}

// VerifiedSigner is one SignerInfo whose signature verified.
type VerifiedSigner struct {
	// Index is the SignerInfo's position in SignedData.signerInfos.
	Index int
	// SignerInfo is the SignerInfo (an element of the SignedData's).
	SignerInfo *SignerInfo
	// Certificate is the signer certificate its sid identifies.
	Certificate *x509.Certificate
	// SigningTime is the signing-time attribute (RFC 5652 11.3), zero
	// when there is none. It is what the signer claims.
	SigningTime time.Time
	// Chains are the chains x509.Certificate.Verify found when
	// VerifyOptions.Chain was given.
	Chains [][]*x509.Certificate
}

// Verify decodes ber, a ContentInfo holding a SignedData in BER or DER
// (strip a PEM wrapping with encoding/pem first), and verifies it as
// SignedData.Verify does. content is the signed content: the eContent
// (aliasing ber when it was a primitive OCTET STRING), or opts.Content
// when it is detached.
//
// A PKCS #7 SignedData (RFC 2315) whose content is not an OCTET STRING
// but the content type's value itself (Authenticode, Microsoft's
// certificate trust lists, Apple's MDM signatures), which a CMS decode
// rejects, is verified too, digesting the contents octets of the
// content's DER as RFC 2315 9.3 says; content is then the content's DER.
//
// Its errors carry the offset in ber (*der.Error, or SignerError.Offset).
func Verify(ber []byte, opts *VerifyOptions) (content []byte, signers []VerifiedSigner, err error) {
	var ci ContentInfo
	if err := der.Unmarshal(ber, &ci, &der.Options{BER: true}); err != nil {
		sd, content, perr := decodePKCS7SignedData(ber)
		if perr != nil {
			return nil, nil, err // the CMS decode's error
		}
		if signers, err = sd.Verify(opts); err != nil {
			return nil, nil, placeErrors(err, ber, opts)
		}
		return content, signers, nil
	}
	if ci.Content.Kind != CtSignedData {
		off, _ := der.OffsetIn(ber, ci.ContentType)
		return nil, nil, der.Locate(fmt.Errorf("%w: content type %v", ErrNotSignedData, ci.ContentType), der.KindInvalidValue, off, "ContentInfo.contentType")
	}
	sd := ci.Content.SignedData
	if signers, err = sd.Verify(opts); err != nil {
		return nil, nil, placeErrors(err, ber, opts)
	}
	if sd.EncapContentInfo.HasEContent {
		return sd.EncapContentInfo.EContent.Raw, signers, nil
	}
	return opts.Content, signers, nil // detached: sd.Verify needed opts.Content
}

// Verify verifies every SignerInfo of sd (RFC 5652 5.6) and returns them
// in order, or an error that joins one *SignerError per SignerInfo that
// failed (errors.As gives the first; errors.Is the kinds: ErrDigestMismatch,
// ErrSignature, ...). opts may be nil.
//
// For each SignerInfo: the digest algorithm must be known (SHA-2, SHA-3,
// SHA-1 with AllowSHA1); the signer certificate is the one whose issuer
// and serial number, or subject key identifier, the sid gives (among the
// SignedData's certificates and opts.Certificates; a certificate without
// the extension is matched by the SHA-1 of its public key, RFC 5280
// 4.2.1.2); when there are signed attributes, there must be exactly one
// content-type attribute naming eContentType and one message-digest
// attribute holding the digest of the content, each with one value, and
// at most one signing-time (RFC 5652 5.3, 11); the signature must verify
// over the DER of the signed attributes as received, with their [0] tag
// made the SET OF tag (RFC 5652 5.4; when they were received in another
// form than DER, their DER encoding is tried too), or over the content
// when there are none. Signature algorithms: RSA PKCS #1 v1.5
// (rsaEncryption or shaNWithRSAEncryption), RSASSA-PSS (its parameters'
// hash, MGF1 with the same hash, the salt length given), ECDSA, Ed25519
// (RFC 8419: pure Ed25519 over the same octets) and, to read old
// messages, DSA; the hash is the SignerInfo's digestAlgorithm, as OpenSSL
// does.
//
// What Verify does not check: a content type other than id-data without
// signed attributes (which RFC 5652 5.3 forbids but some signers write),
// countersignatures and the other unsigned attributes, the ESS
// signing-certificate attributes, and revocation.
func (sd *SignedData) Verify(opts *VerifyOptions) ([]VerifiedSigner, error) {
	if opts == nil {
		opts = &VerifyOptions{}
	}
	if len(sd.SignerInfos) == 0 {
		return nil, ErrNoSigners
	}
	if max := opts.maxSigners(); len(sd.SignerInfos) > max {
		return nil, fmt.Errorf("%w: %d SignerInfos, at most %d verified", ErrTooManySigners, len(sd.SignerInfos), max)
	}
	v := verifier{sd: sd, opts: opts, digests: map[crypto.Hash][]byte{}}
	switch {
	case sd.EncapContentInfo.HasEContent && opts.Content != nil:
		return nil, errors.New("rfc5652: VerifyOptions.Content given for a SignedData that carries its content")
	case sd.EncapContentInfo.HasEContent:
		v.content = sd.EncapContentInfo.EContent.Raw
	case opts.Content == nil:
		return nil, ErrNoContent
	default:
		v.content = opts.Content
	}
	v.loadCertificates()
	out := make([]VerifiedSigner, 0, len(sd.SignerInfos))
	var errs []error
	for i := range sd.SignerInfos {
		s, err := v.verifySigner(i, &sd.SignerInfos[i])
		if err != nil {
			errs = append(errs, err)
			continue
		}
		out = append(out, s)
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	return out, nil
}

// unparsed is a certificate of the SignedData that crypto/x509 rejects.
type unparsed struct {
	index int // in SignedData.certificates
	cert  *rfc5280.Certificate
	err   error
}

// verifier holds what the SignerInfos of one SignedData share.
type verifier struct {
	sd      *SignedData
	opts    *VerifyOptions
	content []byte
	digests map[crypto.Hash][]byte // the content's, by hash
	certs   []*x509.Certificate
	// unparsed are the SignedData's certificates crypto/x509 rejects,
	// for the error when one of them is the signer's.
	unparsed      []unparsed
	intermediates *x509.CertPool
}

func (v *verifier) loadCertificates() {
	for i := range v.sd.Certificates {
		c := &v.sd.Certificates[i]
		if c.Choice != CertificateChoices_Certificate || c.Certificate == nil {
			continue
		}
		xc, err := c.Certificate.X509()
		if err != nil {
			v.unparsed = append(v.unparsed, unparsed{i, c.Certificate, err})
			continue
		}
		v.certs = append(v.certs, xc)
	}
	v.certs = append(v.certs, v.opts.Certificates...)
}

func (v *verifier) verifySigner(i int, si *SignerInfo) (VerifiedSigner, error) {
	fail := func(field string, err error) error {
		return &SignerError{Index: i, Signer: sidString(&si.Sid), Field: field, Err: err, Offset: -1}
	}
	h, err := v.hash(si.DigestAlgorithm.Algorithm)
	if err != nil {
		return VerifiedSigner{}, fail("digestAlgorithm", err)
	}
	sch := schemeOf(si.SignatureAlgorithm.Algorithm)
	if sch == schemeNone {
		return VerifiedSigner{}, fail("signatureAlgorithm", fmt.Errorf("%w: signature algorithm %s", ErrUnsupportedAlgorithm, algorithmName(si.SignatureAlgorithm.Algorithm)))
	}
	cert, err := v.find(&si.Sid)
	if err != nil {
		return VerifiedSigner{}, fail("sid", err)
	}
	out := VerifiedSigner{Index: i, SignerInfo: si, Certificate: cert}
	if field, err := checkPlacement(si); err != nil {
		return VerifiedSigner{}, fail(field, err)
	}
	msg := v.content
	if si.HasSignedAttrs {
		var field string
		out.SigningTime, field, err = v.checkAttributes(si, h)
		if err != nil {
			return VerifiedSigner{}, fail(field, err)
		}
		msg = setOf(si.SignedAttrsRaw)
	}
	err = v.verifySignature(cert, sch, si, h, msg)
	if err != nil && si.HasSignedAttrs {
		// RFC 5652 5.4: the signature covers the DER encoding. A BER
		// message or an unsorted SET OF was received: the signer may
		// have signed the DER (as OpenSSL does, re-encoding).
		if d, derErr := der.Marshal(&si.SignedAttrs, &der.Options{SkipConstraints: true}); derErr == nil && !bytes.Equal(d, msg) {
			if v.verifySignature(cert, sch, si, h, d) == nil {
				err = nil
			}
		}
	}
	if err != nil {
		field := "signature"
		if errors.Is(err, ErrUnsupportedAlgorithm) || errors.Is(err, ErrInsecureAlgorithm) {
			field = "signatureAlgorithm"
		}
		return VerifiedSigner{}, fail(field, err)
	}
	if v.opts.Chain != nil {
		if out.Chains, err = v.chain(cert); err != nil {
			return VerifiedSigner{}, fail("sid", err)
		}
	}
	return out, nil
}

// hash returns the hash a digest algorithm names, if Verify accepts it.
func (v *verifier) hash(o der.OID) (crypto.Hash, error) {
	h, ok := hashOf(o)
	if !ok {
		return 0, fmt.Errorf("%w: digest algorithm %s", ErrUnsupportedAlgorithm, algorithmName(o))
	}
	if h == crypto.SHA1 && !v.opts.AllowSHA1 {
		return 0, fmt.Errorf("%w: SHA-1 (VerifyOptions.AllowSHA1 accepts it)", ErrInsecureAlgorithm)
	}
	return h, nil
}

// digest returns the digest of the content (computed once per hash).
func (v *verifier) digest(h crypto.Hash) []byte {
	if d, ok := v.digests[h]; ok {
		return d
	}
	w := h.New()
	w.Write(v.content)
	d := w.Sum(nil)
	v.digests[h] = d
	return d
}

// checkAttributes checks the signed attributes of si (RFC 5652 5.3, 11.1,
// 11.2, 11.3) and returns the signing time, if any; on failure, the field
// at fault.
func (v *verifier) checkAttributes(si *SignerInfo, h crypto.Hash) (time.Time, string, error) {
	ct, md, st := -1, -1, -1
	for k := range si.SignedAttrs {
		a := &si.SignedAttrs[k]
		var at *int
		switch {
		case a.AttrType.Equal(IDContentType):
			at = &ct
		case a.AttrType.Equal(IDMessageDigest):
			at = &md
		case a.AttrType.Equal(IDSigningTime):
			at = &st
		default:
			continue
		}
		if *at >= 0 {
			return time.Time{}, attrField(k), fmt.Errorf("%w: a second %s attribute (RFC 5652 11: one instance)", ErrAttributes, attrName(a.AttrType))
		}
		*at = k
		if n := len(a.AttrValues); n != 1 {
			return time.Time{}, attrField(k), fmt.Errorf("%w: %s attribute with %d values (RFC 5652 11: one)", ErrAttributes, attrName(a.AttrType), n)
		}
	}
	if ct < 0 {
		return time.Time{}, "signedAttrs", fmt.Errorf("%w: no content-type attribute (RFC 5652 5.3)", ErrAttributes)
	}
	if md < 0 {
		return time.Time{}, "signedAttrs", fmt.Errorf("%w: no message-digest attribute (RFC 5652 5.3)", ErrAttributes)
	}
	// The values decoded as the table's types unless the decode
	// tolerated open-type errors (Kind 0 then).
	if a := si.SignedAttrs[ct].AttrValues[0]; a.Kind != AaContentType {
		return time.Time{}, attrField(ct), fmt.Errorf("%w: the content-type value is not an OBJECT IDENTIFIER", ErrAttributes)
	} else if e := v.sd.EncapContentInfo.EContentType; !der.OID(a.ContentType).Equal(e) {
		return time.Time{}, attrField(ct), fmt.Errorf("%w: content-type attribute %v, eContentType %v (RFC 5652 11.1)", ErrAttributes, a.ContentType, e)
	}
	a := si.SignedAttrs[md].AttrValues[0]
	if a.Kind != AaMessageDigest {
		return time.Time{}, attrField(md), fmt.Errorf("%w: the message-digest value is not an OCTET STRING", ErrAttributes)
	}
	if d := v.digest(h); subtle.ConstantTimeCompare(d, a.MessageDigest) != 1 {
		return time.Time{}, attrField(md), fmt.Errorf("%w: %v digest %x, message-digest attribute %x", ErrDigestMismatch, h, d, []byte(a.MessageDigest))
	}
	if st < 0 {
		return time.Time{}, "", nil
	}
	if a := si.SignedAttrs[st].AttrValues[0]; a.Kind != AaSigningTime {
		return time.Time{}, attrField(st), fmt.Errorf("%w: the signing-time value is not a Time", ErrAttributes)
	} else {
		return a.SigningTime.Value.Time(), "", nil
	}
}

// checkPlacement checks that the attributes RFC 5652 11 says are signed
// (content-type, message-digest, signing-time) are not unsigned, and that
// a countersignature (11.4: unsigned) is not signed.
func checkPlacement(si *SignerInfo) (string, error) {
	for k := range si.UnsignedAttrs {
		if o := si.UnsignedAttrs[k].AttrType; o.Equal(IDContentType) || o.Equal(IDMessageDigest) || o.Equal(IDSigningTime) {
			return fmt.Sprintf("unsignedAttrs[%d]", k), fmt.Errorf("%w: an unsigned %s attribute (RFC 5652 11: it must be signed)", ErrAttributes, attrName(o))
		}
	}
	for k := range si.SignedAttrs {
		if si.SignedAttrs[k].AttrType.Equal(IDCountersignature) {
			return attrField(k), fmt.Errorf("%w: a signed countersignature attribute (RFC 5652 11.4: it must be unsigned)", ErrAttributes)
		}
	}
	return "", nil
}

func attrField(k int) string { return fmt.Sprintf("signedAttrs[%d]", k) }

func attrName(o der.OID) string {
	switch {
	case o.Equal(IDContentType):
		return "content-type"
	case o.Equal(IDMessageDigest):
		return "message-digest"
	case o.Equal(IDSigningTime):
		return "signing-time"
	}
	return o.String()
}

// setOf returns a copy of the encoding of signedAttrs, [0] IMPLICIT, with
// the SET OF tag instead (RFC 5652 5.4: "the EXPLICIT SET OF tag"). The
// length and contents octets are the same under both tags.
func setOf(raw []byte) []byte {
	out := make([]byte, len(raw))
	copy(out, raw)
	if len(out) > 0 {
		out[0] = 0x31 // UNIVERSAL 17, constructed
	}
	return out
}

// verifySignature verifies si's signature over msg with cert's key.
func (v *verifier) verifySignature(cert *x509.Certificate, sch scheme, si *SignerInfo, h crypto.Hash, msg []byte) error {
	sig := []byte(si.Signature)
	digest := func(h crypto.Hash) []byte {
		w := h.New()
		w.Write(msg)
		return w.Sum(nil)
	}
	mismatch := func() error {
		return fmt.Errorf("%w: a %v signature with a %v key", ErrSignature, sch, cert.PublicKeyAlgorithm)
	}
	var err error
	switch sch {
	case schemePKCS1v15, schemePSS:
		pub, ok := cert.PublicKey.(*rsa.PublicKey)
		if !ok {
			return mismatch()
		}
		if sch == schemePKCS1v15 {
			err = rsa.VerifyPKCS1v15(pub, h, digest(h), sig)
			break
		}
		ph, salt, perr := pssParams(si.SignatureAlgorithm.Parameters.Raw)
		if perr != nil {
			return perr
		}
		if ph == crypto.SHA1 && !v.opts.AllowSHA1 {
			return fmt.Errorf("%w: RSASSA-PSS with SHA-1 (VerifyOptions.AllowSHA1 accepts it)", ErrInsecureAlgorithm)
		}
		err = rsa.VerifyPSS(pub, ph, digest(ph), sig, &rsa.PSSOptions{SaltLength: salt})
	case schemeECDSA:
		pub, ok := cert.PublicKey.(*ecdsa.PublicKey)
		if !ok {
			return mismatch()
		}
		if !ecdsa.VerifyASN1(pub, digest(h), sig) {
			err = errors.New("ECDSA verification error")
		}
	case schemeEd25519:
		pub, ok := cert.PublicKey.(ed25519.PublicKey)
		if !ok {
			return mismatch()
		}
		if !ed25519.Verify(pub, msg, sig) {
			err = errors.New("Ed25519 verification error")
		}
	case schemeDSA:
		pub, ok := cert.PublicKey.(*dsa.PublicKey)
		if !ok {
			return mismatch()
		}
		err = verifyDSA(pub, digest(h), sig)
	}
	if err != nil {
		return fmt.Errorf("%w: %v with %v: %w", ErrSignature, sch, h, err)
	}
	return nil
}

// verifyDSA verifies a Dss-Sig-Value (RFC 3279 2.2.2) over digest,
// truncated to the length of Q as FIPS 186-4 4.6 says (dsa.Verify does not).
func verifyDSA(pub *dsa.PublicKey, digest, sig []byte) error {
	r := der.NewReader(sig, nil)
	s, err := r.ReadConstructed(der.TagSequence, "Dss-Sig-Value")
	if err != nil {
		return err
	}
	ri, err := s.ReadInteger(der.TagInteger)
	if err != nil {
		return err
	}
	si, err := s.ReadInteger(der.TagInteger)
	if err != nil {
		return err
	}
	if err := s.Finish("Dss-Sig-Value"); err != nil {
		return err
	}
	if err := r.Finish("Dss-Sig-Value"); err != nil {
		return err
	}
	if n := (pub.Q.BitLen() + 7) / 8; len(digest) > n {
		digest = digest[:n]
	}
	if !dsa.Verify(pub, digest, ri.Big(), si.Big()) {
		return errors.New("DSA verification error")
	}
	return nil
}

// find returns the certificate sid identifies (RFC 5652 5.3).
func (v *verifier) find(sid *SignerIdentifier) (*x509.Certificate, error) {
	switch sid.Choice {
	case SignerIdentifier_IssuerAndSerialNumber:
		ias := &sid.IssuerAndSerialNumber
		issuer, err := der.Marshal(&ias.Issuer, rfc5280.X509Options())
		if err != nil {
			return nil, err
		}
		serial := ias.SerialNumber.Big()
		for _, c := range v.certs {
			if c.SerialNumber.Cmp(serial) == 0 && sameName(issuer, c.RawIssuer) {
				return c, nil
			}
		}
	case SignerIdentifier_SubjectKeyIdentifier:
		for _, c := range v.certs {
			if bytes.Equal(keyID(c), sid.SubjectKeyIdentifier) {
				return c, nil
			}
		}
	default:
		return nil, fmt.Errorf("%w: a SignerIdentifier alternative this package does not know", ErrSignerNotFound)
	}
	for _, u := range v.unparsed {
		if sid.Choice == SignerIdentifier_IssuerAndSerialNumber && sameSigner(&sid.IssuerAndSerialNumber, &u.cert.ToBeSigned) {
			return nil, fmt.Errorf("%w: certificates[%d] is the signer's, but crypto/x509 rejects it: %v", ErrBadCertificate, u.index, u.err)
		}
	}
	return nil, fmt.Errorf("%w among %d certificates", ErrSignerNotFound, len(v.certs))
}

// sameSigner reports whether ias identifies the certificate of tbs.
func sameSigner(ias *IssuerAndSerialNumber, tbs *rfc5280.TBSCertificate) bool {
	if ias.SerialNumber.Big().Cmp(tbs.SerialNumber.Big()) != 0 {
		return false
	}
	a, err := der.Marshal(&ias.Issuer, rfc5280.X509Options())
	if err != nil {
		return false
	}
	b, err := der.Marshal(&tbs.Issuer, rfc5280.X509Options())
	return err == nil && bytes.Equal(a, b)
}

// sameName reports whether name, the DER of a Name, and raw, a
// certificate's encoding of one, are the same Name: equal octets, or
// equal once raw is in DER (an RDN's SET OF sorted, say).
func sameName(name, raw []byte) bool {
	if bytes.Equal(name, raw) {
		return true
	}
	var n rfc5280.Name
	if der.Unmarshal(raw, &n, rfc5280.X509Options()) != nil {
		return false
	}
	d, err := der.Marshal(&n, rfc5280.X509Options())
	return err == nil && bytes.Equal(name, d)
}

// keyID returns c's subject key identifier, or, without the extension,
// the SHA-1 of its subjectPublicKey BIT STRING (RFC 5280 4.2.1.2 method 1,
// what OpenSSL computes too).
func keyID(c *x509.Certificate) []byte {
	if len(c.SubjectKeyId) > 0 {
		return c.SubjectKeyId
	}
	var spki struct {
		Algorithm pkix.AlgorithmIdentifier
		PublicKey asn1.BitString
	}
	if _, err := asn1.Unmarshal(c.RawSubjectPublicKeyInfo, &spki); err != nil {
		return nil
	}
	sum := sha1.Sum(spki.PublicKey.Bytes)
	return sum[:]
}

// chain verifies cert with a copy of opts.Chain (see VerifyOptions.Chain).
func (v *verifier) chain(cert *x509.Certificate) ([][]*x509.Certificate, error) {
	vo := *v.opts.Chain
	if v.intermediates == nil {
		if vo.Intermediates != nil {
			v.intermediates = vo.Intermediates.Clone()
		} else {
			v.intermediates = x509.NewCertPool()
		}
		for _, c := range v.certs {
			v.intermediates.AddCert(c)
		}
	}
	vo.Intermediates = v.intermediates
	if len(vo.KeyUsages) == 0 {
		vo.KeyUsages = []x509.ExtKeyUsage{x509.ExtKeyUsageAny}
	}
	chains, err := cert.Verify(vo)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrChain, err)
	}
	return chains, nil
}

// sidString returns sid as SignerError.Signer says.
func sidString(sid *SignerIdentifier) string {
	switch sid.Choice {
	case SignerIdentifier_IssuerAndSerialNumber:
		ias := &sid.IssuerAndSerialNumber
		issuer := "?"
		if d, err := der.Marshal(&ias.Issuer, rfc5280.X509Options()); err == nil {
			var rdn pkix.RDNSequence
			if rest, err := asn1.Unmarshal(d, &rdn); err == nil && len(rest) == 0 {
				issuer = rdn.String()
			}
		}
		return "issuer " + issuer + ", serial " + serialString(ias.SerialNumber.Big())
	case SignerIdentifier_SubjectKeyIdentifier:
		return "subjectKeyIdentifier " + hex.EncodeToString(sid.SubjectKeyIdentifier)
	}
	return "unknown sid"
}

// serialString writes a serial number as OpenSSL does, in hexadecimal.
func serialString(n *big.Int) string {
	if n.Sign() < 0 {
		return "-0x" + new(big.Int).Neg(n).Text(16)
	}
	return "0x" + n.Text(16)
}

// maxSigners is MaxSigners with its default (o may be nil).
func (o *VerifyOptions) maxSigners() int {
	if o == nil || o.MaxSigners <= 0 {
		return DefaultMaxSigners
	}
	return o.MaxSigners
}

// placeErrors gives the errors of SignedData.Verify of the SignedData in
// ber their offsets in ber: each SignerError's, and the whole's for the
// errors of the SignedData (no signers, too many, no content), by the
// elements of ber, read without decoding them again.
func placeErrors(err error, ber []byte, opts *VerifyOptions) error {
	pl := signedDataPlaces(ber)
	var errs []error
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		errs = j.Unwrap()
	} else {
		errs = []error{err}
	}
	for _, e := range errs {
		if se, ok := e.(*SignerError); ok && se.Index < len(pl.signers) {
			se.Offset = signerFieldOffset(ber, pl.signers[se.Index], se.Field)
		}
	}
	switch {
	case errors.Is(err, ErrTooManySigners):
		if max := opts.maxSigners(); max < len(pl.signers) {
			return der.Locate(err, der.KindLimit, pl.signers[max], "SignedData.signerInfos["+strconv.Itoa(max)+"]")
		}
		return der.Locate(err, der.KindLimit, pl.set, "SignedData.signerInfos")
	case errors.Is(err, ErrNoSigners):
		return der.Locate(err, der.KindInvalidValue, pl.set, "SignedData.signerInfos")
	case errors.Is(err, ErrNoContent), len(errs) == 1 && strings.Contains(err.Error(), "VerifyOptions.Content"):
		return der.Locate(err, der.KindInvalidValue, pl.eci, "SignedData.encapContentInfo")
	}
	return err
}

// places are the offsets in a ContentInfo of the parts of its SignedData.
type places struct {
	eci, set int   // encapContentInfo, signerInfos
	signers  []int // each SignerInfo
}

// signedDataPlaces reads the headers of the ContentInfo ber, a SignedData
// (CMS or PKCS #7), down to its SignerInfos. What it cannot read stays 0.
func signedDataPlaces(ber []byte) (p places) {
	r := der.NewReader(ber, &der.Options{BER: true})
	ci, err := r.ReadConstructed(der.TagSequence, "ContentInfo")
	if err != nil || ci.Skip() != nil {
		return p
	}
	w, err := ci.ReadConstructed(der.Context(0), "")
	if err != nil {
		return p
	}
	sd, err := w.ReadConstructed(der.TagSequence, "")
	if err != nil || sd.Skip() != nil || sd.Skip() != nil { // version, digestAlgorithms
		return p
	}
	p.eci = sd.Offset()
	if sd.Skip() != nil {
		return p
	}
	for _, t := range []der.Tag{der.Context(0), der.Context(1)} { // certificates, crls
		if sd.Peek(t) && sd.Skip() != nil {
			return p
		}
	}
	p.set = sd.Offset()
	set, err := sd.ReadConstructed(der.TagSet, "")
	for err == nil && !set.Empty() {
		p.signers = append(p.signers, set.Offset())
		err = set.Skip()
	}
	return p
}

// signerFieldOffset returns the offset in ber of field (a SignerError's)
// of the SignerInfo at offset at: SignerInfo ::= SEQUENCE { version, sid,
// digestAlgorithm, signedAttrs [0] OPTIONAL, signatureAlgorithm,
// signature, unsignedAttrs [1] OPTIONAL }. It returns at when the field
// is not found.
func signerFieldOffset(ber []byte, at int, field string) int {
	name, index, _ := strings.Cut(strings.TrimSuffix(field, "]"), "[")
	r := der.NewReader(ber, &der.Options{BER: true})
	r = r.At(at, len(ber), 0)
	si, err := r.ReadConstructed(der.TagSequence, "")
	if err != nil {
		return at
	}
	// The position of each component: version, sid, digestAlgorithm,
	// then the rest by tag.
	for _, want := range []string{"version", "sid", "digestAlgorithm"} {
		if name == want {
			return si.Offset()
		}
		if si.Skip() != nil {
			return at
		}
	}
	for _, c := range []struct {
		name     string
		tag      der.Tag
		optional bool
	}{{"signedAttrs", der.Context(0), true}, {"signatureAlgorithm", der.TagSequence, false}, {"signature", der.TagOctetString, false}, {"unsignedAttrs", der.Context(1), true}} {
		if c.optional && !si.Peek(c.tag) {
			continue
		}
		if name != c.name {
			if si.Skip() != nil {
				return at
			}
			continue
		}
		off := si.Offset()
		if index == "" {
			return off
		}
		attrs, err := si.ReadConstructed(c.tag, "")
		n, _ := strconv.Atoi(index)
		for i := 0; err == nil && !attrs.Empty(); i++ {
			if i == n {
				return attrs.Offset()
			}
			err = attrs.Skip()
		}
		return off
	}
	return at
}

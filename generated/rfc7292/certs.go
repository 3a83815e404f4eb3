package rfc7292

import (
	"fmt"
	"strconv"

	"github.com/asn1gen/asn1gen/generated/rfc5652"
	"github.com/asn1gen/asn1gen/runtime/der"
)

// Certificates returns the DER of every X.509 certificate of a PKCS #12
// file whose certificates are not encrypted (a trust store, a file written
// with `openssl pkcs12 -export -certpbe NONE` or -nomac): the CertBags (of
// type x509Certificate) of each SafeContents that the file's
// AuthenticatedSafe holds in a ContentInfo of type data, in file order,
// descending into nested SafeContents bags.
//
// It is the fast path for such files: it decrypts nothing and verifies
// no MAC (it takes no password, so a file whose MAC algorithm is unknown
// still gives its certificates), and reads only the envelopes of the bags
// and the certificates' OCTET STRINGs. A part encrypted with a password
// (encryptedData) or a public key (envelopedData), which may hold
// certificates, is an error, ErrEncrypted: Decode, given the password,
// reads every part and verifies the MAC. Shrouded keys in unencrypted
// parts do not matter.
//
// pfx is decoded in BER mode, so the indefinite lengths and constructed
// OCTET STRINGs of BER files are accepted, and DER too; strip a PEM
// wrapping with encoding/pem first. An authSafe in public-key integrity
// mode (a SignedData) is read through its content, its signature not
// verified. Each element is the certificate's encoding as the file holds
// it, the bytes crypto/x509.ParseCertificate takes; it may alias pfx. A
// file without certificates gives none and no error.
func Certificates(pfx []byte) ([][]byte, error) {
	as, at, err := authenticatedSafe(pfx)
	if err != nil {
		return nil, err
	}
	var out [][]byte
	for i := range as {
		path := "AuthenticatedSafe[" + strconv.Itoa(i) + "]"
		c := &as[i].Content
		// Where the part is, as near as the octets tell (see place).
		off := place(pfx, as[i].ContentType, at)
		switch c.Kind {
		case rfc5652.CtData:
		case rfc5652.CtEncryptedData, rfc5652.CtEnvelopedData:
			return nil, der.Locate(fmt.Errorf("%w: the part is %v", ErrEncrypted, c.Kind), der.KindUnsupported, off, path)
		default:
			return nil, der.Locate(fmt.Errorf("rfc7292: content type %v is none of data, encryptedData, envelopedData", as[i].ContentType),
				der.KindInvalidValue, off, path+".contentType")
		}
		data, err := c.Data(nil)
		if err != nil {
			return nil, der.WithField(der.Rebase(err, pfx, c.Raw, off), path)
		}
		if out, err = appendBagCertificates(out, der.NewReader(data, &der.Options{BER: true}), 0); err != nil {
			return nil, der.WithField(der.Rebase(err, pfx, data, off), path+".SafeContents")
		}
	}
	return out, nil
}

// place returns the offset of part in in, the input of a decode, when
// part aliases it (the OIDs and the contents of primitive strings of a
// decoded value do), else at: the offset of the enclosing part that the
// caller knows. The values decoded from octets that were reassembled from
// BER segments or decrypted do not alias the input: their errors are
// placed at the element that held those octets.
func place(in, part []byte, at int) int {
	if off, ok := der.OffsetIn(in, part); ok {
		return off
	}
	return at
}

// firstComponent returns the offset of the first component of the
// element at offset off of in (its contents), or off when its header is
// unreadable.
func firstComponent(in []byte, off int) int {
	if off < 0 || off > len(in) {
		return off
	}
	h, err := der.ParseHeader(in[off:], off, true)
	if err != nil {
		return off
	}
	return off + h.HeaderLen
}

// authenticatedSafe decodes the AuthenticatedSafe of a PFX: the data of
// its authSafe ContentInfo, or of the SignedData's content in public-key
// integrity mode. Only version and authSafe are read. at is the offset in
// pfx of the authSafe's content, where the errors of the parts whose
// octets are not pfx's are placed. Errors are *der.Error values with the
// offset in pfx and the field path.
func authenticatedSafe(pfx []byte) (as AuthenticatedSafe, at int, err error) {
	r := der.NewReader(pfx, &der.Options{BER: true})
	s, err := r.ReadConstructed(der.TagSequence, "PFX")
	if err != nil {
		return nil, 0, der.WithField(err, "PFX")
	}
	if err := r.Finish("PFX"); err != nil {
		return nil, 0, err
	}
	off := s.Offset()
	version, err := s.ReadInt64(der.TagInteger)
	if err != nil {
		return nil, 0, der.WithField(err, "PFX.version")
	}
	if version != int64(PFX_V3) {
		return nil, 0, der.WithField(der.NewError(der.KindInvalidValue, off, "INTEGER", "version "+strconv.FormatInt(version, 10)+", not 3", "RFC 7292 4"), "PFX.version")
	}
	off = s.Offset()
	var ci rfc5652.ContentInfo
	if err := ci.DecodeASN1(&s, der.TagSequence); err != nil {
		return nil, 0, der.WithField(err, "PFX.authSafe")
	}
	at = firstComponent(pfx, off)
	var data []byte
	switch c := &ci.Content; c.Kind {
	case rfc5652.CtData:
		if data, err = c.Data(nil); err != nil {
			return nil, 0, der.WithField(der.Rebase(err, pfx, c.Raw, at), "PFX.authSafe")
		}
	case rfc5652.CtSignedData:
		e := &c.SignedData.EncapContentInfo
		if e.EContent.Kind != rfc5652.CtData {
			return nil, 0, der.Locate(fmt.Errorf("rfc7292: SignedData content type %v is not data", e.EContentType), der.KindInvalidValue,
				place(pfx, e.EContentType, at), "PFX.authSafe.content.encapContentInfo.eContentType")
		}
		data = e.EContent.Raw
	default:
		return nil, 0, der.Locate(fmt.Errorf("rfc7292: content type %v is neither data nor signedData", ci.ContentType), der.KindInvalidValue,
			at, "PFX.authSafe.contentType")
	}
	if err := der.Unmarshal(data, &as, &der.Options{BER: true}); err != nil {
		return nil, 0, der.Rebase(err, pfx, data, at)
	}
	return as, at, nil
}

// The bag, certificate and CRL types of RFC 7292 4.2, 4.2.3 and 4.2.4, as
// OID contents: keyBag {bagtypes 1} to safeContentsBag {bagtypes 6},
// x509Certificate {certTypes 1}, x509CRL {crlTypes 1}.
var (
	oidKeyBag          = der.OID("\x2a\x86\x48\x86\xf7\x0d\x01\x0c\x0a\x01\x01") // 1.2.840.113549.1.12.10.1.1
	oidCertBag         = der.OID("\x2a\x86\x48\x86\xf7\x0d\x01\x0c\x0a\x01\x03") // 1.2.840.113549.1.12.10.1.3
	oidCRLBag          = der.OID("\x2a\x86\x48\x86\xf7\x0d\x01\x0c\x0a\x01\x04") // 1.2.840.113549.1.12.10.1.4
	oidSecretBag       = der.OID("\x2a\x86\x48\x86\xf7\x0d\x01\x0c\x0a\x01\x05") // 1.2.840.113549.1.12.10.1.5
	oidSafeContentsBag = der.OID("\x2a\x86\x48\x86\xf7\x0d\x01\x0c\x0a\x01\x06") // 1.2.840.113549.1.12.10.1.6
	oidX509Certificate = der.OID("\x2a\x86\x48\x86\xf7\x0d\x01\x09\x16\x01")     // 1.2.840.113549.1.9.22.1
	oidX509CRL         = der.OID("\x2a\x86\x48\x86\xf7\x0d\x01\x09\x17\x01")     // 1.2.840.113549.1.9.23.1
)

// maxBagNesting bounds the nesting of safeContentsBags that Decode and
// Certificates follow (each level is a SafeContents inside a SafeBag).
const maxBagNesting = 8

// appendBagCertificates appends the DER of the X.509 certificates of the
// CertBags of the SafeContents that r holds (BER), and of its nested
// SafeContents bags, to out. It reads only the bags' envelopes and the
// certificates' OCTET STRINGs: the typed SafeBag (whose CertBag holds an
// rfc5280.Certificate) would decode every certificate. Errors have the
// offsets of r's input.
func appendBagCertificates(out [][]byte, r der.Reader, depth int) ([][]byte, error) {
	if depth > maxBagNesting {
		return nil, der.NewError(der.KindLimit, r.Offset(), "SafeContents", "safeContentsBags nested deeper than "+strconv.Itoa(maxBagNesting), "")
	}
	list, err := r.ReadConstructed(der.TagSequence, "SafeContents")
	if err != nil {
		return nil, err
	}
	if err := r.Finish("SafeContents"); err != nil {
		return nil, err
	}
	for i := 0; !list.Empty(); i++ {
		bag, err := list.ReadConstructed(der.TagSequence, "SafeBag")
		if err != nil {
			return nil, der.WithIndex(err, i)
		}
		id, err := bag.ReadOID(der.TagOID)
		if err != nil {
			return nil, der.WithIndex(der.WithField(err, "bagId"), i)
		}
		if !id.Equal(oidCertBag) && !id.Equal(oidSafeContentsBag) {
			continue
		}
		value, err := bag.ReadConstructed(der.Context(0), "[0] EXPLICIT")
		if err != nil {
			return nil, der.WithIndex(der.WithField(err, "bagValue"), i)
		}
		if id.Equal(oidSafeContentsBag) {
			off := value.Offset()
			inner, err := value.ReadRaw()
			if err == nil {
				out, err = appendBagCertificates(out, value.Open(inner, off), depth+1)
			}
			if err != nil {
				return nil, der.WithIndex(der.WithField(err, "bagValue"), i)
			}
			continue
		}
		cb, err := value.ReadConstructed(der.TagSequence, "CertBag")
		if err != nil {
			return nil, der.WithIndex(der.WithField(err, "bagValue"), i)
		}
		certID, err := cb.ReadOID(der.TagOID)
		if err != nil {
			return nil, der.WithIndex(der.WithField(err, "bagValue.certId"), i)
		}
		if !certID.Equal(oidX509Certificate) {
			continue
		}
		cv, err := cb.ReadConstructed(der.Context(0), "[0] EXPLICIT")
		if err != nil {
			return nil, der.WithIndex(der.WithField(err, "bagValue.certValue"), i)
		}
		cert, err := cv.ReadOctetString(der.TagOctetString)
		if err != nil {
			return nil, der.WithIndex(der.WithField(err, "bagValue.certValue"), i)
		}
		out = append(out, cert)
	}
	return out, nil
}

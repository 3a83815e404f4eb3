package rfc5280

import (
	"github.com/asn1gen/asn1gen/runtime/der"
	"github.com/asn1gen/asn1gen/runtime/view"
)

// The components of a TBSCertificate that crypto/x509 does not read, which
// a decode with der.TolerateX509Unread (X509Options) sets aside.
//
// crypto/x509.ParseCertificate reads the extension additions of a
// TBSCertificate (after subjectPublicKeyInfo) as follows, and never checks
// that it reached the end: in a version 1 certificate nothing; in a
// version 2 or 3 one, a primitive [1] and then a primitive [2] if they
// come, skipped without a look at their contents; in a version 3 one,
// then a constructed [3], the extensions, decoded and checked. It stops
// at the first element that is not the next of these, so a constructed
// [1] or [2], a primitive [3] and everything after them go unread.
//
// The rule depends on the certificate's version, which only this package
// knows how to read, so it lives here: the generated decoders of
// TBSCertificate and of its view call these methods (asn1gen gen -unread
// TBSCertificate), and package der gives the means to set octets aside
// and list them as deviations (Reader.SetAside, SetAsideElement). It is
// not "set aside what fails": what crypto/x509 reads is decoded and
// checked as in any decode, so a malformed extensions field of a version 3
// certificate stays an error and no BasicConstraints or NameConstraints
// go missing unnoticed. Where the decode sets octets aside:
//
//   - a known extension addition that crypto/x509 does not reach (the
//     extensions of a version 1 or 2 certificate, a constructed [1]) is
//     kept with all that follows it, unread, in Unknown, and listed as a
//     deviation whether it would decode or not;
//   - a primitive [1] or [2] whose contents are no valid BIT STRING, which
//     crypto/x509 skips unread, is kept present with the zero value (its
//     octets are in Raw, and in the deviation's Raw, as an invalid time's
//     are with TolerateInvalidTimes) and the decode goes on to what
//     follows.
//
// MarshalDER writes Unknown after the components, as for any unknown
// addition; Certificate.Encoding writes the to-be-signed part as received
// (ToBeSignedRaw), so a certificate decoded this way still verifies.

// unreadAdditions sets aside, in a decode that tolerates
// der.TolerateX509Unread, the extension additions at s (after
// subjectPublicKeyInfo) that crypto/x509 does not read, and returns them.
func (v *TBSCertificate) unreadAdditions(s *der.Reader) ([]byte, error) {
	if !s.Tolerates(der.TolerateX509Unread) {
		return nil, nil
	}
	n, err := x509Unread(s.Rest(), s.Offset(), v.Version, s.BER())
	if err == nil {
		return nil, nil
	}
	return s.SetAside(s.Offset()+n, der.TolerateX509Unread, err)
}

// unreadAdditions ends the window of the shallow parse where
// TBSCertificate.unreadAdditions sets the rest aside, so that the view's
// components are the eager decode's.
func (vw *TBSCertificateView) unreadAdditions(s *view.Cursor) {
	pos, end, _ := s.Window()
	if !s.Tolerates(der.TolerateX509Unread) || pos == end {
		return
	}
	ver, err := vw.Version()
	if err != nil {
		return // the eager decode fails on it before
	}
	in, _ := vw.c.Input()
	if n, err := x509Unread(in[pos:end], pos, ver, s.BER()); err != nil {
		s.Cut(pos + n)
	}
}

// unreadComponent is called when the extension addition name at the
// absolute offset at fails to decode with err: a primitive issuerUniqueID
// or subjectUniqueID, whose contents crypto/x509 does not read, is set
// aside (present, with the zero value) when the decode tolerates
// der.TolerateX509Unread; any other error is returned.
func (v *TBSCertificate) unreadComponent(s *der.Reader, at int, name string, err error) error {
	if name != "issuerUniqueID" && name != "subjectUniqueID" {
		return err
	}
	_, end, depth := s.Window()
	elem := s.At(at, end, depth)
	if b := elem.Rest(); len(b) == 0 || b[0]&0x20 != 0 {
		return err // constructed: crypto/x509 would not have read on to it
	}
	if err := s.SetAsideElement(at, der.TolerateX509Unread, err); err != nil {
		return err
	}
	if name == "issuerUniqueID" {
		v.IssuerUniqueID = UniqueIdentifier{}
	} else {
		v.SubjectUniqueID = UniqueIdentifier{}
	}
	return nil
}

// tbsAdditions are the extension additions of TBSCertificate by context
// tag number.
var tbsAdditions = [...]string{1: "issuerUniqueID", 2: "subjectUniqueID", 3: "extensions"}

// x509Unread looks at b, the octets of a TBSCertificate after
// subjectPublicKeyInfo at the absolute offset off, in a certificate of
// version ver: n is the length of what crypto/x509 reads of them, and err,
// when the decode would read a known addition after that, the deviation
// of setting b[n:] aside; nil when there is none (nothing follows, or
// only additions this version of the schema does not know, which the
// decode keeps in Unknown anyway).
func x509Unread(b []byte, off int, ver Version, ber bool) (n int, err error) {
	if ver != Version_V1 && ver != Version_V2 && ver != Version_V3 {
		return len(b), nil // crypto/x509 rejects the certificate: read it all
	}
	var last byte // the tag number of the last addition crypto/x509 reads
	if ver != Version_V1 {
		for _, id := range [...]byte{0x81, 0x82, 0xa3} {
			if id == 0xa3 && ver != Version_V3 {
				break
			}
			if n == len(b) || b[n] != id {
				continue
			}
			h, err := der.ParseHeader(b[n:], off+n, ber)
			if err != nil || h.Length < 0 || h.Length > len(b)-n-h.HeaderLen {
				return len(b), nil // crypto/x509 fails on it, and so does the decode
			}
			n += h.HeaderLen + h.Length
			last = id & 0x1f
		}
	}
	if n == len(b) {
		return n, nil
	}
	id := b[n]
	k := id & 0x1f
	if id&0xc0 != 0x80 || k == 0 || k > 3 || k <= last {
		return n, nil // not an addition the decode reads: Unknown
	}
	name := tbsAdditions[k]
	var e *der.Error
	switch {
	case ver == Version_V1 && k == 3:
		e = der.NewError(der.KindInvalidValue, off+n, "TBSCertificate", "extensions in a version 1 certificate, which crypto/x509 does not read", "RFC 5280 4.1.2.9")
	case ver == Version_V1:
		e = der.NewError(der.KindInvalidValue, off+n, "TBSCertificate", name+" in a version 1 certificate, which crypto/x509 does not read (nor what follows)", "RFC 5280 4.1.2.8")
	case ver == Version_V2 && k == 3:
		e = der.NewError(der.KindInvalidValue, off+n, "TBSCertificate", "extensions in a version 2 certificate, which crypto/x509 does not read", "RFC 5280 4.1.2.9")
	case k == 3:
		e = der.NewError(der.KindMalformed, off+n, "TBSCertificate", "primitive extensions, which crypto/x509 does not read (nor what follows)", "X.690 8.1.2.5")
	default:
		e = der.NewError(der.KindNonCanonical, off+n, "TBSCertificate", "constructed "+name+", which crypto/x509 does not read (nor what follows)", "X.690 10.2")
	}
	return n, der.WithField(e, name)
}
